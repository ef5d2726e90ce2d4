#include "dashboard/dashboard_sources.h"

namespace zerg {

StoreDashboardSources::StoreDashboardSources(const Deps& d)
    : m_workers(d.store, d.artifacts, d.ownerId),
      m_costs(d.store, d.ownerId),
      m_threads(d.store, d.ownerId),
      m_workerFiles(d.store, d.artifacts, d.ownerId),
      m_hosts(d.settings, d.clock),
      m_tree(d.supervisionSnapshot, d.ownerId),
      m_schedules(d.schedules, d.scheduler, d.ownerId),
      m_inbox(d.schedules, d.scheduler, d.ownerId, d.clock) {}

DashboardSources StoreDashboardSources::sources() {
    DashboardSources s;
    s.workers = &m_workers;
    s.costs = &m_costs;
    s.threads = &m_threads;
    s.workerFiles = &m_workerFiles;
    s.hosts = &m_hosts;
    s.tree = &m_tree;
    s.schedules = &m_schedules;
    s.inbox = &m_inbox;
    return s;
}

}  // namespace zerg
