#include "schedule/schedule_events.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "schedule/schedule_json.h"
#include "schedule/schedule_service.h"

namespace zerg {

void publishScheduleEvents(ScheduleService* service, qint64 ownerId, EventBus* bus,
                           QObject* context) {
    QObject::connect(service, &ScheduleService::schedulesChanged, context, [bus, ownerId] {
        bus->publish(QString::fromLatin1(events::SchedulesChanged), ownerId, {});
    });
    QObject::connect(
        service, &ScheduleService::scheduleRunStarted, context,
        [bus, ownerId](qint64 scheduleId, qint64 scheduleRunId, qint64 runId) {
            bus->publish(ownerId, payloads::ScheduleRunStarted{scheduleId, scheduleRunId, runId});
        });
    QObject::connect(
        service, &ScheduleService::delivered, context, [bus, ownerId](const InboxItem& item) {
            bus->publish(ownerId, payloads::InboxDelivered{item.id, recordjson::toJson(item)});
        });
}

}  // namespace zerg
