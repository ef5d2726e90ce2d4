#include "jarvis/jarvis_service.h"

#include "agent/agent_loop.h"
#include "agent/context_window.h"
#include "agent/failure_class.h"
#include "agent/memory_compactor.h"
#include "agent/tool_registry.h"
#include "agent/xo/salute.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "jarvis/memory_tools.h"
#include "jarvis/supervisor_runs.h"
#include "jarvis/supervisor_tools.h"
#include "storage/artifact_store.h"
#include "storage/run_details.h"
#include "storage/store.h"
#include "tools/tool.h"
#include "workers/approvals.h"
#include "workers/worker.h"
#include "workers/worker_pool.h"

#include <algorithm>

namespace zerg {
namespace {

constexpr int kQuickMaxIterations = 3;
constexpr int kPartialResultChars = 300;
// The error code of the runs SupervisorRuns' supervisor held when it gave up.
constexpr char kSupervisorGaveUp[] = "supervisor_gave_up";
// Enough for a few sentences of apology.
constexpr int kApologyMaxTokens = 400;

QString apologyPrompt() {
    return QStringLiteral(
        "You are Jarvis, a concise assistant for a person who runs a few servers. You could not "
        "finish the user's request: what went wrong and what was found so far are below. Reply "
        "in a few sentences: apologize briefly, say in plain words what went wrong, give "
        "whatever answer the findings support (never invent results), and say what the user can "
        "do next.");
}

QString memoryPreamble() {
    return QStringLiteral(
        "Memory of the earlier conversation (older turns, summarized; the full history and "
        "every worker's artifacts are still on disk):\n");
}

// SALUTE for the supervisor agent (docs/xo.md). It has no artifact folder, so its report after
// each radio check of `loop` is a salute_report event of the run's owner only.
void publishSaluteReports(AgentLoop* loop, EventBus* bus, Clock* clock, qint64 ownerId,
                          qint64 runId) {
    auto facts = std::make_shared<xo::SaluteFacts>();
    facts->agent = QStringLiteral("supervisor");
    facts->role = QStringLiteral("supervisor");
    facts->unitIds = {{QStringLiteral("run_id"), runId}};
    QObject::connect(loop, &AgentLoop::toolCallStarted, loop,
                     [facts](const ToolCall& call, const QJsonObject&) {
                         ++facts->toolCalls;
                         facts->lastOperation = call.name;
                     });
    QObject::connect(loop, &AgentLoop::xoChecked, loop,
                     [facts, bus, clock, ownerId, runId](const QJsonObject& xoReport) {
                         payloads::SaluteReport report;
                         report.role = facts->role;
                         report.runId = runId;
                         report.salute = xo::saluteReport(xoReport, *facts, clock->utcNow());
                         bus->publish(ownerId, report);
                     });
}

}  // namespace

JarvisService::JarvisService(JarvisConfig config, Store* store, ArtifactStore* artifacts,
                             EventBus* bus, Clock* clock, LlmProvider* llm, WorkerPool* pool,
                             SupervisorRuns* runs, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_store(store),
      m_artifacts(artifacts),
      m_bus(bus),
      m_clock(clock),
      m_llm(llm),
      m_pool(pool),
      m_runs(runs),
      m_router(m_config.hostAliases) {}

JarvisService::~JarvisService() {
    m_clock->cancel(m_timeoutTimer);
    m_clock->cancel(m_heartbeatTimer);
    // The attempt belongs to the runs' supervisor, which may outlive this service.
    if (m_attempt)
        m_attempt->detach();
    if (m_runs && m_runId != 0)
        m_runs->stopRun(m_runId);
}

QString JarvisService::systemPrompt() {
    return QStringLiteral(
        "You are Jarvis, the supervisor of Zerg: one long-lived assistant that helps the user "
        "run their servers and remembers past conversations. You answer directly when you can "
        "(facts already in this conversation or in your memory, the time, small talk). For "
        "anything that needs commands, files or the live state of a machine, delegate with "
        "spawn_worker: workers have a shell on the user's allowlisted hosts. Independent checks "
        "go to several workers in the same turn, so they run in parallel. Before spawning, look "
        "at the recent workers listed in your context and use list_workers or grep_workers for "
        "older ones: a fresh result that answers the question is reused, not repeated. Record "
        "lasting facts about the user's machines with remember_fact. Use http_request for web "
        "endpoints and send_email only when the user asks for a message to be sent. Recurring "
        "checks are schedules: create them with schedule_task, change them with update_schedule "
        "(\"weekly instead of daily\" is a new cron, not a second schedule). Workers "
        "report back once; then synthesize a clear, concise answer for a person (Markdown is "
        "rendered). If a worker failed, say what failed and what the user can do; never invent "
        "results.");
}

QString JarvisService::quickPrompt() {
    return QStringLiteral(
        "You are Jarvis, a concise assistant for a person who runs a few servers. Answer in one "
        "or two sentences from this conversation, your memory and the context you are given "
        "(it includes the current time). If the answer needs anything else (running a "
        "command, looking at a machine, files, logs, the web, sending a message, or results "
        "you do not have), call route_to_supervisor at once, without writing anything first. "
        "Never guess about the state of a machine.");
}

QString JarvisService::modelFor(Route::Mode mode) const {
    if (mode == Route::Mode::Quick && !m_config.quickModel.isEmpty())
        return m_config.quickModel;
    return m_config.model;
}

Result<qint64> JarvisService::ask(const QString& task) {
    return start(task, false);
}

Result<qint64> JarvisService::startBackgroundRun(const QString& task,
                                                 std::optional<ApprovalMode> approvalMode) {
    return start(task, true, approvalMode);
}

QString JarvisService::backgroundRequest(const QString& task) {
    return tr("[SCHEDULED CHECK] %1\n\nThis runs in the background: nobody is waiting in the "
              "chat, and your answer goes to the user's task inbox. Check what is asked, then "
              "answer briefly with what you found. End with a line of its own saying how urgent "
              "it is: \"Severity: info\" (nothing needs doing), \"Severity: warning\" (needs "
              "attention soon) or \"Severity: critical\" (needs attention now).")
        .arg(task);
}

Result<qint64> JarvisService::recordSpokenExchange(const SpokenExchange& exchange) {
    if (exchange.said.trimmed().isEmpty() && exchange.answered.trimmed().isEmpty())
        return Error{QStringLiteral("empty"), tr("Nothing was said and nothing answered.")};
    if (isBusy()) {
        m_spokenWaiting.append(exchange);
        return qint64(0);
    }
    return storeSpokenExchange(exchange);
}

Status JarvisService::openThread(const QDateTime& now) {
    const Result<ThreadRecord> thread =
        m_store->findOrCreateSupervisorThread(m_config.ownerId, QStringLiteral("Jarvis"), now);
    if (!thread)
        return thread.error();
    m_threadId = thread->id;
    return Ok{};
}

Result<qint64> JarvisService::storeSpokenExchange(const SpokenExchange& exchange) {
    const QDateTime now = m_clock->utcNow();
    if (const Status opened = openThread(now); !opened)
        return opened.error();
    const QString said = exchange.said.trimmed().isEmpty() ? tr("(spoken, not transcribed)")
                                                           : exchange.said.trimmed();
    const QString answered = exchange.answered.trimmed();
    // The quick path's mode: the Realtime model is the quick path of a voice conversation.
    const Result<qint64> run = m_store->createRun(m_config.ownerId, m_threadId, said, now,
                                                  Route{Route::Mode::Quick, {}}.modeName());
    if (!run)
        return run.error();
    QString problem;
    for (const ChatMessage& message : {ChatMessage::user(said), ChatMessage::assistant(answered)}) {
        if (message.role == ChatMessage::Role::Assistant && answered.isEmpty())
            break;
        const Result<qint64> seq =
            m_store->appendMessage(m_threadId, run.value(), message.toJson(), now);
        if (!seq) {
            problem = seq.error().message;
            break;
        }
    }
    const bool stored = problem.isEmpty();
    const RunStatus status =
        !stored ? RunStatus::Failed
                : (exchange.interrupted || answered.isEmpty() ? RunStatus::Cancelled
                                                              : RunStatus::Success);
    if (Status finished = m_store->finishRun(run.value(), status, answered, problem, now);
        !finished) {
        return finished.error();
    }
    if (!stored)
        return Error{QStringLiteral("db"), problem};
    return run.value();
}

QString JarvisService::modeName() const {
    return m_background ? QStringLiteral("background") : Route{m_mode, {}}.modeName();
}

Result<qint64> JarvisService::start(const QString& taskIn, bool background,
                                    std::optional<ApprovalMode> backgroundMode) {
    const QString task = taskIn.trimmed();
    if (task.isEmpty())
        return Error{QStringLiteral("empty"), tr("Type a question first.")};
    if (isBusy()) {
        return Error{QStringLiteral("busy"),
                     tr("Jarvis is still working on the previous request. Wait for it to finish "
                        "or stop it (Escape) before asking again.")};
    }
    const QDateTime now = m_clock->utcNow();
    if (const Status opened = openThread(now); !opened)
        return opened.error();
    Result<ThreadHistory> history = readThread();
    if (!history)
        return history.error();
    // Anything said before (kept or folded into memory) makes references to it answerable.
    const bool hasHistory = history->memory.has_value() || !history->messages.isEmpty();
    // A scheduled check always goes to the supervisor: it is about machines.
    const Route route = background ? Route{Route::Mode::Supervisor, QStringLiteral("scheduled")}
                                   : m_router.route(task, hasHistory);

    const Result<qint64> run =
        m_store->createRun(m_config.ownerId, m_threadId, task, now,
                           background ? QStringLiteral("background") : route.modeName());
    if (!run)
        return run.error();
    const ChatMessage user = ChatMessage::user(background ? backgroundRequest(task) : task);
    const Result<qint64> seq = m_store->appendMessage(m_threadId, run.value(), user.toJson(), now);
    if (!seq) {
        const QString why = seq.error().message;
        (void)m_store->finishRun(run.value(), RunStatus::Failed, {}, why, now);
        return seq.error();
    }
    history.value().messages.append({seq.value(), user});

    const qint64 runId = run.value();
    m_runId = runId;
    m_mode = route.mode;
    m_background = background;
    m_backgroundMode = backgroundMode;
    m_task = task;
    m_runStartedMs = m_clock->nowMs();
    m_usage = {};
    m_abortCode.clear();
    m_abortMessage.clear();
    m_attempts = 1;
    m_supervised = false;
    m_restartNotice.clear();
    m_failCode.clear();
    m_failMessage.clear();
    m_bus->publish(m_config.ownerId, payloads::SupervisorStarted{m_runId, m_threadId, task,
                                                                 modeName(), route.reason});
    if (m_config.runTimeoutSecs > 0) {
        m_timeoutTimer = m_clock->callAfter(qint64(m_config.runTimeoutSecs) * 1000, this,
                                            [this] { onRunTimeout(); });
    }
    scheduleHeartbeat();
    if (route.mode == Route::Mode::Quick) {
        // One or two model calls: not worth a child. A failure is answered with the apology at
        // once; the supervisor's turn, if it hands over, is a child.
        compactThenStart(route.mode, history.value());
    } else {
        m_firstThread = std::move(history).value();
        runAsChild(ChildStart::First);
    }
    return runId;  // the run may have ended already (a database error)
}

Status JarvisService::resumeRun(qint64 runId, const QString& from) {
    if (isBusy()) {
        return Error{QStringLiteral("busy"),
                     tr("Jarvis is working on another request of this user here.")};
    }
    const Result<RunRecord> run = m_store->run(runId);
    if (!run)
        return run.error();
    if (run->ownerId != m_config.ownerId)
        return Error{QStringLiteral("not_found"), tr("No run %1 of this user.").arg(runId)};
    if (run->status != RunStatus::Running || run->mode == QLatin1String("background")) {
        return Error{QStringLiteral("invalid_state"),
                     tr("Run %1 is not a request in progress.").arg(runId)};
    }
    if (const Status opened = openThread(m_clock->utcNow()); !opened)
        return opened;
    m_runId = runId;
    m_mode = run->mode == Route{Route::Mode::Quick, {}}.modeName() ? Route::Mode::Quick
                                                                   : Route::Mode::Supervisor;
    m_background = false;
    m_backgroundMode.reset();
    m_task = run->task;
    m_runStartedMs = m_clock->nowMs();
    m_usage = {};
    m_abortCode.clear();
    m_abortMessage.clear();
    m_attempts = run->attempts;
    m_supervised = false;
    m_failCode.clear();
    m_failMessage.clear();
    m_restartNotice =
        QStringLiteral(
            "[SUPERVISOR] The Zerg process that was working on this request (%1) stopped, and "
            "this one took the request over. Nothing that may change a system had run. Workers "
            "you were waiting for were stopped: those that finished are among the recent "
            "workers; start again only what is still missing. The conversation so far follows; "
            "continue from where it stopped and answer the user's last request.")
            .arg(from);
    payloads::SupervisorThinking resumed;
    resumed.runId = m_runId;
    resumed.mode = modeName();
    resumed.retrying = true;
    resumed.attempt = m_attempts;
    resumed.errorCode = QStringLiteral("instance_lost");
    resumed.message =
        tr("Going on here: the Zerg process %1 that was working on this stopped…").arg(from);
    m_bus->publish(m_config.ownerId, resumed);
    if (m_config.runTimeoutSecs > 0) {
        m_timeoutTimer = m_clock->callAfter(qint64(m_config.runTimeoutSecs) * 1000, this,
                                            [this] { onRunTimeout(); });
    }
    scheduleHeartbeat();
    runAsChild(ChildStart::TakenOver);
    return Ok{};
}

void JarvisService::runAsChild(ChildStart start) {
    m_childStart = start;
    m_supervised = !m_runs.isNull();
    if (m_runs) {
        const Status submitted = m_runs->submit(this, m_runId);
        if (submitted)
            return;
        qWarning("run %lld: runs without its supervisor: %s", m_runId,
                 qPrintable(submitted.error().message));
        m_supervised = false;
    }
    // Nobody would restart it: the attempt runs here, and a failure is answered at once.
    if (SupervisorRunAttempt* attempt = newRunAttempt(m_runId)) {
        if (attempt->hasExited())
            attempt->deleteLater();
        else
            attempt->setParent(this);
    }
}

SupervisorRunAttempt* JarvisService::newRunAttempt(qint64 runId) {
    if (runId == 0 || runId != m_runId || m_childStart == ChildStart::None ||
        !m_abortCode.isEmpty() || !m_failCode.isEmpty()) {
        return nullptr;
    }
    const ChildStart start = std::exchange(m_childStart, ChildStart::None);
    // First, so that a loop that ends at once finds its attempt.
    auto* attempt = new SupervisorRunAttempt(this, runId);
    m_attempt = attempt;
    switch (start) {
        case ChildStart::First: {
            const ThreadHistory thread = std::move(m_firstThread).value_or(ThreadHistory{});
            m_firstThread.reset();
            compactThenStart(m_mode, thread);
            break;
        }
        case ChildStart::Escalated:
            startLoopFromStore(Route::Mode::Supervisor);
            break;
        case ChildStart::Retry:
            ++m_attempts;
            if (Status s = m_store->setRunAttempts(runId, m_attempts); !s)
                qWarning("run %lld: %s", runId, qPrintable(s.error().message));
            // The stored thread is consistent (messages are kept in whole groups), so the
            // restarted loop continues it; the notice in its context says why.
            startLoopFromStore(m_mode);
            break;
        case ChildStart::TakenOver:  // its attempt was counted when it was taken over
            startLoopFromStore(m_mode);
            break;
        case ChildStart::None:
            break;
    }
    return attempt;
}

void JarvisService::exitAttempt(const supervision::ExitReason& reason) {
    SupervisorRunAttempt* attempt = m_attempt;
    m_attempt = nullptr;
    if (!attempt)
        return;
    if (!attempt->hasExited())
        attempt->exitWith(reason);
    if (attempt->parent() == this)
        attempt->deleteLater();  // unsupervised: nobody else will
}

Result<JarvisService::ThreadHistory> JarvisService::readThread() const {
    const Result<std::optional<ThreadMemory>> memory = m_store->latestMemory(m_threadId);
    if (!memory)
        return memory.error();
    const Result<QList<StoredMessage>> stored =
        m_store->loadMessagesAfter(m_threadId, memory.value() ? memory.value()->upToSeq : 0);
    if (!stored)
        return stored.error();
    ThreadHistory thread{memory.value(), {}};
    for (const StoredMessage& m : stored.value()) {
        if (auto msg = ChatMessage::fromJson(m.body))
            thread.messages.append({m.seq, *msg});
    }
    return thread;
}

QList<ChatMessage> JarvisService::historyMessages(const ThreadHistory& thread) const {
    QList<ChatMessage> out;
    if (thread.memory)
        out.append(ChatMessage::system(memoryPreamble() + thread.memory->summary));
    for (const SeqMessage& m : thread.messages)
        out.append(m.message);
    return out;
}

Result<AgentProfile> JarvisService::profileFor(Route::Mode mode) const {
    const AgentRole role = mode == Route::Mode::Quick ? AgentRole::Quick : AgentRole::Supervisor;
    if (!m_config.profiles)
        return AgentProfile::builtIn(role);
    return m_config.profiles->current(role);
}

QString JarvisService::promptOf(const AgentProfile& profile, Route::Mode mode) {
    return profile.systemPrompt.value_or(mode == Route::Mode::Quick ? quickPrompt()
                                                                    : systemPrompt());
}

QList<ToolSpec> JarvisService::toolSpecs(bool quick) const {
    const SupervisorContext ctx = supervisorContext();
    return (quick ? makeQuickTools(ctx) : makeSupervisorTools(ctx))->specs();
}

void JarvisService::compactThenStart(Route::Mode mode, const ThreadHistory& thread) {
    const Result<AgentProfile> profile = profileFor(mode);
    if (!profile) {
        endRun(RunStatus::Failed, profile.error().message, QStringLiteral("db"));
        return;
    }
    const QList<ChatMessage> history = historyMessages(thread);
    QList<ChatMessage> request{ChatMessage::system(promptOf(profile.value(), mode))};
    request.append(freshContext());
    request.append(history);
    const QString model = profile->model.isEmpty() ? modelFor(mode) : profile->model;
    const int window = contextWindowFor(model, m_config.contextWindowTokens);
    const std::unique_ptr<ToolRegistry> tools = makeSupervisorTools(supervisorContext());
    const int tokens = estimateTokens(request) + estimateTokens(tools->specs());
    // Past the trigger, the newest turns are kept within the keep budget; the rest of the window
    // is room for the run itself (tool results, the answer).
    const CompactionThresholds limits = compactionThresholdsFor(window);
    const int cut =
        tokens > limits.triggerTokens ? compactionCut(thread.messages, limits.keepTokens) : 0;
    if (cut <= 0) {
        startLoop(mode, history);
        return;
    }
    payloads::SupervisorThinking condensing;
    condensing.runId = m_runId;
    condensing.mode = modeName();
    condensing.message = tr("Condensing older conversation…");
    m_bus->publish(m_config.ownerId, condensing);
    CompactionRequest req;
    req.model = m_config.memoryModel.isEmpty() ? m_config.model : m_config.memoryModel;
    req.meta = {QStringLiteral("memory"), QStringLiteral("supervisor"), m_config.ownerId, m_runId,
                0};
    req.previousSummary = thread.memory ? thread.memory->summary : QString();
    req.toSummarize = thread.messages.mid(0, cut);
    m_compactor = new MemoryCompactor(m_llm, m_clock, req, this);
    connect(m_compactor, &MemoryCompactor::finished, this, [this, mode] {
        MemoryCompactor* c = m_compactor;
        m_compactor = nullptr;
        if (!c)
            return;
        c->deleteLater();
        const CompactionResult& r = c->result();
        if (!r.error.isEmpty())
            qWarning("run %lld: memory summary fell back to a digest: %s", m_runId,
                     qPrintable(r.error));
        if (Status s = m_store->saveMemory(m_threadId, r.upToSeq, r.summary, m_clock->utcNow());
            !s) {
            qWarning("run %lld: %s", m_runId, qPrintable(s.error().message));
        }
        if (m_runId != 0 && m_abortCode.isEmpty())
            startLoopFromStore(mode);  // the memory has changed
    });
    m_compactor->start();
}

QList<ChatMessage> JarvisService::freshContext() const {
    QString text = QStringLiteral("Now: %1 (UTC).\n").arg(m_clock->utcNow().toString(Qt::ISODate));
    const QString facts = factsBlock({m_store, m_clock, m_config.ownerId});
    if (!facts.isEmpty())
        text += QLatin1Char('\n') + facts;
    const QString recent = recentWorkersBlock(supervisorContext(), m_config.recentWorkersWindowSecs,
                                              m_config.recentWorkersLimit);
    if (!recent.isEmpty())
        text += QLatin1Char('\n') + recent;
    QList<ChatMessage> out{ChatMessage::system(text)};
    if (!m_restartNotice.isEmpty())
        out.append(ChatMessage::system(m_restartNotice));
    return out;
}

void JarvisService::setModels(const JarvisModels& models) {
    m_config.model = models.model;
    m_config.workerModel = models.workerModel;
    m_config.quickModel = models.quickModel;
    m_config.memoryModel = models.memoryModel;
    m_config.roundabout.deciderModel = models.deciderModel;
}

SupervisorContext JarvisService::supervisorContext() const {
    SupervisorContext ctx;
    ctx.store = m_store;
    ctx.artifacts = m_artifacts;
    ctx.bus = m_bus;
    ctx.clock = m_clock;
    ctx.pool = m_pool;
    ctx.roundabout = m_config.roundabout;
    ctx.ownerId = m_config.ownerId;
    ctx.runId = m_runId;
    ctx.background = m_background;
    ctx.backgroundMode = m_backgroundMode;
    ctx.workerModel = m_config.workerModel.isEmpty() ? m_config.model : m_config.workerModel;
    if (m_config.profiles) {
        // The worker agent's own model, when its tuning names one (read again at each spawn).
        if (const Result<AgentProfile> worker = m_config.profiles->current(AgentRole::Worker);
            worker && !worker->model.isEmpty()) {
            ctx.workerModel = worker->model;
        }
    }
    ctx.sharedTools = m_config.sharedTools;
    ctx.deciderLlm = m_llm;
    ctx.preflight.workerModel = ctx.workerModel;
    ctx.preflight.allowedHosts = m_config.hostAliases;
    ctx.preflight.artifactsRoot = m_artifacts->rootDir();
    if (!m_background) {
        ctx.scheduler = m_scheduler;
        ctx.schedules = m_schedules;
    }
    return ctx;
}

void JarvisService::setScheduler(ScheduleService* scheduler, ScheduleStore* schedules) {
    m_scheduler = scheduler;
    m_schedules = schedules;
}

void JarvisService::startLoopFromStore(Route::Mode mode) {
    const Result<ThreadHistory> thread = readThread();
    if (!thread) {
        endRun(RunStatus::Failed, thread.error().message, QStringLiteral("db"));
        return;
    }
    startLoop(mode, historyMessages(thread.value()));
}

void JarvisService::startLoop(Route::Mode mode, const QList<ChatMessage>& stored) {
    const bool quick = mode == Route::Mode::Quick;
    // The tuning as it is now: an edit applies to the next request.
    const Result<AgentProfile> profile = profileFor(mode);
    if (!profile) {
        endRun(RunStatus::Failed, profile.error().message, QStringLiteral("db"));
        return;
    }
    QList<ChatMessage> history{ChatMessage::system(promptOf(profile.value(), mode))};
    history.append(stored);

    const SupervisorContext ctx = supervisorContext();
    m_tools = quick ? makeQuickTools(ctx) : makeSupervisorTools(ctx);
    m_tools->restrictTo(profile->tools);

    AgentConfig cfg;
    cfg.model = profile->model.isEmpty() ? modelFor(mode) : profile->model;
    cfg.temperature = profile->temperature;
    cfg.maxTokens = profile->maxTokens;
    cfg.maxIterations = quick ? kQuickMaxIterations : m_config.maxIterations;
    cfg.toolOutputCapChars = m_config.toolOutputCapChars;
    if (quick)
        cfg.fatalToolErrors = {QString::fromLatin1(kRouteToSupervisor)};
    const QString role = quick ? QStringLiteral("quick") : QStringLiteral("supervisor");
    cfg.meta = {role, QStringLiteral("supervisor"), m_config.ownerId, m_runId, 0};
    cfg.contextProvider = [this] { return freshContext(); };
    cfg.toolGuard = [this](const GuardedCall& call, QObject* parent) {
        return guardCall(call, parent);
    };
    if (!quick) {  // the quick path makes one or two calls: nothing for the XO to watch
        cfg.xo = m_config.xo;
        cfg.role = QStringLiteral("supervisor");
        cfg.contextWindow = contextWindowFor(cfg.model, m_config.contextWindowTokens);
    }
    m_loop = new AgentLoop(m_llm, m_tools.get(), m_clock, cfg, history, this);
    const qint64 runId = m_runId;
    const QString modeName = this->modeName();
    connect(m_loop, &AgentLoop::llmCallStarted, this, [this, runId, modeName](int iteration) {
        payloads::SupervisorThinking thinking;
        thinking.runId = runId;
        thinking.iteration = iteration;
        thinking.mode = modeName;
        thinking.message = iteration == 1 ? tr("Thinking…") : tr("Reading the results…");
        m_bus->publish(m_config.ownerId, thinking);
    });
    connect(m_loop, &AgentLoop::textDelta, this, [this, runId](const QString& delta) {
        m_bus->publish(m_config.ownerId, payloads::SupervisorDelta{runId, delta});
    });
    connect(m_loop, &AgentLoop::messagesAppended, this,
            [this, runId](const QList<ChatMessage>& messages) {
                // The hand-over to the supervisor is not part of the conversation: the
                // supervisor answers the same user message as if asked directly.
                for (const ToolCall& c : messages.first().toolCalls) {
                    if (c.name == QLatin1String(kRouteToSupervisor))
                        return;
                }
                for (const ChatMessage& m : messages) {
                    auto seq =
                        m_store->appendMessage(m_threadId, runId, m.toJson(), m_clock->utcNow());
                    if (!seq)
                        qWarning("run %lld: %s", runId, qPrintable(seq.error().message));
                }
            });
    connect(m_loop, &AgentLoop::finished, this, &JarvisService::onLoopFinished);
    connect(m_loop, &AgentLoop::steered, this, [this, runId](const xo::Steering& s) {
        m_bus->publish(m_config.ownerId, payloads::SteeringInjected{std::nullopt,
                                                                    runId,
                                                                    {},
                                                                    QStringLiteral("supervisor"),
                                                                    s.anomaly,
                                                                    s.message,
                                                                    statusName(s.pace)});
    });
    publishSaluteReports(m_loop, m_bus, m_clock, m_config.ownerId, runId);
    m_loop->start();
}

bool JarvisService::handBackRun() {
    if (m_runId == 0 || m_background)
        return false;
    const Result<QString> change = m_store->firstChange(m_runId);
    if (!change || !change->isEmpty())
        return false;
    const qint64 runId = m_runId;
    m_handingBack = true;
    cancelRun(runId,
              QStringLiteral("stopped: this Zerg process stopped and handed the request to another "
                             "one before this finished. Start it again if you still need it."));
    if (m_runId == runId) {  // the loop did not end at once: nothing here goes on with it
        if (m_loop)
            m_loop->disconnect(this);
        endRun(RunStatus::Cancelled, {}, QStringLiteral("handed_back"));
    }
    return true;
}

void JarvisService::cancelRun(qint64 runId, const QString& reason) {
    if (runId != m_runId || m_runId == 0)
        return;
    const QString why = reason.isEmpty() ? tr("cancelled by the user") : reason;
    m_pool->stopRun(runId, reason.isEmpty() ? tr("the run was cancelled by the user") : reason);
    if (m_loop) {
        m_loop->cancel(why);
        return;
    }
    // Condensing the history, waiting for a restart, or writing the apology.
    stopPendingWork();
    endRun(RunStatus::Cancelled, why, QStringLiteral("cancelled"));
}

void JarvisService::stopPendingWork() {
    delete m_compactor;
    if (ChatReply* reply = m_apologyReply) {
        m_apologyReply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void JarvisService::cancelWorker(qint64 jobId) {
    if (Worker* w = m_pool->find(jobId)) {
        w->stop(WorkerStatus::Cancelled, tr("cancelled by the user"));
    }
}

Result<QJsonObject> JarvisService::runDetails(qint64 runId) const {
    return zerg::runDetails(*m_store, *m_artifacts, m_config.ownerId, runId);
}

ToolInvocation* JarvisService::guardCall(const GuardedCall& call, QObject* parent) const {
    const CallClass cls = call.tool->classify(call.args);
    // Only the tools shared with the workers act outside Zerg, under the approval modes. The
    // supervisor's own tools stay inside it: the ones that change what Zerg keeps (schedules,
    // facts) are only recorded as changes; spawn_worker's worker records its own.
    const bool shared = std::any_of(
        m_config.sharedTools.cbegin(), m_config.sharedTools.cend(),
        [&](const std::shared_ptr<Tool>& t) { return t->spec().name == call.call.name; });
    const PolicyDecision d =
        shared && m_config.approvals
            ? m_config.approvals->policyFor(m_config.ownerId, m_background, m_backgroundMode)
                  .decide(cls)
            : PolicyDecision{Verdict::Run, ApprovalMode::Autonomous, 0};
    if (d.verdict == Verdict::Run) {
        if (cls.effect == Effect::ReadOnly)
            return nullptr;
        // Before it runs, so that a takeover of this run never repeats it (docs/server.md).
        if (std::optional<ToolResult> refused =
                Worker::changeNotRecorded(m_store, m_runId, 0, call.call.name, call.args))
            return new ImmediateInvocation(*refused, parent);
        return nullptr;
    }
    const QString why = d.verdict == Verdict::Refuse
                            ? tr("The approval mode for %1 is read-only: report what you would "
                                 "do and why, so that the user can decide.")
                                  .arg(cls.target)
                            : tr("Changes need the user's approval, which only a worker can ask "
                                 "for: spawn a worker for it.");
    return new ImmediateInvocation(
        ToolResult::failure(tr("Not run: %1 may change a system (%2). %3")
                                .arg(call.call.name, describe(cls.reason), why),
                            {{QStringLiteral("error_code"), d.verdict == Verdict::Refuse
                                                                ? QStringLiteral("approval_refused")
                                                                : QStringLiteral("needs_worker")},
                             {QStringLiteral("classification"), cls.toJson()}}),
        parent);
}

void JarvisService::onRunTimeout() {
    m_timeoutTimer = 0;
    // The time a person takes to answer an approval request does not count: the deadline moves
    // by the run's waits (while one lasts, the timer comes back when it would have run out).
    if (m_config.approvals && m_runId != 0) {
        const qint64 deadline = m_runStartedMs + qint64(m_config.runTimeoutSecs) * 1000 +
                                m_config.approvals->runWaitMs(m_runId);
        const qint64 left = deadline - m_clock->nowMs();
        if (left > 0) {
            m_timeoutTimer = m_clock->callAfter(left, this, [this] { onRunTimeout(); });
            return;
        }
    }
    abortRun(m_runId, QStringLiteral("run_timeout"),
             tr("This request took longer than %1 s and was stopped (ask again to continue, or "
                "raise ZERG_RUN_TIMEOUT_SECONDS).")
                 .arg(m_config.runTimeoutSecs));
}

void JarvisService::abortRun(qint64 runId, const QString& code, const QString& message) {
    if (runId == 0 || runId != m_runId || !m_abortCode.isEmpty())
        return;
    m_abortCode = code;
    m_abortMessage = message;
    m_pool->stopRun(m_runId, message);
    if (m_loop) {
        m_loop->cancel(message);  // finished() follows and ends the run with the findings
    } else {
        stopPendingWork();
        finishAborted();
    }
}

void JarvisService::endAfterSupervisorGaveUp(qint64 runId) {
    // A run already ending (stopped, or being answered with the apology) needs nothing more.
    if (runId == 0 || runId != m_runId || !m_abortCode.isEmpty() || !m_failCode.isEmpty())
        return;
    m_supervised = false;  // nobody restarts it any more
    m_childStart = ChildStart::None;
    m_failCode = QString::fromLatin1(kSupervisorGaveUp);
    m_failMessage = tr("too many requests failed in a short time (more than %1 restarts in %2 s), "
                       "so this one was stopped with them")
                        .arg(SupervisorRuns::kIntensity)
                        .arg(SupervisorRuns::kPeriodSecs);
    m_pool->stopRun(runId, m_failMessage);
    if (m_loop) {
        m_loop->cancel(m_failMessage);  // finished() follows and answers with the apology
        return;
    }
    stopPendingWork();
    fallBack(m_failCode, m_failMessage);
}

void JarvisService::finishAborted() {
    const QString text = partialFindings(m_abortMessage);
    // Kept in the thread, so that the next question can build on what was found.
    (void)m_store->appendMessage(m_threadId, m_runId, ChatMessage::assistant(text).toJson(),
                                 m_clock->utcNow());
    const QString code = m_abortCode;  // endRun clears the member
    endRun(code == QLatin1String("run_timeout") ? RunStatus::Timeout : RunStatus::Failed, text,
           code);
}

QString JarvisService::partialFindings(const QString& headline) const {
    const QStringList lines = findings();
    if (lines.isEmpty())
        return headline + QLatin1Char(' ') + tr("Nothing was finished yet.");
    return headline + QLatin1Char(' ') + tr("What was found so far:") + QLatin1Char('\n') +
           lines.join(QLatin1Char('\n'));
}

QStringList JarvisService::findings() const {
    const auto jobs = m_store->listJobsForRun(m_config.ownerId, m_runId);
    QStringList lines;
    if (jobs) {
        for (const WorkerJobRecord& j : jobs.value()) {
            QString finding;
            if (j.status == JobStatus::Success && !j.workerId.isEmpty()) {
                if (auto meta = m_artifacts->metadata(j.workerId, m_config.ownerId))
                    finding = meta->value(QStringLiteral("summary")).toString();
                if (finding.isEmpty()) {
                    if (auto text = m_artifacts->readResult(j.workerId, m_config.ownerId))
                        finding = text->left(kPartialResultChars).simplified();
                }
            } else if (!j.error.isEmpty()) {
                finding = j.error;
            }
            lines.append(
                QStringLiteral("- %1 (%2%3)%4")
                    .arg(j.task, statusName(j.status),
                         j.workerId.isEmpty() ? QString() : QStringLiteral(", ") + j.workerId,
                         finding.isEmpty() ? QString() : QStringLiteral(": ") + finding));
        }
    }
    return lines;
}

void JarvisService::scheduleHeartbeat() {
    if (m_config.heartbeatSecs <= 0)
        return;
    m_heartbeatTimer = m_clock->callAfter(qint64(m_config.heartbeatSecs) * 1000, this, [this] {
        m_heartbeatTimer = 0;
        if (m_runId == 0)
            return;
        m_bus->publish(m_config.ownerId,
                       payloads::Heartbeat{m_runId, m_clock->utcNow().toString(Qt::ISODateWithMs)});
        scheduleHeartbeat();
    });
}

void JarvisService::onLoopFinished() {
    AgentLoop* loop = m_loop;
    if (!loop)
        return;
    m_loop = nullptr;
    loop->deleteLater();
    const Usage u = loop->usage();
    m_usage.promptTokens += u.promptTokens;
    m_usage.completionTokens += u.completionTokens;
    if (!m_abortCode.isEmpty()) {
        finishAborted();
        return;
    }
    if (!m_failCode.isEmpty()) {  // stopped to be answered with the apology
        fallBack(m_failCode, m_failMessage);
        return;
    }
    if (m_mode == Route::Mode::Quick && loop->errorCode() == QLatin1String(kRouteToSupervisor)) {
        m_mode = Route::Mode::Supervisor;
        if (Status s = m_store->setRunMode(m_runId, QStringLiteral("supervisor")); !s)
            qWarning("run %lld: %s", m_runId, qPrintable(s.error().message));
        payloads::SupervisorThinking escalated;
        escalated.runId = m_runId;
        escalated.mode = QStringLiteral("supervisor");
        escalated.escalated = true;
        escalated.message = tr("I'll escalate this to the supervisor for a deeper check…");
        m_bus->publish(m_config.ownerId, escalated);
        runAsChild(ChildStart::Escalated);
        return;
    }
    switch (loop->outcome()) {
        case AgentLoop::Outcome::Completed:
            endRun(RunStatus::Success, loop->finalText(), {});
            break;
        case AgentLoop::Outcome::Cancelled:
            endRun(RunStatus::Cancelled, loop->errorString(), loop->errorCode());
            break;
        default:
            onLoopFailed(loop->errorCode(), loop->errorString());
            break;
    }
}

void JarvisService::onLoopFailed(const QString& code, const QString& message) {
    const FailureClass cls = classifyFailure(code);
    const bool retry = m_supervised && m_attempt && m_attempts < kMaxRunAttempts &&
                       m_attempts <= restartsAllowed(cls);
    if (!retry) {
        fallBack(code, message);
        return;
    }
    // The run stays in progress; its supervisor restarts it after the backoff (newRunAttempt),
    // unless it is cancelled or times out meanwhile.
    m_restartNotice =
        QStringLiteral(
            "[SUPERVISOR] Your previous attempt at this request failed: %1 (%2 failure: "
            "%3), and you were restarted. The conversation so far follows; continue "
            "from where it stopped and answer the user's last request.")
            .arg(message, statusName(cls), code);
    m_childStart = ChildStart::Retry;
    payloads::SupervisorThinking retrying;
    retrying.runId = m_runId;
    retrying.mode = modeName();
    retrying.retrying = true;
    retrying.attempt = m_attempts + 1;
    retrying.errorCode = code;
    retrying.message = cls == FailureClass::Transient ? tr("Retrying after a temporary error…")
                                                      : tr("Trying once more after an error…");
    m_bus->publish(m_config.ownerId, retrying);
    exitAttempt(supervision::ExitReason::crash(code));
}

void JarvisService::fallBack(const QString& code, const QString& message) {
    m_failCode = code;
    m_failMessage = message;
    // A model that has just failed is not asked again, nor one its supervisor gave up on.
    if (code.startsWith(QLatin1String("llm_")) || code == QLatin1String(kSupervisorGaveUp)) {
        answerWithApology(apologyText(code, message));
        return;
    }
    const QStringList lines = findings();
    ChatRequest req;
    req.model = modelFor(Route::Mode::Quick);
    req.messages = {
        ChatMessage::system(apologyPrompt()),
        // One arg() call: a task that contains "%3" stays as it is.
        ChatMessage::user(
            QStringLiteral(
                "Request: %1\nWhat went wrong (%2, after %3 attempts): %4\nFindings:\n%5")
                .arg(m_task, code, QString::number(m_attempts), message,
                     lines.isEmpty() ? QStringLiteral("(none)") : lines.join(QLatin1Char('\n'))))};
    req.maxTokens = kApologyMaxTokens;
    req.meta = {QStringLiteral("apology"), QStringLiteral("supervisor"), m_config.ownerId, m_runId,
                0};
    m_apologyReply = m_llm->chat(req);
    m_apologyReply->setParent(this);
    connect(m_apologyReply, &ChatReply::finished, this, &JarvisService::onApologyReply);
}

void JarvisService::onApologyReply() {
    ChatReply* reply = m_apologyReply;
    m_apologyReply = nullptr;
    if (!reply)
        return;
    reply->deleteLater();
    m_usage += reply->usage();
    const QString text = reply->hasError() ? QString() : reply->message().content.trimmed();
    if (reply->hasError()) {
        qWarning("run %lld: the apology call failed (%s); the fixed apology is used", m_runId,
                 qPrintable(reply->errorCode()));
    }
    answerWithApology(text.isEmpty() ? apologyText(m_failCode, m_failMessage) : text);
}

QString JarvisService::apologyText(const QString& code, const QString& message) const {
    QString reason = message.trimmed();
    while (reason.endsWith(QLatin1Char('.')))
        reason.chop(1);
    // The source is the plural form, as English reads it without a translator (the tests).
    QString text = tr("Sorry, I couldn't finish this: %1 (after %n attempts).", nullptr, m_attempts)
                       .arg(reason);
    const FailureClass cls =
        code == QLatin1String(kSupervisorGaveUp) ? FailureClass::Transient : classifyFailure(code);
    QString advice;
    if (code == QLatin1String("llm_auth")) {
        advice = tr("Check the model provider's API key (ZERG_LLM_API_KEY), then ask again.");
    } else {
        switch (cls) {
            case FailureClass::Transient:
                advice =
                    tr("The model provider seems to be having trouble; please try again in "
                       "a few minutes.");
                break;
            case FailureClass::Persistent:
                advice = tr("Asking again, perhaps more narrowly, may help.");
                break;
            case FailureClass::Terminal:
                advice = tr("Asking again will not help until that is fixed.");
                break;
            case FailureClass::Unknown:
                advice = tr("If this keeps happening, `zerg doctor` checks the setup.");
                break;
        }
    }
    text += QLatin1Char(' ') + advice;
    const QStringList lines = findings();
    if (!lines.isEmpty()) {
        text += QStringLiteral("\n\n") + tr("What was found so far:") + QLatin1Char('\n') +
                lines.join(QLatin1Char('\n'));
    }
    return text;
}

void JarvisService::answerWithApology(const QString& text) {
    // In the thread like any answer, so that the next question can build on it.
    if (auto seq = m_store->appendMessage(m_threadId, m_runId,
                                          ChatMessage::assistant(text).toJson(), m_clock->utcNow());
        !seq) {
        qWarning("run %lld: %s", m_runId, qPrintable(seq.error().message));
    }
    endRun(RunEnding{RunStatus::Failed, text, m_failCode, m_failMessage, true});
}

void JarvisService::endRun(const RunEnding& ending) {
    const qint64 runId = m_runId;
    if (runId == 0)
        return;
    m_clock->cancel(m_timeoutTimer);
    m_clock->cancel(m_heartbeatTimer);
    m_timeoutTimer = m_heartbeatTimer = 0;
    // Handed back: left running in the database for another process (docs/server.md).
    const bool handedBack = std::exchange(m_handingBack, false);
    const bool ok = ending.status == RunStatus::Success;
    const qint64 durationMs = m_clock->nowMs() - m_runStartedMs;
    const QString modeName = this->modeName();
    // An apology keeps both: the answer the user got and the failure behind it.
    const QString result = ok || ending.apology ? ending.text : QString();
    const QString error = ok ? QString() : ending.apology ? ending.error : ending.text;
    const RunOutcome outcome{qMax(1, m_attempts), ending.errorCode,
                             ending.apology ? statusName(RunFallback::Apology) : QString()};
    if (Status s = handedBack ? Status(Ok{})
                              : m_store->finishRun(runId, ending.status, result, error,
                                                   m_clock->utcNow(), m_usage.promptTokens,
                                                   m_usage.completionTokens, outcome);
        !s) {
        qWarning("run %lld: %s", runId, qPrintable(s.error().message));
    }
    m_runId = 0;
    m_abortCode.clear();
    m_failCode.clear();
    m_failMessage.clear();
    m_childStart = ChildStart::None;
    m_firstThread.reset();
    // The run's child ends with it (normal on success; shutdown, which is never restarted,
    // otherwise), and a restart still pending is cancelled. Before runFinished: its handlers may
    // start the next run.
    exitAttempt(ok ? supervision::ExitReason::normal()
                   : supervision::ExitReason::shutdown(ending.errorCode.isEmpty()
                                                           ? statusName(ending.status)
                                                           : ending.errorCode));
    if (m_runs)
        m_runs->stopRun(runId);
    if (handedBack) {
        payloads::SupervisorThinking handed;
        handed.runId = runId;
        handed.mode = modeName;
        handed.message = tr("Handing this over to another Zerg process…");
        m_bus->publish(m_config.ownerId, handed);
        return;
    }
    // Tokens and cost of the whole run (supervisor and workers), from the per-call records.
    QJsonObject usageJson{{QStringLiteral("prompt_tokens"), m_usage.promptTokens},
                          {QStringLiteral("completion_tokens"), m_usage.completionTokens}};
    if (const auto totals = m_store->usageForRun(runId); totals && totals->calls > 0) {
        usageJson = {{QStringLiteral("calls"), totals->calls},
                     {QStringLiteral("prompt_tokens"), totals->promptTokens},
                     {QStringLiteral("completion_tokens"), totals->completionTokens},
                     {QStringLiteral("cached_tokens"), totals->cachedTokens},
                     {QStringLiteral("reasoning_tokens"), totals->reasoningTokens},
                     {QStringLiteral("cost_usd"),
                      totals->costUsd ? QJsonValue(*totals->costUsd) : QJsonValue()}};
    }
    if (ok || ending.apology) {
        // The apology is delivered like an answer: the chat shows it, not an error.
        payloads::SupervisorComplete complete;
        complete.runId = runId;
        complete.threadId = m_threadId;
        complete.result = ending.text;
        complete.mode = modeName;
        complete.durationMs = durationMs;
        complete.usage = usageJson;
        if (ending.apology) {
            complete.fallback = RunFallback::Apology;
            complete.status = ending.status;
            complete.errorCode = ending.errorCode;
            complete.error = ending.error;
            complete.attempts = outcome.attempts;
        }
        m_bus->publish(m_config.ownerId, complete);
    } else {
        payloads::ErrorEvent error;
        error.runId = runId;
        error.message = ending.text;
        error.details = ending.errorCode;
        error.mode = modeName;
        error.status = ending.status;
        if (ending.status == RunStatus::Timeout ||
            ending.errorCode == QLatin1String("budget_exceeded"))
            error.partialResults = ending.text;
        m_bus->publish(m_config.ownerId, error);
    }
    // Spoken exchanges that came during the run follow it in the thread.
    for (const SpokenExchange& exchange : std::exchange(m_spokenWaiting, {})) {
        if (const Result<qint64> stored = storeSpokenExchange(exchange); !stored)
            qWarning("a spoken exchange was not recorded: %s", qPrintable(stored.error().message));
    }
    Q_EMIT runFinished(runId, ok, ending.text);
}

}  // namespace zerg
