#include "runtime/hygiene_daemon.h"

#include "core/clock.h"
#include "core/off_thread.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/hygiene.h"
#include "storage/job_recovery.h"
#include "workers/worker_pool.h"

#include <QJsonArray>

namespace zerg {

HygieneDaemon::HygieneDaemon(HygieneConfig config, Database* db, ArtifactStore* artifacts,
                             WorkerPool* pool, Clock* clock, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_db(db),
      m_artifacts(artifacts),
      m_pool(pool),
      m_clock(clock) {}

// The timer needs no cancelling: callAfter's context (this) drops it, and the clock may already
// be gone when the backend deletes its children.
HygieneDaemon::~HygieneDaemon() = default;

namespace {

// The folder half of a pass: it reads and deletes in folders only (the ArtifactStore it prunes
// through is a copy over the same root), so it runs on any thread.
HygieneDaemon::FilePass cleanFiles(const HygieneConfig& config, const QString& workersRoot,
                                   const QDateTime& now) {
    HygieneDaemon::FilePass pass;
    if (config.retentionDays > 0) {
        if (auto r = pruneWorkerArtifacts(ArtifactStore(workersRoot),
                                          now.addDays(-config.retentionDays)))
            pass.pruned = int(r->size());
        else
            pass.errors.append(r.error().message);
    }
    if (!config.scratchDir.isEmpty()) {
        if (auto r = removeStaleFiles(config.scratchDir,
                                      now.addSecs(-qint64(config.scratchMaxAgeHours) * 3600)))
            pass.stale = r.value();
        else
            pass.errors.append(r.error().message);
    }
    return pass;
}

}  // namespace

void HygieneDaemon::start() {
    m_timer = m_clock->callAfter(qint64(m_config.firstPassDelaySeconds) * 1000, this, [this] {
        runInBackground();
        schedule();
    });
}

void HygieneDaemon::stop() {
    m_clock->cancel(m_timer);
    m_timer = 0;
}

void HygieneDaemon::schedule() {
    m_timer = m_clock->callAfter(qint64(m_config.intervalMinutes) * 60'000, this, [this] {
        runInBackground();
        schedule();
    });
}

void HygieneDaemon::runInBackground() {
    if (m_passRunning)
        return;  // the last one is still going; the next interval comes soon enough
    m_passRunning = true;
    const QDateTime now = m_clock->utcNow();
    runOffThread(
        this,
        [config = m_config, root = m_artifacts->rootDir(), now] {
            return cleanFiles(config, root, now);
        },
        [this, now](const FilePass& files) {
            m_passRunning = false;
            (void)finishPass(files, now);
        });
}

QJsonObject HygieneDaemon::runOnce() {
    const QDateTime now = m_clock->utcNow();
    return finishPass(cleanFiles(m_config, m_artifacts->rootDir(), now), now);
}

QJsonObject HygieneDaemon::finishPass(const FilePass& files, const QDateTime& now) {
    QJsonArray errors = QJsonArray::fromStringList(files.errors);
    const int pruned = files.pruned;
    const int stale = files.stale;
    int orphaned = 0;
    RecoveryOptions o;
    o.runs = false;
    o.createdBefore = now.addSecs(-m_config.orphanGraceSeconds);
    WorkerPool* pool = m_pool;
    o.isLive = [pool](qint64 jobId) { return pool && pool->find(jobId); };
    // Only this process's own jobs: another's are its own business while its lease holds
    // (InstanceLease).
    // (A database this process has not registered on: the jobs that name no holder.)
    const qint64 self = m_db->instanceId();
    o.heldBy = self > 0 ? QList<qint64>{self} : QList<qint64>{};
    o.unheld = self <= 0;
    o.jobError = QStringLiteral(
        "orphaned: the job was marked as running but no worker was running it (found by the "
        "hygiene check)");
    if (auto r = recoverInterruptedJobs(m_db, m_artifacts, now, o))
        orphaned = int(r->jobIds.size());
    else
        errors.append(r.error().message);
    const QJsonObject report{{QStringLiteral("pruned_workers"), pruned},
                             {QStringLiteral("stale_files"), stale},
                             {QStringLiteral("orphaned_jobs"), orphaned},
                             {QStringLiteral("errors"), errors}};
    if (pruned || stale || orphaned || !errors.isEmpty()) {
        qInfo("zerg: hygiene: %d old worker folders, %d stale files, %d orphaned jobs%s", pruned,
              stale, orphaned, errors.isEmpty() ? "" : " (with errors)");
    }
    Q_EMIT ran(report);
    return report;
}

}  // namespace zerg
