#pragma once

#include "core/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

class QObject;

namespace zerg {

// What the chat UI needs from the backend. JarvisService is adapted to this in app/ (and so is a
// remote `zerg serve`), so the ui room stays a view and can be tested with a fake.
class ConversationBackend {
public:
    using AskDone = std::function<void(Result<qint64>)>;

    virtual ~ConversationBackend() = default;
    // Starts a run for the text and calls done with its run id, or with why it could not start.
    // The run's events arrive on the EventBus, possibly before done: the in-process backend
    // publishes supervisor_started from inside ask() and calls done before returning; a remote
    // server publishes it while it handles the dispatch, so its event comes before the reply.
    // done is not called once context is gone.
    virtual void ask(const QString& text, QObject* context, AskDone done) = 0;
    virtual void cancelRun(qint64 runId) = 0;
    virtual void cancelWorker(qint64 jobId) = 0;
    // Empty when a model provider is configured; otherwise what the user must do.
    [[nodiscard]] virtual QString setupProblem() const = 0;

    using RecordDone = std::function<void(Status)>;
    // Records one exchange of a voice-to-voice conversation in the owner's thread, as a quick
    // turn (JarvisService::recordSpokenExchange): the user's words (empty: not transcribed) and
    // the voice's answer (empty: none); interrupted when the user stopped it. done is not called
    // once context is gone.
    virtual void recordSpoken(const QString& said, const QString& answered, bool interrupted,
                              QObject* context, RecordDone done) = 0;

    using PageDone = std::function<void(Result<QJsonObject>)>;
    // One page of the conversation so far, as storage/run_details.h conversationPage gives it
    // ({runs: oldest first, more, summarised_through_run_id}): the newest `limit` runs, or those
    // before beforeRunId. done is not called once context is gone. By default there is none.
    virtual void history(std::optional<qint64> beforeRunId, int limit, QObject* context,
                         PageDone done) {
        Q_UNUSED(beforeRunId);
        Q_UNUSED(limit);
        Q_UNUSED(context);
        done(QJsonObject{{QStringLiteral("runs"), QJsonArray()}, {QStringLiteral("more"), false}});
    }
};

}  // namespace zerg
