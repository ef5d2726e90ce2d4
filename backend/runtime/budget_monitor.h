#pragma once

#include <QHash>
#include <QObject>
#include <QSet>

namespace zerg {

struct LlmCallRecord;

// Spending limits of one run (the supervisor and all its workers together). Per-worker token
// limits are enforced by each worker's agent loop (AgentConfig::tokenBudget).
struct BudgetLimits {
    qint64 runTokens = 0;   // ZERG_RUN_TOKEN_BUDGET; 0: no limit
    double runCostUsd = 0;  // ZERG_RUN_COST_BUDGET_USD; 0: no limit
};

// Watches every recorded model call (MeteredProvider::callRecorded) and reports, once, a run
// whose tokens or known cost go over its limits. Exceeding a budget is terminal: the run is
// stopped and the user is told; nothing is restarted.
class BudgetMonitor : public QObject {
    Q_OBJECT
public:
    explicit BudgetMonitor(BudgetLimits limits, QObject* parent = nullptr);

    void record(const LlmCallRecord& call);
    [[nodiscard]] const BudgetLimits& limits() const { return m_limits; }
    // Totals are kept for this many runs, those charged most recently: a run's calls stop
    // when it ends (a worker's summary a little later), so the others are long over. Without
    // the bound every run since start would stay in memory (bench/bench_memory.cpp).
    static constexpr int kMaxRuns = 1024;
    [[nodiscard]] int trackedRuns() const { return int(m_runs.size()); }

Q_SIGNALS:
    void runOverBudget(qint64 ownerId, qint64 runId, const QString& message);

private:
    struct Totals {
        qint64 tokens = 0;
        double costUsd = 0;
        quint64 lastCall = 0;  // m_calls when the run was last charged
    };
    BudgetLimits m_limits;
    QHash<qint64, Totals> m_runs;
    QSet<qint64> m_reported;
    quint64 m_calls = 0;
};

}  // namespace zerg
