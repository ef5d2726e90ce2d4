#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace zerg {

// The public event protocol (GUI, CLI --json, WebSocket API). Names come from ARCHITECTURE.md.
namespace events {
inline constexpr char SupervisorStarted[] = "supervisor_started";
inline constexpr char SupervisorThinking[] = "supervisor_thinking";
inline constexpr char SupervisorDelta[] = "supervisor_delta";
inline constexpr char SupervisorComplete[] = "supervisor_complete";
inline constexpr char WorkerSpawned[] = "worker_spawned";
inline constexpr char WorkerStarted[] = "worker_started";
inline constexpr char WorkerToolStarted[] = "worker_tool_started";
inline constexpr char WorkerToolCompleted[] = "worker_tool_completed";
inline constexpr char WorkerToolFailed[] = "worker_tool_failed";
inline constexpr char WorkerToolProgress[] = "worker_tool_progress";
inline constexpr char WorkerStatusUpdate[] = "worker_status_update";
inline constexpr char WorkerComplete[] = "worker_complete";
inline constexpr char WorkerSummaryReady[] = "worker_summary_ready";
inline constexpr char RoundaboutDecision[] = "roundabout_decision";
inline constexpr char Error[] = "error";
inline constexpr char Heartbeat[] = "heartbeat";
inline constexpr char ViolationDetected[] = "violation_detected";
inline constexpr char SteeringInjected[] = "steering_injected";
inline constexpr char SaluteReport[] = "salute_report";
inline constexpr char ChildStarted[] = "child_started";
inline constexpr char ChildExited[] = "child_exited";
inline constexpr char ChildRestarted[] = "child_restarted";
inline constexpr char SupervisorEscalated[] = "supervisor_escalated";
inline constexpr char SchedulesChanged[] = "schedules_changed";
inline constexpr char ScheduleRunStarted[] = "schedule_run_started";
inline constexpr char InboxDelivered[] = "inbox_delivered";
}  // namespace events

// One backend event: a name and a JSON payload. The payload always carries owner_id and the ids
// the event concerns (run_id, job_id, worker_id).
struct Event {
    QString name;
    QJsonObject data;
    qint64 ownerId = 0;
    qint64 seq = 0;  // monotonically increasing per EventBus
    QDateTime at;    // UTC

    // {"event": name, "data": {...}} as printed by `zerg ask --json`.
    [[nodiscard]] QJsonObject toJson() const;
};

}  // namespace zerg
