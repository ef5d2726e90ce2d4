// The schedule runner on a ManualClock over a real SQLite ScheduleStore, with a fake supervisor:
// next runs in the schedule's time zone, firing on time, severity and the inbox, a busy
// supervisor, catch-up at start, pause, run now, edits, stop and start again.
#include "core/clock.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

QDateTime utc(int y, int mo, int d, int h, int mi) {
    return QDateTime(QDate(y, mo, d), QTime(h, mi), Qt::UTC);
}

struct Fixture : zerg::test::ScheduleFixture {
    // 2026-03-27 04:00 UTC is 05:00 in Berlin (CET, before the change on the 29th).
    explicit Fixture(const QDateTime& start = utc(2026, 3, 27, 4, 0))
        : ScheduleFixture(start, false) {}
    QList<ScheduleRunRecord> runs(qint64 scheduleId) {
        return store->listScheduleRuns(kOwner, scheduleId, 50).value();
    }
};

// A second process on the fixture's database: its own connection, stores, supervisor and
// scheduler, on the same clock.
struct SecondProcess {
    std::unique_ptr<Database> db;
    std::unique_ptr<ScheduleStore> store;
    std::unique_ptr<Store> runStore;
    zerg::test::RecordingRunner runner;
    ScheduleService service;

    explicit SecondProcess(Fixture& f)
        : db(std::move(Database::open(f.dir.filePath(QStringLiteral("zerg.db")))).value()),
          store(std::make_unique<ScheduleStore>(db.get())),
          runStore(std::make_unique<Store>(db.get())),
          service(kOwner, store.get(), &runner, &f.clock) {
        runner.store = runStore.get();
        runner.clock = &f.clock;
    }
    // An hourly schedule of kOwner, due next at `next`.
    qint64 hourly(bool catchUp, const QDateTime& next) {
        const qint64 id =
            store
                ->createSchedule(kOwner, QStringLiteral("hourly"), QStringLiteral("h"),
                                 QStringLiteral("0 * * * *"), QStringLiteral("UTC"), true, catchUp,
                                 runner.clock->utcNow())
                .value();
        if (!store->setNextRun(id, next))
            qFatal("setNextRun failed");
        return id;
    }
};

}  // namespace

class TestScheduleService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createValidatesAndComputesTheNextRun() {
        Fixture f;
        f.service->start();
        const auto bad = f.service->createSchedule(QStringLiteral("x"), QStringLiteral("t"),
                                                   QStringLiteral("0 25 * * *"),
                                                   QStringLiteral("Europe/Berlin"));
        QCOMPARE(bad.error().code, QStringLiteral("invalid_cron"));
        const auto zone =
            f.service->createSchedule(QStringLiteral("x"), QStringLiteral("t"),
                                      QStringLiteral("0 6 * * *"), QStringLiteral("Mars/Olympus"));
        QCOMPARE(zone.error().code, QStringLiteral("invalid_time_zone"));
        QVERIFY(zone.error().message.contains(QStringLiteral("Europe/Berlin")));

        const auto s = f.service->createSchedule(
            QStringLiteral("morning"), QStringLiteral("check all servers"),
            QStringLiteral(" 0 6 * * * "), QStringLiteral("Europe/Berlin"));
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE(s->cron, QStringLiteral("0 6 * * *"));
        QCOMPARE(s->nextRunAt, utc(2026, 3, 27, 5, 0));  // 06:00 CET
        const QList<QDateTime> next = f.service->nextRuns(s.value(), 3);
        QCOMPARE(next, (QList<QDateTime>{utc(2026, 3, 27, 5, 0), utc(2026, 3, 28, 5, 0),
                                         utc(2026, 3, 29, 4, 0)}));  // 06:00 CEST after the change
        const auto dup = f.service->createSchedule(QStringLiteral("morning"), QStringLiteral("t"),
                                                   QStringLiteral("@daily"), {});
        QCOMPARE(dup.error().code, QStringLiteral("conflict"));
    }

    void firesOnTimeAndDeliversToTheInbox() {
        Fixture f;
        f.service->start();
        const auto s = f.service->createSchedule(
            QStringLiteral("morning"), QStringLiteral("check all servers"),
            QStringLiteral("0 6 * * *"), QStringLiteral("Europe/Berlin"));
        QVERIFY(s);
        QSignalSpy started(f.service.get(), &ScheduleService::scheduleRunStarted);
        QSignalSpy delivered(f.service.get(), &ScheduleService::delivered);
        f.clock.advance(59 * 60 * 1000);  // 05:59 Berlin
        QCOMPARE(f.runner.tasks.size(), 0);
        f.clock.advance(60 * 1000);  // 06:00
        QCOMPARE(f.runner.tasks, QStringList{QStringLiteral("check all servers")});
        QCOMPARE(started.size(), 1);
        const QList<ScheduleRunRecord> runs = f.runs(s->id);
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.at(0).trigger, QStringLiteral("cron"));
        QCOMPARE(runs.at(0).scheduledFor, utc(2026, 3, 27, 5, 0));
        QCOMPARE(runs.at(0).runId, f.runner.lastRun);
        QCOMPARE(statusName(runs.at(0).status), QStringLiteral("running"));
        QCOMPARE(f.store->schedule(kOwner, s->id)->nextRunAt, utc(2026, 3, 28, 5, 0));

        const qint64 run = f.runner.lastRun;
        f.service->runFinished(run, RunStatus::Success,
                               QStringLiteral("## Disk on web1\n\n/var is 97% full.\n\n"
                                              "**Severity:** critical"),
                               false);
        QCOMPARE(delivered.size(), 1);
        const InboxItem item = delivered.at(0).at(0).value<InboxItem>();
        QCOMPARE(item.title, QStringLiteral("morning"));
        QCOMPARE(item.severity, QStringLiteral("critical"));
        QCOMPARE(item.runId, run);
        QVERIFY(item.body.contains(QStringLiteral("97% full")));
        const ScheduleRunRecord done = f.runs(s->id).at(0);
        QCOMPARE(statusName(done.status), QStringLiteral("success"));
        QCOMPARE(done.severity, QStringLiteral("critical"));
        QCOMPARE(done.summary, QStringLiteral("Disk on web1"));
        QCOMPARE(f.store->unreadCount(kOwner).value(), 1);

        // The next day, 06:00 again; a run nobody scheduled is ignored.
        f.service->runFinished(999, RunStatus::Success, QStringLiteral("x"), false);
        QCOMPARE(delivered.size(), 1);
        f.clock.advance(24 * 3600 * 1000);
        QCOMPARE(f.runner.tasks.size(), 2);
        // Each run was started with the schedule's approval mode: Settings' (none of its own).
        QCOMPARE(f.runner.approvalModes.size(), 2);
        QVERIFY(!f.runner.approvalModes.at(0) && !f.runner.approvalModes.at(1));

        // Given its own mode, the schedule's next run gets it.
        SchedulePatch ask;
        ask.approvalMode = std::optional<ApprovalMode>(ApprovalMode::Ask);
        QVERIFY(f.service->updateSchedule(s->id, ask));
        f.service->runFinished(f.runner.lastRun, RunStatus::Success, QStringLiteral("ok"), false);
        f.clock.advance(24 * 3600 * 1000);
        QCOMPARE(f.runner.approvalModes.size(), 3);
        QCOMPARE(f.runner.approvalModes.at(2), std::optional<ApprovalMode>(ApprovalMode::Ask));
    }

    void severityFallsBackToWarningWhenSomethingFailed_data() {
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("workerFailed");
        QTest::addColumn<QString>("severity");
        QTest::newRow("none given, all fine") << "success"
                                              << "All good." << false << "info";
        QTest::newRow("none given, a worker failed") << "success"
                                                     << "Partly." << true << "warning";
        QTest::newRow("info but a worker failed") << "success"
                                                  << "Severity: info" << true << "warning";
        QTest::newRow("critical stays") << "success"
                                        << "severity: CRITICAL" << true << "critical";
        QTest::newRow("run failed") << "failed"
                                    << "model unreachable" << false << "warning";
        QTest::newRow("model says warning") << "success"
                                            << "> Severity: warning" << false << "warning";
    }
    void severityFallsBackToWarningWhenSomethingFailed() {
        QFETCH(QString, status);
        QFETCH(QString, answer);
        QFETCH(bool, workerFailed);
        QFETCH(QString, severity);
        Fixture f;
        f.service->start();
        const auto s = f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                                 QStringLiteral("@hourly"), QStringLiteral("UTC"));
        QVERIFY(s);
        QVERIFY(f.service->runNow(s->id));
        QCOMPARE(f.runner.tasks.size(), 1);
        f.service->runFinished(f.runner.lastRun, parseStatus<RunStatus>(status).value(), answer,
                               workerFailed);
        const ScheduleRunRecord run = f.runs(s->id).at(0);
        QCOMPARE(run.trigger, QStringLiteral("manual"));
        QCOMPARE(run.severity, severity);
        QCOMPARE(statusName(run.status), status);
        QCOMPARE(f.store->listInbox(kOwner, 5).value().at(0).severity, severity);
    }

    void aBusySupervisorMakesTheScheduleWait() {
        Fixture f;
        f.service->start();
        const auto s =
            f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                      QStringLiteral("*/30 * * * *"), QStringLiteral("UTC"));
        QVERIFY(s);
        f.runner.busy = true;
        f.clock.advance(30 * 60 * 1000);
        QCOMPARE(f.runner.tasks.size(), 0);
        QVERIFY(f.runs(s->id).isEmpty());  // nothing recorded while waiting
        f.runner.busy = false;
        f.service->runFinished(7, RunStatus::Success, QStringLiteral("user's run"), false);
        QCOMPARE(f.runner.tasks.size(), 1);
        QCOMPARE(f.runs(s->id).at(0).scheduledFor, utc(2026, 3, 27, 4, 30));

        // A supervisor that cannot start at all: recorded as failed, no run.
        f.runner.failure = QStringLiteral("No language model is configured.");
        QVERIFY(f.service->runNow(s->id));
        const ScheduleRunRecord failed = f.runs(s->id).at(0);
        QCOMPARE(statusName(failed.status), QStringLiteral("failed"));
        QCOMPARE(failed.error, QStringLiteral("No language model is configured."));
    }

    void missedRunsAtStartCatchUpOnceOnlyWhenAsked() {
        Fixture f;
        // Two schedules whose 06:00 run passed while Zerg was not running (next_run_at stored).
        const qint64 keen =
            f.store
                ->createSchedule(kOwner, QStringLiteral("keen"), QStringLiteral("a"),
                                 QStringLiteral("0 6 * * *"), QStringLiteral("UTC"), true, true,
                                 f.clock.utcNow())
                .value();
        const qint64 lazy =
            f.store
                ->createSchedule(kOwner, QStringLiteral("lazy"), QStringLiteral("b"),
                                 QStringLiteral("0 6 * * *"), QStringLiteral("UTC"), true, false,
                                 f.clock.utcNow())
                .value();
        QVERIFY(f.store->setNextRun(keen, utc(2026, 3, 26, 6, 0)));
        QVERIFY(f.store->setNextRun(lazy, utc(2026, 3, 26, 6, 0)));
        f.service->start();
        QCOMPARE(f.runner.tasks, QStringList{QStringLiteral("a")});
        QCOMPARE(f.runs(keen).at(0).trigger, QStringLiteral("catch_up"));
        QCOMPARE(f.runs(keen).at(0).scheduledFor, utc(2026, 3, 26, 6, 0));
        QVERIFY(f.runs(lazy).isEmpty());
        QCOMPARE(f.store->schedule(kOwner, keen)->nextRunAt, utc(2026, 3, 27, 6, 0));
        QCOMPARE(f.store->schedule(kOwner, lazy)->nextRunAt, utc(2026, 3, 27, 6, 0));
    }

    void pauseStopsEverythingAndSkipsWhatWasMissed() {
        Fixture f;
        f.service->start();
        const auto s =
            f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                      QStringLiteral("0 * * * *"), QStringLiteral("UTC"));
        QVERIFY(s);
        QVERIFY(f.service->setPaused(true));
        QVERIFY(f.service->isPaused());
        f.clock.advance(3 * 3600 * 1000);  // 07:00
        QCOMPARE(f.runner.tasks.size(), 0);
        QVERIFY(f.service->setPaused(false));
        QCOMPARE(f.runner.tasks.size(), 0);  // missed runs are not made up
        QCOMPARE(f.store->schedule(kOwner, s->id)->nextRunAt, utc(2026, 3, 27, 8, 0));
        f.clock.advance(3600 * 1000);
        QCOMPARE(f.runner.tasks.size(), 1);
    }

    // A run left running by a Zerg that stopped ends as failed at the next start; one whose
    // supervisor run still runs (in another live process on the database) is left alone.
    void runsOfAStoppedZergEndAsInterrupted() {
        Fixture f;
        f.service->start();
        const auto s = f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                                 QStringLiteral("@daily"), QStringLiteral("UTC"));
        QVERIFY(s);
        QVERIFY(f.service->runNow(s->id));
        QCOMPARE(statusName(f.runs(s->id).at(0).status), QStringLiteral("running"));
        f.makeService();  // another process starts while the first still runs it
        f.service->start();
        QCOMPARE(statusName(f.runs(s->id).at(0).status), QStringLiteral("running"));
        // The first process is gone: its supervisor run was declared interrupted
        // (InstanceLease), and the next start ends the schedule run too.
        QVERIFY(f.runStore->finishRun(f.runner.lastRun, RunStatus::Failed, {},
                                      QStringLiteral("interrupted"), f.clock.utcNow()));
        f.makeService();
        f.service->start();
        const ScheduleRunRecord run = f.runs(s->id).at(0);
        QCOMPARE(statusName(run.status), QStringLiteral("failed"));
        QVERIFY(run.error.startsWith(QStringLiteral("Interrupted")));
        QVERIFY(run.finishedAt.isValid());
    }

    // Several processes on one database, each with its scheduler: every occurrence runs once,
    // on time and at catch-up, whichever process sees it due first.
    void eachOccurrenceRunsInOneProcessOnly() {
        Fixture f;
        SecondProcess p2(f);
        ScheduleService& service2 = p2.service;
        zerg::test::RecordingRunner& runner2 = p2.runner;
        const qint64 hourly = p2.hourly(true, utc(2026, 3, 27, 3, 0));  // missed: catch up
        f.service->start();
        service2.start();
        QCOMPARE(f.runner.tasks.size() + runner2.tasks.size(), 1);
        QCOMPARE(f.runs(hourly).size(), 1);
        QCOMPARE(f.runs(hourly).at(0).trigger, QStringLiteral("catch_up"));
        f.clock.advance(3 * 3600 * 1000);  // 05:00, 06:00, 07:00
        QCOMPARE(f.runner.tasks.size() + runner2.tasks.size(), 4);
        QList<QDateTime> instants;
        for (const ScheduleRunRecord& r : f.runs(hourly))
            instants.prepend(r.scheduledFor);
        QCOMPARE(instants, (QList<QDateTime>{utc(2026, 3, 27, 3, 0), utc(2026, 3, 27, 5, 0),
                                             utc(2026, 3, 27, 6, 0), utc(2026, 3, 27, 7, 0)}));
        // A deleted schedule takes its claims along: a new one may run at the same instants.
        QVERIFY(f.store->deleteSchedule(kOwner, hourly));
        QVERIFY(f.store->claimOccurrence(hourly, utc(2026, 3, 27, 5, 0), f.clock.utcNow()).value());
        QVERIFY(
            !f.store->claimOccurrence(hourly, utc(2026, 3, 27, 5, 0), f.clock.utcNow()).value());
        service2.stop();
    }

    // A draining process (SIGTERM) leaves new occurrences to the other process.
    void aDrainingProcessLeavesOccurrencesToTheOthers() {
        Fixture f;
        SecondProcess p2(f);
        ScheduleService& service2 = p2.service;
        zerg::test::RecordingRunner& runner2 = p2.runner;
        const qint64 hourly = p2.hourly(false, utc(2026, 3, 27, 5, 0));
        f.service->setDraining(true);  // the fixture's process drains; service2 does not
        f.service->start();
        service2.start();
        f.clock.advance(3 * 3600 * 1000);
        QCOMPARE(f.runner.tasks.size(), 0);
        QCOMPARE(runner2.tasks.size(), 3);  // each occurrence once, all in the other process
        QCOMPARE(f.runs(hourly).size(), 3);
        service2.stop();
    }

    // Without start() (a one-shot command, a second process), schedules are kept but never fire.
    void nothingFiresBeforeStart() {
        Fixture f;
        const auto s =
            f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                      QStringLiteral("*/5 * * * *"), QStringLiteral("UTC"));
        QVERIFY(s);
        QVERIFY(s->nextRunAt.isValid());
        f.clock.advance(3600 * 1000);
        QCOMPARE(f.runner.tasks.size(), 0);
        QCOMPARE(f.service->runNow(s->id).error().code, QStringLiteral("not_running"));
        QCOMPARE(f.runner.tasks.size(), 0);
        f.service->start();
        QCOMPARE(f.runner.tasks.size(), 0);  // missed without catch-up: skipped
        f.clock.advance(5 * 60 * 1000);
        QCOMPARE(f.runner.tasks.size(), 1);
    }

    void editsTakeEffectAndDisabledSchedulesNeverFire() {
        Fixture f;
        f.service->start();
        const auto s = f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                                 QStringLiteral("@daily"), QStringLiteral("UTC"));
        QVERIFY(s);
        SchedulePatch weekly;
        weekly.cron = QStringLiteral("0 9 * * MON");
        const auto changed = f.service->updateSchedule(s->id, weekly);
        QVERIFY(changed);
        QCOMPARE(changed->nextRunAt, utc(2026, 3, 30, 9, 0));  // the next Monday
        SchedulePatch badZone;
        badZone.timeZone = QStringLiteral("Nowhere/Land");
        QCOMPARE(f.service->updateSchedule(s->id, badZone).error().code,
                 QStringLiteral("invalid_time_zone"));
        SchedulePatch off;
        off.enabled = false;
        QVERIFY(f.service->updateSchedule(s->id, off));
        QVERIFY(!f.store->schedule(kOwner, s->id)->nextRunAt.isValid());
        f.clock.advance(8 * 24 * 3600 * 1000LL);
        QCOMPARE(f.runner.tasks.size(), 0);
        QVERIFY(f.service->deleteSchedule(s->id));
        QCOMPARE(f.store->listSchedules(kOwner)->size(), 0);
    }

    // Stopped and started again (its supervisor restarting it): a check in flight is not taken
    // for an interrupted one and still records its outcome, nothing fires while stopped, and
    // what fell due meanwhile fires as soon as it is started again.
    void stopAndStartAgainReArmsWithoutFailingRunsInFlight() {
        Fixture f;
        f.service->start();
        const auto s =
            f.service->createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                      QStringLiteral("*/30 * * * *"), QStringLiteral("UTC"));
        QVERIFY(s);
        QVERIFY(f.service->runNow(s->id));
        const qint64 inFlight = f.runner.lastRun;
        const auto runOf = [&f, &s](qint64 runId) {
            for (const ScheduleRunRecord& r : f.runs(s->id)) {
                if (r.runId == runId)
                    return r;
            }
            return ScheduleRunRecord{};
        };
        QCOMPARE(statusName(runOf(inFlight).status), QStringLiteral("running"));

        f.service->stop();
        f.service->stop();  // idempotent
        QVERIFY(!f.service->isRunning());
        QCOMPARE(f.service->runNow(s->id).error().code, QStringLiteral("not_running"));
        f.clock.advance(45 * 60 * 1000);  // 04:45: the 04:30 run fell due while stopped
        QCOMPARE(f.runner.tasks.size(), 1);

        f.service->start();
        QVERIFY(f.service->isRunning());
        QCOMPARE(statusName(runOf(inFlight).status),
                 QStringLiteral("running"));  // not "interrupted"
        f.clock.advance(0);                   // the timer is armed again, from the database
        QCOMPARE(f.runner.tasks.size(), 2);
        QCOMPARE(runOf(f.runner.lastRun).scheduledFor, utc(2026, 3, 27, 4, 30));
        QCOMPARE(f.store->schedule(kOwner, s->id)->nextRunAt, utc(2026, 3, 27, 5, 0));

        f.service->runFinished(inFlight, RunStatus::Success, QStringLiteral("All good."), false);
        QCOMPARE(statusName(runOf(inFlight).status), QStringLiteral("success"));
        f.clock.advance(15 * 60 * 1000);  // 05:00
        QCOMPARE(f.runner.tasks.size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestScheduleService)
#include "test_schedule_service.moc"
