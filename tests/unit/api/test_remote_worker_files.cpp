// The Worker detail page through `zerg serve`: RemoteWorkerFilesSource asks the server's
// worker_job, worker_folder and worker_file_bytes, which answer from the owner's
// StoreWorkerFilesSource. Jobs, folders and files read back equal the local ones field by field
// and byte by byte (a binary file included); another owner's worker, a missing file and a path
// out of the folder are refused alike on both sides; bad arguments are refused and named.
#include "remote_sources_fixture.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

using namespace zerg;
using namespace zerg::test;

namespace {

constexpr qint64 kOtherOwner = 2;

// Not text: NUL bytes, a byte that is never UTF-8, a cut sequence.
const QByteArray kBinary =
    QByteArrayLiteral("\x00\x01\xff\xfe PNG\r\n\x1a\n \xc3\x28 bad utf-8 \x80");

QByteArray toolCallFile() {
    return "tool: ssh_exec\ncall_id: call_1\nfinished_at: 2026-01-01T12:00:03.000Z\n"
           "duration_ms: 1200\narguments: {\"command\":\"df -h\",\"host\":\"cube\"}\n"
           "result: {\"exit_code\":0,\"ok\":true}\n\n--- stdout ---\nsda1 40% \xe2\x82\xac\n\n"
           "--- stderr ---\n\n";
}

QByteArray checkFile(int number, qint64 elapsed, const QString& reason) {
    return QJsonDocument(QJsonObject{{u"check"_s, number},
                                     {u"elapsed_seconds"_s, elapsed},
                                     {u"status"_s, u"running"_s},
                                     {u"decision"_s, QJsonObject{{u"action"_s, u"wait"_s},
                                                                 {u"argument"_s, reason},
                                                                 {u"source"_s, u"llm"_s}}}})
        .toJson();
}

struct Worker {
    QString id;
    qint64 jobId = 0;
};

// A finished worker with a thread, a tool call, a check, a binary file and a result.
Worker makeWorker(RemoteSourcesFixture& f, qint64 owner, const QString& task) {
    const QDateTime now(QDate(2026, 11, 20), QTime(9, 15, 0, 250), Qt::UTC);
    const Result<qint64> job = f.store->createJob(owner, std::nullopt, task, u"gpt-test"_s, now);
    if (!job)
        qFatal("createJob: %s", qPrintable(job.error().message));
    const Result<QString> id = f.artifacts->createWorker(owner, task, now, {{u"job_id"_s, *job}});
    if (!id)
        qFatal("createWorker: %s", qPrintable(id.error().message));
    const QString w = id.value();
    bool ok = f.store->markJobStarted(*job, w, now.addMSecs(40)).ok();
    ok = ok &&
         f.artifacts->appendThreadMessage(w, {{u"role"_s, u"user"_s}, {u"content"_s, task}}).ok();
    ok = ok && f.artifacts->saveToolCall(w, 1, u"ssh_exec"_s, toolCallFile()).ok();
    ok = ok &&
         f.artifacts
             ->writeFile(w, u"monitoring/check_005s.json"_s, checkFile(1, 5, u"still working"_s))
             .ok();
    ok = ok && f.artifacts->writeFile(w, u"blob.bin"_s, kBinary).ok();
    ok = ok && f.artifacts->saveResult(w, u"Disk is 40% full."_s).ok();
    ok = ok && f.artifacts->completeWorker(w, u"success"_s, now.addSecs(12)).ok();
    ok = ok && f.store->finishJob(*job, JobStatus::Success, {}, now.addSecs(12)).ok();
    if (!ok)
        qFatal("writing the worker failed");
    return {w, *job};
}

Result<QJsonObject> command(RemoteSourcesFixture& f, const QString& op, const QJsonObject& args) {
    std::optional<Result<QJsonObject>> answer;
    f.client->request(op, args, nullptr,
                      [&answer](Result<QJsonObject> r) { answer = std::move(r); });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, RemoteSourcesFixture::kWaitMs))
        return Error{u"timeout"_s, u"no answer within 10 s"_s};
    return std::move(*answer);
}

QString messageOf(const Result<QJsonObject>& r) {
    return r ? u"(no error)"_s : r.error().message;
}

void compare(const WorkerJobRecord& remote, const WorkerJobRecord& local) {
    QCOMPARE(remote.id, local.id);
    QCOMPARE(remote.ownerId, local.ownerId);
    QCOMPARE(remote.runId, local.runId);
    QCOMPARE(remote.task, local.task);
    QCOMPARE(remote.model, local.model);
    QCOMPARE(remote.status, local.status);
    QCOMPARE(remote.workerId, local.workerId);
    QCOMPARE(remote.error, local.error);
    QCOMPARE(remote.createdAt, local.createdAt);
    QCOMPARE(remote.startedAt, local.startedAt);
    QCOMPARE(remote.finishedAt, local.finishedAt);
    QCOMPARE(remote.durationMs, local.durationMs);
}

void compare(const WorkerFolder& remote, const WorkerFolder& local) {
    QCOMPARE(remote.metadata, local.metadata);
    QCOMPARE(remote.files.size(), local.files.size());
    for (qsizetype i = 0; i < local.files.size(); ++i) {
        QCOMPARE(remote.files.at(i).path, local.files.at(i).path);
        QCOMPARE(remote.files.at(i).size, local.files.at(i).size);
    }
    QCOMPARE(remote.checks.size(), local.checks.size());
    for (qsizetype i = 0; i < local.checks.size(); ++i) {
        QCOMPARE(remote.checks.at(i).path, local.checks.at(i).path);
        QCOMPARE(remote.checks.at(i).bytes, local.checks.at(i).bytes);
    }
    QCOMPARE(remote.moreChecks, local.moreChecks);
}

void compare(const WorkerFileRead& remote, const WorkerFileRead& local) {
    QCOMPARE(remote.path, local.path);
    QCOMPARE(remote.size, local.size);
    QCOMPARE(remote.bytes, local.bytes);
    QCOMPARE(remote.truncated, local.truncated);
    QVERIFY(!local.location.isEmpty());  // the local file, for an editor
    QVERIFY(remote.location.isEmpty());  // nothing of the server's disk
}

}  // namespace

class TestRemoteWorkerFiles : public QObject {
    Q_OBJECT

    struct Both {
        WorkerFilesSource* local;
        WorkerFilesSource* remote;
    };
    static Both sources(RemoteSourcesFixture& f) {
        return {f.local->sources().workerFiles, f.remote->sources().workerFiles};
    }

    static Result<WorkerFolder> folder(RemoteSourcesFixture& f, WorkerFilesSource* s,
                                       const QString& workerId, const QSet<QString>& known = {}) {
        return f.await<WorkerFolder>(
            [&](QObject* c, auto done) { s->folder(workerId, known, c, done); });
    }
    static Result<WorkerFileRead> file(RemoteSourcesFixture& f, WorkerFilesSource* s,
                                       const QString& workerId, const QString& path,
                                       qint64 maxBytes = WorkerFilesSource::kMaxFileBytes) {
        return f.await<WorkerFileRead>(
            [&](QObject* c, auto done) { s->file(workerId, path, maxBytes, c, done); });
    }

private Q_SLOTS:
    void theFolderIsTheSameOnBothSides() {
        RemoteSourcesFixture f;
        QVERIFY(f.store->ensureOwner(1, u"me"_s, QDateTime::currentDateTimeUtc()).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"Check the disk"_s);
        const auto [local, remote] = sources(f);

        const Result<WorkerFolder> l = folder(f, local, w.id);
        const Result<WorkerFolder> r = folder(f, remote, w.id);
        QVERIFY2(l.ok(), qPrintable(l ? QString() : l.error().message));
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
        QStringList paths;
        for (const WorkerFileEntry& e : l->files)
            paths << e.path;
        QCOMPARE(paths, (QStringList{u"blob.bin"_s, u"metadata.json"_s,
                                     u"monitoring/check_005s.json"_s, u"result.txt"_s,
                                     u"thread.jsonl"_s, u"tool_calls/001_ssh_exec.txt"_s}));
        QCOMPARE(l->checks.size(), 1);
        QCOMPARE(l->checks.constFirst().bytes, checkFile(1, 5, u"still working"_s));
        QCOMPARE(l->metadata.value(u"task"_s).toString(), u"Check the disk"_s);
        compare(r.value(), l.value());
        if (QTest::currentTestFailed())
            return;

        // A known check is not sent again.
        const QSet<QString> known{u"monitoring/check_005s.json"_s};
        const Result<WorkerFolder> lk = folder(f, local, w.id, known);
        const Result<WorkerFolder> rk = folder(f, remote, w.id, known);
        QVERIFY(lk.ok() && rk.ok());
        QVERIFY(lk->checks.isEmpty());
        compare(rk.value(), lk.value());
    }

    void everyFileIsTheSameByteForByte() {
        RemoteSourcesFixture f;
        QVERIFY(f.store->ensureOwner(1, u"me"_s, QDateTime::currentDateTimeUtc()).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"disk"_s);
        const auto [local, remote] = sources(f);
        const Result<QStringList> paths =
            f.artifacts->listFiles(w.id, RemoteSourcesFixture::kOwner);
        QVERIFY(paths.ok());
        QCOMPARE(paths->size(), 6);
        for (const QString& path : paths.value()) {
            const Result<WorkerFileRead> l = file(f, local, w.id, path);
            const Result<WorkerFileRead> r = file(f, remote, w.id, path);
            QVERIFY2(l.ok(), qPrintable(path + u": "_s + (l ? QString() : l.error().message)));
            QVERIFY2(r.ok(), qPrintable(path + u": "_s + (r ? QString() : r.error().message)));
            QVERIFY(!l->truncated);
            compare(r.value(), l.value());
            if (QTest::currentTestFailed())
                return;
        }
        // The binary file survives the wire: not text, not valid UTF-8, NUL bytes.
        const Result<WorkerFileRead> blob = file(f, remote, w.id, u"blob.bin"_s);
        QVERIFY(blob.ok());
        QCOMPARE(blob->bytes, kBinary);
        QCOMPARE(blob->size, kBinary.size());
        const Result<WorkerFileRead> tool = file(f, remote, w.id, u"tool_calls/001_ssh_exec.txt"_s);
        QVERIFY(tool.ok());
        QCOMPARE(tool->bytes, toolCallFile());

        // At most maxBytes: the start of the file, and it says it was cut.
        const Result<WorkerFileRead> lCut = file(f, local, w.id, u"blob.bin"_s, 10);
        const Result<WorkerFileRead> rCut = file(f, remote, w.id, u"blob.bin"_s, 10);
        QVERIFY(lCut.ok() && rCut.ok());
        QCOMPARE(rCut->bytes, kBinary.left(10));
        QVERIFY(rCut->truncated);
        compare(rCut.value(), lCut.value());

        // A file over the 512 KiB a reply carries is cut on both sides alike.
        QVERIFY(f.artifacts->saveResult(w.id, QString(600 * 1024, u'x')).ok());
        const Result<WorkerFileRead> lBig = file(f, local, w.id, u"result.txt"_s);
        const Result<WorkerFileRead> rBig = file(f, remote, w.id, u"result.txt"_s);
        QVERIFY(lBig.ok() && rBig.ok());
        QCOMPARE(rBig->size, 600 * 1024);
        QCOMPARE(rBig->bytes.size(), WorkerFilesSource::kMaxFileBytes);
        QVERIFY(rBig->truncated);
        compare(rBig.value(), lBig.value());
    }

    void jobsAreTheSameOnBothSides() {
        RemoteSourcesFixture f;
        QVERIFY(f.store->ensureOwner(1, u"me"_s, QDateTime::currentDateTimeUtc()).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"uptime"_s);
        const auto [local, remote] = sources(f);

        const auto byJob = [&](WorkerFilesSource* s) {
            return f.await<WorkerJobRecord>(
                [&](QObject* c, auto done) { s->job(w.jobId, c, done); });
        };
        const auto byWorker = [&](WorkerFilesSource* s) {
            return f.await<WorkerJobRecord>(
                [&](QObject* c, auto done) { s->jobOfWorker(w.id, c, done); });
        };
        const Result<WorkerJobRecord> l = byJob(local);
        const Result<WorkerJobRecord> r = byJob(remote);
        QVERIFY2(l.ok(), qPrintable(l ? QString() : l.error().message));
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
        QCOMPARE(l->workerId, w.id);
        QCOMPARE(statusName(l->status), u"success"_s);
        QVERIFY(l->finishedAt.isValid());
        compare(r.value(), l.value());

        const Result<WorkerJobRecord> lw = byWorker(local);
        const Result<WorkerJobRecord> rw = byWorker(remote);
        QVERIFY(lw.ok() && rw.ok());
        QCOMPARE(lw->id, w.jobId);
        compare(rw.value(), lw.value());
    }

    void anotherOwnersAndMissingOnesAreNotFound() {
        RemoteSourcesFixture f;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QVERIFY(f.store->ensureOwner(1, u"me"_s, now).ok());
        QVERIFY(f.store->ensureOwner(kOtherOwner, u"them"_s, now).ok());
        const Worker mine = makeWorker(f, RemoteSourcesFixture::kOwner, u"mine"_s);
        const Worker theirs = makeWorker(f, kOtherOwner, u"their secret"_s);
        const auto [local, remote] = sources(f);

        for (WorkerFilesSource* s : {local, remote}) {
            const QString side = s == local ? u"local: "_s : u"remote: "_s;
            const Result<WorkerFolder> folderOfTheirs = folder(f, s, theirs.id);
            QVERIFY2(!folderOfTheirs.ok(), qPrintable(side));
            QCOMPARE(folderOfTheirs.error().code, u"not_found"_s);
            QVERIFY(!folderOfTheirs.error().message.contains(u"their secret"_s));

            const Result<WorkerFileRead> fileOfTheirs = file(f, s, theirs.id, u"result.txt"_s);
            QVERIFY2(!fileOfTheirs.ok(), qPrintable(side));
            QCOMPARE(fileOfTheirs.error().code, u"not_found"_s);

            const Result<WorkerJobRecord> jobOfTheirs = f.await<WorkerJobRecord>(
                [&](QObject* c, auto done) { s->job(theirs.jobId, c, done); });
            QVERIFY2(!jobOfTheirs.ok(), qPrintable(side));
            QCOMPARE(jobOfTheirs.error().code, u"not_found"_s);
            const Result<WorkerJobRecord> jobOfTheirWorker = f.await<WorkerJobRecord>(
                [&](QObject* c, auto done) { s->jobOfWorker(theirs.id, c, done); });
            QVERIFY2(!jobOfTheirWorker.ok(), qPrintable(side));
            QCOMPARE(jobOfTheirWorker.error().code, u"not_found"_s);
            const Result<WorkerJobRecord> noJob =
                f.await<WorkerJobRecord>([&](QObject* c, auto done) { s->job(9999, c, done); });
            QCOMPARE(noJob.error().code, u"not_found"_s);

            const Result<WorkerFileRead> missingFile = file(f, s, mine.id, u"nope.txt"_s);
            QVERIFY2(!missingFile.ok(), qPrintable(side));
            QCOMPARE(missingFile.error().code, u"not_found"_s);
            QVERIFY2(missingFile.error().message.contains(u"nope.txt"_s),
                     qPrintable(missingFile.error().message));

            const Result<WorkerFolder> missingWorker =
                folder(f, s, u"2020-01-01T00-00-00_nothing"_s);
            QCOMPARE(missingWorker.error().code, u"not_found"_s);
        }
    }

    void aPathOutOfTheFolderIsRefused() {
        RemoteSourcesFixture f;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QVERIFY(f.store->ensureOwner(1, u"me"_s, now).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"disk"_s);
        const Worker other = makeWorker(f, RemoteSourcesFixture::kOwner, u"other"_s);
        // A symlink in the folder to a file outside it: never listed, never read.
        QVERIFY(QFile::link(f.dir.filePath(u"zerg.sqlite"_s),
                            f.artifacts->workerDir(w.id) + u"/db-link"_s));
        const auto [local, remote] = sources(f);

        const QString outside = u"../%1/result.txt"_s.arg(other.id);
        for (const QString& path : {outside, u"/etc/passwd"_s, u"tool_calls/../../x"_s}) {
            const Result<WorkerFileRead> l = file(f, local, w.id, path);
            const Result<WorkerFileRead> r = file(f, remote, w.id, path);
            QVERIFY2(!l.ok() && !r.ok(), qPrintable(path));
            QCOMPARE(l.error().code, u"invalid_argument"_s);
            QCOMPARE(r.error().code, u"bad_request"_s);  // the API's word for it
            QCOMPARE(r.error().message, l.error().message);
            QVERIFY2(r.error().message.contains(path), qPrintable(r.error().message));
        }
        for (WorkerFilesSource* s : {local, remote}) {
            const Result<WorkerFileRead> link = file(f, s, w.id, u"db-link"_s);
            QVERIFY(!link.ok());
            QCOMPARE(link.error().code, u"not_found"_s);
            const Result<WorkerFolder> listed = folder(f, s, w.id);
            QVERIFY(listed.ok());
            for (const WorkerFileEntry& e : listed->files)
                QVERIFY2(e.path != u"db-link"_s, "a symlink was listed");
        }
    }

    // More new checks than one reply carries: the remote source asks again until it has them
    // all, and gets exactly the local bytes.
    void manyChecksComeInSeveralReplies() {
        RemoteSourcesFixture f;
        QVERIFY(f.store->ensureOwner(1, u"me"_s, QDateTime::currentDateTimeUtc()).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"long"_s);
        const int count = 12;
        for (int i = 0; i < count; ++i) {
            const QString path = u"monitoring/check_%1s.json"_s.arg(100 + i * 5);
            const QByteArray body =
                checkFile(i + 2, 100 + i * 5, QString(60 * 1024, QChar(char16_t(u'a' + i))));
            QVERIFY(f.artifacts->writeFile(w.id, path, body).ok());
        }
        // One reply holds a part of them (12 × 60 KiB is over 384 KiB) and says so.
        const Result<QJsonObject> first = command(f, u"worker_folder"_s, {{u"worker_id"_s, w.id}});
        QVERIFY2(first.ok(), qPrintable(messageOf(first)));
        QVERIFY(first->value(u"more_checks"_s).toBool());
        const qsizetype inFirst = first->value(u"checks"_s).toArray().size();
        QVERIFY2(inFirst > 1 && inFirst < count + 1, qPrintable(QString::number(inFirst)));

        const auto [local, remote] = sources(f);
        const Result<WorkerFolder> l = folder(f, local, w.id);
        const Result<WorkerFolder> r = folder(f, remote, w.id);
        QVERIFY(l.ok() && r.ok());
        QCOMPARE(l->checks.size(), count + 1);
        compare(r.value(), l.value());

        // Knowing some, the rest still comes whole.
        const QSet<QString> known{u"monitoring/check_005s.json"_s, u"monitoring/check_110s.json"_s};
        const Result<WorkerFolder> lk = folder(f, local, w.id, known);
        const Result<WorkerFolder> rk = folder(f, remote, w.id, known);
        QVERIFY(lk.ok() && rk.ok());
        QCOMPARE(lk->checks.size(), count - 1);
        compare(rk.value(), lk.value());
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        QVERIFY(f.store->ensureOwner(1, u"me"_s, QDateTime::currentDateTimeUtc()).ok());
        const Worker w = makeWorker(f, RemoteSourcesFixture::kOwner, u"disk"_s);
        QJsonArray tooMany;
        for (int i = 0; i <= recordjson::kMaxKnownChecks; ++i)
            tooMany.append(u"c%1"_s.arg(i));
        const struct {
            QString op;
            QJsonObject args;
            QString names;
        } cases[] = {
            {u"worker_folder"_s, {}, u"worker_id"_s},
            {u"worker_folder"_s, {{u"worker_id"_s, 5}}, u"worker_id"_s},
            {u"worker_folder"_s, {{u"worker_id"_s, u"../etc"_s}}, u"../etc"_s},
            {u"worker_folder"_s,
             {{u"worker_id"_s, w.id}, {u"known_checks"_s, u"x"_s}},
             u"known_checks"_s},
            {u"worker_folder"_s,
             {{u"worker_id"_s, w.id}, {u"known_checks"_s, QJsonArray{1}}},
             u"known_checks"_s},
            {u"worker_folder"_s,
             {{u"worker_id"_s, w.id}, {u"known_checks"_s, tooMany}},
             u"known_checks"_s},
            {u"worker_file_bytes"_s, {{u"worker_id"_s, w.id}}, u"path"_s},
            {u"worker_file_bytes"_s, {{u"path"_s, u"result.txt"_s}}, u"worker_id"_s},
            {u"worker_file_bytes"_s,
             {{u"worker_id"_s, w.id}, {u"path"_s, u"result.txt"_s}, {u"max_bytes"_s, 0}},
             u"max_bytes"_s},
            {u"worker_file_bytes"_s,
             {{u"worker_id"_s, w.id},
              {u"path"_s, u"result.txt"_s},
              {u"max_bytes"_s, WorkerFilesSource::kMaxFileBytes + 1}},
             u"max_bytes"_s},
            {u"worker_job"_s, {}, u"job_id"_s},
            {u"worker_job"_s, {{u"job_id"_s, w.jobId}, {u"worker_id"_s, w.id}}, u"job_id"_s},
            {u"worker_job"_s, {{u"job_id"_s, u"1"_s}}, u"job_id"_s},
            {u"worker_job"_s, {{u"job_id"_s, 0}}, u"job_id"_s},
        };
        for (const auto& c : cases) {
            const Result<QJsonObject> r = command(f, c.op, c.args);
            const QString what =
                c.op + u" "_s +
                QString::fromUtf8(QJsonDocument(c.args).toJson(QJsonDocument::Compact)).left(200);
            QVERIFY2(!r.ok(), qPrintable(what));
            QCOMPARE(r.error().code, u"bad_request"_s);
            QVERIFY2(r.error().message.contains(c.names),
                     qPrintable(what + u" → "_s + r.error().message));
        }
        // The same commands with good arguments work.
        QVERIFY(command(f, u"worker_job"_s, {{u"job_id"_s, w.jobId}}).ok());
        const Result<QJsonObject> bytes =
            command(f, u"worker_file_bytes"_s,
                    {{u"worker_id"_s, w.id}, {u"path"_s, u"blob.bin"_s}, {u"max_bytes"_s, 4}});
        QVERIFY2(bytes.ok(), qPrintable(messageOf(bytes)));
        QCOMPARE(bytes->value(u"content_base64"_s).toString(),
                 QString::fromLatin1(kBinary.left(4).toBase64()));
        QCOMPARE(bytes->value(u"size"_s).toInteger(), kBinary.size());
        QVERIFY(bytes->value(u"truncated"_s).toBool());
    }
};

QTEST_GUILESS_MAIN(TestRemoteWorkerFiles)
#include "test_remote_worker_files.moc"
