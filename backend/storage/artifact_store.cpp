#include "storage/artifact_store.h"

#include "core/ids.h"
#include "core/json_util.h"
#include "core/status.h"
#include "storage/time_format.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>

namespace zerg {
namespace {

const QString kMetadata = QStringLiteral("metadata.json");
const QString kResult = QStringLiteral("result.txt");
const QString kThread = QStringLiteral("thread.jsonl");
const QString kToolCalls = QStringLiteral("tool_calls");

// Enough for any burst of same-task workers within one second; beyond it something is wrong.
constexpr int kMaxIdSuffix = 1000;

Error ioError(const QString& what, const QString& path, const QString& osError) {
    return Error{QStringLiteral("io"),
                 QStringLiteral("Cannot %1 %2: %3. Check that the data folder is writable and "
                                "the disk is not full.")
                     .arg(what, QDir::toNativeSeparators(path), osError)};
}

// One message for "missing" and "someone else's", so a reader cannot probe for other owners'
// workers.
Error workerNotFound(const QString& workerId) {
    return Error{
        QStringLiteral("not_found"),
        QStringLiteral("No worker '%1'. List the workers to see the valid ids.").arg(workerId)};
}

Error badWorkerId(const QString& workerId) {
    return Error{
        QStringLiteral("invalid_argument"),
        QStringLiteral("'%1' is not a worker id (one folder name, no '/' or '..').").arg(workerId)};
}

Status saveAtomically(const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return ioError(QStringLiteral("write"), path, file.errorString());
    }
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return ioError(QStringLiteral("write"), path, why);
    }
    if (!file.commit())
        return ioError(QStringLiteral("write"), path, file.errorString());
    return Ok{};
}

QString sanitizeToolName(const QString& name) {
    QString out;
    for (const QChar c : name) {
        const bool keep = (c.unicode() < 128 && c.isLetterOrNumber()) || c == QLatin1Char('_') ||
                          c == QLatin1Char('-');
        out += keep ? c : QLatin1Char('_');
        if (out.size() >= 64)
            break;
    }
    return out.isEmpty() ? QStringLiteral("tool") : out;
}

// Syntactic checks on a path relative to a worker folder; returns the cleaned path or empty.
QString cleanRelativePath(const QString& relativePath, QString* why) {
    if (relativePath.isEmpty()) {
        *why = QStringLiteral("the path is empty");
        return {};
    }
    if (QDir::isAbsolutePath(relativePath) || relativePath.startsWith(QLatin1Char('/')) ||
        relativePath.startsWith(QLatin1Char('\\'))) {
        *why = QStringLiteral("absolute paths are not allowed");
        return {};
    }
    if (relativePath.contains(QLatin1Char('\\')) || relativePath.contains(QChar(0)) ||
        relativePath.contains(QLatin1Char(':'))) {
        *why = QStringLiteral("the path contains '\\', ':' or NUL");
        return {};
    }
    const QStringList parts = relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.contains(QStringLiteral(".."))) {
        *why = QStringLiteral("'..' is not allowed");
        return {};
    }
    const QString cleaned = QDir::cleanPath(parts.join(QLatin1Char('/')));
    if (cleaned.isEmpty() || cleaned == QLatin1String(".")) {
        *why = QStringLiteral("the path names the worker folder itself");
        return {};
    }
    return cleaned;
}

bool isInside(const QString& canonicalPath, const QString& canonicalDir) {
    return !canonicalPath.isEmpty() && !canonicalDir.isEmpty() &&
           canonicalPath.startsWith(canonicalDir + QLatin1Char('/'));
}

QString idTimePrefix(const QString& workerId) {
    return workerId.section(QLatin1Char('_'), 0, 0);
}

}  // namespace

ArtifactStore::ArtifactStore(QString rootDir) : m_root(QDir::cleanPath(std::move(rootDir))) {}

QString ArtifactStore::workerDir(const QString& workerId) const {
    return m_root + QLatin1Char('/') + workerId;
}

bool ArtifactStore::isValidWorkerId(const QString& workerId) {
    return !workerId.isEmpty() && workerId.size() <= 200 && workerId != QLatin1String(".") &&
           !workerId.contains(QLatin1String("..")) && !workerId.contains(QLatin1Char('/')) &&
           !workerId.contains(QLatin1Char('\\')) && !workerId.contains(QChar(0));
}

Result<QString> ArtifactStore::createWorker(qint64 ownerId, const QString& task,
                                            const QDateTime& now, const QJsonObject& extra) {
    if (ownerId <= 0) {
        return Error{
            QStringLiteral("invalid_argument"),
            QStringLiteral("Owner id %1 is not valid; owner ids start at 1.").arg(ownerId)};
    }
    QDir root(m_root);
    if (!root.mkpath(QStringLiteral("."))) {
        return ioError(QStringLiteral("create the workers folder"), m_root,
                       QStringLiteral("mkdir failed"));
    }
    const QString base = ids::workerId(now, task);
    QString id;
    for (int n = 1; n <= kMaxIdSuffix && id.isEmpty(); ++n) {
        const QString candidate = n == 1 ? base : base + QLatin1Char('-') + QString::number(n);
        // mkdir fails when the folder exists: that, not a prior exists() check, is what makes
        // two workers racing for the same id end up with different ones.
        if (root.mkdir(candidate)) {
            id = candidate;
        } else if (!QFileInfo::exists(root.filePath(candidate))) {
            return ioError(QStringLiteral("create the worker folder"), root.filePath(candidate),
                           QStringLiteral("mkdir failed (permissions or disk full?)"));
        }
    }
    if (id.isEmpty()) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("More than %1 workers named '%2' in one second; try again.")
                         .arg(kMaxIdSuffix)
                         .arg(base)};
    }

    QJsonObject meta = extra;
    meta.insert(QStringLiteral("worker_id"), id);
    meta.insert(QStringLiteral("owner_id"), ownerId);
    meta.insert(QStringLiteral("task"), task);
    meta.insert(QStringLiteral("status"), statusName(JobStatus::Running));
    meta.insert(QStringLiteral("started_at"), timefmt::toIso(now));
    meta.insert(QStringLiteral("completed_at"), QJsonValue::Null);
    meta.insert(QStringLiteral("duration_ms"), QJsonValue::Null);
    meta.insert(QStringLiteral("summary"), QJsonValue::Null);
    meta.insert(QStringLiteral("summary_meta"), QJsonValue::Null);
    if (Status s = writeMetadata(id, meta); !s) {
        QDir(workerDir(id)).removeRecursively();  // a folder without metadata helps no one
        return s.error();
    }
    return id;
}

Status ArtifactStore::appendThreadMessage(const QString& workerId, const QJsonObject& line) {
    return appendJsonLine(workerId, kThread, line);
}

Status ArtifactStore::appendJsonLine(const QString& workerId, const QString& fileName,
                                     const QJsonObject& line) {
    if (fileName.isEmpty() || fileName.contains(QLatin1Char('/')) ||
        fileName.startsWith(QLatin1Char('.')) || !fileName.endsWith(QLatin1String(".jsonl"))) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("\"%1\" is not a .jsonl file name in the worker's folder.")
                         .arg(fileName)};
    }
    if (Status s = checkWritable(workerId); !s)
        return s;
    const QString path = workerDir(workerId) + QLatin1Char('/') + fileName;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        return ioError(QStringLiteral("append to"), path, file.errorString());
    }
    const QByteArray bytes = json::compact(line) + '\n';
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        return ioError(QStringLiteral("append to"), path, file.errorString());
    }
    return Ok{};
}

Result<QString> ArtifactStore::saveToolCall(const QString& workerId, int seq,
                                            const QString& toolName, const QByteArray& content) {
    if (seq < 1) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("Tool call numbers start at 1, got %1.").arg(seq)};
    }
    const QString relative = kToolCalls + QLatin1Char('/') + QString::asprintf("%03d_", seq) +
                             sanitizeToolName(toolName) + QStringLiteral(".txt");
    return writeFile(workerId, relative, content);
}

Status ArtifactStore::saveResult(const QString& workerId, const QString& text) {
    if (Status s = checkWritable(workerId); !s)
        return s;
    return saveAtomically(workerDir(workerId) + QLatin1Char('/') + kResult, text.toUtf8());
}

Result<QString> ArtifactStore::writeFile(const QString& workerId, const QString& relativePath,
                                         const QByteArray& content) {
    if (Status s = checkWritable(workerId); !s)
        return s.error();
    QString why;
    const QString cleaned = cleanRelativePath(relativePath, &why);
    if (cleaned.isEmpty()) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("Cannot write '%1' for worker '%2': %3.")
                         .arg(relativePath, workerId, why)};
    }
    const QString dir = workerDir(workerId);
    const QString path = dir + QLatin1Char('/') + cleaned;
    const QString parent = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(parent)) {
        return ioError(QStringLiteral("create the folder"), parent, QStringLiteral("mkdir failed"));
    }
    // A subfolder that is a symlink would carry the write out of the worker's folder.
    const QString canonicalDir = QFileInfo(dir).canonicalFilePath();
    const QString canonicalParent = QFileInfo(parent).canonicalFilePath();
    if (canonicalParent != canonicalDir && !isInside(canonicalParent, canonicalDir)) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("Cannot write '%1' for worker '%2': it leads outside the "
                                    "worker's folder.")
                         .arg(relativePath, workerId)};
    }
    if (Status s = saveAtomically(path, content); !s)
        return s.error();
    return cleaned;
}

Status ArtifactStore::updateMetadata(const QString& workerId, const QJsonObject& patch) {
    for (const char* key : {"worker_id", "owner_id"}) {
        const QString k = QString::fromLatin1(key);
        if (patch.contains(k)) {
            return Error{
                QStringLiteral("invalid_argument"),
                QStringLiteral("The %1 of worker '%2' cannot be changed.").arg(k, workerId)};
        }
    }
    if (Status s = checkWritable(workerId); !s)
        return s;
    Result<QJsonObject> meta = readMetadata(workerId);
    if (!meta)
        return meta.error();
    QJsonObject merged = meta.value();
    for (auto it = patch.begin(); it != patch.end(); ++it)
        merged.insert(it.key(), it.value());
    return writeMetadata(workerId, merged);
}

Status ArtifactStore::completeWorker(const QString& workerId, const QString& status,
                                     const QDateTime& now, const QString& error) {
    if (status.isEmpty()) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("Worker '%1' needs a final status.").arg(workerId)};
    }
    if (Status s = checkWritable(workerId); !s)
        return s;
    Result<QJsonObject> meta = readMetadata(workerId);
    if (!meta)
        return meta.error();
    QJsonObject m = meta.value();
    const QDateTime started = timefmt::fromIso(m.value(QStringLiteral("started_at")).toString());
    m.insert(QStringLiteral("status"), status);
    m.insert(QStringLiteral("completed_at"), timefmt::toIso(now));
    m.insert(QStringLiteral("duration_ms"), started.isValid()
                                                ? QJsonValue(qMax<qint64>(0, started.msecsTo(now)))
                                                : QJsonValue(QJsonValue::Null));
    m.insert(QStringLiteral("error"), error.isEmpty() ? QJsonValue(QJsonValue::Null) : error);
    return writeMetadata(workerId, m);
}

Result<QJsonObject> ArtifactStore::metadata(const QString& workerId, qint64 ownerId) const {
    if (!isValidWorkerId(workerId))
        return badWorkerId(workerId);
    Result<QJsonObject> meta = readMetadata(workerId);
    if (!meta)
        return meta.error();
    if (ownerId <= 0 || meta->value(QStringLiteral("owner_id")).toInteger(-1) != ownerId) {
        return workerNotFound(workerId);
    }
    return meta;
}

Result<QString> ArtifactStore::readResult(const QString& workerId, qint64 ownerId) const {
    if (Status s = checkOwner(workerId, ownerId); !s)
        return s.error();
    const QString path = workerDir(workerId) + QLatin1Char('/') + kResult;
    QFile file(path);
    if (!file.exists()) {
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("Worker '%1' has no result yet: it is still running or "
                                    "stopped before writing one. Check its status.")
                         .arg(workerId)};
    }
    if (!file.open(QIODevice::ReadOnly)) {
        return ioError(QStringLiteral("read"), path, file.errorString());
    }
    return QString::fromUtf8(file.readAll());
}

Result<QByteArray> ArtifactStore::readFile(const QString& workerId, qint64 ownerId,
                                           const QString& relativePath) const {
    if (Status s = checkOwner(workerId, ownerId); !s)
        return s.error();
    const Result<QString> path = confinedPath(workerId, relativePath);
    if (!path)
        return path.error();
    QFile file(path.value());
    if (!file.open(QIODevice::ReadOnly)) {
        return ioError(QStringLiteral("read"), path.value(), file.errorString());
    }
    return file.readAll();
}

Result<QStringList> ArtifactStore::listFiles(const QString& workerId, qint64 ownerId) const {
    if (Status s = checkOwner(workerId, ownerId); !s)
        return s.error();
    const QString dir = workerDir(workerId);
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::NoSymLinks | QDir::Hidden,
                    QDirIterator::Subdirectories);
    const QDir base(dir);
    while (it.hasNext())
        out.append(base.relativeFilePath(it.next()));
    out.sort();
    return out;
}

Result<QList<QJsonObject>> ArtifactStore::listWorkers(qint64 ownerId, int limit) const {
    if (limit <= 0) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("The worker list limit must be at least 1.")};
    }
    QList<QJsonObject> found;
    if (ownerId <= 0 || !QFileInfo(m_root).isDir())
        return found;
    // Folder names start with the UTC start time, so name order is start order to the second.
    // Read newest first and stop once `limit` are found and the second has changed; the final
    // sort orders workers that started within the same second.
    QStringList names =
        QDir(m_root).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
    std::reverse(names.begin(), names.end());
    QString lastPrefix;
    for (const QString& name : names) {
        if (found.size() >= limit && idTimePrefix(name) != lastPrefix)
            break;
        const Result<QJsonObject> meta = metadata(name, ownerId);
        if (!meta)
            continue;  // another owner's, or a folder without readable metadata
        found.append(meta.value());
        lastPrefix = idTimePrefix(name);
    }
    std::stable_sort(found.begin(), found.end(), [](const QJsonObject& a, const QJsonObject& b) {
        const QDateTime ta = timefmt::fromIso(a.value(QStringLiteral("started_at")).toString());
        const QDateTime tb = timefmt::fromIso(b.value(QStringLiteral("started_at")).toString());
        if (ta != tb)
            return ta > tb;
        return a.value(QStringLiteral("worker_id")).toString() >
               b.value(QStringLiteral("worker_id")).toString();
    });
    if (found.size() > limit)
        found.resize(limit);
    return found;
}

Result<QJsonObject> ArtifactStore::readMetadata(const QString& workerId) const {
    const QString path = workerDir(workerId) + QLatin1Char('/') + kMetadata;
    QFile file(path);
    if (!file.exists())
        return workerNotFound(workerId);
    if (!file.open(QIODevice::ReadOnly)) {
        return ioError(QStringLiteral("read"), path, file.errorString());
    }
    QJsonObject meta;
    QString why;
    if (!json::parseObject(file.readAll(), &meta, &why)) {
        return Error{QStringLiteral("corrupt"),
                     QStringLiteral("%1 is not valid JSON (%2). Restore it or remove the worker "
                                    "folder.")
                         .arg(QDir::toNativeSeparators(path), why)};
    }
    return meta;
}

Status ArtifactStore::writeMetadata(const QString& workerId, const QJsonObject& metadata) {
    return saveAtomically(workerDir(workerId) + QLatin1Char('/') + kMetadata,
                          QJsonDocument(metadata).toJson(QJsonDocument::Indented));
}

Status ArtifactStore::checkWritable(const QString& workerId) const {
    if (!isValidWorkerId(workerId))
        return badWorkerId(workerId);
    // Never create folders for ids that createWorker did not hand out.
    if (!QFileInfo(workerDir(workerId)).isDir())
        return workerNotFound(workerId);
    return Ok{};
}

Status ArtifactStore::checkOwner(const QString& workerId, qint64 ownerId) const {
    const Result<QJsonObject> meta = metadata(workerId, ownerId);
    if (!meta)
        return meta.error();
    return Ok{};
}

Result<QString> ArtifactStore::confinedPath(const QString& workerId,
                                            const QString& relativePath) const {
    auto refused = [&](const QString& why) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("Cannot read '%1' of worker '%2': %3. Use a path inside the "
                                    "worker's folder, such as tool_calls/001_ssh_exec.txt.")
                         .arg(relativePath, workerId, why)};
    };
    QString why;
    const QString cleaned = cleanRelativePath(relativePath, &why);
    if (cleaned.isEmpty())
        return refused(why);
    const QString dir = workerDir(workerId);
    const QFileInfo info(dir + QLatin1Char('/') + cleaned);
    if (!info.exists()) {  // also a symlink whose target is missing
        return Error{QStringLiteral("not_found"),
                     QStringLiteral("Worker '%1' has no file '%2'.").arg(workerId, cleaned)};
    }
    // Symlinks are followed, then the real location must still be inside the worker's folder.
    if (!isInside(info.canonicalFilePath(), QFileInfo(dir).canonicalFilePath())) {
        return refused(QStringLiteral("it leads outside the worker's folder"));
    }
    if (!info.isFile())
        return refused(QStringLiteral("it is not a file"));
    return info.canonicalFilePath();
}

}  // namespace zerg
