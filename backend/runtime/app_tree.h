#pragma once

#include "core/result.h"
#include "supervision/supervisor.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace zerg {

class Clock;
class EventBus;
class HealthMonitor;
class HygieneDaemon;
class McpServers;
class ScheduleService;
class SupervisorRuns;
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

// The application's supervision tree (ARCHITECTURE.md; docs/supervision.md, docs/reliability.md):
//
//   zerg (one_for_one, 3 restarts in 60 s)
//   ├── storage            the database and the artifact folders
//   ├── mcp                the MCP servers, each under its own supervisor (McpServers)
//   ├── workers            the worker pool; its own dynamic supervisor holds the workers
//   ├── supervisor_agent   the supervisor agent's runs; their own dynamic supervisor holds them
//   ├── schedules (one_for_one, 5 in 60 s; only in the data folder's owner)
//   │   └── owner_<id>     one owner's scheduler (owners added later join with addScheduler)
//   ├── monitors (one_for_one, 5 in 60 s)
//   │   ├── hygiene        retention, stale files, orphaned jobs (only in the data folder's owner)
//   │   ├── health         workers without progress
//   │   └── budget         run budgets (reacts to every recorded model call)
//   └── <service>          added with addService by a room above runtime: `api` in `zerg serve`
//
// Services start in that order and stop in the reverse order. workers and supervisor_agent stand
// for the supervisors of WorkerPool and SupervisorRuns: when one of those gives up, its service
// crashes here, and stopping the service stops every worker or run. Its signals are published as
// child_started, child_exited, child_restarted and supervisor_escalated (owner 0: the system).
class AppTree : public QObject {
    Q_OBJECT
public:
    struct OwnerScheduler {
        qint64 ownerId = 0;
        ScheduleService* scheduler = nullptr;
    };
    struct Services {
        EventBus* bus = nullptr;
        Clock* clock = nullptr;
        WorkerPool* pool = nullptr;
        SupervisorRuns* runs = nullptr;    // every owner's supervisor runs
        HygieneDaemon* hygiene = nullptr;  // nullptr: another process owns the data folder
        HealthMonitor* health = nullptr;
        McpServers* mcp = nullptr;  // nullptr: no MCP servers configured
        // nullopt: another process owns the data folder and runs the schedules (no `schedules`).
        std::optional<QList<OwnerScheduler>> schedulers = std::nullopt;
    };

    explicit AppTree(Services services, QObject* parent = nullptr);
    ~AppTree() override;

    [[nodiscard]] Status start();
    // Stops every service in reverse start order; synchronous for these services (each stops
    // at once), with a kill for anything still alive.
    void stop();
    [[nodiscard]] bool isRunning() const;
    // The live tree for the dashboard, the worker pool's supervisor nested under "workers" and
    // the runs' under "supervisor_agent".
    [[nodiscard]] QJsonObject snapshot() const;
    [[nodiscard]] supervision::Supervisor* root() const { return m_root.get(); }

    // An owner added after start (server mode): its scheduler joins `schedules` now, and every
    // restart of `schedules` from then on. Errors: not_running (this process does not run the
    // schedules), the supervisor's.
    [[nodiscard]] Status addScheduler(qint64 ownerId, ScheduleService* scheduler);
    // A service of a room above runtime (the API server) as a permanent child of the root,
    // started now, after the others, so that it stops first; restarted with backoff 1 s .. 30 s.
    // A failed start is answered with start's own error and leaves no child behind. stop runs when
    // the tree stops or kills the service; both functions must stay callable while the tree lives
    // (capture a QPointer to what they use).
    [[nodiscard]] Status addService(const QString& id, std::function<Status()> start,
                                    std::function<void()> stop);
    // Reports that a service added with addService failed (its listener broke): the root
    // restarts it by its rules. Nothing happens when it is not running.
    void crashService(const QString& id, const QString& why);

private:
    void watch(supervision::Supervisor* sup);
    [[nodiscard]] supervision::ChildSpec schedulesSpec();

    Services m_s;
    std::unique_ptr<supervision::Supervisor> m_root;
    QPointer<ServiceChild> m_workersChild;
    QPointer<ServiceChild> m_agentChild;
    QPointer<supervision::Supervisor> m_schedules;  // the running `schedules` supervisor
};

}  // namespace zerg
