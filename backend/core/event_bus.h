#pragma once

#include "core/event.h"

#include <QObject>

#include <concepts>

namespace zerg {

class Clock;

// Fan-out of backend events. Everything on the main thread; subscribers connect to published().
class EventBus : public QObject {
    Q_OBJECT
public:
    explicit EventBus(Clock* clock, QObject* parent = nullptr);

    // Adds owner_id to data, stamps sequence and time, and emits published().
    void publish(const QString& name, qint64 ownerId, QJsonObject data);

    // An event's payload struct (core/event_payloads.h) under its event's name.
    template <typename Payload>
    requires requires(const Payload& p) {
        p.eventName();
        { p.toJson() } -> std::convertible_to<QJsonObject>;
    }
    void publish(qint64 ownerId, const Payload& payload) {
        publish(QString::fromLatin1(payload.eventName()), ownerId, payload.toJson());
    }

Q_SIGNALS:
    void published(const zerg::Event& event);

private:
    Clock* m_clock;
    qint64 m_seq = 0;
};

}  // namespace zerg
