#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
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
// on refresh(). A QML singleton (`SupervisionTree`), registered like `WorkersTable`.
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
    };
    Q_ENUM(Roles)

    SupervisionTreeModel(std::function<QJsonObject()> snapshot, EventBus* bus,
                         QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    Q_INVOKABLE void refresh();

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

    static void setInstance(SupervisionTreeModel* instance);
    static SupervisionTreeModel* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

Q_SIGNALS:
    void countChanged();

private:
    void onEvent(const Event& e);

    std::function<QJsonObject()> m_snapshot;
    QList<Row> m_rows;
};

}  // namespace zerg
