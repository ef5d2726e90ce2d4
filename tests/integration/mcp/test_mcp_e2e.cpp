// MCP end to end: the supervisor and a worker talk to the loopback LLM server, the worker's
// tools include the reference servers' (mcp.json in the config folder), it reads a file through
// @modelcontextprotocol/server-filesystem, and the whole result lands in
// tool_calls/NNN_mcp__fs__read_text_file.txt. A changing MCP tool asks first in ask mode; a tool
// whose policy is "never" is not offered.
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "mcp/mcp_servers.h"
#include "mcp_reference_servers.h"
#include "runtime/backend.h"
#include "storage/artifact_store.h"
#include "workers/approvals.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::mcpReferenceServer;
using zerg::test::textResponse;
using zerg::test::toolCallResponse;

namespace {

QJsonArray oneWorkerCall(const QString& tool, const QJsonObject& args, const QString& tag) {
    return {toolCallResponse("supervisor-model", "call_s_" + tag, "spawn_worker",
                             {{"task", "MCP task " + tag}}),
            toolCallResponse("worker-model", "call_w_" + tag, tool, args),
            textResponse("worker-model", "worker done " + tag),
            textResponse("supervisor-model", "supervisor done " + tag),
            textResponse("summary-model", "summary " + tag)};
}

QStringList toolNames(const QJsonObject& request) {
    QStringList out;
    for (const QJsonValue& v : request.value("tools").toArray())
        out.append(v.toObject().value("function").toObject().value("name").toString());
    return out;
}

QString lastToolMessage(const QJsonObject& request) {
    QString out;
    for (const QJsonValue& v : request.value("messages").toArray()) {
        if (v.toObject().value("role").toString() == QLatin1String("tool"))
            out = v.toObject().value("content").toString();
    }
    return out;
}

}  // namespace

class TestMcpE2e : public QObject {
    Q_OBJECT

    struct Session {
        QTemporaryDir dir;
        QString root;  // the folder server-filesystem may read and write
        FakeLlmServer llm;
        std::unique_ptr<Backend> backend;
        QList<ApprovalRecord> requested;
    };

    std::unique_ptr<Session> open(const QJsonArray& responses, const QJsonObject& fsExtra = {}) {
        auto s = std::make_unique<Session>();
        if (!s->llm.start())
            return nullptr;
        s->llm.setScenario({{"responses", responses}});
        s->root = s->dir.filePath("root");
        QDir().mkpath(s->root);
        QFile notes(QDir(s->root).filePath("notes.txt"));
        if (!notes.open(QIODevice::WriteOnly))
            return nullptr;
        notes.write("disk on cube is 73% full\n");
        notes.close();
        const auto fs = mcpReferenceServer("server-filesystem", {s->root});
        const auto everything = mcpReferenceServer("server-everything", {"stdio"});
        QJsonObject fsEntry{{"command", fs.command}, {"args", QJsonArray::fromStringList(fs.args)}};
        for (auto it = fsExtra.begin(); it != fsExtra.end(); ++it)
            fsEntry.insert(it.key(), it.value());
        const QJsonObject config{
            {"mcpServers",
             QJsonObject{{"fs", fsEntry},
                         {"everything",
                          QJsonObject{{"command", everything.command},
                                      {"args", QJsonArray::fromStringList(everything.args)}}}}}};
        const QString configFile = s->dir.filePath("mcp.json");
        QFile f(configFile);
        if (!f.open(QIODevice::WriteOnly))
            return nullptr;
        f.write(QJsonDocument(config).toJson());
        f.close();

        Settings settings;
        settings.dataDir = s->dir.filePath("data");
        settings.configDir = s->dir.filePath("config");
        settings.mcpConfigFile = configFile;
        settings.hostsFile = s->dir.filePath("no-hosts");
        settings.llmBaseUrl = s->llm.baseUrl();
        settings.pricingFile = s->dir.filePath("no-pricing-override.json");
        settings.model = "supervisor-model";
        settings.workerModel = "worker-model";
        settings.summaryModel = "summary-model";
        settings.deciderModel = "heuristic";
        settings.checkIntervalSeconds = 1;
        settings.approvalMode = "ask";
        auto b = Backend::create(settings);
        if (!b) {
            qWarning("%s", qPrintable(b.error().message));
            return nullptr;
        }
        s->backend = std::move(b).value();
        Session* raw = s.get();
        connect(s->backend->approvals(), &Approvals::requested, this,
                [raw](const ApprovalRecord& r) {
                    raw->requested.append(r);
                    const qint64 id = r.id;
                    QTimer::singleShot(0, raw->backend.get(), [raw, id] {
                        ApprovalReply deny;
                        deny.choice = ApprovalChoice::Deny;
                        deny.message = "not this file";
                        deny.device = "test";
                        const auto a = raw->backend->approvals()->answer(1, id, deny);
                        if (!a)
                            qWarning("answer: %s", qPrintable(a.error().message));
                    });
                });
        return s;
    }

    static bool ask(Session& s, const QString& task, bool* ok, QString* text) {
        QSignalSpy done(s.backend->jarvis(), &JarvisService::runFinished);
        if (!s.backend->jarvis()->ask(task))
            return false;
        if (!done.wait(90000))
            return false;
        *ok = done.at(0).at(1).toBool();
        *text = done.at(0).at(2).toString();
        return true;
    }

private Q_SLOTS:
    void initTestCase() {
        for (const char* package : {"server-filesystem", "server-everything"}) {
            const auto server = mcpReferenceServer(package);
            QVERIFY2(server.problem.isEmpty(), qPrintable(server.problem));
        }
    }

    void aWorkerReadsAFileThroughTheFilesystemServer() {
        auto s = open({});
        QVERIFY(s);
        const QString path = QDir(s->root).filePath("notes.txt");
        s->llm.setScenario(
            {{"responses", oneWorkerCall("mcp__fs__read_text_file", {{"path", path}}, "read")}});
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, "what do my notes say?", &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(text, QStringLiteral("supervisor done read"));
        const QList<QJsonObject> worker = s->llm.requestsForModel("worker-model");
        QCOMPARE(worker.size(), 2);
        // The worker was offered both servers' tools from its first request.
        const QStringList offered = toolNames(worker.first());
        QVERIFY2(offered.contains("mcp__fs__read_text_file"), qPrintable(offered.join(',')));
        QVERIFY2(offered.contains("mcp__everything__echo"), qPrintable(offered.join(',')));
        QVERIFY(offered.contains("ssh_exec"));
        // It read without asking (the server marks the tool read-only) and got the content.
        QVERIFY(s->requested.isEmpty());
        const QString result = lastToolMessage(worker.at(1));
        QVERIFY2(result.contains("disk on cube is 73% full"), qPrintable(result));
        // The whole result is on disk.
        const QString workerId = QDir(s->backend->artifacts()->rootDir())
                                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                                     .value(0);
        QVERIFY(!workerId.isEmpty());
        const auto file = s->backend->artifacts()->readFile(
            workerId, 1, "tool_calls/001_mcp__fs__read_text_file.txt");
        QVERIFY2(file, file ? "" : qPrintable(file.error().message));
        QVERIFY(file->contains("disk on cube is 73% full"));
        QVERIFY(file->contains("read_only_hint"));
    }

    void aChangingToolAsksAndADenialLeavesTheFileAlone() {
        auto s = open({});
        QVERIFY(s);
        const QString path = QDir(s->root).filePath("new.txt");
        s->llm.setScenario(
            {{"responses",
              oneWorkerCall("mcp__fs__write_file", {{"path", path}, {"content", "x"}}, "write")}});
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, "write a file", &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(s->requested.size(), 1);
        QCOMPARE(s->requested.first().tool, QStringLiteral("mcp__fs__write_file"));
        QCOMPARE(s->requested.first().target, QStringLiteral("mcp:fs"));
        QVERIFY(!QFile::exists(path));
        const QList<QJsonObject> worker = s->llm.requestsForModel("worker-model");
        QVERIFY2(lastToolMessage(worker.at(1)).contains("not this file"),
                 qPrintable(lastToolMessage(worker.at(1))));
    }

    void aToolWhosePolicyIsNeverIsNotOffered() {
        auto s = open({}, {{"toolPolicy", QJsonObject{{"write_file", "never"}}}});
        QVERIFY(s);
        s->llm.setScenario(
            {{"responses", oneWorkerCall("mcp__fs__list_allowed_directories", {}, "never")}});
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, "where may you read?", &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        const QList<QJsonObject> worker = s->llm.requestsForModel("worker-model");
        const QStringList offered = toolNames(worker.first());
        QVERIFY(offered.contains("mcp__fs__read_text_file"));
        QVERIFY(!offered.contains("mcp__fs__write_file"));
        QVERIFY2(lastToolMessage(worker.at(1)).contains(s->root),
                 qPrintable(lastToolMessage(worker.at(1))));
    }

    // A long MCP call reports progress (worker_tool_progress, for the ticker); cancelling the run
    // cancels the call at the server (notifications/cancelled).
    void progressIsPublishedAndCancelReachesTheServer() {
        auto s = open({});
        QVERIFY(s);
        s->llm.setScenario(
            {{"responses", oneWorkerCall("mcp__everything__trigger-long-running-operation",
                                         {{"duration", 60}, {"steps", 60}}, "long")}});
        QList<payloads::WorkerToolProgress> progress;
        connect(s->backend->bus(), &EventBus::published, this, [&progress](const Event& e) {
            if (const auto p = payloads::WorkerToolProgress::from(e))
                progress.append(*p);
        });
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        const auto run = s->backend->jarvis()->ask("run the long operation");
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(progress.size() >= 2, 30000);
        QCOMPARE(progress.first().tool,
                 QStringLiteral("mcp__everything__trigger-long-running-operation"));
        QCOMPARE(progress.first().total, std::optional<double>(60.0));
        McpClient* client = s->backend->mcp()->client("everything");
        QVERIFY(client);
        QCOMPARE(client->sentCount("notifications/cancelled"), 0);
        s->backend->jarvis()->cancelRun(run.value());
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);  // may come from inside cancelRun
        QTRY_COMPARE_WITH_TIMEOUT(client->sentCount("notifications/cancelled"), 1, 10000);
        QCOMPARE(s->backend->mcp()->server("everything")->state, McpServerState::Ready);
    }

    void aBadServerEntryIsNamedAndTheOthersStillRun() {
        QTemporaryDir dir;
        QFile f(dir.filePath("mcp.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        const auto everything = mcpReferenceServer("server-everything", {"stdio"});
        f.write(QJsonDocument(
                    QJsonObject{
                        {"mcpServers",
                         QJsonObject{{"web", QJsonObject{{"url", "ftp://example.org"}}},
                                     {"everything", QJsonObject{{"command", everything.command},
                                                                {"args", QJsonArray::fromStringList(
                                                                             everything.args)}}}}}})
                    .toJson());
        f.close();
        Settings settings;
        settings.dataDir = dir.filePath("data");
        settings.mcpConfigFile = dir.filePath("mcp.json");
        settings.hostsFile = dir.filePath("no-hosts");
        settings.pricingFile = dir.filePath("no-pricing.json");
        auto b = Backend::create(settings);
        QVERIFY(b);
        const QString problem = b.value()->mcpProblem();
        QVERIFY2(problem.contains("web") && problem.contains("url"), qPrintable(problem));
        QCOMPARE(b.value()->mcp()->servers().size(), 1);
        QCOMPARE(b.value()->mcp()->servers().first().config.name, QStringLiteral("everything"));
    }
};

QTEST_GUILESS_MAIN(TestMcpE2e)
#include "test_mcp_e2e.moc"
