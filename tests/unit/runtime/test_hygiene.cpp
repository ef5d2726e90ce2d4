// The hygiene monitor: old worker folders, stale scratch files and orphaned jobs go; everything
// else stays; a second pass finds nothing.
#include "jarvis_fixture.h"
#include "runtime/hygiene_daemon.h"
#include "storage/hygiene.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

bool touch(const QString& path, const QDateTime& mtime) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write("x") != 1)
        return false;
    f.close();
    QFile g(path);
    return g.open(QIODevice::ReadWrite) && g.setFileTime(mtime, QFileDevice::FileModificationTime);
}

}  // namespace

class TestHygiene : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void prunesStaleAndOrphans() {
        Fixture f;
        const QDateTime now = f.clock.utcNow();
        // Workers: one finished 100 days ago (goes), one finished yesterday (stays), one
        // started 100 days ago and never finished (stays: not final).
        const QString old =
            f.artifacts->createWorker(1, QStringLiteral("old"), now.addDays(-101)).value();
        QVERIFY(f.artifacts->completeWorker(old, QStringLiteral("success"), now.addDays(-100)));
        const QString recent =
            f.artifacts->createWorker(1, QStringLiteral("recent"), now.addDays(-2)).value();
        QVERIFY(f.artifacts->completeWorker(recent, QStringLiteral("failed"), now.addDays(-1)));
        const QString running =
            f.artifacts->createWorker(1, QStringLiteral("running"), now.addDays(-100)).value();
        // Jobs: one running with no live worker since long ago (orphan), one just created
        // (within the grace period), one finished.
        const qint64 orphan = f.store
                                  ->createJob(1, std::nullopt, QStringLiteral("o"),
                                              QStringLiteral("m"), now.addSecs(-3600))
                                  .value();
        QVERIFY(f.store->markJobStarted(orphan, running, now.addSecs(-3600)));
        const qint64 fresh = f.store
                                 ->createJob(1, std::nullopt, QStringLiteral("f"),
                                             QStringLiteral("m"), now.addSecs(-5))
                                 .value();
        // Scratch: an old file in a subfolder (goes, and its folder), a new file (stays).
        QTemporaryDir scratch;
        QVERIFY(touch(scratch.filePath(QStringLiteral("a/b/old.txt")), now.addDays(-3)));
        QVERIFY(
            touch(scratch.filePath(QStringLiteral("new.txt")), QDateTime::currentDateTimeUtc()));

        HygieneConfig c;
        c.scratchDir = scratch.path();
        HygieneDaemon d(c, f.db.get(), f.artifacts.get(), f.pool.get(), &f.clock);
        QSignalSpy ran(&d, &HygieneDaemon::ran);
        const QJsonObject r = d.runOnce();
        QCOMPARE(r.value("pruned_workers").toInt(), 1);
        QCOMPARE(r.value("stale_files").toInt(), 1);
        QCOMPARE(r.value("orphaned_jobs").toInt(), 1);
        QCOMPARE(ran.count(), 1);
        QVERIFY(!QFileInfo::exists(f.artifacts->workerDir(old)));
        QVERIFY(QFileInfo::exists(f.artifacts->workerDir(recent)));
        QVERIFY(QFileInfo::exists(f.artifacts->workerDir(running)));
        QVERIFY(!QFileInfo::exists(scratch.filePath(QStringLiteral("a"))));
        QVERIFY(QFileInfo::exists(scratch.filePath(QStringLiteral("new.txt"))));
        QCOMPARE(statusName(f.store->job(orphan)->status), QStringLiteral("failed"));
        QVERIFY(f.store->job(orphan)->error.startsWith(QStringLiteral("orphaned")));
        QCOMPARE(f.artifacts->metadata(running, 1)->value("status").toString(),
                 QStringLiteral("failed"));
        QCOMPARE(statusName(f.store->job(fresh)->status), QStringLiteral("queued"));

        // Idempotent: nothing left to do.
        const QJsonObject again = d.runOnce();
        QCOMPARE(again.value("pruned_workers").toInt(), 0);
        QCOMPARE(again.value("stale_files").toInt(), 0);
        QCOMPARE(again.value("orphaned_jobs").toInt(), 0);

        // Periodic: a pass a minute after start (its folder half on a pool thread), the next
        // one after the interval, on the clock.
        d.start();
        f.clock.advance(60'000 - 1);
        QTest::qWait(50);
        QCOMPARE(ran.count(), 2);
        f.clock.advance(1);
        QTRY_COMPARE(ran.count(), 3);
        f.clock.advance(60 * 60'000 - 1);
        QTest::qWait(50);
        QCOMPARE(ran.count(), 3);
        f.clock.advance(1);
        QTRY_COMPARE(ran.count(), 4);
    }

    // The first pass comes a minute after start() and does not wait for the folders: it reports
    // later, from the event loop, with the old worker's folder gone.
    void startCleansFoldersInTheBackground() {
        Fixture f;
        const QDateTime now = f.clock.utcNow();
        const QString old =
            f.artifacts->createWorker(1, QStringLiteral("old"), now.addDays(-101)).value();
        QVERIFY(f.artifacts->completeWorker(old, QStringLiteral("success"), now.addDays(-100)));
        HygieneDaemon d(HygieneConfig{}, f.db.get(), f.artifacts.get(), f.pool.get(), &f.clock);
        QSignalSpy ran(&d, &HygieneDaemon::ran);
        d.start();
        f.clock.advance(HygieneConfig{}.firstPassDelaySeconds * 1000);
        QCOMPARE(ran.count(), 0);  // not run on this thread before the event loop
        QTRY_COMPARE(ran.count(), 1);
        QCOMPARE(ran.first().first().toJsonObject().value("pruned_workers").toInt(), 1);
        QVERIFY(!QFileInfo::exists(f.artifacts->workerDir(old)));
        d.stop();
    }

    // A job whose worker is alive in the pool is never taken for an orphan.
    void liveWorkersAreNotOrphans() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("s"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w"), QStringLiteral("ssh_exec"), "{}"}});
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(f.tool->running, 1);
        f.clock.advance(10'000);  // past the grace period below; the worker still runs
        QCOMPARE(statusName(f.store->listJobs(1, 5)->first().status), QStringLiteral("running"));
        HygieneConfig c;
        c.orphanGraceSeconds = 1;
        HygieneDaemon d(c, f.db.get(), f.artifacts.get(), f.pool.get(), &f.clock);
        QCOMPARE(d.runOnce().value("orphaned_jobs").toInt(), 0);
        QCOMPARE(statusName(f.store->listJobs(1, 5)->first().status), QStringLiteral("running"));
    }
};

QTEST_GUILESS_MAIN(TestHygiene)
#include "test_hygiene.moc"
