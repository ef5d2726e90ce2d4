#pragma once

#include "core/result.h"
#include "supervision/child.h"
#include "supervision/keyed_children.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

namespace zerg {

class Clock;
class EventBus;
class JarvisService;

// One attempt of a supervisor agent's run under SupervisorRuns' supervisor: it exits normal when
// the run succeeds, shutdown:<why> when the run ends without wanting a restart (cancelled, timed
// out, or failed for good and answered with an apology), and crash:<code> when a failure asks
// for a restart, which resumes the run from its stored thread.
class SupervisorRunAttempt final : public supervision::Child {
    Q_OBJECT
public:
    SupervisorRunAttempt(JarvisService* service, qint64 runId);
    // Asked to stop (Zerg quits, or the run's child is stopped): the run is cancelled, which ends
    // this attempt with shutdown.
    void requestShutdown() override;
    // Reports killed first, then cancels the run (whose own end then finds the attempt over).
    void kill() override;
    void exitWith(const supervision::ExitReason& reason) { finish(reason); }
    // The service is going away: stopping this attempt must not touch it.
    void detach();
    [[nodiscard]] qint64 runId() const { return m_runId; }

private:
    QPointer<JarvisService> m_service;
    qint64 m_runId;
};

// The supervisor agent's runs as the dynamic children of one OTP-style supervisor
// ("supervisor_agent": simple_one_for_one, transient children "run", intensity 5 restarts in
// 60 s, backoff 2 s to 15 s), shared by every owner's JarvisService. A run whose attempt crashes
// (a transient failure, or the one retry of a persistent one) is restarted after the backoff
// and resumes from its thread; successful, cancelled and finally failed runs are not. If the
// supervisor gives up, the runs it held end with Jarvis's apology and a fresh supervisor takes
// over (as a permanent parent would restart it). child_started / child_exited /
// child_restarted / supervisor_escalated are published with the run's id and owner.
class SupervisorRuns : public QObject {
    Q_OBJECT
public:
    SupervisorRuns(EventBus* bus, Clock* clock, QObject* parent = nullptr);
    ~SupervisorRuns() override;

    // Starts runId of service as a child: its start (and every restart) takes the attempt from
    // service->newRunAttempt(runId), which starts it. Errors: the supervisor is not running
    // (it is being replaced after giving up), or the start failed; the caller then runs the
    // attempt itself, unsupervised.
    [[nodiscard]] Status submit(JarvisService* service, qint64 runId);
    // The run has ended (or is ending): its child is stopped if it is still there (a pending
    // restart is cancelled) and the run forgotten.
    void stopRun(qint64 runId);
    // Cancels every run it holds through its service (Zerg is shutting down).
    void stopAll(const QString& reason);
    [[nodiscard]] int runCount() const { return int(m_entries.size()); }
    // The supervisor's live tree (supervision::Supervisor::snapshot) for the dashboard, each
    // run's child with its run_id and owner_id.
    [[nodiscard]] QJsonObject snapshot() const;
    [[nodiscard]] supervision::Supervisor* supervisor() const { return m_children->supervisor(); }
    // For tests: the backoff's random draw.
    void setRandomSource(std::function<double()> random);

    // At most this many restarts in kPeriodSecs, over all runs, before the supervisor gives up.
    static constexpr int kIntensity = 5;
    static constexpr int kPeriodSecs = 60;

Q_SIGNALS:
    // The runs' supervisor exceeded its restart intensity (its runs ended with an apology); a
    // fresh one has taken over.
    void supervisorGaveUp();

private:
    struct Entry {
        QPointer<JarvisService> service;
        qint64 ownerId = 0;
    };

    void publishChildEvent(const char* name, const QString& childId, qint64 runId,
                           QJsonObject extra);

    EventBus* m_bus;
    QHash<qint64, Entry> m_entries;                          // by run id
    std::unique_ptr<supervision::KeyedChildren> m_children;  // the runs' supervisor
};

}  // namespace zerg
