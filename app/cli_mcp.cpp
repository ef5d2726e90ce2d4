#include "cli_mcp.h"

#include "cli.h"
#include "cli_mcp_serve.h"
#include "cli_options.h"

#include "core/clock.h"
#include "core/json_util.h"
#include "core/secret_store.h"
#include "core/settings.h"
#include "mcp/mcp_servers.h"
#include "mcp/mcp_tool.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTextStream>
#include <QTimer>

#include <unistd.h>

namespace zerg::cli {
namespace {

const char kMcpUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg mcp COMMAND\n"
    "\n"
    "The MCP servers whose tools Zerg's workers use (mcp.json in Zerg's config folder, or\n"
    "ZERG_MCP_CONFIG; the format of Claude Desktop and Cursor: {\"mcpServers\": {...}}).\n"
    "\n"
    "Commands:\n"
    "  list [--json]               Start every server and show its state, tool count and\n"
    "                              last error.\n"
    "  tools NAME [--json]         Show the tools of server NAME: whether each only reads,\n"
    "                              its policy (allow, ask, never) and its arguments.\n"
    "  call NAME TOOL JSON [--yes] Call TOOL of server NAME with the arguments JSON (an\n"
    "                              object) and print the result. A tool that may change\n"
    "                              something asks first; --yes runs it without asking. A\n"
    "                              tool whose policy is never is refused.\n"
    "  serve                       Run Zerg as an MCP server on standard input and output,\n"
    "                              for Claude Desktop, Goose or an IDE (docs/mcp.md).\n"
    "  secret set|clear NAME       Store (reading it from standard input, hidden on a\n"
    "                              terminal) or remove the secret NAME that mcp.json names\n"
    "                              as ${secret:NAME} in a header or env value.\n"
    "\n"
    "Examples:\n"
    "  zerg mcp list\n"
    "  zerg mcp tools fs\n"
    "  zerg mcp call fs read_text_file '{\"path\": \"/etc/hostname\"}'\n"
    "  printf '%s\\n' \"$GRAFANA_TOKEN\" | zerg mcp secret set grafana_token\n"
    "\n"
    "See docs/mcp.md for the file format and the per-tool policies.\n");

// How long a command waits for the servers to start.
constexpr int kStartWaitMs = 30000;

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}
QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

// Secret names as mcp_config accepts them in ${secret:NAME}.
bool isSecretName(const QString& name) {
    static const QRegularExpression valid(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_.-]+")));
    return valid.match(name).hasMatch();
}

int usageError(const QString& message) {
    err() << "zerg mcp: " << message << '\n'
          << Text::tr("Run 'zerg mcp --help' for usage.") << '\n';
    err().flush();
    return 2;
}

// The configuration, its problems printed to stderr.
McpConfig loadConfig(const Settings& s) {
    McpConfig config = McpConfig::loadFile(s.mcpConfigFile, McpConfig::storedSecrets(s.configDir));
    for (const QString& line : config.problemLines())
        err() << "zerg mcp: " << line << '\n';
    err().flush();
    return config;
}

// Starts the servers (only `only` when set) and waits until each has started or failed.
std::unique_ptr<McpServers> startServers(const Settings& s, McpConfig config, Clock* clock,
                                         const QString& only = {}) {
    if (!only.isEmpty()) {
        QList<McpServerConfig> kept;
        for (const McpServerConfig& c : config.servers) {
            if (c.name == only)
                kept.append(c);
        }
        config.servers = kept;
    }
    McpOptions o;
    o.clock = clock;
    o.logDir = QDir(s.dataDir).filePath(QStringLiteral("mcp"));
    // By hand: one attempt, no restarts; the error is what the user needs.
    o.intensity = 0;
    auto servers = std::make_unique<McpServers>(config, o);
    if (const Status started = servers->startStandalone(); !started) {
        err() << "zerg mcp: " << started.error().message << '\n';
        return servers;
    }
    QEventLoop loop;
    QTimer::singleShot(kStartWaitMs, &loop, &QEventLoop::quit);
    QObject::connect(servers.get(), &McpServers::settled, &loop, &QEventLoop::quit);
    if (!servers->isSettled())
        loop.exec();
    return servers;
}

QString describeState(const McpServerStatus& s) {
    switch (s.state) {
        case McpServerState::Ready:
            return Text::tr("ready");
        case McpServerState::Disabled:
            return Text::tr("disabled");
        case McpServerState::Starting:
            return Text::tr("starting");
        case McpServerState::Restarting:
            return Text::tr("restarting");
        case McpServerState::Failed:
            return Text::tr("failed");
        case McpServerState::Stopped:
            return Text::tr("stopped");
    }
    return {};
}

int list(const QStringList& args) {
    const Result<bool> parsed =
        parseJsonOnly(args, Text::tr("list takes no argument besides --json"));
    if (!parsed)
        return usageError(parsed.error().message);
    const Settings s = Settings::load();
    SystemClock clock;
    McpConfig config = loadConfig(s);
    const bool hadProblems = !config.problems.isEmpty();
    if (config.servers.isEmpty() && !hadProblems) {
        if (*parsed) {
            out() << "[]\n";
        } else {
            out() << Text::tr(
                         "No MCP servers are configured. Add them to %1 (see 'zerg mcp "
                         "--help').")
                         .arg(QDir::toNativeSeparators(s.mcpConfigFile))
                  << '\n';
        }
        return 0;
    }
    auto servers = startServers(s, config, &clock);
    bool anyFailed = hadProblems;
    QJsonArray rows;
    for (const McpServerStatus& st : servers->servers()) {
        anyFailed = anyFailed ||
                    (st.state != McpServerState::Ready && st.state != McpServerState::Disabled);
        if (*parsed) {
            QJsonObject row = st.toJson();
            row.remove(QStringLiteral("tools"));
            rows.append(row);
            continue;
        }
        out() << st.config.name << "  " << statusName(st.config.transport) << "  "
              << describeState(st) << "  " << Text::tr("%n tool(s)", "", int(st.tools.size()))
              << '\n';
        if (!st.lastError.isEmpty())
            out() << "    " << Text::tr("last error: %1").arg(st.lastError) << '\n';
        for (const QString& line : st.lastStderr.mid(qMax(0, int(st.lastStderr.size()) - 5)))
            out() << "    | " << line << '\n';
        if (st.state == McpServerState::Failed && !st.logFile.isEmpty())
            out() << "    " << Text::tr("log: %1").arg(st.logFile) << '\n';
    }
    if (*parsed)
        out() << QJsonDocument(rows).toJson(QJsonDocument::Indented);
    out().flush();
    servers->stopStandalone();
    return anyFailed ? 1 : 0;
}

// The ready server NAME, or an exit code with the reason printed.
McpServers* readyServer(std::unique_ptr<McpServers>& servers, const QString& name, int* code) {
    const auto st = servers->server(name);
    if (!st) {
        QStringList names;
        for (const McpServerStatus& s : servers->servers())
            names.append(s.config.name);
        err() << "zerg mcp: "
              << Text::tr("No MCP server '%1' is configured in %2.")
                     .arg(name, QDir::toNativeSeparators(servers->config().path));
        if (!names.isEmpty())
            err() << ' ' << Text::tr("Configured: %1.").arg(names.join(QStringLiteral(", ")));
        err() << '\n';
        *code = 3;
        return nullptr;
    }
    if (st->state != McpServerState::Ready) {
        err() << "zerg mcp: "
              << Text::tr("MCP server '%1' is %2: %3").arg(name, describeState(*st), st->lastError)
              << '\n';
        for (const QString& line : st->lastStderr)
            err() << "    | " << line << '\n';
        *code = 1;
        return nullptr;
    }
    return servers.get();
}

int tools(const QStringList& args) {
    CommandSpec spec;
    spec.options = {{QStringLiteral("json"), {}, {}}};
    spec.minArgs = 1;
    spec.maxArgs = 1;
    spec.missingArgument = Text::tr("tools needs the name of a server");
    auto parsed = parseOptions(args, spec);
    if (!parsed)
        return usageError(parsed.error().message);
    const QString name = parsed->positional.first();
    const Settings s = Settings::load();
    SystemClock clock;
    auto servers = startServers(s, loadConfig(s), &clock, name);
    int code = 0;
    if (!readyServer(servers, name, &code)) {
        err().flush();
        return code;
    }
    const McpServerStatus st = *servers->server(name);
    if (parsed->isSet(QStringLiteral("json"))) {
        out() << QJsonDocument(st.toJson().value(QStringLiteral("tools")).toArray())
                     .toJson(QJsonDocument::Indented);
    } else {
        for (const McpToolInfo& t : st.tools) {
            const auto policy = st.config.toolPolicy.constFind(t.name);
            QString effect = t.readOnlyHint == true && t.destructiveHint != true
                                 ? Text::tr("reads")
                                 : Text::tr("may change");
            if (policy != st.config.toolPolicy.cend())
                effect += QStringLiteral(", ") + Text::tr("policy %1").arg(statusName(*policy));
            out() << McpTool::exposedName(name, t.name) << "  (" << effect << ")\n";
            if (!t.description.isEmpty())
                out() << "    " << t.description.section(u'\n', 0, 0).left(200) << '\n';
            const QJsonObject props = t.inputSchema.value(QStringLiteral("properties")).toObject();
            const QJsonArray required = t.inputSchema.value(QStringLiteral("required")).toArray();
            for (auto it = props.begin(); it != props.end(); ++it) {
                const QString type = it.value().toObject().value(QStringLiteral("type")).toString();
                out() << "    - " << it.key()
                      << (type.isEmpty() ? QString() : QStringLiteral(": ") + type)
                      << (required.contains(it.key()) ? QString() : Text::tr(" (optional)"))
                      << '\n';
            }
        }
    }
    out().flush();
    servers->stopStandalone();
    return 0;
}

int call(const QStringList& args) {
    CommandSpec spec;
    spec.options = {{QStringLiteral("yes"), {}, {}}, {QStringLiteral("json"), {}, {}}};
    spec.minArgs = 3;
    spec.maxArgs = 3;
    spec.missingArgument = Text::tr("call needs a server, a tool and the arguments as JSON");
    auto parsed = parseOptions(args, spec);
    if (!parsed)
        return usageError(parsed.error().message);
    const QString name = parsed->positional.at(0);
    const QString toolName = parsed->positional.at(1);
    QJsonObject toolArgs;
    QString parseError;
    if (!json::parseObject(parsed->positional.at(2).toUtf8(), &toolArgs, &parseError))
        return usageError(Text::tr("the arguments are not a JSON object (%1); write them like "
                                   "'{\"path\": \"/etc/hostname\"}'")
                              .arg(parseError));
    const Settings s = Settings::load();
    SystemClock clock;
    McpConfig config = loadConfig(s);
    if (const McpServerConfig* c = config.find(name);
        c && c->toolPolicy.value(toolName, McpToolPolicy::Allow) == McpToolPolicy::Never) {
        err() << "zerg mcp: "
              << Text::tr(
                     "The policy for %1 of server '%2' is never: Zerg does not call it. "
                     "Change the policy in Settings or mcp.json first.")
                     .arg(toolName, name)
              << '\n';
        err().flush();
        return 1;
    }
    auto servers = startServers(s, config, &clock, name);
    int code = 0;
    if (!readyServer(servers, name, &code)) {
        err().flush();
        return code;
    }
    std::shared_ptr<Tool> tool;
    const QString exposed = McpTool::exposedName(name, toolName);
    for (const std::shared_ptr<Tool>& t : servers->toolSource()->tools()) {
        if (t->spec().name == exposed || t->spec().name == toolName)
            tool = t;
    }
    if (!tool) {
        err() << "zerg mcp: "
              << Text::tr("Server '%1' has no tool '%2'. 'zerg mcp tools %1' lists them.")
                     .arg(name, toolName)
              << '\n';
        err().flush();
        return 1;
    }
    const CallClass cls = tool->classify(toolArgs);
    if (cls.effect == Effect::Changes && !parsed->isSet(QStringLiteral("yes"))) {
        const bool interactive = ::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO);
        if (!interactive) {
            err() << "zerg mcp: "
                  << Text::tr(
                         "%1 may change something (%2). Add --yes to call it without a "
                         "terminal to confirm on.")
                         .arg(exposed, describe(cls.reason))
                  << '\n';
            err().flush();
            return 1;
        }
        err() << Text::tr("%1 may change something (%2). Call it? [y/N] ")
                     .arg(exposed, describe(cls.reason));
        err().flush();
        QTextStream in(stdin);
        const QString answer = in.readLine().trimmed().toLower();
        if (answer != QLatin1String("y") && answer != QLatin1String("yes")) {
            err() << Text::tr("Not called.") << '\n';
            err().flush();
            return 1;
        }
    }
    QObject ctx;
    const QString workDir = QDir::currentPath();
    std::shared_ptr<Tool> bound = tool->forWorker({0, QString(), workDir});
    ToolInvocation* inv = (bound ? bound : tool)->start(toolArgs, &ctx);
    if (!inv->isFinished()) {
        QEventLoop loop;
        QObject::connect(inv, &ToolInvocation::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    const ToolResult r = inv->result();
    if (parsed->isSet(QStringLiteral("json"))) {
        out() << QJsonDocument(r.payload).toJson(QJsonDocument::Indented);
    } else if (r.ok()) {
        out() << r.payload.value(QStringLiteral("text")).toString() << '\n';
        if (r.payload.contains(QStringLiteral("structured_content")))
            out() << QJsonDocument(r.payload.value(QStringLiteral("structured_content")).toObject())
                         .toJson(QJsonDocument::Indented);
    } else {
        err() << "zerg mcp: " << r.error() << '\n';
    }
    out().flush();
    err().flush();
    servers->stopStandalone();
    return r.ok() ? 0 : 1;
}

int secret(QStringList args) {
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub != QLatin1String("set") && sub != QLatin1String("clear"))
        return usageError(Text::tr("secret needs 'set NAME' or 'clear NAME'"));
    if (args.size() != 1 || !isSecretName(args.first()))
        return usageError(
            Text::tr("secret %1 needs one NAME (letters, digits, '_', '.', '-')").arg(sub));
    const QString name = args.first();
    const Settings s = Settings::load();
    SecretStore store(s.configDir, SecretStore::backendFromEnvironment());
    if (sub == QLatin1String("set")) {
        const QString value = readSecretLine(Text::tr("Value of %1").arg(name));
        if (value.isEmpty()) {
            err() << "zerg mcp: " << Text::tr("no value given; nothing stored.") << '\n';
            return 2;
        }
        if (const Status written = store.write(name, value); !written) {
            err() << "zerg mcp: " << written.error().message << '\n';
            return 1;
        }
        out() << Text::tr("Stored the secret %1 in %2.").arg(name, store.location()) << '\n';
        return 0;
    }
    if (const Status removed = store.remove(name); !removed) {
        err() << "zerg mcp: " << removed.error().message << '\n';
        return 1;
    }
    out() << Text::tr("Removed the secret %1.").arg(name) << '\n';
    return 0;
}

}  // namespace

QString mcpHelp() {
    return Text::tr(kMcpUsage);
}

int mcpCommand(QStringList args) {
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub == QLatin1String("list"))
        return list(args);
    if (sub == QLatin1String("tools"))
        return tools(args);
    if (sub == QLatin1String("call"))
        return call(args);
    if (sub == QLatin1String("secret"))
        return secret(args);
    if (sub == QLatin1String("serve"))
        return mcpServe(args);
    return usageError(
        Text::tr("mcp needs 'list', 'tools NAME', 'call NAME TOOL JSON', 'secret "
                 "set|clear NAME' or 'serve'"));
}

}  // namespace zerg::cli
