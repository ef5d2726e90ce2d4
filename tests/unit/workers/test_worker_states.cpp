// The worker as a state machine (core/status.h, WorkerStatus): every change is checked and
// logged, and every end, whatever its cause, goes through one path and is written once.
#include "jarvis_fixture.h"
#include "workers/worker.h"
#include "workers/worker_pool.h"

#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

WorkerDeps depsOf(Fixture& f) {
    return {f.store.get(), f.artifacts.get(), &f.bus, &f.clock, &f.llm, &f.tools, 6, 1000};
}

qint64 newJob(Fixture& f, const QString& task) {
    return f.store->createJob(1, std::nullopt, task, QStringLiteral("wrk"), f.clock.utcNow())
        .value();
}

}  // namespace

class TestWorkerStates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QLoggingCategory::setFilterRules(QStringLiteral("zerg.worker.debug=true")); }
    void cleanup() { QLoggingCategory::setFilterRules({}); }

    // queued -> starting -> running -> success, each step logged.
    void aSuccessfulWorkerWalksTheDiagram() {
        Fixture f;
        f.llm.pushText(QStringLiteral("cube is fine"));
        Worker w(depsOf(f), {1, 0, newJob(f, QStringLiteral("t")), QStringLiteral("t"),
                             QStringLiteral("wrk")});
        QCOMPARE(w.status(), WorkerStatus::Queued);
        QCOMPARE(w.snapshot().agentState, AgentState::Idle);
        QTest::ignoreMessage(QtDebugMsg, QRegularExpression(QStringLiteral("queued -> starting$")));
        QTest::ignoreMessage(QtDebugMsg,
                             QRegularExpression(QStringLiteral("starting -> running$")));
        QTest::ignoreMessage(QtDebugMsg, QRegularExpression(QStringLiteral("running -> success$")));
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QCOMPARE(w.status(), WorkerStatus::Running);
        QCOMPARE(w.snapshot().agentState, AgentState::Working);
        QVERIFY(terminated.wait());
        QCOMPARE(w.status(), WorkerStatus::Success);
        QCOMPARE(w.snapshot().agentState, AgentState::Done);
        QCOMPARE(statusName(f.store->job(w.jobId())->status), QStringLiteral("success"));
    }

    // A second end (the user cancels, then the roundabout times it out) changes nothing: the
    // first end is the one written, and worker_complete goes out once.
    void theFirstEndWins() {
        Fixture f;
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"sleep 600"})")}});
        Worker w(depsOf(f), {1, 0, newJob(f, QStringLiteral("t")), QStringLiteral("t"),
                             QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QTRY_COMPARE(f.tool->running, 1);
        w.end(WorkerStatus::Cancelled, QStringLiteral("cancelled"), QStringLiteral("by the user"));
        QCOMPARE(f.tool->running, 0);  // the command was stopped
        w.stop(WorkerStatus::Timeout, QStringLiteral("too late"));
        w.end(WorkerStatus::Failed, QStringLiteral("violation"), QStringLiteral("too late"));
        QCOMPARE(terminated.count(), 1);
        QCOMPARE(w.status(), WorkerStatus::Cancelled);
        QCOMPARE(w.snapshot().error, QStringLiteral("by the user"));
        QCOMPARE(w.snapshot().errorCode, QStringLiteral("cancelled"));
        QCOMPARE(w.snapshot().agentState, AgentState::Reaped);
        QCOMPARE(f.events.count(QStringLiteral("worker_complete")), 1);
        QCOMPARE(statusName(f.store->job(w.jobId())->status), QStringLiteral("cancelled"));
    }

    // end() takes terminal statuses only: asking it for a live one is refused and logged.
    void endRefusesALiveStatus() {
        Fixture f;
        Worker w(depsOf(f), {1, 0, newJob(f, QStringLiteral("t")), QStringLiteral("t"),
                             QStringLiteral("wrk")});
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("needs a terminal status")));
        w.end(WorkerStatus::Running, QStringLiteral("x"), QStringLiteral("x"));
        QCOMPARE(w.status(), WorkerStatus::Queued);
    }

    // A worker still waiting for a slot ends at once, with nothing started for it.
    void aQueuedWorkerEndsWithoutStarting() {
        Fixture f(1);
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"sleep 600"})")}});
        Worker* first = f.pool->submit(
            {1, 0, newJob(f, QStringLiteral("a")), QStringLiteral("a"), QStringLiteral("wrk")});
        QPointer<Worker> second = f.pool->submit(
            {1, 0, newJob(f, QStringLiteral("b")), QStringLiteral("b"), QStringLiteral("wrk")});
        QTRY_COMPARE(f.tool->running, 1);
        QCOMPARE(first->status(), WorkerStatus::Running);
        QCOMPARE(second->status(), WorkerStatus::Queued);
        QCOMPARE(f.pool->running(), 1);
        QCOMPARE(f.pool->queued(), 1);
        second->end(WorkerStatus::Cancelled, QStringLiteral("cancelled"), QStringLiteral("no"));
        QCOMPARE(second->status(), WorkerStatus::Cancelled);
        QVERIFY(second->workerId().isEmpty());  // no folder was made for it
        QCOMPARE(statusName(f.store->job(second->jobId())->status), QStringLiteral("cancelled"));
        QCOMPARE(f.pool->queued(), 0);
        f.pool->stopAll(QStringLiteral("test over"));
        QCOMPARE(first->status(), WorkerStatus::Cancelled);
        QCOMPARE(f.pool->running(), 0);
    }
};

QTEST_GUILESS_MAIN(TestWorkerStates)
#include "test_worker_states.moc"
