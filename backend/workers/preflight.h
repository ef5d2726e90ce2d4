#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace zerg {

// Checks made before a worker starts (issue 7, "preflight"): a failing check means the worker does
// not start and the supervisor is told why (spawn_worker's failure shape, error code
// "preflight_failed"). Failed preflights are not crashes: nothing is restarted.
struct Preflight {
    QString workerModel;       // empty: no model configured for workers
    QStringList allowedHosts;  // the allowlist's aliases
    QString artifactsRoot;     // where the worker's folder will be
    qint64 minFreeBytes = 100LL * 1024 * 1024;
    // Free bytes on the file system holding a path (QStorageInfo by default; tests inject).
    std::function<qint64(const QString&)> freeBytes;

    // What is wrong, one sentence each that says what to do; empty when the worker may start.
    // hosts: the aliases the supervisor says the worker will use.
    [[nodiscard]] QStringList check(const QStringList& hosts) const;
};

}  // namespace zerg
