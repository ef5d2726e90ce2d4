// zerg-bench-approvals: how long after a person answers an approval request the command starts
// on the host (issue 22), next to the same command's start when no approval is needed, measured
// in the same run against the same loopback sshd (tests/support/sshd_fixture.h) and loopback LLM
// server (tests/support/fake_llm_server.h):
//
//   answer -> start      mode ask: the moment Approvals::answer() is called (a click) until the
//                        host runs `date +%s%N` (its own clock, the same machine)
//   call -> start        mode autonomous (the reference): the moment the worker's ssh_exec call
//                        starts (worker_tool_started) until the host runs the same command
//
// Both include opening the SSH channel and starting the command; the difference is what the
// approval path adds (the held call released, the request stored as answered and published).
//
// Usage: zerg-bench-approvals [ROUNDS]   (default 20)
#include "bench_stats.h"
#include "core/event_bus.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "runtime/backend.h"
#include "sshd_fixture.h"
#include "workers/approvals.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

using namespace zerg;
using zerg::bench::stats;
using zerg::bench::Stats;

namespace {

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-approvals: %s\n", qPrintable(why));
    std::exit(1);
}

qint64 nowNs() {
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    return qint64(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

QJsonObject call(const char* model, const QString& id, const char* name, const QJsonObject& args) {
    return {
        {"model", model},
        {"tool_calls", QJsonArray{QJsonObject{{"id", id}, {"name", name}, {"arguments", args}}}}};
}

// Rounds of: spawn a worker, the worker writes the host's time to file i, both answer.
QJsonArray scenario(const QTemporaryDir& host, int rounds) {
    QJsonArray out;
    for (int i = 0; i < rounds; ++i) {
        const QString n = QString::number(i);
        out.append(call("supervisor-model", "s" + n, "spawn_worker", {{"task", "stamp " + n}}));
        out.append(call(
            "worker-model", "w" + n, "ssh_exec",
            {{"host", "benchbox"}, {"command", "date +%s%N > " + host.filePath("stamp" + n)}}));
        out.append(QJsonObject{{"model", "worker-model"}, {"content", "done"}});
        out.append(QJsonObject{{"model", "supervisor-model"}, {"content", "done"}});
        out.append(QJsonObject{{"model", "summary-model"}, {"content", "done"}});
    }
    return out;
}

// Runs the rounds in one mode; returns, per round, the delay in ms from the start mark (the
// answer in ask mode, the tool call's start otherwise) to the host's timestamp.
std::vector<double> measure(test::SshdFixture& sshd, const QString& mode, int rounds) {
    QTemporaryDir data;
    QTemporaryDir host;
    test::FakeLlmServer llm;
    if (!llm.start())
        die(QStringLiteral("the loopback LLM server did not start"));
    llm.setScenario({{"responses", scenario(host, rounds)}});
    Settings s;
    s.dataDir = data.path();
    s.hostsFile = sshd.writeHostsFile(QStringLiteral("benchbox"), sshd.knownHostsPath());
    s.knownHostsFile = sshd.knownHostsPath();
    s.llmBaseUrl = llm.baseUrl();
    s.pricingFile = data.filePath(QStringLiteral("none.json"));
    s.model = QStringLiteral("supervisor-model");
    s.workerModel = QStringLiteral("worker-model");
    s.summaryModel = QStringLiteral("summary-model");
    s.deciderModel = QStringLiteral("heuristic");
    s.approvalMode = mode;
    s.xoEveryWorker = 0;
    s.xoEverySupervisor = 0;
    auto created = Backend::create(s);
    if (!created)
        die(created.error().message);
    std::unique_ptr<Backend> b = std::move(created).value();

    qint64 markNs = 0;
    QObject::connect(b->approvals(), &Approvals::requested, b.get(), [&](const ApprovalRecord& r) {
        const qint64 id = r.id;
        QTimer::singleShot(0, b.get(), [&, id] {
            ApprovalReply allow;
            allow.choice = ApprovalChoice::AllowOnce;
            allow.device = QStringLiteral("bench");
            markNs = nowNs();  // the click
            if (const auto a = b->approvals()->answer(1, id, allow); !a)
                die(a.error().message);
        });
    });
    if (mode == QLatin1String("autonomous")) {
        QObject::connect(b->bus(), &EventBus::published, b.get(), [&](const Event& e) {
            if (e.name == QLatin1String("worker_tool_started"))
                markNs = nowNs();
        });
    }
    std::vector<double> out;
    for (int i = 0; i < rounds; ++i) {
        markNs = 0;
        QEventLoop loop;
        bool ok = false;
        const auto conn = QObject::connect(b->jarvis(), &JarvisService::runFinished, &loop,
                                           [&](qint64, bool done, const QString&) {
                                               ok = done;
                                               loop.quit();
                                           });
        if (!b->jarvis()->ask(QStringLiteral("stamp the time on benchbox")))
            die(QStringLiteral("the request did not start"));
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
        QObject::disconnect(conn);
        QFile f(host.filePath(QStringLiteral("stamp%1").arg(i)));
        if (!ok || markNs == 0 || !f.open(QIODevice::ReadOnly))
            die(QStringLiteral("round %1 in mode %2 did not run the command").arg(i).arg(mode));
        const qint64 hostNs = f.readAll().trimmed().toLongLong();
        out.push_back(double(hostNs - markNs) / 1e6);
    }
    return out;
}

void print(const char* name, const Stats& s, size_t n) {
    std::printf("  %-34s median %8.2f ms   p95 %8.2f ms   mean %8.2f ms   (n=%zu)\n", name,
                s.median, s.p95, s.mean, n);
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? qMax(1, QString::fromLocal8Bit(argv[1]).toInt()) : 20;
    qputenv("QT_LOGGING_RULES", "zerg.*.debug=false");
    qunsetenv("SSH_AUTH_SOCK");
    test::SshdFixture sshd;
    QString why;
    if (!sshd.available(&why) || !sshd.start(&why))
        die(why);

    std::printf("zerg-bench-approvals: %d rounds per mode against the loopback sshd\n", rounds);
    const std::vector<double> asked = measure(sshd, QStringLiteral("ask"), rounds);
    const std::vector<double> direct = measure(sshd, QStringLiteral("autonomous"), rounds);
    const Stats a = stats(asked);
    const Stats d = stats(direct);
    print("answer -> command starts (ask)", a, asked.size());
    print("call -> command starts (autonomous)", d, direct.size());

    bench::Figure f;
    f.section = QStringLiteral("Approvals");
    f.figure = QStringLiteral("answer to command start, median");
    f.ours = a.median;
    f.unit = QStringLiteral("ms");
    f.reference = d.median;
    f.referenceName = QStringLiteral("tool call to command start without approval");
    f.note =
        QStringLiteral("p95 %1 ms (reference %2 ms)").arg(a.p95, 0, 'f', 1).arg(d.p95, 0, 'f', 1);
    bench::report(f);
    return 0;
}
