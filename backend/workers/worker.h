#pragma once

#include "agent/agent_loop.h"
#include "core/event_payloads.h"
#include "roundabout/monitored_worker.h"
#include "storage/agent_profiles.h"
#include "supervision/child.h"
#include "tools/approval_policy.h"

#include <QPointer>
#include <QSet>

#include <memory>

namespace zerg {

struct ApprovalRecord;
class Approvals;
class ArtifactStore;
class Clock;
class HeldInvocation;
class EventBus;
class LlmProvider;
class Store;
class ToolRegistry;
class ViolationRules;
struct Violation;

// What a worker needs from the rest of the backend.
struct WorkerDeps {
    Store* store = nullptr;
    ArtifactStore* artifacts = nullptr;
    EventBus* bus = nullptr;
    Clock* clock = nullptr;
    LlmProvider* llm = nullptr;
    const ToolRegistry* tools = nullptr;  // ssh_exec, shell_exec, ...
    int maxIterations = 12;
    int toolOutputCapChars = 8000;
    // The one-line summary of a finished worker. nullptr: no model call, the summary is the
    // result truncated to ~150 characters.
    LlmProvider* summaryLlm = nullptr;
    QString summaryModel;  // Settings::modelFor("summary"); empty: the worker's own model
    // The tuning of the worker and summary agents (Dashboard › Agents), read when a worker
    // starts and before its summary; nullptr: the built-in tuning.
    AgentProfileStore* profiles = nullptr;
    // Checked before each tool call (workers/violation_rules.h); nullptr: no rules.
    const ViolationRules* rules = nullptr;
    // Asked before a call that may change a system (workers/approvals.h); nullptr: every call
    // runs, as in the autonomous mode.
    Approvals* approvals = nullptr;
    qint64 tokenBudget = 0;         // tokens one worker may use; 0: no limit
    std::optional<xo::Config> xo;   // the XO loop for workers; nullopt: off
    int contextWindowOverride = 0;  // ZERG_CONTEXT_WINDOW; 0: from the model's name
};

class Worker;

// One attempt of a worker under the worker pool's supervisor (supervision/): it exits normal when
// the worker succeeds, shutdown:<why> when it ends without wanting a restart (cancelled, a
// terminal or exhausted failure), and crash:<code> when a transient (or first persistent)
// failure asks the supervisor for a restart, which resumes the worker from its thread.
class WorkerAttempt final : public supervision::Child {
    Q_OBJECT
public:
    explicit WorkerAttempt(Worker* worker);
    void requestShutdown() override;
    void kill() override;
    void exitWith(const supervision::ExitReason& reason) { finish(reason); }
    // The worker is going away with the pool: stopping this attempt must not touch it.
    void detach() { m_worker = nullptr; }

private:
    QPointer<Worker> m_worker;
};

// A disposable worker agent: one task, its own AgentLoop, and a complete audit trail on disk
// (metadata.json, thread.jsonl, tool_calls/NNN_<tool>.txt, result.txt). Its status is decided by
// the system (loop outcome, fatal tool errors, timeout, cancellation), never by model text.
//
// A state machine (core/status.h, WorkerStatus): queued -> starting -> running, running <->
// awaiting_approval, running -> restarting -> running under a supervisor, and from any live
// state to one terminal status. Every change goes through setStatus(), which refuses (and logs)
// a transition the diagram does not allow; every end, whatever its cause (success, a failure,
// the roundabout, the user, a rule, the health monitor's last straw, shutdown), goes through
// end() and is written once by finalize().
class Worker final : public MonitoredWorker {
    Q_OBJECT
public:
    struct Job {
        qint64 ownerId = 0;
        qint64 runId = 0;  // 0 when not part of a supervisor run
        qint64 jobId = 0;
        QString task;
        QString model;
        bool background = false;  // part of a scheduled check: the schedule's approval mode
        std::optional<ApprovalMode> scheduleMode;  // that schedule's own; nullopt: Settings'
    };

    Worker(WorkerDeps deps, Job job, QObject* parent = nullptr);
    ~Worker() override;  // aborts a summary call still in flight

    void start();
    // Starts the next attempt (the first, or a restart that resumes from thread.jsonl with "You
    // were restarted due to …"); nullptr when there is nothing to start (already ended, or its
    // folder could not be created). The caller (the pool's supervisor) owns the attempt.
    [[nodiscard]] WorkerAttempt* newAttempt();
    // Under a supervisor, transient failures end the attempt with a crash (restart wanted);
    // alone (tests, tools) every failure ends the worker.
    void setSupervised(bool supervised) { m_supervised = supervised; }
    [[nodiscard]] int attempts() const { return m_attempts; }
    [[nodiscard]] qint64 ownerId() const { return m_job.ownerId; }

    // The one way a worker ends from outside: with a terminal `status` (failed, cancelled,
    // timeout), a stable error `code` (e.g. "cancelled", "violation", "budget_exceeded") and the
    // `reason` a person reads. Its model call and running tools are stopped (a remote command is
    // killed), then the end is written. Nothing happens when it has already ended or is ending.
    void end(WorkerStatus status, const QString& code, const QString& reason);
    // Ends the current attempt as a crash with this code (the health monitor: no progress), so
    // that its supervisor decides: restart by the failure's class, or the worker fails. Not an
    // end of the worker by itself.
    void crashAttempt(const QString& code, const QString& reason);

    // When the worker last made progress (a model answer, a tool call starting or ending), on
    // the Clock; its start time before any.
    [[nodiscard]] qint64 lastProgressMs() const { return m_lastProgressMs; }
    // Cuts the link to the current attempt (the pool is being destroyed).
    void detachAttempt() {
        if (m_attempt)
            m_attempt->detach();
    }
    // At most this many attempts for transient failures (one retry for persistent ones).
    static constexpr int kMaxAttempts = 4;
    qint64 jobId() const override { return m_job.jobId; }
    WorkerSnapshot snapshot() const override;
    // MonitoredWorker: end(status, the status's word as the code, reason).
    void stop(WorkerStatus status, const QString& reason) override;
    QString peek(const QString& target, int maxChars) const override;
    bool sendMessage(const QString& text) override;
    void recordCheck(qint64 elapsedSeconds, const QJsonObject& check) override;
    // request_help: the reason shows in the next snapshot and the roundabout checks at once.
    void requestHelp(const QString& reason);
    [[nodiscard]] QString workerId() const { return m_workerId; }
    [[nodiscard]] WorkerStatus status() const { return m_status; }

    // The built-in prompt; "{tools}" stands for the names of the worker's tools.
    [[nodiscard]] static QString builtInPrompt();
    // prompt with "{tools}" replaced by the tools' names.
    [[nodiscard]] static QString systemPrompt(const QString& prompt, const QStringList& toolNames);
    // The tools every worker has of its own (request_help), beside the shared ones.
    [[nodiscard]] static QList<ToolSpec> ownToolSpecs();
    // The built-in prompt of the one-line summary of a finished worker (AgentRole::Summary).
    [[nodiscard]] static QString builtInSummaryPrompt();
    // One line for the ticker and the activity log, e.g. ssh_exec testbox "df -h".
    [[nodiscard]] static QString displayFor(const QString& tool, const QJsonObject& args);
    // Records the call as the first change of its run and job before it runs
    // (Store::recordChange; jobId 0: the supervisor's own call): nullopt when recorded, else
    // the refusal the model gets (change_not_recorded): a change not on record does not run.
    [[nodiscard]] static std::optional<ToolResult> changeNotRecorded(Store* store, qint64 runId,
                                                                     qint64 jobId,
                                                                     const QString& tool,
                                                                     const QJsonObject& args);
    // At most maxChars characters on one line, cut at a word boundary and ending in "…" when
    // the text is longer.
    [[nodiscard]] static QString capSummary(const QString& text, int maxChars = 150);
    // How long the summary model may take before the truncation is kept.
    static constexpr qint64 kSummaryTimeoutMs = 15'000;

Q_SIGNALS:
    void done();

private:
    // How the worker ends: decided first (by end() or the loop's outcome), written once.
    struct Ending {
        WorkerStatus status = WorkerStatus::Failed;
        QString code;    // stable error code; empty on success
        QString reason;  // what went wrong, for a person; empty on success
        QString result;  // the final answer on success
    };

    // The one place the status changes: checked against the state machine and logged.
    bool setStatus(WorkerStatus to);
    void onToolStarted(const ToolCall& call, const QJsonObject& args);
    void onToolProgress(const ToolCall& call, double progress, double total,
                        const QString& message);
    void onToolFinished(const ToolCall& call, const QJsonObject& args, const ToolResult& result,
                        qint64 durationMs);
    void onMessages(const QList<ChatMessage>& messages);
    // SALUTE after each radio check: salute.json in the worker's folder (the XO's view of it) and
    // the same report as a salute_report event.
    void writeSalute(const QJsonObject& xoReport);
    // Before each tool call: the violation rules, then the approval policy. nullptr runs it.
    ToolInvocation* guard(const GuardedCall& call, QObject* parent);
    std::optional<ToolResult> checkRules(const ToolCall& call, const QJsonObject& args);
    // A call that may change a system is recorded as the job's and the run's change before it
    // runs (Store::recordChange): nullptr when it may run (read-only, or recorded), else a
    // refusal. A call whose change cannot be recorded does not run.
    ToolInvocation* recordChange(const QString& tool, const QJsonObject& args, const CallClass& cls,
                                 QObject* parent);
    // A call the policy holds for the user: recorded and held until the answer.
    ToolInvocation* holdForApproval(const GuardedCall& call, const CallClass& cls,
                                    ApprovalMode mode, QObject* parent);
    void onApprovalResolved(const ApprovalRecord& record);
    // The worker waits in awaiting_approval while any call is held; the time it waits is kept.
    void approvalWaitChanged();
    // The call's class by its tool (Changes when the tool is unknown).
    CallClass classify(const ToolCall& call, const QJsonObject& args) const;
    void onLoopFinished();
    bool prepareFirstAttempt();
    QList<ChatMessage> resumedHistory() const;
    void exitAttempt(const supervision::ExitReason& reason);
    // Writes the end (artifacts, job row, worker_complete) and tells the roundabout and the pool.
    void finalize(const Ending& ending);
    payloads::WorkerIds ids() const;  // the ids of this worker's events
    void requestSummary(const QString& source);
    // The system prompt of the worker's first message: its tuning's, with its tools' names.
    [[nodiscard]] QString startPrompt() const;
    // The summary agent's model: its tuning's, else ZERG_SUMMARY_MODEL's, else the worker's.
    [[nodiscard]] QString summaryModelFor(const AgentProfile& profile) const;
    void onSummaryReply();
    void abandonSummary(const QString& why);
    // Writes summary + summary_meta to metadata.json; publish: worker_summary_ready after it.
    void writeSummary(const QString& summary, const QString& model, const QString& error,
                      bool publish);

    WorkerDeps m_deps;
    Job m_job;
    QString m_workerId;
    WorkerStatus m_status = WorkerStatus::Queued;
    std::optional<Ending> m_ending;  // decided, while the cancelled loop finishes
    QString m_result;
    QString m_error;
    QString m_errorCode;
    QString m_summary;
    qint64 m_startedMs = 0;
    qint64 m_endedMs = -1;
    int m_toolSeq = 0;
    QHash<QString, int> m_activityIndex;  // call id -> index in m_activity
    QList<ActivityEntry> m_activity;
    QStringList m_helpRequests;             // not answered yet
    QSet<QString> m_checkFiles;             // monitoring/ files written, to never overwrite one
    std::unique_ptr<ToolRegistry> m_tools;  // the shared tools plus request_help
    AgentProfile m_profile;                 // the worker agent's tuning when it started
    QString m_summaryModel;                 // the model asked for the summary
    QPointer<AgentLoop> m_loop;
    QPointer<WorkerAttempt> m_attempt;
    bool m_supervised = false;
    bool m_started = false;  // the first attempt's set-up (folder, job row, event) is done
    int m_attempts = 0;
    QString m_restartReason;
    qint64 m_lastProgressMs = 0;
    QHash<qint64, QPointer<HeldInvocation>> m_held;  // approval id -> the call waiting for it
    qint64 m_approvalWaitMs = 0;       // waited for approvals, before the current wait
    qint64 m_approvalWaitStartMs = 0;  // when the current wait began
    QString m_crashCode;               // set by crashAttempt until the cancelled loop has finished
    QPointer<ChatReply> m_summaryReply;  // a child of this worker while in flight
    quint64 m_summaryTimer = 0;          // Clock::TimerId of the summary timeout
};

}  // namespace zerg
