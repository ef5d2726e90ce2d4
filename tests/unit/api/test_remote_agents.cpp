// Dashboard › Agents over the API: `agents`, `agent_save` and `agent_reset` (api/dashboard_ops.cpp)
// against a source that records what it is given. agent_save reads the whole tuning as sent (a
// value left out or null is unset: the built-in prompt, not sent, all tools; an empty tool list
// is no tool), records the connection's device, refuses arguments of the wrong type or an
// unknown role with bad_request before the source is asked, and passes the source's refusal on
// as it is; a server without an agents source says so. Then RemoteAgentsSource through a real
// ApiServer on loopback: what it saves reaches the server's source unchanged (the device is the
// connection's, not the one given), the agents come back whole, and changed() follows each
// change made and no refusal.
#include "api/api_args.h"
#include "api/api_backend.h"
#include "api/api_server.h"
#include "api/dashboard_ops.h"
#include "api/remote_agents_source.h"
#include "api/remote_client.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "remote_sources_fixture.h"
#include "why.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QtTest>

#include <memory>
#include <optional>

using namespace zerg;
using zerg::test::why;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kDevice = 7;
constexpr int kWaitMs = 10'000;

// What a source knows of an agent, for role.
AgentRow agentOf(AgentRole role) {
    AgentRow r;
    r.role = role;
    r.profile = AgentProfile::builtIn(role);
    r.builtInPrompt = u"The built-in prompt of %1."_s.arg(statusName(role));
    r.settingsModel = u"settings-model"_s;
    r.settingsModelVariable = u"ZERG_MODEL"_s;
    r.usesTools = role == AgentRole::Worker;
    if (r.usesTools)
        r.tools = {{u"ssh_exec"_s, u"Run a command."_s}, {u"http_request"_s, u"Fetch a URL."_s}};
    return r;
}

// Records the tuning, device and role it is given; answers with the agent (the tuning as its
// next version) or with refusal when one is set.
class RecordingAgentsSource final : public AgentsSource {
public:
    void list(QObject*, SourceReply<QList<AgentRow>> done) override {
        QList<AgentRow> rows;
        for (const auto& [role, name] : StatusTable<AgentRole>::names)
            rows.append(agentOf(role));
        done(rows);
    }
    void save(const AgentProfile& tuning, const QString& device, QObject*,
              SourceReply<AgentRow> done) override {
        saved = tuning;
        savedFrom = device;
        if (refusal)
            return done(*refusal);
        AgentRow r = agentOf(tuning.role);
        r.profile = tuning;
        r.profile.version = ++m_version;
        r.profile.changedBy = u"Ada (%1)"_s.arg(device);
        r.history = {r.profile};
        done(r);
    }
    void reset(AgentRole role, const QString& device, QObject*,
               SourceReply<AgentRow> done) override {
        resetRole = role;
        savedFrom = device;
        AgentRow r = agentOf(role);
        r.profile.version = ++m_version;
        done(r);
    }

    std::optional<AgentProfile> saved;
    std::optional<AgentRole> resetRole;
    QString savedFrom;
    std::optional<Error> refusal;

private:
    int m_version = 0;
};

// Runs a dashboard command as ApiConnection does, for a connection of device kDevice.
Result<QJsonObject> runOp(const DashboardSources& sources, const QString& op,
                          const QJsonObject& command) {
    const api::DashboardOp* found = api::findDashboardOp(op);
    if (!found)
        return Error{u"unknown_op"_s, op};
    api::Args args(op, command);
    std::optional<Result<QJsonObject>> answer;
    QObject context;
    const auto done = [&answer](Result<QJsonObject> r) { answer = std::move(r); };
    if (found->runFromDevice)
        found->runFromDevice(sources, kDevice, args, &context, done);
    else
        found->run(sources, args, &context, done);
    if (args.error())
        return *args.error();
    if (!answer)
        return Error{u"no_answer"_s, u"the command did not answer"_s};
    return std::move(*answer);
}

QString workerWord() {
    return statusName(AgentRole::Worker);
}

// The dashboard of owner 1 over the API: only agents.
DashboardSources agentsOnly(AgentsSource* agents) {
    DashboardSources sources;
    sources.agents = agents;
    return sources;
}

// A RemoteAgentsSource connected to an ApiServer on loopback over a RecordingAgentsSource.
struct RemoteAgents {
    RemoteAgents() {
        api::ApiServerConfig config;
        config.commandsPerSecond = 1000;
        config.commandBurst = 1000;
        server = std::make_unique<api::ApiServer>(config, &backend, &serverBus, &clock);
        const Status listening = server->listen(QHostAddress::LocalHost, 0);
        if (!listening)
            qFatal("listen: %s", qPrintable(listening.error().message));
        client = std::make_unique<api::RemoteClient>(
            QUrl(u"ws://127.0.0.1:%1"_s.arg(server->port())), u"token-ok"_s, &clientBus, &clock);
        remote = std::make_unique<api::RemoteAgentsSource>(client.get());
        client->start();
        if (!QTest::qWaitFor(
                [this] { return client->state() == api::RemoteClient::State::Connected; }, kWaitMs))
            qFatal("the client did not connect: %s", qPrintable(client->statusText()));
    }

    template <typename T, typename Ask>
    Result<T> await(Ask ask) {
        std::optional<Result<T>> answer;
        QObject context;
        ask(&context, [&answer](Result<T> r) { answer = std::move(r); });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kWaitMs))
            return Error{u"timeout"_s, u"no answer within 10 s"_s};
        return std::move(*answer);
    }

    SystemClock clock;
    EventBus serverBus{&clock};
    EventBus clientBus{&clock};
    RecordingAgentsSource local;
    test::StoreBackedApi backend{agentsOnly(&local)};
    std::unique_ptr<api::ApiServer> server;
    std::unique_ptr<api::RemoteClient> client;
    std::unique_ptr<api::RemoteAgentsSource> remote;
};

}  // namespace

class TestRemoteAgents : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void agentSaveReadsTheWholeTuning() {
        RecordingAgentsSource agents;
        DashboardSources sources;
        sources.agents = &agents;

        const Result<QJsonObject> r = runOp(sources, u"agent_save"_s,
                                            {{"role", workerWord()},
                                             {"system_prompt", "Be brief. {tools}"},
                                             {"model", "small-model"},
                                             {"temperature", 0.3},
                                             {"max_tokens", 700},
                                             {"tools", QJsonArray{"ssh_exec"}}});
        QVERIFY2(r, why(r));
        QVERIFY(agents.saved);
        QCOMPARE(agents.saved->role, AgentRole::Worker);
        QCOMPARE(agents.saved->systemPrompt, std::optional<QString>(u"Be brief. {tools}"_s));
        QCOMPARE(agents.saved->model, u"small-model"_s);
        QCOMPARE(agents.saved->temperature, std::optional<double>(0.3));
        QCOMPARE(agents.saved->maxTokens, std::optional<int>(700));
        QCOMPARE(agents.saved->tools, std::optional<QStringList>(QStringList{u"ssh_exec"_s}));
        QCOMPARE(agents.savedFrom, u"api:%1"_s.arg(kDevice));

        // The answer is the agent as saved.
        const Result<AgentRow> row = recordjson::agentRow(r->value("agent").toObject());
        QVERIFY2(row, why(row));
        QVERIFY(row->profile.sameTuning(*agents.saved));
        QCOMPARE(row->profile.version, 1);
    }

    void leftOutOrNullIsUnset() {
        RecordingAgentsSource agents;
        DashboardSources sources;
        sources.agents = &agents;
        const auto unset = [&agents] {
            QVERIFY(agents.saved);
            QVERIFY(!agents.saved->systemPrompt);
            QCOMPARE(agents.saved->model, QString());
            QVERIFY(!agents.saved->temperature);
            QVERIFY(!agents.saved->maxTokens);
            QVERIFY(!agents.saved->tools);
        };

        QVERIFY(runOp(sources, u"agent_save"_s, {{"role", workerWord()}}));
        unset();
        agents.saved.reset();
        QVERIFY(runOp(sources, u"agent_save"_s,
                      {{"role", workerWord()},
                       {"system_prompt", QJsonValue::Null},
                       {"model", QJsonValue::Null},
                       {"temperature", QJsonValue::Null},
                       {"max_tokens", QJsonValue::Null},
                       {"tools", QJsonValue::Null}}));
        unset();

        // A whole temperature is a temperature; an empty list is no tool, not all tools.
        QVERIFY(runOp(sources, u"agent_save"_s,
                      {{"role", workerWord()}, {"temperature", 1}, {"tools", QJsonArray()}}));
        QCOMPARE(agents.saved->temperature, std::optional<double>(1.0));
        QVERIFY(agents.saved->tools.has_value());
        QVERIFY(agents.saved->tools->isEmpty());

        // What the source judges reaches it as sent: an empty prompt, a temperature out of
        // range, max tokens out of range.
        QVERIFY(runOp(sources, u"agent_save"_s,
                      {{"role", workerWord()},
                       {"system_prompt", ""},
                       {"temperature", 5.5},
                       {"max_tokens", 0}}));
        QCOMPARE(agents.saved->systemPrompt, std::optional<QString>(QString()));
        QCOMPARE(agents.saved->temperature, std::optional<double>(5.5));
        QCOMPARE(agents.saved->maxTokens, std::optional<int>(0));
    }

    void badArgumentsNeverReachTheSource() {
        RecordingAgentsSource agents;
        DashboardSources sources;
        sources.agents = &agents;
        const auto refused = [&](const QJsonObject& command, const QString& named) {
            const Result<QJsonObject> r = runOp(sources, u"agent_save"_s, command);
            QVERIFY(!r);
            QCOMPARE(r.error().code, u"bad_request"_s);
            QVERIFY2(r.error().message.contains(named), qPrintable(r.error().message));
            QVERIFY(!agents.saved);
        };
        refused({}, u"role"_s);
        refused({{"role", "boss"}}, u"'boss'"_s);
        refused({{"role", workerWord()}, {"temperature", "warm"}}, u"temperature"_s);
        refused({{"role", workerWord()}, {"max_tokens", 1.5}}, u"max_tokens"_s);
        refused({{"role", workerWord()}, {"max_tokens", 1e12}}, u"max_tokens"_s);
        refused({{"role", workerWord()}, {"tools", "ssh_exec"}}, u"tools"_s);
        refused({{"role", workerWord()}, {"tools", QJsonArray{""}}}, u"tools"_s);
        refused({{"role", workerWord()}, {"system_prompt", 3}}, u"system_prompt"_s);

        const Result<QJsonObject> reset = runOp(sources, u"agent_reset"_s, {{"role", "boss"}});
        QVERIFY(!reset);
        QCOMPARE(reset.error().code, u"bad_request"_s);
        QVERIFY(!agents.resetRole);
    }

    void theSourcesRefusalComesBackAsItIs() {
        RecordingAgentsSource agents;
        agents.refusal = Error{u"invalid_argument"_s, u"Temperature 3 is out of range."_s};
        DashboardSources sources;
        sources.agents = &agents;
        const Result<QJsonObject> r =
            runOp(sources, u"agent_save"_s, {{"role", workerWord()}, {"temperature", 3}});
        QVERIFY(!r);
        QCOMPARE(r.error().code, agents.refusal->code);
        QCOMPARE(r.error().message, agents.refusal->message);
    }

    void agentsAndReset() {
        RecordingAgentsSource agents;
        DashboardSources sources;
        sources.agents = &agents;

        const Result<QJsonObject> list = runOp(sources, u"agents"_s, {});
        QVERIFY2(list, why(list));
        const Result<QList<AgentRow>> rows = recordjson::agentsList(list.value());
        QVERIFY2(rows, why(rows));
        QCOMPARE(rows->size(), qsizetype(StatusTable<AgentRole>::names.size()));
        QCOMPARE(rows->at(0).role, AgentRole::Supervisor);

        const Result<QJsonObject> reset =
            runOp(sources, u"agent_reset"_s, {{"role", statusName(AgentRole::Decider)}});
        QVERIFY2(reset, why(reset));
        QCOMPARE(agents.resetRole, std::optional<AgentRole>(AgentRole::Decider));
        QCOMPARE(agents.savedFrom, u"api:%1"_s.arg(kDevice));
        const Result<AgentRow> row = recordjson::agentRow(reset->value("agent").toObject());
        QVERIFY2(row, why(row));
        QCOMPARE(row->role, AgentRole::Decider);
    }

    void aServerWithoutAgentsSaysSo() {
        const DashboardSources none;
        for (const auto& [op, command] :
             {std::pair{u"agents"_s, QJsonObject()},
              std::pair{u"agent_save"_s, QJsonObject{{"role", workerWord()}}},
              std::pair{u"agent_reset"_s, QJsonObject{{"role", workerWord()}}}}) {
            const Result<QJsonObject> r = runOp(none, op, command);
            QVERIFY2(!r, qPrintable(op));
            QCOMPARE(r.error().code, u"internal"_s);
            QVERIFY(r.error().message.contains(u"agents"_s));
        }
    }

    void theRemoteSourceSavesThroughTheServer() {
        RemoteAgents f;
        QSignalSpy changed(f.remote.get(), &AgentsSource::changed);

        AgentProfile tuning = AgentProfile::builtIn(AgentRole::Worker);
        tuning.systemPrompt = u"Be brief. {tools}"_s;
        tuning.model = u"small-model"_s;
        tuning.temperature = 0.2;
        tuning.maxTokens = 900;
        tuning.tools = QStringList{u"http_request"_s};
        const Result<AgentRow> saved = f.await<AgentRow>(
            [&](QObject* c, auto done) { f.remote->save(tuning, u"somewhere else"_s, c, done); });
        QVERIFY2(saved, why(saved));
        QVERIFY(f.local.saved);
        QVERIFY(f.local.saved->sameTuning(tuning));
        QCOMPARE(f.local.savedFrom, u"api:1"_s);  // the connection's device
        QVERIFY(saved->profile.sameTuning(tuning));
        QCOMPARE(saved->profile.changedBy, u"Ada (api:1)"_s);
        QCOMPARE(saved->tools.size(), 2);
        QCOMPARE(saved->history.size(), 1);
        QCOMPARE(changed.size(), 1);

        // Unset values stay unset on the way.
        const AgentProfile builtIn = AgentProfile::builtIn(AgentRole::Decider);
        QVERIFY(f.await<AgentRow>(
            [&](QObject* c, auto done) { f.remote->save(builtIn, QString(), c, done); }));
        QVERIFY(f.local.saved->sameTuning(builtIn));
        QVERIFY(!f.local.saved->systemPrompt && !f.local.saved->tools);
        QCOMPARE(changed.size(), 2);

        // A refusal is the source's, and no change.
        f.local.refusal = Error{u"invalid_argument"_s, u"There is no tool \"rm\"."_s};
        tuning.tools = QStringList{u"rm"_s};
        const Result<AgentRow> refused = f.await<AgentRow>(
            [&](QObject* c, auto done) { f.remote->save(tuning, QString(), c, done); });
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, f.local.refusal->code);
        QCOMPARE(refused.error().message, f.local.refusal->message);
        QCOMPARE(changed.size(), 2);

        const Result<AgentRow> reset = f.await<AgentRow>([&](QObject* c, auto done) {
            f.remote->reset(AgentRole::Summary, QString(), c, done);
        });
        QVERIFY2(reset, why(reset));
        QCOMPARE(reset->role, AgentRole::Summary);
        QCOMPARE(f.local.resetRole, std::optional<AgentRole>(AgentRole::Summary));
        QCOMPARE(changed.size(), 3);

        const Result<QList<AgentRow>> list =
            f.await<QList<AgentRow>>([&](QObject* c, auto done) { f.remote->list(c, done); });
        QVERIFY2(list, why(list));
        QCOMPARE(list->size(), qsizetype(StatusTable<AgentRole>::names.size()));
        QCOMPARE(list->at(2).role, AgentRole::Worker);
        QCOMPARE(list->at(2).builtInPrompt, agentOf(AgentRole::Worker).builtInPrompt);
        QCOMPARE(changed.size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestRemoteAgents)
#include "test_remote_agents.moc"
