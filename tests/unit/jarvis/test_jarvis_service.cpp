// The supervisor and its workers with an in-process scripted model, real SQLite and a real
// artifact folder, and the manual clock driving the roundabout.
#include "jarvis_fixture.h"
#include "runtime/backend.h"

#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

class TestJarvisService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hardTimeoutReallyStopsTheWorker() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Check disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"du -sh /"})")}});
        f.llm.pushText(QStringLiteral("The check timed out."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(f.tool->running, 1);
        f.clock.advance(29000);
        QCOMPARE(f.tool->cancelled, 0);
        QCOMPARE(f.events.count(QStringLiteral("worker_status_update")), 5);
        f.clock.advance(1000);  // 30 s: the hard timeout
        QCOMPARE(f.tool->cancelled, 1);
        QVERIFY(done.wait());
        QVERIFY(done.at(0).at(1).toBool());
        const auto jobs = f.store->listJobs(1, 5);
        QCOMPARE(statusName(jobs->first().status), QStringLiteral("timeout"));
        const auto meta = f.artifacts->metadata(jobs->first().workerId, 1);
        QCOMPARE(meta->value("status").toString(), QStringLiteral("timeout"));
        // The supervisor got the timeout shape as its one tool result.
        const ChatMessage toolMsg = f.llm.requests().last().messages.last();
        QCOMPARE(toolMsg.role, ChatMessage::Role::Tool);
        QJsonObject shape;
        QVERIFY(json::parseObject(toolMsg.content.toUtf8(), &shape));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("timeout"));
        QCOMPARE(shape.value("activity_at_failure").toObject().value("last_operation").toString(),
                 QStringLiteral("ssh_exec cube \"du -sh /\""));
    }

    void twoSpawnsRunTwoWorkersAtOnce() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube")),
                             spawn(QStringLiteral("b"), QStringLiteral("Disk on clifford"))});
        for (int i = 0; i < 2; ++i) {
            f.llm.pushToolCalls({{QStringLiteral("w%1").arg(i), QStringLiteral("ssh_exec"),
                                  QStringLiteral(R"({"host":"h","command":"df"})")}});
        }
        QVERIFY(f.jarvis->ask(QStringLiteral("check all disks")));
        QTRY_COMPARE(f.tool->running, 2);
        QCOMPARE(f.pool->running(), 2);
        QCOMPARE(f.events.count(QStringLiteral("worker_started")), 2);
    }

    void poolLimitsConcurrency() {
        Fixture f(1);
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("one")),
                             spawn(QStringLiteral("b"), QStringLiteral("two"))});
        f.llm.pushToolCalls(
            {{QStringLiteral("w"), QStringLiteral("ssh_exec"), QStringLiteral("{}")}});
        QVERIFY(f.jarvis->ask(QStringLiteral("two things")));
        QTRY_COMPARE(f.tool->running, 1);
        QCOMPARE(f.pool->running(), 1);
        QCOMPARE(f.pool->queued(), 1);
        QCOMPARE(f.events.count(QStringLiteral("worker_spawned")), 2);
        QCOMPARE(f.events.count(QStringLiteral("worker_started")), 1);
    }

    void cancellingTheRunCancelsItsWorkers() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls(
            {{QStringLiteral("w"), QStringLiteral("ssh_exec"), QStringLiteral("{}")}});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check"));
        QVERIFY(run);
        QTRY_COMPARE(f.tool->running, 1);
        f.jarvis->cancelRun(run.value());
        QCOMPARE(f.tool->cancelled, 1);
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(!done.at(0).at(1).toBool());
        QVERIFY(!f.jarvis->isBusy());
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("cancelled"));
        QCOMPARE(statusName(f.store->listJobs(1, 5)->first().status), QStringLiteral("cancelled"));
        QCOMPARE(f.events.last(), QStringLiteral("error"));
        // The stored thread stays valid: the spawn_worker call has its (cancelled) result.
        const auto messages = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(messages->size(), 3);  // user, assistant with the call, tool result
        QCOMPARE(messages->at(2).value("role").toString(), QStringLiteral("tool"));
    }

    void aSecondAskWhileBusyIsRefusedClearly() {
        Fixture f;
        f.llm.push({{}, {}, {}, true});
        QVERIFY(f.jarvis->ask(QStringLiteral("first")));
        const auto second = f.jarvis->ask(QStringLiteral("second"));
        QVERIFY(!second);
        QCOMPARE(second.error().code, QStringLiteral("busy"));
        QVERIFY(!f.jarvis->ask(QStringLiteral("   ")));
    }

    // One worker that answers `answer` at once, with an LLM summarizer; returns its job once
    // the supervisor run is over.
    static WorkerJobRecord runOneWorker(Fixture& f, const QString& answer) {
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Disk on cube"))});
        f.llm.pushText(answer);
        f.llm.pushText(QStringLiteral("Done."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        if (!f.jarvis->ask(QStringLiteral("check disk on cube")) || !done.wait())
            return {};
        return f.store->listJobs(1, 5)->first();
    }

    void theSummaryComesFromTheModelCappedAt150() {
        Fixture f(5, true);
        const QString answer =
            QStringLiteral("Disk usage on cube: / is 78% full (312G of 400G), /home 12%.");
        // Longer than 150: the worker caps it at a word boundary.
        const QString reply =
            QStringLiteral("Success: cube / at 78% (312G/400G), /home 12%; no action needed. ")
                .repeated(3);
        f.summaryLlm.pushText(QStringLiteral("  ") + reply + QStringLiteral("\n"));
        const WorkerJobRecord job = runOneWorker(f, answer);
        QCOMPARE(statusName(job.status), QStringLiteral("success"));
        QTRY_VERIFY(f.events.contains(QStringLiteral("worker_summary_ready")));

        const auto meta = f.artifacts->metadata(job.workerId, 1);
        QVERIFY(meta);
        const QString summary = meta->value("summary").toString();
        QCOMPARE(summary, Worker::capSummary(reply));
        QVERIFY(summary.size() <= 150);
        QVERIFY(summary.endsWith(QChar(0x2026)));
        QVERIFY(reply.startsWith(summary.chopped(1)));
        QVERIFY(!summary.chopped(1).endsWith(QLatin1Char(' ')));
        const QJsonObject sm = meta->value("summary_meta").toObject();
        QCOMPARE(sm.value("version").toInt(), 1);
        QCOMPARE(sm.value("model").toString(), QStringLiteral("summary-model"));
        QVERIFY(sm.value("error").isNull());
        QVERIFY(!sm.value("generated_at").toString().isEmpty());
        QCOMPARE(meta->value("status").toString(), QStringLiteral("success"));

        // The call: role summary, the worker's ids, the task and the result in the prompt.
        QCOMPARE(f.summaryLlm.requests().size(), 1);
        const ChatRequest& req = f.summaryLlm.requests().first();
        QCOMPARE(req.model, QStringLiteral("summary-model"));
        QCOMPARE(req.meta.role, QStringLiteral("summary"));
        QCOMPARE(req.meta.agent, job.workerId);
        QCOMPARE(req.meta.jobId, job.id);
        QVERIFY(req.messages.last().content.contains(QStringLiteral("Disk on cube")));
        QVERIFY(req.messages.last().content.contains(answer));
        // worker_complete first (the roundabout never waits), the model's summary after it.
        QVERIFY(f.events.indexOf(QStringLiteral("worker_complete")) <
                f.events.indexOf(QStringLiteral("worker_summary_ready")));
        QCOMPARE(f.events.count(QStringLiteral("worker_summary_ready")), 1);
        QCOMPARE(f.pool->find(job.id)->snapshot().summary, summary);
    }

    void aFailedSummaryCallFallsBackToTruncation() {
        Fixture f(5, true);
        const QString answer = QStringLiteral("Disk usage on cube: / is 78% full. ").repeated(8);
        f.summaryLlm.push({{}, {}, QStringLiteral("server"), false});
        const WorkerJobRecord job = runOneWorker(f, answer);
        QCOMPARE(statusName(job.status), QStringLiteral("success"));
        QTRY_VERIFY(f.events.contains(QStringLiteral("worker_summary_ready")));
        const auto meta = f.artifacts->metadata(job.workerId, 1);
        const QString summary = meta->value("summary").toString();
        QCOMPARE(summary.size(), 150);
        QVERIFY(answer.simplified().startsWith(summary.chopped(1)));
        const QJsonObject sm = meta->value("summary_meta").toObject();
        QVERIFY(sm.value("model").isNull());
        QVERIFY2(sm.value("error").toString().contains(QStringLiteral("server")),
                 qPrintable(sm.value("error").toString()));
        QCOMPARE(meta->value("status").toString(), QStringLiteral("success"));
        QCOMPARE(statusName(f.store->job(job.id)->status), QStringLiteral("success"));
    }

    void aSilentSummaryModelTimesOutAfter15Seconds() {
        Fixture f(5, true);
        f.summaryLlm.push({{}, {}, {}, true});
        const WorkerJobRecord job = runOneWorker(f, QStringLiteral("All disks fine."));
        QCOMPARE(statusName(job.status), QStringLiteral("success"));
        // Until then the truncation is on disk, marked as provisional.
        auto meta = f.artifacts->metadata(job.workerId, 1);
        QCOMPARE(meta->value("summary").toString(), QStringLiteral("All disks fine."));
        QVERIFY(!meta->value("summary_meta").toObject().value("error").isNull());
        QVERIFY(!f.events.contains(QStringLiteral("worker_summary_ready")));
        f.clock.advance(Worker::kSummaryTimeoutMs);
        QVERIFY(f.events.contains(QStringLiteral("worker_summary_ready")));
        meta = f.artifacts->metadata(job.workerId, 1);
        QVERIFY2(meta->value("summary_meta")
                     .toObject()
                     .value("error")
                     .toString()
                     .contains(QStringLiteral("15 s")),
                 qPrintable(json::compactString(meta->value("summary_meta").toObject())));
        QCOMPARE(meta->value("status").toString(), QStringLiteral("success"));
    }

    void destroyingTheWorkerAbortsItsSummaryCall() {
        auto f = std::make_unique<Fixture>(5, true);
        f->summaryLlm.push({{}, {}, {}, true});
        const WorkerJobRecord job = runOneWorker(*f, QStringLiteral("All disks fine."));
        QCOMPARE(statusName(job.status), QStringLiteral("success"));
        QPointer<Worker> worker = f->pool->find(job.id);
        QVERIFY(worker);
        f->jarvis.reset();
        f->pool.reset();  // deletes the worker with its summary call in flight
        QVERIFY(!worker);
        const auto meta = f->artifacts->metadata(job.workerId, 1);
        QCOMPARE(meta->value("summary").toString(), QStringLiteral("All disks fine."));
        QVERIFY(meta->value("summary_meta")
                    .toObject()
                    .value("error")
                    .toString()
                    .contains(QStringLiteral("stopped")));
        f->clock.advance(Worker::kSummaryTimeoutMs);  // the timeout is gone with the worker
    }

    void aRestartMarksJobsLeftRunningAsInterrupted() {
        QTemporaryDir dir;
        ManualClock clock;
        ScriptedLlm llm;
        Settings settings;
        settings.dataDir = dir.path();
        settings.hostsFile = dir.filePath(QStringLiteral("no-hosts"));
        settings.pricingFile = dir.filePath(QStringLiteral("no-pricing.json"));
        qint64 jobId = 0;
        QString workerId;
        {
            auto first = Backend::create(settings, &clock, &llm);
            QVERIFY2(first, first ? "" : qPrintable(first.error().message));
            QVERIFY((*first)->recoveryNotice().isEmpty());
            Store* store = (*first)->store();
            // A worker that was running when the process died: started, never finished.
            const auto job = store->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                              QStringLiteral("m"), clock.utcNow());
            QVERIFY(job);
            jobId = job.value();
            const auto created = (*first)->artifacts()->createWorker(
                1, QStringLiteral("Disk on cube"), clock.utcNow());
            QVERIFY(created);
            workerId = created.value();
            QVERIFY(store->markJobStarted(jobId, workerId, clock.utcNow()));
        }
        clock.advance(60'000);
        {
            auto second = Backend::create(settings, &clock, &llm);
            QVERIFY(second);
            const auto job = (*second)->store()->job(jobId);
            QCOMPARE(statusName(job->status), QStringLiteral("failed"));
            QVERIFY(job->error.startsWith(QStringLiteral("interrupted: ")));
            QCOMPARE(job->finishedAt, clock.utcNow());
            const QString notice = (*second)->recoveryNotice();
            QVERIFY2(notice.contains(workerId), qPrintable(notice));
            QVERIFY2(notice.startsWith(QStringLiteral("1 worker was interrupted")),
                     qPrintable(notice));
            const auto meta = (*second)->artifacts()->metadata(workerId, 1);
            QCOMPARE(meta->value("status").toString(), QStringLiteral("failed"));
        }
        // Recovered once: the next start has nothing to say.
        auto third = Backend::create(settings, &clock, &llm);
        QVERIFY(third);
        QVERIFY((*third)->recoveryNotice().isEmpty());
    }

    // A second Zerg on the same data folder (`zerg runs list` next to the app) must not declare
    // the first one's running jobs interrupted.
    void aSecondInstanceLeavesLiveJobsAlone() {
        QTemporaryDir dir;
        ManualClock clock;
        ScriptedLlm llm;
        Settings settings;
        settings.dataDir = dir.path();
        settings.hostsFile = dir.filePath(QStringLiteral("no-hosts"));
        settings.pricingFile = dir.filePath(QStringLiteral("no-pricing.json"));
        auto created = Backend::create(settings, &clock, &llm);
        QVERIFY(created);
        std::unique_ptr<Backend> running = std::move(created).value();
        Store* store = running->store();
        const auto job = store->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                          QStringLiteral("m"), clock.utcNow());
        QVERIFY(job);
        QVERIFY(store->markJobStarted(job.value(), QStringLiteral("w-1"), clock.utcNow()));
        {
            auto second = Backend::create(settings, &clock, &llm);
            QVERIFY(second);
            QVERIFY((*second)->recoveryNotice().isEmpty());
            QCOMPARE(statusName((*second)->store()->job(job.value())->status),
                     QStringLiteral("running"));
        }
        QCOMPARE(statusName(store->job(job.value())->status), QStringLiteral("running"));
        running.reset();  // the owner stops (without finishing the job): now it was interrupted
        auto third = Backend::create(settings, &clock, &llm);
        QVERIFY(third);
        QCOMPARE(statusName((*third)->store()->job(job.value())->status), QStringLiteral("failed"));
    }

    // A voice-to-voice exchange (the Realtime model answered it) becomes a quick turn of the
    // thread: a finished run with both messages, which the next question's model call sees.
    void aSpokenExchangeIsAQuickTurnOfTheThread() {
        Fixture f;
        const auto id = f.jarvis->recordSpokenExchange(
            {QStringLiteral("what time is it"), QStringLiteral("Ten past two."), false});
        QVERIFY2(id && id.value() > 0, id ? "queued" : qPrintable(id.error().message));
        const RunRecord r = f.store->run(id.value()).value();
        QCOMPARE(r.task, QStringLiteral("what time is it"));
        QCOMPARE(r.result, QStringLiteral("Ten past two."));
        QCOMPARE(r.mode, QStringLiteral("quick"));
        QCOMPARE(statusName(r.status), QStringLiteral("success"));
        const QList<StoredMessage> messages =
            f.store->loadMessagesForRun(f.jarvis->threadId(), id.value()).value();
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).body.value(QStringLiteral("role")).toString(),
                 QStringLiteral("user"));
        QCOMPARE(messages.at(1).body.value(QStringLiteral("content")).toString(),
                 QStringLiteral("Ten past two."));

        // Cut short by the user: cancelled, with what was said of the answer.
        const auto cut = f.jarvis->recordSpokenExchange(
            {QStringLiteral("tell me a story"), QStringLiteral("Once upon"), true});
        QVERIFY(cut);
        QCOMPARE(statusName(f.store->run(cut.value())->status), QStringLiteral("cancelled"));
        QCOMPARE(f.store->run(cut.value())->result, QStringLiteral("Once upon"));
        // Words the server did not transcribe are named as such.
        const auto unheard =
            f.jarvis->recordSpokenExchange({QString(), QStringLiteral("Pardon?"), false});
        QVERIFY(unheard);
        QCOMPARE(f.store->run(unheard.value())->task, QStringLiteral("(spoken, not transcribed)"));
        const auto nothing = f.jarvis->recordSpokenExchange({QStringLiteral("  "), {}, false});
        QVERIFY(!nothing);
        QCOMPARE(nothing.error().code, QStringLiteral("empty"));

        f.llm.pushText(QStringLiteral("You asked the time."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        QVERIFY(f.jarvis->ask(QStringLiteral("what did I just ask you?")));
        QVERIFY(done.wait());
        QStringList seen;
        for (const ChatMessage& m : f.llm.requests().last().messages)
            seen.append(m.content);
        QVERIFY2(seen.contains(QStringLiteral("what time is it")), qPrintable(seen.join(u'|')));
        QVERIFY(seen.contains(QStringLiteral("Ten past two.")));
    }

    // While a run is in progress an exchange waits and follows the run in the thread: it must not
    // land between the run's tool call and its result.
    void aSpokenExchangeWaitsForTheRunInProgress() {
        Fixture f;
        f.llm.push({{}, {}, {}, true});  // the run's model call hangs
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QVERIFY(run);
        const auto waiting = f.jarvis->recordSpokenExchange(
            {QStringLiteral("how are you"), QStringLiteral("Fine, thanks."), false});
        QVERIFY(waiting);
        QCOMPARE(waiting.value(), 0);
        QCOMPARE(f.store->listRuns(1, 10)->size(), 1);
        f.jarvis->cancelRun(run.value());
        QVERIFY(done.count() == 1 || done.wait());
        const QList<RunRecord> runs = f.store->listRuns(1, 10).value();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs.at(0).task, QStringLiteral("how are you"));  // newest first
        QVERIFY(runs.at(0).id > run.value());
        const QList<StoredMessage> thread =
            f.store->loadMessagesAfter(f.jarvis->threadId(), 0).value();
        QCOMPARE(thread.last().body.value(QStringLiteral("content")).toString(),
                 QStringLiteral("Fine, thanks."));
        QCOMPARE(thread.last().runId, runs.at(0).id);
    }

    // A quick answer is not retried: its model failure is answered at once with the apology
    // (the supervisor's retries are in test_supervisor_runs).
    void modelFailureEndsWithAnApology() {
        Fixture f;
        f.llm.push({{}, {}, QStringLiteral("network"), false});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("hello"));
        QVERIFY(done.wait());
        QVERIFY(!done.at(0).at(1).toBool());
        QCOMPARE(f.events.last(), QStringLiteral("supervisor_complete"));
        QVERIFY(!f.events.contains(QStringLiteral("error")));
        QCOMPARE(f.llm.requests().size(), 1);
        const RunRecord r = f.store->run(run.value()).value();
        QCOMPARE(statusName(r.status), QStringLiteral("failed"));
        QCOMPARE(r.mode, QStringLiteral("quick"));
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(r.errorCode, QStringLiteral("llm_network"));
        QCOMPARE(r.attempts, 1);
    }

    // The supervisor agent's XO reports SALUTE after each radio check as a salute_report event
    // of the run's owner (it has no folder for a salute.json); with the XO off there is none.
    void theSupervisorsXoPublishesSaluteReports() {
        for (const bool xoOn : {true, false}) {
            Fixture f(5, false, [xoOn](JarvisConfig& c) {
                if (!xoOn)
                    return;
                xo::Config x;
                x.everyTurns = 1;  // a radio check after every iteration
                c.xo = x;
            });
            QList<Event> reports;
            QObject::connect(&f.bus, &EventBus::published, &f.bus, [&reports](const Event& e) {
                if (e.name == QLatin1String(events::SaluteReport))
                    reports.append(e);
            });
            f.llm.pushToolCalls(
                {{QStringLiteral("t1"), QStringLiteral("get_current_time"), QStringLiteral("{}")}});
            f.llm.pushText(QStringLiteral("Cube is fine."));
            QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
            const auto run = f.jarvis->ask(QStringLiteral("check disk on cube"));
            QVERIFY(run);
            QVERIFY(done.wait());
            QVERIFY(done.at(0).at(1).toBool());
            if (!xoOn) {
                QCOMPARE(reports.size(), 0);
                continue;
            }
            QCOMPARE(reports.size(), 1);  // one iteration with tool calls, then the answer
            const Event& r = reports.first();
            QCOMPARE(r.ownerId, 1);
            QCOMPARE(r.data.value("run_id").toInteger(), run.value());
            QCOMPARE(r.data.value("role").toString(), QStringLiteral("supervisor"));
            const QJsonObject unit = r.data.value("unit").toObject();
            QCOMPARE(unit.value("agent").toString(), QStringLiteral("supervisor"));
            QCOMPARE(unit.value("role").toString(), QStringLiteral("supervisor"));
            QCOMPARE(unit.value("run_id").toInteger(), run.value());
            const QJsonObject status = r.data.value("status").toObject();
            QCOMPARE(status.value("state").toString(), statusName(AgentState::Working));
            QCOMPARE(status.value("health").toString(), QStringLiteral("ok"));
            const QJsonObject activity = r.data.value("activity").toObject();
            QCOMPARE(activity.value("turn").toInt(), 1);
            QCOMPARE(activity.value("tool_calls").toInt(), 1);
            QCOMPARE(activity.value("last_operation").toString(),
                     QStringLiteral("get_current_time"));
            QCOMPARE(r.data.value("environment").toObject().value("pace").toString(),
                     QStringLiteral("primary"));
            QCOMPARE(r.data.value("xo").toObject().value("steering_count").toInt(), 0);
            QCOMPARE(r.data.value("time").toString(), f.clock.utcNow().toString(Qt::ISODateWithMs));
            QVERIFY(!r.data.contains("location"));  // the supervisor touches no host itself
        }
    }
};

QTEST_GUILESS_MAIN(TestJarvisService)
#include "test_jarvis_service.moc"
