#include "storage/hygiene.h"

#include "storage/artifact_store.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace zerg {

Result<QStringList> pruneWorkerArtifacts(const ArtifactStore& artifacts,
                                         const QDateTime& completedBefore) {
    QStringList removed;
    const QDir root(artifacts.rootDir());
    if (!root.exists())
        return removed;
    const QFileInfoList dirs =
        root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
    for (const QFileInfo& d : dirs) {
        QFile meta(QDir(d.filePath()).filePath(QStringLiteral("metadata.json")));
        if (!meta.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject m = QJsonDocument::fromJson(meta.readAll()).object();
        meta.close();
        const std::optional<JobStatus> status =
            parseStatus<JobStatus>(m.value(QStringLiteral("status")).toString());
        if (!status || !isTerminal(*status))
            continue;
        const QDateTime completed =
            timefmt::fromIso(m.value(QStringLiteral("completed_at")).toString());
        if (!completed.isValid() || completed >= completedBefore)
            continue;
        if (!QDir(d.filePath()).removeRecursively()) {
            return Error{QStringLiteral("io"),
                         QStringLiteral("Could not delete the old worker folder %1. Check its "
                                        "permissions.")
                             .arg(d.filePath())};
        }
        removed.append(d.fileName());
    }
    return removed;
}

Result<int> removeStaleFiles(const QString& dirPath, const QDateTime& olderThan) {
    const QDir dir(dirPath);
    if (!dir.exists())
        return 0;
    int removed = 0;
    QStringList folders;
    QDirIterator it(dirPath, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);  // no FollowSymlinks
    while (it.hasNext()) {
        it.next();
        const QFileInfo f = it.fileInfo();
        if (f.isDir() && !f.isSymLink()) {
            folders.append(f.filePath());
        } else if (f.lastModified() < olderThan) {
            if (QFile::remove(f.filePath()))
                ++removed;
        }
    }
    // Deepest first, so a parent is empty once its children are gone.
    std::sort(folders.begin(), folders.end(),
              [](const QString& a, const QString& b) { return a.size() > b.size(); });
    for (const QString& f : folders)
        QDir().rmdir(f);  // only succeeds when empty
    return removed;
}

}  // namespace zerg
