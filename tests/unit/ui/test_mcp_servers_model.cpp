// Settings › MCP servers' model over a source that answers when the test says: the rows and
// their roles (state words, labels and tones, a bad entry, tools with their classification and
// policy), rows kept in place across reloads, the form's fields turned into the exact mcp.json
// entry (the other keys of an edited entry kept), the form's and the validator's errors shown, a
// Zerg server's read-only list with its refusals, each action's outcome on its row, the log, and
// when the list is read again (a change announced locally; every two seconds while shown
// remotely). (The local source against a real McpServers: tests/unit/dashboard/
// test_mcp_source.cpp.)
#include "api/remote_mcp_source.h"
#include "core/clock.h"
#include "dashboard/mcp_source.h"
#include "ui/mcp_servers_model.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace zerg;

namespace {

// Keeps every request and its answer for the test to give. With refuseEdits it answers every
// edit as a Zerg server's source does (RemoteMcpSource: forbidden).
class FakeMcpSource final : public McpSource {
public:
    struct Put {
        QString original;
        QString name;
        QJsonObject entry;
        SourceReply<Ok> done;
    };
    struct Call {
        QString what;  // restart, remove, disable, enable, policy
        QString name;
        SourceReply<Ok> done;
    };

    void list(QObject*, SourceReply<McpServersList> done) override { lists.append(done); }
    void log(const QString& name, QObject*, SourceReply<QString> done) override {
        logNames.append(name);
        logs.append(done);
    }
    void put(const QString& original, const QString& name, const QJsonObject& entry, QObject*,
             SourceReply<Ok> done) override {
        if (refuseEdits)
            return done(api::RemoteMcpSource::editRefused());
        puts.append({original, name, entry, done});
    }
    void remove(const QString& name, QObject*, SourceReply<Ok> done) override {
        edit(QStringLiteral("remove"), name, std::move(done));
    }
    void setDisabled(const QString& name, bool disabled, QObject*, SourceReply<Ok> done) override {
        edit(disabled ? QStringLiteral("disable") : QStringLiteral("enable"), name,
             std::move(done));
    }
    void restart(const QString& name, QObject*, SourceReply<Ok> done) override {
        calls.append({QStringLiteral("restart"), name, done});
    }
    void setToolPolicy(const QString& server, const QString& tool,
                       std::optional<McpToolPolicy> policy, QObject*,
                       SourceReply<Ok> done) override {
        if (refuseEdits)
            return done(api::RemoteMcpSource::editRefused());
        policies.append({tool, policy});
        calls.append({QStringLiteral("policy"), server, done});
    }
    bool announcesChanges() const override { return announces; }

    bool announces = false;
    bool refuseEdits = false;
    QList<SourceReply<McpServersList>> lists;
    QStringList logNames;
    QList<SourceReply<QString>> logs;
    QList<Put> puts;
    QList<Call> calls;
    QList<std::pair<QString, std::optional<McpToolPolicy>>> policies;

private:
    void edit(const QString& what, const QString& name, SourceReply<Ok> done) {
        if (refuseEdits)
            return done(api::RemoteMcpSource::editRefused());
        calls.append({what, name, done});
    }
};

McpServerRow server(const QString& name, McpServerState state = McpServerState::Ready,
                    McpTransportKind transport = McpTransportKind::Stdio) {
    McpServerRow s;
    s.name = name;
    s.state = state;
    s.transport = transport;
    s.target = transport == McpTransportKind::Stdio
                   ? name + QStringLiteral("-server")
                   : QStringLiteral("https://%1.lan/mcp").arg(name);
    s.entry = transport == McpTransportKind::Stdio ? QJsonObject{{"command", s.target}}
                                                   : QJsonObject{{"url", s.target}};
    return s;
}

McpToolRow tool(const QString& name, std::optional<bool> readOnly, std::optional<bool> destructive,
                std::optional<McpToolPolicy> policy = std::nullopt) {
    McpToolRow t;
    t.name = name;
    t.description = name + QStringLiteral(" does things");
    t.readOnlyHint = readOnly;
    t.destructiveHint = destructive;
    t.policy = policy;
    return t;
}

McpServersList listOf(const QList<McpServerRow>& servers, bool editable = true) {
    McpServersList l;
    l.configFile = QStringLiteral("/home/ops/.config/Zerg/zerg/mcp.json");
    l.editable = editable;
    l.servers = servers;
    return l;
}

QVariant cell(const McpServersModel& m, int row, int role) {
    return m.data(m.index(row), role);
}

QStringList names(const McpServersModel& m) {
    QStringList out;
    for (int i = 0; i < m.rowCount(); ++i)
        out.append(cell(m, i, McpServersModel::NameRole).toString());
    return out;
}

}  // namespace

class TestMcpServersModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsShowStateToolsAndErrors() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        QAbstractItemModelTester tester(&m);
        QCOMPARE(source.lists.size(), 1);

        McpServerRow fs = server("fs");
        fs.logFile = QStringLiteral("/data/mcp/fs.log");
        fs.starts = 1;
        fs.tools = {tool("read_text_file", true, std::nullopt),
                    tool("write_file", false, std::nullopt, McpToolPolicy::Ask),
                    tool("wipe", std::nullopt, true, McpToolPolicy::Never),
                    tool("mystery", std::nullopt, std::nullopt)};
        McpServerRow web = server("web", McpServerState::Failed, McpTransportKind::Http);
        web.lastError = QStringLiteral("HTTP 401: the token expired");
        web.lastStderr = {QStringLiteral("first"), QStringLiteral("second")};
        McpServerRow bad = server("zz", McpServerState::Stopped, McpTransportKind::Http);
        bad.problem = QStringLiteral("server 'zz': 'url' must be an http or https URL");
        McpServersList l = listOf({fs, web, bad});
        l.problems = {QStringLiteral("mcp.json: something about the whole file")};
        QSignalSpy listChanged(&m, &McpServersModel::listChanged);
        QSignalSpy countChanged(&m, &McpServersModel::countChanged);
        source.lists.takeFirst()(l);

        QCOMPARE(m.count(), 3);
        QCOMPARE(countChanged.count(), 1);
        QCOMPARE(listChanged.count(), 1);
        QCOMPARE(m.configFile(), l.configFile);
        QVERIFY(m.editable());
        QCOMPARE(m.problems(), l.problems);
        QVERIFY(m.loadError().isEmpty());
        QCOMPARE(names(m), (QStringList{"fs", "web", "zz"}));

        QCOMPARE(cell(m, 0, McpServersModel::TransportRole).toString(), QStringLiteral("stdio"));
        QCOMPARE(cell(m, 0, McpServersModel::TransportLabelRole).toString(),
                 QStringLiteral("program (stdio)"));
        QCOMPARE(cell(m, 0, McpServersModel::TargetRole).toString(), QStringLiteral("fs-server"));
        QCOMPARE(cell(m, 0, McpServersModel::ServerStateRole).toString(), QStringLiteral("ready"));
        QCOMPARE(cell(m, 0, McpServersModel::StateLabelRole).toString(), QStringLiteral("ready"));
        QCOMPARE(cell(m, 0, McpServersModel::StateToneRole).toString(), QStringLiteral("success"));
        QVERIFY(cell(m, 0, McpServersModel::OkRole).toBool());
        QVERIFY(!cell(m, 0, McpServersModel::FailedRole).toBool());
        QCOMPARE(cell(m, 0, McpServersModel::ToolCountRole).toInt(), 4);
        QCOMPARE(cell(m, 0, McpServersModel::LogFileRole).toString(),
                 QStringLiteral("/data/mcp/fs.log"));
        QCOMPARE(cell(m, 0, McpServersModel::StartsRole).toInt(), 1);

        QCOMPARE(cell(m, 1, McpServersModel::TransportRole).toString(), QStringLiteral("http"));
        QCOMPARE(cell(m, 1, McpServersModel::TransportLabelRole).toString(),
                 QStringLiteral("URL (HTTP)"));
        QCOMPARE(cell(m, 1, McpServersModel::ServerStateRole).toString(), QStringLiteral("failed"));
        QCOMPARE(cell(m, 1, McpServersModel::StateLabelRole).toString(), QStringLiteral("failed"));
        QCOMPARE(cell(m, 1, McpServersModel::StateToneRole).toString(), QStringLiteral("danger"));
        QVERIFY(cell(m, 1, McpServersModel::FailedRole).toBool());
        QVERIFY(!cell(m, 1, McpServersModel::OkRole).toBool());
        QCOMPARE(cell(m, 1, McpServersModel::LastErrorRole).toString(), web.lastError);
        QCOMPARE(cell(m, 1, McpServersModel::LastStderrRole).toString(),
                 QStringLiteral("first\nsecond"));

        // A bad entry: listed to be corrected or removed, not usable.
        QCOMPARE(cell(m, 2, McpServersModel::StateLabelRole).toString(),
                 QStringLiteral("not usable"));
        QCOMPARE(cell(m, 2, McpServersModel::StateToneRole).toString(), QStringLiteral("danger"));
        QVERIFY(cell(m, 2, McpServersModel::FailedRole).toBool());
        QCOMPARE(cell(m, 2, McpServersModel::ProblemRole).toString(), bad.problem);

        const QVariantList tools = cell(m, 0, McpServersModel::ToolsRole).toList();
        QCOMPARE(tools.size(), 4);
        const QVariantMap reads = tools.at(0).toMap();
        QCOMPARE(reads.value("name").toString(), QStringLiteral("read_text_file"));
        QCOMPARE(reads.value("description").toString(),
                 QStringLiteral("read_text_file does things"));
        QVERIFY(reads.value("readOnly").toBool());
        QVERIFY(!reads.value("destructive").toBool());
        QCOMPARE(reads.value("policy").toString(), QString());
        QCOMPARE(reads.value("classification").toString(), QStringLiteral("reads only"));
        const QVariantMap writes = tools.at(1).toMap();
        QVERIFY(!writes.value("readOnly").toBool());
        QCOMPARE(writes.value("policy").toString(), QStringLiteral("ask"));
        QCOMPARE(writes.value("classification").toString(), QStringLiteral("may change"));
        const QVariantMap wipes = tools.at(2).toMap();
        QVERIFY(wipes.value("destructive").toBool());
        QCOMPARE(wipes.value("policy").toString(), QStringLiteral("never"));
        QCOMPARE(wipes.value("classification").toString(), QStringLiteral("destructive"));
        // Nothing said: it may change things.
        QCOMPARE(tools.at(3).toMap().value("classification").toString(),
                 QStringLiteral("may change"));

        QCOMPARE(m.policyWords(), (QStringList{"", "allow", "ask", "never"}));
        QCOMPARE(m.policyLabels(),
                 (QStringList{"Default (by annotations)", "Allow", "Ask every time", "Never"}));
        const QHash<int, QByteArray> roles = m.roleNames();
        QCOMPARE(roles.value(McpServersModel::ServerStateRole), QByteArray("serverState"));
        QCOMPARE(roles.value(McpServersModel::ToolsRole), QByteArray("tools"));
        QCOMPARE(roles.value(McpServersModel::MessageOkRole), QByteArray("messageOk"));

        // A failed read keeps what was shown and says why.
        m.reload();
        source.lists.takeFirst()(Error{QStringLiteral("not_connected"),
                                       QStringLiteral("Not connected to the Zerg server.")});
        QVERIFY2(m.loadError().contains("Not connected to the Zerg server."),
                 qPrintable(m.loadError()));
        QCOMPARE(m.count(), 3);
    }

    void rowsKeepTheirPlaceAcrossReloads() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        QAbstractItemModelTester tester(&m);
        source.lists.takeFirst()(listOf({server("a"), server("b"), server("c")}));
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&m, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&m, &QAbstractItemModel::rowsRemoved);
        QSignalSpy moved(&m, &QAbstractItemModel::rowsMoved);

        m.restart(1);
        QCOMPARE(source.calls.size(), 1);
        source.calls.takeFirst().done(Ok{});
        // The source does not announce changes: the list is read again.
        QCOMPARE(source.lists.size(), 1);
        const QString restarted = cell(m, 1, McpServersModel::MessageRole).toString();
        QVERIFY(restarted.startsWith(QStringLiteral("Restarted")));

        source.lists.takeFirst()(
            listOf({server("b", McpServerState::Starting), server("c"), server("d")}));
        QCOMPARE(names(m), (QStringList{"b", "c", "d"}));
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(cell(m, 0, McpServersModel::ServerStateRole).toString(),
                 QStringLiteral("starting"));
        // The action's outcome stays on its row.
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(), restarted);

        m.reload();
        source.lists.takeFirst()(listOf({server("d"), server("b"), server("c")}));
        QCOMPARE(names(m), (QStringList{"d", "b", "c"}));
        QCOMPARE(moved.count(), 1);
        QCOMPARE(resets.count(), 0);

        // An older list never wins.
        m.reload();
        m.reload();
        source.lists.at(1)(listOf({server("new")}));
        source.lists.at(0)(listOf({server("old")}));
        QCOMPARE(names(m), QStringList{"new"});
    }

    void theFormBecomesTheExactEntry() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        source.lists.takeFirst()(listOf({}));
        QSignalSpy formChanged(&m, &McpServersModel::formChanged);
        QSignalSpy saved(&m, &McpServersModel::saved);

        m.beginAdd();
        QVERIFY(m.formOpen());
        QCOMPARE(formChanged.count(), 1);
        QVERIFY(m.formOriginalName().isEmpty());
        QCOMPARE(m.form().value("kind").toString(), QStringLiteral("stdio"));
        QCOMPARE(m.form().value("name").toString(), QString());
        QCOMPARE(m.form().value("timeoutSeconds").toInt(), 60);

        m.save(" grafana ", "stdio", " mcp-grafana ", "-t\n\n  stdio  \n",
               "GRAFANA_URL=https://grafana.lan\n\nGRAFANA_API_KEY = ${secret:grafana_key}\n", "  ",
               "https://ignored.example.org", "X-Ignored: yes", 120);
        QVERIFY2(m.formError().isEmpty(), qPrintable(m.formError()));
        QCOMPARE(source.puts.size(), 1);
        QCOMPARE(source.puts.first().original, QString());
        QCOMPARE(source.puts.first().name, QStringLiteral("grafana"));
        const QJsonObject grafana{
            {"command", "mcp-grafana"},
            {"args", QJsonArray{"-t", "stdio"}},
            {"env", QJsonObject{{"GRAFANA_URL", "https://grafana.lan"},
                                {"GRAFANA_API_KEY", "${secret:grafana_key}"}}},
            {"timeoutSeconds", 120}};
        QCOMPARE(source.puts.first().entry, grafana);
        QVERIFY(m.formBusy());
        QVERIFY(m.formOpen());
        source.puts.takeFirst().done(Ok{});
        QVERIFY(!m.formOpen());
        QVERIFY(!m.formBusy());
        QCOMPARE(saved.count(), 1);

        m.beginAdd();
        m.save("web", "http", "ignored", "ignored", "IGNORED=1", "/ignored",
               " https://mcp.example.org/mcp ",
               "Authorization: Bearer ${secret:web_token}\nX-Team:ops", 60);
        QCOMPARE(source.puts.size(), 1);
        const QJsonObject web{
            {"url", "https://mcp.example.org/mcp"},
            {"headers",
             QJsonObject{{"Authorization", "Bearer ${secret:web_token}"}, {"X-Team", "ops"}}}};
        QCOMPARE(source.puts.first().entry, web);  // the default timeout is not written
    }

    void anEditKeepsTheEntrysOtherKeys() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        McpServerRow old = server("old", McpServerState::Disabled);
        old.disabled = true;
        old.entry = QJsonObject{{"type", "stdio"},
                                {"command", "legacy"},
                                {"args", QJsonArray{"--quiet", "-v"}},
                                {"env", QJsonObject{{"TOKEN", "${secret:token}"}}},
                                {"cwd", "/srv"},
                                {"disabled", true},
                                {"toolPolicy", QJsonObject{{"wipe", "never"}}},
                                {"x-team", "ops"},
                                {"timeoutSeconds", 30}};
        source.lists.takeFirst()(listOf({old}));

        m.beginEdit(0);
        QCOMPARE(m.formOriginalName(), QStringLiteral("old"));
        const QVariantMap form = m.form();
        QCOMPARE(form.value("name").toString(), QStringLiteral("old"));
        QCOMPARE(form.value("kind").toString(), QStringLiteral("stdio"));
        QCOMPARE(form.value("command").toString(), QStringLiteral("legacy"));
        QCOMPARE(form.value("args").toString(), QStringLiteral("--quiet\n-v"));
        QCOMPARE(form.value("env").toString(), QStringLiteral("TOKEN=${secret:token}"));
        QCOMPARE(form.value("cwd").toString(), QStringLiteral("/srv"));
        QCOMPARE(form.value("url").toString(), QString());
        QCOMPARE(form.value("headers").toString(), QString());
        QCOMPARE(form.value("timeoutSeconds").toInt(), 30);

        // The same way of reaching it: "type" stays, with every key the form does not edit.
        m.save("old", "stdio", "legacy2", "--quiet", "TOKEN=${secret:token}", "/srv", "", "", 30);
        QCOMPARE(source.puts.size(), 1);
        QCOMPARE(source.puts.first().original, QStringLiteral("old"));
        QCOMPARE(source.puts.first().name, QStringLiteral("old"));
        QCOMPARE(source.puts.first().entry,
                 (QJsonObject{{"type", "stdio"},
                              {"command", "legacy2"},
                              {"args", QJsonArray{"--quiet"}},
                              {"env", QJsonObject{{"TOKEN", "${secret:token}"}}},
                              {"cwd", "/srv"},
                              {"disabled", true},
                              {"toolPolicy", QJsonObject{{"wipe", "never"}}},
                              {"x-team", "ops"},
                              {"timeoutSeconds", 30}}));
        source.puts.takeFirst().done(Ok{});

        // Renamed and reached by URL now: the program's keys and "type" go, the others stay.
        m.beginEdit(0);
        m.save("legacy", "http", "", "", "", "", "https://legacy.example.org/mcp", "", 60);
        QCOMPARE(source.puts.size(), 1);
        QCOMPARE(source.puts.first().original, QStringLiteral("old"));
        QCOMPARE(source.puts.first().name, QStringLiteral("legacy"));
        QCOMPARE(source.puts.first().entry,
                 (QJsonObject{{"url", "https://legacy.example.org/mcp"},
                              {"disabled", true},
                              {"toolPolicy", QJsonObject{{"wipe", "never"}}},
                              {"x-team", "ops"}}));
    }

    void theFormsErrorsAreShownAndNothingIsSent() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        source.lists.takeFirst()(listOf({}));
        QSignalSpy saved(&m, &McpServersModel::saved);
        m.save("fs", "stdio", "npx", "", "", "", "", "", 60);  // no form open: nothing
        QVERIFY(source.puts.isEmpty());

        m.beginAdd();
        m.save("fs", "stdio", "npx", "", "GOOD=1\nnot a pair\n", "", "", "", 60);
        QVERIFY2(m.formError().contains("Line 2 of the environment"), qPrintable(m.formError()));
        QVERIFY(!m.formError().contains("not a pair"));  // a line may be a pasted secret
        m.save("fs", "stdio", "npx", "", "A=1\nB=2\nA=3", "", "", "", 60);
        QVERIFY2(m.formError().contains("sets A twice (lines 1 and 3)"), qPrintable(m.formError()));
        m.save("fs", "stdio", "   ", "", "", "", "", "", 60);
        QVERIFY2(m.formError().contains("Give the command"), qPrintable(m.formError()));
        m.save("web", "http", "", "", "", "", "  ", "", 60);
        QVERIFY2(m.formError().contains("Give the server's URL"), qPrintable(m.formError()));
        m.save("web", "http", "", "", "", "", "https://mcp.example.org", "just-a-token", 60);
        QVERIFY2(m.formError().contains("Line 1 of the headers"), qPrintable(m.formError()));
        m.save("fs", "pigeon", "npx", "", "", "", "", "", 60);
        QVERIFY2(m.formError().contains("Choose how Zerg reaches the server"),
                 qPrintable(m.formError()));
        QVERIFY(source.puts.isEmpty());
        QVERIFY(m.formOpen());

        // The validator's refusal (mcp_config's message) is shown as it is; the form stays.
        m.save("bad name", "stdio", "npx", "", "", "", "", "", 60);
        QCOMPARE(source.puts.size(), 1);
        QVERIFY(m.formError().isEmpty());
        const QString refusal = QStringLiteral(
            "server 'bad name': the name must be 1 to 32 letters, digits, '_' or '-' (it becomes "
            "part of the tool names mcp__<server>__<tool>); rename it");
        source.puts.takeFirst().done(Error{QStringLiteral("mcp_server_invalid"), refusal});
        QCOMPARE(m.formError(), refusal);
        QVERIFY(m.formOpen());
        QVERIFY(!m.formBusy());
        QCOMPARE(saved.count(), 0);

        // The answer to a save the user left is dropped.
        m.save("fs", "stdio", "npx", "", "", "", "", "", 60);
        QCOMPARE(source.puts.size(), 1);
        m.cancelForm();
        QVERIFY(!m.formOpen());
        m.beginAdd();
        source.puts.takeFirst().done(Ok{});
        QVERIFY(m.formOpen());
        QCOMPARE(saved.count(), 0);
    }

    // A Zerg server's servers: its list says they cannot be edited here, and an edit that reaches
    // the source anyway is refused with a message saying who edits them.
    void aZergServersListIsReadOnly() {
        FakeMcpSource source;
        source.refuseEdits = true;
        McpServersModel m(&source, nullptr);
        McpServerRow fs = server("fs");
        fs.tools = {tool("write_file", false, std::nullopt)};
        source.lists.takeFirst()(listOf({fs}, false));
        QVERIFY(!m.editable());

        const QString refused = api::RemoteMcpSource::editRefused().message;
        QVERIFY2(refused.contains("administrator") && refused.contains("mcp.json"),
                 qPrintable(refused));
        QCOMPARE(api::RemoteMcpSource::editRefused().code, QStringLiteral("forbidden"));
        m.setDisabled(0, true);
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(), refused);
        QVERIFY(!cell(m, 0, McpServersModel::MessageOkRole).toBool());
        QVERIFY(!cell(m, 0, McpServersModel::BusyRole).toBool());
        m.setToolPolicy(0, "write_file", "never");
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(), refused);
        m.remove(0);
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(), refused);
        QCOMPARE(m.count(), 1);
        m.beginAdd();
        m.save("x", "stdio", "npx", "", "", "", "", "", 60);
        QCOMPARE(m.formError(), refused);
        QVERIFY(source.lists.isEmpty());  // nothing changed: nothing to read again

        // Restart is offered remotely.
        m.restart(0);
        QCOMPARE(source.calls.size(), 1);
        QCOMPARE(source.calls.first().what, QStringLiteral("restart"));
        QCOMPARE(source.calls.first().name, QStringLiteral("fs"));
    }

    void eachActionsOutcomeIsOnItsRow() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        source.lists.takeFirst()(listOf({server("a"), server("b")}));

        m.restart(0);
        QVERIFY(cell(m, 0, McpServersModel::BusyRole).toBool());
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(),
                 QStringLiteral("Restarting a…"));
        m.restart(0);  // busy: not asked twice
        m.setDisabled(0, true);
        QCOMPARE(source.calls.size(), 1);
        m.setDisabled(1, true);
        QCOMPARE(source.calls.size(), 2);
        QCOMPARE(source.calls.at(1).what, QStringLiteral("disable"));
        QCOMPARE(source.calls.at(1).name, QStringLiteral("b"));

        // Answers in the other order, each on its own row.
        const QString cannotWrite =
            QStringLiteral("Cannot write /home/ops/.config/Zerg/zerg/mcp.json: Permission denied");
        source.calls.at(1).done(Error{QStringLiteral("mcp_config"), cannotWrite});
        QCOMPARE(cell(m, 1, McpServersModel::MessageRole).toString(), cannotWrite);
        QVERIFY(!cell(m, 1, McpServersModel::MessageOkRole).toBool());
        QVERIFY(!cell(m, 1, McpServersModel::BusyRole).toBool());
        QVERIFY(source.lists.isEmpty());  // a failed edit changed nothing
        QVERIFY(cell(m, 0, McpServersModel::BusyRole).toBool());
        source.calls.at(0).done(Ok{});
        QVERIFY(!cell(m, 0, McpServersModel::BusyRole).toBool());
        QVERIFY(cell(m, 0, McpServersModel::MessageOkRole).toBool());
        QCOMPARE(source.lists.size(), 1);
        source.calls.clear();

        m.setDisabled(1, false);
        QCOMPARE(source.calls.first().what, QStringLiteral("enable"));
        source.calls.takeFirst().done(Ok{});
        QCOMPARE(cell(m, 1, McpServersModel::MessageRole).toString(),
                 QStringLiteral("Enabled: Zerg starts it now."));

        m.setToolPolicy(0, "write_file", "");
        source.calls.takeFirst().done(Ok{});
        m.setToolPolicy(0, "write_file", "ask");
        source.calls.takeFirst().done(Ok{});
        QCOMPARE(cell(m, 0, McpServersModel::MessageRole).toString(),
                 QStringLiteral("Saved: write_file is now \"Ask every time\"."));
        m.setToolPolicy(0, "write_file", "sometimes");  // not a policy word: nothing
        QVERIFY(source.calls.isEmpty());
        QCOMPARE(source.policies.size(), 2);
        QCOMPARE(source.policies.at(0).first, QStringLiteral("write_file"));
        QVERIFY(!source.policies.at(0).second.has_value());
        QCOMPARE(source.policies.at(1).second, std::optional<McpToolPolicy>(McpToolPolicy::Ask));

        m.remove(1);
        QCOMPARE(source.calls.first().what, QStringLiteral("remove"));
        QCOMPARE(source.calls.first().name, QStringLiteral("b"));
    }

    void theLogIsFetchedForOneServer() {
        FakeMcpSource source;
        McpServersModel m(&source, nullptr);
        McpServerRow fs = server("fs");
        fs.logFile = QStringLiteral("/data/mcp/fs.log");
        source.lists.takeFirst()(
            listOf({fs, server("web", McpServerState::Ready, McpTransportKind::Http)}));
        QSignalSpy logChanged(&m, &McpServersModel::logChanged);

        m.showLog(0);
        QCOMPARE(source.logNames, QStringList{"fs"});
        QCOMPARE(m.logServer(), QStringLiteral("fs"));
        source.logs.at(0)(QStringLiteral("line 1\nline 2\n"));
        QCOMPARE(m.logText(), QStringLiteral("line 1\nline 2\n"));
        QVERIFY(m.logOk());
        QCOMPARE(logChanged.count(), 2);

        m.showLog(1);
        const QString none =
            QStringLiteral("MCP server 'web' is reached over HTTP and has no log.");
        source.logs.at(1)(Error{QStringLiteral("not_found"), none});
        QCOMPARE(m.logServer(), QStringLiteral("web"));
        QCOMPARE(m.logText(), none);
        QVERIFY(!m.logOk());

        // Closed before it came: dropped.
        m.showLog(0);
        m.hideLog();
        source.logs.at(2)(QStringLiteral("late"));
        QVERIFY(m.logServer().isEmpty());
        QVERIFY(m.logText().isEmpty());

        m.showLog(0);
        source.logs.at(3)(QString());
        QVERIFY2(m.logText().startsWith("The log is empty"), qPrintable(m.logText()));
        QVERIFY(m.logOk());
    }

    // A Zerg server's list is read again every two seconds while the section is shown; a local
    // one when its source announces a change (and not before the section was first shown).
    void whenTheListIsReadAgain() {
        ManualClock clock;
        FakeMcpSource remote;
        McpServersModel m(&remote, &clock, nullptr, FirstLoad::WhenShown);
        Q_EMIT remote.changed();
        clock.advance(5000);
        QVERIFY(remote.lists.isEmpty());  // not shown yet
        m.ensureLoaded();
        QCOMPARE(remote.lists.size(), 1);
        QSignalSpy watching(&m, &McpServersModel::watchingChanged);
        m.setWatching(true);
        QCOMPARE(watching.count(), 1);
        QCOMPARE(remote.lists.size(), 2);  // shown again: read now
        clock.advance(1999);
        QCOMPARE(remote.lists.size(), 2);
        clock.advance(1);
        QCOMPARE(remote.lists.size(), 3);
        clock.advance(2000);
        QCOMPARE(remote.lists.size(), 4);
        m.setWatching(false);
        clock.advance(10000);
        QCOMPARE(remote.lists.size(), 4);

        FakeMcpSource local;
        local.announces = true;
        McpServersModel lm(&local, &clock);
        QCOMPARE(local.lists.size(), 1);
        lm.setWatching(true);
        QCOMPARE(local.lists.size(), 2);
        clock.advance(10000);
        QCOMPARE(local.lists.size(), 2);  // no polling: changes are announced
        Q_EMIT local.changed();
        QCOMPARE(local.lists.size(), 3);
        // An action's success needs no extra read: the change is announced.
        local.lists.takeLast()(listOf({server("a")}));
        lm.restart(0);
        local.calls.takeFirst().done(Ok{});
        QCOMPARE(local.lists.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestMcpServersModel)
#include "test_mcp_servers_model.moc"
