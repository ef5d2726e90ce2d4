#include "workers/approvals.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "storage/artifact_store.h"
#include "tools/shell_command.h"

#include <QJsonArray>
#include <QSet>

namespace zerg {
namespace {

const QString kApprovalsFile = QStringLiteral("approvals.jsonl");

// "15 minutes", "45 seconds": the timeout in the expiry message.
QString durationWords(qint64 ms) {
    if (ms >= 60000 && ms % 60000 == 0)
        return Approvals::tr("%n minute(s)", nullptr, int(ms / 60000));
    return Approvals::tr("%n second(s)", nullptr, int((ms + 999) / 1000));
}

QString isoOrEmpty(const QDateTime& t) {
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

}  // namespace

Approvals::Approvals(ApprovalStore* store, ArtifactStore* artifacts, EventBus* bus, Clock* clock,
                     ApprovalsConfig config, QObject* parent)
    : QObject(parent),
      m_store(store),
      m_artifacts(artifacts),
      m_bus(bus),
      m_clock(clock),
      m_config(std::move(config)) {}

ApprovalPolicy Approvals::policyFor(qint64 ownerId, bool background,
                                    std::optional<ApprovalMode> scheduleMode) const {
    ApprovalPolicy p =
        background ? m_config.policy.forBackground(scheduleMode.value_or(m_config.scheduleMode))
                   : m_config.policy;
    p.rules.clear();
    if (const auto rules = m_store->rules(ownerId)) {
        for (const ApprovalRuleRecord& r : *rules)
            p.rules.append({r.id, r.host, r.prefix});
    } else {
        qWarning("approvals: %s", qPrintable(rules.error().message));
    }
    return p;
}

QJsonObject Approvals::approvalJson(const ApprovalRecord& r) {
    return {{QStringLiteral("approval_id"), r.id},
            {QStringLiteral("job_id"), r.jobId},
            {QStringLiteral("run_id"), r.runId},
            {QStringLiteral("worker_id"), r.workerId},
            {QStringLiteral("call_id"), r.callId},
            {QStringLiteral("tool"), r.tool},
            {QStringLiteral("target"), r.target},
            {QStringLiteral("action"), r.action},
            {QStringLiteral("classification"), r.classification},
            {QStringLiteral("task"), r.task},
            {QStringLiteral("stated_reason"), r.statedReason},
            {QStringLiteral("mode"), r.mode},
            {QStringLiteral("suggested_prefix"), QJsonArray::fromStringList(r.suggestedPrefix)},
            {QStringLiteral("status"), statusName(r.status)},
            {QStringLiteral("requested_at"), isoOrEmpty(r.requestedAt)},
            {QStringLiteral("expires_at"), isoOrEmpty(r.expiresAt)},
            {QStringLiteral("decided_at"), isoOrEmpty(r.decidedAt)},
            {QStringLiteral("decided_by"), r.decidedBy},
            {QStringLiteral("device"), r.device},
            {QStringLiteral("message"), r.message},
            {QStringLiteral("rule_id"), r.ruleId}};
}

void Approvals::record(const ApprovalRecord& r, const char* eventName) {
    if (!r.workerId.isEmpty()) {
        if (Status s = m_artifacts->appendJsonLine(r.workerId, kApprovalsFile, approvalJson(r));
            !s) {
            qWarning("approvals: %s", qPrintable(s.error().message));
        }
    }
    m_bus->publish(QString::fromLatin1(eventName), r.ownerId, approvalJson(r));
}

Result<ApprovalRecord> Approvals::request(ApprovalRecord draft) {
    draft.status = ApprovalStatus::Pending;
    draft.requestedAt = m_clock->utcNow();
    draft.expiresAt = draft.requestedAt.addMSecs(m_config.timeoutMs);
    const Result<qint64> id = m_store->createRequest(draft);
    if (!id)
        return id.error();
    draft.id = *id;
    if (draft.runId != 0) {
        RunWait& w = m_runWaits[draft.runId];
        if (w.pending++ == 0)
            w.sinceMs = m_clock->nowMs();
    }
    record(draft, events::ApprovalRequested);
    Q_EMIT requested(draft);
    const qint64 ownerId = draft.ownerId;
    const qint64 approvalId = draft.id;
    m_waiting.insert(approvalId, ownerId);
    schedulePoll();
    m_expiry.insert(
        approvalId, m_clock->callAfter(m_config.timeoutMs, this, [this, ownerId, approvalId] {
            m_expiry.remove(approvalId);
            const auto expired = settle(ownerId, approvalId,
                                        {ApprovalStatus::Expired,
                                         QStringLiteral("expiry"),
                                         {},
                                         tr("Nobody answered within %1, so the call was denied.")
                                             .arg(durationWords(m_config.timeoutMs)),
                                         0});
            if (!expired && expired.error().code != QLatin1String("invalid_state"))
                qWarning("approvals: %s", qPrintable(expired.error().message));
        }));
    return draft;
}

Result<ApprovalRecord> Approvals::answer(qint64 ownerId, qint64 approvalId,
                                         const ApprovalReply& reply) {
    ApprovalAnswer a;
    a.decidedBy = QStringLiteral("user");
    a.device = reply.device;
    a.message = reply.message.trimmed();
    a.status =
        reply.choice == ApprovalChoice::Deny ? ApprovalStatus::Denied : ApprovalStatus::Allowed;
    if (reply.choice == ApprovalChoice::AlwaysAllow) {
        const Result<ApprovalRecord> r = m_store->request(ownerId, approvalId);
        if (!r)
            return r.error();
        if (r->status != ApprovalStatus::Pending)
            return settle(ownerId, approvalId, a);  // the store names its status
        const QStringList words =
            shell::callClass(r->args.value(QStringLiteral("command")).toString(), r->target)
                .commandWords;
        const QStringList prefix = reply.prefix.isEmpty() ? r->suggestedPrefix : reply.prefix;
        if (r->suggestedPrefix.isEmpty() || !ApprovalPolicy::covers(prefix, words)) {
            return Error{
                QStringLiteral("invalid_argument"),
                r->suggestedPrefix.isEmpty()
                    ? tr("Approval %1 cannot become a rule: only one command without "
                         "redirections can be always allowed. Allow it once instead.")
                          .arg(approvalId)
                    : tr("\"%1\" is not the start of the command \"%2\". Give the "
                         "command's first words, for example \"%3\".")
                          .arg(prefix.join(u' '), words.join(u' '), r->suggestedPrefix.join(u' '))};
        }
        const Result<qint64> rule = m_store->addRule(ownerId, r->target, prefix, approvalId,
                                                     QStringLiteral("user"), m_clock->utcNow());
        if (!rule)
            return rule.error();
        a.ruleId = *rule;
    }
    return settle(ownerId, approvalId, a);
}

void Approvals::withdraw(qint64 ownerId, qint64 approvalId, const QString& why) {
    const auto r = settle(ownerId, approvalId,
                          {ApprovalStatus::Cancelled, QStringLiteral("system"), {}, why, 0});
    if (!r && r.error().code != QLatin1String("invalid_state"))
        qWarning("approvals: %s", qPrintable(r.error().message));
}

Result<ApprovalRecord> Approvals::settle(qint64 ownerId, qint64 approvalId,
                                         const ApprovalAnswer& a) {
    const Result<ApprovalRecord> r = m_store->answer(ownerId, approvalId, a, m_clock->utcNow());
    if (!r)
        return r;
    forget(*r);  // answered here: not "gone" at the next look either
    record(*r, events::ApprovalResolved);
    Q_EMIT resolved(*r);
    return r;
}

void Approvals::forget(const ApprovalRecord& r) {
    if (const auto timer = m_expiry.take(r.id))
        m_clock->cancel(timer);
    m_waiting.remove(r.id);
    m_shown.remove(r.id);
    if (const auto it = m_runWaits.find(r.runId); it != m_runWaits.end() && it->pending > 0) {
        if (--it->pending == 0)
            it->totalMs += m_clock->nowMs() - it->sinceMs;
    }
}

void Approvals::settledElsewhere(const ApprovalRecord& r) {
    // The process that settled it wrote approvals.jsonl; here only this process learns of it.
    forget(r);
    m_bus->publish(QString::fromLatin1(events::ApprovalResolved), r.ownerId, approvalJson(r));
    Q_EMIT resolved(r);
}

void Approvals::watchOtherProcesses(qint64 intervalMs) {
    m_watchOthers = true;
    m_pollMs = qMax<qint64>(50, intervalMs);
    schedulePoll();
}

void Approvals::schedulePoll() {
    if (m_pollTimer != 0 || (!m_watchOthers && m_waiting.isEmpty()))
        return;
    m_pollTimer = m_clock->callAfter(m_pollMs, this, [this] {
        m_pollTimer = 0;
        poll();
        schedulePoll();
    });
}

void Approvals::poll() {
    // Ours, answered elsewhere (the window answered a request of `zerg mcp serve`).
    const QHash<qint64, qint64> waiting = m_waiting;
    for (auto it = waiting.cbegin(); it != waiting.cend(); ++it) {
        const Result<ApprovalRecord> r = m_store->request(it.value(), it.key());
        if (r && r->status != ApprovalStatus::Pending && m_waiting.contains(it.key()))
            settledElsewhere(*r);
    }
    if (!m_watchOthers)
        return;
    const Result<QList<ApprovalRecord>> pending = m_store->pendingOfAllOwners();
    if (!pending) {
        qWarning("approvals: %s", qPrintable(pending.error().message));
        return;
    }
    QSet<qint64> still;
    for (const ApprovalRecord& r : *pending) {
        still.insert(r.id);
        if (m_waiting.contains(r.id))
            continue;
        // Its process would have expired it by now: it is gone (killed). Expired here, so
        // that no request stays pending for ever.
        if (r.expiresAt.isValid() && m_clock->utcNow() > r.expiresAt.addMSecs(kOrphanGraceMs)) {
            const auto expired = settle(r.ownerId, r.id,
                                        {ApprovalStatus::Expired,
                                         QStringLiteral("expiry"),
                                         {},
                                         tr("Nobody answered in time, and the Zerg process that "
                                            "asked is gone; the call did not run."),
                                         0});
            if (!expired && expired.error().code != QLatin1String("invalid_state"))
                qWarning("approvals: %s", qPrintable(expired.error().message));
            continue;
        }
        if (m_shown.contains(r.id))
            continue;
        // Another process's request: shown here as if it were ours, to be answered here.
        m_shown.insert(r.id, r.ownerId);
        m_bus->publish(QString::fromLatin1(events::ApprovalRequested), r.ownerId, approvalJson(r));
        Q_EMIT requested(r);
    }
    const QHash<qint64, qint64> shown = m_shown;
    for (auto it = shown.cbegin(); it != shown.cend(); ++it) {
        if (still.contains(it.key()))
            continue;
        // Answered, expired or withdrawn by another process.
        if (const Result<ApprovalRecord> r = m_store->request(it.value(), it.key()))
            settledElsewhere(*r);
        else
            m_shown.remove(it.key());
    }
}

qint64 Approvals::runWaitMs(qint64 runId) const {
    const auto it = m_runWaits.constFind(runId);
    if (it == m_runWaits.cend())
        return 0;
    return it->totalMs + (it->pending > 0 ? m_clock->nowMs() - it->sinceMs : 0);
}

Result<QList<ApprovalRecord>> Approvals::pending(qint64 ownerId) const {
    return m_store->pending(ownerId);
}

Result<QList<ApprovalRuleRecord>> Approvals::rules(qint64 ownerId) const {
    return m_store->rules(ownerId);
}

Status Approvals::removeRule(qint64 ownerId, qint64 ruleId) {
    return m_store->removeRule(ownerId, ruleId, m_clock->utcNow());
}

}  // namespace zerg
