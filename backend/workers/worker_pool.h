#pragma once

#include "storage/job_queue.h"
#include "supervision/keyed_children.h"
#include "workers/worker.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

namespace zerg {

// Runs workers with bounded concurrency (default 5); the rest wait in order. Running workers are
// the dynamic children of an OTP-style supervisor ("workers": simple_one_for_one, transient
// children, max_children = the concurrency, intensity 10 restarts in 60 s, backoff 1 s to 30 s):
// a worker whose attempt crashes on a transient failure is restarted and resumes from its
// thread; cancelled, successful and terminally failed workers are not. If the supervisor gives
// up, the workers it ran fail and a fresh one takes over (as a permanent parent would restart
// it). child_started / child_exited / child_restarted / supervisor_escalated are published.
class WorkerPool : public QObject {
    Q_OBJECT
public:
    WorkerPool(WorkerDeps deps, int maxConcurrent, QObject* parent = nullptr);
    ~WorkerPool() override;

    // Creates the worker (queued) and starts it when a slot is free. The pool owns it; it is
    // deleted a while after it is done, so callers hold it in a QPointer.
    Worker* submit(const Worker::Job& job);
    [[nodiscard]] Worker* find(qint64 jobId) const;
    [[nodiscard]] int running() const;
    [[nodiscard]] int queued() const { return int(m_queue.size()); }
    // The workers started and not yet done.
    [[nodiscard]] QList<Worker*> activeWorkers() const;
    // Stops every worker of a run (cancellation of the run).
    void stopRun(qint64 runId, const QString& reason);
    // Stops every worker, queued or running (Zerg is shutting down).
    void stopAll(const QString& reason);
    // The supervisor's live tree (supervision::Supervisor::snapshot) for the dashboard, each
    // worker's child with its job_id and owner_id.
    [[nodiscard]] QJsonObject supervisionSnapshot() const;
    [[nodiscard]] supervision::Supervisor* supervisor() const { return m_children->supervisor(); }
    // The model that summarizes a worker's result (WorkerDeps::summaryModel), for workers
    // created from now on (Settings › models, applied without a restart).
    void setSummaryModel(const QString& model) { m_deps.summaryModel = model; }
    // For tests: the backoff's random draw.
    void setRandomSource(std::function<double()> random);
    // Waiting workers are claimed from queue (not owned; outlives the pool) within limits over
    // every process (docs/server.md, "The shared queue"). Held back by those limits, the pool
    // tries again when another process announces a free slot (PostgreSQL) and every
    // kRetryMs. Without limits (both 0) the queue is not asked.
    void shareQueue(JobQueue* queue, QueueLimits limits);
    static constexpr qint64 kRetryMs = 1000;

Q_SIGNALS:
    // The workers' supervisor exceeded its restart intensity (its workers failed); a fresh one
    // has taken over.
    void supervisorGaveUp();

private:
    // What the pool knows of one worker, from submit() until a while after it is done.
    struct Entry {
        QPointer<Worker> worker;
        qint64 runId = 0;
        bool active = false;  // started and not yet done (holds a slot)
    };

    void pump();
    // The waiting jobs that may start now: the first free ones, or what the shared queue grants.
    [[nodiscard]] QList<qint64> startable(const QList<qint64>& waiting, int free);
    void retryLater();
    void publishChildEvent(const char* name, const QString& childId, qint64 jobId,
                           QJsonObject extra);

    WorkerDeps m_deps;
    int m_max;
    QHash<qint64, Entry> m_entries;  // by job id
    QList<qint64> m_queue;           // job ids waiting for a slot, oldest first
    std::unique_ptr<supervision::KeyedChildren> m_children;  // the workers' supervisor
    JobQueue* m_shared = nullptr;  // or null: this pool's slots are the only limit
    QueueLimits m_limits;
    Clock::TimerId m_retry = 0;
    bool m_claimFailed = false;  // said once until a claim works again
};

}  // namespace zerg
