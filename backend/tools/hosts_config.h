#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg {

// One server that workers may reach with ssh_exec, as resolved from the hosts file.
struct HostEntry {
    QString alias;              // the name the model uses (a concrete name from a Host line)
    QString hostName;           // HostName, default: the alias
    int port = 22;              // Port
    QString user;               // User, default: the current user
    QStringList identityFiles;  // IdentityFile lines in order, "~" expanded
    QString knownHostsFile;     // first UserKnownHostsFile, "~" expanded; empty: the default

    // The known_hosts file that applies: the host's own, else the default given.
    [[nodiscard]] QString knownHostsOr(const QString& defaultFile) const {
        return knownHostsFile.isEmpty() ? defaultFile : knownHostsFile;
    }
    // "user@host:port", as the hosts list shows it.
    [[nodiscard]] QString target() const {
        return QStringLiteral("%1@%2:%3").arg(user, hostName).arg(port);
    }
};

// The allowlist of SSH hosts: a file in a subset of the OpenSSH client config format.
//
//   Host web1 web1.example.com     # several names per block
//       HostName 192.0.2.10        # default: the alias itself ("%h" stands for it)
//       Port 2222                  # default 22
//       User deploy                # default: the current user
//       IdentityFile ~/.ssh/id_ed25519   # repeatable
//       UserKnownHostsFile ~/.ssh/known_hosts
//
// Keywords are case-insensitive, written "Key value" or "Key=value"; values may be in double
// quotes; "#" starts a comment. Only concrete names on Host lines become allowed aliases:
// patterns (containing *, ? or a leading !) never allow anything by themselves, but their
// settings apply to the aliases they match, first value wins, as in OpenSSH (so `Host *` can set a
// default User). Settings before the first Host line apply to every alias. Match blocks, Include
// and every other keyword are ignored. The user's own ~/.ssh/config is not read.
class HostsConfig {
    Q_DECLARE_TR_FUNCTIONS(HostsConfig)
public:
    HostsConfig() = default;

    // Reads and parses the file. A missing file is an Error (code "hosts_file_missing") whose
    // message tells how to create one and about ZERG_HOSTS_FILE.
    [[nodiscard]] static Result<HostsConfig> loadFile(const QString& path);
    // Parses hosts file text; sourceName names the file in error messages. A bad Port, a keyword
    // without a value or an unclosed quote is an Error (code "hosts_file_invalid") naming the
    // file and line.
    [[nodiscard]] static Result<HostsConfig> parse(const QString& text,
                                                   const QString& sourceName = {});

    // Copies the named aliases from an OpenSSH client config (normally ~/.ssh/config) into the
    // hosts file at hostsFilePath (created, readable by the user only, when missing), as blocks
    // with every value resolved as that config gives it (HostName, Port, User, IdentityFile,
    // UserKnownHostsFile; patterns, `Host *` defaults and "~" applied), so the hosts file alone
    // decides afterwards. Only the aliases named, and all of them or none. Include and Match in
    // the source are not followed. Returns the aliases written. Error codes:
    // "import_source_missing", "import_unknown_alias" (lists what the source defines),
    // "import_already_allowed", "import_shadowed" (an earlier block of the hosts file would
    // override the imported values), "hosts_file_invalid", "hosts_file_unwritable".
    [[nodiscard]] static Result<QStringList> importAliases(const QString& sshConfigPath,
                                                           const QStringList& aliases,
                                                           const QString& hostsFilePath);
    // A Host block for the entry in hosts file syntax (values quoted when needed).
    [[nodiscard]] static QString blockFor(const HostEntry& entry);

    // The entry for exactly this alias (case-sensitive); no patterns, no user@host forms.
    [[nodiscard]] std::optional<HostEntry> find(const QString& alias) const;
    // Allowed aliases in the order they first appear in the file.
    [[nodiscard]] QStringList aliases() const;
    // The file this was loaded from (or the sourceName given to parse()).
    [[nodiscard]] QString sourcePath() const { return m_sourcePath; }

private:
    QList<HostEntry> m_entries;
    QString m_sourcePath;
};

}  // namespace zerg
