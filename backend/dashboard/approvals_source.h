#pragma once

#include "dashboard/reply.h"
#include "storage/approval_store.h"
#include "workers/approvals.h"

#include <QJsonObject>
#include <QList>
#include <QObject>

namespace zerg {

// Where the window answers approval requests (the chat card, the Settings page's rules):
// LocalApprovalsSource over this process's Approvals broker, RemoteApprovalsSource (api/) over a
// `zerg serve`'s approval commands (docs/api.md). requested() and resolved() bring changes as
// they happen, for the source's owner only.
class ApprovalsSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // The owner's pending requests, oldest first.
    virtual void pending(QObject* context, SourceReply<QList<ApprovalRecord>> done) = 0;
    // A person's answer (reply.device says where it came from). The record as it is after the
    // answer; errors: not_found, invalid_state (already answered, expired or withdrawn),
    // invalid_argument (an always-allow prefix that does not fit the command).
    virtual void answer(qint64 approvalId, const ApprovalReply& reply, QObject* context,
                        SourceReply<ApprovalRecord> done) = 0;
    // The "always allow" rules that hold, by host then id.
    virtual void rules(QObject* context, SourceReply<QList<ApprovalRuleRecord>> done) = 0;
    // Removes a rule; not_found when it is not the owner's or already removed.
    virtual void removeRule(qint64 ruleId, QObject* context, SourceReply<bool> done) = 0;

Q_SIGNALS:
    void requested(const zerg::ApprovalRecord& record);
    void resolved(const zerg::ApprovalRecord& record);
};

// Over the local broker, answering at once; requested()/resolved() follow its events for
// ownerId. approvals must outlive this.
class LocalApprovalsSource final : public ApprovalsSource {
    Q_OBJECT
public:
    LocalApprovalsSource(Approvals* approvals, qint64 ownerId, QObject* parent = nullptr);

    void pending(QObject* context, SourceReply<QList<ApprovalRecord>> done) override;
    void answer(qint64 approvalId, const ApprovalReply& reply, QObject* context,
                SourceReply<ApprovalRecord> done) override;
    void rules(QObject* context, SourceReply<QList<ApprovalRuleRecord>> done) override;
    void removeRule(qint64 ruleId, QObject* context, SourceReply<bool> done) override;

private:
    Approvals* m_approvals;
    qint64 m_ownerId;
};

namespace recordjson {
// An approval record: Approvals::approvalJson's keys; read back leniently (missing keys keep
// their defaults, an unknown status word is an error naming it).
[[nodiscard]] QJsonObject toJson(const ApprovalRecord& r);
[[nodiscard]] Result<ApprovalRecord> approvalRecord(const QJsonObject& o);
// {rule_id, host, prefix: [words], approval_id, created_by, created_at}
[[nodiscard]] QJsonObject toJson(const ApprovalRuleRecord& r);
[[nodiscard]] ApprovalRuleRecord approvalRule(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
