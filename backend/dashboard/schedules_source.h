#pragma once

#include "dashboard/reply.h"
#include "storage/schedule_store.h"

#include <QJsonObject>
#include <QList>
#include <QObject>

#include <optional>

namespace zerg {

class ScheduleService;

// One schedule as the Schedules page lists it: the schedule and its newest run.
struct ScheduleEntry {
    ScheduleRecord schedule;
    std::optional<ScheduleRunRecord> lastRun;  // nullopt: it never ran
};

// What the Schedules page shows: the owner's schedules by name, and "pause all".
struct ScheduleListing {
    QList<ScheduleEntry> schedules;
    bool paused = false;
};

// The fields of a new schedule. An empty time zone is the system's (of the process that runs
// the schedules).
struct ScheduleDraft {
    QString name;
    QString task;
    QString cron;
    QString timeZone;
    bool catchUp = false;
};

// Where the Schedules page reads from and acts through: StoreSchedulesSource here,
// RemoteSchedulesSource (api/) over the server's schedule_* commands. changed() says that
// something the page shows may have changed (a schedule was created, changed or deleted, "pause
// all" was switched, a run started or delivered its result): the page reads again. The actions'
// errors keep the schedule runner's codes (invalid_cron, invalid_time_zone, conflict, not_found,
// invalid_argument, not_running) and messages.
class SchedulesSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void list(QObject* context, SourceReply<ScheduleListing> done) = 0;
    // The schedule's newest runs, newest first, at most limit (1..200). not_found for a schedule
    // that is not the owner's.
    virtual void history(qint64 scheduleId, int limit, QObject* context,
                         SourceReply<QList<ScheduleRunRecord>> done) = 0;
    virtual void create(const ScheduleDraft& draft, QObject* context,
                        SourceReply<ScheduleRecord> done) = 0;
    // The schedule as it is after the change.
    virtual void update(qint64 scheduleId, const SchedulePatch& patch, QObject* context,
                        SourceReply<ScheduleRecord> done) = 0;
    virtual void remove(qint64 scheduleId, QObject* context, SourceReply<Ok> done) = 0;
    // Starts a run now (or as soon as the supervisor is free).
    virtual void runNow(qint64 scheduleId, QObject* context, SourceReply<Ok> done) = 0;
    virtual void setPaused(bool paused, QObject* context, SourceReply<Ok> done) = 0;

    void setEnabled(qint64 scheduleId, bool enabled, QObject* context,
                    SourceReply<ScheduleRecord> done) {
        SchedulePatch patch;
        patch.enabled = enabled;
        update(scheduleId, patch, context, std::move(done));
    }

Q_SIGNALS:
    void changed();
};

// Over the local ScheduleStore, acting through the owner's ScheduleService and answering at once;
// changed() follows the service's signals. service may be null (this process does not run the
// schedules): the schedules are read from the store and every action fails with not_running and
// a message that says where to change them.
class StoreSchedulesSource final : public SchedulesSource {
    Q_OBJECT
public:
    // store and service must outlive this.
    StoreSchedulesSource(ScheduleStore* store, ScheduleService* service, qint64 ownerId,
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

    // "Schedules run in the Zerg app that owns the data folder; …" (code not_running).
    [[nodiscard]] static Error notHere();

private:
    ScheduleStore* m_store;
    ScheduleService* m_service;
    qint64 m_ownerId;
};

namespace recordjson {
// {schedules: [{…schedule, last_run: run or null}], paused}
[[nodiscard]] QJsonObject toJson(const ScheduleListing& listing);
[[nodiscard]] Result<ScheduleListing> scheduleListing(const QJsonObject& o);
// {runs: [run, …]}
[[nodiscard]] QJsonObject scheduleRunsJson(const QList<ScheduleRunRecord>& runs);
[[nodiscard]] Result<QList<ScheduleRunRecord>> scheduleRuns(const QJsonObject& o);
// {schedule: {…}}
[[nodiscard]] QJsonObject scheduleJson(const ScheduleRecord& schedule);
[[nodiscard]] Result<ScheduleRecord> scheduleIn(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
