#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

namespace zerg {

class ArtifactStore;
class Store;

struct ReindexReport {
    int scanned = 0;      // worker folders looked at
    int inserted = 0;     // worker_jobs rows created from metadata.json
    int updated = 0;      // rows whose status (and outcome) now follow metadata.json
    int unchanged = 0;    // rows that already agreed
    QStringList skipped;  // "<folder>: <reason>", one per folder that could not be indexed

    [[nodiscard]] QJsonObject toJson() const;
};

// Rebuilds the worker_jobs index from the worker folders on disk (metadata.json is the source of
// truth for a worker's task, status, model and times). ownerId > 0: only that owner's workers;
// <= 0: every owner's. A folder whose metadata.json is missing or unreadable is skipped with the
// reason; one bad folder never stops the rest. `now` stamps owner rows created on the way.
// Errors: only database failures that stop the rebuild ("db").
[[nodiscard]] Result<ReindexReport> rebuildIndex(Store* store, ArtifactStore* artifacts,
                                                 qint64 ownerId, const QDateTime& now);

}  // namespace zerg
