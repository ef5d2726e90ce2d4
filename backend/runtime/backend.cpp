#include "runtime/backend.h"

#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/private_files.h"
#include "core/secret_store.h"
#include "core/status.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/supervisor_runs.h"
#include "llm/metered_provider.h"
#include "llm/pricing.h"
#include "llm/provider_registry.h"
#include "llm/retrying_provider.h"
#include "mcp/mcp_servers.h"
#include "runtime/app_tree.h"
#include "runtime/budget_monitor.h"
#include "runtime/health_monitor.h"
#include "runtime/hygiene_daemon.h"
#include "runtime/instance_lease.h"
#include "runtime/mail_replies.h"
#include "runtime/phone_links.h"
#include "runtime/sms_alerts.h"
#include "runtime/sms_replies.h"
#include "schedule/alert_channels.h"
#include "schedule/schedule_events.h"
#include "schedule/schedule_service.h"
#include "storage/agent_profiles.h"
#include "storage/approval_store.h"
#include "storage/artifact_store.h"
#include "storage/auth_store.h"
#include "storage/database.h"
#include "storage/job_queue.h"
#include "storage/job_recovery.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "tools/approval_policy.h"
#include "tools/hosts_config.h"
#include "tools/http_request_tool.h"
#include "tools/send_email_tool.h"
#include "tools/send_webhook_tool.h"
#include "tools/shell_exec_tool.h"
#include "tools/ssh_exec_tool.h"
#include "workers/approvals.h"
#include "workers/violation_rules.h"
#include "workers/worker.h"
#include "workers/worker_pool.h"

#include <QDir>
#include <QLockFile>
#include <QNetworkAccessManager>
#include <QPointer>

#include <algorithm>

namespace zerg {

namespace {

// The models of the roles as the settings give them. The decider's is the worker's unless set;
// "heuristic" picks the rule-based decider (an empty model).
JarvisModels modelsOf(const Settings& s) {
    JarvisModels m;
    m.model = s.model;
    m.workerModel = s.effectiveWorkerModel();
    m.quickModel = s.modelFor(AgentRole::Quick);
    m.memoryModel = s.modelFor(AgentRole::Summary);
    const QString decider = s.modelFor(AgentRole::Decider);
    m.deciderModel =
        decider.compare(QLatin1String("heuristic"), Qt::CaseInsensitive) == 0 ? QString() : decider;
    return m;
}

void setModels(JarvisConfig* jc, const JarvisModels& m) {
    jc->model = m.model;
    jc->workerModel = m.workerModel;
    jc->quickModel = m.quickModel;
    jc->memoryModel = m.memoryModel;
    jc->roundabout.deciderModel = m.deciderModel;
}

// The XO loop with a radio check every `turns` iterations; off (nullopt) when turns is 0.
std::optional<xo::Config> xoEvery(int turns) {
    if (turns <= 0)
        return std::nullopt;
    xo::Config x;
    x.everyTurns = turns;
    return x;
}

// The approval settings (ZERG_APPROVAL_*); a wrong value is named in *problem and the
// stricter choice applies: ask for the mode, read-only for schedules, no host overrides.
ApprovalsConfig approvalsConfig(const Settings& s, QString* problem) {
    ApprovalsConfig c;
    QStringList problems;
    const auto mode = [&](const QString& text, const char* env, ApprovalMode fallback) {
        if (const auto m = parseApprovalMode(text))
            return *m;
        problems.append(Backend::tr("%1=\"%2\" is not autonomous, ask or read_only; using %3.")
                            .arg(QLatin1String(env), text, statusName(fallback)));
        return fallback;
    };
    c.policy.mode = mode(s.approvalMode, "ZERG_APPROVAL_MODE", ApprovalMode::Ask);
    c.scheduleMode =
        mode(s.approvalScheduleMode, "ZERG_APPROVAL_SCHEDULE_MODE", ApprovalMode::ReadOnly);
    if (auto hosts = parseHostModes(s.approvalHostModes)) {
        c.policy.hostModes = std::move(hosts).value();
    } else {
        problems.append(Backend::tr("ZERG_APPROVAL_HOST_MODES: %1 No host has its own mode now.")
                            .arg(hosts.error().message));
    }
    c.timeoutMs = qint64(qMax(1, s.approvalTimeoutSeconds)) * 1000;
    *problem = problems.join(u' ');
    return c;
}

// One sentence for the user about the workers a crash left behind; empty when there were none.
QString noticeFor(const RecoveryReport& r) {
    if (r.jobIds.isEmpty())
        return {};
    QStringList names = r.workerIds;
    if (names.size() < r.jobIds.size()) {
        names.append(Backend::tr("%n more that had not started", nullptr,
                                 int(r.jobIds.size() - names.size())));
    }
    const int n = int(r.jobIds.size());
    const QString head = n == 1 ? Backend::tr("1 worker was interrupted")
                                : Backend::tr("%1 workers were interrupted").arg(n);
    return Backend::tr(
               "%1 when Zerg last stopped: %2. Their results are incomplete; ask again "
               "to rerun them.")
        .arg(head, names.join(QStringLiteral(", ")));
}

}  // namespace

Backend::Backend(Settings settings) : m_settings(std::move(settings)) {}

Backend::~Backend() {
    // The services stop through their tree, in reverse start order (workers are cancelled).
    if (m_tree)
        m_tree->stop();
    delete m_tree;
    delete m_phoneLinks;  // no more pushes: it uses the stores below
    delete m_mailReplies;
    delete m_smsReplies;
    // Workers and the supervisor agents go first: they use the stores below. Then the providers
    // we built, whose last replies may still record usage in the store.
    for (qint64 id : std::as_const(m_ownerOrder))
        delete m_owners.value(id).jarvis;
    delete m_runs;
    delete m_pool;
    delete m_mcp;  // after the workers that use its tools
    while (!m_ownedProviders.isEmpty())
        delete m_ownedProviders.takeLast();
    // Last: nothing of this process runs any more.
    if (m_lease)
        m_lease->stop();
}

void Backend::setDraining(bool draining) {
    m_draining = draining;
    for (const qint64 id : std::as_const(m_ownerOrder)) {
        if (ScheduleService* s = m_owners.value(id).scheduler)
            s->setDraining(draining);
    }
}

int Backend::handBackRuns() {
    int handed = 0;
    for (const qint64 id : std::as_const(m_ownerOrder)) {
        if (m_owners.value(id).jarvis->handBackRun())
            ++handed;
    }
    return handed;
}

Result<std::unique_ptr<Backend>> Backend::create(const Settings& settings, Clock* clock,
                                                 LlmProvider* llm) {
    std::unique_ptr<Backend> b(new Backend(settings));
    const Settings& s = b->m_settings;
    b->m_clock = clock ? clock : new SystemClock(b.get());
    b->m_bus = new EventBus(b->m_clock, b.get());

    // The data folder holds the database, the workers' artifacts and the session tokens: a new
    // one is the user's only (0700, whatever the umask); an existing one keeps its mode.
    if (const Status made = files::makePrivateDir(s.dataDir); !made) {
        qWarning("zerg: %s", qPrintable(made.error().message));
        return Error{QStringLiteral("data_dir"),
                     tr("Cannot create the data directory %1. Set ZERG_DATA_DIR to a writable "
                        "folder.")
                         .arg(s.dataDir)};
    }
    if (int mode = 0; files::isSharedWithOthers(s.dataDir, &mode)) {
        qWarning(
            "zerg: the data folder %s is open to other users (mode %o); run chmod 700 on it "
            "to keep conversations, tool output and the database yours only",
            qPrintable(s.dataDir), unsigned(mode));
    }
    auto db = Database::openConfigured(QDir(s.dataDir).filePath(QStringLiteral("zerg.sqlite")),
                                       s.databaseUrl);
    if (!db)
        return db.error();
    b->m_db = std::move(db).value();
    b->m_store = std::make_unique<Store>(b->m_db.get());
    b->m_auth = std::make_unique<AuthStore>(b->m_db.get());
    b->m_artifacts =
        std::make_unique<ArtifactStore>(QDir(s.dataDir).filePath(QStringLiteral("workers")));
    // This process registers on the database and holds the runs and workers it starts by a
    // lease (docs/server.md); what processes that are gone left running is declared
    // interrupted now, and later whenever another one's lease runs out. Work whose holder is
    // alive (another window, `zerg ask`, a second `zerg serve`) is left alone.
    // `zerg serve` takes over (rather than declares interrupted) the runs that may safely go
    // on here; they go on once the services run (startBackgroundServices).
    b->m_lease = std::make_unique<InstanceLease>(
        InstanceLease::Config{s.instanceName, s.leaseSeconds, s.takeOverWork,
                              JarvisService::kMaxRunAttempts},
        b->m_db.get(), b->m_artifacts.get(), b->m_clock);
    if (auto recovered = b->m_lease->start()) {
        b->m_takenOver = recovered->takenOver;
        b->m_recoveryNotice = noticeFor(recovered.value());
        if (!b->m_recoveryNotice.isEmpty())
            qWarning("%s", qPrintable(b->m_recoveryNotice));
    } else {
        return recovered.error();
    }
    // The first Zerg process on a data folder holds its lock for as long as it runs: it alone
    // prunes the folder (hygiene) and runs the schedules.
    b->m_instanceLock =
        std::make_unique<QLockFile>(QDir(s.dataDir).filePath(QStringLiteral("zerg.lock")));
    b->m_instanceLock->setStaleLockTime(0);  // stale only when its process is gone
    (void)b->m_instanceLock->tryLock(0);

    if (auto pricing = Pricing::load(s.pricingFile)) {
        b->m_pricing = std::make_unique<Pricing>(std::move(pricing).value());
    } else {
        b->m_pricingProblem = pricing.error().message;
        b->m_pricing = std::make_unique<Pricing>(Pricing::builtIn());
    }
    if (llm) {
        b->m_llm = llm;
    } else {
        // wire format (the provider registry's kind) -> retries of transient errors -> one
        // usage/cost record per call
        b->m_nam = new QNetworkAccessManager(b.get());
        LlmProvider* wire = llm::createProvider(s, b->m_nam, b->m_clock, b.get());
        b->m_ownedProviders.append(wire);
        RetryPolicy policy;
        policy.maxRetries = s.llmMaxRetries;
        auto* retrying = new RetryingProvider(wire, b->m_clock, policy, b.get());
        b->m_ownedProviders.append(retrying);
        b->m_llm = new MeteredProvider(retrying, b->m_store.get(), b->m_pricing.get(), b->m_clock,
                                       b.get());
        b->m_ownedProviders.append(b->m_llm);
    }

    HostsConfig hosts;
    if (auto loaded = HostsConfig::loadFile(s.hostsFile)) {
        hosts = loaded.value();
    } else {
        b->m_hostsProblem = loaded.error().message;
    }
    SshExecOptions sshOpts;
    sshOpts.defaultKnownHostsFile = s.knownHostsFile;
    sshOpts.diskCapBytes = s.toolDiskCapBytes;
    sshOpts.clock = b->m_clock;
    b->m_workerTools = std::make_unique<ToolRegistry>();
    b->m_workerTools->add(std::make_shared<SshExecTool>(hosts, sshOpts));
    ShellSandboxOptions sandbox;
    if (const Result<ShellSandboxOptions::Mode> mode = parseShellSandboxMode(s.shellSandbox)) {
        sandbox.mode = mode.value();
    } else {
        // Auto never runs a command without a sandbox: the safe reading of a value Zerg cannot
        // read.
        qWarning("zerg: %s Using auto.", qPrintable(mode.error().message));
    }
    // The database, other workers' artifacts and scratch folders and the secrets file stay out
    // of the sandbox.
    sandbox.hiddenPaths = {s.dataDir, s.configDir};
    // The root of the scratch folders: each worker gets <root>/<owner id>/<worker id> from
    // ShellExecTool::forWorker (workers/worker.cpp).
    b->m_workerTools->add(std::make_shared<ShellExecTool>(
        QDir(s.dataDir).filePath(QStringLiteral("scratch")), sandbox, 60, s.toolDiskCapBytes));
    HttpRequestOptions http;
    http.downloadCapBytes = s.toolDiskCapBytes;
    if (auto allowed = AddressPolicy::parse(s.httpAllowedAddresses)) {
        http.addresses = std::move(allowed).value();
    } else {
        qWarning(
            "zerg: ZERG_HTTP_ALLOWED_ADDRESSES: %s No loopback, link-local or private address "
            "is allowed now.",
            qPrintable(allowed.error().message));
    }
    const auto httpTool = std::make_shared<HttpRequestTool>(http);
    b->m_workerTools->add(httpTool);
    SmtpSettings smtp;
    smtp.host = s.smtpHost;
    smtp.port = s.smtpPort;
    if (!SmtpSettings::parseTls(s.smtpTls, &smtp.tls)) {
        qWarning("zerg: ZERG_SMTP_TLS=%s is not none, starttls or implicit; using starttls",
                 qPrintable(s.smtpTls));
    }
    smtp.username = s.smtpUser;
    smtp.from = s.smtpFrom;
    smtp.caFile = s.smtpCaFile;
    if (!smtp.username.isEmpty() && !s.configDir.isEmpty()) {
        const SecretStore secrets(s.configDir, SecretStore::backendFromEnvironment());
        if (auto pw = secrets.read(QStringLiteral("smtp_password")))
            smtp.password = pw.value();
    }
    // The alert address is the configured target; another recipient needs the user's approval.
    const auto emailTool =
        std::make_shared<SendEmailTool>(smtp, s.alertEmailTo.split(u',', Qt::SkipEmptyParts));
    b->m_workerTools->add(emailTool);
    b->m_emailTool = emailTool;
    SendWebhookOptions webhook;
    if (!s.webhookUrl.isEmpty()) {
        webhook.targets = {{QStringLiteral("default"), s.webhookUrl, s.webhookFormat}};
    }
    const auto webhookTool = std::make_shared<SendWebhookTool>(webhook);
    b->m_workerTools->add(webhookTool);
    // The MCP servers' tools (mcp__<server>__<tool>) come and go with their servers.
    const McpConfig mcpConfig =
        McpConfig::loadFile(s.mcpConfigFile, McpConfig::storedSecrets(s.configDir));
    b->m_mcpProblem = mcpConfig.problemLines().join(u'\n');
    if (!b->m_mcpProblem.isEmpty())
        qWarning("zerg: %s", qPrintable(b->m_mcpProblem));
    McpOptions mcpOptions;
    mcpOptions.clock = b->m_clock;
    mcpOptions.logDir = QDir(s.dataDir).filePath(QStringLiteral("mcp"));
    b->m_mcp = new McpServers(mcpConfig, mcpOptions, b.get());
    b->m_workerTools->addSource(b->m_mcp->toolSource());

    WorkerDeps deps;
    deps.store = b->m_store.get();
    deps.artifacts = b->m_artifacts.get();
    deps.bus = b->m_bus;
    deps.clock = b->m_clock;
    deps.llm = b->m_llm;
    deps.tools = b->m_workerTools.get();
    deps.maxIterations = s.maxIterations;
    deps.toolOutputCapChars = s.toolOutputCapChars;
    deps.summaryLlm = b->m_llm;
    deps.summaryModel = s.modelFor(AgentRole::Summary);
    deps.tokenBudget = s.workerTokenBudget;
    deps.contextWindowOverride = s.contextWindowTokens;
    deps.xo = xoEvery(s.xoEveryWorker);
    b->m_rules = std::make_unique<ViolationRules>(ViolationRules::defaults());
    if (!s.violationRulesFile.isEmpty()) {
        if (auto rules = ViolationRules::loadFile(s.violationRulesFile)) {
            *b->m_rules = std::move(rules).value();
        } else {
            b->m_rulesProblem = rules.error().message;
            qWarning("zerg: %s", qPrintable(b->m_rulesProblem));
        }
    }
    deps.rules = b->m_rules.get();
    b->m_agentProfiles = std::make_unique<AgentProfileStore>(b->m_db.get());
    deps.profiles = b->m_agentProfiles.get();
    b->m_approvalStore = std::make_unique<ApprovalStore>(b->m_db.get());
    b->m_approvals =
        std::make_unique<Approvals>(b->m_approvalStore.get(), b->m_artifacts.get(), b->m_bus,
                                    b->m_clock, approvalsConfig(s, &b->m_approvalProblem));
    if (!b->m_approvalProblem.isEmpty())
        qWarning("zerg: %s", qPrintable(b->m_approvalProblem));
    deps.approvals = b->m_approvals.get();
    b->m_pool = new WorkerPool(deps, s.maxWorkers, b.get());
    // One queue with every process on the database: the limits hold over all of them.
    b->m_jobQueue = std::make_unique<JobQueue>(b->m_db.get());
    b->m_pool->shareQueue(b->m_jobQueue.get(), {s.maxWorkersTotal, s.maxWorkersPerOwner});
    // Every owner's supervisor agent runs its requests under this one supervisor, in one-shot
    // commands (`zerg ask`) too: a failure is retried or answered with an apology.
    b->m_runs = new SupervisorRuns(b->m_bus, b->m_clock, b.get());

    JarvisConfig jc;
    jc.ownerId = s.ownerId;
    setModels(&jc, modelsOf(s));
    jc.runTimeoutSecs = s.runTimeoutSeconds;
    jc.contextWindowTokens = s.contextWindowTokens;
    jc.xo = xoEvery(s.xoEverySupervisor);
    if (jc.xo) {
        jc.xo->maxTurnsWithoutProgress = 8;  // the supervisor waits on workers: more turns per step
        jc.xo->contingentGuidance = QStringLiteral(
            "Your workers keep failing the same way: try another approach (another host, command "
            "or check), or tell the user what blocks you and ask.");
    }
    jc.hostAliases = hosts.aliases();
    jc.sharedTools = {httpTool, emailTool};
    jc.approvals = b->m_approvals.get();
    jc.profiles = b->m_agentProfiles.get();
    jc.roundabout.profiles = b->m_agentProfiles.get();
    jc.maxIterations = s.maxIterations;
    jc.toolOutputCapChars = s.toolOutputCapChars;
    jc.roundabout.checkIntervalSeconds = s.checkIntervalSeconds;
    jc.roundabout.hardTimeoutSeconds = s.hardTimeoutSeconds;
    jc.roundabout.cancelOnHardTimeout = s.cancelOnHardTimeout;
    jc.roundabout.deciderCallBudget = s.deciderBudget;
    jc.roundabout.deciderTimeoutSeconds = s.deciderTimeoutSeconds;
    b->m_jarvisConfig = std::make_unique<JarvisConfig>(jc);
    if (b->m_instanceLock->isLocked()) {
        // Only the data folder's owner tidies it: another process's jobs are alive.
        HygieneConfig hygiene;
        hygiene.retentionDays = s.retentionDays;
        hygiene.scratchDir = QDir(s.dataDir).filePath(QStringLiteral("scratch"));
        // Longer than a worker may legitimately run, so a live worker is never taken for one.
        hygiene.orphanGraceSeconds = qMax(600, 2 * s.hardTimeoutSeconds);
        b->m_hygiene = new HygieneDaemon(hygiene, b->m_db.get(), b->m_artifacts.get(), b->m_pool,
                                         b->m_clock, b.get());
    }
    // Spending limits of a whole request, from every recorded model call.
    b->m_budget = new BudgetMonitor({s.runTokenBudget, s.runCostBudgetUsd}, b.get());
    if (auto* metered = qobject_cast<MeteredProvider*>(b->m_llm)) {
        connect(metered, &MeteredProvider::callRecorded, b->m_budget, &BudgetMonitor::record);
    }
    b->m_schedules = std::make_unique<ScheduleStore>(b->m_db.get());
    AlertRouting routing;
    const auto channels = [](const QString& text, const char* env, const QStringList& fallback) {
        const Result<QStringList> parsed = AlertRouting::parseChannels(text);
        if (parsed)
            return parsed.value();
        qWarning("zerg: %s: %s", env, qPrintable(parsed.error().message));
        return fallback;
    };
    routing.info = channels(s.alertInfo, "ZERG_ALERT_INFO", routing.info);
    routing.warning = channels(s.alertWarning, "ZERG_ALERT_WARNING", routing.warning);
    routing.critical = channels(s.alertCritical, "ZERG_ALERT_CRITICAL", routing.critical);
    routing.emailTo = s.alertEmailTo;
    routing.webhookConfigured = !s.webhookUrl.isEmpty();
    b->m_alerts = new AlertChannels(routing, emailTool, webhookTool, b.get());
    b->enableSmsAlerts();
    Backend* self = b.get();
    connect(b->m_budget, &BudgetMonitor::runOverBudget, self,
            [self](qint64 ownerId, qint64 runId, const QString& message) {
                if (const auto it = self->m_owners.constFind(ownerId); it != self->m_owners.cend())
                    it->jarvis->abortRun(runId, QStringLiteral("budget_exceeded"), message);
            });
    const OwnerServices primary = b->addOwner(s.ownerId);
    b->m_jarvis = primary.jarvis;
    b->m_scheduler = primary.scheduler;
    return b;
}

void Backend::applyModels(const Settings& settings) {
    const JarvisModels models = modelsOf(settings);
    setModels(m_jarvisConfig.get(), models);  // for owners added later
    for (const OwnerServices& o : std::as_const(m_owners))
        o.jarvis->setModels(models);
    m_pool->setSummaryModel(settings.modelFor(AgentRole::Summary));
    m_settings.model = settings.model;
    m_settings.workerModel = settings.workerModel;
    m_settings.quickModel = settings.quickModel;
    m_settings.summaryModel = settings.summaryModel;
    m_settings.deciderModel = settings.deciderModel;
}

Backend::OwnerServices Backend::addOwner(qint64 ownerId) {
    JarvisConfig jc = *m_jarvisConfig;
    jc.ownerId = ownerId;
    OwnerServices o;
    o.jarvis = new JarvisService(jc, m_store.get(), m_artifacts.get(), m_bus, m_clock, m_llm,
                                 m_pool, m_runs, this);
    // Schedules: background runs through the supervisor, answers to the inbox.
    o.scheduler = new ScheduleService(ownerId, m_schedules.get(), o.jarvis, m_clock, this);
    o.scheduler->setDraining(m_draining);
    o.jarvis->setScheduler(o.scheduler, m_schedules.get());  // the schedule tools
    connect(o.scheduler, &ScheduleService::delivered, m_alerts, &AlertChannels::deliver);
    // The owner's clients of `zerg serve` learn of schedule changes and deliveries from these.
    publishScheduleEvents(o.scheduler, ownerId, m_bus, o.scheduler);
    Store* store = m_store.get();
    ScheduleService* scheduler = o.scheduler;
    connect(o.jarvis, &JarvisService::runFinished, scheduler,
            [store, scheduler, ownerId](qint64 runId, bool, const QString& text) {
                const Result<RunRecord> run = store->run(runId);
                const Result<QList<WorkerJobRecord>> jobs = store->listJobsForRun(ownerId, runId);
                const bool workerFailed =
                    jobs && std::any_of(jobs->cbegin(), jobs->cend(), [](const WorkerJobRecord& j) {
                        return j.status == JobStatus::Failed || j.status == JobStatus::Timeout;
                    });
                scheduler->runFinished(runId, run ? run->status : RunStatus::Failed, text,
                                       workerFailed);
            });
    // A question asked by SMS or e-mail is answered the same way.
    if (m_smsReplies)
        connect(o.jarvis, &JarvisService::runFinished, m_smsReplies, &SmsReplies::runFinished);
    if (m_mailReplies)
        connect(o.jarvis, &JarvisService::runFinished, m_mailReplies, &MailReplies::runFinished);
    m_owners.insert(ownerId, o);
    m_ownerOrder.append(ownerId);
    // A long-lived process that owns the data folder fires every owner's schedules, supervised.
    if (m_tree && m_instanceLock->isLocked()) {
        if (Status s = m_tree->addScheduler(ownerId, o.scheduler); !s) {
            qWarning("zerg: the schedules of owner %lld will not run: %s", ownerId,
                     qPrintable(s.error().message));
        }
    }
    return o;
}

void Backend::resumeTakenOver(const QList<TakenOverRun>& runs) {
    for (const TakenOverRun& t : runs) {
        const Result<OwnerServices> o = owner(t.ownerId);
        const Status resumed = o ? o->jarvis->resumeRun(t.runId, t.fromName) : Status(o.error());
        if (resumed)
            continue;
        // This process holds it now: nobody else would end it.
        const QString why =
            tr("interrupted: the Zerg process running this (%1) stopped, and going on with it "
               "here failed: %2")
                .arg(t.fromName, resumed.error().message);
        qWarning("zerg: run %lld: %s", t.runId, qPrintable(why));
        if (Status s = m_store->finishRun(t.runId, RunStatus::Failed, {}, why, m_clock->utcNow());
            !s) {
            qWarning("zerg: run %lld: %s", t.runId, qPrintable(s.error().message));
        }
    }
}

void Backend::enableSmsAlerts() {
    QString token;
    if (m_settings.smsGateway != QLatin1String("off") && !m_settings.configDir.isEmpty()) {
        const SecretStore secrets(m_settings.configDir, SecretStore::backendFromEnvironment());
        if (auto t = secrets.read(QStringLiteral("sms_token")))
            token = t.value();
    }
    const auto config = SmsAlerts::configFrom(m_settings, token);
    if (!config) {
        m_smsProblem = config.error().message;
        qWarning("zerg: %s", qPrintable(m_smsProblem));
        return;
    }
    if (!config->has_value())
        return;
    m_smsAlerts = new SmsAlerts(**config, this);
    // Replies: the alerts are recorded; the webhook is served when ZERG_PUBLIC_URL is set.
    const Result<SmsRepliesConfig> replies = SmsRepliesConfig::from(m_settings, **config);
    if (!replies) {
        m_smsProblem = replies.error().message;
        qWarning("zerg: %s", qPrintable(m_smsProblem));
    } else {
        m_smsReplies = new SmsReplies(replies.value(), m_smsAlerts, m_db.get(), m_schedules.get(),
                                      jarvisOfOwner(), m_clock, this);
    }
    m_alerts->setSender(QStringLiteral("sms"), [sms = QPointer<SmsAlerts>(m_smsAlerts)](
                                                   const InboxItem& item, const QString& title,
                                                   std::function<void(const QString&)> done) {
        if (sms)
            sms->pushAlert(item, title, std::move(done));
        else
            done(tr("Zerg is stopping."));
    });
}

void Backend::startMailReplies() {
    QString password;
    if (!m_settings.imapHost.isEmpty() && !m_settings.configDir.isEmpty()) {
        const SecretStore secrets(m_settings.configDir, SecretStore::backendFromEnvironment());
        if (auto pw = secrets.read(QStringLiteral("imap_password")))
            password = pw.value();
    }
    const auto config = MailRepliesConfig::fromSettings(m_settings, password);
    if (!config) {
        m_mailProblem = config.error().message;
        qWarning("zerg: %s", qPrintable(m_mailProblem));
        return;
    }
    if (!config->has_value())
        return;
    m_mailReplies = new MailReplies(**config, m_db.get(), m_approvals.get(), m_schedules.get(),
                                    m_emailTool, jarvisOfOwner(), m_clock, this);
    connect(m_alerts, &AlertChannels::mailed, m_mailReplies, &MailReplies::alertMailed);
    // A question asked by e-mail is answered by e-mail (addOwner connects the owners to come).
    for (const OwnerServices& o : std::as_const(m_owners))
        connect(o.jarvis, &JarvisService::runFinished, m_mailReplies, &MailReplies::runFinished);
    m_mailReplies->start();
}

Status Backend::enablePhoneLinks(QString* warning) {
    if (m_phoneLinks)
        return Ok{};
    const auto config = PhoneLinksConfig::fromSettings(m_settings, warning);
    if (!config)
        return config.error();
    if (config->has_value()) {
        m_phoneLinks = new PhoneLinks(**config, m_db.get(), m_approvalStore.get(),
                                      m_schedules.get(), m_approvals.get(), m_clock, this);
        // The alerts of the webhook channel (that ntfy topic) get an Open link too.
        m_alerts->setSender(QStringLiteral("webhook"),
                            [links = QPointer<PhoneLinks>(m_phoneLinks)](
                                const InboxItem& item, const QString& title,
                                std::function<void(const QString&)> done) {
                                if (links)
                                    links->pushAlert(item, title, std::move(done));
                                else
                                    done(tr("Zerg is stopping."));
                            });
    }
    return Ok{};
}

QList<ToolSpec> Backend::workerToolSpecs() const {
    QList<ToolSpec> specs = m_workerTools->specs();
    specs.append(Worker::ownToolSpecs());
    return specs;
}

JarvisOfOwner Backend::jarvisOfOwner() {
    return [this](qint64 ownerId) -> Result<JarvisService*> {
        const Result<OwnerServices> o = owner(ownerId);
        if (!o)
            return o.error();
        return o->jarvis;
    };
}

Result<Backend::OwnerServices> Backend::owner(qint64 ownerId) {
    if (ownerId <= 0) {
        return Error{QStringLiteral("invalid_argument"),
                     tr("Owner id %1 is not valid; owner ids start at 1.").arg(ownerId)};
    }
    if (const auto it = m_owners.constFind(ownerId); it != m_owners.cend())
        return *it;
    return addOwner(ownerId);
}

void Backend::startBackgroundServices() {
    if (m_tree)
        return;
    m_health = new HealthMonitor(m_pool, m_clock, 600, 30, this);
    AppTree::Services services{m_bus, m_clock, m_pool, m_runs, m_hygiene, m_health};
    // With an mcp.json path, even without servers yet: servers added to the file later start.
    if (!m_mcp->config().path.isEmpty())
        services.mcp = m_mcp;
    if (m_instanceLock->isLocked()) {  // else another process on this data folder runs them
        QList<AppTree::OwnerScheduler> schedulers;
        for (qint64 id : std::as_const(m_ownerOrder))
            schedulers.append({id, m_owners.value(id).scheduler});
        services.schedulers = schedulers;
    }
    m_tree = new AppTree(services, this);
    if (Status s = m_tree->start(); !s)
        qWarning("zerg: the services did not start: %s", qPrintable(s.error().message));
    // The runs taken over at start-up go on, and those the sweeps take over from now on.
    m_lease->setOwnerIsFree([this](qint64 ownerId) {
        const auto it = m_owners.constFind(ownerId);
        return it == m_owners.cend() || !it->jarvis->isBusy();
    });
    connect(m_lease.get(), &InstanceLease::recovered, this,
            [this](const RecoveryReport& r) { resumeTakenOver(r.takenOver); });
    resumeTakenOver(std::exchange(m_takenOver, {}));
    // The window and `zerg serve` show (and answer) what `zerg ask` or `zerg mcp serve` on this
    // database wait for.
    m_approvals->watchOtherProcesses();
    startMailReplies();
    // An edit of mcp.json (by hand or from the Settings page) applies at once.
    m_mcp->watchConfigFile(McpConfig::storedSecrets(m_settings.configDir));
    if (!m_instanceLock->isLocked())
        return;
    // Server mode: the owners with schedules get their runner now, not when they next connect
    // (owner() starts the runner of an owner it adds from here on).
    const Result<QList<qint64>> withSchedules = m_schedules->scheduleOwners();
    if (!withSchedules) {
        qWarning("zerg: the schedules of other owners will not run: %s",
                 qPrintable(withSchedules.error().message));
        return;
    }
    for (qint64 id : withSchedules.value()) {
        if (!m_owners.contains(id))
            addOwner(id);
    }
}

Status Backend::addService(const QString& id, std::function<Status()> start,
                           std::function<void()> stop) {
    if (!m_tree) {
        return Error{
            QStringLiteral("not_running"),
            tr("The background services are not running, so '%1' cannot join them.").arg(id)};
    }
    return m_tree->addService(id, std::move(start), std::move(stop));
}

void Backend::crashService(const QString& id, const QString& why) {
    if (m_tree)
        m_tree->crashService(id, why);
}

QString Backend::databaseDescription() const {
    return m_db->path();
}

QJsonObject Backend::supervisionSnapshot() const {
    return m_tree ? m_tree->snapshot() : m_pool->supervisionSnapshot();
}

}  // namespace zerg
