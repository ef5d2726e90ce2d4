#include "dashboard/schedules_source.h"

#include "dashboard/record_json.h"
#include "schedule/schedule_json.h"
#include "schedule/schedule_service.h"

#include <QCoreApplication>

namespace zerg {

using namespace Qt::StringLiterals;

StoreSchedulesSource::StoreSchedulesSource(ScheduleStore* store, ScheduleService* service,
                                           qint64 ownerId, QObject* parent)
    : SchedulesSource(parent), m_store(store), m_service(service), m_ownerId(ownerId) {
    if (m_service) {
        connect(m_service, &ScheduleService::schedulesChanged, this, &SchedulesSource::changed);
        connect(m_service, &ScheduleService::scheduleRunStarted, this, &SchedulesSource::changed);
        // The run's outcome is recorded when its result is delivered.
        connect(m_service, &ScheduleService::delivered, this, &SchedulesSource::changed);
    }
}

Error StoreSchedulesSource::notHere() {
    return Error{u"not_running"_s,
                 tr("Schedules run in the Zerg app that owns the data folder; change them there "
                    "(or quit the other instance and restart this one).")};
}

void StoreSchedulesSource::list(QObject* context, SourceReply<ScheduleListing> done) {
    Q_UNUSED(context);
    const Result<QList<ScheduleRecord>> listed = m_store->listSchedules(m_ownerId);
    if (!listed)
        return done(listed.error());
    ScheduleListing listing;
    if (m_service) {
        listing.paused = m_service->isPaused();
    } else {
        const Result<bool> stored = m_store->isPaused(m_ownerId);
        listing.paused = stored && stored.value();
    }
    listing.schedules.reserve(listed->size());
    for (const ScheduleRecord& record : listed.value()) {
        ScheduleEntry entry{record, std::nullopt};
        // A schedule whose runs cannot be read is still listed, as one that never ran.
        if (const Result<QList<ScheduleRunRecord>> last =
                m_store->listScheduleRuns(m_ownerId, record.id, 1);
            last && !last->isEmpty()) {
            entry.lastRun = last->constFirst();
        }
        listing.schedules.append(entry);
    }
    done(std::move(listing));
}

void StoreSchedulesSource::history(qint64 scheduleId, int limit, QObject* context,
                                   SourceReply<QList<ScheduleRunRecord>> done) {
    Q_UNUSED(context);
    done(m_store->listScheduleRuns(m_ownerId, scheduleId, limit));
}

void StoreSchedulesSource::create(const ScheduleDraft& d, QObject* context,
                                  SourceReply<ScheduleRecord> done) {
    Q_UNUSED(context);
    if (!m_service)
        return done(notHere());
    done(m_service->createSchedule(d.name, d.task, d.cron, d.timeZone.trimmed(), d.catchUp));
}

void StoreSchedulesSource::update(qint64 scheduleId, const SchedulePatch& patch, QObject* context,
                                  SourceReply<ScheduleRecord> done) {
    Q_UNUSED(context);
    if (!m_service)
        return done(notHere());
    done(m_service->updateSchedule(scheduleId, patch));
}

void StoreSchedulesSource::remove(qint64 scheduleId, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (!m_service)
        return done(notHere());
    done(m_service->deleteSchedule(scheduleId));
}

void StoreSchedulesSource::runNow(qint64 scheduleId, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (!m_service)
        return done(notHere());
    done(m_service->runNow(scheduleId));
}

void StoreSchedulesSource::setPaused(bool paused, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (!m_service)
        return done(notHere());
    done(m_service->setPaused(paused));
}

namespace recordjson {

QJsonObject toJson(const ScheduleListing& listing) {
    return {{u"schedules"_s, arrayOf(listing.schedules,
                                     [](const ScheduleEntry& e) {
                                         QJsonObject o = toJson(e.schedule);
                                         o.insert(u"last_run"_s,
                                                  e.lastRun ? QJsonValue(toJson(*e.lastRun))
                                                            : QJsonValue(QJsonValue::Null));
                                         return o;
                                     })},
            {u"paused"_s, listing.paused}};
}

Result<ScheduleListing> scheduleListing(const QJsonObject& o) {
    const QString what = QCoreApplication::translate("zerg::recordjson", "the schedules");
    bool badRun = false;
    Result<QList<ScheduleEntry>> entries =
        listOf<ScheduleEntry>(o.value(u"schedules"_s), what, [&badRun](const QJsonObject& s) {
            ScheduleEntry e{scheduleRecord(s), std::nullopt};
            const QJsonValue last = s.value(u"last_run"_s);
            if (last.isObject())
                e.lastRun = scheduleRunRecord(last.toObject());
            else if (!last.isNull() && !last.isUndefined())
                badRun = true;
            return e;
        });
    if (!entries)
        return entries.error();
    if (badRun)
        return protocolError(what);
    ScheduleListing listing;
    listing.schedules = std::move(entries).value();
    listing.paused = o.value(u"paused"_s).toBool();
    return listing;
}

QJsonObject scheduleRunsJson(const QList<ScheduleRunRecord>& runs) {
    return {{u"runs"_s, arrayOf(runs, [](const ScheduleRunRecord& r) { return toJson(r); })}};
}

Result<QList<ScheduleRunRecord>> scheduleRuns(const QJsonObject& o) {
    return listOf<ScheduleRunRecord>(
        o.value(u"runs"_s), QCoreApplication::translate("zerg::recordjson", "the schedule's runs"),
        [](const QJsonObject& r) { return scheduleRunRecord(r); });
}

QJsonObject scheduleJson(const ScheduleRecord& schedule) {
    return {{u"schedule"_s, toJson(schedule)}};
}

Result<ScheduleRecord> scheduleIn(const QJsonObject& o) {
    const QJsonValue s = o.value(u"schedule"_s);
    if (!s.isObject())
        return protocolError(QCoreApplication::translate("zerg::recordjson", "the schedule"));
    return scheduleRecord(s.toObject());
}

}  // namespace recordjson
}  // namespace zerg
