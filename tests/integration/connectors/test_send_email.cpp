#include "smtp_server.h"
#include "tools/mail_message.h"
#include "tools/send_email_tool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::SmtpServer;

namespace {

constexpr int kWaitMs = 30000;

ToolResult runTool(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure("test: no result");
    return inv->result();
}

SmtpSettings plainSettings(quint16 port) {
    SmtpSettings s;
    s.host = QStringLiteral("127.0.0.1");
    s.port = port;
    s.tls = SmtpSettings::Tls::None;
    s.from = QStringLiteral("zerg@example.org");
    s.timeoutSecs = 20;
    return s;
}

// A port nothing listens on: bound, then released.
quint16 closedPort() {
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    const quint16 port = s.serverPort();
    s.close();
    return port;
}

}  // namespace

class TestSendEmail : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QString why;
        if (SmtpServer::findPython(&why).isEmpty())
            QSKIP(qPrintable(why));
    }

    void deliversAMessageWithUtf8SubjectAndBody() {
        SmtpServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SendEmailTool tool(plainSettings(server.port()));

        const QString subject = QStringLiteral(
            "Disk alert \u2013 /var \u00fcber 90 % on db-1 \u2713 and a long tail that needs "
            "more than one encoded word to fit");
        const QString body =
            QStringLiteral(
                "Hello,\n\n/var is at 93 %.\u00c4rger: =?not-a-word?= stays as written.\n"
                ".a line starting with a dot\nFrom the start of a line\ntrailing space \n") +
            QString(200, QLatin1Char('x')) + QStringLiteral("\nend");
        const ToolResult r =
            runTool(tool, {{"to", QJsonArray{"ops@example.org", "oncall@example.net"}},
                           {"subject", subject},
                           {"body", body}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("recipients").toArray(),
                 (QJsonArray{"ops@example.org", "oncall@example.net"}));
        const QString messageId = r.payload.value("message_id").toString();
        QVERIFY(messageId.endsWith(QStringLiteral("@example.org")));

        QTRY_COMPARE_WITH_TIMEOUT(server.messages().size(), 1, 10000);
        const QJsonObject m = server.messages().constFirst();
        QCOMPARE(m.value("mail_from").toString(), QStringLiteral("zerg@example.org"));
        QCOMPARE(m.value("rcpt_tos").toArray(),
                 (QJsonArray{"ops@example.org", "oncall@example.net"}));
        QCOMPARE(m.value("subject").toString(), subject);  // decoded by Python's email package
        QCOMPARE(m.value("to").toString(), QStringLiteral("ops@example.org, oncall@example.net"));
        QCOMPARE(m.value("from").toString(), QStringLiteral("zerg@example.org"));
        QCOMPARE(m.value("message_id").toString(), QLatin1Char('<') + messageId + QLatin1Char('>'));
        QCOMPARE(m.value("content_type").toString(), QStringLiteral("text/plain"));
        QCOMPARE(m.value("charset").toString(), QStringLiteral("utf-8"));
        QVERIFY(!m.value("date").toString().isEmpty());
        QString received = m.value("body").toString();
        received.replace(QLatin1String("\r\n"), QLatin1String("\n"));
        QCOMPARE(received, body + QLatin1Char('\n'));
        // On the wire: 7-bit, short lines, so any relay passes it unchanged.
        const QString raw = m.value("raw").toString();
        for (const QString& line : raw.split(QStringLiteral("\r\n")))
            QVERIFY2(line.size() <= 998, qPrintable(line.left(80)));
        QVERIFY(!m.value("authenticated").toBool());
    }

    void logsInWhenTheServerRequiresIt() {
        SmtpServer server;
        server.requireLogin(QStringLiteral("zerg"), QStringLiteral("s3cret-pass"));
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SmtpSettings s = plainSettings(server.port());
        s.username = QStringLiteral("zerg");
        s.password = QStringLiteral("s3cret-pass");
        SendEmailTool tool(s);
        const ToolResult r =
            runTool(tool, {{"to", "ops@example.org"}, {"subject", "login"}, {"body", "hello"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QTRY_COMPARE_WITH_TIMEOUT(server.messages().size(), 1, 10000);
        QVERIFY(server.messages().constFirst().value("authenticated").toBool());
    }

    void wrongPasswordIsAClearErrorWithoutThePassword() {
        SmtpServer server;
        server.requireLogin(QStringLiteral("zerg"), QStringLiteral("right-pass"));
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SmtpSettings s = plainSettings(server.port());
        s.username = QStringLiteral("zerg");
        s.password = QStringLiteral("wrong-pass-8817");
        SendEmailTool tool(s);
        const ToolResult r =
            runTool(tool, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("auth_failed"));
        QVERIFY2(r.error().contains(QStringLiteral("ZERG_SMTP_USER")), qPrintable(r.error()));
        QVERIFY(!QJsonDocument(r.payload).toJson().contains("wrong-pass-8817"));
        QCOMPARE(server.messages().size(), 0);
    }

    // STARTTLS against a server that refuses mail in clear: with the server's certificate
    // trusted the message goes over TLS; without it the call fails as a TLS error that says
    // what to check, and nothing is delivered.
    void startTlsDeliversOverTlsAndRefusesAnUntrustedCertificate() {
        SmtpServer server;
        QString error;
        if (!server.requireStartTls(&error))
            QSKIP(qPrintable(error));
        QVERIFY2(server.start(&error), qPrintable(error));

        SmtpSettings s = plainSettings(server.port());
        s.tls = SmtpSettings::Tls::StartTls;
        SendEmailTool untrusted(s);
        const ToolResult refused =
            runTool(untrusted, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.payload.value("error_code").toString(), QStringLiteral("tls_failed"));
        QVERIFY2(refused.error().contains(QStringLiteral("ZERG_SMTP_CA_FILE")),
                 qPrintable(refused.error()));
        QCOMPARE(server.messages().size(), 0);

        s.caFile = server.certificateFile();
        SendEmailTool trusted(s);
        const ToolResult r =
            runTool(trusted, {{"to", "ops@example.org"}, {"subject", "tls"}, {"body", "hello"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QTRY_COMPARE_WITH_TIMEOUT(server.messages().size(), 1, 10000);
        QVERIFY(server.messages().constFirst().value("tls").toBool());

        // Plain SMTP to the same server is refused by the server (it requires STARTTLS).
        s.tls = SmtpSettings::Tls::None;
        SendEmailTool clear(s);
        const ToolResult plain =
            runTool(clear, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!plain.ok());
        QCOMPARE(server.messages().size(), 1);
    }

    void noServerIsAConnectError() {
        const quint16 port = closedPort();
        SendEmailTool tool(plainSettings(port));
        const ToolResult r =
            runTool(tool, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("connect_failed"));
        QVERIFY2(r.error().contains(QStringLiteral("127.0.0.1:%1").arg(port)),
                 qPrintable(r.error()));
        QVERIFY(r.error().contains(QStringLiteral("ZERG_SMTP_HOST")));
    }

    void silentServerTimesOut() {
        QTcpServer silent;  // accepts, never greets
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        SmtpSettings s = plainSettings(silent.serverPort());
        s.timeoutSecs = 1;
        SendEmailTool tool(s);
        const ToolResult r =
            runTool(tool, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
    }

    void cancelEndsTheCall() {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        SendEmailTool tool(plainSettings(silent.serverPort()));
        std::unique_ptr<ToolInvocation> inv(
            tool.start({{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(silent.waitForNewConnection(10000));  // curl is inside the SMTP conversation
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QTcpSocket* peer = silent.nextPendingConnection();
        QVERIFY(peer);
        // The worker thread notices the flag and hangs up.
        QTRY_VERIFY_WITH_TIMEOUT(peer->state() == QAbstractSocket::UnconnectedState, 10000);
        inv.reset();  // joins the finished thread
    }

    void notConfiguredSaysWhatToSet() {
        SendEmailTool tool(SmtpSettings{});
        QVERIFY(tool.spec().description.contains(QStringLiteral("not configured")));
        const ToolResult r =
            runTool(tool, {{"to", "ops@example.org"}, {"subject", "x"}, {"body", "y"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("not_configured"));
        QVERIFY(r.error().contains(QStringLiteral("ZERG_SMTP_HOST")));
        QVERIFY(r.error().contains(QStringLiteral("ZERG_SMTP_FROM")));
    }

    void invalidArgumentsFailBeforeConnecting_data() {
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<QString>("names");
        QTest::newRow("no to") << QJsonObject{{"subject", "s"}, {"body", "b"}} << "to";
        QTest::newRow("display name")
            << QJsonObject{{"to", "Ops <ops@example.org>"}, {"subject", "s"}, {"body", "b"}}
            << "Ops <ops@example.org>";
        QTest::newRow("header injection")
            << QJsonObject{{"to", "ops@example.org\r\nBcc: x@evil.test"},
                           {"subject", "s"},
                           {"body", "b"}}
            << "to";
        QTest::newRow("no domain") << QJsonObject{{"to", QJsonArray{"ops@example.org", "root"}},
                                                  {"subject", "s"},
                                                  {"body", "b"}}
                                   << "root";
        QTest::newRow("multi-line subject")
            << QJsonObject{{"to", "ops@example.org"}, {"subject", "a\nBcc: x"}, {"body", "b"}}
            << "subject";
        QTest::newRow("no body") << QJsonObject{{"to", "ops@example.org"}, {"subject", "s"}}
                                 << "body";
    }
    void invalidArgumentsFailBeforeConnecting() {
        QFETCH(QJsonObject, args);
        QFETCH(QString, names);
        SendEmailTool tool(plainSettings(closedPort()));
        const ToolResult r = runTool(tool, args);
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QVERIFY2(r.error().contains(names), qPrintable(r.error()));
    }

    void mimeEncodingsStayWithinTheirLimits() {
        const QByteArray words = mime::encodeHeaderText(QString(100, QChar(0x00fc)));
        for (const QByteArray& w : words.split('\n')) {
            QVERIFY2(w.trimmed().size() <= 75, w.constData());
            QVERIFY(w.trimmed().startsWith("=?UTF-8?B?"));
        }
        QCOMPARE(mime::encodeHeaderText(QStringLiteral("plain ASCII")), QByteArray("plain ASCII"));
        const QByteArray qp =
            mime::quotedPrintable(QString(300, QChar(0x00e9)) + QStringLiteral(" end \nnext="));
        for (const QByteArray& line : qp.split('\n'))
            QVERIFY2(line.trimmed().size() <= 76, line.constData());
        QVERIFY(qp.contains("end=20\r\nnext=3D"));
    }
};

QTEST_GUILESS_MAIN(TestSendEmail)
#include "test_send_email.moc"
