#include "schedule/schedule_json.h"

#include "storage/json_fields.h"

namespace zerg::recordjson {

using namespace Qt::StringLiterals;

namespace {

const JsonFields<ScheduleRecord>& scheduleFields() {
    static const JsonFields<ScheduleRecord> fields{
        {u"schedule_id"_s, &ScheduleRecord::id},
        {u"name"_s, &ScheduleRecord::name},
        {u"task"_s, &ScheduleRecord::task},
        {u"cron"_s, &ScheduleRecord::cron},
        {u"time_zone"_s, &ScheduleRecord::timeZone},
        {u"enabled"_s, &ScheduleRecord::enabled},
        {u"catch_up"_s, &ScheduleRecord::catchUp},
        {u"created_at"_s, &ScheduleRecord::createdAt},
        {u"updated_at"_s, &ScheduleRecord::updatedAt},
        {u"last_run_at"_s, &ScheduleRecord::lastRunAt},
        {u"next_run_at"_s, &ScheduleRecord::nextRunAt},
    };
    return fields;
}

const JsonFields<ScheduleRunRecord>& scheduleRunFields() {
    static const JsonFields<ScheduleRunRecord> fields{
        {u"schedule_run_id"_s, &ScheduleRunRecord::id},
        {u"schedule_id"_s, &ScheduleRunRecord::scheduleId},
        {u"run_id"_s, &ScheduleRunRecord::runId},
        {u"trigger"_s, &ScheduleRunRecord::trigger},
        {u"scheduled_for"_s, &ScheduleRunRecord::scheduledFor},
        {u"started_at"_s, &ScheduleRunRecord::startedAt},
        {u"finished_at"_s, &ScheduleRunRecord::finishedAt},
        {u"status"_s, &ScheduleRunRecord::status},
        {u"severity"_s, &ScheduleRunRecord::severity},
        {u"summary"_s, &ScheduleRunRecord::summary},
        {u"error"_s, &ScheduleRunRecord::error},
    };
    return fields;
}

const JsonFields<InboxItem>& inboxFields() {
    static const JsonFields<InboxItem> fields{
        {u"item_id"_s, &InboxItem::id},
        {u"run_id"_s, &InboxItem::runId},
        {u"schedule_id"_s, &InboxItem::scheduleId},
        {u"title"_s, &InboxItem::title},
        {u"body"_s, &InboxItem::body},
        {u"severity"_s, &InboxItem::severity},
        {u"created_at"_s, &InboxItem::createdAt},
        {u"read_at"_s, &InboxItem::readAt},
    };
    return fields;
}

}  // namespace

// approval_mode: the mode's word, or "default" (Settings' schedule mode).
QJsonObject toJson(const ScheduleRecord& s) {
    QJsonObject o = scheduleFields().write(s);
    o.insert(u"approval_mode"_s, approvalModeWord(s.approvalMode));
    return o;
}

ScheduleRecord scheduleRecord(const QJsonObject& o) {
    ScheduleRecord s = scheduleFields().read(o);
    s.approvalMode = parseStatus<ApprovalMode>(o.value(u"approval_mode"_s).toString());
    return s;
}

QString approvalModeWord(const std::optional<ApprovalMode>& mode) {
    return mode ? statusName(*mode) : u"default"_s;
}

QJsonObject toJson(const ScheduleRunRecord& r) {
    return scheduleRunFields().write(r);
}

ScheduleRunRecord scheduleRunRecord(const QJsonObject& o) {
    return scheduleRunFields().read(o);
}

QJsonObject toJson(const InboxItem& item) {
    return inboxFields().write(item);
}

InboxItem inboxItem(const QJsonObject& o) {
    return inboxFields().read(o);
}

}  // namespace zerg::recordjson
