// The JSON form of Dashboard › Agents (dashboard/agents_source.h, recordjson): what `agents`,
// `agent_save` and `agent_reset` answer (docs/api.md, "Dashboard") and api::RemoteAgentsSource
// reads back.
#include "dashboard/agents_source.h"
#include "dashboard/record_json.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonValue>

namespace zerg::recordjson {

using namespace Qt::StringLiterals;

namespace {

QJsonValue nullable(const std::optional<QString>& v) {
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue nullable(const std::optional<double>& v) {
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue nullable(const std::optional<int>& v) {
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue nullable(const std::optional<QStringList>& v) {
    return v ? QJsonValue(QJsonArray::fromStringList(*v)) : QJsonValue(QJsonValue::Null);
}

// The strings of an array; anything else in it is left out, as the other records leave a value
// of another type.
QStringList namesOf(const QJsonValue& v) {
    QStringList out;
    for (const QJsonValue& name : v.toArray()) {
        if (name.isString())
            out.append(name.toString());
    }
    return out;
}

// The role's word; a missing or unknown one is an error naming it (a tuning must never be taken
// for another agent's).
Result<AgentRole> roleOf(const QJsonObject& o) {
    return parseStatusArgument<AgentRole>(o.value(u"role"_s).toString(), u"agent role"_s);
}

QJsonObject toolJson(const AgentToolRow& t) {
    return {{u"name"_s, t.name}, {u"description"_s, t.description}};
}

AgentToolRow toolRow(const QJsonObject& o) {
    return {o.value(u"name"_s).toString(), o.value(u"description"_s).toString()};
}

// v through agentProfile when it is an object; else a "protocol" error.
Result<AgentProfile> profileAt(const QJsonValue& v) {
    if (!v.isObject()) {
        return protocolError(
            QCoreApplication::translate("zerg::recordjson", "an agent's settings"));
    }
    return agentProfile(v.toObject());
}

}  // namespace

QJsonObject toJson(const AgentProfile& p) {
    return {{u"role"_s, statusName(p.role)},
            {u"version"_s, p.version},
            {u"system_prompt"_s, nullable(p.systemPrompt)},
            {u"model"_s, p.model},
            {u"temperature"_s, nullable(p.temperature)},
            {u"max_tokens"_s, nullable(p.maxTokens)},
            {u"tools"_s, nullable(p.tools)},
            {u"changed_by"_s, p.changedBy},
            {u"changed_at"_s, timefmt::toIso(p.changedAt)}};
}

Result<AgentProfile> agentProfile(const QJsonObject& o) {
    const Result<AgentRole> role = roleOf(o);
    if (!role)
        return role.error();
    AgentProfile p;
    p.role = role.value();
    p.version = o.value(u"version"_s).toInt();
    const QJsonValue prompt = o.value(u"system_prompt"_s);
    if (prompt.isString())
        p.systemPrompt = prompt.toString();
    p.model = o.value(u"model"_s).toString();
    const QJsonValue temperature = o.value(u"temperature"_s);
    if (temperature.isDouble())
        p.temperature = temperature.toDouble();
    const QJsonValue maxTokens = o.value(u"max_tokens"_s);
    if (maxTokens.isDouble())
        p.maxTokens = maxTokens.toInt();
    const QJsonValue tools = o.value(u"tools"_s);
    if (tools.isArray())
        p.tools = namesOf(tools);
    p.changedBy = o.value(u"changed_by"_s).toString();
    p.changedAt = timefmt::fromIso(o.value(u"changed_at"_s).toString());
    return p;
}

QJsonObject toJson(const AgentRow& r) {
    return {{u"role"_s, statusName(r.role)},
            {u"profile"_s, toJson(r.profile)},
            {u"built_in_prompt"_s, r.builtInPrompt},
            {u"settings_model"_s, r.settingsModel},
            {u"settings_model_variable"_s, r.settingsModelVariable},
            {u"uses_tools"_s, r.usesTools},
            {u"tools"_s, arrayOf(r.tools, &toolJson)},
            {u"required_tools"_s, QJsonArray::fromStringList(r.requiredTools)},
            {u"history"_s, arrayOf(r.history, [](const AgentProfile& p) { return toJson(p); })}};
}

Result<AgentRow> agentRow(const QJsonObject& o) {
    const Result<AgentRole> role = roleOf(o);
    if (!role)
        return role.error();
    Result<AgentProfile> profile = profileAt(o.value(u"profile"_s));
    if (!profile)
        return profile.error();
    AgentRow r;
    r.role = role.value();
    r.profile = std::move(profile).value();
    r.builtInPrompt = o.value(u"built_in_prompt"_s).toString();
    r.settingsModel = o.value(u"settings_model"_s).toString();
    r.settingsModelVariable = o.value(u"settings_model_variable"_s).toString();
    r.usesTools = o.value(u"uses_tools"_s).toBool();
    for (const QJsonValue& t : o.value(u"tools"_s).toArray()) {
        if (t.isObject())
            r.tools.append(toolRow(t.toObject()));
    }
    r.requiredTools = namesOf(o.value(u"required_tools"_s));
    const QJsonValue history = o.value(u"history"_s);
    if (!history.isUndefined() && !history.isArray()) {
        return protocolError(
            QCoreApplication::translate("zerg::recordjson", "an agent's earlier settings"));
    }
    for (const QJsonValue& v : history.toArray()) {
        Result<AgentProfile> version = profileAt(v);
        if (!version)
            return version.error();
        r.history.append(std::move(version).value());
    }
    return r;
}

QJsonObject agentsJson(const QList<AgentRow>& rows) {
    return {{u"agents"_s, arrayOf(rows, [](const AgentRow& r) { return toJson(r); })}};
}

Result<QList<AgentRow>> agentsList(const QJsonObject& o) {
    const QString what = QCoreApplication::translate("zerg::recordjson", "the agents");
    const QJsonValue array = o.value(u"agents"_s);
    if (!array.isArray())
        return protocolError(what);
    QList<AgentRow> out;
    out.reserve(array.toArray().size());
    for (const QJsonValue& v : array.toArray()) {
        if (!v.isObject())
            return protocolError(what);
        Result<AgentRow> r = agentRow(v.toObject());
        if (!r)
            return r.error();
        out.append(std::move(r).value());
    }
    return out;
}

}  // namespace zerg::recordjson
