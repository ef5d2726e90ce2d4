#include "runtime/app_tree.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "jarvis/supervisor_runs.h"
#include "mcp/mcp_servers.h"
#include "runtime/health_monitor.h"
#include "runtime/hygiene_daemon.h"
#include "schedule/schedule_service.h"
#include "supervision/supervisor_events.h"
#include "workers/worker_pool.h"

#include <QJsonArray>

#include <algorithm>

namespace zerg {

using namespace supervision;

ServiceChild::ServiceChild(std::function<void()> onStop) : m_onStop(std::move(onStop)) {}

void ServiceChild::requestShutdown() {
    if (m_onStop)
        m_onStop();
    if (!hasExited())
        finish(ExitReason::shutdown());
}

void ServiceChild::kill() {
    if (m_onStop)
        m_onStop();
    if (!hasExited())
        finish(ExitReason::killed());
}

void ServiceChild::crash(const QString& why) {
    if (!hasExited())
        finish(ExitReason::crash(why));
}

namespace {

ChildSpec service(const QString& id, std::function<void()> onStart, std::function<void()> onStop,
                  std::function<void(ServiceChild*)> started = {}) {
    ChildSpec spec;
    spec.id = id;
    spec.restart = RestartType::Permanent;
    spec.shutdown = Shutdown::timeout(5000);
    spec.start = [onStart, onStop, started](const QVariant&) -> StartResult {
        if (onStart)
            onStart();
        auto* child = new ServiceChild(onStop);
        if (started)
            started(child);
        return StartResult::started(child);
    };
    return spec;
}

// One owner's scheduler. A (re)start begins clean: stop() drops whatever a crashed run of it
// left armed, and start() re-arms from the database (the interrupted-runs sweep is the first
// start's only).
ChildSpec schedulerSpec(const AppTree::OwnerScheduler& owner) {
    const QPointer<ScheduleService> s = owner.scheduler;
    return service(
        QStringLiteral("owner_%1").arg(owner.ownerId),
        [s] {
            if (s) {
                s->stop();
                s->start();
            }
        },
        [s] {
            if (s)
                s->stop();
        });
}

}  // namespace

AppTree::AppTree(Services services, QObject* parent) : QObject(parent), m_s(services) {
    // monitors
    QList<ChildSpec> monitors;
    HygieneDaemon* hygiene = m_s.hygiene;
    if (hygiene) {
        monitors.append(service(
            QStringLiteral("hygiene"), [hygiene] { hygiene->start(); },
            [hygiene] { hygiene->stop(); }));
    }
    HealthMonitor* health = m_s.health;
    if (health) {
        monitors.append(service(
            QStringLiteral("health"), [health] { health->start(); }, [health] { health->stop(); }));
    }
    // The budget monitor reacts to recorded calls; as a child it shows in the tree.
    monitors.append(service(QStringLiteral("budget"), {}, {}));
    SupervisorFlags monitorFlags;
    monitorFlags.intensity = 5;
    monitorFlags.periodSecs = 60;
    Clock* clock = m_s.clock;
    ChildSpec monitorsSpec;
    monitorsSpec.id = QStringLiteral("monitors");
    monitorsSpec.type = ChildType::Supervisor;
    monitorsSpec.restart = RestartType::Permanent;
    monitorsSpec.start = [this, monitorFlags, monitors, clock](const QVariant&) -> StartResult {
        auto sup = Supervisor::create(QStringLiteral("monitors"), monitorFlags, monitors, clock);
        if (!sup)
            return StartResult::error(sup.error().message);
        watch(sup.value().get());
        return Supervisor::startAsChild(std::move(sup).value());
    };

    WorkerPool* pool = m_s.pool;
    SupervisorRuns* runs = m_s.runs;
    // Its runs are the children of SupervisorRuns' own supervisor; this service stands for it.
    ChildSpec agent = service(
        QStringLiteral("supervisor_agent"), {},
        [runs] {
            if (runs)
                runs->stopAll(tr("Zerg is shutting down"));
        },
        [this](ServiceChild* c) { m_agentChild = c; });
    agent.backoff = Backoff{1000, 30'000, 0.2, 60'000};

    QList<ChildSpec> root{
        service(QStringLiteral("storage"), {}, {}),
        service(
            QStringLiteral("workers"), {},
            [pool] {
                if (pool)
                    pool->stopAll(tr("Zerg is shutting down"));
            },
            [this](ServiceChild* c) { m_workersChild = c; }),
        agent,
        monitorsSpec,
    };
    if (McpServers* mcp = m_s.mcp) {
        // After storage, before the workers that use its tools (so it stops after them).
        ChildSpec mcpSpec;
        mcpSpec.id = QStringLiteral("mcp");
        mcpSpec.type = ChildType::Supervisor;
        mcpSpec.restart = RestartType::Permanent;
        const QPointer<McpServers> servers = mcp;
        mcpSpec.start = [this, servers](const QVariant&) -> StartResult {
            if (!servers)
                return StartResult::ignore();
            std::unique_ptr<Supervisor> sup = servers->createSupervisor();
            if (!sup)
                return StartResult::error(
                    QStringLiteral("the MCP supervisor could not be created"));
            watch(sup.get());
            return Supervisor::startAsChild(std::move(sup));
        };
        root.insert(1, mcpSpec);
    }
    if (m_s.schedulers) {  // after the agent whose runs they start, so they stop before it
        const auto agentAt = std::find_if(root.begin(), root.end(), [](const ChildSpec& c) {
            return c.id == QLatin1String("supervisor_agent");
        });
        root.insert(agentAt == root.end() ? root.end() : agentAt + 1, schedulesSpec());
    }
    SupervisorFlags rootFlags;
    rootFlags.intensity = 3;
    rootFlags.periodSecs = 60;
    auto created = Supervisor::create(QStringLiteral("zerg"), rootFlags, root, clock);
    Q_ASSERT(created);  // the specs above are valid by construction
    m_root = std::move(created).value();
    watch(m_root.get());
    // The pool's own supervisor giving up is the workers service failing; the same for the runs.
    if (pool) {
        connect(pool, &WorkerPool::supervisorGaveUp, this, [this] {
            if (m_workersChild)
                m_workersChild->crash(QStringLiteral("the worker supervisor gave up"));
        });
    }
    if (runs) {
        connect(runs, &SupervisorRuns::supervisorGaveUp, this, [this] {
            if (m_agentChild)
                m_agentChild->crash(
                    QStringLiteral("the supervisor agent's run supervisor gave up"));
        });
    }
}

AppTree::~AppTree() {
    if (m_root) {
        m_root->disconnect(this);
        if (isRunning())
            m_root->kill();
    }
}

ChildSpec AppTree::schedulesSpec() {
    ChildSpec spec;
    spec.id = QStringLiteral("schedules");
    spec.type = ChildType::Supervisor;
    spec.restart = RestartType::Permanent;
    spec.start = [this](const QVariant&) -> StartResult {
        QList<ChildSpec> children;
        for (const OwnerScheduler& owner : std::as_const(*m_s.schedulers))
            children.append(schedulerSpec(owner));
        SupervisorFlags flags;
        flags.intensity = 5;
        flags.periodSecs = 60;
        auto sup = Supervisor::create(QStringLiteral("schedules"), flags, children, m_s.clock);
        if (!sup)
            return StartResult::error(sup.error().message);
        m_schedules = sup.value().get();
        watch(m_schedules);
        return Supervisor::startAsChild(std::move(sup).value());
    };
    return spec;
}

Status AppTree::addScheduler(qint64 ownerId, ScheduleService* scheduler) {
    if (!m_s.schedulers) {
        return Error{QString::fromLatin1(errors::NotRunning),
                     tr("This process does not run the schedules: another Zerg process owns the "
                        "data folder.")};
    }
    const OwnerScheduler owner{ownerId, scheduler};
    m_s.schedulers->append(owner);  // every later start of `schedules` starts it too
    if (!m_schedules || !m_schedules->isRunning())
        return Ok{};  // it starts with `schedules`
    if (const Result<StartedChild> started = m_schedules->startChild(schedulerSpec(owner));
        !started) {
        return started.error();
    }
    return Ok{};
}

Status AppTree::addService(const QString& id, std::function<Status()> start,
                           std::function<void()> stop) {
    // What the last start said, in the service's own words (the supervisor wraps them).
    auto failure = std::make_shared<std::optional<Error>>();
    ChildSpec spec;
    spec.id = id;
    spec.restart = RestartType::Permanent;
    spec.shutdown = Shutdown::timeout(5000);
    // A service that keeps failing (a port someone else took) is not retried in a tight loop.
    spec.backoff = Backoff{1000, 30'000, 0.2, 60'000};
    spec.start = [start, stop, failure](const QVariant&) -> StartResult {
        if (start) {
            if (Status s = start(); !s) {
                *failure = s.error();
                return StartResult::error(s.error().message);
            }
        }
        return StartResult::started(new ServiceChild(stop));
    };
    if (const Result<StartedChild> started = m_root->startChild(spec); !started)
        return failure->value_or(started.error());
    return Ok{};
}

void AppTree::crashService(const QString& id, const QString& why) {
    for (const ChildInfo& c : m_root->whichChildren()) {
        if (c.id != id)
            continue;
        if (auto* child = qobject_cast<ServiceChild*>(c.child.data()))
            child->crash(why);
        return;
    }
}

void AppTree::watch(Supervisor* sup) {
    const QString name = sup->name();
    auto publish = [this, name](const char* event, const QString& id, QJsonObject extra) {
        if (!m_s.bus)
            return;
        extra.insert(QStringLiteral("supervisor"), name);
        extra.insert(QStringLiteral("child_id"), id);
        m_s.bus->publish(QString::fromLatin1(event), 0, extra);
    };
    forwardSupervisorEvents(sup, this, publish);
}

Status AppTree::start() {
    return m_root->start();
}

bool AppTree::isRunning() const {
    return m_root && m_root->isRunning();
}

void AppTree::stop() {
    if (!isRunning())
        return;
    m_root->stop();
    if (isRunning())
        m_root->kill();
}

QJsonObject AppTree::snapshot() const {
    QJsonObject tree = m_root->snapshot();
    QJsonArray children = tree.value(QStringLiteral("children")).toArray();
    for (qsizetype i = 0; i < children.size(); ++i) {
        QJsonObject c = children.at(i).toObject();
        const QString id = c.value(QStringLiteral("id")).toString();
        if (id == QLatin1String("workers") && m_s.pool) {
            c.insert(QStringLiteral("child"), m_s.pool->supervisionSnapshot());
            children.replace(i, c);
        } else if (id == QLatin1String("supervisor_agent") && m_s.runs) {
            c.insert(QStringLiteral("child"), m_s.runs->snapshot());
            children.replace(i, c);
        }
    }
    tree.insert(QStringLiteral("children"), children);
    return tree;
}

}  // namespace zerg
