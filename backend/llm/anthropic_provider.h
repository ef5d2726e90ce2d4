#pragma once

#include "core/clock.h"
#include "llm/anthropic_stream_decoder.h"
#include "llm/http_stream_reply.h"
#include "llm/llm_provider.h"
#include "llm/sse_parser.h"

#include <QJsonObject>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

// A streaming call to the Anthropic Messages API (POST {root}/v1/messages). Feeds the SSE body
// to an AnthropicStreamDecoder as it arrives; see ChatReply for the contract and the decoder for
// the wire decisions (message_stop is required; an unterminated final message_stop is accepted).
// A line or an event over SseParser's limits ends the reply with a "protocol" error.
class AnthropicChatReply final : public HttpStreamReply {
    Q_OBJECT
public:
    // Takes ownership of reply. url is the endpoint named in error messages. secret (the API key)
    // is masked wherever a server echoes it into a message we show.
    AnthropicChatReply(QNetworkReply* reply, QUrl url, QString model, QString secret,
                       int idleTimeoutMs, Clock* clock, QObject* parent = nullptr);

private:
    static Wording wording();
    void feedBody(const QByteArray& bytes) override;
    void endOfBody() override;
    void failHttp() override;
    void keepPartialAnswer() override { takeDecoderResult(); }
    // Returns false when the reply finished while handling the events (end of stream, error, or
    // a slot connected to a delta signal aborted or deleted it).
    bool handleEvents(const QList<SseEvent>& events);
    void failFromDecoder();
    void takeDecoderResult();

    SseParser m_parser;
    AnthropicStreamDecoder m_decoder;
};

// LlmProvider for the Anthropic Messages API.
//
// Request decisions (requestBody()):
// - System messages are joined with a blank line into the top-level "system" string.
// - Our history is OpenAI-shaped; Anthropic wants alternating user/assistant turns of content
//   blocks. Tool messages become tool_result blocks in a user turn, and adjacent turns of the
//   same role are merged into one (so consecutive tool results form ONE user message, and a user
//   text right after them joins that message). A turn that is a single text block is sent as a
//   plain string. Empty text blocks are left out (the API rejects them).
// - An assistant tool call's arguments are parsed into the tool_use "input" object. Arguments
//   that are not a JSON object (the model produced invalid JSON) are sent as {}: the API
//   requires an object, and the tool result that follows already told the model what was wrong.
// - tools -> [{name, description, input_schema}] (an empty schema becomes {"type":"object"});
//   tool_choice "auto" -> {type:auto}, "required" -> {type:any}, "none" -> {type:none}, a tool
//   name -> {type:tool, name}; sent only together with tools.
// - max_tokens is required by the API: request.maxTokens, else 4096.
class AnthropicProvider final : public LlmProvider {
    Q_OBJECT
public:
    static constexpr int kDefaultMaxTokens = 4096;
    static constexpr char kApiVersion[] = "2023-06-01";

    // baseUrl is the API root as the official SDK takes it, e.g. "https://api.anthropic.com"
    // (a trailing slash or "/v1" is tolerated and not doubled). apiKey may be empty (no x-api-key
    // header then, e.g. behind a proxy that adds it). idleTimeoutMs <= 0 disables the idle
    // timeout. nam and clock must outlive the provider and its replies.
    AnthropicProvider(QNetworkAccessManager* nam, QString baseUrl, QString apiKey,
                      int idleTimeoutMs, Clock* clock, QObject* parent = nullptr);

    // The reply is parented to the provider; the caller may delete it at any time.
    [[nodiscard]] ChatReply* chat(const ChatRequest& request) override;
    [[nodiscard]] QString kind() const override { return QStringLiteral("anthropic"); }
    // Loopback, localhost, private (RFC 1918 / unique local) and link-local addresses, and
    // *.localhost / *.local names.
    [[nodiscard]] bool isLocal() const override;

    // The JSON body chat() POSTs for this request.
    [[nodiscard]] static QJsonObject requestBody(const ChatRequest& request);
    [[nodiscard]] QUrl endpoint() const;
    [[nodiscard]] static bool isLocalHost(const QString& host);

private:
    QNetworkAccessManager* m_nam;
    QString m_root;
    QString m_apiKey;
    int m_idleTimeoutMs;
    Clock* m_clock;
};

}  // namespace zerg
