#pragma once

#include <QObject>

namespace zerg {

class Clock;
class WorkerPool;

// The health monitor (issue 7): a worker that makes no progress (no model answer, no tool call
// starting or ending) for `noProgressSeconds` has its attempt ended as a crash with code
// "no_progress"; its supervisor then decides (a persistent failure: one restart that resumes
// from the thread, then the worker fails). The default limit (600 s) is above the roundabout's
// hard timeout, so for a supervised run the roundabout's decider acts first: this is the safety
// net for workers nobody watches.
class HealthMonitor : public QObject {
    Q_OBJECT
public:
    HealthMonitor(WorkerPool* pool, Clock* clock, int noProgressSeconds = 600,
                  int checkSeconds = 30, QObject* parent = nullptr);

    void start();
    void stop();
    // One look at every running worker now; returns how many were stalled.
    int checkNow();

Q_SIGNALS:
    void stalled(qint64 jobId, qint64 silentMs);

private:
    void schedule();

    WorkerPool* m_pool;
    Clock* m_clock;
    qint64 m_limitMs;
    qint64 m_intervalMs;
    quint64 m_timer = 0;
};

}  // namespace zerg
