// Settings › MCP servers through `zerg serve`: RemoteMcpSource asks the server's `mcp_servers`,
// `mcp_log` and `mcp_restart`, answered by the server's LocalMcpSource over a real McpServers.
// The list comes back as the local source gives it, except that it is not editable and carries no
// stored entries (their env and header values may hold secrets written in plain text); the log
// and restart's refusals are the same both ways; every edit is refused with `forbidden` before
// anything reaches the server, whose mcp.json stays as it was, and the API has no edit command.
#include "api/remote_mcp_source.h"
#include "remote_sources_fixture.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

using namespace zerg;
using namespace zerg::test;

namespace {

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A disabled stdio server whose env holds a token in plain text, an enabled one, and a bad
// entry.
QByteArray threeServers() {
    const QJsonObject servers{
        {"fs", QJsonObject{{"command", "fs-server"},
                           {"args", QJsonArray{"/srv/reports"}},
                           {"env", QJsonObject{{"TOKEN", "plain-text-token"}}},
                           {"disabled", true}}},
        {"git", QJsonObject{{"command", "git-server"}}},
        {"web", QJsonObject{{"url", "ftp://example.org/mcp"}}}};
    return QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson();
}

template <typename T>
void compareErrors(const Result<T>& remote, const Result<T>& local) {
    QVERIFY(!local.ok());
    QVERIFY(!remote.ok());
    QCOMPARE(remote.error().code, local.error().code);
    QCOMPARE(remote.error().message, local.error().message);
}

}  // namespace

class TestRemoteMcp : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theListComesBackReadOnlyWithoutEntries() {
        RemoteSourcesFixture f;
        QVERIFY(writeBytes(f.mcpFile(), threeServers()));
        f.reloadMcp();

        const Result<McpServersList> local = f.await<McpServersList>(
            [&](QObject* c, auto done) { f.local->sources().mcp->list(c, done); });
        const Result<McpServersList> remote = f.await<McpServersList>(
            [&](QObject* c, auto done) { f.remote->sources().mcp->list(c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QVERIFY(local->editable);
        QVERIFY(!remote->editable);
        QCOMPARE(remote->configFile, f.mcpFile());
        QCOMPARE(remote->problems, local->problems);
        QCOMPARE(local->servers.size(), 3);
        QCOMPARE(remote->servers.size(), local->servers.size());
        for (qsizetype i = 0; i < local->servers.size(); ++i) {
            const McpServerRow& r = remote->servers.at(i);
            const McpServerRow& l = local->servers.at(i);
            QCOMPARE(r.name, l.name);
            QCOMPARE(r.transport, l.transport);
            QCOMPARE(r.target, l.target);
            QCOMPARE(r.disabled, l.disabled);
            QCOMPARE(r.state, l.state);
            QCOMPARE(r.problem, l.problem);
            QCOMPARE(r.lastError, l.lastError);
            QCOMPARE(r.lastStderr, l.lastStderr);
            QCOMPARE(r.logFile, l.logFile);
            QCOMPARE(r.starts, l.starts);
            QCOMPARE(r.tools.size(), l.tools.size());
            QVERIFY(!l.entry.isEmpty());
            QVERIFY(r.entry.isEmpty());
        }
        QCOMPARE(remote->servers.at(0).name, u"fs"_s);
        QCOMPARE(remote->servers.at(0).state, McpServerState::Disabled);
        QVERIFY(remote->servers.at(2).problem.contains(u"'url' must be an http or https URL"_s));

        // The token written in plain text never leaves the server.
        const Result<QJsonObject> raw = f.command(u"mcp_servers"_s, {});
        QVERIFY(raw.ok());
        QVERIFY(!QJsonDocument(raw.value()).toJson().contains("plain-text-token"));
        QCOMPARE(raw->value(u"editable"_s), QJsonValue(false));
    }

    void theLogAndRestartAnswerAsLocally() {
        RemoteSourcesFixture f;
        QVERIFY(writeBytes(f.mcpFile(), threeServers()));
        f.reloadMcp();
        QVERIFY(QDir().mkpath(f.mcpLogDir()));
        QVERIFY(writeBytes(QDir(f.mcpLogDir()).filePath(u"git.log"_s), "starting\nready\n"));

        const Result<QString> log = f.await<QString>(
            [&](QObject* c, auto done) { f.remote->sources().mcp->log(u"git"_s, c, done); });
        QVERIFY2(log.ok(), qPrintable(log ? QString() : log.error().message));
        QCOMPARE(log.value(), u"starting\nready\n"_s);

        const auto localLog = [&](const QString& name) {
            return f.await<QString>(
                [&](QObject* c, auto done) { f.local->sources().mcp->log(name, c, done); });
        };
        const auto remoteLog = [&](const QString& name) {
            return f.await<QString>(
                [&](QObject* c, auto done) { f.remote->sources().mcp->log(name, c, done); });
        };
        compareErrors(remoteLog(u"nope"_s), localLog(u"nope"_s));

        // The fixture's servers do not run: restart says so, the same both ways.
        const auto restart = [&](DashboardSources sources, const QString& name) {
            return f.await<Ok>([&](QObject* c, auto done) { sources.mcp->restart(name, c, done); });
        };
        const Result<Ok> localRestart = restart(f.local->sources(), u"git"_s);
        QVERIFY(!localRestart.ok());
        QCOMPARE(localRestart.error().code, u"not_running"_s);
        compareErrors(restart(f.remote->sources(), u"git"_s), localRestart);
        compareErrors(restart(f.remote->sources(), u"fs"_s), restart(f.local->sources(), u"fs"_s));

        const Result<QJsonObject> noName = f.command(u"mcp_log"_s, {});
        QVERIFY(!noName.ok());
        QCOMPARE(noName.error().code, u"bad_request"_s);
    }

    void editsAreRefusedBeforeReachingTheServer() {
        RemoteSourcesFixture f;
        QVERIFY(writeBytes(f.mcpFile(), threeServers()));
        f.reloadMcp();
        McpSource* remote = f.remote->sources().mcp;
        const QString refusal = api::RemoteMcpSource::editRefused().message;

        const auto refused = [&](const Result<Ok>& r) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, u"forbidden"_s);
            QCOMPARE(r.error().message, refusal);
        };
        refused(f.await<Ok>([&](QObject* c, auto done) {
            remote->put(QString(), u"evil"_s, {{"command", "/bin/sh"}}, c, done);
        }));
        refused(f.await<Ok>([&](QObject* c, auto done) {
            remote->put(u"git"_s, u"git"_s, {{"command", "/bin/sh"}}, c, done);
        }));
        refused(f.await<Ok>([&](QObject* c, auto done) { remote->remove(u"git"_s, c, done); }));
        refused(f.await<Ok>(
            [&](QObject* c, auto done) { remote->setDisabled(u"fs"_s, false, c, done); }));
        refused(f.await<Ok>([&](QObject* c, auto done) {
            remote->setToolPolicy(u"git"_s, u"push"_s, McpToolPolicy::Allow, c, done);
        }));
        QCOMPARE(readBytes(f.mcpFile()), threeServers());
        QVERIFY(refusal.contains(u"administrator"_s));

        // And the API has no command that would edit it.
        for (const QString& op : {u"mcp_put"_s, u"mcp_remove"_s, u"mcp_set_disabled"_s}) {
            const Result<QJsonObject> r = f.command(op, {{u"name"_s, u"git"_s}});
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, u"unknown_op"_s);
        }
    }
};

QTEST_GUILESS_MAIN(TestRemoteMcp)
#include "test_remote_mcp.moc"
