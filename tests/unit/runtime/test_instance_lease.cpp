// Several processes on one database (issue 26), as two or three connections to one SQLite file
// with their own clocks: a process starting leaves the work of a live one alone; work is
// declared interrupted only when its holder's lease ran out, its process is gone or it stopped,
// exactly once, with its pending approval requests; a process declared lost registers again.
#include "core/clock.h"
#include "runtime/instance_lease.h"
#include "storage/approval_store.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/instance_store.h"
#include "storage/store.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

// One process: its connection, clock, stores and lease.
struct Process {
    ManualClock clock{kT0};
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<InstanceLease> lease;

    Process(const QString& file, ArtifactStore* artifacts, const QString& name,
            bool takeOver = false) {
        db = std::move(Database::open(file)).value();
        store = std::make_unique<Store>(db.get());
        lease = std::make_unique<InstanceLease>(InstanceLease::Config{name, 30, takeOver, 3},
                                                db.get(), artifacts, &clock);
        // One test process plays them all: no process is gone unless a test says so.
        lease->setProcessGone([](qint64) { return false; });
    }
    // A running run with a queued and a running worker job, held by this process.
    struct Work {
        qint64 run = 0;
        qint64 queued = 0;
        qint64 running = 0;
    };
    Work startWork(const QString& task, qint64 owner = 1,
                   const QString& mode = QStringLiteral("supervisor")) {
        const QDateTime now = clock.utcNow();
        if (!store->ensureOwner(owner, QStringLiteral("o%1").arg(owner), now))
            qFatal("ensureOwner");
        const qint64 thread =
            store->findOrCreateSupervisorThread(owner, QStringLiteral("t"), now).value().id;
        Work w;
        w.run = store->createRun(owner, thread, task, now, mode).value();
        w.queued =
            store
                ->createJob(owner, w.run, task + QStringLiteral(" later"), QStringLiteral("m"), now)
                .value();
        w.running = store->createJob(owner, w.run, task, QStringLiteral("m"), now).value();
        if (!store->markJobStarted(w.running, QStringLiteral("w-%1").arg(w.running), now))
            qFatal("markJobStarted");
        return w;
    }
    QString runStatus(qint64 run) { return statusName(store->run(run).value().status); }
    QString jobStatus(qint64 job) { return statusName(store->job(job).value().status); }
};

}  // namespace

class TestInstanceLease : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ArtifactStore> m_artifacts;
    int m_n = 0;

    QString newFile() { return m_dir.filePath(QStringLiteral("z%1.sqlite").arg(++m_n)); }

private Q_SLOTS:
    void init() {
        m_artifacts = std::make_unique<ArtifactStore>(m_dir.filePath(QStringLiteral("workers")));
    }

    // The failing case of issue 26: a second process starting declared the first's work failed.
    void aSecondProcessLeavesTheFirstsWorkAlone() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        QVERIFY(a.lease->instanceId() > 0);
        QCOMPARE(a.db->instanceId(), a.lease->instanceId());
        const Process::Work w = a.startWork(QStringLiteral("disk on cube"));
        QCOMPARE(a.store->run(w.run)->status, RunStatus::Running);

        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        b.clock.advance(20'000);  // within a's lease (30 s)
        const Result<RecoveryReport> started = b.lease->start();
        QVERIFY(started);
        QVERIFY(started->isEmpty());
        QVERIFY(b.lease->sweep()->isEmpty());
        QCOMPARE(b.runStatus(w.run), QStringLiteral("running"));
        QCOMPARE(b.jobStatus(w.queued), QStringLiteral("queued"));
        QCOMPARE(b.jobStatus(w.running), QStringLiteral("running"));

        // a renews (its own timer, every 10 s): b, later still, leaves it alone.
        a.clock.advance(30'000);
        b.clock.advance(30'000);
        QVERIFY(b.lease->sweep()->isEmpty());
        QCOMPARE(b.runStatus(w.run), QStringLiteral("running"));
        const auto listed = InstanceStore(b.db.get()).list(QDateTime());
        QVERIFY(listed);
        QCOMPARE(listed->size(), 2);
        QCOMPARE(listed->at(1).info.name, QStringLiteral("a"));
        QCOMPARE(listed->at(1).runsHeld, 1);
        QCOMPARE(listed->at(1).jobsHeld, 2);
        QCOMPARE(listed->at(1).heartbeatAt, kT0.addSecs(30));
    }

    // kill -9 of the holder: once its lease has run out, one other process declares its work
    // interrupted and withdraws its pending approval requests; a third finds nothing left.
    void anExpiredLeaseIsRecoveredOnce() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work w = a.startWork(QStringLiteral("restart nginx"));
        ApprovalStore approvalsOfA(a.db.get());
        ApprovalRecord request;
        request.ownerId = 1;
        request.jobId = w.running;
        request.runId = w.run;
        request.workerId = QStringLiteral("w-%1").arg(w.running);
        request.tool = QStringLiteral("ssh_exec");
        request.target = QStringLiteral("web1");
        request.action = QStringLiteral("systemctl restart nginx");
        request.requestedAt = kT0;
        request.expiresAt = kT0.addSecs(600);
        const qint64 approval = approvalsOfA.createRequest(request).value();

        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        Process c(file, m_artifacts.get(), QStringLiteral("c"));
        QVERIFY(b.lease->start());
        QVERIFY(c.lease->start());
        // a is gone (its clock, and so its renewals, stop); b's sweeps come every 10 s.
        QSignalSpy recovered(b.lease.get(), &InstanceLease::recovered);
        b.clock.advance(29'000);
        QCOMPARE(recovered.count(), 0);
        QCOMPARE(b.runStatus(w.run), QStringLiteral("running"));
        b.clock.advance(2'000);  // 31 s: a's lease ran out at 30 s; b's sweep at 30 s saw it live
        b.clock.advance(9'000);  // the sweep at 40 s
        QCOMPARE(recovered.count(), 1);
        const RecoveryReport report = recovered.at(0).at(0).value<RecoveryReport>();
        QCOMPARE(report.runIds, QList<qint64>{w.run});
        QCOMPARE(report.jobIds, (QList<qint64>{w.queued, w.running}));
        QCOMPARE(b.runStatus(w.run), QStringLiteral("failed"));
        QVERIFY(b.store->run(w.run)->error.startsWith(QStringLiteral("interrupted: ")));
        QVERIFY(b.store->run(w.run)->error.contains(QStringLiteral("(found by b)")));
        QCOMPARE(b.jobStatus(w.queued), QStringLiteral("failed"));
        QCOMPARE(b.jobStatus(w.running), QStringLiteral("failed"));
        QCOMPARE(statusName(ApprovalStore(b.db.get()).request(1, approval)->status),
                 QStringLiteral("cancelled"));
        const auto listed = InstanceStore(b.db.get()).list(QDateTime());
        QCOMPARE(listed->last().info.name, QStringLiteral("a"));
        QCOMPARE(listed->last().state, InstanceState::Lost);
        QCOMPARE(listed->last().runsHeld, 0);

        // c comes later: a is already lost and holds nothing.
        c.clock.advance(40'000);
        const Result<RecoveryReport> again = c.lease->sweep();
        QVERIFY(again);
        QVERIFY(again->isEmpty());
    }

    // On the same machine a holder whose process is gone need not be waited for.
    void aGoneProcessOnThisMachineIsRecoveredAtOnce() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work w = a.startWork(QStringLiteral("uptime"));
        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        const qint64 pidOfA = a.lease->info().pid;
        b.lease->setProcessGone([pidOfA](qint64 pid) { return pid == pidOfA; });
        const Result<RecoveryReport> started = b.lease->start();
        QVERIFY(started);
        QCOMPARE(started->runIds, QList<qint64>{w.run});
        QCOMPARE(b.runStatus(w.run), QStringLiteral("failed"));
    }

    // A clean stop frees what is left; work from before holders were recorded is taken at
    // start-up.
    void stoppedAndUnheldWorkIsRecovered() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work held = a.startWork(QStringLiteral("held"));
        a.lease->stop();
        Process legacy(file, m_artifacts.get(), QStringLiteral("legacy"));  // never registers
        const Process::Work unheld = legacy.startWork(QStringLiteral("old"));

        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        const Result<RecoveryReport> started = b.lease->start();
        QVERIFY(started);
        QCOMPARE(started->runIds, (QList<qint64>{held.run, unheld.run}));
        QCOMPARE(b.runStatus(held.run), QStringLiteral("failed"));
        QCOMPARE(b.runStatus(unheld.run), QStringLiteral("failed"));
        // Later sweeps leave work without a holder alone (only start-up takes it).
        const Process::Work later = legacy.startWork(QStringLiteral("later"));
        QVERIFY(b.lease->sweep()->isEmpty());
        QCOMPARE(b.runStatus(later.run), QStringLiteral("running"));
    }

    // A process that could not renew in time and was declared lost takes a new identity, so
    // that its new work has a live holder.
    void aLostProcessRegistersAgain() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const qint64 first = a.lease->instanceId();
        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        QVERIFY(b.lease->start());
        b.clock.advance(31'000);
        QVERIFY(b.lease->sweep());
        QCOMPARE(InstanceStore(b.db.get()).list(QDateTime())->last().state, InstanceState::Lost);

        // a's next sweep (its clock catches up: the machines' clocks agree) finds out.
        a.clock.advance(31'000);
        QVERIFY(a.lease->instanceId() != first);
        QCOMPARE(a.db->instanceId(), a.lease->instanceId());
        const Process::Work w = a.startWork(QStringLiteral("after"));
        QVERIFY(b.lease->sweep()->isEmpty());
        QCOMPARE(b.runStatus(w.run), QStringLiteral("running"));
    }

    // Taking over (docs/server.md): of a dead instance's runs, those for which nothing may have
    // changed a system are taken over by exactly one of the processes that sweep, with their
    // attempt counted; their workers are declared interrupted. The rest are declared
    // interrupted: a recorded change, a scheduled check, no attempts left, an owner busy here.
    void onlyRunsWithoutAChangeAreTakenOverOnce() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work readOnly = a.startWork(QStringLiteral("disk on cube"), 1);
        const Process::Work changed = a.startWork(QStringLiteral("restart nginx"), 2);
        QVERIFY(a.store->recordChange(changed.run, changed.running,
                                      QStringLiteral("ssh_exec web1 \"systemctl restart nginx\"")));
        const Process::Work scheduled =
            a.startWork(QStringLiteral("check"), 3, QStringLiteral("background"));
        const Process::Work exhausted = a.startWork(QStringLiteral("again"), 4);
        QVERIFY(a.store->setRunAttempts(exhausted.run, 3));
        const Process::Work busyOwner = a.startWork(QStringLiteral("busy"), 5);
        const Process::Work sameOwner = a.startWork(QStringLiteral("second of owner 1"), 1);

        Process b(file, m_artifacts.get(), QStringLiteral("b"), true);
        Process c(file, m_artifacts.get(), QStringLiteral("c"), true);
        QVERIFY(b.lease->start());
        QVERIFY(c.lease->start());
        b.lease->setOwnerIsFree([](qint64 owner) { return owner != 5; });
        b.clock.advance(31'000);
        c.clock.advance(31'000);
        const Result<RecoveryReport> byB = b.lease->sweep();
        QVERIFY(byB);
        const Result<RecoveryReport> byC = c.lease->sweep();
        QVERIFY(byC);

        QCOMPARE(byB->takenOver.size(), 1);
        QCOMPARE(byB->takenOver.first().runId, readOnly.run);
        QCOMPARE(byB->takenOver.first().ownerId, qint64(1));
        QCOMPARE(byB->takenOver.first().fromName, QStringLiteral("a"));
        QVERIFY(byC->takenOver.isEmpty());
        const RunRecord taken = b.store->run(readOnly.run).value();
        QCOMPARE(taken.status, RunStatus::Running);
        QCOMPARE(taken.attempts, 2);
        QSqlQuery q(b.db->connection());
        QVERIFY(
            q.exec(QStringLiteral("SELECT instance_id FROM runs WHERE id = %1").arg(readOnly.run)));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toLongLong(), b.lease->instanceId());
        // Its workers are gone with a: declared interrupted, to be started again by the run.
        QCOMPARE(b.jobStatus(readOnly.running), QStringLiteral("failed"));
        QCOMPARE(b.jobStatus(readOnly.queued), QStringLiteral("failed"));
        // The others, and the owner's second run (its agent goes on with one), are interrupted.
        for (const qint64 run :
             {changed.run, scheduled.run, exhausted.run, busyOwner.run, sameOwner.run}) {
            QCOMPARE(b.runStatus(run), QStringLiteral("failed"));
        }
        QCOMPARE(byB->runIds, (QList<qint64>{changed.run, scheduled.run, exhausted.run,
                                             busyOwner.run, sameOwner.run}));
        QVERIFY(b.store->run(changed.run)->error.startsWith(QStringLiteral("interrupted:")));
    }

    // A process that does not take over (Config::takeOver off: the app, one-shot commands)
    // declares such a run interrupted, as does everyone once its holder has been silent for
    // longer than kTakeOverWithinSecs.
    void withoutTakeOverOrTooLateTheRunIsInterrupted() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work w = a.startWork(QStringLiteral("uptime"));
        Process b(file, m_artifacts.get(), QStringLiteral("b"));
        b.clock.advance(31'000);
        QVERIFY(b.lease->start());
        QCOMPARE(b.runStatus(w.run), QStringLiteral("failed"));

        const Process::Work late = a.startWork(QStringLiteral("late"));
        Process c(file, m_artifacts.get(), QStringLiteral("c"), true);
        c.clock.advance((InstanceLease::kTakeOverWithinSecs + 1) * 1000);
        const Result<RecoveryReport> started = c.lease->start();
        QVERIFY(started);
        QVERIFY(started->takenOver.isEmpty());
        QCOMPARE(c.runStatus(late.run), QStringLiteral("failed"));
    }

    // A process that takes over does so at start-up too (a restarted `zerg serve`).
    void aStartingProcessTakesOver() {
        const QString file = newFile();
        Process a(file, m_artifacts.get(), QStringLiteral("a"));
        QVERIFY(a.lease->start());
        const Process::Work w = a.startWork(QStringLiteral("uptime"));
        a.lease->stop();  // handed back on a drain: stopped with the run still running
        Process b(file, m_artifacts.get(), QStringLiteral("b"), true);
        const Result<RecoveryReport> started = b.lease->start();
        QVERIFY(started);
        QCOMPARE(started->takenOver.size(), 1);
        QCOMPARE(started->takenOver.first().runId, w.run);
        QCOMPARE(b.runStatus(w.run), QStringLiteral("running"));
    }
};

QTEST_GUILESS_MAIN(TestInstanceLease)
#include "test_instance_lease.moc"
