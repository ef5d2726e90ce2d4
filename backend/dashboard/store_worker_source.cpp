#include "dashboard/store_worker_source.h"

#include "core/off_thread.h"
#include "storage/artifact_store.h"
#include "storage/store.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace zerg {
namespace {

// Tool calls are saved as tool_calls/NNN_<tool>.txt with an "arguments: {json}" line.
WorkerActivitySummary readActivity(const ArtifactStore& artifacts, const QString& workerId,
                                   qint64 ownerId) {
    WorkerActivitySummary out;
    const Result<QStringList> files = artifacts.listFiles(workerId, ownerId);
    if (!files)
        return out;
    QStringList hosts;
    for (const QString& path : files.value()) {
        if (!path.startsWith(QLatin1String("tool_calls/")))
            continue;
        ++out.toolCalls;
        const Result<QByteArray> text = artifacts.readFile(workerId, ownerId, path);
        if (!text)
            continue;
        for (const QByteArray& line : text.value().split('\n')) {
            if (!line.startsWith("arguments: "))
                continue;
            const QString host = QJsonDocument::fromJson(line.mid(11))
                                     .object()
                                     .value(QStringLiteral("host"))
                                     .toString();
            if (!host.isEmpty() && !hosts.contains(host))
                hosts.append(host);
            break;
        }
    }
    out.hosts = hosts.join(QStringLiteral(", "));
    return out;
}

}  // namespace

Result<QList<WorkerRow>> StoreWorkerSource::recentWorkers(int limit) const {
    Result<QList<WorkerJobRecord>> jobs = m_store->listJobs(m_ownerId, limit);
    if (!jobs)
        return jobs.error();
    const QHash<qint64, std::optional<double>> costs = costsByJob(jobs.value());
    QList<WorkerRow> rows;
    rows.reserve(jobs.value().size());
    for (const WorkerJobRecord& job : jobs.value()) {
        WorkerRow row;
        row.jobId = job.id;
        row.workerId = job.workerId;
        row.task = job.task;
        row.status = job.status;
        row.durationMs = job.finishedAt.isValid() ? job.durationMs : -1;
        row.startedAt = job.createdAt;
        row.runningSince = job.startedAt;
        row.costUsd = costs.value(job.id, std::nullopt);
        rows.append(row);
    }
    return rows;
}

void StoreWorkerSource::loadActivity(const QList<WorkerRow>& rows, QObject* context,
                                     ActivityDone done) {
    QList<QPair<qint64, QString>> workers;
    for (const WorkerRow& row : rows) {
        if (!row.workerId.isEmpty())
            workers.append({row.jobId, row.workerId});
    }
    if (workers.isEmpty())
        return;
    // ArtifactStore's reads only use its root folder: a copy of it reads safely on a pool thread.
    const ArtifactStore reader(m_artifacts->rootDir());
    const qint64 owner = m_ownerId;
    runOffThread(
        context,
        [reader, owner, workers] {
            QHash<qint64, WorkerActivitySummary> byJob;
            for (const auto& [jobId, workerId] : workers)
                byJob.insert(jobId, readActivity(reader, workerId, owner));
            return byJob;
        },
        [done](const QHash<qint64, WorkerActivitySummary>& byJob) { done(byJob); });
}

std::optional<double> StoreWorkerSource::jobCost(qint64 jobId) const {
    const Result<QHash<qint64, UsageTotals>> usage = m_store->usageByJob(m_ownerId, jobId);
    if (!usage || !usage->contains(jobId))
        return std::nullopt;
    return usage->value(jobId).costUsd;
}

// Summed by the database; unknown when any of the job's calls has an unknown price, or when none
// was recorded.
QHash<qint64, std::optional<double>> StoreWorkerSource::costsByJob(
    const QList<WorkerJobRecord>& jobs) const {
    QHash<qint64, std::optional<double>> out;
    if (jobs.isEmpty())
        return out;
    qint64 oldest = jobs.constFirst().id;
    for (const WorkerJobRecord& job : jobs)
        oldest = qMin(oldest, job.id);
    const Result<QHash<qint64, UsageTotals>> usage = m_store->usageByJob(m_ownerId, oldest);
    if (!usage)
        return out;
    for (auto it = usage->cbegin(); it != usage->cend(); ++it)
        out.insert(it.key(), it.value().costUsd);
    return out;
}

}  // namespace zerg
