#include "core/secret_store.h"
#include "core/settings.h"
#include "temp_env.h"

#include <QDir>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace zerg;

// Settings written through saveValue() come back from load(); the environment still wins.
// QSettings lives in a temporary folder: the developer's own configuration is never touched.
class TestSettings : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        zerg::test::isolateSettings(m_dir.path());
        qputenv("ZERG_SECRET_BACKEND", "file");
        qputenv("ZERG_CONFIG_DIR", m_dir.filePath(QStringLiteral("config")).toUtf8());
    }

    void init() {
        test::clearZergEnvironment();
        QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
        QVERIFY2(q.fileName().startsWith(m_dir.path()), qPrintable(q.fileName()));
        q.clear();
        QFile::remove(m_dir.filePath(QStringLiteral("config/secrets.json")));
    }

    void savedValuesComeBackFromLoad() {
        QVERIFY(Settings::saveValue(QStringLiteral("llm/provider"), QStringLiteral(" Anthropic ")));
        QVERIFY(Settings::saveValue(QStringLiteral("llm/base_url"),
                                    QStringLiteral("https://api.anthropic.com")));
        QVERIFY(Settings::saveValue(QStringLiteral("llm/model"), QStringLiteral("claude-x")));
        QVERIFY(Settings::saveValue(QStringLiteral("roundabout/check_interval_seconds"), 7));
        QVERIFY(Settings::saveValue(QStringLiteral("roundabout/cancel_on_hard_timeout"), false));
        QVERIFY(Settings::saveValue(QStringLiteral("budgets/run_cost_budget_usd"),
                                    QStringLiteral("0.25")));
        // Larger than an int: token budgets are 64-bit.
        QVERIFY(Settings::saveValue(QStringLiteral("budgets/worker_token_budget"),
                                    qlonglong(5000000000)));
        QVERIFY(Settings::saveValue(QStringLiteral("xo/every_worker"), 0));
        QVERIFY(Settings::saveValue(QStringLiteral("smtp/tls"), QStringLiteral("implicit")));
        QVERIFY(Settings::saveValue(QStringLiteral("ui/theme"), QStringLiteral("dark")));
        QVERIFY(Settings::saveValue(QStringLiteral("storage/retention_days"), 30));

        const Settings s = Settings::load();
        QCOMPARE(s.llmProvider, QStringLiteral("anthropic"));
        QCOMPARE(s.llmBaseUrl, QStringLiteral("https://api.anthropic.com"));
        QCOMPARE(s.model, QStringLiteral("claude-x"));
        QCOMPARE(s.checkIntervalSeconds, 7);
        QCOMPARE(s.cancelOnHardTimeout, false);
        QCOMPARE(s.runCostBudgetUsd, 0.25);
        QCOMPARE(s.workerTokenBudget, qint64(5000000000));
        QCOMPARE(s.xoEveryWorker, 0);
        QCOMPARE(s.smtpTls, QStringLiteral("implicit"));
        QCOMPARE(s.theme, QStringLiteral("dark"));
        QCOMPARE(s.retentionDays, 30);
        // Untouched fields keep their defaults.
        QCOMPARE(s.hardTimeoutSeconds, 300);
        QCOMPARE(s.value(QStringLiteral("roundabout/check_interval_seconds")), QVariant(7));
    }

    void anEmptyValueRestoresTheDefault() {
        QVERIFY(Settings::saveValue(QStringLiteral("roundabout/check_interval_seconds"), 9));
        QCOMPARE(Settings::load().checkIntervalSeconds, 9);
        QVERIFY(Settings::saveValue(QStringLiteral("roundabout/check_interval_seconds"),
                                    QStringLiteral(" ")));
        QCOMPARE(Settings::load().checkIntervalSeconds, 5);
        QVERIFY(!QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg"))
                     .contains(QStringLiteral("roundabout/check_interval_seconds")));
    }

    void invalidValuesAreRefusedAndNotWritten_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QString>("code");
        QTest::newRow("ftp url") << "llm/base_url" << QVariant("ftp://example.com")
                                 << "invalid_url";
        QTest::newRow("no scheme")
            << "llm/base_url" << QVariant("api.openai.com/v1") << "invalid_url";
        QTest::newRow("zero interval")
            << "roundabout/check_interval_seconds" << QVariant(0) << "out_of_range";
        QTest::newRow("huge port") << "smtp/port" << QVariant("70000") << "out_of_range";
        QTest::newRow("text number")
            << "roundabout/hard_timeout_seconds" << QVariant("ten") << "not_a_number";
        QTest::newRow("fraction") << "storage/retention_days" << QVariant(1.5) << "not_a_number";
        QTest::newRow("negative cost")
            << "budgets/run_cost_budget_usd" << QVariant(-1) << "out_of_range";
        // Which providers exist is the registry's (llm::validateSetting, test_provider_registry);
        // core refuses only what cannot be a provider's id.
        QTest::newRow("provider") << "llm/provider" << QVariant("open ai") << "unknown_choice";
        QTest::newRow("theme") << "ui/theme" << QVariant("purple") << "unknown_choice";
        QTest::newRow("switch") << "roundabout/cancel_on_hard_timeout" << QVariant("maybe")
                                << "not_a_switch";
        QTest::newRow("unknown") << "llm/colour" << QVariant("x") << "unknown_setting";
        QTest::newRow("read-only") << "data_dir" << QVariant("/tmp/elsewhere") << "read_only";
    }

    void invalidValuesAreRefusedAndNotWritten() {
        QFETCH(QString, key);
        QFETCH(QVariant, value);
        QFETCH(QString, code);
        const Status saved = Settings::saveValue(key, value);
        QVERIFY(!saved);
        QCOMPARE(saved.error().code, code);
        QVERIFY(!saved.error().message.isEmpty());
        QVERIFY(QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg")).allKeys().isEmpty());
    }

    void errorsSayWhatIsAllowed() {
        const auto range = Settings::validate(QStringLiteral("smtp/port"), 70000);
        QVERIFY(!range);
        QVERIFY2(range.error().message.contains(QStringLiteral("0 to 65535")),
                 qPrintable(range.error().message));
        const auto choice = Settings::validate(QStringLiteral("ui/theme"), QStringLiteral("pink"));
        QVERIFY(choice.error().message.contains(QStringLiteral("system, light, dark")));
        const auto url = Settings::validate(QStringLiteral("llm/base_url"), QStringLiteral("x"));
        QVERIFY(url.error().message.contains(QStringLiteral("https://")));
    }

    void theEnvironmentWinsAndIsReported() {
        QVERIFY(Settings::saveValue(QStringLiteral("llm/model"), QStringLiteral("saved-model")));
        QVERIFY(Settings::saveValue(QStringLiteral("roundabout/hard_timeout_seconds"), 100));
        QCOMPARE(Settings::envOverride(QStringLiteral("llm/model")), QString());
        qputenv("ZERG_MODEL", "env-model");
        qputenv("ZERG_HARD_TIMEOUT_SECONDS", "42");
        const Settings s = Settings::load();
        QCOMPARE(s.model, QStringLiteral("env-model"));
        QCOMPARE(s.hardTimeoutSeconds, 42);
        QCOMPARE(Settings::envOverride(QStringLiteral("llm/model")), QStringLiteral("ZERG_MODEL"));
        QCOMPARE(Settings::envOverride(QStringLiteral("roundabout/hard_timeout_seconds")),
                 QStringLiteral("ZERG_HARD_TIMEOUT_SECONDS"));
        // A number the field does not allow is ignored, as before.
        qputenv("ZERG_HARD_TIMEOUT_SECONDS", "-3");
        QCOMPARE(Settings::load().hardTimeoutSeconds, 100);
    }

    void everyFieldIsReadFromItsEnvironmentVariable() {
        const QSet<QString> keys = [] {
            QSet<QString> k;
            for (const SettingField& f : Settings::fields())
                k.insert(f.key);
            return k;
        }();
        QCOMPARE(keys.size(), Settings::fields().size());
        for (const SettingField& f : Settings::fields()) {
            QVERIFY2(f.env.startsWith(QLatin1String("ZERG_")), qPrintable(f.key));
            QVariant sample;
            switch (f.kind) {
                case SettingField::Kind::Text:
                    sample = QStringLiteral("/tmp/sample");
                    break;
                case SettingField::Kind::Url:
                    sample = QStringLiteral("http://127.0.0.1:9/v1");
                    break;
                case SettingField::Kind::Int:
                case SettingField::Kind::Real:
                    sample = QString::number(qint64(f.max));
                    break;
                case SettingField::Kind::Bool:
                    sample = QStringLiteral("off");
                    break;
                case SettingField::Kind::Choice:
                    // A choice a room above owns (the provider) is any word to core.
                    sample =
                        f.choices.isEmpty() ? QStringLiteral("anthropic") : f.choices.constLast();
                    break;
            }
            qputenv(f.env.toLatin1().constData(), sample.toString().toUtf8());
            const QVariant loaded = Settings::load().value(f.key);
            qunsetenv(f.env.toLatin1().constData());
            if (f.kind == SettingField::Kind::Bool) {
                QCOMPARE(loaded.toBool(), false);
            } else if (f.kind == SettingField::Kind::Real) {
                QCOMPARE(loaded.toDouble(), f.max);
            } else {
                QVERIFY2(loaded.toString() == sample.toString(),
                         qPrintable(f.key + QLatin1String(": ") + loaded.toString()));
            }
        }
    }

    void theThemeIsSystemUnlessLightOrDark() {
        QCOMPARE(Settings::load().theme, QStringLiteral("system"));
        qputenv("ZERG_THEME", "Dark");
        QCOMPARE(Settings::load().theme, QStringLiteral("dark"));
        qputenv("ZERG_THEME", "purple");
        QCOMPARE(Settings::load().theme, QStringLiteral("system"));
    }

    void aBrokenStoredValueIsIgnored() {
        QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
        q.setValue(QStringLiteral("roundabout/check_interval_seconds"), QStringLiteral("soon"));
        q.setValue(QStringLiteral("ui/theme"), QStringLiteral("neon"));
        q.sync();
        const Settings s = Settings::load();
        QCOMPARE(s.checkIntervalSeconds, 5);
        QCOMPARE(s.theme, QStringLiteral("system"));
    }

    void aStoredWebhookUrlIsLoadedUnlessTheEnvironmentHasOne() {
        SecretStore store(m_dir.filePath(QStringLiteral("config")), SecretStore::Backend::File);
        QCOMPARE(Settings::load().webhookUrl, QString());
        QVERIFY(Settings::saveSecret(store, Settings::webhookUrlSecretName(),
                                     QStringLiteral("https://hooks.example.com/T0K3N")));
        QCOMPARE(Settings::load().webhookUrl, QStringLiteral("https://hooks.example.com/T0K3N"));
        qputenv("ZERG_WEBHOOK_URL", "https://env.example.com/hook");
        QCOMPARE(Settings::load().webhookUrl, QStringLiteral("https://env.example.com/hook"));
        qunsetenv("ZERG_WEBHOOK_URL");
        QVERIFY(Settings::saveSecret(store, Settings::webhookUrlSecretName(), QString()));
        QCOMPARE(Settings::load().webhookUrl, QString());
        QCOMPARE(store.read(Settings::webhookUrlSecretName()).value(), QString());
    }

    // A damaged secrets file is said (Settings::secretsProblem), not taken for "no key", and
    // stays as it was.
    void aDamagedSecretsFileIsSaidNotIgnored() {
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("config"))));
        QFile f(m_dir.filePath(QStringLiteral("config/secrets.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"openai_api_key\": \"sk-cut-off");
        f.close();
        qputenv("ZERG_LLM_BASE_URL", "https://api.example.com/v1");
        const Settings s = Settings::load();
        qunsetenv("ZERG_LLM_BASE_URL");
        QVERIFY(s.llmApiKey.isEmpty());
        QVERIFY2(s.secretsProblem.contains(QStringLiteral("damaged")),
                 qPrintable(s.secretsProblem));
        QVERIFY(s.secretsProblem.contains(QStringLiteral("secrets.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{\"openai_api_key\": \"sk-cut-off"));
        // Without one, nothing is said.
        QVERIFY(QFile::remove(f.fileName()));
        qputenv("ZERG_LLM_BASE_URL", "https://api.example.com/v1");
        QCOMPARE(Settings::load().secretsProblem, QString());
        qunsetenv("ZERG_LLM_BASE_URL");
    }

    void cleanupTestCase() { test::clearZergEnvironment(); }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "test_settings.moc"
