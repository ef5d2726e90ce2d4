// The MCP client against the reference servers we did not write, over stdio, under their
// supervisors: the handshake and tool list, calls (text, structured content, an image saved to
// the worker's folder), progress, cancellation (notifications/cancelled, the server lives on),
// arguments checked before they are sent, a server killed mid-call (a clear error, then a
// restart) and a server that keeps failing (marked failed with its stderr, its tools gone, a
// note for the model).
#include "core/clock.h"
#include "mcp/http_transport.h"
#include "mcp/mcp_servers.h"
#include "mcp/mcp_tool.h"
#include "mcp/stdio_transport.h"
#include "mcp_reference_servers.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace zerg;
using zerg::test::mcpReferenceServer;

namespace {

McpServerConfig stdioServer(const QString& name, const zerg::test::McpReferenceServer& s) {
    McpServerConfig c;
    c.name = name;
    c.command = s.command;
    c.args = s.args;
    c.timeoutSeconds = 30;
    return c;
}

std::shared_ptr<Tool> findTool(McpServers& servers, const QString& name) {
    for (const std::shared_ptr<Tool>& t : servers.toolSource()->tools()) {
        if (t->spec().name == name)
            return t;
    }
    return nullptr;
}

ToolResult run(Tool& tool, const QJsonObject& args) {
    QObject ctx;
    ToolInvocation* inv = tool.start(args, &ctx);
    QSignalSpy done(inv, &ToolInvocation::finished);
    if (!inv->isFinished() && !done.wait(30000))
        return ToolResult::failure(QStringLiteral("test: no result within 30 s"));
    return inv->result();
}

}  // namespace

class TestMcpServers : public QObject {
    Q_OBJECT

    SystemClock m_clock;
    QTemporaryDir m_dir;

    std::unique_ptr<McpServers> startServers(QList<McpServerConfig> configs, int intensity = 3) {
        McpConfig config;
        config.servers = configs;
        McpOptions o;
        o.clock = &m_clock;
        o.logDir = m_dir.filePath(QStringLiteral("mcp"));
        o.intensity = intensity;
        o.backoff = supervision::Backoff{50, 200, 0.0, 60000};
        auto servers = std::make_unique<McpServers>(config, o);
        const Status started = servers->startStandalone();
        if (!started)
            qWarning("%s", qPrintable(started.error().message));
        return servers;
    }

private Q_SLOTS:
    void initTestCase() {
        const auto everything = mcpReferenceServer(QStringLiteral("server-everything"));
        QVERIFY2(everything.problem.isEmpty(), qPrintable(everything.problem));
        const auto fs = mcpReferenceServer(QStringLiteral("server-filesystem"));
        QVERIFY2(fs.problem.isEmpty(), qPrintable(fs.problem));
    }

    void everythingOverStdio() {
        auto servers = startServers(
            {stdioServer("everything", mcpReferenceServer("server-everything", {"stdio"}))});
        QTRY_VERIFY_WITH_TIMEOUT(servers->isSettled(), 30000);
        const auto status = servers->server("everything");
        QVERIFY(status);
        QCOMPARE(status->state, McpServerState::Ready);
        QVERIFY(McpClient::supportedProtocolVersions().contains(status->protocolVersion));
        QVERIFY(status->tools.size() >= 10);

        // echo: read-only by its annotations.
        auto echo = findTool(*servers, "mcp__everything__echo");
        QVERIFY(echo);
        QCOMPARE(echo->classify({}).effect, Effect::ReadOnly);
        QCOMPARE(echo->classify({}).reason.kind, ReasonKind::ReadOnlyHint);
        ToolResult r = run(*echo, {{"message", "hello from zerg"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QVERIFY2(r.payload.value("text").toString().contains("hello from zerg"),
                 qPrintable(r.payload.value("text").toString()));

        auto sum = findTool(*servers, "mcp__everything__get-sum");
        QVERIFY(sum);
        r = run(*sum, {{"a", 2}, {"b", 40}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QVERIFY2(r.payload.value("text").toString().contains("42"),
                 qPrintable(r.payload.value("text").toString()));

        // Invalid arguments never reach the server.
        McpClient* client = servers->client("everything");
        QVERIFY(client);
        const int callsBefore = client->sentCount("tools/call");
        r = run(*sum, {{"a", "two"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QVERIFY2(r.error().contains("'a'"), qPrintable(r.error()));
        QCOMPARE(client->sentCount("tools/call"), callsBefore);

        // structuredContent is kept.
        auto structured = findTool(*servers, "mcp__everything__get-structured-content");
        QVERIFY(structured);
        r = run(*structured, {{"location", "Chicago"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QVERIFY(r.payload.value("structured_content").isObject());

        // An image lands in the worker's folder, not in the model's context.
        auto image = findTool(*servers, "mcp__everything__get-tiny-image");
        QVERIFY(image);
        const QString workerDir = m_dir.filePath("worker-1");
        QVERIFY(QDir().mkpath(workerDir));
        auto bound = image->forWorker({1, "worker-1", workerDir});
        QVERIFY(bound);
        r = run(*bound, {});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QJsonArray files = r.payload.value("files").toArray();
        QCOMPARE(files.size(), 1);
        QFile png(QDir(workerDir).filePath(files.first().toString()));
        QVERIFY(png.open(QIODevice::ReadOnly));
        QVERIFY(png.read(8).startsWith("\x89PNG"));
        for (const QJsonValue& v : r.payload.value("content").toArray())
            QVERIFY(!v.toObject().contains("data"));

        // Resources: listed and read through the two generic tools, read-only.
        auto list = findTool(*servers, "mcp_list_resources");
        auto read = findTool(*servers, "mcp_read_resource");
        QVERIFY(list && read);
        QCOMPARE(read->classify({{"server", "everything"}}).effect, Effect::ReadOnly);
        r = run(*list, {{"server", "everything"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QJsonArray resources = r.payload.value("resources").toArray();
        QVERIFY(!resources.isEmpty());
        QString textUri;
        for (const QJsonValue& v : resources) {
            if (v.toObject().value("mimeType").toString().startsWith("text/"))
                textUri = v.toObject().value("uri").toString();
        }
        QVERIFY2(!textUri.isEmpty(), qPrintable(QJsonDocument(resources).toJson()));
        r = run(*read, {{"server", "everything"}, {"uri", textUri}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QVERIFY2(r.payload.value("text").toString().contains(textUri),
                 qPrintable(r.payload.value("text").toString()));
        r = run(*read, {{"server", "nope"}, {"uri", textUri}});
        QCOMPARE(r.payload.value("error_code").toString(),
                 QStringLiteral("mcp_server_unavailable"));
    }

    void progressAndCancel() {
        auto servers = startServers(
            {stdioServer("everything", mcpReferenceServer("server-everything", {"stdio"}))});
        QTRY_VERIFY_WITH_TIMEOUT(servers->isSettled(), 30000);
        McpClient* client = servers->client("everything");
        QVERIFY(client);
        // Progress notifications reach the request.
        McpRequest* r = client->request("tools/call",
                                        {{"name", "trigger-long-running-operation"},
                                         {"arguments", QJsonObject{{"duration", 1}, {"steps", 3}}}},
                                        30000, true);
        QSignalSpy progress(r, &McpRequest::progress);
        QSignalSpy finished(r, &McpRequest::finished);
        QVERIFY(finished.wait(20000));
        QVERIFY2(r->ok(), qPrintable(r->errorMessage()));
        QCOMPARE(progress.size(), 3);
        QCOMPARE(progress.last().at(0).toDouble(), 3.0);

        // Cancelling a tool call tells the server, and the server lives on.
        auto slow = findTool(*servers, "mcp__everything__trigger-long-running-operation");
        QVERIFY(slow);
        QObject ctx;
        ToolInvocation* inv = slow->start({{"duration", 30}, {"steps", 30}}, &ctx);
        QSignalSpy done(inv, &ToolInvocation::finished);
        QTest::qWait(300);
        const int cancelsBefore = client->sentCount("notifications/cancelled");
        inv->cancel();
        QVERIFY(done.size() == 1 || done.wait(5000));
        QCOMPARE(inv->result().error(), QStringLiteral("cancelled"));
        QCOMPARE(client->sentCount("notifications/cancelled"), cancelsBefore + 1);
        auto echo = findTool(*servers, "mcp__everything__echo");
        const ToolResult after = run(*echo, {{"message", "still here"}});
        QVERIFY2(after.ok(), qPrintable(after.error()));
        QCOMPARE(servers->server("everything")->starts, 1);
    }

    void aServerKilledMidCallGivesAClearErrorAndIsRestarted() {
        auto servers = startServers(
            {stdioServer("everything", mcpReferenceServer("server-everything", {"stdio"}))});
        QTRY_VERIFY_WITH_TIMEOUT(servers->isSettled(), 30000);
        McpClient* client = servers->client("everything");
        QVERIFY(client);
        auto* transport = qobject_cast<StdioTransport*>(client->transport());
        QVERIFY(transport);
        const qint64 pid = transport->processId();
        QVERIFY(pid > 0);
        auto slow = findTool(*servers, "mcp__everything__trigger-long-running-operation");
        QObject ctx;
        ToolInvocation* inv = slow->start({{"duration", 30}, {"steps", 30}}, &ctx);
        QSignalSpy done(inv, &ToolInvocation::finished);
        QTest::qWait(300);
        QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
        QVERIFY(done.wait(10000));
        const ToolResult r = inv->result();
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("mcp_server_stopped"));
        QVERIFY2(r.error().contains("everything") && r.error().contains("crashed"),
                 qPrintable(r.error()));
        // Its supervisor starts it again; its tools come back.
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("everything")->state, McpServerState::Ready,
                                  30000);
        QCOMPARE(servers->server("everything")->starts, 2);
        auto echo = findTool(*servers, "mcp__everything__echo");
        QVERIFY(echo);
        const ToolResult again = run(*echo, {{"message", "back"}});
        QVERIFY2(again.ok(), qPrintable(again.error()));
    }

    void aServerThatKeepsFailingIsMarkedFailedAndItsToolsGo() {
        McpServerConfig broken;
        broken.name = "broken";
        broken.command = "/bin/sh";
        broken.args = {"-c", "echo 'cannot reach grafana: connection refused' >&2; exit 3"};
        auto servers = startServers(
            {broken, stdioServer("everything", mcpReferenceServer("server-everything", {"stdio"}))},
            2);
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("broken")->state, McpServerState::Failed, 30000);
        const McpServerStatus s = *servers->server("broken");
        QVERIFY2(s.lastError.contains("code 3"), qPrintable(s.lastError));
        QVERIFY2(s.lastStderr.join('\n').contains("connection refused"),
                 qPrintable(s.lastStderr.join('\n')));
        QCOMPARE(s.starts, 3);  // the first start and two restarts
        QVERIFY(QFile(s.logFile).size() > 0);
        // The other server is unaffected; the model is told what is missing.
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("everything")->state, McpServerState::Ready,
                                  30000);
        const QStringList notes = servers->toolSource()->notes();
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes.first().contains("broken"), qPrintable(notes.first()));
        for (const auto& t : servers->toolSource()->tools())
            QVERIFY(!t->spec().name.startsWith("mcp__broken__"));

        // A command that does not exist says so.
        McpServerConfig missing;
        missing.name = "missing";
        missing.command = "/nonexistent/mcp-server";
        auto other = startServers({missing}, 1);
        QTRY_COMPARE_WITH_TIMEOUT(other->server("missing")->state, McpServerState::Failed, 30000);
        QVERIFY2(other->server("missing")->lastError.contains("could not start"),
                 qPrintable(other->server("missing")->lastError));
    }

    void restartStartsAFailedServerAgain() {
        McpServerConfig flaky;
        flaky.name = "flaky";
        flaky.command = "/bin/sh";
        const QString marker = m_dir.filePath("flaky-ok");
        // Fails until the marker exists, then runs the real server.
        const auto ref = mcpReferenceServer("server-everything", {"stdio"});
        flaky.args = {"-c", QStringLiteral("[ -e '%1' ] || exit 1; exec '%2' '%3' stdio")
                                .arg(marker, ref.command, ref.args.first())};
        auto servers = startServers({flaky}, 1);
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("flaky")->state, McpServerState::Failed, 30000);
        QFile f(marker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const Status restarted = servers->restart("flaky");
        QVERIFY2(restarted, restarted ? "" : qPrintable(restarted.error().message));
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("flaky")->state, McpServerState::Ready, 30000);
        QVERIFY(findTool(*servers, "mcp__flaky__echo"));
        QVERIFY(servers->toolSource()->notes().isEmpty());
        QCOMPARE(servers->restart("nope").error().code, QStringLiteral("mcp_server_unknown"));
    }

    // The same server over Streamable HTTP (POST, SSE answers, Mcp-Session-Id, DELETE at the
    // end): the reference server's own HTTP endpoint on a free loopback port.
    void everythingOverStreamableHttp() {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        const auto ref = mcpReferenceServer("server-everything", {"streamableHttp"});
        QProcess server;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PORT", QString::number(port));
        server.setProcessEnvironment(env);
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start(ref.command, ref.args);
        QVERIFY(server.waitForStarted(10000));
        QByteArray log;
        QTRY_VERIFY_WITH_TIMEOUT((log += server.readAll()).contains("listening on port"), 20000);

        McpServerConfig c;
        c.name = "web";
        c.transport = McpTransportKind::Http;
        c.url = QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
        c.headers.insert("X-Test", "zerg");
        c.timeoutSeconds = 30;
        auto servers = startServers({c});
        QTRY_VERIFY_WITH_TIMEOUT(servers->isSettled(), 30000);
        QCOMPARE(servers->server("web")->state, McpServerState::Ready);
        McpClient* client = servers->client("web");
        auto* http = qobject_cast<HttpTransport*>(client->transport());
        QVERIFY(http);
        QVERIFY(!http->sessionId().isEmpty());

        auto echo = findTool(*servers, "mcp__web__echo");
        QVERIFY(echo);
        ToolResult r = run(*echo, {{"message", "over http"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QVERIFY(r.payload.value("text").toString().contains("over http"));

        // Progress arrives on the call's event stream, before its answer.
        McpRequest* call =
            client->request("tools/call",
                            {{"name", "trigger-long-running-operation"},
                             {"arguments", QJsonObject{{"duration", 1}, {"steps", 3}}}},
                            30000, true);
        QSignalSpy progress(call, &McpRequest::progress);
        QSignalSpy finished(call, &McpRequest::finished);
        QVERIFY(finished.wait(20000));
        QVERIFY2(call->ok(), qPrintable(call->errorMessage()));
        QCOMPARE(progress.size(), 3);

        // Invalid arguments are not sent over HTTP either.
        auto sum = findTool(*servers, "mcp__web__get-sum");
        const int before = client->sentCount("tools/call");
        r = run(*sum, {{"a", 1}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QCOMPARE(client->sentCount("tools/call"), before);

        // Stopping ends the session with DELETE; the server then refuses the old session.
        const QString session = http->sessionId();
        servers->stopStandalone();
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("web")->state, McpServerState::Stopped, 10000);
        QNetworkAccessManager nam;
        QNetworkRequest req(c.url);
        req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        req.setRawHeader("Accept", "application/json, text/event-stream");
        req.setRawHeader("Mcp-Session-Id", session.toUtf8());
        QNetworkReply* reply =
            nam.post(req, QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"));
        QSignalSpy replied(reply, &QNetworkReply::finished);
        QVERIFY(replied.wait(10000));
        QVERIFY(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() >= 400);
        reply->deleteLater();
        server.kill();
        server.waitForFinished(5000);
    }

    // Nothing listens at the URL: the session fails with a message that says so.
    void anUnreachableHttpServerSaysSo() {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        McpServerConfig c;
        c.name = "gone";
        c.transport = McpTransportKind::Http;
        c.url = QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
        auto servers = startServers({c}, 1);
        QTRY_COMPARE_WITH_TIMEOUT(servers->server("gone")->state, McpServerState::Failed, 30000);
        const QString why = servers->server("gone")->lastError;
        QVERIFY2(why.contains(QString::number(port)), qPrintable(why));
    }

    // mcp.json edited while the servers run: a new server starts, a policy applies without a
    // restart, a changed command restarts its server, a removed one stops.
    void editingTheConfigFileAppliesAtOnce() {
        const auto ref = mcpReferenceServer("server-everything", {"stdio"});
        const QString path = m_dir.filePath("watched-mcp.json");
        const auto write = [&](const QJsonObject& servers) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson());
        };
        const QJsonObject plain{{"command", ref.command},
                                {"args", QJsonArray::fromStringList(ref.args)}};
        write({{"a", plain}});
        const McpConfig::SecretReader noSecrets = [](const QString&) -> Result<QString> {
            return QString();
        };
        McpOptions o;
        o.clock = &m_clock;
        o.logDir = m_dir.filePath("mcp");
        McpServers servers(McpConfig::loadFile(path, noSecrets), o);
        QVERIFY(servers.startStandalone());
        servers.watchConfigFile(noSecrets);
        QTRY_COMPARE_WITH_TIMEOUT(servers.server("a")->state, McpServerState::Ready, 30000);
        QVERIFY(findTool(servers, "mcp__a__echo"));

        QJsonObject never = plain;
        never.insert("toolPolicy", QJsonObject{{"echo", "never"}});
        write({{"a", never}, {"b", plain}});
        QTRY_VERIFY_WITH_TIMEOUT(
            servers.server("b") && servers.server("b")->state == McpServerState::Ready, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!findTool(servers, "mcp__a__echo"), 10000);
        QVERIFY(findTool(servers, "mcp__b__echo"));
        QCOMPARE(servers.server("a")->starts, 1);  // the policy needed no restart

        QJsonObject changed = plain;
        changed.insert("env", QJsonObject{{"ZERG_TEST_CHANGED", "1"}});
        write({{"a", changed}});
        QTRY_VERIFY_WITH_TIMEOUT(!servers.server("b"), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(servers.server("a")->starts, 2, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(servers.server("a")->state, McpServerState::Ready, 30000);
        QVERIFY(findTool(servers, "mcp__a__echo"));  // the policy went with the edit
        QVERIFY(!findTool(servers, "mcp__b__echo"));
    }

    void policiesDecideBeforeAnnotations() {
        auto cfg = stdioServer("everything", mcpReferenceServer("server-everything", {"stdio"}));
        cfg.toolPolicy.insert("echo", McpToolPolicy::Ask);
        cfg.toolPolicy.insert("get-sum", McpToolPolicy::Never);
        cfg.toolPolicy.insert("toggle-simulated-logging", McpToolPolicy::Allow);
        auto servers = startServers({cfg});
        QTRY_VERIFY_WITH_TIMEOUT(servers->isSettled(), 30000);
        auto echo = findTool(*servers, "mcp__everything__echo");
        QVERIFY(echo);
        const CallClass askEcho = echo->classify({});
        QCOMPARE(askEcho.effect, Effect::Changes);
        QCOMPARE(askEcho.reason.kind, ReasonKind::UserAsksForTool);
        QVERIFY(askEcho.outsideConfigured);
        QVERIFY(!findTool(*servers, "mcp__everything__get-sum"));  // never: not offered
        auto toggle = findTool(*servers, "mcp__everything__toggle-simulated-logging");
        QCOMPARE(toggle->classify({}).effect, Effect::ReadOnly);
        QCOMPARE(toggle->classify({}).reason.kind, ReasonKind::UserAllowsTool);
        // Without a policy, a tool the server marks as not read-only changes things.
        auto gzip = findTool(*servers, "mcp__everything__gzip-file-as-resource");
        QVERIFY(gzip);
        QCOMPARE(gzip->classify({}).effect, Effect::Changes);
        QCOMPARE(gzip->classify({}).reason.kind, ReasonKind::ChangingHint);
    }
};

QTEST_GUILESS_MAIN(TestMcpServers)
#include "test_mcp_servers.moc"
