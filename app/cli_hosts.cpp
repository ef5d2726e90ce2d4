#include "cli_hosts.h"

#include "cli.h"
#include "cli_options.h"

#include "core/settings.h"
#include "dashboard/hosts_source.h"
#include "tools/host_trust.h"
#include "tools/hosts_config.h"
#include "tools/hosts_file_editor.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <unistd.h>
#include <cstdio>

namespace zerg::cli {
namespace {

const char kHostsUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg hosts COMMAND\n"
    "\n"
    "The SSH hosts workers may reach (the allowlist: ZERG_HOSTS_FILE, OpenSSH config format).\n"
    "\n"
    "Commands:\n"
    "  list [--json]               Show the allowed aliases, where they point, and whether\n"
    "                              their host key is recorded in known_hosts.\n"
    "  trust ALIAS [--yes]         Connect to ALIAS (without logging in), show its host key\n"
    "                              fingerprint and, once you confirm, record the key in its\n"
    "                              known_hosts file. --yes records without asking (scripts:\n"
    "                              verify the fingerprint first). A changed key is refused.\n"
    "  add ALIAS --host HOST [--port PORT] [--user USER] [--key FILE]\n"
    "                              Allow a new host: append a Host block for ALIAS to the\n"
    "                              hosts file (port 22, your user name and no key file of its\n"
    "                              own unless given). The rest of the file stays as it is.\n"
    "  remove ALIAS                Remove ALIAS's Host block from the hosts file. Its host key\n"
    "                              stays in known_hosts. A block that names several aliases is\n"
    "                              left for you to edit.\n"
    "  import [--from FILE] ALIAS...\n"
    "                              Copy the named aliases from ~/.ssh/config (or FILE) into\n"
    "                              the hosts file, with their settings resolved.\n"
    "\n"
    "Examples:\n"
    "  zerg hosts import web1 db1\n"
    "  zerg hosts add web2 --host 192.0.2.20 --user deploy --key ~/.ssh/id_ed25519\n"
    "  zerg hosts trust web1\n"
    "  zerg hosts remove web2\n"
    "  zerg hosts list\n"
    "\n"
    "'zerg doctor' logs in to every host and says which ones need attention.\n");

int usageError(const HostsIo& io, const QString& message) {
    *io.err << "zerg hosts: " << message << '\n'
            << Text::tr("Run 'zerg hosts --help' for usage.") << '\n';
    io.err->flush();
    return 2;
}

// The allowlist, or exit code 3 with the reason printed.
std::optional<HostsConfig> loadHosts(const Settings& s, const HostsIo& io, int* code) {
    auto loaded = HostsConfig::loadFile(s.hostsFile);
    if (!loaded) {
        *io.err << "zerg hosts: " << loaded.error().message << '\n';
        io.err->flush();
        *code = 3;
        return std::nullopt;
    }
    return std::move(loaded).value();
}

int list(const QStringList& args, const HostsIo& io) {
    const Result<bool> parsed =
        parseJsonOnly(args, Text::tr("list takes no argument besides --json"));
    if (!parsed)
        return usageError(io, parsed.error().message);
    const bool json = *parsed;
    const Settings s = Settings::load();
    const HostsList hosts = HostChecks::list(s.hostsFile, s.knownHostsFile);
    if (hosts.loadError) {
        *io.err << "zerg hosts: " << hosts.loadError->message << '\n';
        io.err->flush();
        return 3;
    }

    QJsonArray rows;
    for (const HostInfo& h : hosts.hosts) {
        rows.append(QJsonObject{{QStringLiteral("alias"), h.alias},
                                {QStringLiteral("host"), h.hostName},
                                {QStringLiteral("port"), h.port},
                                {QStringLiteral("user"), h.user},
                                {QStringLiteral("known_hosts"), h.knownHostsFile},
                                {QStringLiteral("key_known"), h.keyState == HostKeyState::Known}});
    }
    if (json) {
        *io.out << QJsonDocument(rows).toJson(QJsonDocument::Compact) << '\n';
        io.out->flush();
        return 0;
    }
    *io.out << Text::tr("Hosts file: %1").arg(QDir::toNativeSeparators(hosts.hostsFile)) << '\n';
    if (hosts.hosts.isEmpty()) {
        *io.out << Text::tr(
                       "No hosts are allowed yet. Add Host blocks to the file, or import them "
                       "with `zerg hosts import ALIAS`.")
                << '\n';
    }
    const QString aliasHeader = Text::tr("ALIAS");
    const QString targetHeader = Text::tr("TARGET");
    int aliasWidth = int(aliasHeader.size());
    int targetWidth = int(targetHeader.size());
    for (const HostInfo& h : hosts.hosts) {
        aliasWidth = std::max(aliasWidth, int(h.alias.size()));
        targetWidth = std::max(targetWidth, int(h.target().size()));
    }
    if (!hosts.hosts.isEmpty()) {
        *io.out << aliasHeader.leftJustified(aliasWidth + 2)
                << targetHeader.leftJustified(targetWidth + 2) << Text::tr("HOST KEY") << '\n';
    }
    for (const HostInfo& h : hosts.hosts) {
        const QString key = h.keyState == HostKeyState::Known
                                ? Text::tr("known")
                                : Text::tr("not known (run: zerg hosts trust %1)").arg(h.alias);
        *io.out << h.alias.leftJustified(aliasWidth + 2)
                << h.target().leftJustified(targetWidth + 2) << key << '\n';
    }
    io.out->flush();
    return 0;
}

int trust(const QStringList& args, const HostsIo& io) {
    const Result<HostsTrustOptions> options = parseHostsTrustOptions(args);
    if (!options)
        return usageError(io, options.error().message);
    const bool yes = options->yes;
    const QString alias = options->alias;
    const Settings s = Settings::load();
    int code = 0;
    const auto hosts = loadHosts(s, io, &code);
    if (!hosts)
        return code;
    const auto entry = hosts->find(alias);
    if (!entry) {
        *io.err << "zerg hosts: "
                << Text::tr(
                       "\"%1\" is not in the hosts file %2 (allowed: %3). Add a Host block "
                       "for it there, or import it with `zerg hosts import %1`, then trust "
                       "it.")
                       .arg(alias, QDir::toNativeSeparators(hosts->sourcePath()),
                            hosts->aliases().isEmpty()
                                ? Text::tr("none")
                                : hosts->aliases().join(QStringLiteral(", ")))
                << '\n';
        io.err->flush();
        return 1;
    }

    const QString knownHosts = entry->knownHostsOr(s.knownHostsFile);
    const auto check = HostChecks::checkKey(*entry, knownHosts);
    if (!check) {
        *io.err << "zerg hosts: " << check.error().message << '\n';
        io.err->flush();
        return 1;
    }
    const QString target = QStringLiteral("%1:%2").arg(entry->hostName).arg(entry->port);
    switch (check->state) {
        case HostKeyState::Known:
            *io.out << Text::tr("%1 (%2) is already trusted: its %3 key %4 is recorded in %5.")
                           .arg(alias, target, check->keyType, check->fingerprint,
                                check->knownHostsFile)
                    << '\n';
            io.out->flush();
            return 0;
        case HostKeyState::Changed:
            *io.err << "zerg hosts: " << check->message << '\n';
            io.err->flush();
            return 1;
        case HostKeyState::Unknown:
            break;
    }

    *io.out << Text::tr(
                   "The server %1 (%2) presents this %3 host key:\n\n    %4\n\n"
                   "Compare it with what the server's administrator sees (on the "
                   "server: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub).")
                   .arg(alias, target, check->keyType, check->fingerprint,
                        HostKeys::keyscanType(check->keyType))
            << '\n';
    if (!yes) {
        if (!io.interactive) {
            io.out->flush();
            *io.err << "zerg hosts: "
                    << Text::tr(
                           "not asking without a terminal, so nothing was recorded. After "
                           "verifying the fingerprint, run again with --yes.")
                    << '\n';
            io.err->flush();
            return 1;
        }
        *io.out
            << Text::tr("Trust this key and record it in %1? [y/N] ").arg(check->knownHostsFile);
        io.out->flush();
        const QString answer = io.readLine ? io.readLine().trimmed().toLower() : QString();
        // English y/yes always work; a translation may add its own word for yes.
        const QString localYes = Text::tr("yes", "answer to [y/N]").toLower();
        if (answer != QLatin1String("y") && answer != QLatin1String("yes") && answer != localYes) {
            *io.out << Text::tr("Not trusted; nothing was recorded.") << '\n';
            io.out->flush();
            return 1;
        }
    }
    // Records the key only if the host still offers the one shown above.
    const auto recorded = HostChecks::trust(*entry, knownHosts, check->fingerprint);
    if (!recorded) {
        *io.err << "zerg hosts: " << recorded.error().message << '\n';
        io.err->flush();
        return 1;
    }
    *io.out << Text::tr("Recorded the %1 key of %2 in %3. ssh_exec can now reach %2.")
                   .arg(recorded->keyType, alias, recorded->knownHostsFile)
            << '\n';
    io.out->flush();
    return 0;
}

int import(const QStringList& args, const HostsIo& io) {
    const Result<HostsImportOptions> options =
        parseHostsImportOptions(args, QDir::homePath() + QStringLiteral("/.ssh/config"));
    if (!options)
        return usageError(io, options.error().message);
    const QString from = options->from;
    const QStringList aliases = options->aliases;
    const Settings s = Settings::load();
    if (s.hostsFile.isEmpty()) {
        *io.err << "zerg hosts: " << Text::tr("no hosts file is configured. Set ZERG_HOSTS_FILE.")
                << '\n';
        io.err->flush();
        return 3;
    }
    const auto imported = HostsConfig::importAliases(from, aliases, s.hostsFile);
    if (!imported) {
        *io.err << "zerg hosts: " << imported.error().message << '\n';
        io.err->flush();
        return 1;
    }
    *io.out << Text::tr("Imported %1 from %2 into %3.")
                   .arg(imported->join(QStringLiteral(", ")), QDir::toNativeSeparators(from),
                        QDir::toNativeSeparators(s.hostsFile))
            << '\n';
    // Which of them still need their key trusted.
    const HostsList hosts = HostChecks::list(s.hostsFile, s.knownHostsFile);
    for (const QString& alias : *imported) {
        for (const HostInfo& h : hosts.hosts) {
            if (h.alias != alias || h.keyState == HostKeyState::Known)
                continue;
            *io.out << Text::tr(
                           "The host key of %1 is not known yet: run `zerg hosts trust "
                           "%1` before using it.")
                           .arg(alias)
                    << '\n';
        }
    }
    io.out->flush();
    return 0;
}

// The configured hosts file, or exit code 3 with the reason printed.
std::optional<QString> configuredHostsFile(const Settings& s, const HostsIo& io, int* code) {
    if (!s.hostsFile.isEmpty())
        return s.hostsFile;
    *io.err << "zerg hosts: " << Text::tr("no hosts file is configured. Set ZERG_HOSTS_FILE.")
            << '\n';
    io.err->flush();
    *code = 3;
    return std::nullopt;
}

int failed(const HostsIo& io, const Error& error) {
    *io.err << "zerg hosts: " << error.message << '\n';
    io.err->flush();
    return 1;
}

// A key file as given on the command line, for the hosts file: relative paths are taken from the
// current folder (the file is read from wherever Zerg runs); "~/…" stays as written.
QString keyPath(const QString& given) {
    if (given.startsWith(QLatin1String("~/")))
        return given;
    return QFileInfo(given).absoluteFilePath();
}

int addHost(const QStringList& args, const HostsIo& io) {
    const QString needsAlias =
        Text::tr("add needs one alias, e.g. zerg hosts add web1 --host 192.0.2.10");
    CommandSpec spec;
    spec.options = {
        {QStringLiteral("host"), QStringLiteral("HOST"),
         Text::tr("--host needs the server's DNS name or IP address")},
        {QStringLiteral("port"), QStringLiteral("PORT"), Text::tr("--port needs a number")},
        {QStringLiteral("user"), QStringLiteral("USER"), Text::tr("--user needs a name")},
        {QStringLiteral("key"), QStringLiteral("FILE"), Text::tr("--key needs a file")}};
    spec.minArgs = 1;
    spec.maxArgs = 1;
    spec.missingArgument = needsAlias;
    spec.strayArgument = needsAlias;
    const Result<ParsedArgs> p = parseOptions(args, spec);
    if (!p)
        return usageError(io, p.error().message);
    if (!p->isSet(QStringLiteral("host"))) {
        return usageError(io, Text::tr("add needs --host, the server's DNS name or IP address, "
                                       "e.g. zerg hosts add %1 --host 192.0.2.10")
                                  .arg(p->positional.first()));
    }
    HostEntry entry;
    entry.alias = p->positional.first();
    entry.hostName = p->value(QStringLiteral("host"));
    if (p->isSet(QStringLiteral("port"))) {
        bool ok = false;
        entry.port = p->value(QStringLiteral("port")).toInt(&ok);
        if (!ok) {
            return usageError(io, Text::tr("--port must be a number from 1 to 65535, not %1")
                                      .arg(p->value(QStringLiteral("port"))));
        }
    }
    entry.user = p->value(QStringLiteral("user"));  // empty: yours, written out
    if (p->isSet(QStringLiteral("key")))
        entry.identityFiles << keyPath(p->value(QStringLiteral("key")));

    const Settings s = Settings::load();
    int code = 0;
    const std::optional<QString> hostsFile = configuredHostsFile(s, io, &code);
    if (!hostsFile)
        return code;
    if (const Status added = HostsFileEditor::addHost(*hostsFile, entry); !added)
        return failed(io, added.error());

    // What the file gives the host now, as workers will see it.
    const Result<HostEntry> written = HostChecks::find(*hostsFile, entry.alias);
    if (!written)
        return failed(io, written.error());
    *io.out << Text::tr("Added %1 (%2) to %3.")
                   .arg(entry.alias, written->target(), QDir::toNativeSeparators(*hostsFile))
            << '\n';
    for (const QString& key : written->identityFiles) {
        if (!QFileInfo::exists(key)) {
            *io.out << Text::tr(
                           "Note: the key file %1 does not exist (yet); logging in to %2 "
                           "needs it, or a key of ssh-agent.")
                           .arg(key, entry.alias)
                    << '\n';
        }
    }
    if (!HostKeys::isRecorded(*written, written->knownHostsOr(s.knownHostsFile))) {
        *io.out << Text::tr(
                       "The host key of %1 is not known yet: run `zerg hosts trust %1` before "
                       "using it.")
                       .arg(entry.alias)
                << '\n';
    }
    io.out->flush();
    return 0;
}

int removeHost(const QStringList& args, const HostsIo& io) {
    const QString needsAlias =
        Text::tr("remove needs exactly one alias, e.g. zerg hosts remove web1");
    CommandSpec spec;
    spec.minArgs = 1;
    spec.maxArgs = 1;
    spec.missingArgument = needsAlias;
    spec.strayArgument = needsAlias;
    const Result<ParsedArgs> p = parseOptions(args, spec);
    if (!p)
        return usageError(io, p.error().message);
    const QString alias = p->positional.first();
    const Settings s = Settings::load();
    int code = 0;
    const std::optional<QString> hostsFile = configuredHostsFile(s, io, &code);
    if (!hostsFile)
        return code;
    // Its key is left in known_hosts (another alias may name the same server): say how to remove
    // it, which needs the settings from before.
    const Result<HostEntry> before = HostChecks::find(*hostsFile, alias);
    if (const Status removed = HostsFileEditor::removeHost(*hostsFile, alias); !removed)
        return failed(io, removed.error());
    *io.out << Text::tr("Removed %1 from %2: workers can no longer reach it.")
                   .arg(alias, QDir::toNativeSeparators(*hostsFile))
            << '\n';
    if (before) {
        const QString knownHosts = before->knownHostsOr(s.knownHostsFile);
        if (HostKeys::isRecorded(*before, knownHosts)) {
            *io.out << Text::tr(
                           "Its host key stays recorded in %1. If no other host uses %2, remove "
                           "it with: ssh-keygen -R \"%2\" -f %1")
                           .arg(knownHosts, HostKeys::knownHostsName(*before))
                    << '\n';
        }
    }
    io.out->flush();
    return 0;
}

}  // namespace

QString hostsHelp() {
    return Text::tr(kHostsUsage);
}

int hostsCommand(QStringList args, const HostsIo& io) {
    if (args.isEmpty())
        return usageError(io, Text::tr("missing command (list, trust, add, remove or import)"));
    const QString command = args.takeFirst();
    if (command == QLatin1String("-h") || command == QLatin1String("--help") ||
        command == QLatin1String("help")) {
        *io.out << hostsHelp();
        io.out->flush();
        return 0;
    }
    if (command == QLatin1String("list"))
        return list(args, io);
    if (command == QLatin1String("trust"))
        return trust(args, io);
    if (command == QLatin1String("add"))
        return addHost(args, io);
    if (command == QLatin1String("remove"))
        return removeHost(args, io);
    if (command == QLatin1String("import"))
        return import(args, io);
    return usageError(
        io, Text::tr("unknown command %1 (list, trust, add, remove or import)").arg(command));
}

int hostsCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QTextStream in(stdin);
    HostsIo io;
    io.out = &out;
    io.err = &err;
    io.readLine = [&in] { return in.readLine(); };
    io.interactive = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO);
    return hostsCommand(std::move(args), io);
}

}  // namespace zerg::cli
