#include "jarvis/supervisor_runs.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "jarvis/jarvis_service.h"
#include "supervision/supervisor_events.h"

namespace zerg {

using namespace supervision;

SupervisorRunAttempt::SupervisorRunAttempt(JarvisService* service, qint64 runId)
    : m_service(service), m_runId(runId) {}

void SupervisorRunAttempt::detach() {
    m_service = nullptr;
}

void SupervisorRunAttempt::requestShutdown() {
    if (m_service)
        m_service->cancelRun(m_runId, tr("Zerg is shutting down"));
    if (!hasExited())
        finish(ExitReason::shutdown());
}

void SupervisorRunAttempt::kill() {
    // Killed first: the run's end, which follows from the cancel, finds this attempt over.
    if (!hasExited())
        finish(ExitReason::killed());
    if (m_service)
        m_service->cancelRun(m_runId, tr("killed by its supervisor"));
}

SupervisorRuns::SupervisorRuns(EventBus* bus, Clock* clock, QObject* parent)
    : QObject(parent), m_bus(bus), m_clock(clock) {
    startSupervisor();
}

SupervisorRuns::~SupervisorRuns() {
    // Zerg is quitting: the attempts end with the supervisor, without touching the services
    // (perhaps already gone) or the event bus.
    if (m_sup) {
        for (const ChildInfo& c : m_sup->whichChildren()) {
            if (auto* attempt = qobject_cast<SupervisorRunAttempt*>(c.child.data()))
                attempt->detach();
        }
        m_sup->disconnect(this);
    }
    m_sup.reset();
}

void SupervisorRuns::startSupervisor() {
    SupervisorFlags flags;
    flags.strategy = Strategy::SimpleOneForOne;
    flags.intensity = kIntensity;
    flags.periodSecs = kPeriodSecs;
    ChildSpec run;
    run.id = QStringLiteral("run");
    run.restart = RestartType::Transient;
    run.shutdown = Shutdown::timeout(5000);
    // A model provider in trouble gets a moment; a person waits for the answer, so not long.
    run.backoff = Backoff{2000, 15'000, 0.2, 60'000};
    run.start = [this](const QVariant& args) -> StartResult {
        const qint64 runId = args.toLongLong();
        JarvisService* service = m_entries.value(runId).service;
        const qint64 outer = std::exchange(m_inStart, runId);
        // nullptr: the run is no longer in progress (cancelled or timed out during the backoff).
        SupervisorRunAttempt* attempt = service ? service->newRunAttempt(runId) : nullptr;
        m_inStart = outer;
        return attempt ? StartResult::started(attempt) : StartResult::ignore();
    };
    auto created = Supervisor::create(QStringLiteral("supervisor_agent"), flags, {run}, m_clock);
    Q_ASSERT(created);  // the spec above is valid by construction
    m_sup = std::move(created).value();
    m_replacing = false;
    if (m_random)
        m_sup->setRandomSource(m_random);
    (void)m_sup->start();
    // Connected first: the run of a new child is known before its child_started goes out.
    connect(m_sup.get(), &Supervisor::childStarted, this, [this](const QString& id) {
        if (auto it = m_entries.find(m_starting); it != m_entries.end() && it->childId.isEmpty())
            it->childId = id;
    });
    forwardSupervisorEvents(m_sup.get(), this,
                            [this](const char* event, const QString& id, QJsonObject data) {
                                publishChildEvent(event, id, std::move(data));
                            });
    connect(m_sup.get(), &Supervisor::gaveUp, this, [this] {
        // Its children are gone: the runs it held end with Jarvis's apology (each one calls
        // stopRun(), hence the copy), and a fresh supervisor takes over for the next runs
        // (after this signal has returned; a run submitted meanwhile runs unsupervised).
        m_replacing = true;
        const QHash<qint64, Entry> held = m_entries;
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            if (it->service)
                it->service->endAfterSupervisorGaveUp(it.key());
        }
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_sup.release()->deleteLater();
                startSupervisor();
            },
            Qt::QueuedConnection);
        Q_EMIT supervisorGaveUp();
    });
}

void SupervisorRuns::setRandomSource(std::function<double()> random) {
    m_random = std::move(random);
    if (m_sup)
        m_sup->setRandomSource(m_random);
}

qint64 SupervisorRuns::runOfChild(const QString& childId) const {
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (it->childId == childId)
            return it.key();
    }
    return 0;
}

void SupervisorRuns::publishChildEvent(const char* name, const QString& childId,
                                       QJsonObject extra) {
    const qint64 runId = runOfChild(childId);
    extra.insert(QStringLiteral("child_id"), childId);
    extra.insert(QStringLiteral("supervisor"), QStringLiteral("supervisor_agent"));
    if (runId > 0)
        extra.insert(QStringLiteral("run_id"), runId);
    // Owner-filtered like every event: a child whose run is gone belongs to nobody.
    m_bus->publish(QString::fromLatin1(name), m_entries.value(runId).ownerId, extra);
}

Status SupervisorRuns::submit(JarvisService* service, qint64 runId) {
    if (m_replacing) {
        return Error{QString::fromLatin1(errors::NotRunning),
                     tr("The supervisor agent's run supervisor gave up and is being replaced.")};
    }
    m_entries.insert(runId, Entry{service, service->ownerId(), {}});
    m_starting = runId;  // childStarted comes from inside startDynamicChild
    const Result<StartedChild> started = m_sup->startDynamicChild(QVariant(runId));
    m_starting = 0;
    if (!started) {
        m_entries.remove(runId);
        return started.error();
    }
    // Ignored (the run ended meanwhile): nothing to hold.
    if (auto it = m_entries.find(runId); it != m_entries.end()) {
        if (started->child)
            it->childId = started->id;
        else
            m_entries.erase(it);
    }
    return Ok{};
}

void SupervisorRuns::stopRun(qint64 runId) {
    const Entry entry = m_entries.take(runId);
    // Inside the start of this very child the supervisor is busy with its record: the attempt
    // has exited (with shutdown, handled a turn later), which ends the child all the same.
    if (runId != m_inStart && !entry.childId.isEmpty())
        (void)m_sup->terminateChild(entry.childId);
}

void SupervisorRuns::stopAll(const QString& reason) {
    const QHash<qint64, Entry> held = m_entries;
    for (auto it = held.cbegin(); it != held.cend(); ++it) {
        if (it->service)
            it->service->cancelRun(it.key(), reason);
        stopRun(it.key());  // a run whose service is gone, or that did not end
    }
}

QJsonObject SupervisorRuns::snapshot() const {
    return m_sup ? m_sup->snapshot() : QJsonObject();
}

}  // namespace zerg
