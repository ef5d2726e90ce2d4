#include "schedule/schedule_service.h"

#include "core/status.h"
#include "schedule/cron_expression.h"

#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>

namespace zerg {
namespace {

QTimeZone zoneOf(const QString& id) {
    return id.isEmpty() ? QTimeZone::systemTimeZone() : QTimeZone(id.toUtf8());
}

// The first line of an answer, without Markdown heading marks, for the run history.
QString summaryOf(const QString& answer) {
    for (const QString& line : answer.split(QLatin1Char('\n'))) {
        QString t = line.trimmed();
        while (t.startsWith(QLatin1Char('#')))
            t.remove(0, 1);
        t = t.trimmed();
        if (!t.isEmpty())
            return t.left(200);
    }
    return {};
}

}  // namespace

std::optional<Severity> severityIn(const QString& answer) {
    static const QRegularExpression line(
        QStringLiteral("^[\\s>*_-]*severity[*_]*\\s*:[*_\\s]*(info|warning|critical)\\b"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(answer);
    if (!m.hasMatch())
        return std::nullopt;
    return parseStatus<Severity>(m.captured(1).toLower());
}

ScheduleService::ScheduleService(qint64 ownerId, ScheduleStore* store, BackgroundRunner* runner,
                                 Clock* clock, QObject* parent)
    : QObject(parent), m_ownerId(ownerId), m_store(store), m_runner(runner), m_clock(clock) {}

void ScheduleService::start() {
    if (m_sweptInterrupted) {  // a restart: the database holds every next run already
        m_started = true;
        launchWaiting();
        arm();
        return;
    }
    m_started = true;
    m_sweptInterrupted = true;
    const QDateTime now = m_clock->utcNow();
    // Runs a previous Zerg left running ended with it.
    const Result<int> interrupted = m_store->failRunningScheduleRuns(
        m_ownerId, tr("Interrupted: Zerg stopped while this check was running."), now);
    if (!interrupted)
        qWarning("schedules: %s", qPrintable(interrupted.error().message));
    const Result<QList<ScheduleRecord>> all = m_store->listSchedules(m_ownerId);
    if (!all) {
        qWarning("schedules: %s", qPrintable(all.error().message));
        return;
    }
    const bool paused = isPaused();
    for (const ScheduleRecord& s : all.value()) {
        if (!s.enabled)
            continue;
        // Missed while Zerg was not running: once, if the schedule asks for it.
        if (!paused && s.catchUp && s.nextRunAt.isValid() && s.nextRunAt <= now)
            m_waiting.append(Pending{s.id, QStringLiteral("catch_up"), s.nextRunAt});
        if (!s.nextRunAt.isValid() || s.nextRunAt <= now)
            refreshNext(s, now);
    }
    launchWaiting();
    arm();
}

void ScheduleService::stop() {
    m_started = false;
    if (m_timer != 0) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
}

Status ScheduleService::validate(const QString& cron, const QString& timeZone) const {
    if (const Result<CronExpression> parsed = CronExpression::parse(cron); !parsed)
        return parsed.error();
    if (!timeZone.isEmpty() && !QTimeZone(timeZone.toUtf8()).isValid()) {
        return Error{QStringLiteral("invalid_time_zone"),
                     tr("'%1' is not a time zone this system knows. Use an IANA name such as "
                        "Europe/Berlin or America/New_York, or leave it empty for the system's.")
                         .arg(timeZone)};
    }
    return Ok{};
}

std::optional<QDateTime> ScheduleService::nextAfter(const ScheduleRecord& s,
                                                    const QDateTime& after) const {
    const Result<CronExpression> cron = CronExpression::parse(s.cron);
    if (!cron)
        return std::nullopt;
    return cron->nextAfter(after, zoneOf(s.timeZone));
}

QList<QDateTime> ScheduleService::nextRuns(const ScheduleRecord& s, int n) const {
    const Result<CronExpression> cron = CronExpression::parse(s.cron);
    if (!cron)
        return {};
    return cron->nextRuns(m_clock->utcNow(), zoneOf(s.timeZone), n);
}

void ScheduleService::refreshNext(const ScheduleRecord& s, const QDateTime& after) {
    const std::optional<QDateTime> next = s.enabled ? nextAfter(s, after) : std::nullopt;
    if (Status saved = m_store->setNextRun(s.id, next.value_or(QDateTime())); !saved)
        qWarning("schedules: %s", qPrintable(saved.error().message));
}

Result<ScheduleRecord> ScheduleService::createSchedule(const QString& name, const QString& task,
                                                       const QString& cron, const QString& timeZone,
                                                       bool catchUp) {
    if (Status ok = validate(cron.trimmed(), timeZone); !ok)
        return ok.error();
    const QString zone =
        timeZone.isEmpty() ? QString::fromUtf8(QTimeZone::systemTimeZoneId()) : timeZone;
    const QDateTime now = m_clock->utcNow();
    const Result<qint64> id =
        m_store->createSchedule(m_ownerId, name, task, cron.trimmed(), zone, true, catchUp, now);
    if (!id)
        return id.error();
    Result<ScheduleRecord> created = m_store->schedule(m_ownerId, id.value());
    if (!created)
        return created.error();
    refreshNext(created.value(), now);
    arm();
    Q_EMIT schedulesChanged();
    return m_store->schedule(m_ownerId, id.value());
}

Result<ScheduleRecord> ScheduleService::updateSchedule(qint64 scheduleId,
                                                       const SchedulePatch& patch) {
    const Result<ScheduleRecord> before = m_store->schedule(m_ownerId, scheduleId);
    if (!before)
        return before.error();
    if (Status ok = validate(patch.cron.value_or(before->cron).trimmed(),
                             patch.timeZone.value_or(before->timeZone));
        !ok) {
        return ok.error();
    }
    SchedulePatch clean = patch;
    if (clean.cron)
        clean.cron = clean.cron->trimmed();
    const Result<ScheduleRecord> after =
        m_store->updateSchedule(m_ownerId, scheduleId, clean, m_clock->utcNow());
    if (!after)
        return after.error();
    refreshNext(after.value(), m_clock->utcNow());
    arm();
    Q_EMIT schedulesChanged();
    return m_store->schedule(m_ownerId, scheduleId);
}

Status ScheduleService::deleteSchedule(qint64 scheduleId) {
    if (Status s = m_store->deleteSchedule(m_ownerId, scheduleId); !s)
        return s;
    m_waiting.erase(std::remove_if(m_waiting.begin(), m_waiting.end(),
                                   [&](const Pending& p) { return p.scheduleId == scheduleId; }),
                    m_waiting.end());
    arm();
    Q_EMIT schedulesChanged();
    return Ok{};
}

Status ScheduleService::runNow(qint64 scheduleId) {
    const Result<ScheduleRecord> s = m_store->schedule(m_ownerId, scheduleId);
    if (!s)
        return s.error();
    if (!m_started && m_sweptInterrupted) {
        return Error{QStringLiteral("not_running"),
                     tr("The schedules are stopped right now (Zerg is restarting them or "
                        "quitting). Try again in a moment.")};
    }
    if (!m_started) {
        return Error{QStringLiteral("not_running"),
                     tr("Schedules run in the Zerg app that owns this data folder, and it is not "
                        "this process. Use Run now there.")};
    }
    m_waiting.append(Pending{scheduleId, QStringLiteral("manual"), {}});
    launchWaiting();
    return Ok{};
}

void ScheduleService::setDraining(bool draining) {
    m_draining = draining;
    if (!draining)
        arm();
}

bool ScheduleService::isPaused() const {
    const Result<bool> paused = m_store->isPaused(m_ownerId);
    return paused && paused.value();
}

int ScheduleService::activeSchedules() const {
    if (isPaused())
        return 0;
    const Result<QList<ScheduleRecord>> listed = m_store->listSchedules(m_ownerId);
    if (!listed)
        return 0;
    return int(std::count_if(listed->cbegin(), listed->cend(),
                             [](const ScheduleRecord& r) { return r.enabled; }));
}

Status ScheduleService::setPaused(bool paused) {
    const QDateTime now = m_clock->utcNow();
    if (Status s = m_store->setPaused(m_ownerId, paused, now); !s)
        return s;
    if (!paused) {
        // Runs missed while paused are skipped: every schedule goes on from now.
        if (const Result<QList<ScheduleRecord>> all = m_store->listSchedules(m_ownerId)) {
            for (const ScheduleRecord& s : all.value())
                refreshNext(s, now);
        }
    }
    arm();
    Q_EMIT schedulesChanged();
    return Ok{};
}

void ScheduleService::fireDue() {
    m_timer = 0;
    if (m_draining)
        return;  // due schedules stay due in the database, for the other processes
    const QDateTime now = m_clock->utcNow();
    const Result<QList<ScheduleRecord>> due = m_store->dueSchedules(now);  // not paused owners
    if (due) {
        for (const ScheduleRecord& s : due.value()) {
            if (s.ownerId != m_ownerId)
                continue;
            m_waiting.append(Pending{s.id, QStringLiteral("cron"), s.nextRunAt});
            // From now, not from the missed instant: a clock that jumped runs a schedule once.
            refreshNext(s, now);
        }
    } else {
        qWarning("schedules: %s", qPrintable(due.error().message));
    }
    launchWaiting();
    arm();
}

void ScheduleService::launchWaiting() {
    if (!m_started)
        return;  // stopped: they wait for the next start
    while (!m_waiting.isEmpty()) {
        const Pending p = m_waiting.constFirst();
        const Result<ScheduleRecord> s = m_store->schedule(m_ownerId, p.scheduleId);
        if (!s) {  // deleted meanwhile
            m_waiting.removeFirst();
            continue;
        }
        // A cron or catch-up occurrence runs in one process only, the first to claim it.
        if (!m_waiting.first().claimed && p.scheduledFor.isValid() &&
            p.trigger != QLatin1String("manual")) {
            const Result<bool> claimed =
                m_store->claimOccurrence(p.scheduleId, p.scheduledFor, m_clock->utcNow());
            if (!claimed)
                qWarning("schedules: %s", qPrintable(claimed.error().message));
            if (!claimed || !claimed.value()) {  // another process runs it
                m_waiting.removeFirst();
                continue;
            }
            m_waiting.first().claimed = true;
        }
        const Result<qint64> run = m_runner->startBackgroundRun(s->task, s->approvalMode);
        if (!run && run.error().code == QLatin1String("busy"))
            return;  // offered again when a run finishes
        m_waiting.removeFirst();
        const QDateTime now = m_clock->utcNow();
        const Result<qint64> scheduleRun =
            m_store->startScheduleRun(m_ownerId, p.scheduleId, p.trigger, p.scheduledFor, now);
        if (!scheduleRun) {
            qWarning("schedules: %s", qPrintable(scheduleRun.error().message));
            continue;
        }
        if (!run) {
            (void)m_store->finishScheduleRun(scheduleRun.value(), ScheduleRunStatus::Failed,
                                             statusName(Severity::Warning), {}, run.error().message,
                                             now);
            continue;
        }
        if (Status attached = m_store->attachRun(scheduleRun.value(), run.value()); !attached)
            qWarning("schedules: %s", qPrintable(attached.error().message));
        m_scheduleRunByRun.insert(run.value(), scheduleRun.value());
        Q_EMIT scheduleRunStarted(p.scheduleId, scheduleRun.value(), run.value());
    }
}

void ScheduleService::runFinished(qint64 runId, RunStatus status, const QString& answer,
                                  bool workerFailed) {
    const qint64 scheduleRunId = m_scheduleRunByRun.take(runId);
    if (scheduleRunId != 0) {
        const bool ok = status == RunStatus::Success;
        Severity severity = severityIn(answer).value_or(Severity::Info);
        if ((workerFailed || !ok) && severity == Severity::Info)
            severity = Severity::Warning;  // the system's floor when something failed
        const QDateTime now = m_clock->utcNow();
        (void)m_store->finishScheduleRun(scheduleRunId, scheduleRunStatusOf(status),
                                         statusName(severity), ok ? summaryOf(answer) : QString(),
                                         ok ? QString() : answer, now);
        const Result<ScheduleRunRecord> record = m_store->scheduleRun(m_ownerId, scheduleRunId);
        const Result<ScheduleRecord> schedule =
            record ? m_store->schedule(m_ownerId, record->scheduleId)
                   : Result<ScheduleRecord>(record.error());
        const QString title = schedule ? schedule->name : tr("Scheduled check");
        const QString body =
            ok ? answer
               : tr("The scheduled run did not finish (%1): %2").arg(statusName(status), answer);
        const Result<qint64> item = m_store->addInboxItem(
            m_ownerId, runId,
            schedule ? std::optional<qint64>(schedule->id) : std::optional<qint64>(), title, body,
            statusName(severity), now);
        if (item) {
            if (const Result<InboxItem> delivered = m_store->inboxItem(m_ownerId, item.value()))
                Q_EMIT this->delivered(delivered.value());
        } else {
            qWarning("schedules: %s", qPrintable(item.error().message));
        }
    }
    launchWaiting();  // the runner is free again
}

void ScheduleService::arm() {
    if (m_timer != 0) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
    // Only a started runner fires: one-shot commands and a second process on the same data
    // folder may edit schedules, but the owner of the folder runs them.
    if (!m_started || m_draining || isPaused())
        return;
    const Result<QList<ScheduleRecord>> all = m_store->listSchedules(m_ownerId);
    if (!all)
        return;
    std::optional<QDateTime> earliest;
    for (const ScheduleRecord& s : all.value()) {
        if (s.enabled && s.nextRunAt.isValid() && (!earliest || s.nextRunAt < *earliest))
            earliest = s.nextRunAt;
    }
    if (!earliest)
        return;
    const qint64 delay = std::clamp<qint64>(m_clock->utcNow().msecsTo(*earliest), 0, kMaxSleepMs);
    m_timer = m_clock->callAfter(delay, this, [this] { fireDue(); });
}

}  // namespace zerg
