#pragma once

#include "agent/xo/xo_types.h"
#include "llm/llm_provider.h"
#include "tools/tool.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace zerg {

class Clock;
class ToolRegistry;
namespace xo {
class XoSupervisor;
}

// One tool call about to start, as the guard sees it.
struct GuardedCall {
    Tool* tool;
    const ToolCall& call;
    const QJsonObject& args;
    const QString& statedReason;  // what the model wrote with its tool calls; may be empty
};

struct AgentConfig {
    QString model;
    int maxIterations = 12;         // LLM calls per run before giving up
    int toolOutputCapChars = 8000;  // per string field of a tool result sent to the model
    // Tool error codes that end the loop at once as failed: retrying cannot help (a changed host
    // key, a host outside the allowlist, ...). The model is not asked again.
    QStringList fatalToolErrors;
    // Who is calling, for usage and cost records (role, agent, owner, run, job).
    CallMeta meta;
    // Called before every model call: messages placed right after the leading system message of
    // that request only (fresh context such as recent workers and remembered facts). They are not
    // part of messages() and never reported by messagesAppended().
    std::function<QList<ChatMessage>()> contextProvider;
    // Called before each tool call starts. nullptr runs the tool; an invocation (a child of
    // `parent`) is used instead: a refusal that is already finished (a rule forbids the call),
    // or one that waits for the user's approval and then starts the tool itself
    // (tools/held_invocation.h).
    std::function<ToolInvocation*(const GuardedCall&, QObject* parent)> toolGuard;
    // Tokens (prompt + completion, all calls) this loop may use; 0: no limit. Going over ends the
    // loop as failed with code "budget_exceeded" (terminal: never restarted).
    qint64 tokenBudget = 0;
    // The XO loop (agent/xo/): radio checks after each iteration that may steer the agent with
    // one "[SUPERVISOR] …" message. nullopt (or enabled = false): off, at no cost.
    std::optional<xo::Config> xo;
    QString role = QStringLiteral("worker");  // for the XO's state and reports
    int contextWindow = 0;                    // the model's window in tokens (0: unknown)
    // Sent with every model request when set (an agent's tuning); unset: the provider's default.
    std::optional<double> temperature;
    std::optional<int> maxTokens;
};

// The ReAct loop: messages -> LLM -> tool calls (run concurrently) -> results -> LLM ... until the
// model answers without tool calls, the iteration bound is hit, a fatal tool error occurs, or it
// is cancelled. Never blocks; all progress is reported by signals.
class AgentLoop : public QObject {
    Q_OBJECT
public:
    enum class Outcome { Running, Completed, Failed, Cancelled };
    Q_ENUM(Outcome)

    AgentLoop(LlmProvider* llm, const ToolRegistry* tools, Clock* clock, AgentConfig config,
              QList<ChatMessage> history, QObject* parent = nullptr);
    ~AgentLoop() override;

    void start();
    // Aborts the model call or the running tools; ends with Outcome::Cancelled.
    void cancel(const QString& reason = QStringLiteral("cancelled"));
    // Adds a message to the conversation just before the next model call (after the running
    // tools' results), reported by messagesAppended like the others. Returns false when the loop
    // has ended; a message queued while the model writes its final answer is never sent.
    bool injectMessage(const ChatMessage& message);

    [[nodiscard]] Outcome outcome() const { return m_outcome; }
    [[nodiscard]] QString finalText() const { return m_finalText; }
    [[nodiscard]] QString errorString() const { return m_error; }
    [[nodiscard]] QString errorCode() const { return m_errorCode; }
    [[nodiscard]] const QList<ChatMessage>& messages() const { return m_messages; }
    [[nodiscard]] Usage usage() const { return m_usage; }
    [[nodiscard]] int iterations() const { return m_iteration; }

Q_SIGNALS:
    void llmCallStarted(int iteration);
    void textDelta(const QString& delta);
    // Messages added to the conversation, in consistent groups: an assistant message together
    // with the results of all its tool calls, or a final assistant message. Persist these.
    void messagesAppended(const QList<zerg::ChatMessage>& messages);
    void toolCallStarted(const zerg::ToolCall& call, const QJsonObject& args);
    // A running call's progress (ToolInvocation::progress).
    void toolCallProgress(const zerg::ToolCall& call, double progress, double total,
                          const QString& message);
    void toolCallFinished(const zerg::ToolCall& call, const QJsonObject& args,
                          const zerg::ToolResult& result, qint64 durationMs);
    // The XO steered the agent (the message is already in the conversation).
    void steered(const zerg::xo::Steering& steering);
    // After each XO radio check: its snapshot ({pace, health, ...}) plus context_fill and turn.
    void xoChecked(const QJsonObject& report);
    void finished();

private:
    struct PendingCall {
        ToolCall call;
        QJsonObject args;
        QPointer<ToolInvocation> invocation;
        std::shared_ptr<Tool> tool;
        qint64 startedMs = 0;
        bool done = false;
        ToolResult result;
    };

    void callModel();
    void onReplyFinished();
    void startTools(const ChatMessage& assistant);
    void onToolFinished(int index);
    void completeToolBatch();
    // The XO's check after an iteration; false when it ended the loop (escalation).
    bool radioCheck();
    void end(Outcome outcome, const QString& code = {}, const QString& error = {});

    LlmProvider* m_llm;
    const ToolRegistry* m_tools;
    Clock* m_clock;
    AgentConfig m_config;
    QList<ChatMessage> m_messages;
    QPointer<ChatReply> m_reply;
    ChatMessage m_pendingAssistant;
    QList<PendingCall> m_calls;
    QList<ChatMessage> m_injected;  // waiting for the next model call
    int m_iteration = 0;
    Outcome m_outcome = Outcome::Running;
    QString m_finalText;
    QString m_error;
    QString m_errorCode;
    Usage m_usage;
    bool m_started = false;
    std::unique_ptr<xo::XoSupervisor> m_xo;  // only when the XO is on
    xo::AgentState m_xoState;
    bool m_xoEmergency = false;  // told to stop and report: one more answer, no more tools
};

}  // namespace zerg
