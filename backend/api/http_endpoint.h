#pragma once

#include "api/http_request.h"
#include "core/clock.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

class QTcpSocket;

namespace zerg::api {

// The limits of a small HTTP endpoint beside the API (its links, a gateway's webhook); tests
// shrink them.
struct HttpEndpointLimits {
    qint64 maxHeadBytes = 8 * 1024;     // larger: 431
    qint64 maxBodyBytes = 16 * 1024;    // larger: 413
    qint64 requestDeadlineMs = 10'000;  // the request must arrive whole within this: else 408
    int maxConnections = 64;            // open at once at most; one more is answered 503
};

// What an endpoint answers: a status, its headers and body (Content-Length, Connection: close and
// the no-cache headers are added).
struct HttpAnswer {
    int status = 200;
    HttpHeaders headers;
    QByteArray body;
};

// One request per connection, read whole (head and body) within a deadline, answered once, then
// closed; a peer that never reads its answer is cut off. The plumbing shared by the endpoints
// `zerg serve` serves without a login (ActionEndpoint, SmsEndpoint); a subclass says what a
// request means (answer) and how a refusal reads (refusal).
class OneShotHttpEndpoint : public QObject {
    Q_OBJECT
public:
    // Takes over an accepted connection whose first request is for this endpoint, with nothing
    // of it read yet (the caller may have peeked).
    void handleConnection(QTcpSocket* socket);
    // Closes every open connection (the server stops).
    void closeAll();

protected:
    // Why a request is answered before it is understood.
    enum class Refusal {
        Busy,       // 503: too many connections at once
        TooSlow,    // 408: not whole within the deadline
        Malformed,  // the head's status (400, 411, 413, 431, …): message says why
    };

    // clock must outlive this.
    OneShotHttpEndpoint(HttpEndpointLimits limits, Clock* clock, QObject* parent);

    // The answer to a whole request (its body in request.body).
    [[nodiscard]] virtual HttpAnswer answer(const HttpRequest& request) = 0;
    [[nodiscard]] virtual HttpAnswer refusal(Refusal why, int status, const QString& message) = 0;

    [[nodiscard]] Clock* clock() const { return m_clock; }

private:
    void read(QTcpSocket* socket);
    void respond(QTcpSocket* socket, const HttpAnswer& answer);
    void drop(QTcpSocket* socket);

    HttpEndpointLimits m_limits;
    Clock* m_clock;
    struct Pending {
        QByteArray buffer;
        Clock::TimerId deadline = 0;
        bool answered = false;
    };
    QHash<QTcpSocket*, Pending> m_open;
};

}  // namespace zerg::api
