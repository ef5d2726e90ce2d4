#pragma once

#include <QJsonObject>
#include <QObject>
#include <QStringList>

namespace zerg {

// How JSON-RPC messages reach one MCP server (stdio or Streamable HTTP). A transport delivers
// whole messages and says once when it is gone.
class McpTransport : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~McpTransport() override = default;

    // Starts the process or checks the URL; emits opened() or closed(why).
    virtual void open() = 0;
    virtual void send(const QJsonObject& message) = 0;
    // A graceful end (stdin closed, then terminate and kill; HTTP: DELETE of the session);
    // closed() follows.
    virtual void close() = 0;
    // Ends at once (the supervisor's kill); closed() is emitted before it returns.
    virtual void abort() = 0;
    // The protocol version the handshake agreed on (HTTP sends it with every request).
    virtual void setProtocolVersion(const QString& version) { Q_UNUSED(version); }
    // The server's last lines of stderr (stdio), for the user when it fails.
    [[nodiscard]] virtual QStringList lastErrorLines() const { return {}; }

Q_SIGNALS:
    void opened();
    void received(const QJsonObject& message);
    // Once: the server is gone (why says how, for the user) or close()/abort() finished.
    void closed(const QString& why);
};

}  // namespace zerg
