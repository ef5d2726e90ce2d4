#pragma once

#include "core/clock.h"
#include "llm/llm_provider.h"
#include "llm/sse_parser.h"

#include <QHash>
#include <QJsonObject>
#include <QPointer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

// A streaming call to an OpenAI-compatible /chat/completions endpoint. Parses the SSE body as it
// arrives and accumulates the assistant message; see ChatReply for the contract.
//
// Wire decisions:
// - Only choice index 0 is read; other choices (n > 1) are ignored.
// - `refusal` deltas are streamed as text (textDelta, message().content) as long as no `content`
//   text has arrived, so a refusal reaches the user instead of an empty answer.
// - Unknown fields (reasoning_content, logprobs, obfuscation, vendor extensions) are ignored.
// - Tool call fragments are merged by their `index`; positions in message().toolCalls follow the
//   order in which each index first appeared. A tool call without an id gets "call_<index>", and
//   empty arguments become "{}". Arguments otherwise stay the raw text the model produced.
// - The stream ends at `data: [DONE]`. If the connection closes without it, the answer counts as
//   complete only when a finish_reason was seen.
class OpenAiChatReply final : public ChatReply {
    Q_OBJECT
public:
    // Takes ownership of reply. url is the endpoint named in error messages.
    OpenAiChatReply(QNetworkReply* reply, QUrl url, QString model, int idleTimeoutMs, Clock* clock,
                    QObject* parent = nullptr);
    ~OpenAiChatReply() override;

    void abort() override;

private:
    void onReadyRead();
    void onNetworkFinished();
    // Returns false when the reply finished while handling the event (error, [DONE], or a slot
    // connected to a delta signal aborted it).
    bool handleEvent(const SseEvent& event);
    bool handleChunk(const QJsonObject& chunk);
    void armIdleTimer();
    void onIdleTimeout();
    void failHttp();
    void succeed();
    void fail(const QString& code, const QString& message);
    void finish();
    void releaseNetworkReply();

    QPointer<QNetworkReply> m_net;
    QUrl m_url;
    QString m_model;
    int m_idleTimeoutMs;
    Clock* m_clock;
    Clock::TimerId m_idleTimer = 0;
    SseParser m_parser;
    QByteArray m_errorBody;             // body of an HTTP error response (capped)
    QHash<int, int> m_positionOfIndex;  // tool_calls[].index -> position in m_message.toolCalls
    bool m_sawContent = false;
    int m_dataEvents = 0;
};

// LlmProvider for OpenAI-compatible servers (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, Groq...).
class OpenAiProvider final : public LlmProvider {
    Q_OBJECT
public:
    // baseUrl is the API root without a trailing slash, e.g. "http://127.0.0.1:11434/v1".
    // apiKey may be empty (no Authorization header then). idleTimeoutMs <= 0 disables the idle
    // timeout. nam and clock must outlive the provider and its replies.
    OpenAiProvider(QNetworkAccessManager* nam, QString baseUrl, QString apiKey, int idleTimeoutMs,
                   Clock* clock, QObject* parent = nullptr);

    // The reply is parented to the provider; the caller may delete it at any time.
    [[nodiscard]] ChatReply* chat(const ChatRequest& request) override;
    [[nodiscard]] QString kind() const override { return QStringLiteral("openai"); }

    // The JSON body chat() POSTs for this request.
    [[nodiscard]] static QJsonObject requestBody(const ChatRequest& request);
    [[nodiscard]] QUrl endpoint() const;

private:
    QNetworkAccessManager* m_nam;
    QString m_baseUrl;
    QString m_apiKey;
    int m_idleTimeoutMs;
    Clock* m_clock;
};

}  // namespace zerg
