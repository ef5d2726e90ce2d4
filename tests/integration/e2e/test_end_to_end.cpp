// End to end through the real parts: the supervisor and a worker talk to the loopback LLM server
// over HTTP, the worker runs `df -h` over libssh on a real OpenSSH sshd, and everything lands in
// SQLite and the artifact folder.
#include "core/event_bus.h"
#include "core/json_util.h"
#include "fake_llm_server.h"
#include "http_stub.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "local_conversation.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"
#include "schedule/schedule_service.h"
#include "smtp_server.h"
#include "sshd_fixture.h"
#include "storage/artifact_store.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "ui/chat_model.h"
#include "ui/jarvis_controller.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::HttpStub;
using zerg::test::SmtpServer;
using zerg::test::SshdFixture;
using zerg::test::textResponse;
using zerg::test::toolCallResponse;

namespace {

// The scenario plus the summary model's answer for the one worker it runs.
QJsonObject withSummary(QJsonObject scenario, const QString& summary) {
    QJsonArray responses = scenario.value("responses").toArray();
    responses.append(textResponse(QStringLiteral("summary-model"), summary));
    scenario.insert("responses", responses);
    return scenario;
}

// The conversation of a request without its system messages (prompt, memory, fresh context).
QJsonArray conversation(const QJsonObject& request) {
    QJsonArray out;
    for (const QJsonValue& v : request.value("messages").toArray()) {
        if (v.toObject().value("role").toString() != QLatin1String("system"))
            out.append(v);
    }
    return out;
}

QJsonObject when(QJsonObject response, const char* key, const QString& text) {
    response.insert(QLatin1String(key), text);
    return response;
}

QList<QJsonObject> toolMessages(const QJsonObject& request) {
    QList<QJsonObject> out;
    for (const QJsonValue& v : request.value("messages").toArray()) {
        if (v.toObject().value("role").toString() == QLatin1String("tool"))
            out.append(v.toObject());
    }
    return out;
}

}  // namespace

class TestEndToEnd : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QString m_sshdProblem;

    struct Session {
        QTemporaryDir dir;
        FakeLlmServer llm;
        QList<Event> events;  // before the backend: it publishes while shutting down
        std::unique_ptr<Backend> backend;
    };

    // A backend on a fresh data dir, talking to a fresh fake LLM server with this scenario.
    std::unique_ptr<Session> open(const QJsonObject& scenario, const QString& knownHosts,
                                  const QString& provider = QStringLiteral("openai"),
                                  const std::function<void(Settings&)>& tweak = {}) {
        auto s = std::make_unique<Session>();
        if (!s->llm.start())
            return nullptr;
        s->llm.setScenario(scenario);
        Settings settings;
        settings.dataDir = s->dir.path();
        settings.hostsFile = m_sshd.writeHostsFile(QStringLiteral("testbox"), knownHosts);
        settings.knownHostsFile = knownHosts;
        settings.llmProvider = provider;
        settings.llmBaseUrl =
            provider == QLatin1String("anthropic") ? s->llm.rootUrl() : s->llm.baseUrl();
        settings.pricingFile = s->dir.filePath(QStringLiteral("no-pricing-override.json"));
        settings.model = QStringLiteral("supervisor-model");
        settings.workerModel = QStringLiteral("worker-model");
        // Its own model name, so a worker's summary call never takes another request's response.
        settings.summaryModel = QStringLiteral("summary-model");
        settings.checkIntervalSeconds = 1;
        settings.deciderModel = QStringLiteral("heuristic");  // no decider answers scripted
        // ZERG_TEST_DB=postgres (the _postgres variant): the same scenario on PostgreSQL.
        const auto url =
            zerg::test::testDatabaseUrl(s->dir.filePath(QStringLiteral("zerg.sqlite")));
        if (!url) {
            qWarning("%s", qPrintable(url.error().message));
            return nullptr;
        }
        settings.databaseUrl = url.value();
        if (tweak)
            tweak(settings);
        auto b = Backend::create(settings);
        if (!b) {
            qWarning("%s", qPrintable(b.error().message));
            return nullptr;
        }
        s->backend = std::move(b).value();
        Session* raw = s.get();
        connect(s->backend->bus(), &EventBus::published, this,
                [raw](const Event& e) { raw->events.append(e); });
        return s;
    }

    static bool ask(Session& s, const QString& task, bool* ok, QString* text) {
        QSignalSpy done(s.backend->jarvis(), &JarvisService::runFinished);
        const auto run = s.backend->jarvis()->ask(task);
        if (!run)
            return false;
        if (!done.wait(90000))
            return false;
        *ok = done.at(0).at(1).toBool();
        *text = done.at(0).at(2).toString();
        return true;
    }

    // The run's last event: worker_summary_ready is asynchronous and may come after it.
    static QString lastRunEvent(const Session& s) {
        for (qsizetype i = s.events.size() - 1; i >= 0; --i) {
            if (s.events.at(i).name != QLatin1String("worker_summary_ready"))
                return s.events.at(i).name;
        }
        return {};
    }

    static QStringList names(const Session& s) {
        QStringList out;
        for (const Event& e : s.events)
            out.append(e.name);
        return out;
    }

private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");  // only the fixture's key, never the developer's agent
        if (!m_sshd.available(&m_sshdProblem))
            QSKIP(qPrintable(m_sshdProblem));
        QVERIFY2(m_sshd.start(&m_sshdProblem), qPrintable(m_sshdProblem));
    }

    void diskCheckOnTestbox() {
        FakeLlmServer probe;  // the scenario file is the one the README demo uses too
        QVERIFY(probe.loadScenarioFile(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json")));
        QFile f(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString summary = QStringLiteral("testbox: df -h ran, root filesystem fine.");
        const QJsonObject scenario =
            withSummary(QJsonDocument::fromJson(f.readAll()).object(), summary);

        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("check disk usage on testbox"), &ok, &answer));
        QVERIFY2(ok, qPrintable(answer));
        QVERIFY(answer.contains(QStringLiteral("Disk usage on testbox")));

        // Events: the key milestones in order, the last one supervisor_complete, all owned.
        const QStringList got = names(*s);
        const QStringList milestones{
            "supervisor_started", "supervisor_thinking", "worker_spawned",
            "worker_started",     "worker_tool_started", "worker_tool_completed",
            "worker_complete",    "roundabout_decision", "supervisor_complete"};
        qsizetype at = 0;
        for (const QString& m : milestones) {
            at = got.indexOf(m, at);
            QVERIFY2(
                at >= 0,
                qPrintable(
                    QStringLiteral("missing or out of order: %1 in %2").arg(m, got.join(u','))));
        }
        QCOMPARE(lastRunEvent(*s), QStringLiteral("supervisor_complete"));
        // The model's summary arrives on its own time: the roundabout never waits for it.
        QTRY_VERIFY(names(*s).contains(QStringLiteral("worker_summary_ready")));
        QVERIFY(names(*s).indexOf(QStringLiteral("worker_complete")) <
                names(*s).indexOf(QStringLiteral("worker_summary_ready")));
        for (const Event& e : s->events) {
            QCOMPARE(e.data.value("owner_id").toInteger(), 1);
            QVERIFY2(e.data.contains("run_id"), qPrintable(e.name));
        }

        // Artifacts: one worker, success, the df output in tool_calls/.
        const auto workers = s->backend->artifacts()->listWorkers(1, 10);
        QVERIFY(workers);
        QCOMPARE(workers->size(), 1);
        const QJsonObject meta = workers->first();
        const QString workerId = meta.value("worker_id").toString();
        QVERIFY(workerId.endsWith(QStringLiteral("_check-disk-usage-on-testbox")));
        QCOMPARE(meta.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(meta.value("summary").toString(), summary);
        QCOMPARE(meta.value("summary_meta").toObject().value("model").toString(),
                 QStringLiteral("summary-model"));
        const auto toolFile = s->backend->artifacts()->readFile(
            workerId, 1, QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QVERIFY2(toolFile, toolFile ? "" : qPrintable(toolFile.error().message));
        QVERIFY(toolFile->contains("Filesystem"));
        QVERIFY(toolFile->contains("\"exit_code\":0"));
        const auto result = s->backend->artifacts()->readResult(workerId, 1);
        QVERIFY(result && result->contains(QStringLiteral("Disk usage on testbox")));
        const auto thread =
            s->backend->artifacts()->readFile(workerId, 1, QStringLiteral("thread.jsonl"));
        QVERIFY(thread);
        QCOMPARE(thread->trimmed().split('\n').size(), 5);  // system, user, call, result, answer

        // The database agrees.
        const auto jobs = s->backend->store()->listJobs(1, 10, std::nullopt);
        QVERIFY(jobs);
        QCOMPARE(jobs->size(), 1);
        QCOMPARE(statusName(jobs->first().status), QStringLiteral("success"));
        QCOMPARE(jobs->first().workerId, workerId);

        // The supervisor's second request carries exactly one tool result, for spawn_worker.
        const QList<QJsonObject> sup = s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(sup.size(), 2);
        const QList<QJsonObject> results = toolMessages(sup.at(1));
        QCOMPARE(results.size(), 1);
        QJsonObject shape;
        QVERIFY(json::parseObject(results.first().value("content").toString().toUtf8(), &shape));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("complete"));
        QCOMPARE(shape.value("worker_id").toString(), workerId);
        const QJsonArray calls =
            conversation(sup.at(1)).at(1).toObject().value("tool_calls").toArray();
        QCOMPARE(calls.first().toObject().value("id").toString(),
                 results.first().value("tool_call_id").toString());
        // The worker saw the real df output.
        const QList<QJsonObject> wrk = s->llm.requestsForModel(QStringLiteral("worker-model"));
        QCOMPARE(wrk.size(), 2);
        QVERIFY(toolMessages(wrk.at(1)).first().value("content").toString().contains(
            QStringLiteral("Filesystem")));

        // Zerg restarts: the window's chat shows the question and its answer again, with the
        // supervisor's path and the worker that answered it.
        const Settings settings = s->backend->settings();
        s->backend.reset();
        auto reopened = Backend::create(settings);
        QVERIFY2(reopened, reopened ? "" : qPrintable(reopened.error().message));
        s->backend = std::move(reopened).value();
        LocalConversation local(s->backend.get());
        JarvisController window(s->backend->bus(), &local, s->backend->clock());
        window.loadHistory();
        ChatModel* chat = window.chat();
        QCOMPARE(chat->count(), 2);
        const auto cell = [chat](int row, ChatModel::Roles role) {
            return chat->data(chat->index(row), role);
        };
        QCOMPARE(cell(0, ChatModel::TextRole).toString(),
                 QStringLiteral("check disk usage on testbox"));
        QCOMPARE(cell(1, ChatModel::RoleRole).toString(), QStringLiteral("assistant"));
        QCOMPARE(cell(1, ChatModel::TextRole).toString(), answer);
        QCOMPARE(cell(1, ChatModel::PathRole).toString(), QStringLiteral("supervisor"));
        QVERIFY(cell(1, ChatModel::RestoredRole).toBool());
        const QVariantList shown = cell(1, ChatModel::WorkersRole).toList();
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.first().toMap().value("workerId").toString(), workerId);
        QVERIFY(!window.hasOlder());
    }

    // A scheduled check end to end: the schedule runs through the supervisor in the background,
    // a worker runs df on the real sshd, the answer comes back critical, lands in the task inbox
    // and goes out by e-mail (a real SMTP server on loopback) and webhook (a loopback receiver).
    void aScheduledCheckReachesTheInboxEmailAndWebhook() {
        QString why;
        if (SmtpServer::findPython(&why).isEmpty())
            QSKIP(qPrintable(why));
        SmtpServer smtp;
        QVERIFY2(smtp.start(&why), qPrintable(why));
        HttpStub hook;
        QVERIFY(hook.start());
        hook.route("POST", "/alerts", 200, "{}");
        const QJsonObject scenario{
            {"responses",
             QJsonArray{
                 QJsonObject{
                     {"model", "supervisor-model"},
                     {"when_request_contains", "[SCHEDULED CHECK]"},
                     {"tool_calls",
                      QJsonArray{QJsonObject{
                          {"id", "call_sched_1"},
                          {"name", "spawn_worker"},
                          {"arguments", QJsonObject{{"task", "Check disk usage on testbox"}}}}}}},
                 QJsonObject{
                     {"model", "worker-model"},
                     {"tool_calls",
                      QJsonArray{QJsonObject{
                          {"id", "call_w_1"},
                          {"name", "ssh_exec"},
                          {"arguments", QJsonObject{{"host", "testbox"}, {"command", "df -h"}}}}}}},
                 QJsonObject{{"model", "worker-model"},
                             {"content", "testbox: df -h ran; / is at 99%."}},
                 QJsonObject{{"model", "supervisor-model"},
                             {"content",
                              "## Disk on testbox\n\n/ is at 99%: clean it up now."
                              "\n\nSeverity: critical"}},
                 QJsonObject{{"model", "summary-model"}, {"content", "df on testbox: 99%."}}}}};
        auto s = open(scenario, m_sshd.knownHostsPath(), QStringLiteral("openai"),
                      [&](Settings& settings) {
                          settings.smtpHost = QStringLiteral("127.0.0.1");
                          settings.smtpPort = smtp.port();
                          settings.smtpTls = QStringLiteral("none");
                          settings.smtpFrom = QStringLiteral("zerg@example.org");
                          settings.alertEmailTo = QStringLiteral("oncall@example.org");
                          settings.webhookUrl = hook.baseUrl() + QStringLiteral("/alerts");
                          settings.webhookFormat = QStringLiteral("json");
                      });
        QVERIFY(s);
        s->backend->startBackgroundServices();
        ScheduleService* scheduler = s->backend->scheduler();
        const auto schedule = scheduler->createSchedule(
            QStringLiteral("disk watch"), QStringLiteral("check disk usage on testbox"),
            QStringLiteral("0 6 * * *"), QStringLiteral("UTC"));
        QVERIFY2(schedule, schedule ? "" : qPrintable(schedule.error().message));
        QSignalSpy delivered(scheduler, &ScheduleService::delivered);
        QVERIFY(scheduler->runNow(schedule->id));
        QVERIFY(delivered.wait(90000));

        const InboxItem item = delivered.first().first().value<InboxItem>();
        QCOMPARE(item.title, QStringLiteral("disk watch"));
        QCOMPARE(item.severity, QStringLiteral("critical"));
        QVERIFY(item.body.contains(QStringLiteral("/ is at 99%")));
        QCOMPARE(s->backend->schedules()->unreadCount(1).value(), 1);
        const auto runs = s->backend->schedules()->listScheduleRuns(1, schedule->id, 5);
        QCOMPARE(statusName(runs->first().status), QStringLiteral("success"));
        QCOMPARE(runs->first().trigger, QStringLiteral("manual"));
        QCOMPARE(s->backend->store()->run(item.runId)->mode, QStringLiteral("background"));
        // The worker really ran df on the test server.
        const QList<QJsonObject> wrk = s->llm.requestsForModel(QStringLiteral("worker-model"));
        QCOMPARE(wrk.size(), 2);
        QVERIFY(toolMessages(wrk.at(1)).first().value("content").toString().contains(
            QStringLiteral("Filesystem")));

        QTRY_COMPARE_WITH_TIMEOUT(smtp.messages().size(), 1, 30000);
        QCOMPARE(smtp.messages().first().value("rcpt_tos").toArray(),
                 QJsonArray{"oncall@example.org"});
        QCOMPARE(smtp.messages().first().value("subject").toString(),
                 QStringLiteral("Zerg: [CRITICAL] disk watch"));
        QTRY_COMPARE_WITH_TIMEOUT(hook.requests().size(), 1, 30000);
        QCOMPARE(QJsonDocument::fromJson(hook.requests().first().body)
                     .object()
                     .value("title")
                     .toString(),
                 QStringLiteral("[CRITICAL] disk watch"));
    }

    void anthropicProviderEndToEndWithUsageRecorded() {
        QFile f(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto s = open(withSummary(QJsonDocument::fromJson(f.readAll()).object(),
                                  QStringLiteral("testbox disks fine.")),
                      m_sshd.knownHostsPath(), QStringLiteral("anthropic"));
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("check disk usage on testbox"), &ok, &answer));
        QVERIFY2(ok, qPrintable(answer));
        QVERIFY(answer.contains(QStringLiteral("Disk usage on testbox")));
        // Every request went to the Messages API, with the tool result as a tool_result block.
        const QList<QJsonObject> sup = s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(sup.size(), 2);
        const QJsonArray msgs = sup.at(1).value("messages").toArray();
        const QJsonObject last = msgs.last().toObject();
        QCOMPARE(last.value("role").toString(), QStringLiteral("user"));
        QCOMPARE(last.value("content").toArray().at(0).toObject().value("type").toString(),
                 QStringLiteral("tool_result"));
        // The last event of the run (the summary may arrive after it: it is asynchronous).
        Event done;
        for (const Event& e : s->events) {
            if (e.name != QLatin1String("worker_summary_ready"))
                done = e;
        }
        QCOMPARE(done.name, QStringLiteral("supervisor_complete"));
        QTRY_VERIFY(names(*s).contains(QStringLiteral("worker_summary_ready")));
        // One usage row per model call (2 supervisor + 2 worker + the worker's summary), tied to
        // the run; the fake models are not in the price table and the server is local: cost 0,
        // not unknown.
        const auto calls = s->backend->store()->listLlmCalls(1, 10, std::nullopt);
        QVERIFY(calls);
        QCOMPARE(calls->size(), 5);
        QSet<QString> roles;
        for (const auto& c : calls.value())
            roles.insert(c.role);
        QCOMPARE(roles, (QSet<QString>{QStringLiteral("supervisor"), QStringLiteral("worker"),
                                       QStringLiteral("summary")}));
        // The summary call runs alongside the supervisor's last call, so the run's usage at
        // supervisor_complete may or may not include it yet.
        const int callsAtEnd = done.data.value("usage").toObject().value("calls").toInt();
        QVERIFY2(callsAtEnd == 4 || callsAtEnd == 5, qPrintable(QString::number(callsAtEnd)));
        QCOMPARE(done.data.value("usage").toObject().value("cost_usd").toDouble(), 0.0);
    }

    void hostOutsideTheAllowlistFailsFast() {
        const QJsonObject scenario{
            {"responses",
             QJsonArray{toolCallResponse("supervisor-model", "call_s1", "spawn_worker",
                                         {{"task", "Check disk on prod-db"}}),
                        toolCallResponse("worker-model", "call_w1", "ssh_exec",
                                         {{"host", "prod-db"}, {"command", "df -h"}}),
                        textResponse("worker-model", "should never be asked"),
                        textResponse("supervisor-model", "prod-db is not configured.")}}};
        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("check disk on prod-db"), &ok, &answer));
        QVERIFY(ok);
        QCOMPARE(s->llm.requestsForModel(QStringLiteral("worker-model")).size(), 1);
        const QJsonObject req = s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1);
        QJsonObject shape;
        QVERIFY(json::parseObject(toolMessages(req).first().value("content").toString().toUtf8(),
                                  &shape));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("failed"));
        QVERIFY(shape.value("error").toString().contains(QStringLiteral("prod-db")));
        QVERIFY(
            shape.value("error").toString().contains(QStringLiteral("testbox")));  // allowed ones
        QVERIFY(shape.contains("activity_at_failure"));
        QVERIFY(shape.contains("suggestion"));
        const auto jobs = s->backend->store()->listJobs(1, 10, std::nullopt);
        QCOMPARE(statusName(jobs->first().status), QStringLiteral("failed"));
        QVERIFY(names(*s).contains(QStringLiteral("worker_tool_failed")));
    }

    void changedHostKeyIsRefused() {
        const QJsonObject scenario{
            {"responses",
             QJsonArray{toolCallResponse("supervisor-model", "call_s1", "spawn_worker",
                                         {{"task", "Check disk on testbox"}}),
                        toolCallResponse("worker-model", "call_w1", "ssh_exec",
                                         {{"host", "testbox"}, {"command", "df -h"}}),
                        textResponse("worker-model", "should never be asked"),
                        textResponse("supervisor-model", "The host key of testbox changed.")}}};
        auto s = open(scenario, m_sshd.wrongKnownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("check disk on testbox"), &ok, &answer));
        QCOMPARE(s->llm.requestsForModel(QStringLiteral("worker-model")).size(), 1);
        const QJsonObject req = s->llm.requestsForModel(QStringLiteral("supervisor-model")).at(1);
        QJsonObject shape;
        QVERIFY(json::parseObject(toolMessages(req).first().value("content").toString().toUtf8(),
                                  &shape));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("failed"));
        QVERIFY(shape.value("error").toString().contains(QStringLiteral("SHA256:")));
        QCOMPARE(shape.value("activity_at_failure").toObject().value("error_code").toString(),
                 QStringLiteral("host_key_changed"));
    }

    void theSupervisorThreadIsOneLongLivedBrain() {
        const QJsonObject scenario{
            {"responses", QJsonArray{textResponse("supervisor-model", "Hello."),
                                     textResponse("supervisor-model", "You said hi before.")}}};
        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("hi"), &ok, &answer));
        const qint64 thread = s->backend->jarvis()->threadId();
        QVERIFY(ask(*s, QStringLiteral("what did I say?"), &ok, &answer));
        QCOMPARE(s->backend->jarvis()->threadId(), thread);
        const QJsonArray second = conversation(s->llm.requests().at(1));
        // hi, Hello., what did I say?
        QCOMPARE(second.size(), 3);
        QCOMPARE(second.at(0).toObject().value("content").toString(), QStringLiteral("hi"));
        QCOMPARE(second.at(1).toObject().value("content").toString(), QStringLiteral("Hello."));
    }

    // Settings › models apply without a restart (Backend::applyModels, as the window calls it
    // when a model row is saved): the next request goes to the new model, the thread goes on.
    void aChangedModelAppliesToTheNextRequest() {
        const QJsonObject scenario{
            {"responses", QJsonArray{textResponse("supervisor-model", "Hello."),
                                     textResponse("other-model", "Hello again.")}}};
        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("hi"), &ok, &answer));
        QCOMPARE(answer, QStringLiteral("Hello."));
        Settings changed = s->backend->settings();
        changed.model = QStringLiteral("other-model");
        s->backend->applyModels(changed);
        QCOMPARE(s->backend->settings().model, QStringLiteral("other-model"));
        QVERIFY(ask(*s, QStringLiteral("hi once more"), &ok, &answer));
        QVERIFY(ok);
        QCOMPARE(answer, QStringLiteral("Hello again."));
        QCOMPARE(s->llm.requestsForModel(QStringLiteral("supervisor-model")).size(), 1);
        const QList<QJsonObject> other = s->llm.requestsForModel(QStringLiteral("other-model"));
        QCOMPARE(other.size(), 1);
        QCOMPARE(conversation(other.at(0)).size(), 3);  // the same thread: hi, Hello., hi once more
    }

    // "Check my server health": two workers at once on the real host, one for the disks and one
    // for the processes; the supervisor synthesizes after both are done.
    void serverHealthRunsTwoWorkersInParallel() {
        const QString disk = QStringLiteral("Check disk usage on testbox");
        const QString procs = QStringLiteral("List the busiest processes on testbox");
        QJsonObject spawnBoth{
            {"model", "supervisor-model"},
            {"tool_calls", QJsonArray{QJsonObject{{"id", "c_disk"},
                                                  {"name", "spawn_worker"},
                                                  {"arguments", QJsonObject{{"task", disk}}}},
                                      QJsonObject{{"id", "c_procs"},
                                                  {"name", "spawn_worker"},
                                                  {"arguments", QJsonObject{{"task", procs}}}}}}};
        const QJsonObject scenario{
            {"responses",
             QJsonArray{
                 spawnBoth,
                 when(toolCallResponse("worker-model", "w_disk", "ssh_exec",
                                       {{"host", "testbox"}, {"command", "df -h /"}}),
                      "when_request_contains", disk),
                 when(toolCallResponse("worker-model", "w_procs", "ssh_exec",
                                       {{"host", "testbox"}, {"command", "ps -eo pid,comm"}}),
                      "when_request_contains", procs),
                 when(textResponse("worker-model", "testbox: / has room."), "when_request_contains",
                      disk),
                 when(textResponse("worker-model", "testbox: sshd is running."),
                      "when_request_contains", procs),
                 textResponse("summary-model", "disk fine"),
                 textResponse("summary-model", "processes fine"),
                 textResponse("supervisor-model", "## testbox is healthy\n\nDisk and processes."),
             }}};
        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("Check my server health"), &ok, &answer));
        QVERIFY2(ok, qPrintable(answer));
        QVERIFY(answer.contains(QStringLiteral("testbox is healthy")));

        const auto jobs = s->backend->store()->listJobs(1, 10);
        QCOMPARE(jobs->size(), 2);
        for (const WorkerJobRecord& j : jobs.value())
            QCOMPARE(statusName(j.status), QStringLiteral("success"));
        // Both workers were started before either finished: they ran in parallel.
        const QStringList got = names(*s);
        QCOMPARE(got.count(QStringLiteral("worker_started")), 2);
        QVERIFY(got.lastIndexOf(QStringLiteral("worker_started")) <
                got.indexOf(QStringLiteral("worker_complete")));
        // Per job: spawned < started < tool started < tool completed < complete; and the answer
        // comes after both workers.
        for (const WorkerJobRecord& j : jobs.value()) {
            QStringList mine;
            for (const Event& e : s->events) {
                if (e.data.value("job_id").toInteger() == j.id)
                    mine.append(e.name);
            }
            const QStringList order{"worker_spawned", "worker_started", "worker_tool_started",
                                    "worker_tool_completed", "worker_complete"};
            qsizetype at = 0;
            for (const QString& name : order) {
                at = mine.indexOf(name, at);
                QVERIFY2(at >= 0, qPrintable(name + QStringLiteral(" in ") + mine.join(u',')));
            }
        }
        QCOMPARE(lastRunEvent(*s), QStringLiteral("supervisor_complete"));
        QVERIFY(got.lastIndexOf(QStringLiteral("worker_complete")) <
                got.indexOf(QStringLiteral("supervisor_complete")));
        // The synthesis request carries both results, each from the real host.
        const QList<QJsonObject> sup = s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(sup.size(), 2);
        const QList<QJsonObject> results = toolMessages(sup.at(1));
        QCOMPARE(results.size(), 2);
        const QString both =
            results.at(0).value("content").toString() + results.at(1).value("content").toString();
        QVERIFY(both.contains(QStringLiteral("/ has room")));
        QVERIFY(both.contains(QStringLiteral("sshd is running")));
        QVERIFY(
            s->backend->artifacts()
                ->readFile(jobs->at(0).workerId, 1, QStringLiteral("tool_calls/001_ssh_exec.txt"))
                .ok());
    }

    // A follow-up within 10 minutes is answered from the earlier worker: the supervisor's
    // request lists it, so the scenario's answer (which requires that list) is taken, and the
    // trap response (a second spawn, taken only by a request without the list) stays unused.
    void aFollowUpReusesTheEarlierWorker() {
        const QString recent = QStringLiteral("Workers from the last 10 minutes");
        const QJsonObject scenario{
            {"responses",
             QJsonArray{
                 when(toolCallResponse("supervisor-model", "s1", "spawn_worker",
                                       {{"task", "Check the backups on testbox"}}),
                      "unless_request_contains", recent),
                 toolCallResponse("worker-model", "w1", "ssh_exec",
                                  {{"host", "testbox"}, {"command", "echo kopia-snapshot-ok"}}),
                 textResponse("worker-model", "Backups on testbox: kopia-snapshot-ok."),
                 textResponse("summary-model", "testbox backups OK (kopia-snapshot-ok)"),
                 textResponse("supervisor-model", "Your backups are fine."),
                 when(toolCallResponse("supervisor-model", "s2", "spawn_worker",
                                       {{"task", "Check the backups on testbox again"}}),
                      "unless_request_contains", recent),
                 when(textResponse("supervisor-model",
                                   "Yes: the check a moment ago found kopia-snapshot-ok."),
                      "when_request_contains", recent),
             }}};
        auto s = open(scenario, m_sshd.knownHostsPath());
        QVERIFY(s);
        bool ok = false;
        QString answer;
        QVERIFY(ask(*s, QStringLiteral("check my backups on testbox"), &ok, &answer));
        QVERIFY2(ok, qPrintable(answer));
        QTRY_VERIFY(names(*s).contains(QStringLiteral("worker_summary_ready")));
        const QString workerId = s->backend->store()->listJobs(1, 5)->first().workerId;

        QVERIFY(ask(*s, QStringLiteral("are my backups working?"), &ok, &answer));
        QVERIFY2(ok, qPrintable(answer));
        QCOMPARE(answer, QStringLiteral("Yes: the check a moment ago found kopia-snapshot-ok."));
        QCOMPARE(s->backend->store()->listJobs(1, 5)->size(), 1);  // no second worker
        const QList<QJsonObject> sup = s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        const QString last = QString::fromUtf8(QJsonDocument(sup.last()).toJson());
        QVERIFY(last.contains(workerId));
        QVERIFY(last.contains(QStringLiteral("testbox backups OK")));  // the summary
        QCOMPARE(s->llm.remainingResponses(), 1);                      // the trap
    }
};

QTEST_GUILESS_MAIN(TestEndToEnd)
#include "test_end_to_end.moc"
