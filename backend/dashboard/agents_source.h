#pragma once

#include "core/status.h"
#include "dashboard/reply.h"
#include "storage/agent_profiles.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>

namespace zerg {

class Clock;

// One tool an agent has, as Dashboard › Agents lists it.
struct AgentToolRow {
    QString name;
    QString description;
};

// One agent of Dashboard › Agents: its tuning now, what the code would use without one, and its
// history.
struct AgentRow {
    AgentRole role = AgentRole::Supervisor;
    AgentProfile profile;   // the tuning that applies now (version 0: the built-in one)
    QString builtInPrompt;  // the code's prompt: the diff's other side, and what reset restores
    // The model the settings give the role (Settings::modelFor), used while profile.model is
    // empty, and the variable that chose it ("ZERG_WORKER_MODEL").
    QString settingsModel;
    QString settingsModelVariable;
    bool usesTools = false;       // the decider and the summary agents have none
    QList<AgentToolRow> tools;    // the tools it has now, before the tuning's choice
    QStringList requiredTools;    // those it cannot work without (quick: route_to_supervisor)
    QList<AgentProfile> history;  // its saved versions, newest first (at most kHistory)
};

// Where Dashboard › Agents reads and changes the agents' tuning: LocalAgentsSource over this
// process's AgentProfileStore, api::RemoteAgentsSource over a `zerg serve`'s `agents`,
// `agent_save` and `agent_reset` (docs/api.md). The tuning is the whole installation's (every
// owner's agents, every process on the database); each change is a new version recording who
// made it. Errors: invalid_argument (a broken edit, with what is wrong and what to do), db.
class AgentsSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    static constexpr int kHistory = 50;  // versions listed per agent

    // Every agent, in AgentRole's order.
    virtual void list(QObject* context, SourceReply<QList<AgentRow>> done) = 0;
    // Checks tuning (checkTuning) and saves it as tuning.role's next version, changed by this
    // source's person (device: where from, "api:<device id>" over the API; empty: here). A
    // prompt equal to the built-in one is saved as the built-in prompt (nullopt), so that it
    // follows the code. A tuning equal to the current one saves nothing. The agent as it is then.
    virtual void save(const AgentProfile& tuning, const QString& device, QObject* context,
                      SourceReply<AgentRow> done) = 0;
    // Saves the built-in tuning as the role's next version.
    virtual void reset(AgentRole role, const QString& device, QObject* context,
                       SourceReply<AgentRow> done) = 0;

Q_SIGNALS:
    // A change saved through this source.
    void changed();
};

// What only the running backend knows of its agents (runtime/Backend fills it in).
struct AgentsEnvironment {
    // The tools the role's agent has now (before the tuning's choice); empty for the decider
    // and the summary agents.
    std::function<QList<AgentToolRow>(AgentRole)> tools;
    // The role's model from the settings and the variable that set it (Settings::modelChoice).
    std::function<std::pair<QString, QString>(AgentRole)> settingsModel;
};

class Backend;

// What backend knows of ownerId's agents: the supervisor's and the quick path's tools (its
// JarvisService's), the workers' (Backend::workerToolSpecs) and the settings' models. backend
// must outlive what it returns.
[[nodiscard]] AgentsEnvironment backendAgents(Backend* backend, qint64 ownerId);

// Over this process's AgentProfileStore, answering at once.
class LocalAgentsSource final : public AgentsSource {
    Q_OBJECT
public:
    // store, clock outlive this; author: who this source's changes are recorded as.
    LocalAgentsSource(AgentProfileStore* store, Clock* clock, AgentsEnvironment environment,
                      QString author, QObject* parent = nullptr);

    void list(QObject* context, SourceReply<QList<AgentRow>> done) override;
    void save(const AgentProfile& tuning, const QString& device, QObject* context,
              SourceReply<AgentRow> done) override;
    void reset(AgentRole role, const QString& device, QObject* context,
               SourceReply<AgentRow> done) override;

    // The code's own prompt of a role (the worker's with "{tools}").
    [[nodiscard]] static QString builtInPrompt(AgentRole role);
    // What is wrong with an edit of `agent` (its tools and required tools), for the person who
    // made it: an empty prompt, a temperature outside 0–2, max tokens outside 1–1000000, a tool
    // the agent does not have, a required tool taken away, tools for an agent without tools.
    [[nodiscard]] static Status checkTuning(const AgentProfile& tuning, const AgentRow& agent);

private:
    [[nodiscard]] Result<AgentRow> row(AgentRole role) const;
    [[nodiscard]] Result<AgentRow> store(AgentProfile tuning, const QString& device);

    AgentProfileStore* m_store;
    Clock* m_clock;
    AgentsEnvironment m_environment;
    QString m_author;
};

namespace recordjson {
// {role, version, system_prompt (null: built in), model, temperature (null), max_tokens (null),
// tools ([name] or null: all), changed_by, changed_at}
[[nodiscard]] QJsonObject toJson(const AgentProfile& p);
[[nodiscard]] Result<AgentProfile> agentProfile(const QJsonObject& o);
// {role, profile, built_in_prompt, settings_model, settings_model_variable, uses_tools,
// tools: [{name, description}], required_tools: [name], history: [profile]}
[[nodiscard]] QJsonObject toJson(const AgentRow& r);
[[nodiscard]] Result<AgentRow> agentRow(const QJsonObject& o);
// {agents: [row]}
[[nodiscard]] QJsonObject agentsJson(const QList<AgentRow>& rows);
[[nodiscard]] Result<QList<AgentRow>> agentsList(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
