#pragma once

#include "core/result.h"
#include "core/settings.h"
#include "ui/dashboard_models.h"

#include <QObject>
#include <QString>

#include <memory>

namespace zerg {
class Clock;
class ConversationBackend;
class EventBus;
class JarvisController;
class ServerConnection;
namespace api {
class RemoteClient;
}  // namespace api
}  // namespace zerg

namespace zerg::gui {

// The desktop app as a client of a `zerg serve` (issue 11): no local backend and no database in
// the data folder. A RemoteClient publishes the server's events on a local EventBus, so the Jarvis
// chat, the activity ticker and the dashboard's Workers table work as with the in-process backend;
// questions go to the server as `dispatch`, Stop as `cancel`. Switched on by Settings::remoteUrl
// (ZERG_REMOTE_URL, or `zerg connect URL`); the session token is ZERG_REMOTE_TOKEN or the secret
// "remote_token" that `zerg connect` stored.
// Every dashboard page reads the server's data through api::RemoteDashboardSources.
class RemoteMode {
public:
    // The secret-store name of the session token.
    [[nodiscard]] static QString tokenSecretName() { return QStringLiteral("remote_token"); }

    // The token from ZERG_REMOTE_TOKEN, else from the secret store. Empty: none stored.
    [[nodiscard]] static Result<QString> storedToken(const Settings& settings);

    // Checks the URL and finds the token; errors say what to run to fix them. Connects on
    // start().
    [[nodiscard]] static Result<std::unique_ptr<RemoteMode>> create(const Settings& settings);
    ~RemoteMode();
    RemoteMode(const RemoteMode&) = delete;
    RemoteMode& operator=(const RemoteMode&) = delete;

    [[nodiscard]] EventBus* bus() const;
    [[nodiscard]] Clock* clock() const;
    [[nodiscard]] api::RemoteClient* client() const;
    [[nodiscard]] ConversationBackend* conversation() const;
    // Where the dashboard's pages read from: the server.
    [[nodiscard]] DashboardSources dashboardSources() const;

    // Once the dashboard's models exist: the Workers table reloads from the server on every
    // connect, the controller gets the end of a run it missed while disconnected, and
    // `connection` follows the client. Then connects.
    void start(DashboardModels& dashboard, JarvisController* controller,
               ServerConnection* connection);

    // The dashboard's note in remote mode.
    [[nodiscard]] QString dashboardNotice() const;

private:
    struct Impl;
    explicit RemoteMode(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

}  // namespace zerg::gui
