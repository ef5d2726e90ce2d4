#pragma once

#include "core/result.h"
#include "tools/sms_gateway.h"

#include "storage/schedule_store.h"

#include <QObject>

#include <functional>
#include <optional>

namespace zerg {

struct Settings;

// SMS alerts (issue 27, docs/alerts.md): the alerts of the "sms" channel (by default the critical
// results of scheduled checks) sent as a text message through the configured gateway (Twilio's
// API, or any gateway by an HTTP template). Set on AlertChannels as the "sms" channel's sender.
class SmsAlerts : public QObject {
    Q_OBJECT
public:
    // Longest alert text: two SMS segments, so that an alert costs little and reads in one go.
    static constexpr int kMaxAlertChars = 306;

    // The gateway of the settings (ZERG_SMS_*) with its token (the secret "sms_token"); nullopt
    // when ZERG_SMS_GATEWAY is off, an error saying what is missing or wrong otherwise.
    [[nodiscard]] static Result<std::optional<SmsConfig>> configFrom(const Settings& settings,
                                                                     const QString& token);
    // The text of an alert: "Zerg [CRITICAL] title: the result's first words…".
    [[nodiscard]] static QString alertText(const InboxItem& item, const QString& title);

    explicit SmsAlerts(SmsConfig config, QObject* parent = nullptr);

    // AlertChannels' sender of the "sms" channel: done(error), empty once the gateway took it.
    void pushAlert(const InboxItem& item, const QString& title,
                   std::function<void(const QString& error)> done);

    [[nodiscard]] SmsGateway* gateway() const { return m_gateway; }

Q_SIGNALS:
    // The gateway took the SMS of an alert (SmsReplies records it: replies are about it).
    void alertSent(const zerg::InboxItem& item);

private:
    SmsGateway* m_gateway;
};

}  // namespace zerg
