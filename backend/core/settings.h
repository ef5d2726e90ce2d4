#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <utility>
#include <variant>

namespace zerg {

class SecretStore;
struct Settings;

// One user-editable setting: where it is stored (QSettings key), the environment variable that
// overrides it, and how a value is checked. Settings::fields() lists them; load(), saveValue()
// and the Settings page all go through this table so that keys, variables and rules cannot drift.
struct SettingField {
    enum class Kind {
        Text,    // any string; empty = unset
        Url,     // an http:// or https:// URL; empty = unset
        Int,     // a whole number in [min, max]
        Real,    // a number in [min, max]
        Bool,    // true / false (also 1/0, yes/no, on/off)
        Choice,  // one of choices
    };
    using Member = std::variant<QString Settings::*, int Settings::*, qint64 Settings::*,
                                double Settings::*, bool Settings::*>;

    QString key;             // QSettings key, e.g. "llm/base_url"
    QString env;             // the ZERG_* variable that wins over it
    QString section;         // provider | roundabout | xo | approvals | budgets | notifications |
                             // appearance | storage | remote | server
    const char* label = "";  // English, translated in the context "zerg::SettingField"
    const char* help = "";   // English, may be empty; translated like label
    Kind kind = Kind::Text;
    Member member;   // where load() puts the value
    double min = 0;  // Int and Real
    double max = 0;
    // Choice: the values allowed. Empty for a choice a room above core owns ("llm/provider":
    // the provider registry, llm/provider_registry.h fills it in llm::settingFields()); core then
    // checks only that the value is one lower-case word.
    QStringList choices;
    bool appliesLive = false;  // takes effect without a restart (the theme, the language)
    bool readOnly = false;     // shown but not editable in the app (the data folder)
    // A role's model (supervisor, worker, quick, summary, decider): applies live through the
    // backend (Backend::applyModels), the next request uses it.
    bool roleModel = false;
};

// Effective configuration: QSettings in the platform's standard location, overridden by ZERG_*
// environment variables (see README "Configuration"). A plain value type, read once at start.
struct Settings {
    QString dataDir;         // ZERG_DATA_DIR: database and artifacts
    QString hostsFile;       // ZERG_HOSTS_FILE: allowlisted SSH hosts (OpenSSH config format)
    QString knownHostsFile;  // ZERG_KNOWN_HOSTS: default known_hosts for hosts without their own
    QString configDir;       // ZERG_CONFIG_DIR: secrets fallback file, pricing override
    // ZERG_LLM_PROVIDER: the id of a kind in the provider registry (llm/provider_registry.h:
    // openai, anthropic); checked there (llm::providerProblem), kept here as the plain string.
    QString llmProvider = QStringLiteral("openai");
    QString llmBaseUrl;     // ZERG_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1
    QString llmApiKey;      // ZERG_LLM_API_KEY, else the secret store (never logged)
    QString model;          // ZERG_MODEL: the supervisor's model
    QString workerModel;    // ZERG_WORKER_MODEL: the workers' model (defaults to model)
    QString deciderModel;   // ZERG_DECIDER_MODEL: the roundabout decider (defaults to worker's;
                            // "heuristic" for the rule-based fallback)
    QString summaryModel;   // ZERG_SUMMARY_MODEL: worker summaries and the supervisor's memory
                            // (defaults to the worker's)
    QString quickModel;     // ZERG_QUICK_MODEL: the quick path (defaults to the supervisor's)
    QString pricingFile;    // ZERG_PRICING_FILE: overrides the built-in price table
    QString mcpConfigFile;  // ZERG_MCP_CONFIG: the MCP servers (default <configDir>/mcp.json)
    QString ollamaUrl = QStringLiteral("http://127.0.0.1:11434");  // ZERG_OLLAMA_URL: probed
    int llmMaxRetries = 2;  // ZERG_LLM_MAX_RETRIES: retries of transient model errors
    QString shellSandbox =
        QStringLiteral("auto");  // ZERG_SHELL_SANDBOX: auto|bubblewrap|restricted
    // What may change a system without asking (docs/security.md): ZERG_APPROVAL_MODE
    // autonomous|ask|read_only (read-only also accepted), checked by tools/approval_policy.h.
    QString approvalMode = QStringLiteral("ask");
    // ZERG_APPROVAL_HOST_MODES: per host, "web1=autonomous, db1=read_only" ("local": shell_exec).
    QString approvalHostModes;
    // ZERG_APPROVAL_SCHEDULE_MODE: the mode of scheduled background runs.
    QString approvalScheduleMode = QStringLiteral("read_only");
    int approvalTimeoutSeconds = 900;  // ZERG_APPROVAL_TIMEOUT_SECONDS: unanswered -> denied
    // ZERG_HTTP_ALLOWED_ADDRESSES: what http_request may reach although it is loopback,
    // link-local or private: "10.0.0.5, 192.168.1.0/24, nas.lan" (tools/address_policy.h).
    QString httpAllowedAddresses;
    QString smtpHost;  // ZERG_SMTP_HOST (send_email); the password is the secret "smtp_password"
    int smtpPort = 0;  // ZERG_SMTP_PORT: 0 = the TLS mode's default
    QString smtpTls = QStringLiteral("starttls");  // ZERG_SMTP_TLS: none|starttls|implicit
    QString smtpUser;                              // ZERG_SMTP_USER
    QString smtpFrom;                              // ZERG_SMTP_FROM
    QString smtpCaFile;  // ZERG_SMTP_CA_FILE: extra CA bundle (PEM) for a private SMTP server
    QString webhookUrl;  // ZERG_WEBHOOK_URL: send_webhook's default target (a secret)
    QString webhookFormat = QStringLiteral("json");  // ZERG_WEBHOOK_FORMAT: slack|discord|ntfy|json
    // ZERG_PUBLIC_URL: where phones reach `zerg serve` (https://zerg.example.com). With an ntfy
    // webhook, approval requests are pushed with Allow / Deny / Open buttons (docs/alerts.md).
    QString publicUrl;
    // Replies by e-mail (docs/alerts.md): the mailbox Zerg reads them from. ZERG_IMAP_HOST
    // (empty: no replies by e-mail), _PORT (0: the TLS mode's), _TLS (none|starttls|implicit),
    // _USER, _MAILBOX, _CA_FILE; the password is the secret "imap_password".
    QString imapHost;
    int imapPort = 0;
    QString imapTls = QStringLiteral("implicit");
    QString imapUser;
    QString imapMailbox = QStringLiteral("INBOX");
    QString imapCaFile;
    // ZERG_MAIL_REPLY_FROM: more addresses whose replies count, besides ZERG_ALERT_EMAIL.
    QString mailReplyFrom;
    // SMS alerts (docs/alerts.md, tools/sms_gateway.h): ZERG_SMS_GATEWAY (off|twilio|http),
    // _URL (Twilio's API base, or the HTTP template's URL), _ACCOUNT (Twilio's Account SID),
    // _FROM, _TO (the operator's number), _BODY and _CONTENT_TYPE (the HTTP template's body); the
    // token is the secret "sms_token". Replies come to `zerg serve` at <ZERG_PUBLIC_URL>/sms.
    QString smsGateway = QStringLiteral("off");
    QString smsUrl;
    QString smsAccount;
    QString smsFrom;
    QString smsTo;
    QString smsBody;
    QString smsContentType;
    // Where a scheduled check's result goes besides the task inbox, per severity: a comma list
    // of notification, email, webhook, sms (ZERG_ALERT_INFO / _WARNING / _CRITICAL).
    QString alertInfo;
    QString alertWarning = QStringLiteral("notification");
    QString alertCritical = QStringLiteral("notification,email,webhook,sms");
    QString alertEmailTo;          // ZERG_ALERT_EMAIL: the address e-mail alerts go to; empty: none
    qint64 ownerId = 1;            // ZERG_OWNER_ID: the local user
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
    // Voice (docs/voice.md). Engines: pocketsphinx|server to listen, espeak|server to speak; a
    // server is any OpenAI-compatible /v1/audio endpoint.
    QString sttEngine = QStringLiteral("pocketsphinx");  // ZERG_STT_ENGINE
    QString ttsEngine = QStringLiteral("espeak");        // ZERG_TTS_ENGINE
    QString speechUrl;  // ZERG_SPEECH_URL: the speech server's …/v1; empty: the provider's base URL
    QString speechApiKey;  // ZERG_SPEECH_API_KEY, else the secret store; see speechKey()
    QString sttModel = QStringLiteral("whisper-1");  // ZERG_STT_MODEL: the server's model
    QString ttsModel = QStringLiteral("tts-1");      // ZERG_TTS_MODEL
    QString ttsVoice;  // ZERG_TTS_VOICE: empty: the engine's default (en-us, alloy)
    QString speakAnswers = QStringLiteral("spoken");  // ZERG_SPEAK_ANSWERS: spoken|always|never
    // ZERG_VOICE_MODE: turns (the engines above, an utterance at a time) or realtime (voice to
    // voice with an OpenAI Realtime model at the speech server's, else the provider's, URL)
    QString voiceMode = QStringLiteral("turns");
    QString realtimeModel = QStringLiteral("gpt-realtime");  // ZERG_REALTIME_MODEL
    QString inputDevice;     // ZERG_VOICE_INPUT_DEVICE: the microphone's id; empty: the default
    bool handsFree = false;  // ZERG_VOICE_HANDS_FREE: listen without holding the button
    int silenceMs = 700;     // ZERG_VOICE_SILENCE_MS: the end of an utterance
    bool sendWhenSilent = false;  // ZERG_VOICE_SEND_WHEN_SILENT: send the transcript at once
    bool keepRecordings = false;  // ZERG_VOICE_KEEP_RECORDINGS: keep what was heard (WAVE)
    QString theme = QStringLiteral("system");  // ZERG_THEME: system|light|dark (else system)
    // ZERG_LANGUAGE: system|en|de (else system): the user interface's language; system follows
    // the desktop's languages (German if it prefers German, else English).
    QString language = QStringLiteral("system");
    // ZERG_CLOSE_WINDOW: ask|background|quit (else ask): what closing the window does when there
    // is no system tray to hide it in and schedules are active (WindowClose, docs/desktop.md).
    QString closeWindow = QStringLiteral("ask");
    // ZERG_DATABASE_URL: empty = SQLite in dataDir; postgresql://user@host:port/db = PostgreSQL
    QString databaseUrl;
    // ZERG_REMOTE_URL: empty = the in-process backend; ws(s)://host:port = a `zerg serve`
    QString remoteUrl;
    QString serverListen = QStringLiteral("127.0.0.1:8765");  // ZERG_SERVER_LISTEN
    QString serverOrigins;  // ZERG_SERVER_ORIGINS: browser origins allowed, comma-separated
    QString serverTlsCert;  // ZERG_SERVER_TLS_CERT: PEM; with the key, wss:// only
    QString serverTlsKey;   // ZERG_SERVER_TLS_KEY
    // ZERG_INSTANCE_NAME (`zerg serve --instance-name`): this process in `zerg instances list`;
    // empty = the machine's host name.
    QString instanceName;
    // ZERG_LEASE_SECONDS: how long this process's hold on its runs and workers lasts without a
    // renewal (renewed every third of it); another process on the database declares them
    // interrupted once it has run out (docs/server.md).
    int leaseSeconds = 30;
    // ZERG_DRAIN_SECONDS: after SIGTERM, how long `zerg serve` lets the runs in progress finish
    // (refusing new ones) before it cancels what is left and stops.
    int drainSeconds = 30;
    // ZERG_MAX_WORKERS_TOTAL and ZERG_MAX_WORKERS_PER_OWNER: workers running at once over every
    // process sharing the database, all together and per owner; 0 = no such limit
    // (docs/server.md, "The shared queue"). ZERG_MAX_WORKERS still bounds this process.
    int maxWorkersTotal = 0;
    int maxWorkersPerOwner = 0;
    // Not a setting: `zerg serve` sets it. This process takes over the runs of Zerg processes
    // that stopped where nothing may have changed a system (docs/server.md, "Taking over");
    // other processes declare them interrupted.
    bool takeOverWork = false;
    // Set by load() when the secrets file exists but cannot be read (SecretStore's message: the
    // file, what is wrong, what to do); the secrets in it are then not used, never replaced.
    QString secretsProblem;

    // Reads QSettings (organization "Zerg", application "zerg") then applies the environment.
    [[nodiscard]] static Settings load();
    // Only the language (what load() puts in `language`), without touching the keychain: for
    // choosing the translation before anything else is read or printed.
    [[nodiscard]] static QString loadLanguage();

    // The user-editable fields, in the order the Settings page shows them.
    [[nodiscard]] static const QList<SettingField>& fields();
    // The field stored under key, or nullptr.
    [[nodiscard]] static const SettingField* field(const QString& key);
    // value checked against the field's kind and range, normalized (trimmed text, a number, a
    // bool, a lower-case choice). Errors say what is wrong and what is allowed.
    [[nodiscard]] static Result<QVariant> validate(const QString& key, const QVariant& value);
    // The same against a given field: for a field a room above completed (its choices).
    [[nodiscard]] static Result<QVariant> validate(const SettingField& field,
                                                   const QVariant& value);
    // An absolute http:// or https:// URL with a host.
    [[nodiscard]] static bool isWebUrl(const QString& text);
    // Validates and writes value to the QSettings key that load() reads. An empty or null value
    // removes the key, so the default applies again. Read-only fields are refused.
    [[nodiscard]] static Status saveValue(const QString& key, const QVariant& value);
    // The environment variable that currently wins over the field (set, even if empty), or "".
    [[nodiscard]] static QString envOverride(const QString& key);
    // This Settings' value of the field (a QString, int, qint64, double or bool); null if unknown.
    [[nodiscard]] QVariant value(const QString& key) const;

    // The secret-store key of send_webhook's default target URL (it may carry a token).
    [[nodiscard]] static QString webhookUrlSecretName() { return QStringLiteral("webhook_url"); }
    [[nodiscard]] static QString speechKeySecretName() { return QStringLiteral("speech_api_key"); }
    // The speech server's …/v1: its own, else the provider's base URL.
    [[nodiscard]] QString speechBaseUrl() const {
        return speechUrl.isEmpty() ? llmBaseUrl : speechUrl;
    }
    // Its key: its own (ZERG_SPEECH_API_KEY or the secret store), else, when the speech server is
    // the provider, the provider's key.
    [[nodiscard]] QString speechKey() const {
        return !speechApiKey.isEmpty() || !speechUrl.isEmpty() ? speechApiKey : llmApiKey;
    }
    // Writes (or with an empty value removes) a secret in store. For webhookUrlSecretName() it
    // also notes in QSettings that one is stored, so that load() asks the keychain only then.
    [[nodiscard]] static Status saveSecret(SecretStore& store, const QString& name,
                                           const QString& value);

    // True when an LLM endpoint and a model are configured. Whether the provider kind exists and
    // what to do otherwise: llm::providerProblem() (llm/provider_registry.h).
    [[nodiscard]] bool hasProvider() const { return !llmBaseUrl.isEmpty() && !model.isEmpty(); }
    [[nodiscard]] QString effectiveWorkerModel() const {
        return workerModel.isEmpty() ? model : workerModel;
    }
    // The model the settings give an agent (its tuning may name another: storage/agent_profiles.h).
    [[nodiscard]] QString modelFor(AgentRole role) const;
    // The variable that decides modelFor(role): its own (ZERG_WORKER_MODEL) when set, else the
    // one it falls back to (ZERG_MODEL).
    [[nodiscard]] QString modelVariableFor(AgentRole role) const;
    // The secret-store key of the API key for the configured provider.
    [[nodiscard]] QString apiKeySecretName() const {
        return QStringLiteral("%1_api_key").arg(llmProvider);
    }

    // Settings::tr(): the messages above, in the translation context "zerg::Settings". Last: the
    // macro leaves the access at private.
    Q_DECLARE_TR_FUNCTIONS(zerg::Settings)

private:
    // modelFor and modelVariableFor: the model of a role and the variable that chose it.
    [[nodiscard]] std::pair<QString, QString> modelChoice(AgentRole role) const;
};

}  // namespace zerg
