#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QObject>

#include <functional>

namespace zerg {

class Database;

// Limits on the workers running at once over every process sharing the database
// (docs/server.md, "The shared queue"); 0: no such limit.
struct QueueLimits {
    int total = 0;     // ZERG_MAX_WORKERS_TOTAL: all instances together
    int perOwner = 0;  // ZERG_MAX_WORKERS_PER_OWNER: one owner's workers, all instances together

    [[nodiscard]] bool any() const { return total > 0 || perOwner > 0; }
};

// The worker jobs waiting in every process, as one queue with limits that hold across them.
// A job runs in the process that holds its supervisor run (its roundabout, approvals and audit
// trail live there); what is shared is who may start next. A process claims its waiting jobs
// here before starting them: the claim counts the jobs running in every process, takes the ones
// the limits allow, and marks them running, in one transaction. Claimers take turns (an advisory
// lock on PostgreSQL, the write lock on SQLite), so the counts they see are exact; the rows
// claimed are locked FOR UPDATE SKIP LOCKED, so a claim never waits on a row another statement
// holds, and a job is claimed once: only from queued.
class JobQueue {
public:
    static constexpr char kChannel[] = "zerg_jobs";

    explicit JobQueue(Database* db);  // not owned; must outlive the queue

    // Of waiting (this process's queued jobs, in the order they should start), those that may
    // start now: at most slots, within limits. They are running from now (started_at), held by
    // this process. Jobs of waiting that are no longer queued (cancelled meanwhile) are skipped.
    [[nodiscard]] Result<QList<qint64>> claim(const QList<qint64>& waiting, int slots,
                                              const QueueLimits& limits, const QDateTime& now);
    // A claimed job that could not start after all goes back to waiting.
    [[nodiscard]] Status unclaim(qint64 jobId);
    // Tells the processes waiting for a slot that one may be free (NOTIFY on PostgreSQL;
    // nothing on SQLite, where they poll).
    void announceFreed();
    // Calls onFreed in context whenever another process announces a free slot (PostgreSQL);
    // false where notifications are not available (SQLite, or LISTEN failed).
    bool listen(QObject* context, std::function<void()> onFreed);

private:
    Database* m_db;
};

}  // namespace zerg
