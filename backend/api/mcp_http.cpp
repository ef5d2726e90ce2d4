#include "api/mcp_http.h"

#include "api/api_backend.h"
#include "api/api_server.h"
#include "api/http_request.h"
#include "api/mcp_service.h"
#include "core/clock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QTcpSocket>

#include <algorithm>
#include <optional>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace zerg::api {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kSweepIntervalMs = 60'000;
// JSON-RPC codes of the refusals the transport makes itself.
constexpr int kServerError = -32000;
constexpr int kInvalidRequest = -32600;
constexpr int kParseError = -32700;

const QByteArray kSessionHeader = "Mcp-Session-Id";

// A JSON-RPC id (or progress token) as a key: 1 and "1" stay apart.
QString idKey(const QJsonValue& id) {
    return QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact));
}

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray errorBody(int code, const QString& message) {
    return compact({{u"jsonrpc"_s, u"2.0"_s},
                    {u"id"_s, QJsonValue::Null},
                    {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
}

// 128 random bits in hex: visible ASCII, as the specification asks of a session id.
QString newSessionId() {
    QByteArray bytes(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(bytes.data()), 4);
    return QString::fromLatin1(bytes.toHex());
}

using Headers = HttpHeaders;

}  // namespace

struct McpHttpEndpoint::Session {
    QString id;
    qint64 ownerId = 0;
    QPointer<McpService> service;
    qint64 lastUsedMs = 0;
    // Where each request's answer goes (by idKey); a connection that closed is null, and its
    // answer is dropped when it comes.
    QHash<QString, QPointer<Connection>> pending;
    QHash<QString, QString> progressTokens;  // idKey(progress token) → idKey(request id)

    [[nodiscard]] bool hasLiveRequests() const {
        return std::any_of(pending.cbegin(), pending.cend(),
                           [](const auto& c) { return !c.isNull(); });
    }
};

// One HTTP connection: requests one after another (a pipelined request waits in the buffer until
// the one before it is answered).
class McpHttpEndpoint::Connection final : public QObject {
public:
    Connection(McpHttpEndpoint* endpoint, QTcpSocket* socket)
        : QObject(endpoint), m_ep(endpoint), m_socket(socket) {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &Connection::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &Connection::gone);
        connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError e) {
            if (e != QAbstractSocket::RemoteHostClosedError)
                qCDebug(lcApi, "MCP HTTP connection: %s", qPrintable(m_socket->errorString()));
        });
    }

    void start() {
        armDeadline(m_ep->m_config.requestDeadlineMs, true);
        if (m_socket->bytesAvailable() > 0)
            onReadyRead();
    }

    // A message for the request this connection waits on: a progress notification (streamed
    // when the answer is an event stream, else dropped) or its final response.
    void deliver(const QJsonObject& message, bool final) {
        if (m_state == State::Streaming) {
            m_socket->write("event: message\ndata: " + compact(message) + "\n\n");
            if (final)
                closeAfterWrite();
            return;
        }
        if (m_state != State::Waiting || !final)
            return;
        Headers headers;
        if (!m_newSession.isEmpty()) {
            if (message.contains(u"result"_s)) {
                headers.append({kSessionHeader, m_newSession.toLatin1()});
                qCInfo(lcApi, "MCP session %s started (owner %lld)",
                       qPrintable(m_newSession.left(8)), m_ownerId);
            } else {
                // A refused initialize (an unsupported version) leaves no session behind.
                QMetaObject::invokeMethod(
                    m_ep, [ep = m_ep, id = m_newSession] { ep->endSession(id, {}); },
                    Qt::QueuedConnection);
            }
            m_newSession.clear();
        }
        respond(200, compact(message), headers);
    }

    [[nodiscard]] bool isStreaming() const { return m_state == State::Streaming; }

    void abort() {
        m_socket->abort();
        gone();
    }

private:
    enum class State { Head, Body, Waiting, Streaming, Closing };

    void gone() {
        if (m_gone)
            return;
        m_gone = true;
        m_state = State::Closing;
        m_ep->m_clock->cancel(m_timer);
        m_ep->m_connections.removeOne(this);
        deleteLater();
    }

    // deadline: a request is due (408 when it does not arrive whole), else an idle keep-alive
    // connection that is closed without a word.
    void armDeadline(qint64 ms, bool requestDue) {
        m_ep->m_clock->cancel(m_timer);
        m_timer = m_ep->m_clock->callAfter(ms, this, [this, requestDue] {
            m_timer = 0;
            if (m_state != State::Head && m_state != State::Body)
                return;
            if (requestDue || !m_buffer.isEmpty()) {
                fail(408, kServerError,
                     u"The request did not arrive whole in time; send it again."_s, true);
            } else {
                closeAfterWrite();
            }
        });
    }

    void onReadyRead() {
        if (m_state == State::Closing)
            return;
        const bool wasIdle = m_state == State::Head && m_buffer.isEmpty();
        m_buffer += m_socket->readAll();
        if (wasIdle && !m_buffer.isEmpty())
            armDeadline(m_ep->m_config.requestDeadlineMs, true);
        process();
    }

    void process() {
        while (m_state == State::Head || m_state == State::Body) {
            if (m_state == State::Head && !readHead())
                return;
            if (m_state != State::Body)
                return;
            if (m_buffer.size() < m_bodyLength)
                return;
            m_request.body = m_buffer.left(m_bodyLength);
            m_buffer.remove(0, m_bodyLength);
            m_ep->m_clock->cancel(m_timer);
            m_timer = 0;
            m_state = State::Waiting;
            handle();
        }
    }

    // False while the head is incomplete or after it was refused.
    bool readHead() {
        const HttpHeadRead read = takeHttpHead(&m_buffer, m_ep->m_config.maxHeadBytes,
                                               m_ep->m_config.maxBodyBytes, &m_request);
        if (read.state == HttpHeadRead::State::Refused) {
            fail(read.status, kServerError, read.message, true);
            return false;
        }
        if (read.state == HttpHeadRead::State::Incomplete)
            return false;
        const QByteArray connection = m_request.header("connection").toLower();
        m_keepAlive =
            m_request.http10 ? connection.contains("keep-alive") : !connection.contains("close");
        m_bodyLength = read.bodyLength;
        m_state = State::Body;
        return true;
    }

    void handle() {
        m_allowedOrigin.clear();
        const QByteArray origin = m_request.header("origin");
        if (!origin.isEmpty()) {
            if (!isAllowedOrigin(QString::fromUtf8(origin), m_ep->m_config.allowedOrigins)) {
                qCInfo(lcApi, "refused an MCP request from origin %s (not in ZERG_SERVER_ORIGINS)",
                       origin.left(200).constData());
                fail(403, kServerError,
                     u"Requests from this web origin are not allowed; add it to "
                     "ZERG_SERVER_ORIGINS on the server."_s);
                return;
            }
            m_allowedOrigin = origin;
        }
        if (m_request.path != "/mcp") {
            fail(404, kServerError, u"Nothing here; the MCP endpoint is /mcp."_s);
            return;
        }
        if (m_request.method == "OPTIONS") {  // a browser's CORS preflight: no credentials
            respond(204, {},
                    {{"Access-Control-Allow-Methods", "POST, DELETE, OPTIONS"},
                     {"Access-Control-Allow-Headers",
                      "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, "
                      "Last-Event-ID"},
                     {"Access-Control-Max-Age", "600"}});
            return;
        }
        if (m_request.method != "POST" && m_request.method != "DELETE") {
            fail(405, kServerError,
                 m_request.method == "GET"
                     ? u"This server sends nothing unasked, so there is no event stream to open "
                       "with GET; POST messages to /mcp."_s
                     : u"Use POST (messages) or DELETE (end the session)."_s,
                 false, {{"Allow", "POST, DELETE, OPTIONS"}});
            return;
        }
        const std::optional<qint64> owner = authenticate();
        if (!owner)
            return;
        m_ownerId = *owner;
        if (m_request.method == "DELETE") {
            Session* s = session(m_request.header("mcp-session-id"));
            if (!s)
                return;
            m_ep->endSession(s->id, u"the client ended the session"_s);
            respond(204, {});
            return;
        }
        post();
    }

    // The owner the request's credentials belong to; nullopt when refused (answered here).
    std::optional<qint64> authenticate() {
        const QByteArray authorization = m_request.header("authorization");
        if (!authorization.toLower().startsWith("bearer ")) {
            fail(401, kServerError,
                 u"This endpoint needs `Authorization: Bearer <credential>`: a device secret "
                 "from `zerg devices add NAME --owner N` on the server, or a session token."_s,
                 false, {{"WWW-Authenticate", "Bearer realm=\"zerg\""}});
            return std::nullopt;
        }
        const QString credential = QString::fromUtf8(authorization.mid(7).trimmed());
        Result<Identity> identity = m_ep->m_backend->authenticate(credential);
        if (!identity && identity.error().code == u"auth_failed"_s)
            identity = m_ep->m_backend->authenticateDevice(credential);
        if (identity)
            return identity->ownerId;
        if (identity.error().code == u"auth_failed"_s) {
            fail(401, kServerError,
                 u"The credential is not known, was revoked or has expired. Make a new device "
                 "secret with `zerg devices add NAME --owner N` on the server."_s,
                 false, {{"WWW-Authenticate", "Bearer realm=\"zerg\", error=\"invalid_token\""}});
        } else {
            fail(503, kServerError,
                 u"The server cannot check credentials now (%1); try again."_s.arg(
                     identity.error().message));
        }
        return std::nullopt;
    }

    // The session the header names, when it is the owner's; else answered here (400 or 404).
    Session* session(const QByteArray& header) {
        if (header.isEmpty()) {
            fail(400, kServerError,
                 u"The Mcp-Session-Id header is missing; send initialize first and then name "
                 "the session it gave."_s);
            return nullptr;
        }
        const auto it = m_ep->m_sessions.constFind(QString::fromLatin1(header));
        if (it == m_ep->m_sessions.cend() || (*it)->ownerId != m_ownerId || !(*it)->service) {
            fail(404, kServerError,
                 u"There is no such MCP session (it ended or expired); initialize a new one."_s);
            return nullptr;
        }
        (*it)->lastUsedMs = m_ep->m_clock->nowMs();
        return it->get();
    }

    void post() {
        const QByteArray contentType = m_request.header("content-type").toLower();
        if (!contentType.startsWith("application/json")) {
            fail(415, kServerError, u"Send the message as Content-Type: application/json."_s);
            return;
        }
        const QByteArray accept = m_request.header("accept").toLower();
        const bool anything = accept.isEmpty() || accept.contains("*/*");
        const bool acceptsStream = anything || accept.contains("text/event-stream");
        if (!anything && !acceptsStream && !accept.contains("application/json")) {
            fail(406, kServerError,
                 u"Accept application/json and text/event-stream: answers come as either."_s);
            return;
        }
        const QByteArray version = m_request.header("mcp-protocol-version");
        if (!version.isEmpty() &&
            !McpService::protocolVersions().contains(QString::fromLatin1(version))) {
            fail(400, kServerError,
                 u"MCP-Protocol-Version %1 is not supported; this server speaks %2."_s.arg(
                     QString::fromLatin1(version.left(40)),
                     McpService::protocolVersions().join(u", "_s)));
            return;
        }
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(m_request.body, &error);
        if (error.error != QJsonParseError::NoError) {
            fail(400, kParseError, u"The body is not JSON: %1."_s.arg(error.errorString()));
            return;
        }
        if (!doc.isObject()) {
            fail(400, kInvalidRequest,
                 doc.isArray() ? u"Batches are not supported; send one message per request."_s
                               : u"A message must be a JSON-RPC object."_s);
            return;
        }
        const QJsonObject message = doc.object();
        const QString method = message.value(u"method"_s).toString();
        const bool isRequest = !method.isEmpty() && message.contains(u"id"_s);
        Session* s = nullptr;
        if (isRequest && method == u"initialize"_s) {
            s = m_ep->createSession(m_ownerId);
            if (!s) {
                fail(503, kServerError,
                     u"This owner has %1 MCP sessions with work running; end one (DELETE) or "
                     "wait for one to finish."_s.arg(m_ep->m_config.maxSessionsPerOwner));
                return;
            }
            m_newSession = s->id;
        } else {
            s = session(m_request.header("mcp-session-id"));
            if (!s)
                return;
        }
        const QPointer<McpService> service = s->service;
        if (!isRequest) {  // a notification or a response: nothing to wait for
            respond(202, {});
            service->handle(message);
            return;
        }
        const QString key = idKey(message.value(u"id"_s));
        s->pending.insert(key, this);
        const QJsonValue token = message.value(u"params"_s)
                                     .toObject()
                                     .value(u"_meta"_s)
                                     .toObject()
                                     .value(u"progressToken"_s);
        if (token.isString() || token.isDouble())
            s->progressTokens.insert(idKey(token), key);
        if (method == u"tools/call"_s && acceptsStream) {
            Headers headers{{"Content-Type", "text/event-stream"},
                            {"Cache-Control", "no-cache"},
                            {kSessionHeader, s->id.toLatin1()}};
            writeHead(200, headers, -1);
            m_state = State::Streaming;
        } else {
            m_state = State::Waiting;
        }
        service->handle(message);
    }

    void fail(int status, int code, const QString& message, bool close = false,
              const Headers& headers = {}) {
        if (close)
            m_keepAlive = false;
        qCDebug(lcApi, "MCP HTTP %d: %s", status, qPrintable(message));
        respond(status, errorBody(code, message), headers);
    }

    // contentLength < 0: the body runs until the connection closes (an event stream).
    void writeHead(int status, const Headers& headers, qint64 contentLength) {
        QByteArray head = httpHead(status, headers);
        if (!m_allowedOrigin.isEmpty()) {
            head += "Access-Control-Allow-Origin: " + m_allowedOrigin +
                    "\r\nVary: Origin\r\nAccess-Control-Expose-Headers: Mcp-Session-Id, "
                    "WWW-Authenticate\r\n";
        }
        if (contentLength >= 0 && status != 204)
            head += "Content-Length: " + QByteArray::number(contentLength) + "\r\n";
        if (contentLength < 0 || !m_keepAlive)
            head += "Connection: close\r\n";
        else if (m_request.http10)
            head += "Connection: keep-alive\r\n";
        m_socket->write(head + "\r\n");
    }

    // A whole answer; then the next request, or the end of the connection.
    void respond(int status, const QByteArray& body, Headers headers = {}) {
        if (!body.isEmpty())
            headers.prepend({"Content-Type", "application/json"});
        writeHead(status, headers, body.size());
        m_socket->write(body);
        if (!m_keepAlive) {
            closeAfterWrite();
            return;
        }
        m_state = State::Head;
        armDeadline(
            m_buffer.isEmpty() ? m_ep->m_config.keepAliveMs : m_ep->m_config.requestDeadlineMs,
            !m_buffer.isEmpty());
        if (!m_buffer.isEmpty()) {  // a pipelined request: after this answer, not inside it
            QMetaObject::invokeMethod(this, &Connection::process, Qt::QueuedConnection);
        }
    }

    void closeAfterWrite() {
        m_state = State::Closing;
        m_ep->m_clock->cancel(m_timer);
        m_timer = 0;
        m_socket->disconnectFromHost();  // after what is written; then disconnected → gone
    }

    McpHttpEndpoint* m_ep;
    QTcpSocket* m_socket;
    QByteArray m_buffer;
    State m_state = State::Head;
    HttpRequest m_request;
    qint64 m_bodyLength = 0;
    bool m_keepAlive = true;
    bool m_gone = false;
    qint64 m_ownerId = 0;
    QString m_newSession;  // the session this request's initialize starts
    QByteArray m_allowedOrigin;
    Clock::TimerId m_timer = 0;
};

McpHttpEndpoint::McpHttpEndpoint(McpHttpConfig config, ApiBackend* backend, Clock* clock,
                                 ServiceFactory factory, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_backend(backend),
      m_clock(clock),
      m_factory(std::move(factory)) {}

McpHttpEndpoint::~McpHttpEndpoint() {
    closeAll();
}

void McpHttpEndpoint::handleConnection(QTcpSocket* socket) {
    auto* connection = new Connection(this, socket);
    m_connections.append(connection);
    if (m_connections.size() > m_config.maxConnections) {
        qCWarning(lcApi, "refused an MCP connection: %d are open, the limit",
                  m_config.maxConnections);
        socket->write(
            "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    connection->start();
}

void McpHttpEndpoint::closeAll() {
    const QStringList ids = m_sessions.keys();
    for (const QString& id : ids)
        endSession(id, u"the server is stopping"_s);
    const QList<Connection*> connections = m_connections;
    for (Connection* c : connections)
        c->abort();
}

McpHttpEndpoint::Session* McpHttpEndpoint::createSession(qint64 ownerId) {
    makeRoomFor(ownerId);
    const qsizetype owned =
        std::count_if(m_sessions.cbegin(), m_sessions.cend(),
                      [ownerId](const auto& s) { return s->ownerId == ownerId; });
    if (owned >= m_config.maxSessionsPerOwner)
        return nullptr;
    auto session = std::make_shared<Session>();
    session->id = newSessionId();
    session->ownerId = ownerId;
    session->lastUsedMs = m_clock->nowMs();
    session->service = m_factory(ownerId, this);
    Session* raw = session.get();
    connect(session->service, &McpService::send, this,
            [this, weak = std::weak_ptr<Session>(session)](const QJsonObject& message) {
                if (const std::shared_ptr<Session> s = weak.lock())
                    onServiceMessage(s.get(), message);
            });
    m_sessions.insert(session->id, std::move(session));
    if (!m_sweeping) {
        m_sweeping = true;
        m_clock->callAfter(kSweepIntervalMs, this, [this] { sweep(); });
    }
    return raw;
}

void McpHttpEndpoint::makeRoomFor(qint64 ownerId) {
    for (;;) {
        std::shared_ptr<Session> oldestIdle;
        int owned = 0;
        for (const auto& s : std::as_const(m_sessions)) {
            if (s->ownerId != ownerId)
                continue;
            ++owned;
            const bool idle = !s->hasLiveRequests() && (!s->service || s->service->isIdle());
            if (idle && (!oldestIdle || s->lastUsedMs < oldestIdle->lastUsedMs))
                oldestIdle = s;
        }
        if (owned < m_config.maxSessionsPerOwner || !oldestIdle)
            return;
        endSession(oldestIdle->id,
                   u"too many sessions of this owner; this one was least "
                   "recently used"_s);
    }
}

void McpHttpEndpoint::endSession(const QString& id, const QString& reason) {
    const std::shared_ptr<Session> s = m_sessions.take(id);
    if (!s)
        return;
    if (!reason.isEmpty())
        qCInfo(lcApi, "MCP session %s ended: %s", qPrintable(id.left(8)), qPrintable(reason));
    for (const QPointer<Connection>& c : std::as_const(s->pending)) {
        if (c)
            c->abort();  // its answer will not come
    }
    if (s->service) {
        s->service->disconnect(this);
        s->service->stop(reason.isEmpty() ? u"session ended"_s : reason);
        s->service->deleteLater();
    }
}

void McpHttpEndpoint::sweep() {
    const qint64 now = m_clock->nowMs();
    QStringList expired;
    for (const auto& s : std::as_const(m_sessions)) {
        const bool idle = !s->hasLiveRequests() && (!s->service || s->service->isIdle());
        if (idle && now - s->lastUsedMs >= m_config.sessionIdleMs)
            expired.append(s->id);
    }
    for (const QString& id : expired)
        endSession(id, u"idle for too long"_s);
    m_sweeping = !m_sessions.isEmpty();
    if (m_sweeping)
        m_clock->callAfter(kSweepIntervalMs, this, [this] { sweep(); });
}

void McpHttpEndpoint::onServiceMessage(Session* session, const QJsonObject& message) {
    const QString method = message.value(u"method"_s).toString();
    if (method.isEmpty()) {  // a response: the end of its request
        const QString key = idKey(message.value(u"id"_s));
        const QPointer<Connection> connection = session->pending.take(key);
        session->progressTokens.removeIf(
            [&key](QHash<QString, QString>::iterator it) { return it.value() == key; });
        session->lastUsedMs = m_clock->nowMs();
        if (connection)
            connection->deliver(message, true);
        return;
    }
    if (method == u"notifications/progress"_s) {
        const QString token =
            idKey(message.value(u"params"_s).toObject().value(u"progressToken"_s));
        if (const QPointer<Connection> c =
                session->pending.value(session->progressTokens.value(token)))
            c->deliver(message, false);
        return;
    }
    // Anything else unasked goes to an open event stream of the session, if there is one.
    for (const QPointer<Connection>& c : std::as_const(session->pending)) {
        if (c && c->isStreaming()) {
            c->deliver(message, false);
            return;
        }
    }
}

}  // namespace zerg::api
