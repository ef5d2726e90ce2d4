#pragma once

#include "core/clock.h"
#include "core/result.h"
#include "core/status.h"
#include "schedule/background_runner.h"
#include "storage/schedule_store.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QObject>

#include <optional>

namespace zerg {

// What a background run's answer says about its findings: info, warning or critical.
enum class Severity { Info, Warning, Critical };

// A severity's word in the inbox and the schedule runs. (ScheduleStore::isSeverity spells the
// same words: storage is below this room.)
template <>
struct StatusTable<Severity> {
    static constexpr std::array<std::pair<Severity, const char*>, 3> names{{
        {Severity::Info, "info"},
        {Severity::Warning, "warning"},
        {Severity::Critical, "critical"},
    }};
};

// The severity the supervisor gave on a line of its own ("Severity: critical", any case, also
// as "**Severity:** warning"); nullopt when there is none.
[[nodiscard]] std::optional<Severity> severityIn(const QString& answer);

// One owner's schedules, run on the injected clock (docs/schedules.md):
// - keeps each enabled schedule's next run, computed from its cron expression in its time zone,
//   in the database, and wakes when the earliest is due (at least once a minute, so that a clock
//   that jumped is noticed);
// - at start, a schedule whose run was missed while Zerg was not running runs once if it asks for
//   catch-up; otherwise the missed runs are skipped and the next one is computed from now;
// - a due schedule starts a background run through the BackgroundRunner and records a schedule
//   run; when that run finishes (runFinished), its outcome, severity and answer are recorded and
//   the answer goes to the task inbox;
// - "pause all" stops every schedule of the owner without losing their settings.
class ScheduleService : public QObject {
    Q_OBJECT
public:
    static constexpr qint64 kMaxSleepMs = 60 * 1000;

    ScheduleService(qint64 ownerId, ScheduleStore* store, BackgroundRunner* runner, Clock* clock,
                    QObject* parent = nullptr);

    // Computes next runs, catches up missed ones, arms the timer; only in the process that owns
    // the data folder. Before it, schedules can be edited but never fire (runNow included). The
    // first start also ends the runs a previous Zerg left running; a start after stop() (its
    // supervisor restarting it) only re-arms from the database, so the checks this process
    // started are not taken for interrupted ones, and what fell due meanwhile fires at once.
    void start();
    // Stops firing (the timer is cancelled; due and waiting runs wait for the next start). Runs
    // in progress still record their outcome. Idempotent.
    void stop();
    [[nodiscard]] bool isRunning() const { return m_started; }
    // A draining `zerg serve` (SIGTERM, docs/server.md) takes no new occurrence: schedules that
    // fall due stay due in the database, and the other processes on it run them (alone, this
    // one catches up at its next start where a schedule asks for it). Occurrences it already
    // took still run.
    void setDraining(bool draining);

    // Validates the cron expression and the time zone (an IANA id such as "Europe/Berlin"; empty:
    // the system's), then saves the schedule with its next run. Errors: "invalid_cron",
    // "invalid_time_zone", and the store's ("conflict" for a name already used).
    [[nodiscard]] Result<ScheduleRecord> createSchedule(const QString& name, const QString& task,
                                                        const QString& cron,
                                                        const QString& timeZone,
                                                        bool catchUp = false);
    [[nodiscard]] Result<ScheduleRecord> updateSchedule(qint64 scheduleId,
                                                        const SchedulePatch& patch);
    [[nodiscard]] Status deleteSchedule(qint64 scheduleId);
    // Starts the schedule now (trigger "manual"), or as soon as the runner is free
    // (scheduleRunStarted says when).
    [[nodiscard]] Status runNow(qint64 scheduleId);
    [[nodiscard]] Status setPaused(bool paused);
    [[nodiscard]] bool isPaused() const;
    // The enabled schedules that would fire (0 while paused, or when they cannot be read).
    [[nodiscard]] int activeSchedules() const;

    // The next n runs of a schedule, in UTC (empty when its expression or zone is invalid).
    [[nodiscard]] QList<QDateTime> nextRuns(const ScheduleRecord& schedule, int n) const;

    // A run ended (JarvisService::runFinished). Runs that no schedule started are ignored.
    // workerFailed: one of the run's workers failed (then the severity is at least warning).
    void runFinished(qint64 runId, RunStatus status, const QString& answer, bool workerFailed);

Q_SIGNALS:
    void scheduleRunStarted(qint64 scheduleId, qint64 scheduleRunId, qint64 runId);
    // The run's answer is in the inbox as this item.
    void delivered(const zerg::InboxItem& item);
    void schedulesChanged();

private:
    struct Pending {
        qint64 scheduleId = 0;
        QString trigger;
        QDateTime scheduledFor;
        bool claimed = false;  // this process claimed the occurrence (claimOccurrence)
    };

    [[nodiscard]] Status validate(const QString& cron, const QString& timeZone) const;
    [[nodiscard]] std::optional<QDateTime> nextAfter(const ScheduleRecord& s,
                                                     const QDateTime& after) const;
    void refreshNext(const ScheduleRecord& s, const QDateTime& after);
    void fireDue();
    void launch(const Pending& p);
    void launchWaiting();
    void arm();

    qint64 m_ownerId;
    ScheduleStore* m_store;
    BackgroundRunner* m_runner;
    Clock* m_clock;
    Clock::TimerId m_timer = 0;
    bool m_started = false;
    bool m_draining = false;
    bool m_sweptInterrupted = false;           // the first start's clean-up is done
    QHash<qint64, qint64> m_scheduleRunByRun;  // supervisor run id -> schedule run id
    QList<Pending> m_waiting;                  // due while the runner was busy, in order
};

}  // namespace zerg
