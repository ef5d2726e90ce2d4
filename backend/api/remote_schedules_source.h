#pragma once

#include "dashboard/schedules_source.h"

namespace zerg {
class EventBus;
struct Event;
}  // namespace zerg

namespace zerg::api {

class RemoteClient;

// The Schedules page over the server's schedule_* commands (docs/api.md, "Dashboard"). changed()
// follows the server's schedules_changed, schedule_run_started and inbox_delivered events, which
// the RemoteClient publishes again on bus as localOwnerId's; records read back carry
// localOwnerId as their owner. client and bus must outlive this.
class RemoteSchedulesSource final : public SchedulesSource {
    Q_OBJECT
public:
    RemoteSchedulesSource(RemoteClient* client, EventBus* bus, qint64 localOwnerId,
                          QObject* parent = nullptr);

    void list(QObject* context, SourceReply<ScheduleListing> done) override;
    void history(qint64 scheduleId, int limit, QObject* context,
                 SourceReply<QList<ScheduleRunRecord>> done) override;
    void create(const ScheduleDraft& draft, QObject* context,
                SourceReply<ScheduleRecord> done) override;
    void update(qint64 scheduleId, const SchedulePatch& patch, QObject* context,
                SourceReply<ScheduleRecord> done) override;
    void remove(qint64 scheduleId, QObject* context, SourceReply<Ok> done) override;
    void runNow(qint64 scheduleId, QObject* context, SourceReply<Ok> done) override;
    void setPaused(bool paused, QObject* context, SourceReply<Ok> done) override;

private:
    void onEvent(const Event& event);

    RemoteClient* m_client;
    qint64 m_ownerId;
};

}  // namespace zerg::api
