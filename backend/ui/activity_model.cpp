#include "ui/activity_model.h"

#include "core/event.h"
#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/worker_list_model.h"

#include <QPointer>
#include <QSortFilterProxyModel>

#include <QJsonObject>

namespace zerg {
namespace {

// A tool call's state in the ticker (ToolCallLine.qml): the call outcomes of core/status.h,
// with "done" for a success as the ticker has always said.
const QString kRunning = statusName(CallOutcome::Running);
const QString kDone = QStringLiteral("done");
const QString kFailed = statusName(CallOutcome::Failed);

QString str(const Event& e, const char* key) {
    return e.data.value(QLatin1String(key)).toString();
}

qint64 integer(const Event& e, const char* key) {
    return e.data.value(QLatin1String(key)).toInteger();
}

bool is(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

}  // namespace

ActivityModel::ActivityModel(Clock* clock, QObject* parent)
    : QAbstractListModel(parent), m_clock(clock), m_workers(new WorkerListModel(this)) {
    m_clockMs = m_clock->nowMs();
}

ActivityModel::~ActivityModel() {
    if (m_timer)
        m_clock->cancel(m_timer);
}

int ActivityModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ActivityModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Call& c = m_rows.at(index.row());
    const int w = m_workers->indexOfJob(c.jobId);
    switch (role) {
        case JobIdRole:
            return c.jobId;
        case WorkerIdRole:
            return w >= 0 ? m_workers->at(w).workerId : QString();
        case WorkerTaskRole:
            return w >= 0 ? m_workers->at(w).task : QString();
        case CallIdRole:
            return c.callId;
        case ToolRole:
            return c.tool;
        case DisplayRole:
        case Qt::DisplayRole:
            return c.display.isEmpty() ? c.tool : c.display;
        case StateRole:
            return c.state;
        case ErrorRole:
            return c.error;
        case StartedAtMsRole:
            return c.startedAtMs;
        case DurationMsRole:
            return c.durationMs >= 0 ? c.durationMs : qMax<qint64>(0, m_clockMs - c.startedAtMs);
        case DurationTextRole:
            return c.durationMs >= 0
                       ? formatDuration(c.durationMs)
                       : tr("%1 s…").arg(qMax<qint64>(0, m_clockMs - c.startedAtMs) / 1000);
        case ExitCodeRole:
            return c.exitCode;
        case OrdinalRole:
            return c.ordinal;
        default:
            return {};
    }
}

QHash<int, QByteArray> ActivityModel::roleNames() const {
    return {{JobIdRole, "jobId"},
            {WorkerIdRole, "workerId"},
            {WorkerTaskRole, "workerTask"},
            {CallIdRole, "callId"},
            {ToolRole, "tool"},
            {DisplayRole, "display"},
            {StateRole, "state"},
            {ErrorRole, "error"},
            {StartedAtMsRole, "startedAtMs"},
            {DurationMsRole, "durationMs"},
            {DurationTextRole, "durationText"},
            {ExitCodeRole, "exitCode"},
            {OrdinalRole, "ordinal"}};
}

bool ActivityModel::active() const {
    return m_workers->count() > 0 || !m_rows.isEmpty();
}

void ActivityModel::handleEvent(const Event& e) {
    const qint64 runId = integer(e, "run_id");
    const qint64 jobId = integer(e, "job_id");
    if (is(e, events::SupervisorComplete) || is(e, events::Error)) {
        // The roundabout has exited and the answer (or the failure) is in the chat.
        removeRun(runId);
    } else if (is(e, events::WorkerToolStarted)) {
        onWorkerEvent(e, runId, jobId);
        onToolStarted(e, runId, jobId);
    } else if (is(e, events::WorkerToolCompleted) || is(e, events::WorkerToolFailed)) {
        onWorkerEvent(e, runId, jobId);
        onToolFinished(e, jobId, is(e, events::WorkerToolCompleted));
    } else if (is(e, events::WorkerSpawned) || is(e, events::WorkerStarted) ||
               is(e, events::WorkerStatusUpdate) || is(e, events::WorkerComplete)) {
        onWorkerEvent(e, runId, jobId);
    } else {
        return;
    }
    refreshState();
}

void ActivityModel::onWorkerEvent(const Event& e, qint64 runId, qint64 jobId) {
    if (jobId <= 0)
        return;
    const qint64 now = m_clock->nowMs();
    m_workers->setNowMs(now);
    const int row = m_workers->ensure(runId, jobId, now);
    WorkerListModel::Worker w = m_workers->at(row);
    QList<int> roles;
    const QString task = str(e, "task");
    if (!task.isEmpty() && task != w.task) {
        w.task = task;
        roles << WorkerListModel::TaskRole;
    }
    const QString workerId = str(e, "worker_id");
    if (!workerId.isEmpty() && workerId != w.workerId) {
        w.workerId = workerId;
        roles << WorkerListModel::WorkerIdRole;
    }
    QString status;
    if (is(e, events::WorkerStarted)) {
        status = kRunning;
        w.anchorMs = now;
        roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole;
    } else if (is(e, events::WorkerStatusUpdate)) {
        status = str(e, "status");
        if (!isTerminalWord<JobStatus>(status)) {
            // The worker's own clock is authoritative; keep ticking from there.
            const double elapsed = e.data.value(QStringLiteral("elapsed_seconds")).toDouble();
            w.anchorMs = now - qint64(elapsed * 1000.0);
            roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole;
        }
    } else if (is(e, events::WorkerComplete)) {
        status = str(e, "status");
        w.finalMs = e.data.contains(QStringLiteral("duration_ms"))
                        ? integer(e, "duration_ms")
                        : qMax<qint64>(0, now - w.anchorMs);
        w.error = str(e, "error");
        roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole
              << WorkerListModel::ErrorRole;
    } else if (w.status == statusName(JobStatus::Queued) &&
               (is(e, events::WorkerToolStarted) || is(e, events::WorkerToolCompleted) ||
                is(e, events::WorkerToolFailed))) {
        status = kRunning;  // the start event was missed, but the worker is evidently running
    }
    if (!status.isEmpty() && status != w.status && !isTerminalWord<JobStatus>(w.status)) {
        w.status = status;
        roles << WorkerListModel::StatusRole;
    }
    if (!roles.isEmpty())
        m_workers->update(row, w, roles);
    if (roles.contains(WorkerListModel::TaskRole) ||
        roles.contains(WorkerListModel::WorkerIdRole)) {
        // The calls show their worker's task and id too.
        for (int i = 0; i < m_rows.size(); ++i) {
            if (m_rows.at(i).jobId != jobId)
                continue;
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {WorkerTaskRole, WorkerIdRole});
        }
    }
}

void ActivityModel::onToolStarted(const Event& e, qint64 runId, qint64 jobId) {
    const QString callId = str(e, "call_id");
    if (indexOfCall(jobId, callId) >= 0)
        return;
    Call c;
    c.runId = runId;
    c.jobId = jobId;
    c.callId = callId;
    c.tool = str(e, "tool");
    c.display = str(e, "display");
    c.state = kRunning;
    c.startedAtMs = m_clock->nowMs();
    c.ordinal = ++m_callCount[jobId];
    m_clockMs = c.startedAtMs;
    Q_EMIT clockMsChanged();
    const int at = insertionRowFor(jobId);
    beginInsertRows({}, at, at);
    m_rows.insert(at, c);
    endInsertRows();
    Q_EMIT countChanged();
    if (const QPointer<JobCallsModel> calls = m_callsByJob.value(jobId))
        calls->refresh();
}

void ActivityModel::onToolFinished(const Event& e, qint64 jobId, bool ok) {
    const int i = indexOfCall(jobId, str(e, "call_id"));
    if (i < 0)
        return;  // a call we never saw start (e.g. joined mid-run): nothing to update
    Call& c = m_rows[i];
    c.state = ok ? kDone : kFailed;
    c.durationMs = e.data.contains(QStringLiteral("duration_ms"))
                       ? integer(e, "duration_ms")
                       : qMax<qint64>(0, m_clock->nowMs() - c.startedAtMs);
    c.error = str(e, "error");
    if (e.data.contains(QStringLiteral("exit_code"))) {
        c.exitCode = e.data.value(QStringLiteral("exit_code")).toInt();
    }
    const QModelIndex idx = index(i);
    Q_EMIT dataChanged(idx, idx,
                       {StateRole, DurationMsRole, DurationTextRole, ErrorRole, ExitCodeRole});
}

void ActivityModel::removeRun(qint64 runId) {
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (m_rows.at(i).runId != runId)
            continue;
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
        Q_EMIT countChanged();
    }
    m_workers->removeRun(runId);
}

JobCallsModel::JobCallsModel(qint64 jobId, const ActivityModel* activity, QObject* parent)
    : QSortFilterProxyModel(parent), m_jobId(jobId), m_activity(activity) {
    m_hidden = hidden();
}

int JobCallsModel::hidden() const {
    return qMax(0, m_activity->callCount(m_jobId) - kShown);
}

void JobCallsModel::refresh() {
    if (m_activity->callCount(m_jobId) > kShown)
        invalidateFilter();  // only this worker's rows are looked at again
    const int now = hidden();
    if (now != m_hidden) {
        m_hidden = now;
        Q_EMIT hiddenChanged();
    }
}

bool JobCallsModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const QModelIndex i = sourceModel()->index(row, 0, parent);
    if (i.data(ActivityModel::JobIdRole).toLongLong() != m_jobId)
        return false;
    return i.data(ActivityModel::OrdinalRole).toInt() > m_activity->callCount(m_jobId) - kShown;
}

JobCallsModel* ActivityModel::callsFor(qint64 jobId) {
    QPointer<JobCallsModel>& proxy = m_callsByJob[jobId];
    if (!proxy) {
        proxy = new JobCallsModel(jobId, this, this);
        proxy->setSourceModel(this);
    }
    return proxy;
}

void ActivityModel::clear() {
    for (const QPointer<JobCallsModel>& p : std::as_const(m_callsByJob)) {
        if (p)
            p->deleteLater();
    }
    m_callsByJob.clear();
    m_callCount.clear();
    if (!m_rows.isEmpty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
        Q_EMIT countChanged();
    }
    m_workers->clear();
    refreshState();
}

int ActivityModel::indexOfCall(qint64 jobId, const QString& callId) const {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).jobId == jobId && m_rows.at(i).callId == callId)
            return i;
    }
    return -1;
}

int ActivityModel::insertionRowFor(qint64 jobId) const {
    // After the worker's last call, so that a worker's calls stay together.
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (m_rows.at(i).jobId == jobId)
            return i + 1;
    }
    return int(m_rows.size());
}

void ActivityModel::refreshState() {
    bool running = m_workers->anyRunning();
    for (const Call& c : m_rows)
        running = running || c.state == kRunning;
    if (running != m_running) {
        m_running = running;
        Q_EMIT runningChanged();
    }
    const bool nowActive = active();
    if (nowActive != m_active) {
        m_active = nowActive;
        Q_EMIT activeChanged();
    }
    if (m_running && !m_timer) {
        m_timer = m_clock->callAfter(kTickMs, this, [this] { tick(); });
    } else if (!m_running && m_timer) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}

void ActivityModel::tick() {
    m_timer = 0;
    m_clockMs = m_clock->nowMs();
    Q_EMIT clockMsChanged();
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).state != kRunning)
            continue;
        const QModelIndex idx = index(i);
        Q_EMIT dataChanged(idx, idx, {DurationMsRole, DurationTextRole});
    }
    m_workers->tick(m_clockMs);
    refreshState();
}

void ActivityModel::retranslate() {
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1));
}

}  // namespace zerg
