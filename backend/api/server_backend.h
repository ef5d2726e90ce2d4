#pragma once

#include "api/api_backend.h"

#include <QHash>

#include <memory>

namespace zerg {
class AuthStore;
class Backend;
class ToolRegistry;
}  // namespace zerg

namespace zerg::api {

// The API's commands over the real backend: sessions from the AuthStore, each owner's supervisor
// agent and schedules from Backend::owner(), runs and workers from the stores (docs/api.md).
class ServerBackend final : public ApiBackend {
public:
    // The worker_file cap: larger files are cut (truncated: true).
    static constexpr qint64 kMaxFileBytes = 512 * 1024;

    ServerBackend(Backend* backend, AuthStore* auth);
    ~ServerBackend() override;

    // Draining (`zerg serve` after SIGTERM, docs/server.md): new requests are refused with
    // "draining" while the runs in progress finish.
    void setDraining(bool draining) { m_draining = draining; }
    [[nodiscard]] bool isDraining() const { return m_draining; }

    Result<Identity> login(const QString& deviceSecret) override;
    Result<Identity> authenticate(const QString& token) override;
    Result<Identity> authenticateDevice(const QString& deviceSecret) override;
    Status logout(const QString& token) override;
    Result<QJsonObject> dispatch(qint64 ownerId, const QString& task, const QJsonObject& context,
                                 const QJsonObject& preferences) override;
    Result<QJsonObject> run(qint64 ownerId, qint64 runId) override;
    Result<QJsonObject> runs(qint64 ownerId, int limit) override;
    Result<QJsonObject> conversation(qint64 ownerId, std::optional<qint64> beforeRunId,
                                     int limit) override;
    Result<QJsonObject> recordSpoken(qint64 ownerId, const QString& said, const QString& answered,
                                     bool interrupted) override;
    Result<QJsonObject> workers(qint64 ownerId, int limit, std::optional<qint64> runId) override;
    Result<QJsonObject> worker(qint64 ownerId, const QString& workerId,
                               std::optional<qint64> jobId) override;
    Result<QJsonObject> workerFile(qint64 ownerId, const QString& workerId,
                                   const QString& path) override;
    Result<QJsonObject> cancel(qint64 ownerId, std::optional<qint64> runId,
                               std::optional<qint64> jobId) override;
    void schedules(qint64 ownerId, const QString& action, const QJsonObject& args, QObject* context,
                   Done done) override;
    Result<DashboardSources> dashboard(qint64 ownerId) override;

private:
    // The owner's schedule tools (made on first use).
    Result<ToolRegistry*> scheduleTools(qint64 ownerId);

    Backend* m_backend;
    AuthStore* m_auth;
    QHash<qint64, std::shared_ptr<ToolRegistry>> m_scheduleTools;
    QHash<qint64, std::shared_ptr<StoreDashboardSources>>
        m_dashboards;  // by owner, made on first use
    bool m_draining = false;
};

}  // namespace zerg::api
