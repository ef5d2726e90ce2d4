// Searching the worker artifacts, and rebuilding the job index from them (the one part that
// touches the database: also run on PostgreSQL as test_artifact_search_postgres).
#include "postgres_fixture.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/index_rebuild.h"
#include "storage/store.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QStringList hits(const GrepReport& r) {
    QStringList out;
    for (const GrepMatch& m : r.matches)
        out.append(QStringLiteral("%1:%2:%3: %4").arg(m.workerId, m.file).arg(m.line).arg(m.text));
    return out;
}

}  // namespace

class TestArtifactSearch : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<ArtifactStore> m_store;
    QString m_disk;   // owner 1, older
    QString m_logs;   // owner 1, newer
    QString m_other;  // owner 2

    QString root() const { return m_tmp->filePath(QStringLiteral("workers")); }

    GrepOptions opts(const QString& pattern, qint64 owner = 1) const {
        GrepOptions o;
        o.ownerId = owner;
        o.pattern = pattern;
        return o;
    }

private Q_SLOTS:
    void init() {
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid());
        m_store = std::make_unique<ArtifactStore>(root());
        m_disk = m_store->createWorker(1, QStringLiteral("disk on cube"), kT0).value();
        m_logs = m_store
                     ->createWorker(1, QStringLiteral("logs on cube"), kT0.addSecs(60),
                                    {{"model", "m1"}, {"supervisor_run_id", 42}})
                     .value();
        m_other = m_store->createWorker(2, QStringLiteral("secret"), kT0).value();
        QVERIFY(m_store
                    ->saveToolCall(m_disk, 1, QStringLiteral("ssh_exec"),
                                   "Filesystem Size Used\n/dev/sda1 100G 91G\n")
                    .ok());
        QVERIFY(m_store->saveResult(m_disk, QStringLiteral("Disk is 91% full on /dev/sda1")).ok());
        QVERIFY(
            m_store->saveResult(m_logs, QStringLiteral("no errors\r\nERROR: disk full\n")).ok());
        QVERIFY(m_store->saveResult(m_other, QStringLiteral("/dev/sda1 belongs to owner 2")).ok());
        QVERIFY(m_store->completeWorker(m_disk, QStringLiteral("success"), kT0.addSecs(5)).ok());
    }

    void literalIsCaseInsensitiveNewestFirstAndOwnerFiltered() {
        const auto r = grepWorkers(root(), opts(QStringLiteral("/DEV/sda1")));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(
            hits(r.value()),
            QStringList({m_disk + QStringLiteral(":result.txt:1: Disk is 91% full on /dev/sda1"),
                         m_disk + QStringLiteral(":tool_calls/001_ssh_exec.txt:2: /dev/sda1 "
                                                 "100G 91G")}));
        QCOMPARE(r->workersScanned, 2);
        QVERIFY(!r->truncated);

        // Owner 2 sees only its own worker.
        const auto other = grepWorkers(root(), opts(QStringLiteral("sda1"), 2));
        QCOMPARE(other->matches.size(), 1);
        QCOMPARE(other->matches.first().workerId, m_other);

        const auto newest = grepWorkers(root(), opts(QStringLiteral("disk")));
        QCOMPARE(newest->matches.first().workerId, m_logs);  // started a minute later
        QCOMPARE(newest->matches.first().line, 2);
        QCOMPARE(newest->matches.first().text, QStringLiteral("ERROR: disk full"));  // no \r
    }

    void caseSensitiveAndRegex() {
        GrepOptions o = opts(QStringLiteral("errors"));  // not "error": metadata has that key
        o.caseSensitive = true;
        QCOMPARE(hits(grepWorkers(root(), o).value()),
                 QStringList({m_logs + QStringLiteral(":result.txt:1: no errors")}));

        GrepOptions re = opts(QStringLiteral("^ERROR: .* full$"));
        re.regex = true;
        QCOMPARE(hits(grepWorkers(root(), re).value()),
                 QStringList({m_logs + QStringLiteral(":result.txt:2: ERROR: disk full")}));
        // As a literal, the same text matches nothing.
        QVERIFY(grepWorkers(root(), opts(re.pattern))->matches.isEmpty());

        GrepOptions bad = opts(QStringLiteral("(unclosed"));
        bad.regex = true;
        const auto r = grepWorkers(root(), bad);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(r.error().message.contains(QStringLiteral("regular expression")));
        QCOMPARE(grepWorkers(root(), opts(QString())).error().code,
                 QStringLiteral("invalid_argument"));
    }

    void limitTruncatesAndLongLinesAreCapped() {
        QByteArray many;
        for (int i = 0; i < 20; ++i)
            many += "match " + QByteArray::number(i) + '\n';
        many += "match " + QByteArray(1000, 'x') + '\n';
        QVERIFY(m_store->writeFile(m_disk, QStringLiteral("many.txt"), many).ok());
        GrepOptions o = opts(QStringLiteral("match"));
        o.limit = 5;
        const auto r = grepWorkers(root(), o);
        QCOMPARE(r->matches.size(), 5);
        QVERIFY(r->truncated);
        QCOMPARE(r->matches.at(4).line, 5);

        o.limit = 100;
        const auto all = grepWorkers(root(), o);
        QCOMPARE(all->matches.size(), 21);
        QVERIFY(!all->truncated);
        QCOMPARE(all->matches.last().text.size(), o.maxLineChars + 1);
        QVERIFY(all->matches.last().text.endsWith(QChar(0x2026)));
    }

    void binaryFilesAndSymlinksAreSkipped() {
        QVERIFY(
            m_store->writeFile(m_disk, QStringLiteral("blob.bin"), QByteArray("needle\0binary", 13))
                .ok());
        const QString outside = m_tmp->filePath(QStringLiteral("outside"));
        QVERIFY(QDir().mkpath(outside));
        QVERIFY(writeAll(outside + QStringLiteral("/secret.txt"), "needle outside\n"));
        const QString dir = m_store->workerDir(m_disk);
        QVERIFY(QFile::link(outside + QStringLiteral("/secret.txt"),
                            dir + QStringLiteral("/link.txt")));
        QVERIFY(QFile::link(outside, dir + QStringLiteral("/linkdir")));
        // A whole worker folder that is a symlink to another owner's worker.
        QVERIFY(QFile::link(m_store->workerDir(m_other),
                            root() + QStringLiteral("/2099-01-01T00-00-00_alias")));
        QVERIFY(m_store->saveResult(m_other, QStringLiteral("needle of owner 2")).ok());
        // Control: the same needle in a plain text file is found.
        QVERIFY(m_store->writeFile(m_disk, QStringLiteral("plain.txt"), "a needle\n").ok());

        const auto r = grepWorkers(root(), opts(QStringLiteral("needle")));
        QCOMPARE(hits(r.value()), QStringList({m_disk + QStringLiteral(":plain.txt:1: a needle")}));
    }

    // Literal searches run on the raw bytes (ASCII patterns) or on decoded text (others); both
    // must find matches at the edges of a file, in nested and hidden files, and count lines alike.
    void literalMatchesAtEdgesNestedAndNonAscii() {
        QVERIFY(m_store
                    ->writeFile(m_disk, QStringLiteral("notes/deep/.hidden.log"),
                                "Needle at the start\nmiddle\nÜber nEEdle, needle twice\n"
                                "ends with NEEDLE")
                    .ok());
        const auto r = grepWorkers(root(), opts(QStringLiteral("needle")));
        QCOMPARE(hits(r.value()),
                 QStringList({m_disk + QStringLiteral(":notes/deep/.hidden.log:1: Needle at the "
                                                      "start"),
                              m_disk + QStringLiteral(":notes/deep/.hidden.log:3: Über nEEdle, "
                                                      "needle twice"),
                              m_disk + QStringLiteral(":notes/deep/.hidden.log:4: ends with "
                                                      "NEEDLE")}));
        // Case-sensitive: only the exact spelling, still one entry per line.
        GrepOptions exact = opts(QStringLiteral("needle"));
        exact.caseSensitive = true;
        QCOMPARE(hits(grepWorkers(root(), exact).value()),
                 QStringList({m_disk + QStringLiteral(":notes/deep/.hidden.log:3: Über nEEdle, "
                                                      "needle twice")}));
        // A non-ASCII pattern folds Unicode case: "ÜBER" finds "Über".
        QCOMPARE(hits(grepWorkers(root(), opts(QStringLiteral("ÜBER NEEDLE"))).value()),
                 QStringList({m_disk + QStringLiteral(":notes/deep/.hidden.log:3: Über nEEdle, "
                                                      "needle twice")}));
        // A pattern longer than a file, and one that differs only in its last byte.
        QVERIFY(grepWorkers(root(), opts(QStringLiteral("ends with NEEDLEs")))->matches.isEmpty());
    }

    void workerGrepRunsOffThreadAndCanBeCancelled() {
        WorkerGrep grep(root(), opts(QStringLiteral("Filesystem")));
        QSignalSpy done(&grep, &WorkerGrep::finished);
        grep.start();
        QVERIFY(done.wait(10000));
        QCOMPARE(done.count(), 1);
        QVERIFY(grep.isFinished());
        QCOMPARE(hits(grep.result().value()),
                 QStringList({m_disk + QStringLiteral(":tool_calls/001_ssh_exec.txt:1: "
                                                      "Filesystem Size Used")}));

        // Cancelled before the scan reaches the first file: finishes with "cancelled".
        WorkerGrep cancelled(root(), opts(QStringLiteral("Filesystem")));
        QSignalSpy cdone(&cancelled, &WorkerGrep::finished);
        cancelled.cancel();
        cancelled.start();
        QVERIFY(cdone.wait(10000));
        QCOMPARE(cancelled.result().error().code, QStringLiteral("cancelled"));

        // Destroying a running search joins the thread (no crash, no late signal).
        auto* dropped = new WorkerGrep(root(), opts(QStringLiteral("x")));
        dropped->start();
        delete dropped;
    }

    void reindexRestoresMissingRowsAndStatuses() {
        auto db = test::openTestDatabase(m_tmp->filePath(QStringLiteral("zerg.db")), kT0);
        QVERIFY(db.ok());
        Store store(db.value().get());
        // Corrupt folders are reported, not fatal.
        QVERIFY(QDir(root()).mkdir(QStringLiteral("junk")));
        QVERIFY(QDir(root()).mkdir(QStringLiteral("badjson")));
        QVERIFY(writeAll(root() + QStringLiteral("/badjson/metadata.json"), "{not json"));

        auto r = rebuildIndex(&store, m_store.get(), 1, kT0);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(r->inserted, 2);
        QCOMPARE(r->updated, 0);
        QCOMPARE(r->skipped.size(), 2);
        QVERIFY(r->skipped.join(u'\n').contains(QStringLiteral("junk: no metadata.json")));
        const auto disk = store.findJobByWorkerId(1, m_disk);
        QVERIFY(disk.ok());
        QCOMPARE(statusName(disk->status), QStringLiteral("success"));
        QCOMPARE(disk->task, QStringLiteral("disk on cube"));
        QCOMPARE(disk->startedAt, kT0);
        QCOMPARE(disk->finishedAt, kT0.addSecs(5));
        QCOMPARE(disk->durationMs, 5000);
        const auto logs = store.findJobByWorkerId(1, m_logs);
        QCOMPARE(statusName(logs->status), QStringLiteral("running"));
        QCOMPARE(logs->model, QStringLiteral("m1"));
        QCOMPARE(logs->runId, 0);                            // run 42 is not in this database
        QVERIFY(!store.findJobByWorkerId(2, m_other).ok());  // owner 2 not asked for

        // Idempotent; then a status change on disk is carried over.
        r = rebuildIndex(&store, m_store.get(), 1, kT0);
        QCOMPARE(r->inserted, 0);
        QCOMPARE(r->unchanged, 2);
        QVERIFY(m_store
                    ->completeWorker(m_logs, QStringLiteral("failed"), kT0.addSecs(90),
                                     QStringLiteral("boom"))
                    .ok());
        r = rebuildIndex(&store, m_store.get(), 0, kT0);  // all owners
        QCOMPARE(r->updated, 1);
        QCOMPARE(r->inserted, 1);  // owner 2's worker
        const auto failed = store.findJobByWorkerId(1, m_logs);
        QCOMPARE(statusName(failed->status), QStringLiteral("failed"));
        QCOMPARE(failed->error, QStringLiteral("boom"));
        QCOMPARE(failed->durationMs, 30000);
        QCOMPARE(store.listJobs(1, 10)->size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestArtifactSearch)
#include "test_artifact_search.moc"
