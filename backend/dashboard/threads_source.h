#pragma once

#include "dashboard/reply.h"
#include "storage/run_export.h"
#include "storage/store.h"

#include <QJsonObject>
#include <QList>

#include <optional>

class QObject;

namespace zerg {

class ArtifactStore;
class Clock;

// One run as the Threads page shows it when selected: the record, its model calls added up and
// the worker jobs it spawned, oldest first.
struct RunDetail {
    RunRecord run;
    UsageTotals usage;
    QList<WorkerJobRecord> workers;
};

// The figures of a run's row in the Threads list that cost extra queries, loaded only for the
// rows a view shows.
struct RunTotals {
    qint64 runId = 0;
    UsageTotals usage;
    int workerCount = 0;
};

// Where the Threads page reads from: StoreThreadsSource here, RemoteThreadsSource (api/) over the
// server's thread_* commands. Every read is of the owner's runs only: another owner's run answers
// not_found, exactly as a run that does not exist.
class ThreadsSource {
public:
    static constexpr int kMaxRuns = 200;        // the largest limit of runs()
    static constexpr int kMaxTotalsRuns = 50;   // the most run ids runTotals() takes at once
    static constexpr int kMaxSearchHits = 100;  // the largest limit of search()

    virtual ~ThreadsSource() = default;
    // The owner's newest runs (all of its one supervisor thread), newest first; limit 1..kMaxRuns.
    virtual void runs(int limit, QObject* context, SourceReply<QList<RunRecord>> done) = 0;
    virtual void run(qint64 runId, QObject* context, SourceReply<RunDetail> done) = 0;
    // The totals of the runs in runIds (1..kMaxTotalsRuns of them) that are the owner's, in the
    // order asked; the others are left out. A list row asks for a screenful at once: one query
    // per row would be one server command per row in remote mode.
    virtual void runTotals(const QList<qint64>& runIds, QObject* context,
                           SourceReply<QList<RunTotals>> done) = 0;
    // The run's messages with a seq above afterSeq, in order. The run's thread is found from the
    // run, so a caller never needs the server's thread id.
    virtual void messages(qint64 runId, qint64 afterSeq, QObject* context,
                          SourceReply<QList<StoredMessage>> done) = 0;
    // The newest compacted memory of the owner's supervisor thread; nullopt when it was never
    // compacted or the owner has no runs yet (the thread is never created here).
    virtual void memory(QObject* context, SourceReply<std::optional<ThreadMemory>> done) = 0;
    // The owner's run runId as a document (storage/run_export.h), or the whole conversation
    // when runId is 0: Markdown or JSON, UTF-8, with the workers' results and folders. Errors:
    // not_found (not the owner's run), unavailable (this source cannot export).
    virtual void exportRuns(qint64 runId, ExportFormat format, QObject* context,
                            SourceReply<QByteArray> done) = 0;
    // Full-text search of the owner's conversation (Store::searchRuns): the runs whose question
    // or answers hold every word of query (the last word also as a prefix), best match first,
    // then the newest; limit 1..kMaxSearchHits. A blank query is invalid_argument; one of
    // punctuation only finds nothing.
    virtual void search(const QString& query, int limit, QObject* context,
                        SourceReply<QList<RunSearchHit>> done) = 0;
};

// Over the local Store, answering at once.
class StoreThreadsSource final : public ThreadsSource {
public:
    // artifacts and clock: for exportRuns (the workers' folders, the export's time); null: it
    // answers unavailable.
    StoreThreadsSource(Store* store, qint64 ownerId, ArtifactStore* artifacts = nullptr,
                       Clock* clock = nullptr)
        : m_store(store), m_ownerId(ownerId), m_artifacts(artifacts), m_clock(clock) {}

    void runs(int limit, QObject* context, SourceReply<QList<RunRecord>> done) override;
    void run(qint64 runId, QObject* context, SourceReply<RunDetail> done) override;
    void runTotals(const QList<qint64>& runIds, QObject* context,
                   SourceReply<QList<RunTotals>> done) override;
    void messages(qint64 runId, qint64 afterSeq, QObject* context,
                  SourceReply<QList<StoredMessage>> done) override;
    void exportRuns(qint64 runId, ExportFormat format, QObject* context,
                    SourceReply<QByteArray> done) override;
    void memory(QObject* context, SourceReply<std::optional<ThreadMemory>> done) override;
    void search(const QString& query, int limit, QObject* context,
                SourceReply<QList<RunSearchHit>> done) override;

private:
    // The owner's run; not_found (one message for missing and foreign runs) otherwise.
    [[nodiscard]] Result<RunRecord> ownRun(qint64 runId);

    Store* m_store;
    qint64 m_ownerId;
    ArtifactStore* m_artifacts;
    Clock* m_clock;
};

// One reply of run_messages: the first messages after the seq asked, and whether more follow.
struct MessagePage {
    static constexpr int kMaxMessages = 200;
    // A page stops growing once its messages take this much JSON (tool outputs can be large);
    // it always holds at least one message.
    static constexpr qint64 kMaxBytes = 1024 * 1024;

    QList<StoredMessage> messages;
    bool more = false;

    // The first page of messages (those after the seq asked, in order).
    [[nodiscard]] static MessagePage first(const QList<StoredMessage>& messages);
};

// The JSON forms of the Threads commands (docs/api.md, "Dashboard"). Run and worker records are
// those of dashboard/record_json.h; the server sends no owner ids (the remote source sets them).
namespace recordjson {

// {run: {…run}, usage: {…usage totals}, workers: [{…worker job}]}
[[nodiscard]] QJsonObject toJson(const RunDetail& detail);
[[nodiscard]] Result<RunDetail> runDetail(const QJsonObject& o);

// {run_id, worker_count, …usage totals}
[[nodiscard]] QJsonObject toJson(const RunTotals& totals);
[[nodiscard]] RunTotals runTotals(const QJsonObject& o);

// {seq, run_id, created_at, message: the stored chat message as it is}
[[nodiscard]] QJsonObject toJson(const StoredMessage& message);
[[nodiscard]] StoredMessage storedMessage(const QJsonObject& o);

// {thread_id, up_to_seq, summary, created_at}
[[nodiscard]] QJsonObject toJson(const ThreadMemory& memory);
[[nodiscard]] ThreadMemory threadMemory(const QJsonObject& o);

// thread_runs: {runs: [{…run}]}
[[nodiscard]] QJsonObject threadRunsReply(const QList<RunRecord>& runs);
[[nodiscard]] Result<QList<RunRecord>> threadRuns(const QJsonObject& reply);

// thread_run_totals: {totals: [{…run totals}]}
[[nodiscard]] QJsonObject runTotalsReply(const QList<RunTotals>& totals);
[[nodiscard]] Result<QList<RunTotals>> runTotalsList(const QJsonObject& reply);

// run_messages: {messages: [{…message}], more}
[[nodiscard]] QJsonObject toJson(const MessagePage& page);
[[nodiscard]] Result<MessagePage> messagePage(const QJsonObject& reply);

// thread_memory: {memory: {…memory} or null}
[[nodiscard]] QJsonObject memoryReply(const std::optional<ThreadMemory>& m);
[[nodiscard]] Result<std::optional<ThreadMemory>> memory(const QJsonObject& reply);

// One search hit: {run: {…run}, message_seq, role, snippet} (the snippet's matches between
// U+E000 and U+E001, as RunSearchHit has them).
[[nodiscard]] QJsonObject toJson(const RunSearchHit& hit);
[[nodiscard]] RunSearchHit runSearchHit(const QJsonObject& o);

// thread_search: {hits: [{…search hit}]}
[[nodiscard]] QJsonObject searchReply(const QList<RunSearchHit>& hits);
[[nodiscard]] Result<QList<RunSearchHit>> searchHits(const QJsonObject& reply);

}  // namespace recordjson
}  // namespace zerg
