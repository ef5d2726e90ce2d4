#include "core/secret_store.h"
#include "core/settings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

class TestSecretStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fileFallbackIsReadableByTheUserOnly() {
        QTemporaryDir dir;
        SecretStore store(dir.path(), SecretStore::Backend::File);
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QString());
        QVERIFY(store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-secret-1")));
        QVERIFY(store.write(QStringLiteral("anthropic_api_key"), QStringLiteral("sk-ant-2")));
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(),
                 QStringLiteral("sk-secret-1"));
        const QFile f(dir.filePath(QStringLiteral("secrets.json")));
        QCOMPARE(f.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                    QFileDevice::WriteGroup | QFileDevice::WriteOther),
                 QFileDevice::Permissions());
        QVERIFY(store.location().contains(QStringLiteral("secrets.json")));
        QVERIFY(!store.location().contains(QStringLiteral("sk-")));
        QVERIFY(store.remove(QStringLiteral("openai_api_key")));
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QString());
        QCOMPARE(store.read(QStringLiteral("anthropic_api_key")).value(),
                 QStringLiteral("sk-ant-2"));
    }

    void settingsTakeTheKeyFromTheStoreUnlessTheEnvironmentHasOne() {
        QTemporaryDir dir;
        SecretStore store(dir.path(), SecretStore::Backend::File);
        QVERIFY(store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-from-store")));
        qputenv("ZERG_SECRET_BACKEND", "file");
        qputenv("ZERG_CONFIG_DIR", dir.path().toUtf8());
        qputenv("ZERG_LLM_BASE_URL", "http://127.0.0.1:9/v1");
        qunsetenv("ZERG_LLM_API_KEY");
        QCOMPARE(Settings::load().llmApiKey, QStringLiteral("sk-from-store"));
        qputenv("ZERG_LLM_API_KEY", "sk-from-env");
        QCOMPARE(Settings::load().llmApiKey, QStringLiteral("sk-from-env"));
        qputenv("ZERG_LLM_PROVIDER", "anthropic");
        qunsetenv("ZERG_LLM_API_KEY");
        QCOMPARE(Settings::load().llmApiKey, QString());  // another provider's key is not used
        // The secret's name follows the provider as typed; the registry says whether it exists.
        qputenv("ZERG_LLM_PROVIDER", "Bogus");
        QCOMPARE(Settings::load().apiKeySecretName(), QStringLiteral("bogus_api_key"));
    }

    void modelsPerRole() {
        Settings s;
        s.model = QStringLiteral("big");
        QCOMPARE(s.modelFor(QStringLiteral("worker")), QStringLiteral("big"));
        s.workerModel = QStringLiteral("small");
        s.summaryModel = QStringLiteral("tiny");
        QCOMPARE(s.modelFor(QStringLiteral("supervisor")), QStringLiteral("big"));
        QCOMPARE(s.modelFor(QStringLiteral("decider")), QStringLiteral("small"));
        QCOMPARE(s.modelFor(QStringLiteral("summary")), QStringLiteral("tiny"));
    }
};

QTEST_GUILESS_MAIN(TestSecretStore)
#include "test_secret_store.moc"
