#include "ui/activity_model.h"

#include "core/event.h"
#include "core/event_payloads.h"
#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/model_util.h"
#include "ui/role_table.h"
#include "ui/worker_list_model.h"

#include <QPointer>
#include <QSortFilterProxyModel>

#include <optional>

namespace zerg {
namespace {

// A tool call's state in the ticker (ToolCallLine.qml): the call outcomes of core/status.h,
// with "done" for a success as the ticker has always said.
const QString kRunning = statusName(CallOutcome::Running);
const QString kDone = QStringLiteral("done");
const QString kFailed = statusName(CallOutcome::Failed);

// A field of the job's worker, or "" when the worker is not (or no longer) listed.
QString workerField(const WorkerListModel& workers, qint64 jobId,
                    QString WorkerListModel::Worker::*field) {
    const int w = workers.indexOfJob(jobId);
    return w >= 0 ? workers.at(w).*field : QString();
}

}  // namespace

ActivityModel::ActivityModel(Clock* clock, QObject* parent)
    : QAbstractListModel(parent),
      m_clock(clock),
      m_workers(new WorkerListModel(this)),
      m_roles{
          {JobIdRole, "jobId", &Call::jobId},
          {WorkerIdRole, "workerId",
           [this](const Call& c) {
               return workerField(*m_workers, c.jobId, &WorkerListModel::Worker::workerId);
           }},
          {WorkerTaskRole, "workerTask",
           [this](const Call& c) {
               return workerField(*m_workers, c.jobId, &WorkerListModel::Worker::task);
           }},
          {CallIdRole, "callId", &Call::callId},
          {ToolRole, "tool", &Call::tool},
          {DisplayRole, "display",
           [](const Call& c) { return c.display.isEmpty() ? c.tool : c.display; }},
          {Qt::DisplayRole, nullptr,
           [](const Call& c) { return c.display.isEmpty() ? c.tool : c.display; }},
          {StateRole, "state", &Call::state},
          {ErrorRole, "error", &Call::error},
          {StartedAtMsRole, "startedAtMs", &Call::startedAtMs},
          {DurationMsRole, "durationMs",
           [this](const Call& c) {
               return c.durationMs >= 0 ? c.durationMs : qMax<qint64>(0, m_clockMs - c.startedAtMs);
           }},
          {DurationTextRole, "durationText",
           [this](const Call& c) {
               return c.durationMs >= 0
                          ? formatDuration(c.durationMs)
                          : tr("%1 s…").arg(qMax<qint64>(0, m_clockMs - c.startedAtMs) / 1000);
           }},
          {ExitCodeRole, "exitCode", &Call::exitCode},
          {OrdinalRole, "ordinal", &Call::ordinal},
          {ProgressTextRole, "progressText", &Call::progressText},
      } {
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
    return rowData(*this, m_rows, index, role, m_roles);
}

QHash<int, QByteArray> ActivityModel::roleNames() const {
    return m_roles.names();
}

bool ActivityModel::active() const {
    return m_workers->count() > 0 || !m_rows.isEmpty();
}

struct ActivityModel::WorkerNews {
    enum class Kind { Spawned, Started, StatusUpdate, Complete, ToolCall };
    WorkerNews(Kind k, qint64 run, qint64 job, const QString& worker)
        : kind(k), runId(run), jobId(job), workerId(worker) {}

    Kind kind;
    qint64 runId;
    qint64 jobId;
    QString workerId;
    QString task;                      // spawned, started
    std::optional<JobStatus> status;   // status update, complete
    double elapsedSeconds = 0;         // status update
    std::optional<qint64> durationMs;  // complete
    QString error;                     // complete
};

void ActivityModel::handleEvent(const Event& e) {
    using Kind = WorkerNews::Kind;
    if (const auto p = payloads::SupervisorComplete::from(e)) {
        // The roundabout has exited and the answer (or the failure) is in the chat.
        removeRun(p->runId);
    } else if (const auto p = payloads::ErrorEvent::from(e)) {
        removeRun(p->runId);
    } else if (const auto p = payloads::WorkerToolStarted::from(e)) {
        onWorkerEvent({Kind::ToolCall, p->ids.runId, p->ids.jobId, p->ids.workerId});
        onToolStarted(*p);
    } else if (const auto p = payloads::WorkerToolProgress::from(e)) {
        onToolProgress(*p);
    } else if (const auto p = payloads::WorkerToolFinished::from(e)) {
        onWorkerEvent({Kind::ToolCall, p->ids.runId, p->ids.jobId, p->ids.workerId});
        onToolFinished(*p);
    } else if (const auto p = payloads::WorkerSpawned::from(e)) {
        WorkerNews news(Kind::Spawned, p->runId, p->jobId, {});
        news.task = p->task;
        onWorkerEvent(news);
    } else if (const auto p = payloads::WorkerStarted::from(e)) {
        WorkerNews news(Kind::Started, p->ids.runId, p->ids.jobId, p->ids.workerId);
        news.task = p->task;
        onWorkerEvent(news);
    } else if (const auto p = payloads::WorkerStatusUpdate::from(e)) {
        WorkerNews news(Kind::StatusUpdate, p->runId, p->jobId, p->workerId);
        news.status = p->status;
        news.elapsedSeconds = p->elapsedSeconds;
        onWorkerEvent(news);
    } else if (const auto p = payloads::WorkerComplete::from(e)) {
        WorkerNews news(Kind::Complete, p->ids.runId, p->ids.jobId, p->ids.workerId);
        news.status = p->status;
        news.durationMs = p->durationMs;
        news.error = p->error;
        onWorkerEvent(news);
    } else {
        return;
    }
    refreshState();
}

void ActivityModel::onWorkerEvent(const WorkerNews& news) {
    using Kind = WorkerNews::Kind;
    const qint64 jobId = news.jobId;
    if (jobId <= 0)
        return;
    const qint64 now = m_clock->nowMs();
    m_workers->setNowMs(now);
    const int row = m_workers->ensure(news.runId, jobId, now);
    WorkerListModel::Worker w = m_workers->at(row);
    QList<int> roles;
    if (!news.task.isEmpty() && news.task != w.task) {
        w.task = news.task;
        roles << WorkerListModel::TaskRole;
    }
    if (!news.workerId.isEmpty() && news.workerId != w.workerId) {
        w.workerId = news.workerId;
        roles << WorkerListModel::WorkerIdRole;
    }
    QString status;
    if (news.kind == Kind::Started) {
        status = kRunning;
        w.anchorMs = now;
        roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole;
    } else if (news.kind == Kind::StatusUpdate) {
        if (news.status) {
            status = statusName(*news.status);
            if (!isTerminal(*news.status)) {
                // The worker's own clock is authoritative; keep ticking from there.
                w.anchorMs = now - qint64(news.elapsedSeconds * 1000.0);
                roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole;
            }
        }
    } else if (news.kind == Kind::Complete) {
        if (news.status)
            status = statusName(*news.status);
        w.finalMs = news.durationMs.value_or(qMax<qint64>(0, now - w.anchorMs));
        w.error = news.error;
        roles << WorkerListModel::ElapsedSecondsRole << WorkerListModel::ElapsedTextRole
              << WorkerListModel::ErrorRole;
    } else if (news.kind == Kind::ToolCall && w.status == statusName(JobStatus::Queued)) {
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

void ActivityModel::onToolStarted(const payloads::WorkerToolStarted& p) {
    const qint64 jobId = p.ids.jobId;
    if (indexOfCall(jobId, p.callId) >= 0)
        return;
    Call c;
    c.runId = p.ids.runId;
    c.jobId = jobId;
    c.callId = p.callId;
    c.tool = p.tool;
    c.display = p.display;
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

void ActivityModel::onToolFinished(const payloads::WorkerToolFinished& p) {
    const int i = indexOfCall(p.ids.jobId, p.callId);
    if (i < 0)
        return;  // a call we never saw start (e.g. joined mid-run): nothing to update
    Call& c = m_rows[i];
    c.state = p.ok ? kDone : kFailed;
    c.durationMs = p.durationMs.value_or(qMax<qint64>(0, m_clock->nowMs() - c.startedAtMs));
    c.error = p.error;
    if (p.exitCode)
        c.exitCode = *p.exitCode;
    const QModelIndex idx = index(i);
    Q_EMIT dataChanged(idx, idx,
                       {StateRole, DurationMsRole, DurationTextRole, ErrorRole, ExitCodeRole});
}

void ActivityModel::onToolProgress(const payloads::WorkerToolProgress& p) {
    const int i = indexOfCall(p.ids.jobId, p.callId);
    if (i < 0 || m_rows.at(i).state != kRunning)
        return;
    const QLocale locale;
    QString text = p.total && *p.total > 0 ? tr("%1 of %2")
                                                 .arg(locale.toString(p.progress, 'g', 6),
                                                      locale.toString(*p.total, 'g', 6))
                                           : QString();
    if (!p.message.isEmpty())
        text = text.isEmpty() ? p.message : text + QStringLiteral(" · ") + p.message;
    Call& c = m_rows[i];
    if (c.progressText == text)
        return;
    c.progressText = text;
    const QModelIndex idx = index(i);
    Q_EMIT dataChanged(idx, idx, {ProgressTextRole});
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
    if (assignIfDifferent(m_hidden, hidden()))
        Q_EMIT hiddenChanged();
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
    if (assignIfDifferent(m_running, running))
        Q_EMIT runningChanged();
    if (assignIfDifferent(m_active, active()))
        Q_EMIT activeChanged();
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
    announceAllRows(*this);
}

}  // namespace zerg
