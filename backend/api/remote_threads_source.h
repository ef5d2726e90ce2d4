#pragma once

#include "dashboard/threads_source.h"

namespace zerg::api {

class RemoteClient;

// The Threads page over the server's thread_runs, thread_run, thread_run_totals, run_messages,
// thread_memory, thread_search and thread_export (docs/api.md, "Dashboard"). Records read back
// carry localOwnerId as their owner. A transcript longer than one page is fetched page after page
// and given as one list. client must outlive this.
class RemoteThreadsSource final : public ThreadsSource {
public:
    RemoteThreadsSource(RemoteClient* client, qint64 localOwnerId)
        : m_client(client), m_ownerId(localOwnerId) {}

    void runs(int limit, QObject* context, SourceReply<QList<RunRecord>> done) override;
    void run(qint64 runId, QObject* context, SourceReply<RunDetail> done) override;
    void runTotals(const QList<qint64>& runIds, QObject* context,
                   SourceReply<QList<RunTotals>> done) override;
    void messages(qint64 runId, qint64 afterSeq, QObject* context,
                  SourceReply<QList<StoredMessage>> done) override;
    void memory(QObject* context, SourceReply<std::optional<ThreadMemory>> done) override;
    void exportRuns(qint64 runId, ExportFormat format, QObject* context,
                    SourceReply<QByteArray> done) override;
    void search(const QString& query, int limit, QObject* context,
                SourceReply<QList<RunSearchHit>> done) override;

private:
    RemoteClient* m_client;
    qint64 m_ownerId;
};

}  // namespace zerg::api
