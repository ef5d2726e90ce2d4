#include "ui/supervision_tree_model.h"

#include "ui/qml_instance.h"

#include "core/event.h"
#include "core/event_bus.h"

#include <QJSEngine>
#include <QJsonArray>

namespace zerg {
namespace {

void addSupervisor(const QJsonObject& sup, const QString& name, int depth, const QString& state,
                   QList<SupervisionTreeModel::Row>* out) {
    QString detail = QStringLiteral("%1, %2 restarts in %3 s (%4 used)")
                         .arg(sup.value(QStringLiteral("strategy")).toString())
                         .arg(sup.value(QStringLiteral("intensity")).toInt())
                         .arg(sup.value(QStringLiteral("period")).toInt())
                         .arg(sup.value(QStringLiteral("restarts_in_window")).toInt());
    if (sup.contains(QStringLiteral("max_children"))) {
        detail += QStringLiteral(", at most %1 children")
                      .arg(sup.value(QStringLiteral("max_children")).toInt());
    }
    out->append({name, depth, state, QStringLiteral("supervisor"), detail});
    for (const QJsonValue& v : sup.value(QStringLiteral("children")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString id = c.value(QStringLiteral("id")).toString();
        const QString childState = c.value(QStringLiteral("state")).toString();
        const QJsonObject nested = c.value(QStringLiteral("child")).toObject();
        if (!nested.isEmpty() && nested.contains(QStringLiteral("children"))) {
            addSupervisor(nested, id, depth + 1, childState, out);
            continue;
        }
        QString d = c.value(QStringLiteral("restart")).toString();
        const int restarts = c.value(QStringLiteral("restart_count")).toInt();
        if (restarts > 0)
            d += QStringLiteral(", restarted %1×").arg(restarts);
        const QString last = c.value(QStringLiteral("last_exit_reason")).toString();
        if (!last.isEmpty())
            d += QStringLiteral(", last exit: %1").arg(last);
        out->append({id, depth + 1, childState, QStringLiteral("worker"), d});
    }
}

}  // namespace

SupervisionTreeModel::SupervisionTreeModel(std::function<QJsonObject()> snapshot, EventBus* bus,
                                           QObject* parent)
    : QAbstractListModel(parent), m_snapshot(std::move(snapshot)) {
    if (bus)
        connect(bus, &EventBus::published, this, &SupervisionTreeModel::onEvent);
    refresh();
}

QList<SupervisionTreeModel::Row> SupervisionTreeModel::flatten(const QJsonObject& supervisor) {
    QList<Row> rows;
    if (!supervisor.isEmpty()) {
        addSupervisor(supervisor, supervisor.value(QStringLiteral("id")).toString(), 0,
                      supervisor.value(QStringLiteral("state")).toString(), &rows);
    }
    return rows;
}

void SupervisionTreeModel::onEvent(const Event& e) {
    if (e.name == QLatin1String(events::ChildStarted) ||
        e.name == QLatin1String(events::ChildExited) ||
        e.name == QLatin1String(events::ChildRestarted) ||
        e.name == QLatin1String(events::SupervisorEscalated)) {
        refresh();
    }
}

void SupervisionTreeModel::refresh() {
    const QList<Row> rows = flatten(m_snapshot ? m_snapshot() : QJsonObject());
    if (rows.size() == m_rows.size()) {
        // Same shape (the common case: a state or a count changed): update in place.
        for (int i = 0; i < rows.size(); ++i) {
            if (rows.at(i) == m_rows.at(i))
                continue;
            m_rows[i] = rows.at(i);
            Q_EMIT dataChanged(index(i), index(i));
        }
        return;
    }
    beginResetModel();  // children came or went: the tree is small, rebuild it
    m_rows = rows;
    endResetModel();
    Q_EMIT countChanged();
}

int SupervisionTreeModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant SupervisionTreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows.at(index.row());
    switch (role) {
        case NameRole:
        case Qt::DisplayRole:
            return r.name;
        case DepthRole:
            return r.depth;
        case StateRole:
            return r.state;
        case KindRole:
            return r.kind;
        case DetailRole:
            return r.detail;
        default:
            return {};
    }
}

QHash<int, QByteArray> SupervisionTreeModel::roleNames() const {
    return {{NameRole, "name"},
            {DepthRole, "depth"},
            {StateRole, "status"},
            {KindRole, "kind"},
            {DetailRole, "detail"}};
}

void SupervisionTreeModel::setInstance(SupervisionTreeModel* instance) {
    QmlInstance<SupervisionTreeModel>::set(instance);
}

SupervisionTreeModel* SupervisionTreeModel::create(QQmlEngine*, QJSEngine*) {
    return QmlInstance<SupervisionTreeModel>::get("SupervisionTree", "SupervisionTreeModel");
}

}  // namespace zerg
