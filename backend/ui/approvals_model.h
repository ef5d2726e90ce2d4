#pragma once

#include "dashboard/approvals_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>
#include <QTimeZone>
#include <QVariantList>

namespace zerg {

// The approval requests waiting for this user (QML singleton `ApprovalRequests`), oldest first:
// the chat shows the first as a card (Enter allows, Esc denies), the Settings page lists the
// "always allow" rules. A request appears when the source says it was requested and goes when
// it is answered here or elsewhere (the API, `zerg ask`, expiry). Reads and answers only through
// an ApprovalsSource (this computer's broker or a server's), which may answer later: busy while
// an answer is awaited, error when one failed (what happened and what to do).
class ApprovalsModel : public QAbstractListModel, public QmlInstance<ApprovalsModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(ApprovalRequests)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(QString error READ error NOTIFY errorChanged FINAL)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)
    // The rules that hold: [{ruleId, host, prefix}], by host.
    Q_PROPERTY(QVariantList rules READ rules NOTIFY rulesChanged FINAL)

public:
    enum Roles {
        ApprovalIdRole = Qt::UserRole + 1,
        ToolRole,
        TargetRole,        // the host alias, "local", a URL's host, the recipients
        ActionRole,        // the exact command
        TaskRole,          // the worker's task
        WhyRole,           // why it may change the system (the classification)
        StatedReasonRole,  // what the worker said before the call
        WorkerIdRole,
        SuggestedPrefixRole,  // what "always allow" allows, as one line; "" when not offered
        ExpiresTextRole,      // "expires at 14:05"
    };
    Q_ENUM(Roles)

    // Loads at once. source must outlive the model; device is what answers record ("desktop").
    ApprovalsModel(ApprovalsSource* source, const QString& device, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_items.size()); }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] bool busy() const { return m_busy > 0; }
    [[nodiscard]] QVariantList rules() const;
    [[nodiscard]] const ApprovalRecord& at(int row) const { return m_items.at(row); }

    // Times are shown in this zone (default: the system's). Tests fix it.
    void setDisplayTimeZone(const QTimeZone& zone);

    // The answers (ids are doubles for QML). message goes to the worker with a deny.
    Q_INVOKABLE void allow(double approvalId);
    Q_INVOKABLE void deny(double approvalId, const QString& message = {});
    Q_INVOKABLE void alwaysAllow(double approvalId);
    Q_INVOKABLE void removeRule(double ruleId);
    // Reads the pending requests and the rules again.
    Q_INVOKABLE void reload();

Q_SIGNALS:
    void countChanged();
    void errorChanged();
    void busyChanged();
    void rulesChanged();
    // A new request arrived (for a desktop notification): one line, "web1: systemctl restart …".
    void requestArrived(qint64 approvalId, const QString& summary);

private:
    void onRequested(const ApprovalRecord& r);
    void onResolved(const ApprovalRecord& r);
    void answer(qint64 approvalId, ApprovalChoice choice, const QString& message);
    void removeRow(qint64 approvalId);
    void setError(const QString& error);
    void setBusy(int delta);
    void reloadRules();

    ApprovalsSource* m_source;
    QString m_device;
    QList<ApprovalRecord> m_items;
    QList<ApprovalRuleRecord> m_rules;
    QString m_error;
    int m_busy = 0;
    NewestRequest m_reloads;  // of reload(): an older answer is dropped
    NewestRequest m_ruleReloads;
    QTimeZone m_zone = QTimeZone::systemTimeZone();
    const RoleTable<ApprovalRecord> m_roles;
};

}  // namespace zerg
