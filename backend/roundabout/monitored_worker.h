#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace zerg {

// One tool call of a worker as the roundabout sees it (raw facts, no judgement).
struct ActivityEntry {
    QString tool;
    QJsonObject args;
    QString display;         // one line, e.g. ssh_exec testbox "df -h"
    QString host;            // empty for tools without one
    qint64 startedAtMs = 0;  // clock time, relative to the worker's start
    qint64 durationMs = -1;  // -1 while running
    QString outcome;         // "running", "success", "failed"
    QString error;
};

// A point-in-time view of a worker for the roundabout and for status events.
struct WorkerSnapshot {
    QString status;  // queued, running, success, failed, timeout, cancelled
    QString workerId;
    QString task;
    qint64 elapsedMs = 0;
    QList<ActivityEntry> activity;
    QString result;     // final text when status is success
    QString error;      // what went wrong when failed
    QString errorCode;  // stable code of the failure (e.g. host_key_changed)
    QString summary;

    [[nodiscard]] bool isTerminal() const {
        return status == QLatin1String("success") || status == QLatin1String("failed") ||
               status == QLatin1String("timeout") || status == QLatin1String("cancelled");
    }
};

// What the roundabout monitors. Implemented by the worker (jarvis room), so that this room does
// not reach upward.
class MonitoredWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    [[nodiscard]] virtual qint64 jobId() const = 0;
    [[nodiscard]] virtual WorkerSnapshot snapshot() const = 0;
    // Really stops the worker (its model call and its running tools); status becomes `reason`.
    virtual void stop(const QString& status, const QString& reason) = 0;

Q_SIGNALS:
    // The worker reached a terminal status. The roundabout reacts at once instead of waiting for
    // its next check.
    void terminated();
};

}  // namespace zerg
