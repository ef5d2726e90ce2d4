#pragma once

#include "core/event.h"

#include <QList>
#include <QString>

#include <deque>

namespace zerg::api {

// The newest events of the EventBus, kept in memory so that a client that reconnects can resume
// from the last seq it received without gaps or duplicates (docs/api.md, "Events and resuming").
// The server numbers its events one by one, so "seq > after" is exact.
class EventLog {
public:
    static constexpr int DefaultCapacity = 10'000;

    // streamId names this log's sequence; clients compare it to learn that the server restarted.
    // Empty: a random one (8 hex digits).
    explicit EventLog(int capacity = DefaultCapacity, QString streamId = {});

    // Keeps e, dropping the oldest event when full. Events arrive in seq order.
    void append(const Event& e);

    // ownerId's events with seq > after, oldest first. *gap (when given) is true when events after
    // `after` may have been dropped or were never seen, so the result may be incomplete.
    [[nodiscard]] QList<Event> after(qint64 after, qint64 ownerId, bool* gap = nullptr) const;

    [[nodiscard]] const QString& streamId() const { return m_streamId; }
    // The newest seq seen (0 before the first event).
    [[nodiscard]] qint64 lastSeq() const { return m_lastSeq; }
    // The oldest seq still kept (0 when empty).
    [[nodiscard]] qint64 oldestSeq() const;
    [[nodiscard]] int size() const { return int(m_events.size()); }
    [[nodiscard]] int capacity() const { return m_capacity; }

private:
    int m_capacity;
    QString m_streamId;
    std::deque<Event> m_events;
    qint64 m_lastSeq = 0;
    // The first seq the log has ever seen: anything before it was published before we listened.
    qint64 m_firstSeen = 0;
};

}  // namespace zerg::api
