#pragma once

#include "core/status.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

// One tool call requested by the model. arguments is the raw JSON text the model produced
// (accumulated across stream chunks); it may be invalid JSON, which the agent loop reports back.
struct ToolCall {
    QString id;
    QString name;
    QString arguments;
};

struct ChatMessage {
    enum class Role { System, User, Assistant, Tool };
    Role role = Role::User;
    QString content;
    QList<ToolCall> toolCalls;  // assistant only
    QString toolCallId;         // tool only: the id of the call this answers
    QString name;               // tool only: the tool's name

    static ChatMessage system(const QString& text) { return {Role::System, text, {}, {}, {}}; }
    static ChatMessage user(const QString& text) { return {Role::User, text, {}, {}, {}}; }
    static ChatMessage assistant(const QString& text, QList<ToolCall> calls = {}) {
        return {Role::Assistant, text, std::move(calls), {}, {}};
    }
    static ChatMessage tool(const QString& callId, const QString& toolName, const QString& text) {
        return {Role::Tool, text, {}, callId, toolName};
    }

    // OpenAI chat-completions wire format ({"role": ..., "content": ..., "tool_calls": [...]}).
    // Also the line format of thread.jsonl and the messages table.
    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] static std::optional<ChatMessage> fromJson(const QJsonObject& o);
};

// A message's "role" in the wire format, thread.jsonl and the messages table.
template <>
struct StatusTable<ChatMessage::Role> {
    static constexpr std::array<std::pair<ChatMessage::Role, const char*>, 4> names{{
        {ChatMessage::Role::System, "system"},
        {ChatMessage::Role::User, "user"},
        {ChatMessage::Role::Assistant, "assistant"},
        {ChatMessage::Role::Tool, "tool"},
    }};
};

// A function the model may call: name, what it is for, and a JSON Schema for its arguments.
struct ToolSpec {
    QString name;
    QString description;
    QJsonObject parameters;
};

// Token counts of one call, normalized across providers: promptTokens is ALL input tokens,
// including cache reads and cache writes (OpenAI reports it that way; for Anthropic the provider
// adds cache_read_input_tokens and cache_creation_input_tokens to input_tokens). cachedTokens and
// cacheWriteTokens are the parts of promptTokens read from / written to the cache.
// reasoningTokens is the part of completionTokens spent on hidden reasoning.
struct Usage {
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 cachedTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 reasoningTokens = 0;
    [[nodiscard]] qint64 total() const { return promptTokens + completionTokens; }
    Usage& operator+=(const Usage& o) {
        promptTokens += o.promptTokens;
        completionTokens += o.completionTokens;
        cachedTokens += o.cachedTokens;
        cacheWriteTokens += o.cacheWriteTokens;
        reasoningTokens += o.reasoningTokens;
        return *this;
    }
};

// Who makes a call, for usage and cost records. Not sent to the provider.
struct CallMeta {
    QString role;   // "supervisor", "worker", "decider", "summary"
    QString agent;  // e.g. "supervisor" or a worker id
    qint64 ownerId = 0;
    qint64 runId = 0;
    qint64 jobId = 0;
};

struct ChatRequest {
    QString model;
    QList<ChatMessage> messages;
    QList<ToolSpec> tools;
    std::optional<double> temperature;
    std::optional<int> maxTokens;
    // "auto" (default when empty), "none", "required", or the name of one tool to force.
    QString toolChoice;
    CallMeta meta;
};

}  // namespace zerg
