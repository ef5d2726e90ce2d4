#pragma once

#include "core/result.h"
#include "tools/hosts_config.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <thread>

struct ssh_session_struct;

namespace zerg {

// Where one SSH connection goes and how it logs in; copied so threads share nothing.
struct SshTarget {
    HostEntry host;               // host.jumps: the jump hosts on the way (see SshJump)
    QString knownHostsFile;       // resolved: the host's own or the default; empty: libssh's
    QString sshDir;               // SSH_OPTIONS_SSH_DIR; empty: libssh's (~/.ssh via passwd)
    int connectTimeoutSecs = 10;  // connect + key exchange, then again login, then a channel;
                                  // the same again for each jump host and its forwarding
    QString hostsFile;            // named in messages that ask the user to change settings
    // known_hosts for jump hosts without a UserKnownHostsFile of their own. Empty: knownHostsFile
    // when the host has no UserKnownHostsFile either (it is the default then), else libssh's
    // default (SSH_OPTIONS_SSH_DIR's known_hosts).
    QString defaultKnownHostsFile;
};

// Why a connection could not be set up, in ssh_exec's terms.
struct SshFailure {
    // connect_failed, host_key_unknown, host_key_changed, host_key_error, auth_failed, ssh_error,
    // cancelled (stopped before it was done)
    QString code;
    QString message;      // what failed, where, and what to do
    QString fingerprint;  // the host's key, for host_key_unknown / _changed of the host itself
    QString jumpHost;     // the alias of the jump host whose step failed; empty: the host itself

    [[nodiscard]] Error error() const { return Error{code, message}; }
};

// One end of a socketpair handed to a libssh session with SSH_OPTIONS_FD, to be closed once the
// session is freed. libssh closes such a socket itself on some error paths but not in
// ssh_disconnect(), so close() closes the descriptor only while it still is this socket (same
// device and inode): never twice, never a number that another thread has been given since.
class SshSocket {
public:
    SshSocket() = default;
    explicit SshSocket(int fd);
    ~SshSocket() { close(); }
    SshSocket(SshSocket&& other) noexcept;
    SshSocket& operator=(SshSocket&& other) noexcept;
    SshSocket(const SshSocket&) = delete;
    SshSocket& operator=(const SshSocket&) = delete;

    [[nodiscard]] int fd() const { return m_fd; }  // -1: none
    // After the session that used it is freed.
    void close();

private:
    int m_fd = -1;
    quint64 m_device = 0;
    quint64 m_inode = 0;
};

// Sets up one non-blocking libssh session to one host the way ssh_exec does: options from the
// hosts file only (never ~/.ssh/config), connect, the host key checked against known_hosts before
// any credential is sent (unknown and changed keys refused), then public keys: each IdentityFile,
// then ssh-agent and the default keys. SshSessionWorker runs it for its host and SshJump for each
// jump host, so a jump host is checked and logged in to exactly as any host, with the same
// messages. Runs on the thread that owns the session.
class SshLogin {
    Q_DECLARE_TR_FUNCTIONS(SshLogin)
public:
    // How the owner waits: wait(ms) returns when the session's socket (or anything else the owner
    // serves meanwhile) is ready, at the latest after ms; stopped() true makes the login give up
    // (its failure is then stopped()).
    struct Waiting {
        std::function<void(int ms)> wait;
        std::function<bool()> stopped;
    };

    SshLogin(const SshTarget& target, Waiting waiting);

    // Configures the session (socket: a connected socket for SSH_OPTIONS_FD, or -1 to connect to
    // HostName:Port), makes it non-blocking and logs in; each step within connectTimeoutSecs.
    [[nodiscard]] std::optional<SshFailure> logIn(ssh_session_struct* session, int socket);

    // Sets the session's options from the target alone; socket as for logIn(). Leaves the
    // session's blocking mode alone (blocking users rely on SSH_OPTIONS_TIMEOUT).
    [[nodiscard]] static std::optional<SshFailure> configure(ssh_session_struct* session,
                                                             const SshTarget& target, int socket);

    // Messages shared with the session worker's own steps. where(): "host:port", and the jump
    // hosts when there are any.
    [[nodiscard]] static QString where(const SshTarget& target);
    // "the hosts file FILE", or "the hosts file" when the target does not name it.
    [[nodiscard]] static QString inHostsFile(const SshTarget& target);
    [[nodiscard]] static SshFailure noSession();
    [[nodiscard]] static SshFailure stopped(const SshTarget& target);
    [[nodiscard]] static SshFailure stalled(const SshTarget& target, const QString& stage);
    [[nodiscard]] static SshFailure lost(const SshTarget& target, const QString& stage,
                                         const QString& error);

private:
    [[nodiscard]] std::optional<SshFailure> connect(ssh_session_struct* session);
    [[nodiscard]] std::optional<SshFailure> verifyHostKey(ssh_session_struct* session);
    [[nodiscard]] std::optional<SshFailure> authenticate(ssh_session_struct* session);
    int driveAuth(const std::function<int()>& step, std::optional<SshFailure>* stopped);
    [[nodiscard]] qint64 deadline() const;

    const SshTarget& m_target;
    Waiting m_waiting;
    QElapsedTimer m_clock;  // each step's deadline, on this thread
};

// The way to a host through its jump hosts (SshTarget::host.jumps), for the one that connects to
// the host itself. A thread of its own logs in to the first jump host (SshLogin: its own block's
// settings, its key checked against its known_hosts, its keys), opens a direct-tcpip channel from
// it to the next jump host or the host (ssh_channel_open_forward), logs in to the next one over
// that channel, and so on; then it copies bytes both ways between the last channel and one end
// of a socketpair, whose other end (takeSocket()) the caller gives its own session with
// SSH_OPTIONS_FD. That session then runs on the caller's thread as if connected directly,
// blocking (HostTrust) or not (SshSessionWorker), and every jump host session stays on the jump's
// thread: one thread per libssh session, and the caller's poll loop stays as it is. Not libssh's
// ProxyCommand: no OpenSSH client and none of its configuration are involved.
//
// The jump ends when the caller closes its end, when a jump host or the forwarded connection
// goes away (the caller's session reads end-of-file; lostReason() says why), or when it is
// destroyed, which stops the thread and closes every session, channel and descriptor it holds.
class SshJump {
    Q_DECLARE_TR_FUNCTIONS(SshJump)
public:
    explicit SshJump(SshTarget target);
    // Stops and joins the thread (bounded by a poll slice, or by a DNS lookup in progress).
    ~SshJump();
    SshJump(const SshJump&) = delete;
    SshJump& operator=(const SshJump&) = delete;

    // Starts the thread: it begins with the first jump host at once.
    void start();
    // Readable once the way is open or has failed (poll it with your own descriptors).
    [[nodiscard]] int readyFd() const { return m_ready[0]; }
    [[nodiscard]] bool settled() const;
    // Blocks until settled, at most ms; false if still not settled.
    [[nodiscard]] bool waitSettled(int ms) const;
    // Once settled: why the way could not be opened, naming the jump host and what to do.
    [[nodiscard]] std::optional<SshFailure> failure() const;
    // Once settled without a failure: the socket for the host's session (once).
    [[nodiscard]] SshSocket takeSocket();
    // Thread-safe: why the way closed after it was open; empty while it is open or when the
    // caller closed it.
    [[nodiscard]] QString lostReason() const;

    // The known_hosts file a jump host is checked against on the way to target.
    [[nodiscard]] static QString knownHostsFor(const SshTarget& target, const HostEntry& jumpHost);

private:
    friend class SshJumpLoop;

    // For the thread.
    void settle(std::optional<SshFailure> failure, SshSocket socket);
    void lose(const QString& reason);
    [[nodiscard]] bool stopRequested() const { return m_stop.load(); }
    [[nodiscard]] int wakeFd() const { return m_wake[0]; }
    void drainWake() const;

    const SshTarget m_target;
    std::thread m_thread;
    std::atomic_bool m_stop{false};
    int m_wake[2] = {-1, -1};   // stop requests, to the thread
    int m_ready[2] = {-1, -1};  // from the thread, once settled
    mutable QMutex m_mutex;
    bool m_settled = false;               // guarded by m_mutex
    std::optional<SshFailure> m_failure;  // guarded by m_mutex
    SshSocket m_socket;                   // guarded by m_mutex; the caller's end until taken
    QString m_lost;                       // guarded by m_mutex
};

}  // namespace zerg
