#include "runtime/sms_alerts.h"

#include "core/settings.h"
#include "storage/schedule_store.h"

namespace zerg {

Result<std::optional<SmsConfig>> SmsAlerts::configFrom(const Settings& s, const QString& token) {
    if (s.smsGateway.isEmpty() || s.smsGateway == QLatin1String("off"))
        return std::optional<SmsConfig>();
    const Result<SmsGatewayKind> kind =
        parseStatusArgument<SmsGatewayKind>(s.smsGateway, QStringLiteral("SMS gateway"));
    if (!kind) {
        return Error{QStringLiteral("sms_config"),
                     tr("ZERG_SMS_GATEWAY: %1 Or set it to off.").arg(kind.error().message)};
    }
    SmsConfig c;
    c.kind = kind.value();
    c.url = s.smsUrl;
    c.account = s.smsAccount;
    c.token = token;
    c.from = s.smsFrom;
    c.to = s.smsTo;
    c.bodyTemplate = s.smsBody;
    c.contentType = s.smsContentType;
    if (const QStringList problems = c.problems(); !problems.isEmpty()) {
        return Error{QStringLiteral("sms_config"),
                     tr("SMS alerts are off until the gateway's settings are mended: %1")
                         .arg(problems.join(QLatin1Char(' ')))};
    }
    return std::optional<SmsConfig>(c);
}

QString SmsAlerts::alertText(const InboxItem& item, const QString& title) {
    QString text = QStringLiteral("Zerg %1: %2").arg(title, item.body.simplified());
    if (text.size() > kMaxAlertChars)
        text = text.left(kMaxAlertChars - 1) + QChar(0x2026);
    return text;
}

SmsAlerts::SmsAlerts(SmsConfig config, QObject* parent)
    : QObject(parent), m_gateway(new SmsGateway(std::move(config), this)) {}

void SmsAlerts::pushAlert(const InboxItem& item, const QString& title,
                          std::function<void(const QString& error)> done) {
    m_gateway->send(alertText(item, title), [this, item,
                                             done = std::move(done)](const QString& error) {
        if (error.isEmpty())
            Q_EMIT alertSent(item);
        else
            qWarning("alerts: the SMS for inbox item %lld failed: %s", item.id, qPrintable(error));
        done(error);
    });
}

}  // namespace zerg
