#pragma once

#include "dashboard/agents_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantList>

#include <functional>
#include <optional>

namespace zerg {

// Dashboard › Agents (QML singleton `Agents`): the five agents (supervisor, quick path, worker,
// decider, summary) with their tuning, and the selected agent's form. Reads and saves only
// through an AgentsSource (this process's AgentProfileStore, or a `zerg serve`'s); without one
// (`available` false) the page says that agents cannot be tuned here.
//
// The page holds no logic: it shows the selected agent's properties, fills its fields when
// formChanged() says so (another agent selected, or the agent's tuning became a new version),
// and calls save() with what the user typed. The model parses the numbers, decides whether the
// tools are "all" (nullopt) or a list, and says what is wrong in `error` (its own message for a
// field that is not a number, else the source's, which says what to change); `notice` says what
// a save or a reset did. An answer to a request older than the newest of its kind is dropped.
// The list is read again when the source announces a change.
class AgentsModel : public QAbstractListModel, public QmlInstance<AgentsModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Agents)
    QML_SINGLETON
    // Whether agents can be tuned here (there is a source).
    Q_PROPERTY(bool available READ available CONSTANT FINAL)
    // Non-empty when the agents could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // A save or a reset waits for its answer.
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)
    // What is wrong with the last save or reset ("" after one that succeeded), and what the last
    // one that succeeded did.
    Q_PROPERTY(QString error READ error NOTIFY messageChanged FINAL)
    Q_PROPERTY(QString notice READ notice NOTIFY messageChanged FINAL)

    // ---- the selected agent (all "" / false / empty while none is) ----
    Q_PROPERTY(int selectedRow READ selectedRow NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString selectedRole READ selectedRole NOTIFY selectedChanged FINAL)  // AgentRole
    Q_PROPERTY(QString selectedTitle READ selectedTitle NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString selectedBlurb READ selectedBlurb NOTIFY selectedChanged FINAL)
    Q_PROPERTY(int selectedVersion READ selectedVersion NOTIFY selectedChanged FINAL)
    Q_PROPERTY(bool selectedCustomized READ selectedCustomized NOTIFY selectedChanged FINAL)
    // The prompt that applies (its own, or the built-in one), the built-in one, and which it is.
    Q_PROPERTY(QString promptText READ promptText NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString builtInPrompt READ builtInPrompt NOTIFY selectedChanged FINAL)
    Q_PROPERTY(bool promptIsBuiltIn READ promptIsBuiltIn NOTIFY selectedChanged FINAL)
    // The tuning's model ("": the settings'), the settings' model for the role and the variable
    // that chose it, and both as one text for the field's placeholder ("gpt-4o (from ZERG_MODEL)").
    Q_PROPERTY(QString model READ model NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString settingsModel READ settingsModel NOTIFY selectedChanged FINAL)
    Q_PROPERTY(
        QString settingsModelVariable READ settingsModelVariable NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString settingsModelText READ settingsModelText NOTIFY selectedChanged FINAL)
    // The tuning's numbers: undefined when not sent (the provider's default applies); as text
    // for the fields ("" when not sent); the built-in tuning's, and as text for the hints
    // ("provider default" when not sent).
    Q_PROPERTY(QVariant temperature READ temperature NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariant maxTokens READ maxTokens NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString temperatureText READ temperatureText NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString maxTokensText READ maxTokensText NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariant builtInTemperature READ builtInTemperature NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariant builtInMaxTokens READ builtInMaxTokens NOTIFY selectedChanged FINAL)
    Q_PROPERTY(
        QString builtInTemperatureText READ builtInTemperatureText NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QString builtInMaxTokensText READ builtInMaxTokensText NOTIFY selectedChanged FINAL)
    // Whether the agent uses tools (the decider and the summary agent do not), and its tools:
    // [{name, description, allowed, required}] (a required one cannot be taken away).
    Q_PROPERTY(bool usesTools READ usesTools NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariantList tools READ tools NOTIFY selectedChanged FINAL)
    // Its versions, newest first: [{version, changedBy, changedAt (local time, as text), change
    // (what changed against the version before it, translated)}].
    Q_PROPERTY(QVariantList history READ history NOTIFY selectedChanged FINAL)

public:
    enum Roles {
        RoleRole = Qt::UserRole + 1,  // AgentRole's word: supervisor, quick, worker, …
        TitleRole,                    // "Supervisor", "Quick path", … (translated)
        BlurbRole,                    // what the agent does, one translated sentence
        VersionRole,                  // its tuning's version (0: never changed)
        CustomizedRole,               // its tuning differs from the built-in one
        ModelNameRole,                // the model it uses: its own, or "gpt-4o (from ZERG_MODEL)"
        ModelFromSettingsRole,        // it has no model of its own
    };
    Q_ENUM(Roles)

    // Reads the agents at once, or first in ensureLoaded() (FirstLoad). source (null: agents
    // cannot be tuned here) must outlive this.
    explicit AgentsModel(AgentsSource* source, QObject* parent = nullptr,
                         FirstLoad firstLoad = FirstLoad::Now);
    ~AgentsModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] bool available() const { return m_source != nullptr; }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool loaded() const { return m_loaded; }
    [[nodiscard]] bool busy() const { return m_busy; }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] QString notice() const { return m_notice; }

    [[nodiscard]] int selectedRow() const;
    [[nodiscard]] QString selectedRole() const;
    [[nodiscard]] QString selectedTitle() const;
    [[nodiscard]] QString selectedBlurb() const;
    [[nodiscard]] int selectedVersion() const;
    [[nodiscard]] bool selectedCustomized() const;
    [[nodiscard]] QString promptText() const;
    [[nodiscard]] QString builtInPrompt() const;
    [[nodiscard]] bool promptIsBuiltIn() const;
    [[nodiscard]] QString model() const;
    [[nodiscard]] QString settingsModel() const;
    [[nodiscard]] QString settingsModelVariable() const;
    [[nodiscard]] QString settingsModelText() const;
    [[nodiscard]] QVariant temperature() const;
    [[nodiscard]] QVariant maxTokens() const;
    [[nodiscard]] QString temperatureText() const;
    [[nodiscard]] QString maxTokensText() const;
    [[nodiscard]] QVariant builtInTemperature() const;
    [[nodiscard]] QVariant builtInMaxTokens() const;
    [[nodiscard]] QString builtInTemperatureText() const;
    [[nodiscard]] QString builtInMaxTokensText() const;
    [[nodiscard]] bool usesTools() const;
    [[nodiscard]] QVariantList tools() const;
    [[nodiscard]] QVariantList history() const;

    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    Q_INVOKABLE void reload();
    // After the user interface's language changed: every text given again.
    void retranslate();

    // Selects the agent of row (an unknown row: none); its form is filled again (formChanged).
    Q_INVOKABLE void select(int row);

    // Saves the selected agent's form as its next version. temperatureText and maxTokensText
    // empty: not sent; a text that is not a number is refused here (error), nothing is sent.
    // allowedTools: the tools left checked; when they are all the agent has, it gets "every
    // tool" (MCP servers' tools added later too).
    Q_INVOKABLE void save(const QString& promptText, const QString& model,
                          const QString& temperatureText, const QString& maxTokensText,
                          const QStringList& allowedTools);
    // Saves the built-in tuning as the selected agent's next version.
    Q_INVOKABLE void resetToBuiltIn();

    // The word diff of the built-in prompt against edited as rich text (HTML): the text escaped,
    // added words on addedColor, removed ones struck through on removedColor (CSS colours such
    // as "#d7f5dd"). Line breaks kept.
    Q_INVOKABLE QString promptDiffHtml(const QString& edited, const QString& addedColor,
                                       const QString& removedColor) const;

    // What changed from before to after (an agent's version against the one before it; the
    // first version against AgentProfile::builtIn), for the history: "prompt edited, temperature
    // 0.7 → 0.2"; "no change" when nothing did. agent gives the tools "every tool" stands for.
    [[nodiscard]] static QString changeText(const AgentProfile& before, const AgentProfile& after,
                                            const AgentRow& agent);
    // The agent's title and what it does, translated.
    [[nodiscard]] static QString titleOf(AgentRole role);
    [[nodiscard]] static QString blurbOf(AgentRole role);

Q_SIGNALS:
    void loadErrorChanged();
    void countChanged();
    void busyChanged();
    void messageChanged();
    // Anything the selected agent's properties show may have changed.
    void selectedChanged();
    // The form is to be filled again from the properties: another agent was selected, or the
    // selected agent's tuning is a new version (saved here or elsewhere).
    void formChanged();

private:
    // data() and roleNames(): the roles of a row, which need nothing but the row.
    [[nodiscard]] static const RoleTable<AgentRow>& roles();

    void apply(const QList<AgentRow>& rows);
    // Replaces the row of agent's role with agent (a save's or a reset's answer).
    void applyRow(const AgentRow& agent);
    [[nodiscard]] const AgentRow* selected() const;
    void setLoadError(const QString& message);
    void setMessage(const QString& error, const QString& notice);
    void setBusy(bool busy);
    // Sends a save or a reset: done with the agent as it is then, noticeOf what to say then.
    void act(const std::function<void(SourceReply<AgentRow>)>& request,
             const std::function<QString(const AgentRow& before, const AgentRow& after)>& noticeOf);
    // Emits selectedChanged, and formChanged when the selected agent or its version changed.
    void announceSelection();

    AgentsSource* m_source;
    QList<AgentRow> m_rows;  // in AgentRole's order
    bool m_loaded = false;
    QString m_loadError;
    NewestRequest m_reloads;
    NewestRequest m_actions;  // saves and resets
    bool m_busy = false;
    QString m_error;
    QString m_notice;
    std::optional<AgentRole> m_selected;
    // What the form was last filled from: the agent and its version.
    std::optional<AgentRole> m_formRole;
    int m_formVersion = -1;
};

}  // namespace zerg
