#include "workers/preflight.h"

#include <QDir>
#include <QFileInfo>
#include <QStorageInfo>

namespace zerg {

QStringList Preflight::check(const QStringList& hosts) const {
    QStringList problems;
    if (workerModel.trimmed().isEmpty()) {
        problems.append(
            QStringLiteral("No model is configured for workers: set ZERG_MODEL (or "
                           "ZERG_WORKER_MODEL)."));
    }
    for (const QString& h : hosts) {
        if (!allowedHosts.contains(h)) {
            problems.append(
                QStringLiteral("The host \"%1\" is not in the allowlist (%2). Use one of the "
                               "allowed aliases, or ask the user to add it to the hosts file "
                               "(ZERG_HOSTS_FILE).")
                    .arg(h, allowedHosts.isEmpty() ? QStringLiteral("it is empty")
                                                   : allowedHosts.join(QStringLiteral(", "))));
        }
    }
    if (!artifactsRoot.isEmpty()) {
        // The folder may not exist yet: measure the nearest existing parent.
        QString probe = QDir::cleanPath(QDir(artifactsRoot).absolutePath());
        while (!QFileInfo::exists(probe) && QFileInfo(probe).path() != probe)
            probe = QFileInfo(probe).path();
        const qint64 free = freeBytes ? freeBytes(probe) : QStorageInfo(probe).bytesAvailable();
        if (free >= 0 && free < minFreeBytes) {
            problems.append(
                QStringLiteral("Only %1 MB are free where workers keep their artifacts (%2); a "
                               "worker needs at least %3 MB. Free some space or move "
                               "ZERG_DATA_DIR.")
                    .arg(free / (1024 * 1024))
                    .arg(artifactsRoot)
                    .arg(minFreeBytes / (1024 * 1024)));
        }
    }
    return problems;
}

}  // namespace zerg
