#include "api/api_server.h"

#include "api/action_endpoint.h"
#include "api/api_backend.h"
#include "api/api_connection.h"
#include "api/http_request.h"
#include "core/clock.h"
#include "core/event_bus.h"

#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QWebSocket>
#include <QWebSocketCorsAuthenticator>
#include <QWebSocketServer>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/resource.h>
#if defined(Q_OS_MACOS)
#include <climits>  // OPEN_MAX
#endif

Q_LOGGING_CATEGORY(lcApi, "zerg.api")

namespace zerg::api {

using namespace Qt::StringLiterals;

// The backend as one connection sees it: every call goes to the server's backend, and the answers
// ApiConnection acts on tell whether the connection is authenticated. A login or auth that
// succeeds authenticates it (auth_failed leaves it as it was), a logout that succeeds makes it
// unauthenticated again; a token that fails its re-check closes the connection. A child of its
// connection, so it lives exactly as long.
class ConnectionBackend final : public QObject, public ApiBackend {
public:
    explicit ConnectionBackend(ApiBackend* backend) : m_backend(backend) {}

    [[nodiscard]] bool authenticated() const { return m_authenticated; }

    Result<Identity> login(const QString& deviceSecret) override {
        Result<Identity> r = m_backend->login(deviceSecret);
        if (r.ok())
            m_authenticated = true;
        return r;
    }
    Result<Identity> authenticate(const QString& token) override {
        Result<Identity> r = m_backend->authenticate(token);
        if (r.ok())
            m_authenticated = true;
        return r;
    }
    Status logout(const QString& token) override {
        Status s = m_backend->logout(token);
        if (s.ok())
            m_authenticated = false;
        return s;
    }
    Result<QJsonObject> dispatch(qint64 ownerId, const QString& task, const QJsonObject& context,
                                 const QJsonObject& preferences) override {
        return m_backend->dispatch(ownerId, task, context, preferences);
    }
    Result<QJsonObject> run(qint64 ownerId, qint64 runId) override {
        return m_backend->run(ownerId, runId);
    }
    Result<QJsonObject> runs(qint64 ownerId, int limit) override {
        return m_backend->runs(ownerId, limit);
    }
    Result<QJsonObject> conversation(qint64 ownerId, std::optional<qint64> beforeRunId,
                                     int limit) override {
        return m_backend->conversation(ownerId, beforeRunId, limit);
    }
    Result<QJsonObject> recordSpoken(qint64 ownerId, const QString& said, const QString& answered,
                                     bool interrupted) override {
        return m_backend->recordSpoken(ownerId, said, answered, interrupted);
    }
    Result<QJsonObject> workers(qint64 ownerId, int limit, std::optional<qint64> runId) override {
        return m_backend->workers(ownerId, limit, runId);
    }
    Result<QJsonObject> worker(qint64 ownerId, const QString& workerId,
                               std::optional<qint64> jobId) override {
        return m_backend->worker(ownerId, workerId, jobId);
    }
    Result<QJsonObject> workerFile(qint64 ownerId, const QString& workerId,
                                   const QString& path) override {
        return m_backend->workerFile(ownerId, workerId, path);
    }
    Result<QJsonObject> cancel(qint64 ownerId, std::optional<qint64> runId,
                               std::optional<qint64> jobId) override {
        return m_backend->cancel(ownerId, runId, jobId);
    }
    void schedules(qint64 ownerId, const QString& action, const QJsonObject& args, QObject* context,
                   Done done) override {
        m_backend->schedules(ownerId, action, args, context, std::move(done));
    }
    Result<DashboardSources> dashboard(qint64 ownerId) override {
        return m_backend->dashboard(ownerId);
    }

private:
    ApiBackend* m_backend;
    bool m_authenticated = false;
};

namespace {

// Refusals are reported at most this often, so that a flood does not flood the log too.
constexpr qint64 RefusalReportIntervalMs = 10'000;
// A first request's head larger than this is not waited for: the connection is closed.
constexpr qint64 MaxRoutingHeadBytes = 16 * 1024;

QString normalizedOrigin(QString origin) {
    origin = origin.trimmed().toLower();
    while (origin.endsWith(u'/'))
        origin.chop(1);
    return origin;
}

}  // namespace

bool isAllowedOrigin(const QString& origin, const QStringList& allowed) {
    const QString wanted = normalizedOrigin(origin);
    return std::any_of(allowed.cbegin(), allowed.cend(),
                       [&wanted](const QString& a) { return normalizedOrigin(a) == wanted; });
}

OpenFileLimit raiseOpenFileLimit() {
    OpenFileLimit result;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        result.error = QString::fromLocal8Bit(std::strerror(errno));
        qCWarning(lcApi, "cannot read the open-file limit: %s", qPrintable(result.error));
        return result;
    }
    rlim_t wanted = limit.rlim_max;
#if defined(Q_OS_MACOS)
    wanted = std::min<rlim_t>(wanted, OPEN_MAX);  // macOS refuses more for one process
#endif
    if (wanted == RLIM_INFINITY)
        wanted = 1 << 20;  // Linux refuses "unlimited"; its usual ceiling (fs.nr_open)
    result.before = quint64(limit.rlim_cur);
    result.hard = quint64(limit.rlim_max);
    result.after = result.before;
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= wanted) {
        qCInfo(lcApi, "open-file limit: %llu (already the highest allowed)", result.after);
        return result;
    }
    rlimit raised = limit;
    raised.rlim_cur = wanted;
    if (::setrlimit(RLIMIT_NOFILE, &raised) != 0) {
        result.error = QString::fromLocal8Bit(std::strerror(errno));
        qCWarning(lcApi,
                  "cannot raise the open-file limit from %llu to %llu (%s); about that many "
                  "clients can connect at once. Raise it with `ulimit -n` or the service's "
                  "LimitNOFILE=.",
                  result.before, quint64(wanted), qPrintable(result.error));
        return result;
    }
    result.after = quint64(wanted);
    qCInfo(lcApi, "open-file limit raised from %llu to %llu", result.before, result.after);
    return result;
}

Result<QSslConfiguration> loadTlsConfiguration(const QString& certPath, const QString& keyPath) {
    if (!QSslSocket::supportsSsl())
        return Error{u"tls"_s,
                     u"This build has no TLS support (OpenSSL not found); install "
                     "OpenSSL or serve without a certificate on loopback."_s};
    QFile certFile(certPath);
    if (!certFile.open(QIODevice::ReadOnly))
        return Error{u"tls"_s, u"Cannot read the TLS certificate %1: %2."_s.arg(
                                   certPath, certFile.errorString())};
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    if (chain.isEmpty() || chain.first().isNull())
        return Error{u"tls"_s,
                     u"%1 holds no PEM certificate; give the certificate file "
                     "(-----BEGIN CERTIFICATE-----)."_s.arg(certPath)};
    QFile keyFile(keyPath);
    if (!keyFile.open(QIODevice::ReadOnly))
        return Error{u"tls"_s,
                     u"Cannot read the TLS key %1: %2."_s.arg(keyPath, keyFile.errorString())};
    const QByteArray keyPem = keyFile.readAll();
    QSslKey key;
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        key = QSslKey(keyPem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            break;
    }
    if (key.isNull())
        return Error{u"tls"_s,
                     u"%1 holds no usable private key; give an unencrypted PEM RSA or "
                     "EC key."_s.arg(keyPath)};
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificateChain(chain);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone);  // clients authenticate with tokens
    return config;
}

ApiServer::ApiServer(ApiServerConfig config, ApiBackend* backend, EventBus* bus, Clock* clock,
                     QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_backend(backend),
      m_clock(clock),
      m_log(m_config.eventLogCapacity) {
    // The log records from now on, listening or not, so that a resume right after start works.
    connect(bus, &EventBus::published, this, &ApiServer::deliver);
    m_config.mcp.allowedOrigins = m_config.allowedOrigins;
    // The handshakes of the connections route() hands over. TLS, if any, is the listener's.
    m_ws = new QWebSocketServer(u"zerg"_s, QWebSocketServer::NonSecureMode, this);
    // The origin check runs inside the handshake, before a connection exists.
    connect(m_ws, &QWebSocketServer::originAuthenticationRequired, this, &ApiServer::onOriginCheck,
            Qt::DirectConnection);
    connect(m_ws, &QWebSocketServer::newConnection, this, &ApiServer::onNewConnection);
    // One client's failed handshake (a refused origin, a bad request) concerns only that client.
    connect(m_ws, &QWebSocketServer::serverError, this, [this](QWebSocketProtocol::CloseCode) {
        qCDebug(lcApi, "a client's handshake failed: %s", qPrintable(m_ws->errorString()));
    });
}

void ApiServer::setMcpServiceFactory(McpHttpEndpoint::ServiceFactory factory) {
    delete m_mcp;
    m_mcp = new McpHttpEndpoint(m_config.mcp, m_backend, m_clock, std::move(factory), this);
}

void ApiServer::servePhoneLinks(PhoneLinks* links, HttpEndpointLimits limits) {
    delete m_actions;
    m_actions = links ? new ActionEndpoint(limits, links, m_clock, this) : nullptr;
}

void ApiServer::serveSmsReplies(SmsReplies* replies, HttpEndpointLimits limits) {
    delete m_sms;
    m_sms = replies ? new SmsEndpoint(limits, replies, m_clock, this) : nullptr;
}

ApiServer::~ApiServer() {
    // Connections are children; their sockets go with them.
    for (ApiConnection* c : std::as_const(m_connections))
        c->disconnect(this);
}

Status ApiServer::listen(const QHostAddress& address, quint16 port) {
    if (m_listener && m_listener->isListening())
        return Error{u"listen_failed"_s, u"The API server is already listening on port %1."_s.arg(
                                             m_listener->serverPort())};
    if (m_config.tls) {
        if (!QSslSocket::supportsSsl())
            return Error{u"tls"_s,
                         u"This build has no TLS support (OpenSSL not found); install "
                         "OpenSSL or serve without a certificate on loopback."_s};
        if (m_config.tls->localCertificate().isNull() || m_config.tls->privateKey().isNull())
            return Error{u"tls"_s,
                         u"The TLS configuration has no certificate or no private key; "
                         "give both (--tls-cert and --tls-key)."_s};
    }
    delete m_listener;
    ++m_listenGeneration;
    if (m_config.tls) {
        auto* ssl = new QSslServer(this);
        ssl->setSslConfiguration(*m_config.tls);
        connect(ssl, &QSslServer::sslErrors, this, [](QSslSocket*, const QList<QSslError>& errors) {
            for (const QSslError& e : errors)
                qCInfo(lcApi, "TLS handshake error: %s", qPrintable(e.errorString()));
        });
        // A connection is pending once its TLS handshake is done; queued, as a QSslSocket needs
        // the event loop to deliver what arrived with the handshake.
        connect(ssl, &QTcpServer::pendingConnectionAvailable, this, &ApiServer::onPendingConnection,
                Qt::QueuedConnection);
        m_listener = ssl;
    } else {
        m_listener = new QTcpServer(this);
        connect(m_listener, &QTcpServer::pendingConnectionAvailable, this,
                &ApiServer::onPendingConnection);
    }
    // A failed accept pauses the listener for good.
    connect(m_listener, &QTcpServer::acceptError, this,
            [this](QAbstractSocket::SocketError) { onListenerError(m_listener->errorString()); });
    if (!m_listener->listen(address, port)) {
        const QString why = m_listener->errorString();
        delete m_listener;
        m_listener = nullptr;
        return Error{u"listen_failed"_s,
                     u"Cannot listen on %1:%2: %3. Pick another address or port (--listen)."_s
                         .arg(address.toString())
                         .arg(port)
                         .arg(why)};
    }
    qCInfo(lcApi, "listening on %s://%s:%u%s", m_config.tls ? "wss" : "ws",
           qPrintable(address.toString()), unsigned(m_listener->serverPort()),
           m_mcp ? " (MCP at /mcp)" : "");
    return Ok{};
}

quint16 ApiServer::port() const {
    return m_listener ? m_listener->serverPort() : 0;
}

bool ApiServer::isListening() const {
    return m_listener && m_listener->isListening();
}

void ApiServer::close() {
    ++m_listenGeneration;  // a failure reported before this is moot
    if (m_listener && m_listener->isListening()) {
        m_listener->close();
        qCInfo(lcApi, "stopped listening; closing %lld clients", qint64(m_connections.size()));
    }
    const QList<QTcpSocket*> routing = m_routing.keys();
    for (QTcpSocket* socket : routing) {
        m_clock->cancel(m_routing.take(socket));
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
    if (m_mcp)
        m_mcp->closeAll();
    if (m_actions)
        m_actions->closeAll();
    if (m_sms)
        m_sms->closeAll();
    const QList<ApiConnection*> connections = m_connections;
    for (ApiConnection* c : connections)
        c->closeWith(1001, u"server stopping"_s);
}

void ApiServer::onListenerError(const QString& why) {
    qCWarning(lcApi, "the listener failed: %s", qPrintable(why));
    // Not from inside the listener's signal: whoever restarts us replaces m_listener.
    QMetaObject::invokeMethod(
        this,
        [this, generation = m_listenGeneration, why] {
            if (generation != m_listenGeneration || !m_listener)
                return;  // closed or listening anew meanwhile
            ++m_listenGeneration;
            m_listener->close();
            Q_EMIT listenerFailed(why);
        },
        Qt::QueuedConnection);
}

void ApiServer::onOriginCheck(QWebSocketCorsAuthenticator* authenticator) const {
    const QString origin = authenticator->origin();
    if (origin.isEmpty()) {  // a native client: browsers always send Origin
        authenticator->setAllowed(true);
        return;
    }
    if (isAllowedOrigin(origin, m_config.allowedOrigins)) {
        authenticator->setAllowed(true);
        return;
    }
    authenticator->setAllowed(false);
    qCInfo(lcApi, "refused a connection from origin %s (not in ZERG_SERVER_ORIGINS)",
           qPrintable(origin.left(200)));
}

int ApiServer::unauthenticatedCount() const {
    return int(std::count_if(m_connections.cbegin(), m_connections.cend(), [this](auto* c) {
        const ConnectionBackend* backend = m_connectionBackends.value(c);
        return backend && !backend->authenticated();
    }));
}

void ApiServer::onPendingConnection() {
    while (m_listener && m_listener->hasPendingConnections()) {
        QTcpSocket* socket = m_listener->nextPendingConnection();
        socket->setParent(this);  // a new listener after a failure must not take it along
        if (m_routing.size() >= m_config.maxAwaitingRequest) {
            // Nobody has said what they want yet and the queue is full: an idle-socket flood.
            ++m_refusedSinceReport;
            socket->abort();
            socket->deleteLater();
            continue;
        }
        route(socket);
    }
}

void ApiServer::route(QTcpSocket* socket) {
    m_routing.insert(socket, m_clock->callAfter(m_config.authDeadlineMs, socket, [this, socket] {
        m_routing.remove(socket);
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }));
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { routeWhenReady(socket); });
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
        if (const auto it = m_routing.constFind(socket); it != m_routing.cend()) {
            m_clock->cancel(*it);
            m_routing.remove(socket);
            socket->deleteLater();
        }
    });
    if (socket->bytesAvailable() > 0)
        routeWhenReady(socket);
}

void ApiServer::routeWhenReady(QTcpSocket* socket) {
    if (!m_routing.contains(socket))
        return;
    const QByteArray head = socket->peek(MaxRoutingHeadBytes + 1);
    if (!head.contains("\r\n\r\n")) {
        if (head.size() > MaxRoutingHeadBytes) {
            m_clock->cancel(m_routing.take(socket));
            socket->disconnect(this);
            socket->abort();
            socket->deleteLater();
        }
        return;
    }
    // "POST /mcp?x HTTP/1.1": the path, without its query.
    QByteArray path = head.left(head.indexOf("\r\n")).split(' ').value(1);
    if (const qsizetype query = path.indexOf('?'); query >= 0)
        path.truncate(query);
    m_clock->cancel(m_routing.take(socket));
    socket->disconnect(this);
    if (m_mcp && path == "/mcp") {
        m_mcp->handleConnection(socket);
    } else if (m_actions && ActionEndpoint::isActionPath(path)) {
        m_actions->handleConnection(socket);
    } else if (m_sms && SmsEndpoint::isSmsPath(path)) {
        m_sms->handleConnection(socket);
    } else if (m_health && path == "/health") {
        answerHealth(socket);
    } else {
        m_ws->handleConnection(socket);
    }
}

void ApiServer::answerHealth(QTcpSocket* socket) {
    const Health h = m_health();
    const QByteArray body = QJsonDocument(h.body).toJson(QJsonDocument::Compact);
    socket->setParent(this);
    socket->write(httpHead(h.httpStatus, {{"Content-Type", "application/json"},
                                          {"Cache-Control", "no-store"},
                                          {"Content-Length", QByteArray::number(body.size())},
                                          {"Connection", "close"}}) +
                  "\r\n" + body);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    socket->disconnectFromHost();  // after what was written has gone
    // A peer that never reads is cut off soon: it holds a file descriptor.
    QPointer<QTcpSocket> guard = socket;
    m_clock->callAfter(m_config.refusedGraceMs, socket, [guard] {
        if (guard)
            guard->abort();
    });
}

void ApiServer::onNewConnection() {
    while (QWebSocket* socket = m_ws->nextPendingConnection()) {
        if (unauthenticatedCount() >= m_config.maxUnauthenticated) {
            refuse(socket);
            continue;
        }
        auto* backend = new ConnectionBackend(m_backend);
        ConnectionContext context{&m_config, backend, m_clock, &m_log};
        auto* connection = new ApiConnection(m_nextConnectionId++, socket, context, this);
        backend->setParent(connection);
        m_connectionBackends.insert(connection, backend);
        connect(connection, &ApiConnection::finished, this, &ApiServer::onConnectionFinished);
        m_connections.append(connection);
        connection->start();
        Q_EMIT clientCountChanged(int(m_connections.size()));
    }
}

void ApiServer::refuse(QWebSocket* socket) {
    socket->setParent(this);
    const qint64 now = m_clock->nowMs();
    ++m_refusedSinceReport;
    if (m_lastRefusalReportMs < 0 || now - m_lastRefusalReportMs >= RefusalReportIntervalMs) {
        qCWarning(lcApi,
                  "refused %lld new client(s), the last from %s: %d connections have not "
                  "authenticated yet, the limit",
                  m_refusedSinceReport, qPrintable(socket->peerAddress().toString()),
                  m_config.maxUnauthenticated);
        m_refusedSinceReport = 0;
        m_lastRefusalReportMs = now;
    }
    connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
    // A peer that does not answer the close is cut off soon: it holds a file descriptor.
    QPointer<QWebSocket> guard = socket;
    m_clock->callAfter(m_config.refusedGraceMs, socket, [guard] {
        if (!guard)
            return;
        guard->abort();
        guard->deleteLater();
    });
    socket->close(static_cast<QWebSocketProtocol::CloseCode>(TooManyUnauthenticatedCloseCode),
                  u"too many connections waiting to authenticate; try again later"_s);
}

void ApiServer::onConnectionFinished(ApiConnection* connection) {
    if (!m_connections.removeOne(connection))
        return;
    m_connectionBackends.remove(connection);
    connection->deleteLater();
    Q_EMIT clientCountChanged(int(m_connections.size()));
}

void ApiServer::deliver(Event e) {
    e.seq = ++m_seq;
    m_log.append(e);
    // One serialization per event, shared by every client of its owner.
    QString frame;
    const QList<ApiConnection*> connections = m_connections;  // a send may close a client
    for (ApiConnection* c : connections) {
        if (!c->wantsEvents(e.ownerId))
            continue;
        if (frame.isNull())
            frame = eventFrame(e);
        c->sendEvent(e, frame);
    }
}

}  // namespace zerg::api
