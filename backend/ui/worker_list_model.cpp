#include "ui/worker_list_model.h"

#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/model_util.h"
#include "ui/role_table.h"

namespace zerg {

WorkerListModel::WorkerListModel(QObject* parent)
    : QAbstractListModel(parent),
      m_roles{
          {JobIdRole, "jobId", &Worker::jobId},
          {WorkerIdRole, "workerId", &Worker::workerId},
          {TaskRole, "task", &Worker::task},
          {Qt::DisplayRole, nullptr, &Worker::task},
          {StatusRole, "status", &Worker::status},
          {ElapsedSecondsRole, "elapsedSeconds",
           [this](const Worker& w) { return int(elapsedMs(w) / 1000); }},
          {ElapsedTextRole, "elapsedText",
           [this](const Worker& w) { return formatDuration(elapsedMs(w) / 1000 * 1000); }},
          {ErrorRole, "error", &Worker::error},
          {RunIdRole, "runId", &Worker::runId},
      } {}

int WorkerListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant WorkerListModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, m_roles);
}

QHash<int, QByteArray> WorkerListModel::roleNames() const {
    return m_roles.names();
}

int WorkerListModel::indexOfJob(qint64 jobId) const {
    return indexOfRow(m_rows, jobId, &Worker::jobId);
}

bool WorkerListModel::anyRunning() const {
    for (const Worker& w : m_rows) {
        if (!isTerminalWord<JobStatus>(w.status))
            return true;
    }
    return false;
}

int WorkerListModel::ensure(qint64 runId, qint64 jobId, qint64 nowMs) {
    const int found = indexOfJob(jobId);
    if (found >= 0)
        return found;
    m_nowMs = qMax(m_nowMs, nowMs);
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.append({runId, jobId, {}, {}, statusName(JobStatus::Queued), {}, nowMs, -1});
    endInsertRows();
    Q_EMIT countChanged();
    return at;
}

void WorkerListModel::update(int row, const Worker& value, const QList<int>& roles) {
    m_rows[row] = value;
    const QModelIndex idx = index(row);
    Q_EMIT dataChanged(idx, idx, roles);
}

void WorkerListModel::tick(qint64 nowMs) {
    m_nowMs = nowMs;
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).finalMs < 0) {
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {ElapsedSecondsRole, ElapsedTextRole});
        }
    }
}

void WorkerListModel::removeRun(qint64 runId) {
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (m_rows.at(i).runId != runId)
            continue;
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
        Q_EMIT countChanged();
    }
}

void WorkerListModel::clear() {
    if (m_rows.isEmpty())
        return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
    Q_EMIT countChanged();
}

void WorkerListModel::retranslate() {
    announceAllRows(*this);
}

}  // namespace zerg
