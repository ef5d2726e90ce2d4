#pragma once

#include "core/settings.h"
#include "dashboard/agents_source.h"
#include "dashboard/approvals_source.h"
#include "dashboard/costs_source.h"
#include "dashboard/hosts_source.h"
#include "dashboard/inbox_source.h"
#include "dashboard/mcp_source.h"
#include "dashboard/schedules_source.h"
#include "dashboard/store_worker_source.h"
#include "dashboard/threads_source.h"
#include "dashboard/tree_source.h"
#include "dashboard/worker_files_source.h"
#include "dashboard/worker_source.h"

#include <functional>
#include <memory>

namespace zerg {

class ArtifactStore;
class Clock;
class ScheduleService;
class ScheduleStore;
class Store;

// One source per dashboard page: what the page's model reads and does, nothing else. The app
// gives the models either the local sources (StoreDashboardSources, over this computer's stores)
// or the remote ones (api::RemoteDashboardSources, over a `zerg serve`); `zerg serve` answers the
// API's dashboard commands from the local sources of the connection's owner.
struct DashboardSources {
    WorkerSource* workers = nullptr;
    CostsSource* costs = nullptr;
    ThreadsSource* threads = nullptr;
    WorkerFilesSource* workerFiles = nullptr;
    HostsSource* hosts = nullptr;
    TreeSource* tree = nullptr;
    SchedulesSource* schedules = nullptr;
    InboxSource* inbox = nullptr;
    ApprovalsSource* approvals = nullptr;  // null: no approvals broker to ask
    McpSource* mcp = nullptr;              // null: no MCP servers to show (Settings)
    AgentsSource* agents = nullptr;        // null: no agents to tune (Dashboard › Agents)
};

// The local sources of one owner. Everything in Deps must outlive this.
class StoreDashboardSources {
public:
    struct Deps {
        Store* store = nullptr;
        ArtifactStore* artifacts = nullptr;
        qint64 ownerId = 0;
        Settings settings;  // the hosts file and the default known_hosts (Hosts)
        // The Hosts page's SSH pool and when inbox items are read; null: a system clock of its own
        // (Hosts) — the inbox needs one.
        Clock* clock = nullptr;
        // The live tree of this process (Backend::supervisionSnapshot); empty: none.
        std::function<QJsonObject()> supervisionSnapshot;
        ScheduleStore* schedules = nullptr;  // the schedules and the task inbox
        // Runs the owner's schedules; null: they are shown but cannot be changed or run here.
        ScheduleService* scheduler = nullptr;
        // The approval requests and "always allow" rules; null: sources().approvals is null.
        Approvals* approvals = nullptr;
        // This process's MCP servers, edited through settings.mcpConfigFile (secret references
        // resolved from settings.configDir's secrets); null: sources().mcp is null.
        McpServers* mcp = nullptr;
        // The agents' tuning (Dashboard › Agents), what the backend knows of its agents, and
        // who this source's changes are recorded as; null store: sources().agents is null.
        AgentProfileStore* agentProfiles = nullptr;
        AgentsEnvironment agentsEnvironment;
        QString author;
    };

    explicit StoreDashboardSources(const Deps& deps);
    StoreDashboardSources(const StoreDashboardSources&) = delete;
    StoreDashboardSources& operator=(const StoreDashboardSources&) = delete;

    [[nodiscard]] DashboardSources sources();

private:
    StoreWorkerSource m_workers;
    StoreCostsSource m_costs;
    StoreThreadsSource m_threads;
    StoreWorkerFilesSource m_workerFiles;
    LocalHostsSource m_hosts;
    LocalTreeSource m_tree;
    StoreSchedulesSource m_schedules;
    StoreInboxSource m_inbox;
    std::unique_ptr<LocalApprovalsSource> m_approvals;  // null without Deps::approvals
    std::unique_ptr<LocalMcpSource> m_mcp;              // null without Deps::mcp
    std::unique_ptr<LocalAgentsSource> m_agents;        // null without Deps::agentProfiles
};

}  // namespace zerg
