#include "dashboard/agents_source.h"

#include "core/clock.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/supervisor_tools.h"
#include "roundabout/llm_decider.h"
#include "runtime/backend.h"
#include "workers/worker.h"

namespace zerg {

namespace {

constexpr double kMaxTemperature = 2.0;  // OpenAI's range; Anthropic's is 0–1
constexpr int kMaxTokensLimit = 1000000;
constexpr qsizetype kMaxPromptChars = 100000;

Error invalid(const QString& message) {
    return Error{QStringLiteral("invalid_argument"), message};
}

QString agentName(AgentRole role) {
    switch (role) {
        case AgentRole::Supervisor:
            return LocalAgentsSource::tr("the supervisor");
        case AgentRole::Quick:
            return LocalAgentsSource::tr("the quick path");
        case AgentRole::Worker:
            return LocalAgentsSource::tr("the worker agent");
        case AgentRole::Decider:
            return LocalAgentsSource::tr("the decider");
        case AgentRole::Summary:
            return LocalAgentsSource::tr("the summary agent");
    }
    return {};
}

}  // namespace

AgentsEnvironment backendAgents(Backend* backend, qint64 ownerId) {
    AgentsEnvironment env;
    env.tools = [backend, ownerId](AgentRole role) {
        QList<ToolSpec> specs;
        if (role == AgentRole::Worker) {
            specs = backend->workerToolSpecs();
        } else if (role == AgentRole::Supervisor || role == AgentRole::Quick) {
            if (const Result<Backend::OwnerServices> owner = backend->owner(ownerId))
                specs = owner->jarvis->toolSpecs(role == AgentRole::Quick);
        }
        QList<AgentToolRow> rows;
        for (const ToolSpec& spec : specs)
            rows.append({spec.name, spec.description});
        return rows;
    };
    env.settingsModel = [backend](AgentRole role) {
        const Settings& s = backend->settings();
        return std::pair{s.modelFor(role), s.modelVariableFor(role)};
    };
    return env;
}

LocalAgentsSource::LocalAgentsSource(AgentProfileStore* store, Clock* clock,
                                     AgentsEnvironment environment, QString author, QObject* parent)
    : AgentsSource(parent),
      m_store(store),
      m_clock(clock),
      m_environment(std::move(environment)),
      m_author(std::move(author)) {}

QString LocalAgentsSource::builtInPrompt(AgentRole role) {
    switch (role) {
        case AgentRole::Supervisor:
            return JarvisService::systemPrompt();
        case AgentRole::Quick:
            return JarvisService::quickPrompt();
        case AgentRole::Worker:
            return Worker::builtInPrompt();
        case AgentRole::Decider:
            return LlmDecider::systemPrompt();
        case AgentRole::Summary:
            return Worker::builtInSummaryPrompt();
    }
    return {};
}

Status LocalAgentsSource::checkTuning(const AgentProfile& t, const AgentRow& agent) {
    const QString who = agentName(t.role);
    if (t.systemPrompt && t.systemPrompt->trimmed().isEmpty()) {
        return invalid(tr("The system prompt of %1 is empty. Write one, or use the built-in "
                          "prompt.")
                           .arg(who));
    }
    if (t.systemPrompt && t.systemPrompt->size() > kMaxPromptChars) {
        return invalid(tr("The system prompt of %1 has %2 characters; at most %3 are kept. "
                          "Shorten it.")
                           .arg(who)
                           .arg(t.systemPrompt->size())
                           .arg(kMaxPromptChars));
    }
    if (t.model.trimmed() != t.model || t.model.contains(QLatin1Char('\n'))) {
        return invalid(tr("The model name \"%1\" has spaces or line breaks around it. Write "
                          "the name alone, or leave it empty for the settings' model.")
                           .arg(t.model));
    }
    if (t.temperature && !(*t.temperature >= 0.0 && *t.temperature <= kMaxTemperature)) {
        return invalid(tr("Temperature %1 is out of range: use 0 to 2 (lower answers more "
                          "predictably), or leave it empty for the provider's default.")
                           .arg(*t.temperature));
    }
    if (t.maxTokens && (*t.maxTokens < 1 || *t.maxTokens > kMaxTokensLimit)) {
        return invalid(tr("Max tokens %1 is out of range: use 1 to %2, or leave it empty for "
                          "the provider's default.")
                           .arg(*t.maxTokens)
                           .arg(kMaxTokensLimit));
    }
    if (!t.tools)
        return Ok{};
    if (!agent.usesTools) {
        return invalid(tr("No tools can be given to %1: leave its tools unset.").arg(who));
    }
    QStringList known;
    for (const AgentToolRow& tool : agent.tools)
        known.append(tool.name);
    for (const QString& name : *t.tools) {
        if (!known.contains(name)) {
            return invalid(tr("There is no tool \"%1\" for %2. Its tools are: %3.")
                               .arg(name, who, known.join(QStringLiteral(", "))));
        }
    }
    for (const QString& name : agent.requiredTools) {
        if (!t.tools->contains(name)) {
            return invalid(tr("The tool %1 is needed by %2: keep it.").arg(name, who));
        }
    }
    return Ok{};
}

Result<AgentRow> LocalAgentsSource::row(AgentRole role) const {
    AgentRow r;
    r.role = role;
    const Result<AgentProfile> current = m_store->current(role);
    if (!current)
        return current.error();
    r.profile = current.value();
    r.builtInPrompt = builtInPrompt(role);
    if (m_environment.settingsModel)
        std::tie(r.settingsModel, r.settingsModelVariable) = m_environment.settingsModel(role);
    r.usesTools =
        role == AgentRole::Supervisor || role == AgentRole::Quick || role == AgentRole::Worker;
    if (r.usesTools && m_environment.tools)
        r.tools = m_environment.tools(role);
    if (role == AgentRole::Quick)
        r.requiredTools = {QString::fromLatin1(kRouteToSupervisor)};
    const Result<QList<AgentProfile>> history = m_store->history(role, kHistory);
    if (!history)
        return history.error();
    r.history = history.value();
    return r;
}

void LocalAgentsSource::list(QObject* context, SourceReply<QList<AgentRow>> done) {
    Q_UNUSED(context)
    QList<AgentRow> rows;
    for (const auto& [role, name] : StatusTable<AgentRole>::names) {
        Result<AgentRow> r = row(role);
        if (!r)
            return done(r.error());
        rows.append(std::move(r).value());
    }
    done(rows);
}

Result<AgentRow> LocalAgentsSource::store(AgentProfile tuning, const QString& device) {
    const Result<AgentRow> agent = row(tuning.role);
    if (!agent)
        return agent.error();
    if (Status ok = checkTuning(tuning, agent.value()); !ok)
        return ok.error();
    // The built-in text is stored as "built in": it then follows the code's improvements.
    if (tuning.systemPrompt && *tuning.systemPrompt == agent->builtInPrompt)
        tuning.systemPrompt.reset();
    // Every tool allowed is "all tools": an MCP server's tools added later are allowed too.
    if (tuning.tools) {
        bool all = true;
        for (const AgentToolRow& tool : agent->tools)
            all = all && tuning.tools->contains(tool.name);
        if (all)
            tuning.tools.reset();
    }
    if (tuning.sameTuning(agent->profile))
        return agent;  // nothing to record
    tuning.changedBy = device.isEmpty() ? m_author : tr("%1 (%2)").arg(m_author, device);
    const Result<AgentProfile> saved = m_store->save(tuning, m_clock->utcNow());
    if (!saved)
        return saved.error();
    Q_EMIT changed();
    return row(tuning.role);
}

void LocalAgentsSource::save(const AgentProfile& tuning, const QString& device, QObject* context,
                             SourceReply<AgentRow> done) {
    Q_UNUSED(context)
    done(store(tuning, device));
}

void LocalAgentsSource::reset(AgentRole role, const QString& device, QObject* context,
                              SourceReply<AgentRow> done) {
    Q_UNUSED(context)
    done(store(AgentProfile::builtIn(role), device));
}

}  // namespace zerg
