#include "workers/worker.h"

#include "agent/context_window.h"
#include "agent/failure_class.h"
#include "agent/tool_registry.h"
#include "agent/xo/salute.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/json_util.h"
#include "core/redact.h"
#include "storage/artifact_store.h"
#include "storage/store.h"
#include "tools/held_invocation.h"
#include "tools/shell_exec_tool.h"
#include "workers/approvals.h"
#include "workers/violation_rules.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>

namespace zerg {
namespace {

Q_LOGGING_CATEGORY(lcWorker, "zerg.worker")

// Tool errors that no retry by the model can fix: the worker fails fast with the tool's message.
const QStringList kFatalToolErrors = {
    QStringLiteral("host_not_allowed"), QStringLiteral("host_key_changed"),
    QStringLiteral("host_key_unknown"), QStringLiteral("auth_failed")};

// How much of a tool's output the roundabout's decider sees per call.
constexpr int kOutputExcerptChars = 300;

// The worker's way to say it is stuck: the supervisor's roundabout sees the reason at once and
// may answer with a message.
class RequestHelpTool final : public Tool {
public:
    explicit RequestHelpTool(Worker* worker) : m_worker(worker) {}
    ToolSpec spec() const override {
        return {QStringLiteral("request_help"),
                QStringLiteral("Tell your supervisor you are stuck or unsure how to go on (e.g. "
                               "every approach failed, or the task is ambiguous). Say why in one "
                               "sentence. The supervisor may answer with guidance; keep working "
                               "meanwhile if you can."),
                objectSchema({{QStringLiteral("reason"),
                               schemaProperty("string", QStringLiteral("What blocks you."))}},
                             {QStringLiteral("reason")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString reason = args.value(QStringLiteral("reason")).toString().simplified();
        if (reason.isEmpty()) {
            return new ImmediateInvocation(
                ToolResult::failure(QStringLiteral("request_help needs a 'reason'.")), parent);
        }
        if (m_worker)
            m_worker->requestHelp(reason);
        return new ImmediateInvocation(
            ToolResult::success({{QStringLiteral("note"),
                                  QStringLiteral("Your supervisor was told. Guidance, if any, "
                                                 "arrives as a [SUPERVISOR] message.")}}),
            parent);
    }

    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }

private:
    QPointer<Worker> m_worker;
};

QString quoted(const QString& s) {
    QString one = s.simplified();
    if (one.size() > 80)
        one = one.left(79) + QChar(0x2026);
    return QLatin1Char('"') + one + QLatin1Char('"');
}

// ~150 characters from the start of the result: the fallback summary.
QString truncatedSummary(const QString& text) {
    const QString one = text.simplified();
    return one.size() <= 150 ? one : one.left(149) + QChar(0x2026);
}

// The summary prompt sees at most this much of the result: a list line needs the gist only.
constexpr int kSummaryInputChars = 4000;

QByteArray toolCallFile(const ToolCall& call, const QJsonObject& args, const CallClass& cls,
                        const ToolResult& result, qint64 durationMs, const QDateTime& at) {
    QByteArray out;
    out += "tool: " + call.name.toUtf8() + '\n';
    out += "call_id: " + call.id.toUtf8() + '\n';
    out += "finished_at: " + at.toString(Qt::ISODateWithMs).toUtf8() + '\n';
    out += "duration_ms: " + QByteArray::number(durationMs) + '\n';
    out += "arguments: " + json::compact(redactedArguments(args)) + '\n';
    out += "classification: " + json::compact(cls.toJson()) + '\n';
    QJsonObject rest = result.payload;
    const QString stdoutText = rest.take(QStringLiteral("stdout")).toString();
    const QString stderrText = rest.take(QStringLiteral("stderr")).toString();
    out += "result: " + json::compact(rest) + '\n';
    if (result.payload.contains(QStringLiteral("stdout"))) {
        out += "\n--- stdout ---\n" + stdoutText.toUtf8();
        if (!stdoutText.endsWith(QLatin1Char('\n')))
            out += '\n';
    }
    if (result.payload.contains(QStringLiteral("stderr"))) {
        out += "\n--- stderr ---\n" + stderrText.toUtf8();
        if (!stderrText.isEmpty() && !stderrText.endsWith(QLatin1Char('\n')))
            out += '\n';
    }
    return out;
}

}  // namespace

Worker::Worker(WorkerDeps deps, Job job, QObject* parent)
    : MonitoredWorker(parent), m_deps(deps), m_job(std::move(job)) {
    if (m_deps.approvals) {
        connect(m_deps.approvals, &Approvals::resolved, this, &Worker::onApprovalResolved);
    }
}

Worker::~Worker() {
    // The pool lets a worker go 60 s after it is done, and the backend may shut down sooner:
    // a summary still in flight is abandoned and the truncation already on disk stays.
    if (m_summaryReply) {
        m_deps.clock->cancel(m_summaryTimer);
        m_summaryReply->disconnect(this);
        m_summaryReply->abort();
        writeSummary(m_summary, {}, tr("Zerg stopped before the summary model answered; truncated"),
                     false);
    }
}

QString Worker::capSummary(const QString& text, int maxChars) {
    const QString one = text.simplified();
    if (one.size() <= maxChars)
        return one;
    QString cut = one.left(maxChars - 1);
    // Cut at the last space unless that would throw away most of the line (one long word).
    const qsizetype space = cut.lastIndexOf(QLatin1Char(' '));
    if (space >= maxChars / 2)
        cut.truncate(space);
    while (cut.endsWith(QLatin1Char(' ')) || cut.endsWith(QLatin1Char(',')) ||
           cut.endsWith(QLatin1Char(';')) || cut.endsWith(QLatin1Char(':'))) {
        cut.chop(1);
    }
    return cut + QChar(0x2026);
}

QString Worker::builtInPrompt() {
    return QStringLiteral(
        "You are a Zerg worker: a disposable agent that carries out one operations task and "
        "reports back. Use your tools ({tools}) to gather facts; the shell is your primitive, "
        "so use ordinary commands (df -h, docker ps, journalctl, systemctl, ...). Only use hosts "
        "that your tools allow. Commands are non-interactive: never run anything that waits for "
        "input. When you have the answer, reply with a concise factual result (numbers, names, "
        "what you ran) and no further tool calls. If something fails, say exactly what failed.");
}

QString Worker::systemPrompt(const QString& prompt, const QStringList& toolNames) {
    QString out = prompt;
    return out.replace(QStringLiteral("{tools}"), toolNames.join(QStringLiteral(", ")));
}

QList<ToolSpec> Worker::ownToolSpecs() {
    return {RequestHelpTool(nullptr).spec()};
}

QString Worker::builtInSummaryPrompt() {
    return QStringLiteral(
        "Summarize this worker result in at most 150 characters for a list: status, key facts, "
        "numbers. Reply with the summary only.");
}

QString Worker::displayFor(const QString& tool, const QJsonObject& args) {
    const QString command = args.value(QStringLiteral("command")).toString();
    const QString host = args.value(QStringLiteral("host")).toString();
    if (!host.isEmpty() && !command.isEmpty()) {
        return tool + QLatin1Char(' ') + host + QLatin1Char(' ') + quoted(command);
    }
    if (!command.isEmpty())
        return tool + QLatin1Char(' ') + quoted(command);
    if (args.contains(QStringLiteral("url"))) {
        return tool + QLatin1Char(' ') + args.value(QStringLiteral("url")).toString();
    }
    return tool;
}

payloads::WorkerIds Worker::ids() const {
    return {m_job.runId, m_job.jobId, m_workerId};
}

WorkerAttempt::WorkerAttempt(Worker* worker) : m_worker(worker) {}

void WorkerAttempt::requestShutdown() {
    // The pool's supervisor is stopping (Zerg quits): the worker ends as cancelled, which ends
    // this attempt with shutdown.
    if (m_worker)
        m_worker->end(WorkerStatus::Cancelled, QStringLiteral("shutdown"),
                      tr("Zerg is shutting down"));
    if (!hasExited())
        finish(supervision::ExitReason::shutdown());
}

void WorkerAttempt::kill() {
    if (m_worker)
        m_worker->end(WorkerStatus::Cancelled, QStringLiteral("killed"),
                      tr("killed by its supervisor"));
    if (!hasExited())
        finish(supervision::ExitReason::killed());
}

bool Worker::setStatus(WorkerStatus to) {
    if (!isAllowedTransition(m_status, to)) {
        qCWarning(lcWorker, "worker %s (job %lld): refused %s -> %s", qPrintable(m_workerId),
                  m_job.jobId, qPrintable(statusName(m_status)), qPrintable(statusName(to)));
        return false;
    }
    qCDebug(lcWorker, "worker %s (job %lld): %s -> %s", qPrintable(m_workerId), m_job.jobId,
            qPrintable(statusName(m_status)), qPrintable(statusName(to)));
    m_status = to;
    return true;
}

void Worker::start() {
    if (WorkerAttempt* a = newAttempt(); a && !a->parent())
        a->setParent(this);  // no supervisor: the worker keeps its attempts
}

bool Worker::prepareFirstAttempt() {
    Clock* clock = m_deps.clock;
    setStatus(WorkerStatus::Starting);
    const Result<AgentProfile> profile =
        m_deps.profiles ? m_deps.profiles->current(AgentRole::Worker)
                        : Result<AgentProfile>(AgentProfile::builtIn(AgentRole::Worker));
    if (!profile) {
        // Not the built-in tuning instead: the user's may take tools away from workers.
        finalize({WorkerStatus::Failed,
                  QStringLiteral("db"),
                  tr("Could not read the worker agent's settings: %1").arg(profile.error().message),
                  {}});
        return false;
    }
    m_profile = profile.value();
    m_startedMs = clock->nowMs();
    const QDateTime now = clock->utcNow();
    Result<QString> created =
        m_deps.artifacts->createWorker(m_job.ownerId, m_job.task, now,
                                       {{QStringLiteral("model"), m_job.model},
                                        {QStringLiteral("job_id"), m_job.jobId},
                                        {QStringLiteral("supervisor_run_id"), m_job.runId}});
    if (!created) {
        finalize(
            {WorkerStatus::Failed,
             QStringLiteral("artifacts"),
             tr("Could not create the worker's artifact folder: %1").arg(created.error().message),
             {}});
        return false;
    }
    m_workerId = created.value();
    setStatus(WorkerStatus::Running);
    if (Status s = m_deps.store->markJobStarted(m_job.jobId, m_workerId, now); !s) {
        qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
    }
    m_deps.bus->publish(m_job.ownerId, payloads::WorkerStarted{ids(), m_job.task});
    m_tools = std::make_unique<ToolRegistry>();
    m_tools->addAll(*m_deps.tools);
    // A source's tool (MCP) keeps its files (images) in this worker's folder.
    m_tools->setWorkerScope({m_job.ownerId, m_workerId, m_deps.artifacts->workerDir(m_workerId)});
    // shell_exec works in this worker's own folder: <scratch>/<owner id>/<worker id>.
    if (const auto* shell =
            dynamic_cast<const ShellExecTool*>(m_tools->find(QStringLiteral("shell_exec")))) {
        m_tools->add(shell->forWorker(m_job.ownerId, m_workerId));
    }
    m_tools->add(std::make_shared<RequestHelpTool>(this));
    m_tools->restrictTo(m_profile.tools);
    m_started = true;
    return true;
}

QList<ChatMessage> Worker::resumedHistory() const {
    QList<ChatMessage> history;
    if (const auto bytes =
            m_deps.artifacts->readFile(m_workerId, m_job.ownerId, QStringLiteral("thread.jsonl"))) {
        for (const QByteArray& line : bytes->split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            if (auto m = ChatMessage::fromJson(QJsonDocument::fromJson(line).object()))
                history.append(*m);
        }
    }
    return history;
}

WorkerAttempt* Worker::newAttempt() {
    if (isTerminal(m_status))
        return nullptr;
    QList<ChatMessage> history;
    QList<ChatMessage> fresh;  // what this attempt adds to the thread on disk
    if (!m_started) {
        if (!prepareFirstAttempt())
            return nullptr;
        history = {ChatMessage::system(startPrompt()), ChatMessage::user(m_job.task)};
        fresh = history;
    } else {
        // A restart: resume from the conversation on disk, told why; if it cannot be read back,
        // start over from the task with the same notice.
        history = resumedHistory();
        const bool resumed = history.size() >= 2;
        if (!resumed) {
            history = {ChatMessage::system(startPrompt()), ChatMessage::user(m_job.task)};
        }
        const ChatMessage notice = ChatMessage::user(
            QStringLiteral("[SUPERVISOR] You were restarted due to: %1. %2")
                .arg(m_restartReason,
                     resumed ? QStringLiteral("Your conversation so far is above; continue the "
                                              "task from where you left off.")
                             : QStringLiteral("Your earlier conversation could not be read back; "
                                              "start the task again.")));
        history.append(notice);
        fresh = {notice};
        setStatus(WorkerStatus::Running);
    }
    onMessages(fresh);
    ++m_attempts;

    AgentConfig cfg;
    cfg.model = m_job.model;
    cfg.temperature = m_profile.temperature;
    cfg.maxTokens = m_profile.maxTokens;
    cfg.maxIterations = m_deps.maxIterations;
    cfg.toolOutputCapChars = m_deps.toolOutputCapChars;
    cfg.fatalToolErrors = kFatalToolErrors;
    cfg.tokenBudget = m_deps.tokenBudget;
    cfg.toolGuard = [this](const GuardedCall& call, QObject* parent) {
        return guard(call, parent);
    };
    cfg.meta = {QStringLiteral("worker"), m_workerId, m_job.ownerId, m_job.runId, m_job.jobId};
    cfg.xo = m_deps.xo;
    cfg.role = QStringLiteral("worker");
    cfg.contextWindow = contextWindowFor(m_job.model, m_deps.contextWindowOverride);
    m_lastProgressMs = m_deps.clock->nowMs();
    m_attempt = new WorkerAttempt(this);
    m_loop = new AgentLoop(m_deps.llm, m_tools.get(), m_deps.clock, cfg, history, this);
    connect(m_loop, &AgentLoop::toolCallStarted, this, &Worker::onToolStarted);
    connect(m_loop, &AgentLoop::toolCallProgress, this, &Worker::onToolProgress);
    connect(m_loop, &AgentLoop::toolCallFinished, this, &Worker::onToolFinished);
    connect(m_loop, &AgentLoop::messagesAppended, this, &Worker::onMessages);
    connect(m_loop, &AgentLoop::messagesAppended, this,
            [this] { m_lastProgressMs = m_deps.clock->nowMs(); });
    connect(m_loop, &AgentLoop::finished, this, &Worker::onLoopFinished);
    connect(m_loop, &AgentLoop::xoChecked, this, &Worker::writeSalute);
    connect(m_loop, &AgentLoop::steered, this, [this](const xo::Steering& s) {
        const payloads::WorkerIds i = ids();
        m_deps.bus->publish(
            m_job.ownerId,
            payloads::SteeringInjected{i.jobId, i.runId, i.workerId, QStringLiteral("worker"),
                                       s.anomaly, s.message, statusName(s.pace)});
    });
    m_loop->start();
    return m_attempt;
}

void Worker::exitAttempt(const supervision::ExitReason& reason) {
    if (WorkerAttempt* a = m_attempt) {
        m_attempt = nullptr;
        if (!a->hasExited())
            a->exitWith(reason);
    }
}

void Worker::onMessages(const QList<ChatMessage>& messages) {
    for (const ChatMessage& m : messages) {
        if (m_workerId.isEmpty())
            break;
        if (Status s = m_deps.artifacts->appendThreadMessage(m_workerId, m.toJson()); !s) {
            qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
        }
    }
}

void Worker::onToolStarted(const ToolCall& call, const QJsonObject& args) {
    m_lastProgressMs = m_deps.clock->nowMs();
    // What is shown and kept of the call: credentials hidden (core/redact.h).
    const QJsonObject shown = redactedArguments(args);
    ActivityEntry a;
    a.tool = call.name;
    a.args = shown;
    a.display = displayFor(call.name, shown);
    a.host = args.value(QStringLiteral("host")).toString();
    a.startedAtMs = m_deps.clock->nowMs() - m_startedMs;
    a.outcome = CallOutcome::Running;
    m_activityIndex.insert(call.id, int(m_activity.size()));
    m_activity.append(a);

    m_deps.bus->publish(m_job.ownerId,
                        payloads::WorkerToolStarted{ids(), call.id, int(m_activity.size()),
                                                    call.name, shown, a.display});
}

void Worker::onToolProgress(const ToolCall& call, double progress, double total,
                            const QString& message) {
    // A call that reports progress is a worker making progress (the health monitor's view).
    m_lastProgressMs = m_deps.clock->nowMs();
    payloads::WorkerToolProgress p;
    p.ids = ids();
    p.callId = call.id;
    p.seq = m_activityIndex.value(call.id, -1) + 1;
    p.tool = call.name;
    p.progress = progress;
    if (total >= 0)
        p.total = total;
    p.message = message.left(300);
    m_deps.bus->publish(m_job.ownerId, p);
}

CallClass Worker::classify(const ToolCall& call, const QJsonObject& args) const {
    if (const Tool* tool = m_tools->find(call.name))
        return tool->classify(args);
    return {Effect::Changes, {ReasonKind::NotClassified, call.name}, {}, {}};
}

void Worker::onToolFinished(const ToolCall& call, const QJsonObject& args, const ToolResult& result,
                            qint64 durationMs) {
    m_lastProgressMs = m_deps.clock->nowMs();
    const int index = m_activityIndex.value(call.id, -1);
    if (index >= 0) {
        ActivityEntry& a = m_activity[index];
        a.durationMs = durationMs;
        a.outcome = result.ok() ? CallOutcome::Success : CallOutcome::Failed;
        a.error = result.error();
        QString output = result.payload.value(QStringLiteral("stdout")).toString();
        if (output.isEmpty() && result.ok()) {
            QJsonObject rest = result.payload;
            rest.remove(QStringLiteral("ok"));
            output = QString::fromUtf8(json::compact(rest));
        }
        a.outputExcerpt = output.size() > kOutputExcerptChars
                              ? output.left(kOutputExcerptChars) + QChar(0x2026)
                              : output;
    }
    const int seq = ++m_toolSeq;
    const Result<QString> saved = m_deps.artifacts->saveToolCall(
        m_workerId, seq, call.name,
        toolCallFile(call, args, classify(call, args), result, durationMs, m_deps.clock->utcNow()));
    if (!saved) {
        qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(saved.error().message));
    }

    payloads::WorkerToolFinished finished;
    finished.ok = result.ok();
    finished.ids = ids();
    finished.callId = call.id;
    finished.seq = index + 1;
    finished.tool = call.name;
    finished.durationMs = durationMs;
    if (result.payload.contains(QStringLiteral("exit_code")))
        finished.exitCode = result.payload.value(QStringLiteral("exit_code")).toInt();
    if (!finished.ok) {
        finished.error = result.error();
        finished.errorCode = result.payload.value(QStringLiteral("error_code")).toString();
    }
    m_deps.bus->publish(m_job.ownerId, finished);
}

void Worker::onLoopFinished() {
    AgentLoop* loop = m_loop;
    if (!loop)
        return;
    using supervision::ExitReason;
    const QString crashCode = std::exchange(m_crashCode, QString());
    if (m_ending) {
        // end() decided before it cancelled the loop.
        const Ending ending = *m_ending;
        finalize(ending);
        exitAttempt(ExitReason::shutdown(ending.code));
        return;
    }
    if (loop->outcome() == AgentLoop::Outcome::Completed) {
        finalize({WorkerStatus::Success, {}, {}, loop->finalText()});
        exitAttempt(ExitReason::normal());
        return;
    }
    if (loop->outcome() == AgentLoop::Outcome::Cancelled && crashCode.isEmpty()) {
        // Cancelled from inside the loop (nobody called end()): a cancellation all the same.
        const QString code = statusName(WorkerStatus::Cancelled);
        finalize({WorkerStatus::Cancelled, code, loop->errorString(), {}});
        exitAttempt(ExitReason::shutdown(code));
        return;
    }
    // A failure, or an attempt crashed by crashAttempt() (the health monitor).
    const QString code = crashCode.isEmpty() ? loop->errorCode() : crashCode;
    const FailureClass cls = classifyFailure(code);
    const bool retry =
        m_supervised && m_attempts < kMaxAttempts && m_attempts <= restartsAllowed(cls);
    if (retry && setStatus(WorkerStatus::Restarting)) {
        // The supervisor restarts this worker (after its backoff); the roundabout sees it
        // restarting, not ended.
        m_restartReason =
            QStringLiteral("%1 (%2 failure: %3)").arg(loop->errorString(), statusName(cls), code);
        m_loop = nullptr;
        loop->deleteLater();
        exitAttempt(ExitReason::crash(code));
        return;
    }
    finalize({WorkerStatus::Failed, code, loop->errorString(), {}});
    exitAttempt(ExitReason::shutdown(code.isEmpty() ? statusName(WorkerStatus::Failed) : code));
}

ToolInvocation* Worker::guard(const GuardedCall& call, QObject* parent) {
    // The deny-list first: it holds in every mode.
    if (std::optional<ToolResult> refused = checkRules(call.call, call.args))
        return new ImmediateInvocation(*refused, parent);
    const CallClass cls = call.tool->classify(call.args);
    if (!m_deps.approvals)
        return recordChange(call.call.name, call.args, cls, parent);  // every call runs
    const PolicyDecision d =
        m_deps.approvals->policyFor(m_job.ownerId, m_job.background, m_job.scheduleMode)
            .decide(cls);
    switch (d.verdict) {
        case Verdict::Run:
            return recordChange(call.call.name, call.args, cls, parent);
        case Verdict::Refuse:
            return new ImmediateInvocation(
                ToolResult::failure(
                    tr("Not run: %1 may change the system (%2), and the approval mode for %3 is "
                       "read-only. Do only read-only checks, and report what you would run and "
                       "why so that the user can decide.")
                        .arg(displayFor(call.call.name, call.args), describe(cls.reason),
                             cls.target),
                    {{QStringLiteral("error_code"), QStringLiteral("approval_refused")},
                     {QStringLiteral("classification"), cls.toJson()}}),
                parent);
        case Verdict::Ask:
            break;
    }
    return holdForApproval(call, cls, d.mode, parent);
}

std::optional<ToolResult> Worker::changeNotRecorded(Store* store, qint64 runId, qint64 jobId,
                                                    const QString& tool, const QJsonObject& args) {
    const QString what = displayFor(tool, redactedArguments(args));
    const Status recorded = store->recordChange(runId, jobId, what);
    if (recorded)
        return std::nullopt;
    return ToolResult::failure(
        tr("Not run: %1 may change a system, and Zerg could not record that before running it "
           "(%2). Report what you wanted to run and why.")
            .arg(what, recorded.error().message),
        {{QStringLiteral("error_code"), QStringLiteral("change_not_recorded")}});
}

ToolInvocation* Worker::recordChange(const QString& tool, const QJsonObject& args,
                                     const CallClass& cls, QObject* parent) {
    if (cls.effect == Effect::ReadOnly)
        return nullptr;
    if (std::optional<ToolResult> refused =
            changeNotRecorded(m_deps.store, m_job.runId, m_job.jobId, tool, args))
        return new ImmediateInvocation(*refused, parent);
    return nullptr;
}

ToolInvocation* Worker::holdForApproval(const GuardedCall& call, const CallClass& cls,
                                        ApprovalMode mode, QObject* parent) {
    ApprovalRecord draft;
    draft.ownerId = m_job.ownerId;
    draft.jobId = m_job.jobId;
    draft.runId = m_job.runId;
    draft.workerId = m_workerId;
    draft.callId = call.call.id;
    draft.tool = call.call.name;
    draft.target = cls.target;
    // Credentials stay out of the request (the held call keeps the real arguments).
    const QJsonObject shown = redactedArguments(call.args);
    draft.action = shown.value(QStringLiteral("command")).toString();
    if (draft.action.isEmpty())
        draft.action = displayFor(call.call.name, shown);
    draft.args = shown;
    draft.classification = cls.toJson();
    draft.task = m_job.task;
    draft.statedReason = call.statedReason.trimmed();
    draft.mode = statusName(mode);
    draft.suggestedPrefix = ApprovalPolicy::suggestedPrefix(cls.commandWords);
    const Result<ApprovalRecord> request = m_deps.approvals->request(draft);
    if (!request) {
        // Never run a changing call whose request is not on record.
        return new ImmediateInvocation(
            ToolResult::failure(
                tr("Not run: %1 needs the user's approval, but the request could not be "
                   "recorded (%2). Report what you wanted to run and why.")
                    .arg(displayFor(call.call.name, call.args), request.error().message),
                {{QStringLiteral("error_code"), QStringLiteral("approval_unavailable")}}),
            parent);
    }
    auto* held = new HeldInvocation(call.tool, call.args, parent);
    const qint64 approvalId = request->id;
    m_held.insert(approvalId, held);
    connect(held, &HeldInvocation::withdrawn, this, [this, approvalId] {
        if (m_held.remove(approvalId)) {
            m_deps.approvals->withdraw(m_job.ownerId, approvalId,
                                       tr("The worker ended before an answer."));
            approvalWaitChanged();
        }
    });
    approvalWaitChanged();
    return held;
}

void Worker::onApprovalResolved(const ApprovalRecord& record) {
    if (record.ownerId != m_job.ownerId || !m_held.contains(record.id))
        return;
    const QPointer<HeldInvocation> held = m_held.take(record.id);
    approvalWaitChanged();
    if (!held)
        return;
    const QString what = displayFor(record.tool, record.args);
    const QString message =
        record.message.isEmpty() ? QString() : tr(" Their message: \"%1\"").arg(record.message);
    switch (record.status) {
        case ApprovalStatus::Allowed:
            // Recorded as a change before it runs (its arguments are in the held call; the
            // record's are redacted, which is what the description shows).
            if (std::optional<ToolResult> refused = changeNotRecorded(
                    m_deps.store, m_job.runId, m_job.jobId, record.tool, record.args))
                held->refuse(*refused);
            else
                held->release();
            return;
        case ApprovalStatus::Denied:
            held->refuse(ToolResult::failure(
                tr("Not run: the user denied %1.%2 Do not retry it; go on without it or report "
                   "what you found.")
                    .arg(what, message),
                {{QStringLiteral("error_code"), QStringLiteral("approval_denied")}}));
            return;
        case ApprovalStatus::Expired:
        case ApprovalStatus::Cancelled:
        case ApprovalStatus::Pending:
            held->refuse(ToolResult::failure(
                tr("Not run: %1 was not approved (%2). Do not retry it; report what you wanted "
                   "to run and why so that the user can decide.")
                    .arg(what, record.message),
                {{QStringLiteral("error_code"), QStringLiteral("approval_expired")}}));
            return;
    }
}

void Worker::approvalWaitChanged() {
    const qint64 now = m_deps.clock->nowMs();
    if (!m_held.isEmpty() && m_status == WorkerStatus::Running) {
        m_approvalWaitStartMs = now;
        setStatus(WorkerStatus::AwaitingApproval);
    } else if (m_held.isEmpty() && m_status == WorkerStatus::AwaitingApproval) {
        m_approvalWaitMs += now - m_approvalWaitStartMs;
        m_lastProgressMs = now;  // the health monitor counts from the answer
        if (!m_ending)           // an ending worker goes from here to its terminal status
            setStatus(WorkerStatus::Running);
    }
}

std::optional<ToolResult> Worker::checkRules(const ToolCall& call, const QJsonObject& args) {
    if (!m_deps.rules)
        return std::nullopt;
    const std::optional<Violation> v = m_deps.rules->match(call.name, args);
    if (!v)
        return std::nullopt;
    using A = ViolationRule::Action;
    m_deps.bus->publish(m_job.ownerId,
                        payloads::ViolationDetected{
                            ids(), v->rule.name, statusName(v->rule.action), call.name, v->value,
                            v->rule.action != A::Log && v->rule.action != A::Warn});
    qWarning("worker %s: rule \"%s\" (%s) matched %s: %s", qPrintable(m_workerId),
             qPrintable(v->rule.name), qPrintable(statusName(v->rule.action)),
             qPrintable(call.name), qPrintable(v->value));
    switch (v->rule.action) {
        case A::Log:
        case A::Notify:
            return std::nullopt;
        case A::Warn:
            if (m_loop) {
                m_loop->injectMessage(ChatMessage::user(
                    QStringLiteral("[SUPERVISOR] warning: your call %1 matches the rule \"%2\". "
                                   "Make sure it is what the task needs.")
                        .arg(displayFor(call.name, args), v->rule.name)));
            }
            return std::nullopt;
        case A::Pause:
            return ToolResult::failure(
                tr("Not run: %1 matches the rule \"%2\" and needs the user's approval. Do not "
                   "retry it; report what you wanted to run and why, so the user can decide.")
                    .arg(displayFor(call.name, args), v->rule.name),
                {{QStringLiteral("error_code"), QStringLiteral("paused")}});
        case A::Reap: {
            const QString why = tr("stopped: %1 matches the rule \"%2\"")
                                    .arg(displayFor(call.name, args), v->rule.name);
            // After this call's (refused) result is in: the loop is in the middle of starting it.
            QTimer::singleShot(0, this, [this, why] {
                end(WorkerStatus::Failed, QStringLiteral("violation"), why);
            });
            return ToolResult::failure(
                tr("Not run: %1. The worker is being stopped.").arg(why),
                {{QStringLiteral("error_code"), QStringLiteral("violation")}});
        }
    }
    return std::nullopt;
}

void Worker::crashAttempt(const QString& code, const QString& reason) {
    if (!m_loop || isTerminal(m_status) || m_ending)
        return;
    m_crashCode = code;
    m_loop->cancel(reason);  // finishes synchronously -> onLoopFinished
}

void Worker::stop(WorkerStatus status, const QString& reason) {
    end(status, statusName(status), reason);
}

void Worker::end(WorkerStatus status, const QString& code, const QString& reason) {
    if (isTerminal(m_status) || m_ending)
        return;
    if (!isTerminal(status)) {
        qCWarning(lcWorker, "worker %s (job %lld): end() needs a terminal status, not %s",
                  qPrintable(m_workerId), m_job.jobId, qPrintable(statusName(status)));
        return;
    }
    const Ending ending{status, code, reason, {}};
    if (m_loop) {
        m_ending = ending;
        m_loop->cancel(reason);  // finishes synchronously -> onLoopFinished -> finalize()
        return;
    }
    // Queued, or between two attempts: nothing runs, the end is written now.
    finalize(ending);
}

void Worker::finalize(const Ending& ending) {
    if (m_endedMs >= 0)
        return;
    if (!setStatus(ending.status))
        return;
    m_ending.reset();
    m_endedMs = m_deps.clock->nowMs();
    m_result = ending.result;
    m_error = ending.reason;
    m_errorCode = ending.code;
    const QString status = statusName(ending.status);
    const JobStatus stored = jobStatusOf(ending.status);
    const QDateTime now = m_deps.clock->utcNow();
    const bool ok = ending.status == WorkerStatus::Success;
    if (!m_workerId.isEmpty()) {
        const QString text = ok ? m_result : tr("Worker %1: %2").arg(status, m_error);
        if (Status s = m_deps.artifacts->saveResult(m_workerId, text); !s) {
            qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
        }
        if (Status s =
                m_deps.artifacts->completeWorker(m_workerId, statusName(stored), now, m_error);
            !s) {
            qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
        }
    }
    if (Status s = m_deps.store->finishJob(m_job.jobId, stored, m_error, now); !s) {
        qWarning("job %lld: %s", m_job.jobId, qPrintable(s.error().message));
    }
    m_deps.bus->publish(m_job.ownerId, payloads::WorkerComplete{ids(), jobStatusOf(ending.status),
                                                                snapshot().agentState,
                                                                m_endedMs - m_startedMs, m_error});

    // Summary: ~150 characters for list_workers and the dashboard. The truncation is there at
    // once (on disk, and in snapshot() for the roundabout's "complete" shape, which must not wait
    // for a model call); a configured summary model then replaces it, asynchronously, and
    // worker_summary_ready follows whichever summary is final. The status is already decided.
    if (!m_workerId.isEmpty()) {
        const QString source = ok ? m_result : m_error;
        m_summary = truncatedSummary(source);
        if (m_deps.summaryLlm && !source.trimmed().isEmpty()) {
            writeSummary(m_summary, {}, tr("waiting for the summary model; truncated until then"),
                         false);
            requestSummary(source);
        } else {
            writeSummary(m_summary, {},
                         m_deps.summaryLlm ? tr("nothing to summarize")
                                           : tr("no summary model configured; truncated"),
                         true);
        }
    }
    Q_EMIT terminated();
    Q_EMIT done();
}

void Worker::requestSummary(const QString& source) {
    const Result<AgentProfile> profile =
        m_deps.profiles ? m_deps.profiles->current(AgentRole::Summary)
                        : Result<AgentProfile>(AgentProfile::builtIn(AgentRole::Summary));
    if (!profile) {
        writeSummary(m_summary, {},
                     tr("the summary agent's settings could not be read (%1); truncated")
                         .arg(profile.error().message),
                     true);
        return;
    }
    QString body = source;
    if (body.size() > kSummaryInputChars)
        body = body.left(kSummaryInputChars) + QStringLiteral("\n[... truncated]");
    ChatRequest req;
    m_summaryModel = summaryModelFor(profile.value());
    req.model = m_summaryModel;
    req.messages = {ChatMessage::system(profile->systemPrompt.value_or(builtInSummaryPrompt())),
                    ChatMessage::user(QStringLiteral("Task: %1\nStatus: %2\nResult:\n%3")
                                          .arg(m_job.task, statusName(m_status), body))};
    req.temperature = profile->temperature;
    req.maxTokens = profile->maxTokens;
    req.meta = {QStringLiteral("summary"), m_workerId, m_job.ownerId, m_job.runId, m_job.jobId};
    m_summaryReply = m_deps.summaryLlm->chat(req);
    m_summaryReply->setParent(this);
    connect(m_summaryReply, &ChatReply::finished, this, &Worker::onSummaryReply);
    m_summaryTimer = m_deps.clock->callAfter(kSummaryTimeoutMs, this, [this] {
        abandonSummary(tr("the summary model did not answer within %1 s; truncated")
                           .arg(kSummaryTimeoutMs / 1000));
    });
}

QString Worker::startPrompt() const {
    return systemPrompt(m_profile.systemPrompt.value_or(builtInPrompt()), m_tools->names());
}

QString Worker::summaryModelFor(const AgentProfile& profile) const {
    if (!profile.model.isEmpty())
        return profile.model;
    return m_deps.summaryModel.isEmpty() ? m_job.model : m_deps.summaryModel;
}

void Worker::onSummaryReply() {
    ChatReply* reply = m_summaryReply;
    m_summaryReply = nullptr;
    if (!reply)
        return;
    reply->deleteLater();
    m_deps.clock->cancel(m_summaryTimer);
    const QString model = m_summaryModel;
    if (reply->hasError()) {
        writeSummary(m_summary, {},
                     tr("the summary model failed (%1): %2; truncated")
                         .arg(reply->errorCode(), reply->errorString()),
                     true);
        return;
    }
    const QString text = capSummary(reply->message().content);
    if (text.isEmpty()) {
        writeSummary(m_summary, {}, tr("the summary model returned no text; truncated"), true);
        return;
    }
    m_summary = text;
    writeSummary(m_summary, model, {}, true);
}

void Worker::abandonSummary(const QString& why) {
    ChatReply* reply = m_summaryReply;
    m_summaryReply = nullptr;
    if (!reply)
        return;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
    writeSummary(m_summary, {}, why, true);
}

void Worker::writeSummary(const QString& summary, const QString& model, const QString& error,
                          bool publish) {
    const QJsonObject patch{
        {QStringLiteral("summary"), summary},
        {QStringLiteral("summary_meta"),
         QJsonObject{
             {QStringLiteral("version"), 1},
             {QStringLiteral("model"), model.isEmpty() ? QJsonValue() : QJsonValue(model)},
             {QStringLiteral("generated_at"), m_deps.clock->utcNow().toString(Qt::ISODateWithMs)},
             {QStringLiteral("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)}}}};
    if (Status s = m_deps.artifacts->updateMetadata(m_workerId, patch); !s) {
        qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
        return;
    }
    if (publish) {
        m_deps.bus->publish(m_job.ownerId, payloads::WorkerSummaryReady{ids(), summary});
    }
}

WorkerSnapshot Worker::snapshot() const {
    WorkerSnapshot s;
    s.status = m_status;
    s.workerId = m_workerId;
    s.task = m_job.task;
    const qint64 end = m_endedMs >= 0 ? m_endedMs : m_deps.clock->nowMs();
    s.elapsedMs = m_status == WorkerStatus::Queued ? 0 : end - m_startedMs;
    s.approvalWaitMs = m_approvalWaitMs + (m_held.isEmpty() ? 0 : end - m_approvalWaitStartMs);
    s.activity = m_activity;
    s.result = m_result;
    s.error = m_error;
    s.errorCode = m_errorCode;
    s.summary = m_summary;
    s.helpRequests = m_helpRequests;
    s.agentState =
        agentStateOf(m_status, !m_helpRequests.isEmpty(),
                     m_status == WorkerStatus::Failed && m_errorCode == QLatin1String("violation"));
    return s;
}

void Worker::writeSalute(const QJsonObject& xoReport) {
    if (m_workerId.isEmpty())
        return;
    xo::SaluteFacts facts;
    facts.state = snapshot().agentState;
    facts.toolCalls = int(m_activity.size());
    facts.hosts = QStringList();
    for (const ActivityEntry& a : std::as_const(m_activity)) {
        if (!a.host.isEmpty() && !facts.hosts->contains(a.host))
            facts.hosts->append(a.host);
        facts.lastOperation = a.display;
    }
    facts.agent = m_workerId;
    facts.role = QStringLiteral("worker");
    facts.unitIds = {{QStringLiteral("job_id"), m_job.jobId}};
    const QJsonObject salute = xo::saluteReport(xoReport, facts, m_deps.clock->utcNow());
    if (auto s = m_deps.artifacts->writeFile(m_workerId, QStringLiteral("salute.json"),
                                             QJsonDocument(salute).toJson());
        !s) {
        qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(s.error().message));
    }
    // The same report as an event, for the Supervision page and API clients.
    const payloads::WorkerIds i = ids();
    m_deps.bus->publish(m_job.ownerId,
                        payloads::SaluteReport{facts.role, i.jobId, i.runId, i.workerId, salute});
}

void Worker::requestHelp(const QString& reason) {
    m_helpRequests.append(reason);
    Q_EMIT helpRequested(reason);
}

bool Worker::sendMessage(const QString& text) {
    if (!m_loop || isTerminal(m_status))
        return false;
    m_helpRequests.clear();  // answered
    return m_loop->injectMessage(ChatMessage::user(QStringLiteral("[SUPERVISOR] ") + text));
}

QString Worker::peek(const QString& target, int maxChars) const {
    if (m_workerId.isEmpty())
        return tr("The worker has not started yet.");
    const QString t = target.trimmed();
    QString path;
    if (t.isEmpty() || t == QLatin1String("thread") || t == QLatin1String("thread.jsonl")) {
        path = QStringLiteral("thread.jsonl");
    } else if (bool isNumber = false; t.toInt(&isNumber) > 0 && isNumber) {
        const QString prefix =
            QStringLiteral("tool_calls/%1_").arg(t.toInt(), 3, 10, QLatin1Char('0'));
        const auto files = m_deps.artifacts->listFiles(m_workerId, m_job.ownerId);
        for (const QString& f : files ? files.value() : QStringList()) {
            if (f.startsWith(prefix))
                path = f;
        }
        if (path.isEmpty())
            return tr("There is no tool call %1 (yet).").arg(t);
    } else {
        path = t;
    }
    const Result<QByteArray> bytes = m_deps.artifacts->readFile(m_workerId, m_job.ownerId, path);
    if (!bytes)
        return bytes.error().message;
    const QString text = QString::fromUtf8(bytes.value());
    if (text.size() <= maxChars)
        return text;
    // The newest part of a conversation matters; the start of an output.
    return path == QLatin1String("thread.jsonl") ? QChar(0x2026) + text.right(maxChars)
                                                 : text.left(maxChars) + QChar(0x2026);
}

void Worker::recordCheck(qint64 elapsedSeconds, const QJsonObject& check) {
    if (m_workerId.isEmpty())
        return;
    QString name =
        QStringLiteral("monitoring/check_%1s.json").arg(elapsedSeconds, 3, 10, QLatin1Char('0'));
    for (int n = 2; m_checkFiles.contains(name); ++n) {
        name = QStringLiteral("monitoring/check_%1s_%2.json")
                   .arg(elapsedSeconds, 3, 10, QLatin1Char('0'))
                   .arg(n);
    }
    m_checkFiles.insert(name);
    const Result<QString> saved =
        m_deps.artifacts->writeFile(m_workerId, name, QJsonDocument(check).toJson());
    if (!saved)
        qWarning("worker %s: %s", qPrintable(m_workerId), qPrintable(saved.error().message));
}

}  // namespace zerg
