#include "http_stub.h"

#include <QTcpSocket>

namespace zerg::test {

HttpStub::HttpStub(QObject* parent) : QObject(parent) {
    connect(&m_server, &QTcpServer::newConnection, this, &HttpStub::onConnection);
}

bool HttpStub::start() {
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QString HttpStub::baseUrl() const {
    return QStringLiteral("http://127.0.0.1:%1").arg(port());
}

void HttpStub::route(const QByteArray& method, const QByteArray& path, int status,
                     const QByteArray& body, const QByteArray& contentType) {
    m_routes.insert(method + ' ' + path, {status, body, contentType});
}

void HttpStub::handle(const QByteArray& method, const QByteArray& path, Handler handler) {
    m_handlers.insert(method + ' ' + path, std::move(handler));
}

void HttpStub::onConnection() {
    while (QTcpSocket* s = m_server.nextPendingConnection()) {
        auto buffer = std::make_shared<QByteArray>();
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
        connect(s, &QTcpSocket::readyRead, this, [this, s, buffer] {
            buffer->append(s->readAll());
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            Request r;
            const QList<QByteArray> lines = buffer->left(end).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            r.method = first.value(0);
            r.path = first.value(1);
            qsizetype length = 0;
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon < 0)
                    continue;
                const QByteArray name = lines[i].left(colon).trimmed().toLower();
                const QByteArray value = lines[i].mid(colon + 1).trimmed();
                r.headers.insert(name, value);
                if (name == "content-length")
                    length = value.toLongLong();
            }
            if (buffer->size() < end + 4 + length)
                return;  // wait for the whole body
            r.body = buffer->mid(end + 4, length);
            m_requests.append(r);
            const QByteArray key = r.method + ' ' + r.path;
            const auto it = m_routes.constFind(key);
            Answer a = it != m_routes.cend()
                           ? *it
                           : Answer{404, "{\"error\":\"not found\"}", "application/json"};
            QByteArray extraHeaders;
            if (const auto h = m_handlers.constFind(key); h != m_handlers.cend()) {
                const Reply reply = (*h)(r);
                a = Answer{reply.status, reply.body, reply.contentType};
                for (const auto& [name, value] : reply.headers)
                    extraHeaders += "\r\n" + name + ": " + value;
            }
            QByteArray out = "HTTP/1.1 " + QByteArray::number(a.status) +
                             " X\r\nContent-Type: " + a.contentType +
                             "\r\nContent-Length: " + QByteArray::number(a.body.size()) +
                             extraHeaders + "\r\nConnection: close\r\n\r\n" + a.body;
            s->write(out);
            s->disconnectFromHost();
            Q_EMIT received();
        });
    }
}

}  // namespace zerg::test
