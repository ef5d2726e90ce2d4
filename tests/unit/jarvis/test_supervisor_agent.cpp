// The supervisor agent as one brain per owner: routing (quick vs supervisor), the run timeout
// with partial findings, recent work and remembered facts in the model's context, compaction of
// a long thread, the thread surviving a restart, heartbeats and owner isolation.
#include "agent/context_window.h"
#include "jarvis/supervisor_tools.h"
#include "jarvis_fixture.h"
#include "runtime/backend.h"
#include "schedule/schedule_service.h"
#include "storage/schedule_store.h"
#include "storage/store.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

QStringList toolNames(const ChatRequest& r) {
    QStringList out;
    for (const ToolSpec& t : r.tools)
        out.append(t.name);
    return out;
}

// Everything the model was sent, as one text.
QString allText(const ChatRequest& r) {
    QString out;
    for (const ChatMessage& m : r.messages)
        out += m.content + QLatin1Char('\n');
    return out;
}

const Event* lastEvent(const QList<Event>& events, const QString& name) {
    for (qsizetype i = events.size() - 1; i >= 0; --i) {
        if (events.at(i).name == name)
            return &events.at(i);
    }
    return nullptr;
}

}  // namespace

class TestSupervisorAgent : public QObject {
    Q_OBJECT

    // Full events of a fixture's bus (the fixture itself keeps names only).
    static void record(Fixture& f, QList<Event>* out) {
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [out](const Event& e) { out->append(e); });
    }

    static bool askAndWait(Fixture& f, const QString& task, QList<QVariant>* finished = nullptr) {
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        if (!f.jarvis->ask(task) || !done.wait())
            return false;
        if (finished)
            *finished = done.first();
        return true;
    }

private Q_SLOTS:
    void quickPathAnswersWithoutWorkers() {
        Fixture f(5, false, [](JarvisConfig& c) { c.quickModel = QStringLiteral("quick-m"); });
        QList<Event> events;
        record(f, &events);
        f.llm.pushText(QStringLiteral("It is 12:00 UTC."));
        QList<QVariant> finished;
        QVERIFY(askAndWait(f, QStringLiteral("What time is it?"), &finished));
        QVERIFY(finished.at(1).toBool());
        QCOMPARE(f.llm.requests().size(), 1);
        const ChatRequest& req = f.llm.requests().first();
        QCOMPARE(req.model, QStringLiteral("quick-m"));
        QCOMPARE(req.meta.role, QStringLiteral("quick"));
        const QStringList tools = toolNames(req);
        QVERIFY(tools.contains(QStringLiteral("route_to_supervisor")));
        QVERIFY(tools.contains(QStringLiteral("get_current_time")));
        QVERIFY(!tools.contains(QStringLiteral("spawn_worker")));
        // The quick model knows the time without a tool call.
        QVERIFY(allText(req).contains(f.clock.utcNow().toString(Qt::ISODate)));
        const qint64 runId = finished.at(0).toLongLong();
        QCOMPARE(f.store->run(runId)->mode, QStringLiteral("quick"));
        QCOMPARE(
            lastEvent(events, QStringLiteral("supervisor_started"))->data.value("mode").toString(),
            QStringLiteral("quick"));
        QCOMPARE(
            lastEvent(events, QStringLiteral("supervisor_complete"))->data.value("mode").toString(),
            QStringLiteral("quick"));
        QCOMPARE(f.store->listJobs(1, 5)->size(), 0);
    }

    void quickPathHandsOverToTheSupervisor() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.pushToolCalls({{QStringLiteral("r1"), QStringLiteral("route_to_supervisor"),
                              QStringLiteral(R"({"reason":"needs a look at cube"})")}});
        f.llm.pushText(QStringLiteral("Supervisor here: all good."));
        QList<QVariant> finished;
        QVERIFY(askAndWait(f, QStringLiteral("hello, thanks"), &finished));
        QVERIFY(finished.at(1).toBool());
        QCOMPARE(finished.at(2).toString(), QStringLiteral("Supervisor here: all good."));
        QCOMPARE(f.llm.requests().size(), 2);
        const ChatRequest& second = f.llm.requests().at(1);
        QCOMPARE(second.meta.role, QStringLiteral("supervisor"));
        QVERIFY(toolNames(second).contains(QStringLiteral("spawn_worker")));
        // The hand-over is not part of the conversation: no route_to_supervisor call is sent to
        // the supervisor or stored.
        for (const ChatMessage& m : second.messages)
            QVERIFY(m.toolCalls.isEmpty());
        const auto stored = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(stored->size(), 2);  // the question and the supervisor's answer
        QCOMPARE(f.store->run(finished.at(0).toLongLong())->mode, QStringLiteral("supervisor"));
        const Event* escalated = nullptr;
        for (const Event& e : events) {
            if (e.name == QLatin1String("supervisor_thinking") &&
                e.data.value("escalated").toBool()) {
                escalated = &e;
            }
        }
        QVERIFY(escalated);
        QVERIFY(escalated->data.value("message").toString().contains(QStringLiteral("supervisor")));
    }

    // A scheduled check: a background run that skips routing (even for small talk), asks the
    // supervisor for a severity line, is named "background" in the run and its events, and
    // is refused with "busy" while another run is in progress.
    void backgroundRunsGoToTheSupervisorAndAskForASeverity() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.pushText(QStringLiteral("All disks fine.\n\nSeverity: info"));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const Result<qint64> run =
            f.jarvis->startBackgroundRun(QStringLiteral("hello there"), std::nullopt);
        QVERIFY(run);
        QCOMPARE(f.jarvis->startBackgroundRun(QStringLiteral("again"), std::nullopt).error().code,
                 QStringLiteral("busy"));
        QCOMPARE(f.jarvis->ask(QStringLiteral("what time is it?")).error().code,
                 QStringLiteral("busy"));
        QVERIFY(done.wait());
        QCOMPARE(done.first().at(2).toString(),
                 QStringLiteral("All disks fine.\n\nSeverity: info"));
        const ChatRequest& req = f.llm.requests().first();
        QCOMPARE(req.meta.role, QStringLiteral("supervisor"));  // no quick path
        QVERIFY(toolNames(req).contains(QStringLiteral("spawn_worker")));
        QVERIFY(allText(req).contains(QStringLiteral("[SCHEDULED CHECK] hello there")));
        QVERIFY(allText(req).contains(QStringLiteral("Severity: critical")));
        QCOMPARE(f.store->run(run.value())->mode, QStringLiteral("background"));
        QCOMPARE(f.store->run(run.value())->task, QStringLiteral("hello there"));
        QCOMPARE(
            lastEvent(events, QStringLiteral("supervisor_started"))->data.value("mode").toString(),
            QStringLiteral("background"));
        QCOMPARE(
            lastEvent(events, QStringLiteral("supervisor_complete"))->data.value("mode").toString(),
            QStringLiteral("background"));
    }

    // The run timeout ends the run with what its workers found so far: finished workers are
    // reported, the still-running one is stopped, and an error event carries the findings.
    void runTimeoutReturnsPartialFindings() {
        Fixture f(5, false, [](JarvisConfig& c) {
            c.runTimeoutSecs = 60;
            c.roundabout = {5, 300, 20};
        });
        QList<Event> events;
        record(f, &events);
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube")),
                             spawn(QStringLiteral("b"), QStringLiteral("Backups on cube"))});
        f.llm.pushText(QStringLiteral("cube: / is 41% full."));  // worker a answers at once
        f.llm.pushToolCalls(
            {{QStringLiteral("w"), QStringLiteral("ssh_exec"),
              QStringLiteral(R"({"host":"cube","command":"kopia snapshot list"})")}});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check disk and backups on cube"));
        QVERIFY(run);
        QTRY_COMPARE(f.tool->running, 1);  // worker b hangs in ssh_exec
        QTRY_COMPARE(f.store->listJobs(1, 5)->size(), 2);
        QTRY_VERIFY(f.events.contains(QStringLiteral("worker_complete")));
        f.clock.advance(59'000);
        QCOMPARE(done.count(), 0);
        f.clock.advance(1'000);
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(!done.first().at(1).toBool());
        const QString text = done.first().at(2).toString();
        QVERIFY2(text.contains(QStringLiteral("60 s")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Disk on cube (success")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("41% full")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Backups on cube")), qPrintable(text));
        QCOMPARE(f.tool->cancelled, 1);  // the hanging command was stopped
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("timeout"));
        const Event* error = lastEvent(events, QStringLiteral("error"));
        QVERIFY(error);
        QCOMPARE(error->data.value("details").toString(), QStringLiteral("run_timeout"));
        QCOMPARE(error->data.value("partial_results").toString(), text);
        QVERIFY(!f.jarvis->isBusy());
        // The findings stay in the thread for the next question.
        const auto stored = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(stored->last().value("content").toString(), text);
    }

    void heartbeatsWhileARunIsInProgress() {
        Fixture f(5, false, [](JarvisConfig& c) { c.runTimeoutSecs = 0; });
        f.llm.push({{}, {}, {}, true});  // the model never answers
        const auto run = f.jarvis->ask(QStringLiteral("check cube"));
        QVERIFY(run);
        f.clock.advance(29'000);
        QCOMPARE(f.events.count(QStringLiteral("heartbeat")), 0);
        f.clock.advance(1'000);
        QCOMPARE(f.events.count(QStringLiteral("heartbeat")), 1);
        f.clock.advance(60'000);
        QCOMPARE(f.events.count(QStringLiteral("heartbeat")), 3);
        f.jarvis->cancelRun(run.value());
        QTRY_VERIFY(!f.jarvis->isBusy());
        f.clock.advance(60'000);
        QCOMPARE(f.events.count(QStringLiteral("heartbeat")), 3);  // none after the run
    }

    // A follow-up within 10 minutes sees the earlier worker (id, task, status, summary) and the
    // remembered facts in its context; after 10 minutes the worker is no longer listed.
    void recentWorkersAndFactsAreInTheContext() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Check backups on cube"))});
        f.llm.pushText(QStringLiteral("Kopia: last snapshot 03:00, 157 GB, no errors."));
        f.llm.pushText(QStringLiteral("Backups are fine."));
        QVERIFY(askAndWait(f, QStringLiteral("check my backups on cube")));
        const WorkerJobRecord job = f.store->listJobs(1, 5)->first();
        QVERIFY(!job.workerId.isEmpty());
        QVERIFY(f.store->setFact(1, QStringLiteral("cube"), QStringLiteral("the backup server"),
                                 f.clock.utcNow()));

        f.clock.advance(120'000);
        f.llm.pushText(QStringLiteral("Yes: the check two minutes ago found no errors."));
        QVERIFY(askAndWait(f, QStringLiteral("are my backups working?")));
        const QString context = allText(f.llm.requests().last());
        QVERIFY2(context.contains(job.workerId), qPrintable(context));
        QVERIFY(context.contains(QStringLiteral("Check backups on cube")));
        QVERIFY(context.contains(QStringLiteral("success")));
        QVERIFY(context.contains(QStringLiteral("2 min ago")));
        QVERIFY(context.contains(QStringLiteral("Kopia: last snapshot")));  // its summary
        QVERIFY(context.contains(QStringLiteral("cube: the backup server")));
        QCOMPARE(f.store->listJobs(1, 5)->size(), 1);  // no new worker

        f.clock.advance(9 * 60'000);  // 11 minutes after the worker
        f.llm.pushText(QStringLiteral("ok"));
        QVERIFY(askAndWait(f, QStringLiteral("any news on the backups?")));
        // (The worker id is still in the thread's history, as the spawn_worker result.)
        QVERIFY(
            !allText(f.llm.requests().last()).contains(QStringLiteral("Workers from the last")));
        QVERIFY(!allText(f.llm.requests().last()).contains(QStringLiteral("min ago")));
        QVERIFY(allText(f.llm.requests().last()).contains(QStringLiteral("the backup server")));
    }

    // A thread close to the context window is folded into a stored memory: the request stays
    // under the window, the memory and the facts are in it, the full history stays on disk.
    void aLongThreadIsCompactedAndFactsSurvive() {
        Fixture f(5, false, [](JarvisConfig& c) {
            c.contextWindowTokens = 6000;
            c.memoryModel = QStringLiteral("memory-m");
        });
        const auto thread =
            f.store->findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), f.clock.utcNow());
        QVERIFY(thread);
        const QString filler = QString(600, QLatin1Char('x'));
        for (int i = 0; i < 40; ++i) {
            QVERIFY(f.store->appendMessage(
                thread->id, std::nullopt,
                ChatMessage::user(QStringLiteral("question %1 %2").arg(i).arg(filler)).toJson(),
                f.clock.utcNow()));
            QVERIFY(f.store->appendMessage(
                thread->id, std::nullopt,
                ChatMessage::assistant(QStringLiteral("answer %1 %2").arg(i).arg(filler)).toJson(),
                f.clock.utcNow()));
        }
        QVERIFY(f.store->setFact(1, QStringLiteral("cube"), QStringLiteral("the backup server"),
                                 f.clock.utcNow()));
        f.llm.pushText(QStringLiteral("MEMORY: the user asked 30-odd questions about x."));
        f.llm.pushText(QStringLiteral("Done."));
        QVERIFY(askAndWait(f, QStringLiteral("check the web server on clifford")));

        QCOMPARE(f.llm.requests().size(), 2);
        const ChatRequest& summarize = f.llm.requests().at(0);
        QCOMPARE(summarize.model, QStringLiteral("memory-m"));
        QVERIFY(allText(summarize).contains(QStringLiteral("question 0 ")));
        const ChatRequest& answer = f.llm.requests().at(1);
        QCOMPARE(answer.meta.role, QStringLiteral("supervisor"));
        const int tokens = estimateTokens(answer.messages) + estimateTokens(answer.tools);
        QVERIFY2(tokens < 6000, qPrintable(QString::number(tokens)));
        const QString text = allText(answer);
        QVERIFY(text.contains(QStringLiteral("MEMORY: the user asked")));
        QVERIFY(text.contains(QStringLiteral("cube: the backup server")));
        QVERIFY(!text.contains(QStringLiteral("question 0 ")));
        QVERIFY(text.contains(QStringLiteral("check the web server on clifford")));
        const auto memory = f.store->latestMemory(thread->id);
        QVERIFY(memory && memory.value());
        QVERIFY(memory.value()->upToSeq > 0);
        // The whole history is still on disk: 80 old messages, the question, the answer.
        QCOMPARE(f.store->loadMessages(thread->id)->size(), 82);
        QCOMPARE(f.jarvis->threadId(), thread->id);
    }

    // After a restart the same thread continues: same id, and the model sees the history.
    void theThreadSurvivesARestart() {
        QTemporaryDir dir;
        ManualClock clock;
        ScriptedLlm llm;
        Settings settings = backendSettings(dir);
        qint64 threadId = 0;
        {
            auto first = Backend::create(settings, &clock, &llm);
            QVERIFY(first);
            llm.pushText(QStringLiteral("Noted: cube holds the backups."));
            QSignalSpy done((*first)->jarvis(), &JarvisService::runFinished);
            QVERIFY(
                (*first)->jarvis()->ask(QStringLiteral("remember that cube holds the backups")));
            QVERIFY(done.wait());
            threadId = (*first)->jarvis()->threadId();
            QVERIFY(threadId > 0);
        }
        auto second = Backend::create(settings, &clock, &llm);
        QVERIFY(second);
        llm.pushText(QStringLiteral("You said cube holds the backups."));
        QSignalSpy done((*second)->jarvis(), &JarvisService::runFinished);
        QVERIFY((*second)->jarvis()->ask(QStringLiteral("what did we say about cube?")));
        QVERIFY(done.wait());
        QCOMPARE((*second)->jarvis()->threadId(), threadId);
        const QString sent = allText(llm.requests().last());
        QVERIFY(sent.contains(QStringLiteral("remember that cube holds the backups")));
        QVERIFY(sent.contains(QStringLiteral("Noted: cube holds the backups.")));
        QCOMPARE((*second)->store()->loadMessages(threadId)->size(), 4);
    }

    // A schedule in the real backend: at its time the supervisor runs it in the background, and
    // the answer lands in the inbox with the severity the model gave; a scheduled run waits
    // while the user's own request is in progress.
    void aScheduleRunsInTheBackendAndReachesTheInbox() {
        QTemporaryDir dir;
        ManualClock clock(QDateTime(QDate(2026, 11, 21), QTime(5, 0), Qt::UTC));
        ScriptedLlm llm;
        Settings settings = backendSettings(dir);
        settings.runTimeoutSeconds = 0;
        auto backend = Backend::create(settings, &clock, &llm);
        QVERIFY(backend);
        Backend& b = *backend.value();
        b.startBackgroundServices();
        const auto s = b.scheduler()->createSchedule(
            QStringLiteral("morning check"), QStringLiteral("check the disks"),
            QStringLiteral("0 6 * * *"), QStringLiteral("UTC"));
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QSignalSpy delivered(b.scheduler(), &ScheduleService::delivered);

        // The user asks something just before 06:00. The model's answer arrives through the event
        // loop, so the user's run is still going when the clock reaches 06:00.
        llm.pushText(QStringLiteral("It is 05:59."));
        llm.pushText(QStringLiteral("Disks: /var is at 91%.\n\nSeverity: warning"));
        QSignalSpy finished(b.jarvis(), &JarvisService::runFinished);
        QVERIFY(b.jarvis()->ask(QStringLiteral("what time is it?")));
        clock.advance(3600 * 1000);
        QCOMPARE(b.schedules()->listScheduleRuns(1, s->id, 5)->size(), 0);  // waiting
        QTRY_COMPARE(finished.size(), 2);  // the user's run, then the scheduled one
        QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("It is 05:59."));
        QCOMPARE(delivered.size(), 1);
        const InboxItem item = delivered.first().first().value<InboxItem>();
        QCOMPARE(item.title, QStringLiteral("morning check"));
        QCOMPARE(item.severity, QStringLiteral("warning"));
        QVERIFY(item.body.contains(QStringLiteral("91%")));
        const auto runs = b.schedules()->listScheduleRuns(1, s->id, 5);
        QCOMPARE(runs->size(), 1);
        QCOMPARE(statusName(runs->first().status), QStringLiteral("success"));
        QCOMPARE(b.store()->run(runs->first().runId)->mode, QStringLiteral("background"));
    }

    // Server mode: each owner gets a supervisor agent of their own (their own thread), on the
    // same stores and worker pool, and their own schedules, which fire without that owner having
    // connected since the server started.
    void everyOwnerHasTheirOwnSupervisorAndSchedules() {
        QTemporaryDir dir;
        ManualClock clock(QDateTime(QDate(2026, 11, 21), QTime(5, 0), Qt::UTC));
        ScriptedLlm llm;
        Settings settings = backendSettings(dir);
        settings.runTimeoutSeconds = 0;
        qint64 scheduleId = 0;
        {
            auto backend = Backend::create(settings, &clock, &llm);
            QVERIFY(backend);
            Backend& b = *backend.value();
            QVERIFY(!b.owner(0));
            const auto one = b.owner(1);
            QVERIFY(one);
            QCOMPARE(one->jarvis, b.jarvis());
            QCOMPARE(one->scheduler, b.scheduler());
            const auto two = b.owner(2);
            QVERIFY(two);
            QVERIFY(two->jarvis != b.jarvis());
            QCOMPARE(b.owner(2)->jarvis, two->jarvis);  // made once

            llm.pushText(QStringLiteral("Owner one's answer."));
            QSignalSpy oneDone(b.jarvis(), &JarvisService::runFinished);
            QVERIFY(b.jarvis()->ask(QStringLiteral("hello from one")));
            // Owner 2 is not kept waiting by owner 1's run.
            llm.pushText(QStringLiteral("Owner two's answer."));
            QSignalSpy twoDone(two->jarvis, &JarvisService::runFinished);
            QVERIFY(two->jarvis->ask(QStringLiteral("hello from two")));
            QTRY_COMPARE(oneDone.size(), 1);
            QTRY_COMPARE(twoDone.size(), 1);
            QVERIFY(b.jarvis()->threadId() != two->jarvis->threadId());
            const auto runs = b.store()->listRuns(2, 10);
            QVERIFY(runs);
            QCOMPARE(runs->size(), 1);
            QCOMPARE(runs->first().task, QStringLiteral("hello from two"));

            const auto s = two->scheduler->createSchedule(
                QStringLiteral("two's check"), QStringLiteral("check the disks"),
                QStringLiteral("0 6 * * *"), QStringLiteral("UTC"));
            QVERIFY2(s, s ? "" : qPrintable(s.error().message));
            scheduleId = s->id;
        }
        // A restart: owner 2 does not connect, yet their schedule fires at 06:00.
        auto backend = Backend::create(settings, &clock, &llm);
        QVERIFY(backend);
        Backend& b = *backend.value();
        b.startBackgroundServices();
        llm.pushText(QStringLiteral("Disks fine.\n\nSeverity: info"));
        clock.advance(3600 * 1000);
        QTRY_COMPARE(b.schedules()->listInbox(2, 10)->size(), 1);
        QCOMPARE(b.schedules()->listInbox(2, 10)->first().scheduleId, scheduleId);
        QCOMPARE(b.schedules()->listInbox(1, 10)->size(), 0);
    }

    // Owner 2 cannot list, read, grep or see the events or runs of owner 1.
    void ownersAreIsolated() {
        Fixture f;
        QList<Event> events;
        record(f, &events);
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Secret check on cube"))});
        f.llm.pushText(QStringLiteral("owner one's secret result"));
        f.llm.pushText(QStringLiteral("Done."));
        QList<QVariant> finished;
        QVERIFY(askAndWait(f, QStringLiteral("check the secret on cube"), &finished));
        const qint64 runId = finished.at(0).toLongLong();
        const QString workerId = f.store->listJobs(1, 5)->first().workerId;
        for (const Event& e : events)
            QCOMPARE(e.ownerId, 1);

        SupervisorContext other{
            f.store.get(), f.artifacts.get(), &f.bus, &f.clock, f.pool.get(), {}, 2, 0, {}, {}};
        const auto tools = makeSupervisorTools(other);
        auto call = [&](const QString& name, const QJsonObject& args) {
            std::unique_ptr<ToolInvocation> inv(tools->find(name)->start(args, nullptr));
            QSignalSpy spy(inv.get(), &ToolInvocation::finished);
            if (!inv->isFinished())
                spy.wait();
            return inv->result();
        };
        const ToolResult list = call(QStringLiteral("list_workers"), {});
        QVERIFY(list.ok());
        QCOMPARE(list.payload.value("workers").toArray().size(), 0);
        QVERIFY(!call(QStringLiteral("read_worker_result"), {{"worker_id", workerId}}).ok());
        QVERIFY(!call(QStringLiteral("read_worker_file"),
                      {{"worker_id", workerId}, {"path", "result.txt"}})
                     .ok());
        QVERIFY(!call(QStringLiteral("get_worker_metadata"), {{"worker_id", workerId}}).ok());
        const ToolResult grep = call(QStringLiteral("grep_workers"), {{"pattern", "secret"}});
        QVERIFY(grep.ok());
        QCOMPARE(grep.payload.value("matches").toArray().size(), 0);
        QVERIFY(recentWorkersBlock(other).isEmpty());
        QVERIFY(!recentWorkersBlock({f.store.get(),
                                     f.artifacts.get(),
                                     &f.bus,
                                     &f.clock,
                                     f.pool.get(),
                                     {},
                                     1,
                                     0,
                                     {},
                                     {}})
                     .isEmpty());

        // Runs: owner 1 sees its run, owner 2's service does not.
        QVERIFY(f.jarvis->runDetails(runId));
        JarvisConfig cfg2;
        cfg2.ownerId = 2;
        cfg2.model = QStringLiteral("sup");
        JarvisService jarvis2(cfg2, f.store.get(), f.artifacts.get(), &f.bus, &f.clock, &f.llm,
                              f.pool.get());
        const auto details = jarvis2.runDetails(runId);
        QVERIFY(!details);
        QCOMPARE(details.error().code, QStringLiteral("not_found"));
        // Owner 2's own thread is another thread; its model never sees owner 1's worker.
        f.llm.pushText(QStringLiteral("Nothing recent."));
        QSignalSpy done(&jarvis2, &JarvisService::runFinished);
        QVERIFY(jarvis2.ask(QStringLiteral("check what ran recently")));
        QVERIFY(done.wait());
        QVERIFY(jarvis2.threadId() != f.jarvis->threadId());
        QVERIFY(!allText(f.llm.requests().last()).contains(workerId));
        QVERIFY(!allText(f.llm.requests().last()).contains(QStringLiteral("secret result")));
    }
};

QTEST_GUILESS_MAIN(TestSupervisorAgent)
#include "test_supervisor_agent.moc"
