#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg {

class Database;

// How one agent (AgentRole) is tuned: one version of Dashboard › Agents' form. Every version
// holds the whole set, so the newest one is the agent's tuning and the older ones are its history.
// Version 0 is the built-in tuning (builtIn): nothing was ever changed.
struct AgentProfile {
    AgentRole role = AgentRole::Supervisor;
    int version = 0;
    // nullopt: the built-in prompt of the code (the worker's has "{tools}" for its tools' names).
    std::optional<QString> systemPrompt;
    QString model;  // empty: the role's model from the settings (Settings::modelFor)
    // nullopt: not sent; the provider's default applies.
    std::optional<double> temperature;
    std::optional<int> maxTokens;
    // The tools the agent is offered, by name; nullopt: every tool it has (MCP servers' too).
    std::optional<QStringList> tools;
    QString changedBy;  // who saved it: a person's name, with the device over the API
    QDateTime changedAt;

    // The tuning that applies when nothing was changed: the seed's supervisor defaults
    // (temperature 0.7, at most 2000 tokens), the summaries' 120 tokens, nothing else sent.
    [[nodiscard]] static AgentProfile builtIn(AgentRole role);
    // Whether the tuning (prompt, model, temperature, max tokens, tools) equals other's.
    [[nodiscard]] bool sameTuning(const AgentProfile& other) const;
    // The tool's name when the agent may use it.
    [[nodiscard]] bool allows(const QString& tool) const { return !tools || tools->contains(tool); }
};

// The versions of the agents' tuning (table agent_profiles, migration 17). Every process on the
// database reads the newest version before each request, so a change applies to the next one
// wherever it runs.
class AgentProfileStore {
public:
    explicit AgentProfileStore(Database* db);

    // The newest version, or builtIn(role) when there is none.
    [[nodiscard]] Result<AgentProfile> current(AgentRole role) const;
    // The role's versions, newest first, at most limit (1..1000).
    [[nodiscard]] Result<QList<AgentProfile>> history(AgentRole role, int limit) const;
    // Stores profile as the role's next version (its version and changedAt are set here) and
    // returns it as stored. What changed is the difference to the version before it.
    [[nodiscard]] Result<AgentProfile> save(AgentProfile profile, const QDateTime& now);

private:
    Database* m_db;
};

}  // namespace zerg
