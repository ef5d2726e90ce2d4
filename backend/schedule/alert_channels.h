#pragma once

#include "core/result.h"
#include "storage/schedule_store.h"

#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

namespace zerg {

class Tool;

// Where a scheduled check's result goes besides the task inbox, by severity (Settings'
// alert* fields). Channels: "notification" (the desktop, through the tray), "email" (to emailTo,
// through send_email's SMTP settings), "webhook" (send_webhook's default target), "sms" (a text
// message through the SMS gateway, when one is set: AlertChannels::setSender).
struct AlertRouting {
    QStringList info;
    QStringList warning{QStringLiteral("notification")};
    QStringList critical{QStringLiteral("notification"), QStringLiteral("email"),
                         QStringLiteral("webhook"), QStringLiteral("sms")};
    QString emailTo;  // empty: no e-mail channel
    bool webhookConfigured = false;

    // "notification, email" -> {notification, email}; "inbox" or "" -> {}. Unknown names are an
    // Error ("invalid_channel") naming the valid ones.
    [[nodiscard]] static Result<QStringList> parseChannels(const QString& text);
    [[nodiscard]] const QStringList& channelsFor(const QString& severity) const;
};

// Sends an inbox item on the channels its severity is routed to. E-mail and webhooks go through
// the same tools the agents use (send_email, send_webhook), so the connectors' settings, TLS and
// errors are shared; a channel that is not configured is skipped, not an error.
class AlertChannels : public QObject {
    Q_OBJECT
public:
    AlertChannels(AlertRouting routing, std::shared_ptr<Tool> email, std::shared_ptr<Tool> webhook,
                  QObject* parent = nullptr);

    void deliver(const InboxItem& item);

    // Sends a channel's alerts through `sender`: done gets the error, or an empty one once it
    // went out. "webhook": `zerg serve` with ZERG_PUBLIC_URL pushes them to ntfy with an Open
    // link (runtime/phone_links.h); without a sender, through send_webhook. "sms": the SMS
    // gateway (runtime/sms_alerts.h); without a sender, the channel is skipped.
    using Sender = std::function<void(const InboxItem& item, const QString& title,
                                      std::function<void(const QString& error)> done)>;
    void setSender(const QString& channel, Sender sender) {
        m_senders[channel] = std::move(sender);
    }

Q_SIGNALS:
    // For the tray: a desktop notification.
    void notify(const QString& title, const QString& body, const QString& severity);
    // One channel's outcome (e-mail and webhook send asynchronously); error empty on success.
    void sent(const QString& channel, qint64 itemId, const QString& error);
    // An alert went out by e-mail with this Message-ID (replies to it can be matched).
    void mailed(qint64 ownerId, qint64 itemId, const QString& messageId, const QString& subject);

private:
    void send(const std::shared_ptr<Tool>& tool, const QString& channel, const InboxItem& item,
              const QJsonObject& args);

    AlertRouting m_routing;
    std::shared_ptr<Tool> m_email;
    std::shared_ptr<Tool> m_webhook;
    QHash<QString, Sender> m_senders;
};

}  // namespace zerg
