#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace zerg {

class ArtifactStore;
class Database;

// A run this process took over from an ended instance (runtime/instance_lease.h): it now holds
// it, and the owner's supervisor agent goes on with it.
struct TakenOverRun {
    qint64 runId = 0;
    qint64 ownerId = 0;
    QString fromName;  // the instance that held it
};

// What recoverInterruptedJobs() changed (and what InstanceLease took over).
struct RecoveryReport {
    QList<qint64> jobIds;   // worker_jobs rows that were queued or running
    QStringList workerIds;  // their worker ids, for the jobs that had started
    QList<qint64> runIds;   // supervisor runs that were still running
    QList<TakenOverRun> takenOver;
    [[nodiscard]] bool isEmpty() const {
        return jobIds.isEmpty() && runIds.isEmpty() && takenOver.isEmpty();
    }
};

// Which unfinished jobs recoverInterruptedJobs() takes, for the periodic hygiene check (at
// start-up the defaults take them all).
struct RecoveryOptions {
    std::function<bool(qint64 jobId)> isLive;  // jobs this says are alive are left alone
    QDateTime createdBefore;                   // only jobs created before this (invalid: all)
    bool runs = true;                          // also end runs still marked running
    QString jobError;                          // the error recorded; empty: interruptedJobError
    QString runError;  // the runs' error; empty: "… (recovered at start-up)"
    // Whose work (docs/server.md): with heldBy set, only the runs and jobs these instances hold,
    // and with unheld also those that name no holder (started before holders were recorded).
    std::optional<QList<qint64>> heldBy;
    bool unheld = false;
};

// The error text recorded for a job that was running (or queued) when Zerg stopped.
[[nodiscard]] QString interruptedJobError(bool hadStarted);

// At start-up nothing can be running yet, so a worker job still 'queued' or 'running' (and a
// supervisor run still 'running') was left behind by a crash or a kill. Each becomes 'failed'
// with an "interrupted: ..." error and finished_at = now, all in one transaction; duration_ms
// stays NULL because how long it really ran is unknown. Then each such worker's metadata.json
// (when its folder exists) gets the same status and error, so `zerg workers` and the artifacts
// agree with the database. A metadata write that fails is only logged: the database is canonical.
// Call it before anything starts workers. artifacts may be nullptr.
[[nodiscard]] Result<RecoveryReport> recoverInterruptedJobs(Database* db, ArtifactStore* artifacts,
                                                            const QDateTime& now,
                                                            const RecoveryOptions& options = {});

}  // namespace zerg
