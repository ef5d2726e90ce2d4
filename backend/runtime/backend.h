#pragma once

#include "core/result.h"
#include "core/settings.h"
#include "jarvis/jarvis_of_owner.h"
#include "llm/chat_types.h"
#include "storage/job_recovery.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>

class QNetworkAccessManager;

class QLockFile;

namespace zerg {

class AgentProfileStore;
class ArtifactStore;
class AuthStore;
class BudgetMonitor;
class HygieneDaemon;
class HealthMonitor;
class InstanceLease;
class AppTree;
class ApprovalStore;
class Approvals;
class PhoneLinks;
class MailReplies;
class SendEmailTool;
class SmsAlerts;
class SmsReplies;
class ViolationRules;
class AlertChannels;
class ScheduleService;
class ScheduleStore;
class Clock;
class Database;
class JobQueue;
class EventBus;
class JarvisService;
struct JarvisConfig;
class LlmProvider;
class McpServers;
class Pricing;
class Store;
class SupervisorRuns;
class ToolRegistry;
class WorkerPool;

// The composition root: builds and owns every backend service for one data directory. Used by
// the GUI, the command line and the tests alike (no QtQuick here).
class Backend : public QObject {
    Q_OBJECT
public:
    // clock: injected for tests; nullptr means the system clock (owned by the Backend).
    // llm: injected for tests; nullptr means the provider registry's provider for settings.
    [[nodiscard]] static Result<std::unique_ptr<Backend>> create(const Settings& settings,
                                                                 Clock* clock = nullptr,
                                                                 LlmProvider* llm = nullptr);
    ~Backend() override;

    // What runs in the background of a long-lived process (the app, the server): the application
    // tree (AppTree) with the hygiene monitor, once now and then every hour, and the schedules
    // (both in the data folder's owner only). One-shot CLI commands do not call it.
    void startBackgroundServices();
    // The model settings (Settings::modelFor: supervisor, worker, quick, summary, decider) of
    // settings, applied without a restart: every owner's supervisor agent and the worker pool
    // use them from the next request on (a run in progress keeps its own). The provider and its
    // base URL still need a restart.
    void applyModels(const Settings& settings);
    // A service of a room above runtime joins the tree (AppTree::addService): the API server of
    // `zerg serve`. Needs startBackgroundServices() first (else not_running).
    [[nodiscard]] Status addService(const QString& id, std::function<Status()> start,
                                    std::function<void()> stop);
    // That service failed: its supervisor restarts it (AppTree::crashService).
    void crashService(const QString& id, const QString& why);
    // The live supervision tree (AppTree::snapshot), or the worker pool's alone when the
    // background services were not started.
    [[nodiscard]] QJsonObject supervisionSnapshot() const;

    // One owner's supervisor agent and schedule runner. The settings' owner exists from the
    // start (jarvis(), scheduler()); server mode adds the others on first use. They share the
    // stores, the worker pool, the runs' supervisor and the model provider; each has its own
    // thread and schedules.
    struct OwnerServices {
        JarvisService* jarvis = nullptr;
        ScheduleService* scheduler = nullptr;
    };
    [[nodiscard]] Result<OwnerServices> owner(qint64 ownerId);

    [[nodiscard]] const Settings& settings() const { return m_settings; }
    [[nodiscard]] Clock* clock() const { return m_clock; }
    [[nodiscard]] EventBus* bus() const { return m_bus; }
    [[nodiscard]] Store* store() const { return m_store.get(); }
    // The SQLite file or the PostgreSQL URL (without its password): safe to show.
    [[nodiscard]] QString databaseDescription() const;
    [[nodiscard]] Database* database() const { return m_db.get(); }
    [[nodiscard]] ArtifactStore* artifacts() const { return m_artifacts.get(); }
    // Devices and session tokens of server mode (docs/api.md).
    [[nodiscard]] AuthStore* auth() const { return m_auth.get(); }
    [[nodiscard]] JarvisService* jarvis() const { return m_jarvis; }
    [[nodiscard]] WorkerPool* pool() const { return m_pool; }
    // This process's registration and lease on the database (docs/server.md).
    [[nodiscard]] InstanceLease* lease() const { return m_lease.get(); }
    // Draining (`zerg serve` after SIGTERM): every owner's schedules claim no new occurrence.
    void setDraining(bool draining);
    // This process stops with runs in progress: those that may safely go on elsewhere are
    // handed back (JarvisService::handBackRun) for another process to take over. How many.
    int handBackRuns();
    // The supervisor of every owner's supervisor agent runs (retries, the apology fallback).
    [[nodiscard]] SupervisorRuns* runs() const { return m_runs; }
    // The owner's schedules and inbox (the schedules only fire after startBackgroundServices(),
    // and only in the process that owns the data folder).
    [[nodiscard]] ScheduleStore* schedules() const { return m_schedules.get(); }
    [[nodiscard]] ScheduleService* scheduler() const { return m_scheduler; }
    // Sends scheduled results on the channels of their severity (notify() is for the tray).
    [[nodiscard]] AlertChannels* alerts() const { return m_alerts; }
    // Approval requests and "always allow" rules (docs/security.md), shared by every owner.
    [[nodiscard]] Approvals* approvals() const { return m_approvals.get(); }
    // Pushes approval requests to the user's phone with one-time Allow / Deny links
    // (ZERG_PUBLIC_URL; docs/alerts.md). Only `zerg serve` enables it, as only it answers the
    // links. An error names the setting to fix (nothing is pushed then); without
    // ZERG_PUBLIC_URL it is Ok and phoneLinks() stays null. warning: see PhoneLinksConfig.
    [[nodiscard]] Status enablePhoneLinks(QString* warning = nullptr);
    [[nodiscard]] PhoneLinks* phoneLinks() const { return m_phoneLinks; }
    // Replies by e-mail (ZERG_IMAP_HOST; docs/alerts.md): started with the background
    // services; null when not configured or misconfigured (mailProblem() says why).
    [[nodiscard]] MailReplies* mailReplies() const { return m_mailReplies; }
    [[nodiscard]] QString mailProblem() const { return m_mailProblem; }
    // SMS alerts (ZERG_SMS_GATEWAY; docs/alerts.md): the "sms" alert channel's sender; null when
    // off or misconfigured (smsProblem() says why).
    [[nodiscard]] SmsAlerts* smsAlerts() const { return m_smsAlerts; }
    // SMS replies (with SMS alerts; docs/alerts.md): the alerts sent by SMS, and the questions
    // that come back by the gateway's webhook (served by `zerg serve` when repliesServed()).
    // Null when SMS is off or a setting of the replies is wrong (smsProblem() says which).
    [[nodiscard]] SmsReplies* smsReplies() const { return m_smsReplies; }
    [[nodiscard]] QString smsProblem() const { return m_smsProblem; }
    // What is wrong with the approval settings (the stricter fallback applies), or empty.
    [[nodiscard]] QString approvalProblem() const { return m_approvalProblem; }
    // Why the hosts file could not be read (the app still runs; ssh_exec then allows no host).
    [[nodiscard]] QString hostsProblem() const { return m_hostsProblem; }
    // The configured MCP servers (docs/mcp.md); their tools are the workers'. Never null (no
    // servers when there is no mcp.json).
    [[nodiscard]] McpServers* mcp() const { return m_mcp; }
    // The agents' tuning (Dashboard › Agents), read by every agent before its requests.
    [[nodiscard]] AgentProfileStore* agentProfiles() const { return m_agentProfiles.get(); }
    // The tools a worker has now (the shared ones, the MCP servers', its own request_help),
    // before the worker agent's tuning chooses among them.
    [[nodiscard]] QList<ToolSpec> workerToolSpecs() const;
    // What is wrong in mcp.json (those servers are left out), or empty.
    [[nodiscard]] QString mcpProblem() const { return m_mcpProblem; }
    // Why the user's price table override was not used (the built-in table applies then).
    [[nodiscard]] QString pricingProblem() const { return m_pricingProblem; }
    [[nodiscard]] const Pricing* pricing() const { return m_pricing.get(); }
    // Workers that a crash (or kill) left running, found and marked failed at start-up, e.g.
    // "2 workers were interrupted when Zerg last stopped: <ids>. Their results are incomplete;
    // ask again to rerun them." Empty when there were none. For the CLI and GUI to show once.
    // Only work whose process is gone is taken (docs/server.md): another running one's is alive.
    [[nodiscard]] QString recoveryNotice() const { return m_recoveryNotice; }

private:
    explicit Backend(Settings settings);
    OwnerServices addOwner(qint64 ownerId);
    // owner()'s supervisor agent, for the services that ask on a person's behalf.
    [[nodiscard]] JarvisOfOwner jarvisOfOwner();
    // The runs this process took over (InstanceLease) go on with their owners' supervisor
    // agents; one that cannot is ended failed, saying why.
    void resumeTakenOver(const QList<TakenOverRun>& runs);
    // Replies by e-mail, when configured (startBackgroundServices()).
    void startMailReplies();
    // The "sms" alert channel through the gateway of ZERG_SMS_* (smsProblem() when it cannot).
    void enableSmsAlerts();

    Settings m_settings;
    Clock* m_clock = nullptr;
    EventBus* m_bus = nullptr;
    QNetworkAccessManager* m_nam = nullptr;
    LlmProvider* m_llm = nullptr;
    QList<LlmProvider*> m_ownedProviders;       // wire -> retrying -> metered, deleted in reverse
    std::unique_ptr<QLockFile> m_instanceLock;  // held while this is the data folder's owner
    std::unique_ptr<Database> m_db;
    std::unique_ptr<InstanceLease> m_lease;  // this process's hold on its work (after m_db)
    std::unique_ptr<JobQueue> m_jobQueue;    // the workers' limits over every process
    std::unique_ptr<Store> m_store;
    std::unique_ptr<ArtifactStore> m_artifacts;
    std::unique_ptr<AuthStore> m_auth;
    std::unique_ptr<Pricing> m_pricing;
    std::unique_ptr<ToolRegistry> m_workerTools;
    std::unique_ptr<ViolationRules> m_rules;
    BudgetMonitor* m_budget = nullptr;
    HygieneDaemon* m_hygiene = nullptr;  // only when this process owns the data folder
    HealthMonitor* m_health = nullptr;
    AppTree* m_tree = nullptr;  // long-lived processes only (startBackgroundServices)
    QString m_rulesProblem;
    WorkerPool* m_pool = nullptr;
    SupervisorRuns* m_runs = nullptr;  // always, also for one-shot commands
    std::unique_ptr<JarvisConfig>
        m_jarvisConfig;  // of every owner's supervisor agent, but for the owner id
    QHash<qint64, OwnerServices> m_owners;
    QList<qint64> m_ownerOrder;         // in order of creation, for start and teardown
    JarvisService* m_jarvis = nullptr;  // the settings' owner's, as m_scheduler
    std::unique_ptr<ScheduleStore> m_schedules;
    ScheduleService* m_scheduler = nullptr;
    bool m_draining = false;
    AlertChannels* m_alerts = nullptr;
    std::unique_ptr<ApprovalStore> m_approvalStore;
    std::unique_ptr<AgentProfileStore> m_agentProfiles;
    std::unique_ptr<Approvals> m_approvals;  // before its store goes (members end in reverse)
    PhoneLinks* m_phoneLinks = nullptr;      // child; null unless enabled
    MailReplies* m_mailReplies = nullptr;    // child; null unless configured
    QString m_mailProblem;
    SmsAlerts* m_smsAlerts = nullptr;
    SmsReplies* m_smsReplies = nullptr;  // child; null unless SMS is on
    QString m_smsProblem;
    std::shared_ptr<SendEmailTool> m_emailTool;
    QString m_approvalProblem;
    QString m_hostsProblem;
    McpServers* m_mcp = nullptr;
    QString m_mcpProblem;
    QString m_pricingProblem;
    QString m_recoveryNotice;
    QList<TakenOverRun> m_takenOver;  // at start-up, until the services run
};

}  // namespace zerg
