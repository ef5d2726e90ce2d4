// Several `zerg serve` processes on one PostgreSQL database (issue 26): real processes, a real
// PostgreSQL server on loopback, the loopback LLM server. A run started on instance a stays
// running while b and c start and sweep; `zerg instances list` shows all three and what a holds;
// after `kill -9` of a, one of the others takes a's run over (once) and finishes it, and a is
// listed as lost; a run for which something changed is declared interrupted instead. A draining
// instance (SIGTERM) refuses new work, says so at /health, lets its run go on for
// ZERG_DRAIN_SECONDS, then hands it back and stops cleanly; the next instance finishes it. A client
// connected to one instance follows a run that another executes (events across instances: the
// journal and NOTIFY). A schedule's missed occurrence, found by three instances starting together,
// runs once.
#include "fake_llm_server.h"
#include "postgres_fixture.h"
#include "serve_process.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"

#include "core/event_bus.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace zerg;
using namespace zerg::test;

namespace {

constexpr int kLeaseSeconds = 3;

struct Instance {
    QTemporaryDir home, data;
    QProcessEnvironment env;
    ServeProcess serve;
};

// A logged-in API client of one instance.
struct Client {
    SystemClock clock;
    EventBus bus{&clock};
    std::unique_ptr<api::RemoteClient> remote;

    // Logs in with the device secret and connects; false (said in the log) when it could not.
    bool connect(const QString& url, const QString& secret, QObject* context) {
        const QString token = loginToken(url, secret, context);
        if (token.isEmpty())
            return false;
        remote = std::make_unique<api::RemoteClient>(QUrl(url), token, &bus, &clock);
        remote->start();
        return QTest::qWaitFor(
            [this] { return remote->state() == api::RemoteClient::State::Connected; }, 10'000);
    }
};

}  // namespace

class TestServeInstances : public QObject {
    Q_OBJECT

    FakeLlmServer m_llm;
    QString m_url;  // the database
    std::unique_ptr<Database> m_db;
    Instance m_a, m_b, m_c;
    QString m_secret;

    void configure(Instance& i) {
        i.env = isolatedZergEnv(i.home.path(), i.data.path());
        i.env.insert(QStringLiteral("ZERG_DATABASE_URL"), m_url);
        i.env.insert(QStringLiteral("ZERG_LEASE_SECONDS"), QString::number(kLeaseSeconds));
        i.env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_llm.baseUrl());
        i.env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        i.env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
    }

    QJsonArray instances(Instance& i) {
        const ProgramRun r = runProgram(
            QStringLiteral(ZERG_EXE),
            {QStringLiteral("instances"), QStringLiteral("list"), QStringLiteral("--json")}, i.env,
            60'000);
        if (r.code != 0)
            qWarning("instances list: %s", r.err.constData());
        return QJsonDocument::fromJson(r.out).array();
    }
    QJsonObject instanceNamed(Instance& i, const QString& name) {
        for (const QJsonValue& v : instances(i)) {
            if (v.toObject().value(QStringLiteral("name")).toString() == name)
                return v.toObject();
        }
        return {};
    }
    RunRecord run(qint64 id) { return Store(m_db.get()).run(id).value(); }

    // GET /health of the instance: {HTTP status, body}.
    std::pair<int, QJsonObject> health(Instance& i) {
        QUrl url(i.serve.url());
        url.setScheme(QStringLiteral("http"));
        url.setPath(QStringLiteral("/health"));
        QNetworkAccessManager nam;
        QNetworkReply* reply = nam.get(QNetworkRequest(url));
        if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 10'000))
            return {0, {}};
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return {status, body};
    }

    // Dispatches a task through a connected client; the run id, or the error's code.
    static Result<qint64> dispatch(api::RemoteClient& client, QObject* context,
                                   const QString& task) {
        std::optional<Result<QJsonObject>> reply;
        client.request(QStringLiteral("dispatch"), {{QStringLiteral("task"), task}}, context,
                       [&](Result<QJsonObject> r) { reply = r; });
        if (!QTest::qWaitFor([&] { return reply.has_value(); }, 10'000))
            return Error{QStringLiteral("timeout"), QStringLiteral("no reply within 10 s")};
        if (!reply->ok())
            return reply->error();
        return (*reply)->value(QStringLiteral("run_id")).toInteger();
    }

private Q_SLOTS:
    void initTestCase() {
        auto server = PostgresServer::shared();
        if (!server)
            QFAIL(qPrintable(server.error().message));  // names scripts/setup
        auto url = server.value()->createDatabase(QStringLiteral("instances"));
        QVERIFY2(url, qPrintable(url ? QString() : url.error().message));
        m_url = url.value();
        auto db = Database::openConfigured(QString(), m_url);
        QVERIFY2(db, qPrintable(db ? QString() : db.error().message));
        m_db = std::move(db).value();  // the test reads; it never registers as an instance
        QVERIFY(m_llm.start());
        // The model never finishes its answer: the run stays running for as long as a lives.
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"content", "Checking"},
                                                                {"stall_after_bytes", 0}}}}});
        for (Instance* i : {&m_a, &m_b, &m_c})
            configure(*i);
        const ProgramRun device = runProgram(QStringLiteral(ZERG_EXE),
                                             {QStringLiteral("devices"), QStringLiteral("add"),
                                              QStringLiteral("ops"), QStringLiteral("--json")},
                                             m_a.env, 60'000);
        QCOMPARE(device.code, 0);
        m_secret = QJsonDocument::fromJson(device.out)
                       .object()
                       .value(QStringLiteral("device_secret"))
                       .toString();
        QVERIFY(!m_secret.isEmpty());
    }

    void aRunOutlivesOtherStartsAndIsTakenOverOnceWhenItsHolderDies() {
        QVERIFY(m_a.serve.start(QStringLiteral(ZERG_EXE), m_a.env,
                                {QStringLiteral("--instance-name"), QStringLiteral("a")}));
        Client client;
        QVERIFY(client.connect(m_a.serve.url(), m_secret, this));
        const Result<qint64> dispatched =
            dispatch(*client.remote, this, QStringLiteral("check disk usage on cube"));
        QVERIFY2(dispatched, qPrintable(dispatched ? QString() : dispatched.error().message));
        const qint64 runId = dispatched.value();
        QVERIFY(runId > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!m_llm.requests().isEmpty(), 20'000);  // the model is asked
        client.remote->stop();
        QCOMPARE(run(runId).status, RunStatus::Running);

        // b and c start on the same database: a's run is not theirs to end.
        QVERIFY(m_b.serve.start(QStringLiteral(ZERG_EXE), m_b.env,
                                {QStringLiteral("--instance-name"), QStringLiteral("b")}));
        QVERIFY(m_c.serve.start(QStringLiteral(ZERG_EXE), m_c.env,
                                {QStringLiteral("--instance-name"), QStringLiteral("c")}));
        QCOMPARE(run(runId).status, RunStatus::Running);
        // Longer than a lease, with b and c sweeping every second: a renews, its run stays.
        QTest::qWait((kLeaseSeconds + 2) * 1000);
        QCOMPARE(run(runId).status, RunStatus::Running);
        const QJsonObject a = instanceNamed(m_b, QStringLiteral("a"));
        QCOMPARE(a.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        QCOMPARE(a.value(QStringLiteral("runs_held")).toInt(), 1);
        QVERIFY(a.value(QStringLiteral("heartbeat_age_s")).toInteger() <= kLeaseSeconds);
        QCOMPARE(instanceNamed(m_b, QStringLiteral("b")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));
        QCOMPARE(instanceNamed(m_b, QStringLiteral("c")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));

        // kill -9: a renews no more, and its process is gone. Nothing may have changed a system
        // for the run (the model was still thinking), so one of b and c takes it over and goes
        // on from its stored thread; this time the model answers.
        m_llm.setScenario(
            {{"responses", QJsonArray{QJsonObject{{"content", "cube: / is 41% full."}}}}});
        const int asked = int(m_llm.requests().size());
        m_a.serve.kill();
        QTRY_VERIFY_WITH_TIMEOUT(run(runId).status == RunStatus::Success, 30'000);
        const RunRecord taken = run(runId);
        QCOMPARE(taken.result, QStringLiteral("cube: / is 41% full."));
        QCOMPARE(taken.attempts, 2);
        QCOMPARE(m_llm.requests().size(), asked + 1);
        const QString heard = QString::fromUtf8(
            QJsonDocument(m_llm.requests().last()).toJson(QJsonDocument::Compact));
        QVERIFY2(heard.contains(QStringLiteral("(a) stopped")), qPrintable(heard));
        const QJsonObject lost = instanceNamed(m_c, QStringLiteral("a"));
        QCOMPARE(lost.value(QStringLiteral("state")).toString(), QStringLiteral("lost"));
        QCOMPARE(lost.value(QStringLiteral("runs_held")).toInt(), 0);
        // Exactly one of b and c took it.
        const QString took = QStringLiteral("took over run %1 ").arg(runId);
        const int tookB = int(m_b.serve.log().count(took));
        const int tookC = int(m_c.serve.log().count(took));
        QCOMPARE(tookB + tookC, 1);

        // A run for which something changed is not taken over: a2's supervisor remembers a
        // fact (a change to what Zerg keeps, recorded before it runs), then thinks for ever.
        Instance a2;
        configure(a2);
        QVERIFY(a2.serve.start(QStringLiteral(ZERG_EXE), a2.env,
                               {QStringLiteral("--instance-name"), QStringLiteral("a2")}));
        m_llm.setScenario(
            {{"responses",
              QJsonArray{QJsonObject{{"tool_calls",
                                      QJsonArray{QJsonObject{
                                          {"id", "call_1"},
                                          {"name", "remember_fact"},
                                          {"arguments", QJsonObject{{"key", "cube.disk"},
                                                                    {"value", "41% full"}}}}}}},
                         QJsonObject{{"content", "Checking"}, {"stall_after_bytes", 0}}}}});
        Client second;
        QVERIFY(second.connect(a2.serve.url(), m_secret, this));
        const Result<qint64> changing =
            dispatch(*second.remote, this, QStringLiteral("remember that cube's disk is 41% full"));
        QVERIFY2(changing, qPrintable(changing ? QString() : changing.error().message));
        QTRY_VERIFY_WITH_TIMEOUT(!Store(m_db.get()).firstChange(changing.value()).value().isEmpty(),
                                 20'000);
        second.remote->stop();
        a2.serve.kill();
        QTRY_VERIFY_WITH_TIMEOUT(run(changing.value()).status == RunStatus::Failed, 30'000);
        const QString error = run(changing.value()).error;
        QVERIFY2(error.startsWith(QStringLiteral("interrupted: ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("(found by b)")) ||
                     error.contains(QStringLiteral("(found by c)")),
                 qPrintable(error));
        QCOMPARE(Store(m_db.get()).firstChange(changing.value()).value(),
                 QStringLiteral("remember_fact"));

        // b stops cleanly: listed as stopped only with --all; c stays running.
        QVERIFY(m_b.serve.stop());
        QVERIFY(instanceNamed(m_c, QStringLiteral("b")).isEmpty());
        QCOMPARE(instanceNamed(m_c, QStringLiteral("c")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("running"));
        QVERIFY(m_c.serve.stop());
    }

    void aDrainingInstanceFinishesWithinItsDeadline() {
        Instance d;
        configure(d);
        d.env.insert(QStringLiteral("ZERG_DRAIN_SECONDS"), QStringLiteral("3"));
        QVERIFY(d.serve.start(QStringLiteral(ZERG_EXE), d.env,
                              {QStringLiteral("--instance-name"), QStringLiteral("d")}));
        auto [status, body] = health(d);
        QCOMPARE(status, 200);
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QCOMPARE(body.value(QStringLiteral("instance")).toString(), QStringLiteral("d"));

        Client client;
        QVERIFY(client.connect(d.serve.url(), m_secret, this));
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"content", "Checking"},
                                                                {"stall_after_bytes", 0}}}}});
        const int asked = int(m_llm.requests().size());
        const Result<qint64> runId =
            dispatch(*client.remote, this, QStringLiteral("check the logs on db2"));
        QVERIFY2(runId, qPrintable(runId ? QString() : runId.error().message));
        QTRY_VERIFY_WITH_TIMEOUT(m_llm.requests().size() > asked, 20'000);  // it stalls there
        QCOMPARE(health(d).second.value(QStringLiteral("runs")).toInt(), 1);
        // d2 runs beside it with a lease so long that it sweeps every 20 minutes: only d's
        // notice that it stopped can make it take the handed-back run over in time.
        m_llm.setScenario(
            {{"responses", QJsonArray{QJsonObject{{"content", "db2's logs are quiet."}}}}});
        Instance d2;
        configure(d2);
        d2.env.insert(QStringLiteral("ZERG_LEASE_SECONDS"), QStringLiteral("3600"));
        QVERIFY(d2.serve.start(QStringLiteral(ZERG_EXE), d2.env,
                               {QStringLiteral("--instance-name"), QStringLiteral("d2")}));

        d.serve.terminate();
        QTRY_VERIFY_WITH_TIMEOUT(
            d.serve.output().contains(QStringLiteral("zerg serve: draining: 1 runs")), 10'000);
        std::tie(status, body) = health(d);
        QCOMPARE(status, 503);
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("draining"));
        const Result<qint64> refused =
            dispatch(*client.remote, this, QStringLiteral("uptime on cube"));
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, QStringLiteral("draining"));
        QCOMPARE(run(runId.value()).status, RunStatus::Running);  // it may still finish

        // The model never answers: after the deadline the run, for which nothing has changed
        // a system, is handed back, and the process ends.
        QCOMPARE(d.serve.waitForExit(60'000), 0);
        QVERIFY2(d.serve.output().contains(QStringLiteral("zerg serve: handed 1 runs back")),
                 qPrintable(d.serve.output()));
        QVERIFY(instanceNamed(m_a, QStringLiteral("d")).isEmpty());  // stopped, not lost
        client.remote->stop();

        // d2 takes it over and finishes it.
        QTRY_VERIFY_WITH_TIMEOUT(run(runId.value()).status == RunStatus::Success, 30'000);
        QCOMPARE(run(runId.value()).result, QStringLiteral("db2's logs are quiet."));
        QVERIFY(d2.serve.log().contains(QStringLiteral("took over run %1 ").arg(runId.value())));
        QVERIFY(d2.serve.stop());

        // A run handed back while no other instance runs waits for the next one to start.
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"content", "Checking"},
                                                                {"stall_after_bytes", 0}}}}});
        Instance d3, d4;
        configure(d3);
        configure(d4);
        d3.env.insert(QStringLiteral("ZERG_DRAIN_SECONDS"), QStringLiteral("1"));
        QVERIFY(d3.serve.start(QStringLiteral(ZERG_EXE), d3.env,
                               {QStringLiteral("--instance-name"), QStringLiteral("d3")}));
        Client third;
        QVERIFY(third.connect(d3.serve.url(), m_secret, this));
        const int before = int(m_llm.requests().size());
        const Result<qint64> waiting =
            dispatch(*third.remote, this, QStringLiteral("uptime on db2"));
        QVERIFY(waiting);
        QTRY_VERIFY_WITH_TIMEOUT(m_llm.requests().size() > before, 20'000);
        third.remote->stop();
        d3.serve.terminate();
        QCOMPARE(d3.serve.waitForExit(60'000), 0);
        QCOMPARE(run(waiting.value()).status, RunStatus::Running);
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"content", "Up 3 days."}}}}});
        QVERIFY(d4.serve.start(QStringLiteral(ZERG_EXE), d4.env,
                               {QStringLiteral("--instance-name"), QStringLiteral("d4")}));
        QTRY_VERIFY_WITH_TIMEOUT(run(waiting.value()).status == RunStatus::Success, 30'000);
        QVERIFY(d4.serve.stop());
    }

    void aClientOnOneInstanceFollowsARunOnAnother() {
        Instance e, f;
        configure(e);
        configure(f);
        QVERIFY(e.serve.start(QStringLiteral(ZERG_EXE), e.env,
                              {QStringLiteral("--instance-name"), QStringLiteral("e")}));
        QVERIFY(f.serve.start(QStringLiteral(ZERG_EXE), f.env,
                              {QStringLiteral("--instance-name"), QStringLiteral("f")}));
        m_llm.setScenario(
            {{"responses", QJsonArray{QJsonObject{{"content", "The disk of cube is 41% full."}}}}});
        Client watcher;  // on e
        QVERIFY(watcher.connect(e.serve.url(), m_secret, this));
        QList<Event> seen;
        QObject::connect(&watcher.bus, &EventBus::published, this,
                         [&seen](const Event& ev) { seen.append(ev); });
        Client actor;  // on f, where the run executes
        QVERIFY(actor.connect(f.serve.url(), m_secret, this));
        const Result<qint64> runId =
            dispatch(*actor.remote, this, QStringLiteral("check disk usage on cube"));
        QVERIFY2(runId, qPrintable(runId ? QString() : runId.error().message));
        const auto ofRun = [&](const char* name) {
            for (const Event& ev : seen) {
                if (ev.name == QLatin1String(name) &&
                    ev.data.value(QStringLiteral("run_id")).toInteger() == runId.value())
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(ofRun("supervisor_complete"), 30'000);
        QVERIFY(ofRun("supervisor_started"));
        QCOMPARE(run(runId.value()).status, RunStatus::Success);
        watcher.remote->stop();
        actor.remote->stop();
    }

    // The whole path with three real processes. The first to see the occurrence due also
    // moves the schedule's next run on, so the others rarely find it due at all: the claim
    // that settles a true tie is proven by test_schedule_service's
    // eachOccurrenceRunsInOneProcessOnly, where two schedulers fire at the same instant.
    void aMissedOccurrenceRunsOnceWithThreeInstances() {
        ScheduleStore schedules(m_db.get());
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const Result<qint64> hourly = schedules.createSchedule(
            1, QStringLiteral("disk watch"), QStringLiteral("check disk usage on cube"),
            QStringLiteral("0 * * * *"), QStringLiteral("UTC"), true, true, now);
        QVERIFY2(hourly, qPrintable(hourly ? QString() : hourly.error().message));
        QVERIFY(schedules.setNextRun(hourly.value(), now.addSecs(-2 * 3600)));  // missed
        Instance g, h, i;
        const QStringList names{QStringLiteral("g"), QStringLiteral("h"), QStringLiteral("i")};
        QList<Instance*> three{&g, &h, &i};
        for (qsizetype n = 0; n < three.size(); ++n) {
            configure(*three[n]);
            three[n]->env.insert(QStringLiteral("ZERG_DRAIN_SECONDS"), QStringLiteral("1"));
            QVERIFY(three[n]->serve.launch(QStringLiteral(ZERG_EXE), three[n]->env,
                                           {QStringLiteral("--instance-name"), names[n]}));
        }
        for (Instance* x : three)  // started together, they find the occurrence due together
            QVERIFY(x->serve.waitUntilListening());
        const auto runs = [&] { return schedules.listScheduleRuns(1, hourly.value(), 50).value(); };
        QTRY_VERIFY_WITH_TIMEOUT(!runs().isEmpty(), 30'000);
        QTest::qWait(3000);  // every instance has started and looked at the schedule by now
        QCOMPARE(runs().size(), 1);
        QCOMPARE(runs().first().trigger, QStringLiteral("catch_up"));
        for (Instance* x : three)
            x->serve.terminate();
        for (Instance* x : three)
            x->serve.waitForExit(60'000);
    }
};

QTEST_GUILESS_MAIN(TestServeInstances)
#include "test_serve_instances.moc"
