#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

class Database;

struct ThreadRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    QString type;  // "supervisor"
    QString title;
    QDateTime createdAt;
};

struct RunRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 threadId = 0;
    QString task;
    RunStatus status = RunStatus::Running;
    QString result;  // empty unless set by finishRun
    QString error;
    QDateTime startedAt;
    QDateTime finishedAt;   // invalid while running
    qint64 durationMs = 0;  // 0 while running
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QString mode = QStringLiteral("supervisor");  // quick, supervisor, background
    QString errorCode;  // the failure's code (llm_server, max_iterations, cancelled, ...); or empty
    int attempts = 1;   // attempts of the supervisor agent: restarts after a failure + 1
    QString fallback;   // "apology" (RunFallback) when Jarvis answered after a failure; or empty
};

// What finishRun records beside the status and the texts.
struct RunOutcome {
    int attempts = 1;   // >= 1
    QString errorCode;  // empty: none
    QString fallback;   // a RunFallback word, only on a failed run; empty: none
};

struct WorkerJobRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 runId = 0;  // 0 when the job is not part of a supervisor run
    QString task;
    QString model;
    JobStatus status = JobStatus::Queued;
    QString workerId;  // empty until markJobStarted
    QString error;
    QDateTime createdAt;
    QDateTime startedAt;    // invalid until started
    QDateTime finishedAt;   // invalid until finished
    qint64 durationMs = 0;  // running time; 0 until finished (and for jobs that never started)
};

// One model call, for usage and cost (table llm_calls). Token counts follow the normalized
// accounting of llm/chat_types.h (Usage): promptTokens includes cachedTokens (cache reads) and
// cacheWriteTokens; reasoningTokens is part of completionTokens. Storage only keeps the numbers.
struct LlmCallRecord {
    qint64 id = 0;  // assigned by recordLlmCall
    qint64 ownerId = 0;
    qint64 runId = 0;  // 0 when the call is not part of a run
    qint64 jobId = 0;  // 0 when the call is not made by a worker job
    QString role;      // "supervisor", "worker", "decider", "summary"
    QString agent;     // e.g. "supervisor" or a worker id
    QString provider;  // the provider's kind(), e.g. "openai", "anthropic"
    QString model;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 cachedTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 reasoningTokens = 0;
    std::optional<double> costUsd;  // nullopt: the price is unknown (not the same as free)
    qint64 durationMs = 0;
    QString status;       // "ok" or the call's error code
    QDateTime createdAt;  // when the call finished
};

// Sums over a set of llm_calls rows.
struct UsageTotals {
    qint64 calls = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 cachedTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 reasoningTokens = 0;
    // The total in USD; nullopt when ANY call's cost is unknown (a partial sum would understate
    // what was spent). 0.0 when there were no calls.
    std::optional<double> costUsd;
    qint64 unknownCostCalls = 0;
    double knownCostUsd = 0.0;  // the sum over the calls whose price is known
};

// One core fact the supervisor keeps about an owner's world (table agent_state), e.g.
// key "cube", value "the backup server".
struct FactRecord {
    QString key;
    QString value;
    QDateTime createdAt;
    QDateTime updatedAt;
};

// A compacted summary of a thread's older messages: it stands in for messages 1..upToSeq.
struct ThreadMemory {
    qint64 id = 0;
    qint64 threadId = 0;
    qint64 upToSeq = 0;
    QString summary;
    QDateTime createdAt;
};

// A message with its sequence number in the thread.
struct StoredMessage {
    qint64 seq = 0;
    QJsonObject body;
    QDateTime createdAt;
    qint64 runId = 0;  // 0: not part of a run
};

// How a search snippet marks the words that matched (RunSearchHit::snippet): kSearchMatchStart
// before each match and kSearchMatchEnd after it. Characters of Unicode's private use area,
// removed from the searched text itself, so that every one in a snippet is a marker.
inline constexpr char16_t kSearchMatchStart = u'\uE000';
inline constexpr char16_t kSearchMatchEnd = u'\uE001';

// One run found by Store::searchRuns: the run and where its best match is.
struct RunSearchHit {
    RunRecord run;
    qint64 messageSeq = 0;  // the run's message that matched best (its seq in the thread)
    QString role;           // that message's role: "user" (the question) or "assistant"
    // About 20 words of that message around the matches, each match between kSearchMatchStart
    // and kSearchMatchEnd, "…" where the message goes on; plain text, not escaped.
    QString snippet;
};

// The model calls of one UTC hour, one model and one role, added up (the dashboard's costs).
struct UsageBucket {
    QDateTime hour;  // UTC, the start of the hour
    QString model;
    QString role;  // supervisor, worker, decider, summary
    UsageTotals totals;
};

// Repositories over the Database: owners, the supervisor thread, its messages and compacted
// memory, runs, worker jobs, model calls and the owner's core facts. Knows nothing of agents: a
// message is an opaque JSON object. Every timestamp is a parameter (the caller passes
// Clock::utcNow()); the store never reads the system clock. Reads that take an owner return only
// that owner's rows. Not-found errors have code "not_found"; lifecycle violations (finishing
// twice) "invalid_state"; bad arguments "invalid_argument"; SQL failures "db". Ids <= 0
// mean "none" wherever an id is optional.
class Store {
public:
    explicit Store(Database* db);  // not owned; must outlive the Store

    // Creates the owner row if missing. Called implicitly by the create* functions below.
    [[nodiscard]] Status ensureOwner(qint64 ownerId, const QString& name, const QDateTime& now);

    // The owner's one long-lived supervisor thread: the same id every time, also after reopening
    // the file. Creates the owner and the thread on first use.
    [[nodiscard]] Result<ThreadRecord> findOrCreateSupervisorThread(qint64 ownerId,
                                                                    const QString& title,
                                                                    const QDateTime& now);

    // Appends one message to a thread; returns its sequence number (1, 2, ... per thread).
    [[nodiscard]] Result<qint64> appendMessage(qint64 threadId, std::optional<qint64> runId,
                                               const QJsonObject& body, const QDateTime& now);
    // All messages of the thread in append order.
    [[nodiscard]] Result<QList<QJsonObject>> loadMessages(qint64 threadId);
    // The messages with seq > afterSeq, in append order (what a memory summary does not cover).
    [[nodiscard]] Result<QList<StoredMessage>> loadMessagesAfter(qint64 threadId, qint64 afterSeq);
    // The messages of one run of the thread, in order.
    [[nodiscard]] Result<QList<StoredMessage>> loadMessagesForRun(qint64 threadId, qint64 runId);

    // Records a compacted summary of the thread's messages 1..upToSeq. Older summaries stay
    // (history); the newest one applies.
    [[nodiscard]] Status saveMemory(qint64 threadId, qint64 upToSeq, const QString& summary,
                                    const QDateTime& now);
    // The newest summary of the thread; nullopt when it was never compacted.
    [[nodiscard]] Result<std::optional<ThreadMemory>> latestMemory(qint64 threadId);

    // A new run in status "running" and the given mode (isRunMode); returns its id.
    [[nodiscard]] Result<qint64> createRun(qint64 ownerId, qint64 threadId, const QString& task,
                                           const QDateTime& now,
                                           const QString& mode = QStringLiteral("supervisor"));
    // Changes a run's mode, e.g. quick -> supervisor when a quick answer needs the agent.
    [[nodiscard]] Status setRunMode(qint64 runId, const QString& mode);
    // Ends a running run with a terminal status; duration from started_at.
    // A failed run with a fallback keeps both: result is the fallback's answer (the apology),
    // error the failure behind it.
    [[nodiscard]] Status finishRun(qint64 runId, RunStatus status, const QString& result,
                                   const QString& error, const QDateTime& now,
                                   qint64 promptTokens = 0, qint64 completionTokens = 0,
                                   const RunOutcome& outcome = {});
    // The supervisor agent's attempts of a running run so far (a restart after a failure).
    [[nodiscard]] Status setRunAttempts(qint64 runId, int attempts);
    // Records, before it starts, a call that may change a system: `what` ("ssh_exec web1:
    // systemctl restart nginx") becomes the first change of the run and of its worker job
    // (jobId 0: the supervisor's own call) unless they have one. The work of an instance that
    // died is taken over only while its run has none (docs/server.md). A call whose change
    // cannot be recorded must not run.
    [[nodiscard]] Status recordChange(qint64 runId, qint64 jobId, const QString& what);
    // The run's first change (recordChange), empty when nothing may have changed a system.
    [[nodiscard]] Result<QString> firstChange(qint64 runId);
    [[nodiscard]] Result<RunRecord> run(qint64 runId);
    // Newest first. With beforeRunId, only the runs started before it (ids follow start order):
    // a long history read page by page.
    [[nodiscard]] Result<QList<RunRecord>> listRuns(
        qint64 ownerId, int limit, std::optional<qint64> beforeRunId = std::nullopt);
    // Full-text search of the owner's conversation: the runs whose question or answers (the
    // text of user and assistant messages; tool results are not searched) hold every word of
    // `query`, the best match first, then the newest; at most limit runs (>= 1). Words are
    // matched whole, ignoring case and accents (SQLite; PostgreSQL folds case only), except the
    // last, which also matches as the start of a word ("ngi" finds "nginx"): the search can run
    // as the user types. Words are what lies between spaces and punctuation, so "web-01" finds
    // the words web and 01 next to each other (in "web-01.example.com" too). The query is never
    // passed on as search syntax: quotes, operators (AND, OR, NOT, NEAR, *, -) and JSON are
    // words or separators. An empty or blank query, more than kMaxSearchWords words or more
    // than kMaxSearchChars characters are "invalid_argument"; a query of punctuation only finds
    // nothing (no error). Other owners' runs are never found.
    [[nodiscard]] Result<QList<RunSearchHit>> searchRuns(qint64 ownerId, const QString& query,
                                                         int limit);
    static constexpr int kMaxSearchWords = 32;
    static constexpr int kMaxSearchChars = 500;

    // The newest run with messages that the thread's newest memory summary stands in for (where
    // the chat's "earlier conversation summarised" goes); nullopt when the thread was never
    // compacted or the summary covers no run.
    [[nodiscard]] Result<std::optional<qint64>> lastSummarisedRun(qint64 threadId);

    // A new job in status "queued"; returns its id.
    [[nodiscard]] Result<qint64> createJob(qint64 ownerId, std::optional<qint64> runId,
                                           const QString& task, const QString& model,
                                           const QDateTime& now);
    // queued (or running, for a restarted worker) -> running, recording the worker id.
    [[nodiscard]] Status markJobStarted(qint64 jobId, const QString& workerId,
                                        const QDateTime& now);
    // queued/running -> a terminal status; duration from started_at.
    [[nodiscard]] Status finishJob(qint64 jobId, JobStatus status, const QString& error,
                                   const QDateTime& now);
    [[nodiscard]] Result<WorkerJobRecord> job(qint64 jobId);
    // Newest first, optionally only one status.
    [[nodiscard]] Result<QList<WorkerJobRecord>> listJobs(
        qint64 ownerId, int limit, std::optional<JobStatus> statusFilter = std::nullopt);
    [[nodiscard]] Result<WorkerJobRecord> findJobByWorkerId(qint64 ownerId,
                                                            const QString& workerId);
    // The owner's jobs of one run, oldest first (empty for another owner's run).
    [[nodiscard]] Result<QList<WorkerJobRecord>> listJobsForRun(qint64 ownerId, qint64 runId);
    // The owner's jobs created at or after `since`, newest first, at most limit: the recent
    // worker history the supervisor sees before it answers.
    [[nodiscard]] Result<QList<WorkerJobRecord>> listJobsSince(qint64 ownerId,
                                                               const QDateTime& since, int limit);

    // Core facts (agent_state). setFact inserts or replaces the value of key (creating the
    // owner row if missing); an empty key is "invalid_argument".
    [[nodiscard]] Status setFact(qint64 ownerId, const QString& key, const QString& value,
                                 const QDateTime& now);
    // True when a fact was deleted, false when the owner had none under that key.
    [[nodiscard]] Result<bool> deleteFact(qint64 ownerId, const QString& key);
    // Most recently updated first.
    [[nodiscard]] Result<QList<FactRecord>> listFacts(qint64 ownerId);

    // Records one model call; returns its id. Creates the owner row if missing. runId/jobId
    // <= 0 mean none; a run or job that does not exist is an error (foreign key).
    [[nodiscard]] Result<qint64> recordLlmCall(const LlmCallRecord& call);
    // Totals of the calls made for one run.
    [[nodiscard]] Result<UsageTotals> usageForRun(qint64 runId);
    // Totals of the owner's calls made at or after `since` (an invalid `since`: all of them).
    [[nodiscard]] Result<UsageTotals> usageForOwner(qint64 ownerId, const QDateTime& since);
    // Totals per worker job of the owner's calls made by jobs with an id of at least fromJobId.
    [[nodiscard]] Result<QHash<qint64, UsageTotals>> usageByJob(qint64 ownerId, qint64 fromJobId);
    // The owner's calls made at or after `since`, added up per UTC hour, model and role, oldest
    // first (an invalid `since`: all of them).
    [[nodiscard]] Result<QList<UsageBucket>> usageByHour(qint64 ownerId, const QDateTime& since);
    // The owner's calls, newest first, optionally only those of one run.
    [[nodiscard]] Result<QList<LlmCallRecord>> listLlmCalls(
        qint64 ownerId, int limit, std::optional<qint64> runId = std::nullopt);

    // quick, supervisor, background.
    [[nodiscard]] static bool isRunMode(const QString& mode);

private:
    // This process's instance as the holder of the runs and jobs it starts (NULL when none).
    [[nodiscard]] QVariant holder() const;

    Database* m_db;

public:
    // For rebuilding the index from the worker folders (storage/index_rebuild.h): they write a
    // job's whole outcome at once, bypassing the queued -> running -> final order, which only
    // the on-disk record may do. Inserts a job as given (job.id is ignored; runId <= 0: none;
    // the owner must exist) and returns the new id.
    [[nodiscard]] Result<qint64> insertJobFromArtifacts(const WorkerJobRecord& job);
    // Sets status, error, started_at, finished_at and duration_ms of job `job.id`.
    [[nodiscard]] Status updateJobFromArtifacts(const WorkerJobRecord& job);
};

}  // namespace zerg
