#include "storage/job_recovery.h"

#include "core/status.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>

namespace zerg {
namespace {

const QString kRunError = QStringLiteral(
    "interrupted: Zerg stopped while this run was in progress (recovered at "
    "start-up)");

Error dbError(const QString& what, const QSqlError& e) {
    return Error{QStringLiteral("db"),
                 QStringLiteral("Database error while %1: %2. Check that the database is "
                                "reachable; if the SQLite file is damaged, move it aside or set "
                                "ZERG_DATA_DIR to another folder.")
                     .arg(what, e.text())};
}

bool exec(QSqlQuery& q, const QString& sql, const QVariantList& values) {
    if (!q.prepare(sql))
        return false;
    for (const QVariant& v : values)
        q.addBindValue(v);
    return q.exec();
}

struct Interrupted {
    qint64 jobId = 0;
    QString workerId;
};

}  // namespace

QString interruptedJobError(bool hadStarted) {
    return hadStarted ? QStringLiteral(
                            "interrupted: Zerg stopped while this worker was running "
                            "(recovered at start-up)")
                      : QStringLiteral(
                            "interrupted: Zerg stopped before this worker started "
                            "(recovered at start-up)");
}

Result<RecoveryReport> recoverInterruptedJobs(Database* db, ArtifactStore* artifacts,
                                              const QDateTime& now,
                                              const RecoveryOptions& options) {
    const QString what = QStringLiteral("marking interrupted workers as failed");
    const QString at = timefmt::toIso(now);
    QSqlDatabase conn = db->connection();
    if (!conn.transaction())
        return dbError(what, conn.lastError());
    RecoveryReport report;
    QList<Interrupted> jobs;
    {
        QSqlQuery q(conn);
        auto fail = [&] {
            const Error e = dbError(what, q.lastError());
            q.finish();
            conn.rollback();
            return e;
        };
        // The holders as SQL.
        QString holders;
        if (options.heldBy) {
            QStringList any{sql::inIds(QStringLiteral("instance_id"), *options.heldBy)};
            if (options.unheld)
                any.append(QStringLiteral("instance_id IS NULL"));
            holders = QStringLiteral(" AND (%1)").arg(any.join(QStringLiteral(" OR ")));
        }
        if (!exec(q,
                  QStringLiteral("SELECT id, worker_id, created_at FROM worker_jobs WHERE status "
                                 "IN (?, ?)%1 ORDER BY id")
                      .arg(holders),
                  {statusName(JobStatus::Queued), statusName(JobStatus::Running)})) {
            return fail();
        }
        const QString before =
            options.createdBefore.isValid() ? timefmt::toIso(options.createdBefore) : QString();
        while (q.next()) {
            const qint64 id = q.value(0).toLongLong();
            // ISO-8601 UTC strings of one format order like the times they name.
            if (!before.isEmpty() && q.value(2).toString() >= before)
                continue;
            if (options.isLive && options.isLive(id))
                continue;
            jobs.append({id, q.value(1).toString()});
        }
        for (const Interrupted& j : jobs) {
            // The status test again: only rows this transaction saw as unfinished change.
            if (!exec(
                    q,
                    QStringLiteral("UPDATE worker_jobs SET status = ?, error = ?, "
                                   "finished_at = ? WHERE id = ? AND status IN (?, ?)"),
                    {statusName(JobStatus::Failed),
                     options.jobError.isEmpty() ? interruptedJobError(!j.workerId.isEmpty())
                                                : options.jobError,
                     at, j.jobId, statusName(JobStatus::Queued), statusName(JobStatus::Running)})) {
                return fail();
            }
        }
        if (options.runs &&
            !exec(q,
                  QStringLiteral("SELECT id FROM runs WHERE status = ?%1 ORDER BY id").arg(holders),
                  {statusName(RunStatus::Running)})) {
            return fail();
        }
        while (options.runs && q.next())
            report.runIds.append(q.value(0).toLongLong());
        for (const qint64 run : std::as_const(report.runIds)) {
            if (!exec(q,
                      QStringLiteral("UPDATE runs SET status = ?, error = ?, finished_at = ? "
                                     "WHERE id = ? AND status = ?"),
                      {statusName(RunStatus::Failed),
                       options.runError.isEmpty() ? kRunError : options.runError, at, run,
                       statusName(RunStatus::Running)})) {
                return fail();
            }
        }
        q.finish();
    }
    if (!conn.commit()) {
        const Error e = dbError(what, conn.lastError());
        conn.rollback();
        return e;
    }

    for (const Interrupted& j : jobs) {
        report.jobIds.append(j.jobId);
        if (j.workerId.isEmpty())
            continue;
        report.workerIds.append(j.workerId);
        if (!artifacts || !ArtifactStore::isValidWorkerId(j.workerId) ||
            !QFileInfo::exists(
                QDir(artifacts->workerDir(j.workerId)).filePath(QStringLiteral("metadata.json")))) {
            continue;
        }
        // Not completeWorker(): its duration (start to now) would count the time Zerg was down.
        const QString error =
            options.jobError.isEmpty() ? interruptedJobError(true) : options.jobError;
        const Status s = artifacts->updateMetadata(
            j.workerId,
            {{QStringLiteral("status"), statusName(JobStatus::Failed)},
             {QStringLiteral("completed_at"), at},
             {QStringLiteral("error"), error},
             {QStringLiteral("summary"), QStringLiteral("Interrupted when Zerg "
                                                        "stopped; results are "
                                                        "incomplete.")},
             {QStringLiteral("summary_meta"), QJsonObject{{QStringLiteral("version"), 1},
                                                          {QStringLiteral("model"), QJsonValue()},
                                                          {QStringLiteral("generated_at"), at},
                                                          {QStringLiteral("error"), error}}}});
        if (!s) {
            qWarning("recovering worker %s: %s", qPrintable(j.workerId),
                     qPrintable(s.error().message));
        }
    }
    return report;
}

}  // namespace zerg
