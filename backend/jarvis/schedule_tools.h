#pragma once

#include <QtGlobal>

namespace zerg {

class ScheduleService;
class ScheduleStore;
class ToolRegistry;

// What the schedule tools act on: the owner's schedule runner (every change goes through it, so
// that next runs and its timer stay right) and the store it runs on (listing, run history).
struct ScheduleToolsContext {
    ScheduleService* scheduler = nullptr;
    ScheduleStore* store = nullptr;
    qint64 ownerId = 0;
};

// The conversation's control over schedules (docs/schedules.md, "Tools"):
//   schedule_task(name, task, cron, time_zone?, catch_up?)
//   list_schedules()
//   update_schedule(id | name, new_name?, task?, cron?, time_zone?, enabled?, catch_up?)
//   delete_schedule(id | name)
// A schedule is named by its id or its exact name; a name that matches nothing is an error that
// lists the names there are. The runner's errors (invalid_cron, invalid_time_zone, conflict,
// not_found) reach the model with their code and message so that it can correct itself.
void addScheduleTools(ToolRegistry* registry, const ScheduleToolsContext& ctx);

}  // namespace zerg
