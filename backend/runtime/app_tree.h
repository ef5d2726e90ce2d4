#pragma once

#include "core/result.h"
#include "supervision/supervisor.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>

namespace zerg {

class Clock;
class EventBus;
class HealthMonitor;
class HygieneDaemon;
class JarvisService;
class WorkerPool;

// A long-lived service as a child of the application tree: `onStart` runs when the supervisor
// starts (or restarts) it, `onStop` when it is asked to stop or killed. crash() reports a failure
// of the service, which its supervisor then handles by its restart rules.
class ServiceChild final : public supervision::Child {
    Q_OBJECT
public:
    explicit ServiceChild(std::function<void()> onStop);
    void requestShutdown() override;
    void kill() override;
    void crash(const QString& why);

private:
    std::function<void()> m_onStop;
};

// The application's supervision tree (ARCHITECTURE.md; docs/supervision.md):
//
//   zerg (one_for_one, 3 restarts in 60 s)
//   ├── storage            the database and the artifact folders
//   ├── workers            the worker pool; its own dynamic supervisor holds the workers
//   ├── supervisor_agent   the owner's Jarvis (permanent, backoff 1 s .. 30 s)
//   └── monitors (one_for_one, 5 in 60 s)
//       ├── hygiene        retention, stale files, orphaned jobs (only in the data folder's owner)
//       ├── health         workers without progress
//       └── budget         run budgets (reacts to every recorded model call)
//
// Services start in that order and stop in the reverse order. The scheduler and the API server
// join as children when they exist. Its signals are published as child_started, child_exited,
// child_restarted and supervisor_escalated (owner 0: the system).
class AppTree : public QObject {
    Q_OBJECT
public:
    struct Services {
        EventBus* bus = nullptr;
        Clock* clock = nullptr;
        WorkerPool* pool = nullptr;
        JarvisService* jarvis = nullptr;
        HygieneDaemon* hygiene = nullptr;  // nullptr: another process owns the data folder
        HealthMonitor* health = nullptr;
    };

    explicit AppTree(Services services, QObject* parent = nullptr);
    ~AppTree() override;

    [[nodiscard]] Status start();
    // Stops every service in reverse start order; synchronous for these services (each stops
    // at once), with a kill for anything still alive.
    void stop();
    [[nodiscard]] bool isRunning() const;
    // The live tree for the dashboard, the worker pool's supervisor nested under "workers".
    [[nodiscard]] QJsonObject snapshot() const;
    [[nodiscard]] supervision::Supervisor* root() const { return m_root.get(); }

private:
    void watch(supervision::Supervisor* sup);

    Services m_s;
    std::unique_ptr<supervision::Supervisor> m_root;
    QPointer<ServiceChild> m_workersChild;
};

}  // namespace zerg
