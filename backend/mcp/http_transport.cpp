#include "mcp/http_transport.h"

#include "core/clock.h"
#include "llm/sse_parser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>

namespace zerg {

namespace {

using namespace Qt::StringLiterals;

constexpr int kErrorTailLines = 20;
constexpr qsizetype kMaxErrorLineChars = 500;
// One message (a tool result with an image) may be large, not endless.
constexpr qsizetype kMaxJsonBodyBytes = 32 * 1024 * 1024;
// Of an HTTP error body only the start is kept: it is quoted, never parsed.
constexpr qsizetype kMaxErrorBodyBytes = 4096;
constexpr qsizetype kErrorExcerptBytes = 300;
constexpr qsizetype kLineExcerptBytes = 200;
// A broken event stream is resumed this often, after 500 ms, 1 s, 2 s (or the server's "retry").
constexpr int kMaxResumeAttempts = 3;
constexpr qint64 kFirstResumeDelayMs = 500;
constexpr qint64 kMaxServerRetryMs = 30000;
// POSTs in a row that never reached the server before the transport gives up.
constexpr int kMaxNetworkFailures = 3;
// close(): how long the DELETE of the session may take.
constexpr qint64 kCloseWaitMs = 2000;
// JSON-RPC "server error" range; used for the errors the transport answers a call with.
constexpr int kTransportErrorCode = -32000;

constexpr char kAcceptAny[] = "application/json, text/event-stream";
constexpr char kAcceptStream[] = "text/event-stream";

// Ids are compared by value: 5 and "5" name the same call (McpClient reads both).
QString idKey(const QJsonValue& id) {
    return id.isDouble() ? QString::number(id.toDouble(), 'g', 17) : id.toString();
}

QJsonObject errorResponse(const QJsonValue& id, const QString& message) {
    return {{u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, id},
            {u"error"_s, QJsonObject{{u"code"_s, kTransportErrorCode}, {u"message"_s, message}}}};
}

// "text/event-stream; charset=utf-8" -> "text/event-stream"
QString mediaType(const QNetworkReply* reply) {
    return reply->header(QNetworkRequest::ContentTypeHeader)
        .toString()
        .section(u';', 0, 0)
        .trimmed()
        .toLower();
}

// The spec: a session id holds only visible ASCII (0x21 to 0x7E).
bool isVisibleAscii(const QByteArray& bytes) {
    return std::all_of(bytes.cbegin(), bytes.cend(), [](char c) { return c >= 0x21 && c <= 0x7e; });
}

// Server text for a message: the first bytes, on one line.
QString excerpt(const QByteArray& body, qsizetype bytes) {
    QString text = QString::fromUtf8(body.left(bytes)).simplified();
    if (body.size() > bytes)
        text += u"..."_s;
    return text;
}

// Protocol headers the transport sets itself; mcp.json cannot override them.
bool isManagedHeader(const QByteArray& lowerName) {
    static const QList<QByteArray> managed = {
        "accept",         "content-type",         "content-length",
        "mcp-session-id", "mcp-protocol-version", "last-event-id"};
    return managed.contains(lowerName);
}

}  // namespace

// One call (a JSON-RPC request) whose response is awaited, across its POST and resuming GETs.
struct HttpTransport::Stream {
    QJsonValue id;
    QString method;
    QString lastEventId;  // the last SSE event id seen on its streams
    qint64 retryMs = -1;  // the server's "retry" hint, if it gave one
    int resumeAttempts = 0;
    bool answered = false;  // its response (real or synthesized) was delivered, or it was dropped
    quint64 resumeTimer = 0;
};

// One HTTP exchange: the POST of a message, a GET resuming a call's stream, or the DELETE.
struct HttpTransport::Exchange {
    enum class Body { Unknown, Sse, Json, Error, Other };

    Kind kind = Kind::Post;
    QNetworkReply* reply = nullptr;
    QString method;    // what was sent, for error lines: a method name or "response"
    StreamPtr stream;  // the call this exchange answers; null for notifications and responses
    bool isInitialize = false;
    bool withSession = false;  // the request carried Mcp-Session-Id
    Body body = Body::Unknown;
    int status = 0;
    QString reason;
    QString location;  // of a redirect that was not followed
    QByteArray bytes;  // the JSON body, or the start of any other body
    SseParser sse;
    bool done = false;  // released: nothing more is read from it
};

HttpTransport::HttpTransport(Options options, QNetworkAccessManager* nam, Clock* clock,
                             QObject* parent)
    : McpTransport(parent),
      m_o(std::move(options)),
      m_nam(nam ? nam : new QNetworkAccessManager(this)),
      m_clock(clock) {}

HttpTransport::~HttpTransport() {
    // The Clock's callbacks die with this object (their context); only the replies remain.
    const QList<ExchangePtr> all = m_exchanges.values();
    for (const ExchangePtr& ex : all)
        release(ex);
}

void HttpTransport::open() {
    if (m_opened || m_closed)
        return;
    m_opened = true;
    const QString scheme = m_o.url.scheme().toLower();
    QString problem;
    if (!m_o.url.isValid() || m_o.url.host().isEmpty() ||
        (scheme != u"http"_s && scheme != u"https"_s))
        problem =
            tr("'%1' is not an http or https URL. Check \"url\" in mcp.json.").arg(displayUrl());
    // Nothing goes over the network yet: the client's initialize request starts the session.
    QMetaObject::invokeMethod(
        this,
        [this, problem] {
            if (m_closed)
                return;
            if (problem.isEmpty())
                Q_EMIT opened();
            else
                emitClosed(problem);
        },
        Qt::QueuedConnection);
}

QNetworkRequest HttpTransport::makeRequest(const QByteArray& accept) const {
    QNetworkRequest req(m_o.url);
    for (auto it = m_o.headers.cbegin(); it != m_o.headers.cend(); ++it) {
        const QByteArray name = it.key().trimmed().toLatin1();
        if (name.isEmpty() || isManagedHeader(name.toLower()))
            continue;
        req.setRawHeader(name, it.value().toUtf8());
    }
    req.setRawHeader("Accept", accept);
    if (!m_sessionId.isEmpty())
        req.setRawHeader("Mcp-Session-Id", m_sessionId.toLatin1());
    if (!m_protocolVersion.isEmpty())
        req.setRawHeader("MCP-Protocol-Version", m_protocolVersion.toLatin1());
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // Headers carry tokens: never follow a redirect to another host.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::SameOriginRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    req.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    return req;
}

HttpTransport::ExchangePtr HttpTransport::track(QNetworkReply* reply, Kind kind,
                                                const QString& method, StreamPtr stream) {
    auto ex = std::make_shared<Exchange>();
    ex->kind = kind;
    ex->reply = reply;
    ex->method = method;
    ex->stream = std::move(stream);
    ex->withSession = !m_sessionId.isEmpty();
    m_exchanges.insert(reply, ex);
    // The reply stays the network manager's child; release() deletes it.
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onFinished(reply); });
    return ex;
}

void HttpTransport::send(const QJsonObject& message) {
    if (m_closed || m_closing)
        return;
    const QString method = message.value(u"method"_s).toString();
    const QJsonValue id = message.value(u"id"_s);
    const bool isRequest = !method.isEmpty() && !id.isUndefined() && !id.isNull();
    StreamPtr stream;
    if (isRequest) {
        stream = std::make_shared<Stream>();
        stream->id = id;
        stream->method = method;
        m_streams.insert(idKey(id), stream);
    }
    QNetworkRequest req = makeRequest(kAcceptAny);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* reply = m_nam->post(req, QJsonDocument(message).toJson(QJsonDocument::Compact));
    const ExchangePtr ex =
        track(reply, Kind::Post, method.isEmpty() ? u"response"_s : method, stream);
    ex->isInitialize = isRequest && method == u"initialize"_s;
    // The client gave up on that call: its stream is no longer needed (a disconnect is not a
    // cancel in MCP, the notification is).
    if (method == u"notifications/cancelled"_s)
        dropStream(message.value(u"params"_s).toObject().value(u"requestId"_s));
}

void HttpTransport::close() {
    if (m_closed || m_closing)
        return;
    m_closing = true;
    releaseAll();
    if (m_sessionId.isEmpty()) {
        emitClosed(tr("stopped"));
        return;
    }
    // The session ends with DELETE; any answer will do (405: the server does not allow it).
    QNetworkReply* reply = m_nam->deleteResource(makeRequest(kAcceptAny));
    track(reply, Kind::Delete, u"DELETE"_s, nullptr);
    m_closeTimer = m_clock->callAfter(kCloseWaitMs, this, [this] {
        m_closeTimer = 0;
        emitClosed(tr("stopped"));
    });
}

void HttpTransport::abort() {
    m_closing = true;
    emitClosed(tr("stopped"));
}

void HttpTransport::onReadyRead(QNetworkReply* reply) {
    const ExchangePtr ex = m_exchanges.value(reply);
    if (!ex || ex->done)
        return;
    if (ex->kind == Kind::Delete) {
        reply->readAll();
        return;
    }
    if (readHead(ex))
        readBody(ex);
}

// Status, session id and body kind, once, as soon as the response head is there.
bool HttpTransport::readHead(const ExchangePtr& ex) {
    if (ex->body != Exchange::Body::Unknown)
        return true;
    QNetworkReply* r = ex->reply;
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0)
        return false;  // no response (yet)
    ex->status = status;
    ex->reason = r->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    m_networkFailures = 0;  // the server answered
    if (status >= 300) {
        // Same-origin redirects are followed by Qt; one that arrives here was refused.
        if (status < 400) {
            const QUrl to = m_o.url.resolved(QUrl(QString::fromUtf8(r->rawHeader("Location"))));
            ex->location = to.toString(QUrl::RemoveUserInfo);
        }
        ex->body = Exchange::Body::Error;
        return true;
    }
    if (ex->isInitialize) {
        m_initialized = true;
        const QByteArray session = r->rawHeader("Mcp-Session-Id");
        if (!session.isEmpty()) {
            if (isVisibleAscii(session))
                m_sessionId = QString::fromLatin1(session);
            else
                addErrorLine(
                    tr("initialize: the server sent an Mcp-Session-Id with characters "
                       "other than visible ASCII; it was ignored"));
        }
    }
    const QString type = mediaType(r);
    if (type == u"text/event-stream"_s)
        ex->body = Exchange::Body::Sse;
    else if (type == u"application/json"_s || type.endsWith(u"+json"_s))
        ex->body = Exchange::Body::Json;
    else
        ex->body = Exchange::Body::Other;
    return true;
}

void HttpTransport::readBody(const ExchangePtr& ex) {
    const QByteArray bytes = ex->reply->readAll();
    switch (ex->body) {
        case Exchange::Body::Sse:
            readSse(ex, bytes);
            return;
        case Exchange::Body::Json:
            if (ex->bytes.size() + bytes.size() > kMaxJsonBodyBytes) {
                const QString why = tr("the server's answer is larger than %1 MiB")
                                        .arg(kMaxJsonBodyBytes / (1024 * 1024));
                addErrorLine(u"%1: %2"_s.arg(ex->method, why));
                release(ex);
                failStream(ex->stream, why);
                return;
            }
            ex->bytes.append(bytes);
            return;
        case Exchange::Body::Error:
        case Exchange::Body::Other:
            ex->bytes.append(bytes.left(qMax<qsizetype>(0, kMaxErrorBodyBytes - ex->bytes.size())));
            return;
        case Exchange::Body::Unknown:
            return;
    }
}

// Events are handled as they arrive: progress and server requests come before the response.
void HttpTransport::readSse(const ExchangePtr& ex, const QByteArray& bytes) {
    const QList<SseEvent> events = ex->sse.feed(bytes);
    if (const StreamPtr& s = ex->stream) {
        const QString last = ex->sse.lastEventId();
        if (!last.isEmpty() && last != s->lastEventId) {
            s->lastEventId = last;
            s->resumeAttempts = 0;  // the stream moved on: a later break may be resumed again
        }
        if (ex->sse.retryMs() >= 0)
            s->retryMs = ex->sse.retryMs();
    }
    for (const SseEvent& e : events) {
        // Events without data prime the stream with an id (2025-11-25); others are not MCP's.
        if (e.event != u"message"_s || e.data.trimmed().isEmpty())
            continue;
        if (!deliverJson(e.data.toUtf8()))
            addErrorLine(tr("%1 (event stream, not JSON-RPC): %2")
                             .arg(ex->method, excerpt(e.data.toUtf8(), kLineExcerptBytes)));
        if (m_closed || ex->done)
            return;
    }
    if (ex->sse.hasFailed()) {
        const QString why = tr("the server's event stream sent %1").arg(ex->sse.errorString());
        addErrorLine(u"%1: %2"_s.arg(ex->method, why));
        release(ex);
        failStream(ex->stream, why);
    }
}

void HttpTransport::onFinished(QNetworkReply* reply) {
    const ExchangePtr ex = m_exchanges.value(reply);
    if (!ex || ex->done)
        return;
    if (ex->kind == Kind::Delete) {
        release(ex);
        emitClosed(tr("stopped"));
        return;
    }
    if (readHead(ex)) {
        readBody(ex);  // bytes that came with the end of the body
        if (ex->done || m_closed)
            return;
    }
    const int error = reply->error();
    const QString errorString = scrub(reply->errorString());
    const bool broken = error != QNetworkReply::NoError;
    release(ex);  // the reply is deleted later, not now
    if (ex->status == 0) {
        failNetwork(ex, error, errorString);
        return;
    }
    switch (ex->body) {
        case Exchange::Body::Error:
            failHttp(ex);
            return;
        case Exchange::Body::Sse:
            finishSse(ex, broken, errorString);
            return;
        case Exchange::Body::Json:
            finishJson(ex, broken, errorString);
            return;
        case Exchange::Body::Other:
        case Exchange::Body::Unknown:
            // 202 without a body is the answer to a notification or response; a call needs more.
            if (ex->stream) {
                const QString why =
                    broken
                        ? tr("the answer from %1 was cut off (%2)").arg(displayUrl(), errorString)
                        : tr("the server answered HTTP %1 without a JSON or event-stream body")
                              .arg(ex->status);
                addErrorLine(u"%1: %2"_s.arg(ex->method, why));
                failStream(ex->stream, why);
            }
            return;
    }
}

void HttpTransport::finishSse(const ExchangePtr& ex, bool broken, const QString& errorString) {
    // WHATWG drops an event the end of stream cut off; a whole JSON-RPC message in it is kept.
    if (std::optional<SseEvent> last = ex->sse.finish(); last && !broken) {
        if (last->event == u"message"_s && !last->data.trimmed().isEmpty()) {
            if (!deliverJson(last->data.toUtf8()))
                addErrorLine(tr("%1 (event stream, not JSON-RPC): %2")
                                 .arg(ex->method, excerpt(last->data.toUtf8(), kLineExcerptBytes)));
            if (m_closed)
                return;
        }
    }
    const StreamPtr s = ex->stream;
    if (!s || s->answered)
        return;
    if (!ex->sse.lastEventId().isEmpty())
        s->lastEventId = ex->sse.lastEventId();
    if (broken) {
        addErrorLine(tr("%1: the event stream broke (%2)").arg(ex->method, errorString));
        streamEnded(
            s,
            tr("the event stream for this call broke before its response (%1)").arg(errorString));
    } else {
        streamEnded(s, tr("the server ended the event stream for this call without its "
                          "response"));
    }
}

void HttpTransport::finishJson(const ExchangePtr& ex, bool broken, const QString& errorString) {
    QString why;
    if (broken)
        why = tr("the answer from %1 was cut off (%2)").arg(displayUrl(), errorString);
    else if (ex->bytes.trimmed().isEmpty())
        why = tr("the server answered HTTP %1 with an empty body").arg(ex->status);
    else if (!deliverJson(ex->bytes))
        why = tr("the server's answer is not JSON-RPC: %1")
                  .arg(excerpt(ex->bytes, kLineExcerptBytes));
    if (m_closed)
        return;
    if (!why.isEmpty())
        addErrorLine(u"%1: %2"_s.arg(ex->method, why));
    if (ex->stream && !ex->stream->answered)
        failStream(ex->stream, why.isEmpty()
                                   ? tr("the server's answer did not contain the response to this "
                                        "call")
                                   : why);
}

void HttpTransport::failHttp(const ExchangePtr& ex) {
    const QString status = ex->reason.isEmpty()
                               ? QString::number(ex->status)
                               : u"%1 %2"_s.arg(QString::number(ex->status), ex->reason);
    const QString body = excerpt(ex->bytes, kErrorExcerptBytes);
    addErrorLine(body.isEmpty() ? u"%1: HTTP %2"_s.arg(ex->method, status)
                                : u"%1: HTTP %2: %3"_s.arg(ex->method, status,
                                                           excerpt(ex->bytes, kLineExcerptBytes)));
    if (ex->status == 404 && ex->withSession) {
        emitClosed(tr("the server ended the session (HTTP 404); it will be started again"));
        return;
    }
    if (ex->kind == Kind::Post && !m_initialized) {
        emitClosed(closeMessageForHttp(ex));
        return;
    }
    if (!ex->stream)
        return;  // a notification or response was refused: only noted
    if (ex->kind == Kind::Resume) {
        failStream(ex->stream, tr("the event stream for this call broke before its response and "
                                  "the server refused to resume it (HTTP %1)%2")
                                   .arg(status, body.isEmpty() ? QString() : u": "_s + body));
        return;
    }
    failStream(ex->stream, body.isEmpty()
                               ? tr("HTTP %1 from %2").arg(status, displayUrl())
                               : tr("HTTP %1 from %2: %3").arg(status, displayUrl(), body));
}

void HttpTransport::failNetwork(const ExchangePtr& ex, int error, const QString& errorString) {
    addErrorLine(u"%1: %2"_s.arg(ex->method, errorString));
    if (ex->kind == Kind::Resume) {
        streamEnded(ex->stream,
                    tr("the event stream for this call broke before its response and resuming "
                       "it failed (%1)")
                        .arg(errorString));
        return;
    }
    if (!m_initialized) {
        emitClosed(closeMessageForNetwork(error, errorString));
        return;
    }
    if (++m_networkFailures >= kMaxNetworkFailures) {
        emitClosed(tr("the server at %1 is unreachable: %2 requests in a row failed (last: %3)")
                       .arg(displayUrl(), QString::number(m_networkFailures), errorString));
        return;
    }
    failStream(ex->stream,
               tr("could not reach the server at %1 (%2)").arg(displayUrl(), errorString));
}

void HttpTransport::streamEnded(const StreamPtr& s, const QString& why) {
    if (!s || s->answered || m_closed)
        return;
    if (s->lastEventId.isEmpty()) {
        failStream(s, why);  // the server gave no event id: nothing to resume from
        return;
    }
    if (s->resumeAttempts >= kMaxResumeAttempts) {
        failStream(s, tr("%1; gave up after %2 attempts to resume it")
                          .arg(why, QString::number(kMaxResumeAttempts)));
        return;
    }
    ++s->resumeAttempts;
    const qint64 delay = s->retryMs >= 0 ? qMin(s->retryMs, kMaxServerRetryMs)
                                         : kFirstResumeDelayMs << (s->resumeAttempts - 1);
    s->resumeTimer = m_clock->callAfter(delay, this, [this, s] {
        s->resumeTimer = 0;
        resume(s);
    });
}

// GET with Last-Event-ID: the server replays what the broken stream missed and goes on.
void HttpTransport::resume(const StreamPtr& s) {
    if (m_closed || m_closing || s->answered)
        return;
    QNetworkRequest req = makeRequest(kAcceptStream);
    req.setRawHeader("Last-Event-ID", s->lastEventId.toUtf8());
    track(m_nam->get(req), Kind::Resume, s->method, s);
}

bool HttpTransport::deliverJson(const QByteArray& json) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        return false;
    if (doc.isObject()) {
        deliver(doc.object());
        return true;
    }
    if (!doc.isArray())
        return false;
    const QJsonArray batch = doc.array();
    for (const QJsonValue& v : batch) {
        if (m_closed)
            break;
        if (v.isObject())
            deliver(v.toObject());
    }
    return true;
}

void HttpTransport::deliver(const QJsonObject& message) {
    if (m_closed)
        return;
    const bool isResponse = !message.contains(u"method"_s) &&
                            (message.contains(u"result"_s) || message.contains(u"error"_s));
    const QJsonValue id = message.value(u"id"_s);
    if (isResponse && !id.isUndefined() && !id.isNull()) {
        // Any stream may carry it (a replay can bring another call's answer): the call is done.
        if (const StreamPtr s = m_streams.take(idKey(id))) {
            s->answered = true;
            if (s->resumeTimer) {
                m_clock->cancel(s->resumeTimer);
                s->resumeTimer = 0;
            }
        }
    }
    Q_EMIT received(message);
}

void HttpTransport::failStream(const StreamPtr& s, const QString& why) {
    if (!s || s->answered || m_closed)
        return;
    s->answered = true;
    if (s->resumeTimer) {
        m_clock->cancel(s->resumeTimer);
        s->resumeTimer = 0;
    }
    const QString key = idKey(s->id);
    if (m_streams.value(key) == s)
        m_streams.remove(key);
    Q_EMIT received(errorResponse(s->id, why));
}

void HttpTransport::dropStream(const QJsonValue& id) {
    if (id.isUndefined() || id.isNull())
        return;
    const StreamPtr s = m_streams.take(idKey(id));
    if (!s)
        return;
    s->answered = true;
    if (s->resumeTimer) {
        m_clock->cancel(s->resumeTimer);
        s->resumeTimer = 0;
    }
    const QList<ExchangePtr> all = m_exchanges.values();
    for (const ExchangePtr& ex : all) {
        if (ex->stream == s)
            release(ex);
    }
}

void HttpTransport::release(const ExchangePtr& ex) {
    if (ex->done)
        return;
    ex->done = true;
    m_exchanges.remove(ex->reply);
    QNetworkReply* r = ex->reply;
    r->disconnect(this);
    if (r->isRunning())
        r->abort();
    // Later: this may run inside one of the reply's own signals.
    r->deleteLater();
}

void HttpTransport::releaseAll() {
    const QList<ExchangePtr> all = m_exchanges.values();
    for (const ExchangePtr& ex : all)
        release(ex);
    for (const StreamPtr& s : std::as_const(m_streams)) {
        if (s->resumeTimer) {
            m_clock->cancel(s->resumeTimer);
            s->resumeTimer = 0;
        }
    }
    m_streams.clear();
}

void HttpTransport::addErrorLine(const QString& line) {
    m_errorTail.append(line.left(kMaxErrorLineChars));
    while (m_errorTail.size() > kErrorTailLines)
        m_errorTail.removeFirst();
}

void HttpTransport::emitClosed(const QString& why) {
    if (m_closed)
        return;
    m_closed = true;
    m_closing = true;
    if (m_closeTimer) {
        m_clock->cancel(m_closeTimer);
        m_closeTimer = 0;
    }
    releaseAll();
    Q_EMIT closed(why);
}

QString HttpTransport::displayUrl() const {
    return m_o.url.toString(QUrl::RemoveUserInfo);
}

// Qt's error texts may name the URL: never with its user info.
QString HttpTransport::scrub(QString text) const {
    if (m_o.url.userInfo().isEmpty())
        return text;
    text.replace(m_o.url.toString(), displayUrl());
    text.replace(QString::fromLatin1(m_o.url.toEncoded()), displayUrl());
    if (const QString password = m_o.url.password(); !password.isEmpty())
        text.replace(password, u"***"_s);
    return text;
}

QString HttpTransport::closeMessageForHttp(const ExchangePtr& ex) const {
    const QString url = displayUrl();
    const QString status = ex->reason.isEmpty()
                               ? QString::number(ex->status)
                               : u"%1 %2"_s.arg(QString::number(ex->status), ex->reason);
    const QString body = excerpt(ex->bytes, kErrorExcerptBytes);
    const QString said = body.isEmpty() ? QString() : tr(" The server said: %1").arg(body);
    if (ex->status >= 300 && ex->status < 400)
        return tr("the server at %1 redirects to %2 (HTTP %3). Zerg does not follow redirects to "
                  "another server, since the headers hold tokens; put the final URL in "
                  "mcp.json if you trust it.")
            .arg(url, ex->location.isEmpty() ? tr("an unknown address") : ex->location, status);
    switch (ex->status) {
        case 401:
        case 403:
            return tr("the server at %1 refused access (HTTP %2). Check the headers/token for this "
                      "server in mcp.json.%3")
                .arg(url, status, said);
        case 404:
            return tr("the server at %1 answered HTTP 404: there is no MCP endpoint at this "
                      "address. Check \"url\" in mcp.json (servers often use a path like "
                      "/mcp).%2")
                .arg(url, said);
        case 405:
            return tr("the server at %1 does not accept POST (HTTP %2). Is it a Streamable HTTP "
                      "MCP endpoint? Servers that only speak the older HTTP+SSE transport are "
                      "not supported.")
                .arg(url, status);
        default:
            return tr("the server at %1 answered the initialize request with HTTP %2.%3")
                .arg(url, status, said);
    }
}

QString HttpTransport::closeMessageForNetwork(int error, const QString& errorString) const {
    const QString url = displayUrl();
    switch (error) {
        case QNetworkReply::ConnectionRefusedError:
            return tr("could not connect to %1 (connection refused). Is the server running at %1?")
                .arg(url);
        case QNetworkReply::HostNotFoundError:
            return tr("could not find the host of %1 (%2). Check \"url\" in mcp.json.")
                .arg(url, errorString);
        case QNetworkReply::SslHandshakeFailedError:
            return tr("the TLS connection to %1 failed (%2). Check the server's certificate, and "
                      "whether the URL should start with http:// or https://.")
                .arg(url, errorString);
        case QNetworkReply::InsecureRedirectError:
        case QNetworkReply::TooManyRedirectsError:
            return tr("the server at %1 redirects elsewhere (%2). Zerg does not follow redirects "
                      "to another server; put the final URL in mcp.json if you trust it.")
                .arg(url, errorString);
        default:
            return tr("could not reach the server at %1 (%2). Is it running, and is \"url\" in "
                      "mcp.json right?")
                .arg(url, errorString);
    }
}

}  // namespace zerg
