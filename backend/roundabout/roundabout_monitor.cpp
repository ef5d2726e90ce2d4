#include "roundabout/roundabout_monitor.h"

#include "core/clock.h"
#include "roundabout/decision_payload.h"
#include "roundabout/heuristic_decider.h"
#include "roundabout/llm_decider.h"

#include <QJsonArray>
#include <QSet>

#include <utility>

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
    if (code == QLatin1String("budget_exceeded")) {
        return QStringLiteral(
            "Do not retry: the worker used up its token budget. Report what it found so far and "
            "suggest a narrower task, or tell the user how to raise the budget.");
    }
    if (code == QLatin1String("violation")) {
        return QStringLiteral(
            "Do not retry: the worker tried a command that a safety rule forbids. Tell the user "
            "what it tried and that they must run it themselves if it is really wanted.");
    }
    if (code == QLatin1String("xo_emergency") || code == QLatin1String("xo_escalated")) {
        return QStringLiteral(
            "The worker kept going in circles despite its supervisor's steering and was stopped. "
            "Look at what it tried (read_worker_file thread.jsonl), then try a different approach "
            "or ask the user.");
    }
    if (code == QLatin1String("preflight_failed")) {
        return QStringLiteral(
            "The worker could not start: fix what the preflight check names, then try again.");
    }
    if (code == QLatin1String("timeout")) {
        return QStringLiteral(
            "The worker ran out of time: report any partial findings and suggest a narrower "
            "task.");
    }
    return QStringLiteral("Explain the failure to the user and suggest next steps.");
}

// What a bare `exit` returns as findings: the output of the newest tool call that has one, else
// the worker's result so far.
QString latestOutput(const WorkerSnapshot& s) {
    for (qsizetype i = s.activity.size() - 1; i >= 0; --i) {
        const ActivityEntry& a = s.activity[i];
        if (!a.outputExcerpt.isEmpty()) {
            const QString what = a.display.isEmpty() ? a.tool : a.display;
            return QStringLiteral("%1 answered: %2").arg(what, a.outputExcerpt);
        }
    }
    if (!s.result.isEmpty())
        return s.result;
    return QStringLiteral("(the decider gave no findings and the worker had no output yet)");
}

}  // namespace

Decider* makeDecider(const RoundaboutConfig& config, LlmProvider* llm, Clock* clock,
                     const CallMeta& meta, QObject* parent) {
    if (config.deciderModel.isEmpty() || !llm)
        return new HeuristicDecider(config.heuristicCancelSeconds, parent);
    LlmDeciderConfig c;
    c.model = config.deciderModel;
    c.callBudget = config.deciderCallBudget;
    c.timeoutMs = config.deciderTimeoutSeconds * 1000;
    c.meta = meta;
    c.profiles = config.profiles;
    return new LlmDecider(llm, clock, c, parent);
}

RoundaboutMonitor::RoundaboutMonitor(MonitoredWorker* worker, Clock* clock, RoundaboutConfig config,
                                     Decider* decider, QObject* parent)
    : QObject(parent),
      m_worker(worker),
      m_clock(clock),
      m_config(config),
      m_decider(decider ? decider : new HeuristicDecider(config.heuristicCancelSeconds)) {
    m_decider->setParent(this);
}

void RoundaboutMonitor::start() {
    m_startedMs = m_clock->nowMs();
    if (m_worker) {
        connect(m_worker, &MonitoredWorker::terminated, this, &RoundaboutMonitor::check);
        connect(m_worker, &MonitoredWorker::helpRequested, this, [this] {
            if (m_deciding)
                m_recheck = true;  // right after the decision in progress
            else
                check();
        });
        connect(m_worker, &QObject::destroyed, this, [this] {
            if (!m_done) {
                finishWith({{QStringLiteral("status"), statusName(WorkerStatus::Failed)},
                            {QStringLiteral("error"), QStringLiteral("the worker disappeared")}});
            }
        });
    }
    scheduleCheck();
}

void RoundaboutMonitor::cancel(const QString& reason) {
    if (m_done || !m_worker)
        return;
    stopWorker(WorkerStatus::Cancelled, reason);
    const WorkerSnapshot s = m_worker->snapshot();
    QJsonObject r = failureShape(m_worker->jobId(), s);
    r.insert(QStringLiteral("status"), statusName(WorkerStatus::Cancelled));
    r.insert(QStringLiteral("reason"), reason);
    finishWith(r);
}

void RoundaboutMonitor::scheduleCheck() {
    m_clock->cancel(m_timer);
    m_timer =
        m_clock->callAfter(qint64(m_config.checkIntervalSeconds) * 1000, this, [this] { check(); });
}

void RoundaboutMonitor::stopWorker(WorkerStatus status, const QString& reason) {
    // The stop ends the worker synchronously; its terminated() must not finish the roundabout
    // with the plain failure shape before the caller builds its own.
    m_stopping = true;
    m_worker->stop(status, reason);
    m_stopping = false;
}

void RoundaboutMonitor::check() {
    if (m_done || !m_worker || m_stopping)
        return;
    // The whole activity log: only the decider's payload is cut to the newest entries (with
    // omitted_entries), so counts, peek numbers and the "nothing new" fingerprint see every call.
    const WorkerSnapshot s = m_worker->snapshot();
    // The worker's end is handled at once, also in the middle of a decision.
    if (s.isTerminal())
        ++m_checks;
    if (s.status == WorkerStatus::Success) {
        Q_EMIT checked(s);
        finishWith(completeShape(m_worker->jobId(), s));
        return;
    }
    if (s.isTerminal()) {
        Q_EMIT checked(s);
        finishWith(failureShape(m_worker->jobId(), s));
        return;
    }
    if (m_deciding)
        return;  // the next check is scheduled when the decision is in
    m_clock->cancel(m_timer);
    ++m_checks;
    Q_EMIT checked(s);
    if (s.status == WorkerStatus::AwaitingApproval) {
        // A person is deciding: nothing to judge, and the clock does not run (see below).
        scheduleCheck();
        return;
    }
    if (m_clock->nowMs() - m_startedMs - s.approvalWaitMs >=
        qint64(m_config.hardTimeoutSeconds) * 1000) {
        hardTimeout(s);
        return;
    }
    const QJsonObject payload =
        decisionPayload(m_worker->jobId(), s, m_config.activityLogMaxEntries);
    const QString fingerprint = payloadFingerprint(payload);
    if (fingerprint == m_lastFingerprint) {
        // Nothing new since the last decision: asking again would cost a call and say the same.
        ++m_unchanged;
        Decision d = Decision::defaultWait(QStringLiteral("nothing new since the last check"));
        d.source = QStringLiteral("unchanged");
        record(s, payload, d);
        scheduleCheck();
        return;
    }
    m_lastFingerprint = fingerprint;
    ask(s, payload, false);
}

void RoundaboutMonitor::ask(const WorkerSnapshot& s, const QJsonObject& payload, bool peeked) {
    m_deciding = true;
    m_decider->decide(payload, [this, s, payload, peeked](const Decision& d) {
        onDecision(s, payload, peeked, d);
    });
}

void RoundaboutMonitor::onDecision(const WorkerSnapshot& s, const QJsonObject& payload, bool peeked,
                                   const Decision& d) {
    m_deciding = false;
    if (m_done || !m_worker)
        return;
    record(s, payload, d);
    if (d.action != DecisionAction::Wait)
        Q_EMIT decided(d);
    switch (d.action) {
        case DecisionAction::Wait:
            break;
        case DecisionAction::Exit: {
            const QString why = tr("stopped early: the supervisor had its answer");
            stopWorker(WorkerStatus::Cancelled, why);
            // The counts are those the decider saw, before the stop ended the running calls. A
            // bare `exit` names no findings: the worker's latest output stands for them.
            finishWith(earlyExitShape(m_worker->jobId(), s,
                                      d.argument.isEmpty() ? latestOutput(s) : d.argument));
            return;
        }
        case DecisionAction::Cancel:
            cancel(d.argument);
            return;
        case DecisionAction::Peek:
            if (!peeked) {
                // Shown to the decider once, then it decides again; never stored in the thread.
                const QString content = m_worker->peek(d.argument, m_config.peekMaxChars);
                ask(s,
                    decisionPayload(m_worker->jobId(), s, m_config.activityLogMaxEntries,
                                    d.argument, content),
                    true);
                return;
            }
            break;  // a second peek in a row: wait
        case DecisionAction::Message:
            m_worker->sendMessage(d.argument);
            break;
    }
    if (std::exchange(m_recheck, false)) {
        m_lastFingerprint.clear();
        check();
        return;
    }
    scheduleCheck();
}

void RoundaboutMonitor::record(const WorkerSnapshot& s, const QJsonObject& payload,
                               const Decision& d) {
    if (!m_worker)
        return;
    const qint64 elapsedSeconds = seconds(m_clock->nowMs() - m_startedMs);
    m_worker->recordCheck(elapsedSeconds,
                          {{QStringLiteral("check"), m_checks},
                           {QStringLiteral("elapsed_seconds"), elapsedSeconds},
                           {QStringLiteral("status"), statusName(s.status)},
                           {QStringLiteral("decider"), m_decider->kind()},
                           {QStringLiteral("saw"), payload},
                           {QStringLiteral("decision"), d.toJson()},
                           {QStringLiteral("counters"), m_decider->counters().toJson()},
                           {QStringLiteral("unchanged_checks"), m_unchanged}});
}

void RoundaboutMonitor::hardTimeout(const WorkerSnapshot& s) {
    const QString why =
        tr("the worker did not finish within %1 s (hard timeout)").arg(m_config.hardTimeoutSeconds);
    Decision d = Decision::defaultWait(QStringLiteral("hard timeout"));
    d.source = QStringLiteral("hard_timeout");
    record(s, {}, d);
    if (!m_config.cancelOnHardTimeout) {
        WorkerSnapshot still = s;
        still.status = WorkerStatus::Timeout;
        still.error = why;
        still.errorCode = QStringLiteral("timeout");
        QJsonObject r = failureShape(m_worker->jobId(), still);
        r.insert(QStringLiteral("still_running"), true);
        r.insert(QStringLiteral("suggestion"),
                 tr("The worker %1 may still be running and keeps its results: look at it later "
                    "with get_worker_metadata or read_worker_result, and tell the user it is "
                    "still working.")
                     .arg(s.workerId));
        finishWith(r);
        return;
    }
    stopWorker(WorkerStatus::Timeout, why);
    WorkerSnapshot after = m_worker->snapshot();
    after.status = WorkerStatus::Timeout;
    after.error = why;
    after.errorCode = QStringLiteral("timeout");
    finishWith(failureShape(m_worker->jobId(), after));
}

void RoundaboutMonitor::finishWith(QJsonObject result) {
    if (m_done)
        return;
    m_done = true;
    m_clock->cancel(m_timer);
    m_decider->abort();
    m_deciding = false;
    m_result = std::move(result);
    Q_EMIT finished();
}

QJsonObject RoundaboutMonitor::earlyExitShape(qint64 jobId, const WorkerSnapshot& s,
                                              const QString& findings) {
    int completed = 0;
    int pending = 0;
    for (const ActivityEntry& a : s.activity)
        a.outcome == CallOutcome::Running ? ++pending : ++completed;
    return {{QStringLiteral("status"), QStringLiteral("early_exit")},
            {QStringLiteral("job_id"), jobId},
            {QStringLiteral("worker_id"), s.workerId},
            {QStringLiteral("reason"),
             QStringLiteral("The supervisor identified the answer in the worker's activity")},
            {QStringLiteral("partial_findings"), findings},
            {QStringLiteral("activity_at_exit"),
             QJsonObject{{QStringLiteral("elapsed_seconds"), seconds(s.elapsedMs)},
                         {QStringLiteral("completed_operations"), completed},
                         {QStringLiteral("pending_operations"), pending}}}};
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
    // The seed's failure shapes: timeout, cancelled, and failed for every other end.
    const WorkerStatus status =
        s.status == WorkerStatus::Timeout || s.status == WorkerStatus::Cancelled
            ? s.status
            : WorkerStatus::Failed;
    return {{QStringLiteral("status"), statusName(status)},
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
