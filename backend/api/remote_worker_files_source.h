#pragma once

#include "dashboard/worker_files_source.h"

namespace zerg::api {

class RemoteClient;

// The Worker detail page over the server's worker_job, worker_folder and worker_file_bytes
// (docs/api.md): the server's files of the client's owner, byte for byte. Jobs read back carry
// localOwnerId as their owner. A folder whose new check files do not fit one reply is asked for
// again (naming the checks received) until they all came. client must outlive this.
class RemoteWorkerFilesSource final : public WorkerFilesSource {
public:
    RemoteWorkerFilesSource(RemoteClient* client, qint64 localOwnerId)
        : m_client(client), m_localOwnerId(localOwnerId) {}

    void job(qint64 jobId, QObject* context, SourceReply<WorkerJobRecord> done) override;
    void jobOfWorker(const QString& workerId, QObject* context,
                     SourceReply<WorkerJobRecord> done) override;
    void folder(const QString& workerId, const QSet<QString>& knownChecks, QObject* context,
                SourceReply<WorkerFolder> done) override;
    void file(const QString& workerId, const QString& path, qint64 maxBytes, QObject* context,
              SourceReply<WorkerFileRead> done) override;

private:
    void askJob(QJsonObject args, QObject* context, SourceReply<WorkerJobRecord> done);

    RemoteClient* m_client;
    qint64 m_localOwnerId;
};

}  // namespace zerg::api
