#pragma once

#include "core/clock.h"
#include "ui/role_table.h"
#include "ui/worker_list_model.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QVariant>

namespace zerg {

struct Event;
namespace payloads {
struct WorkerToolStarted;
struct WorkerToolFinished;
struct WorkerToolProgress;
}  // namespace payloads

// The activity ticker (seed: worker-supervision-roundabout.md, "UI Integration"): the tool calls
// of the current run's workers, grouped by worker (a worker's calls are contiguous rows, workers
// in the order they were spawned). Rows stay until the run ends, then the ticker clears.
// Running calls' durations follow the injected Clock, re-armed every second while anything runs.
class ActivityModel;

// The calls of one worker in the ticker: the newest kShown of them (a worker that makes hundreds
// of calls keeps a short ticker); `hidden` counts the older ones left out.
class JobCallsModel final : public QSortFilterProxyModel {
    Q_OBJECT
    QML_NAMED_ELEMENT(JobCalls)
    QML_UNCREATABLE("Made by Jarvis.activity.callsFor().")
    Q_PROPERTY(int hidden READ hidden NOTIFY hiddenChanged FINAL)

public:
    static constexpr int kShown = 8;

    JobCallsModel(qint64 jobId, const ActivityModel* activity, QObject* parent);
    [[nodiscard]] int hidden() const;
    // The job has a new call: the oldest shown one may have to go.
    void refresh();

Q_SIGNALS:
    void hiddenChanged();

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    qint64 m_jobId;
    const ActivityModel* m_activity;
    int m_hidden = 0;
};

class ActivityModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ActivityModel is owned by Jarvis; use Jarvis.activity.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // The ticker has something to show: a worker of the current run exists (until the run ends).
    Q_PROPERTY(bool active READ active NOTIFY activeChanged FINAL)
    // A worker is queued or running, or a call is still running: time is ticking.
    Q_PROPERTY(bool running READ running NOTIFY runningChanged FINAL)
    // Clock::nowMs(), refreshed every second while running.
    Q_PROPERTY(qint64 clockMs READ clockMs NOTIFY clockMsChanged FINAL)
    Q_PROPERTY(zerg::WorkerListModel* workers READ workers CONSTANT FINAL)

public:
    enum Roles {
        JobIdRole = Qt::UserRole + 1,
        WorkerIdRole,
        WorkerTaskRole,
        CallIdRole,
        ToolRole,
        DisplayRole,  // one line, e.g. ssh_exec testbox "df -h"
        StateRole,    // running | done | failed
        ErrorRole,
        StartedAtMsRole,   // Clock::nowMs() when the call started
        DurationMsRole,    // final duration, or the time so far while running
        DurationTextRole,  // "1.8 s" when finished, "3 s…" (whole seconds) while running
        ExitCodeRole,      // int, or null when the call did not report one
        OrdinalRole,       // 1 for the worker's first call in this run, 2 for its second, ...
        ProgressTextRole,  // "2 of 5 · Indexing" while a running call reports progress, else ""
    };
    Q_ENUM(Roles)

    static constexpr qint64 kTickMs = 1000;

    explicit ActivityModel(Clock* clock, QObject* parent = nullptr);
    ~ActivityModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool active() const;
    [[nodiscard]] bool running() const { return m_running; }
    [[nodiscard]] qint64 clockMs() const { return m_clockMs; }
    [[nodiscard]] WorkerListModel* workers() const { return m_workers; }

    // Applies one event of a run this model shows; events of other kinds are ignored.
    void handleEvent(const Event& event);
    // The calls of one worker, as a live filtered view of this model (owned by it, kept until
    // clear()). Each ticker row shows its own worker's calls through one, so a new call touches
    // one worker's list instead of every row's delegates.
    Q_INVOKABLE zerg::JobCallsModel* callsFor(qint64 jobId);
    // How many calls the job has made in this run.
    [[nodiscard]] int callCount(qint64 jobId) const { return m_callCount.value(jobId); }

    void clear();
    // After the user interface's language changed: every row's texts announced again.
    void retranslate();

Q_SIGNALS:
    void countChanged();
    void activeChanged();
    void runningChanged();
    void clockMsChanged();

private:
    QHash<qint64, QPointer<JobCallsModel>> m_callsByJob;  // callsFor()
    QHash<qint64, int> m_callCount;
    struct Call {
        qint64 runId = 0;
        qint64 jobId = 0;
        QString callId;
        QString tool;
        QString display;
        QString state;
        QString error;
        qint64 startedAtMs = 0;
        qint64 durationMs = -1;  // -1 while running
        QVariant exitCode;
        int ordinal = 0;  // 1 for the job's first call, 2 for its second, ...
        QString progressText;
    };

    struct WorkerNews;  // what a worker event says about its worker (activity_model.cpp)

    void onWorkerEvent(const WorkerNews& news);
    void onToolStarted(const payloads::WorkerToolStarted& p);
    void onToolFinished(const payloads::WorkerToolFinished& p);
    void onToolProgress(const payloads::WorkerToolProgress& p);
    void removeRun(qint64 runId);
    [[nodiscard]] int indexOfCall(qint64 jobId, const QString& callId) const;
    [[nodiscard]] int insertionRowFor(qint64 jobId) const;
    // Recomputes active/running, starts or stops the 1 s tick.
    void refreshState();
    void tick();

    Clock* m_clock;
    WorkerListModel* m_workers;
    QList<Call> m_rows;
    qint64 m_clockMs = 0;
    bool m_running = false;
    bool m_active = false;
    Clock::TimerId m_timer = 0;
    const RoleTable<Call> m_roles;
};

}  // namespace zerg
