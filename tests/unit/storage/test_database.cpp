// Database: migrations and the basic Store round trips, on SQLite and (test_database_postgres,
// ZERG_TEST_DB=postgres) on a real PostgreSQL server; plus picking the engine from a URL.
#include "core/status.h"
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "storage/store.h"
#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QMutex>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <latch>
#include <thread>
#include <vector>

#include <sys/stat.h>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

// The permission bits of path, or -1 when it does not exist.
int modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 0777) : -1;
}

QVariant scalar(const Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

}  // namespace

class TestDatabase : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_n = 0;

    // A fresh file per test, in a folder that does not exist yet.
    QString freshPath() { return m_tmp.filePath(QStringLiteral("t%1/sub/zerg.sqlite").arg(++m_n)); }

    std::unique_ptr<Database> openOk(const QString& path, const QDateTime& now = kT0) {
        auto db = test::openTestDatabase(path, now);
        if (!db)
            qWarning("%s", qPrintable(db.error().message));
        return db ? std::move(db).value() : nullptr;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void freshOpenCreatesTheLatestSchema() {
        const QString path = freshPath();
        auto db = openOk(path);
        QVERIFY(db);
        if (test::testsUsePostgres()) {
            QVERIFY(db->isPostgres());
            QCOMPARE(db->driverName(), QStringLiteral("QPSQL"));
        } else {
            QVERIFY(QFile::exists(path));
            QVERIFY(!db->isPostgres());
            QCOMPARE(db->driverName(), QStringLiteral("QSQLITE"));
        }
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        QVERIFY(migrations::latestVersion() >= 1);
        const QStringList tables = db->connection().tables();
        for (const char* t :
             {"schema_migrations", "owners", "threads", "messages", "runs", "worker_jobs"}) {
            QVERIFY2(tables.contains(QString::fromLatin1(t)), t);
        }
        QCOMPARE(scalar(*db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                            "version = 1"))
                     .toString(),
                 QStringLiteral("2026-01-01T12:00:00.000Z"));
    }

    void reopenDoesNotReapply() {
        const QString path = freshPath();
        QVERIFY(openOk(path, kT0));
        auto db = openOk(path, kT0.addDays(1));
        QVERIFY(db);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toInt(),
                 migrations::all().size());
        // Still stamped with the first open's time: nothing ran again.
        QCOMPARE(
            scalar(*db, QStringLiteral("SELECT MAX(applied_at) FROM schema_migrations")).toString(),
            QStringLiteral("2026-01-01T12:00:00.000Z"));
    }

    void newerSchemaIsRefusedWithAClearError() {
        const QString path = freshPath();
        {
            auto db = openOk(path);
            QVERIFY(db);
            QSqlQuery q(db->connection());
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO schema_migrations (version, applied_at) "
                                      "VALUES (999, '2030-01-01T00:00:00.000Z')")));
        }
        const auto again = test::openTestDatabase(path, kT0);
        QVERIFY(!again);
        QCOMPARE(again.error().code, QStringLiteral("schema_too_new"));
        QCOMPARE(again.error().message,
                 QStringLiteral("database was created by a newer Zerg (schema 999 > %1); upgrade "
                                "Zerg or use another %2")
                     .arg(migrations::latestVersion())
                     .arg(test::testsUsePostgres() ? QStringLiteral("database in ZERG_DATABASE_URL")
                                                   : QStringLiteral("ZERG_DATA_DIR")));
    }

    void notADatabaseIsRefused() {
        if (test::testsUsePostgres())
            QSKIP("about a damaged SQLite file; PostgreSQL has no file to damage");
        const QString path = freshPath();
        auto first = openOk(path);  // creates the folders
        first.reset();
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray(4096, 'x'));
        f.close();
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        const auto db = Database::open(path, kT0);
        QVERIFY(!db);
        QVERIFY2(db.error().message.contains(path), qPrintable(db.error().message));
        QVERIFY(db.error().message.contains(QStringLiteral("ZERG_DATA_DIR")));
    }

    // The database is the user's only: a new file 0600 (and its -wal and -shm, which SQLite
    // creates with the file's mode), a new folder 0700, even under the most open umask.
    void newFileIsTheUsersOnly() {
        if (test::testsUsePostgres())
            QSKIP("about the SQLite file's mode; PostgreSQL keeps its own files");
        const QString path = freshPath();  // neither the file nor its folders exist yet
        const mode_t oldMask = ::umask(0);
        auto opened = Database::open(path, kT0);
        ::umask(oldMask);
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        std::unique_ptr<Database> db = std::move(opened).value();
        QCOMPARE(modeOf(path), 0600);
        QCOMPARE(scalar(*db, QStringLiteral("PRAGMA journal_mode")).toString(),
                 QStringLiteral("wal"));
        QVERIFY(QFile::exists(path + QStringLiteral("-wal")));  // while the connection is open
        QCOMPARE(modeOf(path + QStringLiteral("-wal")), 0600);
        QCOMPARE(modeOf(path + QStringLiteral("-shm")), 0600);
        QCOMPARE(modeOf(QFileInfo(path).absolutePath()), 0700);

        // An existing file keeps the mode its owner gave it (Zerg only warns).
        db.reset();
        QVERIFY(QFile::setPermissions(
            path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup));
        QVERIFY(Database::open(path, kT0));
        QCOMPARE(modeOf(path), 0640);
    }

    void walAndForeignKeysAreOn() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        if (!test::testsUsePostgres()) {  // PostgreSQL always enforces foreign keys, has no WAL
                                          // mode
            QCOMPARE(scalar(*db, QStringLiteral("PRAGMA journal_mode")).toString(),
                     QStringLiteral("wal"));
            QCOMPARE(scalar(*db, QStringLiteral("PRAGMA foreign_keys")).toInt(), 1);
        }
        QSqlQuery q(db->connection());
        QVERIFY(
            !q.exec(QStringLiteral("INSERT INTO messages (thread_id, seq, body, created_at) "
                                   "VALUES (424242, 1, '{}', 'x')")));
    }

    void supervisorThreadIsIdempotentAcrossOpens() {
        const QString path = freshPath();
        qint64 id = 0;
        {
            auto db = openOk(path);
            QVERIFY(db);
            Store store(db.get());
            const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
            QVERIFY2(t, t ? "" : qPrintable(t.error().message));
            QVERIFY(t->id > 0);
            QCOMPARE(t->ownerId, qint64(1));
            QCOMPARE(t->type, QStringLiteral("supervisor"));
            QCOMPARE(t->title, QStringLiteral("Jarvis"));
            QCOMPARE(t->createdAt, kT0);
            id = t->id;
            const auto again =
                store.findOrCreateSupervisorThread(1, QStringLiteral("Other"), kT0.addSecs(5));
            QVERIFY(again);
            QCOMPARE(again->id, id);
            QCOMPARE(again->title, QStringLiteral("Jarvis"));

            // A second connection to the same file while the first is open.
            auto second = openOk(path);
            QVERIFY(second);
            QVERIFY(second->connection().connectionName() != db->connection().connectionName());
            Store other(second.get());
            const auto viaSecond =
                other.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
            QVERIFY(viaSecond);
            QCOMPARE(viaSecond->id, id);
        }
        auto db = openOk(path, kT0.addDays(1));
        QVERIFY(db);
        Store store(db.get());
        const auto reopened =
            store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0.addDays(1));
        QVERIFY(reopened);
        QCOMPARE(reopened->id, id);
        QCOMPARE(reopened->createdAt, kT0);
        const auto owner2 = store.findOrCreateSupervisorThread(2, QStringLiteral("Jarvis"), kT0);
        QVERIFY(owner2);
        QVERIFY(owner2->id != id);
        QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM threads")).toInt(), 2);
        QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM owners")).toInt(), 2);
        QVERIFY(!store.findOrCreateSupervisorThread(0, QStringLiteral("x"), kT0));
    }

    void messagesRoundTripInOrder() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto other = store.findOrCreateSupervisorThread(2, QStringLiteral("Jarvis"), kT0);
        QVERIFY(t && other);
        const auto run = store.createRun(1, t->id, QStringLiteral("hi"), kT0);
        QVERIFY(run);
        const QList<QJsonObject> sent = {
            {{"role", "user"}, {"content", "check disk on cube"}},
            {{"role", "assistant"},
             {"tool_calls", QJsonArray{QJsonObject{{"id", "call_1"}, {"name", "spawn_worker"}}}}},
            {{"role", "tool"},
             {"tool_call_id", "call_1"},
             {"content", "{\"status\":\"complete\"}"}},
            {{"role", "assistant"}, {"content", QString::fromUtf8("Cube is 78% full ✓")}},
        };
        QCOMPARE(store.appendMessage(t->id, std::nullopt, sent.at(0), kT0).value(), qint64(1));
        QCOMPARE(store.appendMessage(other->id, std::nullopt, {{"role", "user"}}, kT0).value(),
                 qint64(1));
        for (int i = 1; i < sent.size(); ++i) {
            const auto seq = store.appendMessage(t->id, run.value(), sent.at(i), kT0.addSecs(i));
            QVERIFY(seq);
            QCOMPARE(seq.value(), qint64(i + 1));
        }
        const auto loaded = store.loadMessages(t->id);
        QVERIFY(loaded);
        QCOMPARE(loaded.value(), sent);
        QCOMPARE(store.loadMessages(other->id)->size(), 1);
        QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM messages WHERE run_id IS NULL"))
                     .toInt(),
                 2);
        const auto missing = store.appendMessage(99999, std::nullopt, {}, kT0);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, QStringLiteral("not_found"));
        QVERIFY(store.loadMessages(99999)->isEmpty());
    }

    void runLifecycleWithDuration() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        QVERIFY(t);
        const auto id = store.createRun(1, t->id, QStringLiteral("check disk"), kT0);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        auto r = store.run(id.value());
        QVERIFY(r);
        QCOMPARE(statusName(r->status), QStringLiteral("running"));
        QCOMPARE(r->task, QStringLiteral("check disk"));
        QCOMPARE(r->startedAt, kT0);
        QVERIFY(!r->finishedAt.isValid());

        QVERIFY(!store.finishRun(id.value(), RunStatus::Running, {}, {}, kT0));
        const QDateTime end = kT0.addMSecs(1500);
        QVERIFY(store.finishRun(id.value(), RunStatus::Success, QStringLiteral("78% full"), {}, end,
                                120, 30));
        r = store.run(id.value());
        QCOMPARE(statusName(r->status), QStringLiteral("success"));
        QCOMPARE(r->result, QStringLiteral("78% full"));
        QVERIFY(r->error.isEmpty());
        QCOMPARE(r->finishedAt, end);
        QCOMPARE(r->durationMs, qint64(1500));
        QCOMPARE(r->promptTokens, qint64(120));
        QCOMPARE(r->completionTokens, qint64(30));

        // The first outcome is kept.
        const Status twice =
            store.finishRun(id.value(), RunStatus::Failed, {}, QStringLiteral("x"), end);
        QVERIFY(!twice);
        QCOMPARE(twice.error().code, QStringLiteral("invalid_state"));
        QCOMPARE(statusName(store.run(id.value())->status), QStringLiteral("success"));
        QCOMPARE(store.run(424242).error().code, QStringLiteral("not_found"));

        const auto second = store.createRun(1, t->id, QStringLiteral("later"), kT0.addSecs(60));
        const auto third = store.createRun(1, t->id, QStringLiteral("latest"), kT0.addSecs(120));
        QVERIFY(second && third);
        const auto runs = store.listRuns(1, 2);
        QVERIFY(runs);
        QCOMPARE(runs->size(), 2);
        QCOMPARE(runs->at(0).id, third.value());
        QCOMPARE(runs->at(1).id, second.value());
        QVERIFY(!store.listRuns(1, 0));
        QCOMPARE(store.createRun(1, 424242, QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("not_found"));
    }

    // The schema's CHECK lists and the status tables of core/status.h are the same words: every
    // word of a table is accepted, anything else refused.
    void schemaChecksMatchTheStatusTables() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto run = store.createRun(1, t->id, QStringLiteral("check"), kT0);
        const auto job = store.createJob(1, run.value(), QStringLiteral("df"), {}, kT0);
        QVERIFY(run && job);
        const auto accepts = [&db](const QString& table, qint64 id, const QString& word) {
            QSqlQuery q(db->connection());
            q.prepare(QStringLiteral("UPDATE %1 SET status = ? WHERE id = ?").arg(table));
            q.addBindValue(word);
            q.addBindValue(id);
            return q.exec();
        };
        for (const QString& word : statusNames<RunStatus>())
            QVERIFY2(accepts(QStringLiteral("runs"), run.value(), word), qPrintable(word));
        for (const QString& word : statusNames<JobStatus>())
            QVERIFY2(accepts(QStringLiteral("worker_jobs"), job.value(), word), qPrintable(word));
        QVERIFY(!accepts(QStringLiteral("runs"), run.value(), QStringLiteral("queued")));
        QVERIFY(!accepts(QStringLiteral("worker_jobs"), job.value(), QStringLiteral("complete")));
        // The live states between queued and the end are `running` on disk.
        QVERIFY(!accepts(QStringLiteral("worker_jobs"), job.value(),
                         statusName(WorkerStatus::Restarting)));
    }

    // A run's workers (the chat's history at start, run details) are found through the run's
    // index, not by reading every job of the owner: with 10,000 workers that took 33 ms for the
    // 20 runs the chat shows (zerg-bench-startup; migration 10).
    void aRunsWorkersAreFoundThroughTheRunsIndex() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        QList<qint64> runs;
        for (int r = 0; r < 3; ++r) {
            const auto run = store.createRun(1, t->id, QStringLiteral("check %1").arg(r), kT0);
            QVERIFY(run);
            runs.append(run.value());
            for (int j = 0; j < 4; ++j) {
                QVERIFY(store
                            .createJob(1, run.value(), QStringLiteral("job %1.%2").arg(r).arg(j),
                                       {}, kT0.addSecs(60 * r + (3 - j)))
                            .ok());
            }
        }
        const auto jobs = store.listJobsForRun(1, runs.at(1));
        QVERIFY(jobs);
        QCOMPARE(jobs->size(), 4);
        QCOMPARE(jobs->first().task, QStringLiteral("job 1.3"));  // the oldest first
        QCOMPARE(jobs->last().task, QStringLiteral("job 1.0"));
        if (db->isPostgres()) {
            QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM pg_indexes WHERE indexname = "
                                                "'ix_jobs_run_owner_created'"))
                         .toInt(),
                     1);
            return;
        }
        QSqlQuery q(db->connection());
        QVERIFY(
            q.exec(QStringLiteral("EXPLAIN QUERY PLAN SELECT id FROM worker_jobs WHERE "
                                  "owner_id = 1 AND run_id = 2 ORDER BY created_at, id")));
        QStringList plan;
        while (q.next())
            plan.append(q.value(3).toString());
        QVERIFY2(plan.join(u' ').contains(QStringLiteral("ix_jobs_run_owner_created")),
                 qPrintable(plan.join(u' ')));
    }

    void jobLifecycleWithDuration() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto run = store.createRun(1, t->id, QStringLiteral("check"), kT0);
        QVERIFY(run);

        const auto id = store.createJob(1, run.value(), QStringLiteral("df -h on cube"),
                                        QStringLiteral("gpt-4o-mini"), kT0);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        auto j = store.job(id.value());
        QVERIFY(j);
        QCOMPARE(statusName(j->status), QStringLiteral("queued"));
        QCOMPARE(j->runId, run.value());
        QCOMPARE(j->model, QStringLiteral("gpt-4o-mini"));
        QCOMPARE(j->createdAt, kT0);
        QVERIFY(j->workerId.isEmpty());
        QVERIFY(!j->startedAt.isValid());

        const QString wid = QStringLiteral("2026-01-01T12-00-00_df-h-on-cube");
        QVERIFY(store.markJobStarted(id.value(), wid, kT0.addMSecs(100)));
        j = store.job(id.value());
        QCOMPARE(statusName(j->status), QStringLiteral("running"));
        QCOMPARE(j->workerId, wid);
        QCOMPARE(j->startedAt, kT0.addMSecs(100));

        QVERIFY(store.finishJob(id.value(), JobStatus::Failed, QStringLiteral("ssh refused"),
                                kT0.addMSecs(2100)));
        j = store.job(id.value());
        QCOMPARE(statusName(j->status), QStringLiteral("failed"));
        QCOMPARE(j->error, QStringLiteral("ssh refused"));
        QCOMPARE(j->durationMs, qint64(2000));
        QCOMPARE(j->finishedAt, kT0.addMSecs(2100));
        QCOMPARE(store.finishJob(id.value(), JobStatus::Success, {}, kT0).error().code,
                 QStringLiteral("invalid_state"));
        QCOMPARE(store.markJobStarted(id.value(), wid, kT0).error().code,
                 QStringLiteral("invalid_state"));

        const auto found = store.findJobByWorkerId(1, wid);
        QVERIFY(found);
        QCOMPARE(found->id, id.value());

        // A job outside any run, cancelled while queued: no worker, no duration.
        const auto loose =
            store.createJob(1, std::nullopt, QStringLiteral("ping"), {}, kT0.addSecs(10));
        QVERIFY(loose);
        QCOMPARE(store.job(loose.value())->runId, qint64(0));
        QVERIFY(store.finishJob(loose.value(), JobStatus::Cancelled, {}, kT0.addSecs(11)));
        QCOMPARE(store.job(loose.value())->durationMs, qint64(0));
        QVERIFY(!store.job(loose.value())->startedAt.isValid());
        // runId 0 is "none", as the worker pool passes it.
        QVERIFY(store.createJob(1, qint64(0), QStringLiteral("zero"), {}, kT0.addSecs(20)));

        auto all = store.listJobs(1, 10);
        QVERIFY(all);
        QCOMPARE(all->size(), 3);
        QCOMPARE(all->at(0).task, QStringLiteral("zero"));  // newest first
        QCOMPARE(all->at(2).id, id.value());
        const auto cancelled = store.listJobs(1, 10, JobStatus::Cancelled);
        QCOMPARE(cancelled->size(), 1);
        QCOMPARE(cancelled->first().id, loose.value());
        QCOMPARE(store.listJobs(1, 1)->size(), 1);
        // A word from a user or a client is checked where it comes in, with the words allowed.
        const Result<JobStatus> bogus =
            parseStatusArgument<JobStatus>(u"bogus", QStringLiteral("job status"));
        QCOMPARE(bogus.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(bogus.error().message,
                 QStringLiteral("Unknown job status 'bogus'; use queued, running, success, "
                                "failed, cancelled or timeout."));
        QCOMPARE(store.finishJob(424242, JobStatus::Success, {}, kT0).error().code,
                 QStringLiteral("not_found"));
    }

    void ownersSeeOnlyTheirOwnRows() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t1 = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto run1 = store.createRun(1, t1->id, QStringLiteral("mine"), kT0);
        const auto job1 = store.createJob(1, run1.value(), QStringLiteral("mine"), {}, kT0);
        QVERIFY(run1 && job1);
        QVERIFY(store.markJobStarted(job1.value(), QStringLiteral("w1"), kT0));

        QVERIFY(store.listJobs(2, 10)->isEmpty());
        QVERIFY(store.listJobs(2, 10, JobStatus::Running)->isEmpty());
        QVERIFY(store.listRuns(2, 10)->isEmpty());
        QCOMPARE(store.findJobByWorkerId(2, QStringLiteral("w1")).error().code,
                 QStringLiteral("not_found"));
        QVERIFY(store.listJobs(0, 10)->isEmpty());
        // Owner 2 cannot attach to owner 1's thread or run.
        QCOMPARE(store.createRun(2, t1->id, QStringLiteral("theirs"), kT0).error().code,
                 QStringLiteral("not_found"));
        QCOMPARE(store.createJob(2, run1.value(), QStringLiteral("theirs"), {}, kT0).error().code,
                 QStringLiteral("not_found"));
        // Owner 1 still sees everything of theirs.
        QCOMPARE(store.listJobs(1, 10)->size(), 1);
        QCOMPARE(store.listRuns(1, 10)->size(), 1);
    }

    void migration2AddsTheUsageTable() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        QVERIFY(migrations::latestVersion() >= 2);
        QVERIFY(db->connection().tables().contains(QStringLiteral("llm_calls")));
        QCOMPARE(test::indexNames(db->connection(), QStringLiteral("llm_calls")),
                 (QStringList{QStringLiteral("ix_llm_calls_owner_created"),
                              QStringLiteral("ix_llm_calls_run")}));
    }

    // A database written by the previous release (migration 1 only) gains the table on open and
    // keeps its rows.
    void migration2UpgradesAVersion1Database() {
        const QString path = freshPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        const QString connection = QStringLiteral("v1-maker");
        {
            Result<QSqlDatabase> opened = test::rawTestConnection(path, connection);
            QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
            QSqlDatabase raw = std::move(opened).value();
            QSqlQuery q(raw);
            QVERIFY(
                q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER "
                                      "PRIMARY KEY, applied_at TEXT NOT NULL)")));
            const Migration& first = migrations::all().first();
            QCOMPARE(first.version, 1);
            for (const QString& statement : first.statements) {
                QVERIFY2(q.exec(migrations::forDriver(statement, raw.driverName())),
                         qPrintable(q.lastError().text()));
            }
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO schema_migrations VALUES "
                                      "(1, '2025-06-01T00:00:00.000Z')")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO owners VALUES (1, 'me', 'x')")));
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO threads (id, owner_id, created_at, "
                                      "updated_at) VALUES (7, 1, 'x', 'x')")));
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO runs (id, owner_id, thread_id, task, "
                                      "status, started_at) VALUES (9, 1, 7, 'old run', "
                                      "'success', 'x')")));
            QVERIFY(!raw.tables().contains(QStringLiteral("llm_calls")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(connection);

        auto db = openOk(path, kT0);
        QVERIFY(db);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        QVERIFY(db->connection().tables().contains(QStringLiteral("llm_calls")));
        QCOMPARE(scalar(*db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                            "version = 1"))
                     .toString(),
                 QStringLiteral("2025-06-01T00:00:00.000Z"));
        QCOMPARE(scalar(*db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                            "version = 2"))
                     .toString(),
                 QStringLiteral("2026-01-01T12:00:00.000Z"));
        Store store(db.get());
        QCOMPARE(store.run(9)->task, QStringLiteral("old run"));
        LlmCallRecord call;
        call.ownerId = 1;
        call.runId = 9;
        call.model = QStringLiteral("gpt-4o");
        call.status = QStringLiteral("ok");
        call.createdAt = kT0;
        QVERIFY(store.recordLlmCall(call));
        QCOMPARE(store.usageForRun(9)->calls, qint64(1));
    }

    void llmCallsRoundTripAndAddUp() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto run = store.createRun(1, t->id, QStringLiteral("check"), kT0);
        const auto other = store.createRun(1, t->id, QStringLiteral("other"), kT0);
        const auto job = store.createJob(1, run.value(), QStringLiteral("df"), {}, kT0);
        QVERIFY(run && other && job);

        // Nothing recorded yet: zero calls, a known total of $0.
        auto empty = store.usageForRun(run.value());
        QVERIFY(empty);
        QCOMPARE(empty->calls, qint64(0));
        QCOMPARE(empty->costUsd, std::optional<double>(0.0));

        LlmCallRecord a;
        a.ownerId = 1;
        a.runId = run.value();
        a.role = QStringLiteral("supervisor");
        a.agent = QStringLiteral("supervisor");
        a.provider = QStringLiteral("openai");
        a.model = QStringLiteral("gpt-4o");
        a.promptTokens = 1000;
        a.completionTokens = 200;
        a.cachedTokens = 400;
        a.reasoningTokens = 50;
        a.costUsd = 0.25;
        a.durationMs = 900;
        a.status = QStringLiteral("ok");
        a.createdAt = kT0.addSecs(1);
        LlmCallRecord b = a;
        b.jobId = job.value();
        b.role = QStringLiteral("worker");
        b.agent = QStringLiteral("w1");
        b.provider = QStringLiteral("anthropic");
        b.model = QStringLiteral("claude-sonnet-4");
        b.promptTokens = 3000;
        b.completionTokens = 100;
        b.cachedTokens = 1000;
        b.cacheWriteTokens = 500;
        b.reasoningTokens = 0;
        b.costUsd = 0.5;
        b.status = QStringLiteral("overloaded");
        b.createdAt = kT0.addSecs(2);

        const auto idA = store.recordLlmCall(a);
        const auto idB = store.recordLlmCall(b);
        QVERIFY2(idA, idA ? "" : qPrintable(idA.error().message));
        QVERIFY(idB && idB.value() != idA.value());

        auto totals = store.usageForRun(run.value());
        QVERIFY(totals);
        QCOMPARE(totals->calls, qint64(2));
        QCOMPARE(totals->promptTokens, qint64(4000));
        QCOMPARE(totals->completionTokens, qint64(300));
        QCOMPARE(totals->cachedTokens, qint64(1400));
        QCOMPARE(totals->cacheWriteTokens, qint64(500));
        QCOMPARE(totals->reasoningTokens, qint64(50));
        QCOMPARE(totals->costUsd, std::optional<double>(0.75));
        QCOMPARE(totals->unknownCostCalls, qint64(0));

        // One call of unknown price makes the run's total unknown, not $0.75.
        LlmCallRecord c = a;
        c.model = QStringLiteral("mystery");
        c.costUsd = std::nullopt;
        c.createdAt = kT0.addSecs(3);
        QVERIFY(store.recordLlmCall(c));
        totals = store.usageForRun(run.value());
        QCOMPARE(totals->calls, qint64(3));
        QVERIFY(!totals->costUsd);
        QCOMPARE(totals->unknownCostCalls, qint64(1));

        // Another run and another owner stay apart.
        LlmCallRecord d = a;
        d.runId = other.value();
        d.costUsd = 1.0;
        d.createdAt = kT0.addSecs(4);
        QVERIFY(store.recordLlmCall(d));
        LlmCallRecord e = a;
        e.ownerId = 2;  // created on the fly
        e.runId = 0;
        e.createdAt = kT0.addSecs(5);
        QVERIFY(store.recordLlmCall(e));
        QCOMPARE(store.usageForRun(other.value())->costUsd, std::optional<double>(1.0));
        QCOMPARE(store.usageForRun(run.value())->calls, qint64(3));

        auto owner = store.usageForOwner(1, QDateTime());
        QVERIFY(owner);
        QCOMPARE(owner->calls, qint64(4));
        QVERIFY(!owner->costUsd);
        // Since the third call: the unknown one and d.
        owner = store.usageForOwner(1, kT0.addSecs(3));
        QCOMPARE(owner->calls, qint64(2));
        QCOMPARE(owner->unknownCostCalls, qint64(1));
        owner = store.usageForOwner(1, kT0.addSecs(4));
        QCOMPARE(owner->calls, qint64(1));
        QCOMPARE(owner->costUsd, std::optional<double>(1.0));
        QCOMPARE(store.usageForOwner(2, kT0)->calls, qint64(1));
        QCOMPARE(store.usageForOwner(3, kT0)->calls, qint64(0));

        // Listing: newest first, per owner, optionally per run, every field back.
        auto list = store.listLlmCalls(1, 10);
        QVERIFY(list);
        QCOMPARE(list->size(), 4);
        QCOMPARE(list->at(0).runId, other.value());
        QCOMPARE(list->at(3).id, idA.value());
        list = store.listLlmCalls(1, 10, run.value());
        QCOMPARE(list->size(), 3);
        const LlmCallRecord& gotB = list->at(1);
        QCOMPARE(gotB.id, idB.value());
        QCOMPARE(gotB.ownerId, qint64(1));
        QCOMPARE(gotB.runId, run.value());
        QCOMPARE(gotB.jobId, job.value());
        QCOMPARE(gotB.role, QStringLiteral("worker"));
        QCOMPARE(gotB.agent, QStringLiteral("w1"));
        QCOMPARE(gotB.provider, QStringLiteral("anthropic"));
        QCOMPARE(gotB.model, QStringLiteral("claude-sonnet-4"));
        QCOMPARE(gotB.promptTokens, qint64(3000));
        QCOMPARE(gotB.completionTokens, qint64(100));
        QCOMPARE(gotB.cachedTokens, qint64(1000));
        QCOMPARE(gotB.cacheWriteTokens, qint64(500));
        QCOMPARE(gotB.reasoningTokens, qint64(0));
        QCOMPARE(gotB.costUsd, std::optional<double>(0.5));
        QCOMPARE(gotB.durationMs, qint64(900));
        QCOMPARE(gotB.status, QStringLiteral("overloaded"));
        QCOMPARE(gotB.createdAt, kT0.addSecs(2));
        QVERIFY(!list->at(0).costUsd);  // the unknown one, NULL in and out
        QCOMPARE(list->at(2).jobId, qint64(0));
        QCOMPARE(store.listLlmCalls(1, 1)->size(), 1);
        QCOMPARE(store.listLlmCalls(2, 10)->size(), 1);
        QCOMPARE(store.listLlmCalls(2, 10, run.value())->size(), 0);
        QCOMPARE(store.listLlmCalls(1, 0).error().code, QStringLiteral("invalid_argument"));
    }

    void badLlmCallRecordsAreRefused() {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("Unable to free statement")));
        auto db = openOk(freshPath());
        QVERIFY(db);
        Store store(db.get());
        LlmCallRecord call;
        call.ownerId = 1;
        call.status = QStringLiteral("ok");
        call.createdAt = kT0;
        call.runId = 424242;  // no such run
        QCOMPARE(store.recordLlmCall(call).error().code, QStringLiteral("db"));
        if (db->isPostgres()) {
            // The failed INSERT aborted its transaction; its prepared statement must still be
            // freed (QPSQL's DEALLOCATE fails inside an aborted transaction).
            QCOMPARE(
                scalar(*db, QStringLiteral("SELECT COUNT(*) FROM pg_prepared_statements")).toInt(),
                0);
        }
        call.runId = 0;
        call.status.clear();
        QCOMPARE(store.recordLlmCall(call).error().code, QStringLiteral("invalid_argument"));
        call.status = QStringLiteral("ok");
        call.ownerId = 0;
        QCOMPARE(store.recordLlmCall(call).error().code, QStringLiteral("invalid_argument"));
        call.ownerId = 1;
        QVERIFY(store.recordLlmCall(call));
        QCOMPARE(scalar(*db, QStringLiteral("SELECT COUNT(*) FROM llm_calls")).toInt(), 1);
    }

    // ---- picking the engine from ZERG_DATABASE_URL (Database::openConfigured) ----

    void openConfiguredWithoutAUrlOpensTheSqliteFile() {
        const QString path = freshPath();
        const auto db = Database::openConfigured(path, QStringLiteral("  "), kT0);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        QVERIFY(!(*db)->isPostgres());
        QCOMPARE((*db)->driverName(), QStringLiteral("QSQLITE"));
        QCOMPARE((*db)->path(), QFileInfo(path).absoluteFilePath());
        QVERIFY(QFile::exists(path));
        QCOMPARE((*db)->schemaVersion(), migrations::latestVersion());
    }

    void openConfiguredRefusesUnusableUrlsWithoutShowingThePassword() {
        const QString secret = QStringLiteral("hunter22secret");
        const QStringList urls = {
            QStringLiteral("mysql://zerg:%1@127.0.0.1/zerg").arg(secret),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1:5432/").arg(secret),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1:5432/a/b").arg(secret),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1:99999/zerg").arg(secret),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1/zerg?bad-key=1").arg(secret),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1/zerg?sslmode=a;b").arg(secret),
        };
        for (const QString& url : urls) {
            const auto db = Database::openConfigured(freshPath(), url, kT0);
            QVERIFY2(!db, qPrintable(url));
            QCOMPARE(db.error().code, QStringLiteral("invalid_argument"));
            QVERIFY2(!db.error().message.contains(secret), qPrintable(db.error().message));
            QVERIFY2(db.error().message.contains(
                         QStringLiteral("postgresql://user:password@host:5432/dbname")),
                     qPrintable(db.error().message));
        }
        const auto mysql = Database::openConfigured(freshPath(), urls.at(0), kT0);
        QVERIFY(mysql.error().message.contains(QStringLiteral("'mysql'")));
        const auto noName = Database::openConfigured(freshPath(), urls.at(1), kT0);
        QVERIFY(noName.error().message.contains(QStringLiteral("names no database")));
    }

    void postgresUnreachableNamesHostPortAndDatabaseButNotThePassword() {
        if (!test::testsUsePostgres())
            QSKIP("needs the PostgreSQL server: runs in test_database_postgres");
        const quint16 closedPort = test::freeLoopbackPort();
        QVERIFY(closedPort > 0);
        const QString secret = QStringLiteral("s3cret-pw");
        const auto refused = Database::openConfigured(
            freshPath(),
            QStringLiteral("postgresql://zerg:%1@127.0.0.1:%2/zerg").arg(secret).arg(closedPort),
            kT0);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, QStringLiteral("db_connect"));
        const QString msg = refused.error().message;
        QVERIFY2(msg.contains(QStringLiteral("127.0.0.1:%1").arg(closedPort)), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("'zerg'")), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("ZERG_DATABASE_URL")), qPrintable(msg));
        QVERIFY2(!msg.contains(secret), qPrintable(msg));

        // The server is there but the database is not.
        const auto server = test::PostgresServer::shared();
        QVERIFY2(server, server ? "" : qPrintable(server.error().message));
        QUrl missing((*server)->urlFor(QStringLiteral("no_such_db")));
        missing.setPassword(secret);
        const auto noDb = Database::openPostgres(missing, kT0);
        QVERIFY(!noDb);
        QCOMPARE(noDb.error().code, QStringLiteral("db_connect"));
        QVERIFY2(noDb.error().message.contains(QStringLiteral("no_such_db")),
                 qPrintable(noDb.error().message));
        QVERIFY2(
            noDb.error().message.contains(QStringLiteral("127.0.0.1:%1").arg((*server)->port())),
            qPrintable(noDb.error().message));
        QVERIFY(!noDb.error().message.contains(secret));
    }

    void postgresUrlOpensTwiceAndMigratesOnce() {
        if (!test::testsUsePostgres())
            QSKIP("needs the PostgreSQL server: runs in test_database_postgres");
        const auto plain = test::testDatabaseUrl(freshPath());
        QVERIFY2(plain, plain ? "" : qPrintable(plain.error().message));
        // Trust authentication ignores the password, which must still stay out of path().
        QUrl withPassword(plain.value());
        withPassword.setPassword(QStringLiteral("not-shown-pw"));
        withPassword.setQuery(QStringLiteral("application_name=zerg-test"));

        auto first = Database::openConfigured(QString(), withPassword.toString(), kT0);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        const Database& db = *first.value();
        QVERIFY(db.isPostgres());
        QCOMPARE(db.driverName(), QStringLiteral("QPSQL"));
        QCOMPARE(db.schemaVersion(), migrations::latestVersion());
        QVERIFY2(!db.path().contains(QStringLiteral("not-shown-pw")), qPrintable(db.path()));
        QCOMPARE(db.path(), plain.value() + QStringLiteral("?application_name=zerg-test"));
        QCOMPARE(
            scalar(db, QStringLiteral("SELECT current_setting('application_name')")).toString(),
            QStringLiteral("zerg-test"));

        // A second open (also spelled postgres://) while the first is open: no migration again.
        QUrl alias(plain.value());
        alias.setScheme(QStringLiteral("postgres"));
        auto second = Database::openPostgres(alias, kT0.addDays(1));
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        QCOMPARE((*second)->schemaVersion(), migrations::latestVersion());
        QCOMPARE(scalar(**second, QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toInt(),
                 migrations::all().size());
        QCOMPARE(scalar(**second, QStringLiteral("SELECT MAX(applied_at) FROM schema_migrations"))
                     .toString(),
                 QStringLiteral("2026-01-01T12:00:00.000Z"));
        // Both see each other's writes: one database.
        Store a(first.value().get());
        Store b(second.value().get());
        const auto t = a.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        QVERIFY(t);
        QCOMPARE(b.findOrCreateSupervisorThread(1, QStringLiteral("x"), kT0)->id, t->id);
    }

    // Several servers starting at once on a new PostgreSQL database: every one opens, and each
    // migration is applied once (the advisory lock in migrations::apply).
    void concurrentFirstOpensOnPostgresMigrateOnce() {
        if (!test::testsUsePostgres())
            QSKIP("needs the PostgreSQL server: runs in test_database_postgres");
        const auto url = test::testDatabaseUrl(freshPath());
        QVERIFY2(url, url ? "" : qPrintable(url.error().message));
        constexpr int kOpeners = 4;
        std::latch ready(kOpeners);
        QMutex mutex;
        QStringList problems;
        std::vector<std::thread> threads;
        for (int i = 0; i < kOpeners; ++i) {
            threads.emplace_back([&] {
                ready.arrive_and_wait();
                // Each Database lives and dies on this thread, as QSqlDatabase requires.
                const auto db = Database::openConfigured(QString(), url.value(), kT0);
                const QMutexLocker lock(&mutex);
                if (!db)
                    problems.append(db.error().message);
                else if ((*db)->schemaVersion() != migrations::latestVersion())
                    problems.append(QStringLiteral("schema %1").arg((*db)->schemaVersion()));
            });
        }
        for (std::thread& t : threads)
            t.join();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));
        auto db = Database::openConfigured(QString(), url.value(), kT0);
        QVERIFY(db);
        QCOMPARE(scalar(**db, QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toInt(),
                 migrations::all().size());
    }

    void migrationSqlHasAPostgresSpelling() {
        for (const Migration& m : migrations::all()) {
            for (const QString& s : m.statements) {
                const QString pg = migrations::forDriver(s, QStringLiteral("QPSQL"));
                QVERIFY2(!pg.contains(QStringLiteral("{{")), qPrintable(pg));
                QVERIFY(!pg.contains(QStringLiteral("INTEGER PRIMARY KEY")));
            }
        }
        QVERIFY(migrations::forDriver(QStringLiteral("id {{ID_PK}}"), QStringLiteral("QPSQL"))
                    .contains(QStringLiteral("IDENTITY")));
    }
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "test_database.moc"
