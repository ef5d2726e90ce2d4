#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

namespace zerg {

class Clock;
class McpTransport;

// One tool a server offers (tools/list).
struct McpToolInfo {
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    // Annotations (hints the server gives; unset when it says nothing).
    std::optional<bool> readOnlyHint;
    std::optional<bool> destructiveHint;
    QJsonObject raw;

    [[nodiscard]] static McpToolInfo fromJson(const QJsonObject& tool);
};

// One request to a server, answered once: finished() with a result or an error. Progress
// notifications for it arrive as progress() (the request carries a progress token when made
// with one).
class McpRequest : public QObject {
    Q_OBJECT
public:
    enum class Failure { None, Timeout, ServerError, Closed, Cancelled };

    [[nodiscard]] QString method() const { return m_method; }
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] bool ok() const { return m_finished && m_failure == Failure::None; }
    [[nodiscard]] QJsonObject result() const { return m_result; }
    [[nodiscard]] Failure failure() const { return m_failure; }
    // The JSON-RPC error's code (ServerError), else 0.
    [[nodiscard]] int errorCode() const { return m_errorCode; }
    // For people: what went wrong.
    [[nodiscard]] QString errorMessage() const { return m_errorMessage; }
    // Ends the request: the server is told (notifications/cancelled) and the request finishes
    // with Failure::Cancelled. Nothing happens when it has finished.
    void cancel(const QString& reason);

Q_SIGNALS:
    void progress(double progress, double total, const QString& message);
    void finished();

private:
    friend class McpClient;
    explicit McpRequest(QObject* parent) : QObject(parent) {}

    QString m_method;
    qint64 m_id = 0;
    QPointer<class McpClient> m_client;
    bool m_finished = false;
    Failure m_failure = Failure::None;
    QJsonObject m_result;
    int m_errorCode = 0;
    QString m_errorMessage;
    quint64 m_timer = 0;
    qint64 m_timeoutMs = 0;
    qint64 m_deadlineMs = 0;  // hard end, however much progress arrives
};

// The client side of one MCP session (JSON-RPC 2.0 over a transport): the initialize handshake
// with version negotiation, the tool list (all pages, again on list_changed), requests with
// timeouts, progress and cancellation, and answers to the server's own requests (ping; sampling,
// roots and elicitation are refused: Zerg does not offer them).
class McpClient : public QObject {
    Q_OBJECT
public:
    enum class State { NotStarted, Connecting, Ready, Closed };

    // The versions this client speaks, newest first (the first is offered).
    static const QStringList& supportedProtocolVersions();

    // Takes ownership of transport.
    McpClient(QString serverName, McpTransport* transport, Clock* clock, QObject* parent = nullptr);
    ~McpClient() override;

    // Opens the transport and runs the handshake and the first tools/list: ready() or closed().
    void start(qint64 handshakeTimeoutMs = 30000);
    // Ends the session gracefully; closed() follows.
    void stop();
    // Ends it now (closed() is emitted before this returns).
    void abort();

    // A request; the returned object is owned by the caller's parent (or this client when
    // parent is null) and finishes exactly once. withProgress adds a progress token.
    [[nodiscard]] McpRequest* request(const QString& method, const QJsonObject& params,
                                      qint64 timeoutMs, bool withProgress = false,
                                      QObject* parent = nullptr);
    void notify(const QString& method, const QJsonObject& params = {});

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] QString serverName() const { return m_name; }
    [[nodiscard]] QList<McpToolInfo> tools() const { return m_tools; }
    [[nodiscard]] QString protocolVersion() const { return m_protocolVersion; }
    [[nodiscard]] QJsonObject serverInfo() const { return m_serverInfo; }
    [[nodiscard]] QJsonObject serverCapabilities() const { return m_capabilities; }
    [[nodiscard]] QString instructions() const { return m_instructions; }
    [[nodiscard]] McpTransport* transport() const { return m_transport; }
    // Why the session ended (closed()'s text), empty while it lives.
    [[nodiscard]] QString closeReason() const { return m_closeReason; }
    // Requests sent with this method so far (for tests and the benchmark).
    [[nodiscard]] int sentCount(const QString& method) const { return m_sent.value(method); }

Q_SIGNALS:
    void ready();
    void toolsChanged();
    // Once: the session is over (the server exited, the handshake failed, stop()).
    void closed(const QString& why);

private:
    friend class McpRequest;
    void onMessage(const QJsonObject& message);
    void onTransportClosed(const QString& why);
    void onServerRequest(const QJsonObject& message);
    void onNotification(const QString& method, const QJsonObject& params);
    void initialize(qint64 timeoutMs);
    void listTools(const QString& cursor, QList<McpToolInfo> soFar, bool first);
    void finishRequest(McpRequest* r, McpRequest::Failure failure, const QJsonObject& result,
                       int code, const QString& message);
    void armTimeout(McpRequest* r);
    void fail(const QString& why);
    void sendCancel(McpRequest* r, const QString& reason);

    QString m_name;
    McpTransport* m_transport;
    Clock* m_clock;
    State m_state = State::NotStarted;
    qint64 m_nextId = 1;
    QHash<qint64, QPointer<McpRequest>> m_pending;
    QHash<QString, QPointer<McpRequest>> m_byProgressToken;
    QList<McpToolInfo> m_tools;
    QString m_protocolVersion;
    QJsonObject m_serverInfo;
    QJsonObject m_capabilities;
    QString m_instructions;
    QString m_closeReason;
    QHash<QString, int> m_sent;
    bool m_listing = false;
    bool m_listAgain = false;
};

}  // namespace zerg
