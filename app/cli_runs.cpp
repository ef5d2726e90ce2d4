#include "cli_runs.h"

#include "cli.h"
#include "cli_options.h"

#include "core/clock.h"
#include "core/settings.h"
#include "core/status.h"
#include "runtime/backend.h"
#include "storage/run_details.h"
#include "storage/run_export.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>
#include <QTextStream>

#include <cstdio>
#include <optional>

namespace zerg::cli {
namespace {

const char kRunsUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg runs COMMAND\n"
    "\n"
    "The requests Jarvis handled (runs), with their workers, tokens and cost.\n"
    "\n"
    "Commands:\n"
    "  list [--limit N] [--json]   Recent runs, newest first (20 unless --limit): id, status,\n"
    "                              mode (quick, supervisor, background), start, duration,\n"
    "                              tokens, cost and task.\n"
    "  show ID [--json]            One run: task, status, times, result or error, the workers\n"
    "                              it started with their summaries, token usage and cost.\n"
    "  export ID [--format md|json] [--out FILE]\n"
    "                              One run as a document: question, answer or error, status,\n"
    "                              times, tokens, cost, and each worker's result with a link\n"
    "                              to its folder.\n"
    "  export --all [--format md|json] [--out FILE]\n"
    "                              The whole conversation with Jarvis, every run oldest first.\n"
    "\n"
    "Options:\n"
    "  --limit N    list: show at most N runs.\n"
    "  --json       Print JSON (list: an array; show: one object; an unknown cost is null).\n"
    "  --format F   export: md (Markdown, the default; also 'markdown') or json.\n"
    "  --out FILE   export: write FILE instead of printing (replaced as a whole, never left\n"
    "               half written).\n"
    "  --all        export: the whole conversation instead of one run.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg runs list --limit 10\n"
    "  zerg runs show 12\n"
    "  zerg runs show 12 --json\n"
    "  zerg runs export 12 > run-12.md\n"
    "  zerg runs export --all --format json --out conversation.json\n");

constexpr int kDefaultLimit = 20;
constexpr int kTaskWidth = 50;

struct Io {
    QTextStream out{stdout};
    QTextStream err{stderr};
};

int usageError(Io& io, const QString& message) {
    io.err << "zerg runs: " << message << "\n\n" << Text::tr(kRunsUsage);
    return 2;
}

QString seconds(qint64 ms) {
    return Text::tr("%1s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

// Local time for people; the JSON output keeps UTC.
QString localTime(const QJsonValue& iso) {
    const QDateTime t = timefmt::fromIso(iso.toString());
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                       : QStringLiteral("-");
}

QString cost(const QJsonValue& usd) {
    // Unknown (a model missing from the price table) is not the same as free.
    return usd.isNull() ? QStringLiteral("?")
                        : Text::tr("$%1").arg(QLocale().toString(usd.toDouble(), 'f', 4));
}

QString elided(QString text, int width) {
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() <= width ? text : text.left(width - 1) + QChar(0x2026);
}

QString durationOf(const QJsonObject& run) {
    return run.value(QStringLiteral("completed_at")).isNull()
               ? QStringLiteral("-")
               : seconds(run.value(QStringLiteral("duration_ms")).toInteger());
}

int list(const QStringList& args, Io& io) {
    const Result<ListOptions> options = parseListOptions(args, kDefaultLimit);
    if (!options)
        return usageError(io, options.error().message);
    const bool json = options->json;
    const int limit = options->limit;
    int code = 0;
    const auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    Store& store = *backend->store();
    const auto runs = store.listRuns(backend->settings().ownerId, limit);
    if (!runs) {
        io.err << "zerg: " << runs.error().message << '\n';
        return 1;
    }
    QJsonArray rows;
    for (const RunRecord& r : runs.value()) {
        const Result<QJsonObject> row = runSummary(store, r);
        if (!row) {
            io.err << "zerg: " << row.error().message << '\n';
            return 1;
        }
        rows.append(row.value());
    }
    if (json) {
        io.out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return 0;
    }
    if (rows.isEmpty()) {
        io.out << Text::tr(
                      "No runs yet. Ask Jarvis something, e.g.\n"
                      "  zerg ask \"check disk usage on cube\"")
               << '\n';
        return 0;
    }
    const QString line = QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n");
    io.out << line.arg(Text::tr("ID"), 6)
                  .arg(Text::tr("STATUS"), -9)
                  .arg(Text::tr("MODE"), -10)
                  .arg(Text::tr("STARTED"), -19)
                  .arg(Text::tr("TIME"), 7)
                  .arg(Text::tr("TOKENS"), 8)
                  .arg(Text::tr("COST"), 9)
                  .arg(Text::tr("TASK"));
    for (const QJsonValue& v : rows) {
        const QJsonObject r = v.toObject();
        io.out << line.arg(QString::number(r.value(QStringLiteral("run_id")).toInteger()), 6)
                      .arg(r.value(QStringLiteral("status")).toString(), -9)
                      .arg(r.value(QStringLiteral("mode")).toString(), -10)
                      .arg(localTime(r.value(QStringLiteral("started_at"))), -19)
                      .arg(durationOf(r), 7)
                      .arg(QString::number(r.value(QStringLiteral("tokens_used")).toInteger()), 8)
                      .arg(cost(r.value(QStringLiteral("cost_usd"))), 9)
                      .arg(elided(r.value(QStringLiteral("task")).toString(), kTaskWidth));
    }
    return 0;
}

void printDetails(const QJsonObject& r, Io& io) {
    auto text = [&r](const char* key) { return r.value(QLatin1String(key)).toString(); };
    const QJsonObject usage = r.value(QStringLiteral("usage")).toObject();
    auto count = [&usage](const char* key) { return usage.value(QLatin1String(key)).toInteger(); };
    auto field = [&io](const QString& label, const QString& value) {
        io.out << label.leftJustified(10) << value << '\n';
    };
    field(Text::tr("Run"), QString::number(r.value(QStringLiteral("run_id")).toInteger()));
    field(Text::tr("Task"), text("task"));
    field(Text::tr("Status"), text("status"));
    field(Text::tr("Mode"), text("mode"));
    field(Text::tr("Started"), localTime(r.value(QStringLiteral("started_at"))));
    field(Text::tr("Finished"), localTime(r.value(QStringLiteral("completed_at"))));
    field(Text::tr("Duration"), durationOf(r));
    field(Text::tr("Tokens"),
          Text::tr("%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)")
              .arg(r.value(QStringLiteral("tokens_used")).toInteger())
              .arg(count("prompt_tokens"))
              .arg(count("completion_tokens"))
              .arg(count("cached_tokens"))
              .arg(count("reasoning_tokens"))
              .arg(count("calls")));
    field(Text::tr("Cost"), r.value(QStringLiteral("cost_usd")).isNull()
                                ? Text::tr("unknown (a model's price is not in the price table)")
                                : cost(r.value(QStringLiteral("cost_usd"))));
    if (!text("error").isEmpty()) {
        const QString code = text("error_code");
        field(Text::tr("Error"),
              code.isEmpty() ? text("error") : Text::tr("%1 (%2)").arg(text("error"), code));
    }
    if (const qint64 attempts = r.value(QStringLiteral("attempts")).toInteger(); attempts > 1)
        field(Text::tr("Attempts"), QString::number(attempts));
    if (text("fallback") == statusName(RunFallback::Apology))
        field(Text::tr("Fallback"), Text::tr("Jarvis answered directly with an apology"));

    const QJsonArray workers = r.value(QStringLiteral("workers")).toArray();
    io.out << '\n' << Text::tr("Workers") << '\n';
    if (workers.isEmpty())
        io.out << "  " << Text::tr("(none: Jarvis answered directly)") << '\n';
    for (const QJsonValue& v : workers) {
        const QJsonObject w = v.toObject();
        const QString id = w.value(QStringLiteral("worker_id")).toString();
        const qint64 ms = w.value(QStringLiteral("duration_ms")).toInteger();
        io.out << QStringLiteral("  %1  %2  %3  %4\n")
                      .arg(id.isEmpty() ? Text::tr("(job %1)")
                                              .arg(w.value(QStringLiteral("job_id")).toInteger())
                                        : id,
                           -44)
                      .arg(w.value(QStringLiteral("status")).toString(), -9)
                      .arg(ms > 0 ? seconds(ms) : QStringLiteral("-"), 7)
                      .arg(elided(w.value(QStringLiteral("task")).toString(), kTaskWidth));
        const QString summary = w.value(QStringLiteral("summary")).toString();
        if (!summary.isEmpty())
            io.out << "      " << summary << '\n';
    }
    const QString result = text("result");
    io.out << '\n'
           << Text::tr("Result") << '\n'
           << (result.isEmpty() ? Text::tr("(none)") : result) << '\n';
}

int show(const QStringList& args, Io& io) {
    const Result<RunShowOptions> options = parseRunShowOptions(args);
    if (!options)
        return usageError(io, options.error().message);
    const bool json = options->json;
    const qint64 runId = options->runId;
    int code = 0;
    const auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    const Result<QJsonObject> details =
        runDetails(*backend->store(), *backend->artifacts(), backend->settings().ownerId, runId);
    if (!details) {
        if (details.error().code == QLatin1String("not_found")) {
            io.err << "zerg: "
                   << Text::tr("run %1 not found. List runs with `zerg runs list`.").arg(runId)
                   << '\n';
        } else {
            io.err << "zerg: " << details.error().message << '\n';
        }
        return 1;
    }
    if (json) {
        io.out << QJsonDocument(details.value()).toJson(QJsonDocument::Indented);
        return 0;
    }
    printDetails(details.value(), io);
    return 0;
}

// What `runs export` was asked for.
struct ExportOptions {
    std::optional<qint64> runId;  // nullopt: --all
    ExportFormat format = ExportFormat::Markdown;
    QString out;  // empty: standard output
};

Result<ExportOptions> parseExportOptions(const QStringList& args) {
    const QString needsRun =
        Text::tr("runs export needs one run id or --all, e.g. zerg runs export 12");
    const QString formatError =
        Text::tr("--format takes md (or markdown) or json, e.g. --format json");
    const QString needsFile = Text::tr("--out needs a file");
    auto usage = [](const QString& message) { return Error{QStringLiteral("usage"), message}; };
    CommandSpec spec;
    spec.options = {{QStringLiteral("all"), {}, {}},
                    {QStringLiteral("format"), QStringLiteral("md|json"), formatError},
                    {QStringLiteral("out"), QStringLiteral("FILE"), needsFile}};
    spec.maxArgs = 1;
    spec.strayArgument = needsRun;
    const Result<ParsedArgs> p = parseOptions(args, spec);
    if (!p)
        return p.error();
    ExportOptions options;
    const bool all = p->isSet(QStringLiteral("all"));
    if (all && !p->positional.isEmpty())
        return usage(Text::tr("runs export takes one run id or --all, not both"));
    if (!all) {
        if (p->positional.isEmpty())
            return usage(needsRun);
        const QString id = p->positional.first();
        bool ok = false;
        const qint64 runId = id.toLongLong(&ok);
        if (!ok || runId < 1) {
            return usage(Text::tr("'%1' is not a run id; run ids are positive numbers from "
                                  "`zerg runs list`")
                             .arg(id));
        }
        options.runId = runId;
    }
    if (p->isSet(QStringLiteral("format"))) {
        const QString word = p->value(QStringLiteral("format"));
        const Result<ExportFormat> format = parseExportFormat(word);
        if (!format) {
            return usage(
                Text::tr("unknown format '%1'; --format takes md (or markdown) or json").arg(word));
        }
        options.format = format.value();
    }
    if (p->isSet(QStringLiteral("out"))) {
        options.out = p->value(QStringLiteral("out"));
        if (options.out.isEmpty())
            return usage(needsFile);
    }
    return options;
}

int exportRuns(const QStringList& args, Io& io) {
    const Result<ExportOptions> options = parseExportOptions(args);
    if (!options)
        return usageError(io, options.error().message);
    int code = 0;
    const auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    const qint64 owner = backend->settings().ownerId;
    const QDateTime now = backend->clock()->utcNow();
    const Result<QByteArray> text =
        options->runId ? exportRun(*backend->store(), *backend->artifacts(), owner, *options->runId,
                                   options->format, now)
                       : exportConversation(*backend->store(), *backend->artifacts(), owner,
                                            options->format, now);
    if (!text) {
        if (options->runId && text.error().code == QLatin1String("not_found")) {
            io.err << "zerg: "
                   << Text::tr("run %1 not found. List runs with `zerg runs list`.")
                          .arg(*options->runId)
                   << '\n';
        } else {
            io.err << "zerg: " << text.error().message << '\n';
        }
        return 1;
    }
    const QByteArray& bytes = text.value();
    if (options->out.isEmpty()) {
        // The bytes as they are: UTF-8 whatever the terminal's locale.
        if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) !=
                size_t(bytes.size()) ||
            std::fflush(stdout) != 0) {
            io.err << "zerg: " << Text::tr("cannot write the export to standard output") << '\n';
            return 1;
        }
        return 0;
    }
    // Whole or not at all: an interrupted export leaves the old file (or none), never half of one.
    QSaveFile file(options->out);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        io.err << "zerg: "
               << Text::tr("cannot write %1: %2. Check the folder exists and is writable.")
                      .arg(QDir::toNativeSeparators(options->out), file.errorString())
               << '\n';
        return 1;
    }
    io.out << Text::tr("Wrote %1.").arg(QDir::toNativeSeparators(options->out)) << '\n';
    return 0;
}

}  // namespace

QString runsHelp() {
    return Text::tr(kRunsUsage);
}

int runsCommand(QStringList args) {
    Io io;
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") ||
        sub == QLatin1String("help")) {
        io.out << Text::tr(kRunsUsage);
        return 0;
    }
    if (sub == QLatin1String("list"))
        return list(args, io);
    if (sub == QLatin1String("show"))
        return show(args, io);
    if (sub == QLatin1String("export"))
        return exportRuns(args, io);
    return usageError(io, sub.isEmpty() ? Text::tr("runs needs 'list', 'show ID' or 'export ID'")
                                        : Text::tr("unknown command '%1'; use 'list', 'show ID' or "
                                                   "'export ID'")
                                              .arg(sub));
}

}  // namespace zerg::cli
