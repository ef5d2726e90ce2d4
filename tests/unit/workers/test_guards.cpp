// What keeps workers safe and affordable: violation rules on tool calls, token and cost budgets,
// and the preflight checks before a worker starts.
#include "jarvis/supervisor_tools.h"
#include "jarvis_fixture.h"
#include "runtime/budget_monitor.h"
#include "workers/preflight.h"
#include "workers/violation_rules.h"
#include "workers/worker.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using namespace zerg::test;

namespace {

QString actionFor(const ViolationRules& rules, const QString& command) {
    const auto v =
        rules.match(QStringLiteral("ssh_exec"), {{"host", "cube"}, {"command", command}});
    return v ? statusName(v->rule.action) : QStringLiteral("none");
}

}  // namespace

class TestGuards : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultRules_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("action");
        QTest::newRow("rm -rf /") << "rm -rf /"
                                  << "reap";
        QTest::newRow("sudo rm -fr /*") << "sudo rm -fr /*"
                                        << "reap";
        QTest::newRow("rm -r -f / ; echo") << "rm -r -f / ; echo x"
                                           << "reap";
        QTest::newRow("rm --no-preserve-root") << "rm -rf --no-preserve-root /"
                                               << "reap";
        QTest::newRow("rm a folder") << "rm -rf /var/tmp/build"
                                     << "none";
        QTest::newRow("rm a file") << "rm /tmp/x"
                                   << "none";
        QTest::newRow("mkfs") << "mkfs.ext4 /dev/sdb1"
                              << "reap";
        QTest::newRow("dd to a disk") << "dd if=/dev/zero of=/dev/sda bs=1M"
                                      << "reap";
        QTest::newRow("dd to a file") << "dd if=/dev/zero of=/tmp/f bs=1M count=1"
                                      << "none";
        QTest::newRow("fork bomb") << ":(){ :|:& };:"
                                   << "reap";
        QTest::newRow("reboot") << "sudo reboot"
                                << "pause";
        QTest::newRow("systemctl poweroff") << "systemctl poweroff"
                                            << "pause";
        QTest::newRow("shutdown later") << "uptime; shutdown -h now"
                                        << "pause";
        QTest::newRow("grep for reboot") << "journalctl | grep reboot"
                                         << "none";
        QTest::newRow("df") << "df -h"
                            << "none";
        // What the regex deny-list missed (issue 22): each simple command is checked.
        QTest::newRow("reboot on a second line") << "echo ok\nreboot"
                                                 << "pause";
        QTest::newRow("reboot in a subshell") << "(reboot)"
                                              << "pause";
        QTest::newRow("systemctl --no-wall reboot") << "systemctl --no-wall reboot"
                                                    << "pause";
        QTest::newRow("reboot in sh -c") << "sh -c 'uptime && reboot'"
                                         << "pause";
        QTest::newRow("init 6") << "sudo -n init 6"
                                << "pause";
        QTest::newRow("reboot.target is a name") << "systemctl status reboot.target"
                                                 << "none";
        QTest::newRow("rm -rf \"/\"") << "rm -rf \"/\""
                                      << "reap";
        QTest::newRow("rm -rf //") << "rm -rf //"
                                   << "reap";
        QTest::newRow("rm -rf /.") << "rm -rf /."
                                   << "reap";
        QTest::newRow("rm -rf /var/..") << "cd /tmp && rm -rf /var/.."
                                        << "reap";
        QTest::newRow("rm --recursive in $(...)") << "echo $(rm --recursive --force /)"
                                                  << "reap";
        QTest::newRow("echo rm -rf /") << "echo rm -rf /"
                                       << "none";
        QTest::newRow("find / -delete") << "find / -delete"
                                        << "reap";
        QTest::newRow("find / -xdev -delete") << "find -P / -xdev -delete"
                                              << "reap";
        QTest::newRow("find narrowed -delete") << "find / -name '*.tmp' -delete"
                                               << "none";
        QTest::newRow("wipefs -a") << "wipefs -a /dev/sda"
                                   << "reap";
        QTest::newRow("wipefs lists") << "wipefs /dev/sda"
                                      << "none";
        QTest::newRow("dd to device-mapper") << "dd of=/dev/dm-0"
                                             << "reap";
        QTest::newRow("redirect onto a disk") << "cat img > /dev/nvme0n1"
                                              << "reap";
        QTest::newRow("sysrq-trigger") << "echo b >/proc/sysrq-trigger"
                                       << "reap";
        QTest::newRow("sysrq-trigger via tee") << "echo b | sudo tee /proc/sysrq-trigger"
                                               << "reap";
    }
    void defaultRules() {
        QFETCH(QString, command);
        QFETCH(QString, action);
        QCOMPARE(actionFor(ViolationRules::defaults(), command), action);
    }

    void rulesFromJson() {
        const auto rules = ViolationRules::parse(
            R"([{"name":"no prod","tools":["ssh_exec"],"field":"host","pattern":"^prod-","action":"reap"},
                {"name":"curl","pattern":"curl","action":"warn"}])",
            QStringLiteral("rules.json"));
        QVERIFY2(rules, rules ? "" : qPrintable(rules.error().message));
        QCOMPARE(rules->rules().size(), 2);
        const auto prod =
            rules->match(QStringLiteral("ssh_exec"), {{"host", "prod-db"}, {"command", "ls"}});
        QVERIFY(prod);
        QCOMPARE(prod->rule.name, QStringLiteral("no prod"));
        QVERIFY(!rules->match(QStringLiteral("shell_exec"), {{"host", "prod-db"}}));
        QCOMPARE(rules->match(QStringLiteral("shell_exec"), {{"command", "curl x"}})->rule.action,
                 ViolationRule::Action::Warn);
        const auto bad =
            ViolationRules::parse("[{\"name\":\"x\",\"pattern\":\"(\",\"action\":\"log\"}]",
                                  QStringLiteral("rules.json"));
        QVERIFY(!bad);
        QVERIFY(bad.error().message.contains(QStringLiteral("rules.json")));
        QVERIFY(bad.error().message.contains(QStringLiteral("\"x\"")));
        QVERIFY(
            !ViolationRules::parse(R"([{"pattern":"a","action":"explode"}])", QStringLiteral("f")));
        QVERIFY(!ViolationRules::parse("{}", QStringLiteral("f")));
    }

    // pause refuses the call and the worker goes on; reap refuses it and stops the worker with
    // the terminal code "violation"; both are events.
    void pauseRefusesAndReapStops() {
        Fixture f;
        const ViolationRules rules = ViolationRules::defaults();
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        deps.rules = &rules;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("t"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"sudo reboot"})")}});
        f.llm.pushToolCalls({{QStringLiteral("c2"), QStringLiteral("ssh_exec"),
                              QStringLiteral("{\"host\":\"cube\",\"command\":\"rm -rf /\"}")}});
        f.llm.pushText(QStringLiteral("never asked"));
        Worker w(deps, {1, 0, job.value(), QStringLiteral("t"), QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QVERIFY(terminated.wait());
        QCOMPARE(f.tool->running, 0);  // neither command ran
        QCOMPARE(f.tool->calls.size(), 0);
        const WorkerSnapshot s = w.snapshot();
        QCOMPARE(s.status, WorkerStatus::Failed);
        QCOMPARE(s.errorCode, QStringLiteral("violation"));
        QVERIFY(s.error.contains(QStringLiteral("delete the root filesystem")));
        // The model saw the pause refusal as the first call's result.
        const QString second = f.llm.requests().at(1).messages.last().content;
        QVERIFY2(second.contains(QStringLiteral("paused")), qPrintable(second));
        QCOMPARE(f.llm.remaining(), 1);
        QStringList actions;
        for (const Event& e : events) {
            if (e.name == QLatin1String("violation_detected"))
                actions.append(e.data.value("action").toString());
        }
        QCOMPARE(actions, (QStringList{"pause", "reap"}));
        QCOMPARE(statusName(f.store->job(job.value())->status), QStringLiteral("failed"));
    }

    void warnLetsTheCallRunAndTellsTheWorker() {
        Fixture f;
        const auto rules = ViolationRules::parse(
            R"([{"name":"curl","pattern":"curl","action":"warn"}])", QStringLiteral("r"));
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        deps.rules = &rules.value();
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("t"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"curl -s x"})")}});
        f.llm.pushText(QStringLiteral("done"));
        Worker w(deps, {1, 0, job.value(), QStringLiteral("t"), QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QTRY_COMPARE(f.tool->calls.size(), 1);  // it runs
        f.tool->calls.first()->complete(QStringLiteral("ok"));
        QVERIFY(terminated.wait());
        QVERIFY(f.llm.requests().at(1).messages.last().content.startsWith(
            QStringLiteral("[SUPERVISOR] warning")));
    }

    // A worker over its token budget stops (terminal), unless the over-budget answer is final.
    void workerTokenBudget() {
        Fixture f;
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        deps.tokenBudget = 25;  // ScriptedLlm reports 10 prompt + 5 completion tokens per call
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("t"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        f.llm.pushToolCalls({{QStringLiteral("c1"), QStringLiteral("ssh_exec"), "{}"}});
        f.llm.pushToolCalls({{QStringLiteral("c2"), QStringLiteral("ssh_exec"), "{}"}});
        Worker w(deps, {1, 0, job.value(), QStringLiteral("t"), QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QTRY_COMPARE(f.tool->calls.size(), 1);  // 15 tokens: within budget
        f.tool->calls.first()->complete(QStringLiteral("x"));
        QVERIFY(terminated.wait());  // 30 tokens and more tool calls: stopped
        QCOMPARE(f.tool->calls.size(), 1);
        QCOMPARE(w.snapshot().errorCode, QStringLiteral("budget_exceeded"));
        QVERIFY(w.snapshot().error.contains(QStringLiteral("ZERG_WORKER_TOKEN_BUDGET")));
    }

    // The XO in a worker: a loop is steered (event, thread on disk) and salute.json reports it.
    void xoSteersAWorkerAndWritesItsSalute() {
        Fixture f;
        class Failing final : public Tool {
        public:
            ToolSpec spec() const override {
                return {QStringLiteral("ssh_exec"), QStringLiteral("x"), objectSchema({})};
            }
            ToolInvocation* start(const QJsonObject&, QObject* parent) override {
                return new ImmediateInvocation(
                    ToolResult::failure(QStringLiteral("df: command not found"),
                                        {{QStringLiteral("error_code"), QStringLiteral("x127")}}),
                    parent);
            }
        };
        ToolRegistry failing;
        failing.add(std::make_shared<Failing>());
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &failing,          8,      1000};
        deps.xo = xo::Config{};
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        const auto job = f.store->createJob(1, std::nullopt, QStringLiteral("t"),
                                            QStringLiteral("wrk"), f.clock.utcNow());
        for (int i = 0; i < 3; ++i) {
            f.llm.pushToolCalls({{QStringLiteral("c%1").arg(i), QStringLiteral("ssh_exec"),
                                  QStringLiteral(R"({"host":"cube","command":"df -h"})")}});
        }
        f.llm.pushText(QStringLiteral("df is missing on cube."));
        Worker w(deps, {1, 0, job.value(), QStringLiteral("t"), QStringLiteral("wrk")});
        QSignalSpy terminated(&w, &MonitoredWorker::terminated);
        w.start();
        QVERIFY(terminated.wait());
        QCOMPARE(w.snapshot().status, WorkerStatus::Success);
        const Event* steering = nullptr;
        for (const Event& e : events) {
            if (e.name == QLatin1String("steering_injected"))
                steering = &e;
        }
        QVERIFY(steering);
        QCOMPARE(steering->data.value("job_id").toInteger(), job.value());
        QVERIFY(
            steering->data.value("message").toString().startsWith(QStringLiteral("[SUPERVISOR]")));
        const auto thread = f.artifacts->readFile(w.workerId(), 1, QStringLiteral("thread.jsonl"));
        QVERIFY(thread->contains("[SUPERVISOR]"));
        const auto salute = f.artifacts->readFile(w.workerId(), 1, QStringLiteral("salute.json"));
        QVERIFY(salute);
        const QJsonObject s = QJsonDocument::fromJson(salute.value()).object();
        QCOMPARE(s.value("unit").toObject().value("role").toString(), QStringLiteral("worker"));
        QVERIFY(!s.value("status").toObject().value("health").toString().isEmpty());
        QVERIFY(!s.value("environment").toObject().value("pace").toString().isEmpty());
        QCOMPARE(s.value("location").toObject().value("hosts").toArray(), (QJsonArray{"cube"}));
    }

    void runBudgetMonitor() {
        BudgetMonitor m({100, 0.05});
        QSignalSpy over(&m, &BudgetMonitor::runOverBudget);
        LlmCallRecord r;
        r.ownerId = 1;
        r.runId = 7;
        r.promptTokens = 40;
        r.completionTokens = 10;
        r.costUsd = 0.01;
        m.record(r);
        m.record(r);  // 100 tokens: at the limit, not over
        QCOMPARE(over.count(), 0);
        r.runId = 8;
        m.record(r);  // another run has its own total
        r.runId = 7;
        r.promptTokens = 1;
        m.record(r);
        QCOMPARE(over.count(), 1);
        QCOMPARE(over.first().at(1).toLongLong(), 7);
        QVERIFY(over.first().at(2).toString().contains(QStringLiteral("ZERG_RUN_TOKEN_BUDGET")));
        m.record(r);
        QCOMPARE(over.count(), 1);  // reported once
        // Cost: unknown prices do not count; known ones add up.
        BudgetMonitor c({0, 0.05});
        QSignalSpy cost(&c, &BudgetMonitor::runOverBudget);
        r.runId = 9;
        r.costUsd = std::nullopt;
        for (int i = 0; i < 10; ++i)
            c.record(r);
        QCOMPARE(cost.count(), 0);
        r.costUsd = 0.03;
        c.record(r);
        c.record(r);
        QCOMPARE(cost.count(), 1);
        QVERIFY(cost.first().at(2).toString().contains(QStringLiteral("ZERG_RUN_COST_BUDGET_USD")));
    }

    // The monitor keeps totals for the most recently charged runs only (it used to keep every
    // run since start), and a run still being charged keeps its total among many others.
    void budgetMonitorForgetsOldRuns() {
        BudgetMonitor m({100, 0});
        QSignalSpy over(&m, &BudgetMonitor::runOverBudget);
        LlmCallRecord r;
        r.ownerId = 1;
        r.promptTokens = 10;
        const auto chargeLongRun = [&m, &r] {
            r.runId = 1;
            m.record(r);
        };
        for (int run = 2; run < 2 + BudgetMonitor::kMaxRuns + 100; ++run) {
            r.runId = run;
            m.record(r);
            if (run % 100 == 0)
                chargeLongRun();  // 10 tokens per 100 other runs
        }
        QCOMPARE(m.trackedRuns(), BudgetMonitor::kMaxRuns);
        // Run 1 was charged 11 times (runs 100 to 1100): 110 tokens, over its 100, although
        // more than kMaxRuns other runs were charged meanwhile.
        QCOMPARE(over.count(), 1);
        QCOMPARE(over.first().at(1).toLongLong(), 1);
    }

    // A run stopped by its budget ends failed with budget_exceeded, its workers stopped and what
    // they found reported.
    void aRunOverBudgetIsStopped() {
        Fixture f;
        QList<Event> events;
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [&events](const Event& e) { events.append(e); });
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w1"), QStringLiteral("ssh_exec"), "{}"}});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check disk on cube"));
        QTRY_COMPARE(f.tool->running, 1);
        f.jarvis->abortRun(run.value(), QStringLiteral("budget_exceeded"),
                           QStringLiteral("This request used 2000 tokens, over its budget."));
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(!done.first().at(1).toBool());
        QVERIFY(done.first().at(2).toString().startsWith(QStringLiteral("This request used 2000")));
        QCOMPARE(f.tool->cancelled, 1);
        QCOMPARE(statusName(f.store->run(run.value())->status), QStringLiteral("failed"));
        QCOMPARE(events.last().name, QStringLiteral("error"));
        QCOMPARE(events.last().data.value("details").toString(), QStringLiteral("budget_exceeded"));
    }

    void preflightChecks() {
        Preflight p;
        p.workerModel = QStringLiteral("wrk");
        p.allowedHosts = {QStringLiteral("cube"), QStringLiteral("clifford")};
        p.artifactsRoot = QStringLiteral("/nonexistent/zerg/workers");
        qint64 free = 10LL * 1024 * 1024 * 1024;
        QString measured;
        p.freeBytes = [&](const QString& path) {
            measured = path;
            return free;
        };
        QVERIFY(p.check({QStringLiteral("cube")}).isEmpty());
        QCOMPARE(measured, QStringLiteral("/"));  // the nearest existing parent
        const QStringList host = p.check({QStringLiteral("prod-db")});
        QCOMPARE(host.size(), 1);
        QVERIFY(host.first().contains(QStringLiteral("cube, clifford")));
        free = 50LL * 1024 * 1024;
        const QStringList disk = p.check({});
        QCOMPARE(disk.size(), 1);
        QVERIFY(disk.first().contains(QStringLiteral("50 MB")));
        p.workerModel.clear();
        QCOMPARE(p.check({}).size(), 2);
    }

    // A failed preflight: spawn_worker answers with the failure shape and no worker starts.
    void spawnWorkerRefusesAWorkerThatCannotWork() {
        Fixture f;
        SupervisorContext ctx{f.store.get(),
                              f.artifacts.get(),
                              &f.bus,
                              &f.clock,
                              f.pool.get(),
                              {},
                              1,
                              0,
                              QStringLiteral("wrk"),
                              {}};
        ctx.preflight.workerModel = QStringLiteral("wrk");
        ctx.preflight.allowedHosts = {QStringLiteral("cube")};
        const auto tools = makeSupervisorTools(ctx);
        QVERIFY(tools->find(QStringLiteral("spawn_worker"))
                    ->spec()
                    .description.contains(QStringLiteral("Allowlisted hosts: cube.")));
        std::unique_ptr<ToolInvocation> inv(
            tools->find(QStringLiteral("spawn_worker"))
                ->start({{"task", "Disk on prod"}, {"hosts", QJsonArray{"prod"}}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(inv->isFinished() || spy.wait());
        const ToolResult r = inv->result();
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("preflight_failed"));
        QCOMPARE(r.payload.value("status").toString(), QStringLiteral("failed"));
        QVERIFY(r.error().contains(QStringLiteral("\"prod\"")));
        QCOMPARE(f.store->listJobs(1, 5)->size(), 0);
        QCOMPARE(f.pool->running(), 0);
    }
};

QTEST_GUILESS_MAIN(TestGuards)
#include "test_guards.moc"
