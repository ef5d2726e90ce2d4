// Zerg as an MCP server (backend/api/mcp_service.h, `zerg mcp serve`): the protocol in process
// against a whole Backend whose model is the loopback LLM server (version negotiation, the tools
// and their annotations, ask with progress, the read-only tools on the worker it started, tool
// errors and JSON-RPC errors, cancellation), then the official TypeScript SDK's client
// (tests/mcp/sdk_client.mjs) against the real `zerg mcp serve` binary.
#include "api/mcp_service.h"
#include "core/settings.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "mcp_reference_servers.h"
#include "runtime/backend.h"
#include "storage/store.h"
#include "temp_env.h"
#include "workers/approvals.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#ifndef ZERG_EXE
#define ZERG_EXE ZERG_BINARY_DIR "/bin/zerg"
#endif
#ifndef ZERG_SOURCE_DIR
#define ZERG_SOURCE_DIR ZERG_TEST_DATA_DIR "/../.."
#endif

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::textResponse;
using zerg::test::toolCallResponse;

namespace {

const QStringList kToolNames{"ask", "list_workers", "read_worker_file", "grep_workers",
                             "list_hosts"};

// A run with one worker: the supervisor spawns it, it answers with marker in its text, the
// supervisor answers `answer`.
QJsonObject oneWorkerScenario(const QString& marker, const QString& answer) {
    return {{"responses", QJsonArray{toolCallResponse("supervisor-model", "call_s", "spawn_worker",
                                                      {{"task", "check the disk on cube"}}),
                                     textResponse("worker-model",
                                                  "Disk on cube: / is 73% full (" + marker + ")"),
                                     textResponse("supervisor-model", answer),
                                     textResponse("summary-model", "73% full")}}};
}

QString textOf(const QJsonObject& toolResult) {
    QStringList parts;
    for (const QJsonValue& c : toolResult.value("content").toArray())
        parts.append(c.toObject().value("text").toString());
    return parts.join('\n');
}

// One client session: the service and everything it sent, in order.
struct Session {
    std::unique_ptr<McpService> service;
    QList<QJsonObject> received;
    int nextId = 1;

    QJsonValue request(const QString& method, const QJsonObject& params = {}) {
        const QJsonValue id = nextId++;
        QJsonObject m{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
        if (!params.isEmpty())
            m.insert("params", params);
        service->handle(m);
        return id;
    }

    void notify(const QString& method, const QJsonObject& params = {}) {
        service->handle({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
    }

    // Index in received of the response to id, or -1.
    int indexOf(const QJsonValue& id) const {
        for (int i = 0; i < received.size(); ++i) {
            const QJsonObject& m = received.at(i);
            if (!m.contains("method") && m.value("id") == id)
                return i;
        }
        return -1;
    }

    // The response to id, waiting for it (an empty object after timeoutMs).
    QJsonObject response(const QJsonValue& id, int timeoutMs = 60000) {
        if (!QTest::qWaitFor([&] { return indexOf(id) >= 0; }, timeoutMs))
            return {};
        return received.at(indexOf(id));
    }

    QJsonObject call(const QString& tool, const QJsonObject& args, const QJsonObject& meta = {},
                     QJsonValue* id = nullptr) {
        QJsonObject params{{"name", tool}, {"arguments", args}};
        if (!meta.isEmpty())
            params.insert("_meta", meta);
        const QJsonValue requestId = request("tools/call", params);
        if (id)
            *id = requestId;
        return response(requestId);
    }

    QList<QJsonObject> progress() const {
        QList<QJsonObject> out;
        for (const QJsonObject& m : received) {
            if (m.value("method").toString() == QLatin1String("notifications/progress"))
                out.append(m.value("params").toObject());
        }
        return out;
    }
};

}  // namespace

class TestMcpServe : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeLlmServer m_llm;
    std::unique_ptr<Backend> m_backend;
    QString m_hostsFile;
    Settings m_settings;
    QString m_workerId;  // the worker of askReportsProgressThenTheAnswer, read by later tests

    std::unique_ptr<Session> session(bool initialize = true) {
        auto s = std::make_unique<Session>();
        s->service = std::make_unique<McpService>(m_backend.get(), 1);
        Session* raw = s.get();
        connect(s->service.get(), &McpService::send, this,
                [raw](const QJsonObject& m) { raw->received.append(m); });
        if (initialize) {
            const QJsonValue id = s->request(
                "initialize", {{"protocolVersion", "2025-11-25"},
                               {"capabilities", QJsonObject{}},
                               {"clientInfo", QJsonObject{{"name", "test"}, {"version", "1"}}}});
            if (!s->response(id).contains("result"))
                return nullptr;
            s->notify("notifications/initialized");
        }
        return s;
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setApplicationVersion("9.8.7");
        QVERIFY(m_dir.isValid());
        QVERIFY(m_llm.start());
        m_hostsFile = m_dir.filePath("hosts");
        QFile hosts(m_hostsFile);
        QVERIFY(hosts.open(QIODevice::WriteOnly));
        hosts.write(
            "Host cube\n    HostName 192.0.2.7\n    Port 2222\n    User ops\n"
            "    IdentityFile ~/.ssh/id_secret_key\n");
        hosts.close();

        Settings settings;
        settings.dataDir = m_dir.filePath("data");
        settings.configDir = m_dir.filePath("config");
        settings.mcpConfigFile = m_dir.filePath("no-mcp.json");
        settings.hostsFile = m_hostsFile;
        settings.knownHostsFile = m_dir.filePath("known_hosts");
        settings.llmBaseUrl = m_llm.baseUrl();
        settings.pricingFile = m_dir.filePath("no-pricing-override.json");
        settings.model = "supervisor-model";
        settings.workerModel = "worker-model";
        settings.summaryModel = "summary-model";
        settings.deciderModel = "heuristic";
        settings.checkIntervalSeconds = 1;
        m_settings = settings;
        auto backend = Backend::create(settings);
        QVERIFY2(backend, backend ? "" : qPrintable(backend.error().message));
        m_backend = std::move(backend).value();
    }

    void initializeNegotiatesTheVersion() {
        const QList<QPair<QString, QString>> cases{{"2025-11-25", "2025-11-25"},
                                                   {"2025-06-18", "2025-06-18"},
                                                   {"2025-03-26", "2025-03-26"},
                                                   {"2024-11-05", "2025-11-25"},
                                                   {"1999-01-01", "2025-11-25"}};
        for (const auto& [asked, expected] : cases) {
            auto s = session(false);
            const QJsonObject r = s->response(s->request(
                "initialize", {{"protocolVersion", asked}, {"capabilities", QJsonObject{}}}));
            const QJsonObject result = r.value("result").toObject();
            QCOMPARE(result.value("protocolVersion").toString(), expected);
            QCOMPARE(result.value("serverInfo").toObject().value("name").toString(),
                     QStringLiteral("zerg"));
            QCOMPARE(result.value("serverInfo").toObject().value("title").toString(),
                     QStringLiteral("Zerg"));
            QCOMPARE(result.value("serverInfo").toObject().value("version").toString(),
                     QStringLiteral("9.8.7"));
            const QJsonObject tools =
                result.value("capabilities").toObject().value("tools").toObject();
            QVERIFY(tools.contains("listChanged"));
            QCOMPARE(tools.value("listChanged").toBool(true), false);
            const QString instructions = result.value("instructions").toString();
            QVERIFY2(instructions.contains("approval"), qPrintable(instructions));
        }
        // Without a version, and a second time.
        auto s = session(false);
        QCOMPARE(s->response(s->request("initialize", {{"capabilities", QJsonObject{}}}))
                     .value("error")
                     .toObject()
                     .value("code")
                     .toInt(),
                 -32602);
        s->response(s->request("initialize", {{"protocolVersion", "2025-11-25"}}));
        QCOMPARE(s->response(s->request("initialize", {{"protocolVersion", "2025-11-25"}}))
                     .value("error")
                     .toObject()
                     .value("code")
                     .toInt(),
                 -32600);
    }

    void onlyPingIsServedBeforeInitialize() {
        auto s = session(false);
        const QJsonObject listed = s->response(s->request("tools/list"));
        QCOMPARE(listed.value("error").toObject().value("code").toInt(), -32600);
        QVERIFY(
            listed.value("error").toObject().value("message").toString().contains("initialize"));
        QCOMPARE(listed.value("id").toInt(), 1);
        const QJsonObject pong = s->response(s->request("ping"));
        QVERIFY(pong.value("result").isObject());
        QVERIFY(pong.value("result").toObject().isEmpty());
    }

    void toolsListHasFiveToolsWithTruthfulAnnotations() {
        auto s = session();
        QVERIFY(s);
        const QJsonObject r = s->response(s->request("tools/list", {{"cursor", "ignored"}}));
        const QJsonArray tools = r.value("result").toObject().value("tools").toArray();
        QStringList names;
        for (const QJsonValue& v : tools) {
            const QJsonObject t = v.toObject();
            const QString name = t.value("name").toString();
            names.append(name);
            QVERIFY2(!t.value("description").toString().isEmpty(), qPrintable(name));
            const QJsonObject input = t.value("inputSchema").toObject();
            QCOMPARE(input.value("type").toString(), QStringLiteral("object"));
            QCOMPARE(input.value("additionalProperties").toBool(true), false);
            const QJsonObject a = t.value("annotations").toObject();
            for (const char* hint :
                 {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}) {
                QVERIFY2(a.value(hint).isBool(), qPrintable(name + ": " + hint));
            }
            const bool isAsk = name == QLatin1String("ask");
            QCOMPARE(a.value("readOnlyHint").toBool(), !isAsk);
            QCOMPARE(a.value("destructiveHint").toBool(), isAsk);
            QCOMPARE(a.value("idempotentHint").toBool(), !isAsk);
            QCOMPARE(a.value("openWorldHint").toBool(), isAsk);
            if (isAsk) {
                QCOMPARE(a.value("title").toString(), QStringLiteral("Ask Jarvis"));
                QCOMPARE(input.value("required").toArray(), QJsonArray{"task"});
                QVERIFY(t.value("description").toString().contains("approval"));
                QVERIFY(t.value("outputSchema").toObject().contains("properties"));
            }
        }
        QCOMPARE(names, kToolNames);
    }

    void protocolErrorsAreJsonRpcErrors() {
        auto s = session();
        QVERIFY(s);
        auto code = [](const QJsonObject& r) {
            return r.value("error").toObject().value("code").toInt();
        };
        QCOMPARE(code(s->response(s->request("resources/list"))), -32601);
        QCOMPARE(code(s->call("no_such_tool", {})), -32602);
        QVERIFY(s->response(s->request("tools/call", {{"name", "no_such_tool"}}))
                    .value("error")
                    .toObject()
                    .value("message")
                    .toString()
                    .contains("no_such_tool"));
        QCOMPARE(code(s->response(s->request("tools/call", {{"arguments", QJsonObject{}}}))),
                 -32602);
        QCOMPARE(code(s->response(s->request("tools/call", {{"name", "ask"}, {"arguments", 7}}))),
                 -32602);

        // What cannot be read as a request is answered with id null.
        s->received.clear();
        s->service->handleText("{not json");
        QCOMPARE(s->received.size(), 1);
        QCOMPARE(code(s->received.first()), -32700);
        QVERIFY(s->received.first().value("id").isNull());
        s->service->handleText(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])");
        QCOMPARE(code(s->received.last()), -32600);
        s->service->handleText(R"({"jsonrpc":"1.0","id":5,"method":"ping"})");
        QCOMPARE(code(s->received.last()), -32600);
        QCOMPARE(s->received.last().value("id").toInt(), 5);
        s->service->handleText(R"({"jsonrpc":"2.0","id":null,"method":"ping"})");
        QCOMPARE(code(s->received.last()), -32600);
        // Notifications are never answered, not even unknown ones; responses are ignored.
        const qsizetype before = s->received.size();
        s->notify("notifications/whatever");
        s->service->handle({{"jsonrpc", "2.0"}, {"id", 99}, {"result", QJsonObject{}}});
        QCOMPARE(s->received.size(), before);
    }

    void invalidArgumentsAreToolErrors() {
        auto s = session();
        QVERIFY(s);
        struct Case {
            QString tool;
            QJsonObject args;
            QString mentions;
        };
        const QList<Case> cases{
            {"ask", {}, "task"},
            {"ask", {{"task", 3}}, "task"},
            {"ask", {{"task", "x"}, {"priority", "high"}}, "priority"},
            {"list_workers", {{"limit", 0}}, "limit"},
            {"list_workers", {{"limit", 201}}, "limit"},
            {"list_workers", {{"limit", "many"}}, "limit"},
            {"read_worker_file", {{"worker_id", "x"}}, "path"},
            {"grep_workers", {{"pattern", "x"}, {"regex", "yes"}}, "regex"},
            {"grep_workers", {{"pattern", "x"}, {"limit", 501}}, "limit"},
            {"list_hosts", {{"extra", 1}}, "extra"},
        };
        for (const Case& c : cases) {
            const QJsonObject r = s->call(c.tool, c.args);
            const QJsonObject result = r.value("result").toObject();
            QVERIFY2(result.value("isError").toBool(), qPrintable(c.tool));
            const QString text = textOf(result);
            QVERIFY2(text.contains(c.mentions), qPrintable(c.tool + ": " + text));
            QVERIFY2(text.contains(c.tool), qPrintable(text));
        }
        // A blank task passes the schema but not the tool.
        const QJsonObject blank = s->call("ask", {{"task", "   "}}).value("result").toObject();
        QVERIFY(blank.value("isError").toBool());
    }

    void askReportsProgressThenTheAnswer() {
        auto s = session();
        QVERIFY(s);
        const QString answer = "The disk on cube is 73% full.";
        m_llm.setScenario(oneWorkerScenario("zebraquartz", answer));
        QJsonValue id;
        const QJsonObject r =
            s->call("ask", {{"task", "check the disk on cube"}}, {{"progressToken", "tok-1"}}, &id);
        QVERIFY2(r.contains("result"), QJsonDocument(r).toJson().constData());
        const QJsonObject result = r.value("result").toObject();
        QVERIFY2(!result.value("isError").toBool(), qPrintable(textOf(result)));
        QCOMPARE(textOf(result), answer);
        const QJsonObject structured = result.value("structuredContent").toObject();
        QVERIFY(structured.value("run_id").toInteger() > 0);
        QCOMPARE(structured.value("ok").toBool(), true);
        QCOMPARE(structured.value("answer").toString(), answer);
        QCOMPARE(structured.value("status").toString(), QStringLiteral("success"));
        const QJsonArray workers = structured.value("worker_ids").toArray();
        QCOMPARE(workers.size(), 1);
        m_workerId = workers.first().toString();
        QVERIFY(!m_workerId.isEmpty());

        // Progress came before the answer, for this token, counting up.
        const int answeredAt = s->indexOf(id);
        QStringList messages;
        double last = 0;
        for (int i = 0; i < s->received.size(); ++i) {
            const QJsonObject m = s->received.at(i);
            if (m.value("method").toString() != QLatin1String("notifications/progress"))
                continue;
            QVERIFY2(i < answeredAt, "a progress notification after the answer");
            const QJsonObject p = m.value("params").toObject();
            QCOMPARE(p.value("progressToken").toString(), QStringLiteral("tok-1"));
            QVERIFY(p.value("progress").toDouble() > last);
            last = p.value("progress").toDouble();
            messages.append(p.value("message").toString());
        }
        QVERIFY2(messages.size() >= 2, qPrintable(messages.join(" | ")));
        QVERIFY2(messages.first().contains("Started worker " + m_workerId),
                 qPrintable(messages.join(" | ")));
        QVERIFY2(messages.join('\n').contains("Worker " + m_workerId + " ended: success"),
                 qPrintable(messages.join(" | ")));
        QVERIFY(s->service->isIdle());

        // Without a progress token: the answer alone.
        m_llm.setScenario(oneWorkerScenario("second", "second answer"));
        s->received.clear();
        const QJsonObject again = s->call("ask", {{"task", "check the disk on cube again"}});
        QCOMPARE(textOf(again.value("result").toObject()), QStringLiteral("second answer"));
        QVERIFY(s->progress().isEmpty());
    }

    void theWorkerCanBeListedReadAndSearched() {
        QVERIFY2(!m_workerId.isEmpty(), "needs askReportsProgressThenTheAnswer");
        auto s = session();
        QVERIFY(s);
        const QJsonObject listed =
            s->call("list_workers", {{"limit", 5}}).value("result").toObject();
        QVERIFY(!listed.value("isError").toBool());
        const QJsonArray rows =
            listed.value("structuredContent").toObject().value("workers").toArray();
        QVERIFY(!rows.isEmpty() && rows.size() <= 5);
        bool found = false;
        for (const QJsonValue& row : rows) {
            const QJsonObject w = row.toObject();
            if (w.value("worker_id").toString() != m_workerId)
                continue;
            found = true;
            QCOMPARE(w.value("status").toString(), QStringLiteral("success"));
            QCOMPARE(w.value("task").toString(), QStringLiteral("check the disk on cube"));
            QVERIFY(w.contains("summary"));
            QVERIFY(w.contains("created_at"));
        }
        QVERIFY2(found, qPrintable(textOf(listed)));
        QVERIFY(textOf(listed).contains(m_workerId));  // the JSON as text, for older clients

        const QJsonObject file =
            s->call("read_worker_file", {{"worker_id", m_workerId}, {"path", "result.txt"}})
                .value("result")
                .toObject();
        QVERIFY2(!file.value("isError").toBool(), qPrintable(textOf(file)));
        QVERIFY2(textOf(file).contains("zebraquartz"), qPrintable(textOf(file)));

        for (const QString& path : {QStringLiteral("../x"), QStringLiteral("/etc/passwd"),
                                    QStringLiteral("no-such-file.txt")}) {
            const QJsonObject refused =
                s->call("read_worker_file", {{"worker_id", m_workerId}, {"path", path}})
                    .value("result")
                    .toObject();
            QVERIFY2(refused.value("isError").toBool(), qPrintable(path));
            QVERIFY2(!textOf(refused).isEmpty(), qPrintable(path));
        }
        const QJsonObject noWorker =
            s->call("read_worker_file",
                    {{"worker_id", "2020-01-01T00-00-00_nobody"}, {"path", "result.txt"}})
                .value("result")
                .toObject();
        QVERIFY(noWorker.value("isError").toBool());

        const QJsonObject grep =
            s->call("grep_workers", {{"pattern", "ZEBRAQUARTZ"}}).value("result").toObject();
        QVERIFY2(!grep.value("isError").toBool(), qPrintable(textOf(grep)));
        const QJsonArray matches =
            grep.value("structuredContent").toObject().value("matches").toArray();
        QVERIFY(!matches.isEmpty());
        QStringList files;
        for (const QJsonValue& m : matches) {
            if (m.toObject().value("worker_id").toString() == m_workerId)
                files.append(m.toObject().value("file").toString());
        }
        QVERIFY2(files.contains("result.txt"), qPrintable(textOf(grep)));
        QVERIFY(textOf(grep).contains(m_workerId + ":result.txt:"));
        QCOMPARE(grep.value("structuredContent").toObject().value("truncated").toBool(true), false);

        const QJsonObject caseSensitive =
            s->call("grep_workers", {{"pattern", "ZEBRAQUARTZ"}, {"case_sensitive", true}})
                .value("result")
                .toObject();
        QVERIFY(caseSensitive.value("structuredContent")
                    .toObject()
                    .value("matches")
                    .toArray()
                    .isEmpty());
        const QJsonObject badRegex =
            s->call("grep_workers", {{"pattern", "("}, {"regex", true}}).value("result").toObject();
        QVERIFY(badRegex.value("isError").toBool());
        QVERIFY(!textOf(badRegex).isEmpty());
    }

    void listHostsShowsTheAllowlistWithoutKeys() {
        auto s = session();
        QVERIFY(s);
        const QJsonObject r = s->call("list_hosts", {}).value("result").toObject();
        QVERIFY(!r.value("isError").toBool());
        const QJsonObject structured = r.value("structuredContent").toObject();
        QCOMPARE(structured.value("hosts_file").toString(), m_hostsFile);
        QVERIFY(structured.value("load_error").isNull());
        const QJsonArray hosts = structured.value("hosts").toArray();
        QCOMPARE(hosts.size(), 1);
        const QJsonObject cube = hosts.first().toObject();
        QCOMPARE(cube.value("alias").toString(), QStringLiteral("cube"));
        QCOMPARE(cube.value("host").toString(), QStringLiteral("192.0.2.7"));
        QCOMPARE(cube.value("port").toInt(), 2222);
        QCOMPARE(cube.value("user").toString(), QStringLiteral("ops"));
        QVERIFY(!textOf(r).contains("id_secret_key"));
        QVERIFY(!QJsonDocument(structured).toJson().contains("id_secret_key"));
    }

    void aCancelledAskEndsItsRunWithoutAnAnswer() {
        auto s = session();
        QVERIFY(s);
        // The worker's model never answers.
        m_llm.setScenario(
            {{"responses", QJsonArray{toolCallResponse("supervisor-model", "call_s", "spawn_worker",
                                                       {{"task", "check the disk on cube"}}),
                                      QJsonObject{{"model", "worker-model"},
                                                  {"content", "never sent"},
                                                  {"stall_after_bytes", 0}},
                                      textResponse("supervisor-model", "not expected"),
                                      textResponse("summary-model", "cancelled")}}});
        const QJsonValue id = s->request(
            "tools/call", {{"name", "ask"},
                           {"arguments", QJsonObject{{"task", "check the disk on cube"}}},
                           {"_meta", QJsonObject{{"progressToken", 42}}}});
        QVERIFY(QTest::qWaitFor(
            [&] {
                for (const QJsonObject& p : s->progress()) {
                    if (p.value("message").toString().startsWith("Started worker"))
                        return true;
                }
                return false;
            },
            30000));
        QCOMPARE(s->progress().first().value("progressToken").toInt(), 42);
        JarvisService* jarvis = m_backend->jarvis();
        const qint64 runId = jarvis->currentRunId();
        QVERIFY(runId > 0);
        QVERIFY(!s->service->isIdle());

        // One request at a time.
        const QJsonObject busy =
            s->call("ask", {{"task", "check something else on cube"}}).value("result").toObject();
        QVERIFY(busy.value("isError").toBool());
        QVERIFY2(textOf(busy).contains("another request"), qPrintable(textOf(busy)));

        QSignalSpy finished(jarvis, &JarvisService::runFinished);
        QSignalSpy idle(s->service.get(), &McpService::idle);
        s->notify("notifications/cancelled", {{"requestId", id}, {"reason", "changed my mind"}});
        QVERIFY(finished.count() > 0 || finished.wait(30000));
        QCOMPARE(finished.first().at(0).toLongLong(), runId);
        QCOMPARE(finished.first().at(1).toBool(), false);
        QVERIFY2(finished.first().at(2).toString().contains("MCP client"),
                 qPrintable(finished.first().at(2).toString()));
        QVERIFY(idle.count() > 0);
        QVERIFY(s->service->isIdle());
        QTest::qWait(300);
        QCOMPARE(s->indexOf(id), -1);  // no answer for a cancelled request
        const Result<RunRecord> run = m_backend->store()->run(runId);
        QVERIFY(run);
        QCOMPARE(run->status, RunStatus::Cancelled);

        // Jarvis takes the next request.
        m_llm.setScenario({{"responses", QJsonArray{textResponse("supervisor-model", "hello")}}});
        const QJsonObject next =
            s->call("ask", {{"task", "check whether you are there"}}).value("result").toObject();
        QVERIFY2(!next.value("isError").toBool(), qPrintable(textOf(next)));
    }

    void stopCancelsTheRunningAsk() {
        auto s = session();
        QVERIFY(s);
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"model", "supervisor-model"},
                                                                {"content", "never sent"},
                                                                {"stall_after_bytes", 0}}}}});
        QSignalSpy requested(&m_llm, &FakeLlmServer::requestReceived);
        const QJsonValue id = s->request(
            "tools/call",
            {{"name", "ask"}, {"arguments", QJsonObject{{"task", "check the disk on cube"}}}});
        QVERIFY(requested.wait(30000));
        const qint64 runId = m_backend->jarvis()->currentRunId();
        QSignalSpy idle(s->service.get(), &McpService::idle);
        s->service->stop("the client went away");
        QVERIFY(idle.count() > 0 || idle.wait(30000));
        QCOMPARE(s->indexOf(id), -1);
        QCOMPARE(m_backend->store()->run(runId)->status, RunStatus::Cancelled);
        // A stopped service ignores what still comes.
        s->received.clear();
        s->request("ping");
        QCOMPARE(s->received.size(), 0);
    }

    // The official TypeScript SDK's client (tests/mcp/sdk_client.mjs) against the real binary.
    void theOfficialSdkClientTalksToZergMcpServe() {
        const QString node = QStandardPaths::findExecutable("node");
        QVERIFY2(!node.isEmpty(), "Node.js (node) is not installed. Run scripts/setup.");
        const QString modules = zerg::test::mcpServersDir();
        const QString client = modules + "/@modelcontextprotocol/sdk/dist/esm/client/index.js";
        QVERIFY2(QFile::exists(client),
                 qPrintable("The MCP TypeScript SDK is not installed (" + client +
                            " is missing). Run scripts/setup: it installs the pinned version "
                            "into the build tree."));
        const QString script = QDir::cleanPath(ZERG_SOURCE_DIR "/tests/mcp/sdk_client.mjs");
        QVERIFY2(QFile::exists(script), qPrintable(script));
        QVERIFY2(QFile::exists(ZERG_EXE), "the zerg binary is not built: " ZERG_EXE);

        QTemporaryDir home;
        const QString answer = "cube's disk is 73% full (seen through the SDK).";
        m_llm.setScenario(oneWorkerScenario("sdkmarker", answer));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& k : env.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                env.remove(k);
        }
        env.remove("SSH_AUTH_SOCK");
        env.insert("HOME", home.path());
        env.insert("XDG_CONFIG_HOME", home.filePath("config-home"));
        env.insert("XDG_DATA_HOME", home.filePath("data-home"));
        env.insert("ZERG_DATA_DIR", home.filePath("data"));
        env.insert("ZERG_CONFIG_DIR", home.filePath("config"));
        env.insert("ZERG_MCP_CONFIG", home.filePath("no-mcp.json"));
        env.insert("ZERG_HOSTS_FILE", m_hostsFile);
        env.insert("ZERG_KNOWN_HOSTS", home.filePath("known_hosts"));
        env.insert("ZERG_LANGUAGE", "en");
        env.insert("ZERG_LLM_BASE_URL", m_llm.baseUrl());
        env.insert("ZERG_LLM_API_KEY", "sk-test-secret");
        env.insert("ZERG_MODEL", "supervisor-model");
        env.insert("ZERG_WORKER_MODEL", "worker-model");
        env.insert("ZERG_SUMMARY_MODEL", "summary-model");
        env.insert("ZERG_DECIDER_MODEL", "heuristic");
        env.insert("ZERG_CHECK_INTERVAL_SECONDS", "1");
        env.insert("ZERG_MCP_NODE_MODULES", modules);

        const zerg::test::ProgramRun r =
            zerg::test::runProgram(node, {script, ZERG_EXE, "check the disk on cube"}, env, 120000);
        QVERIFY2(r.code == 0, (r.out + "\n--- stderr ---\n" + r.err).constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QJsonParseError error{};
        const QJsonObject report = QJsonDocument::fromJson(lines.last(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, r.out.constData());

        QStringList tools;
        for (const QJsonValue& t : report.value("tools").toArray())
            tools.append(t.toString());
        QCOMPARE(tools, kToolNames);
        QCOMPARE(report.value("server").toObject().value("name").toString(),
                 QStringLiteral("zerg"));
        QVERIFY(report.value("list_workers_ok").toBool());
        const QJsonObject ask = report.value("ask").toObject();
        QCOMPARE(ask.value("isError").toBool(true), false);
        QCOMPARE(ask.value("text").toString(), answer);
        const QJsonObject structured = ask.value("structured").toObject();
        QCOMPARE(structured.value("answer").toString(), answer);
        QCOMPARE(structured.value("ok").toBool(), true);
        QCOMPARE(structured.value("worker_ids").toArray().size(), 1);
        QVERIFY2(ask.value("progress").toInt() >= 1, r.err.constData());
        // Nothing but protocol messages on zerg's standard output (the SDK would have failed on
        // anything else), and the API key is never printed.
        QVERIFY(!r.out.contains("sk-test-secret"));
        QVERIFY(!r.err.contains("sk-test-secret"));
    }

    // The MCP client cannot approve: a worker's changing call waits until the user answers in
    // Zerg's window, which is another process on the same database (here a second Backend
    // with its background services, as the app runs them). The denial reaches the worker.
    void anApprovalIsAnsweredInZergsWindowNotByTheClient() {
        auto windowBackend = Backend::create(m_settings);
        QVERIFY2(windowBackend, windowBackend ? "" : qPrintable(windowBackend.error().message));
        Backend* window = windowBackend.value().get();
        window->startBackgroundServices();
        QList<ApprovalRecord> shown;
        connect(window->approvals(), &Approvals::requested, this,
                [&shown, window](const ApprovalRecord& r) {
                    shown.append(r);
                    ApprovalReply deny;
                    deny.choice = ApprovalChoice::Deny;
                    deny.message = QStringLiteral("not during business hours");
                    deny.device = QStringLiteral("desktop");
                    QTimer::singleShot(0, window, [window, r, deny] {
                        const auto a = window->approvals()->answer(r.ownerId, r.id, deny);
                        if (!a)
                            qWarning("answer: %s", qPrintable(a.error().message));
                    });
                });
        m_llm.setScenario(
            {{"responses",
              QJsonArray{
                  toolCallResponse("supervisor-model", "call_s", "spawn_worker",
                                   {{"task", "restart nginx on cube"}}),
                  toolCallResponse("worker-model", "call_w", "ssh_exec",
                                   {{"host", "cube"}, {"command", "sudo systemctl restart nginx"}}),
                  textResponse("worker-model", "The user denied the restart."),
                  textResponse("supervisor-model", "I did not restart nginx: denied."),
                  textResponse("summary-model", "denied")}}});
        auto s = session();
        QVERIFY(s);
        const QJsonObject r = s->call("ask", {{"task", "restart nginx on cube"}},
                                      {{"progressToken", "tok-approval"}});
        QVERIFY2(r.contains("result"), QJsonDocument(r).toJson().constData());
        QCOMPARE(textOf(r.value("result").toObject()),
                 QStringLiteral("I did not restart nginx: denied."));
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.first().action, QStringLiteral("sudo systemctl restart nginx"));
        // The client was told it waits for the user, and the worker got the user's words.
        QStringList messages;
        for (const QJsonObject& p : s->progress())
            messages.append(p.value("message").toString());
        QVERIFY2(messages.join('\n').contains("Waiting for your approval in Zerg"),
                 qPrintable(messages.join(" | ")));
        const QList<QJsonObject> worker = m_llm.requestsForModel("worker-model");
        QVERIFY(worker.size() >= 2);
        QVERIFY2(QJsonDocument(worker.last()).toJson().contains("not during business hours"),
                 "the denial did not reach the worker");
    }

    void cleanupTestCase() { m_backend.reset(); }
};

QTEST_GUILESS_MAIN(TestMcpServe)
#include "test_mcp_serve.moc"
