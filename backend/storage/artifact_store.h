#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace zerg {

// The on-disk audit trail of workers, one folder each:
//   <root>/<worker_id>/metadata.json      status, times, summary (derived, rewritten)
//                      result.txt         final answer (canonical)
//                      thread.jsonl       whole conversation, one JSON object a line (canonical)
//                      tool_calls/NNN_<tool>.txt
//                      approvals.jsonl    every approval request and answer (only grows)
//                      monitoring/..., salute.json   (via writeFile)
// Every file is replaced atomically (QSaveFile: temp file + rename) except the .jsonl files,
// which only grow. Reads are owner-checked against metadata.json (another owner's worker is simply
// "not found") and confined to the worker's folder. Errors: "not_found", "invalid_argument",
// "io", "corrupt". Like the rest of the backend, use it from one thread.
class ArtifactStore {
public:
    explicit ArtifactStore(QString rootDir);  // <data dir>/workers; created on first write

    [[nodiscard]] QString rootDir() const { return m_root; }
    // Absolute folder of a worker (no existence or owner check; for display).
    [[nodiscard]] QString workerDir(const QString& workerId) const;

    // Creates the folder and metadata.json; returns the worker id ids::workerId(now, task),
    // with "-2", "-3", ... appended when that folder already exists. `extra` adds fields
    // (model, job_id, supervisor_run_id, ...) but cannot override the core ones.
    [[nodiscard]] Result<QString> createWorker(qint64 ownerId, const QString& task,
                                               const QDateTime& now, const QJsonObject& extra = {});

    // One compact JSON line appended to thread.jsonl and flushed.
    [[nodiscard]] Status appendThreadMessage(const QString& workerId, const QJsonObject& line);
    // One compact JSON line appended to a JSON-lines file directly in the worker's folder
    // (approvals.jsonl) and flushed.
    [[nodiscard]] Status appendJsonLine(const QString& workerId, const QString& fileName,
                                        const QJsonObject& line);
    // Writes tool_calls/%03d_<tool>.txt (tool name reduced to [A-Za-z0-9_-]); returns that
    // relative path.
    [[nodiscard]] Result<QString> saveToolCall(const QString& workerId, int seq,
                                               const QString& toolName, const QByteArray& content);
    [[nodiscard]] Status saveResult(const QString& workerId, const QString& text);
    // Any other file inside the worker's folder (e.g. "monitoring/check_0005s.json"), creating
    // subfolders; the same confinement rules as readFile. Returns the relative path.
    [[nodiscard]] Result<QString> writeFile(const QString& workerId, const QString& relativePath,
                                            const QByteArray& content);
    // Merges the patch's top-level keys into metadata.json. worker_id and owner_id cannot change.
    [[nodiscard]] Status updateMetadata(const QString& workerId, const QJsonObject& patch);
    // Sets status, completed_at, duration_ms (from started_at) and error (null when empty).
    [[nodiscard]] Status completeWorker(const QString& workerId, const QString& status,
                                        const QDateTime& now, const QString& error = {});

    // Owner-checked reads.
    [[nodiscard]] Result<QJsonObject> metadata(const QString& workerId, qint64 ownerId) const;
    [[nodiscard]] Result<QString> readResult(const QString& workerId, qint64 ownerId) const;
    // relativePath like "tool_calls/001_ssh_exec.txt". Refuses absolute paths, ".." and
    // symlinks that lead out of the worker's folder.
    [[nodiscard]] Result<QByteArray> readFile(const QString& workerId, qint64 ownerId,
                                              const QString& relativePath) const;
    // Relative paths of the worker's regular files, sorted (symlinks are not listed).
    [[nodiscard]] Result<QStringList> listFiles(const QString& workerId, qint64 ownerId) const;
    // The owner's workers' metadata, newest first (started_at, then worker id), at most limit.
    [[nodiscard]] Result<QList<QJsonObject>> listWorkers(qint64 ownerId, int limit) const;

    // A worker id is one folder name: not empty, no '/', '\\', NUL, no "..".
    [[nodiscard]] static bool isValidWorkerId(const QString& workerId);

private:
    [[nodiscard]] Result<QJsonObject> readMetadata(const QString& workerId) const;
    [[nodiscard]] Status writeMetadata(const QString& workerId, const QJsonObject& metadata);
    [[nodiscard]] Status checkWritable(const QString& workerId) const;
    [[nodiscard]] Status checkOwner(const QString& workerId, qint64 ownerId) const;
    // Resolves relativePath inside the worker's folder or explains why not.
    [[nodiscard]] Result<QString> confinedPath(const QString& workerId,
                                               const QString& relativePath) const;

    QString m_root;
};

}  // namespace zerg
