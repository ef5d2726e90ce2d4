#include "storage/schedule_store.h"

#include "core/status.h"
#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace zerg {
namespace {

using namespace sql;

const QString kScheduleColumns = QStringLiteral(
    "id, owner_id, name, task, cron, time_zone, enabled, catch_up, created_at, updated_at, "
    "last_run_at, next_run_at, approval_mode");
const QString kRunColumns = QStringLiteral(
    "id, schedule_id, owner_id, run_id, trigger, scheduled_for, started_at, finished_at, status, "
    "severity, summary, error");
const QString kInboxColumns =
    QStringLiteral("id, owner_id, run_id, schedule_id, title, body, severity, created_at, read_at");

Error noSchedule(qint64 ownerId, qint64 scheduleId) {
    return Error{QStringLiteral("not_found"),
                 QStringLiteral("No schedule %1 for owner %2. List the schedules to see which "
                                "exist.")
                     .arg(scheduleId)
                     .arg(ownerId)};
}

Error noScheduleRun(qint64 scheduleRunId) {
    return Error{QStringLiteral("not_found"),
                 QStringLiteral("No schedule run %1. List the schedule's runs to see which "
                                "exist.")
                     .arg(scheduleRunId)};
}

Error noInboxItem(qint64 ownerId, qint64 itemId) {
    return Error{QStringLiteral("not_found"),
                 QStringLiteral("No inbox item %1 for owner %2; it may have been removed. "
                                "Reload the inbox.")
                     .arg(itemId)
                     .arg(ownerId)};
}

Error duplicateName(const QString& name) {
    return Error{QStringLiteral("conflict"),
                 QStringLiteral("A schedule named '%1' already exists. Pick another name or "
                                "update the existing schedule.")
                     .arg(name)};
}

Error badSeverity(const QString& severity) {
    return invalid(
        QStringLiteral("Unknown severity '%1'; use info, warning or critical.").arg(severity));
}

// The schema's flags are INTEGER 0/1 (see migration 4); bind ints, never bools, so that
// PostgreSQL compares like with like.
int flag(bool b) {
    return b ? 1 : 0;
}

bool blank(const QString& s) {
    return s.trimmed().isEmpty();
}

Status checkOwner(qint64 ownerId) {
    if (ownerId <= 0) {
        return invalid(
            QStringLiteral("Owner id %1 is not valid; owner ids start at 1.").arg(ownerId));
    }
    return Ok{};
}

// The same owner row Store::ensureOwner creates.
Status ensureOwnerIn(QSqlDatabase db, qint64 ownerId, const QDateTime& now) {
    return sql::ensureOwnerIn(std::move(db), ownerId, {}, now);
}

// The columns of the SELECTs below, in order.
const sql::Columns<ScheduleRecord> scheduleFrom(
    &ScheduleRecord::id, &ScheduleRecord::ownerId, &ScheduleRecord::name, &ScheduleRecord::task,
    &ScheduleRecord::cron, &ScheduleRecord::timeZone, &ScheduleRecord::enabled,
    &ScheduleRecord::catchUp, &ScheduleRecord::createdAt, &ScheduleRecord::updatedAt,
    &ScheduleRecord::lastRunAt, &ScheduleRecord::nextRunAt, &ScheduleRecord::approvalMode);

const sql::Columns<ScheduleRunRecord> runFrom(
    &ScheduleRunRecord::id, &ScheduleRunRecord::scheduleId, &ScheduleRunRecord::ownerId,
    &ScheduleRunRecord::runId, &ScheduleRunRecord::trigger, &ScheduleRunRecord::scheduledFor,
    &ScheduleRunRecord::startedAt, &ScheduleRunRecord::finishedAt, &ScheduleRunRecord::status,
    &ScheduleRunRecord::severity, &ScheduleRunRecord::summary, &ScheduleRunRecord::error);

const sql::Columns<InboxItem> inboxFrom(&InboxItem::id, &InboxItem::ownerId, &InboxItem::runId,
                                        &InboxItem::scheduleId, &InboxItem::title, &InboxItem::body,
                                        &InboxItem::severity, &InboxItem::createdAt,
                                        &InboxItem::readAt);

// Whether the owner has the row `id` in `table` (a fixed table name, never caller input).
Result<bool> ownsRow(QSqlDatabase db, const char* table, qint64 ownerId, qint64 id,
                     const QString& what) {
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("SELECT 1 FROM %1 WHERE id = ? AND owner_id = ?")
                  .arg(QLatin1String(table)),
              {id, ownerId})) {
        return dbError(what, q.lastError());
    }
    return q.next();
}

// Whether another schedule of the owner (not exceptId) already has this name.
Result<bool> nameTaken(QSqlDatabase db, qint64 ownerId, const QString& name, qint64 exceptId,
                       const QString& what) {
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("SELECT 1 FROM schedules WHERE owner_id = ? AND name = ? AND id <> ?"),
              {ownerId, name, exceptId})) {
        return dbError(what, q.lastError());
    }
    return q.next();
}

// The checks shared by create and update, for the fields that are set.
Status checkScheduleText(const std::optional<QString>& name, const std::optional<QString>& task,
                         const std::optional<QString>& cron,
                         const std::optional<QString>& timeZone) {
    if (name && blank(*name))
        return invalid(QStringLiteral("A schedule needs a name; give it a short unique one."));
    if (task && blank(*task)) {
        return invalid(
            QStringLiteral("A schedule needs a task: say what the supervisor should "
                           "do on each run."));
    }
    if (cron && blank(*cron)) {
        return invalid(
            QStringLiteral("A schedule needs a cron expression, e.g. '0 9 * * 1-5' "
                           "or '@daily'."));
    }
    if (timeZone && blank(*timeZone)) {
        return invalid(
            QStringLiteral("A schedule needs a time zone, e.g. 'Europe/Berlin' or "
                           "'UTC'."));
    }
    return Ok{};
}

Status checkLimit(int limit, const char* list) {
    if (limit <= 0) {
        return invalid(QStringLiteral("The %1 limit must be at least 1.").arg(QLatin1String(list)));
    }
    return Ok{};
}

}  // namespace

ScheduleStore::ScheduleStore(Database* db) : m_db(db) {
    Q_ASSERT(db);
}

bool ScheduleStore::isTrigger(const QString& trigger) {
    return trigger == QLatin1String("cron") || trigger == QLatin1String("manual") ||
           trigger == QLatin1String("catch_up");
}

bool ScheduleStore::isSeverity(const QString& severity) {
    return severity == QLatin1String("info") || severity == QLatin1String("warning") ||
           severity == QLatin1String("critical");
}

// ---- schedules ----

Result<qint64> ScheduleStore::createSchedule(qint64 ownerId, const QString& name,
                                             const QString& task, const QString& cron,
                                             const QString& timeZone, bool enabled, bool catchUp,
                                             const QDateTime& now) {
    if (Status s = checkOwner(ownerId); !s)
        return s.error();
    if (Status s = checkScheduleText(name, task, cron, timeZone); !s)
        return s.error();
    const QString cleanName = name.trimmed();
    const QString what =
        QStringLiteral("creating schedule '%1' for owner %2").arg(cleanName).arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, now); !s)
        return s.error();
    // Checked before the insert for a clear message; UNIQUE (owner_id, name) still guards.
    const Result<bool> taken = nameTaken(db, ownerId, cleanName, 0, what);
    if (!taken)
        return taken.error();
    if (*taken)
        return duplicateName(cleanName);
    QSqlQuery q(db);
    // RETURNING: SQLite >= 3.35 and PostgreSQL; lastInsertId() does not work on PostgreSQL.
    if (!exec(q,
              QStringLiteral("INSERT INTO schedules (owner_id, name, task, cron, time_zone, "
                             "enabled, catch_up, created_at, updated_at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
              {ownerId, cleanName, task, cron.trimmed(), timeZone.trimmed(), flag(enabled),
               flag(catchUp), timefmt::toIso(now), timefmt::toIso(now)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Result<ScheduleRecord> ScheduleStore::schedule(qint64 ownerId, qint64 scheduleId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM schedules WHERE id = ? AND owner_id = ?")
                         .arg(kScheduleColumns),
                     {scheduleId, ownerId}, QStringLiteral("reading schedule %1").arg(scheduleId),
                     noSchedule(ownerId, scheduleId), scheduleFrom);
}

Result<ScheduleRecord> ScheduleStore::findSchedule(qint64 ownerId, const QString& name) {
    const QString cleanName = name.trimmed();
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT %1 FROM schedules WHERE owner_id = ? AND name = ?")
                  .arg(kScheduleColumns),
              {ownerId, text(cleanName)})) {
        return dbError(QStringLiteral("finding schedule '%1'").arg(cleanName), q.lastError());
    }
    if (!q.next()) {
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("No schedule named '%1'. List the schedules to see their "
                                    "names.")
                         .arg(cleanName)};
    }
    return scheduleFrom(q);
}

Result<QList<ScheduleRecord>> ScheduleStore::listSchedules(qint64 ownerId) {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM schedules WHERE owner_id = ? ORDER BY name, id")
                         .arg(kScheduleColumns),
                     {ownerId}, QStringLiteral("listing the schedules of owner %1").arg(ownerId),
                     scheduleFrom);
}

Result<ScheduleRecord> ScheduleStore::updateSchedule(qint64 ownerId, qint64 scheduleId,
                                                     const SchedulePatch& patch,
                                                     const QDateTime& now) {
    if (Status s = checkScheduleText(patch.name, patch.task, patch.cron, patch.timeZone); !s)
        return s.error();
    const QString what = QStringLiteral("updating schedule %1").arg(scheduleId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    Result<ScheduleRecord> current = schedule(ownerId, scheduleId);
    if (!current)
        return current.error();
    ScheduleRecord s = std::move(current).value();

    if (patch.name) {
        const QString cleanName = patch.name->trimmed();
        const Result<bool> taken = nameTaken(db, ownerId, cleanName, scheduleId, what);
        if (!taken)
            return taken.error();
        if (*taken)
            return duplicateName(cleanName);
        s.name = cleanName;
    }
    if (patch.task)
        s.task = *patch.task;
    // Any change to when the schedule fires makes the cached next run stale.
    bool timingChanged = false;
    if (patch.cron && patch.cron->trimmed() != s.cron) {
        s.cron = patch.cron->trimmed();
        timingChanged = true;
    }
    if (patch.timeZone && patch.timeZone->trimmed() != s.timeZone) {
        s.timeZone = patch.timeZone->trimmed();
        timingChanged = true;
    }
    if (patch.enabled && *patch.enabled != s.enabled) {
        s.enabled = *patch.enabled;
        timingChanged = true;
    }
    if (patch.catchUp)
        s.catchUp = *patch.catchUp;
    if (patch.approvalMode)
        s.approvalMode = *patch.approvalMode;
    if (timingChanged)
        s.nextRunAt = QDateTime();
    s.updatedAt = now;

    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("UPDATE schedules SET name = ?, task = ?, cron = ?, time_zone = ?, "
                             "enabled = ?, catch_up = ?, updated_at = ?, next_run_at = ?, "
                             "approval_mode = ? WHERE id = ? AND owner_id = ?"),
              {s.name, text(s.task), s.cron, s.timeZone, flag(s.enabled), flag(s.catchUp),
               timefmt::toIso(now), timeOrNull(s.nextRunAt),
               textOrNull(s.approvalMode ? statusName(*s.approvalMode) : QString()), scheduleId,
               ownerId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return s;
}

Status ScheduleStore::setNextRun(qint64 scheduleId, const QDateTime& next) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("UPDATE schedules SET next_run_at = ? WHERE id = ?"),
              {timeOrNull(next), scheduleId})) {
        return dbError(QStringLiteral("saving the next run time of schedule %1").arg(scheduleId),
                       q.lastError());
    }
    if (q.numRowsAffected() != 1) {
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("No schedule %1; it may have been deleted. Reload the "
                                    "schedules.")
                         .arg(scheduleId)};
    }
    return Ok{};
}

Status ScheduleStore::deleteSchedule(qint64 ownerId, qint64 scheduleId) {
    const QString what = QStringLiteral("deleting schedule %1").arg(scheduleId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    const Result<bool> owned = ownsRow(db, "schedules", ownerId, scheduleId, what);
    if (!owned)
        return owned.error();
    if (!*owned)
        return noSchedule(ownerId, scheduleId);
    QSqlQuery q(db);
    // The inbox keeps what the schedule delivered; only the link goes.
    if (!exec(q, QStringLiteral("UPDATE inbox_items SET schedule_id = NULL WHERE schedule_id = ?"),
              {scheduleId}) ||
        !exec(q, QStringLiteral("DELETE FROM schedule_runs WHERE schedule_id = ?"), {scheduleId}) ||
        !exec(q, QStringLiteral("DELETE FROM schedule_claims WHERE schedule_id = ?"),
              {scheduleId}) ||
        !exec(q, QStringLiteral("DELETE FROM schedules WHERE id = ? AND owner_id = ?"),
              {scheduleId, ownerId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Result<QList<ScheduleRecord>> ScheduleStore::dueSchedules(const QDateTime& now) {
    if (!now.isValid())
        return invalid(QStringLiteral("Cannot look for due schedules without a valid time."));
    // ISO-8601 UTC text of fixed width compares in time order (time_format.h).
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM schedules s WHERE s.enabled = 1 "
                                    "AND s.next_run_at IS NOT NULL AND s.next_run_at <= ? "
                                    "AND NOT EXISTS (SELECT 1 FROM schedule_state p "
                                    "WHERE p.owner_id = s.owner_id AND p.paused = 1) "
                                    "ORDER BY s.next_run_at, s.id")
                         .arg(kScheduleColumns),
                     {timefmt::toIso(now)}, QStringLiteral("looking for due schedules"),
                     scheduleFrom);
}

// ---- runs ----

Result<qint64> ScheduleStore::startScheduleRun(qint64 ownerId, qint64 scheduleId,
                                               const QString& trigger,
                                               const QDateTime& scheduledFor,
                                               const QDateTime& now) {
    if (!isTrigger(trigger)) {
        return invalid(QStringLiteral("Unknown schedule trigger '%1'; use cron, manual or "
                                      "catch_up.")
                           .arg(trigger));
    }
    if (trigger != QLatin1String("manual") && !scheduledFor.isValid()) {
        return invalid(QStringLiteral("A %1 run of schedule %2 needs the cron time it was "
                                      "scheduled for.")
                           .arg(trigger)
                           .arg(scheduleId));
    }
    const QString what = QStringLiteral("starting a run of schedule %1").arg(scheduleId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    const Result<bool> owned = ownsRow(db, "schedules", ownerId, scheduleId, what);
    if (!owned)
        return owned.error();
    if (!*owned)
        return noSchedule(ownerId, scheduleId);
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO schedule_runs (schedule_id, owner_id, trigger, "
                             "scheduled_for, started_at, status) "
                             "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"),
              {scheduleId, ownerId, trigger, timeOrNull(scheduledFor), timefmt::toIso(now),
               statusName(ScheduleRunStatus::Running)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!exec(q, QStringLiteral("UPDATE schedules SET last_run_at = ? WHERE id = ?"),
              {timefmt::toIso(now), scheduleId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Status ScheduleStore::attachRun(qint64 scheduleRunId, qint64 runId) {
    const QString what =
        QStringLiteral("linking run %1 to schedule run %2").arg(runId).arg(scheduleRunId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT owner_id FROM schedule_runs WHERE id = ?"),
              {scheduleRunId})) {
        return dbError(what, q.lastError());
    }
    if (!q.next())
        return noScheduleRun(scheduleRunId);
    const qint64 ownerId = q.value(0).toLongLong();
    q.finish();
    const Result<bool> owned = ownsRow(db, "runs", ownerId, runId, what);
    if (!owned)
        return owned.error();
    if (!*owned) {
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("No run %1 for owner %2; create the supervisor run before "
                                    "linking it to schedule run %3.")
                         .arg(runId)
                         .arg(ownerId)
                         .arg(scheduleRunId)};
    }
    if (!exec(q, QStringLiteral("UPDATE schedule_runs SET run_id = ? WHERE id = ?"),
              {runId, scheduleRunId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Status ScheduleStore::finishScheduleRun(qint64 scheduleRunId, ScheduleRunStatus status,
                                        const std::optional<QString>& severity,
                                        const QString& summary, const QString& error,
                                        const QDateTime& now) {
    if (!isTerminal(status)) {
        return invalid(QStringLiteral("Cannot finish schedule run %1 with status '%2'; use "
                                      "success, failed, cancelled, timeout or skipped.")
                           .arg(scheduleRunId)
                           .arg(statusName(status)));
    }
    if (severity && !isSeverity(*severity))
        return badSeverity(*severity);
    return endOnce(m_db->connection(),
                   {QStringLiteral("schedule_runs"),
                    scheduleRunId,
                    QStringLiteral("Schedule run %1").arg(scheduleRunId),
                    QStringLiteral("finishing schedule run %1").arg(scheduleRunId),
                    noScheduleRun(scheduleRunId),
                    {statusName(ScheduleRunStatus::Running)},
                    QStringLiteral("status = ?, severity = ?, summary = ?, error = ?, "
                                   "finished_at = ?"),
                    [&](const QDateTime&) -> QVariantList {
                        return {statusName(status), severity ? QVariant(*severity) : QVariant(),
                                textOrNull(summary), textOrNull(error), timefmt::toIso(now)};
                    }});
}

Result<bool> ScheduleStore::claimOccurrence(qint64 scheduleId, const QDateTime& scheduledFor,
                                            const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO schedule_claims (schedule_id, scheduled_for, "
                             "instance_id, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"),
              {scheduleId, timefmt::toIso(scheduledFor),
               m_db->instanceId() > 0 ? QVariant(m_db->instanceId()) : QVariant(),
               timefmt::toIso(now)})) {
        return dbError(QStringLiteral("claiming the run of schedule %1 at %2")
                           .arg(scheduleId)
                           .arg(timefmt::toIso(scheduledFor)),
                       q.lastError());
    }
    return q.numRowsAffected() == 1;
}

Result<int> ScheduleStore::failRunningScheduleRuns(qint64 ownerId, const QString& error,
                                                   const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    // A schedule run whose supervisor run is still running belongs to a live process (the runs
    // of processes that are gone were ended before this, by InstanceLease).
    if (!exec(q,
              QStringLiteral("UPDATE schedule_runs SET status = ?, error = ?, "
                             "finished_at = ? WHERE owner_id = ? AND status = ? AND (run_id IS "
                             "NULL OR run_id NOT IN (SELECT id FROM runs WHERE status = ?))"),
              {statusName(ScheduleRunStatus::Failed), text(error), timefmt::toIso(now), ownerId,
               statusName(ScheduleRunStatus::Running), statusName(RunStatus::Running)})) {
        return dbError(
            QStringLiteral("closing the interrupted schedule runs of owner %1").arg(ownerId),
            q.lastError());
    }
    return q.numRowsAffected();
}

Result<ScheduleRunRecord> ScheduleStore::scheduleRun(qint64 ownerId, qint64 scheduleRunId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM schedule_runs WHERE id = ? AND owner_id = ?")
                         .arg(kRunColumns),
                     {scheduleRunId, ownerId},
                     QStringLiteral("reading schedule run %1").arg(scheduleRunId),
                     noScheduleRun(scheduleRunId), runFrom);
}

Result<QList<ScheduleRunRecord>> ScheduleStore::listScheduleRuns(qint64 ownerId, qint64 scheduleId,
                                                                 int limit) {
    if (Status s = checkLimit(limit, "schedule run list"); !s)
        return s.error();
    const QString what = QStringLiteral("listing the runs of schedule %1").arg(scheduleId);
    QSqlDatabase db = m_db->connection();
    const Result<bool> owned = ownsRow(db, "schedules", ownerId, scheduleId, what);
    if (!owned)
        return owned.error();
    if (!*owned)
        return noSchedule(ownerId, scheduleId);
    // By id: runs are inserted in start order, and id breaks ties a timestamp cannot.
    return selectAll(db,
                     QStringLiteral("SELECT %1 FROM schedule_runs WHERE schedule_id = ? AND "
                                    "owner_id = ? ORDER BY id DESC LIMIT ?")
                         .arg(kRunColumns),
                     {scheduleId, ownerId, limit}, what, runFrom);
}

// ---- inbox ----

Result<qint64> ScheduleStore::addInboxItem(qint64 ownerId, std::optional<qint64> runId,
                                           std::optional<qint64> scheduleId, const QString& title,
                                           const QString& body, const QString& severity,
                                           const QDateTime& now) {
    if (Status s = checkOwner(ownerId); !s)
        return s.error();
    if (!isSeverity(severity))
        return badSeverity(severity);
    if (blank(title))
        return invalid(QStringLiteral("An inbox item needs a title that says what it is about."));
    const QString what = QStringLiteral("adding an inbox item for owner %1").arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, now); !s)
        return s.error();
    const QVariant run = idOrNull(runId);
    if (!run.isNull()) {
        const Result<bool> owned = ownsRow(db, "runs", ownerId, *runId, what);
        if (!owned)
            return owned.error();
        if (!*owned) {
            return Error{QStringLiteral("not_found"),
                         QStringLiteral("No run %1 for owner %2; the inbox item must refer to "
                                        "one of the owner's runs or to none.")
                             .arg(*runId)
                             .arg(ownerId)};
        }
    }
    const QVariant sched = idOrNull(scheduleId);
    if (!sched.isNull()) {
        const Result<bool> owned = ownsRow(db, "schedules", ownerId, *scheduleId, what);
        if (!owned)
            return owned.error();
        if (!*owned)
            return noSchedule(ownerId, *scheduleId);
    }
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO inbox_items (owner_id, run_id, schedule_id, title, "
                             "body, severity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                             "RETURNING id"),
              {ownerId, run, sched, title.trimmed(), text(body), severity, timefmt::toIso(now)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Result<QList<InboxItem>> ScheduleStore::listInbox(qint64 ownerId, int limit, bool unreadOnly) {
    if (Status s = checkLimit(limit, "inbox list"); !s)
        return s.error();
    QString sql =
        QStringLiteral("SELECT %1 FROM inbox_items WHERE owner_id = ?").arg(kInboxColumns);
    if (unreadOnly)
        sql += QStringLiteral(" AND read_at IS NULL");
    // Items are inserted as they arrive; id orders them even within one millisecond.
    sql += QStringLiteral(" ORDER BY id DESC LIMIT ?");
    return selectAll(m_db->connection(), sql, {ownerId, limit},
                     QStringLiteral("listing the inbox of owner %1").arg(ownerId), inboxFrom);
}

Result<InboxItem> ScheduleStore::inboxItem(qint64 ownerId, qint64 itemId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM inbox_items WHERE id = ? AND owner_id = ?")
                         .arg(kInboxColumns),
                     {itemId, ownerId}, QStringLiteral("reading inbox item %1").arg(itemId),
                     noInboxItem(ownerId, itemId), inboxFrom);
}

Status ScheduleStore::markRead(qint64 ownerId, qint64 itemId, const QDateTime& now) {
    const QString what = QStringLiteral("marking inbox item %1 read").arg(itemId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    const Result<bool> owned = ownsRow(db, "inbox_items", ownerId, itemId, what);
    if (!owned)
        return owned.error();
    if (!*owned)
        return noInboxItem(ownerId, itemId);
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("UPDATE inbox_items SET read_at = ? "
                             "WHERE id = ? AND owner_id = ? AND read_at IS NULL"),
              {timefmt::toIso(now), itemId, ownerId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Result<int> ScheduleStore::markAllRead(qint64 ownerId, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE inbox_items SET read_at = ? "
                             "WHERE owner_id = ? AND read_at IS NULL"),
              {timefmt::toIso(now), ownerId})) {
        return dbError(QStringLiteral("marking the inbox of owner %1 read").arg(ownerId),
                       q.lastError());
    }
    return q.numRowsAffected();
}

Result<int> ScheduleStore::unreadCount(qint64 ownerId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT COUNT(*) FROM inbox_items "
                             "WHERE owner_id = ? AND read_at IS NULL"),
              {ownerId}) ||
        !q.next()) {
        return dbError(QStringLiteral("counting the unread inbox items of owner %1").arg(ownerId),
                       q.lastError());
    }
    return q.value(0).toInt();
}

// ---- pause all ----

Status ScheduleStore::setPaused(qint64 ownerId, bool paused, const QDateTime& now) {
    const QString what = QStringLiteral("%1 the schedules of owner %2")
                             .arg(paused ? QStringLiteral("pausing") : QStringLiteral("resuming"))
                             .arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, now); !s)
        return s;
    QSqlQuery q(db);
    // Upsert with "excluded": SQLite >= 3.24 and PostgreSQL spell it the same.
    if (!exec(q,
              QStringLiteral("INSERT INTO schedule_state (owner_id, paused, updated_at) "
                             "VALUES (?, ?, ?) ON CONFLICT (owner_id) DO UPDATE SET "
                             "paused = excluded.paused, updated_at = excluded.updated_at"),
              {ownerId, flag(paused), timefmt::toIso(now)})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Result<bool> ScheduleStore::isPaused(qint64 ownerId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("SELECT paused FROM schedule_state WHERE owner_id = ?"),
              {ownerId})) {
        return dbError(QStringLiteral("reading whether owner %1 paused the schedules").arg(ownerId),
                       q.lastError());
    }
    return q.next() && q.value(0).toInt() != 0;
}

Result<QList<qint64>> ScheduleStore::scheduleOwners() {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT DISTINCT owner_id FROM schedules ORDER BY owner_id"),
                     {}, QStringLiteral("listing the owners of schedules"),
                     [](const QSqlQuery& q) { return q.value(0).toLongLong(); });
}

}  // namespace zerg
