#include "storage/instance_store.h"

#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QSqlQuery>
#include <QVariant>

namespace zerg {

using namespace sql;

namespace {

// The columns of InstanceRecord, with the work each instance holds.
const QString kSelect = QStringLiteral(
    "SELECT i.id, i.name, i.host, i.pid, i.version, i.started_at, i.heartbeat_at, i.lease_until, "
    "i.state, i.stopped_at, (SELECT COUNT(*) FROM runs r WHERE r.instance_id = i.id AND "
    "r.status = 'running'), (SELECT COUNT(*) FROM worker_jobs j WHERE j.instance_id = i.id AND "
    "j.status IN ('queued', 'running')) FROM instances i");

InstanceRecord recordAt(const QSqlQuery& q) {
    InstanceRecord r;
    r.id = q.value(0).toLongLong();
    r.info = {q.value(1).toString(), q.value(2).toString(), q.value(3).toLongLong(),
              q.value(4).toString()};
    r.startedAt = timeAt(q, 5);
    r.heartbeatAt = timeAt(q, 6);
    r.leaseUntil = timeAt(q, 7);
    r.state = parseStatus<InstanceState>(q.value(8).toString()).value_or(InstanceState::Lost);
    r.stoppedAt = timeAt(q, 9);
    r.runsHeld = q.value(10).toInt();
    r.jobsHeld = q.value(11).toInt();
    return r;
}

Result<QList<InstanceRecord>> selectRecords(Database* db, const QString& where,
                                            const QVariantList& values, const QString& what) {
    QSqlQuery q(db->connection());
    if (!exec(q, kSelect + where, values))
        return dbError(what, q.lastError());
    QList<InstanceRecord> out;
    while (q.next())
        out.append(recordAt(q));
    return out;
}

}  // namespace

InstanceStore::InstanceStore(Database* db) : m_db(db) {}

Result<qint64> InstanceStore::registerInstance(const InstanceInfo& info, const QDateTime& now,
                                               int leaseSeconds) {
    QSqlQuery q(m_db->connection());
    const QString at = timefmt::toIso(now);
    if (!exec(q,
              QStringLiteral("INSERT INTO instances (name, host, pid, version, started_at, "
                             "heartbeat_at, lease_until, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                             "RETURNING id"),
              {text(info.name), text(info.host), info.pid, text(info.version), at, at,
               timefmt::toIso(now.addSecs(leaseSeconds)), statusName(InstanceState::Running)}) ||
        !q.next()) {
        return dbError(QStringLiteral("registering this process as instance %1").arg(info.name),
                       q.lastError());
    }
    return q.value(0).toLongLong();
}

Status InstanceStore::renew(qint64 id, const QDateTime& now, int leaseSeconds) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE instances SET heartbeat_at = ?, lease_until = ? WHERE id = ? "
                             "AND state = ?"),
              {timefmt::toIso(now), timefmt::toIso(now.addSecs(leaseSeconds)), id,
               statusName(InstanceState::Running)})) {
        return dbError(QStringLiteral("renewing the lease of instance %1").arg(id), q.lastError());
    }
    if (q.numRowsAffected() != 1) {
        return Error{QStringLiteral("lost"),
                     QStringLiteral("Instance %1 was declared lost by another process (its lease "
                                    "had run out); the work it held was marked interrupted.")
                         .arg(id)};
    }
    return Ok{};
}

Result<bool> InstanceStore::end(qint64 id, InstanceState state, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE instances SET state = ?, stopped_at = ? WHERE id = ? AND "
                             "state = ?"),
              {statusName(state), timefmt::toIso(now), id, statusName(InstanceState::Running)})) {
        return dbError(QStringLiteral("marking instance %1 %2").arg(id).arg(statusName(state)),
                       q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Status InstanceStore::markStopped(qint64 id, const QDateTime& now) {
    if (const Result<bool> ended = end(id, InstanceState::Stopped, now); !ended)
        return ended.error();
    return Ok{};
}

Result<bool> InstanceStore::markLost(qint64 id, const QDateTime& now) {
    return end(id, InstanceState::Lost, now);
}

Result<QList<InstanceRecord>> InstanceStore::list(const QDateTime& lostSince) const {
    if (!lostSince.isValid()) {
        return selectRecords(m_db, QStringLiteral(" ORDER BY i.id DESC"), {},
                             QStringLiteral("listing the instances"));
    }
    return selectRecords(m_db,
                         QStringLiteral(" WHERE i.state = ? OR (i.state = ? AND i.stopped_at >= "
                                        "?) ORDER BY i.id DESC"),
                         {statusName(InstanceState::Running), statusName(InstanceState::Lost),
                          timefmt::toIso(lostSince)},
                         QStringLiteral("listing the instances"));
}

Result<QList<qint64>> InstanceStore::endedHolders(qint64 self) const {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral(
                  "SELECT i.id FROM instances i WHERE i.state <> ? AND i.id <> ? AND (EXISTS "
                  "(SELECT 1 FROM runs r WHERE r.instance_id = i.id AND r.status = 'running') OR "
                  "EXISTS (SELECT 1 FROM worker_jobs j WHERE j.instance_id = i.id AND j.status "
                  "IN ('queued', 'running'))) ORDER BY i.id"),
              {statusName(InstanceState::Running), self})) {
        return dbError(QStringLiteral("looking for work of ended instances"), q.lastError());
    }
    QList<qint64> out;
    while (q.next())
        out.append(q.value(0).toLongLong());
    return out;
}

Result<QList<TakeOverCandidate>> InstanceStore::takeOverCandidates(
    const QList<qint64>& holders, int maxAttempts, const QDateTime& heardSince) const {
    if (holders.isEmpty())
        return QList<TakeOverCandidate>();
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT r.id, r.owner_id, i.id, i.name FROM runs r JOIN instances i "
                             "ON i.id = r.instance_id WHERE r.status = ? AND r.mode <> ? AND "
                             "r.first_change IS NULL AND r.attempts < ? AND i.heartbeat_at >= ? "
                             "AND %1 ORDER BY r.id")
                  .arg(inIds(QStringLiteral("r.instance_id"), holders)),
              {statusName(RunStatus::Running), QStringLiteral("background"), maxAttempts,
               timefmt::toIso(heardSince)})) {
        return dbError(QStringLiteral("looking for runs to take over"), q.lastError());
    }
    QList<TakeOverCandidate> out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                    q.value(3).toString()});
    }
    return out;
}

Result<bool> InstanceStore::takeOver(qint64 runId, qint64 from, qint64 self) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE runs SET instance_id = ?, attempts = attempts + 1 WHERE id = "
                             "? AND instance_id = ? AND status = ? AND first_change IS NULL"),
              {self, runId, from, statusName(RunStatus::Running)})) {
        return dbError(QStringLiteral("taking over run %1").arg(runId), q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Result<int> InstanceStore::pruneEnded(const QDateTime& before) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral(
                  "DELETE FROM instances WHERE state <> ? AND stopped_at < ? AND NOT EXISTS "
                  "(SELECT 1 FROM runs r WHERE r.instance_id = instances.id AND r.status = "
                  "'running') AND NOT EXISTS (SELECT 1 FROM worker_jobs j WHERE j.instance_id = "
                  "instances.id AND j.status IN ('queued', 'running'))"),
              {statusName(InstanceState::Running), timefmt::toIso(before)})) {
        return dbError(QStringLiteral("pruning ended instances"), q.lastError());
    }
    return q.numRowsAffected();
}

}  // namespace zerg
