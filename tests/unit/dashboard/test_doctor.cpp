// The doctor in process: each check against real parts (a loopback HTTP server for the provider,
// real folders, SQLite files and hosts files) or a scripted HostsSource for the logins, timeouts
// on a ManualClock. A broken check shows here as a wrong status, message or fix.
#include "core/clock.h"
#include "core/secret_store.h"
#include "dashboard/doctor.h"
#include "dashboard/hosts_source.h"
#include "http_stub.h"
#include "mcp_reference_servers.h"
#include "storage/agent_profiles.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "temp_env.h"
#include "tools/shell_exec_tool.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace zerg;
using zerg::test::HttpStub;
using CheckStatus = DoctorCheck::Status;

namespace {

const QByteArray kModels = R"({"object":"list","data":[{"id":"m1"},{"id":"qwen2.5:latest"}]})";

// The hosts file's hosts as LocalHostsSource reads them, logins answered by a script (or never).
class ScriptedHosts final : public HostsSource {
public:
    QString hostsFile;
    std::function<std::optional<HostTestResult>(const QString& alias)> login;
    QStringList tested;

    void hosts(QObject*, SourceReply<HostsList> done) override {
        done(HostChecks::list(hostsFile, QStringLiteral("/nonexistent/known_hosts")));
    }
    void test(const QString& alias, QObject*, SourceReply<HostTestResult> done) override {
        tested.append(alias);
        if (const std::optional<HostTestResult> r = login(alias))
            done(*r);
    }
    void checkKey(const QString&, QObject*, SourceReply<HostKeyCheck> done) override {
        done(Error{QStringLiteral("unused"), QString()});
    }
    void trust(const QString&, const QString&, QObject*, SourceReply<HostKeyCheck> done) override {
        done(Error{QStringLiteral("unused"), QString()});
    }
};

}  // namespace

class TestDoctor : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_dirs = 0;
    HttpStub m_server;  // lists kModels at /v1/models
    QNetworkAccessManager m_nam;

    QString newDir() {
        const QString dir = m_tmp.filePath(QStringLiteral("d%1").arg(++m_dirs));
        QDir().mkpath(dir);
        return dir;
    }

    QString writeFile(const QString& name, const QByteArray& text) {
        const QString path = QDir(newDir()).filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(text);
        return path;
    }

    // A provider that lists the model, a fresh data folder, no hosts file.
    Settings healthy() {
        Settings s;
        s.dataDir = newDir();
        s.llmProvider = QStringLiteral("openai");
        s.llmBaseUrl = m_server.baseUrl() + QStringLiteral("/v1");
        s.llmApiKey = QStringLiteral("sk-doctor");
        s.model = QStringLiteral("m1");
        s.deciderModel = QStringLiteral("heuristic");
        s.hostsFile = m_tmp.filePath(QStringLiteral("no-hosts"));
        s.ollamaUrl = QStringLiteral("http://127.0.0.1:%1").arg(zerg::test::freeLoopbackPort());
        return s;
    }

    // Runs the doctor to its end; the checks by id.
    QHash<QString, DoctorCheck> run(const Settings& s, Clock* clock, HostsSource* hosts,
                                    DoctorTimeouts timeouts = {}) {
        Doctor doctor(s, &m_nam, clock, hosts, timeouts);
        QSignalSpy done(&doctor, &Doctor::finished);
        QList<QString> order;
        connect(&doctor, &Doctor::checked, this,
                [&order](const DoctorCheck& c) { order.append(c.id); });
        doctor.run();
        if (!doctor.isFinished())
            done.wait(20000);
        [&] { QCOMPARE(done.count(), 1); }();
        QHash<QString, DoctorCheck> byId;
        for (const DoctorCheck& c : doctor.checks())
            byId.insert(c.id, c);
        [&] {
            QCOMPARE(order.size(), doctor.checks().size());
            QCOMPARE(order.value(0), QStringLiteral("provider"));
        }();
        return byId;
    }

    QHash<QString, DoctorCheck> run(const Settings& s) {
        SystemClock clock;
        LocalHostsSource hosts(s, &clock);
        return run(s, &clock, &hosts);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        zerg::test::clearZergEnvironment();
        QVERIFY(m_server.start());
        m_server.route("GET", "/v1/models", 200, kModels);
    }

    // mcp.json's servers are started once each: a good one lists its tools, one that exits is
    // named with its stderr, a bad entry is a warning; without servers there is no MCP row.
    void mcpServersAreStartedAndTheirProblemsNamed() {
        const auto ref = zerg::test::mcpReferenceServer(QStringLiteral("server-everything"),
                                                        {QStringLiteral("stdio")});
        QVERIFY2(ref.problem.isEmpty(), qPrintable(ref.problem));
        Settings s = healthy();
        s.mcpConfigFile = m_tmp.filePath(QStringLiteral("doctor-mcp.json"));
        QFile f(s.mcpConfigFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QJsonObject servers{
            {"good",
             QJsonObject{{"command", ref.command}, {"args", QJsonArray::fromStringList(ref.args)}}},
            {"broken", QJsonObject{{"command", "/bin/sh"},
                                   {"args", QJsonArray{"-c", "echo token expired >&2; exit 2"}}}},
            {"web", QJsonObject{{"url", "ftp://example.org"}}}};
        f.write(QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson());
        f.close();
        const auto checks = run(s);
        QCOMPARE(checks.value("mcp_config").status, DoctorCheck::Status::Warning);
        QVERIFY2(checks.value("mcp_config").message.contains("web"),
                 qPrintable(checks.value("mcp_config").message));
        QCOMPARE(checks.value("mcp:good").status, DoctorCheck::Status::Ok);
        QVERIFY2(checks.value("mcp:good").message.contains("tool"),
                 qPrintable(checks.value("mcp:good").message));
        QCOMPARE(checks.value("mcp:broken").status, DoctorCheck::Status::Failed);
        QVERIFY2(checks.value("mcp:broken").message.contains("token expired") &&
                     checks.value("mcp:broken").message.contains("code 2"),
                 qPrintable(checks.value("mcp:broken").message));
        QVERIFY(checks.value("mcp:broken").fix.contains("zerg mcp tools broken"));
        QVERIFY(!checks.contains("mcp:web"));
        for (const QString& id : run(healthy()).keys())
            QVERIFY2(!id.startsWith("mcp"), qPrintable(id));
    }

    void aHealthyProviderPassesAndItsModelIsListed() {
        const auto checks = run(healthy());
        QCOMPARE(checks.value(QStringLiteral("provider")).status, CheckStatus::Ok);
        QVERIFY(
            checks.value(QStringLiteral("provider")).message.contains(QStringLiteral("API key: ")));
        QVERIFY(!checks.value(QStringLiteral("provider")).message.contains(QStringLiteral("sk-")));
        QCOMPARE(checks.value(QStringLiteral("provider_reachable")).status, CheckStatus::Ok);
        QVERIFY(checks.value(QStringLiteral("provider_reachable"))
                    .message.contains(QStringLiteral("/v1/models")));
        QCOMPARE(checks.value(QStringLiteral("model:m1")).status, CheckStatus::Ok);
        QCOMPARE(m_server.requests().last().headers.value("authorization"),
                 QByteArray("Bearer sk-doctor"));
        QCOMPARE(checks.value(QStringLiteral("data_folder")).status, CheckStatus::Ok);
        QCOMPARE(checks.value(QStringLiteral("database")).status, CheckStatus::Ok);
    }

    void aModelTheServerDoesNotOfferFails() {
        Settings s = healthy();
        s.workerModel = QStringLiteral("qwen2.5");  // served as qwen2.5:latest
        s.quickModel = QStringLiteral("no-such-model");
        const auto checks = run(s);
        QCOMPARE(checks.value(QStringLiteral("model:qwen2.5")).status, CheckStatus::Ok);
        const DoctorCheck missing = checks.value(QStringLiteral("model:no-such-model"));
        QCOMPARE(missing.status, CheckStatus::Failed);
        QVERIFY2(missing.fix.contains(QStringLiteral("ZERG_QUICK_MODEL")), qPrintable(missing.fix));
        QVERIFY(missing.message.contains(QStringLiteral("m1")));
    }

    void anUnreachableProviderFailsAndSaysWhereItLooked() {
        Settings s = healthy();
        s.llmBaseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(zerg::test::freeLoopbackPort());
        const auto checks = run(s);
        QCOMPARE(checks.value(QStringLiteral("provider")).status, CheckStatus::Ok);
        const DoctorCheck reachable = checks.value(QStringLiteral("provider_reachable"));
        QCOMPARE(reachable.status, CheckStatus::Failed);
        QVERIFY(reachable.message.contains(s.llmBaseUrl + QStringLiteral("/models")));
        QVERIFY(reachable.fix.contains(QStringLiteral("ZERG_LLM_BASE_URL")));
        QCOMPARE(checks.value(QStringLiteral("models")).status, CheckStatus::Skipped);
        QVERIFY(!checks.contains(QStringLiteral("model:m1")));
        // The other checks still run.
        QCOMPARE(checks.value(QStringLiteral("database")).status, CheckStatus::Ok);
    }

    void aSilentProviderTimesOutOnTheClock() {
        QTcpServer silent;  // accepts, never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        Settings s = healthy();
        s.llmBaseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(silent.serverPort());
        ManualClock clock;
        LocalHostsSource hosts(s, &clock);
        Doctor doctor(s, &m_nam, &clock, &hosts, DoctorTimeouts{});
        QSignalSpy done(&doctor, &Doctor::finished);
        doctor.run();
        QTest::qWait(100);
        QCOMPARE(done.count(), 0);  // waiting for the provider
        clock.advance(5000);
        QTRY_COMPARE(done.count(), 1);
        const DoctorCheck reachable = doctor.checks().at(1);
        QCOMPARE(reachable.id, QStringLiteral("provider_reachable"));
        QCOMPARE(reachable.status, CheckStatus::Failed);
        QVERIFY2(reachable.message.contains(QStringLiteral("no answer within 5 s")),
                 qPrintable(reachable.message));
    }

    void badProviderSettingsFailWithWhatToSet() {
        Settings unknown = healthy();
        unknown.llmProvider = QStringLiteral("gemini");
        auto checks = run(unknown);
        DoctorCheck provider = checks.value(QStringLiteral("provider"));
        QCOMPARE(provider.status, CheckStatus::Failed);
        QVERIFY(provider.message.contains(QStringLiteral("'gemini'")));
        QVERIFY2(provider.fix.contains(QStringLiteral("ZERG_LLM_PROVIDER=openai")) &&
                     provider.fix.contains(QStringLiteral("ZERG_LLM_PROVIDER=anthropic")),
                 qPrintable(provider.fix));
        QCOMPARE(checks.value(QStringLiteral("provider_reachable")).status, CheckStatus::Skipped);

        // Nothing configured: the advice includes what a local Ollama offers (none here).
        Settings nothing = healthy();
        nothing.llmBaseUrl.clear();
        nothing.model.clear();
        checks = run(nothing);
        provider = checks.value(QStringLiteral("provider"));
        QCOMPARE(provider.status, CheckStatus::Failed);
        QVERIFY(provider.message.contains(QStringLiteral("No language model is configured")));
        QVERIFY(provider.fix.startsWith(QStringLiteral("Set ZERG_LLM_BASE_URL and ZERG_MODEL")));
        QVERIFY2(provider.fix.contains(QStringLiteral("No local Ollama")),
                 qPrintable(provider.fix));

        Settings noModel = healthy();
        noModel.model.clear();
        provider = run(noModel).value(QStringLiteral("provider"));
        QCOMPARE(provider.status, CheckStatus::Failed);
        QVERIFY(provider.fix.contains(QStringLiteral("Set ZERG_MODEL")));
    }

    void theDatabaseIsReadWithoutChanges() {
        Settings s = healthy();
        DoctorCheck db = run(s).value(QStringLiteral("database"));
        QCOMPARE(db.status, CheckStatus::Ok);
        QVERIFY(db.message.contains(QStringLiteral("does not exist yet")));
        QVERIFY(!QFile::exists(QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite"))));

        // Written by a newer Zerg: refused, and the doctor says to upgrade.
        const QString path = QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite"));
        {
            QSqlDatabase sql =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
            sql.setDatabaseName(path);
            QVERIFY(sql.open());
            QSqlQuery q(sql);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER)")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO schema_migrations VALUES (%1)")
                               .arg(migrations::latestVersion() + 1)));
            sql.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("newer"));
        db = run(s).value(QStringLiteral("database"));
        QCOMPARE(db.status, CheckStatus::Failed);
        QVERIFY(db.message.contains(QString::number(migrations::latestVersion() + 1)));
        QVERIFY(db.fix.contains(QStringLiteral("Upgrade Zerg")));

        // Not a database at all.
        QFile::remove(path);
        QFile junk(path);
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write(QByteArray(4096, 'x'));
        junk.close();
        db = run(s).value(QStringLiteral("database"));
        QCOMPARE(db.status, CheckStatus::Failed);
        QVERIFY(db.fix.contains(QStringLiteral("zerg workers reindex")));
    }

    void aDataFolderThatIsAFileFails() {
        Settings s = healthy();
        s.dataDir = writeFile(QStringLiteral("not-a-folder"), "x");
        const DoctorCheck folder = run(s).value(QStringLiteral("data_folder"));
        QCOMPARE(folder.status, CheckStatus::Failed);
        QVERIFY(folder.message.contains(QStringLiteral("is a file, not a folder")));
        QVERIFY(folder.fix.contains(QStringLiteral("ZERG_DATA_DIR")));
    }

    void hostsFileProblemsAreReported() {
        // Missing: a warning, with the import command.
        Settings s = healthy();
        auto checks = run(s);
        DoctorCheck file = checks.value(QStringLiteral("hosts_file"));
        QCOMPARE(file.status, CheckStatus::Warning);
        QVERIFY(file.fix.contains(QStringLiteral("zerg hosts import")));

        // Unreadable: a failure that says what is wrong, and no logins are tried.
        s.hostsFile = writeFile(QStringLiteral("hosts"), "Host web1\n    Port seventy\n");
        ScriptedHosts scripted;
        scripted.hostsFile = s.hostsFile;
        scripted.login = [](const QString&) { return std::optional<HostTestResult>(); };
        SystemClock clock;
        checks = run(s, &clock, &scripted);
        file = checks.value(QStringLiteral("hosts_file"));
        QCOMPARE(file.status, CheckStatus::Failed);
        QVERIFY2(file.message.contains(QStringLiteral("seventy")), qPrintable(file.message));
        QVERIFY(file.fix.contains(QStringLiteral("ZERG_HOSTS_FILE")));
        QVERIFY(scripted.tested.isEmpty());

        // Allows nothing: a warning.
        s.hostsFile = writeFile(QStringLiteral("hosts"), "# nothing yet\n");
        QCOMPARE(run(s).value(QStringLiteral("hosts_file")).status, CheckStatus::Warning);
    }

    void everyHostIsLoggedIntoAndItsProblemExplained() {
        Settings s = healthy();
        s.hostsFile = writeFile(QStringLiteral("hosts"),
                                "Host good\n    HostName 127.0.0.1\n    User u\n"
                                "Host newkey\n    HostName 127.0.0.2\n    User u\n"
                                "Host silent\n    HostName 127.0.0.3\n    User u\n");
        ScriptedHosts scripted;
        scripted.hostsFile = s.hostsFile;
        scripted.login = [](const QString& alias) -> std::optional<HostTestResult> {
            HostTestResult r;
            if (alias == QLatin1String("good")) {
                r.ok = true;
                r.elapsedMs = 12;
                return r;
            }
            if (alias == QLatin1String("newkey")) {
                r.errorCode = QStringLiteral("host_key_unknown");
                r.error = QStringLiteral("unknown key");
                r.fingerprint = QStringLiteral("SHA256:abc");
                return r;
            }
            return std::nullopt;  // never answers
        };
        ManualClock clock;
        DoctorTimeouts timeouts;
        timeouts.hostsMs = 30000;
        Doctor doctor(s, &m_nam, &clock, &scripted, timeouts);
        QSignalSpy done(&doctor, &Doctor::finished);
        doctor.run();
        QTRY_VERIFY(doctor.checks().size() >= 6);  // up to the hosts file
        QCOMPARE(done.count(), 0);                 // "silent" holds the report
        QCOMPARE(scripted.tested, (QStringList{QStringLiteral("good"), QStringLiteral("newkey"),
                                               QStringLiteral("silent")}));
        clock.advance(30000);
        QCOMPARE(done.count(), 1);
        QHash<QString, DoctorCheck> checks;
        for (const DoctorCheck& c : doctor.checks())
            checks.insert(c.id, c);
        QCOMPARE(checks.value(QStringLiteral("hosts_file")).status, CheckStatus::Ok);
        QCOMPARE(checks.value(QStringLiteral("host:good")).status, CheckStatus::Ok);
        QVERIFY(
            checks.value(QStringLiteral("host:good")).message.contains(QStringLiteral("12 ms")));
        const DoctorCheck newkey = checks.value(QStringLiteral("host:newkey"));
        QCOMPARE(newkey.status, CheckStatus::Failed);
        QVERIFY(newkey.message.contains(QStringLiteral("SHA256:abc")));
        QVERIFY(newkey.fix.contains(QStringLiteral("zerg hosts trust newkey")));
        const DoctorCheck silent = checks.value(QStringLiteral("host:silent"));
        QCOMPARE(silent.status, CheckStatus::Failed);
        QVERIFY2(silent.message.contains(QStringLiteral("no result within 30 s")),
                 qPrintable(silent.message));
        QCOMPARE(doctor.checks().constLast().id, QStringLiteral("host:silent"));
        // The hosts' two, and the sandbox's where bubblewrap cannot run.
        const int sandboxFailed =
            checks.value(QStringLiteral("sandbox")).status == CheckStatus::Failed ? 1 : 0;
        QCOMPARE(doctor.count(CheckStatus::Failed), 2 + sandboxFailed);
    }

    // What shell_exec does here: bubblewrap works (ok), the restricted mode was chosen (a
    // warning: no sandbox), or it is unavailable (a failure that says why, and what to install
    // or set).
    void theSandboxCheckSaysWhatTheLocalShellDoes() {
        const bool works = ShellExecTool::bubblewrapWorks(QStringLiteral("bwrap"));
        const DoctorCheck inReport = run(healthy()).value(QStringLiteral("sandbox"));
        QCOMPARE(inReport.id, QStringLiteral("sandbox"));
        QCOMPARE(inReport.status, works ? CheckStatus::Ok : CheckStatus::Failed);

        Settings s = healthy();
        const QString missing = m_tmp.filePath(QStringLiteral("no-bwrap"));
        for (const char* mode : {"auto", "bubblewrap"}) {
            s.shellSandbox = QString::fromLatin1(mode);
            const DoctorCheck c = Doctor::sandboxCheck(s, missing);
            QCOMPARE(c.status, CheckStatus::Failed);
            QVERIFY2(c.message.contains(missing) &&
                         c.message.contains(QStringLiteral("Every shell_exec call is refused")),
                     qPrintable(c.message));
            QVERIFY2(c.fix.contains(QStringLiteral("apt install bubblewrap")) &&
                         c.fix.contains(QStringLiteral("ZERG_SHELL_SANDBOX=restricted")),
                     qPrintable(c.fix));
        }
        s.shellSandbox = QStringLiteral("Restricted");
        DoctorCheck c = Doctor::sandboxCheck(s, missing);
        QCOMPARE(c.status, CheckStatus::Warning);
        QVERIFY2(c.message.startsWith(QStringLiteral("restricted mode chosen")),
                 qPrintable(c.message));
        QVERIFY2(c.fix.contains(QStringLiteral("apt install bubblewrap")) &&
                     c.fix.contains(QStringLiteral("ZERG_SHELL_SANDBOX=auto")),
                 qPrintable(c.fix));
        // A word Zerg does not know is read as auto, and named.
        s.shellSandbox = QStringLiteral("sometimes");
        c = Doctor::sandboxCheck(s, missing);
        QCOMPARE(c.status, CheckStatus::Failed);
        QVERIFY2(c.message.contains(QStringLiteral("'sometimes'")) &&
                     c.message.contains(QStringLiteral("Zerg uses auto")),
                 qPrintable(c.message));
        QVERIFY2(c.fix.startsWith(QStringLiteral("Set ZERG_SHELL_SANDBOX to auto, bubblewrap or "
                                                 "restricted.")),
                 qPrintable(c.fix));

        if (!works)
            QSKIP("bubblewrap does not work here: the checks where it does are not run");
        s.shellSandbox = QStringLiteral("auto");
        c = Doctor::sandboxCheck(s);
        QCOMPARE(c.status, CheckStatus::Ok);
        QVERIFY2(c.message.startsWith(QStringLiteral("bubblewrap works")), qPrintable(c.message));
        s.shellSandbox = QStringLiteral("restricted");
        c = Doctor::sandboxCheck(s);
        QCOMPARE(c.status, CheckStatus::Warning);
        QVERIFY2(c.fix.contains(QStringLiteral("bubblewrap works here")), qPrintable(c.fix));
        s.shellSandbox = QStringLiteral("sometimes");
        QCOMPARE(Doctor::sandboxCheck(s).status, CheckStatus::Warning);
    }

    // The channels that answer back are checked as Zerg reads them at start: each problem named
    // with its setting, the SMS webhook's address shown (not an HTTP gateway's key), and no row
    // for a channel not configured.
    void theAlertChannelsSettingsAreChecked() {
        qputenv("ZERG_SECRET_BACKEND", "file");
        const auto ids = run(healthy()).keys();
        for (const char* id : {"phone_links", "mail_replies", "sms"})
            QVERIFY2(!ids.contains(QLatin1String(id)), id);

        Settings s = healthy();
        s.configDir = newDir();
        s.smsGateway = QStringLiteral("twilio");
        s.smsAccount = QStringLiteral("AC0123456789abcdef0123456789abcdef");
        s.smsFrom = QStringLiteral("+15005550006");
        s.imapHost = QStringLiteral("imap.example.test");  // no user, no SMTP
        auto checks = run(s);
        QCOMPARE(checks.value("sms").status, CheckStatus::Failed);
        QVERIFY2(checks.value("sms").message.contains("ZERG_SMS_TO") &&
                     checks.value("sms").message.contains("sms_token"),
                 qPrintable(checks.value("sms").message));
        QCOMPARE(checks.value("mail_replies").status, CheckStatus::Failed);
        QVERIFY2(checks.value("mail_replies").message.contains("ZERG_IMAP_USER"),
                 qPrintable(checks.value("mail_replies").message));

        s.smsTo = QStringLiteral("+4915112345678");
        QVERIFY(SecretStore(s.configDir, SecretStore::Backend::File)
                    .write(QStringLiteral("sms_token"), QStringLiteral("doctor-token")));
        checks = run(s);
        QCOMPARE(checks.value("sms").status, CheckStatus::Ok);
        QVERIFY2(checks.value("sms").message.contains("ZERG_PUBLIC_URL"),
                 qPrintable(checks.value("sms").message));
        QVERIFY(!checks.contains("phone_links"));

        s.publicUrl = QStringLiteral("https://zerg.example.test/ops");
        checks = run(s);
        QCOMPARE(checks.value("sms").status, CheckStatus::Ok);
        QVERIFY2(checks.value("sms").message.contains("https://zerg.example.test/ops/sms"),
                 qPrintable(checks.value("sms").message));
        QVERIFY(!checks.contains("phone_links"));  // the address serves the SMS webhook alone

        // An HTTP gateway: its webhook's key is not shown; without a token, replies are off.
        s.smsGateway = QStringLiteral("http");
        s.smsUrl = QStringLiteral("https://sms.example.test/send");
        checks = run(s);
        QCOMPARE(checks.value("sms").status, CheckStatus::Ok);
        QVERIFY2(checks.value("sms").message.contains(QStringLiteral("/ops/sms/\u2026")),
                 qPrintable(checks.value("sms").message));
        QVERIFY(SecretStore(s.configDir, SecretStore::Backend::File)
                    .remove(QStringLiteral("sms_token")));
        checks = run(s);
        QCOMPARE(checks.value("sms").status, CheckStatus::Warning);
        QVERIFY2(checks.value("sms").message.contains("sms_token"),
                 qPrintable(checks.value("sms").message));

        // A public address without ntfy or SMS: the approval links say what is missing.
        s.smsGateway = QStringLiteral("off");
        checks = run(s);
        QCOMPARE(checks.value("phone_links").status, CheckStatus::Failed);
        QVERIFY2(checks.value("phone_links").message.contains("ZERG_WEBHOOK_FORMAT"),
                 qPrintable(checks.value("phone_links").message));
        qunsetenv("ZERG_SECRET_BACKEND");
    }

    // A model named in an agent's tuning (Dashboard › Agents) is checked like the settings'
    // models, and the fix says where it was set; the newest version counts.
    void theModelsOfTheAgentsTuningAreChecked() {
        Settings s = healthy();
        {
            auto db = Database::open(QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite")));
            QVERIFY(db);
            AgentProfileStore store(db->get());
            AgentProfile p = AgentProfile::builtIn(AgentRole::Worker);
            p.model = QStringLiteral("no-such-tuned-model");
            p.changedBy = QStringLiteral("test");
            QVERIFY(store.save(p, QDateTime::currentDateTimeUtc()));
        }
        auto checks = run(s);
        const DoctorCheck tuned = checks.value(QStringLiteral("model:no-such-tuned-model"));
        QCOMPARE(tuned.status, CheckStatus::Failed);
        QVERIFY2(tuned.message.contains(QStringLiteral("worker")), qPrintable(tuned.message));
        QVERIFY2(tuned.fix.contains(QStringLiteral("Dashboard")), qPrintable(tuned.fix));
        QVERIFY(!tuned.fix.contains(QStringLiteral("ZERG_WORKER_MODEL")));
        QCOMPARE(checks.value(QStringLiteral("model:m1")).status, CheckStatus::Ok);
        {
            auto db = Database::open(QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite")));
            QVERIFY(db);
            AgentProfileStore store(db->get());
            AgentProfile p = AgentProfile::builtIn(AgentRole::Worker);  // the settings' model
            p.changedBy = QStringLiteral("test");
            QVERIFY(store.save(p, QDateTime::currentDateTimeUtc()));
        }
        checks = run(s);
        QVERIFY(!checks.contains(QStringLiteral("model:no-such-tuned-model")));
        QVERIFY2(
            checks.value(QStringLiteral("model:m1")).message.contains(QStringLiteral("worker")),
            qPrintable(checks.value(QStringLiteral("model:m1")).message));
    }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "test_doctor.moc"
