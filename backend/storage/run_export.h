#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QByteArray>
#include <QDateTime>
#include <QStringView>

#include <array>
#include <utility>

// Exporting what Jarvis did (issue 24): one run, or the owner's whole conversation (every run of
// the long-lived supervisor thread, oldest first), as Markdown for people or as JSON for tools,
// with the workers' results and links to their folders. `zerg runs export` and the window call
// these; the text comes back as UTF-8 bytes, ready to be written to a file.
//
// The JSON shape (docs/supervisor.md, "Exporting runs"), stable within a version:
//   {format: "zerg.run-export", version: 1,
//    scope: "run" | "conversation",
//    exported_at (ISO-8601 UTC), owner_id,
//    thread_id (null: a conversation without runs),
//    summarised_through_run_id (the newest run Jarvis's memory summary stands in for, or null),
//    memory (conversation: {up_to_seq, summary, created_at} of the thread's newest summary, or
//            null; run: always null),
//    runs: [run, ...] (oldest first; one run for scope "run")}
//   run: the fields of runSummary (run_details.h: run_id, thread_id, status, mode, task,
//        started_at, completed_at, duration_ms, result, error, error_code, attempts, fallback,
//        tokens_used, usage, cost_usd) plus
//        summarised (the memory summary stands in for this run),
//        workers: [the fields of workerRow (job_id, worker_id, run_id, task, status, model,
//                  created_at, duration_ms, error, summary) plus result (result.txt, "" when
//                  none), folder (the worker folder's absolute path) and folder_url (its file://
//                  URL); folder and folder_url are null when the job started no worker or its
//                  folder is gone], oldest first,
//        messages: [{seq, created_at, body}] the run's messages in the thread as stored (the
//                  question, the supervisor's tool calls and their results, the answer); the
//                  arguments of tool calls pass through redactedArguments (core/redact.h).
// New fields may be added within version 1; a field changes meaning or goes only with a new
// version. Key order is not significant.
//
// The Markdown: a heading per run with its question, its answer verbatim (Jarvis answers in
// Markdown), or its error or stop, its status, path (mode), times, duration, tokens and cost,
// each worker as a sub-section with its task, status, summary, result (a blockquote) and a link
// to its folder, and the tool calls one line each (tool name and the first line of the
// arguments or of the result). In a conversation, a note where Jarvis's memory was compacted.
// Its labels are translated (context RunExport); numbers follow the default QLocale; times are
// UTC.
//
// Owner-checked like runDetails: another owner's run is "not_found" with the same message as a
// run that does not exist. Store errors come back as they are.
namespace zerg {

class ArtifactStore;
class Store;

enum class ExportFormat { Markdown, Json };

// The words of the formats, also the file suffixes: md, json.
template <>
struct StatusTable<ExportFormat> {
    static constexpr std::array<std::pair<ExportFormat, const char*>, 2> names{{
        {ExportFormat::Markdown, "md"},
        {ExportFormat::Json, "json"},
    }};
};

// The format a user named: "md" or "markdown", "json" (any case, surrounding spaces ignored).
// Anything else is "invalid_argument" with a message naming the accepted words.
[[nodiscard]] Result<ExportFormat> parseExportFormat(QStringView word);

// The JSON export's "format" and "version".
inline constexpr char kRunExportFormat[] = "zerg.run-export";
inline constexpr int kRunExportVersion = 1;

// How many runs exportConversation reads from the store at a time.
inline constexpr int kExportPageSize = 100;

// One run of the owner. exportedAt is the caller's clock (the store never reads one).
[[nodiscard]] Result<QByteArray> exportRun(Store& store, ArtifactStore& artifacts, qint64 ownerId,
                                           qint64 runId, ExportFormat format,
                                           const QDateTime& exportedAt);

// Every run of the owner, oldest first, read from the store pageSize runs at a time (each run's
// workers and messages as it is written). An owner without runs gets an export without runs.
[[nodiscard]] Result<QByteArray> exportConversation(Store& store, ArtifactStore& artifacts,
                                                    qint64 ownerId, ExportFormat format,
                                                    const QDateTime& exportedAt,
                                                    int pageSize = kExportPageSize);

}  // namespace zerg
