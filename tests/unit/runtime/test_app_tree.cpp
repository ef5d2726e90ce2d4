// The application's supervision tree: services start in order and stop in reverse, the tree is
// there for the dashboard, a stop cancels running workers and runs, the runs' supervisor giving up
// crashes the supervisor_agent service, the health monitor ends an attempt that makes no
// progress, the schedulers are supervised per owner, and a service of a room above runtime (the
// API server) joins, restarts and stops with it.
#include "jarvis_fixture.h"
#include "runtime/app_tree.h"
#include "runtime/health_monitor.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/schedule_store.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

QStringList childEvents(const QList<Event>& events, const QString& name) {
    QStringList out;
    for (const Event& e : events) {
        if (e.name == name)
            out.append(e.data.value("supervisor").toString() + QLatin1Char('/') +
                       e.data.value("child_id").toString());
    }
    return out;
}

QStringList childIds(const QJsonObject& supervisor) {
    QStringList ids;
    for (const QJsonValue& c : supervisor.value("children").toArray())
        ids.append(c.toObject().value("id").toString());
    return ids;
}

// The running child `id` of a supervisor, as the class the test knows it by.
template <typename T>
T* runningChild(supervision::Supervisor* sup, const QString& id) {
    for (const supervision::ChildInfo& c : sup->whichChildren()) {
        if (c.id == id)
            return qobject_cast<T*>(c.child.data());
    }
    return nullptr;
}

}  // namespace

class TestAppTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void startsInOrderStopsInReverseAndShowsTheTree() {
        Fixture f;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        HealthMonitor health(f.pool.get(), &f.clock);
        AppTree tree({&f.bus, &f.clock, f.pool.get(), f.runs.get(), nullptr, &health});
        QVERIFY(tree.start());
        QCOMPARE(childEvents(events, QStringLiteral("child_started")),
                 (QStringList{"zerg/storage", "zerg/workers", "zerg/supervisor_agent",
                              "monitors/health", "monitors/budget", "zerg/monitors"}));
        const QJsonObject snap = tree.snapshot();
        QStringList ids;
        for (const QJsonValue& c : snap.value("children").toArray())
            ids.append(c.toObject().value("id").toString());
        QCOMPARE(ids.size(), 4);
        for (const QJsonValue& c : snap.value("children").toArray()) {
            const QJsonObject o = c.toObject();
            if (o.value("id").toString() == QLatin1String("workers")) {
                QCOMPARE(o.value("child").toObject().value("strategy").toString(),
                         QStringLiteral("simple_one_for_one"));
            }
            if (o.value("id").toString() == QLatin1String("monitors"))
                QCOMPARE(o.value("child").toObject().value("children").toArray().size(), 2);
            if (o.value("id").toString() == QLatin1String("supervisor_agent")) {
                const QJsonObject runs = o.value("child").toObject();
                QCOMPARE(runs.value("id").toString(), QStringLiteral("supervisor_agent"));
                QCOMPARE(runs.value("strategy").toString(), QStringLiteral("simple_one_for_one"));
                QCOMPARE(runs.value("children").toArray().size(), 0);
            }
        }

        // A running worker is cancelled when the tree stops, after the monitors and the agent.
        f.llm.pushToolCalls({spawn(QStringLiteral("s"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w"), QStringLiteral("ssh_exec"), "{}"}});
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(f.tool->running, 1);
        // The run is a child of the supervisor_agent service's own supervisor.
        QJsonObject agent;
        for (const QJsonValue& c : tree.snapshot().value("children").toArray()) {
            if (c.toObject().value("id").toString() == QLatin1String("supervisor_agent"))
                agent = c.toObject().value("child").toObject();
        }
        const QJsonArray runs = agent.value("children").toArray();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().toObject().value("id").toString(), QStringLiteral("run#1"));
        QCOMPARE(runs.first().toObject().value("state").toString(), QStringLiteral("running"));
        events.clear();
        tree.stop();
        QVERIFY(!tree.isRunning());
        QCOMPARE(f.tool->cancelled, 1);
        QVERIFY(!f.jarvis->isBusy());
        QCOMPARE(childEvents(events, QStringLiteral("child_exited")),
                 (QStringList{"monitors/budget", "monitors/health", "zerg/monitors",
                              // the agent's stop cancels its run, whose worker ends first
                              "workers/worker#1", "supervisor_agent/run#1", "zerg/supervisor_agent",
                              "zerg/workers", "zerg/storage"}));
    }

    // More than 5 restarts of runs in 60 s: the runs' supervisor gives up, the run it held is
    // answered with the apology, the supervisor_agent service crashes and is restarted, and a
    // fresh supervisor runs the next request.
    void theRunSupervisorGivingUpCrashesTheAgentService() {
        Fixture f;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        AppTree tree({&f.bus, &f.clock, f.pool.get(), f.runs.get(), nullptr, nullptr});
        tree.root()->setRandomSource([] { return 0.0; });
        QVERIFY(tree.start());
        supervision::Supervisor* first = f.runs->supervisor();
        const auto retries = [&events] {
            int n = 0;
            for (const Event& e : events) {
                n += e.name == QLatin1String("supervisor_thinking") &&
                     e.data.value("retrying").toBool();
            }
            return n;
        };
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        // Two runs that fail three times each: 4 restarts; the third run's second failure is
        // the 6th restart in the window.
        for (int i = 0; i < 8; ++i)
            f.llm.push({{}, {}, QStringLiteral("overloaded"), false});
        for (int run = 0; run < 2; ++run) {
            QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
            QTRY_COMPARE(retries(), 2 * run + 1);
            f.clock.advance(2000);
            QTRY_COMPARE(retries(), 2 * run + 2);
            f.clock.advance(4000);
            QTRY_COMPARE(done.count(), run + 1);
        }
        QCOMPARE(childEvents(events, QStringLiteral("supervisor_escalated")).size(), 0);
        const auto third = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QVERIFY(third);
        QTRY_COMPARE(retries(), 5);
        f.clock.advance(2000);
        QTRY_COMPARE(done.count(), 3);

        QCOMPARE(childEvents(events, QStringLiteral("supervisor_escalated")),
                 (QStringList{"supervisor_agent/run#3"}));
        QVERIFY(!done.last().at(1).toBool());
        const RunRecord r = f.store->run(third.value()).value();
        QCOMPARE(r.fallback, QStringLiteral("apology"));
        QCOMPARE(r.errorCode, QStringLiteral("supervisor_gave_up"));
        QCOMPARE(r.attempts, 2);
        QVERIFY(done.last().at(2).toString().startsWith(QStringLiteral("Sorry")));
        // The service stands for the supervisor that gave up: it crashed and is restarted.
        bool crashed = false;
        for (const Event& e : events) {
            crashed = crashed ||
                      (e.name == QLatin1String("child_exited") &&
                       e.data.value("child_id").toString() == QLatin1String("supervisor_agent") &&
                       e.data.value("reason").toString().startsWith("crash:"));
        }
        QVERIFY(crashed);
        f.clock.advance(1000);  // the service's backoff
        QTRY_VERIFY(childEvents(events, QStringLiteral("child_restarted"))
                        .contains(QStringLiteral("zerg/supervisor_agent")));
        QVERIFY(tree.isRunning());

        // A fresh supervisor takes the next request.
        QTRY_VERIFY(f.runs->supervisor() != first);
        QVERIFY(f.runs->supervisor()->isRunning());
        f.llm.pushText(QStringLiteral("All fine."));
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(done.count(), 4);
        QVERIFY(done.last().at(1).toBool());
        QCOMPARE(childEvents(events, QStringLiteral("child_exited")).last(),
                 QStringLiteral("supervisor_agent/run#1"));
    }

    // A worker silent for longer than the limit has its attempt ended (no_progress): its
    // supervisor restarts it once, resuming from its thread.
    void healthMonitorEndsASilentAttempt() {
        Fixture f;
        f.pool->setRandomSource([] { return 0.0; });
        HealthMonitor health(f.pool.get(), &f.clock, 60, 10);
        QSignalSpy stalled(&health, &HealthMonitor::stalled);
        health.start();
        const qint64 job = f.store
                               ->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                           QStringLiteral("wrk"), f.clock.utcNow())
                               .value();
        f.llm.push({{}, {}, {}, true});  // the model never answers
        f.llm.pushText(QStringLiteral("done after the restart"));
        QPointer<Worker> w =
            f.pool->submit({1, 0, job, QStringLiteral("Disk on cube"), QStringLiteral("wrk")});
        f.clock.advance(60'000);
        QCOMPARE(stalled.count(), 0);  // exactly at the limit: not yet
        f.clock.advance(10'000);       // the next check, 70 s of silence
        QCOMPARE(stalled.count(), 1);
        QVERIFY(w->status() == WorkerStatus::Restarting);
        f.clock.advance(1000);  // the backoff
        QTRY_COMPARE(statusName(f.store->job(job)->status), QStringLiteral("success"));
        QCOMPARE(w->attempts(), 2);
        QVERIFY(f.llm.requests().last().messages.last().content.contains(
            QStringLiteral("no progress for 70 s")));
    }

    // In the data folder's owner the schedulers are children of `schedules`, one per owner (an
    // owner added later joins), after the supervisor agent. A crashed scheduler is restarted: its
    // check in flight is not taken for an interrupted one, and it fires again.
    void schedulersAreSupervisedPerOwner() {
        Fixture f;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        ScheduleStore schedules(f.db.get());
        RecordingRunner runner;
        runner.store = f.store.get();
        runner.clock = &f.clock;
        ScheduleService one(1, &schedules, &runner, &f.clock);
        ScheduleService two(2, &schedules, &runner, &f.clock);
        AppTree::Services services{&f.bus, &f.clock, f.pool.get(), f.runs.get(), nullptr, nullptr};
        services.schedulers = QList<AppTree::OwnerScheduler>{{1, &one}};
        AppTree tree(services);
        QVERIFY(tree.start());
        QVERIFY(one.isRunning());
        QVERIFY(!two.isRunning());
        QVERIFY(tree.addScheduler(2, &two));
        QVERIFY(two.isRunning());
        const QJsonObject snap = tree.snapshot();
        QCOMPARE(childIds(snap),
                 (QStringList{"storage", "workers", "supervisor_agent", "schedules", "monitors"}));
        QJsonObject schedulesTree;
        for (const QJsonValue& c : snap.value("children").toArray()) {
            if (c.toObject().value("id").toString() == QLatin1String("schedules"))
                schedulesTree = c.toObject().value("child").toObject();
        }
        QCOMPARE(schedulesTree.value("strategy").toString(), QStringLiteral("one_for_one"));
        QCOMPARE(childIds(schedulesTree), (QStringList{"owner_1", "owner_2"}));

        const auto s = one.createSchedule(QStringLiteral("c"), QStringLiteral("t"),
                                          QStringLiteral("*/5 * * * *"), QStringLiteral("UTC"));
        QVERIFY(s);
        f.clock.advance(5 * 60 * 1000);
        QCOMPARE(runner.tasks.size(), 1);

        auto* schedulesSup = runningChild<supervision::Supervisor>(tree.root(), "schedules");
        QVERIFY(schedulesSup);
        ServiceChild* child = runningChild<ServiceChild>(schedulesSup, "owner_1");
        QVERIFY(child);
        events.clear();
        child->crash(QStringLiteral("broken"));
        QTRY_COMPARE(childEvents(events, QStringLiteral("child_restarted")),
                     QStringList{"schedules/owner_1"});
        QVERIFY(one.isRunning());
        const auto runs = schedules.listScheduleRuns(1, s->id, 5);
        QCOMPARE(runs->size(), 1);
        QCOMPARE(statusName(runs->first().status), QStringLiteral("running"));  // not "interrupted"
        f.clock.advance(5 * 60 * 1000);
        QCOMPARE(runner.tasks.size(), 2);

        tree.stop();
        QVERIFY(!one.isRunning());
        QVERIFY(!two.isRunning());
        f.clock.advance(5 * 60 * 1000);
        QCOMPARE(runner.tasks.size(), 2);
    }

    // Without the data folder's lock there is no `schedules` child (as there is no hygiene).
    void noSchedulesWithoutTheDataFolder() {
        Fixture f;
        AppTree tree({&f.bus, &f.clock, f.pool.get(), f.runs.get(), nullptr, nullptr});
        QVERIFY(tree.start());
        QVERIFY(!childIds(tree.snapshot()).contains(QStringLiteral("schedules")));
        QCOMPARE(tree.addScheduler(2, nullptr).error().code, QStringLiteral("not_running"));
    }

    // A service of a room above runtime (the API server) joins the root last, so it stops first;
    // a crash restarts it after its backoff; a start that fails is answered with the service's
    // own error and leaves no child behind.
    void anAddedServiceIsSupervised() {
        Fixture f;
        int starts = 0;
        int stops = 0;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        AppTree tree({&f.bus, &f.clock, f.pool.get(), f.runs.get(), nullptr, nullptr});
        tree.root()->setRandomSource([] { return 0.0; });
        QVERIFY(tree.start());
        const Status added = tree.addService(
            QStringLiteral("api"),
            [&starts]() -> Status {
                ++starts;
                return Ok{};
            },
            [&stops] { ++stops; });
        QVERIFY(added);
        QCOMPARE(starts, 1);
        QCOMPARE(childIds(tree.snapshot()).last(), QStringLiteral("api"));

        const Status failed = tree.addService(
            QStringLiteral("broken"),
            []() -> Status {
                return Error{QStringLiteral("listen_failed"),
                             QStringLiteral("Cannot listen on 127.0.0.1:1: permission denied.")};
            },
            {});
        QVERIFY(!failed);
        QCOMPARE(failed.error().code, QStringLiteral("listen_failed"));
        QCOMPARE(failed.error().message,
                 QStringLiteral("Cannot listen on 127.0.0.1:1: permission denied."));
        QVERIFY(!childIds(tree.snapshot()).contains(QStringLiteral("broken")));

        events.clear();
        tree.crashService(QStringLiteral("api"), QStringLiteral("accept failed"));
        QCOMPARE(childEvents(events, QStringLiteral("child_exited")), QStringList{"zerg/api"});
        QCOMPARE(stops, 0);  // a crashed service is restarted, not stopped
        f.clock.advance(999);
        QCOMPARE(starts, 1);
        f.clock.advance(1);  // the backoff: 1 s
        QCOMPARE(starts, 2);
        QCOMPARE(childEvents(events, QStringLiteral("child_restarted")), QStringList{"zerg/api"});

        events.clear();
        tree.stop();
        QCOMPARE(stops, 1);
        QCOMPARE(childEvents(events, QStringLiteral("child_exited")).value(0),
                 QStringLiteral("zerg/api"));
    }
};

QTEST_GUILESS_MAIN(TestAppTree)
#include "test_app_tree.moc"
