// Migration 4 and ScheduleStore: schedules, their run history, the task inbox and "pause all",
// on a real SQLite file and, as test_schedule_store_postgres (ZERG_TEST_DB=postgres), on a real
// PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "why.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
const QString kCron = QStringLiteral("0 9 * * *");
const QString kZone = QStringLiteral("Europe/Berlin");

QVariant scalar(const Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

template <typename Record>
QList<qint64> idsOf(const QList<Record>& rows) {
    QList<qint64> ids;
    for (const Record& r : rows)
        ids.append(r.id);
    return ids;
}

// QVERIFY2 evaluates its message even when the check passes.
QStringList namesOf(const QList<ScheduleRecord>& rows) {
    QStringList names;
    for (const ScheduleRecord& r : rows)
        names.append(r.name);
    return names;
}

QStringList indexesOf(const Database& db, const QString& table) {
    return test::indexNames(db.connection(), table);
}

}  // namespace

class TestScheduleStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    QString freshPath() { return m_tmp.filePath(QStringLiteral("s%1/zerg.sqlite").arg(++m_n)); }

    std::unique_ptr<Database> openOk(const QString& path) {
        auto db = test::openTestDatabase(path, kT0);
        if (!db)
            qWarning("%s", qPrintable(db.error().message));
        return db ? std::move(db).value() : nullptr;
    }

    struct Fixture {
        std::unique_ptr<Database> db;
        std::unique_ptr<Store> store;
        std::unique_ptr<ScheduleStore> schedules;
    };
    Fixture fixture(const QString& path = QString()) {
        Fixture f;
        f.db = openOk(path.isEmpty() ? freshPath() : path);
        if (!f.db)
            return f;
        f.store = std::make_unique<Store>(f.db.get());
        f.schedules = std::make_unique<ScheduleStore>(f.db.get());
        return f;
    }

    // A supervisor run of the owner, for attachRun and inbox items.
    static qint64 makeRun(Store& store, qint64 ownerId) {
        const auto thread = store.findOrCreateSupervisorThread(ownerId, QString(), kT0);
        if (!thread)
            return 0;
        const auto run = store.createRun(ownerId, thread->id, QStringLiteral("check disks"), kT0,
                                         QStringLiteral("background"));
        return run ? run.value() : 0;
    }

    static qint64 makeSchedule(ScheduleStore& s, qint64 ownerId, const QString& name,
                               bool enabled = true) {
        const auto id = s.createSchedule(ownerId, name, QStringLiteral("check the disks"), kCron,
                                         kZone, enabled, false, kT0);
        if (!id)
            qWarning("%s", qPrintable(id.error().message));
        return id ? id.value() : 0;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void migration4CreatesTheTablesOnAFreshDatabase() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        QVERIFY(migrations::latestVersion() >= 4);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        const Migration& m4 = migrations::all().at(3);
        QCOMPARE(m4.version, 4);
        QCOMPARE(m4.description, QStringLiteral("schedules, schedule runs, task inbox"));
        QCOMPARE(scalar(*db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                            "version = 4"))
                     .toString(),
                 QStringLiteral("2026-03-01T09:00:00.000Z"));

        const QSqlDatabase c = db->connection();
        const QStringList tables = c.tables();
        for (const char* t : {"schedules", "schedule_runs", "inbox_items", "schedule_state"})
            QVERIFY2(tables.contains(QString::fromLatin1(t)), t);
        const QSqlRecord sched = c.record(QStringLiteral("schedules"));
        for (const char* col :
             {"id", "owner_id", "name", "task", "cron", "time_zone", "enabled", "catch_up",
              "created_at", "updated_at", "last_run_at", "next_run_at"}) {
            QVERIFY2(sched.contains(QString::fromLatin1(col)), col);
        }
        const QSqlRecord runs = c.record(QStringLiteral("schedule_runs"));
        for (const char* col :
             {"schedule_id", "owner_id", "run_id", "trigger", "scheduled_for", "started_at",
              "finished_at", "status", "severity", "summary", "error"}) {
            QVERIFY2(runs.contains(QString::fromLatin1(col)), col);
        }
        const QSqlRecord inbox = c.record(QStringLiteral("inbox_items"));
        for (const char* col : {"owner_id", "run_id", "schedule_id", "title", "body", "severity",
                                "created_at", "read_at"}) {
            QVERIFY2(inbox.contains(QString::fromLatin1(col)), col);
        }
        QVERIFY(c.record(QStringLiteral("schedule_state")).contains(QStringLiteral("paused")));
        QCOMPARE(indexesOf(*db, QStringLiteral("schedule_runs")),
                 (QStringList{QStringLiteral("ix_schedule_runs_run"),
                              QStringLiteral("ix_schedule_runs_schedule")}));
        QVERIFY(indexesOf(*db, QStringLiteral("inbox_items"))
                    .contains(QStringLiteral("ix_inbox_owner_read")));
        QVERIFY(indexesOf(*db, QStringLiteral("schedules"))
                    .contains(QStringLiteral("ix_schedules_due")));
    }

    // A database written by the previous release (migrations 1-3) gains the tables on open and
    // keeps its rows, which the new tables can then refer to.
    void migration4UpgradesAVersion3Database() {
        const QString path = freshPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        const QString connection = QStringLiteral("v3-maker");
        {
            Result<QSqlDatabase> opened = test::rawTestConnection(path, connection);
            QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
            QSqlDatabase raw = std::move(opened).value();
            QSqlQuery q(raw);
            QVERIFY(
                q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER "
                                      "PRIMARY KEY, applied_at TEXT NOT NULL)")));
            for (const Migration& m : migrations::all()) {
                if (m.version > 3)
                    break;
                for (const QString& statement : m.statements) {
                    QVERIFY2(q.exec(migrations::forDriver(statement, raw.driverName())),
                             qPrintable(q.lastError().text()));
                }
                QVERIFY(q.exec(QStringLiteral("INSERT INTO schema_migrations VALUES "
                                              "(%1, '2025-06-01T00:00:00.000Z')")
                                   .arg(m.version)));
            }
            QVERIFY(q.exec(QStringLiteral("INSERT INTO owners VALUES (1, 'me', 'x')")));
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO threads (id, owner_id, created_at, "
                                      "updated_at) VALUES (7, 1, 'x', 'x')")));
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO runs (id, owner_id, thread_id, task, "
                                      "status, started_at) VALUES (9, 1, 7, 'old run', "
                                      "'success', 'x')")));
            QVERIFY(!raw.tables().contains(QStringLiteral("schedules")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(connection);

        Fixture f = fixture(path);
        QVERIFY(f.db);
        QCOMPARE(f.db->schemaVersion(), migrations::latestVersion());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                              "version = 3"))
                     .toString(),
                 QStringLiteral("2025-06-01T00:00:00.000Z"));
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                              "version = 4"))
                     .toString(),
                 QStringLiteral("2026-03-01T09:00:00.000Z"));
        QCOMPARE(f.store->run(9)->task, QStringLiteral("old run"));
        const qint64 sid = makeSchedule(*f.schedules, 1, QStringLiteral("disks"));
        QVERIFY(sid > 0);
        const auto srun = f.schedules->startScheduleRun(1, sid, QStringLiteral("manual"), {}, kT0);
        QVERIFY(srun);
        QVERIFY(f.schedules->attachRun(srun.value(), 9));
        QCOMPARE(f.schedules->scheduleRun(1, srun.value())->runId, qint64(9));
        QVERIFY(f.schedules->addInboxItem(1, 9, sid, QStringLiteral("Disks fine"),
                                          QStringLiteral("All below 80%."), QStringLiteral("info"),
                                          kT0));
    }

    // The CHECK constraints hold even for writes that bypass the repository.
    void schemaRefusesValuesOutsideItsVocabulary() {
        Fixture f = fixture();
        QVERIFY(f.db);
        const qint64 sid = makeSchedule(*f.schedules, 1, QStringLiteral("disks"));
        QVERIFY(sid > 0);
        QSqlQuery q(f.db->connection());
        const QString ok = QStringLiteral("'2026-03-01T09:00:00.000Z'");
        const QString runInsert = QStringLiteral(
            "INSERT INTO schedule_runs (schedule_id, owner_id, trigger, "
            "started_at, status, severity) VALUES (%1, 1, %2, %3, %4, %5)");
        auto runRow = [&](const char* trigger, const char* status, const char* severity) {
            return q.exec(runInsert.arg(sid).arg(QLatin1String(trigger), ok, QLatin1String(status),
                                                 QLatin1String(severity)));
        };
        QVERIFY2(runRow("'cron'", "'skipped'", "NULL"), qPrintable(q.lastError().text()));
        QVERIFY(runRow("'catch_up'", "'running'", "'critical'"));
        QVERIFY(!runRow("'hourly'", "'running'", "NULL"));
        QVERIFY(!runRow("'cron'", "'done'", "NULL"));
        QVERIFY(!runRow("'cron'", "'success'", "'urgent'"));
        QVERIFY(!q.exec(QStringLiteral("UPDATE schedules SET enabled = 2")));
        QVERIFY(!q.exec(QStringLiteral("UPDATE schedules SET catch_up = -1")));
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO inbox_items (owner_id, title, body, "
                                       "severity, created_at) VALUES (1, 't', 'b', 'loud', %1)")
                            .arg(ok)));
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO schedule_state VALUES (1, 3, %1)").arg(ok)));
        // A second schedule of the same name for the same owner, bypassing the repository.
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO schedules (owner_id, name, task, cron, "
                                       "time_zone, created_at, updated_at) VALUES "
                                       "(1, 'disks', 't', '@daily', 'UTC', %1, %1)")
                            .arg(ok)));
    }

    void createdSchedulesRoundTripAndListByName() {
        Fixture f = fixture();
        QVERIFY(f.db);
        const auto id = f.schedules->createSchedule(
            1, QStringLiteral("  nightly backup check "),
            QStringLiteral("Is last night's backup there?"), QStringLiteral(" @daily "),
            QStringLiteral("America/New_York"), false, true, kT0);
        QVERIFY2(id, why(id).constData());
        QVERIFY(makeSchedule(*f.schedules, 1, QStringLiteral("disks")) > 0);
        QVERIFY(makeSchedule(*f.schedules, 1, QStringLiteral("certificates")) > 0);
        // The owner row was created on the way.
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM owners WHERE id = 1")).toInt(),
                 1);

        const auto s = f.schedules->schedule(1, id.value());
        QVERIFY(s);
        QCOMPARE(s->id, id.value());
        QCOMPARE(s->ownerId, qint64(1));
        QCOMPARE(s->name, QStringLiteral("nightly backup check"));
        QCOMPARE(s->task, QStringLiteral("Is last night's backup there?"));
        QCOMPARE(s->cron, QStringLiteral("@daily"));
        QCOMPARE(s->timeZone, QStringLiteral("America/New_York"));
        QCOMPARE(s->enabled, false);
        QCOMPARE(s->catchUp, true);
        QCOMPARE(s->createdAt, kT0);
        QCOMPARE(s->updatedAt, kT0);
        QVERIFY(!s->lastRunAt.isValid());
        QVERIFY(!s->nextRunAt.isValid());

        const auto found = f.schedules->findSchedule(1, QStringLiteral("nightly backup check "));
        QVERIFY(found);
        QCOMPARE(found->id, id.value());
        const auto missing = f.schedules->findSchedule(1, QStringLiteral("weekly"));
        QCOMPARE(missing.error().code, QStringLiteral("not_found"));
        QCOMPARE(missing.error().message,
                 QStringLiteral("No schedule named 'weekly'. List the schedules to see their "
                                "names."));

        QCOMPARE(namesOf(f.schedules->listSchedules(1).value()),
                 (QStringList{QStringLiteral("certificates"), QStringLiteral("disks"),
                              QStringLiteral("nightly backup check")}));
        QVERIFY(f.schedules->listSchedules(2)->isEmpty());
    }

    // A schedule's own approval mode (issue 22): none (Settings'), then ask, then none again;
    // the other fields stay as they were.
    void theApprovalModeRoundTrips() {
        Fixture f = fixture();
        QVERIFY(f.db);
        const qint64 id = makeSchedule(*f.schedules, 1, QStringLiteral("restarts"));
        QVERIFY(id > 0);
        QVERIFY(!f.schedules->schedule(1, id)->approvalMode);
        SchedulePatch ask;
        ask.approvalMode = std::optional<ApprovalMode>(ApprovalMode::Ask);
        const auto asked = f.schedules->updateSchedule(1, id, ask, kT0);
        QVERIFY2(asked, why(asked).constData());
        QCOMPARE(asked->approvalMode, std::optional<ApprovalMode>(ApprovalMode::Ask));
        QCOMPARE(f.schedules->schedule(1, id)->approvalMode,
                 std::optional<ApprovalMode>(ApprovalMode::Ask));
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT approval_mode FROM schedules")).toString(),
                 QStringLiteral("ask"));
        SchedulePatch back;
        back.approvalMode = std::optional<ApprovalMode>();
        QVERIFY(f.schedules->updateSchedule(1, id, back, kT0));
        QVERIFY(!f.schedules->schedule(1, id)->approvalMode);
        QVERIFY(scalar(*f.db, QStringLiteral("SELECT approval_mode FROM schedules")).isNull());
        QCOMPARE(f.schedules->schedule(1, id)->name, QStringLiteral("restarts"));
    }

    void blankScheduleFieldsAreRefusedWithClearMessages() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const QString task = QStringLiteral("t");
        auto create = [&](const QString& name, const QString& t, const QString& cron,
                          const QString& zone, qint64 owner = 1) {
            return s.createSchedule(owner, name, t, cron, zone, true, false, kT0);
        };
        const auto noName = create(QStringLiteral("  "), task, kCron, kZone);
        QCOMPARE(noName.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(noName.error().message,
                 QStringLiteral("A schedule needs a name; give it a short unique one."));
        const auto noTask = create(QStringLiteral("a"), QString(), kCron, kZone);
        QCOMPARE(noTask.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(noTask.error().message.contains(QStringLiteral("needs a task")));
        const auto noCron = create(QStringLiteral("a"), task, QStringLiteral(""), kZone);
        QCOMPARE(noCron.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(noCron.error().message,
                 QStringLiteral("A schedule needs a cron expression, e.g. '0 9 * * 1-5' or "
                                "'@daily'."));
        const auto noZone = create(QStringLiteral("a"), task, kCron, QString());
        QCOMPARE(noZone.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(noZone.error().message.contains(QStringLiteral("time zone")));
        const auto badOwner = create(QStringLiteral("a"), task, kCron, kZone, 0);
        QCOMPARE(badOwner.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(badOwner.error().message,
                 QStringLiteral("Owner id 0 is not valid; owner ids start at 1."));
        QVERIFY(s.listSchedules(1)->isEmpty());

        const qint64 id = makeSchedule(s, 1, QStringLiteral("disks"));
        SchedulePatch blankCron;
        blankCron.cron = QStringLiteral(" ");
        QCOMPARE(s.updateSchedule(1, id, blankCron, kT0).error().code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(s.schedule(1, id)->cron, kCron);
    }

    void duplicateNamesAreAConflictPerOwner() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 disks = makeSchedule(s, 1, QStringLiteral("disks"));
        QVERIFY(disks > 0);
        const auto again = s.createSchedule(1, QStringLiteral("disks "), QStringLiteral("other"),
                                            QStringLiteral("@hourly"), kZone, true, false, kT0);
        QVERIFY(!again);
        QCOMPARE(again.error().code, QStringLiteral("conflict"));
        QCOMPARE(again.error().message,
                 QStringLiteral("A schedule named 'disks' already exists. Pick another name or "
                                "update the existing schedule."));
        QCOMPARE(s.listSchedules(1)->size(), 1);
        QCOMPARE(s.schedule(1, disks)->task, QStringLiteral("check the disks"));

        // Another owner may use the same name.
        QVERIFY(makeSchedule(s, 2, QStringLiteral("disks")) > 0);

        // Renaming onto an existing name is the same conflict; renaming to itself is fine.
        const qint64 certs = makeSchedule(s, 1, QStringLiteral("certificates"));
        SchedulePatch rename;
        rename.name = QStringLiteral("disks");
        const auto clash = s.updateSchedule(1, certs, rename, kT0);
        QCOMPARE(clash.error().code, QStringLiteral("conflict"));
        QCOMPARE(s.schedule(1, certs)->name, QStringLiteral("certificates"));
        QVERIFY(s.updateSchedule(1, disks, rename, kT0));
    }

    void updateAppliesThePatchAndDropsAStaleNextRun() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 id = makeSchedule(s, 1, QStringLiteral("disks"));
        const QDateTime next = kT0.addDays(1);
        QVERIFY(s.setNextRun(id, next));
        QCOMPARE(s.schedule(1, id)->nextRunAt, next);

        // Name, task and catch-up do not change when it fires: the cached time stays.
        SchedulePatch words;
        words.name = QStringLiteral("disk space");
        words.task = QStringLiteral("Check free space on all hosts");
        words.catchUp = true;
        words.cron = kCron;  // the same text: not a change
        const auto updated = s.updateSchedule(1, id, words, kT0.addSecs(60));
        QVERIFY2(updated, why(updated).constData());
        QCOMPARE(updated->name, QStringLiteral("disk space"));
        QCOMPARE(updated->task, QStringLiteral("Check free space on all hosts"));
        QCOMPARE(updated->catchUp, true);
        QCOMPARE(updated->nextRunAt, next);
        const ScheduleRecord stored = s.schedule(1, id).value();
        QCOMPARE(stored.name, QStringLiteral("disk space"));
        QCOMPARE(stored.task, QStringLiteral("Check free space on all hosts"));
        QCOMPARE(stored.catchUp, true);
        QCOMPARE(stored.cron, kCron);
        QCOMPARE(stored.timeZone, kZone);
        QCOMPARE(stored.enabled, true);
        QCOMPARE(stored.createdAt, kT0);
        QCOMPARE(stored.updatedAt, kT0.addSecs(60));
        QCOMPARE(stored.nextRunAt, next);

        // Each of cron, time zone and enabled invalidates the cached time.
        SchedulePatch cron;
        cron.cron = QStringLiteral("*/5 * * * *");
        QVERIFY(!s.updateSchedule(1, id, cron, kT0)->nextRunAt.isValid());
        QVERIFY(!s.schedule(1, id)->nextRunAt.isValid());
        QCOMPARE(s.schedule(1, id)->cron, QStringLiteral("*/5 * * * *"));

        QVERIFY(s.setNextRun(id, next));
        SchedulePatch zone;
        zone.timeZone = QStringLiteral("UTC");
        QVERIFY(s.updateSchedule(1, id, zone, kT0));
        QVERIFY(!s.schedule(1, id)->nextRunAt.isValid());

        QVERIFY(s.setNextRun(id, next));
        SchedulePatch off;
        off.enabled = false;
        QVERIFY(s.updateSchedule(1, id, off, kT0));
        QCOMPARE(s.schedule(1, id)->enabled, false);
        QVERIFY(!s.schedule(1, id)->nextRunAt.isValid());

        // setNextRun with an invalid time stores NULL; an unknown schedule is not_found.
        QVERIFY(s.setNextRun(id, next));
        QVERIFY(s.setNextRun(id, QDateTime()));
        QVERIFY(!s.schedule(1, id)->nextRunAt.isValid());
        const Status gone = s.setNextRun(424242, next);
        QCOMPARE(gone.error().code, QStringLiteral("not_found"));
        QCOMPARE(gone.error().message,
                 QStringLiteral("No schedule 424242; it may have been deleted. Reload the "
                                "schedules."));
    }

    void deleteRemovesTheRunsAndKeepsTheInboxItems() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 disks = makeSchedule(s, 1, QStringLiteral("disks"));
        const qint64 certs = makeSchedule(s, 1, QStringLiteral("certificates"));
        const qint64 runId = makeRun(*f.store, 1);
        QVERIFY(runId > 0);
        const qint64 r1 = s.startScheduleRun(1, disks, QStringLiteral("cron"), kT0, kT0).value();
        QVERIFY(s.attachRun(r1, runId));
        QVERIFY(s.finishScheduleRun(r1, ScheduleRunStatus::Success, QStringLiteral("info"),
                                    QStringLiteral("ok"), QString(), kT0));
        QVERIFY(s.startScheduleRun(1, disks, QStringLiteral("manual"), {}, kT0));
        const qint64 keptRun =
            s.startScheduleRun(1, certs, QStringLiteral("manual"), {}, kT0).value();
        const qint64 item = s.addInboxItem(1, runId, disks, QStringLiteral("Disks fine"),
                                           QStringLiteral("ok"), QStringLiteral("info"), kT0)
                                .value();
        const qint64 otherItem = s.addInboxItem(1, std::nullopt, certs, QStringLiteral("Certs"),
                                                QString(), QStringLiteral("warning"), kT0)
                                     .value();

        QVERIFY(s.deleteSchedule(1, disks));
        QCOMPARE(s.schedule(1, disks).error().code, QStringLiteral("not_found"));
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM schedule_runs WHERE "
                                              "schedule_id = %1")
                                   .arg(disks))
                     .toInt(),
                 0);
        const InboxItem kept = s.inboxItem(1, item).value();
        QCOMPARE(kept.scheduleId, qint64(0));
        QCOMPARE(kept.runId, runId);
        QCOMPARE(kept.title, QStringLiteral("Disks fine"));
        // The other schedule, its run and its item are untouched; so is the supervisor run.
        QCOMPARE(s.scheduleRun(1, keptRun)->scheduleId, certs);
        QCOMPARE(s.inboxItem(1, otherItem)->scheduleId, certs);
        QCOMPARE(statusName(f.store->run(runId)->status), QStringLiteral("running"));

        const Status again = s.deleteSchedule(1, disks);
        QCOMPARE(again.error().code, QStringLiteral("not_found"));
        QCOMPARE(again.error().message,
                 QStringLiteral("No schedule %1 for owner 1. List the schedules to see which "
                                "exist.")
                     .arg(disks));
        // The name is free again.
        QVERIFY(makeSchedule(s, 1, QStringLiteral("disks")) > 0);
    }

    void ownersSeeAndTouchOnlyTheirOwnRows() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 mine = makeSchedule(s, 1, QStringLiteral("disks"));
        const qint64 run1 = makeRun(*f.store, 1);
        const qint64 run2 = makeRun(*f.store, 2);
        const qint64 srun = s.startScheduleRun(1, mine, QStringLiteral("manual"), {}, kT0).value();
        const qint64 item = s.addInboxItem(1, run1, mine, QStringLiteral("Disks fine"), QString(),
                                           QStringLiteral("info"), kT0)
                                .value();
        const QString notFound = QStringLiteral("not_found");

        QCOMPARE(s.schedule(2, mine).error().code, notFound);
        QCOMPARE(s.findSchedule(2, QStringLiteral("disks")).error().code, notFound);
        QVERIFY(s.listSchedules(2)->isEmpty());
        SchedulePatch p;
        p.task = QStringLiteral("hijacked");
        QCOMPARE(s.updateSchedule(2, mine, p, kT0).error().code, notFound);
        QCOMPARE(s.deleteSchedule(2, mine).error().code, notFound);
        QCOMPARE(s.startScheduleRun(2, mine, QStringLiteral("manual"), {}, kT0).error().code,
                 notFound);
        QCOMPARE(s.listScheduleRuns(2, mine, 10).error().code, notFound);
        QCOMPARE(s.scheduleRun(2, srun).error().code, notFound);
        QCOMPARE(s.inboxItem(2, item).error().code, notFound);
        QVERIFY(s.listInbox(2, 10)->isEmpty());
        QCOMPARE(s.unreadCount(2).value(), 0);
        QCOMPARE(s.markRead(2, item, kT0).error().code, notFound);
        QCOMPARE(s.markAllRead(2, kT0).value(), 0);
        // Owner 2 cannot file an item under owner 1's run or schedule, nor link 1's run to 2's.
        const auto foreignRun = s.addInboxItem(2, run1, std::nullopt, QStringLiteral("x"),
                                               QString(), QStringLiteral("info"), kT0);
        QCOMPARE(foreignRun.error().code, notFound);
        QCOMPARE(foreignRun.error().message,
                 QStringLiteral("No run %1 for owner 2; the inbox item must refer to one of the "
                                "owner's runs or to none.")
                     .arg(run1));
        QCOMPARE(s.addInboxItem(2, std::nullopt, mine, QStringLiteral("x"), QString(),
                                QStringLiteral("info"), kT0)
                     .error()
                     .code,
                 notFound);
        const Status foreignAttach = s.attachRun(srun, run2);
        QCOMPARE(foreignAttach.error().code, notFound);
        QCOMPARE(foreignAttach.error().message,
                 QStringLiteral("No run %1 for owner 1; create the supervisor run before "
                                "linking it to schedule run %2.")
                     .arg(run2)
                     .arg(srun));

        // Nothing of owner 1 changed.
        QCOMPARE(s.schedule(1, mine)->task, QStringLiteral("check the disks"));
        QCOMPARE(s.listScheduleRuns(1, mine, 10)->size(), 1);
        QCOMPARE(s.scheduleRun(1, srun)->runId, qint64(0));
        QCOMPARE(s.unreadCount(1).value(), 1);
        QVERIFY(!s.inboxItem(1, item)->isRead());
    }

    void dueSchedulesHonourEnabledNextRunAndPause() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 early = makeSchedule(s, 1, QStringLiteral("early"));
        const qint64 onTime = makeSchedule(s, 1, QStringLiteral("on time"));
        const qint64 later = makeSchedule(s, 1, QStringLiteral("later"));
        const qint64 off = makeSchedule(s, 1, QStringLiteral("off"), false);
        makeSchedule(s, 1, QStringLiteral("never computed"));
        const qint64 other = makeSchedule(s, 2, QStringLiteral("other owner"));
        const QDateTime now = kT0.addSecs(3600);
        QVERIFY(s.setNextRun(early, now.addSecs(-600)));
        QVERIFY(s.setNextRun(onTime, now));
        QVERIFY(s.setNextRun(later, now.addMSecs(1)));
        QVERIFY(s.setNextRun(off, now.addSecs(-600)));
        QVERIFY(s.setNextRun(other, now.addSecs(-60)));

        QCOMPARE(idsOf(s.dueSchedules(now).value()), (QList<qint64>{early, other, onTime}));
        QCOMPARE(idsOf(s.dueSchedules(now.addSecs(1)).value()),
                 (QList<qint64>{early, other, onTime, later}));
        QVERIFY(s.dueSchedules(now.addSecs(-3600))->isEmpty());

        // Pausing owner 1 leaves owner 2's schedule due; resuming brings owner 1's back.
        QVERIFY(!s.isPaused(1).value());
        QVERIFY(s.setPaused(1, true, now));
        QVERIFY(s.isPaused(1).value());
        QVERIFY(!s.isPaused(2).value());
        QCOMPARE(idsOf(s.dueSchedules(now).value()), (QList<qint64>{other}));
        QVERIFY(s.setPaused(1, false, now));
        QVERIFY(!s.isPaused(1).value());
        QCOMPARE(idsOf(s.dueSchedules(now).value()), (QList<qint64>{early, other, onTime}));

        // Enabling again does not fire on the stale time: the scheduler recomputes first.
        SchedulePatch enable;
        enable.enabled = true;
        QVERIFY(s.updateSchedule(1, off, enable, now));
        QVERIFY(!idsOf(s.dueSchedules(now).value()).contains(off));

        const auto noTime = s.dueSchedules(QDateTime());
        QCOMPARE(noTime.error().code, QStringLiteral("invalid_argument"));
    }

    void pauseIsKeptAcrossReopenAndStampsTheTime() {
        const QString path = freshPath();
        {
            Fixture f = fixture(path);
            QVERIFY(f.db);
            QVERIFY(f.schedules->setPaused(3, true, kT0.addSecs(5)));
            QCOMPARE(f.schedules->setPaused(0, true, kT0).error().code,
                     QStringLiteral("invalid_argument"));
        }
        Fixture f = fixture(path);
        QVERIFY(f.db);
        QVERIFY(f.schedules->isPaused(3).value());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT updated_at FROM schedule_state WHERE "
                                              "owner_id = 3"))
                     .toString(),
                 QStringLiteral("2026-03-01T09:00:05.000Z"));
        QVERIFY(f.schedules->setPaused(3, false, kT0.addSecs(9)));
        QVERIFY(!f.schedules->isPaused(3).value());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM schedule_state")).toInt(), 1);
    }

    void runLifecycleWithHistoryNewestFirst() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 sid = makeSchedule(s, 1, QStringLiteral("disks"));
        const QDateTime instant = kT0.addDays(1);
        const QDateTime started = instant.addMSecs(250);
        const auto r1 = s.startScheduleRun(1, sid, QStringLiteral("cron"), instant, started);
        QVERIFY2(r1, why(r1).constData());
        QCOMPARE(s.schedule(1, sid)->lastRunAt, started);

        ScheduleRunRecord run = s.scheduleRun(1, r1.value()).value();
        QCOMPARE(run.scheduleId, sid);
        QCOMPARE(run.ownerId, qint64(1));
        QCOMPARE(run.trigger, QStringLiteral("cron"));
        QCOMPARE(run.scheduledFor, instant);
        QCOMPARE(run.startedAt, started);
        QCOMPARE(statusName(run.status), QStringLiteral("running"));
        QCOMPARE(run.runId, qint64(0));
        QVERIFY(!run.finishedAt.isValid());
        QVERIFY(run.severity.isEmpty());

        const qint64 supervisorRun = makeRun(*f.store, 1);
        QVERIFY(s.attachRun(r1.value(), supervisorRun));
        const QDateTime done = started.addSecs(42);
        QVERIFY(s.finishScheduleRun(r1.value(), ScheduleRunStatus::Success,
                                    QStringLiteral("warning"), QStringLiteral("/var at 91%"),
                                    QString(), done));
        run = s.scheduleRun(1, r1.value()).value();
        QCOMPARE(run.runId, supervisorRun);
        QCOMPARE(statusName(run.status), QStringLiteral("success"));
        QCOMPARE(run.severity, QStringLiteral("warning"));
        QCOMPARE(run.summary, QStringLiteral("/var at 91%"));
        QVERIFY(run.error.isEmpty());
        QCOMPARE(run.finishedAt, done);

        const Status twice =
            s.finishScheduleRun(r1.value(), ScheduleRunStatus::Failed, std::nullopt, QString(),
                                QStringLiteral("boom"), done.addSecs(1));
        QCOMPARE(twice.error().code, QStringLiteral("invalid_state"));
        QCOMPARE(twice.error().message,
                 QStringLiteral("Schedule run %1 already finished with status 'success'; its "
                                "outcome is kept.")
                     .arg(r1.value()));
        QCOMPARE(statusName(s.scheduleRun(1, r1.value())->status), QStringLiteral("success"));
        QCOMPARE(s.scheduleRun(1, r1.value())->finishedAt, done);

        // A manual run has no cron instant; a catch-up run does; skipped and failed finish too.
        const qint64 r2 =
            s.startScheduleRun(1, sid, QStringLiteral("manual"), {}, done.addSecs(60)).value();
        QVERIFY(!s.scheduleRun(1, r2)->scheduledFor.isValid());
        QVERIFY(s.finishScheduleRun(r2, ScheduleRunStatus::Failed, std::nullopt, QString(),
                                    QStringLiteral("host unreachable"), done.addSecs(61)));
        QCOMPARE(s.scheduleRun(1, r2)->error, QStringLiteral("host unreachable"));
        QVERIFY(s.scheduleRun(1, r2)->severity.isEmpty());
        const qint64 r3 =
            s.startScheduleRun(1, sid, QStringLiteral("catch_up"), instant, done.addSecs(120))
                .value();
        QVERIFY(s.finishScheduleRun(r3, ScheduleRunStatus::Skipped, QStringLiteral("info"),
                                    QStringLiteral("paused"), QString(), done.addSecs(120)));
        QCOMPARE(s.schedule(1, sid)->lastRunAt, done.addSecs(120));

        QCOMPARE(idsOf(s.listScheduleRuns(1, sid, 10).value()),
                 (QList<qint64>{r3, r2, r1.value()}));
        QCOMPARE(idsOf(s.listScheduleRuns(1, sid, 2).value()), (QList<qint64>{r3, r2}));
        // Another schedule's history is its own.
        const qint64 other = makeSchedule(s, 1, QStringLiteral("certs"));
        QVERIFY(s.listScheduleRuns(1, other, 10)->isEmpty());
    }

    // At start-up the runs a stopped process left "running" end as failed; finished runs and
    // another owner's runs stay as they are.
    void interruptedRunsOfTheOwnerAreFailed() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 sid = makeSchedule(s, 1, QStringLiteral("disks"));
        const qint64 theirSid = makeSchedule(s, 2, QStringLiteral("disks"));
        const qint64 open1 = s.startScheduleRun(1, sid, QStringLiteral("manual"), {}, kT0).value();
        const qint64 open2 =
            s.startScheduleRun(1, sid, QStringLiteral("cron"), kT0, kT0.addSecs(1)).value();
        const qint64 done = s.startScheduleRun(1, sid, QStringLiteral("manual"), {}, kT0).value();
        QVERIFY(s.finishScheduleRun(done, ScheduleRunStatus::Success, std::nullopt, QString(),
                                    QString(), kT0.addSecs(2)));
        const qint64 theirs =
            s.startScheduleRun(2, theirSid, QStringLiteral("manual"), {}, kT0).value();

        const QDateTime now = kT0.addSecs(600);
        const auto failed = s.failRunningScheduleRuns(1, QStringLiteral("interrupted"), now);
        QVERIFY2(failed, why(failed).constData());
        QCOMPARE(failed.value(), 2);
        for (qint64 id : {open1, open2}) {
            const ScheduleRunRecord r = s.scheduleRun(1, id).value();
            QCOMPARE(statusName(r.status), QStringLiteral("failed"));
            QCOMPARE(r.error, QStringLiteral("interrupted"));
            QCOMPARE(r.finishedAt, now);
        }
        QCOMPARE(statusName(s.scheduleRun(1, done)->status), QStringLiteral("success"));
        QCOMPARE(s.scheduleRun(1, done)->finishedAt, kT0.addSecs(2));
        QCOMPARE(statusName(s.scheduleRun(2, theirs)->status), QStringLiteral("running"));
        QCOMPARE(s.failRunningScheduleRuns(1, QStringLiteral("again"), now).value(), 0);
    }

    void badRunArgumentsAreRefusedWithClearMessages() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 sid = makeSchedule(s, 1, QStringLiteral("disks"));
        const QString invalidArg = QStringLiteral("invalid_argument");

        const auto badTrigger = s.startScheduleRun(1, sid, QStringLiteral("hourly"), kT0, kT0);
        QCOMPARE(badTrigger.error().code, invalidArg);
        QCOMPARE(badTrigger.error().message,
                 QStringLiteral("Unknown schedule trigger 'hourly'; use cron, manual or "
                                "catch_up."));
        const auto noInstant = s.startScheduleRun(1, sid, QStringLiteral("cron"), {}, kT0);
        QCOMPARE(noInstant.error().code, invalidArg);
        QCOMPARE(noInstant.error().message,
                 QStringLiteral("A cron run of schedule %1 needs the cron time it was scheduled "
                                "for.")
                     .arg(sid));
        QCOMPARE(s.startScheduleRun(1, 999, QStringLiteral("manual"), {}, kT0).error().code,
                 QStringLiteral("not_found"));
        QVERIFY(!s.schedule(1, sid)->lastRunAt.isValid());  // nothing started

        const qint64 r = s.startScheduleRun(1, sid, QStringLiteral("manual"), {}, kT0).value();
        const Status running = s.finishScheduleRun(r, ScheduleRunStatus::Running, std::nullopt,
                                                   QString(), QString(), kT0);
        QCOMPARE(running.error().code, invalidArg);
        QCOMPARE(running.error().message,
                 QStringLiteral("Cannot finish schedule run %1 with status 'running'; use "
                                "success, failed, cancelled, timeout or skipped.")
                     .arg(r));
        const Status loud = s.finishScheduleRun(
            r, ScheduleRunStatus::Success, QStringLiteral("urgent"), QString(), QString(), kT0);
        QCOMPARE(loud.error().code, invalidArg);
        QCOMPARE(loud.error().message,
                 QStringLiteral("Unknown severity 'urgent'; use info, warning or critical."));
        QCOMPARE(statusName(s.scheduleRun(1, r)->status), QStringLiteral("running"));

        const Status noRun = s.finishScheduleRun(777, ScheduleRunStatus::Success, std::nullopt,
                                                 QString(), QString(), kT0);
        QCOMPARE(noRun.error().code, QStringLiteral("not_found"));
        QCOMPARE(noRun.error().message,
                 QStringLiteral("No schedule run 777. List the schedule's runs to see which "
                                "exist."));
        QCOMPARE(s.attachRun(777, makeRun(*f.store, 1)).error().code, QStringLiteral("not_found"));
        QCOMPARE(s.attachRun(r, 555).error().code, QStringLiteral("not_found"));
        const auto zero = s.listScheduleRuns(1, sid, 0);
        QCOMPARE(zero.error().code, invalidArg);
        QCOMPARE(zero.error().message,
                 QStringLiteral("The schedule run list limit must be at least 1."));
    }

    void inboxIsNewestFirstWithUnreadCountAndMarking() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const qint64 sid = makeSchedule(s, 1, QStringLiteral("disks"));
        const qint64 runId = makeRun(*f.store, 1);
        QCOMPARE(s.unreadCount(1).value(), 0);
        QVERIFY(s.listInbox(1, 10)->isEmpty());

        // Two items in the same millisecond still keep their arrival order.
        const qint64 a =
            s.addInboxItem(1, runId, sid, QStringLiteral("Disks fine"),
                           QStringLiteral("All below **80%**."), QStringLiteral("info"), kT0)
                .value();
        const qint64 b =
            s.addInboxItem(1, std::nullopt, std::nullopt, QStringLiteral("Certificate expires"),
                           QStringLiteral("in 5 days"), QStringLiteral("warning"), kT0)
                .value();
        const qint64 c = s.addInboxItem(1, 0, 0, QStringLiteral("Backup missing"), QString(),
                                        QStringLiteral("critical"), kT0.addSecs(1))
                             .value();
        QCOMPARE(idsOf(s.listInbox(1, 10).value()), (QList<qint64>{c, b, a}));
        QCOMPARE(idsOf(s.listInbox(1, 2).value()), (QList<qint64>{c, b}));
        QCOMPARE(s.unreadCount(1).value(), 3);

        const InboxItem first = s.inboxItem(1, a).value();
        QCOMPARE(first.ownerId, qint64(1));
        QCOMPARE(first.runId, runId);
        QCOMPARE(first.scheduleId, sid);
        QCOMPARE(first.title, QStringLiteral("Disks fine"));
        QCOMPARE(first.body, QStringLiteral("All below **80%**."));
        QCOMPARE(first.severity, QStringLiteral("info"));
        QCOMPARE(first.createdAt, kT0);
        QVERIFY(!first.isRead());
        const InboxItem third = s.inboxItem(1, c).value();
        QCOMPARE(third.runId, qint64(0));
        QCOMPARE(third.scheduleId, qint64(0));
        QCOMPARE(third.body, QString());

        // Reading one; reading it again keeps the first read time.
        QVERIFY(s.markRead(1, b, kT0.addSecs(10)));
        QVERIFY(s.markRead(1, b, kT0.addSecs(20)));
        QCOMPARE(s.inboxItem(1, b)->readAt, kT0.addSecs(10));
        QCOMPARE(s.unreadCount(1).value(), 2);
        QCOMPARE(idsOf(s.listInbox(1, 10, true).value()), (QList<qint64>{c, a}));
        QCOMPARE(idsOf(s.listInbox(1, 10, false).value()), (QList<qint64>{c, b, a}));

        // Another owner's unread item is not touched by owner 1's "mark all read".
        const qint64 theirs = s.addInboxItem(2, std::nullopt, std::nullopt, QStringLiteral("x"),
                                             QString(), QStringLiteral("info"), kT0)
                                  .value();
        QCOMPARE(s.markAllRead(1, kT0.addSecs(30)).value(), 2);
        QCOMPARE(s.unreadCount(1).value(), 0);
        QVERIFY(s.listInbox(1, 10, true)->isEmpty());
        QCOMPARE(s.inboxItem(1, a)->readAt, kT0.addSecs(30));
        QCOMPARE(s.inboxItem(1, b)->readAt, kT0.addSecs(10));
        QCOMPARE(s.markAllRead(1, kT0.addSecs(40)).value(), 0);
        QCOMPARE(s.unreadCount(2).value(), 1);
        QVERIFY(!s.inboxItem(2, theirs)->isRead());
    }

    void badInboxItemsAreRefusedWithClearMessages() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ScheduleStore& s = *f.schedules;
        const auto loud = s.addInboxItem(1, std::nullopt, std::nullopt, QStringLiteral("t"),
                                         QString(), QStringLiteral("urgent"), kT0);
        QCOMPARE(loud.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(loud.error().message,
                 QStringLiteral("Unknown severity 'urgent'; use info, warning or critical."));
        const auto untitled = s.addInboxItem(1, std::nullopt, std::nullopt, QStringLiteral(" "),
                                             QStringLiteral("body"), QStringLiteral("info"), kT0);
        QCOMPARE(untitled.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(untitled.error().message,
                 QStringLiteral("An inbox item needs a title that says what it is about."));
        QCOMPARE(s.addInboxItem(1, 404, std::nullopt, QStringLiteral("t"), QString(),
                                QStringLiteral("info"), kT0)
                     .error()
                     .code,
                 QStringLiteral("not_found"));
        QCOMPARE(s.addInboxItem(-1, std::nullopt, std::nullopt, QStringLiteral("t"), QString(),
                                QStringLiteral("info"), kT0)
                     .error()
                     .code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(s.unreadCount(1).value(), 0);

        const Status missing = s.markRead(1, 31337, kT0);
        QCOMPARE(missing.error().code, QStringLiteral("not_found"));
        QCOMPARE(missing.error().message,
                 QStringLiteral("No inbox item 31337 for owner 1; it may have been removed. "
                                "Reload the inbox."));
        const auto limit = s.listInbox(1, 0);
        QCOMPARE(limit.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(limit.error().message, QStringLiteral("The inbox list limit must be at least 1."));
    }

    void vocabularyHelpersMatchTheSchema() {
        for (const char* t : {"cron", "manual", "catch_up"})
            QVERIFY(ScheduleStore::isTrigger(QString::fromLatin1(t)));
        QVERIFY(!ScheduleStore::isTrigger(QStringLiteral("Cron")));
        for (const char* sev : {"info", "warning", "critical"})
            QVERIFY(ScheduleStore::isSeverity(QString::fromLatin1(sev)));
        QVERIFY(!ScheduleStore::isSeverity(QString()));
    }
};

QTEST_GUILESS_MAIN(TestScheduleStore)
#include "test_schedule_store.moc"
