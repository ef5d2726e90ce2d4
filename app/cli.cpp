#include "cli.h"

#include "cli_connect.h"
#include "cli_hosts.h"
#include "cli_runs.h"
#include "cli_server.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "core/secret_store.h"
#include "core/settings.h"
#include "jarvis/backend.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/run_details.h"
#include "llm/ollama_probe.h"
#include "signal_quit.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/index_rebuild.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTextStream>

#include <termios.h>
#include <unistd.h>
#include <cstdio>

namespace zerg::cli {
namespace {

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}
QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

const char kUsage[] =
    "Usage: zerg [COMMAND] [OPTIONS]\n"
    "\n"
    "Zerg is a desktop AI operations assistant. Without a command it opens the Jarvis window.\n"
    "\n"
    "Commands:\n"
    "  ask [--json] TASK          Run one supervisor request headless and print the answer.\n"
    "                             --json prints one {\"event\", \"data\"} object per line; the\n"
    "                             last line is supervisor_complete or error.\n"
    "  workers list [--json] [--limit N]\n"
    "                             List recent workers, newest first.\n"
    "  workers show ID [--json]   Show one worker (worker id or job id): metadata, result,\n"
    "                             tool call files.\n"
    "  workers grep [--regex] [--case-sensitive] [--limit N] [--json] PATTERN\n"
    "                             Search all workers' files; prints worker_id:file:line: text.\n"
    "                             Exit status 1 when nothing matches.\n"
    "  workers reindex [--json]   Rebuild the database's worker list from the worker folders\n"
    "                             on disk (after restoring a backup or losing the database).\n"
    "  key set|clear|status       Store the API key of the configured provider\n"
    "                             (ZERG_LLM_PROVIDER) in the system keychain, or in a file\n"
    "                             only you can read when there is no keychain. `key set`\n"
    "                             reads the key from standard input.\n"
    "  runs list [--limit N] [--json]\n"
    "                             List recent Jarvis runs, newest first: status, mode, time,\n"
    "                             tokens, cost.\n"
    "  runs show ID [--json]      Show one run: its result, workers, token usage and cost.\n"
    "  serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE]\n"
    "                             Run headless behind the WebSocket API (docs/api.md) until\n"
    "                             SIGTERM. 'zerg serve --help' for details.\n"
    "  devices add NAME [--owner N]|list|revoke ID\n"
    "                             The devices allowed to log in to 'zerg serve'.\n"
    "  connect URL | --local      Make this app a client of a 'zerg serve' at URL (reads the\n"
    "                             device secret from standard input), or go back to the\n"
    "                             in-process backend. Without arguments: the current choice.\n"
    "  hosts list|trust ALIAS [--yes]|import [--from FILE] ALIAS...\n"
    "                             The SSH allowlist: show it, trust a host's key (shows its\n"
    "                             SHA-256 fingerprint), import aliases from ~/.ssh/config.\n"
    "\n"
    "Options:\n"
    "  -h, --help                 Show this help.\n"
    "  --version                  Show the version.\n"
    "\n"
    "Configuration (environment; see README): ZERG_DATA_DIR, ZERG_LLM_BASE_URL,\n"
    "ZERG_LLM_PROVIDER, ZERG_LLM_API_KEY, ZERG_MODEL, ZERG_WORKER_MODEL, ZERG_HOSTS_FILE.\n"
    "\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 configuration problem.\n";

int usageError(const QString& message) {
    err() << "zerg: " << message << "\nRun 'zerg --help' for usage.\n";
    err().flush();
    return 2;
}

}  // namespace

std::unique_ptr<Backend> openBackend(const Settings& settings, int* code) {
    auto backend = Backend::create(settings);
    if (!backend) {
        err() << "zerg: " << backend.error().message << '\n';
        err().flush();
        *code = 3;
        return nullptr;
    }
    return std::move(backend).value();
}

QString readSecretLine(const QString& prompt) {
    const bool tty = ::isatty(STDIN_FILENO) == 1;
    termios old{};
    if (tty) {
        err() << prompt << " (input hidden): ";
        err().flush();
        ::tcgetattr(STDIN_FILENO, &old);
        termios quiet = old;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    QTextStream in(stdin);
    const QString line = in.readLine().trimmed();
    if (tty) {
        ::tcsetattr(STDIN_FILENO, TCSANOW, &old);
        err() << '\n';
    }
    return line;
}

namespace {

// What is wrong with the provider settings, plus what a local Ollama offers when nothing is set.
QString setupAdvice(const Settings& settings) {
    QString text = settings.providerProblem();
    if (!settings.llmBaseUrl.isEmpty())
        return text;
    SystemClock clock;
    QNetworkAccessManager nam;
    OllamaProbe probe(&nam, settings.ollamaUrl, &clock);
    QEventLoop loop;
    QObject::connect(&probe, &OllamaProbe::finished, &loop, &QEventLoop::quit);
    probe.start();
    if (!probe.isFinished())
        loop.exec();
    return text + QLatin1Char(' ') + probe.advice();
}

QString seconds(qint64 ms) {
    return QString::number(double(ms) / 1000.0, 'f', 1) + u's';
}

int ask(QStringList args) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    for (const QString& a : args) {
        if (a.startsWith(QLatin1Char('-')))
            return usageError(QStringLiteral("unknown option %1").arg(a));
    }
    const QString task = args.join(QLatin1Char(' ')).trimmed();
    if (task.isEmpty())
        return usageError(
            QStringLiteral("ask needs a task, e.g. zerg ask \"check disk usage on cube\""));

    const Settings settings = Settings::load();
    if (!settings.hasProvider()) {
        const QString problem = setupAdvice(settings);
        if (json) {
            const QJsonObject e{
                {QStringLiteral("event"), QStringLiteral("error")},
                {QStringLiteral("data"),
                 QJsonObject{{QStringLiteral("message"), settings.providerProblem()},
                             {QStringLiteral("details"), QStringLiteral("no_provider")}}}};
            out() << QJsonDocument(e).toJson(QJsonDocument::Compact) << '\n';
            out().flush();
        }
        err() << "zerg: " << problem << '\n';
        err().flush();
        return 3;
    }
    int code = 0;
    std::unique_ptr<Backend> backend = openBackend(settings, &code);
    if (!backend)
        return code;
    if (!backend->recoveryNotice().isEmpty() && !json) {
        err() << "zerg: note: " << backend->recoveryNotice() << '\n';
    }
    if (!backend->hostsProblem().isEmpty() && !json) {
        err() << "zerg: note: " << backend->hostsProblem() << '\n';
    }

    bool streamed = false;
    QObject::connect(backend->bus(), &EventBus::published, qApp, [&](const Event& e) {
        if (json) {
            out() << QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) << '\n';
            out().flush();
            return;
        }
        const QJsonObject& d = e.data;
        if (e.name == QLatin1String(events::SupervisorDelta)) {
            out() << d.value(QStringLiteral("delta")).toString();
            out().flush();
            streamed = true;
        } else if (e.name == QLatin1String(events::WorkerStarted)) {
            err() << "→ worker " << d.value(QStringLiteral("worker_id")).toString() << ": "
                  << d.value(QStringLiteral("task")).toString() << '\n';
        } else if (e.name == QLatin1String(events::WorkerToolStarted)) {
            err() << "  … " << d.value(QStringLiteral("display")).toString() << '\n';
        } else if (e.name == QLatin1String(events::WorkerToolCompleted)) {
            err() << "  ✓ " << d.value(QStringLiteral("tool")).toString() << " ("
                  << seconds(d.value(QStringLiteral("duration_ms")).toInteger()) << ")\n";
        } else if (e.name == QLatin1String(events::WorkerToolFailed)) {
            err() << "  ✗ " << d.value(QStringLiteral("tool")).toString() << ": "
                  << d.value(QStringLiteral("error")).toString() << '\n';
        } else if (e.name == QLatin1String(events::WorkerComplete)) {
            err() << "← worker " << d.value(QStringLiteral("status")).toString() << " ("
                  << seconds(d.value(QStringLiteral("duration_ms")).toInteger()) << ")\n";
        }
        err().flush();
    });

    int exitCode = 1;
    QObject::connect(backend->jarvis(), &JarvisService::runFinished, qApp,
                     [&](qint64, bool ok, const QString& text) {
                         if (!json) {
                             if (ok) {
                                 if (!streamed)
                                     out() << text;
                                 out() << '\n';
                                 out().flush();
                             } else {
                                 err() << "zerg: " << text << '\n';
                                 err().flush();
                             }
                         }
                         exitCode = ok ? 0 : 1;
                         QCoreApplication::exit(exitCode);
                     });
    const Result<qint64> run = backend->jarvis()->ask(task);
    if (!run) {
        err() << "zerg: " << run.error().message << '\n';
        err().flush();
        return 1;
    }
    onTerminationSignal([&] { backend->jarvis()->cancelRun(run.value()); });
    QCoreApplication::exec();
    return exitCode;
}

int workersList(QStringList args) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    int limit = 20;
    const qsizetype li = args.indexOf(QStringLiteral("--limit"));
    if (li >= 0) {
        bool ok = false;
        limit = li + 1 < args.size() ? args.at(li + 1).toInt(&ok) : 0;
        if (!ok || limit <= 0)
            return usageError(QStringLiteral("--limit needs a positive number"));
        args.remove(li, 2);
    }
    if (!args.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1").arg(args.first()));
    int code = 0;
    auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    const auto jobs = backend->store()->listJobs(backend->settings().ownerId, limit, std::nullopt);
    if (!jobs) {
        err() << "zerg: " << jobs.error().message << '\n';
        return 1;
    }
    if (json) {
        QJsonArray rows;
        for (const WorkerJobRecord& j : jobs.value())
            rows.append(workerRow(j, *backend->artifacts(), backend->settings().ownerId));
        out() << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return 0;
    }
    if (jobs->isEmpty()) {
        out() << "No workers yet. Ask Jarvis something that needs a server, e.g.\n"
                 "  zerg ask \"check disk usage on cube\"\n";
        return 0;
    }
    out() << QStringLiteral("%1  %2  %3  %4\n")
                 .arg(QStringLiteral("WORKER ID"), -44)
                 .arg(QStringLiteral("STATUS"), -9)
                 .arg(QStringLiteral("TIME"), 7)
                 .arg(QStringLiteral("TASK"));
    for (const WorkerJobRecord& j : jobs.value()) {
        const QString id = j.workerId.isEmpty() ? QStringLiteral("(job %1)").arg(j.id) : j.workerId;
        out() << QStringLiteral("%1  %2  %3  %4\n")
                     .arg(id, -44)
                     .arg(j.status, -9)
                     .arg(j.durationMs > 0 ? seconds(j.durationMs) : QStringLiteral("-"), 7)
                     .arg(j.task);
    }
    return 0;
}

int workersShow(QStringList args) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    if (args.size() != 1)
        return usageError(QStringLiteral("workers show needs one worker id or job id"));
    int code = 0;
    auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    bool isNumber = false;
    const qint64 jobId = args.first().toLongLong(&isNumber);
    const Result<QJsonObject> details =
        workerDetails(*backend->store(), *backend->artifacts(), backend->settings().ownerId,
                      args.first(), isNumber ? std::optional<qint64>(jobId) : std::nullopt);
    if (!details) {
        err() << "zerg: " << details.error().message;
        if (details.error().code == QLatin1String("not_found"))
            err() << " Run 'zerg workers list' to see them.";
        err() << '\n';
        return 1;
    }
    if (json) {
        out() << QJsonDocument(details.value()).toJson(QJsonDocument::Indented);
        return 0;
    }
    const QString workerId = details->value(QStringLiteral("worker_id")).toString();
    const QJsonObject m = details->value(QStringLiteral("metadata")).toObject();
    const QString result = details->value(QStringLiteral("result")).toString();
    const QJsonArray files = details->value(QStringLiteral("files")).toArray();
    out() << "Worker   " << workerId << '\n'
          << "Task     " << m.value(QStringLiteral("task")).toString() << '\n'
          << "Status   " << m.value(QStringLiteral("status")).toString() << '\n'
          << "Model    " << m.value(QStringLiteral("model")).toString() << '\n'
          << "Started  " << m.value(QStringLiteral("started_at")).toString() << '\n'
          << "Finished " << m.value(QStringLiteral("completed_at")).toString() << '\n';
    if (m.contains(QStringLiteral("error")) &&
        !m.value(QStringLiteral("error")).toString().isEmpty())
        out() << "Error    " << m.value(QStringLiteral("error")).toString() << '\n';
    out() << "Folder   "
          << QDir(backend->settings().dataDir).filePath(QStringLiteral("workers/") + workerId)
          << '\n';
    if (!files.isEmpty()) {
        out() << "\nFiles\n";
        for (const QJsonValue& f : files)
            out() << "  " << f.toString() << '\n';
    }
    out() << "\nResult\n" << (result.isEmpty() ? QStringLiteral("(none)") : result) << '\n';
    return 0;
}

int workersGrep(QStringList args) {
    GrepOptions o;
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    o.regex = args.removeAll(QStringLiteral("--regex")) > 0;
    o.caseSensitive = args.removeAll(QStringLiteral("--case-sensitive")) > 0;
    o.limit = 100;
    const qsizetype li = args.indexOf(QStringLiteral("--limit"));
    if (li >= 0) {
        bool ok = false;
        o.limit = li + 1 < args.size() ? args.at(li + 1).toInt(&ok) : 0;
        if (!ok || o.limit <= 0 || o.limit > 10000)
            return usageError(QStringLiteral("--limit needs a number from 1 to 10000"));
        args.remove(li, 2);
    }
    // "--" ends the options, so a pattern may start with '-'.
    const qsizetype dd = args.indexOf(QStringLiteral("--"));
    for (qsizetype i = 0; i < (dd < 0 ? args.size() : dd); ++i) {
        if (args.at(i).startsWith(QLatin1Char('-')))
            return usageError(QStringLiteral("unknown option %1").arg(args.at(i)));
    }
    if (dd >= 0)
        args.removeAt(dd);
    if (args.size() != 1) {
        return usageError(
            QStringLiteral("workers grep needs one PATTERN, e.g. zerg workers grep \"No space\""));
    }
    o.pattern = args.first();
    int code = 0;
    auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    o.ownerId = backend->settings().ownerId;
    const Result<GrepReport> r = grepWorkers(backend->artifacts()->rootDir(), o);
    if (!r) {
        err() << "zerg: " << r.error().message << '\n';
        return r.error().code == QLatin1String("invalid_argument") ? 2 : 1;
    }
    if (json) {
        QJsonArray rows;
        for (const GrepMatch& m : r->matches) {
            rows.append(QJsonObject{{QStringLiteral("worker_id"), m.workerId},
                                    {QStringLiteral("file"), m.file},
                                    {QStringLiteral("line"), m.line},
                                    {QStringLiteral("text"), m.text}});
        }
        out() << QJsonDocument(QJsonObject{{QStringLiteral("matches"), rows},
                                           {QStringLiteral("truncated"), r->truncated}})
                     .toJson(QJsonDocument::Indented);
    } else {
        for (const GrepMatch& m : r->matches)
            out() << m.workerId << ':' << m.file << ':' << m.line << ": " << m.text << '\n';
        if (r->truncated) {
            err() << "zerg: stopped after " << o.limit
                  << " matches; narrow the pattern or raise --limit.\n";
        }
    }
    return r->matches.isEmpty() ? 1 : 0;
}

int workersReindex(QStringList args) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    if (!args.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1").arg(args.first()));
    int code = 0;
    auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    // Every owner's folders: the database is the index of the whole data folder.
    const Result<ReindexReport> r =
        rebuildIndex(backend->store(), backend->artifacts(), 0, backend->clock()->utcNow());
    if (!r) {
        err() << "zerg: " << r.error().message << '\n';
        return 1;
    }
    if (json) {
        out() << QJsonDocument(r->toJson()).toJson(QJsonDocument::Indented);
        return 0;
    }
    out() << "Scanned " << r->scanned << " worker folders: " << r->inserted << " added, "
          << r->updated << " updated, " << r->unchanged << " unchanged, " << r->skipped.size()
          << " skipped.\n";
    for (const QString& s : r->skipped)
        out() << "  skipped " << s << '\n';
    return 0;
}

int key(QStringList args) {
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (!args.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1").arg(args.first()));
    const Settings settings = Settings::load();
    SecretStore store(settings.configDir, SecretStore::backendFromEnvironment());
    const QString name = settings.apiKeySecretName();
    if (sub == QLatin1String("set")) {
        const QString value = readSecretLine(QStringLiteral("API key"));
        if (value.isEmpty()) {
            err() << "zerg: no key given; nothing stored.\n";
            return 2;
        }
        if (Status s = store.write(name, value); !s) {
            err() << "zerg: " << s.error().message << '\n';
            return 1;
        }
        out() << "Stored the " << settings.llmProvider << " API key in " << store.location()
              << ".\n";
        return 0;
    }
    if (sub == QLatin1String("clear")) {
        if (Status s = store.remove(name); !s) {
            err() << "zerg: " << s.error().message << '\n';
            return 1;
        }
        out() << "Removed the " << settings.llmProvider << " API key.\n";
        return 0;
    }
    if (sub == QLatin1String("status")) {
        const auto stored = store.read(name);
        const bool fromEnv = qEnvironmentVariableIsSet("ZERG_LLM_API_KEY");
        out() << "Provider " << settings.llmProvider << ": API key "
              << (fromEnv ? QStringLiteral("from ZERG_LLM_API_KEY")
                  : stored && !stored->isEmpty()
                      ? QStringLiteral("stored in %1").arg(store.location())
                      : QStringLiteral("not set"))
              << ".\n";
        return 0;
    }
    return usageError(QStringLiteral("key needs 'set', 'clear' or 'status'"));
}

}  // namespace

bool isCommandLine(const QStringList& args) {
    if (args.size() < 2)
        return false;
    const QString& a = args.at(1);
    return a == QLatin1String("ask") || a == QLatin1String("workers") ||
           a == QLatin1String("key") || a == QLatin1String("--help") || a == QLatin1String("-h") ||
           a == QLatin1String("help") || a == QLatin1String("--version") ||
           !a.startsWith(QLatin1Char('-'));
}

int run(const QStringList& argv) {
    QStringList args = argv.mid(1);
    const QString cmd = args.isEmpty() ? QString() : args.takeFirst();
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("-h") ||
        cmd == QLatin1String("help")) {
        out() << kUsage;
        return 0;
    }
    if (cmd == QLatin1String("--version")) {
        out() << "zerg " << QCoreApplication::applicationVersion() << '\n';
        return 0;
    }
    if (cmd == QLatin1String("ask"))
        return ask(args);
    if (cmd == QLatin1String("key"))
        return key(args);
    if (cmd == QLatin1String("hosts"))
        return hostsCommand(args);
    if (cmd == QLatin1String("runs"))
        return runsCommand(args);
    if (cmd == QLatin1String("serve"))
        return serveCommand(args);
    if (cmd == QLatin1String("devices"))
        return devicesCommand(args);
    if (cmd == QLatin1String("connect"))
        return connectCommand(args);
    if (cmd == QLatin1String("workers")) {
        const QString sub = args.isEmpty() ? QString() : args.takeFirst();
        if (sub == QLatin1String("list"))
            return workersList(args);
        if (sub == QLatin1String("show"))
            return workersShow(args);
        if (sub == QLatin1String("grep"))
            return workersGrep(args);
        if (sub == QLatin1String("reindex"))
            return workersReindex(args);
        return usageError(
            QStringLiteral("workers needs 'list', 'show ID', 'grep PATTERN' or 'reindex'"));
    }
    return usageError(QStringLiteral("unknown command '%1'").arg(cmd));
}

}  // namespace zerg::cli
