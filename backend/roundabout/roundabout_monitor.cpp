#include "roundabout/roundabout_monitor.h"

#include "core/clock.h"

#include <QJsonArray>
#include <QSet>

namespace zerg {
namespace {

qint64 seconds(qint64 ms) {
    return (ms + 500) / 1000;
}

QString lastOperation(const WorkerSnapshot& s) {
    if (s.activity.isEmpty())
        return {};
    const ActivityEntry& a = s.activity.last();
    return a.display.isEmpty() ? a.tool : a.display;
}

QString suggestionFor(const QString& code) {
    if (code == QLatin1String("host_key_changed")) {
        return QStringLiteral(
            "Do not retry. The server's SSH host key changed: tell the user to verify the server "
            "and update its known_hosts entry if the change is expected.");
    }
    if (code == QLatin1String("host_key_unknown")) {
        return QStringLiteral(
            "The host is not trusted yet: tell the user to verify its fingerprint and add it to "
            "the known_hosts file.");
    }
    if (code == QLatin1String("host_not_allowed")) {
        return QStringLiteral(
            "The host is not in the allowlist: tell the user to add it to the hosts file "
            "(ZERG_HOSTS_FILE) or use one of the allowed hosts.");
    }
    if (code == QLatin1String("auth_failed")) {
        return QStringLiteral(
            "SSH authentication failed: tell the user to configure a key for this host "
            "(IdentityFile in the hosts file, or ssh-agent).");
    }
    if (code == QLatin1String("timeout")) {
        return QStringLiteral(
            "The worker ran out of time: report any partial findings and suggest a narrower "
            "task.");
    }
    return QStringLiteral("Explain the failure to the user and suggest next steps.");
}

}  // namespace

RoundaboutMonitor::RoundaboutMonitor(MonitoredWorker* worker, Clock* clock, RoundaboutConfig config,
                                     QObject* parent)
    : QObject(parent), m_worker(worker), m_clock(clock), m_config(config) {}

void RoundaboutMonitor::start() {
    m_startedMs = m_clock->nowMs();
    if (m_worker) {
        connect(m_worker, &MonitoredWorker::terminated, this, &RoundaboutMonitor::check);
        connect(m_worker, &QObject::destroyed, this, [this] {
            if (!m_done) {
                finishWith({{QStringLiteral("status"), QStringLiteral("failed")},
                            {QStringLiteral("error"), QStringLiteral("the worker disappeared")}});
            }
        });
    }
    scheduleCheck();
}

void RoundaboutMonitor::cancel(const QString& reason) {
    if (m_done || !m_worker)
        return;
    m_worker->stop(QStringLiteral("cancelled"), reason);
    const WorkerSnapshot s = m_worker->snapshot();
    QJsonObject r = failureShape(m_worker->jobId(), s);
    r.insert(QStringLiteral("status"), QStringLiteral("cancelled"));
    r.insert(QStringLiteral("reason"), reason);
    finishWith(r);
}

void RoundaboutMonitor::scheduleCheck() {
    m_timer =
        m_clock->callAfter(qint64(m_config.checkIntervalSeconds) * 1000, this, [this] { check(); });
}

void RoundaboutMonitor::check() {
    if (m_done || !m_worker)
        return;
    m_clock->cancel(m_timer);
    ++m_checks;
    WorkerSnapshot s = m_worker->snapshot();
    if (s.activity.size() > m_config.activityLogMaxEntries) {
        s.activity = s.activity.mid(s.activity.size() - m_config.activityLogMaxEntries);
    }
    Q_EMIT checked(s);
    if (s.status == QLatin1String("success")) {
        finishWith(completeShape(m_worker->jobId(), s));
        return;
    }
    if (s.isTerminal()) {
        finishWith(failureShape(m_worker->jobId(), s));
        return;
    }
    const qint64 elapsed = m_clock->nowMs() - m_startedMs;
    if (elapsed >= qint64(m_config.hardTimeoutSeconds) * 1000) {
        const QString why = tr("the worker did not finish within %1 s (hard timeout)")
                                .arg(m_config.hardTimeoutSeconds);
        m_worker->stop(QStringLiteral("timeout"), why);
        WorkerSnapshot after = m_worker->snapshot();
        after.status = QStringLiteral("timeout");
        after.error = why;
        after.errorCode = QStringLiteral("timeout");
        finishWith(failureShape(m_worker->jobId(), after));
        return;
    }
    scheduleCheck();
}

void RoundaboutMonitor::finishWith(QJsonObject result) {
    if (m_done)
        return;
    m_done = true;
    m_clock->cancel(m_timer);
    m_result = std::move(result);
    Q_EMIT finished();
}

QJsonObject RoundaboutMonitor::completeShape(qint64 jobId, const WorkerSnapshot& s) {
    QSet<QString> tools;
    QSet<QString> hosts;
    QJsonArray toolsUsed;
    QJsonArray hostsAccessed;
    for (const ActivityEntry& a : s.activity) {
        if (!tools.contains(a.tool)) {
            tools.insert(a.tool);
            toolsUsed.append(a.tool);
        }
        if (!a.host.isEmpty() && !hosts.contains(a.host)) {
            hosts.insert(a.host);
            hostsAccessed.append(a.host);
        }
    }
    return {{QStringLiteral("status"), QStringLiteral("complete")},
            {QStringLiteral("job_id"), jobId},
            {QStringLiteral("worker_id"), s.workerId},
            {QStringLiteral("duration_seconds"), seconds(s.elapsedMs)},
            {QStringLiteral("summary"), s.summary},
            {QStringLiteral("result"), s.result},
            {QStringLiteral("activity_summary"),
             QJsonObject{{QStringLiteral("tool_calls"), int(s.activity.size())},
                         {QStringLiteral("tools_used"), toolsUsed},
                         {QStringLiteral("hosts_accessed"), hostsAccessed}}}};
}

QJsonObject RoundaboutMonitor::failureShape(qint64 jobId, const WorkerSnapshot& s) {
    const QString status =
        s.status == QLatin1String("timeout") || s.status == QLatin1String("cancelled")
            ? s.status
            : QStringLiteral("failed");
    return {{QStringLiteral("status"), status},
            {QStringLiteral("job_id"), jobId},
            {QStringLiteral("worker_id"), s.workerId},
            {QStringLiteral("error"), s.error},
            {QStringLiteral("activity_at_failure"),
             QJsonObject{{QStringLiteral("elapsed_seconds"), seconds(s.elapsedMs)},
                         {QStringLiteral("last_operation"), lastOperation(s)},
                         {QStringLiteral("failure_details"), s.error},
                         {QStringLiteral("error_code"), s.errorCode}}},
            {QStringLiteral("suggestion"), suggestionFor(s.errorCode)}};
}

}  // namespace zerg
