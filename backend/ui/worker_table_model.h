#pragma once

#include "dashboard/worker_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

#include <map>
#include <utility>

class QSortFilterProxyModel;

namespace zerg {

class Clock;
class EventBus;
struct Event;

// The dashboard's Workers table (QML singleton `WorkersTable`): the owner's newest workers,
// loaded from a WorkerSource at start and on reload(), then kept live from worker_* events
// with row inserts and dataChanged (never a reset per event). New workers appear at the top.
// QML shows `rows`, a sorted and filtered view of this model; sortColumn -1 is "newest first".
class WorkerTableModel : public QAbstractTableModel, public QmlInstance<WorkerTableModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(WorkersTable)
    QML_SINGLETON
    Q_PROPERTY(QAbstractItemModel* rows READ rows CONSTANT FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(int visibleCount READ visibleCount NOTIFY visibleCountChanged FINAL)
    Q_PROPERTY(
        QString filterText READ filterText WRITE setFilterText NOTIFY filterTextChanged FINAL)
    Q_PROPERTY(int sortColumn READ sortColumn NOTIFY sortChanged FINAL)
    Q_PROPERTY(bool sortAscending READ sortAscending NOTIFY sortChanged FINAL)
    // Non-empty when the last load failed: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    // The column headers, in the current language (columnTitle() of each column).
    Q_PROPERTY(QStringList columnTitles READ columnTitles NOTIFY columnTitlesChanged FINAL)

public:
    enum Column { StatusColumn, TaskColumn, HostColumn, ToolsColumn, DurationColumn, CostColumn };
    Q_ENUM(Column)
    static constexpr int kColumnCount = CostColumn + 1;
    static constexpr int kDefaultLimit = WorkerSource::kRecentLimit;
    static constexpr qint64 kFrameMs = 16;  // with a clock, changes are announced per frame

    enum Roles {
        SortRole = Qt::UserRole + 1,  // the raw value of the cell, for sorting
        FilterRole,                   // task, hosts and worker id, for the text filter
        StatusRole,                   // the row's status, in every column (for the status dot)
        JobIdRole,
        WorkerIdRole,
    };
    Q_ENUM(Roles)

    // Loads at once, or first in ensureLoaded() (FirstLoad). bus and source must outlive the
    // model; only ownerId's events are shown.
    WorkerTableModel(EventBus* bus, WorkerSource* source, qint64 ownerId, QObject* parent = nullptr,
                     FirstLoad firstLoad = FirstLoad::Now);
    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    ~WorkerTableModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] QAbstractItemModel* rows() const;
    [[nodiscard]] QSortFilterProxyModel* proxy() const { return m_proxy; }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] int visibleCount() const;
    [[nodiscard]] QString filterText() const { return m_filterText; }
    void setFilterText(const QString& text);
    [[nodiscard]] int sortColumn() const { return m_sortColumn; }
    [[nodiscard]] bool sortAscending() const { return m_sortAscending; }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] const WorkerRow& at(int row) const { return m_rows.at(row); }
    [[nodiscard]] int indexOfJob(qint64 jobId) const;

    // Running workers' durations then count up once a second on this clock, and changed cells
    // are announced once per frame (not owned; null: durations show nothing until the end, and
    // every change is announced at once).
    void setClock(Clock* clock);

    // Replaces the rows with the source's newest ones (one reset; on failure keeps the old rows).
    Q_INVOKABLE void reload();
    // Sorts by the column; the same column again flips the order. -1: newest first.
    Q_INVOKABLE void sortBy(int column);
    Q_INVOKABLE QString columnTitle(int column) const;
    [[nodiscard]] QStringList columnTitles() const;

    // After the user interface's language changed: headers and cells (durations, costs) again.
    void retranslate();

    // "$0.0123"; "?" when unknown.
    [[nodiscard]] static QString formatCost(const std::optional<double>& usd);

Q_SIGNALS:
    void columnTitlesChanged();
    void countChanged();
    void visibleCountChanged();
    void filterTextChanged();
    void sortChanged();
    void loadErrorChanged();

private:
    // What the role table reads: the display and sort values depend on the column.
    struct Cell {
        const WorkerRow& row;
        int column;
    };

    void onEvent(const Event& event);
    int ensureRow(qint64 jobId, const QDateTime& at, const QString& task, const QString& workerId);
    // Announces changed cells: at once without a clock, else once per frame (kFrameMs).
    void changed(int row, int firstColumn, int lastColumn);
    void flushChanges();
    [[nodiscard]] QVariant displayValue(const WorkerRow& w, int column) const;
    void scheduleTick();
    void tick();
    // Tool calls and hosts read from the workers' folders (loadActivity), one dataChanged.
    void applyActivity(const QHash<qint64, WorkerActivitySummary>& byJob);
    [[nodiscard]] static QVariant sortValue(const WorkerRow& w, int column);

    EventBus* m_bus;
    WorkerSource* m_source;
    Clock* m_clock = nullptr;
    bool m_tickArmed = false;
    NewestRequest m_activityRequests;               // loadActivity() of each reload
    std::map<qint64, std::pair<int, int>> m_dirty;  // job id -> first and last changed column
    bool m_flushArmed = false;
    qint64 m_ownerId;
    int m_limit = kDefaultLimit;
    QList<WorkerRow> m_rows;  // newest first
    QSortFilterProxyModel* m_proxy;
    QString m_filterText;
    int m_sortColumn = -1;
    bool m_sortAscending = false;
    QString m_loadError;
    bool m_loaded = false;  // reload() has run
    const RoleTable<Cell> m_roles;
};

}  // namespace zerg
