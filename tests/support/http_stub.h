#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>

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
    QList<Request> m_requests;
};

}  // namespace zerg::test
