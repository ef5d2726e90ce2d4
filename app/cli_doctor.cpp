#include "cli_doctor.h"

#include "cli.h"

#include "core/clock.h"
#include "core/settings.h"
#include "dashboard/hosts_source.h"
#include "llm/anthropic_provider.h"
#include "llm/ollama_probe.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "tools/host_trust.h"
#include "tools/hosts_config.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStorageInfo>
#include <QTemporaryFile>
#include <QTextStream>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

namespace zerg::cli {
namespace {

const char kDoctorUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg doctor [--json]\n"
    "\n"
    "Checks what Zerg needs and says what to fix:\n"
    "  provider      the LLM provider is configured and answers, and it lists the models\n"
    "                Zerg is configured to use\n"
    "  hosts         the hosts file is readable; every allowed host answers, its host key is\n"
    "                known and Zerg can log in (it runs `true` there)\n"
    "  data folder   ZERG_DATA_DIR exists or can be created, is writable and has free space\n"
    "  database      the database opens and its schema is not newer than this Zerg\n"
    "The doctor changes nothing: it does not create the data folder and reads the SQLite\n"
    "database without applying migrations. A PostgreSQL database (ZERG_DATABASE_URL) is opened\n"
    "as at every start, which applies pending migrations.\n"
    "\n"
    "Options:\n"
    "  --json       Print {\"checks\": [{\"name\", \"status\", \"detail\", \"fix\"}], \"ok\": "
    "...};\n"
    "               status is ok, warn or fail.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg doctor\n"
    "  zerg doctor --json | jq '.checks[] | select(.status != \"ok\")'\n"
    "\n"
    "Exit status: 0 no check failed (warnings allowed), 1 a check failed, 2 usage error.\n");

constexpr qint64 kHttpTimeoutMs = 5000;
constexpr int kSshConnectTimeoutSecs = 5;
constexpr int kSshCommandTimeoutSecs = 10;
// Every host is tried at once; this bounds the whole wait should a result never come.
constexpr qint64 kHostsDeadlineMs = 60 * 1000;
constexpr qint64 kMiB = 1024 * 1024;
constexpr qint64 kWarnFreeBytes = 1024 * kMiB;
constexpr qint64 kFailFreeBytes = 100 * kMiB;
constexpr int kModelsShown = 15;

enum class Level { Ok, Warn, Fail };

struct Check {
    QString name;   // stable, for --json: "provider", "model:gpt-4o", "host:web1", ...
    QString title;  // for people
    Level level = Level::Ok;
    QString detail;
    QString fix;  // what to do about a warning or failure; empty when there is nothing to do
};

using Report = std::function<void(const Check&)>;

QString levelName(Level l) {
    switch (l) {
        case Level::Ok:
            return QStringLiteral("ok");
        case Level::Warn:
            return QStringLiteral("warn");
        case Level::Fail:
            break;
    }
    return QStringLiteral("fail");
}

// ---------------------------------------------------------------------------------------------
// Provider

struct HttpAnswer {
    int status = 0;  // 0: no HTTP answer (see error)
    QByteArray body;
    QString error;
    qint64 elapsedMs = 0;
};

// One GET, waited for in a local event loop (SSH logins started earlier go on meanwhile).
// Redirects are not followed, so the API key goes nowhere but the configured server.
HttpAnswer httpGet(QNetworkAccessManager* nam, Clock* clock, const QUrl& url,
                   const QList<std::pair<QByteArray, QByteArray>>& headers) {
    QNetworkRequest req(url);
    for (const auto& [name, value] : headers)
        req.setRawHeader(name, value);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    QElapsedTimer elapsed;
    elapsed.start();
    std::unique_ptr<QNetworkReply> reply(nam->get(req));
    QEventLoop loop;
    bool timedOut = false;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    const Clock::TimerId timer = clock->callAfter(kHttpTimeoutMs, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    if (!reply->isFinished())
        loop.exec();
    clock->cancel(timer);
    HttpAnswer a;
    a.elapsedMs = elapsed.elapsed();
    a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    a.body = reply->readAll();
    if (timedOut) {
        a.status = 0;
        a.error = Text::tr("no answer within %1 s").arg(kHttpTimeoutMs / 1000);
    } else if (a.status == 0) {
        a.error = reply->errorString();
    }
    return a;
}

// Where the API key comes from, never the key itself.
QString keySource(const Settings& s) {
    if (s.llmApiKey.isEmpty())
        return Text::tr("none");
    if (qEnvironmentVariableIsSet("ZERG_LLM_API_KEY"))
        return Text::tr("from ZERG_LLM_API_KEY");
    return Text::tr("stored with `zerg key set`");
}

QString providerFix(const Settings& s) {
    if (s.llmProvider != QLatin1String("openai") && s.llmProvider != QLatin1String("anthropic"))
        return Text::tr(
            "Set ZERG_LLM_PROVIDER=openai (any OpenAI-compatible server) or "
            "ZERG_LLM_PROVIDER=anthropic.");
    if (s.llmBaseUrl.isEmpty()) {
        // What a local Ollama offers right now is the quickest way to a working set-up.
        SystemClock clock;
        QNetworkAccessManager nam;
        OllamaProbe probe(&nam, s.ollamaUrl, &clock);
        QEventLoop loop;
        QObject::connect(&probe, &OllamaProbe::finished, &loop, &QEventLoop::quit);
        probe.start();
        if (!probe.isFinished())
            loop.exec();
        const QString set = s.model.isEmpty()
                                ? Text::tr(
                                      "Set ZERG_LLM_BASE_URL and ZERG_MODEL (or choose a "
                                      "provider in Settings).")
                                : Text::tr(
                                      "Set ZERG_LLM_BASE_URL (or choose a provider in "
                                      "Settings).");
        return set + QLatin1Char(' ') + probe.advice();
    }
    return Text::tr(
        "Set ZERG_MODEL to a model your server offers (e.g. gpt-4o-mini, or "
        "qwen2.5:7b on Ollama).");
}

struct ModelUse {
    QString model;
    QStringList roles;      // supervisor, quick, worker, decider, summary
    QStringList variables;  // the ZERG_* variables that chose it
};

// The distinct models Zerg will ask for, with the roles that use them and where they are set.
QList<ModelUse> modelUses(const Settings& s) {
    const QStringList roles{QStringLiteral("supervisor"), QStringLiteral("quick"),
                            QStringLiteral("worker"), QStringLiteral("decider"),
                            QStringLiteral("summary")};
    QList<ModelUse> uses;
    for (const QString& role : roles) {
        const QString model = s.modelFor(role);
        // The rule-based decider is not a model.
        if (model.isEmpty() || model == QLatin1String("heuristic"))
            continue;
        auto it = std::find_if(uses.begin(), uses.end(),
                               [&](const ModelUse& u) { return u.model == model; });
        if (it == uses.end()) {
            uses.append({model, {}, {}});
            it = uses.end() - 1;
        }
        it->roles.append(role);
        const QString variable = s.modelVariableFor(role);
        if (!it->variables.contains(variable))
            it->variables.append(variable);
    }
    return uses;
}

// Model ids of an OpenAI-style or Anthropic models list ({"data": [{"id": ...}]}); nullopt when
// the body is not such a list.
std::optional<QStringList> modelIds(const QByteArray& body) {
    const QJsonValue data = QJsonDocument::fromJson(body).object().value(QStringLiteral("data"));
    if (!data.isArray())
        return std::nullopt;
    QStringList ids;
    for (const QJsonValue& m : data.toArray()) {
        const QString id = m.toObject().value(QStringLiteral("id")).toString();
        if (!id.isEmpty())
            ids.append(id);
    }
    return ids;
}

QString shortList(const QStringList& items) {
    if (items.isEmpty())
        return Text::tr("(none)");
    if (items.size() <= kModelsShown)
        return items.join(QStringLiteral(", "));
    return Text::tr("%1 and %2 more")
        .arg(items.mid(0, kModelsShown).join(QStringLiteral(", ")),
             QString::number(items.size() - kModelsShown));
}

void checkProvider(const Settings& s, const Report& report) {
    Check configured{QStringLiteral("provider"), Text::tr("LLM provider")};
    if (const QString problem = s.providerProblem(); !problem.isEmpty()) {
        configured.level = Level::Fail;
        configured.detail = problem;
        configured.fix = providerFix(s);
        report(configured);
        return;
    }
    const bool anthropic = s.llmProvider == QLatin1String("anthropic");
    configured.detail =
        Text::tr("%1 at %2, API key: %3").arg(s.llmProvider, s.llmBaseUrl, keySource(s));
    report(configured);

    // The models list is the cheapest authenticated request both protocols have.
    QString root = s.llmBaseUrl;
    QList<std::pair<QByteArray, QByteArray>> headers;
    if (anthropic) {
        // As AnthropicProvider: the root without a pasted "/v1".
        if (root.endsWith(QLatin1String("/v1")))
            root.chop(3);
        root += QStringLiteral("/v1/models");
        headers.append(
            {QByteArrayLiteral("anthropic-version"), QByteArray(AnthropicProvider::kApiVersion)});
        if (!s.llmApiKey.isEmpty())
            headers.append({QByteArrayLiteral("x-api-key"), s.llmApiKey.toUtf8()});
    } else {
        root += QStringLiteral("/models");
        if (!s.llmApiKey.isEmpty())
            headers.append({QByteArrayLiteral("Authorization"), "Bearer " + s.llmApiKey.toUtf8()});
    }
    const QUrl listUrl(anthropic ? root + QStringLiteral("?limit=1000") : root);
    SystemClock clock;
    QNetworkAccessManager nam;
    const HttpAnswer list = httpGet(&nam, &clock, listUrl, headers);

    Check reachable{QStringLiteral("provider_reachable"), Text::tr("Provider reachable")};
    if (list.status == 0) {
        reachable.level = Level::Fail;
        reachable.detail = Text::tr("GET %1 failed: %2").arg(root, list.error);
        reachable.fix = Text::tr(
                            "Start the LLM server, or set ZERG_LLM_BASE_URL to where it "
                            "listens (now %1).")
                            .arg(s.llmBaseUrl);
        report(reachable);
        return;
    }
    if (list.status == 401 || list.status == 403) {
        reachable.level = Level::Fail;
        reachable.detail =
            Text::tr("%1 refused the request (HTTP %2): the API key is missing or not accepted.")
                .arg(root, QString::number(list.status));
        reachable.fix = s.llmApiKey.isEmpty()
                            ? Text::tr(
                                  "Store the API key with `zerg key set` (or set "
                                  "ZERG_LLM_API_KEY).")
                            : Text::tr(
                                  "Store a valid API key with `zerg key set` (or set "
                                  "ZERG_LLM_API_KEY); check that it belongs to %1.")
                                  .arg(s.llmProvider);
        report(reachable);
        return;
    }
    reachable.detail =
        Text::tr("%1 answered HTTP %2 in %3 ms")
            .arg(root, QString::number(list.status), QString::number(list.elapsedMs));
    report(reachable);

    const QList<ModelUse> uses = modelUses(s);
    const std::optional<QStringList> ids =
        list.status / 100 == 2 ? modelIds(list.body) : std::nullopt;
    if (!ids) {
        // Many compatible servers do not list models; that says nothing about the model.
        Check models{QStringLiteral("models"), Text::tr("Models")};
        models.level = Level::Warn;
        QStringList names;
        for (const ModelUse& u : uses)
            names.append(u.model);
        models.detail =
            Text::tr(
                "The server does not list its models (GET %1: HTTP %2), so %3 "
                "could not be checked.")
                .arg(root, QString::number(list.status), names.join(QStringLiteral(", ")));
        models.fix = Text::tr(
            "Nothing to do if `zerg ask \"hello\"` works; otherwise check "
            "ZERG_MODEL and ZERG_WORKER_MODEL against the server's model "
            "names.");
        report(models);
        return;
    }
    for (const ModelUse& u : uses) {
        Check c{QStringLiteral("model:") + u.model, Text::tr("Model %1").arg(u.model)};
        // Ollama lists "name:tag" and serves "name" as "name:latest".
        bool listed = ids->contains(u.model) || ids->contains(u.model + QStringLiteral(":latest"));
        if (!listed && anthropic) {
            // Anthropic's aliases (claude-sonnet-4-0) are not in the list but resolve here.
            QUrl one(root);
            one.setPath(one.path() + u'/' + u.model);
            listed = httpGet(&nam, &clock, one, headers).status == 200;
        }
        const QString roles = u.roles.join(QStringLiteral(", "));
        if (listed) {
            c.detail = Text::tr("offered by the server; used by: %1").arg(roles);
        } else {
            c.level = Level::Fail;
            c.detail = Text::tr("not offered by the server (used by: %1). It offers: %2")
                           .arg(roles, shortList(*ids));
            c.fix = Text::tr("Set %1 to a model the server offers, or make the server offer %2.")
                        .arg(u.variables.join(Text::tr(" or ")), u.model);
        }
        report(c);
    }
}

// ---------------------------------------------------------------------------------------------
// Hosts

// SSH logins to every allowed host at once (LocalHostsSource::test, the Hosts page's test);
// results arrive while the other checks run.
class HostLogins {
public:
    HostLogins(const Settings& s, const HostsConfig& hosts)
        : m_settings(s),
          m_source(
              s, &m_clock,
              LocalHostsSource::Timeouts{kSshConnectTimeoutSecs, kSshCommandTimeoutSecs, 1000}) {
        for (const QString& alias : hosts.aliases()) {
            Probe p;
            p.host = *hosts.find(alias);
            p.knownHosts = p.host.knownHostsOr(s.knownHostsFile);
            m_probes.append(p);
        }
        for (qsizetype i = 0; i < m_probes.size(); ++i) {
            ++m_pending;
            m_source.test(m_probes.at(i).host.alias, &m_context,
                          [this, i](Result<HostTestResult> r) {
                              m_probes[i].result = std::move(r);
                              if (--m_pending == 0)
                                  m_loop.quit();
                          });
        }
    }

    // Waits for every login (bounded), then reports one check per host.
    void report(const Report& report) {
        if (m_pending > 0) {
            const Clock::TimerId deadline =
                m_clock.callAfter(kHostsDeadlineMs, &m_context, [this] { m_loop.quit(); });
            m_loop.exec();
            m_clock.cancel(deadline);
        }
        for (const Probe& p : m_probes)
            report(checkOf(p));
    }

private:
    struct Probe {
        HostEntry host;
        QString knownHosts;
        std::optional<Result<HostTestResult>> result;
    };

    Check checkOf(const Probe& p) const {
        const QString alias = p.host.alias;
        Check c{QStringLiteral("host:") + alias, Text::tr("Host %1").arg(alias)};
        if (!p.result) {
            c.level = Level::Fail;
            c.detail = Text::tr("%1: no result within %2 s.")
                           .arg(p.host.target(), QString::number(kHostsDeadlineMs / 1000));
            c.fix = Text::tr("Check that %1 is up and reachable from this computer.")
                        .arg(p.host.target());
            return c;
        }
        const Result<HostTestResult>& tested = *p.result;
        if (tested && tested->ok) {
            c.detail = Text::tr("%1: logged in and ran `true` in %2 ms")
                           .arg(p.host.target(), QString::number(tested->elapsedMs));
            return c;
        }
        c.level = Level::Fail;
        // Not a login at all: the hosts file changed under the check.
        const QString code = tested ? tested->errorCode : tested.error().code;
        const QString fingerprint = tested ? tested->fingerprint : QString();
        if (code == QLatin1String("host_key_unknown")) {
            c.detail = Text::tr(
                           "%1 answers, but its host key (%2) is not in %3, so Zerg will not "
                           "log in.")
                           .arg(p.host.target(), fingerprint, p.knownHosts);
            c.fix = Text::tr(
                        "Check the fingerprint with the server's administrator, then run: "
                        "zerg hosts trust %1")
                        .arg(alias);
        } else if (code == QLatin1String("host_key_changed")) {
            c.detail = Text::tr(
                           "SECURITY WARNING: the host key of %1 HAS CHANGED. The server now "
                           "shows %2, which does not match the key recorded in %3. Someone "
                           "may be intercepting the connection, or the server was "
                           "reinstalled. Zerg will not connect.")
                           .arg(p.host.target(), fingerprint, p.knownHosts);
            c.fix = Text::tr(
                        "Confirm the new fingerprint with the server's administrator first. "
                        "Only if the change is expected: ssh-keygen -R \"%1\" -f %2, then "
                        "zerg hosts trust %3")
                        .arg(HostKeys::knownHostsName(p.host), p.knownHosts, alias);
        } else {
            c.detail = tested ? tested->error : tested.error().message;
            c.fix = Text::tr(
                        "Check that %1 is up and accepts your SSH key, and the Host block of "
                        "%2 (HostName, Port, User, IdentityFile) in %3.")
                        .arg(p.host.target(), alias, m_settings.hostsFile);
        }
        return c;
    }

    const Settings& m_settings;
    SystemClock m_clock;
    QObject m_context;          // the logins' results go to it; destroyed after the source
    LocalHostsSource m_source;  // its SSH pool
    QList<Probe> m_probes;
    QEventLoop m_loop;
    int m_pending = 0;
};

Check hostsFileCheck(const Settings& s, const Result<HostsConfig>& hosts) {
    Check c{QStringLiteral("hosts_file"), Text::tr("Hosts file")};
    if (!hosts) {
        c.detail = hosts.error().message;
        if (hosts.error().code == QLatin1String("hosts_file_missing")) {
            // Zerg runs without one; workers just cannot reach any server.
            c.level = Level::Warn;
            c.fix = s.hostsFile.isEmpty()
                        ? Text::tr("Set ZERG_HOSTS_FILE to a hosts file (OpenSSH config format).")
                        : Text::tr(
                              "Import the servers workers may reach from ~/.ssh/config: zerg "
                              "hosts import ALIAS (creates %1), or set ZERG_HOSTS_FILE to an "
                              "existing hosts file.")
                              .arg(QDir::toNativeSeparators(s.hostsFile));
        } else {
            c.level = Level::Fail;
            c.fix = Text::tr(
                        "Correct %1 as the message says, or set ZERG_HOSTS_FILE to another "
                        "file.")
                        .arg(QDir::toNativeSeparators(s.hostsFile));
        }
        return c;
    }
    const QStringList aliases = hosts->aliases();
    const QString path = QDir::toNativeSeparators(hosts->sourcePath());
    if (aliases.isEmpty()) {
        c.level = Level::Warn;
        c.detail = Text::tr("%1 allows no host, so workers cannot reach any server.").arg(path);
        c.fix = Text::tr(
            "Add a Host block to it, or import one from ~/.ssh/config: zerg hosts "
            "import ALIAS");
        return c;
    }
    c.detail = Text::tr("%1 allows: %2").arg(path, aliases.join(QStringLiteral(", ")));
    return c;
}

// ---------------------------------------------------------------------------------------------
// Data folder and database

// The path itself when it exists, else its nearest existing ancestor.
QString nearestExisting(const QString& path) {
    QString p = QDir::cleanPath(QDir(path).absolutePath());
    while (!QFileInfo::exists(p)) {
        const QString parent = QFileInfo(p).absolutePath();
        if (parent == p)
            break;
        p = parent;
    }
    return p;
}

// Writes and removes a probe file in dir; the error, or an empty string.
QString probeWrite(const QString& dir) {
    QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".zerg-doctor-XXXXXX")));
    if (!probe.open())
        return probe.errorString();
    if (probe.write("zerg doctor\n") < 0 || !probe.flush())
        return probe.errorString();
    probe.close();
    if (!probe.remove())
        return probe.errorString();
    return {};
}

Check dataFolderCheck(const Settings& s) {
    Check c{QStringLiteral("data_folder"), Text::tr("Data folder")};
    const QString dir = QDir::toNativeSeparators(s.dataDir);
    const QFileInfo info(s.dataDir);
    const QString otherFolder = Text::tr("set ZERG_DATA_DIR to a folder you can write to.");
    if (info.exists() && !info.isDir()) {
        c.level = Level::Fail;
        c.detail = Text::tr("%1 is a file, not a folder.").arg(dir);
        c.fix = Text::tr("Move the file away, or %1").arg(otherFolder);
        return c;
    }
    if (info.exists()) {
        if (const QString error = probeWrite(s.dataDir); !error.isEmpty()) {
            c.level = Level::Fail;
            c.detail = Text::tr("Cannot write in %1: %2").arg(dir, error);
            c.fix = Text::tr("Give your user write access (chmod u+rwx %1), or %2")
                        .arg(dir, otherFolder);
            return c;
        }
        c.detail = Text::tr("%1 is writable").arg(dir);
        return c;
    }
    const QString ancestor = nearestExisting(s.dataDir);
    const QString shownAncestor = QDir::toNativeSeparators(ancestor);
    if (!QFileInfo(ancestor).isDir()) {
        c.level = Level::Fail;
        c.detail =
            Text::tr("%1 cannot be created: %2 is a file, not a folder.").arg(dir, shownAncestor);
        c.fix = Text::tr("Correct ZERG_DATA_DIR, or %1").arg(otherFolder);
        return c;
    }
    if (const QString error = probeWrite(ancestor); !error.isEmpty()) {
        c.level = Level::Fail;
        c.detail = Text::tr("%1 does not exist and cannot be created: cannot write in %2 (%3).")
                       .arg(dir, shownAncestor, error);
        c.fix = Text::tr("Create %1 yourself and give your user write access, or %2")
                    .arg(dir, otherFolder);
        return c;
    }
    c.detail = Text::tr(
                   "%1 does not exist yet; Zerg creates it when it first starts (%2 is "
                   "writable).")
                   .arg(dir, shownAncestor);
    return c;
}

Check diskSpaceCheck(const Settings& s) {
    Check c{QStringLiteral("disk_space"), Text::tr("Free space")};
    const QStorageInfo volume(nearestExisting(s.dataDir));
    if (!volume.isValid() || !volume.isReady()) {
        c.level = Level::Warn;
        c.detail = Text::tr("Could not read the free space of the volume of %1.")
                       .arg(QDir::toNativeSeparators(s.dataDir));
        c.fix = Text::tr("Check that the volume is mounted (df -h).");
        return c;
    }
    const qint64 free = volume.bytesAvailable();
    const QLocale locale;
    c.detail =
        Text::tr("%1 available on %2").arg(locale.formattedDataSize(free), volume.rootPath());
    if (free < kWarnFreeBytes) {
        c.level = free < kFailFreeBytes ? Level::Fail : Level::Warn;
        c.detail += QLatin1Char(' ') +
                    Text::tr("(less than %1)")
                        .arg(locale.formattedDataSize(free < kFailFreeBytes ? kFailFreeBytes
                                                                            : kWarnFreeBytes));
        c.fix = Text::tr(
                    "Free space on %1 (old workers: ZERG_RETENTION_DAYS), or set "
                    "ZERG_DATA_DIR to a folder on a larger volume.")
                    .arg(volume.rootPath());
    }
    return c;
}

// The schema version of an SQLite file, read without changing it; nullopt with *error.
std::optional<int> sqliteSchemaVersion(const QString& path, QString* error) {
    const QString connection = QStringLiteral("zerg-doctor");
    std::optional<int> version;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open()) {
            *error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                       "name = 'schema_migrations'"))) {
                *error = q.lastError().text();
            } else if (!q.next()) {
                version = 0;  // an empty database: nothing applied yet
            } else if (!q.exec(QStringLiteral("SELECT MAX(version) FROM schema_migrations")) ||
                       !q.next()) {
                *error = q.lastError().text();
            } else {
                version = q.value(0).toInt();
            }
            q.finish();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return version;
}

Check databaseCheck(const Settings& s) {
    Check c{QStringLiteral("database"), Text::tr("Database")};
    const int latest = migrations::latestVersion();
    if (!s.databaseUrl.isEmpty()) {
        // Opening PostgreSQL applies pending migrations, exactly as every start does.
        auto db = Database::openConfigured(QString(), s.databaseUrl);
        if (!db) {
            c.level = Level::Fail;
            c.detail = db.error().message;
            c.fix = db.error().code == QLatin1String("schema_too_new")
                        ? Text::tr(
                              "Upgrade Zerg (this is %1), or set ZERG_DATABASE_URL to "
                              "another database.")
                              .arg(QCoreApplication::applicationVersion())
                        : Text::tr(
                              "Check ZERG_DATABASE_URL (postgresql://user@host:5432/db), "
                              "that the server runs and accepts this user (password: "
                              "PGPASSWORD or ~/.pgpass).");
            return c;
        }
        c.detail = Text::tr(
                       "PostgreSQL %1: schema version %2 of %3. Opening it applied any "
                       "pending migrations, as every start of Zerg does.")
                       .arg((*db)->path(), QString::number((*db)->schemaVersion()),
                            QString::number(latest));
        return c;
    }
    const QString path = QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite"));
    const QString shown = QDir::toNativeSeparators(path);
    if (!QFileInfo::exists(path)) {
        c.detail = Text::tr(
                       "%1 does not exist yet; Zerg creates it (schema version %2) when it "
                       "first starts.")
                       .arg(shown, QString::number(latest));
        return c;
    }
    QString error;
    const std::optional<int> version = sqliteSchemaVersion(path, &error);
    if (!version) {
        c.level = Level::Fail;
        c.detail = Text::tr("Cannot read %1: %2").arg(shown, error);
        c.fix = Text::tr(
            "Check the file's permissions. If it is damaged, restore it from a backup "
            "or move it away: Zerg then creates a new one, and `zerg workers "
            "reindex` rebuilds the worker list from the folders on disk.");
        return c;
    }
    if (*version > latest) {
        c.level = Level::Fail;
        c.detail = Text::tr(
                       "%1 was written by a newer Zerg: schema version %2, this Zerg knows "
                       "versions up to %3 and refuses to open it.")
                       .arg(shown, QString::number(*version), QString::number(latest));
        c.fix = Text::tr("Upgrade Zerg (this is %1), or set ZERG_DATA_DIR to another folder.")
                    .arg(QCoreApplication::applicationVersion());
        return c;
    }
    if (*version < latest) {
        c.detail = Text::tr(
                       "%1: schema version %2 of %3; Zerg applies the missing migrations "
                       "when it next opens it (the doctor read it without changes).")
                       .arg(shown, QString::number(*version), QString::number(latest));
        return c;
    }
    c.detail = Text::tr("%1: schema version %2, current (read without changes)")
                   .arg(shown, QString::number(*version));
    return c;
}

// ---------------------------------------------------------------------------------------------
// Output

class TextPrinter {
public:
    explicit TextPrinter(QTextStream* out) : m_out(out) {
        m_tty = ::isatty(STDOUT_FILENO) == 1;
        if (m_tty) {
            m_markers = {QStringLiteral("✓"), QStringLiteral("!"), QStringLiteral("✗")};
        } else {
            // Words where symbols may not survive (logs, pipes): still one word per line start.
            m_markers = {Text::tr("ok"), Text::tr("warn"), Text::tr("FAIL")};
        }
        for (const QString& m : m_markers)
            m_width = std::max(m_width, int(m.size()));
    }

    void print(const Check& c) {
        const QString indent(m_width + 1, QLatin1Char(' '));
        QStringList lines = c.detail.split(QLatin1Char('\n'));
        *m_out << m_markers.at(int(c.level)).leftJustified(m_width) << ' ' << c.title << ": "
               << lines.takeFirst() << '\n';
        for (const QString& line : lines) {
            if (!line.trimmed().isEmpty())
                *m_out << indent << "  " << line;
            *m_out << '\n';
        }
        if (c.level != Level::Ok && !c.fix.isEmpty())
            *m_out << indent << Text::tr("fix: %1").arg(c.fix) << '\n';
        m_out->flush();
    }

private:
    QTextStream* m_out;
    bool m_tty = false;
    QStringList m_markers;  // by Level
    int m_width = 1;
};

}  // namespace

QString doctorHelp() {
    return Text::tr(kDoctorUsage);
}

int doctorCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const bool json = args.removeAll(QStringLiteral("--json")) > 0;
    if (!args.isEmpty()) {
        err << "zerg doctor: " << Text::tr("unexpected argument %1").arg(args.first()) << "\n\n"
            << doctorHelp();
        return 2;
    }
    const Settings s = Settings::load();

    QList<Check> checks;
    std::optional<TextPrinter> printer;
    if (!json) {
        printer.emplace(&out);
        out << Text::tr("Zerg %1 doctor: provider, data folder, database and hosts.")
                   .arg(QCoreApplication::applicationVersion())
            << "\n\n";
        out.flush();
    }
    const Report report = [&](const Check& c) {
        checks.append(c);
        if (printer)
            printer->print(c);
    };

    // The SSH logins run on their own threads while the other checks go on.
    const Result<HostsConfig> hosts = HostsConfig::loadFile(s.hostsFile);
    std::optional<HostLogins> logins;
    if (hosts)
        logins.emplace(s, hosts.value());

    checkProvider(s, report);
    report(dataFolderCheck(s));
    report(diskSpaceCheck(s));
    report(databaseCheck(s));
    report(hostsFileCheck(s, hosts));
    if (logins)
        logins->report(report);

    int failures = 0;
    int warnings = 0;
    for (const Check& c : checks) {
        failures += c.level == Level::Fail ? 1 : 0;
        warnings += c.level == Level::Warn ? 1 : 0;
    }
    if (json) {
        QJsonArray rows;
        for (const Check& c : checks) {
            rows.append(QJsonObject{{QStringLiteral("name"), c.name},
                                    {QStringLiteral("status"), levelName(c.level)},
                                    {QStringLiteral("detail"), c.detail},
                                    {QStringLiteral("fix"), c.fix}});
        }
        out << QJsonDocument(QJsonObject{{QStringLiteral("checks"), rows},
                                         {QStringLiteral("ok"), failures == 0}})
                   .toJson(QJsonDocument::Indented);
        return failures == 0 ? 0 : 1;
    }
    out << '\n';
    if (failures > 0) {
        out << Text::tr(
                   "Problems to fix: %1, warnings: %2. Fix the problems above, then run "
                   "`zerg doctor` again.")
                   .arg(failures)
                   .arg(warnings);
    } else if (warnings > 0) {
        out << Text::tr("No problems; warnings: %1 (see above).").arg(warnings);
    } else {
        out << Text::tr("Everything looks fine.");
    }
    out << '\n';
    return failures == 0 ? 0 : 1;
}

}  // namespace zerg::cli
