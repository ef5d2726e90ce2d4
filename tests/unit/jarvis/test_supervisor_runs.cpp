// The supervisor agent's runs as children of SupervisorRuns: a transient failure is retried after
// the backoff and resumes from the stored thread; a failure that stays is answered directly with
// an apology, recorded on the run; a run cancelled or timed out during the backoff is not started
// again. The backoff runs on the ManualClock (random factor 0: exactly 2 s, then 4 s).
#include "jarvis_fixture.h"

#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

QString allText(const ChatRequest& r) {
    QString out;
    for (const ChatMessage& m : r.messages)
        out += m.content + QLatin1Char('\n');
    return out;
}

QList<Event> named(const QList<Event>& events, const QString& name) {
    QList<Event> out;
    for (const Event& e : events) {
        if (e.name == name)
            out.append(e);
    }
    return out;
}

// The "Retrying after …" notes: one per retry the service decided.
int retries(const QList<Event>& events) {
    int n = 0;
    for (const Event& e : named(events, QStringLiteral("supervisor_thinking")))
        n += e.data.value("retrying").toBool() ? 1 : 0;
    return n;
}

ScriptedLlm::Step failure(const QString& code) {
    return {{}, {}, code, false};
}

}  // namespace

class TestSupervisorRuns : public QObject {
    Q_OBJECT

    static void record(Fixture& f, QList<Event>* out) {
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [out](const Event& e) { out->append(e); });
    }

private Q_SLOTS:
    // A transient model failure: the attempt crashes, the supervisor restarts it after 2 s, the
    // second attempt answers from the stored thread with a notice the thread does not keep.
    void aTransientFailureIsRetriedAfterTheBackoff() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("overloaded")));
        f.llm.pushText(QStringLiteral("cube: / is 41% full."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QVERIFY(run);
        QTRY_COMPARE(retries(events), 1);
        QVERIFY(f.jarvis->isBusy());
        const Event note = named(events, QStringLiteral("supervisor_thinking")).last();
        QCOMPARE(note.data.value("message").toString(),
                 QStringLiteral("Retrying after a temporary error…"));
        QCOMPARE(note.data.value("attempt").toInt(), 2);
        f.clock.advance(1999);
        QCOMPARE(f.llm.requests().size(), 1);
        f.clock.advance(1);  // the backoff is over: attempt 2 calls the model
        QCOMPARE(f.llm.requests().size(), 2);
        QTRY_COMPARE(done.count(), 1);

        QVERIFY(done.first().at(1).toBool());
        QCOMPARE(done.first().at(2).toString(), QStringLiteral("cube: / is 41% full."));
        const RunRecord r = f.store->run(run.value()).value();
        QCOMPARE(statusName(r.status), statusName(RunStatus::Success));
        QCOMPARE(r.attempts, 2);
        QVERIFY(r.fallback.isEmpty());
        QVERIFY(r.errorCode.isEmpty());
        QCOMPARE(f.jarvis->attempts(), 2);
        // The model heard why; the conversation did not keep it.
        const QString second = allText(f.llm.requests().at(1));
        QVERIFY2(second.contains(QStringLiteral("previous attempt at this request failed")),
                 qPrintable(second));
        QVERIFY(second.contains(QStringLiteral("llm_overloaded")));
        QVERIFY(second.contains(QStringLiteral("check disk on cube")));
        const auto stored = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(stored->size(), 2);  // the question and the answer
        for (const QJsonObject& m : stored.value())
            QVERIFY(!m.value("content").toString().contains(QStringLiteral("[SUPERVISOR]")));

        // The child's life, published with the run and its owner.
        const QList<Event> restarted = named(events, QStringLiteral("child_restarted"));
        QCOMPARE(restarted.size(), 1);
        QCOMPARE(restarted.first().data.value("supervisor").toString(),
                 QStringLiteral("supervisor_agent"));
        QCOMPARE(restarted.first().data.value("run_id").toInteger(), run.value());
        QCOMPARE(restarted.first().data.value("restart_count").toInt(), 1);
        QCOMPARE(restarted.first().ownerId, 1);
        QStringList exits;
        for (const Event& e : named(events, QStringLiteral("child_exited"))) {
            if (e.data.value("supervisor").toString() == QLatin1String("supervisor_agent"))
                exits.append(e.data.value("reason").toString());
        }
        QCOMPARE(exits, (QStringList{"crash:llm_overloaded", "normal"}));
        QCOMPARE(events.last().name, QStringLiteral("supervisor_complete"));
        QVERIFY(!events.last().data.contains("fallback"));
        QCOMPARE(f.runs->runCount(), 0);
        QCOMPARE(f.runs->supervisor()->countChildren().active, 0);
    }

    // A persistent failure gets one retry; when it fails again Jarvis answers with a fixed
    // apology (no model call after a model failure), delivered like an answer and recorded.
    void aPersistentFailureIsAnsweredWithAnApology() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("bad_request")));
        f.llm.push(failure(QStringLiteral("bad_request")));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QVERIFY(run);
        QTRY_COMPARE(retries(events), 1);
        QCOMPARE(named(events, QStringLiteral("supervisor_thinking"))
                     .last()
                     .data.value("message")
                     .toString(),
                 QStringLiteral("Trying once more after an error…"));
        f.clock.advance(2000);
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(retries(events), 1);          // one retry only
        QCOMPARE(f.llm.requests().size(), 2);  // and no model call for the apology

        // runFinished still says failed: `zerg ask` exits 1, schedules see a failure.
        QVERIFY(!done.first().at(1).toBool());
        const QString apology = done.first().at(2).toString();
        QVERIFY2(apology.startsWith(QStringLiteral("Sorry, I couldn't finish this: scripted "
                                                   "failure: bad_request (after 2 attempts).")),
                 qPrintable(apology));
        QVERIFY2(apology.contains(QStringLiteral("more narrowly")), qPrintable(apology));

        const Event complete = events.last();
        QCOMPARE(complete.name, QStringLiteral("supervisor_complete"));
        QCOMPARE(complete.data.value("result").toString(), apology);
        QCOMPARE(complete.data.value("fallback").toString(), QStringLiteral("apology"));
        QCOMPARE(complete.data.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(complete.data.value("error_code").toString(), QStringLiteral("llm_bad_request"));
        QCOMPARE(complete.data.value("attempts").toInt(), 2);
        QVERIFY(named(events, QStringLiteral("error")).isEmpty());

        const RunRecord r = f.store->run(run.value()).value();
        QCOMPARE(statusName(r.status), QStringLiteral("failed"));
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(r.errorCode, QStringLiteral("llm_bad_request"));
        QCOMPARE(r.attempts, 2);
        QCOMPARE(r.result, apology);
        QCOMPARE(r.error, QStringLiteral("scripted failure: bad_request"));
        const auto stored = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(stored->last().value("role").toString(), QStringLiteral("assistant"));
        QCOMPARE(stored->last().value("content").toString(), apology);
        const auto details = f.jarvis->runDetails(run.value());
        QVERIFY(details);
        QCOMPARE(details->value("fallback").toString(), QStringLiteral("apology"));
        QCOMPARE(details->value("error_code").toString(), QStringLiteral("llm_bad_request"));
        QCOMPARE(details->value("attempts").toInt(), 2);
        QVERIFY(!f.jarvis->isBusy());
    }

    // A terminal failure (the API key is refused) is never retried, and the apology says what to
    // fix.
    void aTerminalFailureIsNotRetried() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("auth")));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(retries(events), 0);
        QVERIFY(named(events, QStringLiteral("child_restarted")).isEmpty());
        const QString apology = done.first().at(2).toString();
        QVERIFY2(apology.contains(QStringLiteral("ZERG_LLM_API_KEY")), qPrintable(apology));
        const RunRecord r = f.store->run(run.value()).value();
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(r.errorCode, QStringLiteral("llm_auth"));
        QCOMPARE(r.attempts, 1);
        f.clock.advance(60'000);
        QCOMPARE(f.llm.requests().size(), 1);
    }

    // After a failure that is not the model's (the step limit), one short call without tools
    // writes the apology from what is known.
    void theStepLimitIsAnsweredByAShortModelCall() {
        Fixture f(5, false, [](JarvisConfig& c) {
            c.maxIterations = 1;
            c.quickModel = QStringLiteral("quick-m");
        });
        QList<Event> events;
        record(f, &events);
        const ToolCall clock{QStringLiteral("t1"), QStringLiteral("get_current_time"),
                             QStringLiteral("{}")};
        f.llm.pushToolCalls({clock});  // attempt 1 runs out of steps
        f.llm.pushToolCalls({clock});  // so does attempt 2
        f.llm.pushText(QStringLiteral("Sorry, I ran out of steps before I could check cube."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QTRY_COMPARE(retries(events), 1);
        f.clock.advance(2000);
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(f.llm.requests().size(), 3);
        const ChatRequest& apologyCall = f.llm.requests().last();
        QCOMPARE(apologyCall.meta.role, QStringLiteral("apology"));
        QCOMPARE(apologyCall.model, QStringLiteral("quick-m"));
        QVERIFY(apologyCall.tools.isEmpty());
        QVERIFY(allText(apologyCall).contains(QStringLiteral("max_iterations")));
        QVERIFY(allText(apologyCall).contains(QStringLiteral("check disk on cube")));
        const QString text = QStringLiteral("Sorry, I ran out of steps before I could check cube.");
        QCOMPARE(done.first().at(2).toString(), text);
        QVERIFY(!done.first().at(1).toBool());
        const RunRecord r = f.store->run(run.value()).value();
        QCOMPARE(r.errorCode, QStringLiteral("max_iterations"));
        QCOMPARE(r.result, text);
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(f.store->loadMessages(f.jarvis->threadId())->last().value("content").toString(),
                 text);
    }

    // When that call fails too, the fixed apology stands in.
    void aFailedApologyCallFallsBackToTheFixedText() {
        Fixture f(5, false, [](JarvisConfig& c) { c.maxIterations = 1; });
        QList<Event> events;
        record(f, &events);
        const ToolCall clock{QStringLiteral("t1"), QStringLiteral("get_current_time"),
                             QStringLiteral("{}")};
        f.llm.pushToolCalls({clock});
        f.llm.pushToolCalls({clock});
        f.llm.push(failure(QStringLiteral("server")));  // the apology call
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(retries(events), 1);
        f.clock.advance(2000);
        QTRY_COMPARE(done.count(), 1);
        const QString text = done.first().at(2).toString();
        QVERIFY2(text.startsWith(QStringLiteral("Sorry, I couldn't finish this: Stopped after 1 "
                                                "model calls")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("(after 2 attempts)")));
        QCOMPARE(events.last().data.value("fallback").toString(), QStringLiteral("apology"));
    }

    // Cancelled while it waits out the backoff: nothing starts again.
    void aRunCancelledDuringTheBackoffStaysCancelled() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("overloaded")));
        f.llm.pushText(QStringLiteral("never sent"));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QTRY_COMPARE(retries(events), 1);
        QCOMPARE(f.runs->supervisor()->whichChildren().size(), 1);
        QVERIFY(f.runs->supervisor()->whichChildren().first().state ==
                supervision::ChildState::Restarting);
        f.jarvis->cancelRun(run.value());
        QCOMPARE(done.count(), 1);
        QVERIFY(!done.first().at(1).toBool());
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("cancelled"));
        QCOMPARE(events.last().name, QStringLiteral("error"));
        QVERIFY(f.runs->supervisor()->whichChildren().isEmpty());
        f.clock.advance(60'000);
        QCOMPARE(f.llm.requests().size(), 1);
        QVERIFY(named(events, QStringLiteral("child_restarted")).isEmpty());
        QVERIFY(!f.jarvis->isBusy());
    }

    // The run timeout during the backoff ends the run (timeout, its findings) and cancels the
    // restart.
    void theRunTimeoutDuringTheBackoffEndsTheRun() {
        Fixture f(5, false, [](JarvisConfig& c) { c.runTimeoutSecs = 1; });
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("overloaded")));
        f.llm.pushText(QStringLiteral("never sent"));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QTRY_COMPARE(retries(events), 1);
        f.clock.advance(1000);  // the timeout, a second before the restart
        QCOMPARE(done.count(), 1);
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("timeout"));
        QCOMPARE(events.last().data.value("details").toString(), QStringLiteral("run_timeout"));
        f.clock.advance(60'000);
        QCOMPARE(f.llm.requests().size(), 1);
        QVERIFY(f.runs->supervisor()->whichChildren().isEmpty());
        QVERIFY(named(events, QStringLiteral("child_restarted")).isEmpty());
    }

    // A quick answer is no child: its failure is answered with the apology at once. When it
    // hands over, the supervisor's turn is a child and is retried.
    void quickRunsBecomeChildrenWhenTheyHandOver() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.push(failure(QStringLiteral("overloaded")));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> quick = f.jarvis->ask(QStringLiteral("hello"));
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(retries(events), 0);
        QCOMPARE(f.store->run(quick.value())->mode, QStringLiteral("quick"));
        QCOMPARE(f.store->run(quick.value())->fallback, QStringLiteral("apology"));
        QVERIFY(named(events, QStringLiteral("child_started")).isEmpty());

        f.llm.pushToolCalls({{QStringLiteral("r1"), QStringLiteral("route_to_supervisor"),
                              QStringLiteral(R"({"reason":"needs a look"})")}});
        f.llm.push(failure(QStringLiteral("network")));
        f.llm.pushText(QStringLiteral("Supervisor here: all good."));
        const Result<qint64> handed = f.jarvis->ask(QStringLiteral("hello, thanks"));
        QTRY_COMPARE(retries(events), 1);
        f.clock.advance(2000);
        QTRY_COMPARE(done.count(), 2);
        QVERIFY(done.last().at(1).toBool());
        QCOMPARE(done.last().at(2).toString(), QStringLiteral("Supervisor here: all good."));
        QCOMPARE(f.store->run(handed.value())->attempts, 2);
        QCOMPARE(named(events, QStringLiteral("child_restarted")).size(), 1);
    }

    // Taking over (docs/server.md): a run another process was working on when it stopped goes on
    // here from its stored thread, with the attempt the takeover counted, told why; it ends like
    // any run. A busy agent or a scheduled check is refused.
    void aRunTakenOverGoesOnFromItsStoredThread() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        const QDateTime now = f.clock.utcNow();
        const qint64 thread =
            f.store->findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), now)->id;
        const qint64 run =
            f.store->createRun(1, thread, QStringLiteral("disk on cube"), now).value();
        QVERIFY(f.store->appendMessage(
            thread, run, ChatMessage::user(QStringLiteral("disk on cube")).toJson(), now));
        QVERIFY(f.store->setRunAttempts(run, 2));  // as InstanceLease's takeover counts it
        const qint64 scheduled =
            f.store
                ->createRun(1, thread, QStringLiteral("check"), now, QStringLiteral("background"))
                .value();
        const Status refused = f.jarvis->resumeRun(scheduled, QStringLiteral("zerg-a"));
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, QStringLiteral("invalid_state"));

        f.llm.pushText(QStringLiteral("cube: / is 41% full."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Status resumed = f.jarvis->resumeRun(run, QStringLiteral("zerg-a"));
        QVERIFY2(resumed, resumed ? "" : qPrintable(resumed.error().message));
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(done.first().at(1).toBool());
        const RunRecord r = f.store->run(run).value();
        QCOMPARE(statusName(r.status), statusName(RunStatus::Success));
        QCOMPARE(r.result, QStringLiteral("cube: / is 41% full."));
        QCOMPARE(r.attempts, 2);
        const QString heard = allText(f.llm.requests().first());
        QVERIFY2(heard.contains(QStringLiteral("(zerg-a) stopped")), qPrintable(heard));
        QVERIFY(heard.contains(QStringLiteral("disk on cube")));
        const QList<Event> notes = named(events, QStringLiteral("supervisor_thinking"));
        QVERIFY(!notes.isEmpty());
        QCOMPARE(notes.first().data.value("error_code").toString(),
                 QStringLiteral("instance_lost"));
        QCOMPARE(notes.first().data.value("attempt").toInt(), 2);
        QCOMPARE(events.last().name, QStringLiteral("supervisor_complete"));
        QCOMPARE(f.runs->runCount(), 0);

        // One run at a time: a second takeover while one goes on is refused.
        f.llm.push({{}, {}, {}, true});
        const Result<qint64> another = f.jarvis->ask(QStringLiteral("another"));
        QVERIFY(another);
        const Status busy = f.jarvis->resumeRun(run, QStringLiteral("zerg-a"));
        QVERIFY(!busy);
        QCOMPARE(busy.error().code, QStringLiteral("busy"));
        // Ended while `events` lives (the fixture's teardown publishes too).
        f.jarvis->cancelRun(another.value());
        QTRY_VERIFY(!f.jarvis->isBusy());
    }

    // A drain that runs out hands back a run nothing has changed a system for: its worker
    // stops, the thread keeps the call with a note, and the run stays running in the database
    // for another process. A run with a recorded change is not handed back.
    void aRunWithoutAChangeIsHandedBack() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w"), QStringLiteral("ssh_exec"),
                              QStringLiteral("{\"host\":\"cube\",\"command\":\"df -h\"}")}});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check"));
        QVERIFY(run);
        QTRY_COMPARE(f.tool->running, 1);
        QVERIFY(f.jarvis->handBackRun());
        QCOMPARE(f.tool->cancelled, 1);
        QVERIFY(!f.jarvis->isBusy());
        QCOMPARE(done.count(), 0);
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("running"));
        const auto messages = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(messages->size(), 3);  // user, assistant with the call, tool result
        QVERIFY(messages->at(2).value("content").toString().contains(
            QStringLiteral("handed the request to another one")));
        QCOMPARE(f.runs->runCount(), 0);
        QVERIFY(!f.jarvis->handBackRun());  // nothing in progress

        f.llm.pushToolCalls({spawn(QStringLiteral("b"), QStringLiteral("Restart nginx"))});
        f.llm.pushToolCalls({{QStringLiteral("w2"), QStringLiteral("ssh_exec"),
                              QStringLiteral("{\"host\":\"cube\",\"command\":\"systemctl "
                                             "restart nginx\"}")}});
        const auto changing = f.jarvis->ask(QStringLiteral("restart nginx"));
        QVERIFY(changing);
        QTRY_COMPARE(f.tool->running, 1);
        QVERIFY(!f.store->firstChange(changing.value())->isEmpty());
        QVERIFY(!f.jarvis->handBackRun());
        QVERIFY(f.jarvis->isBusy());
    }
};

QTEST_GUILESS_MAIN(TestSupervisorRuns)
#include "test_supervisor_runs.moc"
