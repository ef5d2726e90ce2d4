#pragma once

#include "dashboard/reply.h"
#include "storage/store.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>

class QObject;

namespace zerg {

class ArtifactStore;

// One regular file of a worker's folder (storage/artifact_store.h).
struct WorkerFileEntry {
    QString path;  // relative to the folder, '/'-separated
    qint64 size = 0;

    bool operator==(const WorkerFileEntry&) const = default;
};

// The bytes of one roundabout check file (monitoring/*.json).
struct WorkerCheckFile {
    QString path;
    QByteArray bytes;  // empty when it could not be read

    bool operator==(const WorkerCheckFile&) const = default;
};

// What the Worker detail page reads of a worker's folder in one go.
struct WorkerFolder {
    QJsonObject metadata;           // metadata.json
    QList<WorkerFileEntry> files;   // every regular file, by path
    QList<WorkerCheckFile> checks;  // the check files the caller did not know yet, by path
    // Some check files the caller did not know are missing from checks (a server's reply was
    // full and the server kept failing to send them): a later read brings them.
    bool moreChecks = false;
};

// The start of one file of a worker's folder.
struct WorkerFileRead {
    QString path;
    qint64 size = 0;         // of the whole file
    QByteArray bytes;        // its first bytes, at most the maxBytes asked for
    bool truncated = false;  // size > bytes.size()
    // Where the whole file can be opened, for people (the local source: its absolute path);
    // empty when it is not on this computer.
    QString location;
};

// Where the Worker detail page reads from: StoreWorkerFilesSource here (the local Store and
// ArtifactStore), RemoteWorkerFilesSource (api/) over the server's worker_job, worker_folder and
// worker_file_bytes. Only the owner's workers and jobs: another owner's are "not_found", like
// missing ones. It delivers bytes; how the page shows them is the ui room's (ui/artifact_views.h).
class WorkerFilesSource {
public:
    // The most of one file read at once, and of one check file: what one API reply can carry.
    static constexpr qint64 kMaxFileBytes = 512 * 1024;

    virtual ~WorkerFilesSource() = default;

    // A worker id is one folder name (ArtifactStore::isValidWorkerId).
    [[nodiscard]] static bool isValidWorkerId(const QString& workerId);
    // A roundabout check: monitoring/*.json (any case).
    [[nodiscard]] static bool isCheckFile(const QString& path);

    // The owner's worker job.
    virtual void job(qint64 jobId, QObject* context, SourceReply<WorkerJobRecord> done) = 0;
    // The owner's (newest) job that started this worker.
    virtual void jobOfWorker(const QString& workerId, QObject* context,
                             SourceReply<WorkerJobRecord> done) = 0;
    // The worker's metadata and files, with the bytes of each check file not in knownChecks
    // (check files are written once: a caller reads each only once).
    virtual void folder(const QString& workerId, const QSet<QString>& knownChecks, QObject* context,
                        SourceReply<WorkerFolder> done) = 0;
    // One file of the folder, at most maxBytes of it. Only a file the folder lists, and only
    // inside the folder: an absolute path or ".." is refused ("invalid_argument"), a file not
    // listed is "not_found".
    virtual void file(const QString& workerId, const QString& path, qint64 maxBytes,
                      QObject* context, SourceReply<WorkerFileRead> done) = 0;
};

// Over the local Store (jobs, answered at once) and ArtifactStore (files, read on the global
// thread pool with a copy of the ArtifactStore, answered on context's thread).
class StoreWorkerFilesSource final : public WorkerFilesSource {
public:
    // store and artifacts must outlive this.
    StoreWorkerFilesSource(Store* store, ArtifactStore* artifacts, qint64 ownerId)
        : m_store(store), m_artifacts(artifacts), m_ownerId(ownerId) {}

    void job(qint64 jobId, QObject* context, SourceReply<WorkerJobRecord> done) override;
    void jobOfWorker(const QString& workerId, QObject* context,
                     SourceReply<WorkerJobRecord> done) override;
    void folder(const QString& workerId, const QSet<QString>& knownChecks, QObject* context,
                SourceReply<WorkerFolder> done) override;
    void file(const QString& workerId, const QString& path, qint64 maxBytes, QObject* context,
              SourceReply<WorkerFileRead> done) override;

    // Tests only: called on the pool thread before each read with the worker id and the file's
    // path ("" for the folder), e.g. to hold one read back and prove that a newer one wins.
    using ReadHook = std::function<void(const QString& workerId, const QString& path)>;
    void setReadHookForTest(ReadHook hook) { m_readHook = std::move(hook); }
    // Tests only: blocks until every read started so far has posted its answer (the answers are
    // delivered by the main thread's event loop, as queued calls).
    static void waitForReadsForTest();

private:
    Store* m_store;
    ArtifactStore* m_artifacts;
    qint64 m_ownerId;
    ReadHook m_readHook;
};

namespace recordjson {
// The API's worker_folder keeps its frames small: a request names at most this many known checks
// (about 32 KiB of the 64 KiB a command may take), a reply carries about this many check bytes.
inline constexpr qsizetype kMaxKnownChecks = 1000;
inline constexpr qint64 kMaxCheckBytesPerReply = 384 * 1024;

// {metadata, files: [{path, size}], checks: [{path, content_base64}], more_checks}. checks holds
// the folder's checks in order while their bytes stay within maxCheckBytes (always the first),
// so that a reply stays small; more_checks says that some were left out.
[[nodiscard]] QJsonObject toJson(const WorkerFolder& folder, qint64 maxCheckBytes);
[[nodiscard]] Result<WorkerFolder> workerFolder(const QJsonObject& o);
// {path, size, content_base64, truncated}; location stays on the server.
[[nodiscard]] QJsonObject toJson(const WorkerFileRead& read);
[[nodiscard]] Result<WorkerFileRead> workerFileRead(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
