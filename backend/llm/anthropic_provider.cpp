#include "llm/anthropic_provider.h"

#include "llm/llm_errors.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {
namespace {

// One turn of the Anthropic conversation being built: a role and its content blocks.
struct Turn {
    QString role;
    QJsonArray blocks;
};

// Appends blocks as a turn of role, merging with the previous turn when it has the same role
// (the API requires user and assistant turns to alternate).
void addTurn(QList<Turn>* turns, const QString& role, const QJsonArray& blocks) {
    if (blocks.isEmpty())
        return;
    if (!turns->isEmpty() && turns->last().role == role) {
        for (const QJsonValue& b : blocks)
            turns->last().blocks.append(b);
        return;
    }
    turns->append({role, blocks});
}

QJsonObject textBlock(const QString& text) {
    return {{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
}

QJsonObject toolUseInput(const QString& arguments) {
    const QJsonDocument doc = QJsonDocument::fromJson(arguments.toUtf8());
    return doc.isObject() ? doc.object() : QJsonObject{};
}

QJsonObject toolChoice(const QString& choice) {
    const QString type = QStringLiteral("type");
    if (choice.isEmpty() || choice == QLatin1String("auto"))
        return {{type, QStringLiteral("auto")}};
    if (choice == QLatin1String("required"))
        return {{type, QStringLiteral("any")}};
    if (choice == QLatin1String("none"))
        return {{type, QStringLiteral("none")}};
    return {{type, QStringLiteral("tool")}, {QStringLiteral("name"), choice}};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// AnthropicChatReply

AnthropicChatReply::AnthropicChatReply(QNetworkReply* reply, QUrl url, QString model,
                                       QString secret, int idleTimeoutMs, Clock* clock,
                                       QObject* parent)
    : HttpStreamReply(reply, std::move(url), std::move(model), std::move(secret), idleTimeoutMs,
                      clock, wording(), parent) {}

AnthropicChatReply::Wording AnthropicChatReply::wording() {
    return {
        tr("The request to the Anthropic API was cancelled."),
        tr("The Anthropic API at %1 sent nothing for %2 seconds, so the request was stopped. "
           "Check your network and the service status, or raise the idle timeout."),
        tr("Could not reach the Anthropic API at %1: %2. Check ZERG_LLM_BASE_URL (the bare "
           "root, such as https://api.anthropic.com) and your network."),
        tr("The connection to the Anthropic API at %1 broke in the middle of the answer: %2. "
           "Try again."),
    };
}

void AnthropicChatReply::feedBody(const QByteArray& bytes) {
    if (!handleEvents(m_parser.feed(bytes)) || !m_parser.hasFailed())
        return;
    // Over the parser's limits: stop reading rather than keep growing.
    takeDecoderResult();
    fail(QString::fromLatin1(llm::errors::Protocol),
         tr("The Anthropic API at %1 sent %2; Zerg stopped reading this answer. Try again; if it "
            "happens again, check that ZERG_LLM_BASE_URL is the bare root of an Anthropic API, "
            "such as https://api.anthropic.com.")
             .arg(url().toDisplayString(), m_parser.errorString()));
}

bool AnthropicChatReply::handleEvents(const QList<SseEvent>& events) {
    QPointer<AnthropicChatReply> self(this);
    for (const SseEvent& e : events) {
        const AnthropicStreamDecoder::Update u = m_decoder.feed(e);
        m_usage = m_decoder.usage();
        // Mirror the decoder's message by appending, so streaming stays linear in its length.
        if (!u.text.isEmpty()) {
            m_message.content.append(u.text);
            m_hasOutput = true;
            Q_EMIT textDelta(u.text);
            if (!self || m_finished)
                return false;
        }
        if (u.toolPosition >= 0) {
            const ToolCall& decoded = m_decoder.message().toolCalls.at(u.toolPosition);
            if (u.toolPosition >= m_message.toolCalls.size())
                m_message.toolCalls.append(ToolCall{decoded.id, decoded.name, QString()});
            ToolCall& mine = m_message.toolCalls[u.toolPosition];
            mine.arguments.append(QStringView(decoded.arguments).sliced(mine.arguments.size()));
            m_hasOutput = true;
            Q_EMIT toolCallDelta(u.toolPosition);
            if (!self || m_finished)
                return false;
        }
        if (m_decoder.isDone()) {
            takeDecoderResult();
            finish();
            return false;
        }
        if (m_decoder.hasError()) {
            failFromDecoder();
            return false;
        }
    }
    return true;
}

void AnthropicChatReply::endOfBody() {
    // The decoder judges an unterminated last event (see endOfStream).
    m_decoder.endOfStream(m_parser.finish());
    if (m_decoder.isDone()) {
        takeDecoderResult();
        finish();
        return;
    }
    failFromDecoder();
}

void AnthropicChatReply::takeDecoderResult() {
    m_message = m_decoder.message();
    m_finishReason = m_decoder.finishReason();
    m_usage = m_decoder.usage();
}

void AnthropicChatReply::failFromDecoder() {
    takeDecoderResult();
    const QString code = m_decoder.errorCode();
    const QString url = this->url().toDisplayString();
    const QString detail = quote(m_decoder.errorDetail());
    if (m_decoder.failedWithErrorEvent()) {
        QString advice;
        if (code == QLatin1String(llm::errors::Overloaded)) {
            advice = tr("The service is overloaded; try again in a few moments.");
        } else if (code == QLatin1String(llm::errors::RateLimited)) {
            advice = tr("You hit a rate limit; wait a moment and try again.");
        } else if (code == QLatin1String(llm::errors::ContextLength)) {
            advice =
                tr("The conversation is too long for the model; start a new one or shorten "
                   "it.");
        } else if (code == QLatin1String(llm::errors::Auth)) {
            advice = tr("Check the API key in ZERG_LLM_API_KEY.");
        } else {
            advice =
                tr("Try again; if it keeps failing, check the service status and your "
                   "account.");
        }
        fail(code, tr("The Anthropic API at %1 reported an error in the middle of the answer "
                      "(%2). %3")
                       .arg(url, detail, advice));
        return;
    }
    if (code == QLatin1String(llm::errors::Truncated)) {
        fail(code, tr("The Anthropic API at %1 closed the stream before message_stop, so the "
                      "answer is incomplete. Try again.")
                       .arg(url));
        return;
    }
    const QString type = contentType();
    fail(code, tr("The server at %1 did not send a valid Anthropic Messages stream (%2; "
                  "Content-Type: %3). Check that ZERG_LLM_BASE_URL is the bare root of an "
                  "Anthropic API, such as https://api.anthropic.com.")
                   .arg(url, detail, type.isEmpty() ? tr("none") : type));
}

void AnthropicChatReply::failHttp() {
    const auto [type, message] = llm::errorTypeAndMessage(errorBody());
    QString said = message;
    if (said.trimmed().isEmpty())
        said = QString::fromUtf8(errorBody());
    if (said.trimmed().isEmpty())
        said = reasonPhrase();
    said = quote(said);
    const QString code = llm::classifyHttp(m_httpStatus, type, message);
    const QString url = this->url().toDisplayString();
    const QString status = QString::number(m_httpStatus);
    const QString& model = this->model();
    QString text;
    if (code == QLatin1String(llm::errors::Auth)) {
        text = tr("The Anthropic API at %1 refused the request with HTTP %2 (%3). Check the API "
                  "key in ZERG_LLM_API_KEY.")
                   .arg(url, status, said);
    } else if (code == QLatin1String(llm::errors::ContextLength)) {
        text = tr("The conversation is too long for the model \"%1\" (HTTP %2: %3). Start a new "
                  "conversation or shorten it.")
                   .arg(model, status, said);
    } else if (code == QLatin1String(llm::errors::RateLimited)) {
        text = m_retryAfterMs >= 0
                   ? tr("The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait "
                        "%3 seconds and try again, or check your plan's limits.")
                         .arg(url, said)
                         .arg((m_retryAfterMs + 999) / 1000)
                   : tr("The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait "
                        "a moment and try again, or check your plan's limits.")
                         .arg(url, said);
    } else if (code == QLatin1String(llm::errors::Overloaded)) {
        text = tr("The Anthropic API at %1 is overloaded (HTTP %2: %3). Try again in a few "
                  "moments.")
                   .arg(url, status, said);
    } else if (m_httpStatus == 404) {
        text = tr("The Anthropic API at %1 answered HTTP 404 (%2). ZERG_LLM_BASE_URL must be the "
                  "bare root, such as https://api.anthropic.com, and the model \"%3\" must exist.")
                   .arg(url, said, model);
    } else if (code == QLatin1String(llm::errors::BadRequest)) {
        text = tr("The Anthropic API at %1 rejected the request with HTTP %2 (%3). Check the "
                  "model name \"%4\" and the LLM settings.")
                   .arg(url, status, said, model);
    } else {
        text = tr("The Anthropic API at %1 failed with HTTP %2 (%3). Try again later; if it "
                  "keeps failing, check the service status.")
                   .arg(url, status, said);
    }
    fail(code, text);
}

// ---------------------------------------------------------------------------------------------
// AnthropicProvider

AnthropicProvider::AnthropicProvider(QNetworkAccessManager* nam, QString baseUrl, QString apiKey,
                                     int idleTimeoutMs, Clock* clock, QObject* parent)
    : LlmProvider(parent),
      m_nam(nam),
      m_root(std::move(baseUrl)),
      m_apiKey(std::move(apiKey)),
      m_idleTimeoutMs(idleTimeoutMs),
      m_clock(clock) {
    while (m_root.endsWith(u'/'))
        m_root.chop(1);
    // People often paste the OpenAI-style root ".../v1"; the path below adds /v1 itself.
    if (m_root.endsWith(QLatin1String("/v1")))
        m_root.chop(3);
}

QUrl AnthropicProvider::endpoint() const {
    return QUrl(m_root + QStringLiteral("/v1/messages"));
}

bool AnthropicProvider::isLocal() const {
    return isLocalHost(endpoint().host());
}

bool AnthropicProvider::isLocalHost(const QString& hostName) {
    const QString host = hostName.toLower();
    if (host == QLatin1String("localhost") || host.endsWith(QLatin1String(".localhost")) ||
        host.endsWith(QLatin1String(".local"))) {
        return true;
    }
    QHostAddress address;
    if (!address.setAddress(host))
        return false;
    if (address.isLoopback() || address.isLinkLocal() || address.isUniqueLocalUnicast() ||
        address.isSiteLocal()) {
        return true;
    }
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);  // also IPv4-mapped IPv6
    if (!isV4)
        return false;
    return (v4 >> 24) == 10 || (v4 >> 24) == 127 || (v4 >> 20) == ((172u << 4) | 1u) ||
           (v4 >> 16) == ((192u << 8) | 168u) || (v4 >> 16) == ((169u << 8) | 254u);
}

QJsonObject AnthropicProvider::requestBody(const ChatRequest& request) {
    QStringList system;
    QList<Turn> turns;
    const QString user = QStringLiteral("user");
    const QString assistant = QStringLiteral("assistant");
    for (const ChatMessage& m : request.messages) {
        switch (m.role) {
            case ChatMessage::Role::System:
                if (!m.content.isEmpty())
                    system.append(m.content);
                break;
            case ChatMessage::Role::User:
                addTurn(&turns, user,
                        m.content.isEmpty() ? QJsonArray{} : QJsonArray{textBlock(m.content)});
                break;
            case ChatMessage::Role::Assistant: {
                QJsonArray blocks;
                if (!m.content.isEmpty())
                    blocks.append(textBlock(m.content));
                for (const ToolCall& c : m.toolCalls) {
                    blocks.append(
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("tool_use")},
                                    {QStringLiteral("id"), c.id},
                                    {QStringLiteral("name"), c.name},
                                    {QStringLiteral("input"), toolUseInput(c.arguments)}});
                }
                addTurn(&turns, assistant, blocks);
                break;
            }
            case ChatMessage::Role::Tool: {
                QJsonObject block{{QStringLiteral("type"), QStringLiteral("tool_result")},
                                  {QStringLiteral("tool_use_id"), m.toolCallId}};
                if (!m.content.isEmpty())
                    block.insert(QStringLiteral("content"), m.content);
                addTurn(&turns, user, QJsonArray{block});
                break;
            }
        }
    }

    QJsonArray messages;
    for (const Turn& t : turns) {
        const QJsonObject first = t.blocks.first().toObject();
        const bool plainText =
            t.blocks.size() == 1 &&
            first.value(QStringLiteral("type")).toString() == QLatin1String("text");
        messages.append(QJsonObject{
            {QStringLiteral("role"), t.role},
            {QStringLiteral("content"),
             plainText ? QJsonValue(first.value(QStringLiteral("text"))) : QJsonValue(t.blocks)}});
    }

    QJsonObject body{
        {QStringLiteral("model"), request.model},
        {QStringLiteral("max_tokens"), request.maxTokens.value_or(kDefaultMaxTokens)},
        {QStringLiteral("stream"), true},
        {QStringLiteral("messages"), messages},
    };
    if (!system.isEmpty())
        body.insert(QStringLiteral("system"), system.join(QStringLiteral("\n\n")));
    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolSpec& t : request.tools) {
            const QJsonObject schema =
                t.parameters.isEmpty()
                    ? QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}
                    : t.parameters;
            tools.append(QJsonObject{{QStringLiteral("name"), t.name},
                                     {QStringLiteral("description"), t.description},
                                     {QStringLiteral("input_schema"), schema}});
        }
        body.insert(QStringLiteral("tools"), tools);
        body.insert(QStringLiteral("tool_choice"), toolChoice(request.toolChoice));
    }
    if (request.temperature)
        body.insert(QStringLiteral("temperature"), *request.temperature);
    return body;
}

ChatReply* AnthropicProvider::chat(const ChatRequest& request) {
    const QUrl url = endpoint();
    QNetworkRequest req(url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    req.setRawHeader(QByteArrayLiteral("accept"), QByteArrayLiteral("text/event-stream"));
    req.setRawHeader(QByteArrayLiteral("anthropic-version"), QByteArray(kApiVersion));
    if (!m_apiKey.isEmpty())
        req.setRawHeader(QByteArrayLiteral("x-api-key"), m_apiKey.toUtf8());
    // Streams must reach us as they are produced; the idle timer replaces a whole-transfer limit.
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    const QByteArray body = QJsonDocument(requestBody(request)).toJson(QJsonDocument::Compact);
    QNetworkReply* net = m_nam->post(req, body);
    return new AnthropicChatReply(net, url, request.model, m_apiKey, m_idleTimeoutMs, m_clock,
                                  this);
}

}  // namespace zerg
