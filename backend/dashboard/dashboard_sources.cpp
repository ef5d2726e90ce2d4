#include "dashboard/dashboard_sources.h"

namespace zerg {

StoreDashboardSources::StoreDashboardSources(const Deps& d)
    : m_workers(d.store, d.artifacts, d.ownerId),
      m_costs(d.store, d.ownerId),
      m_threads(d.store, d.ownerId) {}

DashboardSources StoreDashboardSources::sources() {
    DashboardSources s;
    s.workers = &m_workers;
    s.costs = &m_costs;
    s.threads = &m_threads;
    return s;
}

}  // namespace zerg
