#pragma once

#include <QStringList>

#include <functional>

class QTextStream;

namespace zerg::cli {

// Where `zerg hosts` talks to the user; tests give their own streams and answers.
struct HostsIo {
    QTextStream* out = nullptr;
    QTextStream* err = nullptr;
    std::function<QString()> readLine;  // one answer line from the user
    bool interactive = false;           // a person at a terminal can answer questions
};

// `zerg hosts SUBCOMMAND ...`; args are the words after "hosts":
//   list [--json]                      the allowlisted aliases: target and whether the key is known
//   trust ALIAS [--yes]                show the server's key fingerprint, record it on confirmation
//   add ALIAS --host H [--port P] [--user U] [--key FILE]
//                                      append a Host block (HostsFileEditor)
//   remove ALIAS                       remove its block; its known_hosts entry stays
//   import [--from FILE] ALIAS...      copy the named aliases from ~/.ssh/config (or FILE)
// Uses the configured hosts file (ZERG_HOSTS_FILE) and default known_hosts (ZERG_KNOWN_HOSTS).
// Exit codes as the rest of the CLI: 0 success, 1 failure, 2 usage error, 3 configuration problem.
int hostsCommand(QStringList args);
int hostsCommand(QStringList args, const HostsIo& io);
// The translated `zerg hosts --help` text.
QString hostsHelp();

}  // namespace zerg::cli
