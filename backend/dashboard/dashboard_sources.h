#pragma once

#include "dashboard/costs_source.h"
#include "dashboard/store_worker_source.h"
#include "dashboard/threads_source.h"
#include "dashboard/worker_source.h"

#include <memory>

namespace zerg {

class ArtifactStore;
class Store;

// One source per dashboard page: what the page's model reads and does, nothing else. The app
// gives the models either the local sources (StoreDashboardSources, over this computer's stores)
// or the remote ones (api::RemoteDashboardSources, over a `zerg serve`); `zerg serve` answers the
// API's dashboard commands from the local sources of the connection's owner.
struct DashboardSources {
    WorkerSource* workers = nullptr;
    CostsSource* costs = nullptr;
    ThreadsSource* threads = nullptr;
};

// The local sources of one owner. Everything in Deps must outlive this.
class StoreDashboardSources {
public:
    struct Deps {
        Store* store = nullptr;
        ArtifactStore* artifacts = nullptr;
        qint64 ownerId = 0;
    };

    explicit StoreDashboardSources(const Deps& deps);
    StoreDashboardSources(const StoreDashboardSources&) = delete;
    StoreDashboardSources& operator=(const StoreDashboardSources&) = delete;

    [[nodiscard]] DashboardSources sources();

private:
    StoreWorkerSource m_workers;
    StoreCostsSource m_costs;
    StoreThreadsSource m_threads;
};

}  // namespace zerg
