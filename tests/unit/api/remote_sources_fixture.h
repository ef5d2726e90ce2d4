#pragma once
// The dashboard's remote sources against the real ApiServer on loopback, served from the local
// sources of a real (temporary SQLite) store: what a page reads through `zerg serve` must be what
// it reads from the store directly. Owner 1 holds the token "token-ok"; its dashboard is
// StoreDashboardSources; every other owner has none. The Hosts source reads hostsFile() and
// knownHostsFile() in the temporary folder; the Supervision tree source reads `tree`.
// StoreDashboardSources; every other owner has none. Owner 1's schedules run in a started
// ScheduleService (a RecordingRunner for the supervisor) whose signals are published on the
// server's bus as in `zerg serve`; the client publishes what it receives on clientBus. Approval
// requests go through a real Approvals broker over the same database, publishing on the server's
// bus; a fixture made with withApprovals false serves no approvals source (a server without one).
// The MCP servers are a real McpServers over mcpFile() in the temporary folder (not started; none
// until a test writes the file and calls reloadMcp()).
#include "api/api_backend.h"
#include "api/api_server.h"
#include "api/remote_client.h"
#include "api/remote_dashboard_sources.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "dashboard/dashboard_sources.h"
#include "mcp/mcp_servers.h"
#include "schedule/schedule_events.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/approval_store.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "workers/approvals.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <memory>
#include <optional>

namespace zerg::test {

using namespace Qt::StringLiterals;

// Serves owner 1, device 1 (token "token-ok"): the dashboard commands over the given sources,
// nothing else.
class StoreBackedApi final : public api::ApiBackend {
public:
    explicit StoreBackedApi(StoreDashboardSources* local)
        : m_sources([local] { return local->sources(); }) {}
    explicit StoreBackedApi(DashboardSources sources) : m_sources([sources] { return sources; }) {}

    Result<api::Identity> login(const QString&) override {
        return Error{u"auth_failed"_s, u"Use the token."_s};
    }
    Result<api::Identity> authenticate(const QString& token) override {
        if (token != u"token-ok"_s)
            return Error{u"auth_failed"_s, u"Unknown token."_s};
        api::Identity id;
        id.ownerId = 1;
        id.deviceId = 1;
        id.expiresAt = QDateTime::currentDateTimeUtc().addDays(7);
        return id;
    }
    Status logout(const QString&) override { return Ok{}; }
    Result<QJsonObject> dispatch(qint64, const QString&, const QJsonObject&,
                                 const QJsonObject&) override {
        return Error{u"no_provider"_s, u"No provider in this test."_s};
    }
    Result<QJsonObject> run(qint64, qint64) override { return notHere(); }
    Result<QJsonObject> runs(qint64, int) override { return notHere(); }
    Result<QJsonObject> workers(qint64, int, std::optional<qint64>) override { return notHere(); }
    Result<QJsonObject> worker(qint64, const QString&, std::optional<qint64>) override {
        return notHere();
    }
    Result<QJsonObject> workerFile(qint64, const QString&, const QString&) override {
        return notHere();
    }
    Result<QJsonObject> cancel(qint64, std::optional<qint64>, std::optional<qint64>) override {
        return notHere();
    }
    void schedules(qint64, const QString&, const QJsonObject&, QObject*, Done done) override {
        done(notHere());
    }
    Result<DashboardSources> dashboard(qint64 ownerId) override {
        if (ownerId != 1)
            return Error{u"not_found"_s, u"No such owner."_s};
        return m_sources();
    }

private:
    static Error notHere() { return Error{u"internal"_s, u"Not part of this test."_s}; }
    std::function<DashboardSources()> m_sources;
};

struct RemoteSourcesFixture {
    static constexpr qint64 kOwner = 1;
    static constexpr int kWaitMs = 10'000;

    explicit RemoteSourcesFixture(bool withApprovals = true) {
        if (!dir.isValid())
            qFatal("no temporary folder");
        auto opened = Database::open(dir.filePath(u"zerg.sqlite"_s));
        if (!opened)
            qFatal("database: %s", qPrintable(opened.error().message));
        db = std::move(opened).value();
        store = std::make_unique<Store>(db.get());
        schedules = std::make_unique<ScheduleStore>(db.get());
        artifacts = std::make_unique<ArtifactStore>(dir.filePath(u"workers"_s));
        runner.store = store.get();
        runner.clock = &clock;
        runner.ownerId = kOwner;
        scheduler = std::make_unique<ScheduleService>(kOwner, schedules.get(), &runner, &clock);
        publishScheduleEvents(scheduler.get(), kOwner, &serverBus, scheduler.get());
        scheduler->start();
        approvalStore = std::make_unique<ApprovalStore>(db.get());
        approvals = std::make_unique<Approvals>(approvalStore.get(), artifacts.get(), &serverBus,
                                                &clock, ApprovalsConfig{});
        StoreDashboardSources::Deps deps;
        deps.store = store.get();
        deps.artifacts = artifacts.get();
        deps.ownerId = kOwner;
        deps.settings.hostsFile = hostsFile();
        deps.settings.knownHostsFile = knownHostsFile();
        deps.clock = &clock;
        deps.supervisionSnapshot = [this] { return tree; };
        deps.schedules = schedules.get();
        deps.scheduler = scheduler.get();
        deps.clock = &clock;
        deps.approvals = withApprovals ? approvals.get() : nullptr;
        McpOptions mcpOptions;
        mcpOptions.clock = &clock;
        mcpOptions.logDir = mcpLogDir();
        mcp = std::make_unique<McpServers>(McpConfig::loadFile(mcpFile(), {}), mcpOptions);
        deps.mcp = mcp.get();
        deps.settings.mcpConfigFile = mcpFile();
        local = std::make_unique<StoreDashboardSources>(deps);
        api = std::make_unique<StoreBackedApi>(local.get());
        api::ApiServerConfig config;
        config.commandsPerSecond = 1000;  // a test asks quickly
        config.commandBurst = 1000;
        server = std::make_unique<api::ApiServer>(config, api.get(), &serverBus, &clock);
        const Status listening = server->listen(QHostAddress::LocalHost, 0);
        if (!listening)
            qFatal("listen: %s", qPrintable(listening.error().message));
        client = std::make_unique<api::RemoteClient>(
            QUrl(u"ws://127.0.0.1:%1"_s.arg(server->port())), u"token-ok"_s, &clientBus, &clock);
        remote = std::make_unique<api::RemoteDashboardSources>(client.get(), kOwner, &clientBus);
        client->start();
        if (!QTest::qWaitFor(
                [this] { return client->state() == api::RemoteClient::State::Connected; }, kWaitMs))
            qFatal("the client did not connect: %s", qPrintable(client->statusText()));
    }

    // The Hosts page's files: none exists until a test writes it.
    [[nodiscard]] QString hostsFile() const { return dir.filePath(u"hosts"_s); }
    [[nodiscard]] QString knownHostsFile() const { return dir.filePath(u"known_hosts"_s); }
    // Settings › MCP servers: the server's mcp.json and its servers' stderr logs.
    [[nodiscard]] QString mcpFile() const { return dir.filePath(u"mcp.json"_s); }
    [[nodiscard]] QString mcpLogDir() const { return dir.filePath(u"mcp-logs"_s); }
    // The servers follow mcpFile() as it is now (the file watcher of `zerg serve`, at once).
    void reloadMcp() { mcp->reload(McpConfig::loadFile(mcpFile(), {})); }
    // Sends a raw command and waits for its reply.
    Result<QJsonObject> command(const QString& op, const QJsonObject& args) {
        std::optional<Result<QJsonObject>> answer;
        client->request(op, args, nullptr,
                        [&answer](Result<QJsonObject> r) { answer = std::move(r); });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kWaitMs))
            return Error{u"timeout"_s, u"no answer within 10 s"_s};
        return std::move(*answer);
    }

    // Calls ask(context, done) and waits for its answer.
    template <typename T, typename Ask>
    Result<T> await(Ask ask) {
        std::optional<Result<T>> answer;
        QObject context;
        ask(&context, [&answer](Result<T> r) { answer = std::move(r); });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kWaitMs))
            return Error{u"timeout"_s, u"no answer within 10 s"_s};
        return std::move(*answer);
    }

    QTemporaryDir dir;
    SystemClock clock;
    EventBus serverBus{&clock};
    EventBus clientBus{&clock};
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<ScheduleStore> schedules;
    std::unique_ptr<ArtifactStore> artifacts;
    RecordingRunner runner;
    std::unique_ptr<ScheduleService> scheduler;
    std::unique_ptr<ApprovalStore> approvalStore;
    std::unique_ptr<Approvals> approvals;
    std::unique_ptr<McpServers> mcp;
    std::unique_ptr<StoreDashboardSources> local;
    std::unique_ptr<StoreBackedApi> api;
    std::unique_ptr<api::ApiServer> server;
    std::unique_ptr<api::RemoteClient> client;
    std::unique_ptr<api::RemoteDashboardSources> remote;
    QJsonObject tree;  // the live tree the local Supervision source reads (the test sets it)
};

}  // namespace zerg::test
