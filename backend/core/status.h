#pragma once

#include "core/result.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <optional>
#include <utility>

// The status vocabularies, one enum each, and the one table per enum that turns it into the word
// that storage, the API, the event log and the CLI use (and back). The words are the ones stored
// since the first schema, so no data changes. Nothing else spells a status as a string literal.
namespace zerg {

// A worker's life (workers/worker.h): the live state of one worker agent.
//   queued -> starting -> running <-> awaiting_approval
//                         running -> restarting -> running   (a supervised restart)
//   any live state -> success | failed | cancelled | timeout  (terminal; nothing follows)
enum class WorkerStatus {
    Queued,
    Starting,
    Running,
    AwaitingApproval,
    Restarting,
    Success,
    Failed,
    Cancelled,
    Timeout,
};

// A worker job's row (storage, the API, `zerg workers`): the worker's status as kept on disk.
// The live states between queued and the end are all `running` there.
enum class JobStatus { Queued, Running, Success, Failed, Cancelled, Timeout };

// A supervisor run's row (runs table, `zerg runs`, the API's run endpoint).
enum class RunStatus { Running, Success, Failed, Cancelled, Timeout };

// How a failed run still answered (runs.fallback, NULL when it did not): with an apology, Jarvis's
// direct answer after the supervisor agent's attempts failed (docs/supervisor.md). The run's
// status stays failed.
enum class RunFallback { Apology };

// A scheduled check's run (schedule_runs table). `skipped` is allowed by the schema; nothing
// writes it today.
enum class ScheduleRunStatus { Running, Success, Failed, Cancelled, Timeout, Skipped };

// The agent state shown everywhere an agent is described (docs/reliability.md): a worker's
// `state` in worker_status_update, worker_complete and salute.json.
enum class AgentState { Idle, Working, WaitingForInput, Restarting, Done, Failed, Reaped };

// One tool call as the roundabout's decider sees it (ActivityEntry::outcome).
enum class CallOutcome { Running, Success, Failed };

// How a host's SSH key stands against its known_hosts file (the Hosts page, `host_key`): known
// (recorded and, when checked online, the one the host offers), unknown (nothing recorded for the
// host), changed (the host offers another key than the one recorded: never trusted from Zerg).
enum class HostKeyState { Known, Unknown, Changed };

// What may change a system without asking (issue 22, docs/security.md): the mode the user chose,
// a host's own, a scheduled check's. tools/approval_policy.h applies it; a schedule stores it.
enum class ApprovalMode {
    Autonomous,  // every call runs (the deny-list still holds)
    Ask,         // read-only calls run; a call that may change a system waits for the user
    ReadOnly,    // read-only calls run; a call that may change a system is refused
};

// The agents Zerg asks a model for (Dashboard › Agents, storage/agent_profiles.h): the
// supervisor, its quick path, the workers, the roundabout's decider and the workers' one-line
// summaries. Each has its own prompt, model and parameters.
enum class AgentRole { Supervisor, Quick, Worker, Decider, Summary };

// An enum's words, one per value. Other enums with stored or printed words (a supervisor's child
// states, a decider's actions, a failure class, ...) specialise it in the header that declares
// them, so statusName() and parseStatus() serve them too.
template <typename E>
struct StatusTable;

// The enums with a table (those above, and the others that specialise it).
template <typename E>
concept StatusEnum = requires {
    StatusTable<E>::names;
};

template <>
struct StatusTable<AgentRole> {
    static constexpr std::array<std::pair<AgentRole, const char*>, 5> names{{
        {AgentRole::Supervisor, "supervisor"},
        {AgentRole::Quick, "quick"},
        {AgentRole::Worker, "worker"},
        {AgentRole::Decider, "decider"},
        {AgentRole::Summary, "summary"},
    }};
};

// What became of a reply to Zerg by e-mail or SMS (tables mail_replies, sms_replies), for the
// record.
enum class ReplyOutcome {
    Allowed,    // it allowed an approval request
    Denied,     // it denied one
    FollowUp,   // its text started a request of the supervisor agent
    NotAnswer,  // to an approval request, but neither yes nor no: it waits on
    TooLate,    // to a request that was answered, expired or withdrawn already
    Refused,    // a sender that is not allowed, or failed authentication (DKIM, DMARC)
    AutoReply,  // an autoresponder's (out of office): ignored
    Failed,     // Zerg could not act on it (the reason in detail)
};

template <>
struct StatusTable<ReplyOutcome> {
    static constexpr std::array<std::pair<ReplyOutcome, const char*>, 8> names{{
        {ReplyOutcome::Allowed, "allowed"},
        {ReplyOutcome::Denied, "denied"},
        {ReplyOutcome::FollowUp, "follow_up"},
        {ReplyOutcome::NotAnswer, "not_an_answer"},
        {ReplyOutcome::TooLate, "too_late"},
        {ReplyOutcome::Refused, "refused"},
        {ReplyOutcome::AutoReply, "auto_reply"},
        {ReplyOutcome::Failed, "failed"},
    }};
};

template <>
struct StatusTable<WorkerStatus> {
    static constexpr std::array<std::pair<WorkerStatus, const char*>, 9> names{{
        {WorkerStatus::Queued, "queued"},
        {WorkerStatus::Starting, "starting"},
        {WorkerStatus::Running, "running"},
        {WorkerStatus::AwaitingApproval, "awaiting_approval"},
        {WorkerStatus::Restarting, "restarting"},
        {WorkerStatus::Success, "success"},
        {WorkerStatus::Failed, "failed"},
        {WorkerStatus::Cancelled, "cancelled"},
        {WorkerStatus::Timeout, "timeout"},
    }};
};

template <>
struct StatusTable<JobStatus> {
    static constexpr std::array<std::pair<JobStatus, const char*>, 6> names{{
        {JobStatus::Queued, "queued"},
        {JobStatus::Running, "running"},
        {JobStatus::Success, "success"},
        {JobStatus::Failed, "failed"},
        {JobStatus::Cancelled, "cancelled"},
        {JobStatus::Timeout, "timeout"},
    }};
};

template <>
struct StatusTable<RunStatus> {
    static constexpr std::array<std::pair<RunStatus, const char*>, 5> names{{
        {RunStatus::Running, "running"},
        {RunStatus::Success, "success"},
        {RunStatus::Failed, "failed"},
        {RunStatus::Cancelled, "cancelled"},
        {RunStatus::Timeout, "timeout"},
    }};
};

template <>
struct StatusTable<RunFallback> {
    static constexpr std::array<std::pair<RunFallback, const char*>, 1> names{{
        {RunFallback::Apology, "apology"},
    }};
};

template <>
struct StatusTable<ScheduleRunStatus> {
    static constexpr std::array<std::pair<ScheduleRunStatus, const char*>, 6> names{{
        {ScheduleRunStatus::Running, "running"},
        {ScheduleRunStatus::Success, "success"},
        {ScheduleRunStatus::Failed, "failed"},
        {ScheduleRunStatus::Cancelled, "cancelled"},
        {ScheduleRunStatus::Timeout, "timeout"},
        {ScheduleRunStatus::Skipped, "skipped"},
    }};
};

template <>
struct StatusTable<AgentState> {
    static constexpr std::array<std::pair<AgentState, const char*>, 7> names{{
        {AgentState::Idle, "idle"},
        {AgentState::Working, "working"},
        {AgentState::WaitingForInput, "waiting for input"},
        {AgentState::Restarting, "restarting"},
        {AgentState::Done, "done"},
        {AgentState::Failed, "failed"},
        {AgentState::Reaped, "reaped"},
    }};
};

template <>
struct StatusTable<CallOutcome> {
    static constexpr std::array<std::pair<CallOutcome, const char*>, 3> names{{
        {CallOutcome::Running, "running"},
        {CallOutcome::Success, "success"},
        {CallOutcome::Failed, "failed"},
    }};
};

template <>
struct StatusTable<HostKeyState> {
    static constexpr std::array<std::pair<HostKeyState, const char*>, 3> names{{
        {HostKeyState::Known, "known"},
        {HostKeyState::Unknown, "unknown"},
        {HostKeyState::Changed, "changed"},
    }};
};

template <>
struct StatusTable<ApprovalMode> {
    static constexpr std::array<std::pair<ApprovalMode, const char*>, 3> names{{
        {ApprovalMode::Autonomous, "autonomous"},
        {ApprovalMode::Ask, "ask"},
        {ApprovalMode::ReadOnly, "read_only"},
    }};
};

// The stored word of a value. (Not called toString: argument-dependent lookup would offer it
// to QTest's QCOMPARE for these enums.)
template <StatusEnum E>
[[nodiscard]] QString statusName(E value) {
    for (const auto& [v, name] : StatusTable<E>::names) {
        if (v == value)
            return QLatin1String(name);
    }
    return {};
}

// The value of a stored word (exact, lower case); nullopt for anything else.
template <StatusEnum E>
[[nodiscard]] std::optional<E> parseStatus(QStringView word) {
    for (const auto& [v, name] : StatusTable<E>::names) {
        if (word == QLatin1String(name))
            return v;
    }
    return std::nullopt;
}

// Every word of a vocabulary, in table order (for error messages and schema checks).
template <StatusEnum E>
[[nodiscard]] QStringList statusNames() {
    QStringList out;
    for (const auto& entry : StatusTable<E>::names)
        out.append(QLatin1String(entry.second));
    return out;
}

// The value of a word a user or a client gave (a tool's argument, an API field, a CLI option);
// for an unknown word an "invalid_argument" error that names it and the words allowed, e.g.
// "Unknown job status 'done'; use queued, running, success, failed, cancelled or timeout."
// `what` names the vocabulary ("job status").
template <StatusEnum E>
[[nodiscard]] Result<E> parseStatusArgument(QStringView word, const QString& what) {
    if (const std::optional<E> value = parseStatus<E>(word))
        return *value;
    QStringList names = statusNames<E>();
    const QString last = names.takeLast();
    return Error{QStringLiteral("invalid_argument"),
                 QStringLiteral("Unknown %1 '%2'; use %3.")
                     .arg(what, word.toString(),
                          names.isEmpty()
                              ? last
                              : names.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last)};
}

[[nodiscard]] bool isTerminal(WorkerStatus s);
[[nodiscard]] bool isTerminal(JobStatus s);
[[nodiscard]] bool isTerminal(RunStatus s);
[[nodiscard]] bool isTerminal(ScheduleRunStatus s);

// Whether a stored word of E's vocabulary is an end. A word that is none of E's counts as ended:
// nothing will move it on (a row or event from a newer version, or a damaged one).
template <StatusEnum E>
[[nodiscard]] bool isTerminalWord(QStringView word) {
    const std::optional<E> s = parseStatus<E>(word);
    return !s || isTerminal(*s);
}

// Whether a worker may go from one status to another (the diagram above).
[[nodiscard]] bool isAllowedTransition(WorkerStatus from, WorkerStatus to);
// What a worker's row says while the worker is in this status.
[[nodiscard]] JobStatus jobStatusOf(WorkerStatus s);
// What a schedule run says when the supervisor run that carried it out is in this status.
[[nodiscard]] ScheduleRunStatus scheduleRunStatusOf(RunStatus s);

// The agent state shown for a worker: idle while queued, restarting, waiting for input while a
// help request is unanswered or an approval is pending, working, done on success, failed, and
// reaped when it was stopped (cancelled, timed out, or failed by a safety rule).
[[nodiscard]] AgentState agentStateOf(WorkerStatus s, bool helpPending, bool stoppedByRule);

}  // namespace zerg
