#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <array>

namespace zerg {

class Database;

// Where a registered process stands (docs/server.md): running while it renews its lease,
// stopped when it ended cleanly, lost when another process found its lease run out (or its
// process gone) and declared its work interrupted.
enum class InstanceState { Running, Stopped, Lost };

template <>
struct StatusTable<InstanceState> {
    static constexpr std::array<std::pair<InstanceState, const char*>, 3> names{{
        {InstanceState::Running, "running"},
        {InstanceState::Stopped, "stopped"},
        {InstanceState::Lost, "lost"},
    }};
};

// Who a process is: what `zerg instances list` shows.
struct InstanceInfo {
    QString name;  // `zerg serve --instance-name`, or the host's name
    QString host;  // the machine's host name
    qint64 pid = 0;
    QString version;
};

struct InstanceRecord {
    qint64 id = 0;
    InstanceInfo info;
    QDateTime startedAt;
    QDateTime heartbeatAt;
    QDateTime leaseUntil;
    InstanceState state = InstanceState::Running;
    QDateTime stoppedAt;  // invalid while running
    int runsHeld = 0;     // its runs still running
    int jobsHeld = 0;     // its worker jobs still queued or running
};

// A run of an ended instance that another may take over (docs/server.md, "Taking over").
struct TakeOverCandidate {
    qint64 runId = 0;
    qint64 ownerId = 0;
    qint64 fromId = 0;  // the ended instance that holds it
    QString fromName;
};

// The instances table: every process that may start runs or workers on the database registers
// here and renews a lease; its runs and jobs name it as their holder (Database::instanceId).
// What another process may declare interrupted is only what a holder no longer holds: one
// whose lease ran out, that stopped, or that was lost. Times are the callers' clock (keep the
// machines' clocks in step: NTP).
class InstanceStore {
public:
    explicit InstanceStore(Database* db);  // not owned; must outlive the store

    // A new instance, running, its lease until now + leaseSeconds.
    [[nodiscard]] Result<qint64> registerInstance(const InstanceInfo& info, const QDateTime& now,
                                                  int leaseSeconds);
    // Renews the lease. "lost" when another process has declared this one lost meanwhile (its
    // work was declared interrupted: register again for new work).
    [[nodiscard]] Status renew(qint64 id, const QDateTime& now, int leaseSeconds);
    // The process ends cleanly: stopped (what it still holds is free to be recovered).
    [[nodiscard]] Status markStopped(qint64 id, const QDateTime& now);
    // Marks a running instance lost; true when this call did it (one process wins).
    [[nodiscard]] Result<bool> markLost(qint64 id, const QDateTime& now);

    // The running instances and those lost since `lostSince`, newest first, with the work each
    // holds; an invalid time: every instance kept, stopped ones too.
    [[nodiscard]] Result<QList<InstanceRecord>> list(const QDateTime& lostSince) const;
    // The instances other than `self` that are not running but still hold unfinished work.
    [[nodiscard]] Result<QList<qint64>> endedHolders(qint64 self) const;
    // The runs of the ended instances `holders` that may be taken over, oldest first: running,
    // not a scheduled check, no change recorded (Store::recordChange), fewer than maxAttempts
    // attempts, and held by an instance last heard of at `heardSince` or later.
    [[nodiscard]] Result<QList<TakeOverCandidate>> takeOverCandidates(
        const QList<qint64>& holders, int maxAttempts, const QDateTime& heardSince) const;
    // Makes `self` the holder of the run and counts the attempt, if it is still running, held by
    // `from` and unchanged: true when this call took it (one process wins).
    [[nodiscard]] Result<bool> takeOver(qint64 runId, qint64 from, qint64 self);
    // Deletes instances that ended before `before` and hold nothing unfinished; how many.
    [[nodiscard]] Result<int> pruneEnded(const QDateTime& before);

private:
    // running -> state, stamped now; true when this call changed it.
    [[nodiscard]] Result<bool> end(qint64 id, InstanceState state, const QDateTime& now);

    Database* m_db;
};

}  // namespace zerg
