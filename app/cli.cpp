#include "cli.h"

#include "cli_approvals.h"
#include "cli_connect.h"
#include "cli_doctor.h"
#include "cli_hosts.h"
#include "cli_mcp.h"
#include "cli_mcp_serve.h"
#include "cli_options.h"
#include "cli_runs.h"
#include "cli_server.h"
#include "cli_voice.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/secret_store.h"
#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "llm/ollama_probe.h"
#include "llm/provider_registry.h"
#include "runtime/backend.h"
#include "signal_quit.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/index_rebuild.h"
#include "storage/run_details.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
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

const char kUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg [COMMAND] [OPTIONS]\n"
    "\n"
    "Zerg is a desktop AI operations assistant. Without a command it opens the Jarvis window.\n"
    "\n"
    "Commands:\n"
    "  ask [--json] [--approve=allow|deny] TASK\n"
    "                                    Run one request headless and print the answer.\n"
    "  workers list [--json] [--limit N] Recent workers, newest first.\n"
    "  workers show ID [--json]          One worker: metadata, result, tool call files.\n"
    "  workers grep [OPTIONS] PATTERN    Search every worker's files.\n"
    "  workers reindex [--json]          Rebuild the worker list from the folders on disk.\n"
    "  runs list [--limit N] [--json]    Recent requests Jarvis handled, newest first.\n"
    "  runs show ID [--json]             One run: result, workers, tokens and cost.\n"
    "  runs export ID|--all [--format md|json] [--out FILE]\n"
    "                                    A run or the whole conversation as Markdown or JSON.\n"
    "  hosts list|trust|add|remove|import\n"
    "                                    The SSH hosts workers may reach, and their keys.\n"
    "  mcp list|tools NAME|call|serve    The MCP servers whose tools workers use; Zerg as one.\n"
    "  key set|clear|status              The provider's API key in the system keychain.\n"
    "  serve [--listen HOST:PORT]        Run headless behind the WebSocket API (server mode).\n"
    "  devices add NAME|list|revoke ID   The devices allowed to log in to 'zerg serve'.\n"
    "  instances list [--all]            The Zerg processes sharing this database, and the\n"
    "                                    work each holds.\n"
    "  connect URL | --local             Make the desktop app a client of a 'zerg serve', or\n"
    "                                    go back to this computer's Jarvis.\n"
    "  doctor [--json]                   Check the provider, hosts, data folder and database,\n"
    "                                    and say what to fix.\n"
    "  say TEXT --out FILE.wav           Speak a text into a WAVE file (espeak-ng, offline).\n"
    "  transcribe FILE.wav               The words spoken in a WAVE file (offline).\n"
    "  help [COMMAND]                    This help, or the help of one command.\n"
    "\n"
    "Options:\n"
    "  -h, --help                        Show this help; 'zerg COMMAND --help' shows the\n"
    "                                    options and examples of a command.\n"
    "  --version                         Show the version.\n"
    "\n"
    "Examples:\n"
    "  zerg doctor\n"
    "  zerg ask \"check disk usage on cube\"\n"
    "  zerg help workers grep\n"
    "\n"
    "Configuration (environment; see README): ZERG_DATA_DIR, ZERG_LLM_BASE_URL,\n"
    "ZERG_LLM_PROVIDER, ZERG_LLM_API_KEY, ZERG_MODEL, ZERG_WORKER_MODEL, ZERG_HOSTS_FILE.\n"
    "\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 configuration problem.\n");

const char kAskUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg ask [--json] [--approve=allow|deny] TASK\n"
    "       zerg ask [--json] [--approve=allow|deny] --audio FILE.wav [--engine E]\n"
    "\n"
    "Sends one request to Jarvis without opening a window. The supervisor answers directly or\n"
    "starts workers on your servers; the answer goes to standard output, the progress (workers,\n"
    "tool calls) to standard error. Ctrl+C cancels the run cleanly.\n"
    "\n"
    "Options:\n"
    "  --audio FILE.wav\n"
    "               Ask by voice: the task is what is said in the WAVE file, recognized as\n"
    "               'zerg transcribe' does and shown on standard error.\n"
    "  --engine E   The recognizer for --audio: pocketsphinx or server (default: Settings).\n"
    "  --json       Print every event instead, one {\"event\", \"data\"} JSON object per line;\n"
    "               the last line is supervisor_complete or error.\n"
    "  --approve=allow|deny\n"
    "               The answer to every approval request (a worker's call that may change a\n"
    "               system, in the approval mode ask). Without it you are asked on a terminal\n"
    "               (Allow? [y/N/a]); without a terminal every request is denied.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg ask \"check disk usage on cube\"\n"
    "  zerg ask --json \"is nginx running on web1?\" | tail -n 1\n"
    "  zerg ask --audio question.wav\n"
    "\n"
    "Exit status: 0 answered, 1 the run failed, 2 usage error, 3 no provider configured\n"
    "(run 'zerg doctor').\n");

const char kWorkersUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg workers COMMAND\n"
    "\n"
    "The workers Jarvis started: LLM agents that ran commands on your servers. Each one has a\n"
    "folder in ZERG_DATA_DIR/workers with its metadata, result, conversation and tool output.\n"
    "\n"
    "Commands:\n"
    "  list [--json] [--limit N]   Recent workers, newest first.\n"
    "  show ID [--json]            One worker: metadata, result and files.\n"
    "  grep [OPTIONS] PATTERN      Search every worker's files.\n"
    "  reindex [--json]            Rebuild the database's worker list from the folders on disk.\n"
    "\n"
    "'zerg workers COMMAND --help' shows the options of a command.\n"
    "\n"
    "Examples:\n"
    "  zerg workers list --limit 5\n"
    "  zerg workers show 2024-12-03T14-32-00_disk-check\n"
    "  zerg workers grep \"No space left\"\n");

const char kWorkersListUsage[] =
    QT_TRANSLATE_NOOP("zerg::cli",
                      "Usage: zerg workers list [--json] [--limit N]\n"
                      "\n"
                      "Lists recent workers, newest first: worker id, status, duration and task.\n"
                      "\n"
                      "Options:\n"
                      "  --limit N    Show at most N workers (default 20).\n"
                      "  --json       Print a JSON array, one object per worker.\n"
                      "  -h, --help   Show this help.\n"
                      "\n"
                      "Examples:\n"
                      "  zerg workers list\n"
                      "  zerg workers list --limit 5 --json\n");

const char kWorkersShowUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg workers show ID [--json]\n"
    "\n"
    "Shows one worker: task, status, model, times, error, its folder, the files it wrote and\n"
    "its result. ID is a worker id from 'zerg workers list' or a job id (a number).\n"
    "\n"
    "Options:\n"
    "  --json       Print the worker as one JSON object.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg workers show 2024-12-03T14-32-00_disk-check\n"
    "  zerg workers show 42 --json\n");

const char kWorkersGrepUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg workers grep [--regex] [--case-sensitive] [--limit N] [--json] [--] PATTERN\n"
    "\n"
    "Searches the files of every worker (results, conversations, tool output) and prints\n"
    "worker_id:file:line: text for each matching line. PATTERN is plain text matched in any\n"
    "case, unless the options say otherwise.\n"
    "\n"
    "Options:\n"
    "  --regex            PATTERN is a regular expression (Perl-compatible).\n"
    "  --case-sensitive   Upper and lower case must match exactly.\n"
    "  --limit N          Stop after N matches (1 to 10000, default 100).\n"
    "  --json             Print {\"matches\": [...], \"truncated\": true|false}.\n"
    "  --                 End of the options: PATTERN may start with '-'.\n"
    "  -h, --help         Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg workers grep \"No space left\"\n"
    "  zerg workers grep --regex \"OOM|out of memory\" --limit 20\n"
    "  zerg workers grep -- --force\n"
    "\n"
    "Exit status: 0 something matched, 1 nothing matched, 2 usage error.\n");

const char kWorkersReindexUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg workers reindex [--json]\n"
    "\n"
    "Rebuilds the database's list of workers, of every owner, from the worker folders on\n"
    "disk (their metadata.json): after restoring a backup of ZERG_DATA_DIR/workers or losing\n"
    "the database. The folders are only read; one that cannot be read is skipped and named.\n"
    "\n"
    "Options:\n"
    "  --json       Print the report (scanned, inserted, updated, unchanged, skipped) as JSON.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg workers reindex\n"
    "  zerg workers reindex --json\n");

const char kKeyUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg key set|clear|status\n"
    "\n"
    "The API key of the configured provider (ZERG_LLM_PROVIDER), kept in the system keychain,\n"
    "or in a file only you can read in ZERG_CONFIG_DIR when there is no keychain.\n"
    "ZERG_LLM_API_KEY, when set, wins over the stored key. The key is never printed.\n"
    "\n"
    "Commands:\n"
    "  set          Read the key from standard input (hidden on a terminal) and store it.\n"
    "  clear        Remove the stored key.\n"
    "  status       Say where the key comes from.\n"
    "\n"
    "Examples:\n"
    "  zerg key set\n"
    "  printf '%s\\n' \"$OPENAI_API_KEY\" | zerg key set\n"
    "  zerg key status\n");

const char kHelpUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg help [COMMAND [SUBCOMMAND]]\n"
    "\n"
    "Shows the help of Zerg, or of one command: the same as 'zerg COMMAND --help'.\n"
    "\n"
    "Examples:\n"
    "  zerg help\n"
    "  zerg help ask\n"
    "  zerg help workers grep\n");

int usageError(const QString& message) {
    err() << "zerg: " << message << '\n' << Text::tr("Run 'zerg --help' for usage.") << '\n';
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
        err() << Text::tr("%1 (input hidden): ").arg(prompt);
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
    QString text = llm::providerProblem(settings);
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
    return Text::tr("%1s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

int ask(const QStringList& args) {
    const Result<AskOptions> options = parseAskOptions(args);
    if (!options)
        return usageError(options.error().message);
    const bool json = options->json;
    QString task = options->task;

    const Settings settings = Settings::load();
    if (!llm::providerProblem(settings).isEmpty()) {
        const QString problem = setupAdvice(settings);
        if (json) {
            const QJsonObject e{
                {QStringLiteral("event"), QStringLiteral("error")},
                {QStringLiteral("data"),
                 QJsonObject{{QStringLiteral("message"), llm::providerProblem(settings)},
                             {QStringLiteral("details"), QStringLiteral("no_provider")}}}};
            out() << QJsonDocument(e).toJson(QJsonDocument::Compact) << '\n';
            out().flush();
        }
        err() << "zerg: " << problem << '\n';
        err().flush();
        return 3;
    }
    if (!options->audio.isEmpty()) {
        // Asked by voice: the transcript is the task, shown on stderr so that a misheard host is
        // seen before anything runs on it.
        const Result<QString> heard =
            listen(options->audio, options->engine, settings, QStringLiteral("zerg"), err());
        if (!heard) {
            if (heard.error().code == QLatin1String("usage"))
                return usageError(heard.error().message);
            err() << "zerg: " << heard.error().message << '\n';
            return listenExitCode(heard.error());
        }
        if (heard->isEmpty()) {
            err() << "zerg: "
                  << Text::tr(
                         "nothing was understood in %1; speak closer to the microphone, or "
                         "type the task.")
                         .arg(options->audio)
                  << '\n';
            return 1;
        }
        task = heard.value();
        err() << Text::tr("Heard: %1").arg(task) << '\n';
        err().flush();
    }
    int code = 0;
    std::unique_ptr<Backend> backend = openBackend(settings, &code);
    if (!backend)
        return code;
    if (!backend->recoveryNotice().isEmpty() && !json) {
        err() << "zerg: " << Text::tr("note: %1").arg(backend->recoveryNotice()) << '\n';
    }
    if (!backend->hostsProblem().isEmpty() && !json) {
        err() << "zerg: " << Text::tr("note: %1").arg(backend->hostsProblem()) << '\n';
    }
    if (!settings.secretsProblem.isEmpty() && !json) {
        err() << "zerg: " << Text::tr("note: %1").arg(settings.secretsProblem) << '\n';
    }
    if (!backend->approvalProblem().isEmpty() && !json) {
        err() << "zerg: " << Text::tr("note: %1").arg(backend->approvalProblem()) << '\n';
    }

    // Approval requests: --approve's answer, else asked on a terminal, else denied.
    const CliApprover approver(backend->approvals(), backend->settings().ownerId, options->approve,
                               !json && ::isatty(STDIN_FILENO) == 1, err());

    bool streamed = false;
    QObject::connect(backend->bus(), &EventBus::published, qApp, [&](const Event& e) {
        if (json) {
            out() << QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) << '\n';
            out().flush();
            return;
        }
        if (const auto p = payloads::SupervisorDelta::from(e)) {
            out() << p->delta;
            out().flush();
            streamed = true;
        } else if (const auto p = payloads::WorkerStarted::from(e)) {
            err() << Text::tr("→ worker %1: %2").arg(p->ids.workerId, p->task) << '\n';
        } else if (const auto p = payloads::WorkerToolStarted::from(e)) {
            err() << "  … " << p->display << '\n';
        } else if (const auto p = payloads::WorkerToolFinished::from(e)) {
            if (p->ok) {
                err() << "  ✓ "
                      << Text::tr("%1 (%2)").arg(p->tool, seconds(p->durationMs.value_or(0)))
                      << '\n';
            } else {
                err() << "  ✗ " << p->tool << ": " << p->error << '\n';
            }
        } else if (const auto p = payloads::WorkerComplete::from(e)) {
            const QString status = p->status ? statusName(*p->status) : QString();
            err() << Text::tr("← worker %1 (%2)").arg(status, seconds(p->durationMs.value_or(0)))
                  << '\n';
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

int workersList(const QStringList& args) {
    const Result<ListOptions> options = parseListOptions(args, 20);
    if (!options)
        return usageError(options.error().message);
    const bool json = options->json;
    const int limit = options->limit;
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
        out() << Text::tr(
                     "No workers yet. Ask Jarvis something that needs a server, e.g.\n"
                     "  zerg ask \"check disk usage on cube\"")
              << '\n';
        return 0;
    }
    out() << QStringLiteral("%1  %2  %3  %4\n")
                 .arg(Text::tr("WORKER ID"), -44)
                 .arg(Text::tr("STATUS"), -9)
                 .arg(Text::tr("TIME"), 7)
                 .arg(Text::tr("TASK"));
    for (const WorkerJobRecord& j : jobs.value()) {
        const QString id = j.workerId.isEmpty() ? Text::tr("(job %1)").arg(j.id) : j.workerId;
        out() << QStringLiteral("%1  %2  %3  %4\n")
                     .arg(id, -44)
                     .arg(statusName(j.status), -9)
                     .arg(j.durationMs > 0 ? seconds(j.durationMs) : QStringLiteral("-"), 7)
                     .arg(j.task);
    }
    return 0;
}

int workersShow(const QStringList& args) {
    const Result<WorkerShowOptions> options = parseWorkerShowOptions(args);
    if (!options)
        return usageError(options.error().message);
    const bool json = options->json;
    int code = 0;
    auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    bool isNumber = false;
    const qint64 jobId = options->id.toLongLong(&isNumber);
    const Result<QJsonObject> details =
        workerDetails(*backend->store(), *backend->artifacts(), backend->settings().ownerId,
                      options->id, isNumber ? std::optional<qint64>(jobId) : std::nullopt);
    if (!details) {
        err() << "zerg: " << details.error().message;
        if (details.error().code == QLatin1String("not_found"))
            err() << ' ' << Text::tr("Run 'zerg workers list' to see them.");
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
    auto field = [](const QString& label, const QString& value) {
        out() << label.leftJustified(9) << value << '\n';
    };
    auto meta = [&m](const char* key) { return m.value(QLatin1String(key)).toString(); };
    field(Text::tr("Worker"), workerId);
    field(Text::tr("Task"), meta("task"));
    field(Text::tr("Status"), meta("status"));
    field(Text::tr("Model"), meta("model"));
    field(Text::tr("Started"), meta("started_at"));
    field(Text::tr("Finished"), meta("completed_at"));
    if (!meta("error").isEmpty())
        field(Text::tr("Error"), meta("error"));
    field(Text::tr("Folder"),
          QDir(backend->settings().dataDir).filePath(QStringLiteral("workers/") + workerId));
    if (!files.isEmpty()) {
        out() << '\n' << Text::tr("Files") << '\n';
        for (const QJsonValue& f : files)
            out() << "  " << f.toString() << '\n';
    }
    out() << '\n'
          << Text::tr("Result") << '\n'
          << (result.isEmpty() ? Text::tr("(none)") : result) << '\n';
    return 0;
}

int workersGrep(const QStringList& args) {
    // "--" ends the options, so a pattern may start with '-'.
    const Result<WorkerGrepOptions> options = parseWorkerGrepOptions(args);
    if (!options)
        return usageError(options.error().message);
    const bool json = options->json;
    GrepOptions o;
    o.regex = options->regex;
    o.caseSensitive = options->caseSensitive;
    o.limit = options->limit;
    o.pattern = options->pattern;
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
            err() << "zerg: "
                  << Text::tr("stopped after %1 matches; narrow the pattern or raise --limit.")
                         .arg(o.limit)
                  << '\n';
        }
    }
    return r->matches.isEmpty() ? 1 : 0;
}

int workersReindex(const QStringList& args) {
    const Result<bool> parsed = parseJsonOnly(args, Text::tr("unexpected argument %1"));
    if (!parsed)
        return usageError(parsed.error().message);
    const bool json = *parsed;
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
    out() << Text::tr("Scanned %1 worker folders: %2 added, %3 updated, %4 unchanged, %5 skipped.")
                 .arg(r->scanned)
                 .arg(r->inserted)
                 .arg(r->updated)
                 .arg(r->unchanged)
                 .arg(r->skipped.size())
          << '\n';
    for (const QString& s : r->skipped)
        out() << "  " << Text::tr("skipped %1").arg(s) << '\n';
    return 0;
}

int key(QStringList args) {
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (const Status none = parseNoArguments(args); !none)
        return usageError(none.error().message);
    const Settings settings = Settings::load();
    SecretStore store(settings.configDir, SecretStore::backendFromEnvironment());
    const QString name = settings.apiKeySecretName();
    if (sub == QLatin1String("set")) {
        const QString value = readSecretLine(Text::tr("API key"));
        if (value.isEmpty()) {
            err() << "zerg: " << Text::tr("no key given; nothing stored.") << '\n';
            return 2;
        }
        if (Status s = store.write(name, value); !s) {
            err() << "zerg: " << s.error().message << '\n';
            return 1;
        }
        out()
            << Text::tr("Stored the %1 API key in %2.").arg(settings.llmProvider, store.location())
            << '\n';
        return 0;
    }
    if (sub == QLatin1String("clear")) {
        if (Status s = store.remove(name); !s) {
            err() << "zerg: " << s.error().message << '\n';
            return 1;
        }
        out() << Text::tr("Removed the %1 API key.").arg(settings.llmProvider) << '\n';
        return 0;
    }
    if (sub == QLatin1String("status")) {
        const auto stored = store.read(name);
        if (qEnvironmentVariableIsSet("ZERG_LLM_API_KEY")) {
            out() << Text::tr("Provider %1: API key from ZERG_LLM_API_KEY.")
                         .arg(settings.llmProvider);
        } else if (stored && !stored->isEmpty()) {
            out() << Text::tr("Provider %1: API key stored in %2.")
                         .arg(settings.llmProvider, store.location());
        } else {
            out() << Text::tr("Provider %1: API key not set.").arg(settings.llmProvider);
        }
        out() << '\n';
        return 0;
    }
    return usageError(Text::tr("key needs 'set', 'clear' or 'status'"));
}

bool isHelpFlag(const QString& a) {
    return a == QLatin1String("--help") || a == QLatin1String("-h");
}

// True when the options (the words before a "--") ask for help.
bool wantsHelp(const QStringList& args) {
    for (const QString& a : args) {
        if (a == QLatin1String("--"))
            return false;
        if (isHelpFlag(a))
            return true;
    }
    return false;
}

int printHelp(const QString& text) {
    out() << text;
    out().flush();
    return 0;
}

// `zerg help [COMMAND [SUBCOMMAND]]`.
int help(const QStringList& args) {
    if (args.isEmpty())
        return printHelp(helpText(QString()));
    if (wantsHelp(args))
        return printHelp(Text::tr(kHelpUsage));
    const QString text = helpText(args.first(), args.value(1));
    if (text.isNull() || args.size() > 2)
        return usageError(Text::tr("no help for '%1'").arg(args.join(QLatin1Char(' '))));
    return printHelp(text);
}

}  // namespace

QString helpText(const QString& command, const QString& subcommand) {
    if (command.isEmpty())
        return Text::tr(kUsage);
    if (command == QLatin1String("ask"))
        return Text::tr(kAskUsage);
    if (command == QLatin1String("workers")) {
        if (subcommand == QLatin1String("list"))
            return Text::tr(kWorkersListUsage);
        if (subcommand == QLatin1String("show"))
            return Text::tr(kWorkersShowUsage);
        if (subcommand == QLatin1String("grep"))
            return Text::tr(kWorkersGrepUsage);
        if (subcommand == QLatin1String("reindex"))
            return Text::tr(kWorkersReindexUsage);
        return Text::tr(kWorkersUsage);
    }
    if (command == QLatin1String("key"))
        return Text::tr(kKeyUsage);
    if (command == QLatin1String("help"))
        return Text::tr(kHelpUsage);
    if (command == QLatin1String("runs"))
        return runsHelp();
    if (command == QLatin1String("hosts"))
        return hostsHelp();
    if (command == QLatin1String("serve"))
        return serveHelp();
    if (command == QLatin1String("devices"))
        return devicesHelp();
    if (command == QLatin1String("instances"))
        return instancesHelp();
    if (command == QLatin1String("connect"))
        return connectHelp();
    if (command == QLatin1String("doctor"))
        return doctorHelp();
    if (command == QLatin1String("say"))
        return sayHelp();
    if (command == QLatin1String("transcribe"))
        return transcribeHelp();
    if (command == QLatin1String("mcp"))
        return subcommand == QLatin1String("serve") ? mcpServeHelp() : mcpHelp();
    return {};
}

bool isCommandLine(const QStringList& args) {
    if (args.size() < 2)
        return false;
    const QString& a = args.at(1);
    return a == QLatin1String("--help") || a == QLatin1String("-h") ||
           a == QLatin1String("--version") || !a.startsWith(QLatin1Char('-'));
}

int run(const QStringList& argv) {
    QStringList args = argv.mid(1);
    const QString cmd = args.isEmpty() ? QString() : args.takeFirst();
    if (isHelpFlag(cmd))
        return printHelp(helpText(QString()));
    if (cmd == QLatin1String("help"))
        return help(args);
    if (cmd == QLatin1String("--version")) {
        out() << "zerg " << QCoreApplication::applicationVersion() << '\n';
        return 0;
    }
    // `zerg COMMAND [SUBCOMMAND] --help`: the command's help, before any argument checks.
    if (wantsHelp(args)) {
        const QString text = helpText(cmd, args.isEmpty() ? QString() : args.first());
        if (!text.isNull())
            return printHelp(text);
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
    if (cmd == QLatin1String("instances"))
        return instancesCommand(args);
    if (cmd == QLatin1String("connect"))
        return connectCommand(args);
    if (cmd == QLatin1String("doctor"))
        return doctorCommand(args);
    if (cmd == QLatin1String("say"))
        return sayCommand(args);
    if (cmd == QLatin1String("transcribe"))
        return transcribeCommand(args);
    if (cmd == QLatin1String("mcp"))
        return mcpCommand(args);
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
        return usageError(Text::tr("workers needs 'list', 'show ID', 'grep PATTERN' or 'reindex'"));
    }
    return usageError(Text::tr("unknown command '%1'").arg(cmd));
}

}  // namespace zerg::cli
