// The XO loop inside the agent loop: off means off; a loop is steered with one [SUPERVISOR]
// message that the model sees and that is kept in the conversation; an agent told to stop (PACE
// emergency) that keeps acting ends as failed for its supervisor to classify.
#include "agent/agent_loop.h"
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "scripted_llm.h"

#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using zerg::test::ScriptedLlm;

namespace {

class FailingTool final : public Tool {
public:
    ToolSpec spec() const override {
        return {QStringLiteral("ssh_exec"), QStringLiteral("x"), objectSchema({})};
    }
    ToolInvocation* start(const QJsonObject&, QObject* parent) override {
        return new ImmediateInvocation(
            ToolResult::failure(QStringLiteral("df: command not found"),
                                {{QStringLiteral("error_code"), QStringLiteral("exit_127")}}),
            parent);
    }
};

ToolCall df(int i) {
    return {QStringLiteral("c%1").arg(i), QStringLiteral("ssh_exec"),
            QStringLiteral(R"({"host":"cube","command":"df -h"})")};
}

struct Harness {
    ManualClock clock;
    ScriptedLlm llm;
    ToolRegistry tools;
    Harness() { tools.add(std::make_shared<FailingTool>()); }
    AgentConfig config(bool xoOn) {
        AgentConfig c{QStringLiteral("m"), 8, 1000, {}};
        if (xoOn)
            c.xo = xo::Config{};
        return c;
    }
};

bool mentionsSupervisor(const QList<ChatMessage>& messages) {
    for (const ChatMessage& m : messages) {
        if (m.content.startsWith(QLatin1String("[SUPERVISOR]")))
            return true;
    }
    return false;
}

}  // namespace

class TestXoInLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void offMeansOff() {
        Harness h;
        for (int i = 0; i < 6; ++i)
            h.llm.pushToolCalls({df(i)});
        h.llm.pushText(QStringLiteral("gave up"));
        AgentLoop loop(&h.llm, &h.tools, &h.clock, h.config(false),
                       {ChatMessage::user(QStringLiteral("check disk"))});
        QSignalSpy steered(&loop, &AgentLoop::steered);
        QSignalSpy checked(&loop, &AgentLoop::xoChecked);
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(steered.count(), 0);
        QCOMPARE(checked.count(), 0);
        for (const ChatRequest& r : h.llm.requests())
            QVERIFY(!mentionsSupervisor(r.messages));
        QCOMPARE(h.llm.requests().size(), 7);
    }

    void aLoopIsSteeredOnceAndTheModelSeesIt() {
        Harness h;
        for (int i = 0; i < 3; ++i)
            h.llm.pushToolCalls({df(i)});
        h.llm.pushText(QStringLiteral("df is missing on cube."));
        AgentLoop loop(&h.llm, &h.tools, &h.clock, h.config(true),
                       {ChatMessage::user(QStringLiteral("check disk"))});
        QSignalSpy steered(&loop, &AgentLoop::steered);
        QSignalSpy appended(&loop, &AgentLoop::messagesAppended);
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Completed);
        QCOMPARE(steered.count(), 1);
        const auto s = steered.first().first().value<xo::Steering>();
        QVERIFY2(s.message.startsWith(QStringLiteral("[SUPERVISOR]")), qPrintable(s.message));
        // Not before the third turn's results, and seen by the model's fourth call.
        QVERIFY(!mentionsSupervisor(h.llm.requests().at(2).messages));
        QVERIFY(mentionsSupervisor(h.llm.requests().at(3).messages));
        // Kept in the conversation (persisted through messagesAppended).
        bool persisted = false;
        for (const QList<QVariant>& args : appended)
            persisted |= mentionsSupervisor(args.first().value<QList<ChatMessage>>());
        QVERIFY(persisted);
    }

    void emergencyThenMoreToolsEndsTheLoop() {
        Harness h;
        AgentConfig c = h.config(true);
        c.xo->everyTurns = 1;
        c.xo->pace.alternateAfterFailures = 1;
        c.xo->pace.contingentAfterFailures = 2;
        c.xo->pace.emergencyAfterFailures = 3;
        for (int i = 0; i < 6; ++i)
            h.llm.pushToolCalls({df(i)});
        AgentLoop loop(&h.llm, &h.tools, &h.clock, c,
                       {ChatMessage::user(QStringLiteral("check disk"))});
        QSignalSpy steered(&loop, &AgentLoop::steered);
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Failed);
        QCOMPARE(loop.errorCode(), QStringLiteral("xo_emergency"));
        bool emergency = false;
        for (const QList<QVariant>& args : steered)
            emergency |= args.first().value<xo::Steering>().emergency;
        QVERIFY(emergency);
        QVERIFY(h.llm.requests().size() < 6);  // it did not run to the step limit
    }

    void emergencyThenAnAnswerCompletes() {
        Harness h;
        AgentConfig c = h.config(true);
        c.xo->everyTurns = 1;
        c.xo->pace.alternateAfterFailures = 1;
        c.xo->pace.contingentAfterFailures = 2;
        c.xo->pace.emergencyAfterFailures = 3;
        for (int i = 0; i < 3; ++i)
            h.llm.pushToolCalls({df(i)});
        h.llm.pushText(QStringLiteral("Partial: df is missing; nothing else checked."));
        AgentLoop loop(&h.llm, &h.tools, &h.clock, c,
                       {ChatMessage::user(QStringLiteral("check disk"))});
        QSignalSpy done(&loop, &AgentLoop::finished);
        loop.start();
        QVERIFY(done.wait());
        QCOMPARE(loop.outcome(), AgentLoop::Outcome::Completed);
        QVERIFY(loop.finalText().startsWith(QStringLiteral("Partial")));
    }
};

QTEST_GUILESS_MAIN(TestXoInLoop)
#include "test_xo_in_loop.moc"
