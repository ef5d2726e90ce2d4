#include "storage/mail_threads.h"

#include "storage/database.h"
#include "storage/sql_util.h"

namespace zerg {

using namespace sql;

MailThreadStore::MailThreadStore(Database* db) : m_db(db) {}

Result<bool> MailThreadStore::recordSent(const MailThread& t) {
    if (t.messageId.isEmpty() || t.ownerId <= 0)
        return invalid(QStringLiteral("A mail thread needs a Message-ID and an owner."));
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO mail_threads (message_id, owner_id, kind, approval_id, "
                             "inbox_item_id, run_id, subject, sent_at) VALUES (?, ?, ?, ?, ?, ?, "
                             "?, ?) ON CONFLICT DO NOTHING"),
              {t.messageId, t.ownerId, statusName(t.kind), idOrNull(t.approvalId),
               idOrNull(t.inboxItemId), idOrNull(t.runId), t.subject, timefmt::toIso(t.sentAt)})) {
        return dbError(QStringLiteral("recording a sent e-mail"), q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Result<std::optional<MailThread>> MailThreadStore::find(const QStringList& ids) const {
    QSqlQuery q(m_db->connection());
    for (const QString& id : ids) {
        if (!exec(q,
                  QStringLiteral("SELECT message_id, owner_id, kind, approval_id, inbox_item_id, "
                                 "run_id, subject, sent_at FROM mail_threads WHERE message_id = "
                                 "?"),
                  {id})) {
            return dbError(QStringLiteral("looking up an e-mail thread"), q.lastError());
        }
        if (!q.next())
            continue;
        MailThread t;
        t.messageId = q.value(0).toString();
        t.ownerId = q.value(1).toLongLong();
        t.kind = parseStatus<MailKind>(q.value(2).toString()).value_or(MailKind::Alert);
        t.approvalId = q.value(3).toLongLong();
        t.inboxItemId = q.value(4).toLongLong();
        t.runId = q.value(5).toLongLong();
        t.subject = q.value(6).toString();
        t.sentAt = timeAt(q, 7);
        return std::optional<MailThread>(t);
    }
    return std::optional<MailThread>();
}

}  // namespace zerg
