#pragma once

#include "core/result.h"

#include <QString>

namespace zerg {

// What the chat UI needs from the backend. JarvisService is adapted to this in app/, so the ui
// room stays a view and can be tested with a fake.
class ConversationBackend {
public:
    virtual ~ConversationBackend() = default;
    // Starts a run for the text; its events arrive on the EventBus. Returns the run id.
    [[nodiscard]] virtual Result<qint64> ask(const QString& text) = 0;
    virtual void cancelRun(qint64 runId) = 0;
    virtual void cancelWorker(qint64 jobId) = 0;
    // Empty when a model provider is configured; otherwise what the user must do.
    [[nodiscard]] virtual QString setupProblem() const = 0;
};

}  // namespace zerg
