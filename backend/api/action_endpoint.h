#pragma once

#include "api/http_endpoint.h"

#include <QByteArray>

namespace zerg {
class PhoneLinks;
}  // namespace zerg

namespace zerg::api {

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
class ActionEndpoint : public OneShotHttpEndpoint {
    Q_OBJECT
public:
    // links and clock must outlive this.
    ActionEndpoint(HttpEndpointLimits limits, PhoneLinks* links, Clock* clock,
                   QObject* parent = nullptr);

    // Whether a request path is the endpoint's.
    [[nodiscard]] static bool isActionPath(const QByteArray& path) {
        return path.startsWith("/actions/");
    }

private:
    // What a request comes to, as a page (HTML for a browser) or its message (text/plain).
    struct Page {
        int status = 200;
        QString title;     // the page's heading
        QString message;   // what happened, one paragraph (the whole text/plain answer)
        QString details;   // HTML: the request, already escaped
        QByteArray allow;  // the Allow header of a 405
        QString button;    // a form that POSTs to the same link, with this label; empty: none
    };
    [[nodiscard]] HttpAnswer answer(const HttpRequest& request) override;
    [[nodiscard]] HttpAnswer refusal(Refusal why, int status, const QString& message) override;
    [[nodiscard]] Page page(const HttpRequest& request);
    [[nodiscard]] static HttpAnswer render(const Page& page, bool html);

    PhoneLinks* m_links;
};

}  // namespace zerg::api
