#include "api/remote_approvals_source.h"

#include "api/remote_ask.h"
#include "api/remote_client.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRemoteApprovals, "zerg.remote.approvals")

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// {approvals: [approval, …]}; the first record that cannot be read (an unknown status) is the
// error.
Result<QList<ApprovalRecord>> approvalsIn(const QJsonObject& o) {
    const QString what =
        QCoreApplication::translate("zerg::recordjson", "the pending approval requests");
    const QJsonValue array = o.value(u"approvals"_s);
    if (!array.isArray())
        return recordjson::protocolError(what);
    QList<ApprovalRecord> out;
    out.reserve(array.toArray().size());
    for (const QJsonValue& v : array.toArray()) {
        if (!v.isObject())
            return recordjson::protocolError(what);
        Result<ApprovalRecord> r = recordjson::approvalRecord(v.toObject());
        if (!r)
            return r.error();
        out.append(std::move(r).value());
    }
    return out;
}

// {approval: {…}}
Result<ApprovalRecord> approvalIn(const QJsonObject& o) {
    const QJsonValue approval = o.value(u"approval"_s);
    if (!approval.isObject()) {
        return recordjson::protocolError(
            QCoreApplication::translate("zerg::recordjson", "the approval request"));
    }
    return recordjson::approvalRecord(approval.toObject());
}

// {rules: [rule, …]}
Result<QList<ApprovalRuleRecord>> rulesIn(const QJsonObject& o) {
    return recordjson::listOf<ApprovalRuleRecord>(
        o.value(u"rules"_s),
        QCoreApplication::translate("zerg::recordjson", "the \"always allow\" rules"),
        [](const QJsonObject& r) { return recordjson::approvalRule(r); });
}

}  // namespace

RemoteApprovalsSource::RemoteApprovalsSource(RemoteClient* client, EventBus* bus,
                                             qint64 localOwnerId, QObject* parent)
    : ApprovalsSource(parent), m_client(client), m_ownerId(localOwnerId) {
    if (bus)
        connect(bus, &EventBus::published, this, &RemoteApprovalsSource::onEvent);
}

void RemoteApprovalsSource::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId)
        return;
    const bool isRequest = e.name == QLatin1String(events::ApprovalRequested);
    if (!isRequest && e.name != QLatin1String(events::ApprovalResolved))
        return;
    Result<ApprovalRecord> r = recordjson::approvalRecord(e.data);
    if (!r) {
        qCWarning(lcRemoteApprovals,
                  "ignored an %s event: %s; the approvals show it when next read",
                  qPrintable(e.name), qPrintable(r.error().message));
        return;
    }
    ApprovalRecord record = std::move(r).value();
    record.ownerId = m_ownerId;
    if (isRequest)
        Q_EMIT requested(record);
    else
        Q_EMIT resolved(record);
}

void RemoteApprovalsSource::pending(QObject* context, SourceReply<QList<ApprovalRecord>> done) {
    askServer<QList<ApprovalRecord>>(m_client, u"approvals"_s, {}, context, std::move(done),
                                     ownedBy(m_ownerId, &approvalsIn));
}

void RemoteApprovalsSource::answer(qint64 approvalId, const ApprovalReply& reply, QObject* context,
                                   SourceReply<ApprovalRecord> done) {
    // reply.device is not sent: the server records this connection's device.
    QJsonObject args{{u"approval_id"_s, approvalId}, {u"choice"_s, statusName(reply.choice)}};
    if (!reply.message.isEmpty())
        args.insert(u"message"_s, reply.message);
    // A prefix only goes with always allow (elsewhere the server refuses it); none: the
    // request's suggested prefix.
    if (reply.choice == ApprovalChoice::AlwaysAllow && !reply.prefix.isEmpty())
        args.insert(u"prefix"_s, QJsonArray::fromStringList(reply.prefix));
    askServer<ApprovalRecord>(m_client, u"approve"_s, std::move(args), context, std::move(done),
                              ownedBy(m_ownerId, &approvalIn));
}

void RemoteApprovalsSource::rules(QObject* context, SourceReply<QList<ApprovalRuleRecord>> done) {
    askServer<QList<ApprovalRuleRecord>>(m_client, u"approval_rules"_s, {}, context,
                                         std::move(done), ownedBy(m_ownerId, &rulesIn));
}

void RemoteApprovalsSource::removeRule(qint64 ruleId, QObject* context, SourceReply<bool> done) {
    askServer<bool>(m_client, u"approval_rule_remove"_s, {{u"rule_id"_s, ruleId}}, context,
                    std::move(done), [](const QJsonObject& o) -> Result<bool> {
                        const QJsonValue removed = o.value(u"removed"_s);
                        if (!removed.isBool()) {
                            return recordjson::protocolError(QCoreApplication::translate(
                                "zerg::recordjson", "the answer to removing a rule"));
                        }
                        return removed.toBool();
                    });
}

}  // namespace zerg::api
