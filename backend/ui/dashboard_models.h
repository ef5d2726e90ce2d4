#pragma once

#include "core/settings.h"
#include "dashboard/dashboard_sources.h"
#include "ui/agents_model.h"
#include "ui/approvals_model.h"
#include "ui/checks_model.h"
#include "ui/costs_model.h"
#include "ui/hosts_model.h"
#include "ui/inbox_model.h"
#include "ui/mcp_servers_model.h"
#include "ui/schedules_model.h"
#include "ui/settings_model.h"
#include "ui/supervision_tree_model.h"
#include "ui/thread_inspector_model.h"
#include "ui/worker_detail_model.h"
#include "ui/worker_table_model.h"

#include <memory>

namespace zerg {

class Clock;
class EventBus;

// Every dashboard page's model, made in one place and registered as the QML singletons the pages
// bind to (WorkersTable, WorkerDetail, ThreadInspector, SupervisionTree, Costs, Schedules, Hosts,
// Agents, AppSettings with its McpServers, Checks and ModelPicker, and the Jarvis window's Inbox
// and ApprovalRequests); unregistered when destroyed. The app and the UI benchmark build the same
// set.
class DashboardModels {
public:
    struct Deps {
        EventBus* bus = nullptr;
        Clock* clock = nullptr;
        Settings settings;
        // Where every page reads from and acts through, all set: this computer's stores
        // (StoreDashboardSources) or a server (api::RemoteDashboardSources). (approvals and mcp
        // may be null: then their models are not made; agents may be null: then the Agents page
        // says that agents cannot be tuned here.)
        DashboardSources sources;
        // When the Workers table, Threads, Costs, Supervision tree, Hosts, Agents and MCP servers
        // read their data first (the app: WhenShown).
        FirstLoad firstLoad = FirstLoad::Now;
        // Settings › Checks: this computer's doctor (ChecksModel::localDoctor); null in remote
        // mode, where the set-up to check is the server's.
        ChecksModel::DoctorFactory doctor;
    };

    // Everything in deps must outlive this. Create before QML loads.
    explicit DashboardModels(const Deps& deps);
    ~DashboardModels();
    DashboardModels(const DashboardModels&) = delete;
    DashboardModels& operator=(const DashboardModels&) = delete;

    [[nodiscard]] WorkerTableModel& workers() { return m_workers; }
    [[nodiscard]] WorkerDetailModel& workerDetail() { return m_workerDetail; }
    [[nodiscard]] SettingsModel& settings() { return m_settings; }
    [[nodiscard]] InboxModel& inbox() { return m_inbox; }
    // The approval requests (the chat's card, the Settings page's rules); nullptr when the
    // sources have none.
    [[nodiscard]] ApprovalsModel* approvals() { return m_approvals.get(); }
    [[nodiscard]] CostsModel& costs() { return m_costs; }
    [[nodiscard]] ThreadInspectorModel& threads() { return m_threads; }
    [[nodiscard]] SupervisionTreeModel& tree() { return m_tree; }
    [[nodiscard]] SchedulesModel& schedules() { return m_schedules; }
    [[nodiscard]] HostsModel& hosts() { return m_hosts; }
    // Settings › MCP servers; nullptr when the sources have none.
    [[nodiscard]] McpServersModel* mcp() { return m_mcp.get(); }
    [[nodiscard]] ChecksModel& checks() { return m_checks; }
    // Dashboard › Agents (its source may be null: nothing to tune).
    [[nodiscard]] AgentsModel& agents() { return m_agents; }

    // Reads again every page that has read already (remote mode: after a reconnection).
    void reloadLoaded();

    // After the user interface's language changed (AppLanguage::changed): every page's model
    // gives its texts again, in the new language and the new locale's numbers and dates.
    void retranslate();

private:
    WorkerTableModel m_workers;
    WorkerDetailModel m_workerDetail;
    ThreadInspectorModel m_threads;
    SupervisionTreeModel m_tree;
    CostsModel m_costs;
    SchedulesModel m_schedules;
    InboxModel m_inbox;
    std::unique_ptr<ApprovalsModel> m_approvals;
    HostsModel m_hosts;
    std::unique_ptr<McpServersModel> m_mcp;
    SettingsModel m_settings;
    ChecksModel m_checks;
    AgentsModel m_agents;
};

}  // namespace zerg
