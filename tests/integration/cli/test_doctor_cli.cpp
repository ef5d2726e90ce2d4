// `zerg doctor` against real parts: a loopback HTTP server that lists models (HttpStub), the
// loopback LLM server (FakeLlmServer, which does not list models), a real sshd, real folders and
// SQLite files. Runs the real binary, as scripts do.
#include "fake_llm_server.h"
#include "http_stub.h"
#include "postgres_fixture.h"
#include "sshd_fixture.h"
#include "storage/database.h"
#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using zerg::test::FakeLlmServer;
using zerg::test::HttpStub;
using zerg::test::SshdFixture;

namespace {

const QByteArray kApiKey = "sk-doctor-secret";
const QByteArray kModels =
    R"({"object":"list","data":[{"id":"supervisor-model","object":"model"},)"
    R"({"id":"worker-model","object":"model"},{"id":"qwen2.5:latest","object":"model"}]})";

}  // namespace

class TestDoctorCli : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    bool m_haveSshd = false;
    QTemporaryDir m_tmp;
    HttpStub m_openai;     // lists kModels at /v1/models
    HttpStub m_anthropic;  // lists kModels at /v1/models?limit=1000
    HttpStub m_refusing;   // answers 401
    FakeLlmServer m_fakeLlm;
    int m_dirs = 0;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
        QJsonObject json;  // with --json
        // The check of that name in json (empty when there is none).
        QJsonObject check(const QString& name) const {
            for (const QJsonValue& v : json.value(QStringLiteral("checks")).toArray()) {
                if (v.toObject().value(QStringLiteral("name")).toString() == name)
                    return v.toObject();
            }
            return {};
        }
        QString status(const QString& name) const {
            return check(name).value(QStringLiteral("status")).toString();
        }
        QString fix(const QString& name) const {
            return check(name).value(QStringLiteral("fix")).toString();
        }
        QString detail(const QString& name) const {
            return check(name).value(QStringLiteral("detail")).toString();
        }
    };

    // Runs zerg while this test's event loop serves the HTTP servers.
    Run zerg(const QStringList& args, const QProcessEnvironment& env) {
        const zerg::test::ProgramRun p =
            zerg::test::runProgram(QStringLiteral(ZERG_EXE), args, env);
        Run r{p.code, p.out, p.err, {}};
        if (args.contains(QStringLiteral("--json")))
            r.json = QJsonDocument::fromJson(r.out).object();
        return r;
    }
    Run doctor(const QProcessEnvironment& env) { return zerg({QStringLiteral("doctor")}, env); }
    Run doctorJson(const QProcessEnvironment& env) {
        return zerg({QStringLiteral("doctor"), QStringLiteral("--json")}, env);
    }

    QString newDir() {
        const QString dir = m_tmp.filePath(QStringLiteral("data%1").arg(++m_dirs));
        QDir().mkpath(dir);
        return dir;
    }

    // No provider, no hosts file, a fresh data folder; English texts.
    QProcessEnvironment bareEnv() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& k : env.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                env.remove(k);
        }
        env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_tmp.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("home")));
        env.insert(QStringLiteral("ZERG_CONFIG_DIR"), m_tmp.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("ZERG_SECRET_BACKEND"), QStringLiteral("file"));
        env.insert(QStringLiteral("ZERG_DATA_DIR"), newDir());
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"), m_tmp.filePath(QStringLiteral("no-hosts")));
        // Nothing answers there: the "no provider" advice must not depend on this machine.
        env.insert(QStringLiteral("ZERG_OLLAMA_URL"),
                   QStringLiteral("http://127.0.0.1:%1").arg(zerg::test::freeLoopbackPort()));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        return env;
    }

    // A provider that lists the configured models, and one trusted host.
    QProcessEnvironment healthyEnv() {
        QProcessEnvironment env = bareEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_openai.baseUrl() + QStringLiteral("/v1"));
        env.insert(QStringLiteral("ZERG_LLM_API_KEY"), QString::fromLatin1(kApiKey));
        env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
        env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
        if (m_haveSshd) {
            env.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                       m_sshd.writeHostsFile(QStringLiteral("testbox"), m_sshd.knownHostsPath()));
        }
        return env;
    }

    static void verifyFailsWith(const Run& r, const QString& check, const QString& fixText) {
        QVERIFY2(r.code == 1, r.out + r.err);
        QVERIFY2(r.json.value(QStringLiteral("ok")) == QJsonValue(false), r.out.constData());
        QVERIFY2(r.status(check) == QLatin1String("fail"), r.out.constData());
        QVERIFY2(r.fix(check).contains(fixText), qPrintable(r.fix(check)));
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QString why;
        m_haveSshd = m_sshd.available(&why) && m_sshd.start(&why);
        if (!m_haveSshd)
            qWarning("sshd not available, host checks are skipped: %s", qPrintable(why));
        QVERIFY(m_openai.start());
        m_openai.route("GET", "/v1/models", 200, kModels);
        QVERIFY(m_anthropic.start());
        m_anthropic.route("GET", "/v1/models?limit=1000", 200, kModels);
        QVERIFY(m_refusing.start());
        m_refusing.route("GET", "/v1/models", 401, R"({"error":{"message":"bad key"}})");
        QVERIFY(m_fakeLlm.start());
    }

    void healthySetupPasses() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        const QProcessEnvironment env = healthyEnv();
        // A database at the current schema, as after any earlier command.
        const Run list = zerg({QStringLiteral("runs"), QStringLiteral("list")}, env);
        QVERIFY2(list.code == 0, list.err.constData());

        const Run r = doctor(env);
        QVERIFY2(r.code == 0, r.out + r.err);
        // Not a terminal: plain words, one check per line. Nothing failed; the only warning
        // this machine may add is its own lack of disk space.
        QVERIFY2(!r.out.contains("FAIL"), r.out.constData());
        for (const QByteArray& line : r.out.split('\n')) {
            QVERIFY2(!line.startsWith("warn") || line.startsWith("warn Free space:"),
                     r.out.constData());
        }
        for (const char* line :
             {"ok   LLM provider: openai at",
              "ok   Provider reachable:", "ok   Model supervisor-model", "ok   Model worker-model",
              "ok   Data folder:", "Free space:", "ok   Database:", "schema version", "current",
              "ok   Hosts file:", "ok   Host testbox:", "logged in"}) {
            QVERIFY2(r.out.contains(line),
                     qPrintable(QStringLiteral("missing \"%1\" in:\n%2")
                                    .arg(QLatin1String(line), QString::fromUtf8(r.out))));
        }
        // The key went to the server, and nowhere else.
        const auto& requests = m_openai.requests();
        QVERIFY(!requests.isEmpty());
        QCOMPARE(requests.last().path, QByteArray("/v1/models"));
        QCOMPARE(requests.last().headers.value("authorization"), "Bearer " + kApiKey);
        QVERIFY(!r.out.contains(kApiKey) && !r.err.contains(kApiKey));
        QVERIFY(r.out.contains("from ZERG_LLM_API_KEY"));
    }

    void jsonHasOneObjectPerCheck() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        const Run r = doctorJson(healthyEnv());
        QVERIFY2(r.code == 0, r.out + r.err);
        QCOMPARE(r.json.value(QStringLiteral("ok")), QJsonValue(true));
        const QJsonArray checks = r.json.value(QStringLiteral("checks")).toArray();
        QStringList names;
        for (const QJsonValue& v : checks) {
            const QJsonObject c = v.toObject();
            QCOMPARE(c.keys(), (QStringList{QStringLiteral("detail"), QStringLiteral("fix"),
                                            QStringLiteral("name"), QStringLiteral("status")}));
            QVERIFY(
                QStringList({QStringLiteral("ok"), QStringLiteral("warn"), QStringLiteral("fail")})
                    .contains(c.value(QStringLiteral("status")).toString()));
            QVERIFY(!c.value(QStringLiteral("detail")).toString().isEmpty());
            names.append(c.value(QStringLiteral("name")).toString());
        }
        QCOMPARE(names,
                 (QStringList{QStringLiteral("provider"), QStringLiteral("provider_reachable"),
                              QStringLiteral("model:supervisor-model"),
                              QStringLiteral("model:worker-model"), QStringLiteral("data_folder"),
                              QStringLiteral("disk_space"), QStringLiteral("database"),
                              QStringLiteral("sandbox"), QStringLiteral("hosts_file"),
                              QStringLiteral("host:testbox")}));
        QVERIFY(!r.out.contains(kApiKey));
    }

    void noProviderSaysWhatToSet() {
        const Run r = doctorJson(bareEnv());
        verifyFailsWith(r, QStringLiteral("provider"), QStringLiteral("ZERG_LLM_BASE_URL"));
        QVERIFY(r.fix(QStringLiteral("provider")).contains(QStringLiteral("ZERG_MODEL")));
        // Nothing to reach without a provider.
        QVERIFY(r.check(QStringLiteral("provider_reachable")).isEmpty());

        const Run text = doctor(bareEnv());
        QCOMPARE(text.code, 1);
        QVERIFY2(text.out.contains("FAIL LLM provider:"), text.out.constData());
        QVERIFY(text.out.contains("fix: Set ZERG_LLM_BASE_URL"));
        QVERIFY(text.out.contains("Problems to fix: 1"));
    }

    void unreachableProviderFails() {
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"),
                   QStringLiteral("http://127.0.0.1:%1/v1").arg(zerg::test::freeLoopbackPort()));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("provider_reachable"),
                        QStringLiteral("ZERG_LLM_BASE_URL"));
        QVERIFY(
            r.detail(QStringLiteral("provider_reachable")).contains(QStringLiteral("/v1/models")));
        // The rest is still checked.
        QCOMPARE(r.status(QStringLiteral("data_folder")), QStringLiteral("ok"));
    }

    void silentProviderTimesOut() {
        // Accepts connections (the kernel does) and never answers.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"),
                   QStringLiteral("http://127.0.0.1:%1/v1").arg(silent.serverPort()));
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"), m_tmp.filePath(QStringLiteral("no-hosts")));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("provider_reachable"),
                        QStringLiteral("ZERG_LLM_BASE_URL"));
        QVERIFY(r.detail(QStringLiteral("provider_reachable"))
                    .contains(QStringLiteral("no answer within 5 s")));
    }

    void refusedKeyPointsAtKeySet() {
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"),
                   m_refusing.baseUrl() + QStringLiteral("/v1"));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("provider_reachable"), QStringLiteral("zerg key set"));
        QVERIFY(r.detail(QStringLiteral("provider_reachable")).contains(QStringLiteral("401")));
    }

    void missingModelNamesItsVariable() {
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("no-such-model"));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("model:no-such-model"),
                        QStringLiteral("ZERG_WORKER_MODEL"));
        QCOMPARE(r.status(QStringLiteral("model:supervisor-model")), QStringLiteral("ok"));
        // What the server does offer, to pick from.
        QVERIFY(r.detail(QStringLiteral("model:no-such-model"))
                    .contains(QStringLiteral("worker-model")));
    }

    void ollamaLatestTagCounts() {
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("qwen2.5"));
        const Run r = doctorJson(env);
        QCOMPARE(r.status(QStringLiteral("model:qwen2.5")), QStringLiteral("ok"));
    }

    void anthropicIsAskedWithItsHeaders() {
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_LLM_PROVIDER"), QStringLiteral("anthropic"));
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_anthropic.baseUrl());
        const Run r = doctorJson(env);
        QCOMPARE(r.status(QStringLiteral("provider_reachable")), QStringLiteral("ok"));
        QCOMPARE(r.status(QStringLiteral("model:worker-model")), QStringLiteral("ok"));
        const auto& request = m_anthropic.requests().last();
        QCOMPARE(request.headers.value("x-api-key"), kApiKey);
        QVERIFY(!request.headers.value("anthropic-version").isEmpty());
        QVERIFY(!request.headers.contains("authorization"));
    }

    void aServerWithoutAModelListOnlyWarns() {
        // The loopback LLM server answers chat requests only (GET /v1/models is a 404), like
        // some OpenAI-compatible servers: the models cannot be checked, which is no failure.
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_fakeLlm.baseUrl());
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"), m_tmp.filePath(QStringLiteral("no-hosts")));
        const Run r = doctorJson(env);
        QVERIFY2(r.code == 0, r.out + r.err);
        QCOMPARE(r.status(QStringLiteral("provider_reachable")), QStringLiteral("ok"));
        QCOMPARE(r.status(QStringLiteral("models")), QStringLiteral("warn"));
        QVERIFY(r.detail(QStringLiteral("models")).contains(QStringLiteral("404")));
        // A missing hosts file is a warning too: Zerg runs, workers just reach no server.
        QCOMPARE(r.status(QStringLiteral("hosts_file")), QStringLiteral("warn"));
        QVERIFY(r.fix(QStringLiteral("hosts_file")).contains(QStringLiteral("zerg hosts import")));
        QCOMPARE(r.json.value(QStringLiteral("ok")), QJsonValue(true));

        const Run text = doctor(env);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("warn Models:"), text.out.constData());
        QVERIFY(text.out.contains("No problems; warnings: 2"));
    }

    void unknownHostKeySaysTrust() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                   m_sshd.writeHostsFile(QStringLiteral("newbox"),
                                         m_tmp.filePath(QStringLiteral("empty_known_hosts"))));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("host:newbox"),
                        QStringLiteral("zerg hosts trust newbox"));
        QVERIFY(r.detail(QStringLiteral("host:newbox")).contains(m_sshd.hostKeyFingerprint()));

        const Run text = doctor(env);
        QVERIFY2(text.out.contains("FAIL Host newbox:"), text.out.constData());
        QVERIFY(
            text.out.contains("fix: Check the fingerprint with the server's administrator, "
                              "then run: zerg hosts trust newbox"));
    }

    void changedHostKeyIsASecurityWarning() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                   m_sshd.writeHostsFile(QStringLiteral("movedbox"), m_sshd.wrongKnownHostsPath()));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("host:movedbox"), QStringLiteral("ssh-keygen -R"));
        QVERIFY(r.fix(QStringLiteral("host:movedbox"))
                    .contains(QStringLiteral("zerg hosts trust movedbox")));
        QVERIFY(r.detail(QStringLiteral("host:movedbox"))
                    .startsWith(QStringLiteral("SECURITY WARNING")));
    }

    void unreachableHostFails() {
        QProcessEnvironment env = healthyEnv();
        const QString hosts = m_tmp.filePath(QStringLiteral("hosts_closed"));
        QFile f(hosts);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host closedbox\n    HostName 127.0.0.1\n    Port %1\n")
                    .arg(zerg::test::freeLoopbackPort())
                    .toUtf8());
        f.close();
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"), hosts);
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("host:closedbox"), hosts);
        QCOMPARE(r.status(QStringLiteral("hosts_file")), QStringLiteral("ok"));
    }

    void dataFolderThatCannotBeCreatedFails() {
        // Tests may run as root, where permission bits do not stop writes: a path below a
        // regular file cannot be created by anyone.
        QProcessEnvironment env = healthyEnv();
        const QString file = m_tmp.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        env.insert(QStringLiteral("ZERG_DATA_DIR"), file + QStringLiteral("/zerg"));
        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("data_folder"), QStringLiteral("ZERG_DATA_DIR"));
        QVERIFY(r.detail(QStringLiteral("data_folder"))
                    .contains(QStringLiteral("is a file, not a folder")));
    }

    void readOnlyDataFolderFails() {
        if (::geteuid() == 0)
            QSKIP("running as root: chmod does not stop root from writing");
        QProcessEnvironment env = healthyEnv();
        const QString dir = env.value(QStringLiteral("ZERG_DATA_DIR"));
        QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner));
        const Run r = doctorJson(env);
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        verifyFailsWith(r, QStringLiteral("data_folder"), QStringLiteral("chmod u+rwx"));
    }

    void missingDataFolderIsNotCreated() {
        QProcessEnvironment env = healthyEnv();
        const QString dir = m_tmp.filePath(QStringLiteral("later/zerg"));
        env.insert(QStringLiteral("ZERG_DATA_DIR"), dir);
        const Run r = doctorJson(env);
        QCOMPARE(r.status(QStringLiteral("data_folder")), QStringLiteral("ok"));
        QCOMPARE(r.status(QStringLiteral("database")), QStringLiteral("ok"));
        QVERIFY2(!QFileInfo::exists(dir), "the doctor created the data folder");
    }

    void newerDatabaseSchemaSaysUpgrade() {
        QProcessEnvironment env = healthyEnv();
        const QString dir = env.value(QStringLiteral("ZERG_DATA_DIR"));
        const QString path = QDir(dir).filePath(QStringLiteral("zerg.sqlite"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "future");
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(
                q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER "
                                      "PRIMARY KEY, applied_at TEXT NOT NULL)")));
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO schema_migrations VALUES (999, "
                                      "'2030-01-01T00:00:00Z')")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("future"));

        const Run r = doctorJson(env);
        verifyFailsWith(r, QStringLiteral("database"), QStringLiteral("Upgrade Zerg"));
        QVERIFY(r.detail(QStringLiteral("database")).contains(QStringLiteral("999")));

        // Read without changes: still the one table.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "after");
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(
                q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = "
                                      "'table'")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), 1);
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("after"));

        const Run text = doctor(env);
        QVERIFY2(text.out.contains("FAIL Database:"), text.out.constData());
        QVERIFY(text.out.contains("fix: Upgrade Zerg"));
    }

    void postgresIsOpenedAndANewerSchemaRefused() {
        auto server = zerg::test::PostgresServer::shared();
        if (!server)
            QSKIP(qPrintable(server.error().message));
        const auto url = server.value()->createDatabase(QStringLiteral("doctor_pg"));
        QVERIFY2(url, url ? "" : qPrintable(url.error().message));
        QProcessEnvironment env = healthyEnv();
        env.insert(QStringLiteral("ZERG_DATABASE_URL"), url.value());
        const Run fresh = doctorJson(env);
        QCOMPARE(fresh.status(QStringLiteral("database")), QStringLiteral("ok"));
        QVERIFY(fresh.detail(QStringLiteral("database")).contains(QStringLiteral("PostgreSQL")));

        {
            auto db = zerg::Database::openConfigured(QString(), url.value());
            QVERIFY2(db, db ? "" : qPrintable(db.error().message));
            QSqlQuery q((*db)->connection());
            QVERIFY(
                q.exec(QStringLiteral("INSERT INTO schema_migrations (version, applied_at) "
                                      "VALUES (999, '2030-01-01T00:00:00Z')")));
        }
        const Run newer = doctorJson(env);
        verifyFailsWith(newer, QStringLiteral("database"), QStringLiteral("Upgrade Zerg"));
        QVERIFY(
            newer.fix(QStringLiteral("database")).contains(QStringLiteral("ZERG_DATABASE_URL")));
    }

    void unexpectedArgumentIsAUsageError() {
        const Run r =
            zerg({QStringLiteral("doctor"), QStringLiteral("--fix-everything")}, bareEnv());
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--fix-everything"));
    }
};

QTEST_GUILESS_MAIN(TestDoctorCli)
#include "test_doctor_cli.moc"
