#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QJsonObject>

#include <functional>

class QJSEngine;
class QQmlEngine;

namespace zerg {

class EventBus;
struct Event;

// The dashboard's Supervision tree page: the live tree (supervision::Supervisor::snapshot, as
// Backend::supervisionSnapshot() nests it) flattened into rows with a depth, refreshed when a
// supervisor starts, loses or restarts a child (the child_* and supervisor_escalated events) and
// on refresh(). The XO's latest SALUTE report (salute_report events of this owner) is shown on
// the supervisor agent's row and on the row of the worker it concerns. A QML singleton
// (`SupervisionTree`), registered like `WorkersTable`.
class SupervisionTreeModel : public QAbstractListModel {
    Q_OBJECT
    QML_NAMED_ELEMENT(SupervisionTree)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        NameRole = Qt::UserRole + 1,
        DepthRole,   // 0 for the root
        StateRole,   // running, restarting, undefined, stopping, exited, ...
        KindRole,    // "supervisor" or "worker"
        DetailRole,  // strategy and intensity, or restart type, restarts and last exit
        HealthRole,  // the XO's health from the latest SALUTE (ok, degraded, critical); "" if none
        ReportRole,  // that report in one translated line; "" if none
    };
    Q_ENUM(Roles)

    // ownerId: whose SALUTE reports are shown (the tree itself is the process's).
    SupervisionTreeModel(std::function<QJsonObject()> snapshot, EventBus* bus, qint64 ownerId,
                         QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    Q_INVOKABLE void refresh();
    // The report lines are worded when read: a language change only has to announce them.
    void retranslate();

    // The rows of a snapshot (a supervisor object), depth-first in start order.
    struct Row {
        QString name;
        int depth = 0;
        QString state;
        QString kind;
        QString detail;
        friend bool operator==(const Row&, const Row&) = default;
    };
    [[nodiscard]] static QList<Row> flatten(const QJsonObject& supervisor);
    // A salute_report in one line, e.g. "XO: degraded · pace contingent · turn 6 · context 83% ·
    // 2 steerings".
    [[nodiscard]] static QString reportLine(const QJsonObject& salute);

    static void setInstance(SupervisionTreeModel* instance);
    static SupervisionTreeModel* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

Q_SIGNALS:
    void countChanged();

private:
    void onEvent(const Event& e);
    void onSaluteReport(const QJsonObject& report);
    [[nodiscard]] QJsonObject reportFor(const Row& row) const;
    [[nodiscard]] int rowOf(const QString& name) const;

    std::function<QJsonObject()> m_snapshot;
    qint64 m_ownerId;
    QList<Row> m_rows;
    bool m_refreshQueued = false;  // a refresh one turn after a tree event is pending
    // Kept apart from the rows, so that a refresh keeps them.
    QJsonObject m_supervisorReport;
    QHash<qint64, QJsonObject> m_workerReports;  // by job id
    QHash<QString, qint64> m_jobOfChild;         // the worker pool's child ids, from its events
};

}  // namespace zerg
