#include "runtime/app_tree.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "runtime/health_monitor.h"
#include "runtime/hygiene_daemon.h"
#include "jarvis/jarvis_service.h"
#include "supervision/supervisor_events.h"
#include "workers/worker_pool.h"

#include <QJsonArray>

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
    JarvisService* jarvis = m_s.jarvis;
    ChildSpec agent = service(QStringLiteral("supervisor_agent"), {}, [jarvis] {
        if (jarvis && jarvis->isBusy())
            jarvis->cancelRun(jarvis->currentRunId());
    });
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
    SupervisorFlags rootFlags;
    rootFlags.intensity = 3;
    rootFlags.periodSecs = 60;
    auto created = Supervisor::create(QStringLiteral("zerg"), rootFlags, root, clock);
    Q_ASSERT(created);  // the specs above are valid by construction
    m_root = std::move(created).value();
    watch(m_root.get());
    // The pool's own supervisor giving up is the workers service failing.
    if (pool) {
        connect(pool, &WorkerPool::supervisorGaveUp, this, [this] {
            if (m_workersChild)
                m_workersChild->crash(QStringLiteral("the worker supervisor gave up"));
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
        if (c.value(QStringLiteral("id")).toString() == QLatin1String("workers") && m_s.pool) {
            c.insert(QStringLiteral("child"), m_s.pool->supervisionSnapshot());
            children.replace(i, c);
        }
    }
    tree.insert(QStringLiteral("children"), children);
    return tree;
}

}  // namespace zerg
