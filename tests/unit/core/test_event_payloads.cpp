// The event payload structs (core/event_payloads.h): each round-trips through its JSON, decodes
// the payload docs/events.md documents (a literal per event: a renamed key fails here), gives
// nullopt for another event's name, and reads missing keys as the subscribers always did.
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::payloads;

namespace {

// An event as the bus or a remote server delivers it: owner_id in the data.
Event eventOf(const QString& name, QJsonObject data) {
    data.insert(QStringLiteral("owner_id"), 7);
    Event e;
    e.name = name;
    e.data = std::move(data);
    e.ownerId = 7;
    return e;
}

Event eventOf(const char* name, const char* json) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad literal: %s", qPrintable(error.errorString()));
    return eventOf(QString::fromLatin1(name), doc.object());
}

template <typename P>
std::optional<P> roundTrip(const P& p) {
    const std::optional<P> back = P::from(eventOf(QString::fromLatin1(p.eventName()), p.toJson()));
    if (back && back->toJson() != p.toJson()) {
        qWarning("%s: %s != %s", p.eventName(), QJsonDocument(back->toJson()).toJson().constData(),
                 QJsonDocument(p.toJson()).toJson().constData());
        return std::nullopt;
    }
    return back;
}

const Event kOther = eventOf("something_else", "{\"run_id\": 1, \"job_id\": 2}");

WorkerIds someIds() {
    return {11, 22, QStringLiteral("2024-01-01T00-00-00_abc")};
}

}  // namespace

class TestEventPayloads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void supervisorEventsRoundTrip();

    void workerEventsRoundTrip();

    void agentAndServiceEventsRoundTrip();

    // The payloads as docs/events.md documents them.
    void decodesTheDocumentedPayloads();

    void anotherEventsNameGivesNothing();

    // Missing keys read as the subscribers always read them: 0, "", false, or nullopt where
    // absence means something.
    void missingKeysAreTolerated();

    // The keys each publisher wrote before the structs existed, exactly.
    void writesTheKeysPublishersWrote();

    void theBusPublishesAPayloadUnderItsName();
};

// The bodies are hidden from moc, which cannot read some of the raw string literals below.
#ifndef Q_MOC_RUN

void TestEventPayloads::supervisorEventsRoundTrip() {
    const auto started = roundTrip(SupervisorStarted{
        1, 2, QStringLiteral("df -h"), QStringLiteral("quick"), QStringLiteral("short question")});
    QVERIFY(started);
    QCOMPARE(started->task, std::optional<QString>(QStringLiteral("df -h")));
    QCOMPARE(started->routeReason, QStringLiteral("short question"));

    SupervisorThinking thinking;
    thinking.runId = 1;
    thinking.message = QStringLiteral("Thinking…");
    thinking.mode = QStringLiteral("supervisor");
    thinking.iteration = 2;
    const auto t = roundTrip(thinking);
    QVERIFY(t);
    QCOMPARE(t->iteration, std::optional<int>(2));
    QVERIFY(!t->retrying && !t->escalated);
    SupervisorThinking retry;
    retry.runId = 1;
    retry.message = QStringLiteral("Retrying…");
    retry.mode = QStringLiteral("supervisor");
    retry.retrying = true;
    retry.attempt = 2;
    retry.errorCode = QStringLiteral("llm_timeout");
    const auto r = roundTrip(retry);
    QVERIFY(r);
    QVERIFY(r->retrying);
    QCOMPARE(r->attempt, 2);
    QCOMPARE(r->errorCode, QStringLiteral("llm_timeout"));
    SupervisorThinking escalated;
    escalated.runId = 1;
    escalated.mode = QStringLiteral("supervisor");
    escalated.escalated = true;
    QVERIFY(roundTrip(escalated)->escalated);

    QCOMPARE(roundTrip(SupervisorDelta{1, QStringLiteral("Hel")})->delta, QStringLiteral("Hel"));

    SupervisorComplete complete;
    complete.runId = 1;
    complete.threadId = 2;
    complete.result = QStringLiteral("All good.");
    complete.mode = QStringLiteral("supervisor");
    complete.durationMs = 1234;
    complete.usage = {{QStringLiteral("prompt_tokens"), 10}};
    const auto c = roundTrip(complete);
    QVERIFY(c);
    QVERIFY(!c->fallback);
    QCOMPARE(c->usage, complete.usage);
    complete.fallback = RunFallback::Apology;
    complete.status = RunStatus::Failed;
    complete.errorCode = QStringLiteral("llm_error");
    complete.error = QStringLiteral("boom");
    complete.attempts = 3;
    const auto apology = roundTrip(complete);
    QVERIFY(apology);
    QCOMPARE(apology->fallback, std::optional(RunFallback::Apology));
    QCOMPARE(apology->status, std::optional(RunStatus::Failed));
    QCOMPARE(apology->attempts, 3);

    ErrorEvent error;
    error.runId = 1;
    error.message = QStringLiteral("The run timed out.");
    error.details = QStringLiteral("run_timeout");
    error.status = RunStatus::Timeout;
    error.mode = QStringLiteral("supervisor");
    error.partialResults = QStringLiteral("half");
    const auto err = roundTrip(error);
    QVERIFY(err);
    QCOMPARE(err->status, std::optional(RunStatus::Timeout));
    QCOMPARE(err->partialResults, std::optional<QString>(QStringLiteral("half")));
    QVERIFY(!err->cancelled());

    QCOMPARE(roundTrip(Heartbeat{1, QStringLiteral("2024-01-01T00:00:00.000Z")})->timestamp,
             QStringLiteral("2024-01-01T00:00:00.000Z"));
}

void TestEventPayloads::workerEventsRoundTrip() {
    const auto spawned =
        roundTrip(WorkerSpawned{1, 22, QStringLiteral("check disk"), QStringLiteral("m")});
    QVERIFY(spawned);
    QCOMPARE(spawned->jobId, 22);
    QCOMPARE(spawned->model, QStringLiteral("m"));

    const auto started = roundTrip(WorkerStarted{someIds(), QStringLiteral("check disk")});
    QVERIFY(started);
    QCOMPARE(started->ids.workerId, someIds().workerId);
    QCOMPARE(started->ids.runId, 11);

    const QJsonObject args{{QStringLiteral("host"), QStringLiteral("testbox")}};
    const auto tool = roundTrip(WorkerToolStarted{someIds(), QStringLiteral("call_1"), 1,
                                                  QStringLiteral("ssh_exec"), args,
                                                  QStringLiteral("ssh_exec testbox \"df\"")});
    QVERIFY(tool);
    QCOMPARE(tool->args, args);
    QCOMPARE(tool->seq, 1);

    WorkerToolProgress progress;
    progress.ids = someIds();
    progress.callId = QStringLiteral("call_1");
    progress.seq = 1;
    progress.tool = QStringLiteral("mcp__grafana__render");
    progress.progress = 2;
    progress.total = 5;
    progress.message = QStringLiteral("rendering panel 2");
    const auto step = roundTrip(progress);
    QVERIFY(step);
    QCOMPARE(step->progress, 2.0);
    QCOMPARE(step->total, std::optional<double>(5.0));
    QCOMPARE(step->message, QStringLiteral("rendering panel 2"));
    QCOMPARE(step->ids.workerId, someIds().workerId);
    progress.total.reset();
    QVERIFY(!progress.toJson().contains(QStringLiteral("total")));  // unknown: left out
    QVERIFY(!roundTrip(progress)->total);

    WorkerToolFinished done;
    done.ids = someIds();
    done.callId = QStringLiteral("call_1");
    done.seq = 1;
    done.tool = QStringLiteral("ssh_exec");
    done.durationMs = 40;
    done.exitCode = 0;
    const auto ok = roundTrip(done);
    QVERIFY(ok);
    QVERIFY(ok->ok);
    QCOMPARE(ok->exitCode, std::optional<int>(0));
    QVERIFY(!done.toJson().contains(QStringLiteral("error")));  // only a failure has one
    done.ok = false;
    done.exitCode.reset();
    done.error = QStringLiteral("host not allowed");
    done.errorCode = QStringLiteral("host_not_allowed");
    QCOMPARE(done.eventName(), events::WorkerToolFailed);
    const auto failed = roundTrip(done);
    QVERIFY(failed);
    QVERIFY(!failed->ok);
    QVERIFY(!failed->exitCode);
    QCOMPARE(failed->errorCode, QStringLiteral("host_not_allowed"));

    const auto update = roundTrip(WorkerStatusUpdate{1, 22, QStringLiteral("w"), JobStatus::Running,
                                                     AgentState::Working, 2.5});
    QVERIFY(update);
    QCOMPARE(update->status, std::optional(JobStatus::Running));
    QCOMPARE(update->state, std::optional(AgentState::Working));
    QCOMPARE(update->elapsedSeconds, 2.5);

    const auto complete = roundTrip(WorkerComplete{
        someIds(), JobStatus::Timeout, AgentState::Reaped, 900, QStringLiteral("too slow")});
    QVERIFY(complete);
    QCOMPARE(complete->status, std::optional(JobStatus::Timeout));
    QCOMPARE(complete->durationMs, std::optional<qint64>(900));
    QCOMPARE(complete->error, QStringLiteral("too slow"));

    QCOMPARE(roundTrip(WorkerSummaryReady{someIds(), QStringLiteral("disk 40%")})->summary,
             QStringLiteral("disk 40%"));

    const auto decision = roundTrip(RoundaboutDecision{
        1, 22, QStringLiteral("cancel"), QStringLiteral("stuck"), QStringLiteral("heuristic")});
    QVERIFY(decision);
    QCOMPARE(decision->source, std::optional<QString>(QStringLiteral("heuristic")));
    const auto exit = roundTrip(RoundaboutDecision{1, 22, QStringLiteral("exit"),
                                                   QStringLiteral("complete"), std::nullopt});
    QVERIFY(exit);
    QVERIFY(!exit->source);

    const auto violation = roundTrip(
        ViolationDetected{someIds(), QStringLiteral("no-rm"), QStringLiteral("reap"),
                          QStringLiteral("shell_exec"), QStringLiteral("rm -rf /"), true});
    QVERIFY(violation);
    QVERIFY(violation->notify);
    QCOMPARE(violation->action, QStringLiteral("reap"));
}

void TestEventPayloads::agentAndServiceEventsRoundTrip() {
    const auto steering = roundTrip(SteeringInjected{
        22, 11, QStringLiteral("w"), QStringLiteral("worker"), QStringLiteral("loop"),
        QStringLiteral("Try another way."), QStringLiteral("slow")});
    QVERIFY(steering);
    QCOMPARE(steering->jobId, std::optional<qint64>(22));
    const auto supervisorSteering = roundTrip(SteeringInjected{std::nullopt,
                                                               11,
                                                               {},
                                                               QStringLiteral("supervisor"),
                                                               QStringLiteral("loop"),
                                                               QStringLiteral("m"),
                                                               {}});
    QVERIFY(supervisorSteering);
    QVERIFY(!supervisorSteering->jobId);

    const QJsonObject salute{
        {QStringLiteral("status"), QJsonObject{{QStringLiteral("health"), QStringLiteral("ok")}}},
        {QStringLiteral("time"), QStringLiteral("2024-01-01T00:00:00.000Z")}};
    const auto report =
        roundTrip(SaluteReport{QStringLiteral("worker"), 22, 11, QStringLiteral("w"), salute});
    QVERIFY(report);
    QCOMPARE(report->salute, salute);  // without the ids, the role and owner_id
    QCOMPARE(report->jobId, std::optional<qint64>(22));

    ChildEvent child;
    child.kind = ChildEvent::Kind::Restarted;
    child.supervisor = QStringLiteral("workers");
    child.childId = QStringLiteral("job#22");
    child.restartCount = 2;
    child.jobId = 22;
    child.workerId = QStringLiteral("w");
    child.runId = 11;
    QCOMPARE(child.eventName(), events::ChildRestarted);
    const auto c = roundTrip(child);
    QVERIFY(c);
    QCOMPARE(c->kind, ChildEvent::Kind::Restarted);
    QCOMPARE(c->restartCount, 2);
    child = {};
    child.kind = ChildEvent::Kind::Escalated;
    child.supervisor = QStringLiteral("root");
    child.childId = QStringLiteral("store");
    child.reason = QStringLiteral("crash: disk");
    const auto escalated = roundTrip(child);
    QVERIFY(escalated);
    QCOMPARE(escalated->kind, ChildEvent::Kind::Escalated);
    QVERIFY(!escalated->jobId && !escalated->runId);

    const auto run = roundTrip(ScheduleRunStarted{3, 4, 5});
    QVERIFY(run);
    QCOMPARE(run->scheduleRunId, 4);
    const QJsonObject item{{QStringLiteral("id"), 9}, {QStringLiteral("title"), "t"}};
    const auto inbox = roundTrip(InboxDelivered{9, item});
    QVERIFY(inbox);
    QCOMPARE(inbox->item, std::optional<QJsonObject>(item));
}

void TestEventPayloads::decodesTheDocumentedPayloads() {
    const auto started = SupervisorStarted::from(
        eventOf("supervisor_started", R"({"run_id": 1, "thread_id": 2, "task": "check disk",
                                  "mode": "quick", "route_reason": "short"})"));
    QVERIFY(started);
    QCOMPARE(started->runId, 1);
    QCOMPARE(started->threadId, 2);
    QCOMPARE(started->task, std::optional<QString>(QStringLiteral("check disk")));
    QCOMPARE(started->mode, QStringLiteral("quick"));
    QCOMPARE(started->routeReason, QStringLiteral("short"));

    const auto thinking = SupervisorThinking::from(eventOf(
        "supervisor_thinking", R"({"run_id": 1, "message": "Retrying…", "mode": "supervisor",
                                   "iteration": 3, "escalated": true, "retrying": true,
                                   "attempt": 2, "error_code": "llm_timeout"})"));
    QVERIFY(thinking);
    QCOMPARE(thinking->message, QStringLiteral("Retrying…"));
    QCOMPARE(thinking->mode, QStringLiteral("supervisor"));
    QCOMPARE(thinking->iteration, std::optional<int>(3));
    QVERIFY(thinking->escalated);
    QVERIFY(thinking->retrying);
    QCOMPARE(thinking->attempt, 2);
    QCOMPARE(thinking->errorCode, QStringLiteral("llm_timeout"));

    const auto delta =
        SupervisorDelta::from(eventOf("supervisor_delta", R"({"run_id": 1, "delta": "Hi"})"));
    QVERIFY(delta);
    QCOMPARE(delta->runId, 1);
    QCOMPARE(delta->delta, QStringLiteral("Hi"));

    const auto spawned = WorkerSpawned::from(
        eventOf("worker_spawned", R"({"run_id": 1, "job_id": 2, "task": "t", "model": "m"})"));
    QVERIFY(spawned);
    QCOMPARE(spawned->runId, 1);
    QCOMPARE(spawned->jobId, 2);
    QCOMPARE(spawned->task, QStringLiteral("t"));
    QCOMPARE(spawned->model, QStringLiteral("m"));

    const auto wstarted = WorkerStarted::from(
        eventOf("worker_started", R"({"run_id": 1, "job_id": 2, "worker_id": "w1", "task": "t"})"));
    QVERIFY(wstarted);
    QCOMPARE(wstarted->ids.runId, 1);
    QCOMPARE(wstarted->ids.jobId, 2);
    QCOMPARE(wstarted->ids.workerId, QStringLiteral("w1"));
    QCOMPARE(wstarted->task, QStringLiteral("t"));

    const auto tool = WorkerToolStarted::from(
        eventOf("worker_tool_started",
                R"({"run_id": 1, "job_id": 2, "worker_id": "w1", "call_id": "c1", "seq": 4,
                    "tool": "ssh_exec", "args": {"host": "testbox", "command": "df -h"},
                    "display": "ssh_exec testbox 'df -h'"})"));
    QVERIFY(tool);
    QCOMPARE(tool->ids.workerId, QStringLiteral("w1"));
    QCOMPARE(tool->callId, QStringLiteral("c1"));
    QCOMPARE(tool->seq, 4);
    QCOMPARE(tool->tool, QStringLiteral("ssh_exec"));
    QCOMPARE(tool->args.value(QStringLiteral("host")).toString(), QStringLiteral("testbox"));
    QCOMPARE(tool->display, QStringLiteral("ssh_exec testbox 'df -h'"));

    const auto completed = WorkerToolFinished::from(
        eventOf("worker_tool_completed",
                R"({"run_id": 1, "job_id": 2, "worker_id": "w1", "call_id": "c1", "seq": 4,
                    "tool": "ssh_exec", "duration_ms": 40, "exit_code": 0})"));
    QVERIFY(completed);
    QVERIFY(completed->ok);
    QCOMPARE(completed->callId, QStringLiteral("c1"));
    QCOMPARE(completed->durationMs, std::optional<qint64>(40));
    QCOMPARE(completed->exitCode, std::optional<int>(0));

    const auto failed = WorkerToolFinished::from(
        eventOf("worker_tool_failed",
                R"({"run_id": 1, "job_id": 2, "worker_id": "w1", "call_id": "c1", "seq": 4,
                    "tool": "ssh_exec", "duration_ms": 40, "error": "refused",
                    "exit_code": 255})"));
    QVERIFY(failed);
    QVERIFY(!failed->ok);
    QCOMPARE(failed->error, QStringLiteral("refused"));
    QCOMPARE(failed->exitCode, std::optional<int>(255));

    const auto update = WorkerStatusUpdate::from(
        eventOf("worker_status_update", R"({"run_id": 1, "job_id": 2, "worker_id": "w1",
                                            "status": "running", "elapsed_seconds": 1.5})"));
    QVERIFY(update);
    QCOMPARE(update->workerId, QStringLiteral("w1"));
    QCOMPARE(update->status, std::optional(JobStatus::Running));
    QCOMPARE(update->elapsedSeconds, 1.5);

    const auto complete = WorkerComplete::from(
        eventOf("worker_complete", R"({"run_id": 1, "job_id": 2, "worker_id": "w1",
                                       "status": "failed", "duration_ms": 900,
                                       "error": "boom"})"));
    QVERIFY(complete);
    QCOMPARE(complete->ids.jobId, 2);
    QCOMPARE(complete->status, std::optional(JobStatus::Failed));
    QCOMPARE(complete->durationMs, std::optional<qint64>(900));
    QCOMPARE(complete->error, QStringLiteral("boom"));

    const auto summary = WorkerSummaryReady::from(
        eventOf("worker_summary_ready", R"({"job_id": 2, "worker_id": "w1", "summary": "ok"})"));
    QVERIFY(summary);
    QCOMPARE(summary->ids.jobId, 2);
    QCOMPARE(summary->summary, QStringLiteral("ok"));

    const auto decision = RoundaboutDecision::from(
        eventOf("roundabout_decision", R"({"run_id": 1, "job_id": 2, "decision": "peek",
                                           "reason": "quiet", "source": "llm"})"));
    QVERIFY(decision);
    QCOMPARE(decision->decision, QStringLiteral("peek"));
    QCOMPARE(decision->reason, QStringLiteral("quiet"));
    QCOMPARE(decision->source, std::optional<QString>(QStringLiteral("llm")));

    const auto complete2 = SupervisorComplete::from(
        eventOf("supervisor_complete",
                R"({"run_id": 1, "thread_id": 2, "result": "Sorry.", "mode": "supervisor",
                    "duration_ms": 50, "usage": {"prompt_tokens": 3},
                    "fallback": "apology", "status": "failed", "error_code": "llm_error",
                    "error": "boom", "attempts": 2})"));
    QVERIFY(complete2);
    QCOMPARE(complete2->threadId, 2);
    QCOMPARE(complete2->result, QStringLiteral("Sorry."));
    QCOMPARE(complete2->durationMs, 50);
    QCOMPARE(complete2->usage.value(QStringLiteral("prompt_tokens")).toInt(), 3);
    QCOMPARE(complete2->fallback, std::optional(RunFallback::Apology));
    QCOMPARE(complete2->status, std::optional(RunStatus::Failed));
    QCOMPARE(complete2->errorCode, QStringLiteral("llm_error"));
    QCOMPARE(complete2->error, QStringLiteral("boom"));
    QCOMPARE(complete2->attempts, 2);

    const auto error = ErrorEvent::from(
        eventOf("error", R"({"run_id": 1, "message": "Stopped", "details": "cancelled",
                             "status": "cancelled", "mode": "supervisor",
                             "partial_results": "half"})"));
    QVERIFY(error);
    QCOMPARE(error->message, QStringLiteral("Stopped"));
    QCOMPARE(error->details, QStringLiteral("cancelled"));
    QVERIFY(error->cancelled());
    QCOMPARE(error->status, std::optional(RunStatus::Cancelled));
    QCOMPARE(error->mode, QStringLiteral("supervisor"));
    QCOMPARE(error->partialResults, std::optional<QString>(QStringLiteral("half")));

    const auto heartbeat = Heartbeat::from(
        eventOf("heartbeat", R"({"run_id": 1, "timestamp": "2024-01-01T00:00:00.000Z"})"));
    QVERIFY(heartbeat);
    QCOMPARE(heartbeat->timestamp, QStringLiteral("2024-01-01T00:00:00.000Z"));

    const auto violation = ViolationDetected::from(
        eventOf("violation_detected",
                R"({"job_id": 2, "worker_id": "w1", "rule": "no-rm", "action": "pause",
                    "tool": "shell_exec", "value": "rm -rf /", "notify": true})"));
    QVERIFY(violation);
    QCOMPARE(violation->rule, QStringLiteral("no-rm"));
    QCOMPARE(violation->action, QStringLiteral("pause"));
    QCOMPARE(violation->tool, QStringLiteral("shell_exec"));
    QCOMPARE(violation->value, QStringLiteral("rm -rf /"));
    QVERIFY(violation->notify);

    const auto child =
        ChildEvent::from(eventOf("child_exited", R"({"supervisor": "workers", "child_id": "job#2",
                                    "reason": "normal", "job_id": 2, "worker_id": "w1",
                                    "run_id": 1})"));
    QVERIFY(child);
    QCOMPARE(child->kind, ChildEvent::Kind::Exited);
    QCOMPARE(child->supervisor, QStringLiteral("workers"));
    QCOMPARE(child->childId, QStringLiteral("job#2"));
    QCOMPARE(child->reason, QStringLiteral("normal"));
    QCOMPARE(child->jobId, std::optional<qint64>(2));
    QCOMPARE(child->workerId, QStringLiteral("w1"));
    QCOMPARE(child->runId, std::optional<qint64>(1));
    const auto restarted = ChildEvent::from(
        eventOf("child_restarted",
                R"({"supervisor": "supervisor_agent", "child_id": "run#1", "restart_count": 2})"));
    QVERIFY(restarted);
    QCOMPARE(restarted->restartCount, 2);

    const auto steering =
        SteeringInjected::from(eventOf("steering_injected", R"({"run_id": 1, "role": "supervisor",
                                         "anomaly": "loop", "message": "Stop.",
                                         "pace": "fast"})"));
    QVERIFY(steering);
    QVERIFY(!steering->jobId);
    QCOMPARE(steering->runId, 1);
    QCOMPARE(steering->role, QStringLiteral("supervisor"));
    QCOMPARE(steering->anomaly, QStringLiteral("loop"));
    QCOMPARE(steering->message, QStringLiteral("Stop."));
    QCOMPARE(steering->pace, QStringLiteral("fast"));

    const auto salute = SaluteReport::from(
        eventOf("salute_report",
                R"({"role": "worker", "job_id": 2, "worker_id": "w1", "run_id": 1,
                    "status": {"state": "working", "health": "ok"},
                    "activity": {"turn": 3, "tool_calls": 2, "last_operation": "df"},
                    "location": {"hosts": ["testbox"]},
                    "unit": {"agent": "w1", "role": "worker", "job_id": 2},
                    "time": "2024-01-01T00:00:00.000Z",
                    "environment": {"context_fill": 0.5, "pace": "normal"},
                    "xo": {"health": "ok"}})"));
    QVERIFY(salute);
    QCOMPARE(salute->role, QStringLiteral("worker"));
    QCOMPARE(salute->jobId, std::optional<qint64>(2));
    QCOMPARE(salute->workerId, QStringLiteral("w1"));
    QCOMPARE(salute->runId, 1);
    QCOMPARE(salute->salute.keys(),
             (QStringList{"activity", "environment", "location", "status", "time", "unit", "xo"}));

    const auto run = ScheduleRunStarted::from(eventOf(
        "schedule_run_started", R"({"schedule_id": 3, "schedule_run_id": 4, "run_id": 5})"));
    QVERIFY(run);
    QCOMPARE(run->scheduleId, 3);
    QCOMPARE(run->scheduleRunId, 4);
    QCOMPARE(run->runId, 5);

    const auto inbox = InboxDelivered::from(
        eventOf("inbox_delivered", R"({"item_id": 9, "item": {"id": 9, "title": "t"}})"));
    QVERIFY(inbox);
    QCOMPARE(inbox->itemId, 9);
    QVERIFY(inbox->item);
    QCOMPARE(inbox->item->value(QStringLiteral("title")).toString(), QStringLiteral("t"));

    // What a subscriber filtering every event reads.
    const Subject subject = Subject::of(
        eventOf("worker_summary_ready", R"({"run_id": 1, "job_id": 2, "worker_id": "w1"})"));
    QCOMPARE(subject.runId, std::optional<qint64>(1));
    QCOMPARE(subject.jobId, 2);
    QCOMPARE(subject.workerId, QStringLiteral("w1"));
}

void TestEventPayloads::anotherEventsNameGivesNothing() {
    QVERIFY(!SupervisorStarted::from(kOther));
    QVERIFY(!SupervisorThinking::from(kOther));
    QVERIFY(!SupervisorDelta::from(kOther));
    QVERIFY(!SupervisorComplete::from(kOther));
    QVERIFY(!ErrorEvent::from(kOther));
    QVERIFY(!Heartbeat::from(kOther));
    QVERIFY(!WorkerSpawned::from(kOther));
    QVERIFY(!WorkerStarted::from(kOther));
    QVERIFY(!WorkerToolStarted::from(kOther));
    QVERIFY(!WorkerToolFinished::from(kOther));
    QVERIFY(!WorkerStatusUpdate::from(kOther));
    QVERIFY(!WorkerComplete::from(kOther));
    QVERIFY(!WorkerSummaryReady::from(kOther));
    QVERIFY(!RoundaboutDecision::from(kOther));
    QVERIFY(!ViolationDetected::from(kOther));
    QVERIFY(!SteeringInjected::from(kOther));
    QVERIFY(!SaluteReport::from(kOther));
    QVERIFY(!ChildEvent::from(kOther));
    QVERIFY(!ScheduleRunStarted::from(kOther));
    QVERIFY(!InboxDelivered::from(kOther));
    // Close relatives are not confused either.
    QVERIFY(!WorkerStarted::from(eventOf("worker_spawned", "{}")));
    QVERIFY(!SupervisorStarted::from(eventOf("supervisor_thinking", "{}")));
    QVERIFY(!WorkerToolStarted::from(eventOf("worker_tool_completed", "{}")));
}

void TestEventPayloads::missingKeysAreTolerated() {
    const auto started = SupervisorStarted::from(eventOf("supervisor_started", "{}"));
    QVERIFY(started);
    QCOMPARE(started->runId, 0);
    QVERIFY(!started->task);  // the controller then does not compare the task
    QVERIFY(started->mode.isEmpty());

    const auto thinking = SupervisorThinking::from(eventOf("supervisor_thinking", "{}"));
    QVERIFY(thinking);
    QVERIFY(thinking->mode.isEmpty());  // the chat keeps the row's path
    QVERIFY(!thinking->iteration);
    QVERIFY(!thinking->escalated && !thinking->retrying);

    // remote mode's reduced supervisor_complete: run_id and result only
    const auto complete = SupervisorComplete::from(
        eventOf("supervisor_complete", R"({"run_id": 4, "result": "done"})"));
    QVERIFY(complete);
    QCOMPARE(complete->runId, 4);
    QVERIFY(!complete->fallback);  // an answer, not an apology
    QVERIFY(!complete->status);
    QVERIFY(complete->usage.isEmpty());
    // a fallback word this version does not know is still a fallback
    QCOMPARE(
        SupervisorComplete::from(eventOf("supervisor_complete", R"({"fallback": "something_new"})"))
            ->fallback,
        std::optional(RunFallback::Apology));

    const auto error = ErrorEvent::from(eventOf("error", R"({"run_id": 4})"));
    QVERIFY(error);
    QVERIFY(!error->status);
    QVERIFY(!error->partialResults);
    QVERIFY(!error->cancelled());
    QVERIFY(!error->toJson().contains(QStringLiteral("mode")));

    const auto finished = WorkerToolFinished::from(eventOf("worker_tool_completed", "{}"));
    QVERIFY(finished);
    QVERIFY(!finished->durationMs);  // the ticker then measures the call itself
    QVERIFY(!finished->exitCode);

    const auto update = WorkerStatusUpdate::from(
        eventOf("worker_status_update", R"({"job_id": 2, "status": "bogus"})"));
    QVERIFY(update);
    QVERIFY(!update->status);  // not a word of the vocabulary
    QVERIFY(!update->state);
    QCOMPARE(update->elapsedSeconds, 0.0);

    const auto complete2 = WorkerComplete::from(eventOf("worker_complete", "{}"));
    QVERIFY(complete2);
    QVERIFY(!complete2->status);
    QVERIFY(!complete2->durationMs);
    QVERIFY(complete2->error.isEmpty());
    QVERIFY(!complete2->toJson().contains(QStringLiteral("error")));

    const auto decision = RoundaboutDecision::from(eventOf("roundabout_decision", "{}"));
    QVERIFY(decision && !decision->source);

    const auto report = SaluteReport::from(eventOf("salute_report", R"({"run_id": 1})"));
    QVERIFY(report);
    QVERIFY(!report->jobId);  // the supervisor's
    QVERIFY(report->salute.isEmpty());

    const auto child = ChildEvent::from(eventOf("child_started", R"({"child_id": "x"})"));
    QVERIFY(child);
    QVERIFY(!child->jobId && !child->runId);

    const auto inbox = InboxDelivered::from(eventOf("inbox_delivered", R"({"item": 3})"));
    QVERIFY(inbox);
    QVERIFY(!inbox->item);  // not an object

    const Subject none = Subject::of(eventOf("heartbeat", R"({"run_id": "1"})"));
    QVERIFY(!none.runId);  // not a number: not about a run
    QCOMPARE(none.jobId, 0);
}

void TestEventPayloads::writesTheKeysPublishersWrote() {
    QCOMPARE((WorkerStarted{{0, 5, {}}, QStringLiteral("t")}.toJson()),
             (QJsonObject{{"job_id", 5}, {"task", "t"}}));  // no run, no folder yet
    SupervisorThinking thinking;
    thinking.runId = 1;
    thinking.mode = QStringLiteral("quick");
    thinking.message = QStringLiteral("Thinking…");
    thinking.iteration = 1;
    QCOMPARE(thinking.toJson(), (QJsonObject{{"run_id", 1},
                                             {"mode", "quick"},
                                             {"message", QStringLiteral("Thinking…")},
                                             {"iteration", 1}}));
    WorkerToolFinished failed;
    failed.ok = false;
    failed.ids = {1, 2, QStringLiteral("w")};
    failed.callId = QStringLiteral("c");
    failed.seq = 1;
    failed.tool = QStringLiteral("ssh_exec");
    failed.durationMs = 5;
    failed.error = QStringLiteral("no");
    QCOMPARE(failed.toJson(), (QJsonObject{{"run_id", 1},
                                           {"job_id", 2},
                                           {"worker_id", "w"},
                                           {"call_id", "c"},
                                           {"seq", 1},
                                           {"tool", "ssh_exec"},
                                           {"duration_ms", 5},
                                           {"error", "no"},
                                           {"error_code", ""}}));
    QCOMPARE((WorkerStatusUpdate{1, 2, {}, JobStatus::Queued, AgentState::Idle, 0}.toJson()),
             (QJsonObject{{"run_id", 1},
                          {"job_id", 2},
                          {"worker_id", ""},
                          {"status", "queued"},
                          {"state", "idle"},
                          {"elapsed_seconds", 0}}));
}

void TestEventPayloads::theBusPublishesAPayloadUnderItsName() {
    ManualClock clock;
    EventBus bus(&clock);
    QSignalSpy spy(&bus, &EventBus::published);
    bus.publish(3, SupervisorDelta{1, QStringLiteral("Hi")});
    QCOMPARE(spy.size(), 1);
    const Event e = spy.at(0).at(0).value<Event>();
    QCOMPARE(e.name, QStringLiteral("supervisor_delta"));
    QCOMPARE(e.data, (QJsonObject{{"run_id", 1}, {"delta", "Hi"}, {"owner_id", 3}}));
    QCOMPARE(SupervisorDelta::from(e)->delta, QStringLiteral("Hi"));
}

#endif  // Q_MOC_RUN

QTEST_GUILESS_MAIN(TestEventPayloads)
#include "test_event_payloads.moc"
