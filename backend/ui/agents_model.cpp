#include "ui/agents_model.h"

#include "core/text_diff.h"

#include <QDateTime>
#include <QLocale>
#include <QVariantMap>

#include <cmath>
#include <utility>

namespace zerg {

using namespace Qt::StringLiterals;

namespace {

// Numbers as the fields show them and read them back: the user's locale, no group separators.
QLocale fieldLocale() {
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale;
}

QString numberText(double value) {
    return fieldLocale().toString(value, 'g', QLocale::FloatingPointShortest);
}

QString numberText(int value) {
    return fieldLocale().toString(value);
}

template <typename T>
QVariant variantOf(const std::optional<T>& value) {
    return value ? QVariant(*value) : QVariant();
}

template <typename T>
QString fieldText(const std::optional<T>& value) {
    return value ? numberText(*value) : QString();
}

// A number of the tuning for the hints and the history: "provider default" when it is not sent.
template <typename T>
QString orDefault(const std::optional<T>& value) {
    return value ? numberText(*value) : AgentsModel::tr("provider default");
}

QStringList toolNames(const AgentRow& agent) {
    QStringList names;
    names.reserve(agent.tools.size());
    for (const AgentToolRow& tool : agent.tools)
        names.append(tool.name);
    return names;
}

// Whether allowed holds every tool the agent has (and it has some).
bool allTools(const QStringList& allowed, const AgentRow& agent) {
    if (agent.tools.isEmpty())
        return false;
    for (const AgentToolRow& tool : agent.tools) {
        if (!allowed.contains(tool.name))
            return false;
    }
    return true;
}

// The tuning as the source stores it: the built-in prompt's text as "built in" (nullopt), a
// list of every tool the agent has as "every tool" (nullopt).
AgentProfile normalized(AgentProfile profile, const AgentRow& agent) {
    if (profile.systemPrompt && *profile.systemPrompt == agent.builtInPrompt)
        profile.systemPrompt.reset();
    if (profile.tools && allTools(*profile.tools, agent))
        profile.tools.reset();
    return profile;
}

bool isCustomized(const AgentRow& agent) {
    return !normalized(agent.profile, agent).sameTuning(AgentProfile::builtIn(agent.role));
}

QString settingsModelTextOf(const AgentRow& agent) {
    if (agent.settingsModel.isEmpty())
        return AgentsModel::tr("the settings' model");
    if (agent.settingsModelVariable.isEmpty())
        return agent.settingsModel;
    return AgentsModel::tr("%1 (from %2)").arg(agent.settingsModel, agent.settingsModelVariable);
}

QString modelTextOf(const AgentRow& agent) {
    return agent.profile.model.isEmpty() ? settingsModelTextOf(agent) : agent.profile.model;
}

// A model of the history: its name, or that the settings chose it.
QString modelName(const QString& model) {
    return model.isEmpty() ? AgentsModel::tr("the settings' model") : model;
}

QString whenText(const QDateTime& when) {
    return when.isValid() ? QLocale().toString(when.toLocalTime(), QLocale::ShortFormat)
                          : QString();
}

Error invalid(const QString& message) {
    return Error{u"invalid_argument"_s, message};
}

// The temperature field: nullopt when it is empty (not sent).
Result<std::optional<double>> parseTemperature(const QString& text) {
    const QString typed = text.trimmed();
    if (typed.isEmpty())
        return std::optional<double>();
    bool ok = false;
    double value = fieldLocale().toDouble(typed, &ok);
    if (!ok)
        value = QLocale::c().toDouble(typed, &ok);
    if (!ok || !std::isfinite(value)) {
        return invalid(AgentsModel::tr("The temperature \"%1\" is not a number. Write one from 0 "
                                       "to 2, such as 0.2, or leave the field empty for the "
                                       "provider's default.")
                           .arg(typed));
    }
    return std::optional<double>(value);
}

// The max tokens field: nullopt when it is empty (not sent).
Result<std::optional<int>> parseMaxTokens(const QString& text) {
    const QString typed = text.trimmed();
    if (typed.isEmpty())
        return std::optional<int>();
    bool ok = false;
    int value = fieldLocale().toInt(typed, &ok);
    if (!ok)
        value = QLocale::c().toInt(typed, &ok);
    if (!ok) {
        return invalid(AgentsModel::tr("Max tokens \"%1\" is not a whole number. Write one such "
                                       "as 2000, or leave the field empty for the provider's "
                                       "default.")
                           .arg(typed));
    }
    return std::optional<int>(value);
}

// The tools of a save: "every tool" (nullopt) when allowed holds all the agent has, else the
// list (in the agent's order; a name it does not have is kept for the source to refuse).
std::optional<QStringList> toolsChoice(const QStringList& allowed, const AgentRow& agent) {
    if (!agent.usesTools)
        return std::nullopt;
    if (agent.tools.isEmpty())
        return agent.profile.tools;  // its tools are not known here: the choice stays
    if (allTools(allowed, agent))
        return std::nullopt;
    QStringList chosen;
    for (const AgentToolRow& tool : agent.tools) {
        if (allowed.contains(tool.name))
            chosen.append(tool.name);
    }
    for (const QString& name : allowed) {
        if (!chosen.contains(name))
            chosen.append(name);
    }
    return chosen;
}

}  // namespace

AgentsModel::AgentsModel(AgentsSource* source, QObject* parent, FirstLoad firstLoad)
    : QAbstractListModel(parent), m_source(source) {
    if (!m_source)
        return;
    // Not before the first load: that reads everything anyway.
    connect(m_source, &AgentsSource::changed, this, [this] {
        if (m_loaded)
            reload();
    });
    if (firstLoad == FirstLoad::Now)
        reload();
}

AgentsModel::~AgentsModel() = default;

void AgentsModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

int AgentsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant AgentsModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, roles());
}

QHash<int, QByteArray> AgentsModel::roleNames() const {
    return roles().names();
}

const RoleTable<AgentRow>& AgentsModel::roles() {
    static const RoleTable<AgentRow> table{
        {RoleRole, "role", [](const AgentRow& a) { return statusName(a.role); }},
        {TitleRole, "title", [](const AgentRow& a) { return titleOf(a.role); }},
        {Qt::DisplayRole, nullptr, [](const AgentRow& a) { return titleOf(a.role); }},
        {BlurbRole, "blurb", [](const AgentRow& a) { return blurbOf(a.role); }},
        {VersionRole, "version", [](const AgentRow& a) { return a.profile.version; }},
        {CustomizedRole, "customized", [](const AgentRow& a) { return isCustomized(a); }},
        {ModelNameRole, "modelName", [](const AgentRow& a) { return modelTextOf(a); }},
        {ModelFromSettingsRole, "modelFromSettings",
         [](const AgentRow& a) { return a.profile.model.isEmpty(); }},
    };
    return table;
}

QString AgentsModel::titleOf(AgentRole role) {
    switch (role) {
        case AgentRole::Supervisor:
            return tr("Supervisor");
        case AgentRole::Quick:
            return tr("Quick path");
        case AgentRole::Worker:
            return tr("Worker");
        case AgentRole::Decider:
            return tr("Decider");
        case AgentRole::Summary:
            return tr("Summary");
    }
    return {};
}

QString AgentsModel::blurbOf(AgentRole role) {
    switch (role) {
        case AgentRole::Supervisor:
            return tr(
                "Jarvis itself: answers you, plans the work, starts workers for it and "
                "remembers what matters.");
        case AgentRole::Quick:
            return tr(
                "Answers small questions at once and hands anything that needs work on "
                "your systems to the supervisor.");
        case AgentRole::Worker:
            return tr(
                "Carries out one task on your hosts with its tools and reports what it "
                "found.");
        case AgentRole::Decider:
            return tr(
                "Watches a running worker for the supervisor and decides whether to wait, "
                "stop it with its findings, or cancel it.");
        case AgentRole::Summary:
            return tr(
                "Writes the one-line summary of a finished worker's result that the lists "
                "show.");
    }
    return {};
}

// ---- reading ----

void AgentsModel::reload() {
    if (!m_source)
        return;
    m_loaded = true;
    m_source->list(this, m_reloads.newestOnly([this](const Result<QList<AgentRow>>& rows) {
        if (!rows) {
            setLoadError(tr("Could not read the agents: %1").arg(rows.error().message));
            return;
        }
        apply(rows.value());
    }));
}

void AgentsModel::apply(const QList<AgentRow>& rows) {
    setLoadError(QString());
    const int before = count();
    bool sameAgents = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameAgents && i < rows.size(); ++i)
        sameAgents = rows.at(i).role == m_rows.at(i).role;
    if (sameAgents) {
        // The same five agents: changed in place, so that the list keeps its current row.
        m_rows = rows;
        announceAllRows(*this);
    } else {
        beginResetModel();
        m_rows = rows;
        endResetModel();
    }
    if (before != count())
        Q_EMIT countChanged();
    if (m_selected && indexOfRow(m_rows, *m_selected, &AgentRow::role) < 0)
        m_selected.reset();
    if (!m_selected && !m_rows.isEmpty())
        m_selected = m_rows.constFirst().role;
    announceSelection();
}

void AgentsModel::applyRow(const AgentRow& agent) {
    const int i = indexOfRow(m_rows, agent.role, &AgentRow::role);
    if (i < 0)
        return;
    m_rows[i] = agent;
    Q_EMIT dataChanged(index(i), index(i));
    if (m_selected == agent.role)
        announceSelection();
}

void AgentsModel::announceSelection() {
    Q_EMIT selectedChanged();
    const AgentRow* agent = selected();
    const std::optional<AgentRole> role =
        agent ? std::optional<AgentRole>(agent->role) : std::nullopt;
    const int version = agent ? agent->profile.version : -1;
    if (role != m_formRole || version != m_formVersion) {
        m_formRole = role;
        m_formVersion = version;
        Q_EMIT formChanged();
    }
}

void AgentsModel::retranslate() {
    announceAllRows(*this);
    Q_EMIT selectedChanged();
}

void AgentsModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

void AgentsModel::setMessage(const QString& error, const QString& notice) {
    if (m_error == error && m_notice == notice)
        return;
    m_error = error;
    m_notice = notice;
    Q_EMIT messageChanged();
}

void AgentsModel::setBusy(bool busy) {
    if (assignIfDifferent(m_busy, busy))
        Q_EMIT busyChanged();
}

// ---- the selected agent ----

void AgentsModel::select(int row) {
    const std::optional<AgentRole> role =
        row >= 0 && row < count() ? std::optional<AgentRole>(m_rows.at(row).role) : std::nullopt;
    if (role == m_selected)
        return;
    m_selected = role;
    // What a save of the agent shown before says is no longer what the page shows.
    m_actions.dropAnswers();
    setBusy(false);
    setMessage(QString(), QString());
    announceSelection();
}

const AgentRow* AgentsModel::selected() const {
    if (!m_selected)
        return nullptr;
    const int i = indexOfRow(m_rows, *m_selected, &AgentRow::role);
    return i >= 0 ? &m_rows.at(i) : nullptr;
}

int AgentsModel::selectedRow() const {
    return m_selected ? indexOfRow(m_rows, *m_selected, &AgentRow::role) : -1;
}

QString AgentsModel::selectedRole() const {
    const AgentRow* a = selected();
    return a ? statusName(a->role) : QString();
}

QString AgentsModel::selectedTitle() const {
    const AgentRow* a = selected();
    return a ? titleOf(a->role) : QString();
}

QString AgentsModel::selectedBlurb() const {
    const AgentRow* a = selected();
    return a ? blurbOf(a->role) : QString();
}

int AgentsModel::selectedVersion() const {
    const AgentRow* a = selected();
    return a ? a->profile.version : 0;
}

bool AgentsModel::selectedCustomized() const {
    const AgentRow* a = selected();
    return a && isCustomized(*a);
}

QString AgentsModel::promptText() const {
    const AgentRow* a = selected();
    return a ? a->profile.systemPrompt.value_or(a->builtInPrompt) : QString();
}

QString AgentsModel::builtInPrompt() const {
    const AgentRow* a = selected();
    return a ? a->builtInPrompt : QString();
}

bool AgentsModel::promptIsBuiltIn() const {
    const AgentRow* a = selected();
    return a && !normalized(a->profile, *a).systemPrompt;
}

QString AgentsModel::model() const {
    const AgentRow* a = selected();
    return a ? a->profile.model : QString();
}

QString AgentsModel::settingsModel() const {
    const AgentRow* a = selected();
    return a ? a->settingsModel : QString();
}

QString AgentsModel::settingsModelVariable() const {
    const AgentRow* a = selected();
    return a ? a->settingsModelVariable : QString();
}

QString AgentsModel::settingsModelText() const {
    const AgentRow* a = selected();
    return a ? settingsModelTextOf(*a) : QString();
}

QVariant AgentsModel::temperature() const {
    const AgentRow* a = selected();
    return a ? variantOf(a->profile.temperature) : QVariant();
}

QVariant AgentsModel::maxTokens() const {
    const AgentRow* a = selected();
    return a ? variantOf(a->profile.maxTokens) : QVariant();
}

QString AgentsModel::temperatureText() const {
    const AgentRow* a = selected();
    return a ? fieldText(a->profile.temperature) : QString();
}

QString AgentsModel::maxTokensText() const {
    const AgentRow* a = selected();
    return a ? fieldText(a->profile.maxTokens) : QString();
}

QVariant AgentsModel::builtInTemperature() const {
    const AgentRow* a = selected();
    return a ? variantOf(AgentProfile::builtIn(a->role).temperature) : QVariant();
}

QVariant AgentsModel::builtInMaxTokens() const {
    const AgentRow* a = selected();
    return a ? variantOf(AgentProfile::builtIn(a->role).maxTokens) : QVariant();
}

QString AgentsModel::builtInTemperatureText() const {
    const AgentRow* a = selected();
    return a ? orDefault(AgentProfile::builtIn(a->role).temperature) : QString();
}

QString AgentsModel::builtInMaxTokensText() const {
    const AgentRow* a = selected();
    return a ? orDefault(AgentProfile::builtIn(a->role).maxTokens) : QString();
}

bool AgentsModel::usesTools() const {
    const AgentRow* a = selected();
    return a && a->usesTools;
}

QVariantList AgentsModel::tools() const {
    const AgentRow* a = selected();
    if (!a || !a->usesTools)
        return {};
    QVariantList out;
    out.reserve(a->tools.size());
    for (const AgentToolRow& tool : a->tools) {
        const bool required = a->requiredTools.contains(tool.name);
        out.append(QVariantMap{{u"name"_s, tool.name},
                               {u"description"_s, tool.description},
                               {u"allowed"_s, required || a->profile.allows(tool.name)},
                               {u"required"_s, required}});
    }
    return out;
}

QVariantList AgentsModel::history() const {
    const AgentRow* a = selected();
    if (!a)
        return {};
    QVariantList out;
    out.reserve(a->history.size());
    for (qsizetype i = 0; i < a->history.size(); ++i) {
        const AgentProfile& version = a->history.at(i);
        QString change;
        if (i + 1 < a->history.size())
            change = changeText(a->history.at(i + 1), version, *a);
        else if (version.version <= 1)
            change = changeText(AgentProfile::builtIn(version.role), version, *a);
        else  // the version before it is older than the versions listed
            change = tr("changes against version %1 not listed").arg(version.version - 1);
        out.append(QVariantMap{{u"version"_s, version.version},
                               {u"changedBy"_s, version.changedBy},
                               {u"changedAt"_s, whenText(version.changedAt)},
                               {u"change"_s, change}});
    }
    return out;
}

QString AgentsModel::changeText(const AgentProfile& before, const AgentProfile& after,
                                const AgentRow& agent) {
    const AgentProfile was = normalized(before, agent);
    const AgentProfile now = normalized(after, agent);
    QStringList parts;
    if (was.systemPrompt != now.systemPrompt)
        parts.append(now.systemPrompt ? tr("prompt edited") : tr("prompt reset to built-in"));
    if (was.model != now.model)
        parts.append(tr("model %1 → %2").arg(modelName(was.model), modelName(now.model)));
    if (was.temperature != now.temperature) {
        parts.append(
            tr("temperature %1 → %2").arg(orDefault(was.temperature), orDefault(now.temperature)));
    }
    if (was.maxTokens != now.maxTokens) {
        parts.append(
            tr("max tokens %1 → %2").arg(orDefault(was.maxTokens), orDefault(now.maxTokens)));
    }
    if (was.tools != now.tools) {
        const QStringList all = toolNames(agent);
        if ((!was.tools || !now.tools) && all.isEmpty()) {
            // "Every tool" of an agent whose tools are not known here.
            parts.append(now.tools ? tr("tools: only %1").arg(now.tools->join(u", "_s))
                                   : tr("tools: all"));
        } else {
            const QStringList from = was.tools.value_or(all);
            const QStringList to = now.tools.value_or(all);
            QStringList changes;
            for (const QString& name : from) {
                if (!to.contains(name))
                    changes.append(u"−"_s + name);
            }
            for (const QString& name : to) {
                if (!from.contains(name))
                    changes.append(u"+"_s + name);
            }
            if (!changes.isEmpty())
                parts.append(tr("tools: %1").arg(changes.join(u", "_s)));
        }
    }
    return parts.isEmpty() ? tr("no change") : parts.join(u", "_s);
}

// ---- actions ----

void AgentsModel::act(
    const std::function<void(SourceReply<AgentRow>)>& request,
    const std::function<QString(const AgentRow& before, const AgentRow& after)>& noticeOf) {
    const AgentRow* agent = selected();
    if (!m_source || !agent)
        return;
    const AgentRow before = *agent;
    setBusy(true);
    setMessage(QString(), QString());
    // A newer save or reset (or another agent selected) drops this answer.
    request(m_actions.newestOnly([this, before, noticeOf](const Result<AgentRow>& answer) {
        setBusy(false);
        if (!answer) {
            setMessage(answer.error().message, QString());
            return;
        }
        applyRow(answer.value());
        setMessage(QString(), noticeOf(before, answer.value()));
    }));
}

void AgentsModel::save(const QString& promptText, const QString& model,
                       const QString& temperatureText, const QString& maxTokensText,
                       const QStringList& allowedTools) {
    const AgentRow* agent = selected();
    if (!m_source || !agent)
        return;
    const Result<std::optional<double>> temperature = parseTemperature(temperatureText);
    if (!temperature)
        return setMessage(temperature.error().message, QString());
    const Result<std::optional<int>> maxTokens = parseMaxTokens(maxTokensText);
    if (!maxTokens)
        return setMessage(maxTokens.error().message, QString());
    AgentProfile tuning;
    tuning.role = agent->role;
    if (promptText != agent->builtInPrompt)
        tuning.systemPrompt = promptText;
    tuning.model = model.trimmed();
    tuning.temperature = temperature.value();
    tuning.maxTokens = maxTokens.value();
    tuning.tools = toolsChoice(allowedTools, *agent);
    act(
        [this, tuning](SourceReply<AgentRow> done) {
            m_source->save(tuning, QString(), this, std::move(done));
        },
        [](const AgentRow& before, const AgentRow& after) {
            if (after.profile.version == before.profile.version) {
                return tr("Nothing to save: version %1 already has this tuning.")
                    .arg(after.profile.version);
            }
            return tr("Saved as version %1. The next request uses it.").arg(after.profile.version);
        });
}

void AgentsModel::resetToBuiltIn() {
    const AgentRow* agent = selected();
    if (!m_source || !agent)
        return;
    const AgentRole role = agent->role;
    act(
        [this, role](SourceReply<AgentRow> done) {
            m_source->reset(role, QString(), this, std::move(done));
        },
        [](const AgentRow& before, const AgentRow& after) {
            if (after.profile.version == before.profile.version)
                return tr("Nothing to reset: the agent already has its built-in tuning.");
            return tr("Reset to the built-in tuning as version %1. The next request uses it.")
                .arg(after.profile.version);
        });
}

QString AgentsModel::promptDiffHtml(const QString& edited, const QString& addedColor,
                                    const QString& removedColor) const {
    const AgentRow* agent = selected();
    const QString from = agent ? agent->builtInPrompt : QString();
    const QString added = addedColor.toHtmlEscaped();
    const QString removed = removedColor.toHtmlEscaped();
    // pre-wrap keeps runs of spaces; line breaks become <br/>.
    QString html = u"<div style=\"white-space: pre-wrap;\">"_s;
    for (const DiffPiece& piece : wordDiff(from, edited)) {
        const QString text = piece.text.toHtmlEscaped().replace(u'\n', u"<br/>"_s);
        switch (piece.kind) {
            case DiffPiece::Kind::Same:
                html += text;
                break;
            case DiffPiece::Kind::Added:
                html += u"<span style=\"background-color:%1;\">%2</span>"_s.arg(added, text);
                break;
            case DiffPiece::Kind::Removed:
                html +=
                    u"<span style=\"background-color:%1;\"><s>%2</s></span>"_s.arg(removed, text);
                break;
        }
    }
    html += u"</div>"_s;
    return html;
}

}  // namespace zerg
