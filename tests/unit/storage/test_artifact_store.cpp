#include "core/json_util.h"
#include "storage/artifact_store.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

}  // namespace

class TestArtifactStore : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<ArtifactStore> m_store;

    QString root() const { return m_tmp->filePath(QStringLiteral("data/workers")); }

    QString create(const QString& task, const QDateTime& at = kT0, qint64 owner = 1,
                   const QJsonObject& extra = {}) {
        const auto id = m_store->createWorker(owner, task, at, extra);
        if (!id)
            qWarning("%s", qPrintable(id.error().message));
        return id ? id.value() : QString();
    }

private Q_SLOTS:
    void init() {
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid());
        m_store = std::make_unique<ArtifactStore>(root());
    }

    void layoutAndMetadataFields() {
        const QString id = create(QStringLiteral("Check disk usage on cube"), kT0, 1,
                                  {{"model", "gpt-4o-mini"},
                                   {"job_id", 7},
                                   {"supervisor_run_id", 456},
                                   {"owner_id", 99},  // cannot override the core fields
                                   {"status", "success"}});
        QCOMPARE(id, QStringLiteral("2026-01-01T12-00-00_check-disk-usage-on-cube"));
        const QString dir = root() + QLatin1Char('/') + id;
        QVERIFY(QFileInfo(dir).isDir());
        QCOMPARE(m_store->workerDir(id), dir);

        QJsonObject onDisk;
        QVERIFY(json::parseObject(readAll(dir + QStringLiteral("/metadata.json")), &onDisk));
        QCOMPARE(onDisk.value("worker_id").toString(), id);
        QCOMPARE(onDisk.value("owner_id").toInteger(), 1);
        QCOMPARE(onDisk.value("task").toString(), QStringLiteral("Check disk usage on cube"));
        QCOMPARE(onDisk.value("status").toString(), QStringLiteral("running"));
        QCOMPARE(onDisk.value("started_at").toString(), QStringLiteral("2026-01-01T12:00:00.000Z"));
        for (const char* key : {"completed_at", "duration_ms", "summary", "summary_meta"}) {
            QVERIFY2(
                onDisk.contains(QLatin1String(key)) && onDisk.value(QLatin1String(key)).isNull(),
                key);
        }
        QCOMPARE(onDisk.value("model").toString(), QStringLiteral("gpt-4o-mini"));
        QCOMPARE(onDisk.value("job_id").toInteger(), 7);
        QCOMPARE(onDisk.value("supervisor_run_id").toInteger(), 456);

        QVERIFY(m_store->saveResult(id, QString::fromUtf8("Cube is 78% full ✓")));
        QCOMPARE(QString::fromUtf8(readAll(dir + QStringLiteral("/result.txt"))),
                 QString::fromUtf8("Cube is 78% full ✓"));
        QCOMPARE(m_store->readResult(id, 1).value(), QString::fromUtf8("Cube is 78% full ✓"));
        const auto meta = m_store->metadata(id, 1);
        QVERIFY(meta);
        QCOMPARE(meta.value(), onDisk);
    }

    void sameTaskSameSecondGetsDistinctIds() {
        const QString a = create(QStringLiteral("disk check"), kT0);
        const QString b = create(QStringLiteral("disk check"), kT0.addMSecs(300));
        const QString c = create(QStringLiteral("disk check"), kT0.addMSecs(999));
        QCOMPARE(a, QStringLiteral("2026-01-01T12-00-00_disk-check"));
        QCOMPARE(b, a + QStringLiteral("-2"));
        QCOMPARE(c, a + QStringLiteral("-3"));
        QCOMPARE(m_store->metadata(b, 1)->value("worker_id").toString(), b);
        QCOMPARE(create(QStringLiteral("disk check"), kT0.addSecs(1)),
                 QStringLiteral("2026-01-01T12-00-01_disk-check"));
    }

    void toolCallsAreNumberedAndNamed() {
        const QString id = create(QStringLiteral("disk"));
        const auto first = m_store->saveToolCall(id, 1, QStringLiteral("ssh_exec"), "Filesystem\n");
        QVERIFY(first);
        QCOMPARE(first.value(), QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QCOMPARE(readAll(root() + QLatin1Char('/') + id +
                         QStringLiteral("/tool_calls/001_ssh_exec.txt")),
                 QByteArray("Filesystem\n"));
        const auto odd = m_store->saveToolCall(id, 12, QStringLiteral("../evil name"), "x");
        QVERIFY(odd);
        QCOMPARE(odd.value(), QStringLiteral("tool_calls/012____evil_name.txt"));
        QVERIFY(QFile::exists(m_store->workerDir(id) + QLatin1Char('/') + odd.value()));
        QVERIFY(!m_store->saveToolCall(id, 0, QStringLiteral("ssh_exec"), "x"));
        // No temp files are left behind by the atomic writes.
        const auto files = m_store->listFiles(id, 1);
        QVERIFY(files);
        QCOMPARE(files.value(), (QStringList{QStringLiteral("metadata.json"),
                                             QStringLiteral("tool_calls/001_ssh_exec.txt"),
                                             QStringLiteral("tool_calls/012____evil_name.txt")}));
    }

    void threadJsonlLinesParse() {
        const QString id = create(QStringLiteral("disk"));
        const QList<QJsonObject> lines = {
            {{"role", "system"}, {"content", "You are a worker."}},
            {{"role", "user"}, {"content", "line one\nline two"}},
            {{"role", "assistant"},
             {"tool_calls", QJsonArray{QJsonObject{{"id", "c1"}, {"name", "ssh_exec"}}}}}};
        for (const QJsonObject& l : lines)
            QVERIFY(m_store->appendThreadMessage(id, l));
        const auto bytes = m_store->readFile(id, 1, QStringLiteral("thread.jsonl"));
        QVERIFY(bytes);
        QVERIFY(bytes->endsWith('\n'));
        const QList<QByteArray> raw = bytes->trimmed().split('\n');
        QCOMPARE(raw.size(), lines.size());
        for (int i = 0; i < raw.size(); ++i) {
            QJsonObject parsed;
            QVERIFY(json::parseObject(raw.at(i), &parsed));
            QCOMPARE(parsed, lines.at(i));
        }
    }

    void completeWorkerSetsStatusAndDuration() {
        const QString id = create(QStringLiteral("disk"), kT0.addMSecs(250));
        QVERIFY(m_store->updateMetadata(
            id, {{"summary", "Cube 78% full"}, {"summary_meta", QJsonObject{{"version", 1}}}}));
        QVERIFY(m_store->completeWorker(id, QStringLiteral("success"), kT0.addMSecs(12250)));
        auto meta = m_store->metadata(id, 1);
        QVERIFY(meta);
        QCOMPARE(meta->value("status").toString(), QStringLiteral("success"));
        QCOMPARE(meta->value("completed_at").toString(),
                 QStringLiteral("2026-01-01T12:00:12.250Z"));
        QCOMPARE(meta->value("duration_ms").toInteger(), 12000);
        QVERIFY(meta->value("error").isNull());
        QCOMPARE(meta->value("summary").toString(), QStringLiteral("Cube 78% full"));
        QCOMPARE(meta->value("summary_meta").toObject().value("version").toInt(), 1);
        QCOMPARE(meta->value("task").toString(), QStringLiteral("disk"));

        QVERIFY(m_store->completeWorker(id, QStringLiteral("failed"), kT0.addSecs(20),
                                        QStringLiteral("ssh: connection refused")));
        meta = m_store->metadata(id, 1);
        QCOMPARE(meta->value("error").toString(), QStringLiteral("ssh: connection refused"));
        QCOMPARE(meta->value("status").toString(), QStringLiteral("failed"));

        QCOMPARE(m_store->updateMetadata(id, {{"owner_id", 2}}).error().code,
                 QStringLiteral("invalid_argument"));
        QCOMPARE(m_store->metadata(id, 1)->value("owner_id").toInteger(), 1);
    }

    void writesToUnknownWorkersFailWithoutCreatingFolders() {
        const QString ghost = QStringLiteral("2026-01-01T12-00-00_ghost");
        QCOMPARE(m_store->saveResult(ghost, QStringLiteral("x")).error().code,
                 QStringLiteral("not_found"));
        QVERIFY(!m_store->appendThreadMessage(ghost, {}));
        QVERIFY(!m_store->saveToolCall(ghost, 1, QStringLiteral("t"), "x"));
        QVERIFY(!m_store->completeWorker(ghost, QStringLiteral("success"), kT0));
        QVERIFY(!QFileInfo::exists(root() + QLatin1Char('/') + ghost));
        QCOMPARE(m_store->saveResult(QStringLiteral("../escape"), QStringLiteral("x")).error().code,
                 QStringLiteral("invalid_argument"));
        QVERIFY(!QFileInfo::exists(m_tmp->filePath(QStringLiteral("data/escape"))));
    }

    void otherOwnersCannotSeeAWorker() {
        const QString id = create(QStringLiteral("secret"), kT0, 1);
        QVERIFY(m_store->saveResult(id, QStringLiteral("owner 1 only")));
        const auto meta = m_store->metadata(id, 2);
        QVERIFY(!meta);
        QCOMPARE(meta.error().code, QStringLiteral("not_found"));
        // Indistinguishable from a worker that does not exist.
        const QString missing = QStringLiteral("2026-01-01T12-00-00_nothing");
        QCOMPARE(meta.error().message,
                 QString(m_store->metadata(missing, 2).error().message).replace(missing, id));
        QCOMPARE(m_store->readResult(id, 2).error().code, QStringLiteral("not_found"));
        QCOMPARE(m_store->readFile(id, 2, QStringLiteral("result.txt")).error().code,
                 QStringLiteral("not_found"));
        QVERIFY(!m_store->listFiles(id, 2));
        QVERIFY(!m_store->metadata(id, 0));
        QVERIFY(m_store->listWorkers(2, 10)->isEmpty());
        QCOMPARE(m_store->listWorkers(1, 10)->size(), 1);
    }

    void traversalIsRefused() {
        const QString id = create(QStringLiteral("target"));
        QVERIFY(m_store->saveToolCall(id, 1, QStringLiteral("ssh_exec"), "x"));
        const QString other = create(QStringLiteral("other"));
        QVERIFY(m_store->saveResult(other, QStringLiteral("other's result")));
        const QString outside = m_tmp->filePath(QStringLiteral("outside.txt"));
        QVERIFY(writeAll(outside, "SECRET"));
        const QString dir = m_store->workerDir(id);
        QVERIFY(QFile::link(outside, dir + QStringLiteral("/escape.txt")));
        QVERIFY(QFile::link(m_tmp->path(), dir + QStringLiteral("/updir")));

        const QStringList bad = {QStringLiteral("../x"),
                                 QStringLiteral("/etc/passwd"),
                                 QStringLiteral("tool_calls/../../other/metadata.json"),
                                 QStringLiteral("../") + other + QStringLiteral("/result.txt"),
                                 QStringLiteral("escape.txt"),
                                 QStringLiteral("updir/outside.txt"),
                                 QStringLiteral(".."),
                                 QStringLiteral(""),
                                 QStringLiteral("tool_calls")};
        for (const QString& path : bad) {
            const auto r = m_store->readFile(id, 1, path);
            QVERIFY2(!r, qPrintable(path));
            QVERIFY2(r.error().code == QLatin1String("invalid_argument"),
                     qPrintable(path + QStringLiteral(": ") + r.error().message));
        }
        // Worker ids are one folder name.
        for (const QString& wid : {QStringLiteral(".."), QStringLiteral("../workers/") + id,
                                   QStringLiteral("a/b"), QString()}) {
            QVERIFY2(!m_store->readFile(wid, 1, QStringLiteral("metadata.json")), qPrintable(wid));
            QVERIFY2(!m_store->metadata(wid, 1), qPrintable(wid));
        }
        // Writes are confined the same way.
        QVERIFY(!m_store->writeFile(id, QStringLiteral("../x.txt"), "x"));
        QVERIFY(!m_store->writeFile(id, QStringLiteral("updir/planted.txt"), "x"));
        QVERIFY(!QFileInfo::exists(m_tmp->filePath(QStringLiteral("planted.txt"))));
        QCOMPARE(readAll(outside), QByteArray("SECRET"));
    }

    void readFileOfRealFilesWorks() {
        const QString id = create(QStringLiteral("disk"));
        QVERIFY(
            m_store->saveToolCall(id, 1, QStringLiteral("ssh_exec"), QByteArray("out\0put", 7)));
        const auto r = m_store->readFile(id, 1, QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QVERIFY2(r, r ? "" : qPrintable(r.error().message));
        QCOMPARE(r.value(), QByteArray("out\0put", 7));
        QVERIFY(m_store->readFile(id, 1, QStringLiteral("./tool_calls//001_ssh_exec.txt")));
        // A symlink that stays inside the folder is fine.
        QVERIFY(QFile::link(m_store->workerDir(id) + QStringLiteral("/tool_calls/001_ssh_exec.txt"),
                            m_store->workerDir(id) + QStringLiteral("/latest.txt")));
        QCOMPARE(m_store->readFile(id, 1, QStringLiteral("latest.txt")).value(),
                 QByteArray("out\0put", 7));
        QCOMPARE(m_store->readFile(id, 1, QStringLiteral("nope.txt")).error().code,
                 QStringLiteral("not_found"));
        const auto written = m_store->writeFile(id, QStringLiteral("monitoring/check_0005s.json"),
                                                "{\"elapsed\":5}");
        QVERIFY(written);
        QCOMPARE(written.value(), QStringLiteral("monitoring/check_0005s.json"));
        QCOMPARE(m_store->readFile(id, 1, written.value()).value(), QByteArray("{\"elapsed\":5}"));
        QCOMPARE(m_store->readResult(id, 1).error().code, QStringLiteral("not_found"));
    }

    void listWorkersNewestFirstWithLimit() {
        // Created out of order; within 12:00:00 the name order (zzz > aaa) is the reverse of
        // the start order, so the list must sort by started_at, not by folder name alone.
        const QString w2 = create(QStringLiteral("zzz first in second"), kT0.addMSecs(100));
        const QString w4 = create(QStringLiteral("latest"), kT0.addSecs(90));
        const QString w1 = create(QStringLiteral("oldest"), kT0.addSecs(-60));
        const QString w3 = create(QStringLiteral("aaa later in second"), kT0.addMSecs(900));
        const QString foreign = create(QStringLiteral("not mine"), kT0.addSecs(120), 2);
        QVERIFY(!foreign.isEmpty());
        QVERIFY(QDir().mkpath(root() + QStringLiteral("/2026-01-01T13-00-00_no-metadata")));

        auto ids = [](const QList<QJsonObject>& list) {
            QStringList out;
            for (const QJsonObject& o : list)
                out.append(o.value("worker_id").toString());
            return out;
        };
        const auto all = m_store->listWorkers(1, 10);
        QVERIFY(all);
        QCOMPARE(ids(all.value()), (QStringList{w4, w3, w2, w1}));
        QCOMPARE(ids(m_store->listWorkers(1, 2).value()), (QStringList{w4, w3}));
        QCOMPARE(ids(m_store->listWorkers(1, 1).value()), (QStringList{w4}));
        QCOMPARE(ids(m_store->listWorkers(1, 3).value()), (QStringList{w4, w3, w2}));
        QCOMPARE(ids(m_store->listWorkers(2, 10).value()), (QStringList{foreign}));
        QVERIFY(!m_store->listWorkers(1, 0));
        ArtifactStore empty(m_tmp->filePath(QStringLiteral("nowhere")));
        QVERIFY(empty.listWorkers(1, 5)->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestArtifactStore)
#include "test_artifact_store.moc"
