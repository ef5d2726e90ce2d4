#pragma once

#include "api/action_endpoint.h"
#include "api/event_log.h"
#include "api/mcp_http.h"
#include "api/sms_endpoint.h"
#include "core/clock.h"
#include "core/result.h"

#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QStringList>

#include <functional>
#include <optional>

class QTcpServer;
class QTcpSocket;
class QWebSocket;
class QWebSocketServer;
class QWebSocketCorsAuthenticator;

namespace zerg {
class PhoneLinks;
class EventBus;
}  // namespace zerg

namespace zerg::api {

class ApiBackend;
class ApiConnection;
class ConnectionBackend;

// The limits of docs/api.md; tests shrink them.
struct ApiServerConfig {
    // Browser origins allowed to connect (e.g. "https://ops.example.com"). A connection without
    // an Origin header (a native client) is always allowed.
    QStringList allowedOrigins;
    // wss:// when set (see loadTlsConfiguration).
    std::optional<QSslConfiguration> tls;

    qint64 softFrameBytes = 64 * 1024;    // larger: a too_large reply, the connection stays
    qint64 hardFrameBytes = 1024 * 1024;  // larger: closed with 1009 by Qt
    double commandsPerSecond = 20;
    int commandBurst = 40;
    int rateLimitedBeforeClose = 100;          // consecutive refused commands → 1008
    qint64 maxBacklogBytes = 8 * 1024 * 1024;  // unsent bytes for one client → 1008
    qint64 authDeadlineMs = 10'000;            // → 4401
    int maxAuthFailures = 3;                   // → 4401
    qint64 tokenRecheckMs = 30'000;            // revoked/expired tokens of idle listeners
    qint64 closeGraceMs = 5'000;               // a closed peer that does not answer is cut off
    int eventLogCapacity = EventLog::DefaultCapacity;
    // Clients that have not authenticated (yet, or again after logout) at most; one more is
    // closed at once with 4429 (and cut off after refusedGraceMs if it does not read the close).
    int maxUnauthenticated = 64;
    qint64 refusedGraceMs = 1'000;
    // Connections that have not sent their first request's head yet (each for at most
    // authDeadlineMs): one more is closed at once.
    int maxAwaitingRequest = 256;
    // The MCP endpoint's limits (its allowedOrigins are those above).
    McpHttpConfig mcp;
};

// Whether a browser origin ("https://ops.example.com") is one of allowed: scheme, host and port,
// case and trailing slashes aside.
[[nodiscard]] bool isAllowedOrigin(const QString& origin, const QStringList& allowed);

// The close code of a client refused because too many connections wait to authenticate
// (ApiServerConfig::maxUnauthenticated): try again later.
inline constexpr int TooManyUnauthenticatedCloseCode = 4429;

// What raiseOpenFileLimit() found and did.
struct OpenFileLimit {
    quint64 before = 0;  // the soft limit at the start
    quint64 after = 0;   // the soft limit now
    quint64 hard = 0;    // the hard limit: the most an unprivileged process may raise it to
    QString error;       // why it could not be raised; empty when it was or already was highest
};

// Raises this process's soft limit of open files (RLIMIT_NOFILE) to its hard limit: every client
// of `zerg serve` holds a socket, and the soft limit is often 1024. Logs what it did (category
// zerg.api); a failure only logs, the server runs with the limit it has.
OpenFileLimit raiseOpenFileLimit();

// Reads a PEM certificate (chain) and its PEM private key (RSA or EC, not encrypted) into a
// server-side TLS configuration. Errors name the file and say what is wrong.
[[nodiscard]] Result<QSslConfiguration> loadTlsConfiguration(const QString& certPath,
                                                             const QString& keyPath);

// The WebSocket server of `zerg serve` (docs/api.md) and, on the same port at the path /mcp, its
// MCP endpoint (McpHttpEndpoint, once setMcpServiceFactory was called). Each accepted connection
// is routed by its first request's path once its head has arrived (within authDeadlineMs, at most
// maxAwaitingRequest at a time): /mcp to the endpoint, anything else to the WebSocket handshake.
// Lives on the main thread; each WebSocket client is an ApiConnection, and a misbehaving client
// is closed without affecting the others. Every event of the bus, and every event relayed from
// another instance (relay()), is numbered in this server's stream, kept in an EventLog for
// resuming, and sent to the subscribed clients of its owner.
// At most maxUnauthenticated clients may wait to authenticate at a time (each for at most
// authDeadlineMs): a client beyond that is closed at once, so that idle sockets cannot use up the
// server's file descriptors.
class ApiServer : public QObject {
    Q_OBJECT
public:
    // backend, bus and clock must outlive the server.
    ApiServer(ApiServerConfig config, ApiBackend* backend, EventBus* bus, Clock* clock,
              QObject* parent = nullptr);
    ~ApiServer() override;

    // Starts accepting clients; port 0 picks a free one (see port()). Errors: "listen_failed"
    // (address in use, no permission), "tls" (the TLS configuration has no certificate or key,
    // or this build has no TLS support).
    [[nodiscard]] Status listen(const QHostAddress& address, quint16 port);
    [[nodiscard]] quint16 port() const;
    [[nodiscard]] bool isListening() const;
    [[nodiscard]] bool isSecure() const { return m_config.tls.has_value(); }

    // Stops accepting clients and closes every open connection with 1001 "server stopping".
    void close();

    [[nodiscard]] qint64 clientCount() const { return m_connections.size(); }
    // Connected clients that have not authenticated (closing ones included until they are gone).
    [[nodiscard]] int unauthenticatedCount() const;
    [[nodiscard]] const EventLog& eventLog() const { return m_log; }

    // Serves MCP at /mcp with McpServices made by factory (one per session, for the owner whose
    // credentials started it). Without it, /mcp is a WebSocket path like any other.
    void setMcpServiceFactory(McpHttpEndpoint::ServiceFactory factory);

    // Answers GET /health (for a load balancer) with what health() gives: an HTTP status (200
    // when this instance takes work, 503 when it drains or cannot reach its database) and a
    // JSON body. Without it, /health is a WebSocket path like any other.
    struct Health {
        int httpStatus = 200;
        QJsonObject body;
    };
    void setHealthProvider(std::function<Health()> health) { m_health = std::move(health); }

    // Serves the one-time links of approval requests at /actions/<token> (ActionEndpoint;
    // links: null stops serving them). Without it, /actions/… is a WebSocket path like any
    // other.
    void servePhoneLinks(PhoneLinks* links, HttpEndpointLimits limits = {});
    // Serves the SMS gateway's webhook at /sms (SmsEndpoint; replies: null stops serving it).
    // Without it, /sms is a WebSocket path like any other.
    void serveSmsReplies(SmsReplies* replies, HttpEndpointLimits limits = {});

    // An event another instance published (EventRelay): its clients here see it like a local one.
    void relay(const zerg::Event& e) { deliver(e); }

Q_SIGNALS:
    void clientCountChanged(int count);
    // The listener stopped accepting clients (an accept error pauses it for good) and has been
    // closed; open connections are kept. listen() again to recover: under `zerg serve` the
    // application tree does, by restarting the `api` service. Emitted from the event loop, never
    // from inside the listener's own signal.
    void listenerFailed(const QString& why);

private:
    void onPendingConnection();
    // Waits for the first request's head, then hands the connection to the endpoint of its path.
    void route(QTcpSocket* socket);
    void routeWhenReady(QTcpSocket* socket);
    void answerHealth(QTcpSocket* socket);
    void onNewConnection();
    void onListenerError(const QString& why);
    void onOriginCheck(QWebSocketCorsAuthenticator* authenticator) const;
    // Numbers e in this server's stream, keeps it and sends it to its owner's clients.
    void deliver(zerg::Event e);
    void onConnectionFinished(ApiConnection* connection);
    // Closes a client that completed its handshake but is over maxUnauthenticated.
    void refuse(QWebSocket* socket);

    ApiServerConfig m_config;
    ApiBackend* m_backend;
    Clock* m_clock;
    EventLog m_log;
    qint64 m_seq = 0;                     // the stream's last seq
    QTcpServer* m_listener = nullptr;     // child: a QSslServer with TLS
    QWebSocketServer* m_ws = nullptr;     // child: never listens, takes routed connections
    McpHttpEndpoint* m_mcp = nullptr;     // child, or null: no MCP endpoint
    ActionEndpoint* m_actions = nullptr;  // child, or null: no approval links
    SmsEndpoint* m_sms = nullptr;         // child, or null: no SMS webhook
    std::function<Health()> m_health;     // GET /health, or empty: none
    // Connections whose first request has not arrived yet, with their deadline's timer.
    QHash<QTcpSocket*, Clock::TimerId> m_routing;
    quint64 m_listenGeneration = 0;       // bumped by listen() and close()
    QList<ApiConnection*> m_connections;  // children
    // Each connection's view of the backend, which knows whether it is authenticated (a child
    // of its connection).
    QHash<const ApiConnection*, ConnectionBackend*> m_connectionBackends;
    quint64 m_nextConnectionId = 1;
    qint64 m_refusedSinceReport = 0;
    qint64 m_lastRefusalReportMs = -1;
};

}  // namespace zerg::api
