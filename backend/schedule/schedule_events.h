#pragma once

#include <QtGlobal>

class QObject;

namespace zerg {

class EventBus;
class ScheduleService;

// Publishes an owner's ScheduleService signals on the bus as the public events (docs/events.md):
// schedules_changed {}, schedule_run_started {schedule_id, schedule_run_id, run_id} and
// inbox_delivered {item_id, item} (item in schedule_json's form), all as ownerId's. The API
// forwards them to the owner's clients, whose remote dashboard sources refresh on them; in this
// process the pages listen to the service itself. Connections live as long as context.
void publishScheduleEvents(ScheduleService* service, qint64 ownerId, EventBus* bus,
                           QObject* context);

}  // namespace zerg
