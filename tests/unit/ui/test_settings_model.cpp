#include "core/clock.h"
#include "core/secret_store.h"
#include "core/settings.h"
#include "http_stub.h"
#include "llm/provider_registry.h"
#include "temp_env.h"
#include "ui/settings_model.h"

#include <QMetaProperty>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace zerg;

// The Settings page and the first-run setup card's model. QSettings and the secrets file live in
// a temporary folder (the developer's configuration is never touched); secrets use the file
// backend there, never the keychain.
class TestSettingsModel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString configDir() const { return m_dir.filePath(QStringLiteral("config")); }

    static QString stored(const QString& key) {
        return QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).value(key).toString();
    }

    static QVariant role(const SettingsModel& m, const QString& key, int role) {
        return m.data(m.index(m.rowOf(key)), role);
    }

    // Every role of every row and every property: none may carry the secret.
    static void verifyNowhere(const SettingsModel& m, const QString& secret) {
        const QList<int> roles = m.roleNames().keys();
        for (int row = 0; row < m.rowCount(); ++row) {
            for (int r : roles) {
                const QVariant v = m.data(m.index(row), r);
                const QString text = v.typeId() == QMetaType::QStringList
                                         ? v.toStringList().join(QLatin1Char(' '))
                                         : v.toString();
                QVERIFY2(!text.contains(secret), qPrintable(m.roleNames().value(r)));
            }
        }
        const QMetaObject* meta = m.metaObject();
        for (int i = 0; i < meta->propertyCount(); ++i) {
            const QVariant v = meta->property(i).read(&m);
            const QString text = v.typeId() == QMetaType::QStringList
                                     ? v.toStringList().join(QLatin1Char(' '))
                                     : v.toString();
            QVERIFY2(!text.contains(secret), meta->property(i).name());
        }
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        zerg::test::isolateSettings(m_dir.path());
    }

    void init() {
        test::clearZergEnvironment();
        qputenv("ZERG_SECRET_BACKEND", "file");
        qputenv("ZERG_CONFIG_DIR", configDir().toUtf8());
        QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
        QVERIFY2(q.fileName().startsWith(m_dir.path()), qPrintable(q.fileName()));
        q.clear();
        q.sync();
        QFile::remove(QDir(configDir()).filePath(QStringLiteral("secrets.json")));
    }

    void cleanupTestCase() {
        test::clearZergEnvironment();
        qunsetenv("ZERG_SECRET_BACKEND");
        qunsetenv("ZERG_CONFIG_DIR");
    }

    void rowsFollowTheFieldTableWithSecretsInTheirSections() {
        const SettingsModel m(Settings::load());
        // + API key, SMTP, IMAP, webhook, SMS token
        QCOMPARE(m.count(), Settings::fields().size() + 5);
        // The SMS token sits under the SMS account, in the notifications section.
        QCOMPARE(m.rowOf(QStringLiteral("secret/sms_token")),
                 m.rowOf(QStringLiteral("sms/account")) + 1);
        for (const SettingField& f : Settings::fields())
            QVERIFY2(m.rowOf(f.key) >= 0, qPrintable(f.key));
        QVERIFY(role(m, QStringLiteral("llm/provider"), SettingsModel::SectionStartRole).toBool());
        QVERIFY(!role(m, QStringLiteral("llm/model"), SettingsModel::SectionStartRole).toBool());
        QCOMPARE(role(m, QStringLiteral("llm/provider"), SettingsModel::SectionTitleRole),
                 QVariant(QStringLiteral("Provider and models")));
        // The API key sits right under the base URL, in the provider section.
        QCOMPARE(m.rowOf(QStringLiteral("secret/api_key")),
                 m.rowOf(QStringLiteral("llm/base_url")) + 1);
        QCOMPARE(role(m, QStringLiteral("secret/api_key"), SettingsModel::SectionRole),
                 QVariant(QStringLiteral("provider")));
        QCOMPARE(role(m, QStringLiteral("secret/api_key"), SettingsModel::SecretNameRole),
                 QVariant(QStringLiteral("openai_api_key")));
        QCOMPARE(role(m, QStringLiteral("secret/webhook_url"), SettingsModel::SectionRole),
                 QVariant(QStringLiteral("notifications")));
        QCOMPARE(role(m, QStringLiteral("secret/smtp_password"), SettingsModel::ControlRole),
                 QVariant(QStringLiteral("secret")));
        // The IMAP password sits right under the IMAP user, labelled as such.
        QCOMPARE(m.rowOf(QStringLiteral("secret/imap_password")),
                 m.rowOf(QStringLiteral("imap/user")) + 1);
        QCOMPARE(role(m, QStringLiteral("secret/imap_password"), SettingsModel::LabelRole),
                 QVariant(QStringLiteral("IMAP password")));
        QCOMPARE(role(m, QStringLiteral("secret/api_key"), SettingsModel::ValueRole),
                 QVariant(QStringLiteral("Not set.")));
        // The controls QML shows.
        QCOMPARE(role(m, QStringLiteral("data_dir"), SettingsModel::ControlRole),
                 QVariant(QStringLiteral("readonly")));
        QVERIFY(!role(m, QStringLiteral("data_dir"), SettingsModel::EditableRole).toBool());
        QCOMPARE(role(m, QStringLiteral("roundabout/check_interval_seconds"),
                      SettingsModel::ControlRole),
                 QVariant(QStringLiteral("spin")));
        QCOMPARE(role(m, QStringLiteral("budgets/run_token_budget"), SettingsModel::ControlRole),
                 QVariant(QStringLiteral("text")));
        QCOMPARE(role(m, QStringLiteral("ui/theme"), SettingsModel::ChoiceLabelsRole),
                 QVariant(QStringList{QStringLiteral("System"), QStringLiteral("Light"),
                                      QStringLiteral("Dark")}));
        QCOMPARE(
            role(m, QStringLiteral("roundabout/check_interval_seconds"), SettingsModel::ValueRole)
                .toInt(),
            5);
        QVERIFY(!m.restartNeeded());
    }

    // The provider row and the setup card's choices are the provider registry's.
    // The Settings page shows the local shell's sandbox as zerg doctor sees it.
    void theSandboxStateIsDoctorsCheck() {
        Settings restricted;
        restricted.shellSandbox = QStringLiteral("restricted");
        const SettingsModel chosen(restricted);
        QVERIFY(!chosen.sandboxOk());
        QVERIFY2(chosen.sandboxState().contains(QStringLiteral("restricted mode chosen")),
                 qPrintable(chosen.sandboxState()));
        Settings missing;
        missing.shellSandbox = QStringLiteral("bubblewrap");
        const DoctorCheck broken =
            Doctor::sandboxCheck(missing, QStringLiteral("/nonexistent/bwrap"));
        QCOMPARE(broken.status, DoctorCheck::Status::Failed);
        Settings byDefault;
        const SettingsModel automatic(byDefault);
        QCOMPARE(automatic.sandboxState(), [&] {
            const DoctorCheck c = Doctor::sandboxCheck(byDefault);
            return c.fix.isEmpty() ? c.message : c.message + QLatin1Char(' ') + c.fix;
        }());
    }

    void theProvidersComeFromTheRegistry() {
        SettingsModel m(Settings::load());
        const QString key = QStringLiteral("llm/provider");
        QCOMPARE(role(m, key, SettingsModel::ChoicesRole), QVariant(llm::providerIds()));
        QStringList labels;
        for (const ProviderKind& k : llm::providerKinds())
            labels.append(k.labelText());
        QCOMPARE(role(m, key, SettingsModel::ChoiceLabelsRole), QVariant(labels));
        QCOMPARE(labels.first(), QStringLiteral("OpenAI-compatible"));
        QCOMPARE(role(m, key, SettingsModel::HelpRole), QVariant(llm::providerHelp()));
        QVERIFY(!m.setValue(key, QStringLiteral("gemini")));
        QVERIFY2(m.errorOf(key).contains(QStringLiteral("openai, anthropic")),
                 qPrintable(m.errorOf(key)));
        QVERIFY(m.setValue(key, QStringLiteral("Anthropic")));
        QCOMPARE(Settings::load().llmProvider, QStringLiteral("anthropic"));

        const QVariantList providers = m.providers();
        QCOMPARE(providers.size(), llm::providerKinds().size());
        const QVariantMap anthropic = providers.at(1).toMap();
        QCOMPARE(anthropic.value(QStringLiteral("id")).toString(), QStringLiteral("anthropic"));
        QCOMPARE(anthropic.value(QStringLiteral("label")).toString(), QStringLiteral("Anthropic"));
        QCOMPARE(anthropic.value(QStringLiteral("defaultModel")).toString(),
                 llm::findProvider(QStringLiteral("anthropic"))->defaultModel);
        QVERIFY(anthropic.value(QStringLiteral("keyPlaceholder"))
                    .toString()
                    .contains(QStringLiteral("console.anthropic.com")));
        QVERIFY(!m.useProvider(QStringLiteral("gemini"), QStringLiteral("k"), QString()));
        QVERIFY(m.setupError().contains(QStringLiteral("gemini")));
    }

    void aBadUrlIsRefusedWithAnErrorOnItsRow() {
        SettingsModel m(Settings::load());
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        QVERIFY(!m.setValue(QStringLiteral("llm/base_url"), QStringLiteral("ftp://example.com")));
        QVERIFY2(m.errorOf(QStringLiteral("llm/base_url")).contains(QStringLiteral("https://")),
                 qPrintable(m.errorOf(QStringLiteral("llm/base_url"))));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), m.rowOf(QStringLiteral("llm/base_url")));
        QCOMPARE(Settings::load().llmBaseUrl, QString());
        QVERIFY(!m.restartNeeded());
        // A good value clears the error and is saved.
        QVERIFY(m.setValue(QStringLiteral("llm/base_url"), QStringLiteral("https://x.example/v1")));
        QCOMPARE(m.errorOf(QStringLiteral("llm/base_url")), QString());
        QCOMPARE(Settings::load().llmBaseUrl, QStringLiteral("https://x.example/v1"));
    }

    // Settings › Voice › Microphone: a list of the computer's inputs (read when first shown)
    // with the system's default first; a stored input that is not connected stays chosen and
    // says so; the choice is saved as the device's id. Without a lister it is a text field.
    void theMicrophoneIsPickedFromTheInputs() {
        SettingsModel m(Settings::load());
        const QString key = QStringLiteral("voice/input_device");
        const QModelIndex row = m.index(m.rowOf(key));
        QCOMPARE(m.data(row, SettingsModel::ControlRole).toString(), QStringLiteral("text"));
        int listed = 0;
        m.setDeviceLister([&listed] {
            ++listed;
            return QList<Microphone::Device>{
                {QStringLiteral("alsa_input.usb"), QStringLiteral("USB Microphone"), false},
                {QStringLiteral("alsa_input.pci"), QStringLiteral("Built-in Audio"), true}};
        });
        QCOMPARE(listed, 0);  // not before the row is shown
        const QModelIndex shown = m.index(m.rowOf(key));
        QCOMPARE(m.data(shown, SettingsModel::ControlRole).toString(), QStringLiteral("combo"));
        QCOMPARE(m.data(shown, SettingsModel::ChoicesRole).toStringList(),
                 (QStringList{QString(), QStringLiteral("alsa_input.usb"),
                              QStringLiteral("alsa_input.pci")}));
        QCOMPARE(m.data(shown, SettingsModel::ChoiceLabelsRole).toStringList(),
                 (QStringList{QStringLiteral("System default"), QStringLiteral("USB Microphone"),
                              QStringLiteral("Built-in Audio")}));
        QCOMPARE(listed, 1);
        QVERIFY(m.setValue(key, QStringLiteral("alsa_input.usb")));
        QCOMPARE(Settings::load().inputDevice, QStringLiteral("alsa_input.usb"));
        QVERIFY(m.setValue(key, QStringLiteral("alsa_input.gone")));
        const QModelIndex again = m.index(m.rowOf(key));
        QCOMPARE(m.data(again, SettingsModel::ChoicesRole).toStringList().last(),
                 QStringLiteral("alsa_input.gone"));
        QCOMPARE(m.data(again, SettingsModel::ChoiceLabelsRole).toStringList().last(),
                 QStringLiteral("alsa_input.gone (not connected)"));
        QCOMPARE(listed, 1);  // read once
        QVERIFY(m.setValue(key, QString()));
        QCOMPARE(Settings::load().inputDevice, QString());
    }

    void outOfRangeNumbersAndUnknownChoicesAreRefused() {
        SettingsModel m(Settings::load());
        const QString interval = QStringLiteral("roundabout/check_interval_seconds");
        QVERIFY(!m.setValue(interval, 0));
        QVERIFY(m.errorOf(interval).contains(QStringLiteral("from 1 to 3600")));
        QVERIFY(!m.setValue(interval, QStringLiteral("soon")));
        QVERIFY(m.errorOf(interval).contains(QStringLiteral("not a number")));
        QVERIFY(!m.setValue(QStringLiteral("llm/provider"), QStringLiteral("gemini")));
        QVERIFY(m.errorOf(QStringLiteral("llm/provider"))
                    .contains(QStringLiteral("openai, anthropic")));
        QCOMPARE(m.valueOf(interval).toInt(), 5);
        QCOMPARE(m.valueOf(QStringLiteral("llm/provider")), QVariant(QStringLiteral("openai")));
        QVERIFY(QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).allKeys().isEmpty());
        QVERIFY(!m.restartNeeded());
    }

    void aSavedValueIsLoadedAndNeedsARestart() {
        SettingsModel m(Settings::load());
        QSignalSpy restart(&m, &SettingsModel::restartNeededChanged);
        QSignalSpy theme(&m, &SettingsModel::themeChanged);
        const QString interval = QStringLiteral("roundabout/check_interval_seconds");
        QVERIFY(m.setValue(interval, 9));
        QCOMPARE(Settings::load().checkIntervalSeconds, 9);
        QCOMPARE(m.valueOf(interval).toInt(), 9);
        QVERIFY(m.restartNeeded());
        QCOMPARE(restart.size(), 1);
        QVERIFY(m.setValue(QStringLiteral("roundabout/cancel_on_hard_timeout"), false));
        QCOMPARE(Settings::load().cancelOnHardTimeout, false);
        QVERIFY(
            m.setValue(QStringLiteral("budgets/run_token_budget"), QStringLiteral("3000000000")));
        QCOMPARE(Settings::load().runTokenBudget, qint64(3000000000));
        // Back to what the running backend uses: nothing to restart for.
        QVERIFY(m.setValue(interval, 5));
        QVERIFY(m.setValue(QStringLiteral("roundabout/cancel_on_hard_timeout"), true));
        QVERIFY(m.setValue(QStringLiteral("budgets/run_token_budget"), QString()));
        QVERIFY(!m.restartNeeded());
        QCOMPARE(restart.size(), 2);
        QCOMPARE(theme.size(), 0);
    }

    // A role's model applies without a restart: modelsChanged, for the app to hand the models
    // to the backend (the end-to-end test asks the next request with them).
    void aRolesModelAppliesWithoutARestart() {
        SettingsModel m(Settings::load());
        QSignalSpy models(&m, &SettingsModel::modelsChanged);
        QSignalSpy restart(&m, &SettingsModel::restartNeededChanged);
        for (const QString key :
             {QStringLiteral("llm/model"), QStringLiteral("llm/worker_model"),
              QStringLiteral("llm/quick_model"), QStringLiteral("llm/summary_model"),
              QStringLiteral("llm/decider_model")}) {
            QVERIFY2(Settings::field(key)->roleModel, qPrintable(key));
            QVERIFY2(m.setValue(key, QStringLiteral("other-model")), qPrintable(key));
        }
        QCOMPARE(models.size(), 5);
        QVERIFY(!m.restartNeeded());
        QCOMPARE(restart.size(), 0);
        QCOMPARE(Settings::load().workerModel, QStringLiteral("other-model"));
        // The provider's address still needs a restart, and is no model.
        QVERIFY(!Settings::field(QStringLiteral("llm/base_url"))->roleModel);
        QVERIFY(
            m.setValue(QStringLiteral("llm/base_url"), QStringLiteral("http://127.0.0.1:9/v1")));
        QCOMPARE(models.size(), 5);
        QVERIFY(m.restartNeeded());
    }

    void theThemeAppliesLiveWithoutARestart() {
        SettingsModel m(Settings::load());
        QSignalSpy theme(&m, &SettingsModel::themeChanged);
        QSignalSpy restart(&m, &SettingsModel::restartNeededChanged);
        QCOMPARE(m.theme(), QStringLiteral("system"));
        QVERIFY(m.setValue(QStringLiteral("ui/theme"), QStringLiteral("dark")));
        QCOMPARE(theme.size(), 1);
        QCOMPARE(theme.at(0).at(0).toString(), QStringLiteral("dark"));
        QCOMPARE(m.theme(), QStringLiteral("dark"));
        QCOMPARE(Settings::load().theme, QStringLiteral("dark"));
        QVERIFY(!m.restartNeeded());
        QCOMPARE(restart.size(), 0);
        QVERIFY(!m.setValue(QStringLiteral("ui/theme"), QStringLiteral("purple")));
        QVERIFY(m.setValue(QStringLiteral("ui/theme"), QStringLiteral("dark")));  // unchanged
        QCOMPARE(theme.size(), 1);
    }

    void anEnvironmentOverrideIsShownAndRefused() {
        qputenv("ZERG_MODEL", "env-model");
        SettingsModel m(Settings::load());
        const QString key = QStringLiteral("llm/model");
        QCOMPARE(role(m, key, SettingsModel::EnvOverrideRole),
                 QVariant(QStringLiteral("ZERG_MODEL")));
        QVERIFY(!role(m, key, SettingsModel::EditableRole).toBool());
        QVERIFY(role(m, key, SettingsModel::EnvNoteRole)
                    .toString()
                    .contains(QStringLiteral("Set by ZERG_MODEL in the environment, which wins")));
        QCOMPARE(m.valueOf(key), QVariant(QStringLiteral("env-model")));
        QVERIFY(!m.setValue(key, QStringLiteral("other")));
        QVERIFY(m.errorOf(key).contains(QStringLiteral("ZERG_MODEL")));
        QVERIFY(!QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).contains(key));
        // Other rows stay editable.
        QVERIFY(role(m, QStringLiteral("llm/worker_model"), SettingsModel::EditableRole).toBool());
        QCOMPARE(role(m, QStringLiteral("llm/worker_model"), SettingsModel::EnvOverrideRole),
                 QVariant(QString()));

        qputenv("ZERG_LLM_API_KEY", "sk-env-1234");
        SettingsModel withKey(Settings::load());
        QVERIFY(!withKey.setSecret(QStringLiteral("openai_api_key"), QStringLiteral("sk-other")));
        QVERIFY(withKey.errorOf(QStringLiteral("secret/api_key"))
                    .contains(QStringLiteral("ZERG_LLM_API_KEY")));
        verifyNowhere(withKey, QStringLiteral("sk-env-1234"));
    }

    void aSecretGoesToTheStoreAndIsNeverShown() {
        SettingsModel m(Settings::load());
        const QString secret = QStringLiteral("sk-zerg-settings-secret-9876");
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        QVERIFY(m.setSecret(QStringLiteral("openai_api_key"), secret));
        QVERIFY(changed.size() >= 1);
        const SecretStore store(configDir(), SecretStore::Backend::File);
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), secret);
        QVERIFY(QFile::exists(QDir(configDir()).filePath(QStringLiteral("secrets.json"))));
        QVERIFY(
            role(m, QStringLiteral("secret/api_key"), SettingsModel::SecretStoredRole).toBool());
        QVERIFY2(
            role(m, QStringLiteral("secret/api_key"), SettingsModel::ValueRole)
                .toString()
                .startsWith(QStringLiteral("Stored in file ")),
            qPrintable(
                role(m, QStringLiteral("secret/api_key"), SettingsModel::ValueRole).toString()));
        QVERIFY(m.restartNeeded());
        verifyNowhere(m, secret);
        // Nothing of it in QSettings either.
        QFile conf(QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).fileName());
        if (conf.open(QIODevice::ReadOnly))
            QVERIFY(!conf.readAll().contains(secret.toUtf8()));

        // A fresh model (a restart) sees that one is stored.
        const SettingsModel again(Settings::load());
        QVERIFY(role(again, QStringLiteral("secret/api_key"), SettingsModel::SecretStoredRole)
                    .toBool());
        verifyNowhere(again, secret);

        // An empty value removes it.
        QVERIFY(m.setSecret(QStringLiteral("openai_api_key"), QString()));
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QString());
        QCOMPARE(role(m, QStringLiteral("secret/api_key"), SettingsModel::ValueRole),
                 QVariant(QStringLiteral("Not set.")));
        QVERIFY(!m.setSecret(QStringLiteral("some_other_secret"), secret));
    }

    void aBadWebhookUrlIsRefusedWithoutRepeatingIt() {
        SettingsModel m(Settings::load());
        QVERIFY(!m.setSecret(QStringLiteral("webhook_url"),
                             QStringLiteral("hooks.example.com/TOKEN-4242")));
        const QString error = m.errorOf(QStringLiteral("secret/webhook_url"));
        QVERIFY(error.contains(QStringLiteral("https://")));
        QVERIFY(!error.contains(QStringLiteral("TOKEN-4242")));
        QVERIFY(m.setSecret(QStringLiteral("webhook_url"),
                            QStringLiteral("https://hooks.example.com/TOKEN-4242")));
        QCOMPARE(Settings::load().webhookUrl,
                 QStringLiteral("https://hooks.example.com/TOKEN-4242"));
        verifyNowhere(m, QStringLiteral("TOKEN-4242"));
    }

    void useOpenAiWritesProviderUrlModelAndKey() {
        SettingsModel m(Settings::load());
        QSignalSpy setup(&m, &SettingsModel::setupChanged);
        QVERIFY(m.useProvider(QStringLiteral("openai"), QStringLiteral("sk-openai-1"), QString()));
        QCOMPARE(setup.size(), 1);
        QVERIFY(m.setupSaved());
        QCOMPARE(m.setupError(), QString());
        QCOMPARE(stored(QStringLiteral("llm/base_url")),
                 QStringLiteral("https://api.openai.com/v1"));
        QCOMPARE(stored(QStringLiteral("llm/model")), QStringLiteral("gpt-4o-mini"));
        const Settings s = Settings::load();
        QCOMPARE(s.llmProvider, QStringLiteral("openai"));
        QVERIFY(s.hasProvider());
        QCOMPARE(s.llmApiKey, QStringLiteral("sk-openai-1"));
        QVERIFY(m.restartNeeded());
        QCOMPARE(m.valueOf(QStringLiteral("llm/model")), QVariant(QStringLiteral("gpt-4o-mini")));
        verifyNowhere(m, QStringLiteral("sk-openai-1"));
    }

    void useOpenAiWithoutAKeyAsksForOne() {
        SettingsModel m(Settings::load());
        QVERIFY(!m.useProvider(QStringLiteral("openai"), QString(), QStringLiteral("gpt-4o")));
        QVERIFY(!m.setupSaved());
        QVERIFY(m.setupError().contains(QStringLiteral("OpenAI API key")));
        QVERIFY(QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).allKeys().isEmpty());
        QVERIFY(!m.restartNeeded());
        // A key stored earlier is enough.
        QVERIFY(m.setSecret(QStringLiteral("openai_api_key"), QStringLiteral("sk-earlier")));
        QVERIFY(m.useProvider(QStringLiteral("openai"), QString(), QStringLiteral("gpt-4o")));
        QCOMPARE(Settings::load().llmApiKey, QStringLiteral("sk-earlier"));
    }

    void useAnthropicStoresTheAnthropicKey() {
        SettingsModel m(Settings::load());
        QVERIFY(m.useProvider(QStringLiteral("anthropic"), QStringLiteral("sk-ant-7"), QString()));
        const Settings s = Settings::load();
        QCOMPARE(s.llmProvider, QStringLiteral("anthropic"));
        QCOMPARE(s.llmBaseUrl, QStringLiteral("https://api.anthropic.com"));
        QCOMPARE(s.model, llm::findProvider(QStringLiteral("anthropic"))->defaultModel);
        QCOMPARE(s.llmApiKey, QStringLiteral("sk-ant-7"));
        const SecretStore store(configDir(), SecretStore::Backend::File);
        QCOMPARE(store.read(QStringLiteral("anthropic_api_key")).value(),
                 QStringLiteral("sk-ant-7"));
        QCOMPARE(role(m, QStringLiteral("secret/api_key"), SettingsModel::SecretNameRole),
                 QVariant(QStringLiteral("anthropic_api_key")));
    }

    void useCustomWritesTheUrlAndDropsOtherServersSettings() {
        {
            SettingsModel before(Settings::load());
            QVERIFY(before.useProvider(QStringLiteral("openai"), QStringLiteral("sk-real-openai"),
                                       QString()));
            QVERIFY(before.setValue(QStringLiteral("llm/worker_model"),
                                    QStringLiteral("gpt-4.1-mini")));
            QVERIFY(
                before.setValue(QStringLiteral("llm/decider_model"), QStringLiteral("heuristic")));
        }
        SettingsModel m(Settings::load());
        QVERIFY(!m.useCustom(QStringLiteral("localhost:8080"), QString(), QStringLiteral("q")));
        QVERIFY(m.setupError().contains(QStringLiteral("not a web address")));
        QVERIFY(!m.useCustom(QStringLiteral("http://127.0.0.1:8080/v1"), QString(), QString()));
        QVERIFY(m.setupError().contains(QStringLiteral("model")));
        QVERIFY(m.useCustom(QStringLiteral("http://127.0.0.1:8080/v1/"), QString(),
                            QStringLiteral("qwen2.5-7b")));
        const Settings s = Settings::load();
        QCOMPARE(s.llmProvider, QStringLiteral("openai"));
        QCOMPARE(s.llmBaseUrl, QStringLiteral("http://127.0.0.1:8080/v1"));
        QCOMPARE(s.model, QStringLiteral("qwen2.5-7b"));
        // The OpenAI key is never sent to the new server; its models are not asked for there.
        QCOMPARE(s.llmApiKey, QString());
        QCOMPARE(s.workerModel, QString());
        QCOMPARE(s.deciderModel, QStringLiteral("heuristic"));
        QVERIFY(m.restartNeeded());

        QVERIFY(m.useCustom(QStringLiteral("https://openrouter.example/api/v1"),
                            QStringLiteral("sk-or-1"), QStringLiteral("x/y")));
        QCOMPARE(Settings::load().llmApiKey, QStringLiteral("sk-or-1"));
    }

    void setupIsRefusedWhileTheEnvironmentDecides() {
        qputenv("ZERG_LLM_BASE_URL", "http://127.0.0.1:9/v1");
        SettingsModel m(Settings::load());
        QVERIFY(!m.useProvider(QStringLiteral("openai"), QStringLiteral("sk-1"), QString()));
        QVERIFY(m.setupError().contains(QStringLiteral("ZERG_LLM_BASE_URL")));
        QVERIFY(QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).allKeys().isEmpty());
    }

    // An Ollama with two models: qwen2.5:7b calls tools, gemma3:4b does not (its capabilities
    // lack "tools"), listed by /api/tags and by its OpenAI-compatible /v1/models.
    static void serveOllama(zerg::test::HttpStub& ollama) {
        ollama.route("GET", "/api/tags", 200,
                     R"({"models":[{"name":"qwen2.5:7b"},{"name":"gemma3:4b"}]})");
        ollama.route("GET", "/v1/models", 200,
                     R"({"object":"list","data":[{"id":"qwen2.5:7b"},{"id":"gemma3:4b"}]})");
        ollama.handle("POST", "/api/show", [](const zerg::test::HttpStub::Request& r) {
            zerg::test::HttpStub::Reply reply;
            reply.body = r.body.contains("qwen2.5:7b")
                             ? R"({"capabilities":["completion","tools"]})"
                             : R"({"capabilities":["completion","vision"]})";
            return reply;
        });
    }

    // The picker over the saved settings, without LM Studio and llama-server (their default
    // ports may be anything on a test machine).
    static void lookOnlyAtTheSettings(SettingsModel& m) {
        m.picker().setConfig([] {
            ModelCatalogConfig c = ModelCatalogConfig::fromSettings(Settings::load());
            c.lmStudioUrl.clear();
            c.llamaServerUrl.clear();
            return c;
        });
    }

    static QVariantMap pickerModel(SettingsModel& m, const QString& source, const QString& id) {
        for (const QVariant& v : m.picker().models()) {
            const QVariantMap entry = v.toMap();
            if (entry.value(QStringLiteral("source")) == source &&
                entry.value(QStringLiteral("id")) == id)
                return entry;
        }
        return {};
    }

    void theSetupCardOffersOllamasModelsAndRefusesOneWithoutTools() {
        zerg::test::HttpStub ollama;
        QVERIFY(ollama.start());
        serveOllama(ollama);
        qputenv("ZERG_OLLAMA_URL", (ollama.baseUrl() + QStringLiteral("/")).toUtf8());
        SystemClock clock;
        QNetworkAccessManager nam;
        SettingsModel m(Settings::load(), &nam, &clock);
        lookOnlyAtTheSettings(m);
        QVERIFY(!m.picker().loaded());
        m.picker().load();
        QVERIFY(m.picker().loading());
        QTRY_VERIFY(m.picker().loaded());
        QVERIFY(!m.picker().loading());

        const QVariantMap qwen =
            pickerModel(m, QStringLiteral("ollama"), QStringLiteral("qwen2.5:7b"));
        const QVariantMap gemma =
            pickerModel(m, QStringLiteral("ollama"), QStringLiteral("gemma3:4b"));
        QCOMPARE(qwen.value(QStringLiteral("toolCalling")).toString(), QStringLiteral("yes"));
        QCOMPARE(qwen.value(QStringLiteral("toolNote")).toString(), QStringLiteral("calls tools"));
        QVERIFY(qwen.value(QStringLiteral("unusableFor")).toStringList().isEmpty());
        QCOMPARE(gemma.value(QStringLiteral("toolCalling")).toString(), QStringLiteral("no"));
        QCOMPARE(gemma.value(QStringLiteral("unusableFor")).toStringList(),
                 (QStringList{QStringLiteral("supervisor"), QStringLiteral("worker"),
                              QStringLiteral("quick")}));
        QCOMPARE(gemma.value(QStringLiteral("sourceName")).toString(), QStringLiteral("Ollama"));

        QVERIFY(!m.useOllama(QString(), QString()));
        QVERIFY(m.setupError().contains(QStringLiteral("ollama pull")));
        // The setup's model is the supervisor's: one without tool calling is refused, unsaved.
        QVERIFY(!m.useOllama(QString(), QStringLiteral("gemma3:4b")));
        QVERIFY2(m.setupError().contains(QStringLiteral("gemma3:4b cannot call tools")),
                 qPrintable(m.setupError()));
        QVERIFY(!Settings::load().hasProvider());
        QVERIFY(m.useOllama(QString(), QStringLiteral("qwen2.5:7b")));
        const Settings s = Settings::load();
        QCOMPARE(s.llmProvider, QStringLiteral("openai"));
        QCOMPARE(s.llmBaseUrl, ollama.baseUrl() + QStringLiteral("/v1"));
        QCOMPARE(s.model, QStringLiteral("qwen2.5:7b"));
        QVERIFY(s.hasProvider());
    }

    void aModelWithoutToolsIsRefusedForTheRolesThatNeedThem() {
        zerg::test::HttpStub ollama;
        QVERIFY(ollama.start());
        serveOllama(ollama);
        qputenv("ZERG_OLLAMA_URL", ollama.baseUrl().toUtf8());
        QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
        q.setValue(QStringLiteral("llm/base_url"), ollama.baseUrl() + QStringLiteral("/v1"));
        q.setValue(QStringLiteral("llm/model"), QStringLiteral("qwen2.5:7b"));
        q.sync();
        SettingsModel m(Settings::load());
        lookOnlyAtTheSettings(m);
        QCOMPARE(role(m, QStringLiteral("llm/model"), SettingsModel::ModelRoleRole).toString(),
                 QStringLiteral("supervisor"));
        QCOMPARE(
            role(m, QStringLiteral("llm/summary_model"), SettingsModel::ModelRoleRole).toString(),
            QStringLiteral("summary"));
        QCOMPARE(role(m, QStringLiteral("llm/base_url"), SettingsModel::ModelRoleRole).toString(),
                 QString());

        // Before the picker knows the models, any name is taken.
        QVERIFY(m.setValue(QStringLiteral("llm/decider_model"), QStringLiteral("gemma3:4b")));
        m.picker().load();
        QTRY_VERIFY(m.picker().loaded());
        // The configured provider's list, with the local Ollama's capabilities.
        const QVariantMap gemma =
            pickerModel(m, QStringLiteral("configured"), QStringLiteral("gemma3:4b"));
        QCOMPARE(gemma.value(QStringLiteral("toolCalling")).toString(), QStringLiteral("no"));
        QVERIFY(gemma.value(QStringLiteral("configured")).toBool());

        QSignalSpy applied(&m, &SettingsModel::modelsChanged);
        for (const QString& key : {QStringLiteral("llm/model"), QStringLiteral("llm/worker_model"),
                                   QStringLiteral("llm/quick_model")}) {
            QVERIFY(!m.setValue(key, QStringLiteral("gemma3:4b")));
            const QString error = m.errorOf(key);
            QVERIFY2(error.contains(QStringLiteral("gemma3:4b cannot call tools")),
                     qPrintable(key));
            QVERIFY2(error.contains(QStringLiteral("calls tools")), qPrintable(error));
        }
        QVERIFY(m.errorOf(QStringLiteral("llm/worker_model")).contains(QStringLiteral("workers")));
        QCOMPARE(stored(QStringLiteral("llm/model")), QStringLiteral("qwen2.5:7b"));
        QVERIFY(stored(QStringLiteral("llm/worker_model")).isEmpty());
        QCOMPARE(applied.size(), 0);
        // Plain requests without tools may use it; a model that calls tools goes anywhere.
        QVERIFY(m.setValue(QStringLiteral("llm/summary_model"), QStringLiteral("gemma3:4b")));
        QVERIFY(m.setValue(QStringLiteral("llm/worker_model"), QStringLiteral("qwen2.5:7b")));
        QVERIFY(m.errorOf(QStringLiteral("llm/worker_model")).isEmpty());
        QCOMPARE(stored(QStringLiteral("llm/summary_model")), QStringLiteral("gemma3:4b"));
        QCOMPARE(applied.size(), 2);
        // A model the picker does not know is the user's call.
        QVERIFY(m.setValue(QStringLiteral("llm/quick_model"), QStringLiteral("not-listed:1b")));
    }

    void noOllamaIsReportedAsAbsent() {
        qputenv("ZERG_OLLAMA_URL",
                QStringLiteral("http://127.0.0.1:%1").arg(zerg::test::freeLoopbackPort()).toUtf8());
        SettingsModel m(Settings::load());
        lookOnlyAtTheSettings(m);
        m.picker().refresh();
        QTRY_VERIFY(m.picker().loaded());
        QVariantMap ollama;
        for (const QVariant& v : m.picker().sources()) {
            if (v.toMap().value(QStringLiteral("source")) == QStringLiteral("ollama"))
                ollama = v.toMap();
        }
        QCOMPARE(ollama.value(QStringLiteral("state")).toString(), QStringLiteral("absent"));
        QVERIFY(m.picker().models().isEmpty());
    }

    void restartNowAsksTheApp() {
        SettingsModel m(Settings::load());
        QSignalSpy restart(&m, &SettingsModel::restartRequested);
        m.requestRestart();
        QCOMPARE(restart.size(), 1);
    }

    void theSingletonIsTheRegisteredInstance() {
        SettingsModel m(Settings::load());
        SettingsModel::setInstance(&m);
        QCOMPARE(SettingsModel::create(nullptr, nullptr), &m);
        SettingsModel::setInstance(nullptr);
        ModelPicker::setInstance(&m.picker());
        QCOMPARE(ModelPicker::create(nullptr, nullptr), &m.picker());
        ModelPicker::setInstance(nullptr);
    }
};

QTEST_GUILESS_MAIN(TestSettingsModel)
#include "test_settings_model.moc"
