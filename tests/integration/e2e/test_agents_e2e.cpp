// Agents you can tune (issue 27, Dashboard › Agents) end to end: an agent's tuning is changed
// through the page's source, as the window and the API change it, and the next requests to the
// loopback LLM server carry it: the worker's edited prompt and its tools, the supervisor's
// temperature and max tokens, the summary agent's prompt. Reset brings the built-in tuning back.
// A worker whose tuning takes ssh_exec away cannot reach the real sshd's host.
#include "core/event_bus.h"
#include "dashboard/agents_source.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"
#include "sshd_fixture.h"
#include "storage/agent_profiles.h"
#include "workers/worker.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::SshdFixture;
using zerg::test::textResponse;
using zerg::test::toolCallResponse;

namespace {

const QString kSupervisor = QStringLiteral("supervisor-model");
const QString kWorker = QStringLiteral("worker-model");
const QString kSummary = QStringLiteral("summary-model");

// One question: the supervisor spawns a worker, the worker runs `command` on testbox (or answers
// at once without one), the summary model sums it up and the supervisor answers.
QJsonArray oneWorker(const QString& command) {
    QJsonArray r{toolCallResponse(kSupervisor, "call_s1", "spawn_worker",
                                  {{"task", "Check disk on testbox"}})};
    if (!command.isEmpty()) {
        r.append(toolCallResponse(kWorker, "call_w1", "ssh_exec",
                                  {{"host", "testbox"}, {"command", command}}));
    }
    r.append(textResponse(kWorker, "testbox: / is 41% full."));
    r.append(textResponse(kSummary, "testbox 41% full"));
    r.append(textResponse(kSupervisor, "testbox is fine."));
    return r;
}

QString systemPromptOf(const QJsonObject& request) {
    const QJsonArray messages = request.value("messages").toArray();
    return messages.isEmpty() ? QString() : messages.first().toObject().value("content").toString();
}

QStringList toolsOf(const QJsonObject& request) {
    QStringList out;
    for (const QJsonValue& t : request.value("tools").toArray())
        out.append(t.toObject().value("function").toObject().value("name").toString());
    return out;
}

// The last tool result in a request (the earlier ones are the thread's history).
QString lastToolResult(const QJsonObject& request) {
    QString out;
    for (const QJsonValue& v : request.value("messages").toArray()) {
        if (v.toObject().value("role").toString() == QLatin1String("tool"))
            out = v.toObject().value("content").toString();
    }
    return out;
}

}  // namespace

class TestAgentsE2e : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QString m_problem;
    QTemporaryDir m_dir;
    FakeLlmServer m_llm;
    std::unique_ptr<Backend> m_backend;
    std::unique_ptr<LocalAgentsSource> m_agents;

    bool ask(const QString& task) {
        QSignalSpy done(m_backend->jarvis(), &JarvisService::runFinished);
        if (!m_backend->jarvis()->ask(task))
            return false;
        return done.wait(90000) && done.at(0).at(1).toBool();
    }

    Result<AgentRow> save(const AgentProfile& tuning) {
        Result<AgentRow> out = Error{QStringLiteral("no_answer"), QStringLiteral("no answer")};
        m_agents->save(tuning, {}, this, [&out](Result<AgentRow> r) { out = std::move(r); });
        return out;
    }

    Result<AgentRow> reset(AgentRole role) {
        Result<AgentRow> out = Error{QStringLiteral("no_answer"), QStringLiteral("no answer")};
        m_agents->reset(role, {}, this, [&out](Result<AgentRow> r) { out = std::move(r); });
        return out;
    }

    // The current tuning of role, to edit.
    AgentProfile current(AgentRole role) {
        return m_backend->agentProfiles()->current(role).value();
    }

    // The requests of one question for the model, from request number `from` on.
    QList<QJsonObject> since(const QString& model, qsizetype from) const {
        return m_llm.requestsForModel(model).mid(from);
    }

private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        QVERIFY2(m_sshd.available(&m_problem), qPrintable(m_problem));
        QVERIFY2(m_sshd.start(&m_problem), qPrintable(m_problem));
        QVERIFY(m_llm.start());
        Settings settings;
        settings.dataDir = m_dir.path();
        settings.hostsFile =
            m_sshd.writeHostsFile(QStringLiteral("testbox"), m_sshd.knownHostsPath());
        settings.knownHostsFile = m_sshd.knownHostsPath();
        settings.llmBaseUrl = m_llm.baseUrl();
        settings.pricingFile = m_dir.filePath(QStringLiteral("no-pricing-override.json"));
        settings.model = kSupervisor;
        settings.workerModel = kWorker;
        settings.summaryModel = kSummary;
        settings.deciderModel = QStringLiteral("heuristic");
        settings.checkIntervalSeconds = 1;
        const auto url = zerg::test::testDatabaseUrl(m_dir.filePath(QStringLiteral("zerg.sqlite")));
        QVERIFY2(url, url ? "" : qPrintable(url.error().message));
        settings.databaseUrl = url.value();
        auto b = Backend::create(settings);
        QVERIFY2(b, b ? "" : qPrintable(b.error().message));
        m_backend = std::move(b).value();
        m_agents = std::make_unique<LocalAgentsSource>(
            m_backend->agentProfiles(), m_backend->clock(),
            backendAgents(m_backend.get(), settings.ownerId), QStringLiteral("alice"));
    }

    void cleanupTestCase() {
        m_agents.reset();
        m_backend.reset();
    }

    // Nothing changed: the built-in prompts, the seed's supervisor defaults sent.
    void builtInTuning() {
        m_llm.setScenario({{"responses", oneWorker({})}});
        QVERIFY(ask(QStringLiteral("check disk on testbox")));
        const QJsonObject supervisor = m_llm.requestsForModel(kSupervisor).first();
        QCOMPARE(systemPromptOf(supervisor), JarvisService::systemPrompt());
        QCOMPARE(supervisor.value("temperature").toDouble(), 0.7);
        QCOMPARE(supervisor.value("max_tokens").toInt(), 2000);
        const QJsonObject worker = m_llm.requestsForModel(kWorker).first();
        QVERIFY(systemPromptOf(worker).startsWith(
            QStringLiteral("You are a Zerg worker: a disposable agent")));
        QVERIFY2(systemPromptOf(worker).contains(QStringLiteral("(ssh_exec, ")),
                 qPrintable(systemPromptOf(worker)));  // {tools} filled in
        QVERIFY(!worker.contains("temperature"));
        QVERIFY(!worker.contains("max_tokens"));
        QVERIFY(toolsOf(worker).contains(QStringLiteral("ssh_exec")));
        QTRY_COMPARE(m_llm.requestsForModel(kSummary).size(), 1);
        QCOMPARE(systemPromptOf(m_llm.requestsForModel(kSummary).first()),
                 Worker::builtInSummaryPrompt());
        QCOMPARE(m_llm.requestsForModel(kSummary).first().value("max_tokens").toInt(), 120);
    }

    // An edited worker prompt reaches the next worker's request; the supervisor's temperature
    // the next supervisor request; the summary's prompt the next summary.
    void editedTuningReachesTheNextRequests() {
        AgentProfile worker = current(AgentRole::Worker);
        worker.systemPrompt =
            QStringLiteral("You check servers for ACME. Your tools: {tools}. Report in one line.");
        worker.temperature = 0.2;
        const Result<AgentRow> saved = save(worker);
        QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
        QCOMPARE(saved->profile.version, 1);
        QCOMPARE(saved->profile.changedBy, QStringLiteral("alice"));

        AgentProfile supervisor = current(AgentRole::Supervisor);
        supervisor.temperature = 0.3;
        supervisor.maxTokens.reset();  // the provider's default: not sent
        QVERIFY(save(supervisor));
        AgentProfile summary = current(AgentRole::Summary);
        summary.systemPrompt = QStringLiteral("Sum it up in five words.");
        QVERIFY(save(summary));

        const qsizetype s0 = m_llm.requestsForModel(kSupervisor).size();
        const qsizetype w0 = m_llm.requestsForModel(kWorker).size();
        const qsizetype m0 = m_llm.requestsForModel(kSummary).size();
        m_llm.setScenario({{"responses", oneWorker({})}});
        QVERIFY(ask(QStringLiteral("check disk on testbox")));

        const QJsonObject w = since(kWorker, w0).first();
        QVERIFY2(systemPromptOf(w).startsWith(
                     QStringLiteral("You check servers for ACME. Your tools: ssh_exec, ")),
                 qPrintable(systemPromptOf(w)));
        QVERIFY(systemPromptOf(w).endsWith(QStringLiteral(". Report in one line.")));
        QCOMPARE(w.value("temperature").toDouble(), 0.2);
        const QJsonObject s = since(kSupervisor, s0).first();
        QCOMPARE(s.value("temperature").toDouble(), 0.3);
        QVERIFY(!s.contains("max_tokens"));
        QCOMPARE(systemPromptOf(s), JarvisService::systemPrompt());  // not edited
        QTRY_COMPARE(m_llm.requestsForModel(kSummary).size(), m0 + 1);
        QCOMPARE(systemPromptOf(since(kSummary, m0).first()),
                 QStringLiteral("Sum it up in five words."));
    }

    // The worker's tuning takes ssh_exec away: it is not offered, and a call of it anyway is
    // refused as an unknown tool. The command never reaches testbox.
    void aToolTakenAwayIsNotOffered() {
        AgentProfile worker = current(AgentRole::Worker);
        QStringList tools;
        for (const ToolSpec& spec : m_backend->workerToolSpecs()) {
            if (spec.name != QLatin1String("ssh_exec"))
                tools.append(spec.name);
        }
        worker.tools = tools;
        QVERIFY(save(worker));
        const QString marker = m_dir.filePath(QStringLiteral("touched-by-worker"));
        const qsizetype w0 = m_llm.requestsForModel(kWorker).size();
        m_llm.setScenario({{"responses", oneWorker(QStringLiteral("touch ") + marker)}});
        QVERIFY(ask(QStringLiteral("check disk on testbox")));
        const QList<QJsonObject> requests = since(kWorker, w0);
        QCOMPARE(requests.size(), 2);
        QVERIFY(!toolsOf(requests.first()).contains(QStringLiteral("ssh_exec")));
        QVERIFY(toolsOf(requests.first()).contains(QStringLiteral("request_help")));
        QVERIFY(!systemPromptOf(requests.first()).contains(QStringLiteral("ssh_exec")));
        QVERIFY2(lastToolResult(requests.at(1)).contains(QStringLiteral("Unknown tool 'ssh_exec'")),
                 qPrintable(lastToolResult(requests.at(1))));
        QVERIFY(!QFile::exists(marker));
    }

    // Reset: the next worker has the built-in prompt and every tool again.
    void resetRestoresTheBuiltInTuning() {
        const Result<AgentRow> row = reset(AgentRole::Worker);
        QVERIFY2(row, row ? "" : qPrintable(row.error().message));
        QCOMPARE(row->profile.version, 3);
        QVERIFY(!row->profile.systemPrompt);
        QVERIFY(!row->profile.tools);
        QVERIFY(!row->profile.temperature);
        QCOMPARE(row->history.size(), 3);  // newest first: reset, tools, prompt
        QCOMPARE(row->history.at(2).systemPrompt.value_or(QString()).left(16),
                 QStringLiteral("You check server"));
        const qsizetype w0 = m_llm.requestsForModel(kWorker).size();
        m_llm.setScenario({{"responses", oneWorker({})}});
        QVERIFY(ask(QStringLiteral("check disk on testbox")));
        const QJsonObject w = since(kWorker, w0).first();
        QCOMPARE(systemPromptOf(w), Worker::systemPrompt(Worker::builtInPrompt(), toolsOf(w)));
        QVERIFY(toolsOf(w).contains(QStringLiteral("ssh_exec")));
        QVERIFY(!w.contains("temperature"));
    }

    // A model that refuses the tuned temperature: the worker's error says where to clear it.
    void aRefusedTemperatureSaysWhereToClearIt() {
        AgentProfile worker = current(AgentRole::Worker);
        worker.temperature = 0.2;
        QVERIFY(save(worker));
        const QJsonObject refusal{
            {"model", kWorker},
            {"status", 400},
            {"body", QJsonObject{{"error", QJsonObject{{"type", "invalid_request_error"},
                                                       {"message",
                                                        "Unsupported value: 'temperature' "
                                                        "does not support 0.2 with this "
                                                        "model. Only the default (1) value "
                                                        "is supported."}}}}}};
        const qsizetype s0 = m_llm.requestsForModel(kSupervisor).size();
        m_llm.setScenario(
            {{"responses",
              QJsonArray{toolCallResponse(kSupervisor, "call_s1", "spawn_worker",
                                          {{"task", "Check disk on testbox"}}),
                         // A persistent failure is restarted once (docs/reliability.md).
                         refusal, refusal, textResponse(kSummary, "failed"),
                         textResponse(kSupervisor, "The worker's model refused.")}}});
        QVERIFY(ask(QStringLiteral("check disk on testbox")));
        const QList<QJsonObject> supervisor = since(kSupervisor, s0);
        QCOMPARE(supervisor.size(), 2);
        const QString result = lastToolResult(supervisor.at(1));
        QVERIFY2(result.contains(QStringLiteral("in Dashboard › Agents, clear them")),
                 qPrintable(result));
        QVERIFY(result.contains(QStringLiteral("for the worker agent")));
        QVERIFY(reset(AgentRole::Worker));
    }

    // Broken edits are refused with what is wrong, and nothing is saved.
    void brokenEditsAreRefused() {
        const int version = current(AgentRole::Worker).version;
        struct Case {
            const char* name;
            std::function<void(AgentProfile&)> edit;
            QString says;
        };
        const QList<Case> cases{
            {"empty prompt", [](AgentProfile& p) { p.systemPrompt = QStringLiteral("  \n"); },
             QStringLiteral("is empty")},
            {"unknown tool",
             [](AgentProfile& p) {
                 p.tools = QStringList{QStringLiteral("ssh_exec"), QStringLiteral("rm_rf")};
             },
             QStringLiteral("no tool \"rm_rf\"")},
            {"temperature", [](AgentProfile& p) { p.temperature = 3.5; },
             QStringLiteral("use 0 to 2")},
            {"max tokens", [](AgentProfile& p) { p.maxTokens = 0; }, QStringLiteral("use 1 to")},
        };
        for (const Case& c : cases) {
            AgentProfile p = current(AgentRole::Worker);
            c.edit(p);
            const Result<AgentRow> r = save(p);
            QVERIFY2(!r, c.name);
            QCOMPARE(r.error().code, QStringLiteral("invalid_argument"));
            QVERIFY2(r.error().message.contains(c.says), qPrintable(r.error().message));
        }
        // The quick path cannot lose its way to the supervisor.
        AgentProfile quick = current(AgentRole::Quick);
        quick.tools = QStringList{QStringLiteral("get_current_time")};
        const Result<AgentRow> r = save(quick);
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(QStringLiteral("route_to_supervisor")),
                 qPrintable(r.error().message));
        QCOMPARE(current(AgentRole::Worker).version, version);
        QCOMPARE(current(AgentRole::Quick).version, 0);
    }
};

QTEST_GUILESS_MAIN(TestAgentsE2e)
#include "test_agents_e2e.moc"
