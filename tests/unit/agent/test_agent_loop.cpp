#include "agent/agent_loop.h"
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "scripted_llm.h"

#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using zerg::test::ScriptedLlm;

namespace {

// A tool whose calls finish only when the test says so.
class ManualTool final : public Tool {
public:
    class Call final : public ToolInvocation {
    public:
        Call(QJsonObject args, QObject* parent) : ToolInvocation(parent), args(std::move(args)) {}
        void cancel() override {
            cancelled = true;
            finish(ToolResult::failure(QStringLiteral("cancelled")));
        }
        void complete(QJsonObject payload) { finish(ToolResult{std::move(payload)}); }
        QJsonObject args;
        bool cancelled = false;
    };

    explicit ManualTool(QString name) : m_name(std::move(name)) {}
    ToolSpec spec() const override {
        return {m_name, QStringLiteral("test tool"), QJsonObject{{"type", "object"}}};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        auto* c = new Call(args, parent);
        calls.append(c);
        return c;
    }
    QList<QPointer<Call>> calls;

private:
    QString m_name;
};

ToolCall call(const QString& id, const QString& name, const QString& args) {
    return {id, name, args};
}

}  // namespace

class TestAgentLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void textAnswerCompletes() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("hello"));
        ToolRegistry tools;
        AgentConfig cfg{QStringLiteral("m"), 5, 100, {}};
        cfg.meta = {QStringLiteral("worker"), QStringLiteral("w-1"), 1, 2, 3};
        AgentLoop loop(&llm, &tools, &clock, cfg, {ChatMessage::user(QStringLiteral("hi"))});
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Completed);
        QCOMPARE(loop.finalText(), QStringLiteral("hello"));
        QCOMPARE(appended.count(), 1);
        QCOMPARE(llm.requests().size(), 1);
        QCOMPARE(llm.requests().at(0).model, QStringLiteral("m"));
        QCOMPARE(llm.requests().at(0).meta.role, QStringLiteral("worker"));
        QCOMPARE(llm.requests().at(0).meta.jobId, 3);
        QCOMPARE(loop.usage().promptTokens, 10);
    }

    // An agent's tuning restricts its tools (restrictTo): the others are neither offered nor
    // run when the model calls them anyway; temperature and max tokens go with every request.
    void restrictedToolsAreNotOfferedNorRun() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("c1"), QStringLiteral("other"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("done"));
        auto probe = std::make_shared<ManualTool>(QStringLiteral("probe"));
        auto other = std::make_shared<ManualTool>(QStringLiteral("other"));
        ToolRegistry tools;
        tools.add(probe);
        tools.add(other);
        tools.restrictTo(QStringList{QStringLiteral("probe")});
        QCOMPARE(tools.names(), QStringList{QStringLiteral("probe")});
        QVERIFY(!tools.find(QStringLiteral("other")));
        AgentConfig cfg{QStringLiteral("m"), 5, 100, {}};
        cfg.temperature = 0.4;
        cfg.maxTokens = 300;
        AgentLoop loop(&llm, &tools, &clock, cfg, {ChatMessage::user(QStringLiteral("go"))});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Completed);
        QVERIFY(other->calls.isEmpty());
        QCOMPARE(llm.requests().size(), 2);
        QCOMPARE(llm.requests().at(0).tools.size(), 1);
        QCOMPARE(llm.requests().at(0).tools.at(0).name, QStringLiteral("probe"));
        QCOMPARE(llm.requests().at(0).temperature, std::optional<double>(0.4));
        QCOMPARE(llm.requests().at(1).maxTokens, std::optional<int>(300));
        QVERIFY(llm.requests().at(1).messages.last().content.contains(
            QStringLiteral("Unknown tool 'other'")));
        tools.restrictTo(std::nullopt);
        QCOMPARE(tools.names().size(), 2);
    }

    void toolResultGoesBackWithItsCallId() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls({call(QStringLiteral("c1"), QStringLiteral("probe"),
                                QStringLiteral(R"({"host":"cube"})"))});
        llm.pushText(QStringLiteral("done"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}},
                       {ChatMessage::user(QStringLiteral("go"))});
        QSignalSpy done(&loop, &AgentLoop::finished);
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 1);
        QCOMPARE(tool->calls.at(0)->args.value("host").toString(), QStringLiteral("cube"));
        tool->calls.at(0)->complete({{"ok", true}, {"stdout", QString(500, QLatin1Char('x'))}});
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Completed);
        QCOMPARE(llm.requests().size(), 2);
        const QList<ChatMessage>& sent = llm.requests().at(1).messages;
        QCOMPARE(sent.size(), 3);
        QCOMPARE(sent.at(1).toolCalls.size(), 1);
        QCOMPARE(sent.at(2).role, ChatMessage::Role::Tool);
        QCOMPARE(sent.at(2).toolCallId, QStringLiteral("c1"));
        // The model gets the capped output, with the marker.
        QVERIFY(sent.at(2).content.contains(QStringLiteral("more characters cut")));
        // Persisted groups: assistant + tool result together, then the final answer.
        QCOMPARE(appended.count(), 2);
        QCOMPARE(appended.at(0).at(0).value<QList<ChatMessage>>().size(), 2);
    }

    // Fresh context goes right after the system message of each request, is asked for again
    // before every call, and never becomes part of the persisted conversation.
    void contextProviderIsFreshPerCallAndNotPersisted() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("c1"), QStringLiteral("probe"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("done"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentConfig cfg{QStringLiteral("m"), 5, 100, {}};
        int asked = 0;
        cfg.contextProvider = [&asked] {
            ++asked;
            return QList<ChatMessage>{
                ChatMessage::system(QStringLiteral("context #%1").arg(asked))};
        };
        AgentLoop loop(&llm, &tools, &clock, cfg,
                       {ChatMessage::system(QStringLiteral("prompt")),
                        ChatMessage::user(QStringLiteral("go"))});
        QSignalSpy done(&loop, &AgentLoop::finished);
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 1);
        tool->calls.at(0)->complete({{"ok", true}});
        QVERIFY(done.wait());
        QCOMPARE(asked, 2);
        const QList<ChatMessage>& first = llm.requests().at(0).messages;
        QCOMPARE(first.size(), 3);
        QCOMPARE(first.at(0).content, QStringLiteral("prompt"));
        QCOMPARE(first.at(1).content, QStringLiteral("context #1"));
        QCOMPARE(first.at(2).content, QStringLiteral("go"));
        QCOMPARE(llm.requests().at(1).messages.at(1).content, QStringLiteral("context #2"));
        for (const ChatMessage& m : loop.messages())
            QVERIFY(!m.content.startsWith(QStringLiteral("context #")));
        for (const QList<QVariant>& args : appended) {
            for (const ChatMessage& m : args.at(0).value<QList<ChatMessage>>())
                QVERIFY(!m.content.startsWith(QStringLiteral("context #")));
        }
    }

    // A message injected while a tool runs goes into the conversation after the tool's result,
    // before the next model call, and is reported for persistence.
    void injectedMessageGoesBeforeTheNextModelCall() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("c1"), QStringLiteral("probe"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("done"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}},
                       {ChatMessage::user(QStringLiteral("go"))});
        QSignalSpy done(&loop, &AgentLoop::finished);
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 1);
        QVERIFY(loop.injectMessage(ChatMessage::user(QStringLiteral("[SUPERVISOR] try df -i"))));
        QCOMPARE(llm.requests().size(), 1);  // nothing sent yet
        tool->calls.at(0)->complete({{"ok", true}});
        QVERIFY(done.wait());
        const QList<ChatMessage>& sent = llm.requests().at(1).messages;
        QCOMPARE(sent.size(), 4);  // go, call, result, the supervisor's message
        QCOMPARE(sent.at(2).role, ChatMessage::Role::Tool);
        QCOMPARE(sent.at(3).content, QStringLiteral("[SUPERVISOR] try df -i"));
        QCOMPARE(appended.count(), 3);  // the tool group, the message, the answer
        QCOMPARE(appended.at(1).at(0).value<QList<ChatMessage>>().first().content,
                 QStringLiteral("[SUPERVISOR] try df -i"));
        QVERIFY(!loop.injectMessage(ChatMessage::user(QStringLiteral("too late"))));
    }

    void parallelCallsRunConcurrentlyAndAnswerInOrder() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("a"), QStringLiteral("probe"), QStringLiteral("{}")),
             call(QStringLiteral("b"), QStringLiteral("probe"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("both"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 2);  // both running before either finished
        tool->calls.at(1)->complete({{"ok", true}, {"n", 2}});
        tool->calls.at(0)->complete({{"ok", true}, {"n", 1}});
        QVERIFY(done.wait());
        const QList<ChatMessage>& sent = llm.requests().at(1).messages;
        QCOMPARE(sent.at(1).toolCallId, QStringLiteral("a"));
        QCOMPARE(sent.at(2).toolCallId, QStringLiteral("b"));
    }

    void invalidArgumentsAndUnknownToolsAreReportedToTheModel() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("a"), QStringLiteral("probe"), QStringLiteral("{\"ho")),
             call(QStringLiteral("b"), QStringLiteral("nope"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("sorry"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 1000, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(tool->calls.size(), 0);
        const QList<ChatMessage>& sent = llm.requests().at(1).messages;
        QVERIFY(sent.at(1).content.contains(QStringLiteral("not a valid JSON object")));
        QVERIFY(sent.at(2).content.contains(QStringLiteral("Unknown tool 'nope'")));
        QVERIFY(sent.at(2).content.contains(QStringLiteral("probe")));
    }

    void boundedIterations() {
        ManualClock clock;
        ScriptedLlm llm;
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        for (int i = 0; i < 5; ++i) {
            llm.pushToolCalls({call(QStringLiteral("c%1").arg(i), QStringLiteral("probe"),
                                    QStringLiteral("{}"))});
        }
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 3, 100, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        connect(&loop, &AgentLoop::toolCallStarted, this, [&] {
            QTimer::singleShot(0, this, [&] { tool->calls.last()->complete({{"ok", true}}); });
        });
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Failed);
        QCOMPARE(loop.errorCode(), QStringLiteral("max_iterations"));
        QCOMPARE(llm.requests().size(), 3);
    }

    void fatalToolErrorEndsWithoutAskingTheModelAgain() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("a"), QStringLiteral("probe"), QStringLiteral("{}"))});
        llm.pushText(QStringLiteral("never asked"));
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock,
                       {QStringLiteral("m"), 5, 100, {QStringLiteral("host_key_changed")}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 1);
        tool->calls.at(0)->complete(
            {{"ok", false}, {"error", "the host key changed"}, {"error_code", "host_key_changed"}});
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Failed);
        QCOMPARE(loop.errorCode(), QStringLiteral("host_key_changed"));
        QCOMPARE(loop.errorString(), QStringLiteral("the host key changed"));
        QCOMPARE(llm.requests().size(), 1);
        QCOMPARE(llm.remaining(), 1);
    }

    void cancelStopsRunningToolsAndKeepsTheThreadWellFormed() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushToolCalls(
            {call(QStringLiteral("a"), QStringLiteral("probe"), QStringLiteral("{}"))});
        auto tool = std::make_shared<ManualTool>(QStringLiteral("probe"));
        ToolRegistry tools;
        tools.add(tool);
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        loop.start();
        QTRY_COMPARE(tool->calls.size(), 1);
        QPointer<ManualTool::Call> running = tool->calls.at(0);
        loop.cancel(QStringLiteral("user stop"));
        QCOMPARE(done.count(), 1);
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Cancelled);
        QVERIFY(!running || running->cancelled);
        QCOMPARE(appended.count(), 1);
        const auto group = appended.at(0).at(0).value<QList<ChatMessage>>();
        QCOMPARE(group.size(), 2);
        QCOMPARE(group.at(1).toolCallId, QStringLiteral("a"));
        QVERIFY(group.at(1).content.contains(QStringLiteral("user stop")));
    }

    void cancelDuringModelCall() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.push({{}, {}, {}, true});
        ToolRegistry tools;
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        loop.cancel();
        QCOMPARE(done.count(), 1);
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Cancelled);
    }

    void modelErrorFailsTheLoop() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.push({{}, {}, QStringLiteral("http"), false});
        ToolRegistry tools;
        AgentLoop loop(&llm, &tools, &clock, {QStringLiteral("m"), 5, 100, {}}, {});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Failed);
        QCOMPARE(loop.errorCode(), QStringLiteral("llm_http"));
        QVERIFY(!loop.errorString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAgentLoop)
#include "test_agent_loop.moc"
