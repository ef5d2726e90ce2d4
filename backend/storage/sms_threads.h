#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace zerg {

class Database;

// What an SMS Zerg sent was (issue 27): a reply to the operator's number is about the latest.
enum class SmsKind { Alert, Answer };

template <>
struct StatusTable<SmsKind> {
    static constexpr std::array<std::pair<SmsKind, const char*>, 2> names{{
        {SmsKind::Alert, "alert"},
        {SmsKind::Answer, "answer"},
    }};
};

// One SMS Zerg sent (table sms_sent).
struct SentSms {
    qint64 id = 0;
    qint64 ownerId = 0;
    SmsKind kind = SmsKind::Alert;
    qint64 inboxItemId = 0;  // Alert: the inbox item
    qint64 runId = 0;        // Answer: the run whose answer it carried
    QString number;          // to whom (E.164)
    QDateTime sentAt;
};

// One SMS received by the gateway's webhook as it was handled (table sms_replies).
struct SmsReplyRecord {
    QString messageId;  // the gateway's id (Twilio's MessageSid), or one Zerg made up
    qint64 ownerId = 0;
    QString sender;
    ReplyOutcome outcome = ReplyOutcome::Failed;
    QString detail;
    qint64 runId = 0;  // FollowUp: the run it started
    QDateTime receivedAt;
    QDateTime answeredAt;  // when the run's answer went back by SMS; invalid: not (yet)
};

// The SMS Zerg sent and the replies its webhook received (docs/alerts.md). A reply is handled
// once over every process (claimReply), and its answer sent once (claimAnswer).
class SmsThreadStore {
public:
    explicit SmsThreadStore(Database* db);  // not owned

    [[nodiscard]] Status recordSent(const SentSms& sms);
    // The latest SMS sent to number, if any.
    [[nodiscard]] Result<std::optional<SentSms>> latestSent(const QString& number) const;
    // Claims a received SMS for handling: false when it was handled (or is being handled).
    [[nodiscard]] Result<bool> claimReply(const QString& messageId, const QString& sender,
                                          const QDateTime& now);
    // Writes what became of a claimed reply.
    [[nodiscard]] Status finishReply(const SmsReplyRecord& record);
    [[nodiscard]] Result<std::optional<SmsReplyRecord>> reply(const QString& messageId) const;
    // The reply whose question runId answers, marked answered at now: nullopt when the run is
    // none's, or its answer was claimed before (by this or another process).
    [[nodiscard]] Result<std::optional<SmsReplyRecord>> claimAnswer(qint64 runId,
                                                                    const QDateTime& now);

private:
    Database* m_db;
};

}  // namespace zerg
