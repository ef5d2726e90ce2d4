#include "tools/ssh_jump.h"

#include "tools/host_trust.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QMutexLocker>

#include <libssh/libssh.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace zerg {
namespace {

enum class Drive { Done, Stopped, TimedOut };

// Bytes moved per read, each way.
constexpr qsizetype kChunk = 64 * 1024;
// Stop reading a channel while this much of it still waits for its socket: the rest stays in
// libssh, whose window then holds the sender back.
constexpr qsizetype kMaxBuffered = 1024 * 1024;
// The longest poll of an open jump: a safety net only, every event wakes it at once.
constexpr int kIdleWaitMs = 1000;

// Calls a non-blocking libssh step until it stops answering `again`, waiting as the owner does in
// between, until the deadline or a stop request.
template <typename Step>
Drive drive(Step step, int again, const QElapsedTimer& clock, qint64 deadline,
            const SshLogin::Waiting& waiting, int* rc) {
    for (;;) {
        *rc = step();
        if (*rc != again)
            return Drive::Done;
        if (waiting.stopped())
            return Drive::Stopped;
        const qint64 left = deadline - clock.elapsed();
        if (left <= 0)
            return Drive::TimedOut;
        waiting.wait(int(std::min<qint64>(left, 1000)));
    }
}

QString errorOf(ssh_session session) {
    return QString::fromUtf8(ssh_get_error(session));
}

void openPipe(int (&fds)[2]) {
    if (::pipe(fds) != 0)
        return;
    for (int fd : fds) {
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
}

void closePipe(int (&fds)[2]) {
    for (int& fd : fds) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
}

}  // namespace

// ---- SshSocket ---------------------------------------------------------------------------------

SshSocket::SshSocket(int fd) : m_fd(fd) {
    struct stat st {};
    if (m_fd >= 0 && ::fstat(m_fd, &st) == 0) {
        m_device = quint64(st.st_dev);
        m_inode = quint64(st.st_ino);
    }
}

SshSocket::SshSocket(SshSocket&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_device(other.m_device), m_inode(other.m_inode) {}

SshSocket& SshSocket::operator=(SshSocket&& other) noexcept {
    if (this != &other) {
        close();
        m_fd = std::exchange(other.m_fd, -1);
        m_device = other.m_device;
        m_inode = other.m_inode;
    }
    return *this;
}

void SshSocket::close() {
    if (m_fd < 0)
        return;
    struct stat st {};
    // Closed by libssh already (and maybe the number given out again): not ours to close.
    if (::fstat(m_fd, &st) == 0 && quint64(st.st_dev) == m_device && quint64(st.st_ino) == m_inode)
        ::close(m_fd);
    m_fd = -1;
}

// ---- SshLogin ----------------------------------------------------------------------------------

SshLogin::SshLogin(const SshTarget& target, Waiting waiting)
    : m_target(target), m_waiting(std::move(waiting)) {}

qint64 SshLogin::deadline() const {
    return m_clock.elapsed() + m_target.connectTimeoutSecs * 1000LL;
}

QString SshLogin::where(const SshTarget& t) {
    const QString hostPort = QStringLiteral("%1:%2").arg(t.host.hostName).arg(t.host.port);
    if (t.host.jumps.isEmpty())
        return hostPort;
    QStringList jumps;
    for (const HostEntry& j : t.host.jumps)
        jumps << j.alias;
    return tr("%1 via %2").arg(hostPort, jumps.join(QLatin1String(", ")));
}

QString SshLogin::inHostsFile(const SshTarget& t) {
    return t.hostsFile.isEmpty() ? tr("the hosts file") : tr("the hosts file %1").arg(t.hostsFile);
}

SshFailure SshLogin::noSession() {
    return {QStringLiteral("ssh_error"),
            tr("Could not create an SSH session (out of memory?). Try again."),
            {},
            {}};
}

SshFailure SshLogin::stopped(const SshTarget& t) {
    return {QStringLiteral("cancelled"),
            tr("The SSH connection to %1 was closed before the command started (zerg is "
               "shutting down). Run it again.")
                .arg(t.host.alias),
            {},
            {}};
}

SshFailure SshLogin::stalled(const SshTarget& t, const QString& stage) {
    return {QStringLiteral("connect_failed"),
            tr("The server %1 (%2) stopped answering while %3 (waited %4 s). Check the server's "
               "load and network, then try again.")
                .arg(t.host.alias, where(t), stage)
                .arg(t.connectTimeoutSecs),
            {},
            {}};
}

SshFailure SshLogin::lost(const SshTarget& t, const QString& stage, const QString& error) {
    return {QStringLiteral("connect_failed"),
            tr("The connection to %1 (%2) failed while %3: %4. Check the server and the network, "
               "then try again.")
                .arg(t.host.alias, where(t), stage, error),
            {},
            {}};
}

std::optional<SshFailure> SshLogin::configure(ssh_session session, const SshTarget& t, int socket) {
    const HostEntry& h = t.host;
    const QByteArray host = h.hostName.toUtf8();
    const QByteArray user = h.user.toUtf8();
    const QByteArray sshDir = QFile::encodeName(t.sshDir);
    const QByteArray knownHosts = QFile::encodeName(t.knownHostsFile);
    const unsigned int port = unsigned(h.port);
    const long timeout = t.connectTimeoutSecs;
    const int no = 0;
    const int yes = 1;

    bool ok = true;
    // The hosts file is the configuration: ~/.ssh/config and /etc/ssh/ssh_config must not
    // redirect an allowlisted alias somewhere else.
    ok &= ssh_options_set(session, SSH_OPTIONS_PROCESS_CONFIG, &no) == SSH_OK;
    // Also over a given socket: HostName and Port name the server in known_hosts.
    ok &= ssh_options_set(session, SSH_OPTIONS_HOST, host.constData()) == SSH_OK;
    ok &= ssh_options_set(session, SSH_OPTIONS_PORT, &port) == SSH_OK;
    if (!user.isEmpty())
        ok &= ssh_options_set(session, SSH_OPTIONS_USER, user.constData()) == SSH_OK;
    ok &= ssh_options_set(session, SSH_OPTIONS_TIMEOUT, &timeout) == SSH_OK;
    // Commands are small request/reply exchanges: Nagle's algorithm would hold each small packet
    // back until the previous one is acknowledged (tens of ms per command).
    ok &= ssh_options_set(session, SSH_OPTIONS_NODELAY, &yes) == SSH_OK;
    // libssh finds ~/.ssh through the password database, not $HOME: callers set it.
    if (!sshDir.isEmpty())
        ok &= ssh_options_set(session, SSH_OPTIONS_SSH_DIR, sshDir.constData()) == SSH_OK;
    if (!knownHosts.isEmpty())
        ok &= ssh_options_set(session, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData()) == SSH_OK;
    if (socket >= 0) {
        const socket_t fd = socket;
        ok &= ssh_options_set(session, SSH_OPTIONS_FD, &fd) == SSH_OK;
    }
    if (!ok) {
        return SshFailure{QStringLiteral("ssh_error"),
                          tr("The SSH settings for %1 are not valid: %2. Check its block in %3.")
                              .arg(h.alias, errorOf(session), inHostsFile(t)),
                          {},
                          {}};
    }
    return std::nullopt;
}

std::optional<SshFailure> SshLogin::logIn(ssh_session session, int socket) {
    m_clock.start();
    if (std::optional<SshFailure> f = configure(session, m_target, socket))
        return f;
    ssh_set_blocking(session, 0);
    if (std::optional<SshFailure> f = connect(session))
        return f;
    if (std::optional<SshFailure> f = verifyHostKey(session))
        return f;
    return authenticate(session);
}

std::optional<SshFailure> SshLogin::connect(ssh_session session) {
    int rc = SSH_ERROR;
    // ssh_connect resolves the name with a blocking getaddrinfo: acceptable on this thread.
    const Drive d = drive([session] { return ssh_connect(session); }, SSH_AGAIN, m_clock,
                          deadline(), m_waiting, &rc);
    if (d == Drive::Stopped)
        return stopped(m_target);
    if (d == Drive::TimedOut) {
        return SshFailure{QStringLiteral("connect_failed"),
                          tr("Could not connect to %1 (%2): no answer within %3 s. Check that the "
                             "server is up and reachable, and its HostName and Port in %4.")
                              .arg(m_target.host.alias, where(m_target))
                              .arg(m_target.connectTimeoutSecs)
                              .arg(inHostsFile(m_target)),
                          {},
                          {}};
    }
    if (rc != SSH_OK) {
        return SshFailure{
            QStringLiteral("connect_failed"),
            tr("Could not connect to %1 (%2): %3. Check that the server is up and "
               "sshd listens on that port, and its HostName and Port in %4.")
                .arg(m_target.host.alias, where(m_target), errorOf(session), inHostsFile(m_target)),
            {},
            {}};
    }
    return std::nullopt;
}

// Checked before any authentication: credentials never go to an unverified server.
std::optional<SshFailure> SshLogin::verifyHostKey(ssh_session session) {
    const ssh_known_hosts_e state = ssh_session_is_known_server(session);
    if (state == SSH_KNOWN_HOSTS_OK)
        return std::nullopt;
    const ServerKey key = HostKeys::serverKey(session);
    const QString file = HostKeys::knownHostsPath(session, m_target.knownHostsFile);
    if (state == SSH_KNOWN_HOSTS_CHANGED || state == SSH_KNOWN_HOSTS_OTHER) {
        return SshFailure{QStringLiteral("host_key_changed"),
                          HostKeys::changedMessage(m_target.host, key, file),
                          key.sha256,
                          {}};
    }
    if (state == SSH_KNOWN_HOSTS_NOT_FOUND || state == SSH_KNOWN_HOSTS_UNKNOWN) {
        return SshFailure{QStringLiteral("host_key_unknown"),
                          HostKeys::unknownMessage(m_target.host, key, file),
                          key.sha256,
                          {}};
    }
    return SshFailure{QStringLiteral("host_key_error"),
                      tr("Could not check the SSH host key of %1 (%2) against %3: %4. Check that "
                         "the known_hosts file is readable and well-formed.")
                          .arg(m_target.host.alias, where(m_target), file, errorOf(session)),
                      {},
                      {}};
}

// One libssh auth step driven to its end; *stopped is set when it did not get there.
int SshLogin::driveAuth(const std::function<int()>& step, std::optional<SshFailure>* stopped) {
    int rc = SSH_AUTH_ERROR;
    const Drive d = drive(step, SSH_AUTH_AGAIN, m_clock, deadline(), m_waiting, &rc);
    if (d == Drive::Stopped)
        *stopped = SshLogin::stopped(m_target);
    if (d == Drive::TimedOut)
        *stopped = stalled(m_target, tr("logging in"));
    return rc;
}

// none, then each configured IdentityFile, then ssh-agent and the default keys.
std::optional<SshFailure> SshLogin::authenticate(ssh_session session) {
    std::optional<SshFailure> stopped;
    int rc = driveAuth([session] { return ssh_userauth_none(session, nullptr); }, &stopped);
    if (stopped)
        return stopped;
    if (rc == SSH_AUTH_SUCCESS)
        return std::nullopt;
    if (rc == SSH_AUTH_ERROR)
        return lost(m_target, tr("logging in"), errorOf(session));

    QStringList tried;
    const int methods = ssh_userauth_list(session, nullptr);
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        for (const QString& path : m_target.host.identityFiles) {
            ssh_key key = nullptr;
            const QByteArray file = QFile::encodeName(path);
            if (ssh_pki_import_privkey_file(file.constData(), nullptr, nullptr, nullptr, &key) !=
                SSH_OK) {
                tried << tr("%1 (could not be read: missing, unreadable or protected by a "
                            "passphrase)")
                             .arg(path);
                continue;
            }
            rc = driveAuth([session, key] { return ssh_userauth_publickey(session, nullptr, key); },
                           &stopped);
            ssh_key_free(key);
            if (stopped)
                return stopped;
            if (rc == SSH_AUTH_SUCCESS)
                return std::nullopt;
            if (rc == SSH_AUTH_ERROR)
                return lost(m_target, tr("logging in"), errorOf(session));
            tried << tr("%1 (rejected by the server)").arg(path);
        }
        rc = driveAuth([session] { return ssh_userauth_publickey_auto(session, nullptr, nullptr); },
                       &stopped);
        if (stopped)
            return stopped;
        if (rc == SSH_AUTH_SUCCESS)
            return std::nullopt;
        if (rc == SSH_AUTH_ERROR)
            return lost(m_target, tr("logging in"), errorOf(session));
        tried << tr("ssh-agent/default keys (none accepted)");
    } else {
        tried << tr(
            "nothing: the server does not accept public keys, and zerg logs in with keys only");
    }
    const QString user = m_target.host.user;
    return SshFailure{
        QStringLiteral("auth_failed"),
        tr("Could not log in to %1 (%2). Tried: %3. Add the public key to ~/.ssh/authorized_keys "
           "of %4 on the server, or set IdentityFile for %2 in %5 (or load the key into "
           "ssh-agent).")
            .arg(QStringLiteral("%1@%2").arg(user, where(m_target)), m_target.host.alias,
                 tried.join(QStringLiteral("; ")), user, inHostsFile(m_target)),
        {},
        {}};
}

// ---- SshJumpLoop -------------------------------------------------------------------------------

// The body of SshJump's thread: logs in to each jump host in turn, opens the forwarded
// connections, then copies bytes until one side ends or the jump is stopped. Every libssh object
// of the jump lives and dies on this thread.
class SshJumpLoop {
public:
    explicit SshJumpLoop(SshJump& j) : m_j(j), m_target(j.m_target), m_buffer(kChunk) {}

    // Last hop first: each jump host's session runs over the link of the one before it.
    ~SshJumpLoop() {
        for (auto it = m_hops.rbegin(); it != m_hops.rend(); ++it) {
            Hop& h = **it;
            if (h.link.fd >= 0)
                ::close(h.link.fd);  // the session on the other end reads end-of-file
            if (h.link.channel)
                ssh_channel_free(h.link.channel);
            if (h.session) {
                ssh_disconnect(h.session);
                ssh_free(h.session);
            }
            h.socket.close();
        }
    }

    SshJumpLoop(const SshJumpLoop&) = delete;
    SshJumpLoop& operator=(const SshJumpLoop&) = delete;

    void run() {
        m_clock.start();
        SshSocket socket;
        std::optional<SshFailure> failure = setUp(&socket);
        const bool open = !failure;
        m_j.settle(std::move(failure), std::move(socket));
        if (!open)
            return;
        while (!m_ended && !m_j.stopRequested())
            waitAndPump(kIdleWaitMs);
        if (m_ended && !m_endReason.isEmpty())
            m_j.lose(m_endReason);
    }

private:
    // An open direct-tcpip channel and our end of the socketpair whose other end is the socket of
    // the next session (the next jump host's, or the host's own).
    struct Link {
        ssh_channel channel = nullptr;
        int fd = -1;           // ours, non-blocking; -1 until the channel is open
        QByteArray toSocket;   // read from the channel, not yet written to fd
        QByteArray toChannel;  // read from fd, not yet written to the channel
        bool channelEof = false;
        bool socketEof = false;  // the session on the other end is gone
        bool eofSent = false;
    };

    struct Hop {
        SshTarget target;  // the jump host, its way (the hops before it) in target.host.jumps
        ssh_session session = nullptr;
        SshSocket socket;  // what the session runs on; none for the first one (TCP)
        Link link;         // from this jump host on
    };

    QString hostAlias() const { return m_target.host.alias; }
    const QList<HostEntry>& way() const { return m_target.host.jumps; }

    SshLogin::Waiting waiting() {
        return {[this](int ms) { waitAndPump(ms); },
                [this] { return m_j.stopRequested() || m_ended; }};
    }

    SshTarget hopTarget(int i) const {
        SshTarget t;
        t.host = way()[i];
        // Its own way, for messages (no ssh-keyscan hint for a host that is behind another).
        t.host.jumps = way().mid(0, i);
        t.knownHostsFile = SshJump::knownHostsFor(m_target, way()[i]);
        t.sshDir = m_target.sshDir;
        t.connectTimeoutSecs = m_target.connectTimeoutSecs;
        t.hostsFile = m_target.hostsFile;
        t.defaultKnownHostsFile = m_target.defaultKnownHostsFile;
        return t;
    }

    std::optional<SshFailure> setUp(SshSocket* out) {
        SshSocket socket;  // what the next jump host's session runs on
        for (int i = 0; i < way().size(); ++i) {
            m_hops.push_back(std::make_unique<Hop>());
            Hop& h = *m_hops.back();
            h.target = hopTarget(i);
            h.socket = std::move(socket);
            h.session = ssh_new();
            if (!h.session)
                return SshLogin::noSession();
            SshLogin login(h.target, waiting());
            if (std::optional<SshFailure> f = login.logIn(h.session, h.socket.fd()))
                return m_ended ? lostOnTheWay(i) : loginFailed(i, std::move(*f));
            const HostEntry& next = i + 1 < way().size() ? way()[i + 1] : m_target.host;
            if (std::optional<SshFailure> f = openForward(h, next))
                return m_ended ? lostOnTheWay(i) : f;
            int pair[2] = {-1, -1};
            if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
                return SshFailure{
                    QStringLiteral("ssh_error"),
                    SshJump::tr("Could not create a socket pair for the connection "
                                "through %1: %2. Try again.")
                        .arg(h.target.host.alias, QString::fromLocal8Bit(strerror(errno))),
                    {},
                    h.target.host.alias};
            }
            // Ours is polled; the other end is left to the session that gets it, and libssh makes
            // it blocking. For a later jump host, that session is on this thread: a write of more
            // than the pair's free buffer would wait for this very thread. libssh writes only
            // after POLLOUT (a quarter of the buffer used at most), and ssh_exec sends little
            // towards the host (commands, window adjustments), so it never comes to that.
            ::fcntl(pair[0], F_SETFL, ::fcntl(pair[0], F_GETFL) | O_NONBLOCK);
            h.link.fd = pair[0];
            socket = SshSocket(pair[1]);
        }
        *out = std::move(socket);
        return std::nullopt;
    }

    // A jump host's own login failed: its message, said to be about the way to the host.
    SshFailure loginFailed(int i, SshFailure f) const {
        if (f.code == QLatin1String("cancelled"))
            return f;  // stopped: nothing to report
        f.jumpHost = way()[i].alias;
        // The host's trust actions must never be offered the jump host's key.
        f.fingerprint.clear();
        f.message =
            SshJump::tr(
                "%1 is reached through the jump host %2 (ProxyJump in %3), and "
                "that failed: %4")
                .arg(hostAlias(), way()[i].alias, SshLogin::inHostsFile(m_target), f.message);
        return f;
    }

    // A link before hop i ended while hop i was being set up.
    SshFailure lostOnTheWay(int i) const {
        const QString jump = way()[std::max(0, i - 1)].alias;
        return {QStringLiteral("connect_failed"),
                SshJump::tr("%1 is reached through the jump host %2, and the connection through "
                            "it ended: %3. Check the jump host and the network, then try again.")
                    .arg(hostAlias(), jump, m_endReason),
                {},
                jump};
    }

    std::optional<SshFailure> openForward(Hop& h, const HostEntry& next) {
        h.link.channel = ssh_channel_new(h.session);
        if (!h.link.channel) {
            SshFailure f =
                SshLogin::lost(h.target, SshJump::tr("opening a channel"), errorOf(h.session));
            f.jumpHost = h.target.host.alias;
            return f;
        }
        const QByteArray host = next.hostName.toUtf8();
        int rc = SSH_ERROR;
        // The originator is only logged by the jump host's sshd.
        const Drive d = drive(
            [&] {
                return ssh_channel_open_forward(h.link.channel, host.constData(), next.port,
                                                "127.0.0.1", 0);
            },
            SSH_AGAIN, m_clock, m_clock.elapsed() + m_target.connectTimeoutSecs * 1000LL, waiting(),
            &rc);
        if (d == Drive::Stopped)
            return SshLogin::stopped(m_target);
        const QString to = QStringLiteral("%1:%2").arg(next.hostName).arg(next.port);
        if (d == Drive::TimedOut) {
            SshFailure f = SshLogin::stalled(
                h.target, SshJump::tr("opening a connection to %1 (%2)").arg(next.alias, to));
            f.jumpHost = h.target.host.alias;
            return f;
        }
        if (rc == SSH_OK)
            return std::nullopt;
        return forwardRefused(h, next, to);
    }

    SshFailure forwardRefused(const Hop& h, const HostEntry& next, const QString& to) const {
        const QString error = errorOf(h.session);
        const QString jump = h.target.host.alias;
        const QString jumpAt = SshLogin::where(h.target);
        SshFailure f{QStringLiteral("connect_failed"), {}, {}, jump};
        // libssh puts the SSH reason code in its message: 1 is "administratively prohibited"
        // (forwarding is not allowed), 2 "connect failed" (the jump host could not reach it).
        if (error.contains(QLatin1String("error (1)"))) {
            f.message = SshJump::tr(
                            "The jump host %1 (%2) refused to forward a connection to %3 (%4): "
                            "%5. Its sshd does not allow TCP forwarding for %6 (AllowTcpForwarding "
                            "or DisableForwarding in its sshd_config, a PermitOpen that leaves %4 "
                            "out, or a restrict or no-port-forwarding option on the key in its "
                            "authorized_keys). Ask its administrator to allow forwarding to %4 "
                            "for %6, or reach %3 without it (its ProxyJump in %7).")
                            .arg(jump, jumpAt, next.alias, to, error, h.target.host.user,
                                 SshLogin::inHostsFile(m_target));
        } else if (error.contains(QLatin1String("error (2)"))) {
            f.message =
                SshJump::tr(
                    "The jump host %1 (%2) could not connect to %3 (%4): %5. Check that "
                    "%3 is up and its sshd listens there, and that its HostName and Port "
                    "in %6 are the address the jump host reaches it by.")
                    .arg(jump, jumpAt, next.alias, to, error, SshLogin::inHostsFile(m_target));
        } else if (!ssh_is_connected(h.session)) {
            f = SshLogin::lost(h.target,
                               SshJump::tr("opening a connection to %1 (%2)").arg(next.alias, to),
                               error);
            f.jumpHost = jump;
        } else {
            f.message = SshJump::tr(
                            "The jump host %1 (%2) did not open a connection to %3 (%4): "
                            "%5. Check the jump host's sshd, then try again.")
                            .arg(jump, jumpAt, next.alias, to, error);
        }
        return f;
    }

    // --- copying ----------------------------------------------------------------------------

    // Moves what can be moved on every open link without blocking; true when anything moved.
    // A link that is over ends the whole jump (m_ended): every session behind it needs it.
    bool pumpAll() {
        bool progress = false;
        for (auto& h : m_hops) {
            if (h->link.fd < 0)
                continue;
            if (!pump(*h, &progress)) {
                m_ended = true;
                return true;
            }
            // Packets libssh could not send at once (the socket was full) go when it can.
            if (ssh_get_poll_flags(h->session) & SSH_WRITE_PENDING)
                ssh_blocking_flush(h->session, 0);
        }
        return progress;
    }

    bool end(const QString& reason) {
        m_endReason = reason;
        return false;
    }

    // One link, both ways; false when it is over.
    bool pump(Hop& h, bool* progress) {
        Link& l = h.link;
        const QString jump = h.target.host.alias;
        while (!l.channelEof && l.toSocket.size() < kMaxBuffered) {
            const int n = ssh_channel_read_nonblocking(l.channel, m_buffer.data(),
                                                       uint32_t(m_buffer.size()), 0);
            if (n == SSH_EOF) {
                l.channelEof = true;
                break;
            }
            if (n < 0) {
                return end(SshJump::tr("the connection to the jump host %1 was lost: %2")
                               .arg(jump, errorOf(h.session)));
            }
            if (n == 0) {
                l.channelEof = ssh_channel_is_closed(l.channel) != 0;
                break;
            }
            l.toSocket.append(m_buffer.data(), n);
            *progress = true;
        }
        while (!l.toSocket.isEmpty()) {
            const ssize_t n =
                ::send(l.fd, l.toSocket.constData(), size_t(l.toSocket.size()), MSG_NOSIGNAL);
            if (n > 0) {
                l.toSocket.remove(0, n);
                *progress = true;
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
                break;
            return end({});  // the session on the other end is gone: nothing more to carry
        }
        if (l.channelEof && l.toSocket.isEmpty()) {
            // Everything delivered; closing our end gives the session there end-of-file.
            return end(SshJump::tr("the jump host %1 closed the forwarded connection").arg(jump));
        }

        if (l.toChannel.isEmpty() && !l.socketEof) {
            const ssize_t n = ::recv(l.fd, m_buffer.data(), m_buffer.size(), 0);
            if (n > 0) {
                l.toChannel = QByteArray(m_buffer.data(), n);
                *progress = true;
            } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
                l.socketEof = true;
                *progress = true;
            }
        }
        if (!l.toChannel.isEmpty()) {
            // Never more than the window: libssh would otherwise wait for it to grow.
            const uint32_t window = ssh_channel_window_size(l.channel);
            if (window > 0) {
                const int n = ssh_channel_write(
                    l.channel, l.toChannel.constData(),
                    uint32_t(std::min<qsizetype>(l.toChannel.size(), qsizetype(window))));
                if (n < 0) {
                    return end(SshJump::tr("the connection to the jump host %1 was lost: %2")
                                   .arg(jump, errorOf(h.session)));
                }
                if (n > 0) {
                    l.toChannel.remove(0, n);
                    *progress = true;
                }
            }
        }
        if (l.socketEof && l.toChannel.isEmpty() && !l.eofSent) {
            ssh_channel_send_eof(l.channel);
            l.eofSent = true;
        }
        // The session on our socket closed it: it is done, and so is the way it used.
        return !(l.socketEof && l.toChannel.isEmpty());
    }

    // Waits until a session, a link or a stop request needs attention (at most ms), and moves
    // what it can. Serves the open links while a later jump host logs in over them, too.
    void waitAndPump(int ms) {
        if (pumpAll())
            return;  // something moved: let the caller try again at once
        std::vector<pollfd> fds{{m_j.wakeFd(), POLLIN, 0}};
        std::vector<Hop*> readers;  // hops whose channel is not being read (fds index - 1)
        for (auto& h : m_hops) {
            const socket_t fd = ssh_get_fd(h->session);
            if (fd != SSH_INVALID_SOCKET) {
                short events = POLLIN;
                if (ssh_get_poll_flags(h->session) & SSH_WRITE_PENDING)
                    events |= POLLOUT;
                fds.push_back({fd, events, 0});
                readers.push_back(h.get());
            }
            const Link& l = h->link;
            if (l.fd >= 0) {
                short events = 0;
                if (l.toChannel.isEmpty() && !l.socketEof)
                    events |= POLLIN;
                if (!l.toSocket.isEmpty())
                    events |= POLLOUT;
                fds.push_back({l.fd, events, 0});  // hang-ups are reported even without events
                readers.push_back(nullptr);
            }
        }
        if (::poll(fds.data(), nfds_t(fds.size()), ms) <= 0)
            return;
        if (fds[0].revents)
            m_j.drainWake();
        for (size_t i = 1; i < fds.size(); ++i) {
            Hop* h = readers[i - 1];
            // A link that stopped reading its channel (its socket is full) must still see the
            // window its own channel writes wait for: a small ignore message makes libssh
            // process what arrived without taking channel data.
            if (h && h->link.fd >= 0 && (fds[i].revents & POLLIN) &&
                h->link.toSocket.size() >= kMaxBuffered) {
                ssh_send_ignore(h->session, "");
                ssh_blocking_flush(h->session, 0);
            }
        }
        pumpAll();
    }

    SshJump& m_j;
    const SshTarget& m_target;
    QElapsedTimer m_clock;  // the forwardings' deadlines; logins keep their own
    std::vector<std::unique_ptr<Hop>> m_hops;
    std::vector<char> m_buffer;
    bool m_ended = false;
    QString m_endReason;
};

// ---- SshJump -----------------------------------------------------------------------------------

SshJump::SshJump(SshTarget target) : m_target(std::move(target)) {
    openPipe(m_wake);
    openPipe(m_ready);
}

SshJump::~SshJump() {
    m_stop.store(true);
    const char b = 1;
    // A full pipe already means "wake up": the result can be ignored.
    [[maybe_unused]] const ssize_t n = ::write(m_wake[1], &b, 1);
    if (m_thread.joinable())
        m_thread.join();
    closePipe(m_wake);
    closePipe(m_ready);
}

void SshJump::start() {
    m_thread = std::thread([this] {
        SshJumpLoop loop(*this);
        loop.run();
    });  // the loop, and with it every session, is gone when the thread ends
}

bool SshJump::settled() const {
    QMutexLocker lock(&m_mutex);
    return m_settled;
}

bool SshJump::waitSettled(int ms) const {
    const QDeadlineTimer deadline(ms);
    while (!settled()) {
        const qint64 left = deadline.remainingTime();
        if (left == 0)
            return false;
        pollfd fd{m_ready[0], POLLIN, 0};
        ::poll(&fd, 1, int(std::min<qint64>(left, 1000)));
    }
    return true;
}

std::optional<SshFailure> SshJump::failure() const {
    QMutexLocker lock(&m_mutex);
    return m_failure;
}

SshSocket SshJump::takeSocket() {
    QMutexLocker lock(&m_mutex);
    return std::move(m_socket);
}

QString SshJump::lostReason() const {
    QMutexLocker lock(&m_mutex);
    return m_lost;
}

QString SshJump::knownHostsFor(const SshTarget& target, const HostEntry& jumpHost) {
    if (!jumpHost.knownHostsFile.isEmpty())
        return jumpHost.knownHostsFile;
    if (!target.defaultKnownHostsFile.isEmpty())
        return target.defaultKnownHostsFile;
    // Without a file of its own, the host was given the default one.
    if (target.host.knownHostsFile.isEmpty())
        return target.knownHostsFile;
    return {};
}

void SshJump::settle(std::optional<SshFailure> failure, SshSocket socket) {
    {
        QMutexLocker lock(&m_mutex);
        m_failure = std::move(failure);
        m_socket = std::move(socket);
        m_settled = true;
    }
    const char b = 1;
    [[maybe_unused]] const ssize_t n = ::write(m_ready[1], &b, 1);
}

void SshJump::lose(const QString& reason) {
    QMutexLocker lock(&m_mutex);
    m_lost = reason;
}

void SshJump::drainWake() const {
    char buf[64];
    while (::read(m_wake[0], buf, sizeof buf) > 0) {
    }
}

}  // namespace zerg
