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
    // ProxyJump as the file gives it: aliases of the same file, first hop first; empty: connect
    // directly (no ProxyJump, or "ProxyJump none").
    QStringList proxyJump;
    // The whole way there, resolved by HostsConfig::parse: the jump hosts to go through, first
    // to last, each with the settings of its own block. Their own proxyJump and jumps are empty:
    // the hops before one in this list are its way. Empty: direct.
    QList<HostEntry> jumps;

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
//       ProxyJump bastion          # reach it through the jump host "bastion" (see below)
//
// Keywords are case-insensitive, written "Key value" or "Key=value"; values may be in double
// quotes; "#" starts a comment. Only concrete names on Host lines become allowed aliases:
// patterns (containing *, ? or a leading !) never allow anything by themselves, but their
// settings apply to the aliases they match, first value wins, as in OpenSSH (so `Host *` can set a
// default User). Settings before the first Host line apply to every alias. Match blocks, Include
// and every other keyword are ignored. The user's own ~/.ssh/config is not read.
//
// ProxyJump names jump hosts ("bastions") by their aliases in this same file, comma-separated,
// first hop first, or "none" (connect directly). Nothing leaves the box the file draws: a jump
// host is itself an allowed host, it connects with the settings of its own block (HostName, Port,
// User, IdentityFile, UserKnownHostsFile) and its host key is checked as any host's is. So
// user@host:port forms, ssh:// URIs and patterns are refused, as are aliases the file does not
// define, a host that would jump through itself (a `Host *` ProxyJump also matches the jump
// host: give it "ProxyJump none" in its own block above, or write `Host * !bastion`), loops, and
// ways longer than kMaxJumps hops; each is a "hosts_file_invalid" error naming the file, the line
// and what to write instead. As in OpenSSH, the way to a host is its first jump host's own way
// followed by its ProxyJump list (later jump hosts' own ProxyJump is not used); HostEntry::jumps
// holds that way resolved.
class HostsConfig {
    Q_DECLARE_TR_FUNCTIONS(HostsConfig)
public:
    // Most jump hosts on the way to one host (a chain "ProxyJump a,b,c" and the first one's own).
    static constexpr int kMaxJumps = 3;

    HostsConfig() = default;

    // Reads and parses the file. A missing file is an Error (code "hosts_file_missing") whose
    // message tells how to create one and about ZERG_HOSTS_FILE.
    [[nodiscard]] static Result<HostsConfig> loadFile(const QString& path);
    // Parses hosts file text; sourceName names the file in error messages. A bad Port, a keyword
    // without a value, an unclosed quote or a ProxyJump that does not lead through this file's
    // own aliases (see above) is an Error (code "hosts_file_invalid") naming the file and line.
    [[nodiscard]] static Result<HostsConfig> parse(const QString& text,
                                                   const QString& sourceName = {});

    // Copies the named aliases from an OpenSSH client config (normally ~/.ssh/config) into the
    // hosts file at hostsFilePath (created, readable by the user only, when missing), as blocks
    // with every value resolved as that config gives it (HostName, Port, User, IdentityFile,
    // UserKnownHostsFile, ProxyJump; patterns, `Host *` defaults and "~" applied), so the hosts
    // file alone decides afterwards. Only the aliases named, and all of them or none. Include and
    // Match in the source are not followed. A ProxyJump is kept only when every jump host in it is
    // an alias that is imported in the same call or already in the hosts file: a jump host is
    // never allowed behind the user's back (import it alongside, by name). Returns the aliases
    // written. Error codes: "import_source_missing", "import_unknown_alias" (lists what the source
    // defines), "import_already_allowed", "import_jump_not_allowed" (a jump host that is neither
    // imported nor allowed, or a user@host ProxyJump), "import_shadowed" (an earlier block of the
    // hosts file would override the imported values), "hosts_file_invalid",
    // "hosts_file_unwritable".
    [[nodiscard]] static Result<QStringList> importAliases(const QString& sshConfigPath,
                                                           const QStringList& aliases,
                                                           const QString& hostsFilePath);
    // A Host block for the entry in hosts file syntax (values quoted when needed), with its
    // ProxyJump when it has one (the jump hosts need blocks of their own in the same file).
    [[nodiscard]] static QString blockFor(const HostEntry& entry);

    // The entry for exactly this alias (case-sensitive), its jumps resolved; no patterns, no
    // user@host forms.
    [[nodiscard]] std::optional<HostEntry> find(const QString& alias) const;
    // Allowed aliases in the order they first appear in the file.
    [[nodiscard]] QStringList aliases() const;
    // The file this was loaded from (or the sourceName given to parse()).
    [[nodiscard]] QString sourcePath() const { return m_sourcePath; }

private:
    // Resolve: a hosts file (ProxyJump checked, ways resolved). Keep: an OpenSSH config being
    // imported from, whose ProxyJump may be anything OpenSSH takes: kept as written, unchecked.
    enum class Jumps { Resolve, Keep };
    [[nodiscard]] static Result<HostsConfig> parseWith(const QString& text,
                                                       const QString& sourceName, Jumps jumps);

    QList<HostEntry> m_entries;
    QString m_sourcePath;
};

}  // namespace zerg
