#include "storage/sms_threads.h"

#include "storage/database.h"
#include "storage/sql_util.h"

namespace zerg {

using namespace sql;

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

}  // namespace zerg
