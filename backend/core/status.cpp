#include "core/status.h"

namespace zerg {

bool isTerminal(WorkerStatus s) {
    switch (s) {
        case WorkerStatus::Success:
        case WorkerStatus::Failed:
        case WorkerStatus::Cancelled:
        case WorkerStatus::Timeout:
            return true;
        case WorkerStatus::Queued:
        case WorkerStatus::Starting:
        case WorkerStatus::Running:
        case WorkerStatus::AwaitingApproval:
        case WorkerStatus::Restarting:
            return false;
    }
    return false;
}

bool isTerminal(JobStatus s) {
    return s != JobStatus::Queued && s != JobStatus::Running;
}

bool isTerminal(RunStatus s) {
    return s != RunStatus::Running;
}

bool isTerminal(ScheduleRunStatus s) {
    return s != ScheduleRunStatus::Running;
}

bool isAllowedTransition(WorkerStatus from, WorkerStatus to) {
    using W = WorkerStatus;
    if (isTerminal(from) || from == to)
        return false;
    // Every live state may end, however it ends: the one way out.
    if (isTerminal(to))
        return true;
    switch (from) {
        case W::Queued:
            return to == W::Starting;
        case W::Starting:
            return to == W::Running;
        case W::Running:
            return to == W::AwaitingApproval || to == W::Restarting;
        case W::AwaitingApproval:
            return to == W::Running;
        case W::Restarting:
            return to == W::Running;
        default:
            return false;
    }
}

JobStatus jobStatusOf(WorkerStatus s) {
    switch (s) {
        case WorkerStatus::Queued:
        case WorkerStatus::Starting:
            return JobStatus::Queued;
        case WorkerStatus::Running:
        case WorkerStatus::AwaitingApproval:
        case WorkerStatus::Restarting:
            return JobStatus::Running;
        case WorkerStatus::Success:
            return JobStatus::Success;
        case WorkerStatus::Failed:
            return JobStatus::Failed;
        case WorkerStatus::Cancelled:
            return JobStatus::Cancelled;
        case WorkerStatus::Timeout:
            return JobStatus::Timeout;
    }
    return JobStatus::Failed;
}

ScheduleRunStatus scheduleRunStatusOf(RunStatus s) {
    switch (s) {
        case RunStatus::Running:
            return ScheduleRunStatus::Running;
        case RunStatus::Success:
            return ScheduleRunStatus::Success;
        case RunStatus::Failed:
            return ScheduleRunStatus::Failed;
        case RunStatus::Cancelled:
            return ScheduleRunStatus::Cancelled;
        case RunStatus::Timeout:
            return ScheduleRunStatus::Timeout;
    }
    return ScheduleRunStatus::Failed;
}

AgentState agentStateOf(WorkerStatus s, bool helpPending, bool stoppedByRule) {
    switch (s) {
        case WorkerStatus::Queued:
        case WorkerStatus::Starting:
            return AgentState::Idle;
        case WorkerStatus::Restarting:
            return AgentState::Restarting;
        case WorkerStatus::AwaitingApproval:
            return AgentState::WaitingForInput;
        case WorkerStatus::Running:
            return helpPending ? AgentState::WaitingForInput : AgentState::Working;
        case WorkerStatus::Success:
            return AgentState::Done;
        case WorkerStatus::Failed:
            return stoppedByRule ? AgentState::Reaped : AgentState::Failed;
        case WorkerStatus::Cancelled:
        case WorkerStatus::Timeout:
            return AgentState::Reaped;
    }
    return AgentState::Failed;
}

}  // namespace zerg
