#include "runtime/health_monitor.h"

#include "core/clock.h"
#include "workers/worker_pool.h"

namespace zerg {

HealthMonitor::HealthMonitor(WorkerPool* pool, Clock* clock, int noProgressSeconds,
                             int checkSeconds, QObject* parent)
    : QObject(parent),
      m_pool(pool),
      m_clock(clock),
      m_limitMs(qint64(noProgressSeconds) * 1000),
      m_intervalMs(qint64(checkSeconds) * 1000) {}

void HealthMonitor::start() {
    schedule();
}

void HealthMonitor::stop() {
    m_clock->cancel(m_timer);
    m_timer = 0;
}

void HealthMonitor::schedule() {
    m_timer = m_clock->callAfter(m_intervalMs, this, [this] {
        checkNow();
        schedule();
    });
}

int HealthMonitor::checkNow() {
    int stalledCount = 0;
    const qint64 now = m_clock->nowMs();
    for (Worker* w : m_pool->activeWorkers()) {
        if (w->status() != WorkerStatus::Running)
            continue;  // restarting, waiting for a person, or already ending
        const qint64 silent = now - w->lastProgressMs();
        if (silent <= m_limitMs)
            continue;
        ++stalledCount;
        Q_EMIT stalled(w->jobId(), silent);
        w->crashAttempt(QStringLiteral("no_progress"),
                        tr("no progress for %1 s (health monitor)").arg(silent / 1000));
    }
    return stalledCount;
}

}  // namespace zerg
