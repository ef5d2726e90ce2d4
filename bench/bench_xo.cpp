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
// Usage: zerg-bench-xo [MAX_ITERATIONS]   (default 12, the agent's default)
#include "agent/agent_loop.h"
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "fake_llm_server.h"
#include "llm/openai_provider.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>

#include <cstdio>

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
    return 0;
}
