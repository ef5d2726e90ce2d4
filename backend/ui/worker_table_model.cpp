#include "ui/worker_table_model.h"

#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/money_format.h"
#include "ui/role_table.h"
#include "ui/status_labels.h"

#include <QJsonObject>
#include <QLocale>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <array>
#include <utility>

namespace zerg {
namespace {

// Running and queued workers first when sorting by status: they are what needs attention.
// Unknown words last.
int statusRank(JobStatus status) {
    static constexpr std::array order{JobStatus::Running, JobStatus::Queued,    JobStatus::Failed,
                                      JobStatus::Timeout, JobStatus::Cancelled, JobStatus::Success};
    return int(std::find(order.cbegin(), order.cend(), status) - order.cbegin());
}

// Adds host to the comma-separated list unless it is there already; returns whether it changed.
bool addHost(QString& hosts, const QString& host) {
    if (host.isEmpty())
        return false;
    const QStringList known = hosts.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    if (known.contains(host))
        return false;
    hosts = known.isEmpty() ? host : hosts + QStringLiteral(", ") + host;
    return true;
}

}  // namespace

WorkerTableModel::WorkerTableModel(EventBus* bus, WorkerSource* source, qint64 ownerId,
                                   QObject* parent, FirstLoad firstLoad)
    : QAbstractTableModel(parent),
      m_bus(bus),
      m_source(source),
      m_ownerId(ownerId),
      m_proxy(new QSortFilterProxyModel(this)),
      m_roles{
          {Qt::DisplayRole, "display",
           [this](const Cell& c) { return displayValue(c.row, c.column); }},
          {SortRole, "sortValue", [](const Cell& c) { return sortValue(c.row, c.column); }},
          {FilterRole, nullptr,
           [](const Cell& c) {
               return QStringList{c.row.task, c.row.hosts, c.row.workerId}.join(QLatin1Char('\n'));
           }},
          {StatusRole, "status", [](const Cell& c) { return statusName(c.row.status); }},
          {JobIdRole, "jobId", [](const Cell& c) { return c.row.jobId; }},
          {WorkerIdRole, "workerId", [](const Cell& c) { return c.row.workerId; }},
      } {
    m_proxy->setSourceModel(this);
    m_proxy->setSortRole(SortRole);
    m_proxy->setFilterRole(FilterRole);
    // FilterRole is the same in every column; -1 re-filters whichever column changes.
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setDynamicSortFilter(true);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
        connect(m_proxy, signal, this, &WorkerTableModel::visibleCountChanged);
    }
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &WorkerTableModel::visibleCountChanged);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this,
            &WorkerTableModel::visibleCountChanged);
    connect(m_bus, &EventBus::published, this, &WorkerTableModel::onEvent);
    if (firstLoad == FirstLoad::Now)
        reload();
}

void WorkerTableModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

WorkerTableModel::~WorkerTableModel() = default;

int WorkerTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WorkerTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : kColumnCount;
}

QVariant WorkerTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    return m_roles.value({m_rows.at(index.row()), index.column()}, role);
}

QVariant WorkerTableModel::displayValue(const WorkerRow& w, int column) const {
    switch (column) {
        case StatusColumn:
            return StatusLabels::label(statusName(w.status));  // the raw word is StatusRole
        case TaskColumn:
            return w.task;
        case HostColumn:
            return w.hosts;
        case ToolsColumn:
            return QLocale().toString(w.toolCalls);
        case DurationColumn:
            if (w.durationMs < 0 && m_clock && w.runningSince.isValid() &&
                w.status == JobStatus::Running) {
                // Still running: the time so far, marked as such.
                return formatDuration(qMax<qint64>(0, w.runningSince.msecsTo(m_clock->utcNow()))) +
                       QChar(0x2026);
            }
            return formatDuration(w.durationMs);
        case CostColumn:
            return formatCost(w.costUsd);
        default:
            return {};
    }
}

void WorkerTableModel::applyActivity(const QHash<qint64, WorkerActivitySummary>& byJob) {
    int first = -1;
    int last = -1;
    for (int i = 0; i < m_rows.size(); ++i) {
        WorkerRow& w = m_rows[i];
        const auto it = byJob.constFind(w.jobId);
        if (it == byJob.cend())
            continue;
        // Events may have counted calls made after the folder was read: keep the larger count.
        const int tools = qMax(w.toolCalls, it->toolCalls);
        bool changedRow = tools != w.toolCalls;
        w.toolCalls = tools;
        for (const QString& host : it->hosts.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            changedRow = addHost(w.hosts, host) || changedRow;
        if (changedRow) {
            first = first < 0 ? i : first;
            last = i;
        }
    }
    if (last >= 0)
        Q_EMIT dataChanged(index(first, HostColumn), index(last, ToolsColumn));
}

void WorkerTableModel::setClock(Clock* clock) {
    m_clock = clock;
    scheduleTick();
}

void WorkerTableModel::scheduleTick() {
    if (!m_clock || m_tickArmed)
        return;
    const bool anyRunning = std::any_of(m_rows.cbegin(), m_rows.cend(), [](const WorkerRow& w) {
        return w.status == JobStatus::Running && w.runningSince.isValid();
    });
    if (!anyRunning)
        return;
    m_tickArmed = true;
    m_clock->callAfter(1000, this, [this] {
        m_tickArmed = false;
        tick();
    });
}

void WorkerTableModel::tick() {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).status == JobStatus::Running && m_rows.at(i).runningSince.isValid())
            changed(i, DurationColumn, DurationColumn);
    }
    scheduleTick();
}

QVariant WorkerTableModel::sortValue(const WorkerRow& w, int column) {
    switch (column) {
        case StatusColumn:
            return statusRank(w.status);
        case TaskColumn:
            return w.task.toLower();
        case HostColumn:
            return w.hosts.toLower();
        case ToolsColumn:
            return w.toolCalls;
        case DurationColumn:
            return w.durationMs;
        case CostColumn:
            return w.costUsd.value_or(-1.0);  // unknown sorts below free
        default:
            return {};
    }
}

QVariant WorkerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section);
}

QString WorkerTableModel::columnTitle(int column) const {
    switch (column) {
        case StatusColumn:
            return tr("Status");
        case TaskColumn:
            return tr("Task");
        case HostColumn:
            return tr("Host");
        case ToolsColumn:
            return tr("Tools");
        case DurationColumn:
            return tr("Duration");
        case CostColumn:
            return tr("Cost");
        default:
            return {};
    }
}

QStringList WorkerTableModel::columnTitles() const {
    QStringList titles;
    for (int c = 0; c < kColumnCount; ++c)
        titles.append(columnTitle(c));
    return titles;
}

void WorkerTableModel::retranslate() {
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, kColumnCount - 1);
    Q_EMIT columnTitlesChanged();
    announceAllRows(*this);
}

QHash<int, QByteArray> WorkerTableModel::roleNames() const {
    return m_roles.names();
}

QAbstractItemModel* WorkerTableModel::rows() const {
    return m_proxy;
}

int WorkerTableModel::visibleCount() const {
    return m_proxy->rowCount();
}

void WorkerTableModel::setFilterText(const QString& text) {
    if (text == m_filterText)
        return;
    m_filterText = text;
    m_proxy->setFilterFixedString(text.trimmed());
    Q_EMIT filterTextChanged();
    Q_EMIT visibleCountChanged();
}

void WorkerTableModel::sortBy(int column) {
    if (column < 0 || column >= kColumnCount) {
        m_sortColumn = -1;
        m_sortAscending = false;
    } else if (column == m_sortColumn) {
        m_sortAscending = !m_sortAscending;
    } else {
        m_sortColumn = column;
        // Words A-Z first; numbers largest first (the expensive, slow, busy workers).
        m_sortAscending = column == StatusColumn || column == TaskColumn || column == HostColumn;
    }
    m_proxy->sort(m_sortColumn, m_sortAscending ? Qt::AscendingOrder : Qt::DescendingOrder);
    Q_EMIT sortChanged();
}

int WorkerTableModel::indexOfJob(qint64 jobId) const {
    return indexOfRow(m_rows, jobId, &WorkerRow::jobId);
}

void WorkerTableModel::reload() {
    m_loaded = true;
    Result<QList<WorkerRow>> loaded = m_source->recentWorkers(m_limit);
    if (!loaded) {
        const QString message =
            tr("Could not load the workers: %1 Check the data folder, then reload.")
                .arg(loaded.error().message);
        if (assignIfDifferent(m_loadError, message))
            Q_EMIT loadErrorChanged();
        return;
    }
    beginResetModel();
    m_rows = std::move(loaded).value();
    endResetModel();
    Q_EMIT countChanged();
    scheduleTick();
    m_source->loadActivity(m_rows, this, m_activityRequests.newestOnly([this](const auto& byJob) {
        applyActivity(byJob);
    }));
    if (assignIfDifferent(m_loadError, {}))
        Q_EMIT loadErrorChanged();
}

int WorkerTableModel::ensureRow(qint64 jobId, const QDateTime& at, const QString& task,
                                const QString& workerId) {
    const int found = indexOfJob(jobId);
    if (found >= 0)
        return found;
    WorkerRow w;
    w.jobId = jobId;
    w.status = JobStatus::Queued;
    w.startedAt = at;
    // Inserted complete, so that no change has to follow the insertion.
    w.task = task;
    w.workerId = workerId;
    beginInsertRows({}, 0, 0);
    m_rows.prepend(w);
    endInsertRows();
    if (m_rows.size() > m_limit) {
        const int last = int(m_rows.size()) - 1;
        beginRemoveRows({}, last, last);
        m_rows.removeLast();
        endRemoveRows();
    }
    Q_EMIT countChanged();
    return 0;
}

void WorkerTableModel::changed(int row, int firstColumn, int lastColumn) {
    if (!m_clock) {
        Q_EMIT dataChanged(index(row, firstColumn), index(row, lastColumn));
        return;
    }
    // Once per frame: by job id, since rows move when new workers are inserted at the top.
    auto [it, added] = m_dirty.try_emplace(m_rows.at(row).jobId, firstColumn, lastColumn);
    if (!added) {
        it->second.first = qMin(it->second.first, firstColumn);
        it->second.second = qMax(it->second.second, lastColumn);
    }
    if (!m_flushArmed) {
        m_flushArmed = true;
        m_clock->callAfter(kFrameMs, this, [this] { flushChanges(); });
    }
}

void WorkerTableModel::flushChanges() {
    m_flushArmed = false;
    const auto dirty = std::exchange(m_dirty, {});
    for (const auto& [jobId, columns] : dirty) {
        const int row = indexOfJob(jobId);
        if (row >= 0)
            Q_EMIT dataChanged(index(row, columns.first), index(row, columns.second));
    }
}

void WorkerTableModel::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId || !m_loaded)
        return;
    // What the event says about its worker's row.
    payloads::WorkerIds ids;
    QString task;
    bool started = false;
    bool toolEnded = false;
    const std::optional<payloads::WorkerToolStarted> toolStarted =
        payloads::WorkerToolStarted::from(e);
    std::optional<payloads::WorkerComplete> complete;
    if (const auto p = payloads::WorkerSpawned::from(e)) {
        ids = {p->runId, p->jobId, {}};
        task = p->task;
    } else if (const auto p = payloads::WorkerStarted::from(e)) {
        ids = p->ids;
        task = p->task;
        started = true;
    } else if (toolStarted) {
        ids = toolStarted->ids;
    } else if (const auto p = payloads::WorkerToolFinished::from(e)) {
        ids = p->ids;
        toolEnded = true;
    } else if ((complete = payloads::WorkerComplete::from(e))) {
        ids = complete->ids;
    } else {
        return;
    }
    const qint64 jobId = ids.jobId;
    if (jobId <= 0)
        return;
    const int row = ensureRow(jobId, e.at, task, ids.workerId);
    WorkerRow& w = m_rows[row];
    int first = kColumnCount;
    int last = -1;
    auto touch = [&](int column) {
        first = qMin(first, column);
        last = qMax(last, column);
    };

    if (!task.isEmpty() && task != w.task) {
        w.task = task;
        touch(TaskColumn);
    }
    if (!ids.workerId.isEmpty() && ids.workerId != w.workerId) {
        w.workerId = ids.workerId;
        touch(TaskColumn);  // the filter looks at the worker id; the task cell stands for it
    }
    std::optional<JobStatus> status;
    if (started || ((toolStarted || toolEnded) && w.status == JobStatus::Queued)) {
        status = JobStatus::Running;  // a missed start is evident from tool activity
        if (!w.runningSince.isValid())
            w.runningSince = e.at;
    } else if (complete) {
        if (complete->status)
            status = *complete->status;
        if (complete->durationMs) {
            w.durationMs = *complete->durationMs;
            touch(DurationColumn);
        }
        w.costUsd = m_source->jobCost(jobId);
        touch(CostColumn);
    }
    if (status && *status != w.status && !isTerminal(w.status)) {
        w.status = *status;
        touch(StatusColumn);
    }
    if (toolStarted) {
        ++w.toolCalls;
        touch(ToolsColumn);
        if (addHost(w.hosts, toolStarted->args.value(QStringLiteral("host")).toString()))
            touch(HostColumn);
    }
    if (last >= 0)
        changed(row, first, last);
    if (started)
        scheduleTick();
}

QString WorkerTableModel::formatCost(const std::optional<double>& usd) {
    return usd ? formatCallCost(*usd) : QStringLiteral("?");
}

}  // namespace zerg
