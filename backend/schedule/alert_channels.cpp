#include "schedule/alert_channels.h"

#include "tools/tool.h"

#include <QJsonObject>
#include <QPointer>

namespace zerg {
namespace {

const QStringList kChannels{QStringLiteral("notification"), QStringLiteral("email"),
                            QStringLiteral("webhook"), QStringLiteral("sms")};

// The first lines of a result, for a notification bubble.
QString shortBody(const QString& body) {
    QString text = body.simplified();
    return text.size() > 240 ? text.left(240) + QChar(0x2026) : text;
}

}  // namespace

Result<QStringList> AlertRouting::parseChannels(const QString& text) {
    QStringList out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.trimmed().toLower();
        if (name.isEmpty() || name == QLatin1String("inbox"))
            continue;
        if (!kChannels.contains(name)) {
            return Error{QStringLiteral("invalid_channel"),
                         QCoreApplication::translate(
                             "zerg::AlertRouting",
                             "'%1' is not an alert channel. Use a comma list of notification, "
                             "email, webhook and sms, or inbox for the task inbox alone.")
                             .arg(part.trimmed())};
        }
        if (!out.contains(name))
            out.append(name);
    }
    return out;
}

const QStringList& AlertRouting::channelsFor(const QString& severity) const {
    if (severity == QLatin1String("critical"))
        return critical;
    if (severity == QLatin1String("warning"))
        return warning;
    return info;
}

AlertChannels::AlertChannels(AlertRouting routing, std::shared_ptr<Tool> email,
                             std::shared_ptr<Tool> webhook, QObject* parent)
    : QObject(parent),
      m_routing(std::move(routing)),
      m_email(std::move(email)),
      m_webhook(std::move(webhook)) {}

void AlertChannels::deliver(const InboxItem& item) {
    const QString title = item.severity == QLatin1String("info")
                              ? item.title
                              : QStringLiteral("[%1] %2").arg(item.severity.toUpper(), item.title);
    for (const QString& channel : m_routing.channelsFor(item.severity)) {
        if (const auto sender = m_senders.constFind(channel); sender != m_senders.cend()) {
            const qint64 id = item.id;
            (*sender)(item, title, [self = QPointer(this), channel, id](const QString& e) {
                if (self)
                    Q_EMIT self->sent(channel, id, e);
            });
        } else if (channel == QLatin1String("notification")) {
            Q_EMIT notify(title, shortBody(item.body), item.severity);
        } else if (channel == QLatin1String("email") && m_email && !m_routing.emailTo.isEmpty()) {
            send(m_email, channel, item,
                 {{QStringLiteral("to"), m_routing.emailTo},
                  {QStringLiteral("subject"), QStringLiteral("Zerg: ") + title},
                  {QStringLiteral("body"), item.body}});
        } else if (channel == QLatin1String("webhook") && m_webhook &&
                   m_routing.webhookConfigured) {
            send(m_webhook, channel, item,
                 {{QStringLiteral("title"), title}, {QStringLiteral("text"), item.body}});
        }
    }
}

void AlertChannels::send(const std::shared_ptr<Tool>& tool, const QString& channel,
                         const InboxItem& item, const QJsonObject& args) {
    ToolInvocation* call = tool->start(args, this);
    const qint64 itemId = item.id;
    const qint64 ownerId = item.ownerId;
    const QString subject = args.value(QStringLiteral("subject")).toString();
    auto report = [this, call, channel, itemId, ownerId, subject] {
        const ToolResult& r = call->result();
        const QString messageId = r.payload.value(QStringLiteral("message_id")).toString();
        if (r.ok() && !messageId.isEmpty())
            Q_EMIT mailed(ownerId, itemId, messageId, subject);
        if (!r.ok()) {
            qWarning("alerts: the %s alert for inbox item %lld failed: %s", qPrintable(channel),
                     itemId, qPrintable(r.error()));
        }
        Q_EMIT sent(channel, itemId, r.ok() ? QString() : r.error());
        call->deleteLater();
    };
    if (call->isFinished())
        report();
    else
        connect(call, &ToolInvocation::finished, this, report);
}

}  // namespace zerg
