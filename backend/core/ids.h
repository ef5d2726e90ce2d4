#pragma once

#include <QDateTime>
#include <QString>

namespace zerg::ids {

// "Check disk usage on cube!" -> "check-disk-usage-on-cube", at most maxLen characters.
[[nodiscard]] QString slugify(const QString& text, int maxLen = 40);

// "2024-12-03T14-32-00_disk-check": UTC time plus the slug of the task. Callers that need
// uniqueness within one second append a suffix (see ArtifactStore).
[[nodiscard]] QString workerId(const QDateTime& utc, const QString& task);

}  // namespace zerg::ids
