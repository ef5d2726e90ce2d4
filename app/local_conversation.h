#pragma once

#include "ui/conversation_backend.h"

namespace zerg {

class Backend;

// Adapts the in-process supervisor service to what the chat UI needs (keeps ui/ free of
// jarvis/). Its ask() answers at once: the run has started (supervisor_started published) or it
// has not. Also compiled into zerg-bench-memory, which drives the chat as the window does.
class LocalConversation final : public ConversationBackend {
public:
    explicit LocalConversation(Backend* backend) : m_backend(backend) {}
    void ask(const QString& text, QObject* context, AskDone done) override;
    void cancelRun(qint64 runId) override;
    void cancelWorker(qint64 jobId) override;
    [[nodiscard]] QString setupProblem() const override;
    void recordSpoken(const QString& said, const QString& answered, bool interrupted,
                      QObject* context, RecordDone done) override;
    // From this computer's store, at once.
    void history(std::optional<qint64> beforeRunId, int limit, QObject* context,
                 PageDone done) override;

private:
    Backend* m_backend;
};

}  // namespace zerg
