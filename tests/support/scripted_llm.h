#pragma once

#include "llm/llm_provider.h"

#include <QList>
#include <QTimer>

namespace zerg::test {

// An in-process LlmProvider for unit tests of the agent layers: answers each chat() with the next
// scripted message (text, tool calls, or an error), asynchronously, and records the requests.
// Protocol-level tests use the real HTTP FakeLlmServer instead.
class ScriptedLlm final : public LlmProvider {
    Q_OBJECT
public:
    struct Step {
        QString text;
        QList<ToolCall> toolCalls;
        QString errorCode;  // non-empty: the reply fails with this code
        bool hang = false;  // never finishes (until aborted)
    };

    using LlmProvider::LlmProvider;

    void push(Step s) { m_steps.append(std::move(s)); }
    void pushText(const QString& t) { push({t, {}, {}, false}); }
    void pushToolCalls(QList<ToolCall> calls) { push({{}, std::move(calls), {}, false}); }
    [[nodiscard]] const QList<ChatRequest>& requests() const { return m_requests; }
    [[nodiscard]] int remaining() const { return int(m_steps.size()); }

    ChatReply* chat(const ChatRequest& request) override;
    QString kind() const override { return QStringLiteral("openai"); }

private:
    QList<Step> m_steps;
    QList<ChatRequest> m_requests;
};

}  // namespace zerg::test
