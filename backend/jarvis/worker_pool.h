#pragma once

#include "jarvis/worker.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

namespace zerg {

// Runs workers with bounded concurrency (default 5); the rest wait in order. The OTP-style
// dynamic supervisor replaces this with the supervision-tree issue.
class WorkerPool : public QObject {
    Q_OBJECT
public:
    WorkerPool(WorkerDeps deps, int maxConcurrent, QObject* parent = nullptr);

    // Creates the worker (queued) and starts it when a slot is free. The pool owns it; it is
    // deleted a while after it is done, so callers hold it in a QPointer.
    Worker* submit(const Worker::Job& job);
    [[nodiscard]] Worker* find(qint64 jobId) const;
    [[nodiscard]] int running() const { return int(m_active.size()); }
    [[nodiscard]] int queued() const { return int(m_queue.size()); }
    // Stops every worker of a run (cancellation of the run).
    void stopRun(qint64 runId, const QString& reason);

private:
    void pump();

    WorkerDeps m_deps;
    int m_max;
    QList<QPointer<Worker>> m_queue;
    QHash<qint64, QPointer<Worker>> m_byJob;
    QHash<qint64, qint64> m_runOfJob;
    QSet<qint64> m_active;  // started and not yet done
};

}  // namespace zerg
