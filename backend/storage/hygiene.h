#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace zerg {

class ArtifactStore;

// Deletes the folders of finished workers (success, failed, timeout, cancelled) that completed
// before `completedBefore`. Running workers, folders without a readable metadata.json and
// symlinks are left alone. The database keeps its rows: list_workers still shows the worker,
// reading its files says they were pruned. Returns the worker ids removed. Idempotent.
[[nodiscard]] Result<QStringList> pruneWorkerArtifacts(const ArtifactStore& artifacts,
                                                       const QDateTime& completedBefore);

// Removes files under `dir` last modified before `olderThan`, then the folders left empty
// (never `dir` itself, never through a symlink). Returns how many files went. Idempotent.
[[nodiscard]] Result<int> removeStaleFiles(const QString& dir, const QDateTime& olderThan);

}  // namespace zerg
