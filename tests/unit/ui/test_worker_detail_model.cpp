// The dashboard's Worker detail page model over a real Store (SQLite in a temp folder) and a real
// ArtifactStore: a worker's folder as a tree, its files rendered by kind, the roundabout
// timeline, "not found" for missing and foreign workers, newest-request-wins, live refresh.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "dashboard/worker_files_source.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"
#include "ui/worker_detail_model.h"
#include "workers/approvals.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <atomic>
#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;
constexpr qint64 kOtherOwner = 2;

QJsonObject msg(const QString& role, const QString& content) {
    return {{QStringLiteral("role"), role}, {QStringLiteral("content"), content}};
}

QJsonObject toolCallMsg(const QString& id, const QString& tool, const QString& args) {
    return {{QStringLiteral("role"), QStringLiteral("assistant")},
            {QStringLiteral("content"), QJsonValue()},
            {QStringLiteral("tool_calls"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("id"), id},
                 {QStringLiteral("type"), QStringLiteral("function")},
                 {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), tool},
                                                          {QStringLiteral("arguments"), args}}}}}}};
}

QJsonObject toolResultMsg(const QString& id, const QString& tool, const QString& content) {
    return {{QStringLiteral("role"), QStringLiteral("tool")},
            {QStringLiteral("content"), content},
            {QStringLiteral("tool_call_id"), id},
            {QStringLiteral("name"), tool}};
}

QByteArray toolCallFile(int exitCode, const QByteArray& out, const QByteArray& err) {
    return "tool: ssh_exec\ncall_id: call_1\nfinished_at: 2026-01-01T12:00:03.000Z\n"
           "duration_ms: 1200\narguments: {\"command\":\"df -h\",\"host\":\"cube\"}\n"
           "result: {\"exit_code\":" +
           QByteArray::number(exitCode) + ",\"ok\":true}\n\n--- stdout ---\n" + out +
           "\n\n--- stderr ---\n" + err + "\n";
}

QByteArray checkFile(int number, qint64 elapsed, const QString& action, const QString& argument) {
    return QJsonDocument(QJsonObject{{QStringLiteral("check"), number},
                                     {QStringLiteral("elapsed_seconds"), elapsed},
                                     {QStringLiteral("status"), QStringLiteral("running")},
                                     {QStringLiteral("decider"), QStringLiteral("llm")},
                                     {QStringLiteral("decision"),
                                      QJsonObject{{QStringLiteral("action"), action},
                                                  {QStringLiteral("argument"), argument},
                                                  {QStringLiteral("source"), QStringLiteral("llm")},
                                                  {QStringLiteral("duration_ms"), 40}}}})
        .toJson();
}

// One line of approvals.jsonl as Approvals::approvalJson writes it (a request, pending, unless
// `answer` gives the answer's fields).
QJsonObject approvalLine(qint64 id, const QString& action, const QJsonObject& answer = {}) {
    QJsonObject o{{QStringLiteral("approval_id"), id},
                  {QStringLiteral("tool"), QStringLiteral("ssh_exec")},
                  {QStringLiteral("target"), QStringLiteral("web1")},
                  {QStringLiteral("action"), action},
                  {QStringLiteral("classification"),
                   QJsonObject{{QStringLiteral("why"), QStringLiteral("changes a service")}}},
                  {QStringLiteral("stated_reason"), QStringLiteral("nginx is down")},
                  {QStringLiteral("status"), QStringLiteral("pending")},
                  {QStringLiteral("requested_at"), QStringLiteral("2026-01-01T12:00:00.000Z")},
                  {QStringLiteral("decided_at"), QString()},
                  {QStringLiteral("decided_by"), QString()},
                  {QStringLiteral("device"), QString()},
                  {QStringLiteral("message"), QString()},
                  {QStringLiteral("rule_id"), 0}};
    for (auto it = answer.begin(); it != answer.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QJsonObject answered(const QString& status, const QString& by, const QString& device,
                     const QString& message = {}, qint64 ruleId = 0) {
    return {{QStringLiteral("status"), status},
            {QStringLiteral("decided_at"), QStringLiteral("2026-01-01T12:01:00.000Z")},
            {QStringLiteral("decided_by"), by},
            {QStringLiteral("device"), device},
            {QStringLiteral("message"), message},
            {QStringLiteral("rule_id"), ruleId}};
}

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QStringList column(const DetailRowsModel* m, const char* role) {
    QStringList out;
    for (int i = 0; i < m->count(); ++i)
        out << m->get(i).value(QString::fromLatin1(role)).toString();
    return out;
}

struct Fixture {
    Fixture() {
        QVERIFY(dir.isValid());
        auto opened = Database::open(dir.filePath(QStringLiteral("zerg.db")), clock.utcNow());
        QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error().message));
        db = std::move(opened).value();
        store = std::make_unique<Store>(db.get());
        artifacts = std::make_unique<ArtifactStore>(dir.filePath(QStringLiteral("workers")));
        files = std::make_unique<StoreWorkerFilesSource>(store.get(), artifacts.get(), kOwner);
        model = std::make_unique<WorkerDetailModel>(files.get(), kOwner, &bus);
        for (DetailRowsModel* m :
             {model->files(), model->conversation(), model->approvals(), model->timeline()}) {
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                m, QAbstractItemModelTester::FailureReportingMode::QtTest));
        }
    }

    // A finished worker with everything a real one leaves: thread, tool call, checks, salute.
    // Returns the worker id; jobId is set.
    QString makeWorker(qint64 owner, const QString& task, bool finished = true) {
        const QDateTime now = clock.utcNow();
        const Result<qint64> job = store->createJob(owner, std::nullopt, task, "m", now);
        if (!job)
            qFatal("createJob: %s", qPrintable(job.error().message));
        jobId = job.value();
        const Result<QString> id =
            artifacts->createWorker(owner, task, now, {{QStringLiteral("job_id"), jobId}});
        if (!id)
            qFatal("createWorker: %s", qPrintable(id.error().message));
        const QString w = id.value();
        if (!store->markJobStarted(jobId, w, now))
            qFatal("markJobStarted failed");
        const QList<QJsonObject> thread{
            msg(QStringLiteral("system"), QStringLiteral("You are a worker.")),
            msg(QStringLiteral("user"), task),
            toolCallMsg(QStringLiteral("call_1"), QStringLiteral("ssh_exec"),
                        QStringLiteral("{\"host\":\"cube\",\"command\":\"df -h\"}")),
            toolResultMsg(QStringLiteral("call_1"), QStringLiteral("ssh_exec"),
                          QStringLiteral("{\"exit_code\":1,\"stdout\":\"sda1 40%\"}")),
        };
        for (const QJsonObject& line : thread) {
            if (!artifacts->appendThreadMessage(w, line))
                qFatal("appendThreadMessage failed");
        }
        bool ok = artifacts
                      ->saveToolCall(w, 1, QStringLiteral("ssh_exec"),
                                     toolCallFile(1, "sda1 40%", "df: /mnt: denied"))
                      .ok();
        // Written out of order, as a restarted roundabout might: the timeline sorts them.
        ok = ok && artifacts
                       ->writeFile(w, QStringLiteral("monitoring/check_010s.json"),
                                   checkFile(2, 10, QStringLiteral("exit"),
                                             QStringLiteral("disk is 40% full")))
                       .ok();
        ok = ok && artifacts
                       ->writeFile(w, QStringLiteral("monitoring/check_005s.json"),
                                   checkFile(1, 5, QStringLiteral("wait"), {}))
                       .ok();
        ok = ok &&
             artifacts
                 ->writeFile(
                     w, QStringLiteral("salute.json"),
                     QByteArray("{'status':{'state':'done','health':'ok'}}").replace('\'', '"'))
                 .ok();
        if (finished) {
            ok = ok && artifacts
                           ->appendThreadMessage(w, msg(QStringLiteral("assistant"),
                                                        QStringLiteral("Disk is 40% full.")))
                           .ok();
            ok = ok && artifacts->saveResult(w, QStringLiteral("Disk is 40% full.")).ok();
            ok =
                ok && artifacts->completeWorker(w, QStringLiteral("success"), now.addSecs(12)).ok();
        }
        if (!ok)
            qFatal("writing the worker's files failed");
        return w;
    }

    void publish(const char* name, const QString& workerId, qint64 owner = kOwner) {
        bus.publish(QString::fromLatin1(name), owner,
                    {{QStringLiteral("worker_id"), workerId}, {QStringLiteral("job_id"), jobId}});
    }

    // Lets every read started so far deliver its result (or be dropped as stale).
    void settle() {
        StoreWorkerFilesSource::waitForReadsForTest();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
    }

    QTemporaryDir dir;
    ManualClock clock;
    EventBus bus{&clock};
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<ArtifactStore> artifacts;
    std::unique_ptr<StoreWorkerFilesSource> files;
    std::unique_ptr<WorkerDetailModel> model;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    qint64 jobId = 0;
};

// A source that answers only when the test says so, in any order: what a remote source over a
// slow connection may do.
class ManualFilesSource final : public WorkerFilesSource {
public:
    template <typename T>
    struct Ask {
        QString key;  // the worker id, the file's path or the job id
        SourceReply<T> done;
    };

    void job(qint64 jobId, QObject*, SourceReply<WorkerJobRecord> done) override {
        jobs.append({QString::number(jobId), std::move(done)});
    }
    void jobOfWorker(const QString& workerId, QObject*,
                     SourceReply<WorkerJobRecord> done) override {
        jobsOfWorkers.append({workerId, std::move(done)});
    }
    void folder(const QString& workerId, const QSet<QString>&, QObject*,
                SourceReply<WorkerFolder> done) override {
        folders.append({workerId, std::move(done)});
    }
    void file(const QString&, const QString& path, qint64, QObject*,
              SourceReply<WorkerFileRead> done) override {
        files.append({path, std::move(done)});
    }

    // Answers the oldest request of that key still waiting (the test fails without one).
    template <typename T>
    static void answer(QList<Ask<T>>& asks, const QString& key, Result<T> result) {
        for (qsizetype i = 0; i < asks.size(); ++i) {
            if (asks.at(i).key == key) {
                const SourceReply<T> done = asks.takeAt(i).done;
                done(std::move(result));
                return;
            }
        }
        QFAIL(qPrintable(QStringLiteral("nothing asked for %1").arg(key)));
    }

    QList<Ask<WorkerJobRecord>> jobs;
    QList<Ask<WorkerJobRecord>> jobsOfWorkers;
    QList<Ask<WorkerFolder>> folders;
    QList<Ask<WorkerFileRead>> files;
};

WorkerFolder folderOf(const QString& task, const QStringList& paths) {
    WorkerFolder f;
    f.metadata = {{QStringLiteral("task"), task},
                  {QStringLiteral("status"), QStringLiteral("success")}};
    for (const QString& path : paths)
        f.files.append({path, 10});
    return f;
}

WorkerFileRead fileOf(const QString& path, const QByteArray& bytes) {
    WorkerFileRead r;
    r.path = path;
    r.size = bytes.size();
    r.bytes = bytes;
    return r;
}

WorkerJobRecord jobOf(qint64 id, const QString& workerId, const QString& task) {
    WorkerJobRecord j;
    j.id = id;
    j.ownerId = kOwner;
    j.workerId = workerId;
    j.task = task;
    j.status = JobStatus::Running;
    return j;
}

// Lets every parse started so far deliver its result (or be dropped as stale).
void settlePool() {
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
}

}  // namespace

class TestWorkerDetailModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The numbers below are asserted in the C locale's notation ("4.2 s", "$0.0031").
    void initTestCase() {
        QLocale::setDefault(QLocale::c());
        // A read held back by a test occupies a pool thread; the newer read and its parsing
        // need others, whatever the machine's core count.
        QThreadPool* pool = QThreadPool::globalInstance();
        pool->setMaxThreadCount(qMax(4, pool->maxThreadCount()));
    }
    void opensAWorkerAsATreeWithItsConversation() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("Check the disk on cube"));
        f.model->open(id);
        QVERIFY(f.model->loading());
        QTRY_VERIFY(f.model->hasWorker());
        QVERIFY(!f.model->loading());
        QCOMPARE(f.model->error(), QString());
        QCOMPARE(f.model->workerId(), id);
        QCOMPARE(f.model->jobId(), f.jobId);
        QCOMPARE(f.model->task(), QStringLiteral("Check the disk on cube"));
        QCOMPARE(f.model->status(), QStringLiteral("success"));
        QCOMPARE(f.model->durationText(), QStringLiteral("12 s"));

        QStringList tree;
        for (int i = 0; i < f.model->files()->count(); ++i) {
            const QVariantMap r = f.model->files()->get(i);
            tree << QString(r.value("depth").toInt() * 2, QLatin1Char(' ')) +
                        r.value("name").toString() + (r.value("isDir").toBool() ? "/" : "");
        }
        QCOMPARE(tree, (QStringList{"monitoring/", "  check_005s.json", "  check_010s.json",
                                    "tool_calls/", "  001_ssh_exec.txt", "metadata.json",
                                    "result.txt", "salute.json", "thread.jsonl"}));

        // The conversation is what opens first.
        QTRY_COMPARE(f.model->selectedPath(), QStringLiteral("thread.jsonl"));
        QTRY_COMPARE(f.model->viewKind(), QStringLiteral("thread"));
        QTRY_COMPARE(f.model->conversation()->count(), 5);
        DetailRowsModel* c = f.model->conversation();
        QCOMPARE(column(c, "kind"),
                 (QStringList{"message", "message", "tool_call", "tool_result", "message"}));
        QCOMPARE(c->get(2).value("toolName").toString(), QStringLiteral("ssh_exec"));
        QVERIFY(c->get(2).value("toolArgs").toString().contains("\"command\": \"df -h\""));
        QVERIFY(c->get(3).value("text").toString().contains("\"stdout\": \"sda1 40%\""));
        QCOMPARE(c->get(4).value("text").toString(), QStringLiteral("Disk is 40% full."));

        // The roundabout timeline is there without selecting anything, in elapsed order.
        QCOMPARE(column(f.model->timeline(), "elapsedSeconds"), (QStringList{"5", "10"}));
        QCOMPARE(column(f.model->timeline(), "decision"), (QStringList{"wait", "exit"}));
        QCOMPARE(f.model->timeline()->get(1).value("reason").toString(),
                 QStringLiteral("disk is 40% full"));
        QCOMPARE(f.model->timeline()->get(1).value("source").toString(), QStringLiteral("llm"));
    }

    void openJobResolvesTheWorker() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("uptime"));
        f.model->openJob(f.jobId);
        QTRY_VERIFY(f.model->hasWorker());
        QCOMPARE(f.model->workerId(), id);
        QCOMPARE(f.model->task(), QStringLiteral("uptime"));
    }

    void toolCallShowsStdoutAndStderrApart() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("disk"));
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        f.model->selectFile(QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QCOMPARE(f.model->viewKind(), QStringLiteral("toolcall"));
        QTRY_VERIFY(!f.model->fileLoading());
        const QVariantMap t = f.model->toolCall();
        QCOMPARE(t.value("tool").toString(), QStringLiteral("ssh_exec"));
        QCOMPARE(t.value("stdout").toString(), QStringLiteral("sda1 40%"));
        QCOMPARE(t.value("stderr").toString(), QStringLiteral("df: /mnt: denied"));
        QVERIFY(t.value("hasExitCode").toBool());
        QCOMPARE(t.value("exitCode").toInt(), 1);
        QCOMPARE(t.value("durationMs").toLongLong(), 1200);
        QVERIFY(t.value("arguments").toString().contains("\"host\": \"cube\""));
        QCOMPARE(f.model->conversation()->count(), 0);
    }

    void jsonAndChecksAreIndented() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("disk"));
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        f.model->selectFile(QStringLiteral("salute.json"));
        QTRY_VERIFY(!f.model->fileLoading());
        QCOMPARE(f.model->viewKind(), QStringLiteral("json"));
        QVERIFY2(f.model->text().contains("\n    \"status\": {"), qPrintable(f.model->text()));
        QCOMPARE(f.model->note(), QString());

        f.model->selectFile(QStringLiteral("monitoring/check_010s.json"));
        QTRY_VERIFY(!f.model->fileLoading());
        QCOMPARE(f.model->viewKind(), QStringLiteral("check"));
        QCOMPARE(f.model->check().value("decision").toString(), QStringLiteral("exit"));
        QVERIFY(f.model->text().contains("\"elapsed_seconds\": 10"));
        QVERIFY(f.model->toolCall().isEmpty());
    }

    // approvals.jsonl as the audit: one row per request with its newest state, a line that
    // cannot be read left out and said, the header's summary, and a new answer shown live.
    void approvalsAreShownAsTheAudit() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("fix nginx"), false);
        const QByteArray jsonl =
            compact(approvalLine(7, QStringLiteral("systemctl restart nginx"))) +
            compact(approvalLine(8, QStringLiteral("rm -rf /var/cache/nginx"))) +
            compact(approvalLine(7, QStringLiteral("systemctl restart nginx"),
                                 answered(QStringLiteral("allowed"), QStringLiteral("user"),
                                          QStringLiteral("desktop"), {}, 3))) +
            "{\"approval_id\": 8, \"sta\n" +
            compact(approvalLine(
                8, QStringLiteral("rm -rf /var/cache/nginx"),
                answered(QStringLiteral("denied"), QStringLiteral("user"), QStringLiteral("api:2"),
                         QStringLiteral("Not on a Friday.")))) +
            compact(approvalLine(9, QStringLiteral("apt-get install htop")));
        QVERIFY(f.artifacts->writeFile(id, QStringLiteral("approvals.jsonl"), jsonl));
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        // Read with the folder, for the header: counts by status (the plural forms are the
        // English translation's, not loaded here).
        QTRY_VERIFY(!f.model->approvalSummary().isEmpty());
        QVERIFY2(f.model->approvalSummary().startsWith(QStringLiteral("3 approval")),
                 qPrintable(f.model->approvalSummary()));
        QVERIFY2(
            f.model->approvalSummary().endsWith(QStringLiteral(": 1 waiting, 1 allowed, 1 denied")),
            qPrintable(f.model->approvalSummary()));

        QTRY_VERIFY(!f.model->fileLoading());
        f.model->selectFile(QStringLiteral("approvals.jsonl"));
        QCOMPARE(f.model->viewKind(), QStringLiteral("approvals"));
        QTRY_VERIFY(!f.model->fileLoading());
        QCOMPARE(f.model->fileError(), QString());
        QCOMPARE(f.model->conversation()->count(), 0);
        DetailRowsModel* a = f.model->approvals();
        QCOMPARE(column(a, "approvalId"), (QStringList{"7", "8", "9"}));
        QCOMPARE(column(a, "status"), (QStringList{"allowed", "denied", "pending"}));
        QCOMPARE(column(a, "statusLabel"), (QStringList{"allowed", "denied", "waiting"}));
        QCOMPARE(column(a, "who"),
                 (QStringList{"you, on the desktop", "you, over the API (device 2)", ""}));
        QCOMPARE(column(a, "action"),
                 (QStringList{"systemctl restart nginx", "rm -rf /var/cache/nginx",
                              "apt-get install htop"}));
        QCOMPARE(column(a, "target"), (QStringList{"web1", "web1", "web1"}));
        QCOMPARE(column(a, "message"), (QStringList{"", "Not on a Friday.", ""}));
        QCOMPARE(column(a, "ruleId"), (QStringList{"3", "0", "0"}));
        QCOMPARE(a->get(0).value("why").toString(), QStringLiteral("changes a service"));
        QCOMPARE(a->get(0).value("statedReason").toString(), QStringLiteral("nginx is down"));
        const QString format = QStringLiteral("yyyy-MM-dd HH:mm:ss");
        QCOMPARE(a->get(0).value("requestedText").toString(),
                 QLocale().toString(
                     QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC).toLocalTime(), format));
        QCOMPARE(a->get(0).value("decidedText").toString(),
                 QLocale().toString(
                     QDateTime(QDate(2026, 1, 1), QTime(12, 1), Qt::UTC).toLocalTime(), format));
        QCOMPARE(a->get(2).value("decidedText").toString(), QString());
        QVERIFY2(f.model->note().contains(QStringLiteral("could not be read")),
                 qPrintable(f.model->note()));

        // The waiting request expires: its row changes in place, the summary follows.
        QSignalSpy reset(a, &QAbstractItemModel::modelReset);
        QVERIFY(f.artifacts->appendJsonLine(
            id, QStringLiteral("approvals.jsonl"),
            approvalLine(9, QStringLiteral("apt-get install htop"),
                         answered(QStringLiteral("expired"), QStringLiteral("expiry"), {},
                                  QStringLiteral("Nobody answered.")))));
        f.publish(events::ApprovalResolved, id);
        QTRY_COMPARE(a->get(2).value("status").toString(), QStringLiteral("expired"));
        QCOMPARE(a->get(2).value("statusLabel").toString(), QStringLiteral("expired"));
        QCOMPARE(a->get(2).value("who").toString(), QStringLiteral("nobody (it expired)"));
        QCOMPARE(a->get(2).value("message").toString(), QStringLiteral("Nobody answered."));
        QCOMPARE(a->count(), 3);
        QCOMPARE(reset.count(), 0);
        QTRY_VERIFY2(
            f.model->approvalSummary().endsWith(QStringLiteral(": 1 allowed, 1 denied, 1 expired")),
            qPrintable(f.model->approvalSummary()));

        // Another file: no approval rows; a worker without approvals.jsonl: no summary.
        f.model->selectFile(QStringLiteral("salute.json"));
        QTRY_VERIFY(!f.model->fileLoading());
        QCOMPARE(a->count(), 0);
        const QString plain = f.makeWorker(kOwner, QStringLiteral("uptime"));
        f.model->open(plain);
        QCOMPARE(f.model->approvalSummary(), QString());
        QTRY_VERIFY(f.model->hasWorker());
        f.settle();
        QCOMPARE(f.model->approvalSummary(), QString());
    }

    void aLargeFileIsCutAndSaysSo() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("big"));
        QVERIFY(f.artifacts->saveResult(id, QString(600 * 1024, QLatin1Char('x'))));
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        f.model->selectFile(QStringLiteral("result.txt"));
        QTRY_VERIFY(!f.model->fileLoading());
        QVERIFY(f.model->truncated());
        QCOMPARE(f.model->text().size(), 512 * 1024);
        QVERIFY2(
            f.model->note().contains(QStringLiteral("Showing the first 512.0 KiB of 600.0 KiB")),
            qPrintable(f.model->note()));
    }

    void aMissingWorkerIsNotFound() {
        Fixture f;
        f.model->open(QStringLiteral("2020-01-01T00-00-00_nothing"));
        QTRY_VERIFY(!f.model->error().isEmpty());
        QVERIFY(!f.model->hasWorker());
        QVERIFY(!f.model->loading());
        QVERIFY2(
            f.model->error().contains(QStringLiteral("No worker '2020-01-01T00-00-00_nothing'")),
            qPrintable(f.model->error()));
        QVERIFY(f.model->error().contains(QStringLiteral("Workers tab")));
        QCOMPARE(f.model->files()->count(), 0);

        f.model->open(QStringLiteral("../etc"));
        QVERIFY(f.model->error().contains(QStringLiteral("not a worker id")));
    }

    void aRemovedFolderPointsAtRetention() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("old"));
        QVERIFY(QDir(f.artifacts->workerDir(id)).removeRecursively());
        f.model->openJob(f.jobId);
        QTRY_VERIFY(!f.model->error().isEmpty());
        QVERIFY2(f.model->error().contains(QStringLiteral("folder is gone")),
                 qPrintable(f.model->error()));
        QVERIFY(f.model->error().contains(QStringLiteral("ZERG_RETENTION_DAYS")));
        // The index still says which worker it was.
        QCOMPARE(f.model->task(), QStringLiteral("old"));
        QCOMPARE(f.model->files()->count(), 0);
    }

    void anotherOwnersWorkerIsNeverShown() {
        Fixture f;
        const QString theirs = f.makeWorker(kOtherOwner, QStringLiteral("their secret task"));
        const qint64 theirJob = f.jobId;
        f.model->open(theirs);
        QTRY_VERIFY(!f.model->error().isEmpty());
        QVERIFY(f.model->error().contains(QStringLiteral("No worker")));
        QVERIFY(!f.model->hasWorker());
        QCOMPARE(f.model->task(), QString());
        QCOMPARE(f.model->files()->count(), 0);
        QCOMPARE(f.model->timeline()->count(), 0);
        f.model->selectFile(QStringLiteral("thread.jsonl"));
        QCOMPARE(f.model->selectedPath(), QString());

        f.model->openJob(theirJob);
        QVERIFY(f.model->error().contains(QStringLiteral("No worker job")));
        QCOMPARE(f.model->task(), QString());
    }

    void theNewestSelectionWins() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("disk"));
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        QTRY_VERIFY(!f.model->fileLoading());

        // Hold the read of A back until B is shown, then let it finish: A must not replace B.
        QSemaphore releaseA;
        f.files->setReadHookForTest([&](const QString&, const QString& path) {
            if (path == QLatin1String("salute.json"))
                releaseA.acquire();
        });
        f.model->selectFile(QStringLiteral("salute.json"));
        f.model->selectFile(QStringLiteral("result.txt"));
        QTRY_VERIFY(!f.model->fileLoading());
        QCOMPARE(f.model->selectedPath(), QStringLiteral("result.txt"));
        QCOMPARE(f.model->text(), QStringLiteral("Disk is 40% full."));
        releaseA.release();
        f.settle();
        QCOMPARE(f.model->selectedPath(), QStringLiteral("result.txt"));
        QCOMPARE(f.model->viewKind(), QStringLiteral("text"));
        QCOMPARE(f.model->text(), QStringLiteral("Disk is 40% full."));
        f.files->setReadHookForTest({});
    }

    void theNewestWorkerWins() {
        Fixture f;
        const QString first = f.makeWorker(kOwner, QStringLiteral("first"));
        f.clock.advance(2000);
        const QString second = f.makeWorker(kOwner, QStringLiteral("second"));
        QSemaphore releaseFirst;
        f.files->setReadHookForTest([&](const QString& workerId, const QString& path) {
            if (workerId == first && path.isEmpty())
                releaseFirst.acquire();
        });
        f.model->open(first);
        f.model->open(second);
        QTRY_VERIFY(f.model->hasWorker());
        QCOMPARE(f.model->task(), QStringLiteral("second"));
        releaseFirst.release();
        f.settle();
        QCOMPARE(f.model->workerId(), second);
        QCOMPARE(f.model->task(), QStringLiteral("second"));
        f.files->setReadHookForTest({});
    }

    void liveEventsRefreshTheOpenWorker() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("live"), false);
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        QCOMPARE(f.model->status(), QStringLiteral("running"));
        QTRY_COMPARE(f.model->conversation()->count(), 4);
        QCOMPARE(f.model->timeline()->count(), 2);
        QSignalSpy reset(f.model->conversation(), &QAbstractItemModel::modelReset);
        QSignalSpy inserted(f.model->files(), &QAbstractItemModel::rowsInserted);

        // A second tool call lands: the tree and the open conversation grow in place.
        QVERIFY(f.artifacts->saveToolCall(id, 2, QStringLiteral("ssh_exec"),
                                          toolCallFile(0, "up 3 days", "")));
        QVERIFY(f.artifacts->appendThreadMessage(
            id, toolResultMsg(QStringLiteral("call_2"), QStringLiteral("ssh_exec"), "up 3 days")));
        f.publish(events::WorkerToolCompleted, id);
        QTRY_VERIFY(f.model->files()->indexOf(QStringLiteral("tool_calls/002_ssh_exec.txt")) >= 0);
        QTRY_COMPARE(f.model->conversation()->count(), 5);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);

        // A new check and the end of the worker.
        QVERIFY(f.artifacts->writeFile(id, QStringLiteral("monitoring/check_015s.json"),
                                       checkFile(3, 15, QStringLiteral("exit"), "done")));
        QVERIFY(f.artifacts->completeWorker(id, QStringLiteral("success"),
                                            f.clock.utcNow().addSecs(20)));
        f.publish(events::WorkerComplete, id);
        QTRY_COMPARE(f.model->status(), QStringLiteral("success"));
        QTRY_COMPARE(f.model->timeline()->count(), 3);
        QCOMPARE(f.model->timeline()->get(2).value("elapsedSeconds").toInt(), 15);
    }

    void liveRefreshesAreCoalescedAndFiltered() {
        Fixture f;
        const QString id = f.makeWorker(kOwner, QStringLiteral("busy"), false);
        const QString other = f.makeWorker(kOwner, QStringLiteral("other"), false);
        f.model->open(id);
        QTRY_VERIFY(f.model->hasWorker());
        f.settle();

        std::atomic<int> folderReads{0};
        QSemaphore gate;
        f.files->setReadHookForTest([&](const QString&, const QString& path) {
            if (path.isEmpty()) {
                ++folderReads;
                gate.acquire();
            }
        });
        // Events of another owner or another worker change nothing.
        f.publish(events::WorkerStatusUpdate, id, kOtherOwner);
        f.publish(events::WorkerStatusUpdate, other);
        f.publish(events::Heartbeat, id);
        QCOMPARE(folderReads.load(), 0);

        // A burst: one read in flight, one pending, no more.
        for (int i = 0; i < 6; ++i)
            f.publish(events::WorkerStatusUpdate, id);
        gate.release(100);
        QTRY_COMPARE(folderReads.load(), 2);
        f.settle();
        f.settle();
        QCOMPARE(folderReads.load(), 2);
        f.files->setReadHookForTest({});
    }

    void aJobThatHasNotStartedOpensWhenItStarts() {
        Fixture f;
        const Result<qint64> job = f.store->createJob(
            kOwner, std::nullopt, QStringLiteral("queued task"), "m", f.clock.utcNow());
        QVERIFY(job.ok());
        f.model->openJob(job.value());
        QVERIFY(f.model->error().contains(QStringLiteral("has not started a worker yet")));
        QCOMPARE(f.model->task(), QStringLiteral("queued task"));

        const Result<QString> id =
            f.artifacts->createWorker(kOwner, QStringLiteral("queued task"), f.clock.utcNow());
        QVERIFY(id.ok());
        f.bus.publish(
            QString::fromLatin1(events::WorkerStarted), kOwner,
            {{QStringLiteral("worker_id"), id.value()}, {QStringLiteral("job_id"), job.value()}});
        QTRY_VERIFY(f.model->hasWorker());
        QCOMPARE(f.model->workerId(), id.value());
        QCOMPARE(f.model->error(), QString());
    }
    // A slow source answers the first worker after the second was opened: the page keeps the
    // second, whatever order the answers come in.
    void lateFolderAndJobAnswersNeverWin() {
        ManualFilesSource source;
        WorkerDetailModel model(&source, kOwner, nullptr);
        model.open(QStringLiteral("w-first"));
        model.open(QStringLiteral("w-second"));
        QCOMPARE(source.folders.size(), 2);
        QCOMPARE(source.jobsOfWorkers.size(), 2);

        ManualFilesSource::answer<WorkerJobRecord>(
            source.jobsOfWorkers, QStringLiteral("w-second"),
            jobOf(2, QStringLiteral("w-second"), QStringLiteral("second (index)")));
        QCOMPARE(model.jobId(), 2);
        QCOMPARE(model.task(), QStringLiteral("second (index)"));
        ManualFilesSource::answer<WorkerFolder>(
            source.folders, QStringLiteral("w-second"),
            folderOf(QStringLiteral("second"), {QStringLiteral("result.txt")}));
        QVERIFY(model.hasWorker());
        QCOMPARE(model.task(), QStringLiteral("second"));

        // The first worker's answers come late, its folder first: none of it is shown.
        ManualFilesSource::answer<WorkerFolder>(
            source.folders, QStringLiteral("w-first"),
            folderOf(QStringLiteral("first"),
                     {QStringLiteral("thread.jsonl"), QStringLiteral("other.txt")}));
        ManualFilesSource::answer<WorkerJobRecord>(
            source.jobsOfWorkers, QStringLiteral("w-first"),
            jobOf(1, QStringLiteral("w-first"), QStringLiteral("first (index)")));
        QCOMPARE(model.workerId(), QStringLiteral("w-second"));
        QCOMPARE(model.jobId(), 2);
        QCOMPARE(model.task(), QStringLiteral("second"));
        QCOMPARE(column(model.files(), "path"), QStringList{QStringLiteral("result.txt")});
        QVERIFY(model.error().isEmpty());

        // An error for a worker no longer shown changes nothing either.
        model.reload();
        model.open(QStringLiteral("w-third"));
        ManualFilesSource::answer<WorkerFolder>(
            source.folders, QStringLiteral("w-second"),
            Error{QStringLiteral("not_found"), QStringLiteral("gone")});
        QVERIFY(model.error().isEmpty());
        QCOMPARE(model.workerId(), QStringLiteral("w-third"));
        QVERIFY(model.loading());
    }

    // openJob's lookup answered after another job (or a worker) was opened is dropped.
    void lateJobLookupsNeverWin() {
        ManualFilesSource source;
        WorkerDetailModel model(&source, kOwner, nullptr);
        model.openJob(1);
        model.openJob(2);
        QCOMPARE(model.jobId(), 2);
        QVERIFY(model.loading());
        ManualFilesSource::answer<WorkerJobRecord>(
            source.jobs, QStringLiteral("2"),
            jobOf(2, QStringLiteral("w-two"), QStringLiteral("two")));
        QCOMPARE(model.workerId(), QStringLiteral("w-two"));
        ManualFilesSource::answer<WorkerJobRecord>(
            source.jobs, QStringLiteral("1"),
            jobOf(1, QStringLiteral("w-one"), QStringLiteral("one")));
        QCOMPARE(model.workerId(), QStringLiteral("w-two"));
        QCOMPARE(source.folders.size(), 1);
        QCOMPARE(source.folders.constFirst().key, QStringLiteral("w-two"));

        model.openJob(3);
        model.open(QStringLiteral("w-four"));
        ManualFilesSource::answer<WorkerJobRecord>(
            source.jobs, QStringLiteral("3"),
            Error{QStringLiteral("not_found"), QStringLiteral("No such job.")});
        QCOMPARE(model.workerId(), QStringLiteral("w-four"));
        QVERIFY(model.error().isEmpty());
    }

    // Files answered out of order, and a file answered but still being parsed when another is
    // chosen: only the newest choice is shown.
    void lateFileAnswersNeverWin() {
        ManualFilesSource source;
        WorkerDetailModel model(&source, kOwner, nullptr);
        model.open(QStringLiteral("w"));
        ManualFilesSource::answer<WorkerFolder>(
            source.folders, QStringLiteral("w"),
            folderOf(QStringLiteral("task"),
                     {QStringLiteral("thread.jsonl"), QStringLiteral("result.txt"),
                      QStringLiteral("salute.json")}));
        QCOMPARE(model.selectedPath(), QStringLiteral("thread.jsonl"));  // asked at once
        model.selectFile(QStringLiteral("salute.json"));
        model.selectFile(QStringLiteral("result.txt"));
        QCOMPARE(source.files.size(), 3);

        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("result.txt"),
            fileOf(QStringLiteral("result.txt"), "the newest"));
        QTRY_VERIFY(!model.fileLoading());
        QCOMPARE(model.text(), QStringLiteral("the newest"));
        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("salute.json"),
            fileOf(QStringLiteral("salute.json"), "{\"late\": true}"));
        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("thread.jsonl"),
            fileOf(QStringLiteral("thread.jsonl"), "{\"role\":\"user\",\"content\":\"x\"}\n"));
        settlePool();
        QCOMPARE(model.selectedPath(), QStringLiteral("result.txt"));
        QCOMPARE(model.viewKind(), QStringLiteral("text"));
        QCOMPARE(model.text(), QStringLiteral("the newest"));
        QCOMPARE(model.conversation()->count(), 0);

        // Answered, then a newer choice before the parse is back: the parse is dropped.
        model.selectFile(QStringLiteral("salute.json"));
        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("salute.json"),
            fileOf(QStringLiteral("salute.json"), "{\"stale\": true}"));
        model.selectFile(QStringLiteral("thread.jsonl"));
        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("thread.jsonl"),
            fileOf(QStringLiteral("thread.jsonl"), "{\"role\":\"user\",\"content\":\"hi\"}\n"));
        settlePool();
        QTRY_VERIFY(!model.fileLoading());
        QCOMPARE(model.selectedPath(), QStringLiteral("thread.jsonl"));
        QCOMPARE(model.viewKind(), QStringLiteral("thread"));
        QCOMPARE(model.conversation()->count(), 1);
        QCOMPARE(model.conversation()->get(0).value("text").toString(), QStringLiteral("hi"));
        QVERIFY(!model.text().contains(QStringLiteral("stale")));

        // A file error is shown for the file asked for, not a late one.
        model.selectFile(QStringLiteral("result.txt"));
        ManualFilesSource::answer<WorkerFileRead>(
            source.files, QStringLiteral("result.txt"),
            Error{QStringLiteral("not_found"), QStringLiteral("result.txt is no longer there")});
        QCOMPARE(model.fileError(), QStringLiteral("result.txt is no longer there"));
        QVERIFY(!model.fileLoading());
    }
};

QTEST_GUILESS_MAIN(TestWorkerDetailModel)
#include "test_worker_detail_model.moc"
