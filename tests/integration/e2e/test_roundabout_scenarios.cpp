// The roundabout seed's four scenarios, for real: the supervisor, the worker and the decider talk
// to the loopback LLM server over HTTP, the worker runs commands over libssh on a real OpenSSH
// sshd, and the manual clock drives the checks.
#include "core/clock.h"
#include "core/event_bus.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "roundabout/llm_decider.h"
#include "runtime/backend.h"
#include "sshd_fixture.h"
#include "storage/artifact_store.h"
#include "storage/store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::SshdFixture;

namespace {

QJsonObject sup(const QJsonObject& r) {
    QJsonObject o = r;
    o.insert("model", "supervisor-model");
    return o;
}
QJsonObject wrk(const QJsonObject& r) {
    QJsonObject o = r;
    o.insert("model", "worker-model");
    return o;
}
QJsonObject text(const QString& model, const QString& t) {
    return {{"model", model}, {"content", t}};
}
QJsonObject call(const QString& id, const QString& name, const QJsonObject& args) {
    return {
        {"tool_calls", QJsonArray{QJsonObject{{"id", id}, {"name", name}, {"arguments", args}}}}};
}
QJsonObject spawn(const QString& task) {
    return sup(call("s1", "spawn_worker", {{"task", task}}));
}
QJsonObject ssh(const QString& command) {
    return wrk(call("w1", "ssh_exec", {{"host", "testbox"}, {"command", command}}));
}

// The single tool result the supervisor's second request carries, parsed.
QJsonObject toolResultOf(const QJsonObject& request) {
    for (const QJsonValue& v : request.value("messages").toArray()) {
        const QJsonObject m = v.toObject();
        if (m.value("role").toString() == QLatin1String("tool"))
            return QJsonDocument::fromJson(m.value("content").toString().toUtf8()).object();
    }
    return {};
}

}  // namespace

class TestRoundaboutScenarios : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QString m_problem;

    struct Session {
        QTemporaryDir dir;
        ManualClock clock;
        FakeLlmServer llm;
        QList<Event> events;
        std::unique_ptr<Backend> backend;
        std::unique_ptr<QSignalSpy> done;

        QString workerId() const {
            const auto jobs = backend->store()->listJobs(1, 5);
            return jobs && !jobs->isEmpty() ? jobs->first().workerId : QString();
        }
        QStringList checkFiles() const {
            QStringList out;
            const auto files = backend->artifacts()->listFiles(workerId(), 1);
            for (const QString& f : files ? files.value() : QStringList()) {
                if (f.startsWith(QLatin1String("monitoring/")))
                    out.append(f);
            }
            return out;
        }
        QJsonObject checkFile(const QString& name) const {
            const auto bytes = backend->artifacts()->readFile(workerId(), 1, name);
            return bytes ? QJsonDocument::fromJson(bytes.value()).object() : QJsonObject();
        }
        int requestsFor(const QString& model) const {
            return int(llm.requestsForModel(model).size());
        }
        // Advances the clock by one check interval and waits until that check is on disk (its
        // decision, also one the decider model was asked for, is in).
        bool tick(int expectedChecks) {
            clock.advance(5000);
            QDeadlineTimer deadline(15000);
            while (!deadline.hasExpired()) {
                if (checkFiles().size() >= expectedChecks)
                    return true;
                QTest::qWait(10);
            }
            return false;
        }
    };

    std::unique_ptr<Session> open(const QJsonArray& responses, const QString& hostsFile = {},
                                  int maxIterations = 12) {
        auto s = std::make_unique<Session>();
        if (!s->llm.start())
            return nullptr;
        s->llm.setScenario({{"responses", responses}});
        Settings settings;
        settings.dataDir = s->dir.path();
        settings.hostsFile = hostsFile.isEmpty() ? m_sshd.writeHostsFile(QStringLiteral("testbox"),
                                                                         m_sshd.knownHostsPath())
                                                 : hostsFile;
        settings.knownHostsFile = m_sshd.knownHostsPath();
        settings.llmBaseUrl = s->llm.baseUrl();
        settings.pricingFile = s->dir.filePath(QStringLiteral("no-pricing.json"));
        settings.model = QStringLiteral("supervisor-model");
        settings.workerModel = QStringLiteral("worker-model");
        settings.deciderModel = QStringLiteral("decider-model");
        settings.summaryModel = QStringLiteral("summary-model");
        settings.checkIntervalSeconds = 5;
        settings.runTimeoutSeconds = 0;  // the manual clock decides; no run timeout here
        settings.maxIterations = maxIterations;
        auto b = Backend::create(settings, &s->clock);
        if (!b) {
            qWarning("%s", qPrintable(b.error().message));
            return nullptr;
        }
        s->backend = std::move(b).value();
        Session* raw = s.get();
        connect(s->backend->bus(), &EventBus::published, this,
                [raw](const Event& e) { raw->events.append(e); });
        s->done = std::make_unique<QSignalSpy>(s->backend->jarvis(), &JarvisService::runFinished);
        return s;
    }

    static bool sawToolStart(const Session& s) {
        for (const Event& e : s.events) {
            if (e.name == QLatin1String("worker_tool_started"))
                return true;
        }
        return false;
    }

    // No roundabout check, decider prompt or monitoring payload ever reaches the supervisor.
    static void assertThreadIsClean(const Session& s) {
        for (const QJsonObject& r : s.llm.requestsForModel(QStringLiteral("supervisor-model"))) {
            const QString body = QString::fromUtf8(QJsonDocument(r).toJson());
            QVERIFY2(!body.contains(QStringLiteral("current_operation")), qPrintable(body));
            QVERIFY(!body.contains(LlmDecider::systemPrompt().left(60)));
            QVERIFY(!body.contains(QStringLiteral("monitoring/check_")));
        }
    }

private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        if (!m_sshd.available(&m_problem))
            QSKIP(qPrintable(m_problem));
        QVERIFY2(m_sshd.start(&m_problem), qPrintable(m_problem));
    }

    // 1. Three checks that wait while `sleep 4; df -h /` runs, then the worker finishes and the
    //    roundabout leaves at once with the complete shape.
    void normalCompletion() {
        auto s = open(
            {spawn("Check disk on testbox"), ssh("sleep 4; df -h /"), text("decider-model", "wait"),
             text("decider-model", "wait"), text("decider-model", "wait"),
             wrk(text("worker-model", "testbox: / has room")), text("summary-model", "disk fine"),
             sup(text("supervisor-model", "Your disk is fine."))});
        QVERIFY(s);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("check disk on testbox")));
        QTRY_VERIFY_WITH_TIMEOUT(sawToolStart(*s), 15000);
        QVERIFY(s->tick(1));
        QVERIFY(s->tick(2));
        QVERIFY(s->tick(3));
        // (QSignalSpy::wait would miss a run that already ended during an earlier QTRY.)
        QTRY_COMPARE_WITH_TIMEOUT(s->done->count(), 1, 30000);
        QVERIFY(s->done->first().at(1).toBool());

        const QStringList checks = s->checkFiles();
        QCOMPARE(checks, (QStringList{"monitoring/check_005s.json", "monitoring/check_010s.json",
                                      "monitoring/check_015s.json"}));
        for (const QString& f : checks) {
            const QJsonObject c = s->checkFile(f);
            QCOMPARE(c.value("decision").toObject().value("action").toString(),
                     QStringLiteral("wait"));
            QCOMPARE(
                c.value("saw").toObject().value("current_operation").toObject().value("command"),
                QJsonValue(QStringLiteral("sleep 4; df -h /")));
        }
        // 5 s (new) and 10 s (the operation's age crossed 8 s) asked the model; 15 s had nothing
        // new to show, so it waited without a call.
        QCOMPARE(s->requestsFor(QStringLiteral("decider-model")), 2);
        QCOMPARE(s->checkFile(checks.last()).value("decision").toObject().value("source"),
                 QJsonValue(QStringLiteral("unchanged")));
        const auto supReqs = s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(supReqs.size(), 2);
        const QJsonObject shape = toolResultOf(supReqs.at(1));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("complete"));
        QCOMPARE(shape.value("result").toString(), QStringLiteral("testbox: / has room"));
        assertThreadIsClean(*s);
    }

    // 2. `echo ping` succeeded and the worker's model is slow to write it up: the decider sees
    //    the output, answers exit, the worker is stopped and the findings go back.
    void earlyExit() {
        auto s = open({spawn("Check that testbox is reachable"), ssh("echo ping"),
                       // The worker's write-up never comes: the stream stalls.
                       wrk({{"content", "testbox answered"}, {"stall_after_bytes", 0}}),
                       text("decider-model", "exit: testbox is reachable (echo ping answered)"),
                       text("summary-model", "stopped early"),
                       sup(text("supervisor-model", "Yes, testbox is online."))});
        QVERIFY(s);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("is testbox online? check it")));
        QTRY_VERIFY_WITH_TIMEOUT(s->requestsFor(QStringLiteral("worker-model")) == 2, 15000);
        QVERIFY(s->tick(1));
        // (QSignalSpy::wait would miss a run that already ended during an earlier QTRY.)
        QTRY_COMPARE_WITH_TIMEOUT(s->done->count(), 1, 30000);
        QVERIFY(s->done->first().at(1).toBool());
        const QJsonObject shape =
            toolResultOf(s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("early_exit"));
        QCOMPARE(shape.value("partial_findings").toString(),
                 QStringLiteral("testbox is reachable (echo ping answered)"));
        QCOMPARE(shape.value("activity_at_exit").toObject().value("completed_operations").toInt(),
                 1);
        // The decider saw the command's output.
        const QString decider = QString::fromUtf8(
            QJsonDocument(s->llm.requestsForModel(QStringLiteral("decider-model")).first())
                .toJson());
        QVERIFY(decider.contains(QStringLiteral("echo ping")));
        QVERIFY(decider.contains(QStringLiteral("\\\"output\\\"")));
        // The worker was stopped.
        QCOMPARE(statusName(s->backend->store()->listJobs(1, 5)->first().status),
                 QStringLiteral("cancelled"));
        bool decided = false;
        for (const Event& e : s->events) {
            decided |= e.name == QLatin1String("roundabout_decision") &&
                       e.data.value("decision").toString() == QLatin1String("exit");
        }
        QVERIFY(decided);
        assertThreadIsClean(*s);
    }

    // 3. `sleep 617` hangs; the decider waits once, then cancels: the remote sleep is gone
    //    within 2 s and the supervisor gets the cancelled shape with the reason.
    void stuckCommandIsCancelled() {
        const QString marker = QStringLiteral("sleep 617");
        SshdFixture::killCommand(marker);
        auto s = open({spawn("Check disk on testbox"), ssh(marker), text("decider-model", "wait"),
                       text("decider-model", "cancel: sleep 617 has made no progress"),
                       text("summary-model", "cancelled"),
                       sup(text("supervisor-model", "The command hung; I stopped it."))});
        QVERIFY(s);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("check disk on testbox")));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), 15000);
        QVERIFY(s->tick(1));     // 5 s: wait
        s->clock.advance(5000);  // 10 s: cancel
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), 2000);
        // (QSignalSpy::wait would miss a run that already ended during an earlier QTRY.)
        QTRY_COMPARE_WITH_TIMEOUT(s->done->count(), 1, 30000);
        const QJsonObject shape =
            toolResultOf(s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(shape.value("reason").toString(),
                 QStringLiteral("sleep 617 has made no progress"));
        QCOMPARE(statusName(s->backend->store()->listJobs(1, 5)->first().status),
                 QStringLiteral("cancelled"));
        assertThreadIsClean(*s);
        SshdFixture::killCommand(marker);
    }

    // 5. A worker that makes 25 calls before the first check: the decider sees the newest 20
    //    with omitted_entries 5, answers a bare `exit` (the seed's one-word format), and the
    //    supervisor gets the early-exit shape with all 25 calls counted and the latest output as
    //    findings. (Before the fix the log was cut to 20 before the payload was built, and a bare
    //    exit was an invalid answer, so a wait.)
    void manyCallsThenBareExit() {
        QJsonArray responses{spawn("List the numbers on testbox")};
        for (int i = 1; i <= 25; ++i) {
            responses.append(
                wrk(call(QStringLiteral("w%1").arg(i), "ssh_exec",
                         {{"host", "testbox"}, {"command", QStringLiteral("echo n%1").arg(i)}})));
        }
        // The worker's write-up never comes: the stream stalls.
        responses.append(wrk({{"content", "all listed"}, {"stall_after_bytes", 0}}));
        responses.append(text("decider-model", "exit"));
        responses.append(text("summary-model", "stopped early"));
        responses.append(sup(text("supervisor-model", "The numbers go up to 25.")));
        auto s = open(responses, {}, 30);  // 25 calls, one per model turn
        QVERIFY(s);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("list the numbers on testbox")));
        QTRY_VERIFY_WITH_TIMEOUT(s->requestsFor(QStringLiteral("worker-model")) == 26, 60000);
        QVERIFY(s->tick(1));
        QTRY_COMPARE_WITH_TIMEOUT(s->done->count(), 1, 30000);
        QVERIFY(s->done->first().at(1).toBool());

        const QJsonObject saw = s->checkFile(s->checkFiles().first()).value("saw").toObject();
        QCOMPARE(saw.value("activity").toArray().size(), 20);
        QCOMPARE(saw.value("omitted_entries").toInt(), 5);
        QCOMPARE(saw.value("activity").toArray().first().toObject().value("command"),
                 QJsonValue(QStringLiteral("echo n6")));

        const QJsonObject shape =
            toolResultOf(s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("early_exit"));
        QCOMPARE(shape.value("activity_at_exit").toObject().value("completed_operations").toInt(),
                 25);
        const QString findings = shape.value("partial_findings").toString();
        QVERIFY2(findings.contains(QStringLiteral("echo n25")) &&
                     findings.contains(QStringLiteral("n25")),
                 qPrintable(findings));
        assertThreadIsClean(*s);
    }

    // 4. No usable key: the worker fails before the first check, with the failure shape.
    void configurationErrorFailsFast() {
        QString error;
        const QString stranger = m_sshd.generateKey(QStringLiteral("roundabout_stranger"), &error);
        QVERIFY2(!stranger.isEmpty(), qPrintable(error));
        QTemporaryDir tmp;
        const QString hosts = tmp.filePath(QStringLiteral("hosts"));
        QFile f(hosts);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host testbox\n  HostName 127.0.0.1\n  Port %1\n  User %2\n"
                               "  IdentityFile %3\n  UserKnownHostsFile %4\n")
                    .arg(m_sshd.port())
                    .arg(m_sshd.userName(), stranger, m_sshd.knownHostsPath())
                    .toUtf8());
        f.close();
        auto s =
            open({spawn("Check disk on testbox"), ssh("df -h /"), text("summary-model", "no key"),
                  sup(text("supervisor-model", "SSH is not configured for testbox."))},
                 hosts);
        QVERIFY(s);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("check disk on testbox")));
        // No clock advance at all: the failure needs no check to be noticed.
        // (QSignalSpy::wait would miss a run that already ended during an earlier QTRY.)
        QTRY_COMPARE_WITH_TIMEOUT(s->done->count(), 1, 30000);
        QVERIFY(s->checkFiles().isEmpty());
        QCOMPARE(s->requestsFor(QStringLiteral("decider-model")), 0);
        const QJsonObject shape =
            toolResultOf(s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("failed"));
        const QJsonObject at = shape.value("activity_at_failure").toObject();
        QCOMPARE(at.value("error_code").toString(), QStringLiteral("auth_failed"));
        QVERIFY(at.value("last_operation").toString().contains(QStringLiteral("df -h /")));
        QVERIFY(shape.value("suggestion").toString().contains(QStringLiteral("key")));
    }
};

QTEST_GUILESS_MAIN(TestRoundaboutScenarios)
#include "test_roundabout_scenarios.moc"
