#include "jarvis/schedule_tools.h"

#include "agent/tool_registry.h"
#include "schedule/cron_expression.h"
#include "schedule/schedule_json.h"
#include "schedule/schedule_service.h"
#include "storage/schedule_store.h"
#include "tools/approval_policy.h"

#include <QJsonArray>
#include <QLocale>
#include <QTimeZone>

#include <cmath>
#include <optional>

namespace zerg {
namespace {

constexpr int kNextRuns = 3;

// Shared by the descriptions: the model writes the expressions, so it is taught them here.
const QString& cronHelp() {
    static const QString text = QStringLiteral(
        "cron has 5 fields: minute hour day-of-month month day-of-week (0 or 7 = Sunday, 1 = "
        "Monday; MON-SUN and JAN-DEC work too). Examples: '0 6 * * *' every day at 06:00, "
        "'0 6 * * 1' every Monday at 06:00, '0 9 * * 1-5' weekdays at 09:00, '*/30 * * * *' "
        "every 30 minutes, '0 0 1 * *' on the 1st of every month.");
    return text;
}

ToolResult failureFrom(const Error& e) {
    return ToolResult::failure(e.message, {{QStringLiteral("error_code"), e.code}});
}

ToolResult invalidArguments(const QString& message) {
    return ToolResult::failure(
        message, {{QStringLiteral("error_code"), QStringLiteral("invalid_arguments")}});
}

// The same rule as the runner's: an empty id is the system's zone.
QTimeZone zoneOf(const QString& id) {
    return id.isEmpty() ? QTimeZone::systemTimeZone() : QTimeZone(id.toUtf8());
}

QString describe(const QString& cron) {
    const Result<CronExpression> parsed = CronExpression::parse(cron);
    return parsed ? parsed->describe() : cron;
}

// One run time, in UTC and in the schedule's zone with its weekday, so that the model can say
// "Monday at 06:00" without converting.
QJsonObject runTime(const QDateTime& at, const QString& timeZone) {
    const QDateTime local = at.toTimeZone(zoneOf(timeZone));
    return {{QStringLiteral("utc"), at.toUTC().toString(Qt::ISODate)},
            {QStringLiteral("local"), local.toString(Qt::ISODate)},
            {QStringLiteral("weekday"), QLocale::c().dayName(local.date().dayOfWeek())}};
}

QJsonObject scheduleJson(const ScheduleRecord& s) {
    return {{QStringLiteral("id"), s.id},
            {QStringLiteral("name"), s.name},
            {QStringLiteral("task"), s.task},
            {QStringLiteral("cron"), s.cron},
            {QStringLiteral("description"), describe(s.cron)},
            {QStringLiteral("time_zone"), s.timeZone},
            {QStringLiteral("enabled"), s.enabled},
            {QStringLiteral("catch_up"), s.catchUp},
            {QStringLiteral("approval_mode"), recordjson::approvalModeWord(s.approvalMode)}};
}

// The approval_mode argument: absent -> nullopt; "default" -> the inner nullopt (Settings'
// schedule mode); "ask" or "read_only" -> that mode. A model never makes a schedule run changes
// unattended: "autonomous" (and any other word) is wrong here, only the user's Settings can.
std::optional<std::optional<ApprovalMode>> approvalModeArg(const QJsonObject& args,
                                                           QStringList* bad) {
    const QJsonValue v = args.value(QStringLiteral("approval_mode"));
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    const QString word = v.toString().trimmed().toLower();
    if (word == QLatin1String("default"))
        return std::optional<ApprovalMode>();
    const std::optional<ApprovalMode> mode = parseApprovalMode(word);
    if (mode && *mode != ApprovalMode::Autonomous)
        return mode;
    bad->append(QStringLiteral("approval_mode"));
    return std::nullopt;
}

QJsonObject approvalModeProperty() {
    QJsonObject p = schemaProperty(
        "string", QStringLiteral("How the schedule's runs treat actions that may change a "
                                 "system: read_only refuses them (they report what they would "
                                 "do), ask makes each wait for the user's approval (in the task "
                                 "inbox), default follows the user's setting. Only the user can "
                                 "let a schedule change systems unattended."));
    p.insert(
        QStringLiteral("enum"),
        QJsonArray{QStringLiteral("default"), QStringLiteral("read_only"), QStringLiteral("ask")});
    return p;
}

// A disabled schedule has none: saying when it "would" run would mislead the user.
QJsonArray nextRunsJson(const ScheduleToolsContext& ctx, const ScheduleRecord& s) {
    QJsonArray out;
    if (!s.enabled)
        return out;
    for (const QDateTime& at : ctx.scheduler->nextRuns(s, kNextRuns))
        out.append(runTime(at, s.timeZone));
    return out;
}

// A string argument: nullopt when absent or null; *bad when it is there but not a string.
std::optional<QString> stringArg(const QJsonObject& args, const QString& key, QStringList* bad) {
    const QJsonValue v = args.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!v.isString()) {
        bad->append(key);
        return std::nullopt;
    }
    return v.toString().trimmed();
}

// A boolean argument; models write true and "true" alike, so both are taken.
std::optional<bool> boolArg(const QJsonObject& args, const QString& key, QStringList* bad) {
    const QJsonValue v = args.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (v.isBool())
        return v.toBool();
    const QString text = v.toString().trimmed().toLower();
    if (text == QLatin1String("true") || text == QLatin1String("false"))
        return text == QLatin1String("true");
    bad->append(key);
    return std::nullopt;
}

// Which schedule a call names: by id, else by exact name. Every miss says what does exist, so
// that the model's next call can be right.
class ScheduleLookup {
public:
    ScheduleLookup(const ScheduleToolsContext& ctx, QString toolName)
        : m_ctx(ctx), m_tool(std::move(toolName)) {}

    [[nodiscard]] std::optional<ScheduleRecord> find(const QJsonObject& args, ToolResult* error) {
        const QJsonValue idValue = args.value(QStringLiteral("id"));
        QStringList bad;
        const std::optional<QString> name = stringArg(args, QStringLiteral("name"), &bad);
        std::optional<qint64> id;
        if (idValue.isDouble() && idValue.toDouble() == std::floor(idValue.toDouble())) {
            id = qint64(idValue.toDouble());
        } else if (idValue.isString()) {
            bool ok = false;
            id = idValue.toString().trimmed().toLongLong(&ok);
            if (!ok)
                bad.append(QStringLiteral("id"));
        } else if (!idValue.isUndefined() && !idValue.isNull()) {
            bad.append(QStringLiteral("id"));
        }
        if (!bad.isEmpty()) {
            *error = invalidArguments(
                QStringLiteral("%1: 'id' must be a schedule's number and 'name' its exact name "
                               "(list_schedules shows both).")
                    .arg(m_tool));
            return std::nullopt;
        }
        if (id) {
            const Result<ScheduleRecord> s = m_ctx.store->schedule(m_ctx.ownerId, *id);
            if (!s) {
                *error = s.error().code == QLatin1String("not_found")
                             ? notFound(QStringLiteral("There is no schedule with id %1.").arg(*id))
                             : failureFrom(s.error());
                return std::nullopt;
            }
            if (name && !name->isEmpty() && *name != s->name) {
                *error = invalidArguments(
                    QStringLiteral("Schedule %1 is named '%2', not '%3'. Give only the id or only "
                                   "the name of the schedule you mean.")
                        .arg(*id)
                        .arg(s->name, *name));
                return std::nullopt;
            }
            return s.value();
        }
        if (!name || name->isEmpty()) {
            *error = invalidArguments(
                QStringLiteral("%1 needs the schedule's 'id' or its exact 'name' (list_schedules "
                               "shows both).")
                    .arg(m_tool));
            return std::nullopt;
        }
        const Result<ScheduleRecord> s = m_ctx.store->findSchedule(m_ctx.ownerId, *name);
        if (!s) {
            *error = s.error().code == QLatin1String("not_found")
                         ? notFound(QStringLiteral("No schedule is named '%1'.").arg(*name))
                         : failureFrom(s.error());
            return std::nullopt;
        }
        return s.value();
    }

private:
    ToolResult notFound(const QString& headline) const {
        const Result<QList<ScheduleRecord>> all = m_ctx.store->listSchedules(m_ctx.ownerId);
        QJsonArray rows;
        QStringList names;
        for (const ScheduleRecord& s : all ? all.value() : QList<ScheduleRecord>()) {
            rows.append(
                QJsonObject{{QStringLiteral("id"), s.id}, {QStringLiteral("name"), s.name}});
            names.append(QStringLiteral("'%1' (id %2)").arg(s.name).arg(s.id));
        }
        const QString hint =
            names.isEmpty()
                ? QStringLiteral(" There are no schedules yet; schedule_task creates one.")
                : QStringLiteral(
                      " The schedules are: %1. Call %2 again with one of these names "
                      "or ids.")
                      .arg(names.join(QStringLiteral(", ")), m_tool);
        return ToolResult::failure(headline + hint,
                                   {{QStringLiteral("error_code"), QStringLiteral("not_found")},
                                    {QStringLiteral("schedules"), rows}});
    }

    ScheduleToolsContext m_ctx;
    QString m_tool;
};

QJsonObject lookupProperties(const QString& action) {
    return {
        {QStringLiteral("id"),
         schemaProperty("integer", QStringLiteral("The id of the schedule to %1.").arg(action))},
        {QStringLiteral("name"),
         schemaProperty("string", QStringLiteral("Or its exact name, e.g. 'morning disk "
                                                 "check'."))}};
}

class ScheduleTask final : public Tool {
public:
    explicit ScheduleTask(ScheduleToolsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override {
        return changesZergState(QStringLiteral("schedule_task"));
    }
    ToolSpec spec() const override {
        return {QStringLiteral("schedule_task"),
                QStringLiteral("Create a recurring check. On each run you are given `task` in the "
                               "background, and your answer goes to the user's task inbox with a "
                               "severity. ") +
                    cronHelp() +
                    QStringLiteral(
                        " Times are wall-clock times in the schedule's time zone. The result "
                        "shows the next runs: confirm to the user what was scheduled and when it "
                        "first runs. To change an existing schedule (\"weekly instead of "
                        "daily\"), use update_schedule, not a second schedule."),
                objectSchema(
                    {{QStringLiteral("name"),
                      schemaProperty("string", QStringLiteral("A short name the user will "
                                                              "recognize, unique among the "
                                                              "schedules, e.g. 'morning disk "
                                                              "check'."))},
                     {QStringLiteral("task"),
                      schemaProperty("string", QStringLiteral("What to do on each run, "
                                                              "self-contained and naming the "
                                                              "hosts, e.g. 'Check disk usage on "
                                                              "cube; warn above 85%.'"))},
                     {QStringLiteral("cron"),
                      schemaProperty("string", QStringLiteral("When, as a 5-field cron "
                                                              "expression, e.g. '0 6 * * *'."))},
                     {QStringLiteral("time_zone"),
                      schemaProperty("string", QStringLiteral("An IANA zone such as "
                                                              "Europe/Berlin; leave it out for "
                                                              "the user's system zone."))},
                     {QStringLiteral("catch_up"),
                      schemaProperty("boolean", QStringLiteral("Run once at start-up when a run "
                                                               "was missed while the app was "
                                                               "closed (default false)."))},
                     {QStringLiteral("approval_mode"), approvalModeProperty()}},
                    {QStringLiteral("name"), QStringLiteral("task"), QStringLiteral("cron")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        QStringList bad;
        const QString name = stringArg(args, QStringLiteral("name"), &bad).value_or(QString());
        const QString task = stringArg(args, QStringLiteral("task"), &bad).value_or(QString());
        const QString cron = stringArg(args, QStringLiteral("cron"), &bad).value_or(QString());
        const QString zone = stringArg(args, QStringLiteral("time_zone"), &bad).value_or(QString());
        const bool catchUp = boolArg(args, QStringLiteral("catch_up"), &bad).value_or(false);
        const auto approvalMode = approvalModeArg(args, &bad);
        if (!bad.isEmpty() || name.isEmpty() || task.isEmpty() || cron.isEmpty()) {
            return new ImmediateInvocation(
                invalidArguments(QStringLiteral("schedule_task needs a non-empty 'name', 'task' "
                                                "and 'cron' (text), and optionally 'time_zone' "
                                                "(text), 'catch_up' (true or false) and "
                                                "'approval_mode' (default, read_only or ask).")),
                parent);
        }
        Result<ScheduleRecord> s = m_ctx.scheduler->createSchedule(name, task, cron, zone, catchUp);
        if (s && approvalMode) {
            SchedulePatch patch;
            patch.approvalMode = approvalMode;
            s = m_ctx.scheduler->updateSchedule(s->id, patch);
        }
        if (!s)
            return new ImmediateInvocation(failureFrom(s.error()), parent);
        return new ImmediateInvocation(
            ToolResult::success({{QStringLiteral("schedule"), scheduleJson(s.value())},
                                 {QStringLiteral("next_runs"), nextRunsJson(m_ctx, s.value())}}),
            parent);
    }

private:
    ScheduleToolsContext m_ctx;
};

class ListSchedules final : public Tool {
public:
    explicit ListSchedules(ScheduleToolsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }
    ToolSpec spec() const override {
        return {QStringLiteral("list_schedules"),
                QStringLiteral("The user's schedules: id, name, task, cron and what it means, "
                               "time zone, whether it is enabled, its next run, and its last "
                               "run with status and severity. Use it to find the schedule the "
                               "user means before update_schedule or delete_schedule."),
                objectSchema({})};
    }
    ToolInvocation* start(const QJsonObject&, QObject* parent) override {
        const Result<QList<ScheduleRecord>> all = m_ctx.store->listSchedules(m_ctx.ownerId);
        if (!all)
            return new ImmediateInvocation(failureFrom(all.error()), parent);
        QJsonArray rows;
        for (const ScheduleRecord& s : all.value()) {
            QJsonObject row = scheduleJson(s);
            row.insert(QStringLiteral("next_run"),
                       s.enabled && s.nextRunAt.isValid()
                           ? QJsonValue(runTime(s.nextRunAt, s.timeZone))
                           : QJsonValue());
            row.insert(QStringLiteral("last_run"), lastRun(s));
            rows.append(row);
        }
        QJsonObject payload{{QStringLiteral("schedules"), rows},
                            {QStringLiteral("paused"), m_ctx.scheduler->isPaused()}};
        if (m_ctx.scheduler->isPaused()) {
            payload.insert(QStringLiteral("note"),
                           QStringLiteral("All schedules are paused: none runs until the user "
                                          "resumes them on the Schedules page."));
        }
        return new ImmediateInvocation(ToolResult::success(payload), parent);
    }

private:
    QJsonValue lastRun(const ScheduleRecord& s) const {
        const Result<QList<ScheduleRunRecord>> runs =
            m_ctx.store->listScheduleRuns(m_ctx.ownerId, s.id, 1);
        if (!runs || runs->isEmpty())
            return QJsonValue();
        const ScheduleRunRecord& r = runs->first();
        QJsonObject out{{QStringLiteral("started_at"), r.startedAt.toString(Qt::ISODate)},
                        {QStringLiteral("trigger"), r.trigger},
                        {QStringLiteral("status"), statusName(r.status)},
                        {QStringLiteral("severity"), r.severity},
                        {QStringLiteral("summary"), r.summary}};
        if (!r.error.isEmpty())
            out.insert(QStringLiteral("error"), r.error);
        return out;
    }

    ScheduleToolsContext m_ctx;
};

class UpdateSchedule final : public Tool {
public:
    explicit UpdateSchedule(ScheduleToolsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override {
        return changesZergState(QStringLiteral("update_schedule"));
    }
    ToolSpec spec() const override {
        QJsonObject properties = lookupProperties(QStringLiteral("change"));
        properties.insert(QStringLiteral("new_name"),
                          schemaProperty("string", QStringLiteral("Rename it.")));
        properties.insert(QStringLiteral("task"),
                          schemaProperty("string", QStringLiteral("What to do on each run.")));
        properties.insert(QStringLiteral("cron"),
                          schemaProperty("string", QStringLiteral("When, e.g. '0 6 * * 1'.")));
        properties.insert(QStringLiteral("time_zone"),
                          schemaProperty("string", QStringLiteral("An IANA zone such as "
                                                                  "Europe/Berlin; empty for the "
                                                                  "system's.")));
        properties.insert(QStringLiteral("enabled"),
                          schemaProperty("boolean", QStringLiteral("false stops it without "
                                                                   "deleting it; true resumes "
                                                                   "it.")));
        properties.insert(QStringLiteral("catch_up"),
                          schemaProperty("boolean", QStringLiteral("Run once at start-up after "
                                                                   "a missed run.")));
        properties.insert(QStringLiteral("approval_mode"), approvalModeProperty());
        return {QStringLiteral("update_schedule"),
                QStringLiteral(
                    "Change an existing schedule, named by its id or its exact name "
                    "(list_schedules shows both; the conversation may already name it). Give "
                    "only the fields that change. \"Make that check weekly instead of daily\" "
                    "means update_schedule with a new cron at the same time of day: '0 6 * * *' "
                    "becomes '0 6 * * 1' (Mondays at 06:00). ") +
                    cronHelp() +
                    QStringLiteral(" Returns each changed field before and after, and the next "
                                   "runs to confirm to the user."),
                objectSchema(properties)};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        ToolResult error;
        ScheduleLookup lookup(m_ctx, QStringLiteral("update_schedule"));
        const std::optional<ScheduleRecord> before = lookup.find(args, &error);
        if (!before)
            return new ImmediateInvocation(error, parent);
        QStringList bad;
        SchedulePatch patch;
        patch.name = stringArg(args, QStringLiteral("new_name"), &bad);
        patch.task = stringArg(args, QStringLiteral("task"), &bad);
        patch.cron = stringArg(args, QStringLiteral("cron"), &bad);
        patch.timeZone = stringArg(args, QStringLiteral("time_zone"), &bad);
        patch.enabled = boolArg(args, QStringLiteral("enabled"), &bad);
        patch.catchUp = boolArg(args, QStringLiteral("catch_up"), &bad);
        patch.approvalMode = approvalModeArg(args, &bad);
        if (!bad.isEmpty()) {
            return new ImmediateInvocation(
                invalidArguments(QStringLiteral("update_schedule: %1 has the wrong type or value "
                                                "(new_name, task, cron and time_zone are text; "
                                                "enabled and catch_up are true or false; "
                                                "approval_mode is default, read_only or ask).")
                                     .arg(bad.join(QStringLiteral(", ")))),
                parent);
        }
        if (!patch.name && !patch.task && !patch.cron && !patch.timeZone && !patch.enabled &&
            !patch.catchUp && !patch.approvalMode) {
            return new ImmediateInvocation(
                invalidArguments(QStringLiteral(
                    "update_schedule: nothing to change. Give at least one of new_name, task, "
                    "cron, time_zone, enabled, catch_up; for \"weekly instead of daily\" give a "
                    "new cron such as '0 6 * * 1'.")),
                parent);
        }
        // As when creating: an empty zone is the system's (the store keeps a zone id).
        if (patch.timeZone && patch.timeZone->isEmpty())
            patch.timeZone = QString::fromUtf8(QTimeZone::systemTimeZoneId());
        const Result<ScheduleRecord> after = m_ctx.scheduler->updateSchedule(before->id, patch);
        if (!after)
            return new ImmediateInvocation(failureFrom(after.error()), parent);
        return new ImmediateInvocation(
            ToolResult::success(
                {{QStringLiteral("schedule"), scheduleJson(after.value())},
                 {QStringLiteral("changed"), changes(*before, after.value())},
                 {QStringLiteral("next_runs"), nextRunsJson(m_ctx, after.value())}}),
            parent);
    }

private:
    // {field: {before, after}} for each field whose value differs.
    static QJsonObject changes(const ScheduleRecord& before, const ScheduleRecord& after) {
        const QJsonObject b = scheduleJson(before);
        const QJsonObject a = scheduleJson(after);
        QJsonObject out;
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (b.value(it.key()) != it.value()) {
                out.insert(it.key(), QJsonObject{{QStringLiteral("before"), b.value(it.key())},
                                                 {QStringLiteral("after"), it.value()}});
            }
        }
        return out;
    }

    ScheduleToolsContext m_ctx;
};

class DeleteSchedule final : public Tool {
public:
    explicit DeleteSchedule(ScheduleToolsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override {
        return changesZergState(QStringLiteral("delete_schedule"));
    }
    ToolSpec spec() const override {
        return {QStringLiteral("delete_schedule"),
                QStringLiteral("Delete a schedule and its run history, named by its id or its "
                               "exact name; its results already in the inbox stay. To stop it "
                               "for a while instead, use update_schedule with enabled false."),
                objectSchema(lookupProperties(QStringLiteral("delete")))};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        ToolResult error;
        ScheduleLookup lookup(m_ctx, QStringLiteral("delete_schedule"));
        const std::optional<ScheduleRecord> s = lookup.find(args, &error);
        if (!s)
            return new ImmediateInvocation(error, parent);
        if (Status gone = m_ctx.scheduler->deleteSchedule(s->id); !gone)
            return new ImmediateInvocation(failureFrom(gone.error()), parent);
        return new ImmediateInvocation(
            ToolResult::success({{QStringLiteral("deleted"), scheduleJson(s.value())}}), parent);
    }

private:
    ScheduleToolsContext m_ctx;
};

}  // namespace

void addScheduleTools(ToolRegistry* registry, const ScheduleToolsContext& ctx) {
    registry->add(std::make_shared<ScheduleTask>(ctx));
    registry->add(std::make_shared<ListSchedules>(ctx));
    registry->add(std::make_shared<UpdateSchedule>(ctx));
    registry->add(std::make_shared<DeleteSchedule>(ctx));
}

}  // namespace zerg
