#include "cli_server.h"

#include "cli.h"
#include "cli_options.h"
#include "signal_quit.h"

#include "api/api_server.h"
#include "api/event_relay.h"
#include "api/mcp_service.h"
#include "api/server_backend.h"
#include "core/clock.h"
#include "core/settings.h"
#include "jarvis/supervisor_runs.h"
#include "llm/provider_registry.h"
#include "runtime/backend.h"
#include "runtime/instance_lease.h"
#include "runtime/sms_replies.h"
#include "storage/auth_store.h"
#include "storage/database.h"
#include "storage/instance_store.h"
#include "storage/time_format.h"
#include "workers/worker_pool.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace zerg::cli {
namespace {

const char kServeUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE] [--insecure]\n"
    "\n"
    "Runs Zerg headless: the supervisor, workers and schedules of every owner, behind the\n"
    "WebSocket API of docs/api.md. Stops cleanly on SIGTERM or Ctrl+C.\n"
    "\n"
    "Options:\n"
    "  --listen HOST:PORT   Where to listen (ZERG_SERVER_LISTEN; default 127.0.0.1:8765).\n"
    "                       Port 0 picks a free port. Anything but loopback needs TLS or\n"
    "                       --insecure.\n"
    "  --tls-cert FILE      PEM certificate (ZERG_SERVER_TLS_CERT); with --tls-key the server\n"
    "  --tls-key FILE       speaks wss:// only (ZERG_SERVER_TLS_KEY).\n"
    "  --insecure           Allow plain ws:// on a non-loopback address.\n"
    "  --instance-name NAME How `zerg instances list` shows this process (ZERG_INSTANCE_NAME;\n"
    "                       default the host name). Several may share one PostgreSQL database\n"
    "                       (docs/server.md).\n"
    "  -h, --help           Show this help.\n"
    "\n"
    "Browser origins allowed to connect: ZERG_SERVER_ORIGINS (comma-separated).\n"
    "Database: ZERG_DATABASE_URL (postgresql://user@host:5432/db), else SQLite.\n"
    "\n"
    "Examples:\n"
    "  zerg devices add \"Alice's laptop\"      # prints the secret the client logs in with\n"
    "  zerg serve\n"
    "  zerg serve --listen 0.0.0.0:8765 --tls-cert cert.pem --tls-key key.pem\n");

const char kInstancesUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg instances list [--all] [--json]\n"
    "\n"
    "The Zerg processes registered on this database (every `zerg serve`, the app, `zerg ask`):\n"
    "name, host, version, the age of the last heartbeat, and the runs and workers each holds.\n"
    "The running ones and those lost in the last day; --all: every one kept (a week),\n"
    "cleanly stopped ones too.\n"
    "A process whose lease ran out is `lost`: its work was declared interrupted\n"
    "(docs/server.md).\n");

const char kDevicesUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg devices COMMAND\n"
    "\n"
    "The devices allowed to log in to `zerg serve` on this data folder.\n"
    "\n"
    "Commands:\n"
    "  add NAME [--owner N] [--json]   Register a device for owner N (default ZERG_OWNER_ID)\n"
    "                                  and print its secret. The secret is shown only once;\n"
    "                                  the client exchanges it for 7-day session tokens.\n"
    "  list [--json]                   Devices, active first: owner, name, last login,\n"
    "                                  active tokens.\n"
    "  revoke ID                       Revoke a device and every session token it holds;\n"
    "                                  its open connections are closed within 30 seconds.\n"
    "\n"
    "Examples:\n"
    "  zerg devices add \"Alice's laptop\"\n"
    "  zerg devices list\n"
    "  zerg devices revoke 3\n");

struct Io {
    QTextStream out{stdout};
    QTextStream err{stderr};
};

int usageError(Io& io, const char* usage, const QString& message) {
    io.err << "zerg: " << message << "\n\n" << Text::tr(usage);
    return 2;
}

bool isLoopback(const QHostAddress& a) {
    return a.isLoopback();
}

}  // namespace

QString serveHelp() {
    return Text::tr(kServeUsage);
}

QString instancesHelp() {
    return Text::tr(kInstancesUsage);
}

int instancesCommand(QStringList args) {
    Io io;
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        io.out << instancesHelp();
        return sub.isEmpty() ? 2 : 0;
    }
    if (sub != QLatin1String("list"))
        return usageError(io, kInstancesUsage, Text::tr("instances needs 'list'"));
    const Result<InstancesListOptions> options = parseInstancesListOptions(args);
    if (!options)
        return usageError(io, kInstancesUsage, options.error().message);
    const Settings settings = Settings::load();
    // The database alone: listing must not register this process as one more instance.
    auto db = Database::openConfigured(
        QDir(settings.dataDir).filePath(QStringLiteral("zerg.sqlite")), settings.databaseUrl);
    if (!db) {
        io.err << "zerg: " << db.error().message << '\n';
        return 1;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const auto instances =
        InstanceStore(db->get()).list(options->all ? QDateTime() : now.addDays(-1));
    if (!instances) {
        io.err << "zerg: " << instances.error().message << '\n';
        return 1;
    }
    if (options->json) {
        QJsonArray rows;
        for (const InstanceRecord& r : instances.value()) {
            rows.append(QJsonObject{
                {QStringLiteral("id"), r.id},
                {QStringLiteral("name"), r.info.name},
                {QStringLiteral("host"), r.info.host},
                {QStringLiteral("pid"), r.info.pid},
                {QStringLiteral("version"), r.info.version},
                {QStringLiteral("state"), statusName(r.state)},
                {QStringLiteral("started_at"), timefmt::toIso(r.startedAt)},
                {QStringLiteral("heartbeat_at"), timefmt::toIso(r.heartbeatAt)},
                {QStringLiteral("heartbeat_age_s"), r.heartbeatAt.secsTo(now)},
                {QStringLiteral("lease_until"), timefmt::toIso(r.leaseUntil)},
                {QStringLiteral("stopped_at"),
                 r.stoppedAt.isValid() ? QJsonValue(timefmt::toIso(r.stoppedAt)) : QJsonValue()},
                {QStringLiteral("runs_held"), r.runsHeld},
                {QStringLiteral("jobs_held"), r.jobsHeld}});
        }
        io.out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return 0;
    }
    if (instances->isEmpty()) {
        io.out << Text::tr("No Zerg process is registered on this database (%1).")
                      .arg(db.value()->path())
               << '\n';
        return 0;
    }
    io.out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                  .arg(Text::tr("ID"), 4)
                  .arg(Text::tr("STATE"), -7)
                  .arg(Text::tr("HEARTBEAT"), -10)
                  .arg(Text::tr("RUNS"), 4)
                  .arg(Text::tr("WORKERS"), 7)
                  .arg(Text::tr("VERSION"), -8)
                  .arg(Text::tr("HOST (PID)"), -20)
                  .arg(Text::tr("NAME"));
    for (const InstanceRecord& r : instances.value()) {
        const QString age = Text::tr("%1 s ago").arg(r.heartbeatAt.secsTo(now));
        io.out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8\n")
                      .arg(r.id, 4)
                      .arg(statusName(r.state), -7)
                      .arg(age, -10)
                      .arg(r.runsHeld, 4)
                      .arg(r.jobsHeld, 7)
                      .arg(r.info.version, -8)
                      .arg(QStringLiteral("%1 (%2)").arg(r.info.host).arg(r.info.pid), -20)
                      .arg(r.info.name);
    }
    return 0;
}

QString devicesHelp() {
    return Text::tr(kDevicesUsage);
}

int serveCommand(QStringList args) {
    Io io;
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        io.out << serveHelp();
        return 0;
    }
    Settings settings = Settings::load();
    ServeOptions defaults;
    defaults.listen = settings.serverListen;
    defaults.tlsCert = settings.serverTlsCert;
    defaults.tlsKey = settings.serverTlsKey;
    const Result<ServeOptions> options = parseServeOptions(args, defaults);
    if (!options)
        return usageError(io, kServeUsage, options.error().message);
    const QString listen = options->listen;
    const QString cert = options->tlsCert;
    const QString key = options->tlsKey;
    const bool insecure = options->insecure;

    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = colon > 0 ? listen.mid(colon + 1).toUInt(&portOk) : 0;
    QString host = colon > 0 ? listen.left(colon) : QString();
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);  // [::1]:8765
    if (host == QLatin1String("localhost"))
        host = QStringLiteral("127.0.0.1");
    const QHostAddress address(host);
    if (!portOk || port > 65535 || address.isNull()) {
        return usageError(io, kServeUsage,
                          Text::tr("--listen needs HOST:PORT with an IP address, e.g. "
                                   "127.0.0.1:8765 (got '%1')")
                              .arg(listen));
    }
    if (cert.isEmpty() != key.isEmpty()) {
        return usageError(io, kServeUsage,
                          Text::tr("TLS needs both a certificate and its key "
                                   "(--tls-cert and --tls-key)"));
    }
    if (!isLoopback(address) && cert.isEmpty() && !insecure) {
        return usageError(
            io, kServeUsage,
            Text::tr("%1 is not a loopback address: anyone on the network could read the session "
                     "tokens. Give --tls-cert and --tls-key, or --insecure if the network is "
                     "private.")
                .arg(address.toString()));
    }

    api::ApiServerConfig config;
    for (const QString& origin : settings.serverOrigins.split(QLatin1Char(','), Qt::SkipEmptyParts))
        config.allowedOrigins.append(origin.trimmed());
    if (!cert.isEmpty()) {
        Result<QSslConfiguration> tls = api::loadTlsConfiguration(cert, key);
        if (!tls) {
            io.err << "zerg serve: " << tls.error().message << '\n';
            return 3;
        }
        config.tls = std::move(tls).value();
    }

    if (!options->instanceName.isEmpty())
        settings.instanceName = options->instanceName;
    settings.takeOverWork = true;  // the runs of a stopped instance go on here (docs/server.md)
    int code = 0;
    std::unique_ptr<Backend> backend = openBackend(settings, &code);
    if (!backend)
        return code;
    if (const QString problem = llm::providerProblem(settings); !problem.isEmpty()) {
        io.err << "zerg serve: " << problem << ' '
               << Text::tr("Until then every dispatch is answered with no_provider.") << '\n';
    }
    for (const QString& problem :
         {backend->hostsProblem(), backend->pricingProblem(), backend->smsProblem()}) {
        if (!problem.isEmpty())
            io.err << "zerg serve: " << problem << '\n';
    }
    // Approval requests pushed to the phone, answered by one-time links (docs/alerts.md).
    QString linkWarning;
    if (const Status links = backend->enablePhoneLinks(&linkWarning); !links)
        io.err << "zerg serve: " << links.error().message << '\n';
    if (!linkWarning.isEmpty())
        io.err << "zerg serve: " << linkWarning << '\n';
    backend->startBackgroundServices();
    api::raiseOpenFileLimit();  // every client holds a socket; the soft limit is often 1024
    api::ServerBackend serverBackend(backend.get(), backend->auth());
    api::ApiServer server(config, &serverBackend, backend->bus(), backend->clock());
    // Events across instances (docs/server.md): this instance's events go into the database's
    // journal, and the other instances' events reach the clients connected here.
    api::EventRelay relay({}, backend->database(), backend->bus(), backend->clock());
    QObject::connect(&relay, &api::EventRelay::relayed, &server, &api::ApiServer::relay);
    if (const Status started = relay.start(); !started) {
        io.err << "zerg serve: " << started.error().message << ' '
               << Text::tr("Clients see only the runs of this instance.") << '\n';
    }
    // MCP clients (Claude Desktop, Goose, an IDE) reach the owner's Jarvis at /mcp (docs/mcp.md).
    server.setMcpServiceFactory([b = backend.get()](qint64 ownerId, QObject* parent) {
        return new McpService(b, ownerId, parent);
    });
    server.servePhoneLinks(backend->phoneLinks());
    // SMS replies through the gateway's webhook (docs/alerts.md).
    SmsReplies* smsReplies = backend->smsReplies();
    if (smsReplies && smsReplies->repliesServed())
        server.serveSmsReplies(smsReplies);
    // The server is the `api` child of the application tree: a listener that breaks is restarted
    // on the same address (the port bound first, when port 0 was asked), and a first listen that
    // fails ends `zerg serve`. The tree stops with the backend, after `server` is gone, so its
    // functions reach the server through a QPointer.
    const QPointer<api::ApiServer> api = &server;
    const auto boundPort = std::make_shared<quint16>(quint16(port));
    const Status listening = backend->addService(
        QStringLiteral("api"),
        [api, address, boundPort]() -> Status {
            if (!api)
                return Ok{};  // Zerg is quitting: nothing left to serve
            const Status s = api->listen(address, *boundPort);
            if (s && *boundPort == 0)
                *boundPort = api->port();
            return s;
        },
        [api] {
            if (api)
                api->close();
        });
    if (!listening) {
        io.err << "zerg serve: " << listening.error().message << '\n';
        return 1;
    }
    QObject::connect(
        &server, &api::ApiServer::listenerFailed, backend.get(),
        [b = backend.get()](const QString& why) { b->crashService(QStringLiteral("api"), why); });
    const QString scheme = server.isSecure() ? QStringLiteral("wss") : QStringLiteral("ws");
    const QString shownHost =
        address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + host + u']' : host;
    // Not translated: scripts and tests read the address from this line (docs/api.md).
    io.out << QStringLiteral("zerg serve: listening on %1://%2:%3 (protocol 1, database %4)\n")
                  .arg(scheme, shownHost, QString::number(server.port()),
                       backend->databaseDescription());
    io.out << QStringLiteral("zerg serve: MCP clients connect to %1://%2:%3/mcp\n")
                  .arg(server.isSecure() ? QStringLiteral("https") : QStringLiteral("http"),
                       shownHost, QString::number(server.port()));
    if (smsReplies && smsReplies->repliesServed()) {
        io.out << "zerg serve: "
               << Text::tr(
                      "SMS replies: give the SMS gateway this address for incoming "
                      "messages: %1")
                      .arg(smsReplies->config().webhookUrl())
               << '\n';
    }
    io.out.flush();
    // GET /health for a load balancer: 200 while this instance takes work.
    Backend* b = backend.get();
    server.setHealthProvider([b, &serverBackend] {
        const bool renewing = b->lease() && b->lease()->isRenewing();
        const QString status = serverBackend.isDraining() ? QStringLiteral("draining")
                               : renewing                 ? QStringLiteral("ok")
                                                          : QStringLiteral("database_unreachable");
        QJsonObject body{{QStringLiteral("status"), status},
                         {QStringLiteral("version"), QCoreApplication::applicationVersion()},
                         {QStringLiteral("runs"), b->runs()->runCount()},
                         {QStringLiteral("workers"), b->pool()->running()},
                         {QStringLiteral("queued_workers"), b->pool()->queued()}};
        if (b->lease()) {
            body.insert(QStringLiteral("instance"), b->lease()->info().name);
            body.insert(QStringLiteral("instance_id"), b->lease()->instanceId());
        }
        return api::ApiServer::Health{status == QLatin1String("ok") ? 200 : 503, body};
    });
    // SIGTERM: drain (docs/server.md). New requests are refused and /health says so, while the
    // runs in progress get up to ZERG_DRAIN_SECONDS to finish; then the runs that may safely go
    // on elsewhere are handed back, what is left is cancelled, and the process stops. A second
    // signal stops it at once (handing back the same way).
    const auto busy = [b] {
        return b->runs()->runCount() + b->pool()->running() + b->pool()->queued();
    };
    const auto finish = [&] {
        // What may safely go on elsewhere is left for another instance to take over; the rest
        // is cancelled as the process stops.
        if (const int handed = b->handBackRuns(); handed > 0) {
            // Not translated: scripts and tests read it.
            io.out << QStringLiteral("zerg serve: handed %1 runs back\n").arg(handed);
        }
        io.out << "zerg serve: " << Text::tr("stopping") << '\n';
        io.out.flush();
        server.close();
        QCoreApplication::quit();
    };
    QTimer drainPoll;
    QElapsedTimer draining;
    drainPoll.setInterval(200);
    QObject::connect(&drainPoll, &QTimer::timeout, [&] {
        if (busy() == 0 || draining.elapsed() >= qint64(settings.drainSeconds) * 1000) {
            drainPoll.stop();
            finish();
        }
    });
    onTerminationSignal([&] {
        if (serverBackend.isDraining() || busy() == 0 || settings.drainSeconds <= 0) {
            drainPoll.stop();
            finish();
            return;
        }
        serverBackend.setDraining(true);
        b->setDraining(true);  // the schedules claim no new occurrence
        draining.start();
        // Not translated: scripts and tests read it.
        io.out << QStringLiteral(
                      "zerg serve: draining: %1 runs and %2 workers in progress; stopping "
                      "within %3 s\n")
                      .arg(b->runs()->runCount())
                      .arg(b->pool()->running() + b->pool()->queued())
                      .arg(settings.drainSeconds);
        io.out.flush();
        drainPoll.start();
    });
    QCoreApplication::exec();
    return 0;
}

int devicesCommand(QStringList args) {
    Io io;
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        io.out << devicesHelp();
        return sub.isEmpty() ? 2 : 0;
    }
    const Settings settings = Settings::load();
    if (sub == QLatin1String("add")) {
        const Result<DevicesAddOptions> options = parseDevicesAddOptions(args, settings.ownerId);
        if (!options)
            return usageError(io, kDevicesUsage, options.error().message);
        const bool json = options->json;
        const qint64 owner = options->owner;
        const QString name = options->name;
        int code = 0;
        auto backend = openBackend(settings, &code);
        if (!backend)
            return code;
        qint64 deviceId = 0;
        const Result<QString> secret =
            backend->auth()->addDevice(owner, name, backend->clock()->utcNow(), &deviceId);
        if (!secret) {
            io.err << "zerg: " << secret.error().message << '\n';
            return 1;
        }
        if (json) {
            io.out << QJsonDocument(QJsonObject{{QStringLiteral("device_id"), deviceId},
                                                {QStringLiteral("owner_id"), owner},
                                                {QStringLiteral("name"), name.trimmed()},
                                                {QStringLiteral("device_secret"), secret.value()}})
                          .toJson(QJsonDocument::Compact)
                   << '\n';
            return 0;
        }
        io.out << Text::tr("Device %1 (%2) for owner %3. Its secret, shown only this once:")
                      .arg(QString::number(deviceId), name.trimmed(), QString::number(owner))
               << "\n\n  " << secret.value() << "\n\n"
               << Text::tr(
                      "Enter it in the client (Settings > Remote server, or `zerg connect "
                      "URL`), which exchanges it for a session token.")
               << '\n';
        return 0;
    }
    if (sub == QLatin1String("list")) {
        const Result<bool> parsed = parseJsonOnly(args, Text::tr("unexpected argument '%1'"));
        if (!parsed)
            return usageError(io, kDevicesUsage, parsed.error().message);
        const bool json = *parsed;
        int code = 0;
        auto backend = openBackend(settings, &code);
        if (!backend)
            return code;
        const auto devices = backend->auth()->listDevices(backend->clock()->utcNow());
        if (!devices) {
            io.err << "zerg: " << devices.error().message << '\n';
            return 1;
        }
        if (json) {
            QJsonArray rows;
            for (const ApiDevice& d : devices.value()) {
                rows.append(
                    QJsonObject{{QStringLiteral("device_id"), d.id},
                                {QStringLiteral("owner_id"), d.ownerId},
                                {QStringLiteral("name"), d.name},
                                {QStringLiteral("created_at"), timefmt::toIso(d.createdAt)},
                                {QStringLiteral("last_used_at"), timefmt::toIso(d.lastUsedAt)},
                                {QStringLiteral("revoked_at"), timefmt::toIso(d.revokedAt)},
                                {QStringLiteral("active_tokens"), d.activeTokens}});
            }
            io.out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
            return 0;
        }
        if (devices->isEmpty()) {
            io.out << Text::tr("No devices yet. Add one with: zerg devices add \"Alice's laptop\"")
                   << '\n';
            return 0;
        }
        io.out << QStringLiteral("%1  %2  %3  %4  %5\n")
                      .arg(Text::tr("ID"), 4)
                      .arg(Text::tr("OWNER"), 5)
                      .arg(Text::tr("LAST LOGIN"), -19)
                      .arg(Text::tr("TOKENS"), 6)
                      .arg(Text::tr("NAME"));
        for (const ApiDevice& d : devices.value()) {
            const QString last =
                d.lastUsedAt.isValid()
                    ? d.lastUsedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                    : Text::tr("never");
            io.out << QStringLiteral("%1  %2  %3  %4  %5%6\n")
                          .arg(d.id, 4)
                          .arg(d.ownerId, 5)
                          .arg(last, -19)
                          .arg(d.activeTokens, 6)
                          .arg(d.name, d.revokedAt.isValid() ? Text::tr(" (revoked)") : QString());
        }
        return 0;
    }
    if (sub == QLatin1String("revoke")) {
        const Result<qint64> parsed = parseDevicesRevokeOptions(args);
        if (!parsed)
            return usageError(io, kDevicesUsage, parsed.error().message);
        const qint64 id = *parsed;
        int code = 0;
        auto backend = openBackend(settings, &code);
        if (!backend)
            return code;
        if (Status s = backend->auth()->revokeDevice(id, backend->clock()->utcNow()); !s) {
            io.err << "zerg: " << s.error().message << '\n';
            return 1;
        }
        io.out << Text::tr("Device %1 is revoked; its session tokens no longer work.").arg(id)
               << '\n';
        return 0;
    }
    return usageError(io, kDevicesUsage,
                      Text::tr("devices needs 'add NAME', 'list' or 'revoke ID'"));
}

}  // namespace zerg::cli
