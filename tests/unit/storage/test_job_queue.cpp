// The shared queue (issue 26, docs/server.md): JobQueue claims waiting worker jobs in order,
// once, within limits counted over every process's running jobs. Several processes are several
// connections to one database (test_job_queue_postgres: a real PostgreSQL server); 200 jobs of
// four owners, claimed by three concurrent processes, each run once with the limits held at
// every moment.
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/job_queue.h"
#include "storage/store.h"
#include "why.h"

#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

#include <latch>
#include <thread>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 11, 1), QTime(9, 0), Qt::UTC);

std::unique_ptr<Database> open(const QString& path, qint64 instanceId) {
    auto db = test::openTestDatabase(path, kT0);
    if (!db)
        qFatal("cannot open the test database: %s", why(db).constData());
    db.value()->setInstanceId(instanceId);
    return std::move(db).value();
}

}  // namespace

class TestJobQueue : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_count = 0;
    QString m_path;

    QList<qint64> createJobs(Store& store, qint64 owner, int n) {
        QList<qint64> ids;
        for (int i = 0; i < n; ++i) {
            const Result<qint64> id = store.createJob(
                owner, std::nullopt, QStringLiteral("task %1").arg(i), QStringLiteral("m"), kT0);
            if (!id)
                qFatal("%s", why(id).constData());
            ids.append(id.value());
        }
        return ids;
    }

private Q_SLOTS:
    void init() { m_path = m_dir.filePath(QStringLiteral("zerg-%1.db").arg(++m_count)); }

    void claimsInOrderOnceWithinItsSlots() {
        auto db = open(m_path, 1);
        Store store(db.get());
        JobQueue queue(db.get());
        const QList<qint64> jobs = createJobs(store, 1, 5);
        const auto first = queue.claim(jobs, 2, {}, kT0);
        QVERIFY2(first, why(first).constData());
        QCOMPARE(first.value(), jobs.mid(0, 2));
        const WorkerJobRecord claimed = store.job(jobs.at(0)).value();
        QCOMPARE(claimed.status, JobStatus::Running);
        QVERIFY(claimed.startedAt.isValid());
        // Claimed once: asking again for all of them gives the rest, not the first two.
        QVERIFY(store.finishJob(jobs.at(3), JobStatus::Cancelled, QStringLiteral("user"), kT0));
        const auto rest = queue.claim(jobs, 10, {}, kT0);
        QVERIFY2(rest, why(rest).constData());
        QCOMPARE(rest.value(), (QList<qint64>{jobs.at(2), jobs.at(4)}));  // not the cancelled one
        QCOMPARE(queue.claim(jobs, 10, {}, kT0).value(), QList<qint64>{});

        QVERIFY(queue.unclaim(jobs.at(4)));
        QCOMPARE(store.job(jobs.at(4)).value().status, JobStatus::Queued);
        QCOMPARE(queue.claim(jobs, 10, {}, kT0).value(), QList<qint64>{jobs.at(4)});
    }

    void limitsCountTheRunningJobsOfEveryProcess() {
        auto dbA = open(m_path, 1);
        auto dbB = open(m_path, 2);
        Store storeA(dbA.get()), storeB(dbB.get());
        JobQueue a(dbA.get()), b(dbB.get());
        const QList<qint64> onA = createJobs(storeA, 1, 3);
        QCOMPARE(a.claim(onA, 10, {}, kT0).value().size(), 3);  // owner 1 has 3 running on a

        const QList<qint64> onB = createJobs(storeB, 1, 2) + createJobs(storeB, 2, 2);
        // At most 4 in all: b may start one.
        QCOMPARE(b.claim(onB, 10, {4, 0}, kT0).value(), QList<qint64>{onB.at(0)});
        QVERIFY(storeB.finishJob(onB.at(0), JobStatus::Success, {}, kT0));
        // At most 3 per owner: owner 1 is full (3 on a), so owner 2's jobs go first, without
        // waiting behind owner 1's.
        const auto perOwner = b.claim(onB, 10, {0, 3}, kT0);
        QVERIFY2(perOwner, why(perOwner).constData());
        QCOMPARE(perOwner.value(), (QList<qint64>{onB.at(2), onB.at(3)}));
        // One of a's ends: owner 1 may start one more, on b.
        QVERIFY(storeA.finishJob(onA.at(0), JobStatus::Success, {}, kT0));
        QCOMPARE(b.claim(onB, 10, {0, 3}, kT0).value(), QList<qint64>{onB.at(1)});
        QCOMPARE(storeB.job(onB.at(1)).value().status, JobStatus::Running);
    }

    void twoHundredJobsOfFourOwnersRunOnceWithinTheLimits() {
        constexpr int kOwners = 4, kPerOwner = 50, kProcesses = 3;
        constexpr QueueLimits kLimits{6, 2};
        QList<QList<qint64>> waiting(kProcesses);
        {
            auto db = open(m_path, 0);
            Store store(db.get());
            QList<QList<qint64>> byOwner;
            for (int owner = 1; owner <= kOwners; ++owner)
                byOwner.append(createJobs(store, owner, kPerOwner));
            // Interleaved, and each process waits for a share of every owner's jobs.
            for (int i = 0, n = 0; i < kPerOwner; ++i) {
                for (int o = 0; o < kOwners; ++o, ++n)
                    waiting[n % kProcesses].append(byOwner.at(o).at(i));
            }
        }
        // What the processes see as running: a job enters after its claim committed and leaves
        // before it is marked finished, so it is never larger than what the database counts.
        QMutex mutex;
        QHash<qint64, int> claims;  // job -> times claimed
        QHash<qint64, qint64> ownerOf;
        QHash<qint64, int> running;  // owner -> running now
        int runningTotal = 0, maxTotal = 0, maxPerOwner = 0;
        QStringList problems;

        std::latch opened(kProcesses);  // all connected before any claims: they overlap
        const auto process = [&](int index) {
            auto db = open(m_path, index + 1);
            Store store(db.get());
            JobQueue queue(db.get());
            opened.arrive_and_wait();
            QList<qint64> mine = waiting.at(index);
            while (!mine.isEmpty()) {
                const Result<QList<qint64>> got = queue.claim(mine, 4, kLimits, kT0);
                if (!got) {
                    const QMutexLocker lock(&mutex);
                    problems.append(got.error().message);
                    return;
                }
                {
                    const QMutexLocker lock(&mutex);
                    for (const qint64 id : got.value()) {
                        const Result<WorkerJobRecord> job = store.job(id);
                        if (!job) {
                            problems.append(job.error().message);
                            continue;
                        }
                        const qint64 owner = job->ownerId;
                        ownerOf.insert(id, owner);
                        ++claims[id];
                        maxPerOwner = qMax(maxPerOwner, ++running[owner]);
                        maxTotal = qMax(maxTotal, ++runningTotal);
                    }
                }
                // The work; a process held back by the limits waits a little, as WorkerPool does.
                std::this_thread::sleep_for(std::chrono::milliseconds(got->isEmpty() ? 10 : 25));
                for (const qint64 id : got.value()) {
                    {
                        const QMutexLocker lock(&mutex);
                        --running[ownerOf.value(id)];
                        --runningTotal;
                    }
                    // Busy SQLite waits for its turn (BEGIN IMMEDIATE): no write fails.
                    if (const Status s = store.finishJob(id, JobStatus::Success, {}, kT0); !s) {
                        const QMutexLocker lock(&mutex);
                        problems.append(s.error().message);
                    }
                    mine.removeAll(id);
                }
            }
        };
        std::vector<std::thread> threads;
        for (int i = 0; i < kProcesses; ++i)
            threads.emplace_back(process, i);
        for (std::thread& t : threads)
            t.join();

        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(claims.size(), kOwners * kPerOwner);
        for (auto it = claims.cbegin(); it != claims.cend(); ++it)
            QVERIFY2(it.value() == 1,
                     qPrintable(
                         QStringLiteral("job %1 claimed %2 times").arg(it.key()).arg(it.value())));
        QVERIFY2(maxTotal <= kLimits.total, qPrintable(QString::number(maxTotal)));
        QVERIFY2(maxPerOwner <= kLimits.perOwner, qPrintable(QString::number(maxPerOwner)));
        QVERIFY2(maxTotal > 4, qPrintable(QStringLiteral("the processes never ran work at the "
                                                         "same time (at most %1 at once)")
                                              .arg(maxTotal)));  // one process has 4 slots
        auto db = open(m_path, 0);
        Store store(db.get());
        for (int owner = 1; owner <= kOwners; ++owner) {
            const auto done = store.listJobs(owner, 500, JobStatus::Success);
            QVERIFY2(done, why(done).constData());
            QCOMPARE(done->size(), kPerOwner);
        }
    }
};

QTEST_GUILESS_MAIN(TestJobQueue)
#include "test_job_queue.moc"
