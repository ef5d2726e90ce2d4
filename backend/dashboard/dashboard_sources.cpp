#include "dashboard/dashboard_sources.h"

namespace zerg {

StoreDashboardSources::StoreDashboardSources(const Deps& d)
    : m_workers(d.store, d.artifacts, d.ownerId),
      m_costs(d.store, d.ownerId),
      m_threads(d.store, d.ownerId, d.artifacts, d.clock),
      m_workerFiles(d.store, d.artifacts, d.ownerId),
      m_hosts(d.settings, d.clock),
      m_tree(d.supervisionSnapshot, d.ownerId),
      m_schedules(d.schedules, d.scheduler, d.ownerId),
      m_inbox(d.schedules, d.scheduler, d.ownerId, d.clock),
      m_approvals(d.approvals ? std::make_unique<LocalApprovalsSource>(d.approvals, d.ownerId)
                              : nullptr),
      m_mcp(d.mcp ? std::make_unique<LocalMcpSource>(d.mcp, d.settings.mcpConfigFile,
                                                     McpConfig::storedSecrets(d.settings.configDir))
                  : nullptr) {
    if (d.agentProfiles && d.clock) {
        m_agents = std::make_unique<LocalAgentsSource>(d.agentProfiles, d.clock,
                                                       d.agentsEnvironment, d.author);
    }
}

DashboardSources StoreDashboardSources::sources() {
    // In DashboardSources' order.
    return {&m_workers,   &m_costs, &m_threads,        &m_workerFiles, &m_hosts,      &m_tree,
            &m_schedules, &m_inbox, m_approvals.get(), m_mcp.get(),    m_agents.get()};
}

}  // namespace zerg
