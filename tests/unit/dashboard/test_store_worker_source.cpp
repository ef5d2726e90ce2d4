// The Workers table's source over a real SQLite Store and ArtifactStore: rows and costs from the
// database at once, tool calls and hosts read from the folders off the calling thread.
#include "core/clock.h"
#include "dashboard/store_worker_source.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

// A tool call file as the worker writes it: a header with the arguments, then the output.
QByteArray toolCallFile(const QString& host) {
    return QStringLiteral(
               "tool: ssh_exec\narguments: {\"command\":\"df -h\",\"host\":\"%1\"}\n"
               "--- stdout ---\n/ 91%%\n")
        .arg(host)
        .toUtf8();
}

}  // namespace

class TestStoreWorkerSource : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsAtOnceActivityLater() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ManualClock clock;
        auto opened = Database::open(dir.filePath(QStringLiteral("zerg.db")), clock.utcNow());
        QVERIFY(opened.ok());
        const std::unique_ptr<Database> db = std::move(opened).value();
        Store store(db.get());
        ArtifactStore artifacts(dir.filePath(QStringLiteral("workers")));
        const QDateTime now = clock.utcNow();

        // Job a: two calls on web1 and one on web2, priced. Job b: queued, no folder yet.
        // Job c: another owner's.
        const auto a = store.createJob(kOwner, std::nullopt, QStringLiteral("disk"), "m", now);
        const auto b = store.createJob(kOwner, std::nullopt, QStringLiteral("later"), "m", now);
        const auto c = store.createJob(2, std::nullopt, QStringLiteral("theirs"), "m", now);
        QVERIFY(a && b && c);
        const auto wa = artifacts.createWorker(kOwner, QStringLiteral("disk"), now);
        QVERIFY(wa);
        QVERIFY(store.markJobStarted(a.value(), wa.value(), now));
        int seq = 0;
        for (const char* host : {"web1", "web2", "web1"}) {
            QVERIFY(artifacts.saveToolCall(wa.value(), ++seq, QStringLiteral("ssh_exec"),
                                           toolCallFile(QString::fromLatin1(host))));
        }
        LlmCallRecord call;
        call.ownerId = kOwner;
        call.jobId = a.value();
        call.costUsd = 0.02;
        call.status = QStringLiteral("ok");
        call.createdAt = now;
        QVERIFY(store.recordLlmCall(call));

        StoreWorkerSource source(&store, &artifacts, kOwner);
        const auto rows = source.recentWorkers(10);
        QVERIFY(rows);
        QCOMPARE(rows->size(), 2);  // not the other owner's
        QCOMPARE(rows->at(1).jobId, a.value());
        QCOMPARE(rows->at(1).toolCalls, 0);  // not read yet
        QCOMPARE(*rows->at(1).costUsd, 0.02);
        QVERIFY(rows->at(1).runningSince.isValid());
        QVERIFY(!rows->at(0).costUsd);  // no calls: unknown

        QObject context;
        QHash<qint64, WorkerActivitySummary> got;
        QThread* calledOn = nullptr;
        int calls = 0;
        source.loadActivity(rows.value(), &context, [&](const auto& byJob) {
            got = byJob;
            calledOn = QThread::currentThread();
            ++calls;
        });
        QCOMPARE(calls, 0);  // asynchronous
        QTRY_COMPARE(calls, 1);
        QCOMPARE(calledOn, QThread::currentThread());
        QCOMPARE(got.size(), 1);  // the queued job has no folder to read
        QCOMPARE(got.value(a.value()).toolCalls, 3);
        QCOMPARE(got.value(a.value()).hosts, QStringLiteral("web1, web2"));

        QCOMPARE(*source.jobCost(a.value()), 0.02);
        QVERIFY(!source.jobCost(b.value()));
        QVERIFY(!source.jobCost(c.value()));  // another owner's job: nothing

        // Nobody to tell any more: done is not called.
        auto gone = std::make_unique<QObject>();
        source.loadActivity(rows.value(), gone.get(), [&](const auto&) { ++calls; });
        gone.reset();
        QVERIFY(QThreadPool::globalInstance()->waitForDone(30000));
        QCoreApplication::processEvents();
        QCOMPARE(calls, 1);
    }
};

QTEST_GUILESS_MAIN(TestStoreWorkerSource)
#include "test_store_worker_source.moc"
