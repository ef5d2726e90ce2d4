#include "ui/dashboard_models.h"

namespace zerg {

DashboardSources DashboardModels::sourcesOf(const Deps& d, StoreDashboardSources& local) {
    const DashboardSources mine = local.sources();
    DashboardSources s = d.sources;
    if (!s.workers)
        s.workers = mine.workers;
    if (!s.costs)
        s.costs = mine.costs;
    if (!s.threads)
        s.threads = mine.threads;
    return s;
}

DashboardModels::DashboardModels(const Deps& d)
    : m_local({d.store, d.artifacts, d.settings.ownerId}),
      m_sources(sourcesOf(d, m_local)),
      m_workers(d.bus, m_sources.workers, d.settings.ownerId, nullptr, d.firstLoad),
      m_workerDetail(d.artifacts, d.store, d.settings.ownerId, d.bus),
      m_threads(m_sources.threads, d.settings.ownerId, d.bus, nullptr, d.firstLoad),
      m_tree(
          d.supervisionSnapshot ? d.supervisionSnapshot : [] { return QJsonObject(); }, d.bus,
          d.settings.ownerId),
      m_costs(m_sources.costs, d.settings.ownerId, d.clock, d.bus, nullptr, d.firstLoad),
      m_schedules(d.scheduler, d.schedules, d.settings.ownerId, d.clock),
      m_inbox(d.schedules, d.scheduler, d.settings.ownerId, d.clock),
      m_hosts(d.settings, d.clock),
      m_settings(d.settings, nullptr, d.clock) {
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
}

void DashboardModels::reloadLoaded() {
    if (m_costs.loaded())
        m_costs.refresh();
    if (m_threads.loaded())
        m_threads.reload();
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
    m_settings.retranslate();
}

DashboardModels::~DashboardModels() {
    WorkerTableModel::setInstance(nullptr);
    WorkerDetailModel::setInstance(nullptr);
    ThreadInspectorModel::setInstance(nullptr);
    SupervisionTreeModel::setInstance(nullptr);
    CostsModel::setInstance(nullptr);
    SchedulesModel::setInstance(nullptr);
    InboxModel::setInstance(nullptr);
    HostsModel::setInstance(nullptr);
    SettingsModel::setInstance(nullptr);
}

}  // namespace zerg
