#include "storage/sms_threads.h"

#include "storage/database.h"
#include "storage/sql_util.h"

namespace zerg {

using namespace sql;

namespace {

const QString kReplyColumns = QStringLiteral(
    "message_id, owner_id, sender, outcome, detail, run_id, received_at, answered_at");

const Columns<SmsReplyRecord>& replyColumns() {
    static const Columns<SmsReplyRecord> c(
        &SmsReplyRecord::messageId, &SmsReplyRecord::ownerId, &SmsReplyRecord::sender,
        &SmsReplyRecord::outcome, &SmsReplyRecord::detail, &SmsReplyRecord::runId,
        &SmsReplyRecord::receivedAt, &SmsReplyRecord::answeredAt);
    return c;
}

}  // namespace

SmsThreadStore::SmsThreadStore(Database* db) : m_db(db) {}

Status SmsThreadStore::recordSent(const SentSms& s) {
    if (s.ownerId <= 0 || s.number.isEmpty())
        return invalid(QStringLiteral("A sent SMS needs an owner and a number."));
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO sms_sent (owner_id, kind, inbox_item_id, run_id, "
                             "number, sent_at) VALUES (?, ?, ?, ?, ?, ?)"),
              {s.ownerId, statusName(s.kind), idOrNull(s.inboxItemId), idOrNull(s.runId), s.number,
               timefmt::toIso(s.sentAt)})) {
        return dbError(QStringLiteral("recording a sent SMS"), q.lastError());
    }
    return Ok{};
}

Result<std::optional<SentSms>> SmsThreadStore::latestSent(const QString& number) const {
    static const Columns<SentSms> columns(&SentSms::id, &SentSms::ownerId, &SentSms::kind,
                                          &SentSms::inboxItemId, &SentSms::runId, &SentSms::number,
                                          &SentSms::sentAt);
    const auto rows = selectAll(
        m_db->connection(),
        QStringLiteral("SELECT id, owner_id, kind, inbox_item_id, run_id, number, sent_at FROM "
                       "sms_sent WHERE number = ? ORDER BY id DESC LIMIT 1"),
        {number}, QStringLiteral("looking up the SMS sent to %1").arg(number), columns);
    if (!rows)
        return rows.error();
    return rows->isEmpty() ? std::optional<SentSms>() : std::optional<SentSms>(rows->first());
}

Result<bool> SmsThreadStore::claimReply(const QString& messageId, const QString& sender,
                                        const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO sms_replies (message_id, sender, outcome, received_at) "
                             "VALUES (?, ?, 'claimed', ?) ON CONFLICT DO NOTHING"),
              {messageId, sender, timefmt::toIso(now)})) {
        return dbError(QStringLiteral("recording a received SMS"), q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Status SmsThreadStore::finishReply(const SmsReplyRecord& r) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE sms_replies SET owner_id = ?, outcome = ?, detail = ?, "
                             "run_id = ? WHERE message_id = ?"),
              {idOrNull(r.ownerId), statusName(r.outcome), textOrNull(r.detail), idOrNull(r.runId),
               r.messageId})) {
        return dbError(QStringLiteral("recording what became of an SMS"), q.lastError());
    }
    return Ok{};
}

Result<std::optional<SmsReplyRecord>> SmsThreadStore::reply(const QString& messageId) const {
    const auto rows = selectAll(
        m_db->connection(),
        QStringLiteral("SELECT %1 FROM sms_replies WHERE message_id = ?").arg(kReplyColumns),
        {messageId}, QStringLiteral("reading a received SMS"), replyColumns());
    if (!rows)
        return rows.error();
    return rows->isEmpty() ? std::optional<SmsReplyRecord>()
                           : std::optional<SmsReplyRecord>(rows->first());
}

Result<std::optional<SmsReplyRecord>> SmsThreadStore::claimAnswer(qint64 runId,
                                                                  const QDateTime& now) {
    if (runId <= 0)
        return std::optional<SmsReplyRecord>();
    QSqlQuery q(m_db->connection());
    // Claimed by the one UPDATE that finds it unanswered: one process sends the answer.
    if (!exec(q,
              QStringLiteral("UPDATE sms_replies SET answered_at = ? WHERE run_id = ? AND "
                             "answered_at IS NULL"),
              {timefmt::toIso(now), runId})) {
        return dbError(QStringLiteral("claiming an SMS answer"), q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return std::optional<SmsReplyRecord>();
    const auto rows =
        selectAll(m_db->connection(),
                  QStringLiteral("SELECT %1 FROM sms_replies WHERE run_id = ?").arg(kReplyColumns),
                  {runId}, QStringLiteral("reading an SMS answered"), replyColumns());
    if (!rows)
        return rows.error();
    return rows->isEmpty() ? std::optional<SmsReplyRecord>()
                           : std::optional<SmsReplyRecord>(rows->first());
}

}  // namespace zerg
