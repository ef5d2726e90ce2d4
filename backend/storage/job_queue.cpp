#include "storage/job_queue.h"

#include "core/status.h"
#include "storage/database.h"
#include "storage/sql_util.h"

#include <QHash>

namespace zerg {

namespace {
// pg_advisory_xact_lock's key for the claimers ("zergjobq").
constexpr qint64 kQueueLockKey = 0x7A6572676A6F6271;
}  // namespace

JobQueue::JobQueue(Database* db) : m_db(db) {}

Result<QList<qint64>> JobQueue::claim(const QList<qint64>& waiting, int slots,
                                      const QueueLimits& limits, const QDateTime& now) {
    if (waiting.isEmpty() || slots <= 0)
        return QList<qint64>{};
    const QString what = QStringLiteral("claiming worker jobs");
    QSqlDatabase db = m_db->connection();
    sql::Transaction tx(db);
    if (!tx.began())
        return sql::dbError(what, tx.lastError());
    QSqlQuery q(db);
    // The claimers' turn, so that the counts below stay true until the commit. (On SQLite the
    // transaction holds the write lock from its start.)
    if (!sql::takeTurn(q, kQueueLockKey))
        return sql::dbError(what, q.lastError());

    int running = 0;
    QHash<qint64, int> runningByOwner;
    if (limits.any()) {
        if (!sql::exec(q,
                       QStringLiteral("SELECT owner_id, COUNT(*) FROM worker_jobs WHERE status = ? "
                                      "GROUP BY owner_id"),
                       {statusName(JobStatus::Running)}))
            return sql::dbError(what, q.lastError());
        while (q.next()) {
            const int n = q.value(1).toInt();
            runningByOwner.insert(q.value(0).toLongLong(), n);
            running += n;
        }
    }

    // The candidates, locked; their order is the caller's.
    if (!sql::exec(
            q,
            QStringLiteral("SELECT id, owner_id FROM worker_jobs WHERE %1 AND status = ?%2")
                .arg(sql::inIds(QStringLiteral("id"), waiting),
                     m_db->isPostgres() ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString()),
            {statusName(JobStatus::Queued)}))
        return sql::dbError(what, q.lastError());
    QHash<qint64, qint64> ownerOf;
    while (q.next())
        ownerOf.insert(q.value(0).toLongLong(), q.value(1).toLongLong());

    QList<qint64> claimed;
    for (const qint64 id : waiting) {
        if (int(claimed.size()) >= slots || (limits.total > 0 && running >= limits.total))
            break;
        const auto owner = ownerOf.constFind(id);
        if (owner == ownerOf.cend())
            continue;  // no longer queued, or held by another statement
        if (limits.perOwner > 0 && runningByOwner.value(*owner) >= limits.perOwner)
            continue;  // this owner is at its limit; another's job may go
        if (!sql::exec(q,
                       QStringLiteral("UPDATE worker_jobs SET status = ?, started_at = ?, "
                                      "instance_id = ? WHERE id = ? AND status = ?"),
                       {statusName(JobStatus::Running), timefmt::toIso(now),
                        sql::idOrNull(m_db->instanceId()), id, statusName(JobStatus::Queued)}))
            return sql::dbError(what, q.lastError());
        if (q.numRowsAffected() != 1)
            continue;
        claimed.append(id);
        ++running;
        ++runningByOwner[*owner];
    }
    q.finish();
    if (!tx.commit())
        return sql::dbError(what, tx.lastError());
    return claimed;
}

Status JobQueue::unclaim(qint64 jobId) {
    QSqlQuery q(m_db->connection());
    if (!sql::exec(q,
                   QStringLiteral("UPDATE worker_jobs SET status = ?, started_at = NULL "
                                  "WHERE id = ? AND status = ?"),
                   {statusName(JobStatus::Queued), jobId, statusName(JobStatus::Running)}))
        return sql::dbError(QStringLiteral("putting job %1 back in the queue").arg(jobId),
                            q.lastError());
    return Ok{};
}

void JobQueue::announceFreed() {
    // Best effort: the waiting processes poll anyway.
    (void)m_db->notify(QString::fromLatin1(kChannel));
}

bool JobQueue::listen(QObject* context, std::function<void()> onFreed) {
    return m_db->listen(QString::fromLatin1(kChannel), context, std::move(onFreed));
}

}  // namespace zerg
