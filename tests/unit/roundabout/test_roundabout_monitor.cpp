#include "core/clock.h"
#include "roundabout/roundabout_monitor.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

class FakeWorker final : public MonitoredWorker {
public:
    explicit FakeWorker(Clock* clock) : m_clock(clock) {
        snap.status = QStringLiteral("running");
        snap.workerId = QStringLiteral("2026-01-01T12-00-00_disk");
        snap.task = QStringLiteral("Check disk on cube");
    }
    qint64 jobId() const override { return 7; }
    WorkerSnapshot snapshot() const override {
        WorkerSnapshot s = snap;
        s.elapsedMs = m_clock->nowMs();
        return s;
    }
    void stop(const QString& status, const QString& reason) override {
        stops.append(status);
        snap.status = status;
        snap.error = reason;
    }
    void finishWith(const QString& status) {
        snap.status = status;
        Q_EMIT terminated();
    }
    WorkerSnapshot snap;
    QStringList stops;

private:
    Clock* m_clock;
};

ActivityEntry entry(const QString& host, const QString& cmd, qint64 duration,
                    const QString& outcome) {
    ActivityEntry a;
    a.tool = QStringLiteral("ssh_exec");
    a.host = host;
    a.display = QStringLiteral("ssh_exec %1 \"%2\"").arg(host, cmd);
    a.durationMs = duration;
    a.outcome = outcome;
    return a;
}

}  // namespace

class TestRoundaboutMonitor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void checksEveryIntervalAndLeavesAsSoonAsTheWorkerCompletes() {
        ManualClock clock;
        FakeWorker worker(&clock);
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20});
        QSignalSpy checked(&m, &RoundaboutMonitor::checked);
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        m.start();
        clock.advance(4999);
        QCOMPARE(checked.count(), 0);
        clock.advance(1);
        QCOMPARE(checked.count(), 1);
        clock.advance(5000);
        QCOMPARE(checked.count(), 2);
        clock.advance(2000);  // t = 12 s: the worker finishes between checks
        worker.snap.activity = {entry(QStringLiteral("cube"), QStringLiteral("df -h"), 1800,
                                      QStringLiteral("success"))};
        worker.snap.result = QStringLiteral("78% used");
        worker.snap.summary = QStringLiteral("cube 78%");
        worker.finishWith(QStringLiteral("success"));
        QCOMPARE(finished.count(), 1);  // at once, not at the next tick
        QCOMPARE(m.checks(), 3);
        const QJsonObject r = m.result();
        QCOMPARE(r.value("status").toString(), QStringLiteral("complete"));
        QCOMPARE(r.value("job_id").toInt(), 7);
        QCOMPARE(r.value("worker_id").toString(), QStringLiteral("2026-01-01T12-00-00_disk"));
        QCOMPARE(r.value("duration_seconds").toInt(), 12);
        QCOMPARE(r.value("result").toString(), QStringLiteral("78% used"));
        const QJsonObject act = r.value("activity_summary").toObject();
        QCOMPARE(act.value("tool_calls").toInt(), 1);
        QCOMPARE(act.value("tools_used").toArray().at(0).toString(), QStringLiteral("ssh_exec"));
        QCOMPARE(act.value("hosts_accessed").toArray().at(0).toString(), QStringLiteral("cube"));
        clock.advance(60000);
        QCOMPARE(checked.count(), 3);  // no checks after leaving
    }

    void hardTimeoutReallyStopsTheWorker() {
        ManualClock clock;
        FakeWorker worker(&clock);
        worker.snap.activity = {entry(QStringLiteral("cube"), QStringLiteral("du -sh /var"), -1,
                                      QStringLiteral("running"))};
        RoundaboutMonitor m(&worker, &clock, {5, 20, 20});
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        m.start();
        clock.advance(19999);
        QCOMPARE(finished.count(), 0);
        clock.advance(1);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(worker.stops, QStringList{QStringLiteral("timeout")});
        const QJsonObject r = m.result();
        QCOMPARE(r.value("status").toString(), QStringLiteral("timeout"));
        const QJsonObject at = r.value("activity_at_failure").toObject();
        QCOMPARE(at.value("elapsed_seconds").toInt(), 20);
        QCOMPARE(at.value("last_operation").toString(),
                 QStringLiteral("ssh_exec cube \"du -sh /var\""));
        QVERIFY(r.value("error").toString().contains(QStringLiteral("20 s")));
    }

    void failureShapeCarriesErrorAndSuggestion() {
        ManualClock clock;
        FakeWorker worker(&clock);
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20});
        m.start();
        clock.advance(2000);
        worker.snap.activity = {
            entry(QStringLiteral("cube"), QStringLiteral("df -h"), 40, QStringLiteral("failed"))};
        worker.snap.error = QStringLiteral("host key for cube changed");
        worker.snap.errorCode = QStringLiteral("host_key_changed");
        worker.finishWith(QStringLiteral("failed"));
        QVERIFY(m.isDone());
        const QJsonObject r = m.result();
        QCOMPARE(r.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(r.value("error").toString(), QStringLiteral("host key for cube changed"));
        QCOMPARE(r.value("activity_at_failure").toObject().value("elapsed_seconds").toInt(), 2);
        QVERIFY(r.value("suggestion").toString().contains(QStringLiteral("Do not retry")));
    }

    void cancelStopsTheWorker() {
        ManualClock clock;
        FakeWorker worker(&clock);
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20});
        m.start();
        m.cancel(QStringLiteral("user asked"));
        QCOMPARE(worker.stops, QStringList{QStringLiteral("cancelled")});
        QCOMPARE(m.result().value("status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(m.result().value("reason").toString(), QStringLiteral("user asked"));
    }

    void activityLogIsTrimmedToTheNewestEntries() {
        ManualClock clock;
        FakeWorker worker(&clock);
        for (int i = 0; i < 30; ++i) {
            worker.snap.activity.append(entry(QStringLiteral("h%1").arg(i), QStringLiteral("ls"),
                                              10, QStringLiteral("success")));
        }
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20});
        QSignalSpy checked(&m, &RoundaboutMonitor::checked);
        m.start();
        clock.advance(5000);
        const auto s = checked.at(0).at(0).value<WorkerSnapshot>();
        QCOMPARE(s.activity.size(), 20);
        QCOMPARE(s.activity.first().host, QStringLiteral("h10"));
    }
};

QTEST_GUILESS_MAIN(TestRoundaboutMonitor)
#include "test_roundabout_monitor.moc"
