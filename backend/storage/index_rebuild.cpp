#include "storage/index_rebuild.h"

#include "storage/artifact_store.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace zerg {
namespace {

// The job row metadata.json describes, or why it describes none.
Result<WorkerJobRecord> jobFromMetadata(const QString& folder, const QString& path) {
    auto bad = [&](const QString& why) { return Error{QStringLiteral("corrupt"), why}; };
    const QFileInfo info(path);
    if (info.isSymLink() || !info.isFile())
        return bad(QStringLiteral("no metadata.json"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return bad(QStringLiteral("metadata.json is unreadable: ") + file.errorString());
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        return bad(QStringLiteral("metadata.json is not a JSON object"));
    const QJsonObject m = doc.object();
    WorkerJobRecord j;
    j.workerId = m.value(QStringLiteral("worker_id")).toString();
    if (j.workerId != folder)
        return bad(QStringLiteral("metadata.json names another worker id '%1'").arg(j.workerId));
    j.ownerId = m.value(QStringLiteral("owner_id")).toInteger(0);
    if (j.ownerId <= 0)
        return bad(QStringLiteral("metadata.json has no valid owner_id"));
    j.task = m.value(QStringLiteral("task")).toString();
    const QString status = m.value(QStringLiteral("status")).toString();
    const std::optional<JobStatus> jobStatus = parseStatus<JobStatus>(status);
    if (!jobStatus)
        return bad(QStringLiteral("unknown status '%1'").arg(status));
    j.status = *jobStatus;
    j.startedAt = timefmt::fromIso(m.value(QStringLiteral("started_at")).toString());
    if (!j.startedAt.isValid())
        return bad(QStringLiteral("metadata.json has no valid started_at"));
    j.createdAt = j.startedAt;
    j.model = m.value(QStringLiteral("model")).toString();
    j.runId = m.value(QStringLiteral("supervisor_run_id")).toInteger(0);
    j.error = m.value(QStringLiteral("error")).toString();
    if (isTerminal(j.status)) {
        j.finishedAt = timefmt::fromIso(m.value(QStringLiteral("completed_at")).toString());
        if (!j.finishedAt.isValid())
            j.finishedAt = j.startedAt;  // a final status without a time: keep the row usable
        j.durationMs = m.value(QStringLiteral("duration_ms")).toInteger(-1);
        if (j.durationMs < 0)
            j.durationMs = j.startedAt.msecsTo(j.finishedAt);
    }
    return j;
}

}  // namespace

QJsonObject ReindexReport::toJson() const {
    return {{QStringLiteral("scanned"), scanned},
            {QStringLiteral("inserted"), inserted},
            {QStringLiteral("updated"), updated},
            {QStringLiteral("unchanged"), unchanged},
            {QStringLiteral("skipped"), QJsonArray::fromStringList(skipped)}};
}

Result<ReindexReport> rebuildIndex(Store* store, ArtifactStore* artifacts, qint64 ownerId,
                                   const QDateTime& now) {
    ReindexReport report;
    const QString root = artifacts->rootDir();
    if (!QFileInfo(root).isDir())
        return report;
    const QStringList folders =
        QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
    for (const QString& folder : folders) {
        const Result<WorkerJobRecord> parsed = jobFromMetadata(
            folder, root + QLatin1Char('/') + folder + QStringLiteral("/metadata.json"));
        if (parsed && ownerId > 0 && parsed->ownerId != ownerId)
            continue;  // another owner's worker: not ours to count
        ++report.scanned;
        if (!parsed) {
            report.skipped.append(folder + QStringLiteral(": ") + parsed.error().message);
            continue;
        }
        WorkerJobRecord job = parsed.value();
        const Result<WorkerJobRecord> existing =
            store->findJobByWorkerId(job.ownerId, job.workerId);
        if (existing) {
            if (existing->status == job.status) {
                ++report.unchanged;
                continue;
            }
            job.id = existing->id;
            if (Status s = store->updateJobFromArtifacts(job); !s)
                return s.error();
            ++report.updated;
            continue;
        }
        if (existing.error().code != QLatin1String("not_found"))
            return existing.error();
        if (Status s = store->ensureOwner(job.ownerId, QString(), now); !s)
            return s.error();
        // Link the run only when it is still in the database (a deleted database has none).
        if (job.runId > 0) {
            const Result<RunRecord> run = store->run(job.runId);
            if (!run || run->ownerId != job.ownerId)
                job.runId = 0;
        }
        if (Result<qint64> id = store->insertJobFromArtifacts(job); !id)
            return id.error();
        ++report.inserted;
    }
    return report;
}

}  // namespace zerg
