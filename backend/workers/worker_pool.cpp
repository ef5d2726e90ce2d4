#include "workers/worker_pool.h"

#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"

#include <utility>

namespace zerg {

using namespace supervision;

namespace {
// How long a new worker waits for tool servers (MCP) that are still starting.
constexpr qint64 kToolsSettleWaitMs = 20'000;
}  // namespace

WorkerPool::WorkerPool(WorkerDeps deps, int maxConcurrent, QObject* parent)
    : QObject(parent), m_deps(deps), m_max(qMax(1, maxConcurrent)) {
    SupervisorFlags flags;
    flags.intensity = 10;
    flags.periodSecs = 60;
    flags.maxChildren = m_max;
    ChildSpec worker;
    worker.id = QStringLiteral("worker");
    worker.restart = RestartType::Transient;
    worker.shutdown = Shutdown::timeout(5000);
    worker.backoff = Backoff{1000, 30'000, 0.2, 60'000};
    worker.start = [this](const QVariant& args) -> StartResult {
        Worker* w = find(args.toLongLong());
        WorkerAttempt* attempt = w ? w->newAttempt() : nullptr;
        return attempt ? StartResult::started(attempt) : StartResult::ignore();
    };
    m_children = std::make_unique<KeyedChildren>(
        QStringLiteral("workers"), flags, worker, m_deps.clock,
        [this](const char* event, const QString& id, qint64 jobId, QJsonObject data) {
            publishChildEvent(event, id, jobId, std::move(data));
        });
    connect(m_children.get(), &KeyedChildren::gaveUp, this, [this] {
        // Its children are gone: the workers they ran fail; a fresh supervisor takes over for
        // the rest (pump() when it runs).
        for (Worker* w : activeWorkers()) {
            w->end(WorkerStatus::Failed, QStringLiteral("supervisor_gave_up"),
                   tr("Too many workers failed in a short time (more than 10 restarts in 60 s); "
                      "this one was stopped with them."));
        }
        Q_EMIT supervisorGaveUp();
    });
    connect(m_children.get(), &KeyedChildren::replaced, this, &WorkerPool::pump);
}

WorkerPool::~WorkerPool() {
    // Zerg is quitting: the attempts end with the supervisor, without touching the workers (our
    // children, deleted after this) or the event bus (perhaps already gone).
    for (const Entry& e : std::as_const(m_entries)) {
        if (e.worker)
            e.worker->detachAttempt();
    }
    m_children.reset();
}

void WorkerPool::shareQueue(JobQueue* queue, QueueLimits limits) {
    // Without limits there is nothing to share: the pool starts its workers without asking the
    // database (no write transaction on the GUI thread for every start).
    m_shared = limits.any() ? queue : nullptr;
    m_limits = limits;
    if (m_shared)
        m_shared->listen(this, [this] { pump(); });
}

void WorkerPool::setRandomSource(std::function<double()> random) {
    m_children->setRandomSource(std::move(random));
}

int WorkerPool::running() const {
    int n = 0;
    for (const Entry& e : m_entries)
        n += e.active ? 1 : 0;
    return n;
}

void WorkerPool::publishChildEvent(const char* name, const QString& childId, qint64 jobId,
                                   QJsonObject extra) {
    Worker* w = find(jobId);
    extra.insert(QStringLiteral("child_id"), childId);
    extra.insert(QStringLiteral("supervisor"), QStringLiteral("workers"));
    if (jobId > 0)
        extra.insert(QStringLiteral("job_id"), jobId);
    if (w && !w->workerId().isEmpty())
        extra.insert(QStringLiteral("worker_id"), w->workerId());
    if (const qint64 run = m_entries.value(jobId).runId; run > 0)
        extra.insert(QStringLiteral("run_id"), run);
    // Owner-filtered like every event: a child without a job (none so far) belongs to nobody.
    m_deps.bus->publish(QString::fromLatin1(name), w ? w->ownerId() : 0, extra);
}

Worker* WorkerPool::submit(const Worker::Job& job) {
    auto* w = new Worker(m_deps, job, this);
    w->setSupervised(true);
    m_entries.insert(job.jobId, Entry{w, job.runId, false});
    connect(w, &Worker::done, this, [this, w, jobId = job.jobId] {
        const bool heldSlot = std::exchange(m_entries[jobId].active, false);
        m_queue.removeAll(jobId);
        if (heldSlot && m_shared)
            m_shared->announceFreed();  // a process held back by the shared limits may go
        // Keep it briefly for late snapshot() calls, then let it go: artifacts are canonical.
        m_deps.clock->callAfter(60'000, w, [this, w, jobId] {
            m_entries.remove(jobId);
            w->deleteLater();
        });
        pump();
    });
    // The tools of servers that are still starting (MCP) are waited for, a while: the worker's
    // first request should offer them.
    const auto enqueue = [this, w, jobId = job.jobId] {
        if (isTerminal(w->status()))
            return;
        m_queue.append(jobId);
        pump();
    };
    if (m_deps.tools)
        m_deps.tools->whenSettled(w, enqueue, kToolsSettleWaitMs);
    else
        enqueue();
    return w;
}

Worker* WorkerPool::find(qint64 jobId) const {
    const auto it = m_entries.constFind(jobId);
    return it == m_entries.cend() ? nullptr : it->worker.data();
}

QList<Worker*> WorkerPool::activeWorkers() const {
    QList<Worker*> out;
    for (const Entry& e : m_entries) {
        if (e.active && e.worker)
            out.append(e.worker);
    }
    return out;
}

QJsonObject WorkerPool::supervisionSnapshot() const {
    return m_children->snapshot(QStringLiteral("job_id"), [this](qint64 jobId) {
        const Worker* w = find(jobId);
        return w ? w->ownerId() : qint64(0);
    });
}

void WorkerPool::stopRun(qint64 runId, const QString& reason) {
    QList<QPointer<Worker>> ofRun;
    for (const Entry& e : std::as_const(m_entries)) {
        if (e.runId == runId && e.worker)
            ofRun.append(e.worker);
    }
    for (const QPointer<Worker>& w : ofRun) {
        if (w)
            w->stop(WorkerStatus::Cancelled, reason);
    }
}

void WorkerPool::stopAll(const QString& reason) {
    QList<QPointer<Worker>> all;
    for (const qint64 jobId : std::exchange(m_queue, {}))
        all.append(find(jobId));
    for (Worker* w : activeWorkers())
        all.append(w);
    for (const QPointer<Worker>& w : all) {
        if (w)
            w->stop(WorkerStatus::Cancelled, reason);
    }
}

void WorkerPool::retryLater() {
    if (m_retry == 0) {
        m_retry = m_deps.clock->callAfter(kRetryMs, this, [this] {
            m_retry = 0;
            pump();
        });
    }
}

QList<qint64> WorkerPool::startable(const QList<qint64>& waiting, int free) {
    if (!m_shared)
        return waiting.mid(0, free);
    const Result<QList<qint64>> claimed =
        m_shared->claim(waiting, free, m_limits, m_deps.clock->utcNow());
    if (!claimed) {
        if (!std::exchange(m_claimFailed, true)) {
            qWarning("zerg: %s; %lld workers wait until it can be read again",
                     qPrintable(claimed.error().message), qint64(waiting.size()));
        }
        retryLater();
        return {};
    }
    m_claimFailed = false;
    if (claimed->size() < qMin(free, int(waiting.size())))
        retryLater();  // held back by the limits of all the processes together
    return claimed.value();
}

void WorkerPool::pump() {
    if (m_children->isReplacing())
        return;
    QList<qint64> waiting;
    for (const qint64 jobId : std::as_const(m_queue)) {
        const Worker* w = find(jobId);
        if (w && w->status() == WorkerStatus::Queued && !waiting.contains(jobId))
            waiting.append(jobId);
    }
    m_queue = waiting;
    const int free = m_max - running();
    if (free <= 0 || waiting.isEmpty())
        return;
    const QList<qint64> starting = startable(waiting, free);
    // Out of the queue before any starts: a start may end a worker at once, and the pump() of
    // its end must not start these a second time.
    for (const qint64 jobId : starting)
        m_queue.removeAll(jobId);
    for (qsizetype i = 0; i < starting.size(); ++i) {
        const qint64 jobId = starting.at(i);
        const auto entry = m_entries.find(jobId);
        if (entry == m_entries.end() || !entry->worker || entry->active ||
            entry->worker->status() != WorkerStatus::Queued)
            continue;
        QPointer<Worker> w = entry->worker;
        entry->active = true;
        const Result<StartedChild> started = m_children->start(jobId);
        if (started)
            continue;
        if (started.error().code == QLatin1String(errors::MaxChildren)) {
            // A restarting worker still holds its slot: these wait again, first in line, until
            // one ends.
            m_entries[jobId].active = false;
            const QList<qint64> back = starting.mid(i);
            if (m_shared) {
                for (const qint64 id : back)
                    (void)m_shared->unclaim(id);
            }
            m_queue = back + m_queue;
            return;
        }
        if (w) {
            w->end(WorkerStatus::Failed, QStringLiteral("supervisor"),
                   tr("The worker could not be started: %1").arg(started.error().message));
        }
    }
}

}  // namespace zerg
