#include "storage/reply_log.h"

#include "storage/database.h"
#include "storage/sql_util.h"

namespace zerg {

using namespace sql;

ReplyLog::ReplyLog(Database* db, Channel channel)
    : m_db(db),
      m_table(channel == Channel::Email ? QStringLiteral("mail_replies")
                                        : QStringLiteral("sms_replies")),
      m_noun(channel == Channel::Email ? QStringLiteral("e-mail") : QStringLiteral("SMS")) {}

Result<bool> ReplyLog::claim(const QString& messageId, const QString& sender,
                             const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO %1 (message_id, sender, outcome, received_at) VALUES "
                             "(?, ?, 'claimed', ?) ON CONFLICT DO NOTHING")
                  .arg(m_table),
              {messageId, sender, timefmt::toIso(now)})) {
        return dbError(QStringLiteral("recording a received %1").arg(m_noun), q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Status ReplyLog::finish(const ReplyRecord& r) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE %1 SET owner_id = ?, outcome = ?, detail = ?, run_id = ?, "
                             "replied_to = ? WHERE message_id = ?")
                  .arg(m_table),
              {idOrNull(r.ownerId), statusName(r.outcome), textOrNull(r.detail), idOrNull(r.runId),
               textOrNull(r.repliedTo), r.messageId})) {
        return dbError(QStringLiteral("recording what became of an %1").arg(m_noun), q.lastError());
    }
    return Ok{};
}

Result<std::optional<ReplyRecord>> ReplyLog::find(const QString& messageId) const {
    return findBy(QStringLiteral("message_id"), messageId);
}

Result<std::optional<ReplyRecord>> ReplyLog::claimAnswer(qint64 runId, const QDateTime& now) {
    if (runId <= 0)
        return std::optional<ReplyRecord>();
    QSqlQuery q(m_db->connection());
    // Claimed by the one UPDATE that finds it unanswered: one process sends the answer.
    if (!exec(q,
              QStringLiteral("UPDATE %1 SET answered_at = ? WHERE run_id = ? AND answered_at IS "
                             "NULL")
                  .arg(m_table),
              {timefmt::toIso(now), runId})) {
        return dbError(QStringLiteral("claiming the answer to an %1").arg(m_noun), q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return std::optional<ReplyRecord>();
    return findBy(QStringLiteral("run_id"), runId);
}

Result<std::optional<ReplyRecord>> ReplyLog::findBy(const QString& column,
                                                    const QVariant& value) const {
    static const Columns<ReplyRecord> columns(
        &ReplyRecord::messageId, &ReplyRecord::ownerId, &ReplyRecord::sender, &ReplyRecord::outcome,
        &ReplyRecord::detail, &ReplyRecord::runId, &ReplyRecord::repliedTo,
        &ReplyRecord::receivedAt, &ReplyRecord::answeredAt);
    const auto rows = selectAll(
        m_db->connection(),
        QStringLiteral("SELECT message_id, owner_id, sender, outcome, detail, run_id, replied_to, "
                       "received_at, answered_at FROM %1 WHERE %2 = ?")
            .arg(m_table, column),
        {value}, QStringLiteral("reading a received %1").arg(m_noun), columns);
    if (!rows)
        return rows.error();
    return rows->isEmpty() ? std::optional<ReplyRecord>()
                           : std::optional<ReplyRecord>(rows->first());
}

}  // namespace zerg
