#include "core/clock.h"
#include "roundabout/roundabout_monitor.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <utility>

using namespace zerg;

namespace {

class FakeWorker final : public MonitoredWorker {
public:
    explicit FakeWorker(Clock* clock) : m_clock(clock) {
        snap.status = WorkerStatus::Running;
        snap.workerId = QStringLiteral("2026-01-01T12-00-00_disk");
        snap.task = QStringLiteral("Check disk on cube");
    }
    qint64 jobId() const override { return 7; }
    WorkerSnapshot snapshot() const override {
        WorkerSnapshot s = snap;
        s.elapsedMs = m_clock->nowMs();
        return s;
    }
    void stop(WorkerStatus status, const QString& reason) override {
        stops.append(statusName(status));
        snap.status = status;
        snap.error = reason;
    }
    QString peek(const QString& target, int maxChars) const override {
        peeks.append(target);
        return QStringLiteral("PEEKED %1 (%2)").arg(target).arg(maxChars);
    }
    bool sendMessage(const QString& text) override {
        messages.append(text);
        return true;
    }
    void recordCheck(qint64 elapsedSeconds, const QJsonObject& check) override {
        checkFiles.append({elapsedSeconds, check});
    }
    void finishWith(WorkerStatus status) {
        snap.status = status;
        Q_EMIT terminated();
    }
    WorkerSnapshot snap;
    QStringList stops;
    mutable QStringList peeks;
    QStringList messages;
    QList<std::pair<qint64, QJsonObject>> checkFiles;

private:
    Clock* m_clock;
};

// A decider that answers from a script, asynchronously (next event-loop turn) or never
// ("hang"), and keeps what it was shown.
class ScriptedDecider final : public Decider {
public:
    void decide(const QJsonObject& payload, Callback done) override {
        seen.append(payload);
        ++m_counters.calls;
        const QString next = script.isEmpty() ? QStringLiteral("wait") : script.takeFirst();
        if (next == QLatin1String("hang")) {
            m_pending = std::move(done);
            return;
        }
        Decision d = parseDecision(next).value_or(Decision::defaultWait(QStringLiteral("bad")));
        d.source = QStringLiteral("llm");
        m_pending = std::move(done);
        QTimer::singleShot(0, this, [this, d] {
            if (auto cb = std::exchange(m_pending, nullptr))
                cb(d);
        });
    }
    void abort() override {
        if (m_pending)
            ++aborted;
        m_pending = nullptr;
    }
    QString kind() const override { return QStringLiteral("llm"); }

    QStringList script;
    QList<QJsonObject> seen;
    int aborted = 0;

private:
    Callback m_pending;
};

ActivityEntry entry(const QString& host, const QString& cmd, qint64 duration,
                    const QString& outcome) {
    ActivityEntry a;
    a.tool = QStringLiteral("ssh_exec");
    a.host = host;
    a.display = QStringLiteral("ssh_exec %1 \"%2\"").arg(host, cmd);
    a.durationMs = duration;
    a.outcome = parseStatus<CallOutcome>(outcome).value();
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
        worker.finishWith(WorkerStatus::Success);
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
        worker.finishWith(WorkerStatus::Failed);
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

    // A running `ls` for 10 s: the decider sees the raw command and its running time, answers
    // exit with its findings; the worker is stopped and the early-exit shape goes back.
    void exitStopsTheWorkerAndReturnsTheFindings() {
        ManualClock clock;
        FakeWorker worker(&clock);
        ActivityEntry done = entry(QStringLiteral("cube"), QStringLiteral("echo ping"), 500,
                                   QStringLiteral("success"));
        done.outputExcerpt = QStringLiteral("ping");
        worker.snap.activity = {done};
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("exit: cube is reachable")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        QSignalSpy decided(&m, &RoundaboutMonitor::decided);
        m.start();
        clock.advance(5000);
        QVERIFY(finished.wait());
        QCOMPARE(worker.stops, QStringList{QStringLiteral("cancelled")});
        const QJsonObject r = m.result();
        QCOMPARE(r.value("status").toString(), QStringLiteral("early_exit"));
        QCOMPARE(r.value("partial_findings").toString(), QStringLiteral("cube is reachable"));
        QCOMPARE(r.value("activity_at_exit").toObject().value("completed_operations").toInt(), 1);
        QCOMPARE(decided.count(), 1);
        QCOMPARE(decider->seen.size(), 1);
        QCOMPARE(worker.checkFiles.size(), 1);
        QCOMPARE(worker.checkFiles.first().first, 5);
        QCOMPARE(worker.checkFiles.first().second.value("decision").toObject().value("action"),
                 QJsonValue(QStringLiteral("exit")));
    }

    void cancelDecisionCarriesTheReason() {
        ManualClock clock;
        FakeWorker worker(&clock);
        worker.snap.activity = {entry(QStringLiteral("cube"), QStringLiteral("sleep 600"), -1,
                                      QStringLiteral("running"))};
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("cancel: sleep makes no progress")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        m.start();
        clock.advance(5000);
        QVERIFY(finished.wait());
        QCOMPARE(worker.stops, QStringList{QStringLiteral("cancelled")});
        QCOMPARE(m.result().value("status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(m.result().value("reason").toString(), QStringLiteral("sleep makes no progress"));
    }

    // peek shows the decider the content once, in a second payload, then monitoring goes on.
    void peekShowsTheContentOnceThenMonitoringContinues() {
        ManualClock clock;
        FakeWorker worker(&clock);
        worker.snap.activity = {
            entry(QStringLiteral("cube"), QStringLiteral("df -h"), 30, QStringLiteral("success"))};
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("peek: 1"), QStringLiteral("wait")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        m.start();
        clock.advance(5000);
        QTRY_COMPARE(decider->seen.size(), 2);
        QCOMPARE(worker.peeks, QStringList{QStringLiteral("1")});
        QVERIFY(!decider->seen.at(0).contains(QStringLiteral("peek")));
        const QJsonObject peek = decider->seen.at(1).value("peek").toObject();
        QCOMPARE(peek.value("target").toString(), QStringLiteral("1"));
        QVERIFY(peek.value("content").toString().startsWith(QStringLiteral("PEEKED 1")));
        QTRY_COMPARE(worker.checkFiles.size(), 2);  // both decisions are on disk
        QVERIFY(!m.isDone());
        worker.snap.activity.append(entry(QStringLiteral("cube"), QStringLiteral("du -sh /"), -1,
                                          QStringLiteral("running")));
        clock.advance(5000);  // something new: asked again
        QTRY_COMPARE(decider->seen.size(), 3);
        QVERIFY(!decider->seen.at(2).contains(QStringLiteral("peek")));
    }

    // request_help makes the roundabout look at once; a message answer goes to the worker.
    void helpRequestIsSeenAtOnceAndAnsweredWithAMessage() {
        ManualClock clock;
        FakeWorker worker(&clock);
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("message: try df -i, inodes may be full")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        m.start();
        clock.advance(1000);
        worker.snap.helpRequests = {QStringLiteral("df shows space but writes fail")};
        Q_EMIT worker.helpRequested(worker.snap.helpRequests.first());
        QTRY_COMPARE(worker.messages, QStringList{QStringLiteral("try df -i, inodes may be full")});
        QCOMPARE(decider->seen.size(), 1);  // without waiting for the 5 s check
        QCOMPARE(decider->seen.first().value("help_requests").toArray().at(0).toString(),
                 QStringLiteral("df shows space but writes fail"));
        QVERIFY(!m.isDone());
    }

    // Checks with nothing new do not ask the decider; it is asked again when the operation
    // has run twice as long, or when something happens.
    void unchangedChecksDoNotCallTheDecider() {
        ManualClock clock;
        FakeWorker worker(&clock);
        ActivityEntry du = entry(QStringLiteral("cube"), QStringLiteral("du -sh /var"), -1,
                                 QStringLiteral("running"));
        du.startedAtMs = 0;
        worker.snap.activity = {du};
        auto* decider = new ScriptedDecider;
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        m.start();
        for (int i = 0; i < 12; ++i) {  // 5 s ... 60 s
            clock.advance(5000);
            QTRY_COMPARE(worker.checkFiles.size(), i + 1);
        }
        // Asked at 5 s (new), 10 s (8 s crossed), 20 s (16), 35 s (32): four calls, 12 checks.
        QCOMPARE(decider->seen.size(), 4);
        QCOMPARE(m.unchangedChecks(), 8);
        QCOMPARE(decider->seen.at(1).value("current_operation").toObject().value("running_ms"),
                 QJsonValue(10000));
    }

    // The worker ends while the decider is still thinking: the roundabout leaves at once and
    // the decision is dropped.
    void completionDuringADecisionLeavesAtOnce() {
        ManualClock clock;
        FakeWorker worker(&clock);
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("hang")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        m.start();
        clock.advance(5000);
        QCOMPARE(decider->seen.size(), 1);
        worker.snap.result = QStringLiteral("done");
        worker.finishWith(WorkerStatus::Success);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(decider->aborted, 1);
        QCOMPARE(m.result().value("status").toString(), QStringLiteral("complete"));
    }

    // With cancelOnHardTimeout off, the worker is left running and the result says so.
    void hardTimeoutCanLeaveTheWorkerRunning() {
        ManualClock clock;
        FakeWorker worker(&clock);
        RoundaboutConfig c{5, 20, 20};
        c.cancelOnHardTimeout = false;
        RoundaboutMonitor m(&worker, &clock, c);
        m.start();
        clock.advance(20000);
        QVERIFY(m.isDone());
        QVERIFY(worker.stops.isEmpty());
        QCOMPARE(m.result().value("status").toString(), QStringLiteral("timeout"));
        QVERIFY(m.result().value("still_running").toBool());
        QVERIFY(m.result().value("suggestion").toString().contains(worker.snap.workerId));
    }

    // Only the decider's payload is cut to the newest entries; the checked snapshot keeps them all.
    void onlyThePayloadIsTrimmedToTheNewestEntries() {
        ManualClock clock;
        FakeWorker worker(&clock);
        for (int i = 0; i < 30; ++i) {
            worker.snap.activity.append(entry(QStringLiteral("h%1").arg(i), QStringLiteral("ls"),
                                              10, QStringLiteral("success")));
        }
        auto* decider = new ScriptedDecider;
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        QSignalSpy checked(&m, &RoundaboutMonitor::checked);
        m.start();
        clock.advance(5000);
        QTRY_COMPARE(decider->seen.size(), 1);
        const auto s = checked.at(0).at(0).value<WorkerSnapshot>();
        QCOMPARE(s.activity.size(), 30);
        const QJsonObject payload = decider->seen.first();
        QCOMPARE(payload.value("activity").toArray().size(), 20);
        QCOMPARE(payload.value("activity").toArray().first().toObject().value("host"),
                 QJsonValue(QStringLiteral("h10")));
        QCOMPARE(payload.value("omitted_entries").toInt(), 10);
    }

    // A worker that makes 27 successful calls, one between each check: every new call is news
    // to the decider (before the fix the fingerprint froze at 20 entries and the decider was
    // never asked again), omitted_entries reaches it, and the result counts all 27 calls.
    void aWorkerWithManyCallsKeepsEveryCallInView() {
        ManualClock clock;
        FakeWorker worker(&clock);
        auto* decider = new ScriptedDecider;
        RoundaboutMonitor m(&worker, &clock, {5, 600, 20}, decider);
        m.start();
        const int calls = 27;
        for (int i = 0; i < calls; ++i) {
            ActivityEntry e = entry(QStringLiteral("cube"), QStringLiteral("ls /srv/%1").arg(i), 20,
                                    QStringLiteral("success"));
            e.args = {{QStringLiteral("host"), QStringLiteral("cube")},
                      {QStringLiteral("command"), QStringLiteral("ls /srv/%1").arg(i)}};
            e.startedAtMs = clock.nowMs();
            e.outputExcerpt = QStringLiteral("file%1").arg(i);
            worker.snap.activity.append(e);
            clock.advance(5000);
            QTRY_COMPARE(worker.checkFiles.size(), i + 1);
        }
        QCOMPARE(decider->seen.size(), calls);  // one decision per new call, none skipped
        QCOMPARE(m.unchangedChecks(), 0);
        const QJsonObject last = decider->seen.last();
        QCOMPARE(last.value("activity").toArray().size(), 20);
        QCOMPARE(last.value("omitted_entries").toInt(), calls - 20);
        QCOMPARE(last.value("activity").toArray().last().toObject().value("command"),
                 QJsonValue(QStringLiteral("ls /srv/26")));
        // Peek numbers are the worker's own: the decider asks for call 25, the worker gets "25".
        decider->script = {QStringLiteral("peek: 25"), QStringLiteral("exit")};
        worker.snap.activity.append(
            entry(QStringLiteral("cube"), QStringLiteral("uptime"), -1, QStringLiteral("running")));
        clock.advance(5000);
        QTRY_VERIFY(m.isDone());
        QCOMPARE(worker.peeks, QStringList{QStringLiteral("25")});
        const QJsonObject r = m.result();
        QCOMPARE(r.value("status").toString(), QStringLiteral("early_exit"));
        const QJsonObject at = r.value("activity_at_exit").toObject();
        QCOMPARE(at.value("completed_operations").toInt(), calls);
        QCOMPARE(at.value("pending_operations").toInt(), 1);
        // A bare `exit`: the newest output stands for the findings.
        QCOMPARE(r.value("partial_findings").toString(),
                 QStringLiteral("ssh_exec cube \"ls /srv/26\" answered: file26"));

        // The complete shape counts every call too.
        WorkerSnapshot all = worker.snapshot();
        QCOMPARE(RoundaboutMonitor::completeShape(7, all)
                     .value("activity_summary")
                     .toObject()
                     .value("tool_calls")
                     .toInt(),
                 calls + 1);
    }

    // A bare `cancel` (the seed's one-word format) cancels; it is no longer read as a wait.
    void bareCancelCancelsWithoutAReason() {
        ManualClock clock;
        FakeWorker worker(&clock);
        worker.snap.activity = {entry(QStringLiteral("cube"), QStringLiteral("sleep 600"), -1,
                                      QStringLiteral("running"))};
        auto* decider = new ScriptedDecider;
        decider->script = {QStringLiteral("Cancel.")};
        RoundaboutMonitor m(&worker, &clock, {5, 300, 20}, decider);
        QSignalSpy finished(&m, &RoundaboutMonitor::finished);
        m.start();
        clock.advance(5000);
        QVERIFY(finished.wait());
        QCOMPARE(worker.stops, QStringList{QStringLiteral("cancelled")});
        QCOMPARE(m.result().value("status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(m.result().value("reason").toString(), QStringLiteral("no reason given"));
    }
};

QTEST_GUILESS_MAIN(TestRoundaboutMonitor)
#include "test_roundabout_monitor.moc"
