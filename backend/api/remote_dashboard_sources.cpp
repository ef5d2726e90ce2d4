#include "api/remote_dashboard_sources.h"

#include "api/remote_ask.h"
#include "api/remote_client.h"
#include "core/status.h"
#include "dashboard/record_json.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

QList<WorkerRow> workerRowsOf(const QJsonArray& workers) {
    QList<WorkerRow> rows;
    rows.reserve(workers.size());
    for (const QJsonValue& v : workers) {
        const QJsonObject o = v.toObject();
        WorkerRow row;
        row.jobId = o.value(u"job_id"_s).toInteger();
        row.workerId = o.value(u"worker_id"_s).toString();
        row.task = o.value(u"task"_s).toString();
        // A word this version does not know counts as ended, as isTerminalWord() has it.
        row.status =
            parseStatus<JobStatus>(o.value(u"status"_s).toString()).value_or(JobStatus::Failed);
        row.startedAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
        const bool finished = isTerminal(row.status);
        row.durationMs = finished ? o.value(u"duration_ms"_s).toInteger(-1) : qint64(-1);
        // The API gives no start time: a running worker counts from its creation.
        if (row.status == JobStatus::Running)
            row.runningSince = row.startedAt;
        rows.append(row);
    }
    return rows;
}

}  // namespace

Result<QList<WorkerRow>> RemoteWorkerSource::recentWorkers(int limit) const {
    if (!m_rows)
        return m_rows.error();
    return m_rows->mid(0, limit);
}

void RemoteWorkerSource::refresh(std::function<void()> loaded) {
    m_client->request(u"workers"_s, {{u"limit"_s, WorkerSource::kRecentLimit}}, &m_guard,
                      [this, loaded = std::move(loaded)](const Result<QJsonObject>& r) {
                          if (r)
                              m_rows = workerRowsOf(r->value(u"workers"_s).toArray());
                          else
                              m_rows = Error{
                                  r.error().code,
                                  QCoreApplication::translate("zerg::api::RemoteDashboardSources",
                                                              "the server did not send them (%1).")
                                      .arg(r.error().message)};
                          loaded();
                      });
}

void RemoteCostsSource::usage(const QDateTime& since, QObject* context,
                              SourceReply<UsageReport> done) {
    askServer<UsageReport>(m_client, u"usage"_s, {{u"since"_s, timefmt::toIso(since)}}, context,
                           std::move(done), &recordjson::usageReport);
}

RemoteDashboardSources::RemoteDashboardSources(RemoteClient* client, qint64 localOwnerId,
                                               EventBus* bus)
    : m_workers(client),
      m_costs(client),
      m_threads(client, localOwnerId),
      m_workerFiles(client, localOwnerId),
      m_hosts(client),
      m_tree(client),
      m_schedules(client, bus, localOwnerId),
      m_inbox(client, bus, localOwnerId),
      m_approvals(client, bus, localOwnerId),
      m_mcp(client),
      m_agents(client) {}

RemoteDashboardSources::~RemoteDashboardSources() = default;

DashboardSources RemoteDashboardSources::sources() {
    // In DashboardSources' order.
    return {&m_workers,   &m_costs, &m_threads,   &m_workerFiles, &m_hosts, &m_tree,
            &m_schedules, &m_inbox, &m_approvals, &m_mcp,         &m_agents};
}

}  // namespace zerg::api
