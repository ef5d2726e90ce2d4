#pragma once

#include "storage/schedule_store.h"

#include <QJsonObject>

// The one JSON form of the schedule records (docs/api.md, "Dashboard"; docs/events.md,
// inbox_delivered): the API's schedule and inbox commands and the inbox_delivered event write it,
// the remote sources read it back. It lives here, below runtime, because the event is published
// where the schedules run. As dashboard/record_json.h: snake_case keys, ISO-8601 UTC times with
// milliseconds ("" when not set), no owner id (the reader sets its own); reading is lenient
// about missing keys.
namespace zerg::recordjson {

// {schedule_id, name, task, cron, time_zone, enabled, catch_up, created_at, updated_at,
//  last_run_at, next_run_at, approval_mode ("ask", "read_only", "autonomous" or "default")}
[[nodiscard]] QJsonObject toJson(const ScheduleRecord& schedule);
[[nodiscard]] ScheduleRecord scheduleRecord(const QJsonObject& o);
// A schedule's approval mode as a word: the mode's, or "default" (Settings' schedule mode).
[[nodiscard]] QString approvalModeWord(const std::optional<ApprovalMode>& mode);

// {schedule_run_id, schedule_id, run_id, trigger, scheduled_for, started_at, finished_at, status,
//  severity, summary, error}
[[nodiscard]] QJsonObject toJson(const ScheduleRunRecord& run);
[[nodiscard]] ScheduleRunRecord scheduleRunRecord(const QJsonObject& o);

// {item_id, run_id, schedule_id, title, body, severity, created_at, read_at}; run_id and
// schedule_id are 0 when the item has none.
[[nodiscard]] QJsonObject toJson(const InboxItem& item);
[[nodiscard]] InboxItem inboxItem(const QJsonObject& o);

}  // namespace zerg::recordjson
