#pragma once

#include "tools/address_policy.h"
#include "tools/tool.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace zerg {

// A secret header the tool adds to requests whose URL lies under urlPrefix (same scheme, host
// and port; path prefix on a '/' boundary). The model never sees the value: requests name the
// credential, results and the request echo show "[redacted]", and the value is scrubbed from
// response text that happens to echo it.
struct HttpCredential {
    QString name;            // shown to the model, e.g. "github"
    QString urlPrefix;       // e.g. "https://api.github.com/"
    QByteArray headerName;   // e.g. "Authorization"
    QByteArray headerValue;  // e.g. "Bearer ghp_..." (secret)
};

struct HttpRequestOptions {
    int defaultTimeoutSecs = 30;
    int maxTimeoutSecs = 300;
    int maxRedirects = 5;
    // Text kept in the payload's "body"; longer text is cut and "truncated" is true.
    qint64 bodyCapBytes = 1024 * 1024;
    // A response larger than this is aborted (error_code too_large).
    qint64 downloadCapBytes = 16 * 1024 * 1024;
    QList<HttpCredential> credentials;
    QByteArray userAgent = "Zerg/0.1 (http_request tool)";
    // Loopback, link-local and private addresses the user allows (ZERG_HTTP_ALLOWED_ADDRESSES,
    // AddressPolicy::parse); empty: public addresses only.
    AddressPolicy addresses;
};

// The http_request tool: one HTTP(S) request through a QNetworkAccessManager that the tool owns
// (created on the thread of the first start(), where every later call must come from).
//
// Arguments {method?, url, headers?: {name: value}, body?: string, timeout_secs?,
// follow_redirects? (default true)}. Only http and https URLs.
//
// Before the request and before each redirect is followed, the URL's host is checked against
// opts.addresses: an IP address as it is, a name on the list passes, any other name is resolved
// (QHostInfo, within the call's deadline) and every address it gives must be public or on the
// list, else the call fails with address_not_allowed and nothing is sent there. The name is
// resolved again when QNetworkAccessManager connects: see docs/security.md ("http_request's
// addresses") for the window this leaves.
//
// Any HTTP answer, 404 and 500 included, is a successful call: {ok: true, status, ...}; the
// model reads the status. ok is false only when no answer came:
//   {ok: false, error, error_code, duration_ms, request} with error_code one of
//   invalid_arguments, address_not_allowed (with "host" and "address"), connect_failed (also
//   a name that does not resolve), tls_failed, timeout, too_many_redirects, redirect_refused
//   (https to http, or another scheme), too_large, network_error, cancelled.
// Answer: {ok: true, status, reason, url (final), headers (a useful subset, never Set-Cookie),
//   content_type, body_bytes, sha256, duration_ms, redirects, request, and
//   text: body, truncated | binary: binary: true (the bytes are not returned)}.
// "request" echoes {method, url, headers, credential?} with Authorization, Cookie, API-key
// headers and injected credentials redacted. Redirects are followed by the tool itself so that
// credentials never travel to another origin; 303 (and 301/302 after POST) turn into GET.
class HttpRequestTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(HttpRequestTool)
public:
    explicit HttpRequestTool(HttpRequestOptions opts = {});
    ~HttpRequestTool() override;

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    // True when url lies under prefix: same scheme, host and port, path on a '/' boundary.
    [[nodiscard]] static bool urlUnderPrefix(const QUrl& url, const QString& prefix);

private:
    HttpRequestOptions m_opts;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

}  // namespace zerg
