#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

// One worker as the dashboard's Workers table shows it.
struct WorkerRow {
    qint64 jobId = 0;
    QString workerId;  // empty while queued
    QString task;
    QString status;  // queued | running | success | failed | timeout | cancelled
    QString hosts;   // the hosts its tools ran on, comma-separated; empty: none (local only)
    int toolCalls = 0;
    qint64 durationMs = -1;         // -1: not finished
    QDateTime startedAt;            // when the job was created (queued rows have no start yet)
    QDateTime runningSince;         // when the worker started; invalid while queued
    std::optional<double> costUsd;  // nullopt: unknown (not the same as free)
};

// What the dashboard needs from storage. Implemented in app/ over Store and ArtifactStore, so the
// ui room stays a view and can be tested with a fake (like ConversationBackend).
class DashboardSource {
public:
    virtual ~DashboardSource() = default;
    // The owner's newest workers, newest first, at most limit.
    [[nodiscard]] virtual Result<QList<WorkerRow>> recentWorkers(int limit) const = 0;
    // What one job's model calls cost so far (nullopt: unknown, or no source for it). Asked when
    // a worker shown live completes, so its cost appears without a reload.
    [[nodiscard]] virtual std::optional<double> jobCost(qint64 jobId) const {
        Q_UNUSED(jobId);
        return std::nullopt;
    }
};

}  // namespace zerg
