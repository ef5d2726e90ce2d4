#include "schedule/schedule_events.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "schedule/schedule_json.h"
#include "schedule/schedule_service.h"

namespace zerg {

using namespace Qt::StringLiterals;

void publishScheduleEvents(ScheduleService* service, qint64 ownerId, EventBus* bus,
                           QObject* context) {
    QObject::connect(service, &ScheduleService::schedulesChanged, context, [bus, ownerId] {
        bus->publish(QString::fromLatin1(events::SchedulesChanged), ownerId, {});
    });
    QObject::connect(service, &ScheduleService::scheduleRunStarted, context,
                     [bus, ownerId](qint64 scheduleId, qint64 scheduleRunId, qint64 runId) {
                         bus->publish(QString::fromLatin1(events::ScheduleRunStarted), ownerId,
                                      {{u"schedule_id"_s, scheduleId},
                                       {u"schedule_run_id"_s, scheduleRunId},
                                       {u"run_id"_s, runId}});
                     });
    QObject::connect(
        service, &ScheduleService::delivered, context, [bus, ownerId](const InboxItem& item) {
            bus->publish(QString::fromLatin1(events::InboxDelivered), ownerId,
                         {{u"item_id"_s, item.id}, {u"item"_s, recordjson::toJson(item)}});
        });
}

}  // namespace zerg
