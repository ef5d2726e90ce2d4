#pragma once

#include "core/result.h"
#include "tools/hosts_config.h"
#include "tools/ssh_jump.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>

struct ssh_session_struct;

namespace zerg {

// A server's host key as people compare it: type and SHA-256 fingerprint.
struct ServerKey {
    QString type;    // e.g. "ssh-ed25519"
    QString sha256;  // "SHA256:..." as ssh-keygen -l prints it
};

// Host key facts and messages shared by ssh_exec and `zerg hosts trust`, so both say the same.
class HostKeys {
    Q_DECLARE_TR_FUNCTIONS(HostKeys)
public:
    // The key the server presented on a connected session (after key exchange).
    [[nodiscard]] static ServerKey serverKey(ssh_session_struct* session);
    // How known_hosts names the host: "host" on port 22, else "[host]:port".
    [[nodiscard]] static QString knownHostsName(const HostEntry& host);
    // The key type as ssh-keyscan -t and the sshd host key file names spell it ("ed25519").
    [[nodiscard]] static QString keyscanType(const QString& sshKeyType);
    // The known_hosts file libssh uses for the session (after options are set).
    [[nodiscard]] static QString knownHostsPath(ssh_session_struct* session,
                                                const QString& fallback);

    // True when the known_hosts file has an entry for the host (offline: no connection, so it
    // says nothing about whether the server's key still matches).
    [[nodiscard]] static bool isRecorded(const HostEntry& host, const QString& knownHostsFile);

    // The refusal for a key that is not in known_hosts: fingerprint and the commands that fix it
    // (for a host behind jump hosts, only `zerg hosts trust`: ssh-keyscan from here cannot reach
    // it).
    [[nodiscard]] static QString unknownMessage(const HostEntry& host, const ServerKey& key,
                                                const QString& knownHostsFile);
    // The security event for a key that differs from the recorded one.
    [[nodiscard]] static QString changedMessage(const HostEntry& host, const ServerKey& key,
                                                const QString& knownHostsFile);
};

// `zerg hosts trust`: connects to one allowlisted host without logging in, reports its key and
// how known_hosts sees it, and records the key when the user accepts it. A host with jump hosts
// (HostEntry::jumps) is reached through them (SshJump: each jump host's key must be known and it
// is logged in to, as ssh_exec would), so a host that only a bastion reaches can be checked and
// trusted too. Blocking (libssh's own timeout, and the jump's steps): for the command line and
// worker threads, never the GUI thread.
class HostTrust {
    Q_DECLARE_TR_FUNCTIONS(HostTrust)
public:
    enum class State { Known, Unknown, Changed };
    struct Check {
        State state = State::Unknown;
        ServerKey key;
        QString knownHostsFile;  // the file checked and, by record(), written
        QString message;         // for Changed: the security warning (HostKeys::changedMessage)
    };

    // knownHostsFile: the host's UserKnownHostsFile or the default; empty means libssh's default.
    HostTrust(HostEntry host, QString knownHostsFile, int connectTimeoutSecs = 10);
    ~HostTrust();
    HostTrust(const HostTrust&) = delete;
    HostTrust& operator=(const HostTrust&) = delete;

    // Connects and exchanges keys (no authentication). Errors: "connect_failed", "ssh_error",
    // "host_key_error" (unreadable known_hosts); through jump hosts also a jump host's
    // "host_key_unknown", "host_key_changed" or "auth_failed", its message naming it.
    [[nodiscard]] Result<Check> check();
    // Appends the key seen by check() to the known_hosts file (creating it and its folder).
    // Refused unless check() reported Unknown: a changed key is never overwritten.
    [[nodiscard]] Status record();

private:
    [[nodiscard]] std::optional<Error> openJump();

    HostEntry m_host;
    QString m_knownHostsFile;
    int m_connectTimeoutSecs;
    std::unique_ptr<SshJump> m_jump;  // the way through the jump hosts, when there are any
    SshSocket m_socket;               // the session's end of it
    ssh_session_struct* m_session = nullptr;
    std::optional<Check> m_check;
};

}  // namespace zerg
