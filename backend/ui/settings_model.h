#pragma once

#include "core/secret_store.h"
#include "core/settings.h"
#include "dashboard/doctor.h"
#include "ui/autostart.h"
#include "ui/model_picker.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"
#include "voice/microphone.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>
#include <QPointer>
#include <QStringList>
#include <QVariantList>

#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace zerg {

class Clock;
struct ProviderKind;

// The dashboard's Settings page and the first-run setup card (QML singleton `AppSettings`).
// One row per editable setting (llm::settingFields(): Settings::fields() with the provider's
// choices from the provider registry) plus the secrets (API key, SMTP password,
// webhook URL), in page order with section headers. setValue() validates and writes to the
// QSettings keys Settings::load() reads; a setting its ZERG_* variable overrides is shown with
// that variable and refused. Secrets are write-only: rows say where they are stored, never what.
// The backend is built once at start, so most changes apply after a restart (restartNeeded);
// the theme and the language apply at once (themeChanged, languageChanged: the app switches),
// and so do the roles' models (modelsChanged: the next request uses them).
class SettingsModel : public QAbstractListModel, public QmlInstance<SettingsModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(AppSettings)
    QML_SINGLETON
    Q_PROPERTY(int count READ count CONSTANT FINAL)
    Q_PROPERTY(bool restartNeeded READ restartNeeded NOTIFY restartNeededChanged FINAL)
    // system | light | dark: the saved theme (or ZERG_THEME's).
    Q_PROPERTY(QString theme READ theme NOTIFY themeChanged FINAL)
    // system | en | de: the saved user interface language (or ZERG_LANGUAGE's).
    Q_PROPERTY(QString language READ language NOTIFY languageChanged FINAL)
    // Where setSecret() puts secrets: "the system keychain" or "file … (readable by you only)".
    Q_PROPERTY(QString secretLocation READ secretLocation CONSTANT FINAL)
    // The local shell's sandbox as `zerg doctor` sees it (Doctor::sandboxCheck): what runs
    // shell_exec's commands and, when it cannot, why and what to do. Checked on first read.
    Q_PROPERTY(QString sandboxState READ sandboxState CONSTANT FINAL)
    Q_PROPERTY(bool sandboxOk READ sandboxOk CONSTANT FINAL)
    // The first-run setup: after a use*() call, its error (empty on success) and whether it saved.
    Q_PROPERTY(QString setupError READ setupError NOTIFY setupChanged FINAL)
    Q_PROPERTY(bool setupSaved READ setupSaved NOTIFY setupChanged FINAL)
    // The provider registry's kinds for the setup card, in its order: [{id, label (the service
    // at the default URL: "OpenAI"), settingsLabel ("OpenAI-compatible"), description,
    // defaultBaseUrl, defaultModel, needsApiKey, keyPlaceholder}]; texts in the current language.
    Q_PROPERTY(QVariantList providers READ providers NOTIFY providersChanged FINAL)
    // Settings › Desktop: Zerg starts in the background when the user logs in (Autostart), and
    // the last switch's error ("" when it worked).
    Q_PROPERTY(bool autostart READ autostart NOTIFY autostartChanged FINAL)
    Q_PROPERTY(QString autostartError READ autostartError NOTIFY autostartChanged FINAL)
    Q_PROPERTY(QString autostartPath READ autostartPath CONSTANT FINAL)

public:
    enum Roles {
        KeyRole = Qt::UserRole + 1,  // the QSettings key; "secret/<name>" for secrets
        SectionRole,                 // provider | roundabout | xo | budgets | ...
        SectionTitleRole,            // "Provider and models", …
        SectionStartRole,            // true on the first row of a section
        LabelRole,
        HelpRole,
        ControlRole,       // text | spin | switch | combo | secret | readonly: what QML shows
        ValueRole,         // QString, qlonglong, double or bool; for secrets the status text
        DefaultValueRole,  // the built-in default as text ("" when none)
        ChoicesRole,       // combo: the stored values
        ChoiceLabelsRole,  // combo: what the user reads
        MinimumRole,       // spin
        MaximumRole,
        EnvOverrideRole,   // the ZERG_* variable that wins over this row, or ""
        EnvNoteRole,       // the sentence the page shows for it
        EditableRole,      // false when overridden by the environment or read-only
        ErrorRole,         // the last validation or save error of this row, or ""
        SecretNameRole,    // secrets: the name setSecret() takes
        SecretStoredRole,  // secrets: whether one is stored
        ModelRoleRole,     // a model setting: the role it picks for (ModelRole's word); else ""
    };
    Q_ENUM(Roles)

    // effective: the settings the running backend was built from (Settings::load() at start);
    // they give the values shown and tell what needs a restart. nam and clock (for the model
    // picker) must outlive the model; without them it makes its own.
    SettingsModel(const Settings& effective, QNetworkAccessManager* nam, Clock* clock,
                  QObject* parent = nullptr);
    explicit SettingsModel(const Settings& effective, QObject* parent = nullptr);
    ~SettingsModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool restartNeeded() const { return m_restartNeeded; }
    [[nodiscard]] QString theme() const;
    [[nodiscard]] QString language() const;
    [[nodiscard]] QString secretLocation() const;
    [[nodiscard]] QString sandboxState() const;
    [[nodiscard]] bool sandboxOk() const;
    [[nodiscard]] QString setupError() const { return m_setupError; }
    [[nodiscard]] bool setupSaved() const { return m_setupSaved; }
    [[nodiscard]] static QVariantList providers();
    // The models the model rows and the setup card offer (QML singleton `ModelPicker`); a model
    // it knows cannot call tools is refused for the roles that need them.
    [[nodiscard]] ModelPicker& picker() { return *m_picker; }
    [[nodiscard]] bool autostart() const { return m_autostart.isEnabled(); }
    [[nodiscard]] QString autostartError() const { return m_autostartError; }
    [[nodiscard]] QString autostartPath() const { return m_autostart.entryPath(); }
    // Where the autostart entry goes (tests: a temp folder). Default: Autostart::forThisUser().
    void useAutostart(Autostart autostart) { m_autostart = std::move(autostart); }

    // The computer's microphones for Settings › Voice › Microphone (the app: the plug-in's list,
    // read when the row is first shown). Without it the row is a text field for the id.
    using DeviceLister = std::function<QList<Microphone::Device>()>;
    void setDeviceLister(DeviceLister lister);

    // The row of a key ("llm/model", "secret/smtp_password"), or -1.
    [[nodiscard]] int rowOf(const QString& key) const;
    // The value shown for key (never a secret's value).
    Q_INVOKABLE QVariant valueOf(const QString& key) const;
    // The row's current error, or "".
    Q_INVOKABLE QString errorOf(const QString& key) const;

    // Validates and saves; on failure the row's error says why and nothing is written. An empty
    // text value goes back to the default. Refused for rows the environment overrides, and for a
    // model setting when the picker knows the model cannot call tools and the role needs them.
    Q_INVOKABLE bool setValue(const QString& key, const QVariant& value);
    // Stores a secret (the provider's API key, "smtp_password", "webhook_url"); an empty value
    // removes it. The value is never kept by the model.
    Q_INVOKABLE bool setSecret(const QString& name, const QString& value);

    // The first-run choices: validate, save provider, base URL and model (and the key), then a
    // restart connects. Without a key, a stored OpenAI-compatible key is removed so that it is
    // never sent to a different server. A model the picker knows cannot call tools is refused
    // (it would be the supervisor's). On failure setupError says why.
    Q_INVOKABLE bool useOllama(const QString& url, const QString& model);
    // A provider kind of the registry at its default base URL (the hosted service); an empty
    // model is its default model.
    Q_INVOKABLE bool useProvider(const QString& id, const QString& apiKey, const QString& model);
    Q_INVOKABLE bool useCustom(const QString& baseUrl, const QString& apiKey, const QString& model);

    // The "Restart now" buttons: emits restartRequested() for the app to act on.
    Q_INVOKABLE void requestRestart();
    // Writes or removes the login entry; on failure autostartError says why.
    Q_INVOKABLE bool setAutostart(bool enabled);

    // After the user interface's language changed: every row's texts again (labels, help, section
    // titles, choices) and the providers, read in the new language.
    void retranslate();

Q_SIGNALS:
    void restartNeededChanged();
    void themeChanged(const QString& theme);
    void languageChanged(const QString& language);
    void setupChanged();
    void providersChanged();
    void restartRequested();
    void autostartChanged();
    // A role's model was saved (SettingField::roleModel): the app applies the models at once
    // (Backend::applyModels with Settings::load()).
    void modelsChanged();

private:
    // Doctor::sandboxCheck, made on first read (it starts bwrap once).
    [[nodiscard]] const DoctorCheck& sandbox() const;
    mutable std::optional<DoctorCheck> m_sandbox;

    struct Row {
        QString key;
        const SettingField* field = nullptr;  // null for secrets
        QString secretName;
        QString secretEnv;  // the variable that wins over the secret, or ""
        bool secretStored = false;
        QVariant value;
        QString error;
        QString section;            // the field's; a secret row's is that of the row above it
        bool sectionStart = false;  // the first row of its section
    };

    void addSecretRow(const QString& name, const QString& env, const QString& after);
    // The microphone row's choices: "" (the system's default) and the devices' ids, with the
    // stored one kept when it is not connected; empty when the row is not that one or no lister
    // is set. Labels alike.
    [[nodiscard]] QStringList deviceChoices(const Row& row) const;
    [[nodiscard]] QStringList deviceLabels(const Row& row) const;
    [[nodiscard]] const QList<Microphone::Device>& devices() const;
    [[nodiscard]] QString secretStatus(const Row& row) const;
    [[nodiscard]] QString envNote(const Row& row) const;
    [[nodiscard]] QString envOf(const Row& row) const;
    [[nodiscard]] QVariant defaultText(const Row& row) const;
    void refreshSecret(int row);
    void setRowError(int row, const QString& error);
    void updateRestartNeeded();
    void setSetupResult(const QString& error);
    bool applySetup(const ProviderKind& provider, const QString& baseUrl, const QString& model,
                    const QString& apiKey, bool keyRequired);

    Settings m_effective;
    SecretStore m_secrets;
    QList<Row> m_rows;
    bool m_secretChanged = false;
    bool m_restartNeeded = false;
    QString m_setupError;
    bool m_setupSaved = false;
    std::unique_ptr<ModelPicker> m_picker;
    QString m_ollamaUrl;
    Autostart m_autostart = Autostart::forThisUser();
    QString m_autostartError;
    DeviceLister m_deviceLister;
    mutable std::optional<QList<Microphone::Device>> m_devices;  // read when first shown
    const RoleTable<Row> m_roles;
};

}  // namespace zerg
