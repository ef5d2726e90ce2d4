#pragma once

#include "roundabout/monitored_worker.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace zerg {

class Clock;

struct RoundaboutConfig {
    int checkIntervalSeconds = 5;
    int hardTimeoutSeconds = 300;
    int activityLogMaxEntries = 20;
};

// The monitoring loop one spawn_worker call sits in (seed: worker-supervision-roundabout.md).
// Every check interval it takes a snapshot and reports it; it leaves with exactly one result in
// the seed's JSON shapes when the worker completes, fails, or the hard timeout expires (which
// really stops the worker). Deciders (exit early / cancel / peek) come with the full roundabout.
class RoundaboutMonitor : public QObject {
    Q_OBJECT
public:
    RoundaboutMonitor(MonitoredWorker* worker, Clock* clock, RoundaboutConfig config,
                      QObject* parent = nullptr);

    void start();
    // Leaves the roundabout now, stopping the worker ("cancelled" shape).
    void cancel(const QString& reason);

    [[nodiscard]] bool isDone() const { return m_done; }
    [[nodiscard]] const QJsonObject& result() const { return m_result; }
    [[nodiscard]] int checks() const { return m_checks; }

    // The seed's result shapes, built from a snapshot. Public for tests and for peeking.
    [[nodiscard]] static QJsonObject completeShape(qint64 jobId, const WorkerSnapshot& s);
    [[nodiscard]] static QJsonObject failureShape(qint64 jobId, const WorkerSnapshot& s);

Q_SIGNALS:
    // One check happened (status for the UI ticker; never added to the supervisor thread).
    void checked(const zerg::WorkerSnapshot& snapshot);
    void finished();

private:
    void scheduleCheck();
    void check();
    void finishWith(QJsonObject result);

    QPointer<MonitoredWorker> m_worker;
    Clock* m_clock;
    RoundaboutConfig m_config;
    qint64 m_startedMs = 0;
    quint64 m_timer = 0;
    int m_checks = 0;
    bool m_done = false;
    QJsonObject m_result;
};

}  // namespace zerg
