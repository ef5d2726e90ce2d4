// zerg-bench-roundabout: what watching workers costs.
//
//   per check    100 roundabouts side by side (heuristic decider, as when no decider model is
//                configured), each over a worker with a five-entry activity log and a running
//                command, driven by the manual clock for 200 checks each. Process CPU time per
//                check and per monitored worker, with every check written to the worker's folder
//                (monitoring/check_NNNs.json through ArtifactStore, as the real worker does),
//                next to the reference: the same loop with the write left out, which isolates
//                the cost of the roundabout's own logic (snapshot, payload, fingerprint, decider).
//   completion   the delay from a worker's terminated() to the roundabout's finished(), over 1000
//                roundabouts, against a check interval of 5 s: a loop that only polled would
//                wait half an interval on average.
//
// Usage: zerg-bench-roundabout [CHECKS]   (default 200)
#include "bench_stats.h"
#include "core/clock.h"
#include "roundabout/roundabout_monitor.h"
#include "storage/artifact_store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cstdio>
#include <memory>
#include <vector>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::stats;

namespace {

class BenchWorker final : public MonitoredWorker {
public:
    BenchWorker(Clock* clock, ArtifactStore* store, QString workerId, qint64 job)
        : m_clock(clock), m_store(store), m_id(std::move(workerId)), m_job(job) {
        m_snap.status = WorkerStatus::Running;
        m_snap.workerId = m_id;
        m_snap.task = QStringLiteral("Check disk usage and the biggest folders on cube");
        const char* commands[] = {"df -h", "du -sh /var/*", "ls -la /var/log", "journalctl -n 50",
                                  "du -sh /srv/data"};
        for (int i = 0; i < 5; ++i) {
            ActivityEntry a;
            a.tool = QStringLiteral("ssh_exec");
            a.host = QStringLiteral("cube");
            a.args = {{"host", "cube"}, {"command", commands[i]}};
            a.display = QStringLiteral("ssh_exec cube \"%1\"").arg(QLatin1String(commands[i]));
            a.startedAtMs = i * 2000;
            a.durationMs = i < 4 ? 1500 : -1;
            a.outcome = i < 4 ? CallOutcome::Success : CallOutcome::Running;
            a.outputExcerpt = i < 4 ? QStringLiteral(
                                          "Filesystem Size Used Avail Use% Mounted on\n"
                                          "/dev/sda1 400G 312G 88G 78% /")
                                    : QString();
            m_snap.activity.append(a);
        }
    }
    qint64 jobId() const override { return m_job; }
    WorkerSnapshot snapshot() const override {
        WorkerSnapshot s = m_snap;
        s.elapsedMs = m_clock->nowMs();
        return s;
    }
    void stop(WorkerStatus status, const QString&) override { m_snap.status = status; }
    QString peek(const QString&, int) const override { return {}; }
    bool sendMessage(const QString&) override { return false; }
    void recordCheck(qint64 elapsedSeconds, const QJsonObject& check) override {
        if (!writeChecks)
            return;
        (void)m_store->writeFile(m_id,
                                 QStringLiteral("monitoring/check_%1s.json")
                                     .arg(elapsedSeconds, 3, 10, QLatin1Char('0')),
                                 QJsonDocument(check).toJson());
    }
    void end() {
        m_snap.status = WorkerStatus::Success;
        Q_EMIT terminated();
    }
    bool writeChecks = true;

private:
    Clock* m_clock;
    ArtifactStore* m_store;
    QString m_id;
    qint64 m_job;
    WorkerSnapshot m_snap;
};

struct Round {
    double cpuPerCheckUs = 0;
    int checks = 0;
};

Round run(ArtifactStore& store, const QStringList& ids, int checksEach, bool writeChecks) {
    ManualClock clock;
    std::vector<std::unique_ptr<BenchWorker>> workers;
    std::vector<std::unique_ptr<RoundaboutMonitor>> monitors;
    RoundaboutConfig config;  // 5 s, heuristic decider
    config.hardTimeoutSeconds = 1'000'000;
    config.heuristicCancelSeconds = 1'000'000;
    for (int i = 0; i < ids.size(); ++i) {
        workers.push_back(std::make_unique<BenchWorker>(&clock, &store, ids.at(i), i + 1));
        workers.back()->writeChecks = writeChecks;
        monitors.push_back(
            std::make_unique<RoundaboutMonitor>(workers.back().get(), &clock, config));
        monitors.back()->start();
    }
    const double start = zerg::bench::processCpuUs();
    for (int t = 0; t < checksEach; ++t)
        clock.advance(5000);
    const double cpuUs = zerg::bench::processCpuUs() - start;
    Round r;
    for (const auto& m : monitors)
        r.checks += m->checks();
    r.cpuPerCheckUs = cpuUs / r.checks;
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int checksEach = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
    const int concurrent = 100;
    std::printf("zerg-bench-roundabout (%s build)\n\n", ZERG_BUILD_TYPE);

    QTemporaryDir dir;
    ArtifactStore store(dir.filePath(QStringLiteral("workers")));
    QStringList ids;
    const QDateTime t0 = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < concurrent; ++i) {
        auto id = store.createWorker(1, QStringLiteral("bench worker %1").arg(i), t0.addSecs(i));
        if (!id) {
            std::fprintf(stderr, "%s\n", qPrintable(id.error().message));
            return 1;
        }
        ids.append(id.value());
    }

    run(store, ids, 5, true);  // warm-up
    const Round withFiles = run(store, ids, checksEach, true);
    const Round logicOnly = run(store, ids, checksEach, false);
    std::printf("%d roundabouts side by side, %d checks each (heuristic decider):\n", concurrent,
                checksEach);
    std::printf("  per check, check file written   %8.1f us CPU   (%d checks)\n",
                withFiles.cpuPerCheckUs, withFiles.checks);
    std::printf(
        "  reference: without the file     %8.1f us CPU   -> the file is %.0f%% of it\n",
        logicOnly.cpuPerCheckUs,
        100.0 * (withFiles.cpuPerCheckUs - logicOnly.cpuPerCheckUs) / withFiles.cpuPerCheckUs);
    std::printf("  per monitored worker at one check per 5 s: %.4f%% of one core\n\n",
                withFiles.cpuPerCheckUs / 5e6 * 100.0);

    // Completion -> exit.
    ManualClock clock;
    std::vector<double> delays;
    for (int i = 0; i < 1000; ++i) {
        BenchWorker w(&clock, &store, ids.first(), i + 1);
        w.writeChecks = false;
        RoundaboutMonitor m(&w, &clock, {});
        m.start();
        QElapsedTimer timer;
        timer.start();
        w.end();
        if (!m.isDone()) {
            std::fprintf(stderr, "the roundabout did not leave on completion\n");
            return 1;
        }
        delays.push_back(msSince(timer) * 1000.0);  // us
    }
    const auto d = stats(delays);
    std::printf("worker completion -> roundabout exit, 1000 roundabouts:\n");
    std::printf(
        "  median %.1f us   p99 %.1f us   (polling alone: 2.5 s on average at a 5 s "
        "interval, %.0fx longer)\n",
        d.median, d.p99, 2.5e6 / d.median);

    const QString section = QStringLiteral("Roundabout and XO");
    zerg::bench::report(
        {section,
         QStringLiteral("roundabout: CPU per check per worker, %1 workers").arg(concurrent),
         withFiles.cpuPerCheckUs,
         QStringLiteral("us"),
         logicOnly.cpuPerCheckUs,
         QStringLiteral("the same checks without writing the check file"),
         {},
         {},
         QStringLiteral("%1% of one core per worker at one check per 5 s")
             .arg(withFiles.cpuPerCheckUs / 5e6 * 100.0, 0, 'f', 4)});
    zerg::bench::report({section,
                         QStringLiteral("roundabout: worker completion to exit, p99"),
                         d.p99,
                         QStringLiteral("us"),
                         {},
                         {},
                         {},
                         {},
                         QStringLiteral("a loop that only polled every 5 s would wait 2.5 s on "
                                        "average")});
    return 0;
}
