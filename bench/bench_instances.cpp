// zerg-bench-instances: several `zerg serve` on one PostgreSQL database (issue 26). Real
// processes, a real PostgreSQL server, a real sshd and the loopback LLM server, all on this
// machine (tests/support):
//
//   jobs per second     owners dispatch runs, each with one worker that runs `uptime` on the
//                       loopback sshd over ssh_exec; every owner's next run is dispatched when
//                       its last one completed. With 1, 2 and 3 instances (owners spread over
//                       them by their connection); the ratio is against 1 instance.
//   event delivery      for each run, the delay from its supervisor_complete reaching the
//                       client on the instance that executes it to the same event reaching a
//                       client of the same owner on another instance (journal + NOTIFY). With
//                       1 instance both clients are on it: the reference.
//   takeover            kill -9 of the instance that holds a run (nothing changed yet: the
//                       model is thinking) until another has taken it over and the model's
//                       answer has completed it (same machine: the sweep notices the process is
//                       gone; a third of ZERG_LEASE_SECONDS, 30 s by default). And the same
//                       after a stop (two SIGTERMs) that hands the run back: NOTIFY wakes the
//                       other instance.
//
// Every instance, PostgreSQL, sshd and the bench share this machine's cores: the scaling ratio
// says what the coordination costs on one machine, not what more machines would give.
//
// Usage: zerg-bench-instances [RUNS_PER_OWNER]   (default 5; 6 owners)
#include "bench_stats.h"
#include "core/event_bus.h"
#include "fake_llm_server.h"
#include "postgres_fixture.h"
#include "serve_process.h"
#include "sshd_fixture.h"
#include "storage/database.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cstdio>
#include <memory>
#include <vector>

using namespace zerg;
using namespace zerg::test;
using zerg::bench::stats;

namespace {

constexpr int kOwners = 6;

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-instances: %s\n", qPrintable(why));
    std::exit(1);
}

QString marker(int run) {
    return QStringLiteral("bench run %1.").arg(run);
}

QJsonObject toolCall(const char* model, const QString& when, const QString& unless,
                     const QString& id, const char* name, const QJsonObject& args) {
    return {
        {"model", model},
        {"when_request_contains", when},
        {"unless_request_contains", unless},
        {"tool_calls", QJsonArray{QJsonObject{{"id", id}, {"name", name}, {"arguments", args}}}}};
}

// Each run's four model answers, found by the run's own marker and call ids whatever the order
// the runs ask in: the supervisor spawns a worker, the worker runs uptime on testbox, then both
// answer.
QJsonArray scenario(int runs) {
    QJsonArray out;
    for (int r = 0; r < runs; ++r) {
        const QString sup = QStringLiteral("call_sup_%1").arg(r);
        const QString wrk = QStringLiteral("call_wrk_%1").arg(r);
        out.append(toolCall("supervisor-model", marker(r), sup, sup, "spawn_worker",
                            {{"task", QStringLiteral("Run uptime on testbox, ") + marker(r)},
                             {"hosts", QJsonArray{"testbox"}}}));
        out.append(toolCall("worker-model", marker(r), wrk, wrk, "ssh_exec",
                            {{"host", "testbox"}, {"command", "uptime"}, {"timeout_secs", 30}}));
        out.append(QJsonObject{{"model", "worker-model"},
                               {"when_request_contains", wrk},
                               {"content", "testbox is up."}});
        out.append(QJsonObject{{"model", "supervisor-model"},
                               {"when_request_contains", sup},
                               {"content", "testbox is up, " + marker(r)}});
    }
    for (int r = 0; r < 2 * runs; ++r)
        out.append(QJsonObject{{"model", "summary-model"}, {"content", "uptime ran."}});
    return out;
}

struct Client {
    SystemClock clock;
    EventBus bus{&clock};
    std::unique_ptr<api::RemoteClient> remote;
};

// One measured configuration: n instances on a fresh database.
struct Cluster {
    QString url;
    std::vector<std::unique_ptr<QTemporaryDir>> dirs;
    std::vector<std::unique_ptr<ServeProcess>> serves;
    std::vector<QProcessEnvironment> envs;
};

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int runsPerOwner = argc > 1 ? qMax(1, QString::fromLatin1(argv[1]).toInt()) : 5;
    qunsetenv("SSH_AUTH_SOCK");

    auto pg = PostgresServer::shared();
    if (!pg)
        die(pg.error().message);
    SshdFixture sshd;
    QString problem;
    if (!sshd.available(&problem) || !sshd.start(&problem))
        die(problem);
    FakeLlmServer llm;
    if (!llm.start(&problem))
        die(problem);
    QTemporaryDir shared;
    const QString hostsFile = sshd.writeHostsFile(QStringLiteral("testbox"), sshd.knownHostsPath());

    const auto startCluster = [&](int n, const QString& dbName, Cluster* c) {
        const Result<QString> url = (*pg)->createDatabase(dbName);
        if (!url)
            die(url.error().message);
        c->url = url.value();
        for (int i = 0; i < n; ++i) {
            c->dirs.push_back(std::make_unique<QTemporaryDir>());
            const QString root = c->dirs.back()->path();
            QProcessEnvironment env =
                isolatedZergEnv(root + QStringLiteral("/home"), root + QStringLiteral("/data"));
            env.insert(QStringLiteral("ZERG_DATABASE_URL"), c->url);
            env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), llm.baseUrl());
            env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
            env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
            env.insert(QStringLiteral("ZERG_SUMMARY_MODEL"), QStringLiteral("summary-model"));
            env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
            env.insert(QStringLiteral("ZERG_HOSTS_FILE"), hostsFile);
            env.insert(QStringLiteral("ZERG_KNOWN_HOSTS"), sshd.knownHostsPath());
            c->envs.push_back(env);
            c->serves.push_back(std::make_unique<ServeProcess>());
            if (!c->serves.back()->start(
                    QStringLiteral(ZERG_EXE), c->envs.back(),
                    {QStringLiteral("--instance-name"), QStringLiteral("i%1").arg(i)}))
                die(QStringLiteral("zerg serve %1 did not start").arg(i));
        }
    };
    const auto deviceSecret = [](const QProcessEnvironment& env, int owner) {
        const ProgramRun r = runProgram(
            QStringLiteral(ZERG_EXE),
            {QStringLiteral("devices"), QStringLiteral("add"), QStringLiteral("bench"),
             QStringLiteral("--owner"), QString::number(owner), QStringLiteral("--json")},
            env, 60'000);
        const QString secret = QJsonDocument::fromJson(r.out)
                                   .object()
                                   .value(QStringLiteral("device_secret"))
                                   .toString();
        if (secret.isEmpty())
            die(QStringLiteral("zerg devices add: %1").arg(QString::fromUtf8(r.err)));
        return secret;
    };
    const auto connectClient = [&app](Client& c, const QString& url, const QString& secret) {
        const QString token = loginToken(url, secret, &app);
        if (token.isEmpty())
            die(QStringLiteral("cannot log in to %1").arg(url));
        c.remote = std::make_unique<api::RemoteClient>(QUrl(url), token, &c.bus, &c.clock);
        c.remote->start();
        if (!QTest::qWaitFor(
                [&c] { return c.remote->state() == api::RemoteClient::State::Connected; }, 10'000))
            die(QStringLiteral("cannot connect to %1").arg(url));
    };

    double jobsPerSecondOne = 0;
    for (int n = 1; n <= 3; ++n) {
        const int runs = kOwners * runsPerOwner;
        llm.setScenario({{"responses", scenario(runs)}});
        Cluster cluster;
        startCluster(n, QStringLiteral("bench_instances_%1").arg(n), &cluster);
        // Each owner acts through instance owner % n and is watched from the next one.
        std::vector<std::unique_ptr<Client>> actors, watchers;
        QHash<qint64, qint64> actorSeenNs, watcherSeenNs;  // run id -> when complete was seen
        QElapsedTimer clock;
        clock.start();
        for (int o = 0; o < kOwners; ++o) {
            const QString secret = deviceSecret(cluster.envs.front(), o + 1);
            actors.push_back(std::make_unique<Client>());
            watchers.push_back(std::make_unique<Client>());
            connectClient(*actors.back(), cluster.serves.at(o % n)->url(), secret);
            connectClient(*watchers.back(), cluster.serves.at((o + 1) % n)->url(), secret);
            const auto seen = [&clock](QHash<qint64, qint64>* at) {
                return [at, &clock](const Event& e) {
                    if (e.name == QLatin1String("supervisor_complete"))
                        at->insert(e.data.value(QStringLiteral("run_id")).toInteger(),
                                   clock.nsecsElapsed());
                };
            };
            QObject::connect(&actors.back()->bus, &EventBus::published, &app, seen(&actorSeenNs));
            QObject::connect(&watchers.back()->bus, &EventBus::published, &app,
                             seen(&watcherSeenNs));
        }

        // Every owner dispatches its next run when its last one completed.
        std::vector<int> dispatched(kOwners, 0);
        std::vector<qint64> current(kOwners, 0);
        int completed = 0, nextRun = 0;
        QStringList failures;
        const auto dispatchNext = [&](int o) {
            if (dispatched[o] == runsPerOwner)
                return;
            ++dispatched[o];
            const int r = nextRun++;
            actors[o]->remote->request(
                QStringLiteral("dispatch"),
                {{QStringLiteral("task"),
                  QStringLiteral("How long has testbox been up? ") + marker(r)}},
                &app, [&, o](Result<QJsonObject> reply) {
                    if (!reply)
                        failures.append(reply.error().message);
                    else
                        current[o] = reply->value(QStringLiteral("run_id")).toInteger();
                });
        };
        QElapsedTimer wall;
        wall.start();
        for (int o = 0; o < kOwners; ++o)
            dispatchNext(o);
        const bool done = QTest::qWaitFor(
            [&] {
                for (int o = 0; o < kOwners; ++o) {
                    if (current[o] != 0 && actorSeenNs.contains(current[o])) {
                        current[o] = 0;
                        ++completed;
                        dispatchNext(o);
                    }
                }
                return completed == runs || !failures.isEmpty();
            },
            300'000);
        const double seconds = double(wall.nsecsElapsed()) / 1e9;
        if (!done || !failures.isEmpty())
            die(QStringLiteral("%1 instances: %2 of %3 runs completed %4")
                    .arg(n)
                    .arg(completed)
                    .arg(runs)
                    .arg(failures.join(u"; ")));
        // The watchers' copies arrive a little later.
        (void)QTest::qWaitFor([&] { return watcherSeenNs.size() >= runs; }, 10'000);
        std::vector<double> delays;
        for (auto it = actorSeenNs.cbegin(); it != actorSeenNs.cend(); ++it) {
            if (watcherSeenNs.contains(it.key()))
                delays.push_back(double(watcherSeenNs.value(it.key()) - it.value()) / 1e6);
        }
        // Every run's job succeeded, once.
        auto db = Database::openConfigured(QString(), cluster.url);
        if (!db)
            die(db.error().message);
        Store store(db.value().get());
        int succeeded = 0;
        for (int o = 1; o <= kOwners; ++o) {
            const auto jobs = store.listJobs(o, 1000, JobStatus::Success);
            succeeded += jobs ? int(jobs->size()) : 0;
        }
        const double jobsPerSecond = double(succeeded) / seconds;
        if (n == 1)
            jobsPerSecondOne = jobsPerSecond;
        const bench::Stats d = stats(delays);
        std::printf(
            "%d instance(s): %d runs, %d worker jobs succeeded in %.2f s: %.2f jobs/s; "
            "supervisor_complete on another instance %.1f ms later (median), p95 "
            "%.1f ms, %zu of %d seen\n",
            n, runs, succeeded, seconds, jobsPerSecond, d.median, d.p95, delays.size(), runs);
        std::fflush(stdout);
        bench::report(
            {QStringLiteral("Instances"), QStringLiteral("jobs per second, %1 instance(s)").arg(n),
             jobsPerSecond, QStringLiteral("jobs/s"),
             n == 1 ? std::nullopt : std::optional<double>(jobsPerSecondOne),
             QStringLiteral("1 instance"), QString(), std::nullopt,
             QStringLiteral("%1 owners, one worker with one ssh_exec per run").arg(kOwners)});
        if (n > 1) {
            bench::report({QStringLiteral("Instances"),
                           QStringLiteral("event delivery to another instance, %1 instances, "
                                          "median")
                               .arg(n),
                           d.median, QStringLiteral("ms"), std::nullopt, QString(), QString(),
                           std::nullopt, QStringLiteral("p95 %1 ms").arg(d.p95, 0, 'f', 1)});
        }
        for (auto& c : actors)
            c->remote->stop();
        for (auto& c : watchers)
            c->remote->stop();
        for (auto& s : cluster.serves)
            s->stop();
    }

    // Takeover: a run that stalls on i0; i0 is killed with -9 (or stopped with two SIGTERMs,
    // which hand the run back at once); i1 takes the run over and the model answers it.
    const auto takeover = [&](bool handBack) {
        llm.setScenario({{"responses", QJsonArray{QJsonObject{{"model", "supervisor-model"},
                                                              {"content", "Checking"},
                                                              {"stall_after_bytes", 0}},
                                                  QJsonObject{{"model", "supervisor-model"},
                                                              {"content", "cube is fine."}}}}});
        Cluster cluster;
        startCluster(2,
                     handBack ? QStringLiteral("bench_instances_handback")
                              : QStringLiteral("bench_instances_takeover"),
                     &cluster);
        Client actor;
        connectClient(actor, cluster.serves.at(0)->url(), deviceSecret(cluster.envs.front(), 1));
        qint64 runId = 0;
        actor.remote->request(QStringLiteral("dispatch"),
                              {{QStringLiteral("task"), QStringLiteral("check cube")}}, &app,
                              [&](Result<QJsonObject> r) {
                                  if (r)
                                      runId = r->value(QStringLiteral("run_id")).toInteger();
                              });
        if (!QTest::qWaitFor([&] { return runId != 0; }, 10'000))
            die(QStringLiteral("takeover: no run"));
        QTest::qWait(500);  // the model is asked
        actor.remote->stop();
        auto db = Database::openConfigured(QString(), cluster.url);
        if (!db)
            die(db.error().message);
        Store store(db.value().get());
        QElapsedTimer t;
        ServeProcess& holder = *cluster.serves.at(0);
        if (handBack) {
            holder.terminate();  // drain...
            if (!QTest::qWaitFor(
                    [&] { return holder.output().contains(QStringLiteral("draining")); }, 10'000))
                die(QStringLiteral("hand-back: no drain"));
            t.start();
            holder.terminate();  // ...and stop now: the run is handed back
        } else {
            t.start();
            holder.kill();
        }
        const bool ended = QTest::qWaitFor(
            [&] {
                const auto run = store.run(runId);
                return run && run->status != RunStatus::Running;
            },
            120'000);
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (!ended)
            die(QStringLiteral("takeover: the run stayed running"));
        if (const auto run = store.run(runId); !run || run->status != RunStatus::Success)
            die(QStringLiteral("takeover: the run was not taken over and answered"));
        const QString what = handBack ? QStringLiteral("SIGTERM (hand-back) of the holder")
                                      : QStringLiteral("kill -9 of the holder");
        std::printf(
            "takeover: %s until another instance took its run over and answered it: %.0f ms "
            "(same machine, ZERG_LEASE_SECONDS 30: sweep every 10 s)\n",
            qPrintable(what), ms);
        bench::report({QStringLiteral("Instances"),
                       handBack ? QStringLiteral("takeover of a run handed back on stop")
                                : QStringLiteral("takeover of a killed instance's run (same "
                                                 "machine)"),
                       ms, QStringLiteral("ms"), std::nullopt, QString(),
                       QStringLiteral("< 40000 (lease + a third)"), ms < 40'000,
                       handBack ? QStringLiteral("taken over and answered; NOTIFY wakes the "
                                                 "other instance")
                                : QStringLiteral("taken over and answered; the sweep runs "
                                                 "every 10 s")});
        if (const int code = holder.waitForExit(60'000); handBack && code != 0) {
            die(QStringLiteral("hand-back: the holder did not stop cleanly (%1): %2")
                    .arg(code)
                    .arg(holder.log().right(2000)));
        }
        cluster.serves.at(1)->stop();
    };
    takeover(false);
    takeover(true);
    return 0;
}
