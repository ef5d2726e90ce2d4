#include "core/settings.h"

#include "core/secret_store.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>

#include <utility>

namespace zerg {
namespace {

QString env(const char* name) {
    return qEnvironmentVariable(name);
}

void overrideString(QString& target, const char* name) {
    if (qEnvironmentVariableIsSet(name))
        target = env(name);
}

template <typename Int>
void overrideInt(Int& target, const char* name) {
    if (!qEnvironmentVariableIsSet(name))
        return;
    bool ok = false;
    const qint64 v = env(name).toLongLong(&ok);
    if (ok && v > 0)
        target = Int(v);
}

}  // namespace

Settings Settings::load() {
    Settings s;
    QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
    s.dataDir = q.value(QStringLiteral("data_dir"),
                        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                    .toString();
    if (s.dataDir.isEmpty())
        s.dataDir = QDir::homePath() + QStringLiteral("/.local/share/zerg");
    s.hostsFile = q.value(QStringLiteral("ssh/hosts_file"),
                          QDir::homePath() + QStringLiteral("/.config/zerg/hosts"))
                      .toString();
    s.knownHostsFile = q.value(QStringLiteral("ssh/known_hosts"),
                               QDir::homePath() + QStringLiteral("/.ssh/known_hosts"))
                           .toString();
    s.configDir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    s.llmProvider = q.value(QStringLiteral("llm/provider"), s.llmProvider).toString();
    s.llmBaseUrl = q.value(QStringLiteral("llm/base_url")).toString();
    s.model = q.value(QStringLiteral("llm/model")).toString();
    s.workerModel = q.value(QStringLiteral("llm/worker_model")).toString();
    s.deciderModel = q.value(QStringLiteral("llm/decider_model")).toString();
    s.summaryModel = q.value(QStringLiteral("llm/summary_model")).toString();
    s.quickModel = q.value(QStringLiteral("llm/quick_model")).toString();
    s.pricingFile = q.value(QStringLiteral("llm/pricing_file")).toString();
    s.checkIntervalSeconds =
        q.value(QStringLiteral("roundabout/check_interval_seconds"), s.checkIntervalSeconds)
            .toInt();
    s.hardTimeoutSeconds =
        q.value(QStringLiteral("roundabout/hard_timeout_seconds"), s.hardTimeoutSeconds).toInt();

    overrideString(s.dataDir, "ZERG_DATA_DIR");
    overrideString(s.hostsFile, "ZERG_HOSTS_FILE");
    overrideString(s.knownHostsFile, "ZERG_KNOWN_HOSTS");
    overrideString(s.configDir, "ZERG_CONFIG_DIR");
    overrideString(s.llmProvider, "ZERG_LLM_PROVIDER");
    overrideString(s.llmBaseUrl, "ZERG_LLM_BASE_URL");
    overrideString(s.llmApiKey, "ZERG_LLM_API_KEY");
    overrideString(s.model, "ZERG_MODEL");
    overrideString(s.workerModel, "ZERG_WORKER_MODEL");
    overrideString(s.deciderModel, "ZERG_DECIDER_MODEL");
    overrideString(s.summaryModel, "ZERG_SUMMARY_MODEL");
    overrideString(s.quickModel, "ZERG_QUICK_MODEL");
    overrideString(s.pricingFile, "ZERG_PRICING_FILE");
    overrideString(s.ollamaUrl, "ZERG_OLLAMA_URL");
    overrideString(s.shellSandbox, "ZERG_SHELL_SANDBOX");
    overrideString(s.smtpHost, "ZERG_SMTP_HOST");
    overrideInt(s.smtpPort, "ZERG_SMTP_PORT");
    overrideString(s.smtpTls, "ZERG_SMTP_TLS");
    overrideString(s.smtpUser, "ZERG_SMTP_USER");
    overrideString(s.smtpFrom, "ZERG_SMTP_FROM");
    overrideString(s.smtpCaFile, "ZERG_SMTP_CA_FILE");
    overrideString(s.webhookUrl, "ZERG_WEBHOOK_URL");
    overrideString(s.webhookFormat, "ZERG_WEBHOOK_FORMAT");
    if (qEnvironmentVariableIsSet("ZERG_LLM_MAX_RETRIES")) {
        bool ok = false;
        const int n = qEnvironmentVariableIntValue("ZERG_LLM_MAX_RETRIES", &ok);
        if (ok && n >= 0)
            s.llmMaxRetries = n;
    }
    s.llmProvider = s.llmProvider.trimmed().toLower();
    if (s.pricingFile.isEmpty() && !s.configDir.isEmpty()) {
        s.pricingFile = QDir(s.configDir).filePath(QStringLiteral("pricing.json"));
    }
    // The key: the environment wins; else the keychain (or the user-only fallback file).
    if (s.llmApiKey.isEmpty() && !s.configDir.isEmpty() && !s.llmBaseUrl.isEmpty()) {
        const SecretStore secrets(s.configDir, SecretStore::backendFromEnvironment());
        if (const auto key = secrets.read(s.apiKeySecretName()))
            s.llmApiKey = key.value();
    }
    overrideInt(s.ownerId, "ZERG_OWNER_ID");
    overrideInt(s.checkIntervalSeconds, "ZERG_CHECK_INTERVAL_SECONDS");
    overrideInt(s.hardTimeoutSeconds, "ZERG_HARD_TIMEOUT_SECONDS");
    overrideInt(s.deciderBudget, "ZERG_DECIDER_BUDGET");
    overrideInt(s.deciderTimeoutSeconds, "ZERG_DECIDER_TIMEOUT_SECONDS");
    if (qEnvironmentVariableIsSet("ZERG_CANCEL_ON_HARD_TIMEOUT")) {
        const QString v = qEnvironmentVariable("ZERG_CANCEL_ON_HARD_TIMEOUT").trimmed().toLower();
        s.cancelOnHardTimeout = !(v == QLatin1String("0") || v == QLatin1String("false") ||
                                  v == QLatin1String("no") || v == QLatin1String("off"));
    }
    overrideInt(s.maxIterations, "ZERG_MAX_ITERATIONS");
    overrideInt(s.maxWorkers, "ZERG_MAX_WORKERS");
    overrideInt(s.runTimeoutSeconds, "ZERG_RUN_TIMEOUT_SECONDS");
    overrideInt(s.workerTokenBudget, "ZERG_WORKER_TOKEN_BUDGET");
    overrideInt(s.runTokenBudget, "ZERG_RUN_TOKEN_BUDGET");
    overrideString(s.violationRulesFile, "ZERG_VIOLATION_RULES");
    overrideInt(s.retentionDays, "ZERG_RETENTION_DAYS");
    for (auto [target, name] : {std::pair{&s.xoEveryWorker, "ZERG_XO_EVERY_WORKER"},
                                std::pair{&s.xoEverySupervisor, "ZERG_XO_EVERY_SUPERVISOR"}}) {
        bool ok = false;
        const int v = env(name).toInt(&ok);
        if (qEnvironmentVariableIsSet(name) && ok && v >= 0)
            *target = v;  // 0 switches the XO off for that role
    }
    if (qEnvironmentVariableIsSet("ZERG_RUN_COST_BUDGET_USD")) {
        bool ok = false;
        const double v = env("ZERG_RUN_COST_BUDGET_USD").toDouble(&ok);
        if (ok && v >= 0)
            s.runCostBudgetUsd = v;
    }
    overrideInt(s.contextWindowTokens, "ZERG_CONTEXT_WINDOW");
    overrideInt(s.llmTimeoutSeconds, "ZERG_LLM_TIMEOUT_SECONDS");
    overrideInt(s.toolOutputCapChars, "ZERG_TOOL_OUTPUT_CAP");
    while (s.llmBaseUrl.endsWith(QLatin1Char('/')))
        s.llmBaseUrl.chop(1);
    return s;
}

QString Settings::modelFor(const QString& role) const {
    if (role == QLatin1String("supervisor"))
        return model;
    if (role == QLatin1String("quick"))
        return quickModel.isEmpty() ? model : quickModel;
    if (role == QLatin1String("decider") && !deciderModel.isEmpty())
        return deciderModel;
    if (role == QLatin1String("summary") && !summaryModel.isEmpty())
        return summaryModel;
    return effectiveWorkerModel();
}

QString Settings::providerProblem() const {
    if (llmProvider != QLatin1String("openai") && llmProvider != QLatin1String("anthropic")) {
        return QStringLiteral(
                   "Unknown LLM provider '%1'. Set ZERG_LLM_PROVIDER to openai (any "
                   "OpenAI-compatible server: OpenAI, Ollama, llama.cpp, vLLM, LM Studio, "
                   "OpenRouter) or anthropic.")
            .arg(llmProvider);
    }
    if (llmBaseUrl.isEmpty() && model.isEmpty()) {
        return QStringLiteral(
            "No language model is configured. Set ZERG_LLM_BASE_URL (for example "
            "http://127.0.0.1:11434/v1 for Ollama) and ZERG_MODEL, or configure a provider in "
            "Settings.");
    }
    if (llmBaseUrl.isEmpty()) {
        return QStringLiteral(
            "No LLM endpoint is configured. Set ZERG_LLM_BASE_URL (for example "
            "https://api.openai.com/v1).");
    }
    if (model.isEmpty()) {
        return QStringLiteral("No model is configured. Set ZERG_MODEL (for example gpt-4o-mini).");
    }
    return {};
}

}  // namespace zerg
