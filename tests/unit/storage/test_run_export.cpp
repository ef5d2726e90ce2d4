// exportRun / exportConversation (storage/run_export.h): one run or the owner's whole
// conversation as Markdown and as JSON, with the workers' results and links to their folders;
// owner-checked without leaking which ids exist; the conversation read page by page, oldest
// first, with the memory boundary. On SQLite and, as test_run_export_postgres
// (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/run_export.h"
#include "storage/store.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
const QDateTime kExportedAt(QDate(2026, 1, 2), QTime(8, 30), Qt::UTC);

const QString kAnswer = QStringLiteral(
    "Disk usage on **cube**:\n"
    "\n"
    "- `/` is 78% full\n"
    "- `/backup` has 2 TB free");

LlmCallRecord call(qint64 runId, qint64 prompt, qint64 completion, double cost) {
    LlmCallRecord c;
    c.ownerId = 1;
    c.runId = runId;
    c.role = QStringLiteral("supervisor");
    c.model = QStringLiteral("gpt-4o");
    c.promptTokens = prompt;
    c.completionTokens = completion;
    c.costUsd = cost;
    c.status = QStringLiteral("ok");
    c.createdAt = kT0.addSecs(1);
    return c;
}

QJsonObject toolCall(const QString& id, const QString& name, const QJsonObject& args) {
    return {{QStringLiteral("id"), id},
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), name},
                         {QStringLiteral("arguments"),
                          QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact))}}}};
}

QJsonObject parsed(const QByteArray& json) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON (%s at %d):\n%s", qPrintable(error.errorString()), error.offset,
                 json.constData());
    return doc.object();
}

QList<qint64> runIds(const QJsonObject& exported) {
    QList<qint64> ids;
    for (const QJsonValue& v : exported.value(QStringLiteral("runs")).toArray())
        ids.append(v.toObject().value(QStringLiteral("run_id")).toInteger());
    return ids;
}

}  // namespace

class TestRunExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<ArtifactStore> m_artifacts;

    qint64 threadOf(qint64 owner) {
        const auto thread = m_store->findOrCreateSupervisorThread(owner, QStringLiteral("J"), kT0);
        return thread ? thread->id : 0;
    }

    qint64 newRun(const QString& task, qint64 owner = 1, const QDateTime& at = kT0) {
        const qint64 thread = threadOf(owner);
        const auto run = m_store->createRun(owner, thread, task, at);
        return run ? run.value() : 0;
    }

    bool message(qint64 runId, const QJsonObject& body) {
        const auto run = m_store->run(runId);
        return run && m_store->appendMessage(run->threadId, runId, body, kT0.addSecs(1));
    }

    // A worker job of the run that ran and finished with a summary and a result.
    QString finishedWorker(qint64 runId, const QString& task, const QString& summary,
                           const QString& result, int atSecond) {
        const auto job = m_store->createJob(1, runId, task, QStringLiteral("worker-model"),
                                            kT0.addSecs(atSecond));
        if (!job)
            return {};
        const auto worker = m_artifacts->createWorker(1, task, kT0.addSecs(atSecond));
        if (!worker || !m_store->markJobStarted(job.value(), worker.value(), kT0.addSecs(atSecond)))
            return {};
        if (!m_artifacts->saveResult(worker.value(), result) ||
            !m_artifacts->updateMetadata(worker.value(), {{"summary", summary}}) ||
            !m_store->finishJob(job.value(), JobStatus::Success, {}, kT0.addSecs(atSecond + 10)))
            return {};
        return worker.value();
    }

    // A run whose answer the supervisor gave after two workers and its tool calls.
    qint64 runWithWorkers(QString* disk, QString* backup) {
        const qint64 run = newRun(QStringLiteral("check disk usage on cube"));
        if (run <= 0)
            return 0;
        *disk = finishedWorker(run, QStringLiteral("Disk on cube"),
                               QStringLiteral("Cube / is 78% full."),
                               QStringLiteral("Filesystem  Use%\n/dev/sda1   78%"), 1);
        *backup = finishedWorker(run, QStringLiteral("Backup space on cube"),
                                 QStringLiteral("/backup has 2 TB free."),
                                 QStringLiteral("2.0T available on /backup"), 2);
        const QJsonArray calls{
            toolCall(QStringLiteral("c1"), QStringLiteral("spawn_worker"),
                     {{QStringLiteral("task"), QStringLiteral("Disk on cube")}}),
            // Not a tool the supervisor has, but it shows that credentials stay out.
            toolCall(
                QStringLiteral("c2"), QStringLiteral("http_request"),
                {{QStringLiteral("url"), QStringLiteral("https://cube/api?api_key=S3CRET")},
                 {QStringLiteral("headers"), QJsonObject{{QStringLiteral("Authorization"),
                                                          QStringLiteral("Bearer S3CRET")}}}})};
        const bool ok =
            message(run,
                    {{QStringLiteral("role"), QStringLiteral("user")},
                     {QStringLiteral("content"), QStringLiteral("check disk usage on cube")}}) &&
            message(run, {{QStringLiteral("role"), QStringLiteral("assistant")},
                          {QStringLiteral("content"), QJsonValue()},
                          {QStringLiteral("tool_calls"), calls}}) &&
            message(
                run,
                {{QStringLiteral("role"), QStringLiteral("tool")},
                 {QStringLiteral("tool_call_id"), QStringLiteral("c1")},
                 {QStringLiteral("content"),
                  QStringLiteral("Worker %1 finished: Cube / is 78% full.\nmore").arg(*disk)}}) &&
            message(run, {{QStringLiteral("role"), QStringLiteral("tool")},
                          {QStringLiteral("tool_call_id"), QStringLiteral("c2")},
                          {QStringLiteral("name"), QStringLiteral("http_request")},
                          {QStringLiteral("content"), QStringLiteral("HTTP 200")}}) &&
            message(run, {{QStringLiteral("role"), QStringLiteral("assistant")},
                          {QStringLiteral("content"), kAnswer}}) &&
            m_store->recordLlmCall(call(run, 4000, 500, 0.045)) &&
            m_store->finishRun(run, RunStatus::Success, kAnswer, {}, kT0.addSecs(25));
        return ok ? run : 0;
    }

    QString folderOf(const QString& workerId) const {
        return QFileInfo(m_artifacts->workerDir(workerId)).absoluteFilePath();
    }

private Q_SLOTS:
    void init() {
        QVERIFY(m_dir.isValid());
        auto db = test::openTestDatabase(
            m_dir.filePath(QStringLiteral("z%1.sqlite").arg(QTest::currentTestFunction())), kT0);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        m_db = std::move(db).value();
        m_store = std::make_unique<Store>(m_db.get());
        // A space in the path: the links must still be one link each.
        m_artifacts = std::make_unique<ArtifactStore>(
            m_dir.filePath(QStringLiteral("worker folders %1").arg(QTest::currentTestFunction())));
    }

    void cleanup() {
        m_artifacts.reset();
        m_store.reset();
        m_db.reset();
    }

    void formatsAreOneVocabulary() {
        QCOMPARE(parseExportFormat(u"md").value(), ExportFormat::Markdown);
        QCOMPARE(parseExportFormat(u"markdown").value(), ExportFormat::Markdown);
        QCOMPARE(parseExportFormat(u" Markdown ").value(), ExportFormat::Markdown);
        QCOMPARE(parseExportFormat(u"json").value(), ExportFormat::Json);
        QCOMPARE(parseExportFormat(u"JSON").value(), ExportFormat::Json);
        QCOMPARE(statusName(ExportFormat::Markdown), QStringLiteral("md"));
        QCOMPARE(statusName(ExportFormat::Json), QStringLiteral("json"));
        const auto pdf = parseExportFormat(u"pdf");
        QVERIFY(!pdf);
        QCOMPARE(pdf.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(pdf.error().message.contains(QStringLiteral("'pdf'")));
        QVERIFY(pdf.error().message.contains(QStringLiteral("md")));
        QVERIFY(pdf.error().message.contains(QStringLiteral("json")));
        QVERIFY(!parseExportFormat(u""));
    }

    void runExportsToMarkdown() {
        QString disk, backup;
        const qint64 run = runWithWorkers(&disk, &backup);
        QVERIFY(run > 0 && !disk.isEmpty() && !backup.isEmpty());

        const auto md =
            exportRun(*m_store, *m_artifacts, 1, run, ExportFormat::Markdown, kExportedAt);
        QVERIFY2(md, md ? "" : qPrintable(md.error().message));
        const QString text = QString::fromUtf8(md.value());
        auto has = [&text](const QString& part) {
            if (!text.contains(part))
                qWarning("missing %s in:\n%s", qPrintable(part), qPrintable(text));
            return text.contains(part);
        };
        QVERIFY(text.startsWith(QStringLiteral("# Zerg run %1\n").arg(run)));
        QVERIFY(
            has(QStringLiteral("Exported 2026-01-02 08:30:00 UTC (zerg.run-export, version 1).")));
        QVERIFY(has(QStringLiteral("## Run %1: check disk usage on cube\n").arg(run)));
        QVERIFY(has(QStringLiteral("- Status: success\n")));
        QVERIFY(has(QStringLiteral("- Mode: supervisor\n")));
        QVERIFY(has(QStringLiteral("- Started: 2026-01-01 12:00:00 UTC\n")));
        QVERIFY(has(QStringLiteral("- Finished: 2026-01-01 12:00:25 UTC\n")));
        QVERIFY(has(QStringLiteral("- Tokens: 4500 (prompt 4000, completion 500")));
        QVERIFY(has(QStringLiteral("- Cost: $0")));
        QVERIFY(has(QStringLiteral("### Question\n\ncheck disk usage on cube\n")));
        // The answer verbatim: it is Markdown already.
        QVERIFY(has(QStringLiteral("### Answer\n\n") + kAnswer + QStringLiteral("\n")));
        QVERIFY(!text.contains(QStringLiteral("### Error")));
        QVERIFY(has(QStringLiteral("### Workers\n")));
        QVERIFY(has(QStringLiteral("#### Worker 1: Disk on cube\n")));
        QVERIFY(has(QStringLiteral("#### Worker 2: Backup space on cube\n")));
        QVERIFY(text.indexOf(QStringLiteral("Worker 1: Disk")) <
                text.indexOf(QStringLiteral("Worker 2: Backup")));
        for (const QString& worker : {disk, backup}) {
            const QString folder = folderOf(worker);
            QVERIFY(folder.contains(QLatin1Char(' ')));
            const QString url = QUrl::fromLocalFile(folder).toString(QUrl::FullyEncoded);
            QVERIFY(url.startsWith(QStringLiteral("file:///")));
            QVERIFY(url.contains(QStringLiteral("%20")));
            QVERIFY(has(QStringLiteral("- Folder: [%1](<%2>)\n").arg(folder, url)));
            QVERIFY(has(QStringLiteral("- Worker: `%1`\n").arg(worker)));
        }
        QVERIFY(has(QStringLiteral("Summary: Cube / is 78% full.\n")));
        // A worker's result as a blockquote, line by line.
        QVERIFY(has(QStringLiteral("> Filesystem  Use%\n> /dev/sda1   78%\n")));
        QVERIFY(has(QStringLiteral("> 2.0T available on /backup\n")));
        // The tool calls, one line each: the name and the first line.
        QVERIFY(has(QStringLiteral("### Tool calls\n")));
        QVERIFY(has(QStringLiteral("- Call `spawn_worker`: `{\"task\":\"Disk on cube\"}`\n")));
        QVERIFY(has(QStringLiteral("- Result of `spawn_worker`: `Worker %1 finished: Cube / is "
                                   "78% full.`\n")
                        .arg(disk)));
        QVERIFY(!text.contains(QStringLiteral("\nmore")));
        QVERIFY(has(QStringLiteral("- Result of `http_request`: `HTTP 200`\n")));
        QVERIFY(!text.contains(QStringLiteral("S3CRET")));
    }

    void runExportsToJson() {
        QString disk, backup;
        const qint64 run = runWithWorkers(&disk, &backup);
        QVERIFY(run > 0 && !disk.isEmpty() && !backup.isEmpty());

        const auto json =
            exportRun(*m_store, *m_artifacts, 1, run, ExportFormat::Json, kExportedAt);
        QVERIFY2(json, json ? "" : qPrintable(json.error().message));
        QVERIFY(!json->contains("S3CRET"));
        const QJsonObject e = parsed(json.value());
        QCOMPARE(e.value("format").toString(), QStringLiteral("zerg.run-export"));
        QCOMPARE(e.value("version").toInteger(), 1);
        QCOMPARE(e.value("scope").toString(), QStringLiteral("run"));
        QCOMPARE(e.value("exported_at").toString(), QStringLiteral("2026-01-02T08:30:00.000Z"));
        QCOMPARE(e.value("owner_id").toInteger(), 1);
        QCOMPARE(e.value("thread_id").toInteger(), threadOf(1));
        QVERIFY(e.value("summarised_through_run_id").isNull());
        QVERIFY(e.contains("memory") && e.value("memory").isNull());
        const QJsonArray runs = e.value("runs").toArray();
        QCOMPARE(runs.size(), 1);

        const QJsonObject r = runs.at(0).toObject();
        QCOMPARE(r.value("run_id").toInteger(), run);
        QCOMPARE(r.value("task").toString(), QStringLiteral("check disk usage on cube"));
        QCOMPARE(r.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(r.value("mode").toString(), QStringLiteral("supervisor"));
        QCOMPARE(r.value("result").toString(), kAnswer);
        QCOMPARE(r.value("started_at").toString(), QStringLiteral("2026-01-01T12:00:00.000Z"));
        QCOMPARE(r.value("completed_at").toString(), QStringLiteral("2026-01-01T12:00:25.000Z"));
        QCOMPARE(r.value("duration_ms").toInteger(), 25000);
        QCOMPARE(r.value("tokens_used").toInteger(), 4500);
        QCOMPARE(r.value("usage").toObject().value("calls").toInteger(), 1);
        QVERIFY(qAbs(r.value("cost_usd").toDouble() - 0.045) < 1e-9);
        QCOMPARE(r.value("summarised").toBool(true), false);

        const QJsonArray workers = r.value("workers").toArray();
        QCOMPARE(workers.size(), 2);
        const QJsonObject w0 = workers.at(0).toObject();
        QCOMPARE(w0.value("worker_id").toString(), disk);
        QCOMPARE(w0.value("run_id").toInteger(), run);
        QCOMPARE(w0.value("task").toString(), QStringLiteral("Disk on cube"));
        QCOMPARE(w0.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(w0.value("model").toString(), QStringLiteral("worker-model"));
        QCOMPARE(w0.value("duration_ms").toInteger(), 10000);
        QCOMPARE(w0.value("summary").toString(), QStringLiteral("Cube / is 78% full."));
        QCOMPARE(w0.value("result").toString(),
                 QStringLiteral("Filesystem  Use%\n/dev/sda1   78%"));
        QCOMPARE(w0.value("folder").toString(), folderOf(disk));
        QCOMPARE(w0.value("folder_url").toString(),
                 QUrl::fromLocalFile(folderOf(disk)).toString(QUrl::FullyEncoded));
        QCOMPARE(QUrl(w0.value("folder_url").toString()).toLocalFile(), folderOf(disk));
        QCOMPARE(workers.at(1).toObject().value("worker_id").toString(), backup);

        // The messages as stored, in order; only the tool calls' credentials are hidden.
        const QJsonArray messages = r.value("messages").toArray();
        QCOMPARE(messages.size(), 5);
        QList<qint64> seqs;
        for (const QJsonValue& m : messages)
            seqs.append(m.toObject().value("seq").toInteger());
        QVERIFY(std::is_sorted(seqs.begin(), seqs.end()));
        QCOMPARE(messages.at(0).toObject().value("created_at").toString(),
                 QStringLiteral("2026-01-01T12:00:01.000Z"));
        QCOMPARE(messages.at(0).toObject().value("body").toObject(),
                 (QJsonObject{{"role", "user"}, {"content", "check disk usage on cube"}}));
        const QJsonArray calls =
            messages.at(1).toObject().value("body").toObject().value("tool_calls").toArray();
        QCOMPARE(calls.size(), 2);
        QCOMPARE(calls.at(0).toObject().value("function").toObject().value("arguments").toString(),
                 QStringLiteral("{\"task\":\"Disk on cube\"}"));
        const QString http =
            calls.at(1).toObject().value("function").toObject().value("arguments").toString();
        QVERIFY(http.contains(QStringLiteral("[redacted]")));
        QVERIFY(http.contains(QStringLiteral("https://cube/api")));
        QCOMPARE(
            messages.at(2).toObject().value("body").toObject().value("tool_call_id").toString(),
            QStringLiteral("c1"));
        QCOMPARE(messages.at(4).toObject().value("body").toObject().value("content").toString(),
                 kAnswer);
    }

    void anotherOwnersRunIsNotFoundLikeAMissingOne() {
        const qint64 run = newRun(QStringLiteral("private task"));
        QVERIFY(run > 0);
        QVERIFY(exportRun(*m_store, *m_artifacts, 1, run, ExportFormat::Json, kExportedAt));
        for (const ExportFormat format : {ExportFormat::Markdown, ExportFormat::Json}) {
            const auto theirs = exportRun(*m_store, *m_artifacts, 2, run, format, kExportedAt);
            QVERIFY(!theirs);
            QCOMPARE(theirs.error().code, QStringLiteral("not_found"));
            QVERIFY(!theirs.error().message.contains(QStringLiteral("private")));
            const qint64 missingId = run + 1000;
            const auto missing =
                exportRun(*m_store, *m_artifacts, 2, missingId, format, kExportedAt);
            QVERIFY(!missing);
            QCOMPARE(missing.error().code, QStringLiteral("not_found"));
            QCOMPARE(
                QString(theirs.error().message).replace(QString::number(run), QStringLiteral("N")),
                QString(missing.error().message)
                    .replace(QString::number(missingId), QStringLiteral("N")));
        }
    }

    void failedAndStoppedRunsShowTheirError() {
        const qint64 failed = newRun(QStringLiteral("restart nginx on web1"));
        QVERIFY(failed > 0);
        QVERIFY(m_store->finishRun(failed, RunStatus::Failed, {},
                                   QStringLiteral("The model server answered 500."), kT0.addSecs(5),
                                   0, 0, RunOutcome{2, QStringLiteral("llm_server"), {}}));
        const auto md =
            exportRun(*m_store, *m_artifacts, 1, failed, ExportFormat::Markdown, kExportedAt);
        QVERIFY2(md, md ? "" : qPrintable(md.error().message));
        const QString text = QString::fromUtf8(md.value());
        QVERIFY2(text.contains(QStringLiteral("- Status: failed\n")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("- Attempts: 2\n")));
        QVERIFY(text.contains(
            QStringLiteral("### Error\n\nThe model server answered 500.\n\nCode: `llm_server`\n")));
        QVERIFY(!text.contains(QStringLiteral("### Answer")));
        QVERIFY(!text.contains(QStringLiteral("### Workers")));
        QVERIFY(!text.contains(QStringLiteral("### Tool calls")));

        const auto json =
            exportRun(*m_store, *m_artifacts, 1, failed, ExportFormat::Json, kExportedAt);
        QVERIFY(json);
        const QJsonObject r = parsed(json.value()).value("runs").toArray().at(0).toObject();
        QCOMPARE(r.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(r.value("error").toString(), QStringLiteral("The model server answered 500."));
        QCOMPARE(r.value("error_code").toString(), QStringLiteral("llm_server"));
        QCOMPARE(r.value("result").toString(), QString());
        QCOMPARE(r.value("workers").toArray().size(), 0);
        QCOMPARE(r.value("messages").toArray().size(), 0);

        // Jarvis's apology is the answer, the failure behind it the error.
        const qint64 apology = newRun(QStringLiteral("check the backups"));
        QVERIFY(apology > 0);
        QVERIFY(m_store->finishRun(
            apology, RunStatus::Failed, QStringLiteral("Sorry, I couldn't finish this."),
            QStringLiteral("the model is overloaded"), kT0.addSecs(9), 0, 0,
            RunOutcome{3, QStringLiteral("llm_overloaded"), QStringLiteral("apology")}));
        const QString a = QString::fromUtf8(
            exportRun(*m_store, *m_artifacts, 1, apology, ExportFormat::Markdown, kExportedAt)
                .value());
        QVERIFY(a.contains(QStringLiteral("### Answer\n\nSorry, I couldn't finish this.\n")));
        QVERIFY(a.contains(QStringLiteral("### Error\n\nthe model is overloaded\n")));
        QVERIFY(a.contains(QStringLiteral("- Fallback: Jarvis answered directly with an apology")));

        // Stopped by the user, and still running.
        const qint64 stopped = newRun(QStringLiteral("long job"));
        QVERIFY(m_store->finishRun(stopped, RunStatus::Cancelled, {},
                                   QStringLiteral("cancelled by the user"), kT0.addSecs(3), 0, 0,
                                   RunOutcome{1, QStringLiteral("cancelled"), {}}));
        const QString s = QString::fromUtf8(
            exportRun(*m_store, *m_artifacts, 1, stopped, ExportFormat::Markdown, kExportedAt)
                .value());
        QVERIFY(s.contains(QStringLiteral("### Stopped\n\ncancelled by the user\n")));
        const qint64 running = newRun(QStringLiteral("still going"));
        const QString g = QString::fromUtf8(
            exportRun(*m_store, *m_artifacts, 1, running, ExportFormat::Markdown, kExportedAt)
                .value());
        QVERIFY(g.contains(QStringLiteral("- Finished: not yet (still running)\n")));
        QVERIFY(g.contains(QStringLiteral("*Still running when exported.*")));
        QVERIFY(!g.contains(QStringLiteral("- Duration:")));
    }

    // Five runs read two at a time, oldest first; another owner's runs never in it; the memory
    // boundary after the last run its summary covers.
    void conversationIsOldestFirstAcrossPages() {
        QList<qint64> runs;
        for (int i = 1; i <= 5; ++i) {
            runs.append(newRun(QStringLiteral("question %1").arg(i), 1, kT0.addSecs(10 * i)));
            QVERIFY(runs.last() > 0);
            QVERIFY(m_store->finishRun(runs.last(), RunStatus::Success,
                                       QStringLiteral("answer %1").arg(i), {},
                                       kT0.addSecs(10 * i + 5)));
            if (i == 2)
                QVERIFY(newRun(QStringLiteral("owner two's secret"), 2) > 0);
        }
        // Messages of runs 1-3, then a summary of messages 1..4 (covering runs 1 and 2).
        for (int i = 0; i < 3; ++i) {
            for (int m = 0; m < 2; ++m) {
                QVERIFY(message(runs.at(i), {{QStringLiteral("role"), QStringLiteral("user")},
                                             {QStringLiteral("content"), QStringLiteral("q")}}));
            }
        }
        QVERIFY(m_store->saveMemory(threadOf(1), 4, QStringLiteral("The user asked twice."),
                                    kT0.addSecs(60)));

        const auto json =
            exportConversation(*m_store, *m_artifacts, 1, ExportFormat::Json, kExportedAt, 2);
        QVERIFY2(json, json ? "" : qPrintable(json.error().message));
        QVERIFY(!json->contains("secret"));
        const QJsonObject e = parsed(json.value());
        QCOMPARE(e.value("format").toString(), QStringLiteral("zerg.run-export"));
        QCOMPARE(e.value("version").toInteger(), 1);
        QCOMPARE(e.value("scope").toString(), QStringLiteral("conversation"));
        QCOMPARE(e.value("thread_id").toInteger(), threadOf(1));
        QCOMPARE(runIds(e), runs);
        QCOMPARE(e.value("summarised_through_run_id").toInteger(), runs.at(1));
        const QJsonObject memory = e.value("memory").toObject();
        QCOMPARE(memory.value("up_to_seq").toInteger(), 4);
        QCOMPARE(memory.value("summary").toString(), QStringLiteral("The user asked twice."));
        QCOMPARE(memory.value("created_at").toString(), QStringLiteral("2026-01-01T12:01:00.000Z"));
        const QJsonArray shown = e.value("runs").toArray();
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(shown.at(i).toObject().value("summarised").toBool(), i < 2);
            QCOMPARE(shown.at(i).toObject().value("result").toString(),
                     QStringLiteral("answer %1").arg(i + 1));
            QCOMPARE(shown.at(i).toObject().value("messages").toArray().size(), i < 3 ? 2 : 0);
        }
        // One page or many: the same export.
        for (const int pageSize : {1, 3, 5, 6, kExportPageSize}) {
            const auto again = exportConversation(*m_store, *m_artifacts, 1, ExportFormat::Json,
                                                  kExportedAt, pageSize);
            QVERIFY(again);
            QCOMPARE(again.value(), json.value());
        }

        const auto md =
            exportConversation(*m_store, *m_artifacts, 1, ExportFormat::Markdown, kExportedAt, 2);
        QVERIFY2(md, md ? "" : qPrintable(md.error().message));
        const QString text = QString::fromUtf8(md.value());
        QVERIFY(text.startsWith(QStringLiteral("# Zerg conversation\n")));
        QVERIFY(text.contains(QStringLiteral("Runs: 5, oldest first.")));
        QVERIFY(!text.contains(QStringLiteral("secret")));
        qsizetype at = -1;
        for (int i = 0; i < 5; ++i) {
            const qsizetype next =
                text.indexOf(QStringLiteral("## Run %1: question %2\n").arg(runs.at(i)).arg(i + 1));
            QVERIFY2(next > at, qPrintable(text));
            QVERIFY(text.indexOf(QStringLiteral("answer %1").arg(i + 1)) > next);
            at = next;
        }
        const qsizetype note = text.indexOf(QStringLiteral("Jarvis's memory was compacted here"));
        QVERIFY(note > text.indexOf(QStringLiteral("## Run %1:").arg(runs.at(1))));
        QVERIFY(note < text.indexOf(QStringLiteral("## Run %1:").arg(runs.at(2))));
        QCOMPARE(text.count(QStringLiteral("Jarvis's memory was compacted here")), 1);
        QVERIFY(
            text.contains(QStringLiteral("The summary (written 2026-01-01 12:01:00 UTC):\n\n"
                                         "> The user asked twice.\n")));
    }

    void conversationWithoutRunsIsEmpty() {
        const auto json =
            exportConversation(*m_store, *m_artifacts, 3, ExportFormat::Json, kExportedAt);
        QVERIFY2(json, json ? "" : qPrintable(json.error().message));
        const QJsonObject e = parsed(json.value());
        QCOMPARE(e.value("scope").toString(), QStringLiteral("conversation"));
        QCOMPARE(e.value("owner_id").toInteger(), 3);
        QVERIFY(e.value("thread_id").isNull());
        QVERIFY(e.value("memory").isNull());
        QVERIFY(e.value("runs").isArray());
        QVERIFY(e.value("runs").toArray().isEmpty());

        const auto md =
            exportConversation(*m_store, *m_artifacts, 3, ExportFormat::Markdown, kExportedAt);
        QVERIFY(md);
        QVERIFY(md->contains("No runs yet."));
        // Exporting made no thread for an owner who never asked anything.
        const auto runs = m_store->listRuns(3, 1);
        QVERIFY(runs && runs->isEmpty());
    }

    void workersWithoutFolderHaveNoLink() {
        // A job that never started, and one whose folder belongs to another owner.
        const qint64 run = newRun(QStringLiteral("check"));
        QVERIFY(run > 0);
        const auto queued = m_store->createJob(1, run, QStringLiteral("never ran"), {}, kT0);
        const auto job = m_store->createJob(1, run, QStringLiteral("x"), {}, kT0);
        const auto foreign = m_artifacts->createWorker(2, QStringLiteral("x"), kT0);
        QVERIFY(queued && job && foreign);
        QVERIFY(m_artifacts->saveResult(foreign.value(), QStringLiteral("owner 2's secret")));
        QVERIFY(m_store->markJobStarted(job.value(), foreign.value(), kT0));
        const auto json =
            exportRun(*m_store, *m_artifacts, 1, run, ExportFormat::Json, kExportedAt);
        QVERIFY(json);
        QVERIFY(!json->contains("secret"));
        const QJsonArray workers = parsed(json.value())
                                       .value("runs")
                                       .toArray()
                                       .at(0)
                                       .toObject()
                                       .value("workers")
                                       .toArray();
        QCOMPARE(workers.size(), 2);
        for (const QJsonValue& v : workers) {
            QVERIFY(v.toObject().value("folder").isNull());
            QVERIFY(v.toObject().value("folder_url").isNull());
            QCOMPARE(v.toObject().value("result").toString(), QString());
        }
        const auto md =
            exportRun(*m_store, *m_artifacts, 1, run, ExportFormat::Markdown, kExportedAt);
        QVERIFY(md);
        QVERIFY(md->contains("#### Worker 1: never ran"));
        QVERIFY(!md->contains("- Folder:"));
        QVERIFY(!md->contains("secret"));
    }
};

QTEST_GUILESS_MAIN(TestRunExport)
#include "test_run_export.moc"
