#pragma once

#include "roundabout/roundabout_monitor.h"
#include "tools/tool.h"
#include "workers/preflight.h"

#include <memory>
#include <vector>

namespace zerg {

class ArtifactStore;
class Clock;
class EventBus;
class LlmProvider;
class ScheduleService;
class ScheduleStore;
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
    // Tools the supervisor shares with the workers (http_request, send_email), added as they are.
    std::vector<std::shared_ptr<Tool>> sharedTools;
    // The roundabout decider's model provider (config in `roundabout`); nullptr: heuristic.
    LlmProvider* deciderLlm = nullptr;
    // Checked before a worker starts (and the allowlisted hosts named in spawn_worker's help).
    Preflight preflight;
    // The owner's schedule runner and its store; both set: the schedule tools are offered.
    ScheduleService* scheduler = nullptr;
    ScheduleStore* schedules = nullptr;
    bool background = false;  // a scheduled check: its workers use the schedule's approval mode
    std::optional<ApprovalMode> backgroundMode;  // the schedule's own; nullopt: Settings'
};

// The error code of route_to_supervisor: the quick path ends and the supervisor takes over.
inline constexpr char kRouteToSupervisor[] = "route_to_supervisor";

// spawn_worker, list_workers, read_worker_result, read_worker_file, get_worker_metadata,
// grep_workers (off the calling thread), get_current_time, the memory tools (remember_fact,
// forget_fact, recall_facts), the schedule tools (schedule_task, list_schedules, update_schedule,
// delete_schedule; when ctx has a scheduler) and the shared tools, bound to one run.
[[nodiscard]] std::unique_ptr<ToolRegistry> makeSupervisorTools(const SupervisorContext& ctx);

// The quick path's tools: get_current_time, recall_facts' siblings and route_to_supervisor, which
// fails with error code kRouteToSupervisor so that the quick loop stops and the supervisor
// answers instead.
[[nodiscard]] std::unique_ptr<ToolRegistry> makeQuickTools(const SupervisorContext& ctx);

// The owner's workers started in the last `windowSecs` (at most `limit`, newest first) as a
// short block for the model's context: worker id, job id, status, age, task and summary, so that
// a follow-up question reuses a fresh result instead of spawning again. Empty when there are none.
[[nodiscard]] QString recentWorkersBlock(const SupervisorContext& ctx, int windowSecs = 600,
                                         int limit = 5);

}  // namespace zerg
