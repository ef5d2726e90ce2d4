#pragma once

#include "core/event.h"
#include "core/result.h"

#include <QDateTime>
#include <QList>

namespace zerg {

class Database;

// One event as another process wrote it into the journal.
struct JournalEvent {
    qint64 id = 0;          // the journal's order: increasing in the order of the writes
    qint64 instanceId = 0;  // the process that published it (0: none registered)
    Event event;            // seq is 0: each reader numbers the events it passes on
};

// The events table (migration 13): the events of every process sharing the database, so that a
// client connected to one instance follows a run that another executes (docs/server.md). The
// journal is the source of truth. On PostgreSQL a write also sends a NOTIFY on kChannel whose
// payload is only the writer's instance id, far below the 8000-byte limit: it wakes the readers,
// who read what is new from the table, so a missed notification costs only latency.
class EventJournal {
public:
    static constexpr char kChannel[] = "zerg_events";

    explicit EventJournal(Database* db);  // not owned; must outlive the journal

    // Writes the events in order in one transaction, as written by instanceId. On PostgreSQL the
    // writers take turns (a transaction-scoped advisory lock), so ids become visible in
    // increasing order and a reader that has read up to id N never misses an event below N.
    [[nodiscard]] Status append(const QList<Event>& events, qint64 instanceId);
    // The events with id > afterId, oldest first, at most limit.
    [[nodiscard]] Result<QList<JournalEvent>> after(qint64 afterId, int limit) const;
    // The newest id (0 when empty): where a reader that starts now begins.
    [[nodiscard]] Result<qint64> lastId() const;
    // Deletes the events older than before; how many.
    [[nodiscard]] Result<int> pruneBefore(const QDateTime& before);

private:
    Database* m_db;
};

}  // namespace zerg
