#pragma once

#include "core/result.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg::cli {

// Every subcommand reads its words with QCommandLineParser through parseOptions(): options may
// come in any order, before or after the other arguments, "--limit 5" and "--limit=5" are the
// same, "--" ends the options (a search pattern may then start with '-'), and a single dash reads
// as two ("-json" is "--json"; "-x" is an unknown option -x). Errors have the code "usage" and a
// message that names the problem, in the words the subcommand's usage error prints. `--help` and
// `-h` are not options here: cli.cpp answers them before a subcommand runs.

// One option of a subcommand.
struct OptionSpec {
    QString name;        // without the dashes: "limit"
    QString valueName;   // empty for a flag (--json); else the option takes a value ("N")
    QString needsValue;  // the error when the value is missing (default "--NAME needs a value")
};

// The options and arguments a subcommand accepts, and its usage errors.
struct CommandSpec {
    QList<OptionSpec> options;
    qsizetype minArgs = 0;    // positional arguments (the words that are not options)
    qsizetype maxArgs = 0;    // -1: any number
    QString missingArgument;  // fewer than minArgs
    QString strayArgument;    // one more than maxArgs, %1 (default "unexpected argument %1")
    QString unknownOption;    // %1 is the option as typed (default "unknown option %1")
};

// The words of a subcommand, read.
struct ParsedArgs {
    QHash<QString, QString> options;  // name → value (the last one given; "" for a flag)
    QStringList positional;

    bool isSet(const QString& name) const { return options.contains(name); }
    QString value(const QString& name) const { return options.value(name); }
};

// Reads args (the words after the subcommand) as spec says.
[[nodiscard]] Result<ParsedArgs> parseOptions(const QStringList& args, const CommandSpec& spec);

// The parse step of each subcommand: pure functions, so tests need not run the command.

// `workers list`, `runs list`: --json and --limit N (a positive number).
struct ListOptions {
    bool json = false;
    int limit = 20;
};
[[nodiscard]] Result<ListOptions> parseListOptions(const QStringList& args, int defaultLimit);

// `ask [--json] TASK`: the words of TASK joined with spaces.
struct AskOptions {
    bool json = false;
    QString task;
    // --approve=allow|deny: the answer to every approval request without asking; unset: ask on
    // a terminal, deny without one (app/cli_approvals.h).
    std::optional<bool> approve;
    // --audio FILE.wav: the task is what is said in it (TASK then stays empty); --engine names
    // the recognizer (pocketsphinx|server; unset: the one in Settings).
    QString audio;
    QString engine;
};
[[nodiscard]] Result<AskOptions> parseAskOptions(const QStringList& args);

// `workers show ID [--json]`.
struct WorkerShowOptions {
    bool json = false;
    QString id;  // a worker id or a job id
};
[[nodiscard]] Result<WorkerShowOptions> parseWorkerShowOptions(const QStringList& args);

// `workers grep [--regex] [--case-sensitive] [--limit N] [--json] [--] PATTERN`.
struct WorkerGrepOptions {
    bool json = false;
    bool regex = false;
    bool caseSensitive = false;
    int limit = 100;  // 1 to 10000
    QString pattern;
};
[[nodiscard]] Result<WorkerGrepOptions> parseWorkerGrepOptions(const QStringList& args);

// A subcommand whose only option is --json and that takes no argument: `workers reindex`,
// `devices list`, `hosts list`. strayArgument as CommandSpec's (also for an unknown option).
[[nodiscard]] Result<bool> parseJsonOnly(const QStringList& args, const QString& strayArgument);

// `key set|clear|status`: the words after the subcommand, of which there must be none.
[[nodiscard]] Status parseNoArguments(const QStringList& args);

// `runs show ID [--json]`: ID is a positive number.
struct RunShowOptions {
    bool json = false;
    qint64 runId = 0;
};
[[nodiscard]] Result<RunShowOptions> parseRunShowOptions(const QStringList& args);

// `hosts trust ALIAS [--yes]`.
struct HostsTrustOptions {
    bool yes = false;
    QString alias;
};
[[nodiscard]] Result<HostsTrustOptions> parseHostsTrustOptions(const QStringList& args);

// `hosts import [--from FILE] ALIAS...`; from is defaultFrom unless --from is given.
struct HostsImportOptions {
    QString from;
    QStringList aliases;
};
[[nodiscard]] Result<HostsImportOptions> parseHostsImportOptions(const QStringList& args,
                                                                 const QString& defaultFrom);

// `connect URL | --local`; neither: show the current choice.
struct ConnectOptions {
    bool local = false;
    QString url;
};
[[nodiscard]] Result<ConnectOptions> parseConnectOptions(const QStringList& args);

// `serve [--listen HOST:PORT] [--tls-cert FILE] [--tls-key FILE] [--insecure]`; each value is
// the one in defaults unless its option is given (the values are checked by serveCommand).
struct ServeOptions {
    QString listen;
    QString tlsCert;
    QString tlsKey;
    bool insecure = false;
    QString instanceName;  // --instance-name: how `zerg instances list` shows this process
};
[[nodiscard]] Result<ServeOptions> parseServeOptions(const QStringList& args,
                                                     const ServeOptions& defaults);

// `instances list [--all] [--json]`.
struct InstancesListOptions {
    bool all = false;
    bool json = false;
};
[[nodiscard]] Result<InstancesListOptions> parseInstancesListOptions(const QStringList& args);

// `devices add NAME [--owner N] [--json]`; owner is defaultOwner unless --owner is given.
struct DevicesAddOptions {
    bool json = false;
    qint64 owner = 0;
    QString name;
};
[[nodiscard]] Result<DevicesAddOptions> parseDevicesAddOptions(const QStringList& args,
                                                               qint64 defaultOwner);

// `devices revoke ID`: ID is a positive number. (--json is accepted and changes nothing.)
[[nodiscard]] Result<qint64> parseDevicesRevokeOptions(const QStringList& args);

}  // namespace zerg::cli
