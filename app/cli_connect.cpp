#include "cli_connect.h"

#include "cli.h"
#include "cli_options.h"

#include "remote_mode.h"

#include "api/remote_client.h"
#include "core/clock.h"
#include "core/secret_store.h"
#include "core/settings.h"

#include <QEventLoop>
#include <QLocale>
#include <QTextStream>

#include <cstdio>
#include <optional>

namespace zerg::cli {
namespace {

const char kUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg connect URL | --local | (nothing: show the current choice)\n"
    "\n"
    "Makes the desktop app a client of a `zerg serve` instead of running Jarvis on this\n"
    "computer. Reads the device secret that `zerg devices add NAME` printed on the server from\n"
    "standard input, exchanges it for a 7-day session token, and keeps the token in the system\n"
    "keychain (or a file only you can read) and the URL in the settings (remote/url).\n"
    "\n"
    "Options:\n"
    "  --local      Go back to this computer's Jarvis (forgets the URL and the token).\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg connect ws://10.0.0.2:8765     # then paste the device secret\n"
    "  echo \"$SECRET\" | zerg connect wss://zerg.example.com:8765\n"
    "  zerg connect --local                # back to this computer's Jarvis\n"
    "\n"
    "ZERG_REMOTE_URL and ZERG_REMOTE_TOKEN, when set, win over what is stored.\n");

struct Io {
    QTextStream out{stdout};
    QTextStream err{stderr};
};

}  // namespace

QString connectHelp() {
    return Text::tr(kUsage);
}

namespace {

int usageError(Io& io, const QString& message) {
    io.err << "zerg: " << message << "\n\n" << connectHelp();
    return 2;
}

void warnAboutEnvironment(Io& io) {
    if (qEnvironmentVariableIsSet("ZERG_REMOTE_URL")) {
        io.err << "zerg: "
               << Text::tr(
                      "note: ZERG_REMOTE_URL is set (%1) and wins over the stored URL while "
                      "it is.")
                      .arg(qEnvironmentVariable("ZERG_REMOTE_URL"))
               << '\n';
    }
    if (qEnvironmentVariableIsSet("ZERG_REMOTE_TOKEN"))
        io.err << "zerg: "
               << Text::tr("note: ZERG_REMOTE_TOKEN is set and wins over the stored token.")
               << '\n';
}

int status(Io& io) {
    const Settings settings = Settings::load();
    if (settings.remoteUrl.trimmed().isEmpty()) {
        io.out << Text::tr(
                      "The desktop app runs Jarvis on this computer. Use a server with: zerg "
                      "connect URL")
               << '\n';
        return 0;
    }
    const Result<QString> token = gui::RemoteMode::storedToken(settings);
    const bool haveToken = token && !token->isEmpty();
    io.out << (haveToken ? Text::tr("The desktop app uses the server at %1 (a session token is "
                                    "stored). Back to this computer's Jarvis: zerg connect --local")
                         : Text::tr("The desktop app uses the server at %1 (no session token: run "
                                    "`zerg connect URL` again). Back to this computer's Jarvis: "
                                    "zerg connect --local"))
                  .arg(settings.remoteUrl)
           << '\n';
    return 0;
}

int local(Io& io) {
    const Settings settings = Settings::load();
    SecretStore secrets(settings.configDir, SecretStore::backendFromEnvironment());
    if (Status s = secrets.remove(gui::RemoteMode::tokenSecretName()); !s) {
        io.err << "zerg: "
               << Text::tr("could not remove the session token: %1").arg(s.error().message) << '\n';
        return 1;
    }
    if (Status s = Settings::saveValue(QStringLiteral("remote/url"), QString()); !s) {
        io.err << "zerg: " << Text::tr("could not clear the server URL: %1").arg(s.error().message)
               << '\n';
        return 1;
    }
    io.out << Text::tr(
                  "The desktop app runs Jarvis on this computer again (the server URL and its "
                  "session token are removed).")
           << '\n';
    warnAboutEnvironment(io);
    return 0;
}

int connectTo(Io& io, const QString& urlText) {
    const Result<QUrl> url = api::RemoteClient::parseUrl(urlText);
    if (!url)
        return usageError(io, url.error().message);
    const QString secret = readSecretLine(Text::tr("Device secret"));
    if (secret.isEmpty()) {
        io.err << "zerg: "
               << Text::tr(
                      "no device secret given on standard input; nothing changed. Get one "
                      "with `zerg devices add NAME` on the server.")
               << '\n';
        return 2;
    }

    SystemClock clock;
    QEventLoop loop;
    std::optional<Result<api::LoginResult>> login;
    api::RemoteClient::login(*url, secret, &clock, &loop, [&](Result<api::LoginResult> r) {
        login = std::move(r);
        loop.quit();
    });
    if (!login)
        loop.exec();
    if (!login->ok()) {
        io.err << "zerg: " << login->error().message << ' ' << Text::tr("Nothing changed.") << '\n';
        return 1;
    }

    const Settings settings = Settings::load();
    SecretStore secrets(settings.configDir, SecretStore::backendFromEnvironment());
    if (Status s = secrets.write(gui::RemoteMode::tokenSecretName(), (*login)->token); !s) {
        io.err << "zerg: "
               << Text::tr("logged in, but could not store the session token: %1")
                      .arg(s.error().message)
               << '\n';
        return 1;
    }
    if (Status s = Settings::saveValue(QStringLiteral("remote/url"), url->toString()); !s) {
        io.err
            << "zerg: "
            << Text::tr("logged in, but could not save the server URL: %1").arg(s.error().message)
            << '\n';
        return 1;
    }
    io.out << Text::tr(
                  "Connected to %1 as device %2 (owner %3). The session token is valid until "
                  "%4 and is stored in %5.")
                  .arg(url->toString(), QString::number((*login)->deviceId),
                       QString::number((*login)->ownerId),
                       QLocale().toString((*login)->expiresAt.toLocalTime(), QLocale::LongFormat),
                       secrets.location())
           << '\n'
           << Text::tr(
                  "The desktop app now uses this server. Back to this computer's Jarvis: zerg "
                  "connect --local")
           << '\n';
    warnAboutEnvironment(io);
    return 0;
}

}  // namespace

int connectCommand(QStringList args) {
    Io io;
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        io.out << connectHelp();
        return 0;
    }
    const Result<ConnectOptions> options = parseConnectOptions(args);
    if (!options)
        return usageError(io, options.error().message);
    if (options->local)
        return local(io);
    if (options->url.isEmpty())
        return status(io);
    return connectTo(io, options->url);
}

}  // namespace zerg::cli
