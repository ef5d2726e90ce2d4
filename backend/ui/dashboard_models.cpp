#include "ui/dashboard_models.h"

namespace zerg {

DashboardModels::DashboardModels(const Deps& d)
    : m_workers(d.bus, d.sources.workers, d.settings.ownerId, nullptr, d.firstLoad),
      m_workerDetail(d.sources.workerFiles, d.settings.ownerId, d.bus),
      m_threads(d.sources.threads, d.settings.ownerId, d.bus, nullptr, d.firstLoad),
      m_tree(d.sources.tree, d.bus, d.settings.ownerId, d.clock, nullptr, d.firstLoad),
      m_costs(d.sources.costs, d.settings.ownerId, d.clock, d.bus, nullptr, d.firstLoad),
      m_schedules(d.sources.schedules, d.clock),
      m_inbox(d.sources.inbox, d.settings.ownerId, d.clock),
      m_hosts(d.sources.hosts, nullptr, d.firstLoad),
      m_settings(d.settings, nullptr, d.clock),
      m_checks(d.doctor),
      m_agents(d.sources.agents, nullptr, d.firstLoad) {
    if (d.sources.approvals) {
        m_approvals =
            std::make_unique<ApprovalsModel>(d.sources.approvals, QStringLiteral("desktop"));
    }
    ApprovalsModel::setInstance(m_approvals.get());
    if (d.sources.mcp) {
        m_mcp = std::make_unique<McpServersModel>(d.sources.mcp, d.clock, nullptr, d.firstLoad);
    }
    McpServersModel::setInstance(m_mcp.get());
    m_workers.setClock(d.clock);
    WorkerTableModel::setInstance(&m_workers);
    WorkerDetailModel::setInstance(&m_workerDetail);
    ThreadInspectorModel::setInstance(&m_threads);
    SupervisionTreeModel::setInstance(&m_tree);
    CostsModel::setInstance(&m_costs);
    SchedulesModel::setInstance(&m_schedules);
    InboxModel::setInstance(&m_inbox);
    HostsModel::setInstance(&m_hosts);
    SettingsModel::setInstance(&m_settings);
    ModelPicker::setInstance(&m_settings.picker());
    ChecksModel::setInstance(&m_checks);
    AgentsModel::setInstance(&m_agents);
}

void DashboardModels::reloadLoaded() {
    if (m_costs.loaded())
        m_costs.refresh();
    if (m_threads.loaded())
        m_threads.reload();
    m_workerDetail.reload();  // the open worker, if any
    if (m_tree.loaded())
        m_tree.refresh();
    if (m_hosts.loaded())
        m_hosts.reload();
    m_schedules.refresh();  // both read at construction
    m_inbox.reload();
    if (m_approvals)
        m_approvals->reload();
    if (m_mcp && m_mcp->loaded())
        m_mcp->reload();
    if (m_agents.loaded())
        m_agents.reload();
}

void DashboardModels::retranslate() {
    m_workers.retranslate();
    m_workerDetail.retranslate();
    m_threads.retranslate();
    m_tree.retranslate();
    m_costs.retranslate();
    m_schedules.retranslate();
    m_inbox.retranslate();
    m_hosts.retranslate();
    if (m_mcp)
        m_mcp->retranslate();
    m_settings.retranslate();
    m_checks.retranslate();
    m_agents.retranslate();
}

DashboardModels::~DashboardModels() {
    WorkerTableModel::setInstance(nullptr);
    WorkerDetailModel::setInstance(nullptr);
    ThreadInspectorModel::setInstance(nullptr);
    SupervisionTreeModel::setInstance(nullptr);
    CostsModel::setInstance(nullptr);
    SchedulesModel::setInstance(nullptr);
    InboxModel::setInstance(nullptr);
    ApprovalsModel::setInstance(nullptr);
    HostsModel::setInstance(nullptr);
    McpServersModel::setInstance(nullptr);
    SettingsModel::setInstance(nullptr);
    ModelPicker::setInstance(nullptr);
    ChecksModel::setInstance(nullptr);
    AgentsModel::setInstance(nullptr);
}

}  // namespace zerg
