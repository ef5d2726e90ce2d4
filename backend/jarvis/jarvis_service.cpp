#include "jarvis/jarvis_service.h"

#include "agent/agent_loop.h"
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "jarvis/supervisor_tools.h"
#include "jarvis/worker_pool.h"
#include "storage/store.h"

namespace zerg {

JarvisService::JarvisService(JarvisConfig config, Store* store, ArtifactStore* artifacts,
                             EventBus* bus, Clock* clock, LlmProvider* llm, WorkerPool* pool,
                             QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_store(store),
      m_artifacts(artifacts),
      m_bus(bus),
      m_clock(clock),
      m_llm(llm),
      m_pool(pool) {}

JarvisService::~JarvisService() = default;

QString JarvisService::systemPrompt() {
    return QStringLiteral(
        "You are Jarvis, the supervisor of Zerg: one long-lived assistant that helps the user "
        "run their servers and remembers past conversations. You answer directly when you can "
        "(facts already in this conversation, the time, small talk). For anything that needs "
        "commands, files or the live state of a machine, delegate with spawn_worker: workers "
        "have a shell on the user's allowlisted hosts. Check list_workers first when the user "
        "asks about something that may have been checked recently. Workers report back once; "
        "then synthesize a clear, concise answer for a person (Markdown is rendered). If a "
        "worker failed, say what failed and what the user can do; never invent results.");
}

Result<qint64> JarvisService::ask(const QString& taskIn) {
    const QString task = taskIn.trimmed();
    if (task.isEmpty())
        return Error{QStringLiteral("empty"), tr("Type a question first.")};
    if (isBusy()) {
        return Error{QStringLiteral("busy"),
                     tr("Jarvis is still working on the previous request. Wait for it to finish "
                        "or stop it (Escape) before asking again.")};
    }
    const QDateTime now = m_clock->utcNow();
    const Result<ThreadRecord> thread =
        m_store->findOrCreateSupervisorThread(m_config.ownerId, QStringLiteral("Jarvis"), now);
    if (!thread)
        return thread.error();
    m_threadId = thread->id;
    const Result<qint64> run = m_store->createRun(m_config.ownerId, m_threadId, task, now);
    if (!run)
        return run.error();
    const Result<QList<QJsonObject>> stored = m_store->loadMessages(m_threadId);
    if (!stored)
        return stored.error();

    m_runId = run.value();
    m_runStartedMs = m_clock->nowMs();
    m_bus->publish(QString::fromLatin1(events::SupervisorStarted), m_config.ownerId,
                   {{QStringLiteral("run_id"), m_runId},
                    {QStringLiteral("thread_id"), m_threadId},
                    {QStringLiteral("task"), task}});

    // The system prompt is not stored: the current one always applies to the whole thread.
    QList<ChatMessage> history{ChatMessage::system(systemPrompt())};
    for (const QJsonObject& o : stored.value()) {
        if (auto m = ChatMessage::fromJson(o))
            history.append(*m);
    }
    const ChatMessage user = ChatMessage::user(task);
    history.append(user);
    if (auto seq = m_store->appendMessage(m_threadId, m_runId, user.toJson(), now); !seq) {
        qWarning("run %lld: %s", m_runId, qPrintable(seq.error().message));
    }

    SupervisorContext ctx;
    ctx.store = m_store;
    ctx.artifacts = m_artifacts;
    ctx.bus = m_bus;
    ctx.clock = m_clock;
    ctx.pool = m_pool;
    ctx.roundabout = m_config.roundabout;
    ctx.ownerId = m_config.ownerId;
    ctx.runId = m_runId;
    ctx.workerModel = m_config.workerModel.isEmpty() ? m_config.model : m_config.workerModel;
    m_tools = makeSupervisorTools(ctx);

    AgentConfig cfg;
    cfg.model = m_config.model;
    cfg.maxIterations = m_config.maxIterations;
    cfg.toolOutputCapChars = m_config.toolOutputCapChars;
    cfg.meta = {QStringLiteral("supervisor"), QStringLiteral("supervisor"), m_config.ownerId,
                m_runId, 0};
    m_loop = new AgentLoop(m_llm, m_tools.get(), m_clock, cfg, history, this);
    const qint64 runId = m_runId;
    connect(m_loop, &AgentLoop::llmCallStarted, this, [this, runId](int iteration) {
        m_bus->publish(QString::fromLatin1(events::SupervisorThinking), m_config.ownerId,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("iteration"), iteration},
                        {QStringLiteral("message"),
                         iteration == 1 ? tr("Thinking…") : tr("Reading the results…")}});
    });
    connect(m_loop, &AgentLoop::textDelta, this, [this, runId](const QString& delta) {
        m_bus->publish(QString::fromLatin1(events::SupervisorDelta), m_config.ownerId,
                       {{QStringLiteral("run_id"), runId}, {QStringLiteral("delta"), delta}});
    });
    connect(m_loop, &AgentLoop::messagesAppended, this,
            [this, runId](const QList<ChatMessage>& messages) {
                for (const ChatMessage& m : messages) {
                    auto seq =
                        m_store->appendMessage(m_threadId, runId, m.toJson(), m_clock->utcNow());
                    if (!seq)
                        qWarning("run %lld: %s", runId, qPrintable(seq.error().message));
                }
            });
    connect(m_loop, &AgentLoop::finished, this, &JarvisService::onLoopFinished);
    m_loop->start();
    return m_runId;
}

void JarvisService::cancelRun(qint64 runId) {
    if (runId != m_runId || !m_loop)
        return;
    m_pool->stopRun(runId, tr("the run was cancelled by the user"));
    m_loop->cancel(tr("cancelled by the user"));
}

void JarvisService::cancelWorker(qint64 jobId) {
    if (Worker* w = m_pool->find(jobId)) {
        w->stop(QStringLiteral("cancelled"), tr("cancelled by the user"));
    }
}

void JarvisService::onLoopFinished() {
    AgentLoop* loop = m_loop;
    if (!loop)
        return;
    const qint64 runId = m_runId;
    const Usage usage = loop->usage();
    const qint64 durationMs = m_clock->nowMs() - m_runStartedMs;
    const QDateTime now = m_clock->utcNow();
    const bool ok = loop->outcome() == AgentLoop::Outcome::Completed;
    const QString status = ok ? QStringLiteral("success")
                           : loop->outcome() == AgentLoop::Outcome::Cancelled
                               ? QStringLiteral("cancelled")
                               : QStringLiteral("failed");
    const QString text = ok ? loop->finalText() : loop->errorString();
    if (Status s = m_store->finishRun(runId, status, ok ? text : QString(), ok ? QString() : text,
                                      now, usage.promptTokens, usage.completionTokens);
        !s) {
        qWarning("run %lld: %s", runId, qPrintable(s.error().message));
    }
    m_runId = 0;
    loop->deleteLater();
    m_loop = nullptr;
    // Tokens and cost of the whole run (supervisor and workers), from the per-call records.
    QJsonObject usageJson{{QStringLiteral("prompt_tokens"), usage.promptTokens},
                          {QStringLiteral("completion_tokens"), usage.completionTokens}};
    if (const auto totals = m_store->usageForRun(runId); totals && totals->calls > 0) {
        usageJson = {{QStringLiteral("calls"), totals->calls},
                     {QStringLiteral("prompt_tokens"), totals->promptTokens},
                     {QStringLiteral("completion_tokens"), totals->completionTokens},
                     {QStringLiteral("cached_tokens"), totals->cachedTokens},
                     {QStringLiteral("reasoning_tokens"), totals->reasoningTokens},
                     {QStringLiteral("cost_usd"),
                      totals->costUsd ? QJsonValue(*totals->costUsd) : QJsonValue()}};
    }
    if (ok) {
        m_bus->publish(QString::fromLatin1(events::SupervisorComplete), m_config.ownerId,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("thread_id"), m_threadId},
                        {QStringLiteral("result"), text},
                        {QStringLiteral("duration_ms"), durationMs},
                        {QStringLiteral("usage"), usageJson}});
    } else {
        m_bus->publish(QString::fromLatin1(events::Error), m_config.ownerId,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("message"), text},
                        {QStringLiteral("details"), loop->errorCode()}});
    }
    Q_EMIT runFinished(runId, ok, text);
}

}  // namespace zerg
