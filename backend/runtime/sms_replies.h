#pragma once

#include "core/result.h"
#include "jarvis/jarvis_of_owner.h"
#include "storage/reply_log.h"
#include "storage/sms_threads.h"
#include "tools/sms_gateway.h"

#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace zerg {

class Clock;
class Database;
class JarvisService;
class ScheduleStore;
class SmsAlerts;
struct InboxItem;
struct Settings;

// Where the gateway's webhook reaches `zerg serve`, and whose SMS count.
struct SmsRepliesConfig {
    SmsGatewayKind kind = SmsGatewayKind::Twilio;
    // Twilio: the Auth Token, the key of the webhook's signature. Http: the key from which the
    // webhook's secret address is made (webhookPath).
    QString token;
    QUrl publicUrl;           // ZERG_PUBLIC_URL; empty: replies are not served (alerts still go)
    QString number;           // ZERG_SMS_TO: only SMS from this number count
    qint64 defaultOwner = 1;  // whose Jarvis answers before any SMS went to the number

    // The webhook's path on `zerg serve`: "/sms" for Twilio, whose requests are signed;
    // "/sms/<a secret made from the token>" for an HTTP gateway, whose address is the credential.
    [[nodiscard]] QString webhookPath() const;
    // The address to give the gateway: ZERG_PUBLIC_URL and webhookPath. Twilio's signature is
    // checked against exactly this.
    [[nodiscard]] QString webhookUrl() const;

    // From the settings and the gateway's configuration: replies are served when ZERG_PUBLIC_URL
    // is set (publicUrl empty otherwise); an error says what to mend when it is malformed, or an
    // HTTP gateway has no token to make its secret address from.
    [[nodiscard]] static Result<SmsRepliesConfig> from(const Settings& settings,
                                                       const SmsConfig& gateway);
};

// SMS both ways (issue 27, docs/alerts.md). Each alert SMS is recorded; an SMS the gateway's
// webhook delivers (SmsEndpoint on `zerg serve`), from the operator's number, is a question to
// the supervisor agent of the owner of the latest SMS Zerg sent there, with that alert as
// context; Jarvis's answer goes back by SMS. Each SMS is handled once over every process (its
// gateway id), and each answer sent once. An SMS never answers an approval request: a sender
// number can be forged, so approvals stay with the signed links and e-mail. Main thread only.
class SmsReplies : public QObject {
    Q_OBJECT
public:
    // alerts, db, inbox and clock must outlive this.
    SmsReplies(SmsRepliesConfig config, SmsAlerts* alerts, Database* db, ScheduleStore* inbox,
               JarvisOfOwner jarvisFor, Clock* clock, QObject* parent = nullptr);
    ~SmsReplies() override;

    [[nodiscard]] const SmsRepliesConfig& config() const { return m_config; }
    // Whether the webhook is served: ZERG_PUBLIC_URL is set.
    [[nodiscard]] bool repliesServed() const { return !m_config.publicUrl.isEmpty(); }

    // One SMS from the webhook, already authenticated (its signature or secret address). An
    // error when it could not be recorded (the gateway should send it again); else what became
    // of it (a repeat: as it was handled the first time).
    [[nodiscard]] Result<ReplyRecord> take(const SmsInbound& sms);
    // A run of any owner finished: when it answers an SMS, the answer goes back by SMS.
    void runFinished(qint64 runId, bool ok, const QString& text);

Q_SIGNALS:
    void replyHandled(const zerg::ReplyRecord& record);
    // An answer went out by SMS (error empty) or failed.
    void answered(qint64 runId, const QString& error);

private:
    void alertSent(const InboxItem& item);
    [[nodiscard]] ReplyRecord handle(const SmsInbound& sms, const QString& messageId);
    // Sends text to the operator; records it as an answer of runId when it went.
    void sendAnswer(qint64 ownerId, qint64 runId, const QString& text);

    SmsRepliesConfig m_config;
    SmsAlerts* m_alerts;
    std::unique_ptr<SmsThreadStore> m_store;
    ReplyLog m_replies;
    ScheduleStore* m_inbox;
    JarvisOfOwner m_jarvisFor;
    Clock* m_clock;
};

}  // namespace zerg
