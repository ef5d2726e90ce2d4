#include "cli_runs.h"

#include "cli.h"

#include "core/settings.h"
#include "jarvis/backend.h"
#include "jarvis/run_details.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

namespace zerg::cli {
namespace {

const char kRunsUsage[] =
    "Usage: zerg runs COMMAND\n"
    "\n"
    "The requests Jarvis handled (runs), with their workers, tokens and cost.\n"
    "\n"
    "Commands:\n"
    "  list [--limit N] [--json]   Recent runs, newest first (20 unless --limit): id, status,\n"
    "                              mode (quick, supervisor, background), start, duration,\n"
    "                              tokens, cost and task.\n"
    "  show ID [--json]            One run: task, status, times, result or error, the workers\n"
    "                              it started with their summaries, token usage and cost.\n";

constexpr int kDefaultLimit = 20;
constexpr int kTaskWidth = 50;

struct Io {
    QTextStream out{stdout};
    QTextStream err{stderr};
};

int usageError(Io& io, const QString& message) {
    io.err << "zerg runs: " << message << "\n\n" << kRunsUsage;
    return 2;
}

QString seconds(qint64 ms) {
    return QString::number(double(ms) / 1000.0, 'f', 1) + u's';
}

// Local time for people; the JSON output keeps UTC.
QString localTime(const QJsonValue& iso) {
    const QDateTime t = timefmt::fromIso(iso.toString());
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                       : QStringLiteral("-");
}

QString cost(const QJsonValue& usd) {
    // Unknown (a model missing from the price table) is not the same as free.
    return usd.isNull() ? QStringLiteral("?") : u'$' + QString::number(usd.toDouble(), 'f', 4);
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

int list(QStringList args, Io& io) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    int limit = kDefaultLimit;
    const qsizetype li = args.indexOf(QStringLiteral("--limit"));
    if (li >= 0) {
        bool ok = false;
        limit = li + 1 < args.size() ? args.at(li + 1).toInt(&ok) : 0;
        if (!ok || limit <= 0)
            return usageError(io, QStringLiteral("--limit needs a positive number"));
        args.remove(li, 2);
    }
    if (!args.isEmpty())
        return usageError(io, QStringLiteral("unexpected argument %1").arg(args.first()));
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
        io.out << "No runs yet. Ask Jarvis something, e.g.\n"
                  "  zerg ask \"check disk usage on cube\"\n";
        return 0;
    }
    const QString line = QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n");
    io.out << line.arg(QStringLiteral("ID"), 6)
                  .arg(QStringLiteral("STATUS"), -9)
                  .arg(QStringLiteral("MODE"), -10)
                  .arg(QStringLiteral("STARTED"), -19)
                  .arg(QStringLiteral("TIME"), 7)
                  .arg(QStringLiteral("TOKENS"), 8)
                  .arg(QStringLiteral("COST"), 9)
                  .arg(QStringLiteral("TASK"));
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
    auto count = [&usage](const char* key) {
        return QString::number(usage.value(QLatin1String(key)).toInteger());
    };
    io.out << "Run       " << r.value(QStringLiteral("run_id")).toInteger() << '\n'
           << "Task      " << text("task") << '\n'
           << "Status    " << text("status") << '\n'
           << "Mode      " << text("mode") << '\n'
           << "Started   " << localTime(r.value(QStringLiteral("started_at"))) << '\n'
           << "Finished  " << localTime(r.value(QStringLiteral("completed_at"))) << '\n'
           << "Duration  " << durationOf(r) << '\n'
           << "Tokens    " << r.value(QStringLiteral("tokens_used")).toInteger() << " (prompt "
           << count("prompt_tokens") << ", completion " << count("completion_tokens") << ", cached "
           << count("cached_tokens") << ", reasoning " << count("reasoning_tokens") << "; "
           << count("calls")
           << (usage.value(QStringLiteral("calls")).toInteger() == 1 ? " model call)\n"
                                                                     : " model calls)\n")
           << "Cost      "
           << (r.value(QStringLiteral("cost_usd")).isNull()
                   ? QStringLiteral("unknown (a model's price is not in the price table)")
                   : cost(r.value(QStringLiteral("cost_usd"))))
           << '\n';
    if (!text("error").isEmpty())
        io.out << "Error     " << text("error") << '\n';

    const QJsonArray workers = r.value(QStringLiteral("workers")).toArray();
    io.out << "\nWorkers\n";
    if (workers.isEmpty())
        io.out << "  (none: Jarvis answered directly)\n";
    for (const QJsonValue& v : workers) {
        const QJsonObject w = v.toObject();
        const QString id = w.value(QStringLiteral("worker_id")).toString();
        const qint64 ms = w.value(QStringLiteral("duration_ms")).toInteger();
        io.out << QStringLiteral("  %1  %2  %3  %4\n")
                      .arg(id.isEmpty() ? QStringLiteral("(job %1)")
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
    io.out << "\nResult\n" << (result.isEmpty() ? QStringLiteral("(none)") : result) << '\n';
}

int show(QStringList args, Io& io) {
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    if (args.size() != 1)
        return usageError(io, QStringLiteral("runs show needs one run id, e.g. zerg runs show 12"));
    bool isNumber = false;
    const qint64 runId = args.first().toLongLong(&isNumber);
    if (!isNumber || runId <= 0) {
        return usageError(io,
                          QStringLiteral("'%1' is not a run id; run ids are positive numbers from "
                                         "`zerg runs list`")
                              .arg(args.first()));
    }
    int code = 0;
    const auto backend = openBackend(Settings::load(), &code);
    if (!backend)
        return code;
    const Result<QJsonObject> details =
        runDetails(*backend->store(), *backend->artifacts(), backend->settings().ownerId, runId);
    if (!details) {
        if (details.error().code == QLatin1String("not_found")) {
            io.err << "zerg: run " << runId << " not found. List runs with `zerg runs list`.\n";
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

}  // namespace

int runsCommand(QStringList args) {
    Io io;
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") ||
        sub == QLatin1String("help")) {
        io.out << kRunsUsage;
        return 0;
    }
    if (sub == QLatin1String("list"))
        return list(args, io);
    if (sub == QLatin1String("show"))
        return show(args, io);
    return usageError(io, sub.isEmpty() ? QStringLiteral("runs needs 'list' or 'show ID'")
                                        : QStringLiteral("unknown command '%1'; use 'list' or "
                                                         "'show ID'")
                                              .arg(sub));
}

}  // namespace zerg::cli
