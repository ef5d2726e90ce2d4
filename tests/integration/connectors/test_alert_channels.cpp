// Scheduled results on the channels of their severity, with the real connectors: e-mail to an
// SMTP server on loopback (aiosmtpd), webhooks to a loopback HTTP receiver, notifications as a
// signal for the tray. Default routing: info -> inbox only, warning -> notification, critical ->
// every configured channel.
#include "core/settings.h"
#include "http_stub.h"
#include "runtime/sms_alerts.h"
#include "schedule/alert_channels.h"
#include "smtp_server.h"
#include "tools/send_email_tool.h"
#include "tools/send_webhook_tool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <QUrlQuery>

#include <memory>

using namespace zerg;
using zerg::test::HttpStub;
using zerg::test::SmtpServer;

namespace {

InboxItem item(qint64 id, const QString& severity, const QString& body) {
    InboxItem i;
    i.id = id;
    i.ownerId = 1;
    i.title = QStringLiteral("morning check");
    i.body = body;
    i.severity = severity;
    return i;
}

}  // namespace

class TestAlertChannels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesChannelLists() {
        QCOMPARE(AlertRouting::parseChannels(QStringLiteral(" Email, notification,email ")).value(),
                 (QStringList{QStringLiteral("email"), QStringLiteral("notification")}));
        QVERIFY(AlertRouting::parseChannels(QStringLiteral("inbox"))->isEmpty());
        QVERIFY(AlertRouting::parseChannels({})->isEmpty());
        const auto bad = AlertRouting::parseChannels(QStringLiteral("notification,pager"));
        QCOMPARE(bad.error().code, QStringLiteral("invalid_channel"));
        QVERIFY(bad.error().message.contains(QStringLiteral("'pager'")));
        const AlertRouting defaults;
        QVERIFY(defaults.channelsFor(QStringLiteral("info")).isEmpty());
        QCOMPARE(defaults.channelsFor(QStringLiteral("warning")),
                 QStringList{QStringLiteral("notification")});
        QCOMPARE(defaults.channelsFor(QStringLiteral("critical")).size(), 4);
        QVERIFY(defaults.channelsFor(QStringLiteral("critical")).contains(QStringLiteral("sms")));
    }

    void eachSeverityGoesWhereItIsRouted() {
        QString why;
        if (SmtpServer::findPython(&why).isEmpty())
            QSKIP(qPrintable(why));
        SmtpServer smtp;
        QString error;
        QVERIFY2(smtp.start(&error), qPrintable(error));
        HttpStub hook;
        QVERIFY(hook.start());
        hook.route("POST", "/hook", 200, "{}");

        SmtpSettings mail;
        mail.host = QStringLiteral("127.0.0.1");
        mail.port = smtp.port();
        mail.tls = SmtpSettings::Tls::None;
        mail.from = QStringLiteral("zerg@example.org");
        SendWebhookOptions webhook;
        webhook.targets = {{QStringLiteral("default"), hook.baseUrl() + QStringLiteral("/hook"),
                            QStringLiteral("json")}};
        AlertRouting routing;
        routing.emailTo = QStringLiteral("ops@example.org");
        routing.webhookConfigured = true;
        AlertChannels alerts(routing, std::make_shared<SendEmailTool>(mail),
                             std::make_shared<SendWebhookTool>(webhook));
        QSignalSpy notified(&alerts, &AlertChannels::notify);
        QSignalSpy sent(&alerts, &AlertChannels::sent);

        alerts.deliver(item(1, QStringLiteral("info"), QStringLiteral("All fine.")));
        QCOMPARE(notified.size(), 0);
        QCOMPARE(sent.size(), 0);

        alerts.deliver(item(2, QStringLiteral("warning"), QStringLiteral("/var at 85%.")));
        QCOMPARE(notified.size(), 1);
        QCOMPARE(notified.at(0).at(0).toString(), QStringLiteral("[WARNING] morning check"));
        QCOMPARE(notified.at(0).at(2).toString(), QStringLiteral("warning"));
        QCOMPARE(sent.size(), 0);

        alerts.deliver(item(3, QStringLiteral("critical"), QStringLiteral("/var at 99%!")));
        QCOMPARE(notified.size(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(sent.size(), 2, 20000);
        for (const QList<QVariant>& s : sent) {
            QVERIFY2(s.at(2).toString().isEmpty(), qPrintable(s.at(2).toString()));
            QCOMPARE(s.at(1).toLongLong(), 3);
        }
        QTRY_COMPARE_WITH_TIMEOUT(smtp.messages().size(), 1, 10000);
        const QJsonObject m = smtp.messages().constFirst();
        QCOMPARE(m.value("rcpt_tos").toArray(), QJsonArray{"ops@example.org"});
        QVERIFY(m.value("body").toString().contains(QStringLiteral("/var at 99%!")));
        QCOMPARE(m.value("subject").toString(), QStringLiteral("Zerg: [CRITICAL] morning check"));
        QCOMPARE(hook.requests().size(), 1);
        const QJsonObject posted = QJsonDocument::fromJson(hook.requests().first().body).object();
        QCOMPARE(posted.value("title").toString(), QStringLiteral("[CRITICAL] morning check"));
        QCOMPARE(posted.value("text").toString(), QStringLiteral("/var at 99%!"));
    }

    // A critical alert by SMS through Twilio's API (a loopback stand-in for api.twilio.com): the
    // form Twilio reads, Basic auth with the SID and token; a refusal is reported with
    // Twilio's own message, never the token.
    void criticalAlertsGoBySms() {
        HttpStub twilio;
        QVERIFY(twilio.start());
        const QByteArray path =
            "/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/"
            "Messages.json";
        twilio.route("POST", path, 201, R"({"sid": "SM1", "status": "queued"})");
        Settings s;
        s.smsGateway = QStringLiteral("twilio");
        s.smsUrl = twilio.baseUrl();
        s.smsAccount = QStringLiteral("AC0123456789abcdef0123456789abcdef");
        s.smsFrom = QStringLiteral("+15005550006");
        s.smsTo = QStringLiteral("+4915112345678");
        const auto config = SmsAlerts::configFrom(s, QStringLiteral("s3cret-token"));
        QVERIFY2(config, config ? "" : qPrintable(config.error().message));
        QVERIFY(config->has_value());
        SmsAlerts sms(**config);
        AlertChannels alerts(AlertRouting{}, nullptr, nullptr);
        alerts.setSender(QStringLiteral("sms"),
                         [&sms](const InboxItem& i, const QString& title, auto done) {
                             sms.pushAlert(i, title, std::move(done));
                         });
        QSignalSpy sent(&alerts, &AlertChannels::sent);
        alerts.deliver(item(5, QStringLiteral("warning"), QStringLiteral("not by SMS")));
        alerts.deliver(item(6, QStringLiteral("critical"), QString(400, QLatin1Char('x'))));
        QTRY_COMPARE(sent.size(), 1);
        QCOMPARE(sent.at(0).at(0).toString(), QStringLiteral("sms"));
        QCOMPARE(sent.at(0).at(1).toLongLong(), 6);
        QCOMPARE(sent.at(0).at(2).toString(), QString());
        QCOMPARE(twilio.requests().size(), 1);
        const HttpStub::Request& r = twilio.requests().first();
        QCOMPARE(r.path, path);
        QCOMPARE(
            r.headers.value("authorization"),
            "Basic " + QByteArray("AC0123456789abcdef0123456789abcdef:s3cret-token").toBase64());
        const QUrlQuery form(QString::fromUtf8(r.body));
        QCOMPARE(form.queryItemValue(QStringLiteral("To"), QUrl::FullyDecoded),
                 QStringLiteral("+4915112345678"));
        QCOMPARE(form.queryItemValue(QStringLiteral("From"), QUrl::FullyDecoded),
                 QStringLiteral("+15005550006"));
        const QString body = form.queryItemValue(QStringLiteral("Body"), QUrl::FullyDecoded);
        QVERIFY2(body.startsWith(QStringLiteral("Zerg [CRITICAL] morning check: xxx")),
                 qPrintable(body));
        QCOMPARE(body.size(), SmsAlerts::kMaxAlertChars);

        twilio.route(
            "POST", path, 400,
            R"({"code": 21211, "message": "The 'To' number is not a valid phone number."})");
        alerts.deliver(item(7, QStringLiteral("critical"), QStringLiteral("disk full")));
        QTRY_COMPARE(sent.size(), 2);
        const QString error = sent.at(1).at(2).toString();
        QVERIFY2(error.contains(QStringLiteral("is not a valid phone number")), qPrintable(error));
        QVERIFY(!error.contains(QStringLiteral("s3cret")));
    }

    // The gateway's settings: off is no gateway; what is missing is named.
    void smsSettingsSayWhatIsMissing() {
        Settings s;
        QVERIFY(!SmsAlerts::configFrom(s, {}).value().has_value());  // off by default
        s.smsGateway = QStringLiteral("twilio");
        s.smsTo = QStringLiteral("+4915112345678");
        const auto missing = SmsAlerts::configFrom(s, {});
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.contains(QStringLiteral("ZERG_SMS_ACCOUNT")),
                 qPrintable(missing.error().message));
        QVERIFY(missing.error().message.contains(QStringLiteral("sms_token")));
        s.smsGateway = QStringLiteral("pager");
        const auto unknown = SmsAlerts::configFrom(s, {});
        QVERIFY(!unknown);
        QVERIFY2(unknown.error().message.contains(QStringLiteral("ZERG_SMS_GATEWAY")),
                 qPrintable(unknown.error().message));
    }

    // Channels that are not configured are skipped: no e-mail address, no webhook URL.
    void unconfiguredChannelsAreSkipped() {
        AlertRouting routing;  // no e-mail address, no webhook
        AlertChannels alerts(routing, std::make_shared<SendEmailTool>(SmtpSettings{}),
                             std::make_shared<SendWebhookTool>(SendWebhookOptions{}));
        QSignalSpy notified(&alerts, &AlertChannels::notify);
        QSignalSpy sent(&alerts, &AlertChannels::sent);
        alerts.deliver(item(4, QStringLiteral("critical"), QStringLiteral("down")));
        QCOMPARE(notified.size(), 1);
        QCOMPARE(sent.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAlertChannels)
#include "test_alert_channels.moc"
