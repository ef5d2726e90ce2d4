#include "runtime/budget_monitor.h"

#include "storage/store.h"

namespace zerg {

BudgetMonitor::BudgetMonitor(BudgetLimits limits, QObject* parent)
    : QObject(parent), m_limits(limits) {}

void BudgetMonitor::record(const LlmCallRecord& call) {
    if (call.runId <= 0 || m_reported.contains(call.runId))
        return;
    auto it = m_runs.find(call.runId);
    if (it == m_runs.end()) {
        if (m_runs.size() >= kMaxRuns) {
            auto oldest = m_runs.begin();
            for (auto r = m_runs.begin(); r != m_runs.end(); ++r) {
                if (r->lastCall < oldest->lastCall)
                    oldest = r;
            }
            m_runs.erase(oldest);
        }
        it = m_runs.insert(call.runId, {});
    }
    Totals& t = *it;
    t.lastCall = ++m_calls;
    t.tokens += call.promptTokens + call.completionTokens;
    if (call.costUsd)
        t.costUsd += *call.costUsd;
    QString message;
    if (m_limits.runTokens > 0 && t.tokens > m_limits.runTokens) {
        message = tr("This request used %1 tokens, over its budget of %2, and was stopped. Ask "
                     "for something narrower, or raise ZERG_RUN_TOKEN_BUDGET.")
                      .arg(t.tokens)
                      .arg(m_limits.runTokens);
    } else if (m_limits.runCostUsd > 0 && t.costUsd > m_limits.runCostUsd) {
        message = tr("This request cost $%1, over its budget of $%2, and was stopped. Ask for "
                     "something narrower, or raise ZERG_RUN_COST_BUDGET_USD.")
                      .arg(t.costUsd, 0, 'f', 4)
                      .arg(m_limits.runCostUsd, 0, 'f', 2);
    }
    if (message.isEmpty())
        return;
    m_reported.insert(call.runId);
    m_runs.remove(call.runId);
    Q_EMIT runOverBudget(call.ownerId, call.runId, message);
}

}  // namespace zerg
