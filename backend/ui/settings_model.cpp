#include "ui/settings_model.h"

#include "llm/model_catalog.h"
#include "llm/provider_registry.h"
#include "ui/model_util.h"
#include "ui/role_table.h"

#include <QCoreApplication>
#include <QHash>
#include <QVariantMap>

#include <limits>

namespace zerg {
namespace {

using Kind = SettingField::Kind;

const QString kSecretPrefix = QStringLiteral("secret/");
const QString kApiKeyRow = QStringLiteral("secret/api_key");
const QString kProviderKey = QStringLiteral("llm/provider");
const QString kInputDeviceKey = QStringLiteral("voice/input_device");
const QString kBaseUrlKey = QStringLiteral("llm/base_url");
const QString kModelKey = QStringLiteral("llm/model");

QString fieldText(const char* text) {
    return QCoreApplication::translate("zerg::SettingField", text);
}

QString sectionTitle(const QString& section) {
    if (section == QLatin1String("provider"))
        return SettingsModel::tr("Provider and models");
    if (section == QLatin1String("roundabout"))
        return SettingsModel::tr("Roundabout");
    if (section == QLatin1String("xo"))
        return SettingsModel::tr("XO");
    if (section == QLatin1String("approvals"))
        return SettingsModel::tr("Approvals");
    if (section == QLatin1String("budgets"))
        return SettingsModel::tr("Budgets");
    if (section == QLatin1String("notifications"))
        return SettingsModel::tr("Notifications");
    if (section == QLatin1String("voice"))
        return SettingsModel::tr("Voice");
    if (section == QLatin1String("appearance"))
        return SettingsModel::tr("Appearance");
    if (section == QLatin1String("desktop"))
        return SettingsModel::tr("Desktop");
    if (section == QLatin1String("storage"))
        return SettingsModel::tr("Storage");
    if (section == QLatin1String("remote"))
        return SettingsModel::tr("Remote server");
    if (section == QLatin1String("server"))
        return SettingsModel::tr("Server mode (zerg serve)");
    return section;
}

// What the user reads for a combo's stored value: the provider registry's label for providers.
QString choiceLabel(const QString& key, const QString& value) {
    if (key == kProviderKey) {
        const ProviderKind* kind = llm::findProvider(value);
        return kind ? kind->labelText() : value;
    }
    static const QHash<QString, const char*> labels{
        {QStringLiteral("system"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "System")},
        {QStringLiteral("light"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Light")},
        {QStringLiteral("dark"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Dark")},
        {QStringLiteral("starttls"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "STARTTLS")},
        {QStringLiteral("implicit"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Implicit TLS")},
        {QStringLiteral("none"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "None (unencrypted)")},
        {QStringLiteral("json"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "JSON")},
        {QStringLiteral("slack"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Slack")},
        {QStringLiteral("discord"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Discord")},
        {QStringLiteral("ntfy"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "ntfy")},
        {QStringLiteral("ask"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Ask")},
        {QStringLiteral("background"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "Keep running in the background")},
        {QStringLiteral("quit"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Quit")},
        {QStringLiteral("pocketsphinx"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "On this computer (pocketsphinx)")},
        {QStringLiteral("espeak"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "On this computer (espeak-ng)")},
        {QStringLiteral("server"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "OpenAI-compatible server")},
        {QStringLiteral("spoken"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "When I asked by voice")},
        {QStringLiteral("always"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Always")},
        {QStringLiteral("turns"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "In turns (the engines above)")},
        {QStringLiteral("realtime"),
         QT_TRANSLATE_NOOP("zerg::SettingsModel", "Voice to voice (OpenAI Realtime)")},
        {QStringLiteral("never"), QT_TRANSLATE_NOOP("zerg::SettingsModel", "Never")},
    };
    // Each language by its own name, so that it can be found whichever one is showing.
    if (value == QLatin1String("en"))
        return QStringLiteral("English");
    if (value == QLatin1String("de"))
        return QStringLiteral("Deutsch");
    const char* label = labels.value(value, nullptr);
    return label ? SettingsModel::tr(label) : value;
}

QString controlOf(const SettingField& f) {
    if (f.readOnly)
        return QStringLiteral("readonly");
    switch (f.kind) {
        case Kind::Bool:
            return QStringLiteral("switch");
        case Kind::Choice:
            return QStringLiteral("combo");
        case Kind::Int:
            // A SpinBox holds an int; larger ranges (token budgets) are typed.
            return f.max <= std::numeric_limits<int>::max() ? QStringLiteral("spin")
                                                            : QStringLiteral("text");
        default:
            return QStringLiteral("text");
    }
}

QString asText(const QVariant& v) {
    return v.toString();
}

}  // namespace

SettingsModel::SettingsModel(const Settings& effective, QObject* parent)
    : SettingsModel(effective, nullptr, nullptr, parent) {}

SettingsModel::SettingsModel(const Settings& effective, QNetworkAccessManager* nam, Clock* clock,
                             QObject* parent)
    : QAbstractListModel(parent),
      m_effective(effective),
      m_secrets(effective.configDir, SecretStore::backendFromEnvironment()),
      m_picker(std::make_unique<ModelPicker>(
          [] { return ModelCatalogConfig::fromSettings(Settings::load()); }, nam, clock)),
      m_ollamaUrl(effective.ollamaUrl),
      m_roles{
          {KeyRole, "key", &Row::key},
          {SectionRole, "section", &Row::section},
          {SectionTitleRole, "sectionTitle",
           [](const Row& row) { return sectionTitle(row.section); }},
          {SectionStartRole, "sectionStart", &Row::sectionStart},
          {LabelRole, "label",
           [](const Row& row) {
               if (row.field)
                   return fieldText(row.field->label);
               if (row.key == kApiKeyRow)
                   return tr("API key");
               if (row.secretName == QLatin1String("smtp_password"))
                   return tr("SMTP password");
               if (row.secretName == QLatin1String("imap_password"))
                   return tr("IMAP password");
               if (row.secretName == QLatin1String("sms_token"))
                   return tr("SMS token");
               return tr("Webhook URL");
           }},
          {HelpRole, "help",
           [](const Row& row) -> QVariant {
               const SettingField* f = row.field;
               if (f && f->key == kProviderKey)
                   return llm::providerHelp();
               if (f)
                   return *f->help ? fieldText(f->help) : QString();
               if (row.key == kApiKeyRow)
                   return tr(
                       "Sent only to the base URL above. Leave empty for a server that needs "
                       "none (a local Ollama).");
               if (row.secretName == Settings::webhookUrlSecretName())
                   return tr(
                       "send_webhook's default target. Kept as a secret: such URLs often carry "
                       "a token.");
               return {};
           }},
          {ControlRole, "control",
           [this](const Row& row) {
               if (!deviceChoices(row).isEmpty())
                   return QStringLiteral("combo");
               return row.field ? controlOf(*row.field) : QStringLiteral("secret");
           }},
          {ValueRole, "value",
           [this](const Row& row) { return row.field ? row.value : QVariant(secretStatus(row)); }},
          {DefaultValueRole, "defaultValue", [this](const Row& row) { return defaultText(row); }},
          {ChoicesRole, "choices",
           [this](const Row& row) {
               const QStringList devices = deviceChoices(row);
               if (!devices.isEmpty())
                   return devices;
               return row.field ? row.field->choices : QStringList();
           }},
          {ChoiceLabelsRole, "choiceLabels",
           [this](const Row& row) {
               QStringList labels = deviceLabels(row);
               if (!labels.isEmpty())
                   return labels;
               if (row.field) {
                   for (const QString& c : row.field->choices)
                       labels.append(choiceLabel(row.field->key, c));
               }
               return labels;
           }},
          {MinimumRole, "minimum", [](const Row& row) { return row.field ? row.field->min : 0.0; }},
          {MaximumRole, "maximum", [](const Row& row) { return row.field ? row.field->max : 0.0; }},
          {EnvOverrideRole, "envOverride", [this](const Row& row) { return envOf(row); }},
          {EnvNoteRole, "envNote", [this](const Row& row) { return envNote(row); }},
          {EditableRole, "editable",
           [this](const Row& row) {
               return envOf(row).isEmpty() && !(row.field && row.field->readOnly);
           }},
          {ErrorRole, "error", &Row::error},
          {SecretNameRole, "secretName", &Row::secretName},
          {SecretStoredRole, "secretStored", &Row::secretStored},
          {ModelRoleRole, "modelRole",
           [](const Row& row) {
               const std::optional<ModelRole> role = ModelPicker::roleOfSetting(row.key);
               return role ? statusName(*role) : QString();
           }},
      } {
    while (m_ollamaUrl.endsWith(QLatin1Char('/')))
        m_ollamaUrl.chop(1);
    for (const SettingField& f : llm::settingFields()) {
        Row row;
        row.key = f.key;
        row.field = &f;
        row.value = effective.value(f.key);
        m_rows.append(row);
    }
    addSecretRow(effective.apiKeySecretName(), QStringLiteral("ZERG_LLM_API_KEY"), kBaseUrlKey);
    addSecretRow(QStringLiteral("smtp_password"), QString(), QStringLiteral("smtp/user"));
    addSecretRow(QStringLiteral("imap_password"), QString(), QStringLiteral("imap/user"));
    addSecretRow(QStringLiteral("sms_token"), QString(), QStringLiteral("sms/account"));
    addSecretRow(Settings::webhookUrlSecretName(), QStringLiteral("ZERG_WEBHOOK_URL"),
                 QStringLiteral("smtp/from"));
    // The rows keep this order: their sections are known from here on.
    for (int i = 0; i < m_rows.size(); ++i) {
        Row& row = m_rows[i];
        if (row.field)
            row.section = row.field->section;
        else if (i > 0)
            row.section = m_rows.at(i - 1).section;
        row.sectionStart = i == 0 || m_rows.at(i - 1).section != row.section;
    }
    for (int i = 0; i < m_rows.size(); ++i) {
        if (!m_rows.at(i).field)
            refreshSecret(i);
    }
}

SettingsModel::~SettingsModel() = default;

void SettingsModel::addSecretRow(const QString& name, const QString& env, const QString& after) {
    Row row;
    row.key = name.endsWith(QLatin1String("_api_key")) ? kApiKeyRow : kSecretPrefix + name;
    row.secretName = name;
    row.secretEnv = env;
    m_rows.insert(rowOf(after) + 1, row);
}

int SettingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QHash<int, QByteArray> SettingsModel::roleNames() const {
    return m_roles.names();
}

void SettingsModel::setDeviceLister(DeviceLister lister) {
    beginResetModel();
    m_deviceLister = std::move(lister);
    m_devices.reset();
    endResetModel();
}

const QList<Microphone::Device>& SettingsModel::devices() const {
    if (!m_devices)
        m_devices = m_deviceLister ? m_deviceLister() : QList<Microphone::Device>();
    return *m_devices;
}

QStringList SettingsModel::deviceChoices(const Row& row) const {
    if (row.key != kInputDeviceKey || !m_deviceLister)
        return {};
    QStringList ids{QString()};
    for (const Microphone::Device& d : devices())
        ids.append(d.id);
    const QString stored = row.value.toString();
    if (!ids.contains(stored))
        ids.append(stored);
    return ids;
}

QStringList SettingsModel::deviceLabels(const Row& row) const {
    const QStringList ids = deviceChoices(row);
    QStringList labels;
    for (const QString& id : ids) {
        if (id.isEmpty()) {
            labels.append(tr("System default"));
            continue;
        }
        QString name;
        for (const Microphone::Device& d : devices())
            if (d.id == id)
                name = d.name;
        labels.append(name.isEmpty() ? tr("%1 (not connected)").arg(id) : name);
    }
    return labels;
}

QVariant SettingsModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, m_roles);
}

QString SettingsModel::envOf(const Row& row) const {
    if (row.field)
        return Settings::envOverride(row.key);
    if (!row.secretEnv.isEmpty() && qEnvironmentVariableIsSet(row.secretEnv.toLatin1().constData()))
        return row.secretEnv;
    return {};
}

QString SettingsModel::envNote(const Row& row) const {
    const QString env = envOf(row);
    if (env.isEmpty())
        return {};
    return tr("Set by %1 in the environment, which wins over this setting. Change or unset it "
              "there, then restart Zerg.")
        .arg(env);
}

QVariant SettingsModel::defaultText(const Row& row) const {
    if (!row.field || row.field->readOnly)
        return QString();
    const QVariant d = Settings().value(row.key);
    if (row.field->kind == Kind::Choice)
        return choiceLabel(row.key, d.toString());
    if (row.field->kind == Kind::Bool)
        return d.toBool() ? tr("on") : tr("off");
    return asText(d);
}

QString SettingsModel::secretStatus(const Row& row) const {
    if (!envOf(row).isEmpty())
        return tr("Set in the environment.");
    return row.secretStored ? tr("Stored in %1.").arg(m_secrets.location()) : tr("Not set.");
}

void SettingsModel::refreshSecret(int i) {
    Row& row = m_rows[i];
    const Result<QString> stored = m_secrets.read(row.secretName);
    row.secretStored = stored && !stored.value().isEmpty();
    if (!stored)
        row.error = stored.error().message;
}

int SettingsModel::rowOf(const QString& key) const {
    return indexOfRow(m_rows, key, &Row::key);
}

QVariant SettingsModel::valueOf(const QString& key) const {
    const int i = rowOf(key);
    return i < 0 ? QVariant() : data(index(i), ValueRole);
}

QString SettingsModel::errorOf(const QString& key) const {
    const int i = rowOf(key);
    return i < 0 ? QString() : m_rows.at(i).error;
}

QString SettingsModel::theme() const {
    return valueOf(QStringLiteral("ui/theme")).toString();
}

QString SettingsModel::language() const {
    return valueOf(QStringLiteral("ui/language")).toString();
}

void SettingsModel::retranslate() {
    announceAllRows(*this);
    Q_EMIT providersChanged();
}

QString SettingsModel::secretLocation() const {
    return m_secrets.location();
}

void SettingsModel::setRowError(int i, const QString& error) {
    if (m_rows.at(i).error == error)
        return;
    m_rows[i].error = error;
    Q_EMIT dataChanged(index(i), index(i), {ErrorRole});
}

bool SettingsModel::setValue(const QString& key, const QVariant& value) {
    const int i = rowOf(key);
    if (i < 0 || !m_rows.at(i).field) {
        qWarning("AppSettings.setValue: '%s' is not a setting; secrets go through setSecret().",
                 qPrintable(key));
        return false;
    }
    const SettingField& f = *m_rows.at(i).field;
    if (!envOf(m_rows.at(i)).isEmpty()) {
        setRowError(i, envNote(m_rows.at(i)));
        return false;
    }
    const bool reset = !value.isValid() || value.toString().trimmed().isEmpty();
    QVariant normalized = Settings().value(key);  // an empty value means the default
    if (!reset) {
        const Result<QVariant> checked = llm::validateSetting(key, value);
        if (!checked) {
            setRowError(i, checked.error().message);
            return false;
        }
        normalized = checked.value();
    }
    if (const std::optional<ModelRole> role = ModelPicker::roleOfSetting(key); role && !reset) {
        if (const QString refused = m_picker->refusal(*role, normalized.toString());
            !refused.isEmpty()) {
            setRowError(i, refused);
            return false;
        }
    }
    if (asText(normalized) == asText(m_rows.at(i).value)) {
        setRowError(i, QString());
        return true;
    }
    if (const Status saved = Settings::saveValue(key, reset ? QVariant() : normalized); !saved) {
        setRowError(i, saved.error().message);
        return false;
    }
    m_rows[i].value = normalized;
    m_rows[i].error.clear();
    Q_EMIT dataChanged(index(i), index(i), {ValueRole, ErrorRole});
    if (key == kProviderKey) {
        // The key is per provider: the row now stands for the new provider's key.
        const int k = rowOf(kApiKeyRow);
        m_rows[k].secretName = QStringLiteral("%1_api_key").arg(normalized.toString());
        refreshSecret(k);
        Q_EMIT dataChanged(index(k), index(k));
    }
    if (key == QLatin1String("ui/theme")) {
        Q_EMIT themeChanged(normalized.toString());
    } else if (key == QLatin1String("ui/language")) {
        Q_EMIT languageChanged(normalized.toString());
    } else if (f.roleModel) {
        Q_EMIT modelsChanged();
    } else if (!f.appliesLive) {
        updateRestartNeeded();
    }
    return true;
}

bool SettingsModel::setSecret(const QString& name, const QString& value) {
    int i = -1;
    for (int r = 0; r < m_rows.size(); ++r) {
        if (!m_rows.at(r).field && m_rows.at(r).secretName == name)
            i = r;
    }
    if (i < 0) {
        qWarning("AppSettings.setSecret: '%s' is not a secret of these settings.",
                 qPrintable(name));
        return false;
    }
    if (!envOf(m_rows.at(i)).isEmpty()) {
        setRowError(i, envNote(m_rows.at(i)));
        return false;
    }
    const QString secret = value.trimmed();
    if (name == Settings::webhookUrlSecretName() && !secret.isEmpty() &&
        !Settings::isWebUrl(secret)) {
        // The message leaves the value out: a webhook URL is a secret.
        setRowError(i, tr("That is not a web address. A webhook URL starts with https:// (or "
                          "http://) and names a server, for example https://hooks.slack.com/…"));
        return false;
    }
    if (const Status saved = Settings::saveSecret(m_secrets, name, secret); !saved) {
        setRowError(i, saved.error().message);
        return false;
    }
    m_rows[i].secretStored = !secret.isEmpty();
    m_rows[i].error.clear();
    Q_EMIT dataChanged(index(i), index(i), {ValueRole, ErrorRole, SecretStoredRole});
    m_secretChanged = true;
    updateRestartNeeded();
    return true;
}

void SettingsModel::updateRestartNeeded() {
    bool needed = m_secretChanged;
    for (const Row& row : std::as_const(m_rows)) {
        if (row.field && !row.field->appliesLive &&
            asText(row.value) != asText(m_effective.value(row.key))) {
            needed = true;
        }
    }
    if (assignIfDifferent(m_restartNeeded, needed))
        Q_EMIT restartNeededChanged();
}

void SettingsModel::setSetupResult(const QString& error) {
    m_setupError = error;
    m_setupSaved = error.isEmpty();
    Q_EMIT setupChanged();
}

bool SettingsModel::applySetup(const ProviderKind& provider, const QString& baseUrl,
                               const QString& model, const QString& apiKey, bool keyRequired) {
    for (const QString& key : {kProviderKey, kBaseUrlKey, kModelKey}) {
        const QString env = Settings::envOverride(key);
        if (!env.isEmpty()) {
            setSetupResult(tr("%1 is set in the environment Zerg starts from, and it wins over "
                              "this choice. Unset it (or change it there), then restart Zerg.")
                               .arg(env));
            return false;
        }
    }
    if (model.trimmed().isEmpty()) {
        setSetupResult(tr("Enter the name of the model to use."));
        return false;
    }
    if (!Settings::isWebUrl(baseUrl)) {
        setSetupResult(tr("'%1' is not a web address. Enter the server's address with http:// "
                          "or https://, for example http://127.0.0.1:8080/v1.")
                           .arg(baseUrl.trimmed()));
        return false;
    }
    const QString secretName = QStringLiteral("%1_api_key").arg(provider.id);
    const bool keyFromEnv = qEnvironmentVariableIsSet("ZERG_LLM_API_KEY");
    if (keyRequired && apiKey.trimmed().isEmpty() && !keyFromEnv) {
        const Result<QString> stored = m_secrets.read(secretName);
        if (!stored || stored.value().isEmpty()) {
            setSetupResult(provider.keyMissingText());
            return false;
        }
    }

    const QString oldUrl = valueOf(kBaseUrlKey).toString();
    QStringList failures;
    auto save = [&](const QString& key, const QString& value) {
        if (!setValue(key, value))
            failures.append(errorOf(key));
    };
    save(kProviderKey, provider.id);
    save(kBaseUrlKey, baseUrl.trimmed());
    save(kModelKey, model.trimmed());
    if (failures.isEmpty() && oldUrl != valueOf(kBaseUrlKey).toString()) {
        // Per-role models named another server's models; they follow the new model now.
        for (const char* key : {"llm/worker_model", "llm/quick_model", "llm/summary_model"})
            save(QString::fromLatin1(key), QString());
        if (valueOf(QStringLiteral("llm/decider_model")).toString() != QLatin1String("heuristic")) {
            save(QStringLiteral("llm/decider_model"), QString());
        }
    }
    const bool removeStale = !keyRequired && m_rows.at(rowOf(kApiKeyRow)).secretStored;
    if (failures.isEmpty() && !keyFromEnv && (!apiKey.trimmed().isEmpty() || removeStale)) {
        // Without a key, a stored one is removed: it was meant for another server.
        if (!setSecret(secretName, apiKey))
            failures.append(errorOf(kApiKeyRow));
    }
    if (!failures.isEmpty()) {
        setSetupResult(failures.join(QLatin1Char(' ')));
        return false;
    }
    setSetupResult(QString());
    return true;
}

bool SettingsModel::useOllama(const QString& url, const QString& model) {
    QString base = url.trimmed().isEmpty() ? m_ollamaUrl : url.trimmed();
    if (!Settings::isWebUrl(base)) {
        setSetupResult(tr("'%1' is not a web address. Ollama listens on "
                          "http://127.0.0.1:11434 unless you changed it.")
                           .arg(base));
        return false;
    }
    if (model.trimmed().isEmpty()) {
        setSetupResult(
            tr("Choose one of Ollama's models. If it has none yet, pull one first, "
               "for example: ollama pull qwen2.5:7b"));
        return false;
    }
    if (const QString refused =
            m_picker->refusal(ModelRole::Supervisor, model, ModelSource::Ollama);
        !refused.isEmpty()) {
        setSetupResult(refused);
        return false;
    }
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    if (!base.endsWith(QLatin1String("/v1")))
        base += QStringLiteral("/v1");
    return applySetup(llm::openAiCompatible(), base, model, QString(), false);
}

bool SettingsModel::useProvider(const QString& id, const QString& apiKey, const QString& model) {
    const ProviderKind* kind = llm::findProvider(id);
    if (!kind) {
        setSetupResult(tr("Zerg does not know the provider '%1'. Choose one of the providers "
                          "offered here.")
                           .arg(id));
        return false;
    }
    const QString m = model.trimmed().isEmpty() ? kind->defaultModel : model;
    return applySetup(*kind, kind->defaultBaseUrl, m, apiKey, kind->needsApiKey);
}

bool SettingsModel::useCustom(const QString& baseUrl, const QString& apiKey, const QString& model) {
    if (baseUrl.trimmed().isEmpty()) {
        setSetupResult(
            tr("Enter the server's address, for example http://127.0.0.1:8080/v1 "
               "(llama.cpp, vLLM, LM Studio and OpenRouter all speak OpenAI's API)."));
        return false;
    }
    return applySetup(llm::openAiCompatible(), baseUrl, model, apiKey, false);
}

QVariantList SettingsModel::providers() {
    QVariantList list;
    for (const ProviderKind& k : llm::providerKinds()) {
        list.append(QVariantMap{
            {QStringLiteral("id"), k.id},
            {QStringLiteral("label"), k.serviceNameText()},
            {QStringLiteral("settingsLabel"), k.labelText()},
            {QStringLiteral("description"), k.descriptionText()},
            {QStringLiteral("defaultBaseUrl"), k.defaultBaseUrl},
            {QStringLiteral("defaultModel"), k.defaultModel},
            {QStringLiteral("needsApiKey"), k.needsApiKey},
            {QStringLiteral("keyPlaceholder"), k.keyPlaceholderText()},
        });
    }
    return list;
}

bool SettingsModel::setAutostart(bool enabled) {
    const Status done = m_autostart.setEnabled(enabled);
    m_autostartError = done ? QString() : done.error().message;
    Q_EMIT autostartChanged();
    return done.ok();
}

void SettingsModel::requestRestart() {
    Q_EMIT restartRequested();
}

const DoctorCheck& SettingsModel::sandbox() const {
    if (!m_sandbox)
        m_sandbox = Doctor::sandboxCheck(m_effective);
    return *m_sandbox;
}

QString SettingsModel::sandboxState() const {
    const DoctorCheck& c = sandbox();
    return c.fix.isEmpty() ? c.message : c.message + QLatin1Char(' ') + c.fix;
}

bool SettingsModel::sandboxOk() const {
    return sandbox().status == DoctorCheck::Status::Ok;
}

}  // namespace zerg
