#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>

#include <functional>
#include <utility>

namespace zerg::test {

// A tiny real HTTP/1.1 server on 127.0.0.1 with canned answers per "METHOD /path", recording what
// it received. For simple peers (a local Ollama's /api/tags, a webhook receiver); the LLM
// protocol has its own FakeLlmServer.
class HttpStub : public QObject {
    Q_OBJECT
public:
    struct Request {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers;  // lower-case names
        QByteArray body;
    };

    explicit HttpStub(QObject* parent = nullptr);
    bool start();
    [[nodiscard]] quint16 port() const { return m_server.serverPort(); }
    [[nodiscard]] QString baseUrl() const;
    void route(const QByteArray& method, const QByteArray& path, int status, const QByteArray& body,
               const QByteArray& contentType = "application/json");

    // An answer made from the request, for peers whose answer depends on the body (Ollama's
    // /api/show names the model in it) or that send headers of their own (a redirect's Location).
    // It takes precedence over route() for the same "METHOD /path".
    struct Reply {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<std::pair<QByteArray, QByteArray>> headers;  // sent as they are
    };
    using Handler = std::function<Reply(const Request&)>;
    void handle(const QByteArray& method, const QByteArray& path, Handler handler);

    [[nodiscard]] const QList<Request>& requests() const { return m_requests; }

Q_SIGNALS:
    void received();

private:
    struct Answer {
        int status;
        QByteArray body;
        QByteArray contentType;
    };
    void onConnection();

    QTcpServer m_server;
    QHash<QByteArray, Answer> m_routes;
    QHash<QByteArray, Handler> m_handlers;
    QList<Request> m_requests;
};

}  // namespace zerg::test
