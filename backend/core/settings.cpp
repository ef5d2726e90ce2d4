#include "core/settings.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>

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
    s.llmBaseUrl = q.value(QStringLiteral("llm/base_url")).toString();
    s.llmApiKey = q.value(QStringLiteral("llm/api_key")).toString();
    s.model = q.value(QStringLiteral("llm/model")).toString();
    s.workerModel = q.value(QStringLiteral("llm/worker_model")).toString();
    s.checkIntervalSeconds =
        q.value(QStringLiteral("roundabout/check_interval_seconds"), s.checkIntervalSeconds)
            .toInt();
    s.hardTimeoutSeconds =
        q.value(QStringLiteral("roundabout/hard_timeout_seconds"), s.hardTimeoutSeconds).toInt();

    overrideString(s.dataDir, "ZERG_DATA_DIR");
    overrideString(s.hostsFile, "ZERG_HOSTS_FILE");
    overrideString(s.knownHostsFile, "ZERG_KNOWN_HOSTS");
    overrideString(s.llmBaseUrl, "ZERG_LLM_BASE_URL");
    overrideString(s.llmApiKey, "ZERG_LLM_API_KEY");
    overrideString(s.model, "ZERG_MODEL");
    overrideString(s.workerModel, "ZERG_WORKER_MODEL");
    overrideInt(s.ownerId, "ZERG_OWNER_ID");
    overrideInt(s.checkIntervalSeconds, "ZERG_CHECK_INTERVAL_SECONDS");
    overrideInt(s.hardTimeoutSeconds, "ZERG_HARD_TIMEOUT_SECONDS");
    overrideInt(s.maxIterations, "ZERG_MAX_ITERATIONS");
    overrideInt(s.llmTimeoutSeconds, "ZERG_LLM_TIMEOUT_SECONDS");
    overrideInt(s.toolOutputCapChars, "ZERG_TOOL_OUTPUT_CAP");
    while (s.llmBaseUrl.endsWith(QLatin1Char('/')))
        s.llmBaseUrl.chop(1);
    return s;
}

QString Settings::providerProblem() const {
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
