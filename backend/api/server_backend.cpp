#include "api/server_backend.h"

#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/status.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/schedule_tools.h"
#include "llm/provider_registry.h"
#include "runtime/backend.h"
#include "storage/artifact_store.h"
#include "storage/auth_store.h"
#include "storage/run_details.h"
#include "storage/store.h"
#include "tools/tool.h"

#include <QJsonArray>
#include <QPointer>

namespace zerg::api {
namespace {

Identity identityOf(const ApiSession& s) {
    return {s.ownerId, s.deviceId, s.expiresAt, s.token};
}

Error notFound(const QString& message) {
    return Error{QStringLiteral("not_found"), message};
}

}  // namespace

ServerBackend::ServerBackend(Backend* backend, AuthStore* auth)
    : m_backend(backend), m_auth(auth) {}

ServerBackend::~ServerBackend() = default;

Result<Identity> ServerBackend::login(const QString& deviceSecret) {
    const Result<ApiSession> s = m_auth->login(deviceSecret, m_backend->clock()->utcNow());
    if (!s)
        return s.error();
    return identityOf(s.value());
}

Result<Identity> ServerBackend::authenticate(const QString& token) {
    const Result<ApiSession> s = m_auth->check(token, m_backend->clock()->utcNow());
    if (!s)
        return s.error();
    return identityOf(s.value());
}

Result<Identity> ServerBackend::authenticateDevice(const QString& deviceSecret) {
    const Result<ApiSession> s = m_auth->checkDevice(deviceSecret, m_backend->clock()->utcNow());
    if (!s)
        return s.error();
    return identityOf(s.value());
}

Status ServerBackend::logout(const QString& token) {
    return m_auth->revokeToken(token, m_backend->clock()->utcNow());
}

Result<QJsonObject> ServerBackend::dispatch(qint64 ownerId, const QString& task,
                                            const QJsonObject& context,
                                            const QJsonObject& preferences) {
    // The conversation is the owner's own supervisor thread ("one brain"), so the seeds'
    // context.previous_messages is not needed; neither it nor the preferences change the run.
    Q_UNUSED(context);
    Q_UNUSED(preferences);
    if (m_draining) {
        return Error{QStringLiteral("draining"),
                     QStringLiteral("This server is stopping and takes no new requests; ask "
                                    "again in a moment (another instance may answer).")};
    }
    const Settings& settings = m_backend->settings();
    if (const QString problem = llm::providerProblem(settings); !problem.isEmpty()) {
        return Error{QStringLiteral("no_provider"),
                     QStringLiteral("The server has no model provider: %1 Configure it on the "
                                    "server (ZERG_LLM_BASE_URL, ZERG_MODEL) and restart it.")
                         .arg(problem)};
    }
    const Result<Backend::OwnerServices> owner = m_backend->owner(ownerId);
    if (!owner)
        return owner.error();
    const Result<qint64> runId = owner->jarvis->ask(task);
    if (!runId) {
        const QString code = runId.error().code == QLatin1String("empty")
                                 ? QStringLiteral("bad_request")
                                 : runId.error().code;
        return Error{code, runId.error().message};
    }
    return QJsonObject{{QStringLiteral("run_id"), runId.value()},
                       {QStringLiteral("thread_id"), owner->jarvis->threadId()},
                       {QStringLiteral("status"), statusName(RunStatus::Running)}};
}

Result<QJsonObject> ServerBackend::run(qint64 ownerId, qint64 runId) {
    return runDetails(*m_backend->store(), *m_backend->artifacts(), ownerId, runId);
}

Result<QJsonObject> ServerBackend::runs(qint64 ownerId, int limit) {
    Store& store = *m_backend->store();
    const Result<QList<RunRecord>> list = store.listRuns(ownerId, limit);
    if (!list)
        return list.error();
    QJsonArray rows;
    for (const RunRecord& r : list.value()) {
        const Result<QJsonObject> row = runSummary(store, r);
        if (!row)
            return row.error();
        rows.append(row.value());
    }
    return QJsonObject{{QStringLiteral("runs"), rows}};
}

Result<QJsonObject> ServerBackend::recordSpoken(qint64 ownerId, const QString& said,
                                                const QString& answered, bool interrupted) {
    const Result<Backend::OwnerServices> owner = m_backend->owner(ownerId);
    if (!owner)
        return owner.error();
    const Result<qint64> runId =
        owner->jarvis->recordSpokenExchange(SpokenExchange{said, answered, interrupted});
    if (!runId) {
        const QString code = runId.error().code == QLatin1String("empty")
                                 ? QStringLiteral("bad_request")
                                 : runId.error().code;
        return Error{code, runId.error().message};
    }
    return QJsonObject{{QStringLiteral("run_id"), runId.value()}};
}

Result<QJsonObject> ServerBackend::conversation(qint64 ownerId, std::optional<qint64> beforeRunId,
                                                int limit) {
    return conversationPage(*m_backend->store(), *m_backend->artifacts(), ownerId, beforeRunId,
                            limit);
}

Result<QJsonObject> ServerBackend::workers(qint64 ownerId, int limit, std::optional<qint64> runId) {
    Store& store = *m_backend->store();
    const Result<QList<WorkerJobRecord>> jobs =
        runId ? store.listJobsForRun(ownerId, *runId) : store.listJobs(ownerId, limit);
    if (!jobs)
        return jobs.error();
    QJsonArray rows;
    for (const WorkerJobRecord& j : jobs.value()) {
        if (rows.size() >= limit)
            break;
        rows.append(workerRow(j, *m_backend->artifacts(), ownerId));
    }
    return QJsonObject{{QStringLiteral("workers"), rows}};
}

Result<QJsonObject> ServerBackend::worker(qint64 ownerId, const QString& workerId,
                                          std::optional<qint64> jobId) {
    return workerDetails(*m_backend->store(), *m_backend->artifacts(), ownerId, workerId, jobId);
}

Result<QJsonObject> ServerBackend::workerFile(qint64 ownerId, const QString& workerId,
                                              const QString& path) {
    const Result<QByteArray> bytes = m_backend->artifacts()->readFile(workerId, ownerId, path);
    if (!bytes) {
        // Refused paths keep their own code (invalid_argument: traversal, absolute path).
        if (bytes.error().code == QLatin1String("not_found"))
            return notFound(bytes.error().message);
        return Error{QStringLiteral("bad_request"), bytes.error().message};
    }
    const qint64 size = bytes->size();
    const bool truncated = size > kMaxFileBytes;
    return QJsonObject{{QStringLiteral("path"), path},
                       {QStringLiteral("content"),
                        QString::fromUtf8(truncated ? bytes->left(kMaxFileBytes) : bytes.value())},
                       {QStringLiteral("size"), size},
                       {QStringLiteral("truncated"), truncated}};
}

Result<QJsonObject> ServerBackend::cancel(qint64 ownerId, std::optional<qint64> runId,
                                          std::optional<qint64> jobId) {
    Store& store = *m_backend->store();
    const Result<Backend::OwnerServices> owner = m_backend->owner(ownerId);
    if (!owner)
        return owner.error();
    if (runId) {
        const Result<RunRecord> run = store.run(*runId);
        if (!run || run->ownerId != ownerId)
            return notFound(QStringLiteral("No run %1. List the runs to find its id.").arg(*runId));
        if (owner->jarvis->currentRunId() != *runId || isTerminal(run->status)) {
            return Error{QStringLiteral("not_running"),
                         QStringLiteral("Run %1 is not running (it is %2); nothing to cancel.")
                             .arg(*runId)
                             .arg(statusName(run->status))};
        }
        owner->jarvis->cancelRun(*runId);
        return QJsonObject{{QStringLiteral("cancelled"), QStringLiteral("run")}};
    }
    const Result<WorkerJobRecord> job = store.job(jobId.value_or(0));
    if (!job || job->ownerId != ownerId) {
        return notFound(
            QStringLiteral("No worker job %1. List the workers to find its id.").arg(*jobId));
    }
    if (isTerminal(job->status)) {
        return Error{QStringLiteral("not_running"),
                     QStringLiteral("Worker job %1 is not running (it is %2); nothing to cancel.")
                         .arg(*jobId)
                         .arg(statusName(job->status))};
    }
    owner->jarvis->cancelWorker(*jobId);
    return QJsonObject{{QStringLiteral("cancelled"), QStringLiteral("worker")}};
}

Result<ToolRegistry*> ServerBackend::scheduleTools(qint64 ownerId) {
    if (const auto it = m_scheduleTools.constFind(ownerId); it != m_scheduleTools.cend())
        return it->get();
    const Result<Backend::OwnerServices> owner = m_backend->owner(ownerId);
    if (!owner)
        return owner.error();
    auto registry = std::make_shared<ToolRegistry>();
    addScheduleTools(registry.get(), {owner->scheduler, m_backend->schedules(), ownerId});
    m_scheduleTools.insert(ownerId, registry);
    return registry.get();
}

void ServerBackend::schedules(qint64 ownerId, const QString& action, const QJsonObject& args,
                              QObject* context, Done done) {
    static const QHash<QString, QString> kTools{
        {QStringLiteral("list"), QStringLiteral("list_schedules")},
        {QStringLiteral("create"), QStringLiteral("schedule_task")},
        {QStringLiteral("update"), QStringLiteral("update_schedule")},
        {QStringLiteral("delete"), QStringLiteral("delete_schedule")},
    };
    const QString toolName = kTools.value(action);
    if (toolName.isEmpty()) {
        done(Error{QStringLiteral("bad_request"),
                   QStringLiteral("Unknown schedules action '%1'; use list, create, update or "
                                  "delete.")
                       .arg(action)});
        return;
    }
    const Result<ToolRegistry*> tools = scheduleTools(ownerId);
    if (!tools) {
        done(tools.error());
        return;
    }
    ToolInvocation* call = tools.value()->find(toolName)->start(args, context);
    QObject::connect(call, &ToolInvocation::finished, context, [call, done] {
        const ToolResult& r = call->result();
        call->deleteLater();
        if (r.ok()) {
            QJsonObject payload = r.payload;
            payload.remove(QStringLiteral("ok"));
            done(payload);
            return;
        }
        const QString code = r.payload.value(QStringLiteral("error_code")).toString();
        done(Error{code.isEmpty() ? QStringLiteral("bad_request") : code, r.error()});
    });
}

Result<DashboardSources> ServerBackend::dashboard(qint64 ownerId) {
    if (const auto it = m_dashboards.constFind(ownerId); it != m_dashboards.cend())
        return it->get()->sources();
    const Result<Backend::OwnerServices> owner = m_backend->owner(ownerId);
    if (!owner)
        return owner.error();
    StoreDashboardSources::Deps deps;
    deps.store = m_backend->store();
    deps.artifacts = m_backend->artifacts();
    deps.ownerId = ownerId;
    // The server's own files and tree: the hosts its workers reach, the tree they run in.
    deps.settings = m_backend->settings();
    deps.clock = m_backend->clock();
    deps.supervisionSnapshot = [backend = m_backend] { return backend->supervisionSnapshot(); };
    deps.schedules = m_backend->schedules();
    deps.scheduler = owner->scheduler;
    deps.approvals = m_backend->approvals();
    // The server's MCP servers (`mcp_servers`, `mcp_log`, `mcp_restart`; never edited remotely).
    deps.mcp = m_backend->mcp();
    // The agents' tuning is the server's: each change is recorded with the owner and device.
    deps.agentProfiles = m_backend->agentProfiles();
    deps.agentsEnvironment = backendAgents(m_backend, ownerId);
    deps.author = QStringLiteral("owner %1").arg(ownerId);
    auto sources = std::make_shared<StoreDashboardSources>(deps);
    m_dashboards.insert(ownerId, sources);
    return sources->sources();
}

}  // namespace zerg::api
