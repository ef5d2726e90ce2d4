#include "schedule/schedule_json.h"

#include "storage/time_format.h"

namespace zerg::recordjson {

using namespace Qt::StringLiterals;

QJsonObject toJson(const ScheduleRecord& s) {
    return {{u"schedule_id"_s, s.id},
            {u"name"_s, s.name},
            {u"task"_s, s.task},
            {u"cron"_s, s.cron},
            {u"time_zone"_s, s.timeZone},
            {u"enabled"_s, s.enabled},
            {u"catch_up"_s, s.catchUp},
            {u"created_at"_s, timefmt::toIso(s.createdAt)},
            {u"updated_at"_s, timefmt::toIso(s.updatedAt)},
            {u"last_run_at"_s, timefmt::toIso(s.lastRunAt)},
            {u"next_run_at"_s, timefmt::toIso(s.nextRunAt)}};
}

ScheduleRecord scheduleRecord(const QJsonObject& o) {
    ScheduleRecord s;
    s.id = o.value(u"schedule_id"_s).toInteger();
    s.name = o.value(u"name"_s).toString();
    s.task = o.value(u"task"_s).toString();
    s.cron = o.value(u"cron"_s).toString();
    s.timeZone = o.value(u"time_zone"_s).toString();
    s.enabled = o.value(u"enabled"_s).toBool(s.enabled);
    s.catchUp = o.value(u"catch_up"_s).toBool(s.catchUp);
    s.createdAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
    s.updatedAt = timefmt::fromIso(o.value(u"updated_at"_s).toString());
    s.lastRunAt = timefmt::fromIso(o.value(u"last_run_at"_s).toString());
    s.nextRunAt = timefmt::fromIso(o.value(u"next_run_at"_s).toString());
    return s;
}

QJsonObject toJson(const ScheduleRunRecord& r) {
    return {{u"schedule_run_id"_s, r.id},
            {u"schedule_id"_s, r.scheduleId},
            {u"run_id"_s, r.runId},
            {u"trigger"_s, r.trigger},
            {u"scheduled_for"_s, timefmt::toIso(r.scheduledFor)},
            {u"started_at"_s, timefmt::toIso(r.startedAt)},
            {u"finished_at"_s, timefmt::toIso(r.finishedAt)},
            {u"status"_s, r.status},
            {u"severity"_s, r.severity},
            {u"summary"_s, r.summary},
            {u"error"_s, r.error}};
}

ScheduleRunRecord scheduleRunRecord(const QJsonObject& o) {
    ScheduleRunRecord r;
    r.id = o.value(u"schedule_run_id"_s).toInteger();
    r.scheduleId = o.value(u"schedule_id"_s).toInteger();
    r.runId = o.value(u"run_id"_s).toInteger();
    r.trigger = o.value(u"trigger"_s).toString();
    r.scheduledFor = timefmt::fromIso(o.value(u"scheduled_for"_s).toString());
    r.startedAt = timefmt::fromIso(o.value(u"started_at"_s).toString());
    r.finishedAt = timefmt::fromIso(o.value(u"finished_at"_s).toString());
    r.status = o.value(u"status"_s).toString();
    r.severity = o.value(u"severity"_s).toString();
    r.summary = o.value(u"summary"_s).toString();
    r.error = o.value(u"error"_s).toString();
    return r;
}

QJsonObject toJson(const InboxItem& item) {
    return {{u"item_id"_s, item.id},
            {u"run_id"_s, item.runId},
            {u"schedule_id"_s, item.scheduleId},
            {u"title"_s, item.title},
            {u"body"_s, item.body},
            {u"severity"_s, item.severity},
            {u"created_at"_s, timefmt::toIso(item.createdAt)},
            {u"read_at"_s, timefmt::toIso(item.readAt)}};
}

InboxItem inboxItem(const QJsonObject& o) {
    InboxItem item;
    item.id = o.value(u"item_id"_s).toInteger();
    item.runId = o.value(u"run_id"_s).toInteger();
    item.scheduleId = o.value(u"schedule_id"_s).toInteger();
    item.title = o.value(u"title"_s).toString();
    item.body = o.value(u"body"_s).toString();
    item.severity = o.value(u"severity"_s).toString();
    item.createdAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
    item.readAt = timefmt::fromIso(o.value(u"read_at"_s).toString());
    return item;
}

}  // namespace zerg::recordjson
