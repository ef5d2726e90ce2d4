// zerg-bench-mcp: Zerg's MCP client (issue 23, docs/mcp.md) against a bare JSON-RPC client, both
// talking to the reference server @modelcontextprotocol/server-everything over stdio (the pinned
// version the tests use, installed by scripts/setup into <build>/mcp-servers), in the same run:
//
//   round trip      one echo call {message} at a time. Zerg: McpServers (standalone, SystemClock)
//                   -> the mcp__everything__echo McpTool -> start() -> finished(): the arguments
//                   checked against the tool's schema (valijson), the request with its progress
//                   token and timeout, the answer parsed by the stdio transport and the session,
//                   the CallToolResult turned into a tool result. The reference: a second
//                   server-everything process driven directly through a QProcess in the same
//                   event loop (initialize and notifications/initialized by hand, then
//                   `{"jsonrpc":"2.0","id":N,"method":"tools/call",...}\n` written and the line
//                   with that id awaited and parsed). The two are measured alternately in one
//                   loop (the order swapped every iteration) so that drift of the machine hits
//                   both alike; a second pass runs them in blocks, one after the other, for
//                   comparison. Besides wall time, the CPU time this process spends per call
//                   (the server's CPU is in the node process, not here): what Zerg adds.
//   start-up        5 server-everything entries (s1..s5) in a fresh McpServers: from
//                   startStandalone() until every server is ready (handshake and tools/list
//                   answered; McpServers::isSettled()). The reference: 5 bare processes started
//                   at once with QProcess, each taken through initialize,
//                   notifications/initialized and tools/list by hand, until all 5 answered
//                   tools/list. Repeated (each time fresh; the processes stopped and gone in
//                   between), median; also 1 server each, for scale.
//
// Both sides start the same command (node <server-everything>/dist/index.js stdio) with the same
// environment; node's own start-up dominates the start-up figures, the server's handling of a
// call dominates the round trip, so the ratios show what Zerg adds on top of the least a client
// has to do.
//
// Needs node and server-everything in <build>/mcp-servers/node_modules (ZERG_MCP_NODE_MODULES
// overrides the folder); scripts/bench installs them with `ZERG_BUILD_DIR=build-bench
// scripts/setup`. Without them it says so and exits 1.
//
// Usage: zerg-bench-mcp [CALLS] [REPETITIONS]   (defaults: 300 calls after 20 warm-up, 5)
#include "bench_stats.h"
#include "core/clock.h"
#include "mcp/mcp_client.h"
#include "mcp/mcp_config.h"
#include "mcp/mcp_servers.h"
#include "mcp/stdio_transport.h"
#include "tools/tool.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::processCpuUs;
using zerg::bench::stats;
using zerg::bench::Stats;

namespace {

constexpr int kWarmUp = 20;
constexpr int kWaitMs = 60000;  // any single wait; longer means something is broken

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-mcp: %s\n", qPrintable(why));
    std::exit(1);
}

// node and server-everything's script, found as tests/support/mcp_reference_servers.h does.
struct ServerCommand {
    QString node;
    QString script;
    QString version;  // server-everything's package version

    [[nodiscard]] QStringList args() const { return {script, QStringLiteral("stdio")}; }
};

ServerCommand findServer() {
    QString dir = qEnvironmentVariable("ZERG_MCP_NODE_MODULES");
    if (dir.isEmpty())
        dir = QStringLiteral(ZERG_MCP_NODE_MODULES);
    ServerCommand s;
    s.node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString package = dir + QStringLiteral("/@modelcontextprotocol/server-everything");
    s.script = package + QStringLiteral("/dist/index.js");
    if (s.node.isEmpty())
        die(QStringLiteral("Node.js (node) is not installed. Run scripts/setup."));
    if (!QFile::exists(s.script)) {
        die(QStringLiteral(
                "the reference MCP server server-everything is not installed (%1 is missing). "
                "Run `ZERG_BUILD_DIR=build-bench scripts/setup` from the repository (it installs "
                "the pinned test MCP servers into build-bench/mcp-servers), or set "
                "ZERG_MCP_NODE_MODULES to a node_modules folder that has it.")
                .arg(s.script));
    }
    QFile pkg(package + QStringLiteral("/package.json"));
    if (pkg.open(QIODevice::ReadOnly))
        s.version = QJsonDocument::fromJson(pkg.readAll()).object().value("version").toString();
    return s;
}

// Runs the event loop for ms milliseconds (deferred deletes and process exits are handled).
void settle(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// Runs the event loop until done() or the deadline; false when the deadline came first.
bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (!done())
            settle(2);
    }
    return true;
}

bool processGone(qint64 pid) {
    return pid <= 0 || (::kill(pid_t(pid), 0) != 0 && errno == ESRCH);
}

// The reference: the least a JSON-RPC client over stdio does. One QProcess (stderr discarded),
// requests written as compact JSON lines, answers parsed line by line and handed to onAnswer by
// id; a server's ping is answered, its other requests refused, its notifications ignored.
class BareClient {
public:
    using Answer = std::function<void(qint64 id, const QJsonObject& message)>;

    explicit BareClient(const ServerCommand& s) : m_p(std::make_unique<QProcess>()) {
        m_p->setStandardErrorFile(QProcess::nullDevice());
        QObject::connect(m_p.get(), &QProcess::readyReadStandardOutput, m_p.get(),
                         [this] { onStdout(); });
        QObject::connect(m_p.get(), &QProcess::errorOccurred, m_p.get(),
                         [this](QProcess::ProcessError e) {
                             if (e == QProcess::FailedToStart)
                                 die(QStringLiteral("could not start node: ") + m_p->errorString());
                         });
        m_program = s.node;
        m_args = s.args();
    }

    // Starts the process; onStarted runs once it runs (as Zerg's transport sends its first
    // message on QProcess::started).
    void start(std::function<void()> onStarted) {
        QObject::connect(m_p.get(), &QProcess::started, m_p.get(), std::move(onStarted),
                         Qt::SingleShotConnection);
        m_p->start(m_program, m_args);
    }

    void setOnAnswer(Answer a) { m_onAnswer = std::move(a); }

    void request(qint64 id, const QString& method, const QJsonObject& params,
                 bool withParams = true) {
        QJsonObject msg{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
        if (withParams)
            msg.insert("params", params);
        write(msg);
    }

    void notify(const QString& method) { write({{"jsonrpc", "2.0"}, {"method", method}}); }

    // initialize, notifications/initialized, tools/list; done() once tools/list is answered.
    void handshake(std::function<void()> done) {
        setOnAnswer([this, done = std::move(done)](qint64 id, const QJsonObject& m) {
            if (m.contains("error")) {
                die(QStringLiteral("the bare client's request %1 failed: %2")
                        .arg(id)
                        .arg(QString::fromUtf8(QJsonDocument(m).toJson(QJsonDocument::Compact))));
            }
            if (id == 1) {
                notify(QStringLiteral("notifications/initialized"));
                request(2, QStringLiteral("tools/list"), {}, false);
            } else if (id == 2) {
                if (m.value("result").toObject().value("tools").toArray().isEmpty())
                    die(QStringLiteral("the bare client's tools/list returned no tools"));
                done();
            }
        });
        start([this] {
            request(1, QStringLiteral("initialize"),
                    {{"protocolVersion", McpClient::supportedProtocolVersions().first()},
                     {"capabilities", QJsonObject{}},
                     {"clientInfo", QJsonObject{{"name", "bare"}, {"version", "0"}}}});
        });
    }

    // Closes its input (the server exits at the end of its input) without waiting.
    void closeInput() { m_p->closeWriteChannel(); }

    // Waits until the process is gone (killed when it does not end of itself).
    void waitGone() {
        if (m_p->state() == QProcess::NotRunning)
            return;
        m_p->closeWriteChannel();
        if (!waitUntil([this] { return m_p->state() == QProcess::NotRunning; }, 5000)) {
            m_p->kill();
            m_p->waitForFinished(2000);
        }
    }

    [[nodiscard]] qint64 pid() const { return m_p->processId(); }

private:
    void write(const QJsonObject& m) {
        QByteArray line = QJsonDocument(m).toJson(QJsonDocument::Compact);
        line.append('\n');
        m_p->write(line);
    }

    void onStdout() {
        m_buf.append(m_p->readAllStandardOutput());
        qsizetype start = 0;
        qsizetype nl;
        while ((nl = m_buf.indexOf('\n', start)) >= 0) {
            const QJsonObject m = QJsonDocument::fromJson(m_buf.mid(start, nl - start)).object();
            start = nl + 1;
            if (m.isEmpty())
                continue;
            const QJsonValue id = m.value("id");
            if (m.contains("method")) {
                if (!id.isUndefined() && !id.isNull()) {  // the server's own request
                    if (m.value("method").toString() == QLatin1String("ping")) {
                        write({{"jsonrpc", "2.0"}, {"id", id}, {"result", QJsonObject{}}});
                    } else {
                        write(
                            {{"jsonrpc", "2.0"},
                             {"id", id},
                             {"error", QJsonObject{{"code", -32601}, {"message", "not offered"}}}});
                    }
                }
                continue;  // notifications: nothing to do
            }
            if (id.isDouble() && m_onAnswer)
                m_onAnswer(qint64(id.toDouble()), m);
        }
        m_buf.remove(0, start);
    }

    std::unique_ptr<QProcess> m_p;
    QString m_program;
    QStringList m_args;
    QByteArray m_buf;
    Answer m_onAnswer;
};

McpServerConfig serverConfig(const QString& name, const ServerCommand& s) {
    McpServerConfig c;
    c.name = name;
    c.command = s.node;
    c.args = s.args();
    c.timeoutSeconds = 30;
    return c;
}

McpOptions options(SystemClock* clock, const QString& logDir) {
    McpOptions o;
    o.clock = clock;
    o.logDir = logDir;
    return o;
}

// Waits until servers settle (no timing here); dies unless every server is ready.
void awaitReady(McpServers& servers) {
    if (!servers.isSettled()) {
        QEventLoop loop;
        QTimer guard;
        guard.setSingleShot(true);
        QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
        QObject::connect(&servers, &McpServers::settled, &loop, &QEventLoop::quit);
        guard.start(kWaitMs);
        loop.exec();
    }
    for (const McpServerStatus& s : servers.servers()) {
        if (s.state != McpServerState::Ready) {
            die(QStringLiteral("MCP server '%1' is %2, not ready: %3\n%4")
                    .arg(s.config.name, statusName(s.state), s.lastError,
                         s.lastStderr.join(QLatin1Char('\n'))));
        }
    }
}

// The process ids of servers' stdio processes (while they are ready).
std::vector<qint64> processIds(const McpServers& servers) {
    std::vector<qint64> out;
    for (const McpServerStatus& s : servers.servers()) {
        McpClient* c = servers.client(s.config.name);
        auto* t = c ? qobject_cast<StdioTransport*>(c->transport()) : nullptr;
        out.push_back(t ? t->processId() : 0);
    }
    return out;
}

// Stops the standalone servers and waits until their processes are gone.
void stopAndWait(std::unique_ptr<McpServers>& servers) {
    const std::vector<qint64> pids = processIds(*servers);
    servers->stopStandalone();
    // Every state becomes Stopped when the `mcp` supervisor has exited, which is after each
    // server's session has ended (isRunning() is false as soon as the stop begins).
    const auto allStopped = [&] {
        for (const McpServerStatus& s : servers->servers()) {
            if (s.state != McpServerState::Stopped)
                return false;
        }
        return true;
    };
    if (!waitUntil(allStopped, 15000))
        die(QStringLiteral("the MCP servers did not stop within 15 s"));
    const bool gone = waitUntil(
        [&] {
            for (qint64 pid : pids) {
                if (!processGone(pid))
                    return false;
            }
            return true;
        },
        5000);
    if (!gone)
        die(QStringLiteral("a server process was still there 5 s after the servers stopped"));
    servers.reset();
    settle(50);  // deferred deletes
}

// ---- round trip ------------------------------------------------------------------------------

struct Call {
    double us = 0;     // wall time from start to the answer
    double cpuUs = 0;  // this process's CPU for the call (and the clean-up it leaves behind)
};

// Runs the event loop once more so that what a call left behind (deferred deletes, queued
// events) counts as that call's CPU, not the next one's.
void drain() {
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
}

Call zergCall(Tool& echo, const QString& message) {
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(kWaitMs);
    Call c;
    const double cpu0 = processCpuUs();
    QElapsedTimer t;
    t.start();
    std::unique_ptr<ToolInvocation> inv(echo.start({{"message", message}}, nullptr));
    if (!inv->isFinished()) {
        QObject::connect(inv.get(), &ToolInvocation::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    c.us = double(t.nsecsElapsed()) / 1e3;
    if (!inv->isFinished())
        die(QStringLiteral("Zerg's echo call got no answer within %1 s").arg(kWaitMs / 1000));
    const ToolResult r = inv->result();
    inv.reset();
    drain();
    c.cpuUs = processCpuUs() - cpu0;
    if (!r.ok() || !r.payload.value("text").toString().contains(message))
        die(QStringLiteral("Zerg's echo call failed: ") +
            QString::fromUtf8(QJsonDocument(r.payload).toJson(QJsonDocument::Compact)));
    return c;
}

Call bareCall(BareClient& client, qint64 id, const QString& message) {
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(kWaitMs);
    QJsonObject answer;
    bool answered = false;
    client.setOnAnswer([&](qint64 got, const QJsonObject& m) {
        if (got != id)
            return;
        answer = m;
        answered = true;
        loop.quit();
    });
    Call c;
    const double cpu0 = processCpuUs();
    QElapsedTimer t;
    t.start();
    client.request(id, QStringLiteral("tools/call"),
                   {{"name", "echo"}, {"arguments", QJsonObject{{"message", message}}}});
    if (!answered)
        loop.exec();
    c.us = double(t.nsecsElapsed()) / 1e3;
    client.setOnAnswer({});
    drain();
    c.cpuUs = processCpuUs() - cpu0;
    if (!answered)
        die(QStringLiteral("the bare client's echo call got no answer within %1 s")
                .arg(kWaitMs / 1000));
    const QJsonArray content = answer.value("result").toObject().value("content").toArray();
    if (content.isEmpty() || !content.first().toObject().value("text").toString().contains(message))
        die(QStringLiteral("the bare client's echo call failed: ") +
            QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)));
    return c;
}

struct Series {
    std::vector<double> us;
    std::vector<double> cpuUs;
    void add(const Call& c) {
        us.push_back(c.us);
        cpuUs.push_back(c.cpuUs);
    }
};

struct RoundTrip {
    Series zerg, bare;            // interleaved
    Series zergBlock, bareBlock;  // one after the other
};

RoundTrip roundTrip(const ServerCommand& cmd, SystemClock& clock, const QString& logDir, int n) {
    McpConfig config;
    config.servers = {serverConfig(QStringLiteral("everything"), cmd)};
    auto servers = std::make_unique<McpServers>(config, options(&clock, logDir));
    if (const Status started = servers->startStandalone(); !started)
        die(started.error().message);
    awaitReady(*servers);
    std::shared_ptr<Tool> echo;
    for (const std::shared_ptr<Tool>& t : servers->toolSource()->tools()) {
        if (t->spec().name == QLatin1String("mcp__everything__echo"))
            echo = t;
    }
    if (!echo)
        die(QStringLiteral("server-everything offers no echo tool (mcp__everything__echo)"));

    BareClient bare(cmd);
    {
        QEventLoop loop;
        bool ready = false;
        bare.handshake([&] {
            ready = true;
            loop.quit();
        });
        QTimer::singleShot(kWaitMs, &loop, &QEventLoop::quit);
        if (!ready)
            loop.exec();
        if (!ready)
            die(QStringLiteral("the bare client's handshake did not finish"));
    }
    settle(500);  // both servers past their start-up (server-everything's 350 ms roots timer)

    RoundTrip out;
    qint64 id = 10;
    const auto message = [](int i) {
        return QStringLiteral("round trip %1 from the benchmark").arg(i);
    };
    for (int i = 0; i < kWarmUp + n; ++i) {
        const QString m = message(i);
        Call z;
        Call b;
        if (i % 2 == 0) {
            z = zergCall(*echo, m);
            b = bareCall(bare, ++id, m);
        } else {
            b = bareCall(bare, ++id, m);
            z = zergCall(*echo, m);
        }
        if (i >= kWarmUp) {
            out.zerg.add(z);
            out.bare.add(b);
        }
    }
    for (int i = 0; i < n; ++i)
        out.zergBlock.add(zergCall(*echo, message(i)));
    for (int i = 0; i < n; ++i)
        out.bareBlock.add(bareCall(bare, ++id, message(i)));

    echo.reset();
    stopAndWait(servers);
    bare.waitGone();
    return out;
}

// ---- start-up --------------------------------------------------------------------------------

// From startStandalone() until every one of `count` servers is ready.
double zergStartup(const ServerCommand& cmd, SystemClock& clock, const QString& logDir, int count) {
    McpConfig config;
    for (int k = 1; k <= count; ++k)
        config.servers.append(serverConfig(QStringLiteral("s%1").arg(k), cmd));
    auto servers = std::make_unique<McpServers>(config, options(&clock, logDir));
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(servers.get(), &McpServers::settled, &loop, &QEventLoop::quit);
    guard.start(kWaitMs);
    QElapsedTimer t;
    t.start();
    if (const Status started = servers->startStandalone(); !started)
        die(started.error().message);
    if (!servers->isSettled())
        loop.exec();
    const double ms = msSince(t);
    awaitReady(*servers);  // settled: this only checks that all are ready
    stopAndWait(servers);
    return ms;
}

// `count` bare processes started at once, each through initialize and tools/list.
double bareStartup(const ServerCommand& cmd, int count) {
    std::vector<std::unique_ptr<BareClient>> clients;
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(kWaitMs);
    int left = count;
    QElapsedTimer t;
    t.start();
    for (int k = 0; k < count; ++k) {
        clients.push_back(std::make_unique<BareClient>(cmd));
        clients.back()->handshake([&] {
            if (--left == 0)
                loop.quit();
        });
    }
    if (left > 0)
        loop.exec();
    const double ms = msSince(t);
    if (left > 0)
        die(QStringLiteral("%1 of %2 bare servers did not answer tools/list").arg(left).arg(count));
    for (auto& c : clients)
        c->setOnAnswer({});
    for (auto& c : clients)
        c->closeInput();
    for (auto& c : clients)
        c->waitGone();
    clients.clear();
    settle(50);
    return ms;
}

// ---- report ----------------------------------------------------------------------------------

void printCalls(const char* name, const Series& s) {
    const Stats w = stats(s.us);
    const Stats c = stats(s.cpuUs);
    std::printf(
        "  %-30s median %8.1f us   p95 %8.1f us   mean %8.1f us   CPU here %7.1f us"
        "   (n=%zu)\n",
        name, w.median, w.p95, w.mean, c.median, s.us.size());
}

void printStartup(const char* name, const std::vector<double>& ms) {
    const Stats s = stats(ms);
    const auto [lo, hi] = std::minmax_element(ms.begin(), ms.end());
    std::printf("  %-30s median %8.1f ms   min %8.1f ms   max %8.1f ms   (n=%zu)\n", name, s.median,
                *lo, *hi, ms.size());
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int n = args.size() > 1 ? qMax(1, args[1].toInt()) : 300;
    const int reps = args.size() > 2 ? qMax(1, args[2].toInt()) : 5;
    qputenv("QT_LOGGING_RULES", "zerg.*.debug=false");

    const ServerCommand cmd = findServer();
    QTemporaryDir tmp;  // the servers' stderr logs (Zerg keeps one per stdio server)
    if (!tmp.isValid())
        die(QStringLiteral("no temp folder"));
    const QString logDir = tmp.filePath(QStringLiteral("mcp"));
    SystemClock clock;

    QProcess nodeVersion;
    nodeVersion.start(cmd.node, {QStringLiteral("--version")});
    nodeVersion.waitForFinished(10000);
#ifdef ZERG_BUILD_TYPE
    const char* buildType = ZERG_BUILD_TYPE;
#else
    const char* buildType = "unknown";
#endif
    std::printf("zerg-bench-mcp (%s build): server-everything %s on node %s, over stdio\n",
                buildType, qPrintable(cmd.version),
                nodeVersion.readAllStandardOutput().trimmed().constData());
    std::fflush(stdout);

    const RoundTrip rt = roundTrip(cmd, clock, logDir, n);

    // Start-up: the order of Zerg and the reference swapped every repetition.
    std::vector<double> zerg5, bare5, zerg1, bare1;
    for (int r = 0; r < reps; ++r) {
        if (r % 2 == 0) {
            zerg5.push_back(zergStartup(cmd, clock, logDir, 5));
            bare5.push_back(bareStartup(cmd, 5));
            zerg1.push_back(zergStartup(cmd, clock, logDir, 1));
            bare1.push_back(bareStartup(cmd, 1));
        } else {
            bare5.push_back(bareStartup(cmd, 5));
            zerg5.push_back(zergStartup(cmd, clock, logDir, 5));
            bare1.push_back(bareStartup(cmd, 1));
            zerg1.push_back(zergStartup(cmd, clock, logDir, 1));
        }
    }

    std::printf("\nTool call round trip (echo), %d calls each after %d warm-up, interleaved:\n", n,
                kWarmUp);
    printCalls("Zerg (McpTool)", rt.zerg);
    printCalls("bare JSON-RPC client", rt.bare);
    std::printf("The same in blocks (%d Zerg calls, then %d bare calls):\n", n, n);
    printCalls("Zerg (McpTool)", rt.zergBlock);
    printCalls("bare JSON-RPC client", rt.bareBlock);
    std::printf("\nStart-up until ready (tools listed), %d repetitions:\n", reps);
    printStartup("Zerg, 5 servers", zerg5);
    printStartup("bare, 5 processes", bare5);
    printStartup("Zerg, 1 server", zerg1);
    printStartup("bare, 1 process", bare1);

    const Stats z = stats(rt.zerg.us);
    const Stats b = stats(rt.bare.us);
    const Stats zc = stats(rt.zerg.cpuUs);
    const Stats bc = stats(rt.bare.cpuUs);
    const double z5 = bench::median(zerg5);
    const double b5 = bench::median(bare5);
    const double z1 = bench::median(zerg1);
    const double b1 = bench::median(bare1);
    const double rtRatio = z.median / b.median;
    const double startRatio = z5 / b5;
    std::printf("\nTargets (medians):\n");
    std::printf("  round trip: Zerg / bare        = %.2fx   (target <= 1.5x)  %s\n", rtRatio,
                rtRatio <= 1.5 ? "met" : "NOT met");
    std::printf("  start-up of 5: Zerg / bare     = %.2fx   (target <= 1.3x)  %s\n", startRatio,
                startRatio <= 1.3 ? "met" : "NOT met");

    using zerg::bench::Figure;
    const QString section = QStringLiteral("MCP");
    const QString us = QStringLiteral("us");
    const QString ms = QStringLiteral("ms");
    const QString bareName = QStringLiteral("bare JSON-RPC client, same server");
    const QString callNote =
        QStringLiteral(
            "server-everything over stdio; %1 calls each after %2 warm-up, Zerg and "
            "the bare client alternating")
            .arg(n)
            .arg(kWarmUp);
    zerg::bench::report(Figure{section, QStringLiteral("tool call round trip (echo), median"),
                               z.median, us, b.median, bareName, QStringLiteral("≤ 1.5×"),
                               rtRatio <= 1.5, callNote});
    zerg::bench::report(Figure{section,
                               QStringLiteral("tool call round trip (echo), p95"),
                               z.p95,
                               us,
                               b.p95,
                               bareName,
                               {},
                               std::nullopt,
                               callNote});
    zerg::bench::report(Figure{section,
                               QStringLiteral("CPU in the client's process per call, median"),
                               zc.median,
                               us,
                               bc.median,
                               bareName,
                               {},
                               std::nullopt,
                               QStringLiteral("what the client itself spends per call: "
                                              "argument check, request, parsing, result")});
    const QString startNote =
        QStringLiteral(
            "server-everything over stdio, from start until tools/list answered; "
            "median of %1")
            .arg(reps);
    zerg::bench::report(Figure{section, QStringLiteral("start-up of 5 stdio servers, median"), z5,
                               ms, b5, QStringLiteral("5 bare processes started at once"),
                               QStringLiteral("≤ 1.3×"), startRatio <= 1.3, startNote});
    zerg::bench::report(Figure{section,
                               QStringLiteral("start-up of 1 stdio server, median"),
                               z1,
                               ms,
                               b1,
                               QStringLiteral("1 bare process"),
                               {},
                               std::nullopt,
                               startNote});
    return 0;
}
