#include "storage/event_journal.h"

#include "storage/database.h"
#include "storage/sql_util.h"

#include <QJsonDocument>

namespace zerg {

namespace {
// pg_advisory_xact_lock's key for the journal's writers ("zergevnt").
constexpr qint64 kJournalLockKey = 0x7A65726765766E74;
}  // namespace

EventJournal::EventJournal(Database* db) : m_db(db) {}

Status EventJournal::append(const QList<Event>& events, qint64 instanceId) {
    if (events.isEmpty())
        return Ok{};
    QSqlDatabase db = m_db->connection();
    sql::Transaction tx(db);
    if (!tx.began())
        return sql::dbError(QStringLiteral("journaling events"), tx.lastError());
    QSqlQuery lock(db);
    if (!sql::takeTurn(lock, kJournalLockKey))
        return sql::dbError(QStringLiteral("journaling events"), lock.lastError());
    QSqlQuery q(db);
    if (!q.prepare(QStringLiteral("INSERT INTO events (instance_id, owner_id, name, at, data) "
                                  "VALUES (?, ?, ?, ?, ?)")))
        return sql::dbError(QStringLiteral("journaling events"), q.lastError());
    for (const Event& e : events) {
        q.addBindValue(sql::idOrNull(instanceId));
        q.addBindValue(e.ownerId);
        q.addBindValue(e.name);
        q.addBindValue(timefmt::toIso(e.at));
        q.addBindValue(QString::fromUtf8(QJsonDocument(e.data).toJson(QJsonDocument::Compact)));
        if (!q.exec()) {
            sql::Transaction::statementFailed(q);
            return sql::dbError(QStringLiteral("journaling events"), q.lastError());
        }
    }
    // Delivered at commit, to every listener, this process's own connection included.
    if (Status s = m_db->notify(QString::fromLatin1(kChannel), QString::number(instanceId)); !s)
        return s;
    if (!tx.commit())
        return sql::dbError(QStringLiteral("journaling events"), tx.lastError());
    return Ok{};
}

Result<QList<JournalEvent>> EventJournal::after(qint64 afterId, int limit) const {
    return sql::selectAll(
        m_db->connection(),
        QStringLiteral("SELECT id, instance_id, owner_id, name, at, data FROM events "
                       "WHERE id > ? ORDER BY id LIMIT ?"),
        {afterId, qMax(1, limit)}, QStringLiteral("reading the event journal"),
        [](const QSqlQuery& q) {
            JournalEvent j;
            j.id = q.value(0).toLongLong();
            j.instanceId = q.value(1).toLongLong();
            j.event.ownerId = q.value(2).toLongLong();
            j.event.name = q.value(3).toString();
            j.event.at = sql::timeAt(q, 4);
            j.event.data = QJsonDocument::fromJson(q.value(5).toString().toUtf8()).object();
            return j;
        });
}

Result<qint64> EventJournal::lastId() const {
    return sql::selectOne(
        m_db->connection(), QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM events"), {},
        QStringLiteral("reading the event journal"), sql::notFound(QStringLiteral("no events")),
        [](const QSqlQuery& q) { return q.value(0).toLongLong(); });
}

Result<int> EventJournal::pruneBefore(const QDateTime& before) {
    QSqlQuery q(m_db->connection());
    if (!sql::exec(q, QStringLiteral("DELETE FROM events WHERE at < ?"), {timefmt::toIso(before)}))
        return sql::dbError(QStringLiteral("pruning the event journal"), q.lastError());
    return q.numRowsAffected();
}

}  // namespace zerg
