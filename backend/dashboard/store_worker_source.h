#pragma once

#include "dashboard/worker_source.h"

namespace zerg {

class ArtifactStore;
class Store;
struct WorkerJobRecord;

// The dashboard's worker history: jobs and costs from the Store at once; tool calls and hosts
// from each worker's artifact folder, read on the thread pool.
class StoreWorkerSource final : public WorkerSource {
public:
    StoreWorkerSource(Store* store, ArtifactStore* artifacts, qint64 ownerId)
        : m_store(store), m_artifacts(artifacts), m_ownerId(ownerId) {}

    [[nodiscard]] Result<QList<WorkerRow>> recentWorkers(int limit) const override;
    void loadActivity(const QList<WorkerRow>& rows, QObject* context, ActivityDone done) override;
    [[nodiscard]] std::optional<double> jobCost(qint64 jobId) const override;

private:
    [[nodiscard]] QHash<qint64, std::optional<double>> costsByJob(
        const QList<WorkerJobRecord>& jobs) const;

    Store* m_store;
    ArtifactStore* m_artifacts;
    qint64 m_ownerId;
};

}  // namespace zerg
