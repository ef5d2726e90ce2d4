#include "core/clock.h"
#include "core/json_util.h"
#include "postgres_fixture.h"
#include "roundabout/decision_payload.h"
#include "roundabout/heuristic_decider.h"
#include "roundabout/llm_decider.h"
#include "scripted_llm.h"
#include "storage/agent_profiles.h"
#include "storage/database.h"

#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;
using test::ScriptedLlm;

namespace {

// ScriptedLlm that also keeps the replies it hands out, to see whether the decider aborted them.
class RecordingLlm final : public LlmProvider {
public:
    ChatReply* chat(const ChatRequest& request) override {
        ChatReply* r = script.chat(request);
        replies.append(r);
        return r;
    }
    QString kind() const override { return QStringLiteral("openai"); }
    const QList<ChatRequest>& requests() const { return script.requests(); }

    ScriptedLlm script;
    QList<QPointer<ChatReply>> replies;
};

// A provider whose replies have already failed when chat() returns (e.g. a refused request).
class FailingAtOnceReply final : public ChatReply {
public:
    explicit FailingAtOnceReply(QObject* parent) : ChatReply(parent) {
        m_errorCode = QStringLiteral("bad_request");
        m_errorString = QStringLiteral("the request was refused");
        m_finished = true;
    }
    void abort() override {}
};

class FailingThenScriptedLlm final : public LlmProvider {
public:
    ChatReply* chat(const ChatRequest& request) override {
        if (failNext) {
            failNext = false;
            return new FailingAtOnceReply(this);
        }
        return script.chat(request);
    }
    QString kind() const override { return QStringLiteral("openai"); }
    bool failNext = true;
    ScriptedLlm script;
};

WorkerSnapshot snapshotRunning(const QString& command, qint64 runningMs) {
    WorkerSnapshot s;
    s.status = WorkerStatus::Running;
    s.task = QStringLiteral("Check disk on cube");
    s.elapsedMs = 1000 + runningMs;
    ActivityEntry a;
    a.tool = QStringLiteral("ssh_exec");
    a.host = QStringLiteral("cube");
    a.args = {{QStringLiteral("host"), QStringLiteral("cube")},
              {QStringLiteral("command"), command}};
    a.startedAtMs = 1000;
    a.outcome = CallOutcome::Running;
    s.activity.append(a);
    return s;
}

QJsonObject payloadRunning(const QString& command, qint64 runningMs) {
    return decisionPayload(7, snapshotRunning(command, runningMs), 20);
}

// Collects the decisions a decider calls back with.
struct Collector {
    QList<Decision> got;
    Decider::Callback callback() {
        return [this](Decision d) { got.append(std::move(d)); };
    }
};

// Lets queued calls and zero-timers run, so that a callback that should not come would come.
void spinEventLoop() {
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

LlmDeciderConfig config(int budget = 12, int timeoutMs = 10000) {
    LlmDeciderConfig c;
    c.model = QStringLiteral("gpt-4o-mini");
    c.callBudget = budget;
    c.timeoutMs = timeoutMs;
    c.meta.agent = QStringLiteral("roundabout");
    c.meta.jobId = 7;
    c.meta.runId = 3;
    return c;
}

}  // namespace

class TestDeciders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- parseDecision ----

    void parsesEveryValidForm_data() {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("argument");
        QTest::newRow("wait") << "wait"
                              << "wait"
                              << "";
        QTest::newRow("wait upper") << "WAIT"
                                    << "wait"
                                    << "";
        QTest::newRow("wait period") << "Wait."
                                     << "wait"
                                     << "";
        QTest::newRow("wait spaces") << "  wait \n"
                                     << "wait"
                                     << "";
        QTest::newRow("wait backticks") << "`wait`"
                                        << "wait"
                                        << "";
        QTest::newRow("wait backticks period") << "`wait`."
                                               << "wait"
                                               << "";
        QTest::newRow("wait with a reason") << "wait: du is still scanning"
                                            << "wait"
                                            << "";
        QTest::newRow("exit") << "exit: cube is at 78% disk usage"
                              << "exit"
                              << "cube is at 78% disk usage";
        QTest::newRow("exit mixed case") << "Exit:  cube is up "
                                         << "exit"
                                         << "cube is up";
        QTest::newRow("exit quoted") << "\"exit: cube is up.\""
                                     << "exit"
                                     << "cube is up";
        QTest::newRow("exit colon in findings") << "exit: uptime: 12 days"
                                                << "exit"
                                                << "uptime: 12 days";
        QTest::newRow("cancel") << "cancel: ls should not take 10 s"
                                << "cancel"
                                << "ls should not take 10 s";
        QTest::newRow("cancel spaced colon") << "CANCEL : stuck"
                                             << "cancel"
                                             << "stuck";
        QTest::newRow("peek thread") << "peek: Thread"
                                     << "peek"
                                     << "thread";
        QTest::newRow("peek number") << "peek: 2"
                                     << "peek"
                                     << "2";
        QTest::newRow("peek file") << "peek: tool_calls/002_ssh_exec.txt"
                                   << "peek"
                                   << "tool_calls/002_ssh_exec.txt";
        QTest::newRow("message") << "message: try df -i"
                                 << "message"
                                 << "try df -i";
        QTest::newRow("message single quotes") << "'message: use sudo'"
                                               << "message"
                                               << "use sudo";
        // The seed's one-word answers: a bare exit leaves the findings to the roundabout (the
        // latest output), a bare cancel has no reason.
        QTest::newRow("bare exit") << "exit"
                                   << "exit"
                                   << "";
        QTest::newRow("bare exit period") << "Exit."
                                          << "exit"
                                          << "";
        QTest::newRow("exit empty findings") << "exit:  "
                                             << "exit"
                                             << "";
        QTest::newRow("bare cancel") << "cancel"
                                     << "cancel"
                                     << "no reason given";
        QTest::newRow("bare cancel backticks") << "`CANCEL`"
                                               << "cancel"
                                               << "no reason given";
    }
    void parsesEveryValidForm() {
        QFETCH(QString, answer);
        QFETCH(QString, action);
        QFETCH(QString, argument);
        const std::optional<Decision> d = parseDecision(answer);
        QVERIFY(d.has_value());
        QCOMPARE(statusName(d->action), action);
        QCOMPARE(d->argument, argument);
        QCOMPARE(d->raw, answer);
    }

    void refusesAnythingElse_data() {
        QTest::addColumn<QString>("answer");
        QTest::newRow("empty") << "";
        QTest::newRow("blank") << "   \n ";
        QTest::newRow("two lines") << "wait\nthe command is still running";
        QTest::newRow("two decisions") << "exit: cube is up\ncancel: no";
        QTest::newRow("peek without target") << "peek:";
        QTest::newRow("message without text") << "message";
        QTest::newRow("maybe") << "maybe";
        QTest::newRow("unknown action") << "retry: the command";
        QTest::newRow("prose") << "I think we should wait";
        QTest::newRow("json") << R"({"action": "wait"})";
        QTest::newRow("json exit") << R"({"action":"exit","findings":"cube is up"})";
        QTest::newRow("other separator") << "exit - cube is up";
        QTest::newRow("only quotes") << "``";
    }
    void refusesAnythingElse() {
        QFETCH(QString, answer);
        QVERIFY(!parseDecision(answer).has_value());
    }

    void decisionJsonLeavesEmptyFieldsOut() {
        Decision d = Decision::defaultWait(QStringLiteral("timeout"));
        QCOMPARE(d.action, DecisionAction::Wait);
        QCOMPARE(d.source, QStringLiteral("default"));
        d.durationMs = 10000;
        const QJsonObject o = d.toJson();
        QCOMPARE(o.value("action").toString(), QStringLiteral("wait"));
        QCOMPARE(o.value("source").toString(), QStringLiteral("default"));
        QCOMPARE(o.value("note").toString(), QStringLiteral("timeout"));
        QCOMPARE(o.value("duration_ms").toInteger(), 10000);
        QVERIFY(!o.contains("argument"));
        QVERIFY(!o.contains("raw"));

        const QJsonObject exit = parseDecision(QStringLiteral("exit: up"))->toJson();
        QCOMPARE(exit.value("action").toString(), QStringLiteral("exit"));
        QCOMPARE(exit.value("argument").toString(), QStringLiteral("up"));
        QCOMPARE(exit.value("raw").toString(), QStringLiteral("exit: up"));
        QVERIFY(!exit.contains("note"));

        QCOMPARE(statusName(DecisionAction::Message), QStringLiteral("message"));
        QCOMPARE(statusName(DecisionAction::Cancel), QStringLiteral("cancel"));

        DeciderCounters c;
        c.calls = 3;
        c.skips = 1;
        const QJsonObject cj = c.toJson();
        QCOMPARE(cj.value("calls").toInt(), 3);
        QCOMPARE(cj.value("skips").toInt(), 1);
        QCOMPARE(cj.value("timeouts").toInt(), 0);
        QVERIFY(cj.contains("errors"));
        QVERIFY(cj.contains("invalid"));
    }

    // ---- heuristic ----

    void heuristicWaitsBelowTheThresholdAndCancelsAbove() {
        HeuristicDecider h(30);
        QCOMPARE(h.kind(), QStringLiteral("heuristic"));
        Collector c;

        h.decide(payloadRunning(QStringLiteral("du -sh /var"), 29000), c.callback());
        QCOMPARE(c.got.size(), 1);  // synchronous
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QCOMPARE(c.got[0].source, QStringLiteral("heuristic"));

        h.decide(payloadRunning(QStringLiteral("du -sh /var"), 30000), c.callback());
        QCOMPARE(c.got.size(), 2);
        QCOMPARE(c.got[1].action, DecisionAction::Wait);

        h.decide(payloadRunning(QStringLiteral("du -sh /var"), 45000), c.callback());
        QCOMPARE(c.got.size(), 3);
        const Decision& cancel = c.got[2];
        QCOMPARE(cancel.action, DecisionAction::Cancel);
        QCOMPARE(cancel.source, QStringLiteral("heuristic"));
        QVERIFY2(cancel.argument.contains(QLatin1String("ssh_exec cube \"du -sh /var\"")),
                 qPrintable(cancel.argument));
        QVERIFY2(cancel.argument.contains(QLatin1String("45 s")), qPrintable(cancel.argument));
        QVERIFY2(cancel.argument.contains(QLatin1String("no decider model is configured")),
                 qPrintable(cancel.argument));
        QCOMPARE(h.counters().calls, 0);
    }

    void heuristicWaitsWhenNothingRunsAndNeverExits() {
        HeuristicDecider h(1);
        Collector c;
        WorkerSnapshot s = snapshotRunning(QStringLiteral("df -h"), 500);
        s.activity[0].outcome = CallOutcome::Success;
        s.activity[0].durationMs = 500;
        s.activity[0].outputExcerpt = QStringLiteral("/dev/sda1 78% /");
        s.elapsedMs = 600000;
        h.decide(decisionPayload(7, s, 20), c.callback());
        QCOMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
    }

    // ---- llm ----

    void llmSendsThePayloadAndTheSystemPrompt() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("wait"));
        LlmDecider d(&llm, &clock, config());
        QCOMPARE(d.kind(), QStringLiteral("llm"));
        Collector c;
        const QJsonObject payload = payloadRunning(QStringLiteral("ls"), 10000);
        d.decide(payload, c.callback());
        QCOMPARE(c.got.size(), 0);  // asynchronous, even with an instant answer
        QTRY_COMPARE(c.got.size(), 1);

        QCOMPARE(llm.requests().size(), 1);
        const ChatRequest& req = llm.requests()[0];
        QCOMPARE(req.model, QStringLiteral("gpt-4o-mini"));
        QCOMPARE(req.meta.role, QStringLiteral("decider"));
        QCOMPARE(req.meta.agent, QStringLiteral("roundabout"));
        QCOMPARE(req.meta.jobId, 7);
        QCOMPARE(req.meta.runId, 3);
        QVERIFY(req.tools.isEmpty());
        QCOMPARE(req.messages.size(), 2);
        QCOMPARE(req.messages[0].role, ChatMessage::Role::System);
        QCOMPARE(req.messages[0].content, LlmDecider::systemPrompt());
        QCOMPARE(req.messages[1].role, ChatMessage::Role::User);
        QCOMPARE(req.messages[1].content, json::compactString(payload));
        QCOMPARE(d.counters().calls, 1);
    }

    // The decider agent's tuning (Dashboard › Agents) is read before each call: an edit applies
    // to the next decision.
    void llmFollowsTheDecidersTuning() {
        QTemporaryDir dir;
        auto db = test::openTestDatabase(dir.filePath(QStringLiteral("d.sqlite")));
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        AgentProfileStore profiles(db.value().get());
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("wait"));
        llm.pushText(QStringLiteral("wait"));
        LlmDeciderConfig cfg = config();
        cfg.profiles = &profiles;
        LlmDecider d(&llm, &clock, cfg);
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 10000), c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        AgentProfile tuned = AgentProfile::builtIn(AgentRole::Decider);
        tuned.systemPrompt = QStringLiteral("Answer wait unless the worker is stuck.");
        tuned.model = QStringLiteral("tiny-decider");
        tuned.temperature = 0.0;
        QVERIFY(profiles.save(tuned, QDateTime::currentDateTimeUtc()));
        d.decide(payloadRunning(QStringLiteral("ls"), 12000), c.callback());
        QTRY_COMPARE(c.got.size(), 2);
        QCOMPARE(llm.requests().size(), 2);
        QCOMPARE(llm.requests()[0].messages[0].content, LlmDecider::systemPrompt());
        QCOMPARE(llm.requests()[0].model, QStringLiteral("gpt-4o-mini"));
        QVERIFY(!llm.requests()[0].temperature);
        QCOMPARE(llm.requests()[1].messages[0].content, *tuned.systemPrompt);
        QCOMPARE(llm.requests()[1].model, QStringLiteral("tiny-decider"));
        QCOMPARE(llm.requests()[1].temperature, std::optional<double>(0.0));
    }

    void theSystemPromptExplainsTheOptionsWithoutMagicWords() {
        const QString p = LlmDecider::systemPrompt();
        for (const char* must :
             {"wait", "exit: <findings>", "cancel: <reason>", "peek:", "message: <text", "`ls`",
              "`du -sh /var`", "exactly one line", "do not peek again", "unsure"})
            QVERIFY2(p.contains(QLatin1String(must)), must);
        // v2 improvement 1: completion is recognized from meaning, not from keywords.
        for (const char* keyword : {"Done", "Result:", "Summary:", "Completed"})
            QVERIFY2(!p.contains(QLatin1String(keyword)), keyword);
    }

    void llmAnswersMapToDecisions_data() {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<int>("action");
        QTest::addColumn<QString>("argument");
        QTest::newRow("wait") << "wait" << int(DecisionAction::Wait) << "";
        QTest::newRow("exit") << "exit: cube is up" << int(DecisionAction::Exit) << "cube is up";
        QTest::newRow("cancel") << "cancel: stuck" << int(DecisionAction::Cancel) << "stuck";
        QTest::newRow("bare cancel")
            << "cancel" << int(DecisionAction::Cancel) << "no reason given";
        QTest::newRow("bare exit") << "exit" << int(DecisionAction::Exit) << "";
        QTest::newRow("peek") << "peek: thread" << int(DecisionAction::Peek) << "thread";
        QTest::newRow("message") << "message: try df -i" << int(DecisionAction::Message)
                                 << "try df -i";
        QTest::newRow("thinking first")
            << "<think>45 s is normal for du</think>\nwait" << int(DecisionAction::Wait) << "";
    }
    void llmAnswersMapToDecisions() {
        QFETCH(QString, answer);
        QFETCH(int, action);
        QFETCH(QString, argument);
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(answer);
        LlmDecider d(&llm, &clock, config());
        Collector c;
        d.decide(payloadRunning(QStringLiteral("du -sh /var"), 45000), c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        const Decision& got = c.got[0];
        QCOMPARE(int(got.action), action);
        QCOMPARE(got.argument, argument);
        QCOMPARE(got.source, QStringLiteral("llm"));
        QCOMPARE(got.raw, answer);
        QVERIFY(got.note.isEmpty());
        QCOMPARE(d.counters().calls, 1);
        QCOMPARE(d.counters().invalid, 0);
        QCOMPARE(d.counters().errors, 0);
    }

    void garbageIsAnInvalidAnswerAndAWait() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(
            QStringLiteral("The worker seems fine, I would wait a bit.\nMaybe exit later."));
        LlmDecider d(&llm, &clock, config());
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QCOMPARE(c.got[0].source, QStringLiteral("default"));
        QCOMPARE(c.got[0].note, QStringLiteral("invalid answer"));
        QVERIFY(c.got[0].raw.startsWith(QLatin1String("The worker seems fine")));
        QCOMPARE(d.counters().invalid, 1);
        QCOMPARE(d.counters().calls, 1);
    }

    void aModelErrorIsAWait() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.push({{}, {}, QStringLiteral("server"), false});
        LlmDecider d(&llm, &clock, config());
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QCOMPARE(c.got[0].source, QStringLiteral("default"));
        QVERIFY2(c.got[0].note.startsWith(QLatin1String("error: ")), qPrintable(c.got[0].note));
        QVERIFY(c.got[0].note.contains(QLatin1String("server")));
        QCOMPARE(d.counters().errors, 1);
        QCOMPARE(d.counters().invalid, 0);
    }

    void aHangingModelTimesOutIntoAWait() {
        ManualClock clock;
        RecordingLlm llm;
        llm.script.push({{}, {}, {}, true});
        LlmDecider d(&llm, &clock, config(12, 4000));
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        spinEventLoop();
        QCOMPARE(c.got.size(), 0);
        clock.advance(3999);
        QCOMPARE(c.got.size(), 0);
        clock.advance(1);
        QCOMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QCOMPARE(c.got[0].note, QStringLiteral("timeout"));
        QCOMPARE(c.got[0].durationMs, 4000);
        QCOMPARE(d.counters().timeouts, 1);

        QCOMPARE(llm.replies.size(), 1);
        QPointer<ChatReply> reply = llm.replies[0];
        QVERIFY(reply);
        QVERIFY(reply->isFinished());
        QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
        QTRY_VERIFY(reply.isNull());  // and released
        spinEventLoop();
        QCOMPARE(c.got.size(), 1);
    }

    void durationComesFromTheClock() {
        ManualClock clock;
        clock.advance(5000);
        ScriptedLlm llm;
        llm.push({{}, {}, {}, true});
        llm.pushText(QStringLiteral("wait"));
        LlmDecider d(&llm, &clock, config(12, 2000));
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 1000), c.callback());
        clock.advance(2000);
        QCOMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].durationMs, 2000);
        d.decide(payloadRunning(QStringLiteral("ls"), 1000), c.callback());
        QTRY_COMPARE(c.got.size(), 2);
        QCOMPARE(c.got[1].durationMs, 0);
    }

    void theBudgetIsPerDeciderAndSkipsWithoutACall() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("wait"));
        llm.pushText(QStringLiteral("wait"));
        llm.pushText(QStringLiteral("exit: should never be asked"));
        LlmDecider d(&llm, &clock, config(2));
        Collector c;
        const QJsonObject payload = payloadRunning(QStringLiteral("ls"), 3000);
        d.decide(payload, c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        d.decide(payload, c.callback());
        QTRY_COMPARE(c.got.size(), 2);
        d.decide(payload, c.callback());
        QCOMPARE(c.got.size(), 2);  // still asynchronous
        QTRY_COMPARE(c.got.size(), 3);
        QCOMPARE(c.got[2].action, DecisionAction::Wait);
        QCOMPARE(c.got[2].note, QStringLiteral("budget"));
        QCOMPARE(c.got[2].source, QStringLiteral("default"));
        QCOMPARE(llm.requests().size(), 2);
        QCOMPARE(llm.remaining(), 1);
        QCOMPARE(d.counters().calls, 2);
        QCOMPARE(d.counters().skips, 1);
    }

    void peekingAgainIsAWait() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("peek: thread"));
        LlmDecider d(&llm, &clock, config());
        Collector c;
        const QJsonObject peeked =
            decisionPayload(7, snapshotRunning(QStringLiteral("ls"), 3000), 20,
                            QStringLiteral("thread"), QStringLiteral("[user] Check disk on cube"));
        d.decide(peeked, c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QCOMPARE(c.got[0].note, QStringLiteral("peek again"));
        QVERIFY(c.got[0].argument.isEmpty());
        QCOMPARE(c.got[0].raw, QStringLiteral("peek: thread"));
    }

    void aProviderThatFailsAtOnceStillAnswersLater() {
        ManualClock clock;
        FailingThenScriptedLlm llm;
        LlmDecider d(&llm, &clock, config());
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        QCOMPARE(c.got.size(), 0);
        QTRY_COMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Wait);
        QVERIFY(c.got[0].note.contains(QLatin1String("the request was refused")));
        QCOMPARE(d.counters().errors, 1);

        // Dropped before its queued handling: the next decision is not answered in its place.
        llm.failNext = true;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        d.abort();
        llm.script.push({{}, {}, {}, true});
        d.decide(payloadRunning(QStringLiteral("ls"), 4000), c.callback());
        spinEventLoop();
        QCOMPARE(c.got.size(), 1);
        clock.advance(10000);
        QCOMPARE(c.got.size(), 2);
        QCOMPARE(c.got[1].note, QStringLiteral("timeout"));
    }

    void abortMidCallMeansNoCallbackEver() {
        ManualClock clock;
        RecordingLlm llm;
        llm.script.pushText(QStringLiteral("exit: cube is up"));
        LlmDecider d(&llm, &clock, config(12, 1000));
        Collector c;
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        d.abort();
        QCOMPARE(llm.replies.size(), 1);
        QVERIFY(llm.replies[0]);
        QCOMPARE(llm.replies[0]->errorCode(), QStringLiteral("aborted"));
        spinEventLoop();
        clock.advance(5000);
        spinEventLoop();
        QCOMPARE(c.got.size(), 0);
        QCOMPARE(clock.pendingCount(), 0);

        // A skipped decision aborted before its queued callback is dropped too.
        LlmDecider spent(&llm, &clock, config(0));
        spent.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        spent.abort();
        spinEventLoop();
        QCOMPARE(c.got.size(), 0);

        // The decider is usable again afterwards.
        llm.script.pushText(QStringLiteral("cancel: ls does not take 3 s"));
        d.decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        QTRY_COMPARE(c.got.size(), 1);
        QCOMPARE(c.got[0].action, DecisionAction::Cancel);
    }

    void destroyingTheDeciderMidCallMeansNoCallback() {
        ManualClock clock;
        RecordingLlm llm;
        llm.script.pushText(QStringLiteral("wait"));
        Collector c;
        auto d = std::make_unique<LlmDecider>(&llm, &clock, config(12, 1000));
        d->decide(payloadRunning(QStringLiteral("ls"), 3000), c.callback());
        QPointer<ChatReply> reply = llm.replies.value(0);
        QVERIFY(reply);
        d.reset();
        QVERIFY(reply.isNull() || reply->errorCode() == QLatin1String("aborted"));
        spinEventLoop();
        clock.advance(5000);
        QCOMPARE(c.got.size(), 0);
        QCOMPARE(clock.pendingCount(), 0);
    }

    void aNewDecisionCanStartFromTheCallback() {
        ManualClock clock;
        ScriptedLlm llm;
        llm.pushText(QStringLiteral("peek: 1"));
        llm.pushText(QStringLiteral("exit: / is 78% full"));
        LlmDecider d(&llm, &clock, config());
        QList<Decision> got;
        d.decide(payloadRunning(QStringLiteral("df -h"), 1000), [&](Decision first) {
            got.append(first);
            // The roundabout peeks and asks again at once, with the peek in the payload.
            d.decide(decisionPayload(7, snapshotRunning(QStringLiteral("df -h"), 1000), 20,
                                     first.argument, QStringLiteral("/dev/sda1 78% /")),
                     [&](Decision second) { got.append(second); });
        });
        QTRY_COMPARE(got.size(), 2);
        QCOMPARE(got[0].action, DecisionAction::Peek);
        QCOMPARE(got[1].action, DecisionAction::Exit);
        QCOMPARE(got[1].argument, QStringLiteral("/ is 78% full"));
        QVERIFY(llm.requests()[1].messages[1].content.contains(QLatin1String("\"peek\"")));
    }
};

QTEST_GUILESS_MAIN(TestDeciders)
#include "test_deciders.moc"
