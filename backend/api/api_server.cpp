#include "api/api_server.h"

#include "api/api_backend.h"
#include "api/api_connection.h"
#include "core/clock.h"
#include "core/event_bus.h"

#include <QFile>
#include <QLoggingCategory>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
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

QString normalizedOrigin(QString origin) {
    origin = origin.trimmed().toLower();
    while (origin.endsWith(u'/'))
        origin.chop(1);
    return origin;
}

}  // namespace

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
    connect(bus, &EventBus::published, this, &ApiServer::onEvent);
}

ApiServer::~ApiServer() {
    // Connections are children; their sockets go with them.
    for (ApiConnection* c : std::as_const(m_connections))
        c->disconnect(this);
}

Status ApiServer::listen(const QHostAddress& address, quint16 port) {
    if (m_server && m_server->isListening())
        return Error{u"listen_failed"_s, u"The API server is already listening on port %1."_s.arg(
                                             m_server->serverPort())};
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
    delete m_server;
    ++m_listenGeneration;
    m_server = new QWebSocketServer(
        u"zerg"_s, m_config.tls ? QWebSocketServer::SecureMode : QWebSocketServer::NonSecureMode,
        this);
    if (m_config.tls)
        m_server->setSslConfiguration(*m_config.tls);
    // The origin check runs inside the handshake, before a connection exists.
    connect(m_server, &QWebSocketServer::originAuthenticationRequired, this,
            &ApiServer::onOriginCheck, Qt::DirectConnection);
    connect(m_server, &QWebSocketServer::newConnection, this, &ApiServer::onNewConnection);
    connect(m_server, &QWebSocketServer::sslErrors, this, [](const QList<QSslError>& errors) {
        for (const QSslError& e : errors)
            qCInfo(lcApi, "TLS handshake error: %s", qPrintable(e.errorString()));
    });
    // A failed accept pauses the listener for good; serverError is mostly one client's failed
    // handshake (a refused origin, a bad request), which must not cost the others their server,
    // so it only counts when the listener is no longer listening.
    connect(m_server, &QWebSocketServer::acceptError, this,
            [this](QAbstractSocket::SocketError) { onListenerError(m_server->errorString()); });
    connect(m_server, &QWebSocketServer::serverError, this, [this](QWebSocketProtocol::CloseCode) {
        if (m_server->isListening()) {
            qCDebug(lcApi, "a client's handshake failed: %s", qPrintable(m_server->errorString()));
            return;
        }
        onListenerError(m_server->errorString());
    });
    if (!m_server->listen(address, port)) {
        const QString why = m_server->errorString();
        delete m_server;
        m_server = nullptr;
        return Error{u"listen_failed"_s,
                     u"Cannot listen on %1:%2: %3. Pick another address or port (--listen)."_s
                         .arg(address.toString())
                         .arg(port)
                         .arg(why)};
    }
    qCInfo(lcApi, "listening on %s://%s:%u", m_config.tls ? "wss" : "ws",
           qPrintable(address.toString()), unsigned(m_server->serverPort()));
    return Ok{};
}

quint16 ApiServer::port() const {
    return m_server ? m_server->serverPort() : 0;
}

bool ApiServer::isListening() const {
    return m_server && m_server->isListening();
}

void ApiServer::close() {
    ++m_listenGeneration;  // a failure reported before this is moot
    if (m_server && m_server->isListening()) {
        m_server->close();
        qCInfo(lcApi, "stopped listening; closing %lld clients", qint64(m_connections.size()));
    }
    const QList<ApiConnection*> connections = m_connections;
    for (ApiConnection* c : connections)
        c->closeWith(1001, u"server stopping"_s);
}

void ApiServer::onListenerError(const QString& why) {
    qCWarning(lcApi, "the listener failed: %s", qPrintable(why));
    // Not from inside the listener's signal: whoever restarts us replaces m_server.
    QMetaObject::invokeMethod(
        this,
        [this, generation = m_listenGeneration, why] {
            if (generation != m_listenGeneration || !m_server)
                return;  // closed or listening anew meanwhile
            ++m_listenGeneration;
            m_server->close();
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
    const QString wanted = normalizedOrigin(origin);
    for (const QString& allowed : m_config.allowedOrigins) {
        if (normalizedOrigin(allowed) == wanted) {
            authenticator->setAllowed(true);
            return;
        }
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

void ApiServer::onNewConnection() {
    while (QWebSocket* socket = m_server->nextPendingConnection()) {
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

void ApiServer::onEvent(const Event& e) {
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
