#include "ui/approvals_model.h"

#include <QLocale>
#include <QVariantMap>

namespace zerg {

ApprovalsModel::ApprovalsModel(ApprovalsSource* source, const QString& device, QObject* parent)
    : QAbstractListModel(parent),
      m_source(source),
      m_device(device),
      m_roles{
          {ApprovalIdRole, "approvalId", [](const ApprovalRecord& r) { return double(r.id); }},
          {ToolRole, "tool", &ApprovalRecord::tool},
          {TargetRole, "target", &ApprovalRecord::target},
          {ActionRole, "action", &ApprovalRecord::action},
          {Qt::DisplayRole, nullptr, &ApprovalRecord::action},
          {TaskRole, "task", &ApprovalRecord::task},
          {WhyRole, "why",
           [](const ApprovalRecord& r) {
               return r.classification.value(QStringLiteral("why")).toString();
           }},
          {StatedReasonRole, "statedReason", &ApprovalRecord::statedReason},
          {WorkerIdRole, "workerId", &ApprovalRecord::workerId},
          {SuggestedPrefixRole, "suggestedPrefix",
           [](const ApprovalRecord& r) { return r.suggestedPrefix.join(u' '); }},
          {ExpiresTextRole, "expiresText",
           [this](const ApprovalRecord& r) {
               return tr("expires at %1")
                   .arg(QLocale().toString(r.expiresAt.toTimeZone(m_zone).time(),
                                           QLocale::ShortFormat));
           }},
      } {
    connect(m_source, &ApprovalsSource::requested, this, &ApprovalsModel::onRequested);
    connect(m_source, &ApprovalsSource::resolved, this, &ApprovalsModel::onResolved);
    reload();
}

int ApprovalsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant ApprovalsModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_items, index, role, m_roles);
}

QHash<int, QByteArray> ApprovalsModel::roleNames() const {
    return m_roles.names();
}

QVariantList ApprovalsModel::rules() const {
    QVariantList out;
    for (const ApprovalRuleRecord& r : m_rules) {
        out.append(QVariantMap{{QStringLiteral("ruleId"), double(r.id)},
                               {QStringLiteral("host"), r.host},
                               {QStringLiteral("prefix"), r.prefix.join(u' ')}});
    }
    return out;
}

void ApprovalsModel::setDisplayTimeZone(const QTimeZone& zone) {
    m_zone = zone;
    announceAllRows(*this, {ExpiresTextRole});
}

void ApprovalsModel::setError(const QString& error) {
    if (assignIfDifferent(m_error, error))
        Q_EMIT errorChanged();
}

void ApprovalsModel::setBusy(int delta) {
    const bool was = busy();
    m_busy += delta;
    if (was != busy())
        Q_EMIT busyChanged();
}

void ApprovalsModel::reload() {
    m_source->pending(this, m_reloads.newestOnly([this](const Result<QList<ApprovalRecord>>& r) {
        if (!r) {
            setError(tr("Could not read the approval requests: %1. Check that the data folder is "
                        "readable (or the server reachable), then try again.")
                         .arg(r.error().message));
            return;
        }
        setError({});
        const int before = int(m_items.size());
        beginResetModel();
        m_items = r.value();
        endResetModel();
        if (m_items.size() != before)
            Q_EMIT countChanged();
    }));
    reloadRules();
}

void ApprovalsModel::reloadRules() {
    m_source->rules(this, m_ruleReloads.newestOnly([this](
                                                       const Result<QList<ApprovalRuleRecord>>& r) {
        if (!r) {
            setError(tr("Could not read the \"always allow\" rules: %1.").arg(r.error().message));
            return;
        }
        m_rules = r.value();
        Q_EMIT rulesChanged();
    }));
}

void ApprovalsModel::onRequested(const ApprovalRecord& r) {
    if (indexOfRow(m_items, r.id, &ApprovalRecord::id) >= 0)
        return;
    const int row = int(m_items.size());
    beginInsertRows({}, row, row);
    m_items.append(r);
    endInsertRows();
    Q_EMIT countChanged();
    Q_EMIT requestArrived(r.id, tr("%1: %2").arg(r.target, r.action));
}

void ApprovalsModel::onResolved(const ApprovalRecord& r) {
    removeRow(r.id);
    if (r.ruleId != 0)
        reloadRules();
}

void ApprovalsModel::removeRow(qint64 approvalId) {
    const int row = indexOfRow(m_items, approvalId, &ApprovalRecord::id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_items.removeAt(row);
    endRemoveRows();
    Q_EMIT countChanged();
}

void ApprovalsModel::allow(double approvalId) {
    answer(qint64(approvalId), ApprovalChoice::AllowOnce, {});
}

void ApprovalsModel::deny(double approvalId, const QString& message) {
    answer(qint64(approvalId), ApprovalChoice::Deny, message);
}

void ApprovalsModel::alwaysAllow(double approvalId) {
    answer(qint64(approvalId), ApprovalChoice::AlwaysAllow, {});
}

void ApprovalsModel::answer(qint64 approvalId, ApprovalChoice choice, const QString& message) {
    ApprovalReply reply;
    reply.choice = choice;
    reply.message = message.trimmed();
    reply.device = m_device;
    setBusy(+1);
    m_source->answer(approvalId, reply, this, [this, approvalId](const Result<ApprovalRecord>& r) {
        setBusy(-1);
        if (!r) {
            if (r.error().code == QLatin1String("invalid_state") ||
                r.error().code == QLatin1String("not_found")) {
                // Answered elsewhere, expired or withdrawn meanwhile: nothing left to decide.
                removeRow(approvalId);
                setError(
                    tr("This request was already settled (answered elsewhere, expired or "
                       "its worker ended); nothing ran because of this answer."));
                return;
            }
            setError(tr("The answer was not recorded: %1").arg(r.error().message));
            return;
        }
        setError({});
        onResolved(r.value());
    });
}

void ApprovalsModel::removeRule(double ruleId) {
    setBusy(+1);
    m_source->removeRule(qint64(ruleId), this, [this](const Result<bool>& r) {
        setBusy(-1);
        if (!r)
            setError(tr("The rule was not removed: %1").arg(r.error().message));
        else
            setError({});
        reloadRules();
    });
}

}  // namespace zerg
