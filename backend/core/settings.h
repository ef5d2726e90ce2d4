#pragma once

#include <QString>

namespace zerg {

// Effective configuration: QSettings in the platform's standard location, overridden by ZERG_*
// environment variables (see README "Configuration"). A plain value type, read once at start.
struct Settings {
    QString dataDir;         // ZERG_DATA_DIR: database and artifacts
    QString hostsFile;       // ZERG_HOSTS_FILE: allowlisted SSH hosts (OpenSSH config format)
    QString knownHostsFile;  // ZERG_KNOWN_HOSTS: default known_hosts for hosts without their own
    QString configDir;       // ZERG_CONFIG_DIR: secrets fallback file, pricing override
    QString llmProvider = QStringLiteral("openai");  // ZERG_LLM_PROVIDER: openai | anthropic
    QString llmBaseUrl;    // ZERG_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1
    QString llmApiKey;     // ZERG_LLM_API_KEY, else the secret store (never logged)
    QString model;         // ZERG_MODEL: the supervisor's model
    QString workerModel;   // ZERG_WORKER_MODEL: the workers' model (defaults to model)
    QString deciderModel;  // ZERG_DECIDER_MODEL: the roundabout decider (defaults to worker's;
                           // "heuristic" for the rule-based fallback)
    QString summaryModel;  // ZERG_SUMMARY_MODEL: worker summaries and the supervisor's memory
                           // (defaults to the worker's)
    QString quickModel;    // ZERG_QUICK_MODEL: the quick path (defaults to the supervisor's)
    QString pricingFile;   // ZERG_PRICING_FILE: overrides the built-in price table
    QString ollamaUrl = QStringLiteral("http://127.0.0.1:11434");  // ZERG_OLLAMA_URL: probed
    int llmMaxRetries = 2;  // ZERG_LLM_MAX_RETRIES: retries of transient model errors
    QString shellSandbox =
        QStringLiteral("auto");  // ZERG_SHELL_SANDBOX: auto|bubblewrap|restricted
    QString smtpHost;  // ZERG_SMTP_HOST (send_email); the password is the secret "smtp_password"
    int smtpPort = 0;  // ZERG_SMTP_PORT: 0 = the TLS mode's default
    QString smtpTls = QStringLiteral("starttls");  // ZERG_SMTP_TLS: none|starttls|implicit
    QString smtpUser;                              // ZERG_SMTP_USER
    QString smtpFrom;                              // ZERG_SMTP_FROM
    QString smtpCaFile;  // ZERG_SMTP_CA_FILE: extra CA bundle (PEM) for a private SMTP server
    QString webhookUrl;  // ZERG_WEBHOOK_URL: send_webhook's default target (a secret)
    QString webhookFormat = QStringLiteral("json");  // ZERG_WEBHOOK_FORMAT: slack|discord|ntfy|json
    qint64 ownerId = 1;                              // ZERG_OWNER_ID: the local user
    int checkIntervalSeconds = 5;  // ZERG_CHECK_INTERVAL_SECONDS: roundabout poll interval
    int hardTimeoutSeconds = 300;  // ZERG_HARD_TIMEOUT_SECONDS: roundabout safety net
    bool cancelOnHardTimeout =
        true;                // ZERG_CANCEL_ON_HARD_TIMEOUT: stop the worker (1) or leave it (0)
    int deciderBudget = 12;  // ZERG_DECIDER_BUDGET: decider model calls per worker
    int deciderTimeoutSeconds = 10;  // ZERG_DECIDER_TIMEOUT_SECONDS
    int maxIterations = 12;          // ZERG_MAX_ITERATIONS: agent loop bound
    int maxWorkers = 5;          // ZERG_MAX_WORKERS: workers running at once (more wait in order)
    int runTimeoutSeconds = 60;  // ZERG_RUN_TIMEOUT_SECONDS: a request ends with partial findings
    qint64 workerTokenBudget = 300000;  // ZERG_WORKER_TOKEN_BUDGET: tokens one worker may use
    qint64 runTokenBudget = 1000000;    // ZERG_RUN_TOKEN_BUDGET: tokens of a whole request
    double runCostBudgetUsd = 0;        // ZERG_RUN_COST_BUDGET_USD: 0 = no cost limit
    QString violationRulesFile;         // ZERG_VIOLATION_RULES: JSON rules; empty = built-in
    int retentionDays = 90;         // ZERG_RETENTION_DAYS: finished workers' folders kept this long
    int xoEveryWorker = 3;          // ZERG_XO_EVERY_WORKER: XO radio check every N turns; 0 = off
    int xoEverySupervisor = 3;      // ZERG_XO_EVERY_SUPERVISOR: the same for the supervisor agent
    int contextWindowTokens = 0;    // ZERG_CONTEXT_WINDOW: 0 = known from the model's name
    int llmTimeoutSeconds = 120;    // ZERG_LLM_TIMEOUT_SECONDS: one LLM call, idle time allowed
    int toolOutputCapChars = 8000;  // ZERG_TOOL_OUTPUT_CAP: stdout/stderr given to the model
    qint64 toolDiskCapBytes = 16 * 1024 * 1024;  // full output kept on disk up to this size

    // Reads QSettings (organization "Zerg", application "zerg") then applies the environment.
    [[nodiscard]] static Settings load();

    // True when an LLM endpoint and a model are configured.
    [[nodiscard]] bool hasProvider() const { return !llmBaseUrl.isEmpty() && !model.isEmpty(); }
    // What is missing for hasProvider(), phrased for the user; empty when nothing is.
    [[nodiscard]] QString providerProblem() const;
    [[nodiscard]] QString effectiveWorkerModel() const {
        return workerModel.isEmpty() ? model : workerModel;
    }
    // The model for a role: "supervisor", "quick", "worker", "decider", "summary".
    [[nodiscard]] QString modelFor(const QString& role) const;
    // The secret-store key of the API key for the configured provider.
    [[nodiscard]] QString apiKeySecretName() const {
        return QStringLiteral("%1_api_key").arg(llmProvider);
    }
};

}  // namespace zerg
