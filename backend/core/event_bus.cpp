#include "core/event_bus.h"

#include "core/clock.h"

namespace zerg {

QJsonObject Event::toJson() const {
    return QJsonObject{{QStringLiteral("event"), name}, {QStringLiteral("data"), data}};
}

EventBus::EventBus(Clock* clock, QObject* parent) : QObject(parent), m_clock(clock) {}

void EventBus::publish(const QString& name, qint64 ownerId, QJsonObject data) {
    data.insert(QStringLiteral("owner_id"), ownerId);
    Event e;
    e.name = name;
    e.data = std::move(data);
    e.ownerId = ownerId;
    e.seq = ++m_seq;
    e.at = m_clock->utcNow();
    Q_EMIT published(e);
}

}  // namespace zerg
