#include "api/http_endpoint.h"

#include <QPointer>
#include <QTcpSocket>

namespace zerg::api {

OneShotHttpEndpoint::OneShotHttpEndpoint(HttpEndpointLimits limits, Clock* clock, QObject* parent)
    : QObject(parent), m_limits(limits), m_clock(clock) {}

void OneShotHttpEndpoint::handleConnection(QTcpSocket* socket) {
    socket->setParent(this);
    if (m_open.size() >= m_limits.maxConnections) {
        m_open.insert(socket, {});
        respond(socket, refusal(Refusal::Busy, 503, {}));
        return;
    }
    Pending& p = m_open[socket];
    p.deadline = m_clock->callAfter(m_limits.requestDeadlineMs, socket, [this, socket] {
        if (const auto it = m_open.find(socket); it != m_open.end() && !it->answered) {
            it->deadline = 0;
            respond(socket, refusal(Refusal::TooSlow, 408, {}));
        }
    });
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { drop(socket); });
    if (socket->bytesAvailable() > 0)
        read(socket);
}

void OneShotHttpEndpoint::closeAll() {
    const QList<QTcpSocket*> open = m_open.keys();
    for (QTcpSocket* socket : open) {
        socket->abort();
        drop(socket);
    }
}

void OneShotHttpEndpoint::drop(QTcpSocket* socket) {
    const auto it = m_open.find(socket);
    if (it == m_open.end())
        return;
    m_clock->cancel(it->deadline);
    m_open.erase(it);
    socket->disconnect(this);
    socket->deleteLater();
}

void OneShotHttpEndpoint::read(QTcpSocket* socket) {
    const auto it = m_open.find(socket);
    if (it == m_open.end() || it->answered)
        return;
    it->buffer += socket->readAll();
    HttpRequest request;
    QByteArray rest = it->buffer;
    const HttpHeadRead head =
        takeHttpHead(&rest, m_limits.maxHeadBytes, m_limits.maxBodyBytes, &request, true);
    if (head.state == HttpHeadRead::State::Refused) {
        respond(socket, refusal(Refusal::Malformed, head.status, head.message));
        return;
    }
    // The body too: a connection closed with unread bytes would be reset, and the answer lost.
    if (head.state == HttpHeadRead::State::Incomplete || rest.size() < head.bodyLength)
        return;
    request.body = rest.left(head.bodyLength);
    respond(socket, answer(request));
}

void OneShotHttpEndpoint::respond(QTcpSocket* socket, const HttpAnswer& a) {
    const auto it = m_open.find(socket);
    if (it == m_open.end() || it->answered)
        return;
    it->answered = true;
    m_clock->cancel(it->deadline);
    it->deadline = 0;
    HttpHeaders headers{{"Cache-Control", "no-store"},
                        {"Referrer-Policy", "no-referrer"},
                        {"X-Robots-Tag", "noindex"},
                        {"X-Content-Type-Options", "nosniff"}};
    headers.append(a.headers);
    headers.emplaceBack("Content-Length", QByteArray::number(a.body.size()));
    headers.emplaceBack("Connection", "close");
    socket->write(httpHead(a.status, headers) + "\r\n" + a.body);
    socket->disconnectFromHost();  // after what was written; then disconnected → drop
    // A peer that never reads is cut off soon: it holds a file descriptor.
    QPointer<QTcpSocket> guard = socket;
    m_clock->callAfter(m_limits.requestDeadlineMs, this, [this, guard] {
        if (!guard)
            return;
        guard->abort();
        drop(guard);
    });
}

}  // namespace zerg::api
