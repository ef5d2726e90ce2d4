#pragma once

#include "core/clock.h"
#include "schedule/background_runner.h"
#include "schedule/schedule_service.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"

#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace zerg::test {

// A BackgroundRunner for schedule tests: it creates real background runs in the Store (schedule
// runs and inbox items refer to them), records the tasks it was given, and can play a busy or a
// broken supervisor.
class RecordingRunner final : public BackgroundRunner {
public:
    Result<qint64> startBackgroundRun(const QString& task,
                                      std::optional<ApprovalMode> approvalMode) override {
        approvalModes.append(approvalMode);
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
    QList<std::optional<ApprovalMode>> approvalModes;  // each run's, in order
    qint64 lastRun = 0;
};

// A temporary SQLite database with the schedule store, the run store, a RecordingRunner and a
// ScheduleService for owner 1, on a ManualClock that starts at `start`.
struct ScheduleFixture {
    explicit ScheduleFixture(const QDateTime& start, bool startService = true) : clock(start) {
        auto opened = Database::open(dir.filePath(QStringLiteral("zerg.db")), clock.utcNow());
        if (!dir.isValid() || !opened)
            qFatal("ScheduleFixture: cannot create the test database");
        db = std::move(opened).value();
        store = std::make_unique<ScheduleStore>(db.get());
        runStore = std::make_unique<Store>(db.get());
        runner.store = runStore.get();
        runner.clock = &clock;
        makeService();
        if (startService)
            service->start();
    }
    // A new runner on the same database, not started (as after a restart of Zerg).
    void makeService() {
        service = std::make_unique<ScheduleService>(1, store.get(), &runner, &clock);
    }

    QTemporaryDir dir;
    ManualClock clock;
    std::unique_ptr<Database> db;
    std::unique_ptr<ScheduleStore> store;
    std::unique_ptr<Store> runStore;
    RecordingRunner runner;
    std::unique_ptr<ScheduleService> service;
};

}  // namespace zerg::test
