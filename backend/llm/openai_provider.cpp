#include "llm/openai_provider.h"

#include "llm/llm_errors.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {

// ---------------------------------------------------------------------------------------------
// OpenAiChatReply

OpenAiChatReply::OpenAiChatReply(QNetworkReply* reply, QUrl url, QString model, int idleTimeoutMs,
                                 Clock* clock, QObject* parent)
    : HttpStreamReply(reply, std::move(url), std::move(model), QString(), idleTimeoutMs, clock,
                      wording(), parent),
      m_decoder(this->url().toDisplayString()) {}

OpenAiChatReply::Wording OpenAiChatReply::wording() {
    return {
        tr("The request to the LLM server was cancelled."),
        tr("The LLM server at %1 sent nothing for %2 seconds, so the request was stopped. Check "
           "that the server is running and not overloaded, or raise the idle timeout."),
        tr("Could not reach the LLM server at %1: %2. Check ZERG_LLM_BASE_URL and that the "
           "server is running."),
        tr("The connection to the LLM server at %1 broke in the middle of the answer: %2. "
           "Try again."),
    };
}

void OpenAiChatReply::feedBody(const QByteArray& bytes) {
    const QList<OpenAiStreamDecoder::Delta> deltas = m_decoder.feed(bytes);
    for (const OpenAiStreamDecoder::Delta& d : deltas) {
        if (!emitDelta(d))
            return;
    }
    m_usage = m_decoder.usage();
    m_finishReason = m_decoder.finishReason();
    if (m_decoder.isDone()) {
        succeed();
    } else if (m_decoder.hasFailed()) {
        fail(m_decoder.errorCode(), m_decoder.errorString());
    }
}

bool OpenAiChatReply::emitDelta(const OpenAiStreamDecoder::Delta& d) {
    QPointer<OpenAiChatReply> self(this);
    m_hasOutput = true;
    if (d.toolPosition < 0) {
        m_message.content.append(d.text);
        Q_EMIT textDelta(d.text);
    } else {
        // id and name are copied (they are assigned, and short); arguments grow by the fragment.
        const ToolCall& source = m_decoder.message().toolCalls.at(d.toolPosition);
        if (d.toolPosition == m_message.toolCalls.size())
            m_message.toolCalls.append(ToolCall{});
        ToolCall& call = m_message.toolCalls[d.toolPosition];
        call.id = source.id;
        call.name = source.name;
        call.arguments.append(d.text);
        Q_EMIT toolCallDelta(d.toolPosition);
    }
    return self && !m_finished;
}

void OpenAiChatReply::endOfBody() {
    m_decoder.finish();
    m_usage = m_decoder.usage();
    m_finishReason = m_decoder.finishReason();
    if (m_decoder.isDone()) {
        succeed();
        return;
    }
    if (m_decoder.eventCount() == 0) {
        const QString type = contentType();
        fail(QString::fromLatin1(llm::errors::Protocol),
             tr("The LLM server at %1 answered without any stream events (Content-Type: %2). "
                "Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports "
                "streaming.")
                 .arg(url().toDisplayString(), type.isEmpty() ? tr("none") : type));
        return;
    }
    fail(m_decoder.errorCode(), m_decoder.errorString());
}

void OpenAiChatReply::failHttp() {
    const auto [type, bodyMessage] = llm::errorTypeAndMessage(errorBody());
    QString serverMessage = bodyMessage;
    if (serverMessage.isEmpty()) {
        // Not an error object: quote the body as it is, unless it says nothing at all.
        const QByteArray raw = errorBody().trimmed();
        if (raw != "{}" && raw != "null")
            serverMessage = QString::fromUtf8(raw);
    }
    if (serverMessage.isEmpty())
        serverMessage = reasonPhrase();
    const QString code = llm::classifyHttp(m_httpStatus, type, serverMessage);
    const QString said = quote(serverMessage);
    const QString url = this->url().toDisplayString();
    const QString status = QString::number(m_httpStatus);
    const QString& model = this->model();
    QString text;
    if (code == QLatin1String(llm::errors::Auth)) {
        text = tr("The LLM server at %1 refused the request with HTTP %2 (%3). Check the API key "
                  "in ZERG_LLM_API_KEY.")
                   .arg(url, status, said);
    } else if (code == QLatin1String(llm::errors::ContextLength)) {
        text = tr("The conversation is too long for the model \"%1\" at %2 (HTTP %3: %4). Start "
                  "a new conversation, or use a model with a larger context window.")
                   .arg(model, url, status, said);
    } else if (code == QLatin1String(llm::errors::RateLimited)) {
        const QString wait =
            m_retryAfterMs >= 0
                ? tr("Wait %1 seconds").arg(qMax<qint64>(1, (m_retryAfterMs + 999) / 1000))
                : tr("Wait a moment");
        text = tr("The LLM server at %1 is rate limiting requests (HTTP %2: %3). %4 and try "
                  "again, or check your plan's limits.")
                   .arg(url, status, said, wait);
    } else if (code == QLatin1String(llm::errors::Overloaded)) {
        text = tr("The LLM server at %1 is overloaded (HTTP %2: %3). Try again in a moment.")
                   .arg(url, status, said);
    } else if (m_httpStatus == 404) {
        text = tr("The LLM server at %1 answered HTTP 404 (%2). Check that ZERG_LLM_BASE_URL "
                  "ends in /v1 and that the model \"%3\" exists on that server.")
                   .arg(url, said, model);
    } else if (code == QLatin1String(llm::errors::BadRequest)) {
        text = tr("The LLM server at %1 rejected the request with HTTP %2 (%3). Check the model "
                  "name \"%4\" and the server's documentation for the options it supports.")
                   .arg(url, status, said, model);
    } else {
        text = tr("The LLM server at %1 failed with HTTP %2 (%3). Try again later; if it keeps "
                  "failing, check the server's log and the model name \"%4\".")
                   .arg(url, status, said, model);
    }
    fail(code, text);
}

void OpenAiChatReply::succeed() {
    // The decoder's message is the whole answer (empty tool arguments completed to "{}").
    m_message = m_decoder.message();
    m_usage = m_decoder.usage();
    m_finishReason = m_decoder.finishReason();
    finish();
}

// ---------------------------------------------------------------------------------------------
// OpenAiProvider

OpenAiProvider::OpenAiProvider(QNetworkAccessManager* nam, QString baseUrl, QString apiKey,
                               int idleTimeoutMs, Clock* clock, QObject* parent)
    : LlmProvider(parent),
      m_nam(nam),
      m_baseUrl(std::move(baseUrl)),
      m_apiKey(std::move(apiKey)),
      m_idleTimeoutMs(idleTimeoutMs),
      m_clock(clock) {
    while (m_baseUrl.endsWith(u'/'))
        m_baseUrl.chop(1);
}

bool OpenAiProvider::isLocal() const {
    return isLocalUrl(QUrl(m_baseUrl));
}

bool OpenAiProvider::isLocalUrl(const QUrl& url) {
    const QString host = url.host().toLower();
    if (host.isEmpty())
        return false;
    if (host == QLatin1String("localhost") || host.endsWith(QLatin1String(".localhost")) ||
        host.endsWith(QLatin1String(".local"))) {
        return true;
    }
    QHostAddress address;
    if (!address.setAddress(host))
        return false;  // a name we would have to resolve: assume it is remote
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);  // also unwraps ::ffff:a.b.c.d
    if (isV4)
        address = QHostAddress(v4);
    if (address.isLoopback())
        return true;
    static const QList<QPair<QHostAddress, int>> kLocalNets = {
        QHostAddress::parseSubnet(QStringLiteral("10.0.0.0/8")),
        QHostAddress::parseSubnet(QStringLiteral("172.16.0.0/12")),
        QHostAddress::parseSubnet(QStringLiteral("192.168.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("169.254.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("fc00::/7")),
        QHostAddress::parseSubnet(QStringLiteral("fe80::/10")),
    };
    for (const auto& net : kLocalNets) {
        if (address.isInSubnet(net))
            return true;
    }
    return false;
}

QUrl OpenAiProvider::endpoint() const {
    return QUrl(m_baseUrl + QStringLiteral("/chat/completions"));
}

QJsonObject OpenAiProvider::requestBody(const ChatRequest& request) {
    QJsonArray messages;
    for (const ChatMessage& m : request.messages)
        messages.append(m.toJson());
    QJsonObject body{
        {QStringLiteral("model"), request.model},
        {QStringLiteral("messages"), messages},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
    };
    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolSpec& t : request.tools) {
            tools.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("function")},
                                     {QStringLiteral("function"),
                                      QJsonObject{{QStringLiteral("name"), t.name},
                                                  {QStringLiteral("description"), t.description},
                                                  {QStringLiteral("parameters"), t.parameters}}}});
        }
        body.insert(QStringLiteral("tools"), tools);
        const QString choice = request.toolChoice;
        if (choice == QLatin1String("auto") || choice == QLatin1String("none") ||
            choice == QLatin1String("required")) {
            body.insert(QStringLiteral("tool_choice"), choice);
        } else if (!choice.isEmpty()) {
            body.insert(QStringLiteral("tool_choice"),
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("function")},
                                    {QStringLiteral("function"),
                                     QJsonObject{{QStringLiteral("name"), choice}}}});
        }
    }
    if (request.temperature)
        body.insert(QStringLiteral("temperature"), *request.temperature);
    if (request.maxTokens)
        body.insert(QStringLiteral("max_tokens"), *request.maxTokens);
    return body;
}

ChatReply* OpenAiProvider::chat(const ChatRequest& request) {
    const QUrl url = endpoint();
    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    req.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream"));
    if (!m_apiKey.isEmpty()) {
        req.setRawHeader(QByteArrayLiteral("Authorization"),
                         QByteArrayLiteral("Bearer ") + m_apiKey.toUtf8());
    }
    // Streams must reach us as they are produced; the idle timer replaces a whole-transfer limit.
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    const QByteArray body = QJsonDocument(requestBody(request)).toJson(QJsonDocument::Compact);
    QNetworkReply* net = m_nam->post(req, body);
    return new OpenAiChatReply(net, url, request.model, m_idleTimeoutMs, m_clock, this);
}

}  // namespace zerg
