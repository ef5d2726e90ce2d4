#include "local_conversation.h"

#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "runtime/backend.h"

namespace zerg {

void LocalConversation::ask(const QString& text, QObject*, AskDone done) {
    if (!m_backend->settings().hasProvider())
        return done(Error{QStringLiteral("no_provider"), m_backend->settings().providerProblem()});
    done(m_backend->jarvis()->ask(text));
}

void LocalConversation::cancelRun(qint64 runId) {
    m_backend->jarvis()->cancelRun(runId);
}

void LocalConversation::cancelWorker(qint64 jobId) {
    m_backend->jarvis()->cancelWorker(jobId);
}

QString LocalConversation::setupProblem() const {
    return m_backend->settings().providerProblem();
}

}  // namespace zerg
