#pragma once

#include "core/status.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

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
    CallOutcome outcome = CallOutcome::Running;
    QString error;
    QString outputExcerpt;  // the start of its output (stdout, else the result), capped
};

// A point-in-time view of a worker for the roundabout and for status events.
struct WorkerSnapshot {
    WorkerStatus status = WorkerStatus::Queued;
    QString workerId;
    QString task;
    qint64 elapsedMs = 0;
    // Of elapsedMs, the time spent waiting for the user's approval (issue 22): it does not count
    // toward the hard timeout.
    qint64 approvalWaitMs = 0;
    QList<ActivityEntry> activity;
    QString result;     // final text when status is success
    QString error;      // what went wrong when failed
    QString errorCode;  // stable code of the failure (e.g. host_key_changed)
    QString summary;
    QStringList helpRequests;  // reasons the worker gave with request_help, oldest first
    // The agent state shown everywhere (docs/reliability.md).
    AgentState agentState = AgentState::Idle;

    [[nodiscard]] bool isTerminal() const { return zerg::isTerminal(status); }
};

// What the roundabout monitors. Implemented by the worker (jarvis room), so that this room does
// not reach upward.
class MonitoredWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    [[nodiscard]] virtual qint64 jobId() const = 0;
    [[nodiscard]] virtual WorkerSnapshot snapshot() const = 0;
    // Really stops the worker (its model call and its running tools, killing a remote command);
    // it ends with `status` (cancelled, timeout, failed), with `reason` as the error.
    virtual void stop(WorkerStatus status, const QString& reason) = 0;
    // Reads the worker's conversation ("thread") or one tool call's output (its number, e.g.
    // "2", or its file, e.g. "tool_calls/002_ssh_exec.txt"), at most maxChars (the end of the
    // thread, the start of a file). A readable explanation when there is no such thing.
    [[nodiscard]] virtual QString peek(const QString& target, int maxChars) const = 0;
    // Tells the running worker something ("[SUPERVISOR] …" before its next model call); its
    // pending help requests count as answered. False when it has already ended.
    virtual bool sendMessage(const QString& text) = 0;
    // Keeps what one roundabout check saw and decided (monitoring/check_NNNs.json).
    virtual void recordCheck(qint64 elapsedSeconds, const QJsonObject& check) = 0;

Q_SIGNALS:
    // The worker reached a terminal status. The roundabout reacts at once instead of waiting for
    // its next check.
    void terminated();
    // The worker called request_help: the roundabout checks at once.
    void helpRequested(const QString& reason);
};

}  // namespace zerg
