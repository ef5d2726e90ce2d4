#include "tools/http_request_tool.h"

#include "tools/network_failure.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QStringDecoder>
#include <QTimer>
#include <QUrl>

#include <cmath>
#include <optional>

namespace zerg {
namespace {

const QString kRedacted = QStringLiteral("[redacted]");

// Response headers worth showing the model. Set-Cookie is left out on purpose: it carries
// session secrets into the artifacts.
bool interestingHeader(const QByteArray& lowerName) {
    static const QList<QByteArray> names{"content-type",
                                         "content-length",
                                         "content-encoding",
                                         "location",
                                         "last-modified",
                                         "etag",
                                         "cache-control",
                                         "expires",
                                         "retry-after",
                                         "www-authenticate",
                                         "server",
                                         "date",
                                         "allow",
                                         "content-disposition",
                                         "link"};
    return names.contains(lowerName) || lowerName.startsWith("x-ratelimit-") ||
           lowerName.startsWith("ratelimit-") || lowerName == "x-request-id";
}

bool secretHeaderName(const QByteArray& lowerName) {
    return lowerName == "authorization" || lowerName == "proxy-authorization" ||
           lowerName == "cookie" || lowerName == "x-api-key" || lowerName == "api-key" ||
           lowerName == "x-auth-token" || lowerName.contains("token") ||
           lowerName.contains("secret") || lowerName.contains("password");
}

bool isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// What a content type says about the bytes: true for text, false for binary, unset when it
// does not say (then the bytes decide).
std::optional<bool> textByType(const QByteArray& contentType) {
    const QByteArray type = contentType.split(';').value(0).trimmed().toLower();
    if (type.isEmpty())
        return std::nullopt;
    if (type.startsWith("text/") || type.endsWith("+json") || type.endsWith("+xml") ||
        type == "application/json" || type == "application/xml" ||
        type == "application/javascript" || type == "application/x-www-form-urlencoded" ||
        type == "application/yaml" || type == "application/x-yaml" ||
        type == "application/x-ndjson" || type == "application/toml" ||
        type == "application/graphql" || type == "application/sql" || type == "image/svg+xml")
        return true;
    return false;
}

QByteArray charsetOf(const QByteArray& contentType) {
    const QList<QByteArray> parts = contentType.split(';');
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QByteArray p = parts[i].trimmed();
        if (p.toLower().startsWith("charset="))
            return p.mid(8).trimmed().replace('"', "");
    }
    return {};
}

bool looksLikeText(const QByteArray& sample) {
    if (sample.contains('\0'))
        return false;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    // A sequence cut at the end of the sample is not an error; drop up to 3 trailing bytes.
    QByteArray s = sample;
    for (int i = 0; i < 3 && !s.isEmpty() && (uchar(s.back()) & 0x80); ++i)
        s.chop(1);
    (void)QString(utf8(s));
    return !utf8.hasError();
}

QString decodeText(const QByteArray& bytes, const QByteArray& charset) {
    if (!charset.isEmpty()) {
        QStringDecoder d(charset.constData());
        if (d.isValid())
            return d(bytes);
    }
    return QString::fromUtf8(bytes);
}

struct CallSpec {
    QByteArray method;
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;  // as given by the model
    QByteArray body;
    int timeoutSecs = 30;
    bool followRedirects = true;
};

// One http_request call in flight, on the caller's thread; nothing waits.
class HttpInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    HttpInvocation(QNetworkAccessManager* nam, CallSpec call, const HttpRequestOptions& opts,
                   QObject* parent)
        : ToolInvocation(parent),
          m_nam(nam),
          m_call(std::move(call)),
          m_opts(opts),
          m_hash(QCryptographicHash::Sha256) {
        m_elapsed.start();
        m_originalUrl = m_call.url;
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        // A deadline for the whole call, redirects included: a real I/O timeout, so QTimer.
        connect(m_timer, &QTimer::timeout, this, [this] {
            fail(QStringLiteral("timeout"),
                 tr("No complete answer from %1 within %2 s; the request was stopped. Try again "
                    "later or with a larger timeout_secs.")
                     .arg(m_call.url.host())
                     .arg(m_call.timeoutSecs));
        });
        m_timer->start(m_call.timeoutSecs * 1000);
        // On the next turn of the event loop: a refusal must not finish the call before the
        // caller has connected to finished().
        QTimer::singleShot(0, this, [this] { admit(); });
    }

    ~HttpInvocation() override {
        dropLookup();
        dropReply();
    }

    void cancel() override {
        if (!isFinished())
            fail(QStringLiteral("cancelled"), QStringLiteral("cancelled"));
    }

private:
    const HttpCredential* credentialFor(const QUrl& url) const {
        for (const HttpCredential& c : m_opts.credentials) {
            if (HttpRequestTool::urlUnderPrefix(url, c.urlPrefix))
                return &c;
        }
        return nullptr;
    }

    // Sends the request to m_call.url once its host may be reached (tools/address_policy.h): a
    // name on the allowlist passes, an IP address is checked as it is, any other name is resolved
    // first and every address it gives must be allowed. Runs again for each redirect, so a
    // redirect cannot lead to a refused address either.
    //
    // QNetworkAccessManager resolves the name once more when it connects, and that answer is not
    // seen here: a name whose DNS answer changes between the two lookups (DNS rebinding) can still
    // reach a refused address. docs/security.md ("http_request's addresses") says what that means.
    void admit() {
        if (isFinished())
            return;  // cancelled before it started
        const QString host = m_call.url.host();
        if (m_opts.addresses.allowsName(host)) {
            send();
            return;
        }
        // The same reading of an address as QAbstractSocket::connectToHost's.
        if (const QHostAddress literal(host); !literal.isNull()) {
            if (admitted(host, {literal}, true))
                send();
            return;
        }
        m_lookupId = QHostInfo::lookupHost(host, this, [this, host](const QHostInfo& info) {
            if (info.lookupId() != m_lookupId || isFinished())
                return;
            m_lookupId = -1;
            if (info.error() != QHostInfo::NoError || info.addresses().isEmpty()) {
                fail(QStringLiteral("connect_failed"),
                     tr("Could not find the address of %1: %2. Check the host name in the URL.")
                         .arg(host, info.errorString()));
                return;
            }
            if (admitted(host, info.addresses(), false))
                send();
        });
    }

    // True when every address may be reached; otherwise the call fails naming the first that
    // may not.
    bool admitted(const QString& host, const QList<QHostAddress>& addresses, bool literal) {
        for (const QHostAddress& a : addresses) {
            if (m_opts.addresses.allows(a))
                continue;
            const QString address = a.toString();
            const QString kind = AddressPolicy::describe(classifyAddress(a));
            QString why = literal ? tr("%1 is %2.").arg(address, kind)
                                  : tr("%1 resolves to %2, %3.").arg(host, address, kind);
            if (m_redirects > 0) {
                why = tr("%1 redirected to %2.")
                          .arg(m_redirectedFrom.toDisplayString(QUrl::RemoveUserInfo),
                               m_call.url.toDisplayString(QUrl::RemoveUserInfo)) +
                      QLatin1Char(' ') + why;
            }
            fail(QStringLiteral("address_not_allowed"),
                 why + QLatin1Char(' ') +
                     tr("Zerg does not send requests to loopback, link-local or private addresses "
                        "unless they are allowed in Settings › Approvals › Allowed addresses "
                        "(ZERG_HTTP_ALLOWED_ADDRESSES)."),
                 {{QStringLiteral("host"), host}, {QStringLiteral("address"), address}});
            return false;
        }
        return true;
    }

    void dropLookup() {
        if (m_lookupId < 0)
            return;
        QHostInfo::abortHostLookup(m_lookupId);
        m_lookupId = -1;
    }

    void send() {
        QNetworkRequest req(m_call.url);
        req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
        // No cookie jar shared between calls (and workers).
        req.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
        req.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
        req.setHeader(QNetworkRequest::UserAgentHeader, m_opts.userAgent);
        for (const auto& [name, value] : m_call.headers)
            req.setRawHeader(name, value);
        m_credential = credentialFor(m_call.url);
        if (m_credential)
            req.setRawHeader(m_credential->headerName, m_credential->headerValue);
        if (!m_call.body.isEmpty() && !req.hasRawHeader("Content-Type")) {
            const bool json = !QJsonDocument::fromJson(m_call.body).isNull();
            req.setHeader(
                QNetworkRequest::ContentTypeHeader,
                json ? QByteArray("application/json") : QByteArray("text/plain; charset=utf-8"));
        }
        if (m_call.method == "GET")
            m_reply = m_nam->get(req);
        else if (m_call.method == "HEAD")
            m_reply = m_nam->head(req);
        else
            m_reply = m_nam->sendCustomRequest(req, m_call.method, m_call.body);
        connect(m_reply, &QNetworkReply::metaDataChanged, this, &HttpInvocation::checkLength);
        connect(m_reply, &QNetworkReply::readyRead, this, &HttpInvocation::readSome);
        connect(m_reply, &QNetworkReply::finished, this, &HttpInvocation::replyFinished);
    }

    void dropReply() {
        if (!m_reply)
            return;
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }

    bool redirecting() const {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        return m_call.followRedirects && isRedirect(status) && m_reply->hasRawHeader("Location");
    }

    void checkLength() {
        if (!m_reply || redirecting())
            return;
        const qint64 declared = m_reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        if (declared > m_opts.downloadCapBytes)
            failTooLarge(declared);
    }

    void readSome() {
        if (!m_reply)
            return;
        const QByteArray chunk = m_reply->readAll();
        if (redirecting())
            return;  // the body of a redirect is not the answer
        m_total += chunk.size();
        if (m_total > m_opts.downloadCapBytes) {
            failTooLarge(m_total);
            return;
        }
        m_hash.addData(chunk);
        const qint64 room = m_opts.bodyCapBytes - m_body.size();
        if (room > 0)
            m_body.append(chunk.left(room));
    }

    void failTooLarge(qint64 bytes) {
        fail(QStringLiteral("too_large"),
             tr("The response from %1 is larger than %2 bytes (at least %3); the download was "
                "stopped. Ask for less (a range, a page, a filter) or fetch it with shell_exec.")
                 .arg(m_call.url.host())
                 .arg(m_opts.downloadCapBytes)
                 .arg(bytes));
    }

    void replyFinished() {
        readSome();
        if (isFinished() || !m_reply)
            return;
        const QVariant statusAttr = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!statusAttr.isValid()) {
            networkFailed();
            return;
        }
        const int status = statusAttr.toInt();
        if (m_call.followRedirects && isRedirect(status) && m_reply->hasRawHeader("Location")) {
            followRedirect(status);
            return;
        }
        finishAnswer(status);
    }

    void networkFailed() {
        const QNetworkReply::NetworkError e = m_reply->error();
        const QString why = m_reply->errorString();
        const QString host = m_call.url.host();
        switch (networkFailureOf(e)) {
            case NetworkFailure::Unreachable:
                fail(QStringLiteral("connect_failed"),
                     tr("Could not reach %1: %2. Check the URL and that the server is up.")
                         .arg(host, why));
                return;
            case NetworkFailure::Tls:
                fail(QStringLiteral("tls_failed"),
                     tr("The TLS handshake with %1 failed: %2. The server's certificate is not "
                        "trusted here.")
                         .arg(host, why));
                return;
            case NetworkFailure::Timeout:
                fail(QStringLiteral("timeout"),
                     tr("%1 stopped answering: %2. Try again later.").arg(host, why));
                return;
            case NetworkFailure::Other:
                fail(QStringLiteral("network_error"),
                     tr("The request to %1 failed: %2.").arg(host, why));
        }
    }

    void followRedirect(int status) {
        const QUrl next = m_call.url.resolved(QUrl::fromEncoded(m_reply->rawHeader("Location")));
        if (++m_redirects > m_opts.maxRedirects) {
            fail(QStringLiteral("too_many_redirects"),
                 tr("%1 redirected more than %2 times (last to %3); giving up. Check the URL, "
                    "or set follow_redirects to false to see the first redirect.")
                     .arg(m_originalUrl.host())
                     .arg(m_opts.maxRedirects)
                     .arg(next.toDisplayString(QUrl::RemoveUserInfo)));
            return;
        }
        const QString scheme = next.scheme().toLower();
        if ((scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
            (m_call.url.scheme() == QLatin1String("https") && scheme == QLatin1String("http"))) {
            fail(QStringLiteral("redirect_refused"),
                 tr("%1 redirected to %2, which is not followed (only http(s), never from https "
                    "down to http). Request that URL yourself if you trust it.")
                     .arg(m_call.url.toDisplayString(QUrl::RemoveUserInfo),
                          next.toDisplayString(QUrl::RemoveUserInfo)));
            return;
        }
        // As browsers do: 303 always, 301/302 after POST, become a GET without a body.
        if (status == 303 || ((status == 301 || status == 302) && m_call.method == "POST")) {
            if (m_call.method != "HEAD")
                m_call.method = "GET";
            m_call.body.clear();
            m_call.headers.removeIf(
                [](const auto& h) { return h.first.toLower() == "content-type"; });
        }
        // Headers the model set for one origin are not carried to another.
        if (next.host().toLower() != m_call.url.host().toLower() ||
            next.port(-1) != m_call.url.port(-1) || next.scheme() != m_call.url.scheme()) {
            m_call.headers.removeIf(
                [](const auto& h) { return secretHeaderName(h.first.toLower()); });
        }
        dropReply();
        m_redirectedFrom = m_call.url;
        m_call.url = next;
        admit();
    }

    QJsonObject requestEcho() const {
        QJsonObject headers;
        for (const auto& [name, value] : m_call.headers) {
            headers.insert(QString::fromLatin1(name),
                           secretHeaderName(name.toLower()) ? kRedacted : scrub(value));
        }
        QJsonObject echo{{QStringLiteral("method"), QString::fromLatin1(m_call.method)},
                         {QStringLiteral("url"), redactUrl(m_originalUrl)},
                         {QStringLiteral("headers"), headers}};
        if (m_credential) {
            headers.insert(QString::fromLatin1(m_credential->headerName), kRedacted);
            echo.insert(QStringLiteral("headers"), headers);
            echo.insert(QStringLiteral("credential"), m_credential->name);
        }
        return echo;
    }

    static QString redactUrl(const QUrl& url) {
        QUrl u = url;
        if (!u.password().isEmpty())
            u.setPassword(kRedacted);
        return u.toString();
    }

    // Removes credential values a server echoed back (debug endpoints do).
    QString scrub(const QString& text) const {
        QString out = text;
        for (const HttpCredential& c : m_opts.credentials) {
            const QString value = QString::fromUtf8(c.headerValue);
            if (value.isEmpty())
                continue;
            out.replace(value, kRedacted);
            // "Bearer abc" also hides a bare "abc".
            const qsizetype space = value.indexOf(QLatin1Char(' '));
            const QString token = space > 0 ? value.mid(space + 1) : QString();
            if (token.size() >= 8)
                out.replace(token, kRedacted);
        }
        return out;
    }
    QString scrub(const QByteArray& bytes) const { return scrub(QString::fromUtf8(bytes)); }

    void finishAnswer(int status) {
        m_timer->stop();
        QJsonObject headers;
        for (const auto& [name, value] : m_reply->rawHeaderPairs()) {
            const QByteArray lower = name.toLower();
            if (interestingHeader(lower))
                headers.insert(QString::fromLatin1(lower), scrub(value));
        }
        const QByteArray contentType = m_reply->rawHeader("Content-Type");
        const std::optional<bool> byType = textByType(contentType);
        const bool text = byType ? *byType : looksLikeText(m_body);
        QJsonObject p{
            {QStringLiteral("ok"), true},
            {QStringLiteral("status"), status},
            {QStringLiteral("reason"),
             QString::fromLatin1(
                 m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray())},
            {QStringLiteral("url"), redactUrl(m_call.url)},
            {QStringLiteral("headers"), headers},
            {QStringLiteral("content_type"), QString::fromLatin1(contentType)},
            {QStringLiteral("body_bytes"), m_total},
            {QStringLiteral("sha256"), QString::fromLatin1(m_hash.result().toHex())},
            {QStringLiteral("duration_ms"), m_elapsed.elapsed()},
            {QStringLiteral("redirects"), m_redirects},
            {QStringLiteral("request"), requestEcho()},
        };
        if (text) {
            p.insert(QStringLiteral("body"), scrub(decodeText(m_body, charsetOf(contentType))));
            p.insert(QStringLiteral("truncated"), m_total > m_body.size());
        } else {
            p.insert(QStringLiteral("binary"), true);
        }
        dropReply();
        finish(ToolResult{p});
    }

    void fail(const QString& code, const QString& message, QJsonObject extra = {}) {
        if (isFinished())
            return;
        m_timer->stop();
        dropLookup();
        dropReply();
        extra.insert(QStringLiteral("error_code"), code);
        extra.insert(QStringLiteral("duration_ms"), m_elapsed.elapsed());
        extra.insert(QStringLiteral("request"), requestEcho());
        finish(ToolResult::failure(message, extra));
    }

    QNetworkAccessManager* m_nam;
    CallSpec m_call;
    const HttpRequestOptions m_opts;  // a copy: the call may outlive the tool
    QUrl m_originalUrl;
    QUrl m_redirectedFrom;  // the URL whose answer redirected to m_call.url
    int m_lookupId = -1;    // the QHostInfo lookup of m_call.url's host in flight
    QPointer<QNetworkReply> m_reply;
    const HttpCredential* m_credential = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_elapsed;
    QCryptographicHash m_hash;
    QByteArray m_body;  // up to bodyCapBytes
    qint64 m_total = 0;
    int m_redirects = 0;
};

ToolInvocation* failNow(QObject* parent, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message,
                            {{QStringLiteral("error_code"), QStringLiteral("invalid_arguments")}}),
        parent);
}

bool validHeaderName(const QString& name) {
    if (name.isEmpty())
        return false;
    for (const QChar c : name) {
        const ushort u = c.unicode();
        if (u <= 32 || u >= 127 || QStringLiteral("()<>@,;:\\\"/[]?={}").contains(c))
            return false;
    }
    return true;
}

}  // namespace

HttpRequestTool::HttpRequestTool(HttpRequestOptions opts) : m_opts(std::move(opts)) {}

HttpRequestTool::~HttpRequestTool() = default;

bool HttpRequestTool::urlUnderPrefix(const QUrl& url, const QString& prefix) {
    const QUrl p(prefix);
    if (!p.isValid() || p.host().isEmpty())
        return false;
    if (url.scheme().toLower() != p.scheme().toLower() ||
        url.host().toLower() != p.host().toLower())
        return false;
    const int defaultPort = url.scheme().toLower() == QLatin1String("https") ? 443 : 80;
    if (url.port(defaultPort) != p.port(defaultPort))
        return false;
    const QString base = p.path();
    if (base.isEmpty() || base == QLatin1String("/"))
        return true;
    const QString path = url.path();
    if (!path.startsWith(base))
        return false;
    return base.endsWith(QLatin1Char('/')) || path.size() == base.size() ||
           path.at(base.size()) == QLatin1Char('/');
}

ToolSpec HttpRequestTool::spec() const {
    auto prop = [](const char* type, const QString& description) {
        return QJsonObject{{QStringLiteral("type"), QLatin1String(type)},
                           {QStringLiteral("description"), description}};
    };
    QJsonObject method = prop("string", tr("HTTP method (default GET)."));
    method.insert(QStringLiteral("enum"),
                  QJsonArray{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"});
    QJsonObject timeout =
        prop("integer",
             tr("Give up after this many seconds (default %1).").arg(m_opts.defaultTimeoutSecs));
    timeout.insert(QStringLiteral("minimum"), 1);
    timeout.insert(QStringLiteral("maximum"), m_opts.maxTimeoutSecs);
    const QJsonObject properties{
        {QStringLiteral("method"), method},
        {QStringLiteral("url"), prop("string", tr("The http:// or https:// URL."))},
        {QStringLiteral("headers"),
         prop("object", tr("Request headers as {\"Name\": \"value\"}."))},
        {QStringLiteral("body"), prop("string", tr("The request body (text, e.g. JSON)."))},
        {QStringLiteral("timeout_secs"), timeout},
        {QStringLiteral("follow_redirects"),
         prop("boolean", tr("Follow up to %1 redirects (default true).").arg(m_opts.maxRedirects))},
    };
    QString description =
        tr("Make one HTTP(S) request and get the status, headers and body. Any HTTP status is "
           "an answer (ok: true; read \"status\"); ok is false only when no answer came. Text "
           "bodies are returned (cut at %1 bytes, \"truncated\"); binary bodies only as size "
           "and sha256.")
            .arg(m_opts.bodyCapBytes);
    const QStringList allowed = m_opts.addresses.entries();
    description += QLatin1Char(' ') +
                   (allowed.isEmpty()
                        ? tr("Loopback, link-local and private addresses (localhost, 127.x, "
                             "10.x, 172.16-31.x, 192.168.x, 169.254.x, fc00::/7, …) are refused.")
                        : tr("Loopback, link-local and private addresses are refused, except: "
                             "%1.")
                              .arg(allowed.join(QStringLiteral(", "))));
    QStringList creds;
    for (const HttpCredential& c : m_opts.credentials)
        creds << QStringLiteral("%1 (%2)").arg(c.name, c.urlPrefix);
    if (!creds.isEmpty()) {
        description += QLatin1Char(' ') +
                       tr("Credentials are added automatically to URLs under: %1; do not add "
                          "them yourself.")
                           .arg(creds.join(QStringLiteral(", ")));
    }
    return {QStringLiteral("http_request"), description,
            objectSchema(properties, {QStringLiteral("url")})};
}

CallClass HttpRequestTool::classify(const QJsonObject& args) const {
    // The method as start() reads it: GET when absent.
    const QString method =
        args.value(QStringLiteral("method")).toString(QStringLiteral("GET")).trimmed().toUpper();
    const bool reads = method == QLatin1String("GET") || method == QLatin1String("HEAD");
    CallClass c;
    c.effect = reads ? Effect::ReadOnly : Effect::Changes;
    c.reason = {reads ? ReasonKind::ReadingMethod : ReasonKind::ChangingMethod, method};
    c.target = QUrl(args.value(QStringLiteral("url")).toString()).host();
    return c;
}

ToolInvocation* HttpRequestTool::start(const QJsonObject& args, QObject* parent) {
    CallSpec call;
    const QJsonValue urlArg = args.value(QStringLiteral("url"));
    call.url = QUrl(urlArg.toString().trimmed(), QUrl::StrictMode);
    const QString scheme = call.url.scheme().toLower();
    if (!urlArg.isString() || !call.url.isValid() || call.url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
        return failNow(parent, tr("\"url\" must be an absolute http:// or https:// URL, e.g. "
                                  "\"https://example.com/status\"; other schemes (file:, ftp:) "
                                  "are not allowed."));
    }

    const QJsonValue methodArg = args.value(QStringLiteral("method"));
    call.method = methodArg.isUndefined() || methodArg.isNull()
                      ? QByteArray("GET")
                      : methodArg.toString().trimmed().toUpper().toLatin1();
    static const QList<QByteArray> methods{"GET",   "HEAD",   "POST",   "PUT",
                                           "PATCH", "DELETE", "OPTIONS"};
    if (!methods.contains(call.method)) {
        return failNow(parent, tr("\"method\" must be one of GET, HEAD, POST, PUT, PATCH, "
                                  "DELETE, OPTIONS."));
    }

    const QJsonValue headersArg = args.value(QStringLiteral("headers"));
    if (!headersArg.isUndefined() && !headersArg.isNull()) {
        if (!headersArg.isObject()) {
            return failNow(parent, tr("\"headers\" must be an object like "
                                      "{\"Accept\": \"application/json\"}."));
        }
        const QJsonObject h = headersArg.toObject();
        for (auto it = h.begin(); it != h.end(); ++it) {
            const QString value = it.value().isDouble() ? QString::number(it.value().toDouble())
                                                        : it.value().toString();
            if (!validHeaderName(it.key()) || !(it.value().isString() || it.value().isDouble()) ||
                value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n'))) {
                return failNow(parent, tr("\"headers\": \"%1\" is not a valid header; names are "
                                          "plain tokens, values single-line strings.")
                                           .arg(it.key()));
            }
            call.headers.append({it.key().toLatin1(), value.toUtf8()});
        }
    }

    const QJsonValue bodyArg = args.value(QStringLiteral("body"));
    if (!bodyArg.isUndefined() && !bodyArg.isNull()) {
        if (!bodyArg.isString())
            return failNow(parent, tr("\"body\" must be a string (serialize JSON yourself)."));
        call.body = bodyArg.toString().toUtf8();
    }

    const QJsonValue timeoutArg = args.value(QStringLiteral("timeout_secs"));
    call.timeoutSecs = m_opts.defaultTimeoutSecs;
    if (!timeoutArg.isUndefined() && !timeoutArg.isNull()) {
        const double d = timeoutArg.toDouble(-1);
        if (!timeoutArg.isDouble() || d != std::floor(d) || d < 1 || d > m_opts.maxTimeoutSecs) {
            return failNow(parent, tr("\"timeout_secs\" must be a whole number of seconds from 1 "
                                      "to %1; leave it out for the default of %2 s.")
                                       .arg(m_opts.maxTimeoutSecs)
                                       .arg(m_opts.defaultTimeoutSecs));
        }
        call.timeoutSecs = int(d);
    }

    const QJsonValue followArg = args.value(QStringLiteral("follow_redirects"));
    if (!followArg.isUndefined() && !followArg.isNull() && !followArg.isBool())
        return failNow(parent, tr("\"follow_redirects\" must be true or false."));
    call.followRedirects = followArg.toBool(true);

    if (!m_nam)
        m_nam = std::make_unique<QNetworkAccessManager>();
    return new HttpInvocation(m_nam.get(), std::move(call), m_opts, parent);
}

}  // namespace zerg

#include "http_request_tool.moc"
