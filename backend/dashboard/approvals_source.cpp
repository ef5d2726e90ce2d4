#include "dashboard/approvals_source.h"

#include "dashboard/record_json.h"
#include "storage/json_fields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QVariant>

namespace zerg {

using namespace Qt::StringLiterals;

LocalApprovalsSource::LocalApprovalsSource(Approvals* approvals, qint64 ownerId, QObject* parent)
    : ApprovalsSource(parent), m_approvals(approvals), m_ownerId(ownerId) {
    // The broker serves every owner: only this one's requests are this source's.
    connect(approvals, &Approvals::requested, this, [this](const ApprovalRecord& r) {
        if (r.ownerId == m_ownerId)
            Q_EMIT requested(r);
    });
    connect(approvals, &Approvals::resolved, this, [this](const ApprovalRecord& r) {
        if (r.ownerId == m_ownerId)
            Q_EMIT resolved(r);
    });
}

void LocalApprovalsSource::pending(QObject* context, SourceReply<QList<ApprovalRecord>> done) {
    Q_UNUSED(context);
    done(m_approvals->pending(m_ownerId));
}

void LocalApprovalsSource::answer(qint64 approvalId, const ApprovalReply& reply, QObject* context,
                                  SourceReply<ApprovalRecord> done) {
    Q_UNUSED(context);
    done(m_approvals->answer(m_ownerId, approvalId, reply));
}

void LocalApprovalsSource::rules(QObject* context, SourceReply<QList<ApprovalRuleRecord>> done) {
    Q_UNUSED(context);
    done(m_approvals->rules(m_ownerId));
}

void LocalApprovalsSource::removeRule(qint64 ruleId, QObject* context, SourceReply<bool> done) {
    Q_UNUSED(context);
    if (const Status removed = m_approvals->removeRule(m_ownerId, ruleId); !removed)
        return done(removed.error());
    done(true);
}

namespace recordjson {
namespace {

// The keys of Approvals::approvalJson but status and suggested_prefix, which are read apart
// (an unknown status word is an error; the prefix is a list of words).
const JsonFields<ApprovalRecord>& approvalFields() {
    static const JsonFields<ApprovalRecord> fields{
        {u"approval_id"_s, &ApprovalRecord::id},
        {u"job_id"_s, &ApprovalRecord::jobId},
        {u"run_id"_s, &ApprovalRecord::runId},
        {u"worker_id"_s, &ApprovalRecord::workerId},
        {u"call_id"_s, &ApprovalRecord::callId},
        {u"tool"_s, &ApprovalRecord::tool},
        {u"target"_s, &ApprovalRecord::target},
        {u"action"_s, &ApprovalRecord::action},
        {u"classification"_s, &ApprovalRecord::classification},
        {u"task"_s, &ApprovalRecord::task},
        {u"stated_reason"_s, &ApprovalRecord::statedReason},
        {u"mode"_s, &ApprovalRecord::mode},
        {u"requested_at"_s, &ApprovalRecord::requestedAt},
        {u"expires_at"_s, &ApprovalRecord::expiresAt},
        {u"decided_at"_s, &ApprovalRecord::decidedAt},
        {u"decided_by"_s, &ApprovalRecord::decidedBy},
        {u"device"_s, &ApprovalRecord::device},
        {u"message"_s, &ApprovalRecord::message},
        {u"rule_id"_s, &ApprovalRecord::ruleId},
    };
    return fields;
}

// The prefix is written apart: JsonFields has no list of words.
const JsonFields<ApprovalRuleRecord>& ruleFields() {
    static const JsonFields<ApprovalRuleRecord> fields{
        {u"rule_id"_s, &ApprovalRuleRecord::id},
        {u"host"_s, &ApprovalRuleRecord::host},
        {u"approval_id"_s, &ApprovalRuleRecord::approvalId},
        {u"created_by"_s, &ApprovalRuleRecord::createdBy},
        {u"created_at"_s, &ApprovalRuleRecord::createdAt},
    };
    return fields;
}

// The strings of an array of words; anything else in it (or a value that is no array) is left
// out, as the other records leave a value of another type.
QStringList wordsOf(const QJsonValue& v) {
    QStringList words;
    for (const QJsonValue& w : v.toArray()) {
        if (w.isString())
            words.append(w.toString());
    }
    return words;
}

}  // namespace

QJsonObject toJson(const ApprovalRecord& r) {
    return Approvals::approvalJson(r);
}

Result<ApprovalRecord> approvalRecord(const QJsonObject& o) {
    ApprovalRecord r = approvalFields().read(o);
    r.suggestedPrefix = wordsOf(o.value(u"suggested_prefix"_s));
    const QJsonValue status = o.value(u"status"_s);
    if (!status.isUndefined()) {
        const std::optional<ApprovalStatus> s =
            status.isString() ? parseStatus<ApprovalStatus>(status.toString()) : std::nullopt;
        if (!s) {
            // A word from a newer server: the app cannot tell whether the request still waits.
            return protocolError(
                QCoreApplication::translate("zerg::recordjson", "the approval status \"%1\"")
                    .arg(status.toVariant().toString()));
        }
        r.status = *s;
    }
    return r;
}

QJsonObject toJson(const ApprovalRuleRecord& r) {
    QJsonObject o = ruleFields().write(r);
    o.insert(u"prefix"_s, QJsonArray::fromStringList(r.prefix));
    return o;
}

ApprovalRuleRecord approvalRule(const QJsonObject& o) {
    ApprovalRuleRecord r = ruleFields().read(o);
    r.prefix = wordsOf(o.value(u"prefix"_s));
    return r;
}

}  // namespace recordjson
}  // namespace zerg
