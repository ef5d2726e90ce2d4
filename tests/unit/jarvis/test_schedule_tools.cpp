// The supervisor's schedule tools (schedule_task, list_schedules, update_schedule,
// delete_schedule) called directly on a real ScheduleService over a temporary SQLite database
// and a manual clock, and a conversation through the real backend in which "make that check
// weekly instead of daily" changes the stored schedule.
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/json_util.h"
#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/schedule_tools.h"
#include "jarvis/supervisor_tools.h"
#include "runtime/backend.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "scripted_llm.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "temp_env.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace zerg;
using namespace zerg::test;

namespace {

constexpr qint64 kOwner = 1;

QDateTime utc(int y, int mo, int d, int h, int mi) {
    return QDateTime(QDate(y, mo, d), QTime(h, mi), Qt::UTC);
}

struct Fixture : zerg::test::ScheduleFixture {
    // 2026-03-27 04:00 UTC is 05:00 in Berlin (CET; summer time starts on the 29th).
    Fixture() : ScheduleFixture(utc(2026, 3, 27, 4, 0)) {
        addScheduleTools(&tools, {service.get(), store.get(), kOwner});
    }

    ToolResult call(const QString& name, const QJsonObject& args) {
        Tool* tool = tools.find(name);
        if (!tool)
            return ToolResult::failure(QStringLiteral("no tool ") + name);
        std::unique_ptr<ToolInvocation> inv(tool->start(args, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        if (!inv->isFinished())
            spy.wait();
        return inv->result();
    }
    ToolResult createMorningCheck() {
        return call(QStringLiteral("schedule_task"),
                    {{"name", "morning disk check"},
                     {"task", "Check disk usage on cube; warn above 85%."},
                     {"cron", "0 6 * * *"},
                     {"time_zone", "Europe/Berlin"}});
    }

    ToolRegistry tools;
};

QString code(const ToolResult& r) {
    return r.payload.value(QStringLiteral("error_code")).toString();
}

QString allText(const ChatRequest& r) {
    QString out;
    for (const ChatMessage& m : r.messages)
        out += m.content + QLatin1Char('\n');
    return out;
}

QStringList toolNames(const ChatRequest& r) {
    QStringList out;
    for (const ToolSpec& t : r.tools)
        out.append(t.name);
    return out;
}

// The tool results the model was sent in this request, parsed.
QList<QJsonObject> toolResults(const ChatRequest& r) {
    QList<QJsonObject> out;
    for (const ChatMessage& m : r.messages) {
        if (m.role == ChatMessage::Role::Tool)
            out.append(QJsonDocument::fromJson(m.content.toUtf8()).object());
    }
    return out;
}

ToolCall toolCall(const QString& id, const QString& name, const QJsonObject& args) {
    return {id, name, json::compactString(args)};
}

}  // namespace

class TestScheduleTools : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scheduleTaskCreatesAndShowsTheNextRuns() {
        Fixture f;
        const ToolResult r = f.createMorningCheck();
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QJsonObject s = r.payload.value("schedule").toObject();
        QCOMPARE(s.value("name").toString(), QStringLiteral("morning disk check"));
        QCOMPARE(s.value("cron").toString(), QStringLiteral("0 6 * * *"));
        QCOMPARE(s.value("description").toString(), QStringLiteral("every day at 06:00"));
        QCOMPARE(s.value("time_zone").toString(), QStringLiteral("Europe/Berlin"));
        QCOMPARE(s.value("enabled").toBool(), true);
        // 06:00 in Berlin, in winter time and then (the 29th) in summer time.
        const QJsonArray next = r.payload.value("next_runs").toArray();
        QCOMPARE(next.size(), 3);
        QCOMPARE(next.at(0)["utc"].toString(), QStringLiteral("2026-03-27T05:00:00Z"));
        QCOMPARE(next.at(0)["local"].toString(), QStringLiteral("2026-03-27T06:00:00+01:00"));
        QCOMPARE(next.at(0)["weekday"].toString(), QStringLiteral("Friday"));
        QCOMPARE(next.at(2)["utc"].toString(), QStringLiteral("2026-03-29T04:00:00Z"));
        QCOMPARE(next.at(2)["local"].toString(), QStringLiteral("2026-03-29T06:00:00+02:00"));

        const auto stored = f.store->findSchedule(kOwner, QStringLiteral("morning disk check"));
        QVERIFY(stored);
        QCOMPARE(stored->id, qint64(s.value("id").toInteger()));
        QCOMPARE(stored->task, QStringLiteral("Check disk usage on cube; warn above 85%."));
        QCOMPARE(stored->nextRunAt, utc(2026, 3, 27, 5, 0));

        // Without a zone the schedule runs in the system's.
        const ToolResult local = f.call(QStringLiteral("schedule_task"),
                                        {{"name", "hourly"}, {"task", "t"}, {"cron", "@hourly"}});
        QVERIFY2(local.ok(), qPrintable(local.error()));
        QCOMPARE(local.payload.value("schedule")["time_zone"].toString(),
                 QString::fromUtf8(QTimeZone::systemTimeZoneId()));
    }

    // A schedule's own approval mode (issue 22): default (Settings'), read_only or ask; a model
    // can never make a schedule change systems unattended.
    void aScheduleGetsItsApprovalModeButNeverAutonomousFromTheModel() {
        Fixture f;
        QVERIFY(f.createMorningCheck().ok());
        auto stored = f.store->findSchedule(kOwner, QStringLiteral("morning disk check"));
        QVERIFY(stored && !stored->approvalMode);  // default

        const ToolResult asked =
            f.call(QStringLiteral("schedule_task"), {{"name", "restart check"},
                                                     {"task", "restart nginx on cube if down"},
                                                     {"cron", "0 7 * * *"},
                                                     {"approval_mode", "ask"}});
        QVERIFY2(asked.ok(), qPrintable(asked.error()));
        QCOMPARE(asked.payload.value("schedule")["approval_mode"].toString(),
                 QStringLiteral("ask"));
        stored = f.store->findSchedule(kOwner, QStringLiteral("restart check"));
        QVERIFY(stored && stored->approvalMode == ApprovalMode::Ask);

        const ToolResult unattended =
            f.call(QStringLiteral("schedule_task"), {{"name", "wild"},
                                                     {"task", "t"},
                                                     {"cron", "0 8 * * *"},
                                                     {"approval_mode", "autonomous"}});
        QCOMPARE(code(unattended), QStringLiteral("invalid_arguments"));
        QVERIFY(unattended.error().contains(QStringLiteral("approval_mode")));
        QVERIFY(!f.store->findSchedule(kOwner, QStringLiteral("wild")));

        const ToolResult back = f.call(QStringLiteral("update_schedule"),
                                       {{"name", "restart check"}, {"approval_mode", "default"}});
        QVERIFY2(back.ok(), qPrintable(back.error()));
        QCOMPARE(back.payload.value("changed")["approval_mode"]["before"].toString(),
                 QStringLiteral("ask"));
        QCOMPARE(back.payload.value("changed")["approval_mode"]["after"].toString(),
                 QStringLiteral("default"));
        stored = f.store->findSchedule(kOwner, QStringLiteral("restart check"));
        QVERIFY(stored && !stored->approvalMode);
        const ToolResult wild =
            f.call(QStringLiteral("update_schedule"),
                   {{"name", "restart check"}, {"approval_mode", "autonomous"}});
        QCOMPARE(code(wild), QStringLiteral("invalid_arguments"));
        QVERIFY(!f.store->findSchedule(kOwner, QStringLiteral("restart check"))->approvalMode);
    }

    void badArgumentsComeBackAsErrorsTheModelCanFix() {
        Fixture f;
        const ToolResult cron = f.call(QStringLiteral("schedule_task"),
                                       {{"name", "x"}, {"task", "t"}, {"cron", "0 25 * * *"}});
        QVERIFY(!cron.ok());
        QCOMPARE(code(cron), QStringLiteral("invalid_cron"));
        QVERIFY2(cron.error().contains(QStringLiteral("Example")), qPrintable(cron.error()));
        const ToolResult zone = f.call(
            QStringLiteral("schedule_task"),
            {{"name", "x"}, {"task", "t"}, {"cron", "0 6 * * *"}, {"time_zone", "Mars/Olympus"}});
        QCOMPARE(code(zone), QStringLiteral("invalid_time_zone"));
        QVERIFY(zone.error().contains(QStringLiteral("Europe/Berlin")));
        const ToolResult missing =
            f.call(QStringLiteral("schedule_task"), {{"name", "x"}, {"cron", "0 6 * * *"}});
        QCOMPARE(code(missing), QStringLiteral("invalid_arguments"));
        QVERIFY(missing.error().contains(QStringLiteral("'task'")));
        QCOMPARE(f.store->listSchedules(kOwner)->size(), 0);

        QVERIFY(f.createMorningCheck().ok());
        const ToolResult dup = f.createMorningCheck();
        QCOMPARE(code(dup), QStringLiteral("conflict"));
        QVERIFY(dup.error().contains(QStringLiteral("update the existing schedule")));
        QCOMPARE(f.store->listSchedules(kOwner)->size(), 1);
    }

    void listShowsNextAndLastRuns() {
        Fixture f;
        QVERIFY(f.createMorningCheck().ok());
        QVERIFY(
            f.call(QStringLiteral("schedule_task"), {{"name", "backups"},
                                                     {"task", "Check last night's backup on nas"},
                                                     {"cron", "30 7 * * 1-5"},
                                                     {"time_zone", "UTC"}})
                .ok());
        // The morning check runs at 06:00 Berlin and reports a warning.
        f.clock.advance(3600 * 1000);
        QVERIFY(f.runner.lastRun != 0);
        f.service->runFinished(f.runner.lastRun, RunStatus::Success,
                               QStringLiteral("/var is at 91%.\n\nSeverity: warning"), false);

        const ToolResult r = f.call(QStringLiteral("list_schedules"), {});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("paused").toBool(), false);
        const QJsonArray rows = r.payload.value("schedules").toArray();
        QCOMPARE(rows.size(), 2);
        const QJsonObject backups = rows.at(0).toObject();  // by name
        QCOMPARE(backups["name"].toString(), QStringLiteral("backups"));
        QCOMPARE(backups["description"].toString(), QStringLiteral("at 07:30 on Monday to Friday"));
        QCOMPARE(backups["next_run"]["utc"].toString(), QStringLiteral("2026-03-27T07:30:00Z"));
        QVERIFY(backups["last_run"].isNull());
        const QJsonObject morning = rows.at(1).toObject();
        QCOMPARE(morning["task"].toString(),
                 QStringLiteral("Check disk usage on cube; warn above 85%."));
        QCOMPARE(morning["next_run"]["local"].toString(),
                 QStringLiteral("2026-03-28T06:00:00+01:00"));
        QCOMPARE(morning["last_run"]["status"].toString(), QStringLiteral("success"));
        QCOMPARE(morning["last_run"]["severity"].toString(), QStringLiteral("warning"));
        QCOMPARE(morning["last_run"]["summary"].toString(), QStringLiteral("/var is at 91%."));
        QCOMPARE(morning["last_run"]["started_at"].toString(),
                 QStringLiteral("2026-03-27T05:00:00Z"));

        // A disabled schedule has no next run, and "pause all" is said.
        QVERIFY(f.call(QStringLiteral("update_schedule"), {{"name", "backups"}, {"enabled", false}})
                    .ok());
        QVERIFY(f.service->setPaused(true));
        const ToolResult paused = f.call(QStringLiteral("list_schedules"), {});
        QVERIFY(paused.payload.value("schedules")[0]["next_run"].isNull());
        QCOMPARE(paused.payload.value("schedules")[0]["enabled"].toBool(), false);
        QCOMPARE(paused.payload.value("paused").toBool(), true);
        QVERIFY(paused.payload.value("note").toString().contains(QStringLiteral("paused")));
    }

    void updateByNameChangesTheCronAndShowsBeforeAndAfter() {
        Fixture f;
        QVERIFY(f.createMorningCheck().ok());
        const ToolResult r = f.call(QStringLiteral("update_schedule"),
                                    {{"name", "morning disk check"}, {"cron", "0 6 * * 1"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QJsonObject changed = r.payload.value("changed").toObject();
        QCOMPARE(changed.keys(), (QStringList{"cron", "description"}));
        QCOMPARE(changed["cron"]["before"].toString(), QStringLiteral("0 6 * * *"));
        QCOMPARE(changed["cron"]["after"].toString(), QStringLiteral("0 6 * * 1"));
        QCOMPARE(changed["description"]["after"].toString(), QStringLiteral("at 06:00 on Monday"));
        // Friday the 27th: the next Monday is the 30th, 06:00 summer time.
        const QJsonArray next = r.payload.value("next_runs").toArray();
        QCOMPARE(next.size(), 3);
        QCOMPARE(next.at(0)["utc"].toString(), QStringLiteral("2026-03-30T04:00:00Z"));
        QCOMPARE(next.at(0)["weekday"].toString(), QStringLiteral("Monday"));
        QCOMPARE(next.at(1)["utc"].toString(), QStringLiteral("2026-04-06T04:00:00Z"));
        const auto stored = f.store->findSchedule(kOwner, QStringLiteral("morning disk check"));
        QCOMPARE(stored->cron, QStringLiteral("0 6 * * 1"));
        QCOMPARE(stored->nextRunAt, utc(2026, 3, 30, 4, 0));

        // A bad cron leaves the schedule as it was.
        const ToolResult bad = f.call(QStringLiteral("update_schedule"),
                                      {{"name", "morning disk check"}, {"cron", "every monday"}});
        QCOMPARE(code(bad), QStringLiteral("invalid_cron"));
        QCOMPARE(f.store->schedule(kOwner, stored->id)->cron, QStringLiteral("0 6 * * 1"));
        // Nothing to change is an error that says what can change.
        const ToolResult nothing =
            f.call(QStringLiteral("update_schedule"), {{"name", "morning disk check"}});
        QCOMPARE(code(nothing), QStringLiteral("invalid_arguments"));
        QVERIFY(nothing.error().contains(QStringLiteral("cron")));
    }

    void updateByIdRenamesAndDisables() {
        Fixture f;
        const qint64 id = f.createMorningCheck().payload.value("schedule")["id"].toInteger();
        const ToolResult r =
            f.call(QStringLiteral("update_schedule"),
                   {{"id", id}, {"new_name", "disk check"}, {"enabled", false}, {"task", "x"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QJsonObject changed = r.payload.value("changed").toObject();
        QCOMPARE(changed.keys(), (QStringList{"enabled", "name", "task"}));
        QCOMPARE(changed["name"]["before"].toString(), QStringLiteral("morning disk check"));
        QCOMPARE(changed["name"]["after"].toString(), QStringLiteral("disk check"));
        QCOMPARE(r.payload.value("next_runs").toArray().size(), 0);  // disabled
        const auto stored = f.store->schedule(kOwner, id);
        QCOMPARE(stored->name, QStringLiteral("disk check"));
        QCOMPARE(stored->enabled, false);
        QVERIFY(!stored->nextRunAt.isValid());
        // The id as text (models write both) re-enables it.
        QVERIFY(f.call(QStringLiteral("update_schedule"),
                       {{"id", QString::number(id)}, {"enabled", "true"}})
                    .ok());
        QCOMPARE(f.store->schedule(kOwner, id)->nextRunAt, utc(2026, 3, 27, 5, 0));
        // An id and a name that disagree are refused rather than guessed.
        const ToolResult both = f.call(QStringLiteral("update_schedule"),
                                       {{"id", id}, {"name", "morning disk check"}, {"task", "y"}});
        QCOMPARE(code(both), QStringLiteral("invalid_arguments"));
        QVERIFY(both.error().contains(QStringLiteral("named 'disk check'")));
        QCOMPARE(f.store->schedule(kOwner, id)->task, QStringLiteral("x"));
    }

    void anUnknownScheduleErrorListsTheNames() {
        Fixture f;
        const ToolResult none = f.call(QStringLiteral("delete_schedule"), {{"name", "morning"}});
        QCOMPARE(code(none), QStringLiteral("not_found"));
        QVERIFY2(none.error().contains(QStringLiteral("schedule_task creates one")),
                 qPrintable(none.error()));

        const qint64 id = f.createMorningCheck().payload.value("schedule")["id"].toInteger();
        QVERIFY(f.call(QStringLiteral("schedule_task"),
                       {{"name", "backups"}, {"task", "t"}, {"cron", "@daily"}})
                    .ok());
        const ToolResult r = f.call(QStringLiteral("update_schedule"),
                                    {{"name", "morning check"}, {"cron", "0 6 * * 1"}});
        QVERIFY(!r.ok());
        QCOMPARE(code(r), QStringLiteral("not_found"));
        QVERIFY2(r.error().contains(QStringLiteral("No schedule is named 'morning check'")),
                 qPrintable(r.error()));
        QVERIFY(r.error().contains(QStringLiteral("'morning disk check' (id %1)").arg(id)));
        QVERIFY(r.error().contains(QStringLiteral("'backups'")));
        QCOMPARE(r.payload.value("schedules").toArray().size(), 2);
        QCOMPARE(f.store->schedule(kOwner, id)->cron, QStringLiteral("0 6 * * *"));

        const ToolResult byId = f.call(QStringLiteral("delete_schedule"), {{"id", 999}});
        QCOMPARE(code(byId), QStringLiteral("not_found"));
        QVERIFY(byId.error().contains(QStringLiteral("'morning disk check'")));
        const ToolResult neither = f.call(QStringLiteral("delete_schedule"), {});
        QCOMPARE(code(neither), QStringLiteral("invalid_arguments"));
    }

    void deleteRemovesTheSchedule() {
        Fixture f;
        QVERIFY(f.createMorningCheck().ok());
        const ToolResult r =
            f.call(QStringLiteral("delete_schedule"), {{"name", "morning disk check"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("deleted")["name"].toString(),
                 QStringLiteral("morning disk check"));
        QCOMPARE(f.store->listSchedules(kOwner)->size(), 0);
        // It no longer fires.
        f.clock.advance(24 * 3600 * 1000);
        QCOMPARE(f.runner.lastRun, 0);
        QCOMPARE(code(f.call(QStringLiteral("delete_schedule"), {{"name", "morning disk check"}})),
                 QStringLiteral("not_found"));
    }

    void theDescriptionsTeachCronAndTheToolsNeedAScheduler() {
        Fixture f;
        const QString create = f.tools.find(QStringLiteral("schedule_task"))->spec().description;
        QVERIFY(create.contains(QStringLiteral("'0 6 * * 1'")));
        QVERIFY(create.contains(QStringLiteral("'*/30 * * * *'")));
        const QString update = f.tools.find(QStringLiteral("update_schedule"))->spec().description;
        QVERIFY(update.contains(QStringLiteral("weekly instead of daily")));
        QVERIFY(update.contains(QStringLiteral("5 fields")));

        SupervisorContext ctx;
        ctx.store = f.runStore.get();
        ctx.clock = &f.clock;
        ctx.ownerId = kOwner;
        QVERIFY(!makeSupervisorTools(ctx)->find(QStringLiteral("schedule_task")));
        ctx.scheduler = f.service.get();
        ctx.schedules = f.store.get();
        const auto tools = makeSupervisorTools(ctx);
        for (const char* name :
             {"schedule_task", "list_schedules", "update_schedule", "delete_schedule"}) {
            QVERIFY2(tools->find(QString::fromLatin1(name)), name);
        }
    }

    // Through the real backend: the supervisor gets the tools, the second request sees the first
    // exchange, and the stored schedule changes. The model is a script, so this proves the tools
    // and the wiring (the calls reach the runner, the thread carries the schedule's name to the
    // next request), not that a real model would choose these calls.
    void makeThatCheckWeeklyInsteadOfDaily() {
        QTemporaryDir dir;
        // Saturday 2026-11-21, 05:00 UTC (06:00 in Berlin).
        ManualClock clock(utc(2026, 11, 21, 5, 0));
        ScriptedLlm llm;
        Settings settings = backendSettings(dir);
        settings.runTimeoutSeconds = 0;
        auto backend = Backend::create(settings, &clock, &llm);
        QVERIFY(backend);
        Backend& b = *backend.value();
        b.startBackgroundServices();
        QSignalSpy finished(b.jarvis(), &JarvisService::runFinished);

        llm.pushToolCalls({toolCall(QStringLiteral("c1"), QStringLiteral("schedule_task"),
                                    {{"name", "morning disk check"},
                                     {"task", "Check disk usage on all hosts."},
                                     {"cron", "0 6 * * *"},
                                     {"time_zone", "Europe/Berlin"}})});
        llm.pushText(QStringLiteral("Scheduled 'morning disk check' every day at 06:00."));
        QVERIFY(b.jarvis()->ask(QStringLiteral("check the disks every morning at 6")));
        QVERIFY(finished.wait());
        QVERIFY(finished.at(0).at(1).toBool());
        QCOMPARE(llm.requests().size(), 2);
        QVERIFY(toolNames(llm.requests().at(0)).contains(QStringLiteral("update_schedule")));
        QCOMPARE(toolResults(llm.requests().at(1)).size(), 1);
        QVERIFY(toolResults(llm.requests().at(1)).at(0).value("ok").toBool());
        const auto daily = b.schedules()->findSchedule(1, QStringLiteral("morning disk check"));
        QVERIFY(daily);
        QCOMPARE(daily->cron, QStringLiteral("0 6 * * *"));
        QCOMPARE(daily->nextRunAt, utc(2026, 11, 22, 5, 0));  // Sunday 06:00 Berlin

        llm.pushToolCalls({toolCall(QStringLiteral("c2"), QStringLiteral("update_schedule"),
                                    {{"name", "morning disk check"}, {"cron", "0 6 * * 1"}})});
        llm.pushText(QStringLiteral("Done: it now runs on Mondays at 06:00."));
        QVERIFY(b.jarvis()->ask(QStringLiteral("make that check weekly instead of daily")));
        QVERIFY(finished.wait());
        QVERIFY(finished.at(1).at(1).toBool());
        QCOMPARE(llm.requests().size(), 4);
        // The model's input for the second request held the first exchange.
        const QString second = allText(llm.requests().at(2));
        QVERIFY(second.contains(QStringLiteral("check the disks every morning at 6")));
        QVERIFY(second.contains(QStringLiteral("Scheduled 'morning disk check' every day")));
        QVERIFY(second.contains(QStringLiteral("make that check weekly instead of daily")));
        const QList<QJsonObject> results = toolResults(llm.requests().at(3));
        QVERIFY(results.last().value("ok").toBool());
        QCOMPARE(results.last()["changed"]["cron"]["after"].toString(),
                 QStringLiteral("0 6 * * 1"));

        const auto weekly = b.schedules()->findSchedule(1, QStringLiteral("morning disk check"));
        QVERIFY(weekly);
        QCOMPARE(weekly->id, daily->id);
        QCOMPARE(weekly->cron, QStringLiteral("0 6 * * 1"));
        QCOMPARE(weekly->nextRunAt, utc(2026, 11, 23, 5, 0));  // Monday 06:00 Berlin
        QCOMPARE(weekly->nextRunAt.toTimeZone(QTimeZone("Europe/Berlin")).date().dayOfWeek(), 1);
        QCOMPARE(b.schedules()->listSchedules(1)->size(), 1);

        // A scheduled check itself gets no schedule tools: it cannot reschedule itself.
        llm.pushText(QStringLiteral("Disks are fine.\n\nSeverity: info"));
        QVERIFY(b.scheduler()->runNow(weekly->id));
        QVERIFY(finished.wait());
        QCOMPARE(llm.requests().size(), 5);
        QVERIFY(toolNames(llm.requests().at(4)).contains(QStringLiteral("spawn_worker")));
        QVERIFY(!toolNames(llm.requests().at(4)).contains(QStringLiteral("schedule_task")));
    }
};

QTEST_GUILESS_MAIN(TestScheduleTools)
#include "test_schedule_tools.moc"
