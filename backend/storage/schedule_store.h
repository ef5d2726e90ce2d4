#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

class Database;

// A stored schedule. The cron text and time zone are kept as given (non-empty); parsing them is
// the scheduler's job (schedule/).
struct ScheduleRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    QString name;      // unique per owner
    QString task;      // what the supervisor is asked on each run
    QString cron;      // 5 fields or an @macro
    QString timeZone;  // IANA id, e.g. "Europe/Berlin"
    bool enabled = true;
    bool catchUp = false;  // run once at start when runs were missed while the app was down
    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime lastRunAt;  // invalid: never ran
    QDateTime nextRunAt;  // cached by the scheduler; invalid: not computed (or never again)
    // The approval mode of its runs (ask: their changes wait for the user, in the inbox);
    // nullopt: the schedule mode of Settings (ZERG_APPROVAL_SCHEDULE_MODE).
    std::optional<ApprovalMode> approvalMode;
};

// The fields of a schedule to change; nullopt leaves a field as it is.
struct SchedulePatch {
    std::optional<QString> name;
    std::optional<QString> task;
    std::optional<QString> cron;
    std::optional<QString> timeZone;
    std::optional<bool> enabled;
    std::optional<bool> catchUp;
    // Set: the schedule's approval mode becomes this (the inner nullopt: back to Settings').
    std::optional<std::optional<ApprovalMode>> approvalMode;
};

// One run of a schedule (table schedule_runs).
struct ScheduleRunRecord {
    qint64 id = 0;
    qint64 scheduleId = 0;
    qint64 ownerId = 0;
    qint64 runId = 0;        // the supervisor run; 0 until attachRun
    QString trigger;         // cron, manual, catch_up
    QDateTime scheduledFor;  // the cron instant; invalid for a manual run
    QDateTime startedAt;
    QDateTime finishedAt;  // invalid while running
    ScheduleRunStatus status = ScheduleRunStatus::Running;
    QString severity;  // info, warning, critical; empty when none was given
    QString summary;
    QString error;
};

// One result delivered to the owner's task inbox.
struct InboxItem {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 runId = 0;       // 0: not tied to a run
    qint64 scheduleId = 0;  // 0: not from a schedule, or the schedule was deleted
    QString title;
    QString body;      // Markdown
    QString severity;  // info, warning, critical
    QDateTime createdAt;
    QDateTime readAt;  // invalid while unread

    [[nodiscard]] bool isRead() const { return readAt.isValid(); }
};

// Repository for schedules, their run history, the task inbox and the per-owner "pause all"
// switch, in the style of Store (store.h): every timestamp is a parameter, reads that take an
// owner return only that owner's rows (another owner's row is "not_found"), and errors carry the
// codes "invalid_argument", "not_found", "conflict" (duplicate name), "invalid_state" (finishing
// a run twice) or "db". The functions the scheduler calls across owners (setNextRun,
// dueSchedules, attachRun, finishScheduleRun) take no owner id.
class ScheduleStore {
public:
    explicit ScheduleStore(Database* db);  // not owned; must outlive the ScheduleStore

    // ---- schedules ----

    // A new schedule (creating the owner row if missing); returns its id. Name, task, cron and
    // time zone must not be blank; the name is stored trimmed and is unique per owner.
    [[nodiscard]] Result<qint64> createSchedule(qint64 ownerId, const QString& name,
                                                const QString& task, const QString& cron,
                                                const QString& timeZone, bool enabled, bool catchUp,
                                                const QDateTime& now);
    [[nodiscard]] Result<ScheduleRecord> schedule(qint64 ownerId, qint64 scheduleId);
    [[nodiscard]] Result<ScheduleRecord> findSchedule(qint64 ownerId, const QString& name);
    // Ordered by name.
    [[nodiscard]] Result<QList<ScheduleRecord>> listSchedules(qint64 ownerId);
    // Every owner with at least one schedule, ascending (a server starts their runners).
    [[nodiscard]] Result<QList<qint64>> scheduleOwners();
    // Applies the patch and returns the schedule as it is now. A change of cron, time zone or
    // enabled clears next_run_at (the cached time no longer holds): the scheduler must call
    // setNextRun afterwards, and until then the schedule is not due.
    [[nodiscard]] Result<ScheduleRecord> updateSchedule(qint64 ownerId, qint64 scheduleId,
                                                        const SchedulePatch& patch,
                                                        const QDateTime& now);
    // Caches the next run time; an invalid time stores NULL (never due).
    [[nodiscard]] Status setNextRun(qint64 scheduleId, const QDateTime& next);
    // Deletes the schedule and its run history; its inbox items stay, detached (scheduleId 0).
    [[nodiscard]] Status deleteSchedule(qint64 ownerId, qint64 scheduleId);
    // Across all owners: enabled schedules whose next_run_at is at or before now, of owners who
    // have not paused their schedules. Earliest first.
    [[nodiscard]] Result<QList<ScheduleRecord>> dueSchedules(const QDateTime& now);

    // ---- runs ----

    // A new run in status "running"; also sets the schedule's last_run_at to now. trigger is
    // cron, manual or catch_up; scheduledFor (the cron instant) is required for cron and
    // catch_up and may be invalid for manual.
    [[nodiscard]] Result<qint64> startScheduleRun(qint64 ownerId, qint64 scheduleId,
                                                  const QString& trigger,
                                                  const QDateTime& scheduledFor,
                                                  const QDateTime& now);
    // Links the supervisor run that carries out this schedule run (same owner).
    [[nodiscard]] Status attachRun(qint64 scheduleRunId, qint64 runId);
    // running -> success/failed/cancelled/timeout/skipped. severity, when given, is info,
    // warning or critical. Finishing twice is "invalid_state" and keeps the first outcome.
    [[nodiscard]] Status finishScheduleRun(qint64 scheduleRunId, ScheduleRunStatus status,
                                           const std::optional<QString>& severity,
                                           const QString& summary, const QString& error,
                                           const QDateTime& now);
    // Claims the occurrence of the schedule at scheduledFor (a cron instant) for this process:
    // true for the first process to ask, false for every later one, which must not run it
    // (several processes on one database: docs/server.md).
    [[nodiscard]] Result<bool> claimOccurrence(qint64 scheduleId, const QDateTime& scheduledFor,
                                               const QDateTime& now);
    // Runs still marked running for the owner end as failed with this error (at start-up: their
    // process is gone), except those whose supervisor run is still running (another live
    // process carries them out). Returns how many.
    [[nodiscard]] Result<int> failRunningScheduleRuns(qint64 ownerId, const QString& error,
                                                      const QDateTime& now);
    [[nodiscard]] Result<ScheduleRunRecord> scheduleRun(qint64 ownerId, qint64 scheduleRunId);
    // Newest first, at most limit (>= 1).
    [[nodiscard]] Result<QList<ScheduleRunRecord>> listScheduleRuns(qint64 ownerId,
                                                                    qint64 scheduleId, int limit);

    // ---- inbox ----

    // A new unread item (creating the owner row if missing); returns its id. runId and
    // scheduleId (nullopt or <= 0: none) must be the owner's. The title must not be blank.
    [[nodiscard]] Result<qint64> addInboxItem(qint64 ownerId, std::optional<qint64> runId,
                                              std::optional<qint64> scheduleId,
                                              const QString& title, const QString& body,
                                              const QString& severity, const QDateTime& now);
    // Newest first, at most limit (>= 1).
    [[nodiscard]] Result<QList<InboxItem>> listInbox(qint64 ownerId, int limit,
                                                     bool unreadOnly = false);
    [[nodiscard]] Result<InboxItem> inboxItem(qint64 ownerId, qint64 itemId);
    // Marks one item read; an item already read keeps its first read time.
    [[nodiscard]] Status markRead(qint64 ownerId, qint64 itemId, const QDateTime& now);
    // Marks every unread item of the owner read; returns how many there were.
    [[nodiscard]] Result<int> markAllRead(qint64 ownerId, const QDateTime& now);
    [[nodiscard]] Result<int> unreadCount(qint64 ownerId);

    // ---- pause all ----

    [[nodiscard]] Status setPaused(qint64 ownerId, bool paused, const QDateTime& now);
    // False for an owner who never paused.
    [[nodiscard]] Result<bool> isPaused(qint64 ownerId);

    // The words the schema accepts.
    [[nodiscard]] static bool isTrigger(const QString& trigger);
    [[nodiscard]] static bool isSeverity(const QString& severity);

private:
    Database* m_db;
};

}  // namespace zerg
