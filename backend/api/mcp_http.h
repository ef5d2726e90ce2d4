#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

class QTcpSocket;

namespace zerg {
class Clock;
class McpService;
}  // namespace zerg

namespace zerg::api {

class ApiBackend;

// The limits of the MCP endpoint (docs/mcp.md); tests shrink them.
struct McpHttpConfig {
    // Browser origins allowed to call (as for the WebSocket API); a request without an Origin
    // header (a native client) is always allowed.
    QStringList allowedOrigins;
    qint64 maxHeadBytes = 16 * 1024;    // request line and headers; larger: 431
    qint64 maxBodyBytes = 1024 * 1024;  // larger: 413
    qint64 requestDeadlineMs = 10'000;  // a request must arrive whole within this: else 408
    qint64 keepAliveMs = 60'000;        // an idle connection between requests is closed
    // A session without requests and without running work for this long is ended.
    qint64 sessionIdleMs = 30 * 60'000;
    // One owner's sessions at most: one more ends the owner's least recently used idle one
    // (clients that crash never send DELETE).
    int maxSessionsPerOwner = 16;
    int maxConnections = 256;  // open HTTP connections at most; one more is answered 503
};

// Zerg's MCP server (McpService) over Streamable HTTP (MCP 2025-11-25, "Transports") at the path
// /mcp of `zerg serve`, on the WebSocket API's port and behind the same authentication
// (docs/mcp.md):
//
//   POST /mcp     one JSON-RPC message. A request is answered with application/json, or, for
//                 tools/call when the client accepts it, with a text/event-stream that carries
//                 the call's progress notifications and then its response. A notification or a
//                 response is answered 202. `initialize` starts a session (Mcp-Session-Id);
//                 every later message names it (400 without, 404 for an unknown or ended one).
//   DELETE /mcp   ends the session (its running ask is cancelled).
//   GET /mcp      405: this server sends nothing unasked, so there is no stream to open.
//
// Every request carries `Authorization: Bearer <session token or device secret>`, checked on each
// request (a revoked device is refused at once); a session belongs to the owner that started it,
// and another owner's credentials find no such session (404). Origin is checked against
// allowedOrigins (DNS rebinding). HTTP/1.1 with Content-Length bodies only; connections are kept
// alive between JSON answers and closed after an event stream.
class McpHttpEndpoint : public QObject {
    Q_OBJECT
public:
    // A new session's server for ownerId, a child of parent.
    using ServiceFactory = std::function<McpService*(qint64 ownerId, QObject* parent)>;

    // backend (authentication) and clock must outlive this.
    McpHttpEndpoint(McpHttpConfig config, ApiBackend* backend, Clock* clock, ServiceFactory factory,
                    QObject* parent = nullptr);
    ~McpHttpEndpoint() override;

    // Takes over an accepted connection whose first request is for /mcp, with nothing of it read
    // yet (the caller may have peeked).
    void handleConnection(QTcpSocket* socket);
    // Ends every session and closes every connection (the server stops).
    void closeAll();

private:
    class Connection;
    struct Session;
    friend class Connection;

    void onServiceMessage(Session* session, const QJsonObject& message);
    [[nodiscard]] Session* createSession(qint64 ownerId);
    void endSession(const QString& id, const QString& reason);
    void makeRoomFor(qint64 ownerId);
    void sweep();

    McpHttpConfig m_config;
    ApiBackend* m_backend;
    Clock* m_clock;
    ServiceFactory m_factory;
    QHash<QString, std::shared_ptr<Session>> m_sessions;
    QList<Connection*> m_connections;
    bool m_sweeping = false;
};

}  // namespace zerg::api
