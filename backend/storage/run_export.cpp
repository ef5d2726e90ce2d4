#include "storage/run_export.h"

#include "core/json_util.h"
#include "core/redact.h"
#include "storage/artifact_store.h"
#include "storage/run_details.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QUrl>

#include <algorithm>
#include <optional>

namespace zerg {
namespace {

// The translation context of the Markdown's texts. Calls say RunExport::tr so that lupdate files
// them under the same context the program looks them up in.
struct RunExport {
    Q_DECLARE_TR_FUNCTIONS(RunExport)
};

constexpr int kHeadingWidth = 80;    // a run's heading: the first line of its question
constexpr int kToolLineWidth = 160;  // a tool call's line: the first line of its text
constexpr char kIndent[] = "    ";   // QJsonDocument::Indented's step

QJsonValue timeOrNull(const QDateTime& t) {
    return t.isValid() ? QJsonValue(timefmt::toIso(t)) : QJsonValue(QJsonValue::Null);
}

Error notFound(qint64 runId) {
    // runDetails' words: another owner's run and a missing one read the same.
    return Error{QStringLiteral("not_found"),
                 QStringLiteral("No run %1. List the runs to find its id.").arg(runId)};
}

// The thread's memory boundary: the newest run its summary stands in for, and the summary.
struct Boundary {
    std::optional<qint64> summarisedThrough;
    std::optional<ThreadMemory> memory;
};

Result<Boundary> boundaryOf(Store& store, qint64 threadId, bool withMemory) {
    Boundary b;
    if (threadId <= 0)
        return b;
    const Result<std::optional<qint64>> last = store.lastSummarisedRun(threadId);
    if (!last)
        return last.error();
    b.summarisedThrough = last.value();
    if (withMemory) {
        Result<std::optional<ThreadMemory>> memory = store.latestMemory(threadId);
        if (!memory)
            return memory.error();
        b.memory = std::move(memory).value();
    }
    return b;
}

// A stored message with the arguments of its tool calls redacted (credentials in headers and
// URLs); everything else as stored.
QJsonObject redactedBody(QJsonObject body) {
    QJsonArray calls = body.value(QStringLiteral("tool_calls")).toArray();
    bool changed = false;
    for (qsizetype i = 0; i < calls.size(); ++i) {
        QJsonObject call = calls.at(i).toObject();
        QJsonObject function = call.value(QStringLiteral("function")).toObject();
        QJsonObject args;
        if (!json::parseObject(function.value(QStringLiteral("arguments")).toString().toUtf8(),
                               &args)) {
            continue;  // not an object: nothing named headers or url to hide
        }
        const QJsonObject redacted = redactedArguments(args);
        if (redacted == args)
            continue;
        function.insert(QStringLiteral("arguments"), json::compactString(redacted));
        call.insert(QStringLiteral("function"), function);
        calls.replace(i, call);
        changed = true;
    }
    if (changed)
        body.insert(QStringLiteral("tool_calls"), calls);
    return body;
}

// One worker job with its result and its folder.
QJsonObject workerExport(const WorkerJobRecord& job, ArtifactStore& artifacts, qint64 ownerId) {
    QJsonObject w = workerRow(job, artifacts, ownerId);
    QJsonValue folder = QJsonValue::Null;
    QJsonValue url = QJsonValue::Null;
    QString result;
    // Owner-checked like the summary: a folder that is gone, or another owner's, gives nothing.
    if (!job.workerId.isEmpty() && artifacts.metadata(job.workerId, ownerId)) {
        const QString path = QFileInfo(artifacts.workerDir(job.workerId)).absoluteFilePath();
        folder = path;
        url = QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded);
        if (const Result<QString> r = artifacts.readResult(job.workerId, ownerId))
            result = r.value();
    }
    w.insert(QStringLiteral("result"), result);
    w.insert(QStringLiteral("folder"), folder);
    w.insert(QStringLiteral("folder_url"), url);
    return w;
}

// One run of the export's "runs", read from the store (the run is known to be the owner's).
Result<QJsonObject> runExport(Store& store, ArtifactStore& artifacts, const RunRecord& run,
                              bool summarised) {
    Result<QJsonObject> summary = runSummary(store, run);
    if (!summary)
        return summary.error();
    const Result<QList<WorkerJobRecord>> jobs = store.listJobsForRun(run.ownerId, run.id);
    if (!jobs)
        return jobs.error();
    const Result<QList<StoredMessage>> messages = store.loadMessagesForRun(run.threadId, run.id);
    if (!messages)
        return messages.error();
    QJsonArray workers;
    for (const WorkerJobRecord& job : jobs.value())
        workers.append(workerExport(job, artifacts, run.ownerId));
    QJsonArray bodies;
    for (const StoredMessage& m : messages.value()) {
        bodies.append(QJsonObject{{QStringLiteral("seq"), m.seq},
                                  {QStringLiteral("created_at"), timeOrNull(m.createdAt)},
                                  {QStringLiteral("body"), redactedBody(m.body)}});
    }
    QJsonObject out = std::move(summary).value();
    out.insert(QStringLiteral("summarised"), summarised);
    out.insert(QStringLiteral("workers"), workers);
    out.insert(QStringLiteral("messages"), bodies);
    return out;
}

// ---- JSON -------------------------------------------------------------------------------------

// v as JSON text, continued lines indented by `indent` (it follows a key or an indent already).
QByteArray jsonText(const QJsonValue& v, const QByteArray& indent) {
    QByteArray text;
    if (v.isObject()) {
        text = QJsonDocument(v.toObject()).toJson(QJsonDocument::Indented);
    } else if (v.isArray()) {
        text = QJsonDocument(v.toArray()).toJson(QJsonDocument::Indented);
    } else {
        // A scalar: the one element of a compact array, without the brackets.
        text = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
        return text.mid(1, text.size() - 2);
    }
    text.chop(1);  // the final newline
    return text.replace('\n', '\n' + indent);
}

// The export's JSON, written run by run (the runs are never one QJsonArray in memory): the
// envelope in the documented order, then "runs".
class JsonWriter {
public:
    void member(const char* key, const QJsonValue& v) {
        m_out += kIndent;
        m_out += '"';
        m_out += key;
        m_out += "\": ";
        m_out += jsonText(v, kIndent);
        m_out += ",\n";
    }
    void beginRuns() { m_out += "    \"runs\": ["; }
    void run(const QJsonObject& r) {
        m_out += m_runs++ == 0 ? "\n" : ",\n";
        m_out += kIndent;
        m_out += kIndent;
        m_out += jsonText(r, QByteArray(kIndent) + kIndent);
    }
    QByteArray finish() {
        m_out += m_runs == 0 ? "]\n}\n" : "\n    ]\n}\n";
        return std::move(m_out);
    }

private:
    QByteArray m_out = "{\n";
    int m_runs = 0;
};

JsonWriter jsonEnvelope(const char* scope, const QDateTime& exportedAt, qint64 ownerId,
                        qint64 threadId, const Boundary& boundary) {
    JsonWriter w;
    w.member("format", QLatin1String(kRunExportFormat));
    w.member("version", kRunExportVersion);
    w.member("scope", QLatin1String(scope));
    w.member("exported_at", timeOrNull(exportedAt));
    w.member("owner_id", ownerId);
    w.member("thread_id", threadId > 0 ? QJsonValue(threadId) : QJsonValue());
    w.member("summarised_through_run_id",
             boundary.summarisedThrough ? QJsonValue(*boundary.summarisedThrough) : QJsonValue());
    QJsonValue memory;
    if (boundary.memory) {
        memory =
            QJsonObject{{QStringLiteral("up_to_seq"), boundary.memory->upToSeq},
                        {QStringLiteral("summary"), boundary.memory->summary},
                        {QStringLiteral("created_at"), timeOrNull(boundary.memory->createdAt)}};
    }
    w.member("memory", memory);
    w.beginRuns();
    return w;
}

// ---- Markdown ---------------------------------------------------------------------------------

QString text(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key)).toString();
}

QString utc(const QDateTime& t) {
    return t.isValid()
               ? t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral(" UTC")
               : QStringLiteral("-");
}

QString utc(const QJsonValue& iso) {
    return utc(timefmt::fromIso(iso.toString()));
}

QString seconds(qint64 ms) {
    return RunExport::tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
}

QString elided(const QString& line, int width) {
    return line.size() <= width ? line : line.left(width - 1) + QChar(0x2026);
}

// The first line of text with something on it, trimmed and cut to width.
QString firstLine(const QString& text, int width) {
    for (const QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
        const QStringView trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return elided(trimmed.toString(), width);
    }
    return {};
}

// text as a Markdown code span: fenced by one backtick more than its longest run of them.
QString codeSpan(const QString& text) {
    int longest = 0;
    int run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(longest + 1, QLatin1Char('`'));
    const bool pad = longest > 0;
    const QString space = pad ? QStringLiteral(" ") : QString();
    return fence + space + text + space + fence;
}

// Every line of text behind "> ".
QString blockquote(const QString& text) {
    QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    for (QString& line : lines)
        line = line.isEmpty() ? QStringLiteral(">") : QStringLiteral("> ") + line;
    return lines.join(QLatin1Char('\n'));
}

QString costText(const QJsonValue& usd) {
    // Unknown (a model missing from the price table) is not the same as free.
    return usd.isNull() ? RunExport::tr("unknown (a model's price is not in the price table)")
                        : RunExport::tr("$%1").arg(QLocale().toString(usd.toDouble(), 'f', 4));
}

// The heading over a run's error: what kind of end it was.
QString endHeading(const QString& status) {
    switch (parseStatus<RunStatus>(status).value_or(RunStatus::Failed)) {
        case RunStatus::Cancelled:
            return RunExport::tr("Stopped");
        case RunStatus::Timeout:
            return RunExport::tr("Timed out");
        default:
            return RunExport::tr("Error");
    }
}

void appendWorkers(QString& md, const QJsonArray& workers) {
    if (workers.isEmpty())
        return;
    md += QStringLiteral("### %1\n\n").arg(RunExport::tr("Workers"));
    int n = 0;
    for (const QJsonValue& v : workers) {
        const QJsonObject w = v.toObject();
        const QString task = firstLine(text(w, "task"), kHeadingWidth);
        md += QStringLiteral("#### %1\n\n")
                  .arg(task.isEmpty() ? RunExport::tr("Worker %1").arg(++n)
                                      : RunExport::tr("Worker %1: %2").arg(++n).arg(task));
        auto item = [&md](const QString& label, const QString& value) {
            md += QStringLiteral("- %1: %2\n").arg(label, value);
        };
        item(RunExport::tr("Status"), text(w, "status"));
        if (const qint64 ms = w.value(QStringLiteral("duration_ms")).toInteger(); ms > 0)
            item(RunExport::tr("Duration"), seconds(ms));
        item(RunExport::tr("Job"), QString::number(w.value(QStringLiteral("job_id")).toInteger()));
        if (!text(w, "worker_id").isEmpty())
            item(RunExport::tr("Worker"), codeSpan(text(w, "worker_id")));
        if (!text(w, "model").isEmpty())
            item(RunExport::tr("Model"), text(w, "model"));
        const QString folder = text(w, "folder");
        if (!folder.isEmpty()) {
            // <...> keeps a path with spaces or parentheses one link destination.
            item(RunExport::tr("Folder"),
                 QStringLiteral("[%1](<%2>)").arg(folder, text(w, "folder_url")));
        }
        if (!text(w, "error").isEmpty())
            item(RunExport::tr("Error"), text(w, "error"));
        if (const QString task = text(w, "task"); task.contains(QLatin1Char('\n')))
            md += QStringLiteral("\n%1\n\n%2\n").arg(RunExport::tr("Task:"), blockquote(task));
        if (!text(w, "summary").isEmpty())
            md += QStringLiteral("\n%1 %2\n").arg(RunExport::tr("Summary:"), text(w, "summary"));
        if (!text(w, "result").trimmed().isEmpty()) {
            md += QStringLiteral("\n%1\n\n%2\n")
                      .arg(RunExport::tr("Result:"), blockquote(text(w, "result")));
        }
        md += QLatin1Char('\n');
    }
}

// The run's tool calls and their results, one line each.
void appendToolCalls(QString& md, const QJsonArray& messages) {
    QStringList lines;
    QHash<QString, QString> names;  // tool_call_id -> tool name
    for (const QJsonValue& v : messages) {
        const QJsonObject body = v.toObject().value(QStringLiteral("body")).toObject();
        for (const QJsonValue& c : body.value(QStringLiteral("tool_calls")).toArray()) {
            const QJsonObject call = c.toObject();
            const QJsonObject function = call.value(QStringLiteral("function")).toObject();
            const QString name = text(function, "name");
            names.insert(text(call, "id"), name);
            const QString args = firstLine(text(function, "arguments"), kToolLineWidth);
            lines.append(args.isEmpty()
                             ? RunExport::tr("Call %1").arg(codeSpan(name))
                             : RunExport::tr("Call %1: %2").arg(codeSpan(name), codeSpan(args)));
        }
        if (text(body, "role") == QLatin1String("tool")) {
            QString name = text(body, "name");
            if (name.isEmpty())
                name = names.value(text(body, "tool_call_id"));
            const QString result = firstLine(text(body, "content"), kToolLineWidth);
            lines.append(
                result.isEmpty()
                    ? RunExport::tr("Result of %1").arg(codeSpan(name))
                    : RunExport::tr("Result of %1: %2").arg(codeSpan(name), codeSpan(result)));
        }
    }
    if (lines.isEmpty())
        return;
    md += QStringLiteral("### %1\n\n").arg(RunExport::tr("Tool calls"));
    for (const QString& line : lines)
        md += QStringLiteral("- %1\n").arg(line);
    md += QLatin1Char('\n');
}

QString runMarkdown(const QJsonObject& r) {
    QString md;
    const qint64 id = r.value(QStringLiteral("run_id")).toInteger();
    const QString task = text(r, "task");
    const QString title = firstLine(task, kHeadingWidth);
    md += QStringLiteral("## %1\n\n")
              .arg(title.isEmpty() ? RunExport::tr("Run %1").arg(id)
                                   : RunExport::tr("Run %1: %2").arg(id).arg(title));

    const QString status = text(r, "status");
    const bool running = r.value(QStringLiteral("completed_at")).isNull();
    const QJsonObject usage = r.value(QStringLiteral("usage")).toObject();
    auto count = [&usage](const char* key) { return usage.value(QLatin1String(key)).toInteger(); };
    auto item = [&md](const QString& label, const QString& value) {
        md += QStringLiteral("- %1: %2\n").arg(label, value);
    };
    item(RunExport::tr("Status"), status);
    item(RunExport::tr("Mode"), text(r, "mode"));
    item(RunExport::tr("Started"), utc(r.value(QStringLiteral("started_at"))));
    item(RunExport::tr("Finished"), running ? RunExport::tr("not yet (still running)")
                                            : utc(r.value(QStringLiteral("completed_at"))));
    if (!running)
        item(RunExport::tr("Duration"),
             seconds(r.value(QStringLiteral("duration_ms")).toInteger()));
    item(RunExport::tr("Tokens"),
         RunExport::tr("%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)")
             .arg(r.value(QStringLiteral("tokens_used")).toInteger())
             .arg(count("prompt_tokens"))
             .arg(count("completion_tokens"))
             .arg(count("cached_tokens"))
             .arg(count("reasoning_tokens"))
             .arg(count("calls")));
    item(RunExport::tr("Cost"), costText(r.value(QStringLiteral("cost_usd"))));
    if (const qint64 attempts = r.value(QStringLiteral("attempts")).toInteger(); attempts > 1)
        item(RunExport::tr("Attempts"), QString::number(attempts));
    const bool apology = text(r, "fallback") == statusName(RunFallback::Apology);
    if (apology)
        item(RunExport::tr("Fallback"), RunExport::tr("Jarvis answered directly with an apology"));

    md += QStringLiteral("\n### %1\n\n%2\n\n").arg(RunExport::tr("Question"), task.trimmed());

    const QString result = text(r, "result");
    const QString error = text(r, "error");
    const QString code = text(r, "error_code");
    if (!result.trimmed().isEmpty()) {
        md += QStringLiteral("### %1\n\n%2\n\n").arg(RunExport::tr("Answer"), result.trimmed());
    } else if (running) {
        md += QStringLiteral("### %1\n\n*%2*\n\n")
                  .arg(RunExport::tr("Answer"), RunExport::tr("Still running when exported."));
    } else if (error.trimmed().isEmpty()) {
        md += QStringLiteral("### %1\n\n*%2*\n\n")
                  .arg(RunExport::tr("Answer"), RunExport::tr("No answer was recorded."));
    }
    if (!error.trimmed().isEmpty() ||
        (!code.isEmpty() && status != statusName(RunStatus::Success))) {
        md += QStringLiteral("### %1\n\n").arg(endHeading(status));
        if (!error.trimmed().isEmpty())
            md += error.trimmed() + QStringLiteral("\n\n");
        if (!code.isEmpty())
            md += QStringLiteral("%1 %2\n\n").arg(RunExport::tr("Code:"), codeSpan(code));
    }

    appendWorkers(md, r.value(QStringLiteral("workers")).toArray());
    appendToolCalls(md, r.value(QStringLiteral("messages")).toArray());
    return md;
}

QString exportedLine(const QDateTime& exportedAt) {
    return RunExport::tr("Exported %1 (%2, version %3).")
        .arg(utc(exportedAt), QLatin1String(kRunExportFormat))
        .arg(kRunExportVersion);
}

// Where the memory summary ends: it stands in for the turns above in Jarvis's context.
QString memoryNote(const Boundary& boundary) {
    QString md = QStringLiteral("---\n\n*%1*\n\n")
                     .arg(RunExport::tr("Jarvis's memory was compacted here: from now on Jarvis "
                                        "sees a summary of the conversation above instead of its "
                                        "messages. The turns above are exported in full."));
    if (boundary.memory && !boundary.memory->summary.trimmed().isEmpty()) {
        md +=
            QStringLiteral("%1\n\n%2\n\n")
                .arg(
                    RunExport::tr("The summary (written %1):").arg(utc(boundary.memory->createdAt)),
                    blockquote(boundary.memory->summary));
    }
    return md + QStringLiteral("---\n\n");
}

// Every run of the owner, oldest first, read page by page (newest first from the store).
Result<QList<RunRecord>> allRuns(Store& store, qint64 ownerId, int pageSize) {
    pageSize = std::max(1, pageSize);
    QList<RunRecord> runs;
    std::optional<qint64> before;
    for (;;) {
        Result<QList<RunRecord>> page = store.listRuns(ownerId, pageSize, before);
        if (!page)
            return page.error();
        const bool last = page->size() < pageSize;
        if (!page->isEmpty())
            before = page->last().id;
        runs += std::move(page).value();
        if (last)
            break;
    }
    // Ids follow start order; a run on two pages (equal start times) counts once.
    std::sort(runs.begin(), runs.end(),
              [](const RunRecord& a, const RunRecord& b) { return a.id < b.id; });
    runs.erase(std::unique(runs.begin(), runs.end(),
                           [](const RunRecord& a, const RunRecord& b) { return a.id == b.id; }),
               runs.end());
    return runs;
}

}  // namespace

Result<ExportFormat> parseExportFormat(QStringView word) {
    const QString w = word.trimmed().toString().toLower();
    if (w == QLatin1String("markdown"))
        return ExportFormat::Markdown;
    if (const std::optional<ExportFormat> f = parseStatus<ExportFormat>(w))
        return *f;
    return Error{QStringLiteral("invalid_argument"),
                 QStringLiteral("Unknown export format '%1'; use md (or markdown) or json.")
                     .arg(word.toString())};
}

Result<QByteArray> exportRun(Store& store, ArtifactStore& artifacts, qint64 ownerId, qint64 runId,
                             ExportFormat format, const QDateTime& exportedAt) {
    const Result<RunRecord> run = store.run(runId);
    if (!run && run.error().code != QLatin1String("not_found"))
        return run.error();
    if (!run || run->ownerId != ownerId)
        return notFound(runId);
    const Result<Boundary> boundary = boundaryOf(store, run->threadId, false);
    if (!boundary)
        return boundary.error();
    const std::optional<qint64> through = boundary->summarisedThrough;
    const Result<QJsonObject> r =
        runExport(store, artifacts, run.value(), through && run->id <= *through);
    if (!r)
        return r.error();
    if (format == ExportFormat::Json) {
        JsonWriter w = jsonEnvelope("run", exportedAt, ownerId, run->threadId, boundary.value());
        w.run(r.value());
        return w.finish();
    }
    QString md = QStringLiteral("# %1\n\n%2\n\n")
                     .arg(RunExport::tr("Zerg run %1").arg(runId), exportedLine(exportedAt));
    md += runMarkdown(r.value());
    return md.trimmed().toUtf8() + '\n';
}

Result<QByteArray> exportConversation(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                                      ExportFormat format, const QDateTime& exportedAt,
                                      int pageSize) {
    const Result<QList<RunRecord>> runs = allRuns(store, ownerId, pageSize);
    if (!runs)
        return runs.error();
    // The owner's one supervisor thread, found through its newest run (an owner who never asked
    // anything has none, and exporting creates none).
    const qint64 threadId = runs->isEmpty() ? 0 : runs->last().threadId;
    const Result<Boundary> boundary = boundaryOf(store, threadId, true);
    if (!boundary)
        return boundary.error();
    const Boundary& b = boundary.value();
    auto isSummarised = [&b, threadId](const RunRecord& r) {
        return r.threadId == threadId && b.summarisedThrough && r.id <= *b.summarisedThrough;
    };

    if (format == ExportFormat::Json) {
        JsonWriter w = jsonEnvelope("conversation", exportedAt, ownerId, threadId, b);
        for (const RunRecord& run : runs.value()) {
            const Result<QJsonObject> r = runExport(store, artifacts, run, isSummarised(run));
            if (!r)
                return r.error();
            w.run(r.value());
        }
        return w.finish();
    }

    QByteArray out = QStringLiteral("# %1\n\n%2\n\n")
                         .arg(RunExport::tr("Zerg conversation"), exportedLine(exportedAt))
                         .toUtf8();
    if (runs->isEmpty()) {
        out += RunExport::tr("No runs yet.").toUtf8() + '\n';
        return out;
    }
    out += RunExport::tr("Runs: %1, oldest first.").arg(runs->size()).toUtf8() + "\n\n";
    for (qsizetype i = 0; i < runs->size(); ++i) {
        const RunRecord& run = runs->at(i);
        const Result<QJsonObject> r = runExport(store, artifacts, run, isSummarised(run));
        if (!r)
            return r.error();
        out += runMarkdown(r.value()).toUtf8();
        const bool boundaryHere =
            isSummarised(run) && (i + 1 == runs->size() || !isSummarised(runs->at(i + 1)));
        if (boundaryHere)
            out += memoryNote(b).toUtf8();
    }
    while (out.endsWith("\n\n"))
        out.chop(1);
    return out;
}

}  // namespace zerg
