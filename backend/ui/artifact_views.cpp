#include "ui/artifact_views.h"

#include "dashboard/worker_files_source.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace zerg::artifact_views {
namespace {

// The translation context of these texts. Calls say ArtifactViews::tr so that lupdate files them
// under the same context the program looks them up in.
struct ArtifactViews {
    Q_DECLARE_TR_FUNCTIONS(ArtifactViews)
};

const QString kStdoutMarker = QStringLiteral("--- stdout ---\n");
const QString kStderrMarker = QStringLiteral("--- stderr ---\n");
constexpr int kMaxRawLineChars = 2000;

// Index of `marker` where it starts a line at or after `from`, or -1.
qsizetype findLine(const QString& text, const QString& marker, qsizetype from) {
    if (from <= 0 && text.startsWith(marker))
        return 0;
    const qsizetype i = text.indexOf(QLatin1Char('\n') + marker, qMax<qsizetype>(0, from - 1));
    return i < 0 ? -1 : i + 1;
}

// The same, the last such line.
qsizetype findLastLine(const QString& text, const QString& marker, qsizetype from) {
    const qsizetype i = text.lastIndexOf(QLatin1Char('\n') + marker);
    if (i + 1 >= from && i >= 0)
        return i + 1;
    return from <= 0 && text.startsWith(marker) ? 0 : -1;
}

// The writer ends each section with exactly one newline it may have added; drop that one.
QString chopNewline(QString s) {
    if (s.endsWith(QLatin1Char('\n')))
        s.chop(1);
    return s;
}

QString pretty(const QJsonDocument& doc) {
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
}

// A message's content: a string, null, or (Anthropic-style) a list of blocks with "text".
QString contentText(const QJsonValue& content) {
    if (content.isString())
        return content.toString();
    if (content.isArray()) {
        QStringList parts;
        for (const QJsonValue& block : content.toArray()) {
            const QJsonObject b = block.toObject();
            if (b.contains(QStringLiteral("text")))
                parts << b.value(QStringLiteral("text")).toString();
            else
                parts << pretty(QJsonDocument(b));
        }
        return parts.join(QLatin1Char('\n'));
    }
    if (content.isObject())
        return pretty(QJsonDocument(content.toObject()));
    return {};
}

// A tool's result text is usually compact JSON: indent it, else keep it as written.
QString readableResult(const QString& text) {
    const QString trimmed = text.trimmed();
    if (!trimmed.startsWith(QLatin1Char('{')) && !trimmed.startsWith(QLatin1Char('[')))
        return text;
    const PrettyText p = prettyJson(trimmed);
    return p.isJson ? p.text : text;
}

qint64 elapsedFromName(const QString& path) {
    static const QRegularExpression re(QStringLiteral("check_(\\d+)s"));
    const QRegularExpressionMatch m = re.match(path);
    return m.hasMatch() ? m.captured(1).toLongLong() : 0;
}

// Folders before files at each level, then by name: "a/x.txt" < "b.txt", "a/b/c" < "a/a.txt".
bool treeLess(const QStringList& a, const QStringList& b) {
    const qsizetype n = qMin(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        const bool aDir = i < a.size() - 1;
        const bool bDir = i < b.size() - 1;
        if (a.at(i) == b.at(i) && aDir == bDir)
            continue;
        if (aDir != bDir)
            return aDir;
        return a.at(i) < b.at(i);
    }
    return a.size() < b.size();
}

}  // namespace

QString viewKindFor(const QString& relativePath) {
    const QString path = relativePath.toLower();
    if (path == QLatin1String("thread.jsonl"))
        return QStringLiteral("thread");
    if (path == QLatin1String("approvals.jsonl"))
        return QStringLiteral("approvals");
    if (path.startsWith(QLatin1String("tool_calls/")) && path.endsWith(QLatin1String(".txt")))
        return QStringLiteral("toolcall");
    if (WorkerFilesSource::isCheckFile(path))  // the files the source reads with the folder
        return QStringLiteral("check");
    if (path.endsWith(QLatin1String(".json")))
        return QStringLiteral("json");
    return QStringLiteral("text");
}

PrettyText prettyJson(const QByteArray& bytes) {
    PrettyText out;
    if (bytes.trimmed().isEmpty()) {
        out.note = ArtifactViews::tr("The file is empty.");
        return out;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError || doc.isNull()) {
        out.text = QString::fromUtf8(bytes);
        out.note =
            ArtifactViews::tr("This is not valid JSON (%1 at byte %2); showing the text as it is.")
                .arg(err.errorString())
                .arg(err.offset);
        return out;
    }
    out.text = pretty(doc);
    out.isJson = true;
    return out;
}

PrettyText prettyJson(const QString& text) {
    return prettyJson(text.toUtf8());
}

QList<ThreadEntry> parseThread(const QByteArray& jsonl) {
    QList<ThreadEntry> out;
    QHash<QString, QString> toolNames;  // call id -> tool name, for results that omit the name
    const QList<QByteArray> lines = jsonl.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const int lineNo = int(i) + 1;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            ThreadEntry e;
            e.line = lineNo;
            e.kind = QStringLiteral("error");
            e.text =
                err.error != QJsonParseError::NoError
                    ? ArtifactViews::tr("line %1 is not valid JSON (%2); it is shown as written.")
                          .arg(lineNo)
                          .arg(err.errorString())
                    : ArtifactViews::tr(
                          "line %1 is not valid JSON (not an object); it is shown as written.")
                          .arg(lineNo);
            const QString raw = QString::fromUtf8(line);
            e.raw =
                raw.size() > kMaxRawLineChars ? raw.left(kMaxRawLineChars) + QChar(0x2026) : raw;
            out.append(e);
            continue;
        }
        const QJsonObject o = doc.object();
        const QString role = o.value(QStringLiteral("role")).toString();
        const QString text = contentText(o.value(QStringLiteral("content")));
        auto entry = [lineNo](const QString& kind, const QString& entryRole) {
            ThreadEntry e;
            e.line = lineNo;
            e.kind = kind;
            e.role = entryRole;
            return e;
        };
        if (role == QLatin1String("tool")) {
            ThreadEntry e = entry(QStringLiteral("tool_result"), role);
            e.toolCallId = o.value(QStringLiteral("tool_call_id")).toString();
            e.toolName = o.value(QStringLiteral("name")).toString();
            if (e.toolName.isEmpty())
                e.toolName = toolNames.value(e.toolCallId);
            e.text = readableResult(text);
            out.append(e);
            continue;
        }
        const QJsonArray calls = o.value(QStringLiteral("tool_calls")).toArray();
        if (!text.isEmpty() || calls.isEmpty()) {
            ThreadEntry e =
                entry(QStringLiteral("message"), role.isEmpty() ? QStringLiteral("?") : role);
            e.text = text;
            out.append(e);
        }
        for (const QJsonValue& v : calls) {
            const QJsonObject call = v.toObject();
            const QJsonObject function = call.value(QStringLiteral("function")).toObject();
            ThreadEntry e = entry(QStringLiteral("tool_call"), role);
            e.toolCallId = call.value(QStringLiteral("id")).toString();
            e.toolName = function.value(QStringLiteral("name")).toString();
            const QJsonValue args = function.value(QStringLiteral("arguments"));
            if (args.isObject()) {
                e.toolArgs = pretty(QJsonDocument(args.toObject()));
            } else {
                // The model's raw text, which may not be JSON (the agent loop reported that).
                const PrettyText p = prettyJson(args.toString());
                e.toolArgs = p.isJson ? p.text : args.toString();
                if (!p.isJson && !args.toString().trimmed().isEmpty())
                    e.text = ArtifactViews::tr("The arguments are not valid JSON.");
            }
            toolNames.insert(e.toolCallId, e.toolName);
            out.append(e);
        }
    }
    return out;
}

ApprovalsAudit parseApprovals(const QByteArray& jsonl) {
    ApprovalsAudit out;
    QHash<qint64, qsizetype> rowOf;  // approval id -> index in out.rows
    const auto time = [](const QJsonObject& o, const QString& key) {
        return QDateTime::fromString(o.value(key).toString(), Qt::ISODateWithMs);
    };
    for (const QByteArray& raw : jsonl.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        const QJsonObject o = doc.object();
        const qint64 id = o.value(QStringLiteral("approval_id")).toInteger();
        const std::optional<ApprovalStatus> status =
            parseStatus<ApprovalStatus>(o.value(QStringLiteral("status")).toString());
        if (err.error != QJsonParseError::NoError || !doc.isObject() || id <= 0 || !status) {
            ++out.unreadableLines;
            continue;
        }
        auto it = rowOf.constFind(id);
        if (it == rowOf.cend()) {
            it = rowOf.insert(id, out.rows.size());
            ApprovalRow row;
            row.approvalId = id;
            out.rows.append(row);
        }
        ApprovalRow& row = out.rows[*it];
        // What was asked: the first line that says it (every line repeats the whole record).
        const auto keep = [](QString& field, const QJsonValue& value) {
            if (field.isEmpty())
                field = value.toString();
        };
        keep(row.tool, o.value(QStringLiteral("tool")));
        keep(row.target, o.value(QStringLiteral("target")));
        keep(row.action, o.value(QStringLiteral("action")));
        keep(row.why,
             o.value(QStringLiteral("classification")).toObject().value(QStringLiteral("why")));
        keep(row.statedReason, o.value(QStringLiteral("stated_reason")));
        if (!row.requestedAt.isValid())
            row.requestedAt = time(o, QStringLiteral("requested_at"));
        // Where it stands: the newest line.
        row.status = *status;
        row.decidedAt = time(o, QStringLiteral("decided_at"));
        row.decidedBy = o.value(QStringLiteral("decided_by")).toString();
        row.device = o.value(QStringLiteral("device")).toString();
        row.message = o.value(QStringLiteral("message")).toString();
        row.ruleId = o.value(QStringLiteral("rule_id")).toInteger();
    }
    return out;
}

ToolCallView parseToolCall(const QByteArray& bytes) {
    ToolCallView v;
    const QString text = QString::fromUtf8(bytes);
    const qsizetype stdoutAt = findLine(text, kStdoutMarker, 0);
    // stdout comes first; a "--- stderr ---" line inside stdout would be taken for the marker
    // only if it were the last one, so the last marker is the writer's.
    const qsizetype stderrAt =
        findLastLine(text, kStderrMarker, stdoutAt >= 0 ? stdoutAt + kStdoutMarker.size() : 0);
    qsizetype headerEnd = text.size();
    if (stdoutAt >= 0)
        headerEnd = stdoutAt;
    else if (stderrAt >= 0)
        headerEnd = stderrAt;

    QStringList other;
    bool recognized = false;
    const QStringList header = text.left(headerEnd).split(QLatin1Char('\n'));
    for (const QString& line : header) {
        if (line.trimmed().isEmpty())
            continue;
        const qsizetype colon = line.indexOf(QLatin1String(": "));
        const QString key = colon > 0 ? line.left(colon) : QString();
        const QString value = colon > 0 ? line.mid(colon + 2) : QString();
        if (key == QLatin1String("tool")) {
            v.tool = value;
        } else if (key == QLatin1String("call_id")) {
            v.callId = value;
        } else if (key == QLatin1String("finished_at")) {
            v.finishedAt = value;
        } else if (key == QLatin1String("duration_ms")) {
            bool ok = false;
            const qint64 ms = value.toLongLong(&ok);
            if (ok)
                v.durationMs = ms;
        } else if (key == QLatin1String("exit_code")) {
            bool ok = false;
            const int code = value.toInt(&ok);
            if (ok)
                v.exitCode = code;
        } else if (key == QLatin1String("arguments")) {
            const PrettyText p = prettyJson(value);
            v.arguments = p.isJson ? p.text : value;
        } else if (key == QLatin1String("result")) {
            const QJsonDocument doc = QJsonDocument::fromJson(value.toUtf8());
            if (doc.isObject()) {
                const QJsonObject r = doc.object();
                v.result = pretty(doc);
                const QJsonValue code = r.value(QStringLiteral("exit_code"));
                if (code.isDouble())
                    v.exitCode = code.toInt();
                v.error = r.value(QStringLiteral("error")).toString();
            } else {
                v.result = value;
            }
        } else {
            other << line;
            continue;
        }
        recognized = true;
    }
    if (!recognized && stdoutAt < 0 && stderrAt < 0) {
        v.other = text;  // not a tool call file at all: show everything
        return v;
    }
    if (stdoutAt >= 0) {
        v.hasStdout = true;
        const qsizetype from = stdoutAt + kStdoutMarker.size();
        // The writer puts a blank line before the stderr marker: the '\n' before it is not output.
        const qsizetype to = stderrAt >= 0 ? stderrAt - 1 : text.size();
        v.stdoutText = chopNewline(text.mid(from, qMax<qsizetype>(0, to - from)));
    }
    if (stderrAt >= 0) {
        v.hasStderr = true;
        v.stderrText = chopNewline(text.mid(stderrAt + kStderrMarker.size()));
    }
    v.other = other.join(QLatin1Char('\n'));
    return v;
}

CheckRow parseCheck(const QString& path, const QByteArray& bytes) {
    CheckRow row;
    row.path = path;
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        row.elapsedSeconds = elapsedFromName(path);
        row.decision = QStringLiteral("?");
        row.reason =
            ArtifactViews::tr("This check file is not valid JSON; open it to see what it holds.");
        return row;
    }
    const QJsonObject o = doc.object();
    const QJsonValue elapsed = o.value(QStringLiteral("elapsed_seconds"));
    row.elapsedSeconds = elapsed.isDouble() ? elapsed.toInteger() : elapsedFromName(path);
    row.check = o.value(QStringLiteral("check")).toInt();
    row.status = o.value(QStringLiteral("status")).toString();
    const QJsonValue decision = o.value(QStringLiteral("decision"));
    if (decision.isObject()) {
        const QJsonObject d = decision.toObject();
        row.decision = d.value(QStringLiteral("action")).toString();
        row.source = d.value(QStringLiteral("source")).toString();
        row.raw = d.value(QStringLiteral("raw")).toString();
        row.reason = d.value(QStringLiteral("argument")).toString();
        if (row.reason.isEmpty())
            row.reason = d.value(QStringLiteral("note")).toString();
    } else {
        row.decision = decision.toString();
        row.reason = o.value(QStringLiteral("reason")).toString();
        row.source = o.value(QStringLiteral("source")).toString();
    }
    if (row.decision.isEmpty())
        row.decision = QStringLiteral("?");
    return row;
}

QList<CheckRow> parseChecks(const QList<QPair<QString, QByteArray>>& files) {
    QList<CheckRow> rows;
    rows.reserve(files.size());
    for (const auto& [path, bytes] : files)
        rows.append(parseCheck(path, bytes));
    sortChecks(rows);
    return rows;
}

void sortChecks(QList<CheckRow>& rows) {
    std::stable_sort(rows.begin(), rows.end(), [](const CheckRow& a, const CheckRow& b) {
        if (a.elapsedSeconds != b.elapsedSeconds)
            return a.elapsedSeconds < b.elapsedSeconds;
        if (a.check != b.check)
            return a.check < b.check;
        return a.path < b.path;
    });
}

QList<FileTreeRow> buildFileTree(const QList<QPair<QString, qint64>>& files) {
    struct Item {
        QStringList parts;
        qint64 size;
    };
    QList<Item> items;
    QHash<QString, qint64> filesBelow;  // folder path -> number of files under it
    for (const auto& [path, size] : files) {
        const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (parts.isEmpty())
            continue;
        items.append({parts, size});
        for (qsizetype i = 1; i < parts.size(); ++i)
            ++filesBelow[parts.mid(0, i).join(QLatin1Char('/'))];
    }
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return treeLess(a.parts, b.parts); });

    QList<FileTreeRow> rows;
    QStringList openDirs;  // the folders of the previous file
    for (const Item& item : items) {
        const QStringList dirs = item.parts.mid(0, item.parts.size() - 1);
        qsizetype common = 0;
        while (common < dirs.size() && common < openDirs.size() &&
               dirs.at(common) == openDirs.at(common)) {
            ++common;
        }
        for (qsizetype d = common; d < dirs.size(); ++d) {
            FileTreeRow dir;
            dir.path = dirs.mid(0, d + 1).join(QLatin1Char('/'));
            dir.name = dirs.at(d);
            dir.depth = int(d);
            dir.isDir = true;
            dir.size = filesBelow.value(dir.path);
            dir.sizeText = ArtifactViews::tr("%n file(s)", "", int(dir.size));
            rows.append(dir);
        }
        openDirs = dirs;
        FileTreeRow file;
        file.path = item.parts.join(QLatin1Char('/'));
        file.name = item.parts.last();
        file.depth = int(dirs.size());
        file.size = item.size;
        file.sizeText = formatSize(item.size);
        rows.append(file);
    }
    return rows;
}

QString formatSize(qint64 bytes) {
    const QLocale locale;
    if (bytes < 1024)
        return ArtifactViews::tr("%1 B").arg(locale.toString(bytes));
    if (bytes < 1024 * 1024)
        return ArtifactViews::tr("%1 KiB").arg(locale.toString(double(bytes) / 1024.0, 'f', 1));
    return ArtifactViews::tr("%1 MiB").arg(
        locale.toString(double(bytes) / (1024.0 * 1024.0), 'f', 1));
}

}  // namespace zerg::artifact_views
