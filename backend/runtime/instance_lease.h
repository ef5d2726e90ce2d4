#pragma once

#include "core/result.h"
#include "storage/instance_store.h"
#include "storage/job_recovery.h"

#include <QObject>
#include <QString>

namespace zerg {

class ArtifactStore;
class Clock;
class Database;

// This process's hold on the work it starts, when several processes share one database
// (docs/server.md). start() registers the process as an instance (InstanceStore), which the
// runs and worker jobs it creates name as their holder, and recovers what processes that are
// gone left behind. Then every third of the lease it renews its own lease and sweeps: a running
// instance whose lease ran out (or, on this machine, whose process is gone) is marked lost, and
// the runs and jobs still held by instances that stopped or were lost become failed
// ("interrupted: …") with their pending approval requests withdrawn. Another process starting
// never touches work whose holder is alive. SQLite (one desktop) takes the same path.
//
// Taking over (Config::takeOver, `zerg serve`): a run of an ended instance that nothing may have
// changed a system for (no first change recorded: Store::recordChange), that is not a scheduled
// check, has attempts left and whose holder was heard of in the last kTakeOverWithinSecs becomes
// this process's instead (one process wins each), and the report names it (takenOver): the
// owner's supervisor agent goes on with it from its stored thread. Its workers are declared
// interrupted like the rest; the run starts again what it still needs. An instance that stops
// cleanly NOTIFYs kStoppedChannel, on which the others sweep at once (PostgreSQL).
class InstanceLease : public QObject {
    Q_OBJECT
public:
    struct Config {
        QString name;            // empty: the machine's host name
        int leaseSeconds = 30;   // Settings::leaseSeconds
        bool takeOver = false;   // take over the runs of ended instances (see above)
        int maxRunAttempts = 3;  // a run taken over this often (attempts) is not taken again
    };
    // A run whose holder was last heard of longer ago than this is declared interrupted: its
    // answer would come too late to be of use.
    static constexpr qint64 kTakeOverWithinSecs = 10 * 60;
    InstanceLease(Config config, Database* db, ArtifactStore* artifacts, Clock* clock,
                  QObject* parent = nullptr);
    ~InstanceLease() override;

    // Registers this process and recovers the work of ended instances and the work that names
    // no holder (from before holders were recorded); then sweeps every third of the lease.
    [[nodiscard]] Result<RecoveryReport> start();
    // Marks this process stopped (clean exit) and stops sweeping. Idempotent.
    void stop();
    // One sweep now (what the timer does): what it recovered.
    [[nodiscard]] Result<RecoveryReport> sweep();

    [[nodiscard]] qint64 instanceId() const { return m_id; }
    // Whether the last renewal reached the database (false: the lease may run out, and this
    // process's work be declared interrupted by another).
    [[nodiscard]] bool isRenewing() const { return m_renewing; }
    [[nodiscard]] const InstanceInfo& info() const { return m_info; }

    // With Config::takeOver: whether this process can go on with a run of this owner now (its
    // supervisor agent is idle). Unset: always. A run it cannot take is declared interrupted.
    void setOwnerIsFree(std::function<bool(qint64 ownerId)> free) {
        m_ownerIsFree = std::move(free);
    }

    // For tests: whether a process of this machine is gone (default: kill(pid, 0) fails with
    // ESRCH).
    void setProcessGone(std::function<bool(qint64 pid)> gone) { m_processGone = std::move(gone); }

Q_SIGNALS:
    // Work of another instance was declared interrupted (not emitted from start()).
    void recovered(const RecoveryReport& report);

private:
    [[nodiscard]] Result<RecoveryReport> recover(bool unheld);
    // Claims the runs of `holders` that may be taken over (Config::takeOver).
    [[nodiscard]] Result<QList<TakenOverRun>> takeOver(const QList<qint64>& holders,
                                                       const QDateTime& now);
    // The next sweep after afterMs; negative: a third of the lease.
    void scheduleSweep(qint64 afterMs = -1);
    // NOTIFY when an instance stops cleanly (payload: its id).
    static constexpr char kStoppedChannel[] = "zerg_instance_stopped";

    Config m_config;
    Database* m_db;
    ArtifactStore* m_artifacts;
    Clock* m_clock;
    InstanceStore m_store;
    InstanceInfo m_info;
    qint64 m_id = 0;
    quint64 m_timer = 0;
    bool m_renewing = true;
    bool m_listening = false;
    std::function<bool(qint64)> m_processGone;
    std::function<bool(qint64)> m_ownerIsFree;
};

}  // namespace zerg
