#include "storage/agent_profiles.h"

#include "storage/database.h"
#include "storage/sql_util.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace zerg {

using namespace sql;

namespace {

constexpr char kColumns[] =
    "role, version, system_prompt, model, temperature, max_tokens, tools, changed_by, changed_at";

QVariant toolsOrNull(const std::optional<QStringList>& tools) {
    if (!tools)
        return {};
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(*tools)).toJson(QJsonDocument::Compact));
}

AgentProfile profileAt(const QSqlQuery& q) {
    AgentProfile p;
    p.role = parseStatus<AgentRole>(q.value(0).toString()).value_or(AgentRole::Supervisor);
    p.version = q.value(1).toInt();
    if (!q.value(2).isNull())
        p.systemPrompt = q.value(2).toString();
    p.model = q.value(3).toString();
    if (!q.value(4).isNull())
        p.temperature = q.value(4).toDouble();
    if (!q.value(5).isNull())
        p.maxTokens = q.value(5).toInt();
    if (!q.value(6).isNull()) {
        QStringList tools;
        for (const QJsonValue& v : QJsonDocument::fromJson(q.value(6).toString().toUtf8()).array())
            tools.append(v.toString());
        p.tools = tools;
    }
    p.changedBy = q.value(7).toString();
    p.changedAt = timeAt(q, 8);
    return p;
}

}  // namespace

AgentProfile AgentProfile::builtIn(AgentRole role) {
    AgentProfile p;
    p.role = role;
    switch (role) {
        case AgentRole::Supervisor:
            p.temperature = 0.7;
            p.maxTokens = 2000;
            break;
        case AgentRole::Summary:
            p.maxTokens = 120;  // ~150 characters
            break;
        case AgentRole::Quick:
        case AgentRole::Worker:
        case AgentRole::Decider:
            // No max tokens: reasoning models count hidden reasoning against it and would answer
            // empty; the worker's and the decider's answers are short by their prompts.
            break;
    }
    return p;
}

bool AgentProfile::sameTuning(const AgentProfile& o) const {
    return role == o.role && systemPrompt == o.systemPrompt && model == o.model &&
           temperature == o.temperature && maxTokens == o.maxTokens && tools == o.tools;
}

AgentProfileStore::AgentProfileStore(Database* db) : m_db(db) {}

Result<AgentProfile> AgentProfileStore::current(AgentRole role) const {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT %1 FROM agent_profiles WHERE role = ? ORDER BY version DESC "
                             "LIMIT 1")
                  .arg(QLatin1String(kColumns)),
              {statusName(role)})) {
        return dbError(QStringLiteral("reading the %1 agent's settings").arg(statusName(role)),
                       q.lastError());
    }
    return q.next() ? profileAt(q) : AgentProfile::builtIn(role);
}

Result<QList<AgentProfile>> AgentProfileStore::history(AgentRole role, int limit) const {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT %1 FROM agent_profiles WHERE role = ? ORDER BY version DESC "
                             "LIMIT ?")
                  .arg(QLatin1String(kColumns)),
              {statusName(role), qBound(1, limit, 1000)})) {
        return dbError(QStringLiteral("reading the %1 agent's history").arg(statusName(role)),
                       q.lastError());
    }
    QList<AgentProfile> out;
    while (q.next())
        out.append(profileAt(q));
    return out;
}

Result<AgentProfile> AgentProfileStore::save(AgentProfile p, const QDateTime& now) {
    p.changedAt = now;
    QSqlError last;
    // Two processes saving at once may pick the same next version: UNIQUE (role, version) lets
    // one of them in, and the other tries again with the version after it.
    for (int attempt = 0; attempt < 3; ++attempt) {
        QSqlQuery q(m_db->connection());
        if (!exec(q,
                  QStringLiteral("SELECT COALESCE(MAX(version), 0) FROM agent_profiles WHERE "
                                 "role = ?"),
                  {statusName(p.role)}) ||
            !q.next()) {
            return dbError(QStringLiteral("saving the %1 agent's settings").arg(statusName(p.role)),
                           q.lastError());
        }
        p.version = q.value(0).toInt() + 1;
        q.finish();
        if (exec(q,
                 QStringLiteral("INSERT INTO agent_profiles (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                                "?) ON CONFLICT DO NOTHING")
                     .arg(QLatin1String(kColumns)),
                 {statusName(p.role), p.version,
                  p.systemPrompt ? QVariant(*p.systemPrompt) : QVariant(), textOrNull(p.model),
                  p.temperature ? QVariant(*p.temperature) : QVariant(),
                  p.maxTokens ? QVariant(*p.maxTokens) : QVariant(), toolsOrNull(p.tools),
                  text(p.changedBy), timefmt::toIso(now)})) {
            if (q.numRowsAffected() == 1)
                return p;
            continue;  // another process took this version
        }
        last = q.lastError();
        break;
    }
    return dbError(QStringLiteral("saving the %1 agent's settings").arg(statusName(p.role)), last);
}

}  // namespace zerg
