#include "llm/openai_provider.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {
namespace {

constexpr qsizetype kMaxErrorBody = 64 * 1024;
constexpr qsizetype kQuoteChars = 200;

QString quote(const QString& text) {
    const QString t = text.simplified();
    return t.size() <= kQuoteChars ? t : t.left(kQuoteChars) + QStringLiteral("...");
}

// The human message inside an OpenAI-style error object: {"error": {"message": ...}} or
// {"error": "..."} or {"message": ...}.
QString errorMessageOf(const QJsonObject& o) {
    const QJsonValue e = o.value(QStringLiteral("error"));
    if (e.isObject()) {
        const QJsonObject eo = e.toObject();
        QString msg = eo.value(QStringLiteral("message")).toString();
        if (msg.isEmpty())
            msg = QString::fromUtf8(QJsonDocument(eo).toJson(QJsonDocument::Compact));
        return msg;
    }
    if (e.isString())
        return e.toString();
    return o.value(QStringLiteral("message")).toString();
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// OpenAiChatReply

OpenAiChatReply::OpenAiChatReply(QNetworkReply* reply, QUrl url, QString model, int idleTimeoutMs,
                                 Clock* clock, QObject* parent)
    : ChatReply(parent),
      m_net(reply),
      m_url(std::move(url)),
      m_model(std::move(model)),
      m_idleTimeoutMs(idleTimeoutMs),
      m_clock(clock) {
    reply->setParent(this);
    connect(reply, &QNetworkReply::readyRead, this, &OpenAiChatReply::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &OpenAiChatReply::onNetworkFinished);
    armIdleTimer();  // also covers a server that accepts the connection and never answers
}

OpenAiChatReply::~OpenAiChatReply() {
    if (m_idleTimer != 0)
        m_clock->cancel(m_idleTimer);
    releaseNetworkReply();
}

void OpenAiChatReply::abort() {
    if (m_finished)
        return;
    fail(QStringLiteral("aborted"), tr("The request to the LLM server was cancelled."));
}

void OpenAiChatReply::armIdleTimer() {
    if (m_idleTimeoutMs <= 0 || m_clock == nullptr)
        return;
    if (m_idleTimer != 0)
        m_clock->cancel(m_idleTimer);
    m_idleTimer = m_clock->callAfter(m_idleTimeoutMs, this, [this] {
        m_idleTimer = 0;
        onIdleTimeout();
    });
}

void OpenAiChatReply::onIdleTimeout() {
    if (m_finished)
        return;
    fail(QStringLiteral("timeout"),
         tr("The LLM server at %1 sent nothing for %2 seconds, so the request was stopped. Check "
            "that the server is running and not overloaded, or raise the idle timeout.")
             .arg(m_url.toDisplayString())
             .arg(m_idleTimeoutMs / 1000.0));
}

void OpenAiChatReply::onReadyRead() {
    if (m_finished || !m_net)
        return;
    armIdleTimer();
    if (m_httpStatus == 0) {
        m_httpStatus = m_net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }
    const QByteArray bytes = m_net->readAll();
    if (m_httpStatus >= 400) {
        // An error body is one JSON document: keep it whole (bounded) and report at the end.
        m_errorBody.append(bytes.left(qMax<qsizetype>(0, kMaxErrorBody - m_errorBody.size())));
        return;
    }
    QPointer<OpenAiChatReply> self(this);
    const QList<SseEvent> events = m_parser.feed(bytes);
    for (const SseEvent& e : events) {
        if (!handleEvent(e) || !self)
            return;
    }
}

bool OpenAiChatReply::handleEvent(const SseEvent& event) {
    const QString data = event.data.trimmed();
    if (data.isEmpty())
        return true;
    ++m_dataEvents;
    if (data == QLatin1String("[DONE]")) {
        succeed();
        return false;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(data.toUtf8(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(QStringLiteral("protocol"),
             tr("The LLM server at %1 sent a stream chunk that is not a JSON object (%2): %3. "
                "Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.")
                 .arg(m_url.toDisplayString(),
                      err.error != QJsonParseError::NoError
                          ? err.errorString() + QStringLiteral(" at offset ") +
                                QString::number(err.offset)
                          : tr("not an object"),
                      quote(data)));
        return false;
    }
    return handleChunk(doc.object());
}

bool OpenAiChatReply::handleChunk(const QJsonObject& chunk) {
    const QJsonValue error = chunk.value(QStringLiteral("error"));
    if (!error.isUndefined() && !error.isNull()) {
        fail(QStringLiteral("api"),
             tr("The LLM server at %1 reported an error in the middle of the answer (%2). Try "
                "again; if it keeps failing, check the server's status and your account.")
                 .arg(m_url.toDisplayString(), quote(errorMessageOf(chunk))));
        return false;
    }

    const QJsonValue usage = chunk.value(QStringLiteral("usage"));
    if (usage.isObject()) {
        const QJsonObject u = usage.toObject();
        m_usage.promptTokens = u.value(QStringLiteral("prompt_tokens")).toInteger();
        m_usage.completionTokens = u.value(QStringLiteral("completion_tokens")).toInteger();
    }

    const QJsonArray choices = chunk.value(QStringLiteral("choices")).toArray();
    for (const QJsonValue& cv : choices) {
        const QJsonObject choice = cv.toObject();
        if (choice.value(QStringLiteral("index")).toInt(0) != 0)
            continue;  // only choice 0

        const QString reason = choice.value(QStringLiteral("finish_reason")).toString();
        if (!reason.isEmpty())
            m_finishReason = reason;

        const QJsonObject delta = choice.value(QStringLiteral("delta")).toObject();
        QPointer<OpenAiChatReply> self(this);

        QString text = delta.value(QStringLiteral("content")).toString();
        if (!text.isEmpty()) {
            m_sawContent = true;
        } else if (!m_sawContent) {
            text = delta.value(QStringLiteral("refusal")).toString();
        }
        if (!text.isEmpty()) {
            m_message.content.append(text);
            Q_EMIT textDelta(text);
            if (!self || m_finished)
                return false;
        }

        const QJsonArray calls = delta.value(QStringLiteral("tool_calls")).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i) {
            const QJsonObject c = calls.at(i).toObject();
            // A missing index (non-conforming servers) means the entry's place in this list.
            const int index = c.value(QStringLiteral("index")).toInt(int(i));
            int position = m_positionOfIndex.value(index, -1);
            if (position < 0) {
                position = int(m_message.toolCalls.size());
                m_positionOfIndex.insert(index, position);
                m_message.toolCalls.append(ToolCall{});
            }
            ToolCall& call = m_message.toolCalls[position];
            const QString id = c.value(QStringLiteral("id")).toString();
            if (!id.isEmpty() && call.id.isEmpty())
                call.id = id;
            const QJsonObject f = c.value(QStringLiteral("function")).toObject();
            const QString name = f.value(QStringLiteral("name")).toString();
            if (!name.isEmpty() && call.name.isEmpty())
                call.name = name;
            call.arguments.append(f.value(QStringLiteral("arguments")).toString());
            if (call.id.isEmpty())
                call.id = QStringLiteral("call_%1").arg(index);
            Q_EMIT toolCallDelta(position);
            if (!self || m_finished)
                return false;
        }
    }
    return true;
}

void OpenAiChatReply::onNetworkFinished() {
    if (m_finished || !m_net)
        return;
    // Bytes that arrived together with the end of the body.
    if (m_net->bytesAvailable() > 0) {
        QPointer<OpenAiChatReply> self(this);
        onReadyRead();
        if (!self || m_finished)
            return;
    }
    if (m_httpStatus == 0) {
        m_httpStatus = m_net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }
    const QNetworkReply::NetworkError netError = m_net->error();

    if (m_httpStatus == 0) {  // no HTTP response at all
        fail(QStringLiteral("network"),
             tr("Could not reach the LLM server at %1: %2. Check ZERG_LLM_BASE_URL and that the "
                "server is running.")
                 .arg(m_url.toDisplayString(), m_net->errorString()));
        return;
    }
    if (m_httpStatus >= 400) {
        failHttp();
        return;
    }
    m_parser.finish();  // an unterminated last event is discarded (see SseParser)
    if (!m_finishReason.isEmpty()) {
        // No [DONE], but the model said it was done: some servers close without the sentinel.
        succeed();
        return;
    }
    if (netError != QNetworkReply::NoError) {
        fail(QStringLiteral("network"),
             tr("The connection to the LLM server at %1 broke in the middle of the answer: %2. "
                "Try again.")
                 .arg(m_url.toDisplayString(), m_net->errorString()));
        return;
    }
    if (m_dataEvents == 0) {
        const QString type = m_net->header(QNetworkRequest::ContentTypeHeader).toString();
        fail(QStringLiteral("protocol"),
             tr("The LLM server at %1 answered without any stream events (Content-Type: %2). "
                "Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports "
                "streaming.")
                 .arg(m_url.toDisplayString(), type.isEmpty() ? tr("none") : type));
        return;
    }
    fail(QStringLiteral("protocol"),
         tr("The LLM server at %1 stopped sending: the stream ended early, without [DONE] or a "
            "finish reason, so the answer may be incomplete. Try again.")
             .arg(m_url.toDisplayString()));
}

void OpenAiChatReply::failHttp() {
    QString serverMessage;
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(m_errorBody, &err);
    if (err.error == QJsonParseError::NoError && doc.isObject()) {
        serverMessage = errorMessageOf(doc.object());
    }
    if (serverMessage.isEmpty())
        serverMessage = QString::fromUtf8(m_errorBody);
    if (serverMessage.trimmed().isEmpty() && m_net) {
        serverMessage = m_net->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    }
    const QString said = quote(serverMessage);
    const QString url = m_url.toDisplayString();
    QString text;
    switch (m_httpStatus) {
        case 401:
        case 403:
            text = tr("The LLM server at %1 refused the request with HTTP %2 (%3). Check the API "
                      "key in ZERG_LLM_API_KEY.")
                       .arg(url)
                       .arg(m_httpStatus)
                       .arg(said);
            break;
        case 404:
            text = tr("The LLM server at %1 answered HTTP 404 (%2). Check that ZERG_LLM_BASE_URL "
                      "ends in /v1 and that the model \"%3\" exists on that server.")
                       .arg(url, said, m_model);
            break;
        case 429:
            text = tr("The LLM server at %1 is rate limiting requests (HTTP 429: %2). Wait a "
                      "moment and try again, or check your plan's limits.")
                       .arg(url, said);
            break;
        default:
            text = tr("The LLM server at %1 failed with HTTP %2 (%3). Try again later; if it "
                      "keeps failing, check the server's log and the model name \"%4\".")
                       .arg(url)
                       .arg(m_httpStatus)
                       .arg(said, m_model);
            break;
    }
    fail(QStringLiteral("http"), text);
}

void OpenAiChatReply::succeed() {
    for (ToolCall& call : m_message.toolCalls) {
        if (call.arguments.trimmed().isEmpty())
            call.arguments = QStringLiteral("{}");
    }
    finish();
}

void OpenAiChatReply::fail(const QString& code, const QString& message) {
    m_errorCode = code;
    m_errorString = message;
    finish();
}

void OpenAiChatReply::finish() {
    if (m_finished)
        return;
    m_finished = true;
    if (m_idleTimer != 0) {
        m_clock->cancel(m_idleTimer);
        m_idleTimer = 0;
    }
    releaseNetworkReply();
    Q_EMIT finished();
}

void OpenAiChatReply::releaseNetworkReply() {
    if (!m_net)
        return;
    QNetworkReply* net = m_net;
    m_net = nullptr;
    net->disconnect(this);
    if (net->isRunning())
        net->abort();
    // Unparent so that deleting this reply (e.g. from a finished() slot that runs inside the
    // network reply's own finished signal) never deletes the network reply synchronously.
    net->setParent(nullptr);
    net->deleteLater();
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
