// Start-up recovery: jobs and runs that a crash left unfinished become failed/interrupted, in the
// database and in the workers' metadata.json, and finished ones are left alone. On SQLite and,
// as test_job_recovery_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/job_recovery.h"
#include "storage/store.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

class TestJobRecovery : public QObject {
    Q_OBJECT

    const QDateTime m_t0{QDate(2026, 1, 1), QTime(12, 0), Qt::UTC};

    struct Fixture {
        QTemporaryDir dir;
        std::unique_ptr<Database> db;
        std::unique_ptr<Store> store;
        std::unique_ptr<ArtifactStore> artifacts;
        Fixture() {
            auto opened = test::openTestDatabase(dir.filePath(QStringLiteral("z.sqlite")));
            if (!opened)
                qFatal("cannot open the test database: %s", qPrintable(opened.error().message));
            db = std::move(opened).value();
            store = std::make_unique<Store>(db.get());
            artifacts = std::make_unique<ArtifactStore>(dir.filePath(QStringLiteral("workers")));
        }
    };

private Q_SLOTS:
    void unfinishedJobsAndRunsBecomeFailedInterrupted() {
        Fixture f;
        const auto thread = f.store->findOrCreateSupervisorThread(1, QStringLiteral("t"), m_t0);
        QVERIFY(thread);
        const auto run = f.store->createRun(1, thread->id, QStringLiteral("check"), m_t0);
        const auto doneRun = f.store->createRun(1, thread->id, QStringLiteral("old"), m_t0);
        QVERIFY(run && doneRun);
        QVERIFY(f.store->finishRun(doneRun.value(), RunStatus::Success, QStringLiteral("ok"), {},
                                   m_t0.addSecs(5)));

        const auto queued =
            f.store->createJob(1, run.value(), QStringLiteral("later"), QStringLiteral("m"), m_t0);
        const auto running = f.store->createJob(1, run.value(), QStringLiteral("Disk on cube"),
                                                QStringLiteral("m"), m_t0);
        const auto finished =
            f.store->createJob(1, std::nullopt, QStringLiteral("done"), QStringLiteral("m"), m_t0);
        QVERIFY(queued && running && finished);
        const auto workerId =
            f.artifacts->createWorker(1, QStringLiteral("Disk on cube"), m_t0.addSecs(1));
        QVERIFY(workerId);
        QVERIFY(f.store->markJobStarted(running.value(), workerId.value(), m_t0.addSecs(1)));
        QVERIFY(f.store->finishJob(finished.value(), JobStatus::Success, {}, m_t0.addSecs(2)));

        const QDateTime now = m_t0.addSecs(3600);
        const auto report = recoverInterruptedJobs(f.db.get(), f.artifacts.get(), now);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->jobIds, (QList<qint64>{queued.value(), running.value()}));
        QCOMPARE(report->workerIds, QStringList{workerId.value()});
        QCOMPARE(report->runIds, QList<qint64>{run.value()});

        const auto r = f.store->job(running.value());
        QCOMPARE(statusName(r->status), QStringLiteral("failed"));
        QCOMPARE(r->error, QStringLiteral("interrupted: Zerg stopped while this worker was running "
                                          "(recovered at start-up)"));
        QCOMPARE(r->finishedAt, now);
        QCOMPARE(r->durationMs, 0);  // unknown: not the hour Zerg was down
        const auto q = f.store->job(queued.value());
        QCOMPARE(statusName(q->status), QStringLiteral("failed"));
        QVERIFY(q->error.startsWith(QStringLiteral("interrupted: ")));
        QCOMPARE(statusName(f.store->job(finished.value())->status), QStringLiteral("success"));
        QVERIFY(f.store->job(finished.value())->error.isEmpty());

        const auto rr = f.store->run(run.value());
        QCOMPARE(statusName(rr->status), QStringLiteral("failed"));
        QVERIFY(rr->error.startsWith(QStringLiteral("interrupted: ")));
        QCOMPARE(rr->finishedAt, now);
        QCOMPARE(statusName(f.store->run(doneRun.value())->status), QStringLiteral("success"));

        const auto meta = f.artifacts->metadata(workerId.value(), 1);
        QVERIFY(meta);
        QCOMPARE(meta->value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(meta->value("error").toString(), r->error);
        QCOMPARE(meta->value("completed_at").toString(), now.toString(Qt::ISODateWithMs));
        QVERIFY(!meta->value("summary").toString().isEmpty());

        // Nothing is left to recover the second time.
        const auto again = recoverInterruptedJobs(f.db.get(), f.artifacts.get(), now.addSecs(1));
        QVERIFY(again);
        QVERIFY(again->isEmpty());
        QCOMPARE(f.store->job(running.value())->finishedAt, now);
    }

    void aMissingWorkerFolderIsNotAnError() {
        Fixture f;
        const auto job =
            f.store->createJob(1, std::nullopt, QStringLiteral("x"), QStringLiteral("m"), m_t0);
        QVERIFY(job);
        QVERIFY(f.store->markJobStarted(job.value(), QStringLiteral("20260101-120000_gone"), m_t0));
        const auto report = recoverInterruptedJobs(f.db.get(), f.artifacts.get(), m_t0);
        QVERIFY(report);
        QCOMPARE(report->workerIds, QStringList{QStringLiteral("20260101-120000_gone")});
        QCOMPARE(statusName(f.store->job(job.value())->status), QStringLiteral("failed"));
        QVERIFY(!QDir(f.artifacts->workerDir(QStringLiteral("20260101-120000_gone"))).exists());
    }

    void nothingToRecoverOnACleanDatabase() {
        Fixture f;
        const auto report = recoverInterruptedJobs(f.db.get(), f.artifacts.get(), m_t0);
        QVERIFY(report);
        QVERIFY(report->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestJobRecovery)
#include "test_job_recovery.moc"
