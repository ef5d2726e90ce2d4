#pragma once

#include "api/remote_agents_source.h"
#include "api/remote_approvals_source.h"
#include "api/remote_hosts_source.h"
#include "api/remote_inbox_source.h"
#include "api/remote_mcp_source.h"
#include "api/remote_schedules_source.h"
#include "api/remote_threads_source.h"
#include "api/remote_tree_source.h"
#include "api/remote_worker_files_source.h"
#include "dashboard/dashboard_sources.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>

namespace zerg::api {

class RemoteClient;

// The Workers table over the server's `workers`: the rows are fetched whenever the connection is
// (re)established (refresh()) and kept here, where the table's synchronous reload() reads them.
class RemoteWorkerSource final : public WorkerSource {
public:
    explicit RemoteWorkerSource(RemoteClient* client) : m_client(client) {}

    Result<QList<WorkerRow>> recentWorkers(int limit) const override;
    // Fetches the rows, then calls loaded (not once this source is gone).
    void refresh(std::function<void()> loaded);

private:
    RemoteClient* m_client;
    QObject m_guard;  // the context of the requests: none is answered once this is gone
    Result<QList<WorkerRow>> m_rows = QList<WorkerRow>();
};

// The Costs page over the server's `usage`.
class RemoteCostsSource final : public CostsSource {
public:
    explicit RemoteCostsSource(RemoteClient* client) : m_client(client) {}
    void usage(const QDateTime& since, QObject* context, SourceReply<UsageReport> done) override;

private:
    RemoteClient* m_client;
};

// Every dashboard page's source over one RemoteClient (the app in remote mode): each page shows
// the server's data for the client's owner. Records read back carry localOwnerId as their owner,
// the one user the window shows. bus is the one the client publishes the server's events on:
// the sources that must hear of changes listen there. client and bus must outlive this.
class RemoteDashboardSources {
public:
    RemoteDashboardSources(RemoteClient* client, qint64 localOwnerId, EventBus* bus);
    ~RemoteDashboardSources();
    RemoteDashboardSources(const RemoteDashboardSources&) = delete;
    RemoteDashboardSources& operator=(const RemoteDashboardSources&) = delete;

    [[nodiscard]] DashboardSources sources();
    [[nodiscard]] RemoteWorkerSource& workers() { return m_workers; }

private:
    RemoteWorkerSource m_workers;
    RemoteCostsSource m_costs;
    RemoteThreadsSource m_threads;
    RemoteWorkerFilesSource m_workerFiles;
    RemoteHostsSource m_hosts;
    RemoteTreeSource m_tree;
    RemoteSchedulesSource m_schedules;
    RemoteInboxSource m_inbox;
    RemoteApprovalsSource m_approvals;
    RemoteMcpSource m_mcp;
    RemoteAgentsSource m_agents;
};

}  // namespace zerg::api
