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
class InstanceLease : public QObject {
    Q_OBJECT
public:
    struct Config {
        QString name;           // empty: the machine's host name
        int leaseSeconds = 30;  // Settings::leaseSeconds
    };
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

    // For tests: whether a process of this machine is gone (default: kill(pid, 0) fails with
    // ESRCH).
    void setProcessGone(std::function<bool(qint64 pid)> gone) { m_processGone = std::move(gone); }

Q_SIGNALS:
    // Work of another instance was declared interrupted (not emitted from start()).
    void recovered(const RecoveryReport& report);

private:
    [[nodiscard]] Result<RecoveryReport> recover(bool unheld);
    void scheduleSweep();

    Config m_config;
    Database* m_db;
    ArtifactStore* m_artifacts;
    Clock* m_clock;
    InstanceStore m_store;
    InstanceInfo m_info;
    qint64 m_id = 0;
    quint64 m_timer = 0;
    bool m_renewing = true;
    std::function<bool(qint64)> m_processGone;
};

}  // namespace zerg
