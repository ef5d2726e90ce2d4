#include "core/secret_store.h"
#include "core/settings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace zerg;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

int modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 0777) : -1;
}

// Sets the process umask for one scope.
struct Umask {
    explicit Umask(mode_t mask) : old(::umask(mask)) {}
    ~Umask() { ::umask(old); }
    mode_t old;
};

}  // namespace

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

    // A secrets file Zerg cannot parse may still hold the user's keys: every read and write is
    // an error that names the file and what to do, and the file is never replaced.
    void damagedFileIsAnErrorAndIsNeverReplaced_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("cut off") << QByteArray("{\"openai_api_key\": \"sk-keep-me");
        QTest::newRow("not JSON") << QByteArray("openai_api_key=sk-keep-me\n");
        QTest::newRow("an array") << QByteArray("[\"sk-keep-me\"]");
        QTest::newRow("a string") << QByteArray("\"sk-keep-me\"");
    }
    void damagedFileIsAnErrorAndIsNeverReplaced() {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        QVERIFY(writeAll(path, content));
        SecretStore store(dir.path(), SecretStore::Backend::File);

        const Result<QString> read = store.read(QStringLiteral("openai_api_key"));
        QVERIFY(!read);
        QCOMPARE(read.error().code, QStringLiteral("secrets_file"));
        QVERIFY2(read.error().message.contains(path), qPrintable(read.error().message));
        QVERIFY(read.error().message.contains(QStringLiteral("move it aside or fix it")));
        QVERIFY(read.error().message.contains(QStringLiteral("will not overwrite")));
        QVERIFY(!read.error().message.contains(QStringLiteral("sk-keep-me")));

        const Status write = store.write(QStringLiteral("anthropic_api_key"), QStringLiteral("x"));
        QVERIFY(!write);
        QCOMPARE(write.error().code, QStringLiteral("secrets_file"));
        QVERIFY(write.error().message.contains(path));
        const Status removed = store.remove(QStringLiteral("openai_api_key"));
        QVERIFY(!removed);
        QCOMPARE(readAll(path), content);  // untouched by either

        // Moved aside, the store starts afresh.
        QVERIFY(QFile::rename(path, path + QStringLiteral(".bad")));
        QVERIFY(store.write(QStringLiteral("anthropic_api_key"), QStringLiteral("x")));
        QCOMPARE(store.read(QStringLiteral("anthropic_api_key")).value(), QStringLiteral("x"));
        QCOMPARE(readAll(path + QStringLiteral(".bad")), content);
    }

    void emptyFileHoldsNoSecrets() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        QVERIFY(writeAll(path, "\n"));
        SecretStore store(dir.path(), SecretStore::Backend::File);
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QString());
        QVERIFY(store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-1")));
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QStringLiteral("sk-1"));
    }

    // A value that is not text is an error for its own name only, and survives other writes.
    void valueThatIsNotTextIsAnError() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        QVERIFY(writeAll(path, R"({"smtp_password": 12345, "openai_api_key": "sk-1"})"));
        SecretStore store(dir.path(), SecretStore::Backend::File);
        const Result<QString> bad = store.read(QStringLiteral("smtp_password"));
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, QStringLiteral("secrets_file"));
        QVERIFY(bad.error().message.contains(QStringLiteral("smtp_password")));
        QVERIFY(bad.error().message.contains(path));
        QCOMPARE(store.read(QStringLiteral("openai_api_key")).value(), QStringLiteral("sk-1"));
        QVERIFY(store.write(QStringLiteral("anthropic_api_key"), QStringLiteral("sk-2")));
        QVERIFY(readAll(path).contains("12345"));
    }

    void unreadableFileIsAnErrorAndIsNeverReplaced() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        QVERIFY(writeAll(path, R"({"openai_api_key": "sk-keep-me"})"));
        QVERIFY(QFile::setPermissions(path, QFileDevice::WriteOwner));
        QFile probe(path);
        if (probe.open(QIODevice::ReadOnly))
            QSKIP("running as root: every file is readable");
        SecretStore store(dir.path(), SecretStore::Backend::File);
        const Result<QString> read = store.read(QStringLiteral("openai_api_key"));
        QVERIFY(!read);
        QCOMPARE(read.error().code, QStringLiteral("io"));
        QVERIFY(read.error().message.contains(path));
        QVERIFY(!store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-new")));
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QCOMPARE(readAll(path), QByteArray(R"({"openai_api_key": "sk-keep-me"})"));
    }

    // The folder the store creates is the user's only, whatever the umask; the file is 0600.
    void newFolderIs0700AndFile0600() {
        QTemporaryDir dir;
        const QString config = dir.filePath(QStringLiteral("home/.config/zerg"));
        {
            const Umask permissive(0);
            SecretStore store(config, SecretStore::Backend::File);
            QVERIFY(store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-1")));
        }
        QCOMPARE(modeOf(config), 0700);
        QCOMPARE(modeOf(QDir(config).filePath(QStringLiteral("secrets.json"))), 0600);
        // An existing folder keeps the mode it has.
        const QString shared = dir.filePath(QStringLiteral("shared"));
        QVERIFY(QDir().mkpath(shared));
        QVERIFY(QFile::setPermissions(shared, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                  QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                                  QFileDevice::ExeGroup));
        SecretStore store(shared, SecretStore::Backend::File);
        QVERIFY(store.write(QStringLiteral("openai_api_key"), QStringLiteral("sk-1")));
        QCOMPARE(modeOf(shared), 0750);
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
        QCOMPARE(s.modelFor(AgentRole::Worker), QStringLiteral("big"));
        s.workerModel = QStringLiteral("small");
        s.summaryModel = QStringLiteral("tiny");
        QCOMPARE(s.modelFor(AgentRole::Supervisor), QStringLiteral("big"));
        QCOMPARE(s.modelFor(AgentRole::Decider), QStringLiteral("small"));
        QCOMPARE(s.modelFor(AgentRole::Summary), QStringLiteral("tiny"));
    }
};

QTEST_GUILESS_MAIN(TestSecretStore)
#include "test_secret_store.moc"
