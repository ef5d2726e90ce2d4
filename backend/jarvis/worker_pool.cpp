#include "jarvis/worker_pool.h"

#include "core/clock.h"

namespace zerg {

WorkerPool::WorkerPool(WorkerDeps deps, int maxConcurrent, QObject* parent)
    : QObject(parent), m_deps(deps), m_max(qMax(1, maxConcurrent)) {}

Worker* WorkerPool::submit(const Worker::Job& job) {
    auto* w = new Worker(m_deps, job, this);
    m_byJob.insert(job.jobId, w);
    m_runOfJob.insert(job.jobId, job.runId);
    connect(w, &Worker::done, this, [this, w, jobId = job.jobId] {
        m_active.remove(jobId);
        // Keep it briefly for late snapshot() calls, then let it go: artifacts are canonical.
        m_deps.clock->callAfter(60'000, w, [this, w, jobId] {
            m_byJob.remove(jobId);
            m_runOfJob.remove(jobId);
            w->deleteLater();
        });
        pump();
    });
    m_queue.append(w);
    pump();
    return w;
}

Worker* WorkerPool::find(qint64 jobId) const {
    return m_byJob.value(jobId);
}

void WorkerPool::stopRun(qint64 runId, const QString& reason) {
    for (auto it = m_runOfJob.cbegin(); it != m_runOfJob.cend(); ++it) {
        if (it.value() != runId)
            continue;
        if (Worker* w = m_byJob.value(it.key()))
            w->stop(QStringLiteral("cancelled"), reason);
    }
}

void WorkerPool::pump() {
    while (running() < m_max && !m_queue.isEmpty()) {
        QPointer<Worker> w = m_queue.takeFirst();
        if (!w || w->status() != QLatin1String("queued"))
            continue;
        m_active.insert(w->jobId());
        w->start();
    }
}

}  // namespace zerg
