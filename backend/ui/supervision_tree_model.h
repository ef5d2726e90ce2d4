#pragma once

#include "core/clock.h"
#include "dashboard/tree_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QJsonObject>

namespace zerg {

class EventBus;
struct Event;
namespace payloads {
struct SaluteReport;
}  // namespace payloads

// The dashboard's Supervision tree page: the live tree (supervision::Supervisor::snapshot, as
// Backend::supervisionSnapshot() nests it), read through a TreeSource (this process's tree, or
// the server's as this owner may see it), flattened into rows with a depth, refreshed when a
// supervisor starts, loses or restarts a child (the child_* and supervisor_escalated events) and
// on refresh(). A source that needs polling (the server's: the services' events do not reach a
// client) is also asked again every kPollMs once loaded. An answer older than the newest refresh
// is dropped. The XO's latest SALUTE report (salute_report events of this owner) is shown on
// the supervisor agent's row and on the row of the worker it concerns. A QML singleton
// (`SupervisionTree`), registered like `WorkersTable`.
class SupervisionTreeModel : public QAbstractListModel, public QmlInstance<SupervisionTreeModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(SupervisionTree)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // Non-empty when the last refresh failed: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)

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

    // How often a source that needs polling is asked again.
    static constexpr qint64 kPollMs = 5000;

    // ownerId: whose SALUTE reports are shown (the source decides what of the tree this owner
    // sees). Loads at once, or first in ensureLoaded() (FirstLoad). source, bus and clock must
    // outlive the model; clock (the polls) may be null for a source that needs no polling.
    SupervisionTreeModel(TreeSource* source, EventBus* bus, qint64 ownerId, Clock* clock = nullptr,
                         QObject* parent = nullptr, FirstLoad firstLoad = FirstLoad::Now);
    ~SupervisionTreeModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] bool loaded() const { return m_loaded; }

    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
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
        qint64 jobId = 0;  // a worker's child: its job (the snapshot's job_id), else 0
        friend bool operator==(const Row&, const Row&) = default;
    };
    [[nodiscard]] static QList<Row> flatten(const QJsonObject& supervisor);
    // A salute_report in one line, e.g. "XO: degraded · pace contingent · turn 6 · context 83% ·
    // 2 steerings".
    [[nodiscard]] static QString reportLine(const QJsonObject& salute);

Q_SIGNALS:
    void countChanged();
    void loadErrorChanged();

private:
    void onEvent(const Event& e);
    void apply(const QList<Row>& rows);
    void setLoadError(const QString& message);
    void armPoll();
    void onSaluteReport(const payloads::SaluteReport& report);
    [[nodiscard]] QJsonObject reportFor(const Row& row) const;
    [[nodiscard]] int rowOf(const QString& name) const;

    TreeSource* m_source;
    qint64 m_ownerId;
    Clock* m_clock;
    QList<Row> m_rows;
    QString m_loadError;
    NewestRequest m_refreshes;
    bool m_loaded = false;  // refresh() has run
    Clock::TimerId m_pollTimer = 0;
    bool m_refreshQueued = false;  // a refresh one turn after a tree event is pending
    // Kept apart from the rows, so that a refresh keeps them.
    QJsonObject m_supervisorReport;
    QHash<qint64, QJsonObject> m_workerReports;  // by job id
    QHash<QString, qint64> m_jobOfChild;         // the worker pool's child ids, from its events
    const RoleTable<Row> m_roles;
};

}  // namespace zerg
