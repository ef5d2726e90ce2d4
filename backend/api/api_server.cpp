#include "api/api_server.h"

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

Q_LOGGING_CATEGORY(lcApi, "zerg.api")

namespace zerg::api {

using namespace Qt::StringLiterals;

namespace {

QString normalizedOrigin(QString origin) {
    origin = origin.trimmed().toLower();
    while (origin.endsWith(u'/'))
        origin.chop(1);
    return origin;
}

}  // namespace

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

void ApiServer::onNewConnection() {
    while (QWebSocket* socket = m_server->nextPendingConnection()) {
        ConnectionContext context{&m_config, m_backend, m_clock, &m_log};
        auto* connection = new ApiConnection(m_nextConnectionId++, socket, context, this);
        connect(connection, &ApiConnection::finished, this, &ApiServer::onConnectionFinished);
        m_connections.append(connection);
        connection->start();
        Q_EMIT clientCountChanged(int(m_connections.size()));
    }
}

void ApiServer::onConnectionFinished(ApiConnection* connection) {
    if (!m_connections.removeOne(connection))
        return;
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
