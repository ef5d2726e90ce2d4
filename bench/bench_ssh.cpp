// zerg-bench-ssh: per-command latency of ssh_exec through the connection pool, next to OpenSSH in
// the same run against the same loopback sshd (tests/support/sshd_fixture.h):
//
//   pool, sequential      N calls of `true` through SshExecTool, one after the other (after one
//                         warm-up call that opens the pooled session)
//   ssh, fresh            N runs of `ssh ... true`, a new connection and login each time
//   ssh, ControlMaster    N runs of `ssh -o ControlMaster=auto ... true` over one master
//                         connection (opened by a warm-up run)
//   pool, 50 parallel     rounds of P calls started together; latency of each call
//   ssh CM, 50 parallel   the same with P ControlMaster clients started together
//
// Prints median and p95 per command, and the ratios the issue sets as targets: pool vs
// ControlMaster (target <= 1.2x) and fresh ssh vs pool (target >= 5x).
//
// Usage: zerg-bench-ssh [N] [P] [ROUNDS]   (defaults: 100, 50, 5)
#include "bench_stats.h"
#include "sshd_fixture.h"
#include "temp_env.h"
#include "tools/ssh_exec_tool.h"
#include "tools/ssh_pool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::stats;
using zerg::bench::Stats;

namespace {

const QString kAlias = QStringLiteral("benchbox");

void print(const char* name, const Stats& s, int n) {
    std::printf("  %-28s median %8.2f ms   p95 %8.2f ms   mean %8.2f ms   (n=%d)\n", name, s.median,
                s.p95, s.mean, n);
}

QString g_sshdLog;  // printed when the benchmark fails

[[noreturn]] void die(const QString& why) {
    QFile log(g_sshdLog);
    if (log.open(QIODevice::ReadOnly))
        std::fprintf(stderr, "sshd log (end):\n%s\n", log.readAll().right(3000).constData());
    std::fprintf(stderr, "zerg-bench-ssh: %s\n", qPrintable(why));
    std::exit(1);
}

// Waits on the event loop until the invocation finishes.
void await(ToolInvocation* inv) {
    if (inv->isFinished())
        return;
    QEventLoop loop;
    QObject::connect(inv, &ToolInvocation::finished, &loop, &QEventLoop::quit);
    loop.exec();
}

class Bench {
public:
    Bench(test::SshdFixture& sshd, QString sshPath) : m_sshd(sshd), m_ssh(std::move(sshPath)) {}

    std::vector<double> poolSequential(SshExecTool& tool, int n) {
        std::vector<double> out;
        for (int i = 0; i < n; ++i) {
            QElapsedTimer t;
            t.start();
            std::unique_ptr<ToolInvocation> inv(
                tool.start({{"host", kAlias}, {"command", "true"}}, nullptr));
            await(inv.get());
            out.push_back(msSince(t));
            if (!inv->result().ok())
                die(QStringLiteral("pool call failed: ") + inv->result().error());
        }
        return out;
    }

    std::vector<double> poolParallel(SshExecTool& tool, int p, int rounds) {
        std::vector<double> out;
        for (int r = 0; r < rounds; ++r) {
            std::vector<std::unique_ptr<ToolInvocation>> invs;
            std::vector<QElapsedTimer> started{size_t(p)};
            std::vector<double> took(size_t(p), -1);
            int left = p;
            QEventLoop loop;
            for (int i = 0; i < p; ++i) {
                started[size_t(i)].start();
                invs.emplace_back(tool.start({{"host", kAlias}, {"command", "true"}}, nullptr));
                QObject::connect(invs.back().get(), &ToolInvocation::finished, &loop, [&, i] {
                    took[size_t(i)] = msSince(started[size_t(i)]);
                    if (--left == 0)
                        loop.quit();
                });
            }
            loop.exec();
            for (const auto& inv : invs) {
                if (!inv->result().ok())
                    die(QStringLiteral("parallel pool call failed: ") + inv->result().error());
            }
            out.insert(out.end(), took.begin(), took.end());
        }
        return out;
    }

    std::vector<double> ssh(const QStringList& extra, int n) {
        std::vector<double> out;
        for (int i = 0; i < n; ++i) {
            QElapsedTimer t;
            t.start();
            runSsh(extra);
            out.push_back(msSince(t));
        }
        return out;
    }

    std::vector<double> sshParallel(const QStringList& extra, int p, int rounds) {
        std::vector<double> out;
        for (int r = 0; r < rounds; ++r) {
            std::vector<std::unique_ptr<QProcess>> procs;
            std::vector<QElapsedTimer> started{size_t(p)};
            for (int i = 0; i < p; ++i) {
                procs.push_back(std::make_unique<QProcess>());
                started[size_t(i)].start();
                procs.back()->start(m_ssh, args(extra));
            }
            // Wait in start order; a finished process's time is taken when it is reaped, which
            // can only make ControlMaster look slower, never faster: poll them all instead.
            std::vector<double> took(size_t(p), -1);
            int left = p;
            while (left > 0) {
                for (int i = 0; i < p; ++i) {
                    if (took[size_t(i)] >= 0)
                        continue;
                    if (procs[size_t(i)]->waitForFinished(0) ||
                        procs[size_t(i)]->state() == QProcess::NotRunning) {
                        took[size_t(i)] = msSince(started[size_t(i)]);
                        if (procs[size_t(i)]->exitCode() != 0) {
                            die(QStringLiteral("parallel ssh failed: ") +
                                QString::fromLocal8Bit(procs[size_t(i)]->readAllStandardError()));
                        }
                        --left;
                    }
                }
                QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
            }
            out.insert(out.end(), took.begin(), took.end());
        }
        return out;
    }

    void runSsh(const QStringList& extra) {
        QProcess p;
        p.start(m_ssh, args(extra));
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit ||
            p.exitCode() != 0) {
            die(QStringLiteral("ssh failed: ") + QString::fromLocal8Bit(p.readAllStandardError()));
        }
    }

private:
    QStringList args(const QStringList& extra) const {
        QStringList a{
            QStringLiteral("-F"), QStringLiteral("/dev/null"),
            QStringLiteral("-i"), m_sshd.userKeyPath(),
            QStringLiteral("-p"), QString::number(m_sshd.port()),
            QStringLiteral("-o"), QStringLiteral("IdentitiesOnly=yes"),
            QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
            QStringLiteral("-o"), QStringLiteral("StrictHostKeyChecking=yes"),
            QStringLiteral("-o"), QStringLiteral("UserKnownHostsFile=") + m_sshd.knownHostsPath()};
        a += extra;
        a << QStringLiteral("%1@127.0.0.1").arg(m_sshd.userName()) << QStringLiteral("true");
        return a;
    }

    test::SshdFixture& m_sshd;
    QString m_ssh;
};

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList argsIn = app.arguments();
    const int n = argsIn.size() > 1 ? argsIn[1].toInt() : 100;
    const int p = argsIn.size() > 2 ? argsIn[2].toInt() : 50;
    const int rounds = argsIn.size() > 3 ? argsIn[3].toInt() : 5;
    qunsetenv("SSH_AUTH_SOCK");

    test::SshdFixture sshd;
    QString error;
    g_sshdLog = sshd.logPath();
    if (!sshd.start(&error))
        die(QStringLiteral("cannot start sshd: ") + error);
    const QString sshPath = test::findProgram(QStringLiteral("ssh"));
    if (sshPath.isEmpty())
        die(QStringLiteral("ssh (package openssh-client) is not installed"));
    QTemporaryDir tmp;  // ControlPath and an empty ssh dir for libssh (no default keys)
    if (!tmp.isValid())
        die(QStringLiteral("no temp folder"));

    auto hosts = HostsConfig::loadFile(sshd.writeHostsFile(kAlias, sshd.knownHostsPath()));
    if (!hosts)
        die(hosts.error().message);
    SshExecOptions opts;
    opts.sshDir = tmp.path();
    SshExecTool tool(hosts.value(), opts);
    Bench bench(sshd, sshPath);

#ifdef ZERG_BUILD_TYPE
    std::printf("zerg-bench-ssh (%s build): loopback sshd on port %d, `true` per command\n",
                ZERG_BUILD_TYPE, sshd.port());
#endif
    bench.poolSequential(tool, 1);  // warm-up: opens the pooled session
    const Stats pool = stats(bench.poolSequential(tool, n));
    const Stats fresh = stats(bench.ssh({}, n));
    const QStringList cm{QStringLiteral("-o"),
                         QStringLiteral("ControlMaster=auto"),
                         QStringLiteral("-o"),
                         QStringLiteral("ControlPath=") + tmp.path() + QStringLiteral("/cm-%C"),
                         QStringLiteral("-o"),
                         QStringLiteral("ControlPersist=60")};
    bench.runSsh(cm);  // warm-up: starts the master
    const Stats master = stats(bench.ssh(cm, n));
    const Stats poolPar = stats(bench.poolParallel(tool, p, rounds));
    const Stats masterPar = stats(bench.sshParallel(cm, p, rounds));
    bench.runSsh(cm + QStringList{QStringLiteral("-O"), QStringLiteral("exit")});

    std::printf("\nSequential, %d commands each:\n", n);
    print("pool (ssh_exec)", pool, n);
    print("ssh, fresh connection", fresh, n);
    print("ssh, ControlMaster", master, n);
    std::printf("\n%d in parallel, %d rounds (latency of each command):\n", p, rounds);
    print("pool (ssh_exec)", poolPar, p * rounds);
    print("ssh, ControlMaster", masterPar, p * rounds);
    std::printf("\npool connections opened: %d (max %d per host)\n",
                tool.pool().connectionsStarted(), opts.maxConnectionsPerHost);

    const double vsMaster = pool.median / master.median;
    const double vsFresh = fresh.median / pool.median;
    std::printf("\nTargets (medians):\n");
    std::printf("  pool / ControlMaster  = %.2fx   (target <= 1.2x)  %s\n", vsMaster,
                vsMaster <= 1.2 ? "met" : "NOT met");
    std::printf("  fresh ssh / pool      = %.1fx   (target >= 5x)    %s\n", vsFresh,
                vsFresh >= 5 ? "met" : "NOT met");
    std::printf("  parallel: pool / ControlMaster = %.2fx\n", poolPar.median / masterPar.median);

    using zerg::bench::Figure;
    const QString section = QStringLiteral("SSH");
    const QString ms = QStringLiteral("ms");
    const QString cmName = QStringLiteral("OpenSSH with ControlMaster");
    zerg::bench::report(Figure{section, QStringLiteral("per command through the pool, median"),
                               pool.median, ms, master.median, cmName, QStringLiteral("≤ 1.2×"),
                               vsMaster <= 1.2});
    zerg::bench::report(Figure{section, QStringLiteral("per command through the pool, median"),
                               pool.median, ms, fresh.median,
                               QStringLiteral("OpenSSH, a new connection per command")});
    zerg::bench::report(Figure{section,
                               QStringLiteral("%1 commands in parallel, median latency").arg(p),
                               poolPar.median, ms, masterPar.median, cmName});
    zerg::bench::report(Figure{section,
                               QStringLiteral("%1 commands in parallel, p99 latency").arg(p),
                               poolPar.p99, ms, masterPar.p99, cmName});
    return 0;
}
