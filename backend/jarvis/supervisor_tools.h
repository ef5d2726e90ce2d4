#pragma once

#include "roundabout/roundabout_monitor.h"
#include "tools/tool.h"

#include <memory>

namespace zerg {

class ArtifactStore;
class Clock;
class EventBus;
class Store;
class ToolRegistry;
class WorkerPool;

// What the supervisor's tools act on, for one run.
struct SupervisorContext {
    Store* store = nullptr;
    ArtifactStore* artifacts = nullptr;
    EventBus* bus = nullptr;
    Clock* clock = nullptr;
    WorkerPool* pool = nullptr;
    RoundaboutConfig roundabout;
    qint64 ownerId = 0;
    qint64 runId = 0;
    QString workerModel;
};

// spawn_worker, list_workers, read_worker_result, read_worker_file, get_worker_metadata,
// grep_workers (off the calling thread), get_current_time, bound to one run.
[[nodiscard]] std::unique_ptr<ToolRegistry> makeSupervisorTools(const SupervisorContext& ctx);

}  // namespace zerg
