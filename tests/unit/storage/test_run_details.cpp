// runDetails / runSummary (storage/run_details.h): one run with its workers, usage and cost, as
// `zerg runs show` and the API print it; owner-checked without leaking which ids exist. On SQLite
// and, as test_run_details_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/run_details.h"
#include "storage/store.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

LlmCallRecord call(qint64 runId, qint64 prompt, qint64 completion, std::optional<double> cost) {
    LlmCallRecord c;
    c.ownerId = 1;
    c.runId = runId;
    c.role = QStringLiteral("supervisor");
    c.model = QStringLiteral("gpt-4o");
    c.promptTokens = prompt;
    c.completionTokens = completion;
    c.cachedTokens = prompt / 2;
    c.reasoningTokens = completion / 4;
    c.costUsd = cost;
    c.status = QStringLiteral("ok");
    c.createdAt = kT0.addSecs(1);
    return c;
}

}  // namespace

class TestRunDetails : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<ArtifactStore> m_artifacts;
    qint64 m_thread = 0;

    qint64 newRun(const QString& task, qint64 owner = 1) {
        const auto thread = m_store->findOrCreateSupervisorThread(owner, QStringLiteral("J"), kT0);
        const auto run = thread ? m_store->createRun(owner, thread->id, task, kT0) : thread.error();
        return run ? run.value() : 0;
    }

private Q_SLOTS:
    void init() {
        QVERIFY(m_dir.isValid());
        auto db = test::openTestDatabase(
            m_dir.filePath(QStringLiteral("z%1.sqlite").arg(QTest::currentTestFunction())), kT0);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        m_db = std::move(db).value();
        m_store = std::make_unique<Store>(m_db.get());
        m_artifacts = std::make_unique<ArtifactStore>(
            m_dir.filePath(QStringLiteral("workers-%1").arg(QTest::currentTestFunction())));
    }

    void cleanup() {
        m_artifacts.reset();
        m_store.reset();
        m_db.reset();
    }

    void finishedRunWithWorkersAndCost() {
        const qint64 run = newRun(QStringLiteral("check disk on cube"));
        QVERIFY(run > 0);
        const auto started =
            m_store->createJob(1, run, QStringLiteral("Disk on cube"), {}, kT0.addSecs(1));
        const auto queued =
            m_store->createJob(1, run, QStringLiteral("never ran"), {}, kT0.addSecs(2));
        QVERIFY(started && queued);
        const auto worker =
            m_artifacts->createWorker(1, QStringLiteral("Disk on cube"), kT0.addSecs(1));
        QVERIFY(worker);
        QVERIFY(m_store->markJobStarted(started.value(), worker.value(), kT0.addSecs(1)));
        QVERIFY(m_store->finishJob(started.value(), JobStatus::Success, {}, kT0.addSecs(13)));
        QVERIFY(m_store->finishJob(queued.value(), JobStatus::Cancelled, {}, kT0.addSecs(14)));
        QVERIFY(m_artifacts->updateMetadata(
            worker.value(), {{"summary", "Cube / is 78% full; /backup has 2 TB free."}}));
        QVERIFY(m_store->recordLlmCall(call(run, 1000, 200, 0.01)));
        QVERIFY(m_store->recordLlmCall(call(run, 3000, 300, 0.035)));
        QVERIFY(m_store->finishRun(run, RunStatus::Success, QStringLiteral("Cube is fine."), {},
                                   kT0.addSecs(25), 1, 1));

        const auto details = runDetails(*m_store, *m_artifacts, 1, run);
        QVERIFY2(details, details ? "" : qPrintable(details.error().message));
        const QJsonObject& d = details.value();
        QCOMPARE(d.value("run_id").toInteger(), run);
        QCOMPARE(d.value("thread_id").toInteger(), m_store->run(run)->threadId);
        QCOMPARE(d.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(d.value("mode").toString(), QStringLiteral("supervisor"));
        QCOMPARE(d.value("task").toString(), QStringLiteral("check disk on cube"));
        QCOMPARE(d.value("started_at").toString(), QStringLiteral("2026-01-01T12:00:00.000Z"));
        QCOMPARE(d.value("completed_at").toString(), QStringLiteral("2026-01-01T12:00:25.000Z"));
        QCOMPARE(d.value("duration_ms").toInteger(), 25000);
        QCOMPARE(d.value("result").toString(), QStringLiteral("Cube is fine."));
        QCOMPARE(d.value("error").toString(), QString());
        // The calls are the record, not the row's counters (1 + 1).
        QCOMPARE(d.value("tokens_used").toInteger(), 4500);
        const QJsonObject usage = d.value("usage").toObject();
        QCOMPARE(usage.value("calls").toInteger(), 2);
        QCOMPARE(usage.value("prompt_tokens").toInteger(), 4000);
        QCOMPARE(usage.value("completion_tokens").toInteger(), 500);
        QCOMPARE(usage.value("cached_tokens").toInteger(), 2000);
        QCOMPARE(usage.value("reasoning_tokens").toInteger(), 125);
        QVERIFY(qAbs(d.value("cost_usd").toDouble() - 0.045) < 1e-9);

        const QJsonArray workers = d.value("workers").toArray();
        QCOMPARE(workers.size(), 2);
        const QJsonObject w0 = workers.at(0).toObject();
        QCOMPARE(w0.value("job_id").toInteger(), started.value());
        QCOMPARE(w0.value("worker_id").toString(), worker.value());
        QCOMPARE(w0.value("task").toString(), QStringLiteral("Disk on cube"));
        QCOMPARE(w0.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(w0.value("duration_ms").toInteger(), 12000);
        QCOMPARE(w0.value("summary").toString(),
                 QStringLiteral("Cube / is 78% full; /backup has 2 TB free."));
        const QJsonObject w1 = workers.at(1).toObject();
        QCOMPARE(w1.value("job_id").toInteger(), queued.value());
        QCOMPARE(w1.value("status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(w1.value("worker_id").toString(), QString());
        QCOMPARE(w1.value("summary").toString(), QString());
    }

    // The chat's history: pages of runs, oldest first in a page, newer pages first; whether
    // older runs exist; where the thread's summary ends; another owner's runs never in it.
    void conversationComesBackPageByPage() {
        QList<qint64> runs;
        for (int i = 1; i <= 5; ++i) {
            runs.append(newRun(QStringLiteral("question %1").arg(i)));
            QVERIFY(runs.last() > 0);
            QVERIFY(m_store->finishRun(runs.last(), RunStatus::Success,
                                       QStringLiteral("answer %1").arg(i), {},
                                       kT0.addSecs(10 * i)));
        }
        QVERIFY(newRun(QStringLiteral("someone else's"), 2) > 0);
        const qint64 thread = m_store->run(runs.first())->threadId;
        // Messages of runs 1-3, then a summary of messages 1..4 (covering runs 1 and 2).
        for (int i = 0; i < 3; ++i) {
            for (int m = 0; m < 2; ++m) {
                QVERIFY(m_store->appendMessage(thread, runs.at(i),
                                               {{QStringLiteral("role"), QStringLiteral("user")}},
                                               kT0.addSecs(i)));
            }
        }

        Result<QJsonObject> page = conversationPage(*m_store, *m_artifacts, 1, std::nullopt, 3);
        QVERIFY2(page.ok(), page.ok() ? "" : qPrintable(page.error().message));
        QJsonArray shown = page->value(QStringLiteral("runs")).toArray();
        QCOMPARE(shown.size(), 3);
        QCOMPARE(shown.at(0).toObject().value(QStringLiteral("task")).toString(),
                 QStringLiteral("question 3"));
        QCOMPARE(shown.at(2).toObject().value(QStringLiteral("result")).toString(),
                 QStringLiteral("answer 5"));
        QVERIFY(shown.at(2).toObject().value(QStringLiteral("workers")).isArray());
        QVERIFY(page->value(QStringLiteral("more")).toBool());
        QVERIFY(page->value(QStringLiteral("summarised_through_run_id")).isNull());

        QVERIFY(m_store->saveMemory(thread, 4, QStringLiteral("summary"), kT0.addSecs(60)));
        page = conversationPage(*m_store, *m_artifacts, 1, runs.at(2), 3);
        QVERIFY2(page.ok(), page.ok() ? "" : qPrintable(page.error().message));
        shown = page->value(QStringLiteral("runs")).toArray();
        QCOMPARE(shown.size(), 2);
        QCOMPARE(shown.at(0).toObject().value(QStringLiteral("run_id")).toInteger(), runs.at(0));
        QCOMPARE(shown.at(1).toObject().value(QStringLiteral("run_id")).toInteger(), runs.at(1));
        QVERIFY(!page->value(QStringLiteral("more")).toBool());
        QCOMPARE(page->value(QStringLiteral("summarised_through_run_id")).toInteger(), runs.at(1));

        // Another owner with no runs: an empty page.
        page = conversationPage(*m_store, *m_artifacts, 3, std::nullopt, 3);
        QVERIFY(page.ok());
        QVERIFY(page->value(QStringLiteral("runs")).toArray().isEmpty());
        QVERIFY(!page->value(QStringLiteral("more")).toBool());
    }

    void anotherOwnersRunIsNotFoundLikeAMissingOne() {
        const qint64 run = newRun(QStringLiteral("private"));
        QVERIFY(run > 0);
        QVERIFY(runDetails(*m_store, *m_artifacts, 1, run));
        const auto theirs = runDetails(*m_store, *m_artifacts, 2, run);
        QVERIFY(!theirs);
        QCOMPARE(theirs.error().code, QStringLiteral("not_found"));
        QVERIFY(!theirs.error().message.contains(QStringLiteral("private")));
        const qint64 missingId = run + 1000;
        const auto missing = runDetails(*m_store, *m_artifacts, 2, missingId);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, QStringLiteral("not_found"));
        // Same wording apart from the id: nothing tells the two cases apart.
        QCOMPARE(QString(theirs.error().message).replace(QString::number(run), QStringLiteral("N")),
                 QString(missing.error().message)
                     .replace(QString::number(missingId), QStringLiteral("N")));
    }

    void costIsNullWhenACallsPriceIsUnknown() {
        const qint64 run = newRun(QStringLiteral("check"));
        QVERIFY(run > 0);
        QVERIFY(m_store->recordLlmCall(call(run, 100, 10, 0.002)));
        QVERIFY(m_store->recordLlmCall(call(run, 100, 10, std::nullopt)));
        const auto d = runDetails(*m_store, *m_artifacts, 1, run);
        QVERIFY(d);
        QVERIFY(d->value("cost_usd").isNull());
        QCOMPARE(d->value("tokens_used").toInteger(), 220);
        // Still running: no completion time, no duration yet.
        QCOMPARE(d->value("status").toString(), QStringLiteral("running"));
        QVERIFY(d->value("completed_at").isNull());
        QCOMPARE(d->value("duration_ms").toInteger(), 0);
        QCOMPARE(d->value("workers").toArray().size(), 0);
    }

    void unmeteredRunsFallBackToTheRunRow() {
        // A run with counters on its row but no call records (before metering): those tokens,
        // and an unknown cost rather than a free one.
        const qint64 old = newRun(QStringLiteral("old"));
        QVERIFY(old > 0);
        QVERIFY(m_store->finishRun(old, RunStatus::Success, QStringLiteral("ok"), {},
                                   kT0.addSecs(2), 700, 50));
        const auto d = runDetails(*m_store, *m_artifacts, 1, old);
        QVERIFY(d);
        QCOMPARE(d->value("tokens_used").toInteger(), 750);
        QCOMPARE(d->value("usage").toObject().value("calls").toInteger(), 0);
        QVERIFY(d->value("cost_usd").isNull());

        // A quick answer that made no model call at all cost nothing.
        const auto thread = m_store->findOrCreateSupervisorThread(1, QStringLiteral("J"), kT0);
        const auto quick = m_store->createRun(1, thread->id, QStringLiteral("what time is it"), kT0,
                                              QStringLiteral("quick"));
        QVERIFY(quick);
        QVERIFY(m_store->finishRun(quick.value(), RunStatus::Success, QStringLiteral("12:00"), {},
                                   kT0));
        const auto q = runSummary(*m_store, m_store->run(quick.value()).value());
        QVERIFY(q);
        QCOMPARE(q->value("mode").toString(), QStringLiteral("quick"));
        QCOMPARE(q->value("tokens_used").toInteger(), 0);
        QCOMPARE(q->value("cost_usd").toDouble(-1), 0.0);
        QVERIFY(!q->contains(QStringLiteral("workers")));
    }

    void anotherOwnersWorkerSummaryIsNotShown() {
        // The artifacts are owner-checked too: a folder whose metadata names another owner
        // contributes no summary, even if a job row points at it.
        const qint64 run = newRun(QStringLiteral("check"));
        QVERIFY(run > 0);
        const auto job = m_store->createJob(1, run, QStringLiteral("x"), {}, kT0);
        const auto foreign = m_artifacts->createWorker(2, QStringLiteral("x"), kT0);
        QVERIFY(job && foreign);
        QVERIFY(m_artifacts->updateMetadata(foreign.value(), {{"summary", "owner 2's secret"}}));
        QVERIFY(m_store->markJobStarted(job.value(), foreign.value(), kT0));
        const auto d = runDetails(*m_store, *m_artifacts, 1, run);
        QVERIFY(d);
        QCOMPARE(d->value("workers").toArray().at(0).toObject().value("summary").toString(),
                 QString());
    }
};

QTEST_GUILESS_MAIN(TestRunDetails)
#include "test_run_details.moc"
