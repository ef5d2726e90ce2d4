#include "core/clock.h"

#include <QTimer>

#include <limits>

namespace zerg {

SystemClock::SystemClock(QObject* parent) : Clock(parent) {
    m_elapsed.start();
}

qint64 SystemClock::nowMs() const {
    return m_elapsed.elapsed();
}

QDateTime SystemClock::utcNow() const {
    return QDateTime::currentDateTimeUtc();
}

Clock::TimerId SystemClock::callAfter(qint64 delayMs, QObject* context, Callback fn) {
    const TimerId id = m_nextId++;
    auto* timer = new QTimer(context ? context : this);
    timer->setSingleShot(true);
    timer->setTimerType(Qt::PreciseTimer);
    connect(timer, &QTimer::timeout, timer, [this, id, timer, fn = std::move(fn)] {
        m_timers.remove(id);
        timer->deleteLater();
        fn();
    });
    // A timer deleted with its context never fires or is cancelled: forget it then too.
    connect(timer, &QObject::destroyed, this, [this, id] { m_timers.remove(id); });
    m_timers.insert(id, timer);
    timer->start(int(qBound(qint64(0), delayMs, qint64(std::numeric_limits<int>::max()))));
    return id;
}

void SystemClock::cancel(TimerId id) {
    if (QPointer<QTimer> t = m_timers.take(id)) {
        t->stop();
        t->deleteLater();
    }
}

ManualClock::ManualClock(QDateTime start, QObject* parent)
    : Clock(parent), m_start(std::move(start)) {}

Clock::TimerId ManualClock::callAfter(qint64 delayMs, QObject* context, Callback fn) {
    const TimerId id = m_nextId++;
    m_queue.emplace(m_now + qMax<qint64>(0, delayMs),
                    Pending{id, context, context != nullptr, std::move(fn)});
    return id;
}

void ManualClock::cancel(TimerId id) {
    for (auto it = m_queue.begin(); it != m_queue.end(); ++it) {
        if (it->second.id == id) {
            m_queue.erase(it);
            return;
        }
    }
}

void ManualClock::advance(qint64 ms) {
    const qint64 target = m_now + qMax<qint64>(0, ms);
    while (!m_queue.empty() && m_queue.begin()->first <= target) {
        auto node = m_queue.extract(m_queue.begin());
        m_now = node.key();
        Pending& p = node.mapped();
        if (p.hasContext && p.context.isNull())
            continue;
        p.fn();
    }
    m_now = target;
}

}  // namespace zerg
