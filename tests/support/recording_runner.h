#pragma once

#include "core/clock.h"
#include "schedule/background_runner.h"
#include "storage/store.h"

#include <QStringList>

namespace zerg::test {

// A BackgroundRunner for schedule tests: it creates real background runs in the Store (schedule
// runs and inbox items refer to them), records the tasks it was given, and can play a busy or a
// broken supervisor.
class RecordingRunner final : public BackgroundRunner {
public:
    Result<qint64> startBackgroundRun(const QString& task) override {
        if (busy)
            return Error{QStringLiteral("busy"), QStringLiteral("still working")};
        if (!failure.isEmpty())
            return Error{QStringLiteral("no_provider"), failure};
        const auto thread = store->findOrCreateSupervisorThread(ownerId, {}, clock->utcNow());
        if (!thread)
            return thread.error();
        const Result<qint64> run = store->createRun(ownerId, thread->id, task, clock->utcNow(),
                                                    QStringLiteral("background"));
        if (run) {
            tasks.append(task);
            lastRun = run.value();
        }
        return run;
    }

    Store* store = nullptr;  // where runs are created (not owned)
    Clock* clock = nullptr;
    qint64 ownerId = 1;
    bool busy = false;  // answer "busy", as JarvisService does while a run is in progress
    QString failure;    // non-empty: fail to start with this message
    QStringList tasks;
    qint64 lastRun = 0;
};

}  // namespace zerg::test
