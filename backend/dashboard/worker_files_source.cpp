#include "dashboard/worker_files_source.h"

#include "core/off_thread.h"
#include "dashboard/record_json.h"
#include "storage/artifact_store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QThreadPool>

#include <algorithm>

namespace zerg {

using namespace Qt::StringLiterals;

namespace {

Error notFound(const QString& message) {
    return Error{u"not_found"_s, message};
}

// Refused before anything is read: the page only ever asks for listed paths, so these come from
// a client that tries to leave the folder.
bool leavesFolder(const QString& path) {
    if (path.isEmpty() || path.startsWith(QLatin1Char('/')) || QDir::isAbsolutePath(path) ||
        path.contains(QChar(0))) {
        return true;
    }
    return path.split(QLatin1Char('/')).contains(u".."_s);
}

// The file's real location when it is inside the worker's folder (symlinks followed), else
// empty. listFiles lists no symlinks; this also covers a folder swapped for one meanwhile.
QString confined(const ArtifactStore& store, const QString& workerId, const QString& path) {
    const QString dir = QFileInfo(store.workerDir(workerId)).canonicalFilePath();
    const QString real =
        QFileInfo(store.workerDir(workerId) + QLatin1Char('/') + path).canonicalFilePath();
    if (dir.isEmpty() || !real.startsWith(dir + QLatin1Char('/')))
        return {};
    return real;
}

// Runs on the pool: the metadata, the files with their sizes, and the checks not known yet.
Result<WorkerFolder> readFolder(const ArtifactStore& store, qint64 ownerId, const QString& workerId,
                                const QSet<QString>& knownChecks,
                                const StoreWorkerFilesSource::ReadHook& hook) {
    if (hook)
        hook(workerId, QString());
    Result<QJsonObject> meta = store.metadata(workerId, ownerId);
    if (!meta)
        return meta.error();
    const Result<QStringList> files = store.listFiles(workerId, ownerId);
    if (!files)
        return files.error();
    WorkerFolder out;
    out.metadata = std::move(meta).value();
    const QString dir = store.workerDir(workerId) + QLatin1Char('/');
    for (const QString& path : files.value()) {
        out.files.append({path, QFileInfo(dir + path).size()});
        if (!WorkerFilesSource::isCheckFile(path) || knownChecks.contains(path))
            continue;
        // An unreadable check still gets its row (the page shows it as unreadable).
        WorkerCheckFile check{path, {}};
        QFile file(confined(store, workerId, path));
        if (file.open(QIODevice::ReadOnly))
            check.bytes = file.read(WorkerFilesSource::kMaxFileBytes);
        out.checks.append(std::move(check));
    }
    return out;
}

// Runs on the pool: the start of one listed file.
Result<WorkerFileRead> readFileStart(const ArtifactStore& store, qint64 ownerId,
                                     const QString& workerId, const QString& path, qint64 maxBytes,
                                     const StoreWorkerFilesSource::ReadHook& hook) {
    if (hook)
        hook(workerId, path);
    if (leavesFolder(path)) {
        return Error{u"invalid_argument"_s,
                     QCoreApplication::translate(
                         "zerg::StoreWorkerFilesSource",
                         "'%1' is not a path inside the worker's folder, so it is not shown. Pick "
                         "a file from the worker's list.")
                         .arg(path)};
    }
    // listFiles is owner-checked and lists only regular files inside the folder (no symlinks):
    // a path it names is safe to open, and it is the list the page shows.
    const Result<QStringList> files = store.listFiles(workerId, ownerId);
    if (!files)
        return files.error();
    if (!files->contains(path)) {
        return notFound(
            QCoreApplication::translate(
                "zerg::StoreWorkerFilesSource",
                "%1 is no longer in this worker's folder. Reload to see the files it has now.")
                .arg(path));
    }
    const QString real = confined(store, workerId, path);
    if (real.isEmpty()) {
        return Error{u"invalid_argument"_s,
                     QCoreApplication::translate(
                         "zerg::StoreWorkerFilesSource",
                         "%1 leads outside the worker's folder and is not shown. Inspect the "
                         "folder by hand: %2")
                         .arg(path, QDir::toNativeSeparators(store.workerDir(workerId)))};
    }
    QFile file(real);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error{u"io"_s, QCoreApplication::translate(
                                  "zerg::StoreWorkerFilesSource",
                                  "Cannot read %1: %2. Check the file's permissions, then reload.")
                                  .arg(QDir::toNativeSeparators(real), file.errorString())};
    }
    WorkerFileRead out;
    out.path = path;
    out.size = file.size();
    out.bytes = file.read(qMax<qint64>(0, maxBytes));
    out.truncated = out.size > out.bytes.size();
    out.location = QDir::toNativeSeparators(real);
    return out;
}

}  // namespace

bool WorkerFilesSource::isValidWorkerId(const QString& workerId) {
    return ArtifactStore::isValidWorkerId(workerId);
}

bool WorkerFilesSource::isCheckFile(const QString& path) {
    return path.startsWith(QLatin1String("monitoring/"), Qt::CaseInsensitive) &&
           path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
}

void StoreWorkerFilesSource::job(qint64 jobId, QObject* context,
                                 SourceReply<WorkerJobRecord> done) {
    Q_UNUSED(context);
    Result<WorkerJobRecord> job = m_store->job(jobId);
    if (!job && job.error().code != QLatin1String("not_found"))
        return done(job.error());
    // Another owner's job is "not found", exactly like a missing one.
    if (!job || job->ownerId != m_ownerId) {
        return done(
            notFound(QCoreApplication::translate(
                         "zerg::StoreWorkerFilesSource",
                         "No worker job %1 for this user. Pick a worker in the Workers tab.")
                         .arg(jobId)));
    }
    done(std::move(job));
}

void StoreWorkerFilesSource::jobOfWorker(const QString& workerId, QObject* context,
                                         SourceReply<WorkerJobRecord> done) {
    Q_UNUSED(context);
    if (!isValidWorkerId(workerId)) {
        return done(Error{u"invalid_argument"_s,
                          QCoreApplication::translate(
                              "zerg::StoreWorkerFilesSource",
                              "'%1' is not a worker id (one folder name, no '/' or '..').")
                              .arg(workerId)});
    }
    done(m_store->findJobByWorkerId(m_ownerId, workerId));
}

void StoreWorkerFilesSource::folder(const QString& workerId, const QSet<QString>& knownChecks,
                                    QObject* context, SourceReply<WorkerFolder> done) {
    // ArtifactStore's reads only use its root folder: a copy of it reads safely on a pool thread.
    runOffThread(
        context,
        [reader = ArtifactStore(m_artifacts->rootDir()), owner = m_ownerId, workerId, knownChecks,
         hook = m_readHook] { return readFolder(reader, owner, workerId, knownChecks, hook); },
        [done = std::move(done)](Result<WorkerFolder> r) { done(std::move(r)); });
}

void StoreWorkerFilesSource::file(const QString& workerId, const QString& path, qint64 maxBytes,
                                  QObject* context, SourceReply<WorkerFileRead> done) {
    runOffThread(
        context,
        [reader = ArtifactStore(m_artifacts->rootDir()), owner = m_ownerId, workerId, path,
         maxBytes, hook = m_readHook] {
            return readFileStart(reader, owner, workerId, path, maxBytes, hook);
        },
        [done = std::move(done)](Result<WorkerFileRead> r) { done(std::move(r)); });
}

void StoreWorkerFilesSource::waitForReadsForTest() {
    QThreadPool::globalInstance()->waitForDone();
}

namespace recordjson {
namespace {

QString base64(const QByteArray& bytes) {
    return QString::fromLatin1(bytes.toBase64());
}

std::optional<QByteArray> fromBase64(const QJsonValue& v) {
    if (!v.isString())
        return std::nullopt;
    auto decoded = QByteArray::fromBase64Encoding(
        v.toString().toLatin1(),
        QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return std::move(decoded).decoded;
}

}  // namespace

QJsonObject toJson(const WorkerFolder& folder, qint64 maxCheckBytes) {
    QJsonArray checks;
    qint64 bytes = 0;
    bool more = folder.moreChecks;
    for (const WorkerCheckFile& c : folder.checks) {
        if (!checks.isEmpty() && bytes + c.bytes.size() > maxCheckBytes) {
            more = true;  // the rest in order, next time: the reader knows these then
            break;
        }
        bytes += c.bytes.size();
        checks.append(QJsonObject{{u"path"_s, c.path}, {u"content_base64"_s, base64(c.bytes)}});
    }
    return {{u"metadata"_s, folder.metadata},
            {u"files"_s, arrayOf(folder.files,
                                 [](const WorkerFileEntry& f) {
                                     return QJsonObject{{u"path"_s, f.path}, {u"size"_s, f.size}};
                                 })},
            {u"checks"_s, checks},
            {u"more_checks"_s, more}};
}

Result<WorkerFolder> workerFolder(const QJsonObject& o) {
    const QString what = QCoreApplication::translate("zerg::recordjson", "the worker's folder");
    if (!o.value(u"metadata"_s).isObject())
        return protocolError(what);
    Result<QList<WorkerFileEntry>> files =
        listOf<WorkerFileEntry>(o.value(u"files"_s), what, [](const QJsonObject& f) {
            return WorkerFileEntry{f.value(u"path"_s).toString(), f.value(u"size"_s).toInteger()};
        });
    if (!files)
        return files.error();
    const QJsonValue checks = o.value(u"checks"_s);
    if (!checks.isArray())
        return protocolError(what);
    WorkerFolder out;
    out.metadata = o.value(u"metadata"_s).toObject();
    out.files = std::move(files).value();
    for (const QJsonValue& v : checks.toArray()) {
        const std::optional<QByteArray> bytes = fromBase64(v.toObject().value(u"content_base64"_s));
        if (!v.isObject() || !bytes)
            return protocolError(what);
        out.checks.append({v.toObject().value(u"path"_s).toString(), *bytes});
    }
    out.moreChecks = o.value(u"more_checks"_s).toBool();
    return out;
}

QJsonObject toJson(const WorkerFileRead& read) {
    return {{u"path"_s, read.path},
            {u"size"_s, read.size},
            {u"content_base64"_s, base64(read.bytes)},
            {u"truncated"_s, read.truncated}};
}

Result<WorkerFileRead> workerFileRead(const QJsonObject& o) {
    const std::optional<QByteArray> bytes = fromBase64(o.value(u"content_base64"_s));
    if (!bytes) {
        return protocolError(QCoreApplication::translate("zerg::recordjson", "the worker's file"));
    }
    WorkerFileRead out;
    out.path = o.value(u"path"_s).toString();
    out.size = o.value(u"size"_s).toInteger();
    out.bytes = *bytes;
    out.truncated = o.value(u"truncated"_s).toBool();
    return out;
}

}  // namespace recordjson
}  // namespace zerg
