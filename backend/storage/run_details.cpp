#include "storage/run_details.h"

#include "storage/artifact_store.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QJsonArray>

#include <algorithm>

namespace zerg {
namespace {

QJsonValue timeOrNull(const QDateTime& t) {
    return t.isValid() ? QJsonValue(timefmt::toIso(t)) : QJsonValue(QJsonValue::Null);
}

QJsonValue textOrNull(const QString& s) {
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QJsonObject workerJson(const WorkerJobRecord& job, ArtifactStore& artifacts, qint64 ownerId) {
    QString summary;
    // A job that never started has no folder; a running worker has no summary yet.
    if (!job.workerId.isEmpty()) {
        if (const Result<QJsonObject> meta = artifacts.metadata(job.workerId, ownerId))
            summary = meta->value(QStringLiteral("summary")).toString();
    }
    return {{QStringLiteral("job_id"), job.id},
            {QStringLiteral("worker_id"), job.workerId},
            {QStringLiteral("task"), job.task},
            {QStringLiteral("status"), statusName(job.status)},
            {QStringLiteral("duration_ms"), job.durationMs},
            {QStringLiteral("summary"), summary}};
}

}  // namespace

QJsonObject workerRow(const WorkerJobRecord& job, ArtifactStore& artifacts, qint64 ownerId) {
    QJsonObject row = workerJson(job, artifacts, ownerId);
    row.insert(QStringLiteral("run_id"), job.runId);
    row.insert(QStringLiteral("model"), job.model);
    row.insert(QStringLiteral("created_at"), timeOrNull(job.createdAt));
    row.insert(QStringLiteral("error"), job.error);
    return row;
}

Result<QJsonObject> workerDetails(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                                  QString workerId, std::optional<qint64> jobId) {
    if (jobId) {
        const Result<WorkerJobRecord> job = store.job(*jobId);
        if (!job && job.error().code != QLatin1String("not_found"))
            return job.error();
        if (!job || job->ownerId != ownerId) {
            return Error{
                QStringLiteral("not_found"),
                QStringLiteral("No worker job %1. List the workers to find its id.").arg(*jobId)};
        }
        if (job->workerId.isEmpty()) {
            return Error{QStringLiteral("not_found"),
                         QStringLiteral("Job %1 has not started a worker yet (status %2); ask "
                                        "again when it runs.")
                             .arg(*jobId)
                             .arg(statusName(job->status))};
        }
        workerId = job->workerId;
    }
    const Result<QJsonObject> meta = artifacts.metadata(workerId, ownerId);
    if (!meta) {
        return Error{
            QStringLiteral("not_found"),
            QStringLiteral("No worker '%1'. List the workers to find its id.").arg(workerId)};
    }
    const Result<QString> result = artifacts.readResult(workerId, ownerId);
    const Result<QStringList> files = artifacts.listFiles(workerId, ownerId);
    return QJsonObject{{QStringLiteral("worker_id"), workerId},
                       {QStringLiteral("metadata"), meta.value()},
                       {QStringLiteral("result"), result ? result.value() : QString()},
                       {QStringLiteral("files"),
                        QJsonArray::fromStringList(files ? files.value() : QStringList())}};
}

Result<QJsonObject> runSummary(Store& store, const RunRecord& r) {
    const Result<UsageTotals> usage = store.usageForRun(r.id);
    if (!usage)
        return usage.error();
    const UsageTotals& u = usage.value();
    // The model calls are the detailed record; runs from before metering only have the row's
    // totals, and tokens spent with no priced call on record have an unknown cost, not zero.
    const bool metered = u.calls > 0;
    const qint64 prompt = metered ? u.promptTokens : r.promptTokens;
    const qint64 completion = metered ? u.completionTokens : r.completionTokens;
    const std::optional<double> cost =
        !metered && prompt + completion > 0 ? std::nullopt : u.costUsd;
    return QJsonObject{
        {QStringLiteral("run_id"), r.id},
        {QStringLiteral("thread_id"), r.threadId},
        {QStringLiteral("status"), statusName(r.status)},
        {QStringLiteral("mode"), r.mode},
        {QStringLiteral("task"), r.task},
        {QStringLiteral("started_at"), timeOrNull(r.startedAt)},
        {QStringLiteral("completed_at"), timeOrNull(r.finishedAt)},
        {QStringLiteral("duration_ms"), r.durationMs},
        {QStringLiteral("result"), r.result},
        {QStringLiteral("error"), r.error},
        {QStringLiteral("error_code"), textOrNull(r.errorCode)},
        {QStringLiteral("attempts"), r.attempts},
        {QStringLiteral("fallback"), textOrNull(r.fallback)},
        {QStringLiteral("tokens_used"), prompt + completion},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("calls"), u.calls},
                     {QStringLiteral("prompt_tokens"), prompt},
                     {QStringLiteral("completion_tokens"), completion},
                     {QStringLiteral("cached_tokens"), u.cachedTokens},
                     {QStringLiteral("reasoning_tokens"), u.reasoningTokens}}},
        {QStringLiteral("cost_usd"), cost ? QJsonValue(*cost) : QJsonValue()},
    };
}

namespace {

// runDetails of a run already known to be the owner's.
Result<QJsonObject> detailsOf(Store& store, ArtifactStore& artifacts, const RunRecord& run) {
    const qint64 ownerId = run.ownerId;
    Result<QJsonObject> details = runSummary(store, run);
    if (!details)
        return details.error();
    const Result<QList<WorkerJobRecord>> jobs = store.listJobsForRun(ownerId, run.id);
    if (!jobs)
        return jobs.error();
    QJsonArray workers;
    for (const WorkerJobRecord& job : jobs.value())
        workers.append(workerJson(job, artifacts, ownerId));
    QJsonObject out = std::move(details).value();
    out.insert(QStringLiteral("workers"), workers);
    return out;
}

}  // namespace

Result<QJsonObject> runDetails(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                               qint64 runId) {
    const Result<RunRecord> run = store.run(runId);
    if (!run && run.error().code != QLatin1String("not_found"))
        return run.error();
    if (!run || run->ownerId != ownerId) {
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("No run %1. List the runs to find its id.").arg(runId)};
    }
    return detailsOf(store, artifacts, run.value());
}

Result<QJsonObject> conversationPage(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                                     std::optional<qint64> beforeRunId, int limit) {
    // One more than asked: whether older runs exist.
    const Result<QList<RunRecord>> newestFirst = store.listRuns(ownerId, limit + 1, beforeRunId);
    if (!newestFirst)
        return newestFirst.error();
    const bool more = newestFirst->size() > limit;
    QJsonArray runs;
    qint64 threadId = 0;
    for (qsizetype i = std::min<qsizetype>(newestFirst->size(), limit) - 1; i >= 0; --i) {
        const RunRecord& run = newestFirst->at(i);
        Result<QJsonObject> details = detailsOf(store, artifacts, run);
        if (!details)
            return details.error();
        runs.append(std::move(details).value());
        threadId = run.threadId;
    }
    QJsonValue summarised = QJsonValue::Null;
    if (threadId > 0) {
        const Result<std::optional<qint64>> last = store.lastSummarisedRun(threadId);
        if (!last)
            return last.error();
        if (*last)
            summarised = **last;
    }
    return QJsonObject{{QStringLiteral("runs"), runs},
                       {QStringLiteral("more"), more},
                       {QStringLiteral("summarised_through_run_id"), summarised}};
}

}  // namespace zerg
