#include "runtime/instance_lease.h"

#include "core/clock.h"
#include "storage/approval_store.h"
#include "storage/database.h"

#include <QCoreApplication>
#include <QSet>
#include <QSysInfo>

#include <unistd.h>
#include <cerrno>
#include <csignal>

namespace zerg {

namespace {

// Ended instances are listed for a week (`zerg instances list --all`), then pruned.
constexpr qint64 kKeepEndedSecs = 7 * 24 * 3600;

bool processIsGone(qint64 pid) {
    return pid > 0 && ::kill(pid_t(pid), 0) == -1 && errno == ESRCH;
}

}  // namespace

InstanceLease::InstanceLease(Config config, Database* db, ArtifactStore* artifacts, Clock* clock,
                             QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_db(db),
      m_artifacts(artifacts),
      m_clock(clock),
      m_store(db),
      m_processGone(processIsGone) {
    m_config.leaseSeconds = qMax(3, m_config.leaseSeconds);
    m_info.host = QSysInfo::machineHostName();
    m_info.name = m_config.name.trimmed().isEmpty() ? m_info.host : m_config.name.trimmed();
    m_info.pid = QCoreApplication::applicationPid();
    m_info.version = QCoreApplication::applicationVersion();
}

InstanceLease::~InstanceLease() {
    stop();
}

Result<RecoveryReport> InstanceLease::start() {
    const Result<qint64> id =
        m_store.registerInstance(m_info, m_clock->utcNow(), m_config.leaseSeconds);
    if (!id)
        return id.error();
    m_id = id.value();
    m_db->setInstanceId(m_id);
    const Result<RecoveryReport> report = recover(true);
    // An instance that stops cleanly says so (stop()): what it handed back is taken over now,
    // not at the next sweep (PostgreSQL; elsewhere the sweeps alone).
    if (m_config.takeOver && !m_listening) {
        m_listening = m_db->listen(QString::fromLatin1(kStoppedChannel), this, [this] {
            if (m_id > 0)
                scheduleSweep(0);
        });
    }
    scheduleSweep();
    return report;
}

void InstanceLease::stop() {
    if (m_timer)
        m_clock->cancel(m_timer);
    m_timer = 0;
    if (m_id <= 0)
        return;
    if (const Status s = m_store.markStopped(m_id, m_clock->utcNow()); !s)
        qWarning("zerg: %s", qPrintable(s.error().message));
    else
        (void)m_db->notify(QString::fromLatin1(kStoppedChannel), QString::number(m_id));
    m_id = 0;
}

void InstanceLease::scheduleSweep(qint64 afterMs) {
    if (m_timer)
        m_clock->cancel(m_timer);
    const qint64 every = afterMs >= 0 ? afterMs : qint64(m_config.leaseSeconds) * 1000 / 3;
    m_timer = m_clock->callAfter(every, this, [this] {
        m_timer = 0;
        if (const Result<RecoveryReport> r = sweep(); !r)
            qWarning("zerg: %s", qPrintable(r.error().message));
        else if (!r->isEmpty())
            Q_EMIT recovered(r.value());
        if (m_id > 0)
            scheduleSweep();
    });
}

Result<RecoveryReport> InstanceLease::sweep() {
    if (m_id <= 0)
        return RecoveryReport{};
    const QDateTime now = m_clock->utcNow();
    const Status renewed = m_store.renew(m_id, now, m_config.leaseSeconds);
    m_renewing = renewed.ok() || renewed.error().code == QLatin1String("lost");
    if (!renewed) {
        if (!m_renewing)
            return renewed.error();  // the database is unreachable: try again next time
        // Another process took this one for dead: what it held was declared interrupted. New
        // work gets a new holder.
        qWarning("zerg: %s Registering again.", qPrintable(renewed.error().message));
        const Result<qint64> id = m_store.registerInstance(m_info, now, m_config.leaseSeconds);
        if (!id)
            return id.error();
        m_id = id.value();
        m_db->setInstanceId(m_id);
    }
    return recover(false);
}

Result<RecoveryReport> InstanceLease::recover(bool unheld) {
    const QDateTime now = m_clock->utcNow();
    // Instances whose lease ran out, and those of this machine whose process is gone (no need
    // to wait for their lease), are lost: exactly one process marks each.
    const Result<QList<InstanceRecord>> all = m_store.list(QDateTime());
    if (!all)
        return all.error();
    for (const InstanceRecord& r : all.value()) {
        const bool expired = r.leaseUntil < now;
        if (r.id == m_id || r.state != InstanceState::Running ||
            !(expired || (r.info.host == m_info.host && m_processGone(r.info.pid)))) {
            continue;
        }
        const Result<bool> marked = m_store.markLost(r.id, now);
        if (!marked)
            return marked.error();
        if (marked.value()) {
            qWarning(
                "zerg: instance %lld (%s on %s, pid %lld) %s; its work is taken over or "
                "interrupted",
                r.id, qPrintable(r.info.name), qPrintable(r.info.host), r.info.pid,
                expired ? "stopped renewing its lease" : "is no longer running");
        }
    }
    const Result<QList<qint64>> holders = m_store.endedHolders(m_id);
    if (!holders)
        return holders.error();
    if (holders->isEmpty() && !unheld)
        return RecoveryReport{};
    // First the runs this process goes on with: they are then its own, and what follows
    // declares the rest interrupted (their workers too).
    Result<QList<TakenOverRun>> taken =
        m_config.takeOver ? takeOver(holders.value(), now) : QList<TakenOverRun>();
    if (!taken)
        return taken.error();
    RecoveryOptions o;
    o.heldBy = holders.value();
    o.unheld = unheld;
    o.runError = QStringLiteral(
                     "interrupted: the Zerg process running this stopped or stopped answering "
                     "(found by %1)")
                     .arg(m_info.name);
    o.jobError = QStringLiteral(
                     "interrupted: the Zerg process running this worker stopped or stopped "
                     "answering (found by %1)")
                     .arg(m_info.name);
    // The runs taken are this process's now: whatever fails below, they must go on (the rest
    // is found again at the next sweep).
    const auto failed = [&taken](const Error& e) -> Result<RecoveryReport> {
        if (taken->isEmpty())
            return e;
        qWarning("zerg: %s", qPrintable(e.message));
        RecoveryReport partial;
        partial.takenOver = taken.value();
        return partial;
    };
    Result<RecoveryReport> interrupted = recoverInterruptedJobs(m_db, m_artifacts, now, o);
    if (!interrupted)
        return failed(interrupted.error());
    RecoveryReport report = std::move(interrupted).value();
    report.takenOver = taken.value();
    // The workers that waited for an answer are gone: their requests cannot be answered.
    ApprovalStore approvals(m_db);
    if (auto withdrawn = approvals.cancelPendingOf(
            report.jobIds, report.runIds,
            tr("Zerg stopped before an answer; the call did not run."), now);
        !withdrawn) {
        return failed(withdrawn.error());
    }
    (void)m_store.pruneEnded(now.addSecs(-kKeepEndedSecs));
    return report;
}

Result<QList<TakenOverRun>> InstanceLease::takeOver(const QList<qint64>& holders,
                                                    const QDateTime& now) {
    const Result<QList<TakeOverCandidate>> candidates = m_store.takeOverCandidates(
        holders, m_config.maxRunAttempts, now.addSecs(-kTakeOverWithinSecs));
    if (!candidates)
        return candidates.error();
    QList<TakenOverRun> taken;
    QSet<qint64> owners;  // one run per owner: its supervisor agent runs one at a time
    for (const TakeOverCandidate& c : candidates.value()) {
        if (owners.contains(c.ownerId) || (m_ownerIsFree && !m_ownerIsFree(c.ownerId)))
            continue;
        const Result<bool> took = m_store.takeOver(c.runId, c.fromId, m_id);
        if (!took) {
            if (taken.isEmpty())
                return took.error();
            qWarning("zerg: %s", qPrintable(took.error().message));
            break;  // those already taken go on; the rest waits for the next sweep
        }
        if (!took.value())
            continue;  // another process was first
        owners.insert(c.ownerId);
        taken.append({c.runId, c.ownerId, c.fromName});
        qWarning("zerg: took over run %lld of owner %lld from instance %s", c.runId, c.ownerId,
                 qPrintable(c.fromName));
    }
    return taken;
}

}  // namespace zerg
