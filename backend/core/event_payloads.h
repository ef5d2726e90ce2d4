#pragma once

#include "core/event.h"
#include "core/status.h"

#include <QJsonObject>
#include <QString>

#include <optional>

// The payload of each event (docs/events.md) as a struct: the one place where an event's JSON keys
// are spelled. A publisher fills the struct and publishes it (EventBus::publish(ownerId, payload)
// puts toJson() on the bus); an in-process subscriber decodes it with from(), which gives nullopt
// for an event of another name. The wire (the API, the event log, `zerg ask --json`) stays JSON,
// and events that arrive as JSON (remote mode) decode the same way.
//
// Decoding is tolerant as the subscribers always were: a missing key reads as 0, an empty string,
// false or an empty object, or nullopt where the difference matters (the comments say which). A
// status word that is not one of its vocabulary (core/status.h) reads as nullopt.
namespace zerg::payloads {

// The ids of a worker's events (worker_started, the tool calls, worker_complete, …): job_id
// always, run_id when the worker belongs to a run, worker_id once the worker has its folder.
struct WorkerIds {
    qint64 runId = 0;
    qint64 jobId = 0;
    QString workerId;
};

// What any event concerns, whatever its name: for filters that look at every event.
struct Subject {
    std::optional<qint64> runId;  // nullopt: no numeric run_id (heartbeat-less, summaries, …)
    qint64 jobId = 0;
    QString workerId;

    [[nodiscard]] static Subject of(const Event& e);
};

struct SupervisorStarted {
    qint64 runId = 0;
    qint64 threadId = 0;
    std::optional<QString> task;  // nullopt when the payload has no task string
    QString mode;                 // quick, supervisor, or background (a scheduled run)
    QString routeReason;

    [[nodiscard]] static std::optional<SupervisorStarted> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SupervisorStarted; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct SupervisorThinking {
    qint64 runId = 0;
    QString message;
    QString mode;                  // empty: the event does not say (not written then)
    std::optional<int> iteration;  // the model call of the loop, when one starts
    bool escalated = false;        // the quick path handed the request to the supervisor
    bool retrying = false;         // a failed attempt is retried; then attempt and errorCode
    int attempt = 0;
    QString errorCode;

    [[nodiscard]] static std::optional<SupervisorThinking> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SupervisorThinking; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct SupervisorDelta {
    qint64 runId = 0;
    QString delta;

    [[nodiscard]] static std::optional<SupervisorDelta> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SupervisorDelta; }
    [[nodiscard]] QJsonObject toJson() const;
};

// The answer; for an apology (fallback) also the failure behind it.
struct SupervisorComplete {
    qint64 runId = 0;
    qint64 threadId = 0;
    QString result;
    QString mode;
    qint64 durationMs = 0;
    QJsonObject usage;
    // Set when the payload has a fallback (then status, errorCode, error, attempts are written).
    // A fallback word this version does not know reads as the apology, the only one there is.
    std::optional<RunFallback> fallback;
    std::optional<RunStatus> status;
    QString errorCode;
    QString error;
    int attempts = 0;

    [[nodiscard]] static std::optional<SupervisorComplete> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SupervisorComplete; }
    [[nodiscard]] QJsonObject toJson() const;
};

// The `error` event: the run failed, was cancelled or timed out.
struct ErrorEvent {
    qint64 runId = 0;
    QString message;
    QString details;                  // an error code: cancelled, run_timeout, llm_…
    std::optional<RunStatus> status;  // not written when unset
    QString mode;                     // not written when empty
    std::optional<QString> partialResults;

    [[nodiscard]] bool cancelled() const { return details == QLatin1String("cancelled"); }

    [[nodiscard]] static std::optional<ErrorEvent> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::Error; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct Heartbeat {
    qint64 runId = 0;
    QString timestamp;  // ISO-8601 UTC

    [[nodiscard]] static std::optional<Heartbeat> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::Heartbeat; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct WorkerSpawned {
    qint64 runId = 0;
    qint64 jobId = 0;
    QString task;
    QString model;

    [[nodiscard]] static std::optional<WorkerSpawned> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerSpawned; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct WorkerStarted {
    WorkerIds ids;
    QString task;

    [[nodiscard]] static std::optional<WorkerStarted> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerStarted; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct WorkerToolStarted {
    WorkerIds ids;
    QString callId;
    int seq = 0;
    QString tool;
    QJsonObject args;
    QString display;  // one line, e.g. ssh_exec testbox "df -h"

    [[nodiscard]] static std::optional<WorkerToolStarted> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerToolStarted; }
    [[nodiscard]] QJsonObject toJson() const;
};

// worker_tool_progress: a running call reported progress (an MCP server's notifications).
struct WorkerToolProgress {
    WorkerIds ids;
    QString callId;
    int seq = 0;
    QString tool;
    double progress = 0;
    std::optional<double> total;  // unset when the tool does not know
    QString message;

    [[nodiscard]] static std::optional<WorkerToolProgress> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerToolProgress; }
    [[nodiscard]] QJsonObject toJson() const;
};

// worker_tool_completed (ok) and worker_tool_failed (not ok; then error and errorCode).
struct WorkerToolFinished {
    bool ok = true;
    WorkerIds ids;
    QString callId;
    int seq = 0;
    QString tool;
    std::optional<qint64> durationMs;
    std::optional<int> exitCode;  // when the tool ran a command
    QString error;
    QString errorCode;

    [[nodiscard]] static std::optional<WorkerToolFinished> from(const Event& e);
    [[nodiscard]] const char* eventName() const;
    [[nodiscard]] QJsonObject toJson() const;
};

// Every roundabout check. Unlike the other worker events it always carries worker_id.
struct WorkerStatusUpdate {
    qint64 runId = 0;
    qint64 jobId = 0;
    QString workerId;
    std::optional<JobStatus> status;
    std::optional<AgentState> state;
    double elapsedSeconds = 0;

    [[nodiscard]] static std::optional<WorkerStatusUpdate> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerStatusUpdate; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct WorkerComplete {
    WorkerIds ids;
    std::optional<JobStatus> status;  // success, failed, timeout, cancelled
    std::optional<AgentState> state;
    std::optional<qint64> durationMs;
    QString error;  // not written when empty

    [[nodiscard]] static std::optional<WorkerComplete> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerComplete; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct WorkerSummaryReady {
    WorkerIds ids;
    QString summary;

    [[nodiscard]] static std::optional<WorkerSummaryReady> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::WorkerSummaryReady; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct RoundaboutDecision {
    qint64 runId = 0;
    qint64 jobId = 0;
    QString decision;  // exit, cancel, peek, message
    QString reason;
    std::optional<QString> source;  // llm or heuristic; none on the roundabout's own exit

    [[nodiscard]] static std::optional<RoundaboutDecision> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::RoundaboutDecision; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct ViolationDetected {
    WorkerIds ids;
    QString rule;
    QString action;  // log, warn, notify, pause, reap
    QString tool;
    QString value;
    bool notify = false;

    [[nodiscard]] static std::optional<ViolationDetected> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::ViolationDetected; }
    [[nodiscard]] QJsonObject toJson() const;
};

// The XO steered an agent: a worker (jobId, its ids) or the supervisor (runId only).
struct SteeringInjected {
    std::optional<qint64> jobId;
    qint64 runId = 0;  // not written when 0
    QString workerId;  // not written when empty
    QString role;      // worker or supervisor
    QString anomaly;
    QString message;
    QString pace;

    [[nodiscard]] static std::optional<SteeringInjected> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SteeringInjected; }
    [[nodiscard]] QJsonObject toJson() const;
};

// A SALUTE report: the ids of the agent and the report itself (salute.json's keys: status,
// activity, location, unit, time, environment, xo), kept as the XO wrote it.
struct SaluteReport {
    QString role;                 // worker or supervisor
    std::optional<qint64> jobId;  // a worker's
    qint64 runId = 0;             // not written when 0
    QString workerId;             // not written when empty
    QJsonObject salute;

    [[nodiscard]] static std::optional<SaluteReport> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::SaluteReport; }
    [[nodiscard]] QJsonObject toJson() const;
};

// child_started, child_exited, child_restarted and supervisor_escalated.
struct ChildEvent {
    enum class Kind { Started, Exited, Restarted, Escalated };
    Kind kind = Kind::Started;
    QString supervisor;
    QString childId;
    QString reason;        // exited, escalated
    int restartCount = 0;  // restarted
    std::optional<qint64> jobId;
    QString workerId;
    std::optional<qint64> runId;

    [[nodiscard]] static std::optional<ChildEvent> from(const Event& e);
    [[nodiscard]] const char* eventName() const;
    [[nodiscard]] QJsonObject toJson() const;
};

struct ScheduleRunStarted {
    qint64 scheduleId = 0;
    qint64 scheduleRunId = 0;
    qint64 runId = 0;

    [[nodiscard]] static std::optional<ScheduleRunStarted> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::ScheduleRunStarted; }
    [[nodiscard]] QJsonObject toJson() const;
};

struct InboxDelivered {
    qint64 itemId = 0;
    std::optional<QJsonObject> item;  // as the API's inbox gives it; nullopt when not an object

    [[nodiscard]] static std::optional<InboxDelivered> from(const Event& e);
    [[nodiscard]] static const char* eventName() { return events::InboxDelivered; }
    [[nodiscard]] QJsonObject toJson() const;
};

}  // namespace zerg::payloads
