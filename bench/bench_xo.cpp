// zerg-bench-xo: does steering break loops?
//
// A scripted model on the loopback LLM server keeps calling the same failing command until its
// request contains a "[SUPERVISOR]" message, and then answers. The agent loop runs twice on the
// same script through the real OpenAI-compatible provider over HTTP: with the XO loop (radio
// check every 3 turns, the default) and, as the reference, without it (it loops until the step
// limit). Printed side by side: model calls, wasted calls (after the third identical failure),
// bytes and estimated tokens sent, and how each run ended. A second script alternates two
// failing commands (oscillation).
//
// Then what the XO loop costs per tick: 100 agents side by side, each through 30 iterations of
// one ssh_exec call (a mix of successes and the same failure again), doing per iteration what
// AgentLoop does for its XO (the tool record with normalized arguments and output digest, the
// context estimate, afterIteration() with a radio check every 3 iterations, the snapshot it
// reports). Process CPU time per tick per agent, next to the reference measured on the same
// conversations: what every iteration already spends building its model request
// (OpenAiProvider::requestBody serialized to JSON), so the ratio is what the XO adds to it.
//
// Usage: zerg-bench-xo [MAX_ITERATIONS]   (default 12, the agent's default)
#include "agent/agent_loop.h"
#include "agent/context_window.h"
#include "agent/tool_registry.h"
#include "agent/xo/xo_supervisor.h"
#include "agent/xo/xo_util.h"
#include "bench_stats.h"
#include "core/clock.h"
#include "core/json_util.h"
#include "fake_llm_server.h"
#include "llm/openai_provider.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>

#include <cstdio>
#include <memory>
#include <vector>

using namespace zerg;

namespace {

// ssh_exec that always fails the same way.
class FailingTool final : public Tool {
public:
    ToolSpec spec() const override {
        return {QStringLiteral("ssh_exec"), QStringLiteral("Run a command on a host."),
                objectSchema(
                    {{QStringLiteral("host"), schemaProperty("string", QStringLiteral("h"))},
                     {QStringLiteral("command"), schemaProperty("string", QStringLiteral("c"))}})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        return new ImmediateInvocation(
            ToolResult::failure(QStringLiteral("bash: %1: command not found")
                                    .arg(args.value(QStringLiteral("command")).toString()),
                                {{QStringLiteral("error_code"), QStringLiteral("exit_127")},
                                 {QStringLiteral("exit_code"), 127}}),
            parent);
    }
};

QJsonObject toolCall(const QString& command) {
    return {
        {"unless_request_contains", "[SUPERVISOR]"},
        {"tool_calls", QJsonArray{QJsonObject{
                           {"id", "c"},
                           {"name", "ssh_exec"},
                           {"arguments", QJsonObject{{"host", "cube"}, {"command", command}}}}}}};
}

struct Outcome {
    int calls = 0;
    qint64 bytes = 0;
    QString end;
};

Outcome run(const QStringList& commands, bool withXo, int maxIterations) {
    test::FakeLlmServer server;
    QString error;
    if (!server.start(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        std::exit(1);
    }
    QJsonArray responses;
    for (int i = 0; i < 40; ++i)
        responses.append(toolCall(commands.at(i % commands.size())));
    responses.append(QJsonObject{{"when_request_contains", "[SUPERVISOR]"},
                                 {"content",
                                  "df is not installed on cube; I could not check "
                                  "the disk. Install coreutils or give me another way."}});
    server.setScenario({{"responses", responses}});
    SystemClock clock;
    QNetworkAccessManager nam;
    OpenAiProvider llm(&nam, server.baseUrl(), {}, 30000, &clock);
    ToolRegistry tools;
    tools.add(std::make_shared<FailingTool>());
    AgentConfig cfg;
    cfg.model = QStringLiteral("loop-model");
    cfg.maxIterations = maxIterations;
    if (withXo)
        cfg.xo = xo::Config{};
    AgentLoop loop(&llm, &tools, &clock, cfg,
                   {ChatMessage::system(QStringLiteral("You are a worker.")),
                    ChatMessage::user(QStringLiteral("Check disk usage on cube"))});
    QEventLoop wait;
    QObject::connect(&loop, &AgentLoop::finished, &wait, &QEventLoop::quit);
    loop.start();
    wait.exec();
    Outcome o;
    for (const QJsonObject& r : server.requests()) {
        ++o.calls;
        o.bytes += QJsonDocument(r).toJson(QJsonDocument::Compact).size();
    }
    o.end = loop.outcome() == AgentLoop::Outcome::Completed
                ? QStringLiteral("answered")
                : QStringLiteral("stopped: ") + loop.errorCode();
    return o;
}

void row(const char* name, const Outcome& with, const Outcome& without, int firstLoopCall) {
    const int wastedWith = qMax(0, with.calls - firstLoopCall);
    const int wastedWithout = qMax(0, without.calls - firstLoopCall);
    std::printf("%s\n", name);
    std::printf("  %-26s %12s %12s\n", "", "with XO", "without XO");
    std::printf("  %-26s %12d %12d\n", "model calls", with.calls, without.calls);
    std::printf("  %-26s %12d %12d\n", "wasted calls", wastedWith, wastedWithout);
    std::printf("  %-26s %12lld %12lld\n", "bytes sent", with.bytes, without.bytes);
    std::printf("  %-26s %12lld %12lld\n", "estimated tokens sent", with.bytes / 4,
                without.bytes / 4);
    std::printf("  %-26s %12s %12s\n", "ended", qPrintable(with.end), qPrintable(without.end));
    std::printf("  tokens saved: %.0f%%\n\n",
                100.0 * double(without.bytes - with.bytes) / double(without.bytes));
}

// One agent's conversation and what its XO sees, grown one iteration at a time.
struct TickAgent {
    std::unique_ptr<xo::XoSupervisor> xo;
    xo::AgentState state;
    QList<ChatMessage> messages;
};

struct TickCost {
    double xoUs = 0;       // per tick per agent
    double requestUs = 0;  // the reference, per iteration per agent
};

TickCost xoTicks(int agents, int iterations) {
    const QList<ToolSpec> specs{FailingTool().spec()};
    std::vector<TickAgent> all(agents);
    for (TickAgent& a : all) {
        a.xo = std::make_unique<xo::XoSupervisor>(xo::Config{});
        a.state.role = QStringLiteral("worker");
        a.state.contextWindow = 128000;
        a.messages = {ChatMessage::system(QStringLiteral("You are a worker. Use the tools.")),
                      ChatMessage::user(QStringLiteral("Check disk usage on cube"))};
    }
    const QString df = QStringLiteral(
        "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1       400G  312G   88G  78% "
        "/\ntmpfs            16G     0   16G   0% /dev/shm\n/dev/sdb1       2.0T  1.1T  0.9T  55% "
        "/srv\n");
    double xoUs = 0;
    double requestUs = 0;
    qint64 sink = 0;
    for (int turn = 1; turn <= iterations; ++turn) {
        for (int i = 0; i < agents; ++i) {
            TickAgent& a = all[size_t(i)];
            const bool ok = (turn + i) % 3 != 0;
            const QJsonObject args{{"host", "cube"},
                                   {"command", ok ? QStringLiteral("du -sh /srv/%1").arg(turn)
                                                  : QStringLiteral("df -h")}};
            const ToolResult result =
                ok ? ToolResult::success({{"stdout", df}, {"exit_code", 0}})
                   : ToolResult::failure(QStringLiteral("bash: df: command not found"),
                                         {{"error_code", "exit_127"}, {"exit_code", 127}});
            const QString callId = QStringLiteral("call_%1").arg(turn);
            a.messages.append(ChatMessage::assistant(
                {}, {ToolCall{callId, QStringLiteral("ssh_exec"), json::compactString(args)}}));
            a.messages.append(ChatMessage::tool(callId, QStringLiteral("ssh_exec"),
                                                json::compactString(result.forModel(4000))));

            double t0 = zerg::bench::processCpuUs();
            a.state.tools.append(xo::toolRecord(turn, QStringLiteral("ssh_exec"), args, result));
            a.state.turn = turn;
            a.state.turns.append({turn, QString(), 1});
            a.state.contextTokens = estimateTokens(a.messages) + estimateTokens(specs);
            const auto steering = a.xo->afterIteration(a.state);
            sink += a.xo->snapshot().size() + (steering ? 1 : 0);
            xoUs += zerg::bench::processCpuUs() - t0;

            t0 = zerg::bench::processCpuUs();
            ChatRequest request;
            request.model = QStringLiteral("loop-model");
            request.messages = a.messages;
            request.tools = specs;
            sink += QJsonDocument(OpenAiProvider::requestBody(request))
                        .toJson(QJsonDocument::Compact)
                        .size();
            requestUs += zerg::bench::processCpuUs() - t0;
        }
    }
    if (sink == 0)
        std::printf("(nothing measured)\n");
    const double ticks = double(agents) * iterations;
    return {xoUs / ticks, requestUs / ticks};
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int maxIterations = argc > 1 ? std::max(4, std::atoi(argv[1])) : 12;
    std::printf("zerg-bench-xo (%s build), step limit %d\n\n", ZERG_BUILD_TYPE, maxIterations);
    // Wasted = calls after the one that saw the third identical failure (call 4 on).
    row("loop: the same failing command again and again",
        run({QStringLiteral("df -h")}, true, maxIterations),
        run({QStringLiteral("df -h")}, false, maxIterations), 4);
    row("oscillation: two failing commands in turn",
        run({QStringLiteral("df -h"), QStringLiteral("du -sh /")}, true, maxIterations),
        run({QStringLiteral("df -h"), QStringLiteral("du -sh /")}, false, maxIterations), 5);

    const int agents = 100;
    const int iterations = 30;
    (void)xoTicks(agents, 3);  // warm-up
    const TickCost cost = xoTicks(agents, iterations);
    std::printf("XO loop, %d agents side by side, %d iterations each:\n", agents, iterations);
    std::printf("  per tick per agent            %8.1f us CPU\n", cost.xoUs);
    std::printf("  reference: building the request %6.1f us CPU   -> XO adds %.0f%% to it\n",
                cost.requestUs, 100.0 * cost.xoUs / cost.requestUs);
    zerg::bench::report({QStringLiteral("Roundabout and XO"),
                         QStringLiteral("XO loop: CPU per tick per agent, %1 agents").arg(agents),
                         cost.xoUs, QStringLiteral("us"), cost.requestUs,
                         QStringLiteral("building the same iteration's model request")});
    return 0;
}
