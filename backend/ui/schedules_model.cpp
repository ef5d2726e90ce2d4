#include "ui/schedules_model.h"

#include "core/clock.h"
#include "schedule/cron_expression.h"
#include "ui/duration_format.h"
#include "ui/role_table.h"

#include <QLocale>
#include <QSet>

namespace zerg {
namespace {

// What a schedule's runs do with an action that may change a system (docs/security.md).
QString approvalModeText(const std::optional<ApprovalMode>& mode) {
    if (!mode)
        return SchedulesModel::tr("Changes: as Settings › Approvals says for scheduled checks");
    switch (*mode) {
        case ApprovalMode::Ask:
            return SchedulesModel::tr("Changes: each waits for your approval (in the inbox)");
        case ApprovalMode::ReadOnly:
            return SchedulesModel::tr("Changes: refused, the check only reads");
        case ApprovalMode::Autonomous:
            return SchedulesModel::tr("Changes: run without asking");
    }
    return {};
}

// As the service reads it: empty is the system's zone.
QTimeZone zoneOf(const QString& id) {
    return id.isEmpty() ? QTimeZone::systemTimeZone() : QTimeZone(id.toUtf8());
}

QString triggerText(const QString& trigger) {
    if (trigger == QLatin1String("cron"))
        return SchedulesModel::tr("scheduled");
    if (trigger == QLatin1String("manual"))
        return SchedulesModel::tr("run now");
    if (trigger == QLatin1String("catch_up"))
        return SchedulesModel::tr("catch-up");
    return trigger;
}

}  // namespace

SchedulesModel::SchedulesModel(SchedulesSource* source, Clock* clock, QObject* parent)
    : QAbstractListModel(parent),
      m_source(source),
      m_clock(clock),
      m_zone(QTimeZone::systemTimeZone()) {
    connect(m_source, &SchedulesSource::changed, this, &SchedulesModel::refresh);
    refresh();
    armTick();
}

SchedulesModel::~SchedulesModel() = default;

int SchedulesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant SchedulesModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, roles());
}

const RoleTable<SchedulesModel::Row>& SchedulesModel::roles() {
    static const RoleTable<Row> table{
        {ScheduleIdRole, "scheduleId", [](const Row& r) { return r.record.id; }},
        {NameRole, "name", [](const Row& r) { return r.record.name; }},
        {Qt::DisplayRole, nullptr, [](const Row& r) { return r.record.name; }},
        {TaskRole, "task", [](const Row& r) { return r.record.task; }},
        {CronRole, "cron", [](const Row& r) { return r.record.cron; }},
        {DescriptionRole, "description", &Row::description},
        {TimeZoneRole, "timeZone", [](const Row& r) { return r.record.timeZone; }},
        {EnabledRole, "enabled", [](const Row& r) { return r.record.enabled; }},
        {CatchUpRole, "catchUp", [](const Row& r) { return r.record.catchUp; }},
        {ApprovalModeTextRole, "approvalModeText",
         [](const Row& r) { return approvalModeText(r.record.approvalMode); }},
        {NextRunTextRole, "nextRunText", &Row::nextRunText},
        {NextRunsRole, "nextRuns", &Row::nextRuns},
        {LastRunTextRole, "lastRunText", &Row::lastRunText},
        {LastStatusRole, "lastStatus", &Row::lastStatus},
        {LastSeverityRole, "lastSeverity", &Row::lastSeverity},
    };
    return table;
}

QHash<int, QByteArray> SchedulesModel::roleNames() const {
    return roles().names();
}

QString SchedulesModel::systemTimeZone() const {
    return QString::fromUtf8(QTimeZone::systemTimeZoneId());
}

int SchedulesModel::indexOf(qint64 scheduleId) const {
    return indexOfRow(m_rows, scheduleId, [](const Row& row) { return row.record.id; });
}

QVariantMap SchedulesModel::selected() const {
    const int i = indexOf(m_selectedId);
    QVariantMap out;
    if (i < 0)
        return out;
    const QHash<int, QByteArray> names = roleNames();
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        out.insert(QString::fromLatin1(it.value()), roles().value(m_rows.at(i), it.key()));
    return out;
}

void SchedulesModel::setDisplayTimeZone(const QTimeZone& zone) {
    m_zone = zone;
    refresh();
}

void SchedulesModel::select(qint64 scheduleId) {
    m_selectWhenListed = 0;  // the user's choice wins
    const qint64 id = indexOf(scheduleId) >= 0 ? scheduleId : 0;
    if (id == m_selectedId)
        return;
    m_selectedId = id;
    Q_EMIT selectedChanged();
    refreshHistory();
}

QString SchedulesModel::formatWhen(const QDateTime& when, const QDateTime& now,
                                   const QTimeZone& zone) {
    if (!when.isValid())
        return {};
    const QDateTime local = when.toTimeZone(zone);
    const bool thisYear = local.date().year() == now.toTimeZone(zone).date().year();
    return QLocale().toString(
        local, thisYear ? tr("ddd d MMM HH:mm", "a time this year; a QDateTime format")
                        : tr("ddd d MMM yyyy HH:mm", "a time in another year; a QDateTime format"));
}

SchedulesModel::Row SchedulesModel::makeRow(const ScheduleEntry& entry,
                                            const QDateTime& now) const {
    Row row;
    const ScheduleRecord& record = entry.schedule;
    row.record = record;
    const Result<CronExpression> cron = CronExpression::parse(record.cron);
    row.description = cron ? cron->describe() : record.cron;
    if (cron) {
        for (const QDateTime& next : cron->nextRuns(now, zoneOf(record.timeZone), kNextRuns))
            row.nextRuns.append(formatWhen(next, now, m_zone));
    }
    if (!record.enabled)
        row.nextRunText = tr("off");
    else if (row.nextRuns.isEmpty())
        row.nextRunText = tr("never");
    else
        row.nextRunText = row.nextRuns.constFirst();
    if (entry.lastRun) {
        row.lastRunText = formatWhen(entry.lastRun->startedAt, now, m_zone);
        row.lastStatus = statusName(entry.lastRun->status);
        row.lastSeverity = entry.lastRun->severity;
    }
    return row;
}

void SchedulesModel::setLoadError(const QString& error) {
    if (assignIfDifferent(m_loadError, error))
        Q_EMIT loadErrorChanged();
}

void SchedulesModel::refresh() {
    m_source->list(this, m_listRequests.newestOnly([this](const Result<ScheduleListing>& listed) {
        if (!listed) {
            setLoadError(tr("Could not read the schedules: %1. Check that the data folder is "
                            "readable (or the server reachable), then reopen the page.")
                             .arg(listed.error().message));
            return;
        }
        apply(listed.value());
    }));
}

void SchedulesModel::apply(const ScheduleListing& listing) {
    setLoadError({});
    if (assignIfDifferent(m_paused, listing.paused))
        Q_EMIT pausedChanged();

    const QDateTime now = m_clock->utcNow();
    QList<Row> fresh;
    QSet<qint64> freshIds;
    for (const ScheduleEntry& entry : listing.schedules) {
        fresh.append(makeRow(entry, now));
        freshIds.insert(entry.schedule.id);
    }
    const int before = int(m_rows.size());
    const QVariantMap selectedBefore = selected();

    if (!m_loaded) {
        beginResetModel();
        m_rows = fresh;
        endResetModel();
        m_loaded = true;
    } else {
        for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
            if (freshIds.contains(m_rows.at(i).record.id))
                continue;
            beginRemoveRows({}, i, i);
            m_rows.removeAt(i);
            endRemoveRows();
        }
        const QHash<int, QByteArray> names = roleNames();
        for (int i = 0; i < fresh.size(); ++i) {
            const int at = indexOf(fresh.at(i).record.id);
            if (at < 0) {
                beginInsertRows({}, i, i);
                m_rows.insert(i, fresh.at(i));
                endInsertRows();
                continue;
            }
            if (at != i) {  // renamed: rows before i are already in place, so at > i
                beginMoveRows({}, at, at, {}, i);
                m_rows.move(at, i);
                endMoveRows();
            }
            QList<int> changed;
            for (auto it = names.cbegin(); it != names.cend(); ++it) {
                if (roles().value(m_rows.at(i), it.key()) != roles().value(fresh.at(i), it.key()))
                    changed.append(it.key());
            }
            m_rows[i] = fresh.at(i);
            if (!changed.isEmpty()) {
                if (changed.contains(NameRole))
                    changed.append(Qt::DisplayRole);
                Q_EMIT dataChanged(index(i), index(i), changed);
            }
        }
    }
    if (m_rows.size() != before)
        Q_EMIT countChanged();
    if (m_selectWhenListed != 0 && indexOf(m_selectWhenListed) >= 0)
        m_selectedId = std::exchange(m_selectWhenListed, 0);
    if (m_selectedId != 0 && indexOf(m_selectedId) < 0)
        m_selectedId = 0;
    if (selected() != selectedBefore)
        Q_EMIT selectedChanged();
    refreshHistory();
}

QVariantList SchedulesModel::historyRows(const QList<ScheduleRunRecord>& runs) const {
    QVariantList out;
    const QDateTime now = m_clock->utcNow();
    for (const ScheduleRunRecord& run : runs) {
        const bool finished = run.finishedAt.isValid() && run.startedAt.isValid();
        out.append(QVariantMap{
            {QStringLiteral("trigger"), triggerText(run.trigger)},
            {QStringLiteral("scheduledFor"), formatWhen(run.scheduledFor, now, m_zone)},
            {QStringLiteral("started"), formatWhen(run.startedAt, now, m_zone)},
            {QStringLiteral("duration"),
             finished ? formatDuration(run.startedAt.msecsTo(run.finishedAt)) : QString()},
            {QStringLiteral("status"), statusName(run.status)},
            {QStringLiteral("severity"), run.severity},
            {QStringLiteral("summary"), run.summary},
            {QStringLiteral("error"), run.error},
        });
    }
    return out;
}

void SchedulesModel::refreshHistory() {
    const auto show = [this](const QVariantList& history) {
        if (assignIfDifferent(m_history, history))
            Q_EMIT historyChanged();
    };
    if (m_selectedId <= 0) {
        m_historyRequests.dropAnswers();
        return show({});
    }
    m_source->history(
        m_selectedId, kHistoryLimit, this,
        m_historyRequests.newestOnly([this, show](const Result<QList<ScheduleRunRecord>>& runs) {
            // A failed read keeps what is shown: the next change or minute reads again.
            if (runs)
                show(historyRows(runs.value()));
        }));
}

void SchedulesModel::armTick() {
    // At the start of each minute: runs are whole minutes, so that is when a next run passes.
    const qint64 intoMinute = m_clock->utcNow().toMSecsSinceEpoch() % kRefreshMs;
    m_clock->callAfter(kRefreshMs - intoMinute, this, [this] {
        refresh();
        armTick();
    });
}

void SchedulesModel::begin() {
    if (m_busy++ == 0)
        Q_EMIT busyChanged();
}

void SchedulesModel::finish(const QString& action, const QString& error) {
    if (assignIfDifferent(m_actionError, error))
        Q_EMIT actionErrorChanged();
    // The source's changed() may come before or after its answer (or, for a run that could not
    // start, not at all): the page reads again either way.
    if (error.isEmpty())
        refresh();
    if (--m_busy == 0)
        Q_EMIT busyChanged();
    Q_EMIT actionFinished(action, error.isEmpty(), error);
}

template <typename T>
SourceReply<T> SchedulesModel::finisher(const QString& action) {
    begin();
    return
        [this, action](const Result<T>& r) { finish(action, r ? QString() : r.error().message); };
}

void SchedulesModel::create(const QString& name, const QString& task, const QString& cron,
                            const QString& timeZone, bool catchUp) {
    // This computer's zone, also when the schedules run on a server elsewhere.
    const QString zone = timeZone.trimmed().isEmpty() ? systemTimeZone() : timeZone.trimmed();
    SourceReply<ScheduleRecord> done = finisher<ScheduleRecord>(QStringLiteral("create"));
    m_source->create({name, task, cron, zone, catchUp}, this,
                     [this, done](const Result<ScheduleRecord>& created) {
                         if (created)
                             m_selectWhenListed = created->id;
                         done(created);
                     });
}

void SchedulesModel::update(qint64 scheduleId, const QVariantMap& fields) {
    SourceReply<ScheduleRecord> done = finisher<ScheduleRecord>(QStringLiteral("update"));
    SchedulePatch patch;
    for (auto it = fields.cbegin(); it != fields.cend(); ++it) {
        const QString& key = it.key();
        if (key == QLatin1String("name"))
            patch.name = it.value().toString();
        else if (key == QLatin1String("task"))
            patch.task = it.value().toString();
        else if (key == QLatin1String("cron"))
            patch.cron = it.value().toString();
        else if (key == QLatin1String("timeZone"))  // empty: the system's, as in create()
            patch.timeZone = it.value().toString().trimmed().isEmpty()
                                 ? systemTimeZone()
                                 : it.value().toString().trimmed();
        else if (key == QLatin1String("enabled"))
            patch.enabled = it.value().toBool();
        else if (key == QLatin1String("catchUp"))
            patch.catchUp = it.value().toBool();
        else
            return done(Error{QStringLiteral("invalid_argument"),
                              tr("'%1' is not a field of a schedule. Change name, task, cron, "
                                 "timeZone, enabled or catchUp.")
                                  .arg(key)});
    }
    m_source->update(scheduleId, patch, this, done);
}

void SchedulesModel::remove(qint64 scheduleId) {
    m_source->remove(scheduleId, this, finisher<Ok>(QStringLiteral("remove")));
}

void SchedulesModel::setEnabled(qint64 scheduleId, bool enabled) {
    m_source->setEnabled(scheduleId, enabled, this,
                         finisher<ScheduleRecord>(QStringLiteral("setEnabled")));
}

void SchedulesModel::runNow(qint64 scheduleId) {
    m_source->runNow(scheduleId, this, finisher<Ok>(QStringLiteral("runNow")));
}

void SchedulesModel::setPaused(bool paused) {
    m_source->setPaused(paused, this, finisher<Ok>(QStringLiteral("setPaused")));
}

QVariantMap SchedulesModel::describeCron(const QString& text) const {
    if (text.trimmed().isEmpty()) {
        return {{QStringLiteral("ok"), false},
                {QStringLiteral("text"),
                 tr("Say when to run, e.g. '0 6 * * *' for 06:00 every day or '*/15 * * * *' "
                    "for every 15 minutes.")}};
    }
    const Result<CronExpression> cron = CronExpression::parse(text);
    if (!cron)
        return {{QStringLiteral("ok"), false}, {QStringLiteral("text"), cron.error().message}};
    return {{QStringLiteral("ok"), true}, {QStringLiteral("text"), cron->describe()}};
}

}  // namespace zerg
