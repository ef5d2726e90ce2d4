#pragma once

#include "core/clock.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>

class QTcpSocket;

namespace zerg {
class PhoneLinks;
}  // namespace zerg

namespace zerg::api {

struct HttpRequest;

// The limits of the link endpoint; tests shrink them.
struct ActionEndpointConfig {
    qint64 maxHeadBytes = 8 * 1024;     // larger: 431
    qint64 maxBodyBytes = 16 * 1024;    // larger: 413 (a button sends no body)
    qint64 requestDeadlineMs = 10'000;  // the request must arrive whole within this: else 408
    int maxConnections = 64;            // open at once at most; one more is answered 503
};

// The one-time links of approval requests at /actions/<token> on `zerg serve`'s port (issue 27,
// docs/alerts.md): the only thing it serves without a login, as the link is the credential.
//
//   POST /actions/<token>   answers the request with the link's action (an ntfy button, or the
//                           form of the page below): 200, or 404 (unknown link), 410 (expired,
//                           used, or the request answered another way), 405 (a view link).
//   GET  /actions/<token>   a page that shows the request and where it stands, with a button
//                           that POSTs when the link can still answer it. A GET never answers:
//                           a link preview or a prefetch changes nothing.
//
// Answers are text/plain, or HTML for a browser (Accept: text/html). One request per
// connection; the page keeps the link out of Referer and caches.
class ActionEndpoint : public QObject {
    Q_OBJECT
public:
    // links and clock must outlive this.
    ActionEndpoint(ActionEndpointConfig config, PhoneLinks* links, Clock* clock,
                   QObject* parent = nullptr);

    // Whether a request path is the endpoint's.
    [[nodiscard]] static bool isActionPath(const QByteArray& path) {
        return path.startsWith("/actions/");
    }
    // Takes over an accepted connection whose first request is for /actions/…, with nothing of
    // it read yet (the caller may have peeked).
    void handleConnection(QTcpSocket* socket);
    // Closes every open connection (the server stops).
    void closeAll();

private:
    struct Answer {
        int status = 200;
        QString title;     // the page's heading
        QString message;   // what happened, one paragraph (the whole text/plain answer)
        QString details;   // HTML: the request, already escaped
        QByteArray allow;  // the Allow header of a 405
        QString button;    // a form that POSTs to the same link, with this label; empty: none
    };
    void read(QTcpSocket* socket);
    [[nodiscard]] Answer answer(const HttpRequest& request);
    void respond(QTcpSocket* socket, const Answer& answer, bool html);
    void drop(QTcpSocket* socket);

    ActionEndpointConfig m_config;
    PhoneLinks* m_links;
    Clock* m_clock;
    struct Pending {
        QByteArray buffer;
        Clock::TimerId deadline = 0;
        bool answered = false;
    };
    QHash<QTcpSocket*, Pending> m_open;
};

}  // namespace zerg::api
