// Scheduled results on the channels of their severity, with the real connectors: e-mail to an
// SMTP server on loopback (aiosmtpd), webhooks to a loopback HTTP receiver, notifications as a
// signal for the tray. Default routing: info -> inbox only, warning -> notification, critical ->
// every configured channel.
#include "http_stub.h"
#include "schedule/alert_channels.h"
#include "smtp_server.h"
#include "tools/send_email_tool.h"
#include "tools/send_webhook_tool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

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
        QCOMPARE(defaults.channelsFor(QStringLiteral("critical")).size(), 3);
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
