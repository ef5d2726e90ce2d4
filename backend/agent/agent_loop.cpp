#include "agent/agent_loop.h"

#include "agent/context_window.h"
#include "agent/tool_registry.h"
#include "agent/xo/xo_supervisor.h"
#include "agent/xo/xo_util.h"
#include "core/clock.h"
#include "core/json_util.h"
#include "llm/drop_reply.h"
#include "llm/llm_errors.h"

#include <QTimer>

#include <utility>

namespace zerg {

AgentLoop::AgentLoop(LlmProvider* llm, const ToolRegistry* tools, Clock* clock, AgentConfig config,
                     QList<ChatMessage> history, QObject* parent)
    : QObject(parent),
      m_llm(llm),
      m_tools(tools),
      m_clock(clock),
      m_config(std::move(config)),
      m_messages(std::move(history)) {
    if (m_config.xo && m_config.xo->enabled) {
        m_xo = std::make_unique<xo::XoSupervisor>(*m_config.xo);
        m_xoState.role = m_config.role;
        m_xoState.contextWindow = m_config.contextWindow;
    }
}

AgentLoop::~AgentLoop() {
    dropReply(m_reply, this);
    for (PendingCall& c : m_calls) {
        if (c.invocation) {
            c.invocation->disconnect(this);
            c.invocation->cancel();
            c.invocation->deleteLater();
        }
    }
}

void AgentLoop::start() {
    if (m_started)
        return;
    m_started = true;
    callModel();
}

void AgentLoop::cancel(const QString& reason) {
    if (m_outcome != Outcome::Running)
        return;
    dropReply(m_reply, this);
    if (!m_calls.isEmpty()) {
        // Close the batch with a result for every call, so the conversation stays well-formed.
        for (PendingCall& c : m_calls) {
            if (c.done)
                continue;
            if (c.invocation) {
                c.invocation->disconnect(this);
                c.invocation->cancel();
                c.invocation->deleteLater();
            }
            c.done = true;
            c.result = ToolResult::failure(
                reason, {{QStringLiteral("error_code"), QStringLiteral("cancelled")}});
            Q_EMIT toolCallFinished(c.call, c.args, c.result, m_clock->nowMs() - c.startedMs);
        }
        QList<ChatMessage> group{m_pendingAssistant};
        for (const PendingCall& c : m_calls) {
            group.append(ChatMessage::tool(
                c.call.id, c.call.name,
                json::compactString(c.result.forModel(m_config.toolOutputCapChars))));
        }
        m_calls.clear();
        m_messages.append(group);
        Q_EMIT messagesAppended(group);
    }
    end(Outcome::Cancelled, QStringLiteral("cancelled"), reason);
}

bool AgentLoop::injectMessage(const ChatMessage& message) {
    if (m_outcome != Outcome::Running)
        return false;
    m_injected.append(message);
    return true;
}

void AgentLoop::callModel() {
    if (!m_injected.isEmpty()) {
        const QList<ChatMessage> injected = std::exchange(m_injected, {});
        m_messages.append(injected);
        Q_EMIT messagesAppended(injected);
    }
    if (m_iteration >= m_config.maxIterations) {
        end(Outcome::Failed, QStringLiteral("max_iterations"),
            tr("Stopped after %1 model calls without a final answer. The task may be too broad; "
               "try a narrower request or raise ZERG_MAX_ITERATIONS.")
                .arg(m_config.maxIterations));
        return;
    }
    ++m_iteration;
    ChatRequest req;
    req.model = m_config.model;
    req.temperature = m_config.temperature;
    req.maxTokens = m_config.maxTokens;
    req.meta = m_config.meta;
    req.messages = m_messages;
    if (m_config.contextProvider) {
        const QList<ChatMessage> extra = m_config.contextProvider();
        const qsizetype at =
            !req.messages.isEmpty() && req.messages.first().role == ChatMessage::Role::System ? 1
                                                                                              : 0;
        for (qsizetype i = 0; i < extra.size(); ++i)
            req.messages.insert(at + i, extra.at(i));
    }
    if (m_tools) {
        req.tools = m_tools->specs();
        // Tools missing now (an MCP server that failed): said, so the model does not wait for
        // them or call them.
        if (const QStringList notes = m_tools->notes(); !notes.isEmpty())
            req.messages.append(ChatMessage::system(notes.join(u'\n')));
    }
    Q_EMIT llmCallStarted(m_iteration);
    m_reply = m_llm->chat(req);
    m_reply->setParent(this);
    connect(m_reply, &ChatReply::textDelta, this, &AgentLoop::textDelta);
    connect(m_reply, &ChatReply::finished, this, &AgentLoop::onReplyFinished);
}

void AgentLoop::onReplyFinished() {
    ChatReply* reply = m_reply;
    m_reply = nullptr;
    if (!reply)
        return;
    reply->deleteLater();
    const Usage u = reply->usage();
    m_usage.promptTokens += u.promptTokens;
    m_usage.completionTokens += u.completionTokens;
    if (reply->hasError()) {
        QString error = reply->errorString();
        // Reasoning models refuse a temperature or max_tokens: say where the agent's are set.
        const bool tuned = m_config.temperature || m_config.maxTokens;
        if (tuned && reply->errorCode() == QLatin1String(llm::errors::BadRequest) &&
            (error.contains(QLatin1String("temperature")) ||
             error.contains(QLatin1String("max_tokens")))) {
            error += QLatin1Char(' ') +
                     tr("This agent sends a temperature or max tokens the model does not accept: "
                        "in Dashboard › Agents, clear them (the provider's default) for the %1 "
                        "agent.")
                         .arg(m_config.meta.role);
        }
        end(Outcome::Failed, QStringLiteral("llm_") + reply->errorCode(), error);
        return;
    }
    ChatMessage msg = reply->message();
    msg.role = ChatMessage::Role::Assistant;
    if (m_xo) {
        m_xoState.turn = m_iteration;
        m_xoState.turns.append({m_iteration, msg.content, int(msg.toolCalls.size())});
        if (m_xoEmergency && !msg.toolCalls.isEmpty()) {
            // Told to stop and report, it went on acting: its supervisor takes it from here.
            end(Outcome::Failed, QStringLiteral("xo_emergency"),
                tr("The agent kept acting after it was told to stop (PACE emergency)."));
            return;
        }
    }
    if (msg.toolCalls.isEmpty()) {
        m_messages.append(msg);
        Q_EMIT messagesAppended({msg});
        m_finalText = msg.content;
        end(Outcome::Completed);
        return;
    }
    // Over budget: a final answer is still taken (the work is done), more steps are not.
    if (m_config.tokenBudget > 0 &&
        m_usage.promptTokens + m_usage.completionTokens > m_config.tokenBudget) {
        end(Outcome::Failed, QStringLiteral("budget_exceeded"),
            tr("Stopped: this agent used %1 tokens, over its budget of %2. Raise the budget "
               "(ZERG_WORKER_TOKEN_BUDGET for workers) or give a narrower task.")
                .arg(m_usage.promptTokens + m_usage.completionTokens)
                .arg(m_config.tokenBudget));
        return;
    }
    // Every call needs an id to be answered; some servers omit them.
    for (int i = 0; i < msg.toolCalls.size(); ++i) {
        if (msg.toolCalls[i].id.isEmpty()) {
            msg.toolCalls[i].id = QStringLiteral("call_%1_%2").arg(m_iteration).arg(i);
        }
    }
    startTools(msg);
}

void AgentLoop::startTools(const ChatMessage& assistant) {
    m_pendingAssistant = assistant;
    m_calls.clear();
    for (const ToolCall& call : assistant.toolCalls) {
        PendingCall pc;
        pc.call = call;
        pc.startedMs = m_clock->nowMs();
        m_calls.append(pc);
    }
    // Start all calls before any can finish: results are collected in call order.
    for (int i = 0; i < m_calls.size(); ++i) {
        PendingCall& pc = m_calls[i];
        QString parseError;
        QObject* ctx = this;
        ToolInvocation* inv = nullptr;
        // Held for the whole call: a source's tool may leave its source meanwhile.
        pc.tool = m_tools ? m_tools->findShared(pc.call.name) : nullptr;
        Tool* tool = pc.tool.get();
        if (!tool) {
            inv = new ImmediateInvocation(
                ToolResult::failure(
                    tr("Unknown tool '%1'. Available tools: %2.")
                        .arg(pc.call.name,
                             m_tools ? m_tools->names().join(QStringLiteral(", ")) : QString()),
                    {{QStringLiteral("error_code"), QStringLiteral("unknown_tool")}}),
                ctx);
        } else if (!json::parseObject(pc.call.arguments.toUtf8(), &pc.args, &parseError)) {
            inv = new ImmediateInvocation(
                ToolResult::failure(
                    tr("The arguments for %1 are not a valid JSON object (%2). Call the tool "
                       "again with a JSON object matching its schema.")
                        .arg(pc.call.name, parseError),
                    {{QStringLiteral("error_code"), QStringLiteral("invalid_arguments")}}),
                ctx);
        } else if (ToolInvocation* guarded =
                       m_config.toolGuard
                           ? m_config.toolGuard({tool, pc.call, pc.args, assistant.content}, ctx)
                           : nullptr) {
            inv = guarded;
        } else {
            inv = tool->start(pc.args, ctx);
        }
        pc.invocation = inv;
        Q_EMIT toolCallStarted(pc.call, pc.args);
        connect(inv, &ToolInvocation::finished, this, [this, i] { onToolFinished(i); });
        connect(inv, &ToolInvocation::progress, this,
                [this, call = pc.call](double progress, double total, const QString& message) {
                    Q_EMIT toolCallProgress(call, progress, total, message);
                });
        if (inv->isFinished())
            onToolFinished(i);
    }
}

void AgentLoop::onToolFinished(int index) {
    if (index >= m_calls.size() || m_calls[index].done)
        return;
    PendingCall& pc = m_calls[index];
    pc.done = true;
    pc.result = pc.invocation ? pc.invocation->result()
                              : ToolResult::failure(QStringLiteral("tool invocation lost"));
    if (pc.invocation)
        pc.invocation->deleteLater();
    Q_EMIT toolCallFinished(pc.call, pc.args, pc.result, m_clock->nowMs() - pc.startedMs);
    if (m_xo)
        m_xoState.tools.append(xo::toolRecord(m_iteration, pc.call.name, pc.args, pc.result));
    for (const PendingCall& c : m_calls) {
        if (!c.done)
            return;
    }
    // Finish the batch on the next turn so a synchronous finish inside startTools() cannot
    // re-enter before every call has been started.
    QTimer::singleShot(0, this, &AgentLoop::completeToolBatch);
}

void AgentLoop::completeToolBatch() {
    if (m_calls.isEmpty() || m_outcome != Outcome::Running)
        return;
    QList<ChatMessage> group{m_pendingAssistant};
    QString fatalCode;
    QString fatalError;
    for (const PendingCall& c : m_calls) {
        group.append(
            ChatMessage::tool(c.call.id, c.call.name,
                              json::compactString(c.result.forModel(m_config.toolOutputCapChars))));
        const QString code = c.result.payload.value(QStringLiteral("error_code")).toString();
        if (fatalCode.isEmpty() && !c.result.ok() && m_config.fatalToolErrors.contains(code)) {
            fatalCode = code;
            fatalError = c.result.error();
        }
    }
    m_calls.clear();
    m_messages.append(group);
    Q_EMIT messagesAppended(group);
    if (!fatalCode.isEmpty()) {
        end(Outcome::Failed, fatalCode, fatalError);
        return;
    }
    if (m_xo && !radioCheck())
        return;
    callModel();
}

bool AgentLoop::radioCheck() {
    m_xoState.contextTokens =
        estimateTokens(m_messages) + (m_tools ? estimateTokens(m_tools->specs()) : 0);
    const std::optional<xo::Steering> steering = m_xo->afterIteration(m_xoState);
    QJsonObject report = m_xo->snapshot();
    report.insert(QStringLiteral("turn"), m_iteration);
    if (m_xoState.contextWindow > 0) {
        report.insert(QStringLiteral("context_fill"),
                      double(m_xoState.contextTokens) / double(m_xoState.contextWindow));
    }
    Q_EMIT xoChecked(report);
    if (!steering)
        return true;
    if (m_xoEmergency && m_xo->shouldEscalate() && !steering->emergency) {
        return true;  // already told to stop; the next answer decides
    }
    if (!steering->emergency && m_xo->shouldEscalate()) {
        // Steering the agent ignored past the limit: its supervisor decides what to do.
        end(Outcome::Failed, QStringLiteral("xo_escalated"),
            tr("The agent ignored its supervisor's steering %1 times (last: %2).")
                .arg(m_xo->ignoredSteering())
                .arg(steering->anomaly));
        return false;
    }
    const ChatMessage message = ChatMessage::user(steering->message);
    m_messages.append(message);
    Q_EMIT messagesAppended({message});
    if (steering->emergency)
        m_xoEmergency = true;
    Q_EMIT steered(*steering);
    return true;
}

void AgentLoop::end(Outcome outcome, const QString& code, const QString& error) {
    if (m_outcome != Outcome::Running)
        return;
    m_outcome = outcome;
    m_errorCode = code;
    m_error = error;
    Q_EMIT finished();
}

}  // namespace zerg
