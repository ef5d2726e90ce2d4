#pragma once

#include <QString>

namespace zerg {

// Effective configuration: QSettings in the platform's standard location, overridden by ZERG_*
// environment variables (see README "Configuration"). A plain value type, read once at start.
struct Settings {
    QString dataDir;         // ZERG_DATA_DIR: database and artifacts
    QString hostsFile;       // ZERG_HOSTS_FILE: allowlisted SSH hosts (OpenSSH config format)
    QString knownHostsFile;  // ZERG_KNOWN_HOSTS: default known_hosts for hosts without their own
    QString llmBaseUrl;      // ZERG_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1
    QString llmApiKey;       // ZERG_LLM_API_KEY (never logged)
    QString model;           // ZERG_MODEL: the supervisor's model
    QString workerModel;     // ZERG_WORKER_MODEL: the workers' model (defaults to model)
    qint64 ownerId = 1;      // ZERG_OWNER_ID: the local user
    int checkIntervalSeconds = 5;   // ZERG_CHECK_INTERVAL_SECONDS: roundabout poll interval
    int hardTimeoutSeconds = 300;   // ZERG_HARD_TIMEOUT_SECONDS: roundabout safety net
    int maxIterations = 12;         // ZERG_MAX_ITERATIONS: agent loop bound
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
};

}  // namespace zerg
