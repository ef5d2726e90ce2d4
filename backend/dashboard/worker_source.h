#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace zerg {

// One worker as the dashboard's Workers table shows it.
struct WorkerRow {
    qint64 jobId = 0;
    QString workerId;  // empty while queued
    QString task;
    JobStatus status = JobStatus::Queued;
    QString hosts;  // the hosts its tools ran on, comma-separated; empty: none (local only)
    int toolCalls = 0;
    qint64 durationMs = -1;         // -1: not finished
    QDateTime startedAt;            // when the job was created (queued rows have no start yet)
    QDateTime runningSince;         // when the worker started; invalid while queued
    std::optional<double> costUsd;  // nullopt: unknown (not the same as free)
};

// What a worker did, from its artifact folder: tool calls made and hosts reached.
struct WorkerActivitySummary {
    int toolCalls = 0;
    QString hosts;  // comma-separated, in order of first use
};

// What the dashboard needs from storage: StoreWorkerSource (this room) reads the local Store
// and ArtifactStore, RemoteWorkerSource (api/remote_dashboard_sources.h) asks a `zerg serve`; the
// ui room stays a view and can be tested with a fake (like ConversationBackend).
class WorkerSource {
public:
    // How many workers the Workers table shows (the newest).
    static constexpr int kRecentLimit = 500;

    virtual ~WorkerSource() = default;
    // The owner's newest workers, newest first, at most limit. Quick (database only): tool calls
    // and hosts come from loadActivity().
    [[nodiscard]] virtual Result<QList<WorkerRow>> recentWorkers(int limit) const = 0;
    using ActivityDone = std::function<void(const QHash<qint64, WorkerActivitySummary>& byJob)>;
    // Reads what the workers of these rows did from their folders, away from the calling thread,
    // then calls done on context's thread (not at all once context is gone). By default there is
    // nothing to read and done is not called.
    virtual void loadActivity(const QList<WorkerRow>& rows, QObject* context, ActivityDone done) {
        Q_UNUSED(rows);
        Q_UNUSED(context);
        Q_UNUSED(done);
    }
    // What one job's model calls cost so far (nullopt: unknown, or no source for it). Asked when
    // a worker shown live completes, so its cost appears without a reload.
    [[nodiscard]] virtual std::optional<double> jobCost(qint64 jobId) const {
        Q_UNUSED(jobId);
        return std::nullopt;
    }
};

}  // namespace zerg
