// Settings › MCP servers' local source against a real McpServers over a temporary mcp.json: the
// rows (the stored entry with its secret references, a bad entry listed with its problem, a
// broken file's problem), every edit written through mcp_config and applied to the servers at
// once (a taken name refused, a rename, unknown keys kept, the validator's messages), restart's
// refusals and the restart of a server that failed (its last error, stderr and log), the log's
// end from a line's start, one changed() per turn, and the JSON form read back as it was.
#include "core/clock.h"
#include "dashboard/mcp_source.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace zerg;

namespace {

// Secret references resolve to a fixed value: the tests never touch a keychain.
Result<QString> fixedSecret(const QString&) {
    return QStringLiteral("s3cret");
}

QByteArray readBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject storedServers(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object().value("mcpServers").toObject();
}

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Three servers: a disabled stdio one with a secret reference, a policy and a key Zerg does not
// know; a valid HTTP one (not started); and one whose URL is wrong.
QJsonObject threeServers() {
    return {{"old", QJsonObject{{"command", "legacy-server"},
                                {"args", QJsonArray{"--quiet"}},
                                {"env", QJsonObject{{"TOKEN", "${secret:old_token}"}}},
                                {"disabled", true},
                                {"toolPolicy", QJsonObject{{"wipe", "never"}}},
                                {"x-team", "ops"}}},
            {"remote", QJsonObject{{"url", "https://user:pw@mcp.example.org/mcp"}}},
            {"web", QJsonObject{{"url", "ftp://example.org/mcp"}}}};
}

QStringList namesOf(const QList<McpServerRow>& rows) {
    QStringList names;
    for (const McpServerRow& r : rows)
        names.append(r.name);
    return names;
}

}  // namespace

class TestMcpSource : public QObject {
    Q_OBJECT

    SystemClock m_clock;
    QTemporaryDir m_dir;
    QString m_file;
    std::unique_ptr<McpServers> m_servers;
    std::unique_ptr<LocalMcpSource> m_source;

    // The servers of a file with these bytes (not started), and the source over them.
    void openFile(const QByteArray& bytes, int intensity = 3) {
        m_source.reset();
        m_servers.reset();
        m_file = m_dir.filePath(QStringLiteral("mcp.json"));
        QVERIFY(writeBytes(m_file, bytes));
        McpOptions o;
        o.clock = &m_clock;
        o.logDir = logDir();
        o.intensity = intensity;
        o.backoff = supervision::Backoff{20, 50, 0.0, 60000};
        m_servers = std::make_unique<McpServers>(McpConfig::loadFile(m_file, &fixedSecret), o);
        m_source = std::make_unique<LocalMcpSource>(m_servers.get(), m_file, &fixedSecret);
    }
    void open(const QJsonObject& servers, int intensity = 3) {
        openFile(QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson(), intensity);
    }
    [[nodiscard]] QString logDir() const { return m_dir.filePath(QStringLiteral("logs")); }

    // The local source answers before its call returns.
    template <typename T, typename Call>
    Result<T> answer(Call call) {
        std::optional<Result<T>> got;
        call([&got](Result<T> r) { got = std::move(r); });
        if (!got)
            return Error{QStringLiteral("test"),
                         QStringLiteral("no answer before the call returned")};
        return std::move(*got);
    }
    Result<McpServersList> list() {
        return answer<McpServersList>([this](auto done) { m_source->list(this, done); });
    }
    Result<QString> log(const QString& name) {
        return answer<QString>([&](auto done) { m_source->log(name, this, done); });
    }
    Status put(const QString& original, const QString& name, const QJsonObject& entry) {
        return answer<Ok>([&](auto done) { m_source->put(original, name, entry, this, done); });
    }
    Status remove(const QString& name) {
        return answer<Ok>([&](auto done) { m_source->remove(name, this, done); });
    }
    Status setDisabled(const QString& name, bool disabled) {
        return answer<Ok>([&](auto done) { m_source->setDisabled(name, disabled, this, done); });
    }
    Status setToolPolicy(const QString& name, const QString& tool,
                         std::optional<McpToolPolicy> policy) {
        return answer<Ok>(
            [&](auto done) { m_source->setToolPolicy(name, tool, policy, this, done); });
    }
    Status restart(const QString& name) {
        return answer<Ok>([&](auto done) { m_source->restart(name, this, done); });
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyEntryIsARowWithItsStoredEntry() {
        open(threeServers());
        const Result<McpServersList> l = list();
        QVERIFY2(l.ok(), l.ok() ? "" : qPrintable(l.error().message));
        QCOMPARE(l->configFile, m_file);
        QVERIFY(l->editable);
        QVERIFY(l->problems.isEmpty());  // web's problem is on its row
        QCOMPARE(namesOf(l->servers), (QStringList{"old", "remote", "web"}));

        const McpServerRow& old = l->servers.at(0);
        QCOMPARE(old.transport, McpTransportKind::Stdio);
        QCOMPARE(old.target, QStringLiteral("legacy-server --quiet"));
        QVERIFY(old.disabled);
        QCOMPARE(old.state, McpServerState::Disabled);
        QVERIFY(old.problem.isEmpty());
        QCOMPARE(old.logFile, QDir(logDir()).filePath(QStringLiteral("old.log")));
        // As stored: the secret's reference, not its value, and the key Zerg does not know.
        QCOMPARE(old.entry.value("env").toObject().value("TOKEN").toString(),
                 QStringLiteral("${secret:old_token}"));
        QCOMPARE(old.entry.value("x-team").toString(), QStringLiteral("ops"));

        const McpServerRow& remote = l->servers.at(1);
        QCOMPARE(remote.transport, McpTransportKind::Http);
        QCOMPARE(remote.target, QStringLiteral("https://mcp.example.org/mcp"));  // no user info
        QCOMPARE(remote.state, McpServerState::Stopped);
        QVERIFY(remote.logFile.isEmpty());

        const McpServerRow& web = l->servers.at(2);
        QVERIFY2(web.problem.contains("'url' must be an http or https URL"),
                 qPrintable(web.problem));
        QCOMPARE(web.transport, McpTransportKind::Http);
        QCOMPARE(web.target, QStringLiteral("ftp://example.org/mcp"));
        QCOMPARE(web.state, McpServerState::Stopped);
        QCOMPARE(web.entry.value("url").toString(), QStringLiteral("ftp://example.org/mcp"));
    }

    void aBrokenFileIsTheListsProblem() {
        openFile("{\"mcpServers\": {");
        const Result<McpServersList> l = list();
        QVERIFY(l);
        QVERIFY(l->servers.isEmpty());
        QCOMPARE(l->problems.size(), 1);
        QVERIFY2(l->problems.first().contains("is not JSON"), qPrintable(l->problems.first()));
        // Nothing is written over it.
        const Status added = put(QString(), "fresh", {{"command", "fresh-server"}});
        QVERIFY(!added);
        QCOMPARE(added.error().code, QStringLiteral("mcp_config"));
        QCOMPARE(readBytes(m_file), QByteArray("{\"mcpServers\": {"));
    }

    void aNewServerIsWrittenAndRunsAtOnce() {
        open(threeServers());
        const QJsonObject entry{{"command", "fresh-server"}, {"timeoutSeconds", 90}};
        const Status added = put(QString(), "fresh", entry);
        QVERIFY2(added.ok(), added.ok() ? "" : qPrintable(added.error().message));
        const QJsonObject stored = storedServers(m_file);
        QCOMPARE(stored.value("fresh").toObject(), entry);
        QCOMPARE(stored.value("old").toObject(), threeServers().value("old").toObject());
        // Applied without waiting for the file watcher.
        const std::optional<McpServerStatus> fresh = m_servers->server("fresh");
        QVERIFY(fresh);
        QCOMPARE(fresh->config.timeoutSeconds, 90);
        QCOMPARE(namesOf(list()->servers), (QStringList{"fresh", "old", "remote", "web"}));
    }

    void aTakenNameIsRefused() {
        open(threeServers());
        const QByteArray before = readBytes(m_file);
        Status added = put(QString(), "old", {{"command", "other"}});
        QVERIFY(!added);
        QCOMPARE(added.error().code, QStringLiteral("conflict"));
        QVERIFY2(added.error().message.contains("'old'") && added.error().message.contains(m_file),
                 qPrintable(added.error().message));
        // A bad entry's name is taken too.
        added = put(QString(), "web", {{"url", "https://mcp.example.org/other"}});
        QVERIFY(!added);
        QCOMPARE(added.error().code, QStringLiteral("conflict"));
        // And renaming onto another server.
        const Status renamed = put("old", "remote", {{"command", "other"}});
        QVERIFY(!renamed);
        QCOMPARE(renamed.error().code, QStringLiteral("conflict"));
        QCOMPARE(readBytes(m_file), before);
    }

    void theValidatorSaysWhatIsWrong() {
        open(threeServers());
        const QByteArray before = readBytes(m_file);
        Status added = put(QString(), "bad name", {{"command", "x"}});
        QVERIFY(!added);
        QCOMPARE(added.error().code, QStringLiteral("mcp_server_invalid"));
        QVERIFY2(added.error().message.contains("the name must be 1 to 32"),
                 qPrintable(added.error().message));
        added = put(QString(), "web2", {{"url", "ftp://example.org"}});
        QVERIFY(!added);
        QVERIFY2(added.error().message.contains("'url' must be an http or https URL"),
                 qPrintable(added.error().message));
        QCOMPARE(readBytes(m_file), before);
    }

    void aRenameWritesTheNewNameAndRemovesTheOld() {
        open(threeServers());
        QJsonObject entry = threeServers().value("old").toObject();
        entry.insert("command", "legacy-server-2");
        const Status renamed = put("old", "legacy", entry);
        QVERIFY2(renamed.ok(), renamed.ok() ? "" : qPrintable(renamed.error().message));
        const QJsonObject stored = storedServers(m_file);
        QVERIFY(!stored.contains("old"));
        QCOMPARE(stored.value("legacy").toObject(), entry);
        QVERIFY(!m_servers->server("old"));
        QVERIFY(m_servers->server("legacy"));
        QCOMPARE(m_servers->server("legacy")->config.command, QStringLiteral("legacy-server-2"));

        // An edit under the same name replaces the entry.
        entry.insert("args", QJsonArray{"--verbose"});
        QVERIFY(put("legacy", "legacy", entry));
        QCOMPARE(storedServers(m_file).value("legacy").toObject(), entry);
        QCOMPARE(m_servers->server("legacy")->config.args, QStringList{"--verbose"});
    }

    void disablingAndPoliciesApplyAtOnce() {
        open(threeServers());
        QVERIFY(setDisabled("remote", true));
        QCOMPARE(storedServers(m_file).value("remote").toObject().value("disabled"),
                 QJsonValue(true));
        QCOMPARE(m_servers->server("remote")->state, McpServerState::Disabled);

        QVERIFY(setDisabled("old", false));
        QVERIFY(!storedServers(m_file).value("old").toObject().contains("disabled"));
        QVERIFY(!m_servers->server("old")->config.disabled);
        QVERIFY(!list()->servers.at(0).disabled);

        QVERIFY(setToolPolicy("old", "wipe", std::nullopt));
        QVERIFY(!storedServers(m_file).value("old").toObject().contains("toolPolicy"));
        QVERIFY(m_servers->server("old")->config.toolPolicy.isEmpty());
        QVERIFY(setToolPolicy("remote", "search", McpToolPolicy::Ask));
        QCOMPARE(storedServers(m_file).value("remote").toObject().value("toolPolicy").toObject(),
                 (QJsonObject{{"search", "ask"}}));
        QCOMPARE(m_servers->server("remote")->config.toolPolicy.value("search"),
                 McpToolPolicy::Ask);
        // Unknown keys survive every edit.
        QCOMPARE(storedServers(m_file).value("old").toObject().value("x-team").toString(),
                 QStringLiteral("ops"));

        const Status unknown = setDisabled("nope", true);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, QStringLiteral("mcp_server_unknown"));
    }

    void removingTakesTheEntryAndItsRowAway() {
        open(threeServers());
        QVERIFY(remove("web"));
        QVERIFY(remove("old"));
        QVERIFY(!storedServers(m_file).contains("web"));
        QVERIFY(!storedServers(m_file).contains("old"));
        QVERIFY(!m_servers->server("old"));
        QCOMPARE(namesOf(list()->servers), QStringList{"remote"});
        const Status unknown = remove("nope");
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, QStringLiteral("mcp_server_unknown"));
    }

    void restartSaysWhyItCannot() {
        open(threeServers());
        Status r = restart("remote");
        QVERIFY(!r);
        QCOMPARE(r.error().code, QStringLiteral("not_running"));
        r = restart("old");
        QVERIFY(!r);
        QCOMPARE(r.error().code, QStringLiteral("mcp_server_disabled"));
        r = restart("nope");
        QVERIFY(!r);
        QCOMPARE(r.error().code, QStringLiteral("mcp_server_unknown"));
    }

    // A server that keeps exiting: failed, with its last error and stderr on its row and in its
    // log; a restart starts it again (and it fails again).
    void aFailedServerShowsWhyAndCanBeRestarted() {
        open(
            {{"broken", QJsonObject{{"command", "/bin/sh"},
                                    {"args", QJsonArray{"-c", "echo token expired >&2; exit 2"}}}}},
            1);
        QVERIFY(m_servers->startStandalone());
        QTRY_COMPARE_WITH_TIMEOUT(m_servers->server("broken")->state, McpServerState::Failed,
                                  15000);
        const Result<McpServersList> l = list();
        QVERIFY(l);
        const McpServerRow& row = l->servers.at(0);
        QCOMPARE(row.state, McpServerState::Failed);
        QVERIFY(!row.lastError.isEmpty());
        QVERIFY2(row.lastStderr.join('\n').contains("token expired"),
                 qPrintable(row.lastStderr.join('\n')));
        QVERIFY(row.starts >= 2);
        const Result<QString> text = log("broken");
        QVERIFY2(text.ok(), text.ok() ? "" : qPrintable(text.error().message));
        QVERIFY2(text->contains("token expired"), qPrintable(*text));

        QVERIFY(restart("broken"));
        // Started afresh (its count of starts begins again), then failed again.
        QVERIFY(m_servers->server("broken")->state != McpServerState::Failed);
        QTRY_COMPARE_WITH_TIMEOUT(m_servers->server("broken")->state, McpServerState::Failed,
                                  15000);
        QVERIFY(m_servers->server("broken")->starts >= 1);
        m_servers->stopStandalone();
    }

    void theLogIsItsEndFromALineStart() {
        const QString file = m_dir.filePath(QStringLiteral("big.log"));
        QByteArray bytes;
        for (int i = 1; i <= 10000; ++i)
            bytes += QStringLiteral("line %1 of the log\n").arg(i).toUtf8();
        QVERIFY(bytes.size() > 2 * McpSource::kMaxLogBytes);
        QVERIFY(writeBytes(file, bytes));
        const Result<QString> end = LocalMcpSource::tail(file, McpSource::kMaxLogBytes);
        QVERIFY(end);
        QVERIFY(end->toUtf8().size() <= McpSource::kMaxLogBytes);
        QVERIFY(end->toUtf8().size() > McpSource::kMaxLogBytes - 100);
        QVERIFY2(end->startsWith("line "), qPrintable(end->left(40)));
        QVERIFY(end->endsWith("line 10000 of the log\n"));
        QVERIFY(bytes.endsWith(end->toUtf8()));

        QVERIFY(writeBytes(file, "one\ntwo\n"));
        QCOMPARE(LocalMcpSource::tail(file, McpSource::kMaxLogBytes).value(),
                 QStringLiteral("one\ntwo\n"));
        QCOMPARE(LocalMcpSource::tail(m_dir.filePath("none.log"), 100).value(), QString());

        open(threeServers());
        QCOMPARE(log("old").value(), QString());  // nothing written yet
        Result<QString> none = log("remote");
        QVERIFY(!none);
        QCOMPARE(none.error().code, QStringLiteral("not_found"));
        QVERIFY2(none.error().message.contains("HTTP"), qPrintable(none.error().message));
        none = log("nope");
        QVERIFY(!none);
        QCOMPARE(none.error().code, QStringLiteral("mcp_server_unknown"));
    }

    // A reload announces every server; the section hears of it once.
    void changedComesOncePerTurn() {
        open(threeServers());
        QSignalSpy changed(m_source.get(), &McpSource::changed);
        QVERIFY(setDisabled("remote", true));
        m_servers->reload(McpConfig::loadFile(m_file, &fixedSecret));
        QCOMPARE(changed.count(), 0);  // after the turn
        QTRY_COMPARE(changed.count(), 1);
        QTest::qWait(50);
        QCOMPARE(changed.count(), 1);
    }

    void theJsonFormReadsBackAsItWas() {
        McpServersList l;
        l.configFile = QStringLiteral("/etc/zerg/mcp.json");
        l.editable = true;
        l.problems = {QStringLiteral("mcp.json is not JSON: x")};
        McpServerRow s;
        s.name = QStringLiteral("grafana");
        s.transport = McpTransportKind::Http;
        s.target = QStringLiteral("https://grafana.lan/mcp");
        s.disabled = true;
        s.state = McpServerState::Failed;
        s.problem = QStringLiteral("server 'grafana': bad");
        s.lastError = QStringLiteral("HTTP 401");
        s.lastStderr = {QStringLiteral("a"), QStringLiteral("b")};
        s.logFile = QStringLiteral("/var/log/grafana.log");
        s.starts = 4;
        McpToolRow reads;
        reads.name = QStringLiteral("search");
        reads.title = QStringLiteral("Search");
        reads.description = QStringLiteral("Finds dashboards");
        reads.readOnlyHint = true;
        reads.policy = McpToolPolicy::Allow;
        McpToolRow wipes;
        wipes.name = QStringLiteral("wipe");
        wipes.readOnlyHint = false;
        wipes.destructiveHint = true;
        s.tools = {reads, wipes};
        s.entry = QJsonObject{{"url", "https://grafana.lan/mcp"}};
        l.servers = {s};

        const QJsonObject o = recordjson::toJson(l);
        const QJsonObject so = o.value("servers").toArray().at(0).toObject();
        QCOMPARE(so.value("state").toString(), QStringLiteral("failed"));
        QCOMPARE(so.value("transport").toString(), QStringLiteral("http"));
        QCOMPARE(so.value("tool_count").toInt(), 2);
        const QJsonObject t0 = so.value("tools").toArray().at(0).toObject();
        QVERIFY(t0.value("destructive_hint").isNull());
        QCOMPARE(t0.value("read_only_hint"), QJsonValue(true));
        QCOMPARE(t0.value("policy").toString(), QStringLiteral("allow"));
        QVERIFY(so.value("tools").toArray().at(1).toObject().value("policy").isNull());

        const Result<McpServersList> back = recordjson::mcpServersList(o);
        QVERIFY(back);
        QCOMPARE(back->configFile, l.configFile);
        QVERIFY(back->editable);
        QCOMPARE(back->problems, l.problems);
        QCOMPARE(back->servers.size(), 1);
        const McpServerRow& b = back->servers.first();
        QCOMPARE(b.name, s.name);
        QCOMPARE(b.transport, s.transport);
        QCOMPARE(b.target, s.target);
        QCOMPARE(b.disabled, s.disabled);
        QCOMPARE(b.state, s.state);
        QCOMPARE(b.problem, s.problem);
        QCOMPARE(b.lastError, s.lastError);
        QCOMPARE(b.lastStderr, s.lastStderr);
        QCOMPARE(b.logFile, s.logFile);
        QCOMPARE(b.starts, s.starts);
        QCOMPARE(b.entry, s.entry);
        QCOMPARE(b.tools.size(), 2);
        QCOMPARE(b.tools.at(0).name, reads.name);
        QCOMPARE(b.tools.at(0).title, reads.title);
        QCOMPARE(b.tools.at(0).description, reads.description);
        QCOMPARE(b.tools.at(0).readOnlyHint, std::optional<bool>(true));
        QCOMPARE(b.tools.at(0).destructiveHint, std::optional<bool>());
        QCOMPARE(b.tools.at(0).policy, std::optional<McpToolPolicy>(McpToolPolicy::Allow));
        QCOMPARE(b.tools.at(1).readOnlyHint, std::optional<bool>(false));
        QCOMPARE(b.tools.at(1).destructiveHint, std::optional<bool>(true));
        QCOMPARE(b.tools.at(1).policy, std::optional<McpToolPolicy>());

        // A newer server's state word reads as stopped; a wrong shape is refused.
        QJsonObject newer = so;
        newer.insert("state", "hibernating");
        QCOMPARE(
            recordjson::mcpServersList({{"servers", QJsonArray{newer}}})->servers.first().state,
            McpServerState::Stopped);
        const Result<McpServersList> wrong = recordjson::mcpServersList({{"servers", "none"}});
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().code, QStringLiteral("protocol"));

        QCOMPARE(recordjson::mcpLogText(recordjson::mcpLogJson("grafana", "one\n")).value(),
                 QStringLiteral("one\n"));
        QVERIFY(!recordjson::mcpLogText({{"name", "grafana"}}));
    }
};

QTEST_GUILESS_MAIN(TestMcpSource)
#include "test_mcp_source.moc"
