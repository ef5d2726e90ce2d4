#pragma once

#include "agent/context_window.h"
#include "agent/xo/xo_types.h"
#include "core/clock.h"
#include "core/result.h"
#include "core/status.h"
#include "jarvis/intent_router.h"
#include "jarvis/supervisor_tools.h"
#include "llm/chat_types.h"
#include "roundabout/roundabout_monitor.h"
#include "schedule/background_runner.h"
#include "storage/agent_profiles.h"
#include "storage/store.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

namespace zerg {

class Approvals;
struct GuardedCall;
class ToolInvocation;

class AgentLoop;
class ArtifactStore;
class ChatReply;
class EventBus;
class LlmProvider;
class MemoryCompactor;
class ScheduleService;
class ScheduleStore;
class Store;
class SupervisorRunAttempt;
class SupervisorRuns;
class Tool;
class ToolRegistry;
class WorkerPool;
namespace supervision {
class ExitReason;
}

// The models of the supervisor agent's roles (Settings::modelFor), changeable while Zerg runs.
struct JarvisModels {
    QString model;         // the supervisor's
    QString workerModel;   // the workers'
    QString quickModel;    // the quick path's (empty: the supervisor's)
    QString memoryModel;   // condenses older conversation (empty: the supervisor's)
    QString deciderModel;  // the roundabout's decider; empty: the rule-based one
};

// One exchange of a voice-to-voice conversation (voice/realtime_session.h): what the user said
// and what the voice model answered, both transcribed. The Realtime model answers quick
// questions itself; recording the exchange puts it in the owner's thread like a typed quick
// turn, so that the supervisor and the history know what was said.
struct SpokenExchange {
    QString said;              // empty: the user's words were not transcribed
    QString answered;          // empty: no answer (the conversation ended first)
    bool interrupted = false;  // the user talked over the answer or stopped it
};

struct JarvisConfig {
    qint64 ownerId = 1;
    QString model;        // the supervisor's model
    QString workerModel;  // the workers' model
    QString quickModel;   // the quick path's model (defaults to the supervisor's)
    QString memoryModel;  // summarizes older conversation (defaults to the supervisor's)
    int maxIterations = 12;
    int toolOutputCapChars = 8000;
    int runTimeoutSecs = 60;            // a run ends with its partial findings after this long
    int heartbeatSecs = 30;             // `heartbeat` events while a run is in progress
    int contextWindowTokens = 0;        // 0: from the model's name (agent/context_window.h)
    int recentWorkersWindowSecs = 600;  // workers this recent are shown to the supervisor...
    int recentWorkersLimit = 5;         // ...at most this many
    RoundaboutConfig roundabout;
    QStringList hostAliases;  // for routing: naming a host means the supervisor
    // http_request and send_email, shared with the workers.
    std::vector<std::shared_ptr<Tool>> sharedTools;
    std::optional<xo::Config> xo;  // the XO loop for the supervisor agent; nullopt: off
    // The approval modes (workers/approvals.h): the supervisor's own calls of the shared tools
    // follow them (a changing call is left to a worker, which asks), and the run timeout does
    // not count the time a person takes to answer. nullptr: every call runs.
    Approvals* approvals = nullptr;
    // The agents' tuning (Dashboard › Agents): the supervisor's and the quick path's prompt,
    // model, parameters and tools, read when a run's loop starts; the workers' model, read when
    // one is spawned. nullptr: the built-in tuning.
    AgentProfileStore* profiles = nullptr;
};

// The supervisor agent, "one brain" per owner. Finds or creates the owner's long-lived thread
// (the same one after a restart), attaches a Run per request, routes it (quick or supervisor),
// keeps the history within the model's context window (older turns folded into a stored
// memory), runs the agent loop with fresh context (recent workers, remembered facts), enforces
// the run timeout and reports every step on the EventBus.
//
// A supervisor run (and a quick one once it hands over) is a child of `runs` (SupervisorRuns):
// a failure that is worth another try ends its attempt with a crash, and the supervisor
// restarts it after a backoff from the stored thread. A failure that stays is answered
// directly with an apology (docs/supervisor.md). Without `runs` nothing is retried.
class JarvisService : public QObject, public BackgroundRunner {
    Q_OBJECT
public:
    JarvisService(JarvisConfig config, Store* store, ArtifactStore* artifacts, EventBus* bus,
                  Clock* clock, LlmProvider* llm, WorkerPool* pool, SupervisorRuns* runs = nullptr,
                  QObject* parent = nullptr);
    ~JarvisService() override;

    // Starts a run. Errors: empty task, a run already in progress ("busy"), storage failure.
    [[nodiscard]] Result<qint64> ask(const QString& task);
    // A scheduled check: a supervisor run in background mode (mode "background", no routing),
    // asked to end with a severity line (backgroundRequest). Same errors as ask().
    [[nodiscard]] Result<qint64> startBackgroundRun(
        const QString& task, std::optional<ApprovalMode> approvalMode) override;
    // Records a spoken exchange as a finished quick run with its two messages (the run is
    // cancelled when the answer was interrupted). While a run is in progress the exchange waits
    // and is recorded when that run ends, so that it never lands between a tool call and its
    // result in the thread; then the id is 0. Errors: nothing said nor answered, storage.
    [[nodiscard]] Result<qint64> recordSpokenExchange(const SpokenExchange& exchange);
    // The message a scheduled check puts in the thread: the task and how to answer.
    [[nodiscard]] static QString backgroundRequest(const QString& task);
    // Goes on with a run that another Zerg process was running when it stopped (docs/server.md,
    // "Taking over"): this process already holds it (InstanceLease). The run continues from its
    // stored thread, told why, with a fresh run timeout; its workers were declared interrupted,
    // so it starts again what it still needs. `from` names the process that stopped. Errors:
    // "busy" (another run in progress), "not_found" (not a run of this owner), "invalid_state"
    // (not running, or a scheduled check), storage failure.
    [[nodiscard]] Status resumeRun(qint64 runId, const QString& from);
    // This process stops (a drain ran out): the run in progress, if nothing may have changed a
    // system for it (Store::firstChange) and it is not a scheduled check, is handed back: its
    // loop and workers stop here, their calls closed with a note saying so, and the run stays
    // running in the database for another process to take over (InstanceLease). True when
    // handed back; false leaves the run as it is.
    bool handBackRun();
    // Stops the run and its workers; reason says why (empty: the user cancelled it).
    void cancelRun(qint64 runId, const QString& reason = {});
    void cancelWorker(qint64 jobId);
    // Stops a run early with what its workers found so far (a budget monitor's verdict): the
    // run ends failed with this code, the message heads the findings.
    void abortRun(qint64 runId, const QString& code, const QString& message);
    [[nodiscard]] bool isBusy() const { return m_runId != 0; }
    [[nodiscard]] qint64 currentRunId() const { return m_runId; }
    [[nodiscard]] qint64 threadId() const { return m_threadId; }
    [[nodiscard]] qint64 ownerId() const { return m_config.ownerId; }
    // The attempts of the current (or last) run: 1, more after a failure restarted it.
    [[nodiscard]] int attempts() const { return m_attempts; }
    // For SupervisorRuns: starts the run's next attempt (the first, the supervisor's turn after
    // the quick path handed over, or a restart that resumes from the stored thread) and returns
    // it; nullptr when runId is not in progress or has nothing to start (it was cancelled or
    // timed out during the backoff). The caller owns the attempt.
    [[nodiscard]] SupervisorRunAttempt* newRunAttempt(qint64 runId);
    // For SupervisorRuns: its supervisor gave up, so the run is stopped and answered with the
    // apology.
    void endAfterSupervisorGaveUp(qint64 runId);
    // At most this many attempts per run (a persistent failure gets one retry, a terminal or
    // unknown one none: agent/failure_class.h).
    static constexpr int kMaxRunAttempts = 3;
    // The seed's run endpoint for this owner (storage/run_details.h); other owners' runs are
    // "not_found".
    [[nodiscard]] Result<QJsonObject> runDetails(qint64 runId) const;
    // The owner's schedule runner and its store (not owned): the user's runs get the schedule
    // tools. Scheduled checks do not, so that a check cannot reschedule itself.
    void setScheduler(ScheduleService* scheduler, ScheduleStore* schedules);
    // Settings › models, applied without a restart: the next run uses them (its supervisor,
    // quick path, workers and decider); a run in progress finishes with those it started with.
    void setModels(const JarvisModels& models);

    [[nodiscard]] static QString systemPrompt();
    [[nodiscard]] static QString quickPrompt();
    // The tools the supervisor (quick: the quick path) has now, before its tuning's choice.
    [[nodiscard]] QList<ToolSpec> toolSpecs(bool quick) const;

Q_SIGNALS:
    void runFinished(qint64 runId, bool ok, const QString& resultOrError);

private:
    // The supervisor thread as the model sees it: the memory that condenses its older part and
    // the messages after it, parsed. Read once per question (a long thread is the biggest thing
    // a question reads), then kept up to date in memory until the loop starts.
    struct ThreadHistory {
        std::optional<ThreadMemory> memory;
        QList<SeqMessage> messages;
    };
    [[nodiscard]] Result<ThreadHistory> readThread() const;
    // The memory (as a system message) and the messages: what follows the prompt.
    [[nodiscard]] QList<ChatMessage> historyMessages(const ThreadHistory& thread) const;
    [[nodiscard]] Result<qint64> start(const QString& task, bool background,
                                       std::optional<ApprovalMode> backgroundMode = {});
    // "quick", "supervisor" or "background": the current run's mode, as events name it.
    [[nodiscard]] QString modeName() const;
    void compactThenStart(Route::Mode mode, const ThreadHistory& thread);
    void startLoop(Route::Mode mode, const QList<ChatMessage>& history);
    // The tuning of the mode's agent (quick or supervisor) as it is now.
    [[nodiscard]] Result<AgentProfile> profileFor(Route::Mode mode) const;
    // Its system prompt: the tuning's own, else the built-in one.
    [[nodiscard]] static QString promptOf(const AgentProfile& profile, Route::Mode mode);
    // startLoop() over the thread as stored now (after a compaction or an escalation).
    void startLoopFromStore(Route::Mode mode);
    // What the next start of the run's child does.
    enum class ChildStart { None, First, Escalated, Retry, TakenOver };
    // Hands the run's next attempt to SupervisorRuns; without it (or when its supervisor is
    // being replaced) the attempt runs here, unsupervised.
    void runAsChild(ChildStart start);
    void exitAttempt(const supervision::ExitReason& reason);
    void onLoopFinished();
    // Retry (the attempt crashes; the supervisor restarts it) or answer with the apology.
    void onLoopFailed(const QString& code, const QString& message);
    void onRunTimeout();
    // Before each of the supervisor's calls: a shared tool (http_request, send_email) under the
    // approval modes; a call that may change a system is recorded as the run's change first
    // (Store::recordChange). nullptr runs it, else a finished refusal.
    ToolInvocation* guardCall(const GuardedCall& call, QObject* parent) const;
    void finishAborted();
    [[nodiscard]] Result<qint64> storeSpokenExchange(const SpokenExchange& exchange);
    // Finds or creates the owner's one thread (m_threadId).
    [[nodiscard]] Status openThread(const QDateTime& now);
    // The compaction or the apology call that is under way, if any, is dropped.
    void stopPendingWork();
    void scheduleHeartbeat();
    // How a run ends: its status, the text the user gets (the answer, what went wrong, or the
    // apology), the error code, and for an apology the failure behind it.
    struct RunEnding {
        RunStatus status = RunStatus::Failed;
        QString text;
        QString errorCode;
        QString error;
        bool apology = false;
    };
    void endRun(const RunEnding& ending);
    void endRun(RunStatus status, const QString& text, const QString& errorCode) {
        endRun(RunEnding{status, text, errorCode, {}, false});
    }
    // Jarvis answers a failed run directly. After a model failure, no model call: a fixed
    // apology (apologyText). After any other failure, one short call without tools may still
    // answer from what is known, with the fixed apology if that call fails.
    void fallBack(const QString& code, const QString& message);
    void onApologyReply();
    [[nodiscard]] QString apologyText(const QString& code, const QString& message) const;
    void answerWithApology(const QString& text);
    [[nodiscard]] QList<ChatMessage> freshContext() const;
    // One line per worker of the run: task, status, id and what it found (its summary, the start
    // of its result or its error).
    [[nodiscard]] QStringList findings() const;
    [[nodiscard]] QString partialFindings(const QString& headline) const;
    [[nodiscard]] QString modelFor(Route::Mode mode) const;
    // What the supervisor's tools act on, for the run in progress.
    [[nodiscard]] SupervisorContext supervisorContext() const;

    JarvisConfig m_config;
    Store* m_store;
    ArtifactStore* m_artifacts;
    EventBus* m_bus;
    Clock* m_clock;
    LlmProvider* m_llm;
    WorkerPool* m_pool;
    QPointer<SupervisorRuns> m_runs;
    ScheduleService* m_scheduler = nullptr;
    ScheduleStore* m_schedules = nullptr;
    IntentRouter m_router;
    qint64 m_threadId = 0;
    // The run in progress (m_runId == 0: none).
    qint64 m_runId = 0;
    Route::Mode m_mode = Route::Mode::Supervisor;
    bool m_background = false;  // the current run is a scheduled check
    std::optional<ApprovalMode>
        m_backgroundMode;  // its schedule's approval mode; nullopt: Settings
    QString m_task;
    qint64 m_runStartedMs = 0;
    int m_attempts = 0;
    // Its attempts are children of m_runs (a failure may be retried).
    bool m_supervised = false;
    QPointer<SupervisorRunAttempt> m_attempt;
    ChildStart m_childStart = ChildStart::None;
    std::optional<ThreadHistory> m_firstThread;  // read by start(), for the first attempt
    // Why the attempt before this one failed: for the model, in the context of every call of a
    // restarted attempt (never stored in the thread).
    QString m_restartNotice;
    // The failure the run is answered for with an apology, once that is decided (the apology may
    // wait for a model call, or for the cancelled loop to finish).
    QString m_failCode;
    QString m_failMessage;
    QPointer<ChatReply> m_apologyReply;
    Usage m_usage;  // of the loops that ended during this run (quick then supervisor)
    // Why the run in progress is being stopped early ("run_timeout", "budget_exceeded"), and the
    // sentence that heads its partial findings. Empty while it runs normally.
    QString m_abortCode;
    QString m_abortMessage;
    bool m_handingBack = false;  // the run ends here without ending in the database
    Clock::TimerId m_timeoutTimer = 0;
    Clock::TimerId m_heartbeatTimer = 0;
    // Spoken exchanges that arrived while a run was in progress (recordSpokenExchange).
    QList<SpokenExchange> m_spokenWaiting;
    std::unique_ptr<ToolRegistry> m_tools;
    QPointer<AgentLoop> m_loop;
    QPointer<MemoryCompactor> m_compactor;
};

}  // namespace zerg
