#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace zerg {

class ArtifactStore;
class Store;
struct RunRecord;
struct WorkerJobRecord;

// One worker job as a row of `zerg workers list --json` and the API's `workers`:
//   {job_id, worker_id ("" while queued), run_id, task, status, model, created_at, duration_ms,
//    error, summary ("" until the worker has one)}
[[nodiscard]] QJsonObject workerRow(const WorkerJobRecord& job, ArtifactStore& artifacts,
                                    qint64 ownerId);

// One worker, named by its worker id or (when jobId is set) its job id: {worker_id, metadata,
// result ("" when none), files (relative paths)}. Owner-checked like runDetails; a job that has
// not started a worker is not_found with a message saying so.
[[nodiscard]] Result<QJsonObject> workerDetails(Store& store, ArtifactStore& artifacts,
                                                qint64 ownerId, QString workerId,
                                                std::optional<qint64> jobId);

// One run without its workers, as a JSON object (a row of `zerg runs list --json`):
//   {run_id, thread_id, status, mode, task, started_at, completed_at (null while running),
//    duration_ms (0 while running), result, error, error_code (null when none), attempts,
//    fallback (null, or "apology": result is then Jarvis's apology and error the failure),
//    tokens_used,
//    usage: {calls, prompt_tokens, completion_tokens, cached_tokens, reasoning_tokens},
//    cost_usd (null when unknown)}
// Times are ISO-8601 UTC. tokens_used is prompt + completion over the run's recorded model
// calls, or the run row's own counters when none were recorded (the cost is then unknown
// unless those counters are zero too). No owner check: the caller got `run` for its owner.
[[nodiscard]] Result<QJsonObject> runSummary(Store& store, const RunRecord& run);

// The seed's GET /api/jarvis/runs/{run_id} as a service call (CLI `zerg runs show`, GUI, API):
// runSummary plus workers: [{job_id, worker_id, task, status, duration_ms, summary}], oldest
// first. A worker's summary comes from its metadata.json ("" while there is none).
// Owner-checked: another owner's run is "not_found" with the same message as a run that does
// not exist, so ids leak nothing.
[[nodiscard]] Result<QJsonObject> runDetails(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                                             qint64 runId);

// One page of the owner's conversation, for the chat's history after a restart (the API's
// `conversation`): {runs: [runDetails of each run, oldest first], more (older runs exist),
// summarised_through_run_id (Store::lastSummarisedRun of their thread, or null)}. The newest
// `limit` runs, or the newest older than beforeRunId.
[[nodiscard]] Result<QJsonObject> conversationPage(Store& store, ArtifactStore& artifacts,
                                                   qint64 ownerId,
                                                   std::optional<qint64> beforeRunId, int limit);

}  // namespace zerg
