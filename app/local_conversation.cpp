#include "local_conversation.h"

#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "llm/provider_registry.h"
#include "runtime/backend.h"
#include "storage/run_details.h"

namespace zerg {

void LocalConversation::ask(const QString& text, QObject*, AskDone done) {
    if (const QString problem = llm::providerProblem(m_backend->settings()); !problem.isEmpty())
        return done(Error{QStringLiteral("no_provider"), problem});
    done(m_backend->jarvis()->ask(text));
}

void LocalConversation::cancelRun(qint64 runId) {
    m_backend->jarvis()->cancelRun(runId);
}

void LocalConversation::cancelWorker(qint64 jobId) {
    m_backend->jarvis()->cancelWorker(jobId);
}

QString LocalConversation::setupProblem() const {
    return llm::providerProblem(m_backend->settings());
}

void LocalConversation::recordSpoken(const QString& said, const QString& answered, bool interrupted,
                                     QObject*, RecordDone done) {
    const Result<qint64> run =
        m_backend->jarvis()->recordSpokenExchange(SpokenExchange{said, answered, interrupted});
    done(run ? Status(Ok{}) : Status(run.error()));
}

void LocalConversation::history(std::optional<qint64> beforeRunId, int limit, QObject*,
                                PageDone done) {
    done(conversationPage(*m_backend->store(), *m_backend->artifacts(),
                          m_backend->settings().ownerId, beforeRunId, limit));
}

}  // namespace zerg
