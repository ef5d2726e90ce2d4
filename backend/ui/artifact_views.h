#pragma once

#include "storage/approval_store.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace zerg::artifact_views {

// Pure functions that turn the bytes of a worker's files (storage/artifact_store.h) into what the
// dashboard's Worker detail page shows. No QObject, no I/O: they run on a worker thread and are
// unit-tested on bytes. User-visible notes are translated in the "ArtifactViews" context.

// Shown at most of one file; more is cut and the page says so.
inline constexpr qint64 kMaxShownBytes = 512 * 1024;

// "json", "thread", "approvals", "toolcall", "check" or "text": how the page renders a
// worker-relative path.
[[nodiscard]] QString viewKindFor(const QString& relativePath);

// Indented JSON; when the bytes are not JSON, the raw text and a note saying why.
struct PrettyText {
    QString text;
    QString note;  // empty when the bytes were valid JSON
    bool isJson = false;
};
[[nodiscard]] PrettyText prettyJson(const QByteArray& bytes);
// The same for a string (a model's tool arguments, a tool's result text).
[[nodiscard]] PrettyText prettyJson(const QString& text);

// One readable entry of thread.jsonl. An assistant message becomes its text (if any) followed by
// one "tool_call" entry per call; a tool message becomes a "tool_result"; a line that is not a
// JSON object becomes an "error" entry (never silently dropped).
struct ThreadEntry {
    int line = 0;      // 1-based line of thread.jsonl
    QString kind;      // "message", "tool_call", "tool_result", "error"
    QString role;      // system, user, assistant, tool ("" for error)
    QString text;      // message text, tool result (pretty when JSON) or the error note
    QString toolName;  // tool_call, tool_result
    QString toolArgs;  // tool_call: the arguments, indented when valid JSON
    QString toolCallId;
    QString raw;  // error: the offending line (cut at 2000 characters)

    bool operator==(const ThreadEntry&) const = default;
};
[[nodiscard]] QList<ThreadEntry> parseThread(const QByteArray& jsonl);

// One approval request of approvals.jsonl (workers/approvals.cpp writes a line when it is asked
// and one when it is answered, expired or withdrawn, each the whole record): what was asked from
// its first line, where it stands from its newest line.
struct ApprovalRow {
    qint64 approvalId = 0;
    // The request (its first line):
    QString tool;
    QString target;
    QString action;
    QString why;           // classification.why: why the call may change the system
    QString statedReason;  // what the worker said with the call; may be empty
    QDateTime requestedAt;
    // Where it stands (its newest line):
    ApprovalStatus status = ApprovalStatus::Pending;
    QDateTime decidedAt;  // invalid while pending
    QString decidedBy;    // "user", "expiry", "system"
    QString device;       // "desktop", "api:<device>", "cli"
    QString message;      // the person's message to the worker, or why it expired/was withdrawn
    qint64 ruleId = 0;    // the "always allow" rule the answer created; 0: none

    bool operator==(const ApprovalRow&) const = default;
};
struct ApprovalsAudit {
    QList<ApprovalRow> rows;  // one per approval id, in the order they were requested
    // Lines left out: not a JSON object, no approval_id, or a status word not known.
    int unreadableLines = 0;
};
[[nodiscard]] ApprovalsAudit parseApprovals(const QByteArray& jsonl);

// One tool_calls/NNN_<tool>.txt as written by the worker: a header (tool, call_id, finished_at,
// duration_ms, arguments, result) then "--- stdout ---" and "--- stderr ---" sections.
struct ToolCallView {
    QString tool;
    QString callId;
    QString finishedAt;
    QString arguments;  // indented JSON
    QString result;     // the result fields besides stdout/stderr, indented JSON
    QString error;      // the result's "error", if any
    std::optional<int> exitCode;
    std::optional<qint64> durationMs;
    bool hasStdout = false;
    bool hasStderr = false;
    QString stdoutText;
    QString stderrText;
    QString other;  // lines that fit no part of the format (all of it for a foreign file)
};
[[nodiscard]] ToolCallView parseToolCall(const QByteArray& bytes);

// One roundabout check (monitoring/check_NNNs.json): what the decider decided and why.
struct CheckRow {
    qint64 elapsedSeconds = 0;
    int check = 0;     // the roundabout's check number (0 when unknown)
    QString decision;  // wait, exit, cancel, peek, message ("?" for an unreadable file)
    QString reason;    // the decision's argument, else its note
    QString source;    // llm, heuristic, default, unchanged, hard_timeout
    QString raw;       // the decider model's answer as received
    QString status;    // the worker's status the check saw
    QString path;

    bool operator==(const CheckRow&) const = default;
};
// Sorted by elapsed time, then check number, then path.
[[nodiscard]] QList<CheckRow> parseChecks(const QList<QPair<QString, QByteArray>>& files);
[[nodiscard]] CheckRow parseCheck(const QString& path, const QByteArray& bytes);
// The timeline order parseChecks uses, for merging rows read at different times.
void sortChecks(QList<CheckRow>& rows);

// The worker's folder as an indented tree: at each level folders first, then files, by name.
struct FileTreeRow {
    QString path;  // relative; a folder's own path for folder rows
    QString name;
    int depth = 0;
    bool isDir = false;
    qint64 size = 0;  // bytes (files); number of files below (folders)
    QString sizeText;

    bool operator==(const FileTreeRow&) const = default;
};
[[nodiscard]] QList<FileTreeRow> buildFileTree(const QList<QPair<QString, qint64>>& files);

// "512 B", "1.5 KiB", "3.2 MiB".
[[nodiscard]] QString formatSize(qint64 bytes);

}  // namespace zerg::artifact_views
