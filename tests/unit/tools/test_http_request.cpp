#include "tools/http_request_tool.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>
#include <memory>

using namespace zerg;

namespace {

constexpr int kWaitMs = 20000;

ToolResult runTool(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure("test: no result");
    return inv->result();
}

// The stub servers listen on 127.0.0.1, which the tool refuses unless it is allowed.
HttpRequestOptions loopbackAllowed(HttpRequestOptions o = {}) {
    o.addresses = AddressPolicy::parse(QStringLiteral("127.0.0.1")).value();
    return o;
}

QString sha256(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// A loopback HTTP/1.1 server whose answers are whole raw responses chosen per path, so a test
// can send any header (Location, odd content types) or no answer at all.
class RawHttpServer : public QObject {
public:
    struct Request {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers;  // lower-case names
        QByteArray body;
    };
    // Returns the raw response; empty: never answer.
    using Handler = std::function<QByteArray(const Request&)>;

    RawHttpServer() {
        connect(&m_server, &QTcpServer::newConnection, this, &RawHttpServer::onConnection);
    }
    bool start() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString url(const QString& path) const {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    void on(const QByteArray& path, Handler h) { m_handlers.insert(path, std::move(h)); }
    const QList<Request>& requests() const { return m_requests; }
    int connections() const { return m_connections; }

    static QByteArray response(int status, const QByteArray& body,
                               const QByteArray& contentType = "text/plain; charset=utf-8",
                               const QByteArray& extraHeaders = {}) {
        return "HTTP/1.1 " + QByteArray::number(status) +
               " Whatever\r\nContent-Type: " + contentType +
               "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders +
               "Connection: close\r\n\r\n" + body;
    }
    static QByteArray redirect(int status, const QByteArray& location) {
        return response(status, "moved", "text/plain", "Location: " + location + "\r\n");
    }

private:
    void onConnection() {
        while (QTcpSocket* s = m_server.nextPendingConnection()) {
            ++m_connections;
            s->setParent(this);
            auto buffer = std::make_shared<QByteArray>();
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
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const qsizetype colon = lines[i].indexOf(':');
                    if (colon > 0) {
                        r.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                         lines[i].mid(colon + 1).trimmed());
                    }
                }
                const qsizetype length = r.headers.value("content-length").toLongLong();
                if (buffer->size() < end + 4 + length)
                    return;
                r.body = buffer->mid(end + 4, length);
                buffer->clear();
                m_requests.append(r);
                const auto it = m_handlers.constFind(r.path);
                const QByteArray out =
                    it != m_handlers.cend() ? (*it)(r) : response(404, "no such path");
                if (out.isEmpty())
                    return;  // hang
                s->write(out);
                s->disconnectFromHost();
            });
        }
    }

    QTcpServer m_server;
    QHash<QByteArray, Handler> m_handlers;
    QList<Request> m_requests;
    int m_connections = 0;
};

}  // namespace

class TestHttpRequest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        m_server = std::make_unique<RawHttpServer>();
        QVERIFY(m_server->start());
        m_tool = std::make_unique<HttpRequestTool>(loopbackAllowed());
    }

    void textAnswerWithStatusHeadersAndHash() {
        const QByteArray json = "{\"status\":\"green\",\"nodes\":3}";
        m_server->on("/health", [json](const auto&) {
            return RawHttpServer::response(200, json, "application/json",
                                           "ETag: \"v1\"\r\nSet-Cookie: session=abc\r\n");
        });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/health")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 200);
        QCOMPARE(r.payload.value("body").toString(), QString::fromUtf8(json));
        QCOMPARE(r.payload.value("truncated").toBool(true), false);
        QCOMPARE(r.payload.value("body_bytes").toInt(), json.size());
        QCOMPARE(r.payload.value("sha256").toString(), sha256(json));
        QCOMPARE(r.payload.value("content_type").toString(), QStringLiteral("application/json"));
        const QJsonObject headers = r.payload.value("headers").toObject();
        QCOMPARE(headers.value("etag").toString(), QStringLiteral("\"v1\""));
        QVERIFY(!headers.contains("set-cookie"));  // session secrets stay out of artifacts
        QCOMPARE(r.payload.value("request").toObject().value("method").toString(),
                 QStringLiteral("GET"));
        QVERIFY(r.payload.contains("duration_ms"));
    }

    void anHttpErrorIsAnAnswerNotAToolFailure() {
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/missing")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 404);
        QCOMPARE(r.payload.value("body").toString(), QStringLiteral("no such path"));
    }

    void postSendsHeadersAndBody() {
        m_server->on("/items", [](const auto&) { return RawHttpServer::response(201, "made"); });
        const ToolResult r =
            runTool(*m_tool, {{"method", "post"},
                              {"url", m_server->url("/items")},
                              {"headers", QJsonObject{{"X-Trace", "t-1"}, {"Cookie", "sid=42"}}},
                              {"body", "{\"name\":\"x\"}"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 201);
        const auto& req = m_server->requests().constLast();
        QCOMPARE(req.method, QByteArray("POST"));
        QCOMPARE(req.headers.value("x-trace"), QByteArray("t-1"));
        QCOMPARE(req.headers.value("cookie"), QByteArray("sid=42"));
        QCOMPARE(req.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(req.body, QByteArray("{\"name\":\"x\"}"));
        // The echo of the request hides the cookie.
        const QJsonObject echoed =
            r.payload.value("request").toObject().value("headers").toObject();
        QCOMPARE(echoed.value("X-Trace").toString(), QStringLiteral("t-1"));
        QCOMPARE(echoed.value("Cookie").toString(), QStringLiteral("[redacted]"));
    }

    void redirectsAreFollowedAndCounted() {
        m_server->on("/old", [](const auto&) { return RawHttpServer::redirect(301, "/mid"); });
        m_server->on("/mid", [](const auto&) { return RawHttpServer::redirect(307, "/new"); });
        m_server->on("/new", [](const auto&) { return RawHttpServer::response(200, "here"); });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/old")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("body").toString(), QStringLiteral("here"));
        QCOMPARE(r.payload.value("redirects").toInt(), 2);
        QCOMPARE(r.payload.value("url").toString(), m_server->url("/new"));
        QCOMPARE(r.payload.value("request").toObject().value("url").toString(),
                 m_server->url("/old"));
    }

    void seeOtherAfterPostBecomesGet() {
        m_server->on("/form", [](const auto&) { return RawHttpServer::redirect(303, "/done"); });
        m_server->on("/done", [](const auto&) { return RawHttpServer::response(200, "thanks"); });
        const ToolResult r = runTool(
            *m_tool, {{"method", "POST"}, {"url", m_server->url("/form")}, {"body", "a=1"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(m_server->requests().size(), 2);
        QCOMPARE(m_server->requests().at(1).method, QByteArray("GET"));
        QVERIFY(m_server->requests().at(1).body.isEmpty());
    }

    void redirectsCanBeSeenInsteadOfFollowed() {
        m_server->on("/old", [](const auto&) { return RawHttpServer::redirect(302, "/new"); });
        const ToolResult r =
            runTool(*m_tool, {{"url", m_server->url("/old")}, {"follow_redirects", false}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 302);
        QCOMPARE(r.payload.value("headers").toObject().value("location").toString(),
                 QStringLiteral("/new"));
        QCOMPARE(m_server->requests().size(), 1);
    }

    void redirectLoopStopsAtTheLimit() {
        m_server->on("/loop", [](const auto&) { return RawHttpServer::redirect(302, "/loop"); });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/loop")}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("too_many_redirects"));
        QCOMPARE(m_server->requests().size(), HttpRequestOptions{}.maxRedirects + 1);
        QVERIFY2(r.error().contains(QStringLiteral("follow_redirects")), qPrintable(r.error()));
    }

    void redirectToAnotherSchemeIsRefused() {
        m_server->on(
            "/x", [](const auto&) { return RawHttpServer::redirect(302, "file:///etc/passwd"); });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/x")}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("redirect_refused"));
    }

    void slowServerTimesOut() {
        m_server->on("/hang", [](const auto&) { return QByteArray(); });
        const ToolResult r =
            runTool(*m_tool, {{"url", m_server->url("/hang")}, {"timeout_secs", 1}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
        QVERIFY2(r.error().contains(QStringLiteral("timeout_secs")), qPrintable(r.error()));
    }

    void cancelStopsTheRequest() {
        m_server->on("/hang", [](const auto&) { return QByteArray(); });
        std::unique_ptr<ToolInvocation> inv(
            m_tool->start({{"url", m_server->url("/hang")}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->requests().size(), 1, 10000);
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
    }

    void oversizedDownloadIsAborted() {
        HttpRequestOptions o = loopbackAllowed();
        o.downloadCapBytes = 1000;
        HttpRequestTool tool(o);
        m_server->on("/big", [](const auto&) {
            return RawHttpServer::response(200, QByteArray(5000, 'z'));
        });
        const ToolResult r = runTool(tool, {{"url", m_server->url("/big")}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("too_large"));
        QVERIFY2(r.error().contains(QStringLiteral("1000")), qPrintable(r.error()));
    }

    void longTextIsCutForTheModelButHashedWhole() {
        HttpRequestOptions o = loopbackAllowed();
        o.bodyCapBytes = 100;
        HttpRequestTool tool(o);
        const QByteArray text(500, 'a');
        m_server->on("/log", [text](const auto&) { return RawHttpServer::response(200, text); });
        const ToolResult r = runTool(tool, {{"url", m_server->url("/log")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("body").toString(), QString(100, QLatin1Char('a')));
        QCOMPARE(r.payload.value("truncated").toBool(), true);
        QCOMPARE(r.payload.value("body_bytes").toInt(), 500);
        QCOMPARE(r.payload.value("sha256").toString(), sha256(text));
    }

    void binaryIsDescribedNotReturned() {
        const QByteArray png =
            QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) + QByteArray(64, '\0');
        m_server->on("/logo.png",
                     [png](const auto&) { return RawHttpServer::response(200, png, "image/png"); });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/logo.png")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("binary").toBool(), true);
        QVERIFY(!r.payload.contains("body"));
        QCOMPARE(r.payload.value("body_bytes").toInt(), png.size());
        QCOMPARE(r.payload.value("sha256").toString(), sha256(png));
    }

    void textWithoutContentTypeIsSniffed() {
        m_server->on("/plain", [](const auto&) {
            return QByteArray(
                "HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\n\r\n"
                "h\xc3\xa9llo");
        });
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/plain")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("body").toString(), QStringLiteral("h\u00e9llo"));
    }

    void credentialsAreInjectedOnlyUnderTheirPrefixAndNeverEchoed() {
        RawHttpServer other;  // another origin (port) on the same host
        QVERIFY(other.start());
        other.on("/landing", [](const auto&) { return RawHttpServer::response(200, "landed"); });
        const QByteArray secret = "Bearer sk-live-abcdef123456";
        HttpRequestOptions o = loopbackAllowed();
        o.credentials = {{"monitoring", m_server->url("/api/"), "Authorization", secret}};
        HttpRequestTool tool(o);
        QVERIFY(tool.spec().description.contains(QStringLiteral("monitoring")));
        // A debug endpoint that echoes the request headers back, as many do.
        m_server->on("/api/whoami", [](const RawHttpServer::Request& r) {
            return RawHttpServer::response(
                200, "{\"authorization\":\"" + r.headers.value("authorization") + "\"}",
                "application/json", "X-Echo-Auth: " + r.headers.value("authorization") + "\r\n");
        });
        m_server->on("/public", [](const auto&) { return RawHttpServer::response(200, "pub"); });
        m_server->on("/api/away", [&other](const auto&) {
            return RawHttpServer::redirect(302, other.url("/landing").toUtf8());
        });

        const ToolResult r = runTool(tool, {{"url", m_server->url("/api/whoami")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(m_server->requests().constLast().headers.value("authorization"), secret);
        const QByteArray everything = QJsonDocument(r.payload).toJson();
        QVERIFY2(!everything.contains("abcdef123456"), everything.constData());
        QCOMPARE(r.payload.value("request").toObject().value("credential").toString(),
                 QStringLiteral("monitoring"));
        QCOMPARE(r.payload.value("request")
                     .toObject()
                     .value("headers")
                     .toObject()
                     .value("Authorization")
                     .toString(),
                 QStringLiteral("[redacted]"));

        QVERIFY(runTool(tool, {{"url", m_server->url("/public")}}).ok());
        QVERIFY(!m_server->requests().constLast().headers.contains("authorization"));

        // Neither the credential nor a secret header the model set travels to another origin.
        const ToolResult away =
            runTool(tool, {{"url", m_server->url("/api/away")},
                           {"headers", QJsonObject{{"X-Api-Key", "k-123"}, {"Accept", "*/*"}}}});
        QVERIFY2(away.ok(), qPrintable(away.error()));
        QCOMPARE(away.payload.value("body").toString(), QStringLiteral("landed"));
        QCOMPARE(other.requests().size(), 1);
        QVERIFY(!other.requests().constFirst().headers.contains("authorization"));
        QVERIFY(!other.requests().constFirst().headers.contains("x-api-key"));
        QCOMPARE(other.requests().constFirst().headers.value("accept"), QByteArray("*/*"));
    }

    void prefixMatchingRespectsOriginAndPathBoundaries() {
        const QString prefix = QStringLiteral("https://api.example.com/v1");
        QVERIFY(HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com/v1"), prefix));
        QVERIFY(HttpRequestTool::urlUnderPrefix(QUrl("https://API.example.com/v1/x"), prefix));
        QVERIFY(HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com:443/v1/x"), prefix));
        QVERIFY(!HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com/v10"), prefix));
        QVERIFY(!HttpRequestTool::urlUnderPrefix(QUrl("http://api.example.com/v1/x"), prefix));
        QVERIFY(
            !HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com.evil.test/v1"), prefix));
        QVERIFY(!HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com:8443/v1"), prefix));
        QVERIFY(HttpRequestTool::urlUnderPrefix(QUrl("https://api.example.com/any"),
                                                QStringLiteral("https://api.example.com")));
    }

    void refusedConnectionIsAToolFailure() {
        QTcpServer s;
        QVERIFY(s.listen(QHostAddress::LocalHost, 0));
        const QString url = QStringLiteral("http://127.0.0.1:%1/").arg(s.serverPort());
        s.close();
        const ToolResult r = runTool(*m_tool, {{"url", url}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("connect_failed"));
        QVERIFY2(r.error().contains(QStringLiteral("127.0.0.1")), qPrintable(r.error()));
    }

    // Issue 22: no loopback, link-local or private address unless the user allowed it.

    void loopbackIsRefusedByDefault() {
        m_server->on("/health", [](const auto&) { return RawHttpServer::response(200, "up"); });
        HttpRequestTool tool;  // nothing allowed
        const ToolResult r = runTool(tool, {{"url", m_server->url("/health")}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("address_not_allowed"));
        QCOMPARE(r.payload.value("host").toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(r.payload.value("address").toString(), QStringLiteral("127.0.0.1"));
        QVERIFY2(r.error().contains(QStringLiteral("127.0.0.1")) &&
                     r.error().contains(QStringLiteral("loopback")) &&
                     r.error().contains(QStringLiteral("Allowed addresses")) &&
                     r.error().contains(QStringLiteral("ZERG_HTTP_ALLOWED_ADDRESSES")),
                 qPrintable(r.error()));
        QTest::qWait(50);  // a connection would have been accepted by now
        QCOMPARE(m_server->connections(), 0);
        QCOMPARE(m_server->requests().size(), 0);
        // The model is told before it tries.
        QVERIFY(tool.spec().description.contains(QStringLiteral("refused")));
    }

    void nonPublicAddressesAreRefused_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("kind");
        const auto row = [](const char* name, const char* url, const char* address,
                            const char* kind) {
            QTest::newRow(name) << QString::fromLatin1(url) << QString::fromLatin1(address)
                                << QString::fromLatin1(kind);
        };
        row("metadata", "http://169.254.169.254/latest/meta-data/", "169.254.169.254",
            "link-local");
        row("10/8", "http://10.1.2.3/", "10.1.2.3", "private");
        row("172.16/12", "http://172.20.0.1:8080/", "172.20.0.1", "private");
        row("192.168/16", "https://192.168.1.1/", "192.168.1.1", "private");
        row("cgnat", "http://100.64.0.1/", "100.64.0.1", "carrier-grade NAT");
        row("this network", "http://0.0.0.0:80/", "0.0.0.0", "unspecified");
        row("127/8", "http://127.1.2.3/", "127.1.2.3", "loopback");
        row("ipv6 loopback", "http://[::1]/", "::1", "loopback");
        row("ipv4-mapped loopback", "http://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1", "loopback");
        row("ipv6 link-local", "http://[fe80::1]/", "fe80::1", "link-local");
        row("ipv6 unique local", "http://[fd12:3456::1]/", "fd12:3456::1", "private");
        row("multicast", "http://224.0.0.1/", "224.0.0.1", "multicast");
        row("broadcast", "http://255.255.255.255/", "255.255.255.255", "reserved");
    }
    void nonPublicAddressesAreRefused() {
        QFETCH(QString, url);
        QFETCH(QString, address);
        QFETCH(QString, kind);
        HttpRequestTool tool;
        QElapsedTimer t;
        t.start();
        const ToolResult r = runTool(tool, {{"url", url}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("address_not_allowed"));
        QCOMPARE(r.payload.value("address").toString(), address);
        QVERIFY2(r.error().contains(address) && r.error().contains(kind), qPrintable(r.error()));
        QVERIFY2(t.elapsed() < 5000, "refused before any connection, not by a timeout");
    }

    void loopbackAllowedAsAnAddressDoesNotAllowTheRest() {
        // The stubs' allowlist (127.0.0.1) lets nothing else through, IPv4-mapped forms of other
        // addresses included.
        for (const char* url :
             {"http://127.0.0.2/", "http://[::ffff:10.0.0.1]/", "http://169.254.169.254/"}) {
            const ToolResult r = runTool(*m_tool, {{"url", url}});
            QCOMPARE(r.payload.value("error_code").toString(),
                     QStringLiteral("address_not_allowed"));
        }
    }

    void localhostByNameIsRefused() {
        m_server->on("/health", [](const auto&) { return RawHttpServer::response(200, "up"); });
        HttpRequestTool tool;
        const QString url =
            QStringLiteral("http://localhost:%1/health").arg(QUrl(m_server->url("/")).port());
        const ToolResult r = runTool(tool, {{"url", url}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("address_not_allowed"));
        QCOMPARE(r.payload.value("host").toString(), QStringLiteral("localhost"));
        QVERIFY2(r.error().contains(QStringLiteral("localhost resolves to")),
                 qPrintable(r.error()));
        QTest::qWait(50);
        QCOMPARE(m_server->connections(), 0);
    }

    void anAllowedNameIsNotChecked() {
        m_server->on("/health", [](const auto&) { return RawHttpServer::response(200, "up"); });
        HttpRequestOptions o;
        o.addresses = AddressPolicy::parse(QStringLiteral("LocalHost")).value();
        HttpRequestTool tool(o);
        const QString url =
            QStringLiteral("http://localhost:%1/health").arg(QUrl(m_server->url("/")).port());
        const ToolResult r = runTool(tool, {{"url", url}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("body").toString(), QStringLiteral("up"));
        // Only that name: the address itself is still refused.
        QCOMPARE(runTool(tool, {{"url", m_server->url("/health")}})
                     .payload.value("error_code")
                     .toString(),
                 QStringLiteral("address_not_allowed"));
    }

    void anAllowedRangeLetsTheRequestThrough() {
        m_server->on("/health", [](const auto&) { return RawHttpServer::response(200, "up"); });
        HttpRequestOptions o;
        o.addresses = AddressPolicy::parse(QStringLiteral("10.0.0.5, 127.0.0.0/8")).value();
        HttpRequestTool tool(o);
        const ToolResult r = runTool(tool, {{"url", m_server->url("/health")}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 200);
        QVERIFY(tool.spec().description.contains(QStringLiteral("127.0.0.0/8")));
    }

    void aRedirectToARefusedAddressIsRefusedAtTheRedirect_data() {
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<QString>("address");
        QTest::newRow("metadata") << QByteArray("http://169.254.169.254/latest/meta-data/")
                                  << "169.254.169.254";
        QTest::newRow("private") << QByteArray("http://10.255.255.1/admin") << "10.255.255.1";
        QTest::newRow("ipv6 loopback") << QByteArray("http://[::1]/") << "::1";
    }
    void aRedirectToARefusedAddressIsRefusedAtTheRedirect() {
        QFETCH(QByteArray, location);
        QFETCH(QString, address);
        m_server->on("/away",
                     [location](const auto&) { return RawHttpServer::redirect(302, location); });
        QElapsedTimer t;
        t.start();
        const ToolResult r = runTool(*m_tool, {{"url", m_server->url("/away")}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("address_not_allowed"));
        QCOMPARE(r.payload.value("address").toString(), address);
        QVERIFY2(r.error().contains(QStringLiteral("redirected to")) && r.error().contains(address),
                 qPrintable(r.error()));
        QCOMPARE(m_server->requests().size(), 1);  // the first hop only
        QVERIFY2(t.elapsed() < 5000, "refused before connecting to the redirect's target");
    }

    void cancelBeforeTheCheckSendsNothing() {
        m_server->on("/health", [](const auto&) { return RawHttpServer::response(200, "up"); });
        std::unique_ptr<ToolInvocation> inv(
            m_tool->start({{"url", m_server->url("/health")}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QTest::qWait(50);
        QCOMPARE(m_server->connections(), 0);
    }

    void invalidArgumentsFailClearly_data() {
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<QString>("names");
        QTest::newRow("no url") << QJsonObject{} << "url";
        QTest::newRow("file url") << QJsonObject{{"url", "file:///etc/passwd"}} << "url";
        QTest::newRow("ftp url") << QJsonObject{{"url", "ftp://example.com/x"}} << "url";
        QTest::newRow("data url") << QJsonObject{{"url", "data:text/plain,hello"}} << "url";
        QTest::newRow("relative url") << QJsonObject{{"url", "/status"}} << "url";
        QTest::newRow("bad method")
            << QJsonObject{{"url", "http://127.0.0.1/"}, {"method", "FETCH"}} << "method";
        QTest::newRow("headers not object")
            << QJsonObject{{"url", "http://127.0.0.1/"}, {"headers", "Accept: x"}} << "headers";
        QTest::newRow("header injection")
            << QJsonObject{{"url", "http://127.0.0.1/"},
                           {"headers", QJsonObject{{"X-A", "1\r\nHost: evil"}}}}
            << "X-A";
        QTest::newRow("body not string")
            << QJsonObject{{"url", "http://127.0.0.1/"}, {"body", QJsonObject{{"a", 1}}}} << "body";
        QTest::newRow("timeout zero")
            << QJsonObject{{"url", "http://127.0.0.1/"}, {"timeout_secs", 0}} << "timeout_secs";
        QTest::newRow("follow not bool")
            << QJsonObject{{"url", "http://127.0.0.1/"}, {"follow_redirects", "yes"}}
            << "follow_redirects";
    }
    void invalidArgumentsFailClearly() {
        QFETCH(QJsonObject, args);
        QFETCH(QString, names);
        const ToolResult r = runTool(*m_tool, args);
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QVERIFY2(r.error().contains(names), qPrintable(r.error()));
    }

private:
    std::unique_ptr<RawHttpServer> m_server;
    std::unique_ptr<HttpRequestTool> m_tool;
};

QTEST_GUILESS_MAIN(TestHttpRequest)
#include "test_http_request.moc"
