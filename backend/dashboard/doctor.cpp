#include "dashboard/doctor.h"

#include "core/clock.h"
#include "core/secret_store.h"
#include "llm/ollama_probe.h"
#include "llm/provider_probe.h"
#include "llm/provider_registry.h"
#include "mcp/mcp_servers.h"
#include "runtime/mail_replies.h"
#include "runtime/phone_links.h"
#include "runtime/public_url.h"
#include "runtime/sms_alerts.h"
#include "runtime/sms_replies.h"
#include "storage/agent_profiles.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "tools/host_trust.h"
#include "tools/shell_exec_tool.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStorageInfo>
#include <QTemporaryFile>

#include <algorithm>

namespace zerg {
namespace {

using CheckStatus = DoctorCheck::Status;

constexpr qint64 kMiB = 1024 * 1024;
constexpr qint64 kWarnFreeBytes = 1024 * kMiB;
constexpr qint64 kFailFreeBytes = 100 * kMiB;
constexpr int kModelsShown = 15;

DoctorCheck makeCheck(const QString& id, const QString& title) {
    DoctorCheck c;
    c.id = id;
    c.title = title;
    return c;
}

QString shortList(const QStringList& items) {
    if (items.isEmpty())
        return Doctor::tr("(none)");
    if (items.size() <= kModelsShown)
        return items.join(QStringLiteral(", "));
    return Doctor::tr("%1 and %2 more")
        .arg(items.mid(0, kModelsShown).join(QStringLiteral(", ")),
             QString::number(items.size() - kModelsShown));
}

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

// The models named in the agents' tuning (Dashboard › Agents), read without changing anything:
// role -> model. None when the database does not exist yet or cannot be read (the database
// check says why).
QHash<AgentRole, QString> tunedModels(const Settings& s) {
    QHash<AgentRole, QString> out;
    if (!s.databaseUrl.isEmpty()) {
        // Opening PostgreSQL is what every start does (see databaseCheck).
        auto db = Database::openConfigured(QString(), s.databaseUrl);
        if (!db)
            return out;
        const AgentProfileStore store(db->get());
        for (const auto& [role, word] : StatusTable<AgentRole>::names) {
            if (const Result<AgentProfile> p = store.current(role); p && !p->model.isEmpty())
                out.insert(role, p->model);
        }
        return out;
    }
    const QString path = QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite"));
    if (!QFileInfo::exists(path))
        return out;
    const QString connection = QStringLiteral("zerg-doctor-agents");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        QSqlQuery q(db);
        // The newest version of each role's tuning, when it names a model (an older schema has
        // no such table: nothing is tuned).
        if (db.open() &&
            q.exec(QStringLiteral("SELECT role, model FROM agent_profiles a WHERE version = "
                                  "(SELECT MAX(version) FROM agent_profiles b WHERE b.role = "
                                  "a.role) AND model IS NOT NULL AND model <> ''"))) {
            while (q.next()) {
                if (const auto role = parseStatus<AgentRole>(q.value(0).toString()))
                    out.insert(*role, q.value(1).toString());
            }
        }
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return out;
}

}  // namespace

Doctor::Doctor(Settings settings, QNetworkAccessManager* nam, Clock* clock, HostsSource* hosts,
               DoctorTimeouts timeouts, QObject* parent)
    : QObject(parent),
      m_settings(std::move(settings)),
      m_nam(nam),
      m_clock(clock),
      m_hosts(hosts),
      m_timeouts(timeouts) {}

Doctor::~Doctor() {
    if (m_waitingForHosts)
        m_clock->cancel(m_hostsDeadline);
}

int Doctor::count(DoctorCheck::Status status) const {
    return int(std::count_if(m_checks.cbegin(), m_checks.cend(),
                             [status](const DoctorCheck& c) { return c.status == status; }));
}

void Doctor::run() {
    if (m_started)
        return;
    m_started = true;
    startHostLogins();
    checkProvider();
}

void Doctor::report(DoctorCheck check) {
    m_checks.append(check);
    Q_EMIT checked(m_checks.constLast());
}

// ---- Provider -----------------------------------------------------------------------------------

// Where the API key comes from, never the key itself.
QString Doctor::keySource() const {
    if (m_settings.llmApiKey.isEmpty())
        return tr("none");
    if (qEnvironmentVariableIsSet("ZERG_LLM_API_KEY"))
        return tr("from ZERG_LLM_API_KEY");
    return tr("stored with `zerg key set`");
}

void Doctor::checkProvider() {
    const Settings& s = m_settings;
    const QString problem = llm::providerProblem(s);
    m_kind = llm::findProvider(s.llmProvider);
    if (!m_kind) {
        QStringList choices;
        for (const ProviderKind& k : llm::providerKinds())
            choices.append(QStringLiteral("ZERG_LLM_PROVIDER=%1 (%2)").arg(k.id, k.labelText()));
        return reportUnconfiguredProvider(problem, tr("Set %1.").arg(choices.join(tr(" or "))));
    }
    if (!problem.isEmpty() && s.llmBaseUrl.isEmpty()) {
        // What a local Ollama offers right now is the quickest way to a working set-up.
        auto* ollama = new OllamaProbe(m_nam, s.ollamaUrl, m_clock, m_timeouts.ollamaMs, this);
        connect(ollama, &OllamaProbe::finished, this, [this, ollama, problem] {
            ollama->deleteLater();
            const QString set =
                m_settings.model.isEmpty()
                    ? tr("Set ZERG_LLM_BASE_URL and ZERG_MODEL (or choose a provider in "
                         "Settings).")
                    : tr("Set ZERG_LLM_BASE_URL (or choose a provider in Settings).");
            reportUnconfiguredProvider(problem, set + QLatin1Char(' ') + ollama->advice());
        });
        ollama->start();
        return;
    }
    if (!problem.isEmpty()) {
        return reportUnconfiguredProvider(
            problem, tr("Set ZERG_MODEL to a model your server offers (e.g. gpt-4o-mini, or "
                        "qwen2.5:7b on Ollama)."));
    }
    DoctorCheck configured = makeCheck(QStringLiteral("provider"), tr("LLM provider"));
    configured.message = tr("%1 at %2, API key: %3").arg(s.llmProvider, s.llmBaseUrl, keySource());
    report(configured);

    // The models list: the cheapest authenticated request every protocol has.
    m_probe = new ProviderProbe(m_nam, m_kind->modelsRequest(s.llmBaseUrl, s.llmApiKey), m_clock,
                                m_timeouts.httpMs, this);
    connect(m_probe, &ProviderProbe::finished, this, &Doctor::onModelsList);
    m_probe->start();
}

void Doctor::reportUnconfiguredProvider(const QString& problem, const QString& fix) {
    DoctorCheck configured = makeCheck(QStringLiteral("provider"), tr("LLM provider"));
    configured.status = CheckStatus::Failed;
    configured.message = problem;
    configured.fix = fix;
    report(configured);
    DoctorCheck reachable =
        makeCheck(QStringLiteral("provider_reachable"), tr("Provider reachable"));
    reachable.status = CheckStatus::Skipped;
    reachable.message = tr("Not checked: the provider is not configured.");
    report(reachable);
    checkLocal();
}

void Doctor::onModelsList() {
    const ProbeAnswer list = m_probe->answer();
    const QString root = m_probe->request().shown;
    m_probe->deleteLater();
    m_probe = nullptr;
    const Settings& s = m_settings;

    DoctorCheck reachable =
        makeCheck(QStringLiteral("provider_reachable"), tr("Provider reachable"));
    DoctorCheck models = makeCheck(QStringLiteral("models"), tr("Models"));
    models.status = CheckStatus::Skipped;
    models.message = tr("Not checked: the provider did not answer the request.");
    if (list.status == 0) {
        reachable.status = CheckStatus::Failed;
        reachable.message = tr("GET %1 failed: %2").arg(root, list.error);
        reachable.fix =
            tr("Start the LLM server, or set ZERG_LLM_BASE_URL to where it listens (now %1).")
                .arg(s.llmBaseUrl);
        report(reachable);
        report(models);
        return checkLocal();
    }
    if (list.status == 401 || list.status == 403) {
        reachable.status = CheckStatus::Failed;
        reachable.message =
            tr("%1 refused the request (HTTP %2): the API key is missing or not accepted.")
                .arg(root, QString::number(list.status));
        reachable.fix =
            s.llmApiKey.isEmpty()
                ? tr("Store the API key with `zerg key set` (or set ZERG_LLM_API_KEY).")
                : tr("Store a valid API key with `zerg key set` (or set ZERG_LLM_API_KEY); "
                     "check that it belongs to %1.")
                      .arg(s.llmProvider);
        report(reachable);
        report(models);
        return checkLocal();
    }
    reachable.message =
        tr("%1 answered HTTP %2 in %3 ms")
            .arg(root, QString::number(list.status), QString::number(list.elapsedMs));
    report(reachable);

    const QList<ModelUse> uses = modelUses();
    if (!list.models) {
        // Many compatible servers do not list models; that says nothing about the model.
        QStringList names;
        for (const ModelUse& u : uses)
            names.append(u.model);
        models.status = CheckStatus::Warning;
        models.message =
            tr("The server does not list its models (GET %1: HTTP %2), so %3 "
               "could not be checked.")
                .arg(root, QString::number(list.status), names.join(QStringLiteral(", ")));
        models.fix =
            tr("Nothing to do if `zerg ask \"hello\"` works; otherwise check "
               "ZERG_MODEL and ZERG_WORKER_MODEL against the server's model names.");
        report(models);
        return checkLocal();
    }
    m_offered = *list.models;
    m_modelsToCheck = uses;
    m_nextModel = 0;
    checkNextModel();
}

// One model at a time: listed, or (for a protocol that has it) found by name.
void Doctor::checkNextModel() {
    if (m_nextModel >= m_modelsToCheck.size())
        return checkLocal();
    const ModelUse use = m_modelsToCheck.at(m_nextModel++);
    // Ollama lists "name:tag" and serves "name" as "name:latest".
    const bool listed =
        m_offered.contains(use.model) || m_offered.contains(use.model + QStringLiteral(":latest"));
    if (listed || !m_kind->modelRequest) {
        reportModel(use, listed);
        return checkNextModel();
    }
    m_probe = new ProviderProbe(
        m_nam, m_kind->modelRequest(m_settings.llmBaseUrl, m_settings.llmApiKey, use.model),
        m_clock, m_timeouts.httpMs, this);
    connect(m_probe, &ProviderProbe::finished, this, [this, use] {
        const bool found = m_probe->answer().status == 200;
        m_probe->deleteLater();
        m_probe = nullptr;
        reportModel(use, found);
        checkNextModel();
    });
    m_probe->start();
}

void Doctor::reportModel(const ModelUse& use, bool listed) {
    DoctorCheck c = makeCheck(QStringLiteral("model:") + use.model, tr("Model %1").arg(use.model));
    const QString roles = use.roles.join(QStringLiteral(", "));
    if (listed) {
        c.message = tr("offered by the server; used by: %1").arg(roles);
    } else {
        c.status = CheckStatus::Failed;
        c.message = tr("not offered by the server (used by: %1). It offers: %2")
                        .arg(roles, shortList(m_offered));
        c.fix = tr("Set %1 to a model the server offers, or make the server offer %2.")
                    .arg(use.variables.join(tr(" or ")), use.model);
    }
    report(c);
}

// The distinct models Zerg will ask for, with the roles that use them and where they are set.
QList<Doctor::ModelUse> Doctor::modelUses() const {
    QList<ModelUse> uses;
    const QHash<AgentRole, QString> tuned = tunedModels(m_settings);
    for (const auto& [role, word] : StatusTable<AgentRole>::names) {
        const bool isTuned = tuned.contains(role);
        const QString model = isTuned ? tuned.value(role) : m_settings.modelFor(role);
        // The rule-based decider is not a model.
        if (model.isEmpty() || model == QLatin1String("heuristic"))
            continue;
        auto it = std::find_if(uses.begin(), uses.end(),
                               [&](const ModelUse& u) { return u.model == model; });
        if (it == uses.end()) {
            uses.append({model, {}, {}});
            it = uses.end() - 1;
        }
        it->roles.append(QLatin1String(word));
        const QString variable =
            isTuned ? tr("the %1 agent's model in Dashboard › Agents").arg(QLatin1String(word))
                    : m_settings.modelVariableFor(role);
        if (!it->variables.contains(variable))
            it->variables.append(variable);
    }
    return uses;
}

// ---- Data folder and database -------------------------------------------------------------------

void Doctor::checkLocal() {
    report(dataFolderCheck());
    report(diskSpaceCheck());
    report(databaseCheck());
    report(sandboxCheck(m_settings));
    checkAlerts();
    checkMcp();
}

// ---- Alerts both ways ---------------------------------------------------------------------------

void Doctor::checkAlerts() {
    const Settings& s = m_settings;
    const QString seeDocs = tr("docs/alerts.md says what each setting is.");
    if (!s.publicUrl.trimmed().isEmpty()) {
        QString warning;
        const auto links = PhoneLinksConfig::fromSettings(s, &warning);
        DoctorCheck c = makeCheck(QStringLiteral("phone_links"), tr("Approval links (ntfy)"));
        if (!links) {
            c.status = CheckStatus::Failed;
            c.message = links.error().message;
            c.fix = seeDocs;
            report(c);
        } else if (links->has_value()) {  // else ZERG_PUBLIC_URL serves the SMS webhook alone
            // The topic's address is a secret: only its server is shown.
            c.message = tr("zerg serve pushes approval requests to ntfy at %1, with one-time "
                           "links under %2.")
                            .arg((*links)->ntfyUrl.host(),
                                 publicAddress((*links)->publicUrl, QStringLiteral("/actions/")));
            if (!warning.isEmpty()) {
                c.status = CheckStatus::Warning;
                c.message = warning;
            }
            report(c);
        }
    }
    if (!s.imapHost.trimmed().isEmpty()) {
        DoctorCheck c = makeCheck(QStringLiteral("mail_replies"), tr("Replies by e-mail"));
        const auto mail = MailRepliesConfig::fromSettings(s, {});
        if (!mail) {
            c.status = CheckStatus::Failed;
            c.message = mail.error().message;
            c.fix = seeDocs;
        } else {
            c.message = tr("Replies are read from %1 on %2:%3; they count from %4. The mailbox's "
                           "password is tried when Zerg starts, not here.")
                            .arg((*mail)->imap.mailbox, (*mail)->imap.host,
                                 QString::number((*mail)->imap.port),
                                 (*mail)->allowedSenders.join(QStringLiteral(", ")));
        }
        report(c);
    }
    if (!s.smsGateway.isEmpty() && s.smsGateway != QLatin1String("off")) {
        DoctorCheck c = makeCheck(QStringLiteral("sms"), tr("SMS"));
        QString token;
        if (!s.configDir.isEmpty()) {
            const SecretStore secrets(s.configDir, SecretStore::backendFromEnvironment());
            if (const auto t = secrets.read(QStringLiteral("sms_token")))
                token = t.value();
        }
        const auto sms = SmsAlerts::configFrom(s, token);
        if (!sms) {
            c.status = CheckStatus::Failed;
            c.message = sms.error().message;
            c.fix = tr("Set what is named (Settings › Notifications, or the ZERG_SMS_* "
                       "variables). %1")
                        .arg(seeDocs);
            report(c);
            return;
        }
        const SmsConfig& gateway = **sms;
        const QString via = gateway.kind == SmsGatewayKind::Twilio ? QStringLiteral("Twilio")
                                                                   : QUrl(gateway.url).host();
        const auto replies = SmsRepliesConfig::from(s, gateway);
        if (!replies) {
            c.status = CheckStatus::Warning;
            c.message = tr("SMS alerts go to %1 through %2, but replies are not read: %3")
                            .arg(gateway.to, via, replies.error().message);
            c.fix = seeDocs;
        } else if (replies->publicUrl.isEmpty()) {
            c.message = tr("SMS alerts go to %1 through %2. Replies are not read: for them, run "
                           "zerg serve with ZERG_PUBLIC_URL.")
                            .arg(gateway.to, via);
        } else {
            // An HTTP gateway's address holds its key: zerg serve prints it, not the doctor.
            const QString address =
                gateway.kind == SmsGatewayKind::Twilio
                    ? replies->webhookUrl()
                    : publicAddress(replies->publicUrl, QStringLiteral("/sms/…"));
            c.message = tr("SMS alerts go to %1 through %2; under zerg serve, replies come to "
                           "%3.")
                            .arg(gateway.to, via, address);
        }
        report(c);
    }
}

// ---- MCP servers --------------------------------------------------------------------------------

// mcp.json's entries, then each enabled server started once (no restarts), as `zerg mcp list`
// does; no row at all when the file names no server.
void Doctor::checkMcp() {
    const McpConfig config = McpConfig::loadFile(m_settings.mcpConfigFile,
                                                 McpConfig::storedSecrets(m_settings.configDir));
    if (config.servers.isEmpty() && config.problems.isEmpty())
        return checkHosts();
    DoctorCheck file = makeCheck(QStringLiteral("mcp_config"), tr("MCP servers (mcp.json)"));
    const QString path = QDir::toNativeSeparators(config.path);
    if (config.problems.isEmpty()) {
        file.message = tr("%1: %n server(s).", nullptr, int(config.servers.size())).arg(path);
    } else {
        file.status = CheckStatus::Warning;
        file.message = config.problemLines().join(QLatin1Char('\n'));
        file.fix = tr("Fix these entries in %1 (docs/mcp.md); the other servers run.").arg(path);
    }
    report(file);
    McpOptions o;
    o.clock = m_clock;
    o.intensity = 0;  // one attempt: its error is what the user needs
    o.handshakeTimeoutMs = m_timeouts.mcpMs;
    m_mcp = new McpServers(config, o, this);
    if (const Status started = m_mcp->startStandalone(); !started || m_mcp->isSettled())
        return finishMcp();
    connect(m_mcp, &McpServers::settled, this, &Doctor::finishMcp);
    m_mcpDeadline = m_clock->callAfter(m_timeouts.mcpMs + 1000, this, [this] { finishMcp(); });
}

void Doctor::finishMcp() {
    if (!m_mcp)
        return;
    if (m_mcpDeadline)
        m_clock->cancel(m_mcpDeadline);
    m_mcpDeadline = 0;
    McpServers* servers = std::exchange(m_mcp, nullptr);
    servers->disconnect(this);
    for (const McpServerStatus& s : servers->servers()) {
        DoctorCheck c = makeCheck(QStringLiteral("mcp:") + s.config.name,
                                  tr("MCP server %1").arg(s.config.name));
        switch (s.state) {
            case McpServerState::Ready:
                c.message = tr("Started; %n tool(s).", nullptr, int(s.tools.size()));
                break;
            case McpServerState::Disabled:
                c.message = tr("Disabled in mcp.json.");
                break;
            default: {
                c.status = CheckStatus::Failed;
                QStringList lines{s.lastError.isEmpty() ? tr("It did not start in time.")
                                                        : s.lastError};
                for (const QString& line : s.lastStderr.mid(qMax(0, int(s.lastStderr.size()) - 5)))
                    lines.append(QStringLiteral("| ") + line);
                c.message = lines.join(QLatin1Char('\n'));
                c.fix = s.config.transport == McpTransportKind::Stdio
                            ? tr("Check \"command\" and \"args\" of %1 in mcp.json; try it with "
                                 "`zerg mcp tools %1`. Its tools are unavailable until it starts.")
                                  .arg(s.config.name)
                            : tr("Check \"url\" and \"headers\" of %1 in mcp.json, and that the "
                                 "server runs; try it with `zerg mcp tools %1`.")
                                  .arg(s.config.name);
                break;
            }
        }
        report(c);
    }
    servers->stopStandalone();
    servers->deleteLater();
    checkHosts();
}

DoctorCheck Doctor::dataFolderCheck() const {
    const Settings& s = m_settings;
    DoctorCheck c = makeCheck(QStringLiteral("data_folder"), tr("Data folder"));
    const QString dir = QDir::toNativeSeparators(s.dataDir);
    const QFileInfo info(s.dataDir);
    const QString otherFolder = tr("set ZERG_DATA_DIR to a folder you can write to.");
    if (info.exists() && !info.isDir()) {
        c.status = CheckStatus::Failed;
        c.message = tr("%1 is a file, not a folder.").arg(dir);
        c.fix = tr("Move the file away, or %1").arg(otherFolder);
        return c;
    }
    if (info.exists()) {
        if (const QString error = probeWrite(s.dataDir); !error.isEmpty()) {
            c.status = CheckStatus::Failed;
            c.message = tr("Cannot write in %1: %2").arg(dir, error);
            c.fix = tr("Give your user write access (chmod u+rwx %1), or %2").arg(dir, otherFolder);
            return c;
        }
        c.message = tr("%1 is writable").arg(dir);
        return c;
    }
    const QString ancestor = nearestExisting(s.dataDir);
    const QString shownAncestor = QDir::toNativeSeparators(ancestor);
    if (!QFileInfo(ancestor).isDir()) {
        c.status = CheckStatus::Failed;
        c.message = tr("%1 cannot be created: %2 is a file, not a folder.").arg(dir, shownAncestor);
        c.fix = tr("Correct ZERG_DATA_DIR, or %1").arg(otherFolder);
        return c;
    }
    if (const QString error = probeWrite(ancestor); !error.isEmpty()) {
        c.status = CheckStatus::Failed;
        c.message = tr("%1 does not exist and cannot be created: cannot write in %2 (%3).")
                        .arg(dir, shownAncestor, error);
        c.fix =
            tr("Create %1 yourself and give your user write access, or %2").arg(dir, otherFolder);
        return c;
    }
    c.message = tr("%1 does not exist yet; Zerg creates it when it first starts (%2 is "
                   "writable).")
                    .arg(dir, shownAncestor);
    return c;
}

DoctorCheck Doctor::diskSpaceCheck() const {
    const Settings& s = m_settings;
    DoctorCheck c = makeCheck(QStringLiteral("disk_space"), tr("Free space"));
    const QStorageInfo volume(nearestExisting(s.dataDir));
    if (!volume.isValid() || !volume.isReady()) {
        c.status = CheckStatus::Warning;
        c.message = tr("Could not read the free space of the volume of %1.")
                        .arg(QDir::toNativeSeparators(s.dataDir));
        c.fix = tr("Check that the volume is mounted (df -h).");
        return c;
    }
    const qint64 free = volume.bytesAvailable();
    const QLocale locale;
    c.message = tr("%1 available on %2").arg(locale.formattedDataSize(free), volume.rootPath());
    if (free < kWarnFreeBytes) {
        c.status = free < kFailFreeBytes ? CheckStatus::Failed : CheckStatus::Warning;
        c.message += QLatin1Char(' ') +
                     tr("(less than %1)")
                         .arg(locale.formattedDataSize(free < kFailFreeBytes ? kFailFreeBytes
                                                                             : kWarnFreeBytes));
        c.fix = tr("Free space on %1 (old workers: ZERG_RETENTION_DAYS), or set ZERG_DATA_DIR to "
                   "a folder on a larger volume.")
                    .arg(volume.rootPath());
    }
    return c;
}

DoctorCheck Doctor::databaseCheck() const {
    const Settings& s = m_settings;
    DoctorCheck c = makeCheck(QStringLiteral("database"), tr("Database"));
    const int latest = migrations::latestVersion();
    if (!s.databaseUrl.isEmpty()) {
        // Opening PostgreSQL applies pending migrations, exactly as every start does.
        auto db = Database::openConfigured(QString(), s.databaseUrl);
        if (!db) {
            c.status = CheckStatus::Failed;
            c.message = db.error().message;
            c.fix = db.error().code == QLatin1String("schema_too_new")
                        ? tr("Upgrade Zerg (this is %1), or set ZERG_DATABASE_URL to another "
                             "database.")
                              .arg(QCoreApplication::applicationVersion())
                        : tr("Check ZERG_DATABASE_URL (postgresql://user@host:5432/db), that the "
                             "server runs and accepts this user (password: PGPASSWORD or "
                             "~/.pgpass).");
            return c;
        }
        c.message = tr("PostgreSQL %1: schema version %2 of %3. Opening it applied any pending "
                       "migrations, as every start of Zerg does.")
                        .arg((*db)->path(), QString::number((*db)->schemaVersion()),
                             QString::number(latest));
        return c;
    }
    const QString path = QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite"));
    const QString shown = QDir::toNativeSeparators(path);
    if (!QFileInfo::exists(path)) {
        c.message = tr("%1 does not exist yet; Zerg creates it (schema version %2) when it first "
                       "starts.")
                        .arg(shown, QString::number(latest));
        return c;
    }
    QString error;
    const std::optional<int> version = sqliteSchemaVersion(path, &error);
    if (!version) {
        c.status = CheckStatus::Failed;
        c.message = tr("Cannot read %1: %2").arg(shown, error);
        c.fix =
            tr("Check the file's permissions. If it is damaged, restore it from a backup or "
               "move it away: Zerg then creates a new one, and `zerg workers reindex` "
               "rebuilds the worker list from the folders on disk.");
        return c;
    }
    if (*version > latest) {
        c.status = CheckStatus::Failed;
        c.message = tr("%1 was written by a newer Zerg: schema version %2, this Zerg knows "
                       "versions up to %3 and refuses to open it.")
                        .arg(shown, QString::number(*version), QString::number(latest));
        c.fix = tr("Upgrade Zerg (this is %1), or set ZERG_DATA_DIR to another folder.")
                    .arg(QCoreApplication::applicationVersion());
        return c;
    }
    if (*version < latest) {
        c.message = tr("%1: schema version %2 of %3; Zerg applies the missing migrations when it "
                       "next opens it (the doctor read it without changes).")
                        .arg(shown, QString::number(*version), QString::number(latest));
        return c;
    }
    c.message = tr("%1: schema version %2, current (read without changes)")
                    .arg(shown, QString::number(*version));
    return c;
}

// ---- The local shell's sandbox ------------------------------------------------------------------

DoctorCheck Doctor::sandboxCheck(const Settings& settings, const QString& bwrapPath) {
    DoctorCheck c = makeCheck(QStringLiteral("sandbox"), tr("Local shell sandbox"));
    // Zerg reads a value it does not know as auto (runtime/backend.cpp).
    const Result<ShellSandboxOptions::Mode> mode = parseShellSandboxMode(settings.shellSandbox);
    const ShellSandboxState state = ShellExecTool::sandboxState(
        mode ? mode.value() : ShellSandboxOptions::Mode::Auto, bwrapPath);
    switch (state.kind) {
        case ShellSandboxState::Kind::Bubblewrap:
            c.message = tr("bubblewrap works (%1): shell_exec runs commands in its sandbox "
                           "(read-only system; home folders, /run and the machine's sockets "
                           "hidden; no network unless a call asks for it and is allowed).")
                            .arg(state.bwrap);
            break;
        case ShellSandboxState::Kind::Restricted:
            c.status = CheckStatus::Warning;
            c.message =
                tr("restricted mode chosen (ZERG_SHELL_SANDBOX=restricted): shell_exec "
                   "runs commands without a sandbox, as your user and with network "
                   "access, with a clean environment and resource limits.");
            c.fix = state.bubblewrapWorks
                        ? tr("bubblewrap works here: set ZERG_SHELL_SANDBOX=auto to run commands "
                             "in its sandbox.")
                        : tr("To run commands in a sandbox: %1, with ZERG_SHELL_SANDBOX=auto "
                             "(bubblewrap cannot run now: %2).")
                              .arg(state.remedy, state.problem);
            break;
        case ShellSandboxState::Kind::Unavailable:
            c.status = CheckStatus::Failed;
            c.message = tr("shell_exec is unavailable: bubblewrap cannot run here (%1), and Zerg "
                           "runs local commands only in its sandbox unless you choose "
                           "otherwise. Every shell_exec call is refused.")
                            .arg(state.problem);
            c.fix = tr("To fix it, %1; or, to run commands without a sandbox, set "
                       "ZERG_SHELL_SANDBOX=restricted.")
                        .arg(state.remedy);
            break;
    }
    if (!mode) {
        c.message =
            tr("%1 Zerg uses auto.").arg(mode.error().message) + QLatin1Char('\n') + c.message;
        if (c.status == CheckStatus::Ok)
            c.status = CheckStatus::Warning;
        const QString set = tr("Set ZERG_SHELL_SANDBOX to auto, bubblewrap or restricted.");
        c.fix = c.fix.isEmpty() ? set : set + QLatin1Char(' ') + c.fix;
    }
    return c;
}

// ---- Hosts --------------------------------------------------------------------------------------

// Every allowed host at once (HostsSource::test, the Hosts page's "Test connection"); the
// results come in while the other checks run.
void Doctor::startHostLogins() {
    m_hosts->hosts(this, [this](Result<HostsList> list) {
        m_hostsList = std::move(list);
        if (!*m_hostsList || m_hostsList->value().loadError)
            return;
        for (const HostInfo& h : m_hostsList->value().hosts)
            m_logins.append(HostLogin{h, std::nullopt});
        m_pendingLogins = int(m_logins.size());
        for (qsizetype i = 0; i < m_logins.size(); ++i) {
            m_hosts->test(m_logins.at(i).host.alias, this, [this, i](Result<HostTestResult> r) {
                m_logins[i].result = std::move(r);
                if (--m_pendingLogins == 0 && m_waitingForHosts)
                    finishHosts();
            });
        }
    });
}

void Doctor::checkHosts() {
    if (!m_hostsList) {
        // A source that never answered the list (a remote one gone quiet).
        DoctorCheck c = makeCheck(QStringLiteral("hosts_file"), tr("Hosts file"));
        c.status = CheckStatus::Failed;
        c.message = tr("The hosts file could not be read: no answer.");
        c.fix = tr("Run the checks again.");
        report(c);
        m_finished = true;
        Q_EMIT finished();
        return;
    }
    report(hostsFileCheck());
    m_waitingForHosts = true;
    if (m_pendingLogins == 0)
        return finishHosts();
    m_hostsDeadline = m_clock->callAfter(m_timeouts.hostsMs, this, [this] { finishHosts(); });
}

void Doctor::finishHosts() {
    if (!m_waitingForHosts)
        return;
    m_waitingForHosts = false;
    m_clock->cancel(m_hostsDeadline);
    for (const HostLogin& login : std::as_const(m_logins))
        report(hostCheck(login));
    m_finished = true;
    Q_EMIT finished();
}

DoctorCheck Doctor::hostsFileCheck() const {
    const Settings& s = m_settings;
    DoctorCheck c = makeCheck(QStringLiteral("hosts_file"), tr("Hosts file"));
    const std::optional<Error> error =
        *m_hostsList ? m_hostsList->value().loadError : m_hostsList->error();
    if (error) {
        c.message = error->message;
        if (error->code == QLatin1String("hosts_file_missing")) {
            // Zerg runs without one; workers just cannot reach any server.
            c.status = CheckStatus::Warning;
            c.fix = s.hostsFile.isEmpty()
                        ? tr("Set ZERG_HOSTS_FILE to a hosts file (OpenSSH config format).")
                        : tr("Import the servers workers may reach from ~/.ssh/config: zerg "
                             "hosts import ALIAS (creates %1), or set ZERG_HOSTS_FILE to an "
                             "existing hosts file.")
                              .arg(QDir::toNativeSeparators(s.hostsFile));
        } else {
            c.status = CheckStatus::Failed;
            c.fix = tr("Correct %1 as the message says, or set ZERG_HOSTS_FILE to another file.")
                        .arg(QDir::toNativeSeparators(s.hostsFile));
        }
        return c;
    }
    const HostsList& list = m_hostsList->value();
    QStringList aliases;
    for (const HostInfo& h : list.hosts)
        aliases.append(h.alias);
    const QString path = QDir::toNativeSeparators(list.hostsFile);
    if (aliases.isEmpty()) {
        c.status = CheckStatus::Warning;
        c.message = tr("%1 allows no host, so workers cannot reach any server.").arg(path);
        c.fix =
            tr("Add a Host block to it, or import one from ~/.ssh/config: zerg hosts import "
               "ALIAS");
        return c;
    }
    c.message = tr("%1 allows: %2").arg(path, aliases.join(QStringLiteral(", ")));
    return c;
}

DoctorCheck Doctor::hostCheck(const HostLogin& login) const {
    const HostInfo& host = login.host;
    const QString alias = host.alias;
    DoctorCheck c = makeCheck(QStringLiteral("host:") + alias, tr("Host %1").arg(alias));
    if (!login.result) {
        c.status = CheckStatus::Failed;
        c.message = tr("%1: no result within %2 s.")
                        .arg(host.target(), QString::number(m_timeouts.hostsMs / 1000));
        c.fix = tr("Check that %1 is up and reachable from this computer.").arg(host.target());
        return c;
    }
    const Result<HostTestResult>& tested = *login.result;
    if (tested && tested->ok) {
        c.message = tr("%1: logged in and ran `true` in %2 ms")
                        .arg(host.target(), QString::number(tested->elapsedMs));
        return c;
    }
    c.status = CheckStatus::Failed;
    // Not a login at all: the hosts file changed under the check.
    const QString code = tested ? tested->errorCode : tested.error().code;
    const QString fingerprint = tested ? tested->fingerprint : QString();
    if (code == QLatin1String("host_key_unknown")) {
        c.message = tr("%1 answers, but its host key (%2) is not in %3, so Zerg will not log in.")
                        .arg(host.target(), fingerprint, host.knownHostsFile);
        c.fix = tr("Check the fingerprint with the server's administrator, then run: zerg hosts "
                   "trust %1")
                    .arg(alias);
    } else if (code == QLatin1String("host_key_changed")) {
        c.message = tr("SECURITY WARNING: the host key of %1 HAS CHANGED. The server now shows "
                       "%2, which does not match the key recorded in %3. Someone may be "
                       "intercepting the connection, or the server was reinstalled. Zerg will "
                       "not connect.")
                        .arg(host.target(), fingerprint, host.knownHostsFile);
        HostEntry entry;
        entry.alias = alias;
        entry.hostName = host.hostName;
        entry.port = host.port;
        entry.user = host.user;
        c.fix = tr("Confirm the new fingerprint with the server's administrator first. Only if "
                   "the change is expected: ssh-keygen -R \"%1\" -f %2, then zerg hosts trust "
                   "%3")
                    .arg(HostKeys::knownHostsName(entry), host.knownHostsFile, alias);
    } else {
        c.message = tested ? tested->error : tested.error().message;
        c.fix = tr("Check that %1 is up and accepts your SSH key, and the Host block of %2 "
                   "(HostName, Port, User, IdentityFile) in %3.")
                    .arg(host.target(), alias, m_settings.hostsFile);
    }
    return c;
}

}  // namespace zerg
