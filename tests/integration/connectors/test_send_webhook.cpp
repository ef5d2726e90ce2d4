#include "http_stub.h"
#include "tools/send_webhook_tool.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::HttpStub;

namespace {

constexpr int kWaitMs = 20000;

ToolResult runTool(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure("test: no result");
    return inv->result();
}

QJsonObject bodyJson(const HttpStub::Request& r) {
    return QJsonDocument::fromJson(r.body).object();
}

// A receiver that takes the post and answers 200 with a body that never ends: it writes more
// whenever its socket has sent what it had, until the client closes the connection (or, should
// the client never stop reading, a safety limit far above any cap).
class EndlessReceiver : public QObject {
public:
    static constexpr qint64 kChunk = 64 * 1024;
    static constexpr qint64 kSafetyLimit = 512LL * 1024 * 1024;

    EndlessReceiver() {
        connect(&m_server, &QTcpServer::newConnection, this, &EndlessReceiver::onConnection);
    }
    bool start() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString url() const {
        return QStringLiteral("http://127.0.0.1:%1/hook").arg(m_server.serverPort());
    }
    qint64 written() const { return m_written; }
    bool closed() const { return m_closed; }

private:
    void onConnection() {
        while (QTcpSocket* s = m_server.nextPendingConnection()) {
            s->setParent(this);
            auto buffer = std::make_shared<QByteArray>();
            connect(s, &QTcpSocket::readyRead, this, [this, s, buffer] {
                buffer->append(s->readAll());
                const qsizetype end = buffer->indexOf("\r\n\r\n");
                if (m_answering || end < 0)
                    return;
                qsizetype length = 0;
                for (const QByteArray& line : buffer->left(end).split('\n')) {
                    if (line.toLower().startsWith("content-length:"))
                        length = line.mid(15).trimmed().toLongLong();
                }
                if (buffer->size() < end + 4 + length)
                    return;  // the whole post first
                m_answering = true;
                s->write(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n");
                writeMore(s);
            });
            connect(s, &QTcpSocket::bytesWritten, this, [this, s] {
                if (s->bytesToWrite() < kChunk)
                    writeMore(s);
            });
            connect(s, &QTcpSocket::disconnected, this, [this] { m_closed = true; });
            connect(s, &QTcpSocket::errorOccurred, this, [this] { m_closed = true; });
        }
    }
    void writeMore(QTcpSocket* s) {
        if (!m_answering || m_closed || m_written > kSafetyLimit ||
            s->state() != QAbstractSocket::ConnectedState)
            return;
        m_written += s->write(QByteArray(kChunk, 'x'));
    }

    QTcpServer m_server;
    bool m_answering = false;
    bool m_closed = false;
    qint64 m_written = 0;
};

}  // namespace

class TestSendWebhook : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        m_stub = std::make_unique<HttpStub>();
        QVERIFY(m_stub->start());
        m_stub->route("POST", "/hooks/T000/secret-token", 200, "ok", "text/plain");
        m_stub->route("POST", "/ntfy/alerts", 200, "{\"id\":\"x1\"}");
        m_stub->route("POST", "/broken", 500, "{\"error\":\"boom\"}");
    }

    void postsEachFormatAsItsServiceExpects_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QJsonObject>("expected");
        QTest::newRow("slack") << "slack" << QJsonObject{{"text", "*Disk alert*\n/var is at 93 %"}};
        QTest::newRow("discord") << "discord"
                                 << QJsonObject{{"content", "**Disk alert**\n/var is at 93 %"}};
        QTest::newRow("json") << "json"
                              << QJsonObject{{"title", "Disk alert"}, {"text", "/var is at 93 %"}};
    }
    void postsEachFormatAsItsServiceExpects() {
        QFETCH(QString, format);
        QFETCH(QJsonObject, expected);
        SendWebhookTool tool({{{"ops", m_stub->baseUrl() + "/hooks/T000/secret-token", format}}});
        const ToolResult r = runTool(tool, {{"text", "/var is at 93 %"}, {"title", "Disk alert"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 200);
        QCOMPARE(r.payload.value("target").toString(), QStringLiteral("ops"));
        QCOMPARE(r.payload.value("format").toString(), format);
        QCOMPARE(m_stub->requests().size(), 1);
        const HttpStub::Request& req = m_stub->requests().constFirst();
        QCOMPARE(req.path, QByteArray("/hooks/T000/secret-token"));
        QCOMPARE(req.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(bodyJson(req), expected);
        // The configured URL carries the token: it never reaches the result.
        QVERIFY(!QJsonDocument(r.payload).toJson().contains("secret-token"));
    }

    void ntfyGetsPlainTextAndATitleHeader() {
        SendWebhookTool tool({{{"phone", m_stub->baseUrl() + "/ntfy/alerts", "ntfy"}}});
        const ToolResult r = runTool(
            tool, {{"text", "Backup failed on db-1"}, {"title", "Zerg \u00fcberwacht \u2713"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const HttpStub::Request& req = m_stub->requests().constFirst();
        QCOMPARE(req.body, QByteArray("Backup failed on db-1"));
        QVERIFY(req.headers.value("content-type").startsWith("text/plain"));
        const QByteArray title = req.headers.value("title");
        QVERIFY2(title.startsWith("=?UTF-8?B?"), title.constData());
        // The encoded word decodes back to the title.
        const QByteArray b64 = title.mid(10, title.size() - 12);
        QCOMPARE(QString::fromUtf8(QByteArray::fromBase64(b64)),
                 QStringLiteral("Zerg \u00fcberwacht \u2713"));
    }

    void namedWebhookAndFormatOverride() {
        SendWebhookTool tool({{{"ops", m_stub->baseUrl() + "/broken", "slack"},
                               {"phone", m_stub->baseUrl() + "/ntfy/alerts", "ntfy"}}});
        QVERIFY(tool.spec().description.contains(QStringLiteral("ops, phone")));
        const ToolResult r =
            runTool(tool, {{"text", "hi"}, {"webhook", "phone"}, {"format", "json"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(m_stub->requests().constFirst().path, QByteArray("/ntfy/alerts"));
        QCOMPARE(bodyJson(m_stub->requests().constFirst()), (QJsonObject{{"text", "hi"}}));

        const ToolResult unknown = runTool(tool, {{"text", "hi"}, {"webhook", "pager"}});
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.payload.value("error_code").toString(),
                 QStringLiteral("invalid_arguments"));
        QVERIFY2(unknown.error().contains(QStringLiteral("ops, phone")),
                 qPrintable(unknown.error()));
    }

    void urlFromTheModelWhenAllowed() {
        SendWebhookOptions open;
        open.allowUrls = true;
        SendWebhookTool tool(open);
        QVERIFY(tool.spec().parameters.value("properties").toObject().contains("url"));
        const QString url = m_stub->baseUrl() + "/ntfy/alerts";
        const ToolResult r = runTool(tool, {{"text", "hi"}, {"url", url}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("target").toString(), url);
        QCOMPARE(r.payload.value("format").toString(), QStringLiteral("json"));

        const ToolResult file = runTool(tool, {{"text", "hi"}, {"url", "file:///etc/passwd"}});
        QCOMPARE(file.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QCOMPARE(m_stub->requests().size(), 1);
    }

    // Issue 22: notifications go only to the webhooks the user configured. Zerg's own tool
    // (runtime/backend.cpp) keeps the default.
    void aUrlOutsideTheConfiguredWebhooksIsRefusedByDefault() {
        const QString url = m_stub->baseUrl() + "/ntfy/alerts";
        SendWebhookTool tool({{{"ops", m_stub->baseUrl() + "/hooks/T000/secret-token", "slack"}}});
        QVERIFY(!tool.spec().parameters.value("properties").toObject().contains("url"));
        const ToolResult r = runTool(tool, {{"text", "hi"}, {"url", url}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("target_not_allowed"));
        QVERIFY2(r.error().contains(QStringLiteral("ops")) &&
                     r.error().contains(QStringLiteral("Settings")),
                 qPrintable(r.error()));
        QVERIFY(!r.error().contains(QStringLiteral("secret-token")));

        SendWebhookTool none(SendWebhookOptions{});
        const ToolResult alone = runTool(none, {{"text", "hi"}, {"url", url}});
        QCOMPARE(alone.payload.value("error_code").toString(),
                 QStringLiteral("target_not_allowed"));
        QVERIFY2(alone.error().contains(QStringLiteral("ZERG_WEBHOOK_URL")),
                 qPrintable(alone.error()));
        QCOMPARE(m_stub->requests().size(), 0);
    }

    // A reply is read up to the cap: an answer that never ends still gives the status at once,
    // and Zerg closes the connection instead of reading on.
    void anEndlessReplyIsCutAtTheCap() {
        EndlessReceiver receiver;
        QVERIFY(receiver.start());
        SendWebhookOptions o;
        o.targets = {{"ops", receiver.url(), "json"}};
        o.timeoutSecs = 60;  // longer than runTool waits: an answer read to its end never comes
        SendWebhookTool tool(o);
        QElapsedTimer t;
        t.start();
        const ToolResult r = runTool(tool, {{"text", "hi"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("status").toInt(), 200);
        QCOMPARE(r.payload.value("response").toString(), QString(500, QLatin1Char('x')));
        QVERIFY(t.elapsed() < 15000);
        QTRY_VERIFY_WITH_TIMEOUT(receiver.closed(), 10000);
        // What the receiver got rid of: the cap plus what the sockets' buffers held, far below
        // the safety limit at which it would give up by itself.
        QVERIFY2(receiver.written() < 64LL * 1024 * 1024,
                 qPrintable(QString::number(receiver.written())));
    }

    void aLargeErrorReplyIsReadWithTheCap() {
        m_stub->route("POST", "/huge", 500, QByteArray(2 * 1024 * 1024, 'e'), "text/plain");
        SendWebhookOptions o;
        o.targets = {{"ops", m_stub->baseUrl() + "/huge", "json"}};
        o.replyCapBytes = 4096;
        SendWebhookTool tool(o);
        const ToolResult r = runTool(tool, {{"text", "hi"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("http_error"));
        QCOMPARE(r.payload.value("status").toInt(), 500);
        QCOMPARE(r.payload.value("response").toString(), QString(500, QLatin1Char('e')));
        QVERIFY2(r.error().contains(QStringLiteral("HTTP 500")), qPrintable(r.error()));
    }

    void errorStatusIsNotOk() {
        SendWebhookTool tool({{{"ops", m_stub->baseUrl() + "/broken", "slack"}}});
        const ToolResult r = runTool(tool, {{"text", "hi"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("http_error"));
        QCOMPARE(r.payload.value("status").toInt(), 500);
        QVERIFY2(r.error().contains(QStringLiteral("HTTP 500")) &&
                     r.error().contains(QStringLiteral("boom")),
                 qPrintable(r.error()));
        QVERIFY(!r.error().contains(m_stub->baseUrl()));
    }

    void unreachableReceiverIsAConnectError() {
        QTcpServer s;
        QVERIFY(s.listen(QHostAddress::LocalHost, 0));
        const quint16 port = s.serverPort();
        s.close();
        SendWebhookTool tool(
            {{{"ops", QStringLiteral("http://127.0.0.1:%1/hook").arg(port), "json"}}});
        const ToolResult r = runTool(tool, {{"text", "hi"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("connect_failed"));
        QVERIFY2(r.error().contains(QStringLiteral("ops")), qPrintable(r.error()));
        QVERIFY(!r.error().contains(QString::number(port)));  // the URL stays hidden
    }

    void silentReceiverTimesOutAndCancelStops() {
        QTcpServer silent;  // accepts, never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        SendWebhookOptions o;
        o.targets = {
            {"ops", QStringLiteral("http://127.0.0.1:%1/hook").arg(silent.serverPort()), "json"}};
        o.timeoutSecs = 1;
        SendWebhookTool tool(o);
        const ToolResult r = runTool(tool, {{"text", "hi"}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));

        o.timeoutSecs = 60;
        SendWebhookTool slow(o);
        QSignalSpy connected(&silent, &QTcpServer::newConnection);
        std::unique_ptr<ToolInvocation> inv(slow.start({{"text", "hi"}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(connected.count() >= 1, 10000);  // the request is on its way
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
    }

    void notConfiguredAndBadArguments() {
        SendWebhookOptions o;
        o.allowUrls = false;
        SendWebhookTool none(o);
        const ToolResult r = runTool(none, {{"text", "hi"}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("not_configured"));
        QVERIFY2(r.error().contains(QStringLiteral("ZERG_WEBHOOK_URL")), qPrintable(r.error()));

        SendWebhookTool tool({{{"ops", m_stub->baseUrl() + "/ntfy/alerts", "json"}}});
        QCOMPARE(runTool(tool, {}).payload.value("error_code").toString(),
                 QStringLiteral("invalid_arguments"));
        QCOMPARE(runTool(tool, {{"text", "hi"}, {"format", "teams"}})
                     .payload.value("error_code")
                     .toString(),
                 QStringLiteral("invalid_arguments"));
        QCOMPARE(m_stub->requests().size(), 0);
    }

private:
    std::unique_ptr<HttpStub> m_stub;
};

QTEST_GUILESS_MAIN(TestSendWebhook)
#include "test_send_webhook.moc"
