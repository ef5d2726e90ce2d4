#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace zerg {

class Database;

// One reply to Zerg, by e-mail or SMS, as it was handled (tables mail_replies, sms_replies).
struct ReplyRecord {
    QString messageId;  // the channel's id of the message (a Message-ID, Twilio's MessageSid)
    qint64 ownerId = 0;
    QString sender;
    ReplyOutcome outcome = ReplyOutcome::Failed;
    QString detail;
    qint64 runId = 0;  // FollowUp: the run it started
    // What of Zerg's it replied to: the Message-ID of Zerg's e-mail; the id of the SMS sent
    // (sms_sent) that went before. Empty: nothing.
    QString repliedTo;
    QDateTime receivedAt;
    QDateTime answeredAt;  // when the run's answer went back (SMS); invalid: not (yet)
};

// The replies that came in on one channel (its table): each handled once over every process
// (claim), with what became of it (finish), and the answer to its question sent once
// (claimAnswer).
class ReplyLog {
public:
    // The channels' tables.
    enum class Channel { Email, Sms };

    ReplyLog(Database* db, Channel channel);  // db not owned

    // Claims a received message for handling: false when it was handled (or is being handled).
    [[nodiscard]] Result<bool> claim(const QString& messageId, const QString& sender,
                                     const QDateTime& now);
    // Writes what became of a claimed message.
    [[nodiscard]] Status finish(const ReplyRecord& record);
    [[nodiscard]] Result<std::optional<ReplyRecord>> find(const QString& messageId) const;
    // The reply whose question runId answers, marked answered at now: nullopt when the run is
    // none's, or its answer was claimed before (by this or another process).
    [[nodiscard]] Result<std::optional<ReplyRecord>> claimAnswer(qint64 runId,
                                                                 const QDateTime& now);

private:
    [[nodiscard]] Result<std::optional<ReplyRecord>> findBy(const QString& column,
                                                            const QVariant& value) const;

    Database* m_db;
    QString m_table;  // mail_replies or sms_replies
    QString m_noun;   // "e-mail" or "SMS", for error messages
};

}  // namespace zerg
