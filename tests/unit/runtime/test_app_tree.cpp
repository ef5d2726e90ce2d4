// The application's supervision tree: services start in order and stop in reverse, the tree is
// there for the dashboard, a stop cancels running workers, and the health monitor ends an attempt
// that makes no progress.
#include "runtime/app_tree.h"
#include "runtime/health_monitor.h"
#include "jarvis_fixture.h"

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
        AppTree tree({&f.bus, &f.clock, f.pool.get(), f.jarvis.get(), nullptr, &health});
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
        }

        // A running worker is cancelled when the tree stops, after the monitors and the agent.
        f.llm.pushToolCalls({spawn(QStringLiteral("s"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w"), QStringLiteral("ssh_exec"), "{}"}});
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(f.tool->running, 1);
        events.clear();
        tree.stop();
        QVERIFY(!tree.isRunning());
        QCOMPARE(f.tool->cancelled, 1);
        QVERIFY(!f.jarvis->isBusy());
        QCOMPARE(childEvents(events, QStringLiteral("child_exited")),
                 (QStringList{"monitors/budget", "monitors/health", "zerg/monitors",
                              // the agent's stop cancels its run, whose worker ends first
                              "workers/worker#1", "zerg/supervisor_agent", "zerg/workers",
                              "zerg/storage"}));
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
        QTRY_COMPARE(f.store->job(job)->status, QStringLiteral("success"));
        QCOMPARE(w->attempts(), 2);
        QVERIFY(f.llm.requests().last().messages.last().content.contains(
            QStringLiteral("no progress for 70 s")));
    }
};

QTEST_GUILESS_MAIN(TestAppTree)
#include "test_app_tree.moc"
