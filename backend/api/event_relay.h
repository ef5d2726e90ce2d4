#pragma once

#include "core/event.h"
#include "core/result.h"

#include <QList>
#include <QObject>
#include <QSet>

#include <memory>

namespace zerg {
class Clock;
class Database;
class EventBus;
class EventJournal;
}  // namespace zerg

namespace zerg::api {

// Events across instances (docs/server.md): the events this process publishes go into the
// database's event journal, and the events other processes journaled come out as relayed(), so
// that a client connected here follows a run that another instance executes.
//
// Writing: the owners' events of the bus (service events, owner 0, stay here) are collected for
// flushMs and written in one transaction; a failed write is kept and tried again (at most
// kMaxPending events, then the oldest are dropped with a warning).
// Reading: on PostgreSQL a NOTIFY from a writer wakes the reader at once; every pollMs it reads
// anyway, so a missed notification (or SQLite, which has none) costs only latency. It starts at
// the journal's end: what was journaled before it started is not replayed.
class EventRelay : public QObject {
    Q_OBJECT
public:
    struct Config {
        int flushMs = 20;
        int pollMs = 1000;
        int keepMinutes = 60;  // older events are pruned (every 10 minutes)
    };
    static constexpr int kMaxPending = 10'000;
    static constexpr int kReadBatch = 500;

    EventRelay(Config config, Database* db, EventBus* bus, Clock* clock, QObject* parent = nullptr);
    ~EventRelay() override;  // writes what is still pending

    // Finds the journal's end and starts listening. An error (the journal cannot be read) says
    // so; the process then serves its own events only.
    [[nodiscard]] Status start();
    // Writes what is pending now.
    void flush();
    // Reads what is new now (and emits relayed for the events of others).
    void poll();

    [[nodiscard]] qint64 lastReadId() const { return m_lastRead; }
    [[nodiscard]] int pending() const { return int(m_pending.size()); }

Q_SIGNALS:
    // An event another process published. Its seq is 0: the receiver numbers it.
    void relayed(const zerg::Event& event);

private:
    void onPublished(const Event& e);
    void schedulePoll(int delayMs);
    void prune();

    Config m_config;
    Database* m_db;
    Clock* m_clock;
    std::unique_ptr<EventJournal> m_journal;
    QList<Event> m_pending;
    quint64 m_flushTimer = 0;
    quint64 m_pollTimer = 0;
    qint64 m_lastRead = 0;
    QSet<qint64> m_ownInstances;  // the instance ids this process journaled under
    bool m_started = false;
    bool m_warnedWrite = false;
    bool m_warnedRead = false;
};

}  // namespace zerg::api
