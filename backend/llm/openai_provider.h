#pragma once

#include "core/clock.h"
#include "llm/http_stream_reply.h"
#include "llm/llm_provider.h"
#include "llm/openai_stream_decoder.h"

#include <QJsonObject>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

// A streaming call to an OpenAI-compatible /chat/completions endpoint: the network half. The body
// is decoded by OpenAiStreamDecoder (see there for every wire decision); this class adds HTTP
// status and headers, the idle timeout, abort, and turns decoder deltas into signals.
//
// Error codes (llm/llm_errors.h): an HTTP error status is classified by llm::classifyHttp from
// the status and the error body; an error chunk in the stream by llm::classifyStreamError; no
// HTTP response or a connection that breaks mid-body is "network"; a clean close without
// [DONE] is "truncated"; a body that is not an OpenAI event stream is "protocol". After any
// failure message() keeps what arrived.
class OpenAiChatReply final : public HttpStreamReply {
    Q_OBJECT
public:
    // Takes ownership of reply. url is the endpoint named in error messages.
    OpenAiChatReply(QNetworkReply* reply, QUrl url, QString model, int idleTimeoutMs, Clock* clock,
                    QObject* parent = nullptr);

private:
    static Wording wording();
    void feedBody(const QByteArray& bytes) override;
    void endOfBody() override;
    void failHttp() override;
    // Mirrors one decoder delta into m_message and emits it. Returns false when a connected slot
    // finished or deleted this reply.
    bool emitDelta(const OpenAiStreamDecoder::Delta& delta);
    void succeed();

    OpenAiStreamDecoder m_decoder;
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
    // True when the base URL's host is this machine or the local network: localhost, loopback,
    // 10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10, or a *.local name.
    [[nodiscard]] bool isLocal() const override;
    [[nodiscard]] static bool isLocalUrl(const QUrl& url);

    // The JSON body chat() POSTs for this request. tool_choice is sent only with tools: "auto",
    // "none" and "required" as they are, any other value as the name of the tool to force.
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
