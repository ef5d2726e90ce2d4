#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QString>

#include <optional>

namespace zerg {

// Starts a supervisor run in the background (no chat turn) for a schedule. JarvisService in the
// app; a fake in tests. An error with code "busy" means "not now": the schedule waits and is
// offered again when a run finishes.
class BackgroundRunner {
public:
    virtual ~BackgroundRunner() = default;
    // approvalMode: the schedule's own (ScheduleRecord::approvalMode); nullopt: Settings'
    // schedule mode.
    [[nodiscard]] virtual Result<qint64> startBackgroundRun(
        const QString& task, std::optional<ApprovalMode> approvalMode) = 0;
};

}  // namespace zerg
