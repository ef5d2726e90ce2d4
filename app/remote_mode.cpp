#include "remote_mode.h"

#include "server_connection.h"

#include "api/remote_client.h"
#include "api/remote_dashboard_sources.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/secret_store.h"
#include "core/status.h"
#include "ui/conversation_backend.h"
#include "ui/jarvis_controller.h"
#include "ui/worker_table_model.h"

#include <QCoreApplication>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRemoteMode, "zerg.remote")

namespace zerg::gui {
namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("zerg::gui::RemoteMode", text);
}

// Questions go to the server as `dispatch`, Stop as `cancel`. The server checks its own provider:
// a missing one comes back as the dispatch's error, which the chat shows.
class RemoteConversation final : public ConversationBackend {
    Q_DECLARE_TR_FUNCTIONS(zerg::gui::RemoteConversation)

public:
    explicit RemoteConversation(api::RemoteClient* client) : m_client(client) {}

    void ask(const QString& text, QObject* context, AskDone done) override {
        m_client->request(
            QStringLiteral("dispatch"), {{QStringLiteral("task"), text}}, context,
            [done = std::move(done)](Result<QJsonObject> r) {
                if (!r)
                    return done(r.error());
                const qint64 runId = r->value(QStringLiteral("run_id")).toInteger();
                if (runId <= 0) {
                    return done(Error{QStringLiteral("protocol"),
                                      tr("The server took the question but named no run; is it "
                                         "a Zerg server of the same version?")});
                }
                done(runId);
            });
    }
    void cancelRun(qint64 runId) override {
        cancel({{QStringLiteral("run_id"), runId}}, tr("the run"));
    }
    void cancelWorker(qint64 jobId) override {
        cancel({{QStringLiteral("job_id"), jobId}}, tr("the worker"));
    }
    QString setupProblem() const override { return {}; }
    void recordSpoken(const QString& said, const QString& answered, bool interrupted,
                      QObject* context, RecordDone done) override {
        m_client->request(QStringLiteral("record_spoken"),
                          {{QStringLiteral("said"), said},
                           {QStringLiteral("answered"), answered},
                           {QStringLiteral("interrupted"), interrupted}},
                          context, [done = std::move(done)](const Result<QJsonObject>& r) {
                              done(r ? Status(Ok{}) : Status(r.error()));
                          });
    }
    void history(std::optional<qint64> beforeRunId, int limit, QObject* context,
                 PageDone done) override {
        QJsonObject args{{QStringLiteral("limit"), limit}};
        if (beforeRunId)
            args.insert(QStringLiteral("before_run_id"), *beforeRunId);
        m_client->request(QStringLiteral("conversation"), args, context, std::move(done));
    }

private:
    void cancel(const QJsonObject& args, const QString& what) {
        m_client->request(QStringLiteral("cancel"), args, m_client,
                          [what](const Result<QJsonObject>& r) {
                              if (!r)
                                  qCWarning(lcRemoteMode, "could not cancel %s: %s",
                                            qPrintable(what), qPrintable(r.error().message));
                          });
    }

    api::RemoteClient* m_client;
};

QString summaryOf(const api::RemoteClient& client) {
    switch (client.state()) {
        case api::RemoteClient::State::Connected:
            return tr("Server %1").arg(client.address());
        case api::RemoteClient::State::Connecting:
            return tr("Connecting to %1…").arg(client.address());
        case api::RemoteClient::State::Refused:
            return tr("Refused by %1").arg(client.address());
        case api::RemoteClient::State::Idle:
        case api::RemoteClient::State::Waiting:
            break;
    }
    return tr("Not connected");
}

}  // namespace

struct RemoteMode::Impl {
    Settings settings;
    SystemClock clock;
    EventBus bus{&clock};
    std::unique_ptr<api::RemoteClient> client;
    std::unique_ptr<RemoteConversation> conversation;
    std::unique_ptr<api::RemoteDashboardSources> sources;
};

Result<QString> RemoteMode::storedToken(const Settings& settings) {
    const QString fromEnv = qEnvironmentVariable("ZERG_REMOTE_TOKEN").trimmed();
    if (!fromEnv.isEmpty())
        return fromEnv;
    const SecretStore secrets(settings.configDir, SecretStore::backendFromEnvironment());
    return secrets.read(tokenSecretName());
}

Result<std::unique_ptr<RemoteMode>> RemoteMode::create(const Settings& settings) {
    const Result<QUrl> url = api::RemoteClient::parseUrl(settings.remoteUrl);
    if (!url) {
        return Error{url.error().code,
                     tr("Zerg is set to use a server (ZERG_REMOTE_URL or remote/url), but: %1 "
                        "Run `zerg connect URL` with the right address, or `zerg connect --local` "
                        "to use this computer again.")
                         .arg(url.error().message)};
    }
    const Result<QString> token = storedToken(settings);
    if (!token) {
        return Error{token.error().code, tr("Cannot read the session token for %1: %2")
                                             .arg(url->toString(), token.error().message)};
    }
    if (token->isEmpty()) {
        return Error{QStringLiteral("no_token"),
                     tr("Zerg is set to use the server at %1 but has no session token for it. "
                        "Run `zerg connect %1` and give the device secret from `zerg devices add` "
                        "on the server, or `zerg connect --local` to use this computer again.")
                         .arg(url->toString())};
    }

    auto d = std::make_unique<Impl>();
    d->settings = settings;
    api::RemoteClient::Options options;
    options.localOwnerId = settings.ownerId;  // the one user this window shows
    d->client = std::make_unique<api::RemoteClient>(*url, *token, &d->bus, &d->clock, options);
    d->conversation = std::make_unique<RemoteConversation>(d->client.get());
    d->sources =
        std::make_unique<api::RemoteDashboardSources>(d->client.get(), settings.ownerId, &d->bus);
    return std::unique_ptr<RemoteMode>(new RemoteMode(std::move(d)));
}

RemoteMode::RemoteMode(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}

RemoteMode::~RemoteMode() {
    d->client->stop();
}

EventBus* RemoteMode::bus() const {
    return &d->bus;
}

Clock* RemoteMode::clock() const {
    return &d->clock;
}

api::RemoteClient* RemoteMode::client() const {
    return d->client.get();
}

ConversationBackend* RemoteMode::conversation() const {
    return d->conversation.get();
}

DashboardSources RemoteMode::dashboardSources() const {
    return d->sources->sources();
}

QString RemoteMode::dashboardNotice() const {
    return tr("Connected to the Zerg server at %1: every page shows the server's data (the "
              "Workers table without tool and host counts). Settings are this computer's.")
        .arg(d->client->address());
}

void RemoteMode::start(DashboardModels& dashboard, JarvisController* controller,
                       ServerConnection* connection) {
    api::RemoteClient* client = d->client.get();
    WorkerTableModel* workers = &dashboard.workers();  // over the remote sources (dashboardDeps)
    api::RemoteWorkerSource* source = &d->sources->workers();
    // The conversation comes back once connected (after a reconnect it is there already).
    QObject::connect(client, &api::RemoteClient::ready, controller,
                     [controller] { controller->loadHistory(); });
    QObject::connect(client, &api::RemoteClient::ready, workers, [source, workers, &dashboard] {
        source->refresh([workers] { workers->reload(); });
        dashboard.reloadLoaded();  // what the connection's loss may have hidden
    });

    // Events were missed: a run this window follows may have ended meanwhile.
    QObject::connect(client, &api::RemoteClient::resynced, controller, [this, controller] {
        const qint64 runId = controller->currentRunId();
        if (runId == 0)
            return;
        d->client->request(
            QStringLiteral("run"), {{QStringLiteral("run_id"), runId}}, controller,
            [this, runId](const Result<QJsonObject>& r) {
                if (!r)
                    return;
                const QString status = r->value(QStringLiteral("status")).toString();
                if (status == QLatin1String("running"))
                    return;
                const qint64 owner = d->settings.ownerId;
                if (status == QLatin1String("success")) {
                    d->bus.publish(QString::fromLatin1(events::SupervisorComplete), owner,
                                   {{QStringLiteral("run_id"), runId},
                                    {QStringLiteral("result"),
                                     r->value(QStringLiteral("result")).toString()}});
                    return;
                }
                // Failed, but Jarvis answered with an apology: shown as the answer it was.
                if (const QJsonValue fallback = r->value(QStringLiteral("fallback"));
                    fallback.isString()) {
                    d->bus.publish(
                        QString::fromLatin1(events::SupervisorComplete), owner,
                        {{QStringLiteral("run_id"), runId},
                         {QStringLiteral("result"), r->value(QStringLiteral("result")).toString()},
                         {QStringLiteral("fallback"), fallback},
                         {QStringLiteral("status"), status}});
                    return;
                }
                QString message = r->value(QStringLiteral("error")).toString();
                if (message.isEmpty())
                    message = tr("The run ended (%1) while the connection was down.").arg(status);
                payloads::ErrorEvent error;  // no mode: the server did not say
                error.runId = runId;
                error.message = message;
                error.details = status;
                d->bus.publish(owner, error);
            });
    });

    if (connection) {
        const auto update = [client, connection] {
            connection->setStatus(client->state() == api::RemoteClient::State::Connected,
                                  summaryOf(*client), client->statusText());
        };
        QObject::connect(client, &api::RemoteClient::stateChanged, connection, update);
        QObject::connect(client, &api::RemoteClient::statusTextChanged, connection, update);
        connection->setDashboardNotice(dashboardNotice());
        update();
    }
    client->start();
}

}  // namespace zerg::gui
