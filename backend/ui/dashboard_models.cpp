#include "ui/dashboard_models.h"

namespace zerg {

DashboardModels::DashboardModels(const Deps& d)
    : m_source(d.store, d.artifacts, d.settings.ownerId),
      m_workers(d.bus, d.workerSource ? d.workerSource : &m_source, d.settings.ownerId, nullptr,
                d.firstLoad),
      m_workerDetail(d.artifacts, d.store, d.settings.ownerId, d.bus),
      m_threads(d.store, d.settings.ownerId, d.bus, nullptr, d.firstLoad),
      m_tree(
          d.supervisionSnapshot ? d.supervisionSnapshot : [] { return QJsonObject(); }, d.bus,
          d.settings.ownerId),
      m_costs(d.store, d.settings.ownerId, d.clock, d.bus, nullptr, d.firstLoad),
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
