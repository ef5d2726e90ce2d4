// The Schedules page through `zerg serve`: RemoteSchedulesSource asks the server's schedule_*
// commands, which answer from the owner's StoreSchedulesSource (a real ScheduleService over a real
// ScheduleStore). What it reads back equals the local source's answer field by field; its actions
// change the server's store; a change made on the server reaches it as an event; the schedule
// runner's error codes and messages come through; bad arguments are refused and named.
#include "remote_sources_fixture.h"

#include <QSignalSpy>

using namespace zerg;
using namespace zerg::test;

namespace {

const QString kBerlin = u"Europe/Berlin"_s;

void compare(const ScheduleRecord& r, const ScheduleRecord& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.name, l.name);
    QCOMPARE(r.task, l.task);
    QCOMPARE(r.cron, l.cron);
    QCOMPARE(r.timeZone, l.timeZone);
    QCOMPARE(r.enabled, l.enabled);
    QCOMPARE(r.catchUp, l.catchUp);
    QCOMPARE(r.createdAt, l.createdAt);
    QCOMPARE(r.updatedAt, l.updatedAt);
    QCOMPARE(r.lastRunAt, l.lastRunAt);
    QCOMPARE(r.nextRunAt, l.nextRunAt);
}

void compare(const ScheduleRunRecord& r, const ScheduleRunRecord& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.scheduleId, l.scheduleId);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.runId, l.runId);
    QCOMPARE(r.trigger, l.trigger);
    QCOMPARE(r.scheduledFor, l.scheduledFor);
    QCOMPARE(r.startedAt, l.startedAt);
    QCOMPARE(r.finishedAt, l.finishedAt);
    QCOMPARE(r.status, l.status);
    QCOMPARE(r.severity, l.severity);
    QCOMPARE(r.summary, l.summary);
    QCOMPARE(r.error, l.error);
}

void compare(const ScheduleListing& r, const ScheduleListing& l) {
    QCOMPARE(r.paused, l.paused);
    QCOMPARE(r.schedules.size(), l.schedules.size());
    for (qsizetype i = 0; i < l.schedules.size(); ++i) {
        compare(r.schedules.at(i).schedule, l.schedules.at(i).schedule);
        QCOMPARE(r.schedules.at(i).lastRun.has_value(), l.schedules.at(i).lastRun.has_value());
        if (l.schedules.at(i).lastRun)
            compare(*r.schedules.at(i).lastRun, *l.schedules.at(i).lastRun);
    }
}

Result<ScheduleListing> listed(RemoteSourcesFixture& f, SchedulesSource* source) {
    return f.await<ScheduleListing>([&](QObject* c, auto done) { source->list(c, done); });
}

Result<QList<ScheduleRunRecord>> historyOf(RemoteSourcesFixture& f, SchedulesSource* source,
                                           qint64 scheduleId, int limit) {
    return f.await<QList<ScheduleRunRecord>>(
        [&](QObject* c, auto done) { source->history(scheduleId, limit, c, done); });
}

QString messageOf(const auto& result) {
    return result ? QString() : result.error().message;
}

// The error's code; "<ok>" when there is none.
QString codeOf(const auto& result) {
    return result ? u"<ok>"_s : result.error().code;
}

}  // namespace

class TestRemoteSchedules : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listHistoryAndPausedEqualTheLocalOnes() {
        RemoteSourcesFixture f;
        SchedulesSource* local = f.local->sources().schedules;
        SchedulesSource* remote = f.remote->sources().schedules;
        const auto disks =
            f.scheduler->createSchedule(u"web disks"_s, u"check df"_s, u"0 6 * * *"_s, kBerlin);
        QVERIFY(disks);
        QVERIFY(f.scheduler->createSchedule(u"certs"_s, u"check TLS"_s, u"30 9 * * 1-5"_s,
                                            u"America/New_York"_s, true));
        // Two runs of "web disks": one finished with a severity, one still running.
        QVERIFY(f.scheduler->runNow(disks->id));
        f.scheduler->runFinished(f.runner.lastRun, RunStatus::Success,
                                 u"## /var is 91% full\n\nSeverity: warning"_s, false);
        QVERIFY(f.scheduler->runNow(disks->id));

        const Result<ScheduleListing> l = listed(f, local);
        const Result<ScheduleListing> r = listed(f, remote);
        QVERIFY2(l.ok(), qPrintable(messageOf(l)));
        QVERIFY2(r.ok(), qPrintable(messageOf(r)));
        QCOMPARE(l->schedules.size(), 2);
        QCOMPARE(statusName(l->schedules.at(1).lastRun->status), u"running"_s);
        QVERIFY(!l->schedules.at(0).lastRun);  // certs never ran
        compare(r.value(), l.value());

        const Result<QList<ScheduleRunRecord>> lh = historyOf(f, local, disks->id, 50);
        const Result<QList<ScheduleRunRecord>> rh = historyOf(f, remote, disks->id, 50);
        QVERIFY2(rh.ok(), qPrintable(messageOf(rh)));
        QCOMPARE(lh->size(), 2);
        QCOMPARE(rh->size(), lh->size());
        for (qsizetype i = 0; i < lh->size(); ++i)
            compare(rh->at(i), lh->at(i));
        QCOMPARE(lh->at(1).severity, u"warning"_s);
        const Result<QList<ScheduleRunRecord>> newest = historyOf(f, remote, disks->id, 1);
        QVERIFY(newest.ok());
        QCOMPARE(newest->size(), 1);
        compare(newest->at(0), lh->at(0));

        QVERIFY(f.scheduler->setPaused(true));
        const Result<ScheduleListing> paused = listed(f, remote);
        QVERIFY(paused.ok());
        QVERIFY(paused->paused);
        compare(paused.value(), listed(f, local).value());
    }

    void actionsThroughTheServerChangeItsStore() {
        RemoteSourcesFixture f;
        SchedulesSource* remote = f.remote->sources().schedules;
        ScheduleDraft draft{u"uptime"_s, u"uptime on web1"_s, u"*/15 * * * *"_s, kBerlin, true};
        const Result<ScheduleRecord> created =
            f.await<ScheduleRecord>([&](QObject* c, auto done) { remote->create(draft, c, done); });
        QVERIFY2(created.ok(), qPrintable(messageOf(created)));
        const Result<ScheduleRecord> stored = f.schedules->findSchedule(f.kOwner, u"uptime"_s);
        QVERIFY(stored.ok());
        compare(created.value(), stored.value());
        QVERIFY(stored->catchUp);
        QCOMPARE(stored->timeZone, kBerlin);

        SchedulePatch patch;
        patch.name = u"uptime web1"_s;
        patch.cron = u"0 7 * * *"_s;
        const Result<ScheduleRecord> updated = f.await<ScheduleRecord>(
            [&](QObject* c, auto done) { remote->update(created->id, patch, c, done); });
        QVERIFY2(updated.ok(), qPrintable(messageOf(updated)));
        compare(updated.value(), f.schedules->schedule(f.kOwner, created->id).value());
        QCOMPARE(updated->name, u"uptime web1"_s);
        QCOMPARE(updated->cron, u"0 7 * * *"_s);

        const Result<ScheduleRecord> off = f.await<ScheduleRecord>(
            [&](QObject* c, auto done) { remote->setEnabled(created->id, false, c, done); });
        QVERIFY(off.ok());
        QVERIFY(!f.schedules->schedule(f.kOwner, created->id)->enabled);

        const Result<Ok> ran =
            f.await<Ok>([&](QObject* c, auto done) { remote->runNow(created->id, c, done); });
        QVERIFY2(ran.ok(), qPrintable(messageOf(ran)));
        QCOMPARE(f.runner.tasks, QStringList{u"uptime on web1"_s});
        QCOMPARE(f.schedules->listScheduleRuns(f.kOwner, created->id, 5)->size(), 1);

        const Result<Ok> paused =
            f.await<Ok>([&](QObject* c, auto done) { remote->setPaused(true, c, done); });
        QVERIFY(paused.ok());
        QVERIFY(f.schedules->isPaused(f.kOwner).value());

        const Result<Ok> removed =
            f.await<Ok>([&](QObject* c, auto done) { remote->remove(created->id, c, done); });
        QVERIFY(removed.ok());
        QCOMPARE(codeOf(f.schedules->schedule(f.kOwner, created->id)), u"not_found"_s);
    }

    void aChangeOnTheServerReachesTheRemoteSource() {
        RemoteSourcesFixture f;
        QSignalSpy changed(f.remote->sources().schedules, &SchedulesSource::changed);
        const auto s = f.scheduler->createSchedule(u"a"_s, u"t"_s, u"@daily"_s, kBerlin);
        QVERIFY(s);
        QVERIFY(changed.wait(RemoteSourcesFixture::kWaitMs));  // schedules_changed
        changed.clear();
        QVERIFY(f.scheduler->runNow(s->id));
        QVERIFY(changed.wait(RemoteSourcesFixture::kWaitMs));  // schedule_run_started
        changed.clear();
        f.scheduler->runFinished(f.runner.lastRun, RunStatus::Success, u"fine"_s, false);
        QVERIFY(changed.wait(RemoteSourcesFixture::kWaitMs));  // inbox_delivered
        // What it reads then shows the outcome.
        const Result<ScheduleListing> r = listed(f, f.remote->sources().schedules);
        QVERIFY(r.ok());
        QCOMPARE(statusName(r->schedules.at(0).lastRun->status), u"success"_s);
    }

    void theRunnersErrorsKeepTheirCodesAndMessages() {
        RemoteSourcesFixture f;
        SchedulesSource* local = f.local->sources().schedules;
        SchedulesSource* remote = f.remote->sources().schedules;
        QVERIFY(f.scheduler->createSchedule(u"taken"_s, u"t"_s, u"@daily"_s, kBerlin));
        const auto createBoth = [&](const ScheduleDraft& d, const QString& code) {
            const Result<ScheduleRecord> l =
                f.await<ScheduleRecord>([&](QObject* c, auto done) { local->create(d, c, done); });
            const Result<ScheduleRecord> r =
                f.await<ScheduleRecord>([&](QObject* c, auto done) { remote->create(d, c, done); });
            QVERIFY(!l.ok());
            QVERIFY(!r.ok());
            QCOMPARE(l.error().code, code);
            QCOMPARE(r.error().code, code);
            QCOMPARE(r.error().message, l.error().message);
        };
        createBoth({u"x"_s, u"t"_s, u"0 25 * * *"_s, kBerlin, false}, u"invalid_cron"_s);
        createBoth({u"x"_s, u"t"_s, u"@daily"_s, u"Mars/Olympus"_s, false}, u"invalid_time_zone"_s);
        createBoth({u"taken"_s, u"t"_s, u"@daily"_s, kBerlin, false}, u"conflict"_s);
        createBoth({u" "_s, u"t"_s, u"@daily"_s, kBerlin, false}, u"invalid_argument"_s);

        SchedulePatch patch;
        patch.task = u"other"_s;
        const Result<ScheduleRecord> updated = f.await<ScheduleRecord>(
            [&](QObject* c, auto done) { remote->update(999, patch, c, done); });
        QCOMPARE(codeOf(updated), u"not_found"_s);
        QCOMPARE(codeOf(f.await<Ok>([&](QObject* c, auto done) { remote->remove(999, c, done); })),
                 u"not_found"_s);
        QCOMPARE(codeOf(f.await<Ok>([&](QObject* c, auto done) { remote->runNow(999, c, done); })),
                 u"not_found"_s);
        QCOMPARE(codeOf(historyOf(f, remote, 999, 10)), u"not_found"_s);
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        const auto refused = [&](const QString& op, const QJsonObject& args, const QString& named) {
            const Result<QJsonObject> r = f.command(op, args);
            QVERIFY2(!r.ok(), qPrintable(op));
            QCOMPARE(r.error().code, u"bad_request"_s);
            QVERIFY2(r.error().message.contains(named), qPrintable(r.error().message));
        };
        refused(u"schedule_history"_s, {}, u"schedule_id"_s);
        refused(u"schedule_history"_s, {{u"schedule_id"_s, u"1"_s}}, u"schedule_id"_s);
        refused(u"schedule_history"_s, {{u"schedule_id"_s, 1}, {u"limit"_s, 0}}, u"limit"_s);
        refused(u"schedule_history"_s, {{u"schedule_id"_s, 1}, {u"limit"_s, 201}}, u"limit"_s);
        refused(u"schedule_create"_s, {{u"task"_s, u"t"_s}, {u"cron"_s, u"@daily"_s}}, u"name"_s);
        refused(u"schedule_create"_s,
                {{u"name"_s, 5}, {u"task"_s, u"t"_s}, {u"cron"_s, u"@daily"_s}}, u"name"_s);
        refused(u"schedule_create"_s,
                {{u"name"_s, u"n"_s},
                 {u"task"_s, u"t"_s},
                 {u"cron"_s, u"@daily"_s},
                 {u"catch_up"_s, u"yes"_s}},
                u"catch_up"_s);
        refused(u"schedule_update"_s, {{u"schedule_id"_s, 1}}, u"enabled"_s);
        refused(u"schedule_update"_s, {{u"schedule_id"_s, 1}, {u"time_zone"_s, u""_s}},
                u"time_zone"_s);
        refused(u"schedule_delete"_s, {{u"schedule_id"_s, 0}}, u"schedule_id"_s);
        refused(u"schedule_run_now"_s, {}, u"schedule_id"_s);
        refused(u"schedules_pause"_s, {}, u"paused"_s);
        refused(u"schedules_pause"_s, {{u"paused"_s, u"true"_s}}, u"paused"_s);
    }
};

QTEST_GUILESS_MAIN(TestRemoteSchedules)
#include "test_remote_schedules.moc"
