// WorkerPool over the shared queue (issue 26, docs/server.md): two processes (pools on their own
// connections to one database) hold the limits together. A worker held back by them starts when
// a slot frees in the other process, at the pool's next try; an owner at its limit does not hold
// back another owner's worker.
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "scripted_llm.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/job_queue.h"
#include "storage/store.h"
#include "workers/worker_pool.h"

#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

using namespace zerg;
using namespace zerg::test;

namespace {

// One process: its connection, stores, a model that never answers (a worker holds its slot
// until stopped), and its pool on the shared queue.
struct Process {
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<ArtifactStore> artifacts;
    ScriptedLlm llm;
    ToolRegistry tools;
    std::unique_ptr<JobQueue> queue;
    std::unique_ptr<WorkerPool> pool;

    Process(const QTemporaryDir& dir, qint64 instanceId, EventBus* bus, Clock* clock,
            QueueLimits limits) {
        db = std::move(Database::open(dir.filePath(QStringLiteral("z.sqlite")))).value();
        db->setInstanceId(instanceId);
        store = std::make_unique<Store>(db.get());
        artifacts = std::make_unique<ArtifactStore>(
            dir.filePath(QStringLiteral("workers-%1").arg(instanceId)));
        for (int i = 0; i < 10; ++i)
            llm.push({{}, {}, {}, true});
        WorkerDeps deps{store.get(), artifacts.get(), bus, clock, &llm, &tools, 6, 1000};
        pool = std::make_unique<WorkerPool>(deps, 5);
        queue = std::make_unique<JobQueue>(db.get());
        pool->shareQueue(queue.get(), limits);
    }
    QPointer<Worker> submit(qint64 owner, const QDateTime& now) {
        const qint64 job = store
                               ->createJob(owner, std::nullopt, QStringLiteral("uptime on cube"),
                                           QStringLiteral("wrk"), now)
                               .value();
        return pool->submit(
            {owner, 0, job, QStringLiteral("uptime on cube"), QStringLiteral("wrk")});
    }
};

// Processes a and b on one database, one clock.
struct TwoProcesses {
    QTemporaryDir dir;
    ManualClock clock;
    EventBus bus{&clock};
    Process a, b;

    explicit TwoProcesses(QueueLimits limits)
        : a(dir, 1, &bus, &clock, limits), b(dir, 2, &bus, &clock, limits) {}
    std::tuple<ManualClock&, Process&, Process&> parts() { return {clock, a, b}; }
};

}  // namespace

class TestSharedQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theTotalHoldsOverBothProcesses() {
        TwoProcesses two({3, 0});
        auto [clock, a, b] = two.parts();  // references
        const QPointer<Worker> a1 = a.submit(1, clock.utcNow());
        a.submit(1, clock.utcNow());
        QTRY_COMPARE(a.pool->running(), 2);
        b.submit(2, clock.utcNow());
        b.submit(2, clock.utcNow());
        QTRY_COMPARE(b.pool->running(), 1);  // 3 in all
        QCOMPARE(b.pool->queued(), 1);
        clock.advance(WorkerPool::kRetryMs);
        QCOMPARE(b.pool->running(), 1);  // still full

        a1->stop(WorkerStatus::Cancelled, QStringLiteral("test"));
        QTRY_COMPARE(a.pool->running(), 1);
        clock.advance(WorkerPool::kRetryMs);  // b's next try finds the free slot
        QTRY_COMPARE(b.pool->running(), 2);
        QCOMPARE(b.pool->queued(), 0);
    }

    void anOwnerAtItsLimitDoesNotHoldBackAnother() {
        TwoProcesses two({0, 1});
        auto [clock, a, b] = two.parts();  // references
        const QPointer<Worker> first = a.submit(1, clock.utcNow());
        QTRY_COMPARE(a.pool->running(), 1);
        const QPointer<Worker> second = b.submit(1, clock.utcNow());  // owner 1 again: waits
        const QPointer<Worker> other = b.submit(2, clock.utcNow());   // owner 2: goes
        QTRY_COMPARE(b.pool->running(), 1);
        QCOMPARE(second->status(), WorkerStatus::Queued);
        QVERIFY(other->status() != WorkerStatus::Queued);

        first->stop(WorkerStatus::Cancelled, QStringLiteral("test"));
        clock.advance(WorkerPool::kRetryMs);
        QTRY_VERIFY(second->status() != WorkerStatus::Queued);
        QCOMPARE(b.pool->running(), 2);
    }
};

QTEST_GUILESS_MAIN(TestSharedQueue)
#include "test_shared_queue.moc"
