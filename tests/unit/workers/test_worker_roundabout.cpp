// The worker's side of the roundabout: request_help, messages from the supervisor, peeking at
// its artifacts and keeping the checks on disk.
#include "jarvis_fixture.h"
#include "workers/worker.h"

#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

class TestWorkerRoundabout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void helpMessagesPeekAndChecks() {
        Fixture f;
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        QVERIFY(job);
        // 1: ask for help and run a command (hangs); 2: the answer, after the message.
        f.llm.pushToolCalls({{QStringLiteral("h1"), QStringLiteral("request_help"),
                              QStringLiteral(R"({"reason":"df shows space but writes fail"})")},
                             {QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"touch /data/x"})")}});
        f.llm.pushText(QStringLiteral("Inodes are full on /data."));
        Worker w(deps, {1, 0, job.value(), QStringLiteral("Disk on cube"), QStringLiteral("wrk")});
        QSignalSpy help(&w, &MonitoredWorker::helpRequested);
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QTRY_COMPARE(help.count(), 1);
        QCOMPARE(help.first().first().toString(), QStringLiteral("df shows space but writes fail"));
        QTRY_COMPARE(f.tool->running, 1);
        QCOMPARE(w.snapshot().helpRequests,
                 QStringList{QStringLiteral("df shows space but writes fail")});
        QVERIFY(f.llm.requests().first().tools.size() == 2);  // ssh_exec and request_help

        // The first tool call's output is on disk: request_help's result.
        QTRY_VERIFY(f.artifacts->listFiles(w.workerId(), 1)->size() > 2);
        const QString first = w.peek(QStringLiteral("1"), 4000);
        QVERIFY2(first.contains(QStringLiteral("supervisor was told")),
                 qPrintable(first + f.artifacts->listFiles(w.workerId(), 1)->join(u',')));
        QVERIFY(w.peek(QStringLiteral("thread"), 4000).contains(QStringLiteral("Disk on cube")));
        QVERIFY(w.peek(QStringLiteral("9"), 4000).contains(QStringLiteral("no tool call 9")));
        QVERIFY(w.peek(QStringLiteral("../../etc/passwd"), 4000).size() > 0);  // refused, explained
        QVERIFY(
            !w.peek(QStringLiteral("../../etc/passwd"), 4000).contains(QStringLiteral("root:")));

        QVERIFY(w.sendMessage(QStringLiteral("try df -i, inodes may be full")));
        QVERIFY(w.snapshot().helpRequests.isEmpty());  // answered
        w.recordCheck(5, {{"decision", "wait"}});
        w.recordCheck(5, {{"decision", "message"}});
        const auto files = f.artifacts->listFiles(w.workerId(), 1);
        QVERIFY(files->contains(QStringLiteral("monitoring/check_005s.json")));
        QVERIFY(files->contains(QStringLiteral("monitoring/check_005s_2.json")));
        w.stop(WorkerStatus::Cancelled, QStringLiteral("test over"));
        QTRY_COMPARE(terminated.count(), 1);
        QVERIFY(!w.sendMessage(QStringLiteral("too late")));
    }

    // A message sent while a command runs reaches the worker's model right after the
    // command's result, and is kept in the worker's thread on disk.
    void aMessageReachesTheWorkersModel() {
        Fixture f;
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"du -sh /"})")}});
        f.llm.pushText(QStringLiteral("/ uses 12G (du -x)."));
        Worker w(deps, {1, 0, job.value(), QStringLiteral("Disk on cube"), QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QTRY_COMPARE(f.tool->running, 1);
        QVERIFY(w.sendMessage(QStringLiteral("use du -x to stay on one filesystem")));
        f.tool->calls.first()->complete(QStringLiteral("12G\t/"));
        QVERIFY(terminated.wait());
        QCOMPARE(w.snapshot().status, WorkerStatus::Success);
        const QList<ChatMessage>& sent = f.llm.requests().at(1).messages;
        QCOMPARE(sent.last().content,
                 QStringLiteral("[SUPERVISOR] use du -x to stay on one filesystem"));
        QCOMPARE(sent.at(sent.size() - 2).role, ChatMessage::Role::Tool);
        const auto thread = f.artifacts->readFile(w.workerId(), 1, QStringLiteral("thread.jsonl"));
        QVERIFY(thread->contains("[SUPERVISOR] use du -x"));
        // The activity the roundabout shows carries the start of the output.
        QCOMPARE(w.snapshot().activity.first().outputExcerpt, QStringLiteral("12G\t/"));
    }
};

QTEST_GUILESS_MAIN(TestWorkerRoundabout)
#include "test_worker_roundabout.moc"
