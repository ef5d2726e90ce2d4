#pragma once

#include "mcp/mcp_transport.h"

#include <QHash>
#include <QMap>
#include <QStringList>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace zerg {

class Clock;

// An MCP server behind one URL (MCP's Streamable HTTP transport, 2025-06-18 and 2025-11-25).
// Every message is its own POST to the URL (Accept: application/json, text/event-stream; the
// configured headers; Mcp-Session-Id once the initialize answer gave one; MCP-Protocol-Version
// once the handshake agreed on one). A notification or response is answered 202 without a body.
// A request is answered with one JSON message (or a batch) or with an event stream that carries
// the server's notifications and requests for that call and ends with its response; those are
// read as they arrive. Server-initiated messages arrive on these POST streams only: the optional
// standalone GET stream is not opened.
//
// A request's event stream that ends or breaks before its response, after an event id was seen,
// is resumed with GET and Last-Event-ID (3 attempts). A call that cannot be answered (HTTP error,
// broken stream, unreadable body) gets a synthesized JSON-RPC error response (code -32000), so
// only that call fails. The transport closes when the session cannot start (the initialize POST
// fails), when the server ends the session (HTTP 404 to a request with Mcp-Session-Id), or after
// 3 POSTs in a row failed without reaching the server. close() ends the session with DELETE.
// Header values are never logged or shown: they hold tokens.
class HttpTransport final : public McpTransport {
    Q_OBJECT
public:
    struct Options {
        QUrl url;
        QMap<QString, QString> headers;
    };
    // nam may be null: the transport then makes its own.
    HttpTransport(Options options, QNetworkAccessManager* nam, Clock* clock,
                  QObject* parent = nullptr);
    ~HttpTransport() override;

    void open() override;
    void send(const QJsonObject& message) override;
    void close() override;
    void abort() override;
    void setProtocolVersion(const QString& version) override { m_protocolVersion = version; }
    [[nodiscard]] QStringList lastErrorLines() const override { return m_errorTail; }

    // The session the server gave (empty before the handshake or for a stateless server).
    [[nodiscard]] QString sessionId() const { return m_sessionId; }
    // HTTP exchanges running (POSTs, resuming GETs, the closing DELETE); for tests.
    [[nodiscard]] int runningExchanges() const { return int(m_exchanges.size()); }

private:
    enum class Kind { Post, Resume, Delete };
    struct Stream;
    struct Exchange;
    using StreamPtr = std::shared_ptr<Stream>;
    using ExchangePtr = std::shared_ptr<Exchange>;

    [[nodiscard]] QNetworkRequest makeRequest(const QByteArray& accept) const;
    ExchangePtr track(QNetworkReply* reply, Kind kind, const QString& method, StreamPtr stream);
    void onReadyRead(QNetworkReply* reply);
    void onFinished(QNetworkReply* reply);
    bool readHead(const ExchangePtr& ex);
    void readBody(const ExchangePtr& ex);
    void readSse(const ExchangePtr& ex, const QByteArray& bytes);
    void finishSse(const ExchangePtr& ex, bool broken, const QString& errorString);
    void finishJson(const ExchangePtr& ex, bool broken, const QString& errorString);
    void failHttp(const ExchangePtr& ex);
    void failNetwork(const ExchangePtr& ex, int error, const QString& errorString);
    // The event stream of a call ended without its response: resume it or fail the call (why).
    void streamEnded(const StreamPtr& stream, const QString& why);
    void resume(const StreamPtr& stream);
    // Delivers the JSON-RPC messages in one JSON text (object or batch); false if it is not one.
    bool deliverJson(const QByteArray& json);
    void deliver(const QJsonObject& message);
    // Answers a call that cannot get its response with a JSON-RPC error (once).
    void failStream(const StreamPtr& stream, const QString& why);
    // Forgets a call whose response the client no longer waits for (it sent cancelled).
    void dropStream(const QJsonValue& id);
    void release(const ExchangePtr& ex);
    void releaseAll();
    void addErrorLine(const QString& line);
    void emitClosed(const QString& why);
    [[nodiscard]] QString displayUrl() const;
    [[nodiscard]] QString scrub(QString text) const;
    [[nodiscard]] QString closeMessageForHttp(const ExchangePtr& ex) const;
    [[nodiscard]] QString closeMessageForNetwork(int error, const QString& errorString) const;

    Options m_o;
    QNetworkAccessManager* m_nam;
    Clock* m_clock;
    QHash<QNetworkReply*, ExchangePtr> m_exchanges;
    QHash<QString, StreamPtr> m_streams;  // calls awaiting their response, by id
    QString m_sessionId;
    QString m_protocolVersion;
    QStringList m_errorTail;
    quint64 m_closeTimer = 0;
    int m_networkFailures = 0;   // POSTs in a row that did not reach the server
    bool m_initialized = false;  // the initialize POST was accepted (2xx)
    bool m_opened = false;
    bool m_closing = false;
    bool m_closed = false;
};

}  // namespace zerg
