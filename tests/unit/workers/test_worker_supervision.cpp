// Workers under the pool's OTP-style supervisor: transient failures restart the worker, which
// resumes from its thread with the reason; persistent ones are retried once; terminal ones and
// cancellations never restart; the supervisor's events and tree are there for the dashboard.
#include "jarvis_fixture.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

struct Run {
    Fixture f;
    QList<Event> events;
    qint64 jobId = 0;
    QPointer<Worker> worker;

    Run() {
        f.pool->setRandomSource([] { return 0.0; });  // backoff exactly 1 s, 2 s, 4 s ...
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [this](const Event& e) { events.append(e); });
    }
    void submit() {
        jobId = f.store
                    ->createJob(1, std::nullopt, QStringLiteral("Disk on cube"),
                                QStringLiteral("wrk"), f.clock.utcNow())
                    .value();
        worker =
            f.pool->submit({1, 0, jobId, QStringLiteral("Disk on cube"), QStringLiteral("wrk")});
    }
    QStringList names(const QString& prefix) const {
        QStringList out;
        for (const Event& e : events) {
            if (e.name.startsWith(prefix)) {
                out.append(e.name + QLatin1Char(' ') +
                           e.data.value("reason").toString(
                               e.data.value("restart_count").toVariant().toString()));
            }
        }
        return out;
    }
    QString status() const { return statusName(f.store->job(jobId)->status); }
};

ScriptedLlm::Step failing(const char* code) {
    return {{}, {}, QString::fromLatin1(code), false};
}

}  // namespace

class TestWorkerSupervision : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transientFailureRestartsAndResumes() {
        Run r;
        r.f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"), "{}"}});
        r.f.llm.push(failing("network"));
        r.f.llm.pushText(QStringLiteral("cube: / is 40% full"));
        r.submit();
        QTRY_COMPARE(r.f.tool->calls.size(), 1);
        r.f.tool->calls.first()->complete(QStringLiteral("/dev/sda1 40%"));
        QTRY_COMPARE(r.names("child_exited"), QStringList{"child_exited crash:llm_network"});
        QCOMPARE(r.status(), QStringLiteral("running"));  // waiting for its restart
        QVERIFY(r.worker->status() == WorkerStatus::Restarting);
        r.f.clock.advance(999);
        QCOMPARE(r.f.llm.requests().size(), 2);
        r.f.clock.advance(1);  // the 1 s backoff
        QTRY_COMPARE(r.status(), QStringLiteral("success"));
        QCOMPARE(r.worker->attempts(), 2);
        // The restarted attempt saw the whole conversation, then why it was restarted.
        const QList<ChatMessage>& resumed = r.f.llm.requests().at(2).messages;
        QVERIFY(resumed.last().content.startsWith(
            QStringLiteral("[SUPERVISOR] You were restarted due to: ")));
        QVERIFY(resumed.last().content.contains(QStringLiteral("transient")));
        QVERIFY(resumed.last().content.contains(QStringLiteral("continue the task")));
        QCOMPARE(resumed.at(1).content, QStringLiteral("Disk on cube"));
        QCOMPARE(resumed.at(3).role, ChatMessage::Role::Tool);  // the command's result kept
        QCOMPARE(r.names("child_started").size(), 2);
        QCOMPARE(r.names("child_restarted"), QStringList{"child_restarted 1"});
        QCOMPARE(r.names("worker_started").size(), 1);
        QCOMPARE(r.names("worker_complete").size(), 1);
        for (const Event& e : r.events) {
            if (e.name.startsWith(QLatin1String("child_")))
                QCOMPARE(e.data.value("job_id").toInteger(), r.jobId);
        }
        const auto thread =
            r.f.artifacts->readFile(r.worker->workerId(), 1, QStringLiteral("thread.jsonl"));
        QVERIFY(thread->contains("You were restarted due to"));
    }

    void terminalFailureIsNeverRestarted() {
        Run r;
        r.f.llm.push(failing("auth"));
        r.submit();
        QTRY_COMPARE(r.status(), QStringLiteral("failed"));
        QCOMPARE(r.worker->attempts(), 1);
        QCOMPARE(r.names("child_exited"), QStringList{"child_exited shutdown:llm_auth"});
        r.f.clock.advance(60'000);
        QCOMPARE(r.names("child_started").size(), 1);
    }

    void persistentFailureIsRetriedOnce() {
        Run r;
        r.f.llm.push(failing("protocol"));
        r.f.llm.push(failing("protocol"));
        r.submit();
        QTRY_COMPARE(r.names("child_exited").size(), 1);
        r.f.clock.advance(1000);
        QTRY_COMPARE(r.status(), QStringLiteral("failed"));
        QCOMPARE(r.worker->attempts(), 2);
        QCOMPARE(r.names("child_exited"), (QStringList{"child_exited crash:llm_protocol",
                                                       "child_exited shutdown:llm_protocol"}));
    }

    void transientFailuresStopAfterTheLastAttempt() {
        Run r;
        for (int i = 0; i < Worker::kMaxAttempts; ++i)
            r.f.llm.push(failing("overloaded"));
        r.submit();
        for (int i = 1; i < Worker::kMaxAttempts; ++i) {
            QTRY_COMPARE(r.names("child_exited").size(), i);
            r.f.clock.advance(1000LL << (i - 1));  // backoff 1, 2, 4 s
        }
        QTRY_COMPARE(r.status(), QStringLiteral("failed"));
        QCOMPARE(r.worker->attempts(), Worker::kMaxAttempts);
        QCOMPARE(r.names("child_restarted").size(), Worker::kMaxAttempts - 1);
    }

    // A worker cancelled while it waits for its restart stays cancelled.
    void cancelDuringTheBackoffWins() {
        Run r;
        r.f.llm.push(failing("network"));
        r.submit();
        QTRY_VERIFY(r.worker->status() == WorkerStatus::Restarting);
        r.worker->stop(WorkerStatus::Cancelled, QStringLiteral("user"));
        QCOMPARE(r.status(), QStringLiteral("cancelled"));
        r.f.clock.advance(5000);
        QCOMPARE(r.worker->attempts(), 1);
        QCOMPARE(r.f.llm.requests().size(), 1);
    }

    // The tree for the dashboard: the pool's supervisor and its running worker.
    void theTreeShowsTheRunningWorker() {
        Run r;
        r.f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"), "{}"}});
        r.submit();
        QTRY_COMPARE(r.f.tool->running, 1);
        const QJsonObject tree = r.f.pool->supervisionSnapshot();
        QCOMPARE(tree.value("strategy").toString(), QStringLiteral("simple_one_for_one"));
        const QJsonArray children = tree.value("children").toArray();
        QCOMPARE(children.size(), 1);
        QCOMPARE(children.first().toObject().value("state").toString(), QStringLiteral("running"));
        // Whose worker it is: the dashboard shows each owner only its own (treeForOwner).
        QCOMPARE(children.first().toObject().value("job_id").toInteger(), r.jobId);
        QCOMPARE(children.first().toObject().value("owner_id").toInteger(), 1);
    }
};

QTEST_GUILESS_MAIN(TestWorkerSupervision)
#include "test_worker_supervision.moc"
