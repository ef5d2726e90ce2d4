#include "core/json_util.h"
#include "roundabout/decision_payload.h"

#include <QJsonArray>
#include <QTest>

using namespace zerg;

namespace {

ActivityEntry ssh(const QString& host, const QString& command, qint64 startedAtMs,
                  qint64 durationMs, const QString& outcome, const QString& output = {}) {
    ActivityEntry a;
    a.tool = QStringLiteral("ssh_exec");
    a.host = host;
    a.args = {{QStringLiteral("host"), host}, {QStringLiteral("command"), command}};
    a.display = QStringLiteral("ssh_exec %1 \"%2\"").arg(host, command);
    a.startedAtMs = startedAtMs;
    a.durationMs = durationMs;
    a.outcome = parseStatus<CallOutcome>(outcome).value();
    a.outputExcerpt = output;
    return a;
}

WorkerSnapshot runningSnapshot(qint64 elapsedMs) {
    WorkerSnapshot s;
    s.status = WorkerStatus::Running;
    s.workerId = QStringLiteral("2026-01-01T12-00-00_disk");
    s.task = QStringLiteral("Check disk on cube");
    s.elapsedMs = elapsedMs;
    return s;
}

// A worker whose newest call has been running for runningMs.
WorkerSnapshot withRunning(const QString& command, qint64 runningMs) {
    WorkerSnapshot s = runningSnapshot(2000 + runningMs);
    s.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("df -h"), 0, 1800,
                          QStringLiteral("success"), QStringLiteral("/dev/sda1 78% /")));
    s.activity.append(ssh(QStringLiteral("cube"), command, 2000, -1, QStringLiteral("running")));
    return s;
}

}  // namespace

class TestDecisionPayload : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void carriesTheRawCommandAndRunningTimeWithoutVerdicts_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<qint64>("runningMs");
        QTest::newRow("ls for 10 s") << QStringLiteral("ls") << qint64(10000);
        QTest::newRow("du for 45 s") << QStringLiteral("du -sh /var") << qint64(45000);
    }
    void carriesTheRawCommandAndRunningTimeWithoutVerdicts() {
        QFETCH(QString, command);
        QFETCH(qint64, runningMs);
        const QJsonObject p = decisionPayload(7, withRunning(command, runningMs), 20);

        QCOMPARE(p.value("job_id").toInteger(), 7);
        QCOMPARE(p.value("task").toString(), QStringLiteral("Check disk on cube"));
        QCOMPARE(p.value("status").toString(), QStringLiteral("running"));
        QCOMPARE(p.value("elapsed_seconds").toDouble(), (2000 + runningMs) / 1000.0);

        const QJsonObject op = p.value("current_operation").toObject();
        QCOMPARE(op.value("tool").toString(), QStringLiteral("ssh_exec"));
        QCOMPARE(op.value("host").toString(), QStringLiteral("cube"));
        QCOMPARE(op.value("command").toString(), command);
        QVERIFY(!op.contains("args"));
        QCOMPARE(op.value("running_ms").toInteger(), runningMs);

        const QJsonArray activity = p.value("activity").toArray();
        QCOMPARE(activity.size(), 2);
        const QJsonObject running = activity[1].toObject();
        QCOMPARE(running.value("command").toString(), command);
        QCOMPARE(running.value("outcome").toString(), QStringLiteral("running"));
        QCOMPARE(running.value("running_ms").toInteger(), runningMs);
        QCOMPARE(running.value("started_at_seconds").toDouble(), 2.0);
        QVERIFY(!running.contains("duration_ms"));

        // Raw facts only: the decider judges whether 10 s of `ls` or 45 s of `du` is too long.
        const QString text = json::compactString(p).toLower();
        for (const char* verdict : {"stuck", "slow", "is_stuck", "hint"})
            QVERIFY2(!text.contains(QLatin1String(verdict)), verdict);
    }

    void finishedEntriesHaveTheirDurationOutputAndError() {
        WorkerSnapshot s = runningSnapshot(9000);
        s.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("df -h"), 1500, 1800,
                              QStringLiteral("success"), QStringLiteral("/dev/sda1 78% /")));
        ActivityEntry failed = ssh(QStringLiteral("cube"), QStringLiteral("cat /nope"), 4000, 300,
                                   QStringLiteral("failed"));
        failed.error = QStringLiteral("exit code 1");
        s.activity.append(failed);
        ActivityEntry http;
        http.tool = QStringLiteral("http_request");
        http.args = {{QStringLiteral("url"), QStringLiteral("http://cube/health")},
                     {QStringLiteral("body"), QString(1000, u'x')}};
        http.startedAtMs = 5000;
        http.durationMs = 120;
        http.outcome = CallOutcome::Success;
        s.activity.append(http);

        const QJsonObject p = decisionPayload(1, s, 20);
        const QJsonArray a = p.value("activity").toArray();
        QCOMPARE(a.size(), 3);
        const QJsonObject df = a[0].toObject();
        QCOMPARE(df.value("duration_ms").toInteger(), 1800);
        QCOMPARE(df.value("started_at_seconds").toDouble(), 1.5);
        QCOMPARE(df.value("output").toString(), QStringLiteral("/dev/sda1 78% /"));
        QCOMPARE(df.value("outcome").toString(), QStringLiteral("success"));
        QVERIFY(!df.contains("running_ms"));
        QVERIFY(!df.contains("error"));

        const QJsonObject cat = a[1].toObject();
        QCOMPARE(cat.value("outcome").toString(), QStringLiteral("failed"));
        QCOMPARE(cat.value("error").toString(), QStringLiteral("exit code 1"));
        QVERIFY(!cat.contains("output"));

        // Other tools show their args, long strings cut.
        const QJsonObject req = a[2].toObject();
        QVERIFY(!req.contains("command"));
        QVERIFY(!req.contains("host"));
        const QJsonObject args = req.value("args").toObject();
        QCOMPARE(args.value("url").toString(), QStringLiteral("http://cube/health"));
        QVERIFY(args.value("body").toString().size() < 1000);
        QVERIFY(args.value("body").toString().startsWith(QString(kPayloadArgChars, u'x')));

        QVERIFY(p.value("current_operation").isNull());
        QVERIFY(!p.contains("omitted_entries"));
        QVERIFY(!p.contains("help_requests"));
        QVERIFY(!p.contains("peek"));
    }

    void keepsTheNewestEntriesAndCountsTheOmittedOnes() {
        WorkerSnapshot s = runningSnapshot(60000);
        for (int i = 0; i < 5; ++i) {
            s.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("echo %1").arg(i),
                                  i * 1000, 100, QStringLiteral("success")));
        }
        const QJsonObject p = decisionPayload(1, s, 3);
        const QJsonArray a = p.value("activity").toArray();
        QCOMPARE(a.size(), 3);
        QCOMPARE(a[0].toObject().value("command").toString(), QStringLiteral("echo 2"));
        QCOMPARE(a[2].toObject().value("command").toString(), QStringLiteral("echo 4"));
        QCOMPARE(p.value("omitted_entries").toInteger(), 2);

        QCOMPARE(decisionPayload(1, s, 5).value("activity").toArray().size(), 5);
        QVERIFY(!decisionPayload(1, s, 5).contains("omitted_entries"));
    }

    void theCurrentOperationIsTheNewestRunningEntry() {
        WorkerSnapshot s = runningSnapshot(30000);
        s.activity.append(ssh(QStringLiteral("a"), QStringLiteral("sleep 100"), 1000, -1,
                              QStringLiteral("running")));
        s.activity.append(ssh(QStringLiteral("b"), QStringLiteral("uptime"), 20000, -1,
                              QStringLiteral("running")));
        s.activity.append(
            ssh(QStringLiteral("c"), QStringLiteral("df"), 21000, 50, QStringLiteral("success")));
        const QJsonObject op = decisionPayload(1, s, 20).value("current_operation").toObject();
        QCOMPARE(op.value("host").toString(), QStringLiteral("b"));
        QCOMPARE(op.value("running_ms").toInteger(), 10000);
    }

    void helpRequestsAndPeekAppearOnlyWhenSet() {
        WorkerSnapshot s = withRunning(QStringLiteral("ls"), 3000);
        QVERIFY(!decisionPayload(1, s, 20).contains("help_requests"));
        QVERIFY(!decisionPayload(1, s, 20, {}, QStringLiteral("ignored")).contains("peek"));

        s.helpRequests = {QStringLiteral("no permission to read /var/log/secure")};
        const QJsonObject p = decisionPayload(1, s, 20, QStringLiteral("thread"),
                                              QStringLiteral("[user] Check disk on cube"));
        QCOMPARE(p.value("help_requests").toArray(),
                 QJsonArray{QStringLiteral("no permission to read /var/log/secure")});
        const QJsonObject peek = p.value("peek").toObject();
        QCOMPARE(peek.value("target").toString(), QStringLiteral("thread"));
        QCOMPARE(peek.value("content").toString(), QStringLiteral("[user] Check disk on cube"));
    }

    void fingerprintChangesOnlyWithWhatMatters() {
        const auto fp = [](const WorkerSnapshot& s, const QString& peek = {}) {
            return payloadFingerprint(decisionPayload(1, s, 20, peek, QStringLiteral("content")));
        };
        const WorkerSnapshot base = withRunning(QStringLiteral("du -sh /var"), 9000);
        QCOMPARE(fp(base), fp(base));
        QVERIFY(!fp(base).isEmpty());

        // The running time only counts by powers of two: 9 s and 15 s are both "8 s".
        QCOMPARE(fp(withRunning(QStringLiteral("du -sh /var"), 15000)), fp(base));
        QCOMPARE(fp(withRunning(QStringLiteral("du -sh /var"), 15999)), fp(base));
        QVERIFY(fp(withRunning(QStringLiteral("du -sh /var"), 16000)) != fp(base));
        QVERIFY(fp(withRunning(QStringLiteral("du -sh /var"), 7999)) != fp(base));
        QCOMPARE(fp(withRunning(QStringLiteral("du -sh /var"), 16000)),
                 fp(withRunning(QStringLiteral("du -sh /var"), 31000)));

        WorkerSnapshot more = base;
        more.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("ls"), 11000, 20,
                                 QStringLiteral("success")));
        QVERIFY(fp(more) != fp(base));

        WorkerSnapshot finished = base;
        finished.activity.last().outcome = CallOutcome::Success;
        finished.activity.last().durationMs = 9000;
        QVERIFY(fp(finished) != fp(base));

        WorkerSnapshot help = base;
        help.helpRequests = {QStringLiteral("which host is cube?")};
        QVERIFY(fp(help) != fp(base));
        WorkerSnapshot help2 = help;
        help2.helpRequests.append(QStringLiteral("still no answer"));
        QVERIFY(fp(help2) != fp(help));

        QVERIFY(fp(base, QStringLiteral("thread")) != fp(base));

        // A new entry still counts when the oldest ones are trimmed away.
        WorkerSnapshot many = runningSnapshot(60000);
        for (int i = 0; i < 4; ++i)
            many.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("echo"), i * 1000, 5,
                                     QStringLiteral("success")));
        WorkerSnapshot manyMore = many;
        manyMore.activity.append(ssh(QStringLiteral("cube"), QStringLiteral("echo"), 9000, 5,
                                     QStringLiteral("success")));
        QVERIFY(payloadFingerprint(decisionPayload(1, many, 2)) !=
                payloadFingerprint(decisionPayload(1, manyMore, 2)));
    }
};

QTEST_GUILESS_MAIN(TestDecisionPayload)
#include "test_decision_payload.moc"
