// Migrations 3 and 6 and the Store functions they serve: run mode, how a run ended (error code,
// attempts, fallback), per-run and recent jobs, core facts, thread memory and loading the
// messages a memory summary does not cover. On SQLite and, as
// test_store_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "core/status.h"
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "storage/store.h"

#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

#include <latch>
#include <thread>
#include <vector>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

QVariant scalar(const Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

QList<qint64> idsOf(const QList<WorkerJobRecord>& jobs) {
    QList<qint64> ids;
    for (const WorkerJobRecord& j : jobs)
        ids.append(j.id);
    return ids;
}

}  // namespace

class TestStore : public QObject {
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

    // A database, a store and owner 1's supervisor thread.
    struct Fixture {
        std::unique_ptr<Database> db;
        std::unique_ptr<Store> store;
        qint64 threadId = 0;
    };
    Fixture fixture() {
        Fixture f;
        f.db = openOk(freshPath());
        if (!f.db)
            return f;
        f.store = std::make_unique<Store>(f.db.get());
        const auto t = f.store->findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        f.threadId = t ? t->id : 0;
        return f;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void migration3CreatesTheTablesOnAFreshDatabase() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        QVERIFY(migrations::latestVersion() >= 3);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        const QStringList tables = db->connection().tables();
        QVERIFY(tables.contains(QStringLiteral("agent_state")));
        QVERIFY(tables.contains(QStringLiteral("thread_memory")));
        QVERIFY(db->connection().record(QStringLiteral("runs")).contains(QStringLiteral("mode")));
        QCOMPARE(test::indexNames(db->connection(), QStringLiteral("thread_memory"))
                     .count(QStringLiteral("ix_thread_memory_thread")),
                 1);
        // The schema refuses a mode the code does not know, whoever writes it.
        Store store(db.get());
        const auto t = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto run = store.createRun(1, t->id, QStringLiteral("x"), kT0);
        QVERIFY(run);
        QSqlQuery q(db->connection());
        QVERIFY(!q.exec(
            QStringLiteral("UPDATE runs SET mode = 'turbo' WHERE id = %1").arg(run.value())));
    }

    // A database of the previous release (migrations 1 and 2) with runs in it: the runs get mode
    // 'supervisor', everything else is kept.
    void migration3UpgradesAVersion2DatabaseWithRuns() {
        const QString path = freshPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        const QString connection = QStringLiteral("v2-maker");
        {
            Result<QSqlDatabase> opened = test::rawTestConnection(path, connection);
            QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
            QSqlDatabase raw = std::move(opened).value();
            QSqlQuery q(raw);
            QVERIFY(
                q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER "
                                      "PRIMARY KEY, applied_at TEXT NOT NULL)")));
            for (const Migration& m : migrations::all()) {
                if (m.version > 2)
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
                q.exec(QStringLiteral("INSERT INTO runs (id, owner_id, thread_id, task, status, "
                                      "started_at) VALUES (9, 1, 7, 'old run', 'success', "
                                      "'2025-06-01T00:00:00.000Z'), (10, 1, 7, 'older', "
                                      "'failed', '2025-05-01T00:00:00.000Z')")));
            QVERIFY(!raw.record(QStringLiteral("runs")).contains(QStringLiteral("mode")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(connection);

        auto db = openOk(path);
        QVERIFY(db);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        QCOMPARE(scalar(*db, QStringLiteral("SELECT applied_at FROM schema_migrations WHERE "
                                            "version = 3"))
                     .toString(),
                 QStringLiteral("2026-01-01T12:00:00.000Z"));
        Store store(db.get());
        const auto old = store.run(9);
        QVERIFY(old);
        QCOMPARE(old->task, QStringLiteral("old run"));
        QCOMPARE(statusName(old->status), QStringLiteral("success"));
        QCOMPARE(old->mode, QStringLiteral("supervisor"));
        // Migration 6: an old run made one attempt and has no error code or fallback.
        QCOMPARE(old->attempts, 1);
        QVERIFY(old->errorCode.isEmpty());
        QVERIFY(old->fallback.isEmpty());
        const auto runs = store.listRuns(1, 10);
        QVERIFY(runs);
        QCOMPARE(runs->size(), 2);
        for (const RunRecord& r : runs.value())
            QCOMPARE(r.mode, QStringLiteral("supervisor"));
        // The new tables work on the upgraded file.
        QVERIFY(store.setFact(1, QStringLiteral("cube"), QStringLiteral("backup server"), kT0));
        QVERIFY(store.saveMemory(7, 0, QStringLiteral("nothing yet"), kT0));
        QVERIFY(store.setRunMode(9, QStringLiteral("quick")));
        QCOMPARE(store.run(9)->mode, QStringLiteral("quick"));
    }

    void runModeIsStoredAndChanged() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto plain = store.createRun(1, f.threadId, QStringLiteral("check disk"), kT0);
        const auto quick = store.createRun(1, f.threadId, QStringLiteral("what time is it"),
                                           kT0.addSecs(1), QStringLiteral("quick"));
        const auto background = store.createRun(1, f.threadId, QStringLiteral("nightly"),
                                                kT0.addSecs(2), QStringLiteral("background"));
        QVERIFY(plain && quick && background);
        QCOMPARE(store.run(plain.value())->mode, QStringLiteral("supervisor"));
        QCOMPARE(store.run(quick.value())->mode, QStringLiteral("quick"));
        QCOMPARE(store.run(background.value())->mode, QStringLiteral("background"));
        const auto listed = store.listRuns(1, 10);
        QVERIFY(listed);
        QCOMPARE(listed->size(), 3);
        QCOMPARE(listed->at(0).mode, QStringLiteral("background"));
        QCOMPARE(listed->at(1).mode, QStringLiteral("quick"));
        QCOMPARE(listed->at(2).mode, QStringLiteral("supervisor"));

        // A quick answer that turned out to need the agent escalates.
        QVERIFY(store.setRunMode(quick.value(), QStringLiteral("supervisor")));
        QCOMPARE(store.run(quick.value())->mode, QStringLiteral("supervisor"));
        // Finishing keeps the mode.
        QVERIFY(store.finishRun(background.value(), RunStatus::Success, QStringLiteral("ok"), {},
                                kT0.addSecs(3)));
        QCOMPARE(store.run(background.value())->mode, QStringLiteral("background"));

        const auto badCreate =
            store.createRun(1, f.threadId, QStringLiteral("x"), kT0, QStringLiteral("turbo"));
        QVERIFY(!badCreate);
        QCOMPARE(badCreate.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(
            badCreate.error().message.contains(QStringLiteral("quick, supervisor or "
                                                              "background")));
        QCOMPARE(store.listRuns(1, 10)->size(), 3);
        const Status badSet = store.setRunMode(plain.value(), QStringLiteral("Quick"));
        QCOMPARE(badSet.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(store.run(plain.value())->mode, QStringLiteral("supervisor"));
        QCOMPARE(store.setRunMode(424242, QStringLiteral("quick")).error().code,
                 QStringLiteral("not_found"));

        QVERIFY(Store::isRunMode(QStringLiteral("quick")));
        QVERIFY(Store::isRunMode(QStringLiteral("supervisor")));
        QVERIFY(Store::isRunMode(QStringLiteral("background")));
        QVERIFY(!Store::isRunMode(QString()));
        QVERIFY(!Store::isRunMode(QStringLiteral("running")));
    }

    // A failed run answered with an apology keeps the apology as its result and the failure as
    // its error, with the error code and the attempts; the attempts count while it runs.
    void runOutcomeIsRecorded() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto run = store.createRun(1, f.threadId, QStringLiteral("check disk"), kT0);
        QVERIFY(run);
        QCOMPARE(store.run(run.value())->attempts, 1);
        QVERIFY(store.setRunAttempts(run.value(), 2));
        QCOMPARE(store.run(run.value())->attempts, 2);
        QCOMPARE(store.setRunAttempts(run.value(), 0).error().code,
                 QStringLiteral("invalid_argument"));
        // A fallback belongs to a failed run only, and must be a known one.
        const QString apology = statusName(RunFallback::Apology);
        QCOMPARE(store
                     .finishRun(run.value(), RunStatus::Success, QStringLiteral("x"), {},
                                kT0.addSecs(1), 0, 0, RunOutcome{2, {}, apology})
                     .error()
                     .code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(store
                     .finishRun(run.value(), RunStatus::Failed, QStringLiteral("x"), {},
                                kT0.addSecs(1), 0, 0, RunOutcome{2, {}, QStringLiteral("shrug")})
                     .error()
                     .code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(statusName(store.run(run.value())->status), QStringLiteral("running"));
        QVERIFY(store.finishRun(run.value(), RunStatus::Failed,
                                QStringLiteral("Sorry, I couldn't finish this."),
                                QStringLiteral("the model is overloaded"), kT0.addSecs(2), 10, 5,
                                RunOutcome{3, QStringLiteral("llm_overloaded"), apology}));
        const RunRecord r = store.run(run.value()).value();
        QCOMPARE(statusName(r.status), QStringLiteral("failed"));
        QCOMPARE(r.result, QStringLiteral("Sorry, I couldn't finish this."));
        QCOMPARE(r.error, QStringLiteral("the model is overloaded"));
        QCOMPARE(r.errorCode, QStringLiteral("llm_overloaded"));
        QCOMPARE(r.attempts, 3);
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(store.listRuns(1, 1)->first().fallback, QStringLiteral("apology"));
        // The record of a finished run stays.
        QCOMPARE(store.setRunAttempts(run.value(), 4).error().code, QStringLiteral("not_found"));
        QCOMPARE(store.run(run.value())->attempts, 3);

        // The schema refuses an unknown fallback and zero attempts written around the Store.
        QSqlQuery q(f.db->connection());
        QVERIFY(!q.exec(
            QStringLiteral("UPDATE runs SET fallback = 'shrug' WHERE id = %1").arg(run.value())));
        QVERIFY(
            !q.exec(QStringLiteral("UPDATE runs SET attempts = 0 WHERE id = %1").arg(run.value())));
        // A run that ends without a fallback has NULL there, and its error code if it has one.
        const auto other = store.createRun(1, f.threadId, QStringLiteral("later"), kT0);
        QVERIFY(store.finishRun(other.value(), RunStatus::Cancelled, {},
                                QStringLiteral("cancelled by the user"), kT0.addSecs(1), 0, 0,
                                RunOutcome{1, QStringLiteral("cancelled"), {}}));
        QVERIFY(scalar(*f.db,
                       QStringLiteral("SELECT fallback FROM runs WHERE id = %1").arg(other.value()))
                    .isNull());
        QCOMPARE(store.run(other.value())->errorCode, QStringLiteral("cancelled"));
    }

    void jobsForRunAreOldestFirstAndOwnerFiltered() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto run = store.createRun(1, f.threadId, QStringLiteral("check"), kT0);
        const auto other = store.createRun(1, f.threadId, QStringLiteral("other"), kT0);
        QVERIFY(run && other);
        const auto second =
            store.createJob(1, run.value(), QStringLiteral("b"), {}, kT0.addSecs(5));
        const auto first = store.createJob(1, run.value(), QStringLiteral("a"), {}, kT0.addSecs(1));
        const auto elsewhere = store.createJob(1, other.value(), QStringLiteral("c"), {}, kT0);
        const auto loose = store.createJob(1, std::nullopt, QStringLiteral("d"), {}, kT0);
        QVERIFY(second && first && elsewhere && loose);

        const auto jobs = store.listJobsForRun(1, run.value());
        QVERIFY(jobs);
        QCOMPARE(idsOf(jobs.value()), (QList<qint64>{first.value(), second.value()}));
        QCOMPARE(jobs->at(0).task, QStringLiteral("a"));
        QCOMPARE(jobs->at(0).runId, run.value());
        QCOMPARE(idsOf(store.listJobsForRun(1, other.value()).value()),
                 QList<qint64>{elsewhere.value()});
        // Owner 2 never sees owner 1's jobs, even with the right run id.
        QVERIFY(store.listJobsForRun(2, run.value())->isEmpty());
        QVERIFY(store.listJobsForRun(1, 424242)->isEmpty());
    }

    // Usage per worker job, summed by the database: unknown cost once any call's price is unknown.
    void usageByJobSumsEachJobsCalls() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto a = store.createJob(1, std::nullopt, QStringLiteral("a"), {}, kT0);
        const auto b = store.createJob(1, std::nullopt, QStringLiteral("b"), {}, kT0);
        const auto c = store.createJob(1, std::nullopt, QStringLiteral("c"), {}, kT0);
        QVERIFY(a && b && c);
        auto call = [&](qint64 job, qint64 prompt, std::optional<double> cost) {
            LlmCallRecord r;
            r.ownerId = 1;
            r.jobId = job;
            r.promptTokens = prompt;
            r.completionTokens = 1;
            r.costUsd = cost;
            r.status = QStringLiteral("ok");
            r.createdAt = kT0;
            return store.recordLlmCall(r).ok();
        };
        QVERIFY(call(a.value(), 10, 0.25) && call(a.value(), 20, 0.5));
        QVERIFY(call(b.value(), 5, 0.1) && call(b.value(), 5, std::nullopt));
        QVERIFY(call(c.value(), 7, 0.01));
        const auto usage = store.usageByJob(1, b.value());
        QVERIFY(usage);
        QCOMPARE(usage->size(), 2);  // a is older than the first job asked for
        QCOMPARE(usage->value(b.value()).calls, 2);
        QVERIFY(!usage->value(b.value()).costUsd);
        QCOMPARE(usage->value(b.value()).knownCostUsd, 0.1);  // the priced part, kept apart
        QCOMPARE(*usage->value(c.value()).costUsd, 0.01);
        const auto all = store.usageByJob(1, 0);
        QCOMPARE(all->value(a.value()).promptTokens, 30);
        QCOMPARE(*all->value(a.value()).costUsd, 0.75);
        QVERIFY(store.usageByJob(2, 0)->isEmpty());  // owners apart
    }

    void jobsSinceIncludeTheBoundaryNewestFirst() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const QDateTime since = kT0.addSecs(600);
        const auto before =
            store.createJob(1, std::nullopt, QStringLiteral("before"), {}, since.addMSecs(-1));
        const auto atSince = store.createJob(1, std::nullopt, QStringLiteral("at"), {}, since);
        const auto after =
            store.createJob(1, std::nullopt, QStringLiteral("after"), {}, since.addSecs(30));
        const auto latest =
            store.createJob(1, std::nullopt, QStringLiteral("latest"), {}, since.addSecs(60));
        const auto theirs =
            store.createJob(2, std::nullopt, QStringLiteral("theirs"), {}, since.addSecs(10));
        QVERIFY(before && atSince && after && latest && theirs);

        const auto recent = store.listJobsSince(1, since, 10);
        QVERIFY(recent);
        QCOMPARE(idsOf(recent.value()),
                 (QList<qint64>{latest.value(), after.value(), atSince.value()}));
        QCOMPARE(idsOf(store.listJobsSince(1, since, 2).value()),
                 (QList<qint64>{latest.value(), after.value()}));
        QCOMPARE(idsOf(store.listJobsSince(2, since, 10).value()), QList<qint64>{theirs.value()});
        QVERIFY(store.listJobsSince(1, since.addSecs(61), 10)->isEmpty());
        QCOMPARE(store.listJobsSince(1, since.addMSecs(-1), 10)->size(), 4);
        // A `since` given in another time zone means the same instant.
        QCOMPARE(store.listJobsSince(1, since.toOffsetFromUtc(3600), 10)->size(), 3);
        QCOMPARE(store.listJobsSince(1, since, 0).error().code, QStringLiteral("invalid_argument"));
    }

    void factsUpsertListAndDelete() {
        Fixture f = fixture();
        QVERIFY(f.db);
        Store& store = *f.store;
        QVERIFY(store.listFacts(1)->isEmpty());
        QVERIFY(store.setFact(1, QStringLiteral("cube"), QStringLiteral("the backup server"), kT0));
        QVERIFY(store.setFact(1, QStringLiteral("clifford"), QStringLiteral("runs the GPUs"),
                              kT0.addSecs(10)));
        auto facts = store.listFacts(1);
        QVERIFY(facts);
        QCOMPARE(facts->size(), 2);
        QCOMPARE(facts->at(0).key, QStringLiteral("clifford"));
        QCOMPARE(facts->at(1).key, QStringLiteral("cube"));
        QCOMPARE(facts->at(1).value, QStringLiteral("the backup server"));
        QCOMPARE(facts->at(1).createdAt, kT0);
        QCOMPARE(facts->at(1).updatedAt, kT0);

        // Setting an existing key replaces the value and moves it to the front.
        QVERIFY(store.setFact(1, QStringLiteral("cube"), QStringLiteral("retired in March"),
                              kT0.addSecs(20)));
        facts = store.listFacts(1);
        QCOMPARE(facts->size(), 2);
        QCOMPARE(facts->at(0).key, QStringLiteral("cube"));
        QCOMPARE(facts->at(0).value, QStringLiteral("retired in March"));
        QCOMPARE(facts->at(0).createdAt, kT0);
        QCOMPARE(facts->at(0).updatedAt, kT0.addSecs(20));
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM agent_state")).toInt(), 2);

        // Owners are separate: owner 2 (no owner row yet) has its own "cube".
        QVERIFY(store.listFacts(2)->isEmpty());
        QVERIFY(store.setFact(2, QStringLiteral("cube"), QStringLiteral("a toy"), kT0));
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM owners WHERE id = 2")).toInt(),
                 1);
        QCOMPARE(store.listFacts(2)->size(), 1);
        QCOMPARE(store.listFacts(2)->at(0).value, QStringLiteral("a toy"));
        QCOMPARE(store.listFacts(1)->at(0).value, QStringLiteral("retired in March"));
        QCOMPARE(store.deleteFact(2, QStringLiteral("clifford")).value(), false);

        QCOMPARE(store.deleteFact(1, QStringLiteral("cube")).value(), true);
        QCOMPARE(store.deleteFact(1, QStringLiteral("cube")).value(), false);
        QCOMPARE(store.listFacts(1)->size(), 1);
        QCOMPARE(store.listFacts(2)->size(), 1);

        QCOMPARE(store.setFact(1, QString(), QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(store.setFact(1, QStringLiteral("  "), QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(store.setFact(0, QStringLiteral("k"), QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(store.listFacts(1)->size(), 1);
    }

    void latestMemoryIsTheNewestSummary() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto other = store.findOrCreateSupervisorThread(2, QStringLiteral("Jarvis"), kT0);
        QVERIFY(other);

        const auto none = store.latestMemory(f.threadId);
        QVERIFY(none);
        QVERIFY(!none->has_value());

        QVERIFY(store.saveMemory(f.threadId, 10, QStringLiteral("first ten"), kT0));
        QVERIFY(
            store.saveMemory(f.threadId, 25, QStringLiteral("first twenty-five"), kT0.addSecs(60)));
        QVERIFY(store.saveMemory(other->id, 3, QStringLiteral("someone else"), kT0.addSecs(120)));
        const auto latest = store.latestMemory(f.threadId);
        QVERIFY(latest && latest->has_value());
        const ThreadMemory& m = **latest;
        QVERIFY(m.id > 0);
        QCOMPARE(m.threadId, f.threadId);
        QCOMPARE(m.upToSeq, qint64(25));
        QCOMPARE(m.summary, QStringLiteral("first twenty-five"));
        QCOMPARE(m.createdAt, kT0.addSecs(60));
        QCOMPARE(store.latestMemory(other->id).value()->summary, QStringLiteral("someone else"));

        // A later save wins even when its clock reading is older (the newest row applies).
        QVERIFY(store.saveMemory(f.threadId, 30, QStringLiteral("recompacted"), kT0));
        QCOMPARE(store.latestMemory(f.threadId).value()->upToSeq, qint64(30));

        QCOMPARE(store.saveMemory(424242, 1, QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("not_found"));
        QCOMPARE(store.saveMemory(f.threadId, -1, QStringLiteral("x"), kT0).error().code,
                 QStringLiteral("invalid_argument"));
        QVERIFY(!store.latestMemory(424242)->has_value());
    }

    // Per UTC hour, model and role, oldest first; an invalid `since` means all calls (it once
    // bound NULL and matched none).
    void usageByHourGroupsPerHourModelAndRole() {
        Fixture f = fixture();
        QVERIFY(f.db);
        Store& store = *f.store;
        auto record = [&](qint64 owner, int minutes, const char* model, const char* role,
                          qint64 prompt, std::optional<double> cost) {
            LlmCallRecord c;
            c.ownerId = owner;
            c.model = QString::fromLatin1(model);
            c.role = QString::fromLatin1(role);
            c.promptTokens = prompt;
            c.costUsd = cost;
            c.status = QStringLiteral("ok");
            c.createdAt = kT0.addSecs(60 * minutes);
            return store.recordLlmCall(c).ok();
        };
        QVERIFY(record(1, 1, "gpt-4o", "supervisor", 10, 0.125));
        QVERIFY(record(1, 59, "gpt-4o", "supervisor", 20, 0.25));
        QVERIFY(record(1, 5, "claude", "worker", 7, std::nullopt));
        QVERIFY(record(1, 61, "gpt-4o", "supervisor", 40, 0.5));
        QVERIFY(record(2, 2, "gpt-4o", "supervisor", 1000, 9.0));  // another owner

        const auto all = store.usageByHour(1, QDateTime());
        QVERIFY2(all, all ? "" : qPrintable(all.error().message));
        QCOMPARE(all->size(), 3);
        const QDateTime noon = kT0;
        QCOMPARE(all->at(0).hour, noon);
        QCOMPARE(all->at(0).model, QStringLiteral("claude"));
        QCOMPARE(all->at(0).role, QStringLiteral("worker"));
        QCOMPARE(all->at(0).totals.calls, qint64(1));
        QVERIFY(!all->at(0).totals.costUsd);
        QCOMPARE(all->at(1).hour, noon);
        QCOMPARE(all->at(1).model, QStringLiteral("gpt-4o"));
        QCOMPARE(all->at(1).totals.calls, qint64(2));
        QCOMPARE(all->at(1).totals.promptTokens, qint64(30));
        QCOMPARE(all->at(1).totals.costUsd, std::optional<double>(0.375));
        QCOMPARE(all->at(2).hour, noon.addSecs(3600));
        QCOMPARE(all->at(2).totals.promptTokens, qint64(40));

        const auto later = store.usageByHour(1, kT0.addSecs(3600));
        QVERIFY(later);
        QCOMPARE(later->size(), 1);
        QCOMPARE(later->at(0).hour, noon.addSecs(3600));
        QVERIFY(store.usageByHour(3, QDateTime())->isEmpty());
    }

    // Several connections (server mode: many clients) creating the same owner's supervisor
    // thread and appending to it at once: one thread, and every message its own seq.
    void concurrentWritersShareOneThreadAndDistinctSeqs() {
        const QString path = freshPath();
        auto first = openOk(path);  // migrated before the writers start
        QVERIFY(first);
        constexpr int kWriters = 4;
        constexpr int kEach = 10;
        std::latch ready(kWriters);
        QMutex mutex;
        QStringList problems;
        QSet<qint64> threadIds;
        std::vector<std::thread> writers;
        for (int w = 0; w < kWriters; ++w) {
            writers.emplace_back([&, w] {
                // Each connection is opened, used and closed on its own thread.
                auto db = test::openTestDatabase(path, kT0);
                ready.arrive_and_wait();
                if (!db) {
                    const QMutexLocker lock(&mutex);
                    problems.append(db.error().message);
                    return;
                }
                Store store(db.value().get());
                const auto t = store.findOrCreateSupervisorThread(7, QStringLiteral("J"), kT0);
                if (!t) {
                    const QMutexLocker lock(&mutex);
                    problems.append(t.error().message);
                    return;
                }
                {
                    const QMutexLocker lock(&mutex);
                    threadIds.insert(t->id);
                }
                for (int i = 0; i < kEach; ++i) {
                    const QJsonObject body{{"role", "user"},
                                           {"content", QStringLiteral("%1-%2").arg(w).arg(i)}};
                    const auto seq = store.appendMessage(t->id, std::nullopt, body, kT0);
                    if (!seq) {
                        const QMutexLocker lock(&mutex);
                        problems.append(seq.error().message);
                    }
                }
            });
        }
        for (std::thread& t : writers)
            t.join();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(threadIds.size(), 1);
        const auto messages = Store(first.get()).loadMessagesAfter(*threadIds.begin(), 0);
        QVERIFY(messages);
        QCOMPARE(messages->size(), kWriters * kEach);
        QSet<QString> contents;
        for (int i = 0; i < messages->size(); ++i) {
            QCOMPARE(messages->at(i).seq, qint64(i + 1));
            contents.insert(messages->at(i).body.value(QStringLiteral("content")).toString());
        }
        QCOMPARE(contents.size(), kWriters * kEach);
    }

    void messagesOfOneRunComeWithTimeAndRun() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto run = store.createRun(1, f.threadId, QStringLiteral("a"), kT0);
        const auto other = store.createRun(1, f.threadId, QStringLiteral("b"), kT0);
        QVERIFY(run && other);
        QVERIFY(store.appendMessage(f.threadId, run.value(), {{"content", "q"}}, kT0));
        QVERIFY(store.appendMessage(f.threadId, other.value(), {{"content", "x"}}, kT0));
        QVERIFY(store.appendMessage(f.threadId, std::nullopt, {{"content", "loose"}}, kT0));
        QVERIFY(store.appendMessage(f.threadId, run.value(), {{"content", "a"}}, kT0.addSecs(2)));
        const auto msgs = store.loadMessagesForRun(f.threadId, run.value());
        QVERIFY2(msgs, msgs ? "" : qPrintable(msgs.error().message));
        QCOMPARE(msgs->size(), 2);
        QCOMPARE(msgs->at(0).seq, qint64(1));
        QCOMPARE(msgs->at(0).body.value(QStringLiteral("content")).toString(), QStringLiteral("q"));
        QCOMPARE(msgs->at(0).runId, run.value());
        QCOMPARE(msgs->at(1).seq, qint64(4));
        QCOMPARE(msgs->at(1).createdAt, kT0.addSecs(2));
        QCOMPARE(store.loadMessagesForRun(f.threadId, other.value())->size(), 1);
        QVERIFY(store.loadMessagesForRun(f.threadId, 424242)->isEmpty());
    }

    void messagesAfterASeqInOrder() {
        Fixture f = fixture();
        QVERIFY(f.threadId > 0);
        Store& store = *f.store;
        const auto other = store.findOrCreateSupervisorThread(2, QStringLiteral("Jarvis"), kT0);
        QVERIFY(other);
        for (int i = 1; i <= 4; ++i) {
            QVERIFY(store.appendMessage(f.threadId, std::nullopt,
                                        {{"role", "user"}, {"content", QString::number(i)}},
                                        kT0.addSecs(i)));
        }
        QVERIFY(store.appendMessage(other->id, std::nullopt, {{"role", "user"}}, kT0));

        auto seqsAfter = [&](qint64 after) {
            QList<qint64> seqs;
            const auto msgs = store.loadMessagesAfter(f.threadId, after);
            if (!msgs)
                return QList<qint64>{-1};
            for (const StoredMessage& m : msgs.value()) {
                if (m.body.value(QStringLiteral("content")).toString() != QString::number(m.seq))
                    return QList<qint64>{-2};
                seqs.append(m.seq);
            }
            return seqs;
        };
        QCOMPARE(seqsAfter(0), (QList<qint64>{1, 2, 3, 4}));
        QCOMPARE(seqsAfter(1), (QList<qint64>{2, 3, 4}));
        QCOMPARE(seqsAfter(3), QList<qint64>{4});
        QCOMPARE(seqsAfter(4), QList<qint64>{});
        QCOMPARE(seqsAfter(100), QList<qint64>{});
        QCOMPARE(store.loadMessagesAfter(other->id, 0)->size(), 1);
        QVERIFY(store.loadMessagesAfter(424242, 0)->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "test_store.moc"
