#include "core/event_payloads.h"

#include <QJsonValue>

namespace zerg::payloads {
namespace {

// Every key of every payload (docs/events.md), spelled here only.
constexpr QLatin1String kAction("action");
constexpr QLatin1String kAnomaly("anomaly");
constexpr QLatin1String kArgs("args");
constexpr QLatin1String kAttempt("attempt");
constexpr QLatin1String kAttempts("attempts");
constexpr QLatin1String kCallId("call_id");
constexpr QLatin1String kChildId("child_id");
constexpr QLatin1String kDecision("decision");
constexpr QLatin1String kDelta("delta");
constexpr QLatin1String kDetails("details");
constexpr QLatin1String kDisplay("display");
constexpr QLatin1String kDurationMs("duration_ms");
constexpr QLatin1String kElapsedSeconds("elapsed_seconds");
constexpr QLatin1String kError("error");
constexpr QLatin1String kErrorCode("error_code");
constexpr QLatin1String kEscalated("escalated");
constexpr QLatin1String kExitCode("exit_code");
constexpr QLatin1String kFallback("fallback");
constexpr QLatin1String kItem("item");
constexpr QLatin1String kItemId("item_id");
constexpr QLatin1String kIteration("iteration");
constexpr QLatin1String kJobId("job_id");
constexpr QLatin1String kMessage("message");
constexpr QLatin1String kProgress("progress");
constexpr QLatin1String kTotal("total");
constexpr QLatin1String kMode("mode");
constexpr QLatin1String kModel("model");
constexpr QLatin1String kNotify("notify");
constexpr QLatin1String kPace("pace");
constexpr QLatin1String kPartialResults("partial_results");
constexpr QLatin1String kReason("reason");
constexpr QLatin1String kRestartCount("restart_count");
constexpr QLatin1String kResult("result");
constexpr QLatin1String kRetrying("retrying");
constexpr QLatin1String kRole("role");
constexpr QLatin1String kRouteReason("route_reason");
constexpr QLatin1String kRule("rule");
constexpr QLatin1String kRunId("run_id");
constexpr QLatin1String kScheduleId("schedule_id");
constexpr QLatin1String kScheduleRunId("schedule_run_id");
constexpr QLatin1String kSeq("seq");
constexpr QLatin1String kSource("source");
constexpr QLatin1String kState("state");
constexpr QLatin1String kStatus("status");
constexpr QLatin1String kSummary("summary");
constexpr QLatin1String kSupervisor("supervisor");
constexpr QLatin1String kTask("task");
constexpr QLatin1String kThreadId("thread_id");
constexpr QLatin1String kTimestamp("timestamp");
constexpr QLatin1String kTool("tool");
constexpr QLatin1String kUsage("usage");
constexpr QLatin1String kValue("value");
constexpr QLatin1String kWorkerId("worker_id");
// Added by the EventBus to every payload; not part of any struct.
constexpr QLatin1String kOwnerId("owner_id");

bool named(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

qint64 integer(const QJsonObject& d, QLatin1String key) {
    return d.value(key).toInteger();
}

QString text(const QJsonObject& d, QLatin1String key) {
    return d.value(key).toString();
}

// nullopt when the key is missing (a present key that is no number reads as 0, as always).
std::optional<qint64> optionalInteger(const QJsonObject& d, QLatin1String key) {
    if (!d.contains(key))
        return std::nullopt;
    return d.value(key).toInteger();
}

template <StatusEnum E>
std::optional<E> statusAt(const QJsonObject& d, QLatin1String key) {
    return parseStatus<E>(d.value(key).toString());
}

WorkerIds workerIds(const QJsonObject& d) {
    return {integer(d, kRunId), integer(d, kJobId), text(d, kWorkerId)};
}

// As a worker writes them: job_id always, run_id and worker_id once there is one.
QJsonObject withIds(const WorkerIds& ids) {
    QJsonObject o{{kJobId, ids.jobId}};
    if (ids.runId)
        o.insert(kRunId, ids.runId);
    if (!ids.workerId.isEmpty())
        o.insert(kWorkerId, ids.workerId);
    return o;
}

}  // namespace

Subject Subject::of(const Event& e) {
    Subject s;
    if (const QJsonValue run = e.data.value(kRunId); run.isDouble())
        s.runId = run.toInteger();
    s.jobId = integer(e.data, kJobId);
    s.workerId = text(e.data, kWorkerId);
    return s;
}

// ---- supervisor_started -----------------------------------------------------------------------

std::optional<SupervisorStarted> SupervisorStarted::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    SupervisorStarted p;
    p.runId = integer(d, kRunId);
    p.threadId = integer(d, kThreadId);
    if (const QJsonValue task = d.value(kTask); task.isString())
        p.task = task.toString();
    p.mode = text(d, kMode);
    p.routeReason = text(d, kRouteReason);
    return p;
}

QJsonObject SupervisorStarted::toJson() const {
    QJsonObject o{
        {kRunId, runId}, {kThreadId, threadId}, {kMode, mode}, {kRouteReason, routeReason}};
    if (task)
        o.insert(kTask, *task);
    return o;
}

// ---- supervisor_thinking ----------------------------------------------------------------------

std::optional<SupervisorThinking> SupervisorThinking::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    SupervisorThinking p;
    p.runId = integer(d, kRunId);
    p.message = text(d, kMessage);
    p.mode = text(d, kMode);
    if (d.contains(kIteration))
        p.iteration = d.value(kIteration).toInt();
    p.escalated = d.value(kEscalated).toBool();
    p.retrying = d.value(kRetrying).toBool();
    p.attempt = d.value(kAttempt).toInt();
    p.errorCode = text(d, kErrorCode);
    return p;
}

QJsonObject SupervisorThinking::toJson() const {
    QJsonObject o{{kRunId, runId}, {kMessage, message}};
    if (!mode.isEmpty())
        o.insert(kMode, mode);
    if (iteration)
        o.insert(kIteration, *iteration);
    if (escalated)
        o.insert(kEscalated, true);
    if (retrying) {
        o.insert(kRetrying, true);
        o.insert(kAttempt, attempt);
        o.insert(kErrorCode, errorCode);
    }
    return o;
}

// ---- supervisor_delta -------------------------------------------------------------------------

std::optional<SupervisorDelta> SupervisorDelta::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    return SupervisorDelta{integer(e.data, kRunId), text(e.data, kDelta)};
}

QJsonObject SupervisorDelta::toJson() const {
    return {{kRunId, runId}, {kDelta, delta}};
}

// ---- supervisor_complete ----------------------------------------------------------------------

std::optional<SupervisorComplete> SupervisorComplete::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    SupervisorComplete p;
    p.runId = integer(d, kRunId);
    p.threadId = integer(d, kThreadId);
    p.result = text(d, kResult);
    p.mode = text(d, kMode);
    p.durationMs = integer(d, kDurationMs);
    p.usage = d.value(kUsage).toObject();
    if (d.contains(kFallback))
        p.fallback = statusAt<RunFallback>(d, kFallback).value_or(RunFallback::Apology);
    p.status = statusAt<RunStatus>(d, kStatus);
    p.errorCode = text(d, kErrorCode);
    p.error = text(d, kError);
    p.attempts = d.value(kAttempts).toInt();
    return p;
}

QJsonObject SupervisorComplete::toJson() const {
    QJsonObject o{{kRunId, runId}, {kThreadId, threadId},     {kResult, result},
                  {kMode, mode},   {kDurationMs, durationMs}, {kUsage, usage}};
    if (fallback) {
        o.insert(kFallback, statusName(*fallback));
        if (status)
            o.insert(kStatus, statusName(*status));
        o.insert(kErrorCode, errorCode);
        o.insert(kError, error);
        o.insert(kAttempts, attempts);
    }
    return o;
}

// ---- error ------------------------------------------------------------------------------------

std::optional<ErrorEvent> ErrorEvent::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    ErrorEvent p;
    p.runId = integer(d, kRunId);
    p.message = text(d, kMessage);
    p.details = text(d, kDetails);
    p.status = statusAt<RunStatus>(d, kStatus);
    p.mode = text(d, kMode);
    if (d.contains(kPartialResults))
        p.partialResults = text(d, kPartialResults);
    return p;
}

QJsonObject ErrorEvent::toJson() const {
    QJsonObject o{{kRunId, runId}, {kMessage, message}, {kDetails, details}};
    if (!mode.isEmpty())
        o.insert(kMode, mode);
    if (status)
        o.insert(kStatus, statusName(*status));
    if (partialResults)
        o.insert(kPartialResults, *partialResults);
    return o;
}

// ---- heartbeat --------------------------------------------------------------------------------

std::optional<Heartbeat> Heartbeat::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    return Heartbeat{integer(e.data, kRunId), text(e.data, kTimestamp)};
}

QJsonObject Heartbeat::toJson() const {
    return {{kRunId, runId}, {kTimestamp, timestamp}};
}

// ---- worker_spawned ---------------------------------------------------------------------------

std::optional<WorkerSpawned> WorkerSpawned::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    return WorkerSpawned{integer(d, kRunId), integer(d, kJobId), text(d, kTask), text(d, kModel)};
}

QJsonObject WorkerSpawned::toJson() const {
    return {{kRunId, runId}, {kJobId, jobId}, {kTask, task}, {kModel, model}};
}

// ---- worker_started ---------------------------------------------------------------------------

std::optional<WorkerStarted> WorkerStarted::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    return WorkerStarted{workerIds(e.data), text(e.data, kTask)};
}

QJsonObject WorkerStarted::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kTask, task);
    return o;
}

// ---- worker_tool_started ----------------------------------------------------------------------

std::optional<WorkerToolStarted> WorkerToolStarted::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    WorkerToolStarted p;
    p.ids = workerIds(d);
    p.callId = text(d, kCallId);
    p.seq = d.value(kSeq).toInt();
    p.tool = text(d, kTool);
    p.args = d.value(kArgs).toObject();
    p.display = text(d, kDisplay);
    return p;
}

QJsonObject WorkerToolStarted::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kCallId, callId);
    o.insert(kSeq, seq);
    o.insert(kTool, tool);
    o.insert(kArgs, args);
    o.insert(kDisplay, display);
    return o;
}

// ---- worker_tool_progress ------------------------------------------------------------------

std::optional<WorkerToolProgress> WorkerToolProgress::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    WorkerToolProgress p;
    p.ids = workerIds(d);
    p.callId = text(d, kCallId);
    p.seq = d.value(kSeq).toInt();
    p.tool = text(d, kTool);
    p.progress = d.value(kProgress).toDouble();
    if (d.value(kTotal).isDouble())
        p.total = d.value(kTotal).toDouble();
    p.message = text(d, kMessage);
    return p;
}

QJsonObject WorkerToolProgress::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kCallId, callId);
    o.insert(kSeq, seq);
    o.insert(kTool, tool);
    o.insert(kProgress, progress);
    if (total)
        o.insert(kTotal, *total);
    o.insert(kMessage, message);
    return o;
}

// ---- worker_tool_completed, worker_tool_failed ------------------------------------------------

std::optional<WorkerToolFinished> WorkerToolFinished::from(const Event& e) {
    const bool ok = named(e, events::WorkerToolCompleted);
    if (!ok && !named(e, events::WorkerToolFailed))
        return std::nullopt;
    const QJsonObject& d = e.data;
    WorkerToolFinished p;
    p.ok = ok;
    p.ids = workerIds(d);
    p.callId = text(d, kCallId);
    p.seq = d.value(kSeq).toInt();
    p.tool = text(d, kTool);
    p.durationMs = optionalInteger(d, kDurationMs);
    if (d.contains(kExitCode))
        p.exitCode = d.value(kExitCode).toInt();
    p.error = text(d, kError);
    p.errorCode = text(d, kErrorCode);
    return p;
}

const char* WorkerToolFinished::eventName() const {
    return ok ? events::WorkerToolCompleted : events::WorkerToolFailed;
}

QJsonObject WorkerToolFinished::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kCallId, callId);
    o.insert(kSeq, seq);
    o.insert(kTool, tool);
    if (durationMs)
        o.insert(kDurationMs, *durationMs);
    if (exitCode)
        o.insert(kExitCode, *exitCode);
    if (!ok) {
        o.insert(kError, error);
        o.insert(kErrorCode, errorCode);
    }
    return o;
}

// ---- worker_status_update ---------------------------------------------------------------------

std::optional<WorkerStatusUpdate> WorkerStatusUpdate::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    WorkerStatusUpdate p;
    p.runId = integer(d, kRunId);
    p.jobId = integer(d, kJobId);
    p.workerId = text(d, kWorkerId);
    p.status = statusAt<JobStatus>(d, kStatus);
    p.state = statusAt<AgentState>(d, kState);
    p.elapsedSeconds = d.value(kElapsedSeconds).toDouble();
    return p;
}

QJsonObject WorkerStatusUpdate::toJson() const {
    QJsonObject o{
        {kRunId, runId}, {kJobId, jobId}, {kWorkerId, workerId}, {kElapsedSeconds, elapsedSeconds}};
    if (status)
        o.insert(kStatus, statusName(*status));
    if (state)
        o.insert(kState, statusName(*state));
    return o;
}

// ---- worker_complete --------------------------------------------------------------------------

std::optional<WorkerComplete> WorkerComplete::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    WorkerComplete p;
    p.ids = workerIds(d);
    p.status = statusAt<JobStatus>(d, kStatus);
    p.state = statusAt<AgentState>(d, kState);
    p.durationMs = optionalInteger(d, kDurationMs);
    p.error = text(d, kError);
    return p;
}

QJsonObject WorkerComplete::toJson() const {
    QJsonObject o = withIds(ids);
    if (status)
        o.insert(kStatus, statusName(*status));
    if (state)
        o.insert(kState, statusName(*state));
    if (durationMs)
        o.insert(kDurationMs, *durationMs);
    if (!error.isEmpty())
        o.insert(kError, error);
    return o;
}

// ---- worker_summary_ready ---------------------------------------------------------------------

std::optional<WorkerSummaryReady> WorkerSummaryReady::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    return WorkerSummaryReady{workerIds(e.data), text(e.data, kSummary)};
}

QJsonObject WorkerSummaryReady::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kSummary, summary);
    return o;
}

// ---- roundabout_decision ----------------------------------------------------------------------

std::optional<RoundaboutDecision> RoundaboutDecision::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    RoundaboutDecision p;
    p.runId = integer(d, kRunId);
    p.jobId = integer(d, kJobId);
    p.decision = text(d, kDecision);
    p.reason = text(d, kReason);
    if (d.contains(kSource))
        p.source = text(d, kSource);
    return p;
}

QJsonObject RoundaboutDecision::toJson() const {
    QJsonObject o{{kRunId, runId}, {kJobId, jobId}, {kDecision, decision}, {kReason, reason}};
    if (source)
        o.insert(kSource, *source);
    return o;
}

// ---- violation_detected -----------------------------------------------------------------------

std::optional<ViolationDetected> ViolationDetected::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    ViolationDetected p;
    p.ids = workerIds(d);
    p.rule = text(d, kRule);
    p.action = text(d, kAction);
    p.tool = text(d, kTool);
    p.value = text(d, kValue);
    p.notify = d.value(kNotify).toBool();
    return p;
}

QJsonObject ViolationDetected::toJson() const {
    QJsonObject o = withIds(ids);
    o.insert(kRule, rule);
    o.insert(kAction, action);
    o.insert(kTool, tool);
    o.insert(kValue, value);
    o.insert(kNotify, notify);
    return o;
}

// ---- steering_injected ------------------------------------------------------------------------

std::optional<SteeringInjected> SteeringInjected::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    SteeringInjected p;
    p.jobId = optionalInteger(d, kJobId);
    p.runId = integer(d, kRunId);
    p.workerId = text(d, kWorkerId);
    p.role = text(d, kRole);
    p.anomaly = text(d, kAnomaly);
    p.message = text(d, kMessage);
    p.pace = text(d, kPace);
    return p;
}

QJsonObject SteeringInjected::toJson() const {
    QJsonObject o{{kRole, role}, {kAnomaly, anomaly}, {kMessage, message}, {kPace, pace}};
    if (jobId)
        o.insert(kJobId, *jobId);
    if (runId)
        o.insert(kRunId, runId);
    if (!workerId.isEmpty())
        o.insert(kWorkerId, workerId);
    return o;
}

// ---- salute_report ----------------------------------------------------------------------------

std::optional<SaluteReport> SaluteReport::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    SaluteReport p;
    p.salute = e.data;
    p.role = text(p.salute, kRole);
    p.jobId = optionalInteger(p.salute, kJobId);
    p.runId = integer(p.salute, kRunId);
    p.workerId = text(p.salute, kWorkerId);
    for (QLatin1String key : {kRole, kJobId, kRunId, kWorkerId, kOwnerId})
        p.salute.remove(key);
    return p;
}

QJsonObject SaluteReport::toJson() const {
    QJsonObject o = salute;
    o.insert(kRole, role);
    if (jobId)
        o.insert(kJobId, *jobId);
    if (runId)
        o.insert(kRunId, runId);
    if (!workerId.isEmpty())
        o.insert(kWorkerId, workerId);
    return o;
}

// ---- child_started, child_exited, child_restarted, supervisor_escalated -----------------------

std::optional<ChildEvent> ChildEvent::from(const Event& e) {
    ChildEvent p;
    if (named(e, events::ChildStarted))
        p.kind = Kind::Started;
    else if (named(e, events::ChildExited))
        p.kind = Kind::Exited;
    else if (named(e, events::ChildRestarted))
        p.kind = Kind::Restarted;
    else if (named(e, events::SupervisorEscalated))
        p.kind = Kind::Escalated;
    else
        return std::nullopt;
    const QJsonObject& d = e.data;
    p.supervisor = text(d, kSupervisor);
    p.childId = text(d, kChildId);
    p.reason = text(d, kReason);
    p.restartCount = d.value(kRestartCount).toInt();
    p.jobId = optionalInteger(d, kJobId);
    p.workerId = text(d, kWorkerId);
    p.runId = optionalInteger(d, kRunId);
    return p;
}

const char* ChildEvent::eventName() const {
    switch (kind) {
        case Kind::Started:
            return events::ChildStarted;
        case Kind::Exited:
            return events::ChildExited;
        case Kind::Restarted:
            return events::ChildRestarted;
        case Kind::Escalated:
            return events::SupervisorEscalated;
    }
    return events::ChildStarted;
}

QJsonObject ChildEvent::toJson() const {
    QJsonObject o{{kSupervisor, supervisor}, {kChildId, childId}};
    if (kind == Kind::Exited || kind == Kind::Escalated)
        o.insert(kReason, reason);
    if (kind == Kind::Restarted)
        o.insert(kRestartCount, restartCount);
    if (jobId)
        o.insert(kJobId, *jobId);
    if (!workerId.isEmpty())
        o.insert(kWorkerId, workerId);
    if (runId)
        o.insert(kRunId, *runId);
    return o;
}

// ---- schedule_run_started ---------------------------------------------------------------------

std::optional<ScheduleRunStarted> ScheduleRunStarted::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    const QJsonObject& d = e.data;
    return ScheduleRunStarted{integer(d, kScheduleId), integer(d, kScheduleRunId),
                              integer(d, kRunId)};
}

QJsonObject ScheduleRunStarted::toJson() const {
    return {{kScheduleId, scheduleId}, {kScheduleRunId, scheduleRunId}, {kRunId, runId}};
}

// ---- inbox_delivered --------------------------------------------------------------------------

std::optional<InboxDelivered> InboxDelivered::from(const Event& e) {
    if (!named(e, eventName()))
        return std::nullopt;
    InboxDelivered p;
    p.itemId = integer(e.data, kItemId);
    if (const QJsonValue item = e.data.value(kItem); item.isObject())
        p.item = item.toObject();
    return p;
}

QJsonObject InboxDelivered::toJson() const {
    QJsonObject o{{kItemId, itemId}};
    if (item)
        o.insert(kItem, *item);
    return o;
}

}  // namespace zerg::payloads
