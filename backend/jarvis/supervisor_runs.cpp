#include "jarvis/supervisor_runs.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "jarvis/jarvis_service.h"

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
    : QObject(parent), m_bus(bus) {
    SupervisorFlags flags;
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
        // nullptr: the run is no longer in progress (cancelled or timed out during the backoff).
        SupervisorRunAttempt* attempt = service ? service->newRunAttempt(runId) : nullptr;
        return attempt ? StartResult::started(attempt) : StartResult::ignore();
    };
    m_children = std::make_unique<KeyedChildren>(
        QStringLiteral("supervisor_agent"), flags, run, clock,
        [this](const char* event, const QString& id, qint64 runId, QJsonObject data) {
            publishChildEvent(event, id, runId, std::move(data));
        });
    connect(m_children.get(), &KeyedChildren::gaveUp, this, [this] {
        // Its children are gone: the runs it held end with Jarvis's apology (each one calls
        // stopRun(), hence the copy); a fresh supervisor takes over for the next runs (a run
        // submitted meanwhile runs unsupervised).
        const QHash<qint64, Entry> held = m_entries;
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            if (it->service)
                it->service->endAfterSupervisorGaveUp(it.key());
        }
        Q_EMIT supervisorGaveUp();
    });
}

SupervisorRuns::~SupervisorRuns() {
    // Zerg is quitting: the attempts end with the supervisor, without touching the services
    // (perhaps already gone) or the event bus.
    for (supervision::Child* c : m_children->children()) {
        if (auto* attempt = qobject_cast<SupervisorRunAttempt*>(c))
            attempt->detach();
    }
    m_children.reset();
}

void SupervisorRuns::setRandomSource(std::function<double()> random) {
    m_children->setRandomSource(std::move(random));
}

void SupervisorRuns::publishChildEvent(const char* name, const QString& childId, qint64 runId,
                                       QJsonObject extra) {
    extra.insert(QStringLiteral("child_id"), childId);
    extra.insert(QStringLiteral("supervisor"), QStringLiteral("supervisor_agent"));
    if (runId > 0)
        extra.insert(QStringLiteral("run_id"), runId);
    // Owner-filtered like every event: a child whose run is gone belongs to nobody.
    m_bus->publish(QString::fromLatin1(name), m_entries.value(runId).ownerId, extra);
}

Status SupervisorRuns::submit(JarvisService* service, qint64 runId) {
    m_entries.insert(runId, Entry{service, service->ownerId()});
    const Result<StartedChild> started = m_children->start(runId);
    if (!started) {
        m_entries.remove(runId);
        return started.error();
    }
    if (!started->child)
        m_entries.remove(runId);  // ignored (the run ended meanwhile): nothing to hold
    return Ok{};
}

void SupervisorRuns::stopRun(qint64 runId) {
    m_entries.remove(runId);
    m_children->stop(runId);
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
    return m_children->snapshot(QStringLiteral("run_id"),
                                [this](qint64 runId) { return m_entries.value(runId).ownerId; });
}

}  // namespace zerg
