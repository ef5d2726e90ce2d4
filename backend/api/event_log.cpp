#include "api/event_log.h"

#include <QRandomGenerator>

#include <algorithm>

namespace zerg::api {

namespace {

QString randomStreamId() {
    return QStringLiteral("%1").arg(QRandomGenerator::system()->generate(), 8, 16,
                                    QLatin1Char('0'));
}

}  // namespace

EventLog::EventLog(int capacity, QString streamId)
    : m_capacity(qMax(1, capacity)),
      m_streamId(streamId.isEmpty() ? randomStreamId() : std::move(streamId)) {}

void EventLog::append(const Event& e) {
    if (m_firstSeen == 0)
        m_firstSeen = e.seq;
    m_events.push_back(e);
    m_lastSeq = e.seq;
    while (int(m_events.size()) > m_capacity)
        m_events.pop_front();
}

qint64 EventLog::oldestSeq() const {
    return m_events.empty() ? 0 : m_events.front().seq;
}

QList<Event> EventLog::after(qint64 after, qint64 ownerId, bool* gap) const {
    if (gap) {
        // Complete only if the log still holds (or never missed) the event right after `after`.
        // Before the first event, nothing has been missed yet.
        const qint64 firstKept = m_events.empty() ? m_lastSeq + 1 : m_events.front().seq;
        *gap = m_firstSeen != 0 && after < firstKept - 1;
    }
    QList<Event> out;
    auto it = std::upper_bound(m_events.begin(), m_events.end(), after,
                               [](qint64 seq, const Event& e) { return seq < e.seq; });
    for (; it != m_events.end(); ++it) {
        if (it->ownerId == ownerId)
            out.append(*it);
    }
    return out;
}

}  // namespace zerg::api
