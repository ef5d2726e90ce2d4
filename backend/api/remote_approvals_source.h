#pragma once

#include "dashboard/approvals_source.h"

namespace zerg {
class EventBus;
struct Event;
}  // namespace zerg

namespace zerg::api {

class RemoteClient;

// Approval requests over the server's approval commands (docs/api.md, "Dashboard").
// requested() and resolved() follow the server's approval_requested and approval_resolved
// events, which the RemoteClient publishes again on bus as localOwnerId's; records read back
// carry localOwnerId as their owner. An answer is recorded on the server as given from this
// connection's device ("api:<device id>"), whatever reply.device says. client and bus must
// outlive this.
class RemoteApprovalsSource final : public ApprovalsSource {
    Q_OBJECT
public:
    RemoteApprovalsSource(RemoteClient* client, EventBus* bus, qint64 localOwnerId,
                          QObject* parent = nullptr);

    void pending(QObject* context, SourceReply<QList<ApprovalRecord>> done) override;
    void answer(qint64 approvalId, const ApprovalReply& reply, QObject* context,
                SourceReply<ApprovalRecord> done) override;
    void rules(QObject* context, SourceReply<QList<ApprovalRuleRecord>> done) override;
    void removeRule(qint64 ruleId, QObject* context, SourceReply<bool> done) override;

private:
    void onEvent(const Event& event);

    RemoteClient* m_client;
    qint64 m_ownerId;
};

}  // namespace zerg::api
