#pragma once

#include "core/result.h"

#include <QString>

#include <functional>

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
};

}  // namespace zerg
