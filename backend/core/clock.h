#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <map>

class QTimer;

namespace zerg {

// All time in the backend goes through a Clock so tests can drive it by hand.
class Clock : public QObject {
    Q_OBJECT
public:
    using TimerId = quint64;
    using Callback = std::function<void()>;

    using QObject::QObject;
    ~Clock() override = default;

    // Monotonic milliseconds since an arbitrary start. Use for durations and deadlines.
    [[nodiscard]] virtual qint64 nowMs() const = 0;
    // Wall-clock time in UTC. Use for timestamps shown to people and written to disk.
    [[nodiscard]] virtual QDateTime utcNow() const = 0;

    // Calls fn once after delayMs on the event loop, unless cancelled or context is destroyed.
    virtual TimerId callAfter(qint64 delayMs, QObject* context, Callback fn) = 0;
    virtual void cancel(TimerId id) = 0;
};

// Production clock: QElapsedTimer and QTimer.
class SystemClock final : public Clock {
    Q_OBJECT
public:
    explicit SystemClock(QObject* parent = nullptr);

    qint64 nowMs() const override;
    QDateTime utcNow() const override;
    TimerId callAfter(qint64 delayMs, QObject* context, Callback fn) override;
    void cancel(TimerId id) override;
    // Timers waiting to fire (for tests: one whose context is gone is not kept).
    [[nodiscard]] int pendingTimers() const { return int(m_timers.size()); }

private:
    QElapsedTimer m_elapsed;
    TimerId m_nextId = 1;
    QHash<TimerId, QPointer<QTimer>> m_timers;
};

// Test clock: time moves only when advance() is called; due callbacks fire in order.
class ManualClock final : public Clock {
    Q_OBJECT
public:
    explicit ManualClock(QDateTime start = QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC),
                         QObject* parent = nullptr);

    qint64 nowMs() const override { return m_now; }
    QDateTime utcNow() const override { return m_start.addMSecs(m_now); }
    TimerId callAfter(qint64 delayMs, QObject* context, Callback fn) override;
    void cancel(TimerId id) override;

    // Moves time forward by ms, firing every callback that falls due, each at its own time.
    void advance(qint64 ms);
    [[nodiscard]] int pendingCount() const { return int(m_queue.size()); }

private:
    struct Pending {
        TimerId id;
        QPointer<QObject> context;
        bool hasContext;
        Callback fn;
    };
    QDateTime m_start;
    qint64 m_now = 0;
    TimerId m_nextId = 1;
    std::multimap<qint64, Pending> m_queue;
};

}  // namespace zerg
