#include "jarvis/hygiene_daemon.h"

#include "core/clock.h"
#include "jarvis/worker_pool.h"
#include "storage/hygiene.h"
#include "storage/job_recovery.h"

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

void HygieneDaemon::start() {
    runOnce();
    schedule();
}

void HygieneDaemon::stop() {
    m_clock->cancel(m_timer);
    m_timer = 0;
}

void HygieneDaemon::schedule() {
    m_timer = m_clock->callAfter(qint64(m_config.intervalMinutes) * 60'000, this, [this] {
        runOnce();
        schedule();
    });
}

QJsonObject HygieneDaemon::runOnce() {
    const QDateTime now = m_clock->utcNow();
    QJsonArray errors;
    int pruned = 0;
    if (m_config.retentionDays > 0) {
        if (auto r = pruneWorkerArtifacts(*m_artifacts, now.addDays(-m_config.retentionDays)))
            pruned = int(r->size());
        else
            errors.append(r.error().message);
    }
    int stale = 0;
    if (!m_config.scratchDir.isEmpty()) {
        if (auto r = removeStaleFiles(m_config.scratchDir,
                                      now.addSecs(-qint64(m_config.scratchMaxAgeHours) * 3600)))
            stale = r.value();
        else
            errors.append(r.error().message);
    }
    int orphaned = 0;
    RecoveryOptions o;
    o.runs = false;
    o.createdBefore = now.addSecs(-m_config.orphanGraceSeconds);
    WorkerPool* pool = m_pool;
    o.isLive = [pool](qint64 jobId) { return pool && pool->find(jobId); };
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
