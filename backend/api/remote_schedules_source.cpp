#include "api/remote_schedules_source.h"

#include "api/remote_ask.h"
#include "api/remote_client.h"
#include "core/event.h"
#include "core/event_bus.h"

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// The server's answer to an action that returns nothing the page needs.
Result<Ok> acknowledged(const QJsonObject&) {
    return Ok{};
}

}  // namespace

RemoteSchedulesSource::RemoteSchedulesSource(RemoteClient* client, EventBus* bus,
                                             qint64 localOwnerId, QObject* parent)
    : SchedulesSource(parent), m_client(client), m_ownerId(localOwnerId) {
    if (bus)
        connect(bus, &EventBus::published, this, &RemoteSchedulesSource::onEvent);
}

void RemoteSchedulesSource::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId)
        return;
    // A delivery also records the outcome of the run it ends.
    if (e.name == QLatin1String(events::SchedulesChanged) ||
        e.name == QLatin1String(events::ScheduleRunStarted) ||
        e.name == QLatin1String(events::InboxDelivered)) {
        Q_EMIT changed();
    }
}

void RemoteSchedulesSource::list(QObject* context, SourceReply<ScheduleListing> reply) {
    askServer<ScheduleListing>(m_client, u"schedule_list"_s, {}, context, std::move(reply),
                               ownedBy(m_ownerId, &recordjson::scheduleListing));
}

void RemoteSchedulesSource::history(qint64 scheduleId, int limit, QObject* context,
                                    SourceReply<QList<ScheduleRunRecord>> reply) {
    askServer<QList<ScheduleRunRecord>>(
        m_client, u"schedule_history"_s, {{u"schedule_id"_s, scheduleId}, {u"limit"_s, limit}},
        context, std::move(reply), ownedBy(m_ownerId, &recordjson::scheduleRuns));
}

void RemoteSchedulesSource::create(const ScheduleDraft& d, QObject* context,
                                   SourceReply<ScheduleRecord> reply) {
    QJsonObject args{
        {u"name"_s, d.name}, {u"task"_s, d.task}, {u"cron"_s, d.cron}, {u"catch_up"_s, d.catchUp}};
    // Left out when empty: the server's system zone, as a local source would take this one's.
    if (!d.timeZone.trimmed().isEmpty())
        args.insert(u"time_zone"_s, d.timeZone.trimmed());
    askServer<ScheduleRecord>(m_client, u"schedule_create"_s, std::move(args), context,
                              std::move(reply), ownedBy(m_ownerId, &recordjson::scheduleIn));
}

void RemoteSchedulesSource::update(qint64 scheduleId, const SchedulePatch& patch, QObject* context,
                                   SourceReply<ScheduleRecord> reply) {
    QJsonObject args{{u"schedule_id"_s, scheduleId}};
    auto insertIf = [&args](const QString& key, const auto& value) {
        if (value)
            args.insert(key, *value);
    };
    insertIf(u"name"_s, patch.name);
    insertIf(u"task"_s, patch.task);
    insertIf(u"cron"_s, patch.cron);
    insertIf(u"time_zone"_s, patch.timeZone);
    insertIf(u"enabled"_s, patch.enabled);
    insertIf(u"catch_up"_s, patch.catchUp);
    askServer<ScheduleRecord>(m_client, u"schedule_update"_s, std::move(args), context,
                              std::move(reply), ownedBy(m_ownerId, &recordjson::scheduleIn));
}

void RemoteSchedulesSource::remove(qint64 scheduleId, QObject* context, SourceReply<Ok> reply) {
    askServer<Ok>(m_client, u"schedule_delete"_s, {{u"schedule_id"_s, scheduleId}}, context,
                  std::move(reply), &acknowledged);
}

void RemoteSchedulesSource::runNow(qint64 scheduleId, QObject* context, SourceReply<Ok> reply) {
    askServer<Ok>(m_client, u"schedule_run_now"_s, {{u"schedule_id"_s, scheduleId}}, context,
                  std::move(reply), &acknowledged);
}

void RemoteSchedulesSource::setPaused(bool paused, QObject* context, SourceReply<Ok> reply) {
    askServer<Ok>(m_client, u"schedules_pause"_s, {{u"paused"_s, paused}}, context,
                  std::move(reply), &acknowledged);
}

}  // namespace zerg::api
