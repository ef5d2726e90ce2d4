#include "tools/ssh_session_worker.h"

#include "tools/capped_output.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <libssh/libssh.h>
#include <poll.h>

#include <functional>
#include <optional>
#include <vector>

namespace zerg {
namespace {

// Longest single wait: bounds how late a cancel or a deadline is noticed.
constexpr int kSliceMs = 100;
// Most bytes read from one stream before checking the flags again (a flood must not starve them).
constexpr qint64 kDrainBytesPerTurn = 1024 * 1024;

enum class Stop { None, Cancelled, TimedOut };

QString tr(const char* text) {
    return SshSessionWorker::tr(text);
}

// The key type as ssh-keyscan and the sshd host key file names spell it.
QString keyscanType(const QString& sshKeyType) {
    if (sshKeyType.contains(QLatin1String("ed25519")))
        return QStringLiteral("ed25519");
    if (sshKeyType.contains(QLatin1String("ecdsa")))
        return QStringLiteral("ecdsa");
    if (sshKeyType.contains(QLatin1String("rsa")))
        return QStringLiteral("rsa");
    return sshKeyType;
}

// One command on one session. Owns the libssh handles and frees them, on the worker thread.
class SshRun {
public:
    SshRun(const SshJob& job, const std::atomic_bool& cancel)
        : m_job(job), m_cancel(cancel), m_out(job.diskCapBytes), m_err(job.diskCapBytes) {}

    ~SshRun() {
        if (m_channel)
            ssh_channel_free(m_channel);
        if (m_session) {
            ssh_disconnect(m_session);
            ssh_free(m_session);
        }
    }

    QJsonObject execute() {
        m_clock.start();
        if (auto f = setUp())
            return *f;
        if (auto f = connectToServer())
            return *f;
        if (auto f = verifyHostKey())
            return *f;
        if (auto f = authenticate())
            return *f;
        if (auto f = startCommand())
            return *f;
        return collectOutput();
    }

private:
    // --- helpers -------------------------------------------------------------------------------

    QString alias() const { return m_job.host.alias; }
    QString hostPort() const {
        return QStringLiteral("%1:%2").arg(m_job.host.hostName).arg(m_job.host.port);
    }
    QString sshError() const { return QString::fromUtf8(ssh_get_error(m_session)); }

    QJsonObject failure(const QString& code, const QString& message, QJsonObject extra = {}) {
        extra.insert(QStringLiteral("ok"), false);
        extra.insert(QStringLiteral("error"), message);
        extra.insert(QStringLiteral("error_code"), code);
        extra.insert(QStringLiteral("host"), alias());
        extra.insert(QStringLiteral("duration_ms"), m_clock.elapsed());
        return extra;
    }

    QJsonObject outputSoFar() const {
        return {{QStringLiteral("stdout"), m_out.text()}, {QStringLiteral("stderr"), m_err.text()}};
    }

    QJsonObject cancelled() {
        return failure(QStringLiteral("cancelled"), QStringLiteral("cancelled"), outputSoFar());
    }

    // Waits up to ms for the session's socket to become ready, as libssh wants it.
    void waitForSocket(int ms) {
        const socket_t fd = ssh_get_fd(m_session);
        if (fd == SSH_INVALID_SOCKET) {
            QThread::msleep(10);
            return;
        }
        pollfd p{fd, POLLIN, 0};
        if (ssh_get_poll_flags(m_session) & SSH_WRITE_PENDING)
            p.events |= POLLOUT;
        ::poll(&p, 1, ms);
    }

    // Calls a non-blocking libssh step until it stops answering `again`, waiting on the socket in
    // short slices and giving up on cancel or at the deadline (*stop says which).
    template <typename Step>
    int drive(Step step, int again, qint64 deadlineMs, Stop* stop) {
        *stop = Stop::None;
        for (;;) {
            const int rc = step();
            if (rc != again)
                return rc;
            if (m_cancel.load()) {
                *stop = Stop::Cancelled;
                return rc;
            }
            if (m_clock.elapsed() >= deadlineMs) {
                *stop = Stop::TimedOut;
                return rc;
            }
            waitForSocket(kSliceMs);
        }
    }

    qint64 setupDeadline() const { return m_clock.elapsed() + m_job.connectTimeoutSecs * 1000LL; }

    // --- steps ---------------------------------------------------------------------------------

    std::optional<QJsonObject> setUp() {
        m_session = ssh_new();
        if (!m_session) {
            return failure(QStringLiteral("ssh_error"),
                           tr("Could not create an SSH session (out of memory?). Try again."));
        }
        const QByteArray host = m_job.host.hostName.toUtf8();
        const QByteArray user = m_job.host.user.toUtf8();
        const QByteArray sshDir = QFile::encodeName(m_job.sshDir);
        const QByteArray knownHosts = QFile::encodeName(m_job.knownHostsFile);
        const unsigned int port = unsigned(m_job.host.port);
        const long timeout = m_job.connectTimeoutSecs;
        const int no = 0;

        bool ok = true;
        // The hosts file is the configuration: ~/.ssh/config and /etc/ssh/ssh_config must not
        // redirect an allowlisted alias somewhere else.
        ok &= ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &no) == SSH_OK;
        ok &= ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData()) == SSH_OK;
        ok &= ssh_options_set(m_session, SSH_OPTIONS_PORT, &port) == SSH_OK;
        if (!user.isEmpty()) {
            ok &= ssh_options_set(m_session, SSH_OPTIONS_USER, user.constData()) == SSH_OK;
        }
        ok &= ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout) == SSH_OK;
        // libssh finds ~/.ssh through the password database, not $HOME: callers set it.
        if (!sshDir.isEmpty()) {
            ok &= ssh_options_set(m_session, SSH_OPTIONS_SSH_DIR, sshDir.constData()) == SSH_OK;
        }
        if (!knownHosts.isEmpty()) {
            ok &= ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData()) ==
                  SSH_OK;
        }
        if (!ok) {
            return failure(QStringLiteral("ssh_error"),
                           tr("The SSH settings for %1 are not valid: %2. Check its block in the "
                              "hosts file %3.")
                               .arg(alias(), sshError(), m_job.hostsFile));
        }
        // Non-blocking underneath, so that every wait below is a short slice.
        ssh_set_blocking(m_session, 0);
        return std::nullopt;
    }

    std::optional<QJsonObject> connectToServer() {
        Stop stop;
        const int rc =
            drive([this] { return ssh_connect(m_session); }, SSH_AGAIN, setupDeadline(), &stop);
        if (stop == Stop::Cancelled)
            return cancelled();
        if (stop == Stop::TimedOut) {
            return failure(QStringLiteral("connect_failed"),
                           tr("Could not connect to %1 (%2): no answer within %3 s. Check that "
                              "the server is up and reachable, and its HostName and Port in the "
                              "hosts file %4.")
                               .arg(alias(), hostPort())
                               .arg(m_job.connectTimeoutSecs)
                               .arg(m_job.hostsFile));
        }
        if (rc != SSH_OK) {
            return failure(QStringLiteral("connect_failed"),
                           tr("Could not connect to %1 (%2): %3. Check that the server is up and "
                              "sshd listens on that port, and its HostName and Port in the hosts "
                              "file %4.")
                               .arg(alias(), hostPort(), sshError(), m_job.hostsFile));
        }
        return std::nullopt;
    }

    struct Fingerprint {
        QString type;    // e.g. "ssh-ed25519"
        QString sha256;  // "SHA256:..."
    };

    Fingerprint serverFingerprint() const {
        Fingerprint fp;
        ssh_key key = nullptr;
        if (ssh_get_server_publickey(m_session, &key) != SSH_OK || !key)
            return fp;
        fp.type = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key)));
        unsigned char* hash = nullptr;
        size_t len = 0;
        if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &len) == SSH_OK) {
            char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len);
            if (text) {
                fp.sha256 = QString::fromLatin1(text);
                ssh_string_free_char(text);
            }
            ssh_clean_pubkey_hash(&hash);
        }
        ssh_key_free(key);
        return fp;
    }

    QString knownHostsPath() const {
        char* value = nullptr;
        if (ssh_options_get(m_session, SSH_OPTIONS_KNOWNHOSTS, &value) == SSH_OK && value) {
            const QString path = QFile::decodeName(value);
            ssh_string_free_char(value);
            return path;
        }
        return m_job.knownHostsFile.isEmpty() ? QStringLiteral("~/.ssh/known_hosts")
                                              : m_job.knownHostsFile;
    }

    // How known_hosts names this server.
    QString knownHostsName() const {
        if (m_job.host.port == 22)
            return m_job.host.hostName;
        return QStringLiteral("[%1]:%2").arg(m_job.host.hostName).arg(m_job.host.port);
    }

    // Checked before any authentication: credentials never go to an unverified server.
    std::optional<QJsonObject> verifyHostKey() {
        const ssh_known_hosts_e state = ssh_session_is_known_server(m_session);
        if (state == SSH_KNOWN_HOSTS_OK)
            return std::nullopt;

        const Fingerprint fp = serverFingerprint();
        const QString file = knownHostsPath();
        const QString type = keyscanType(fp.type);
        if (state == SSH_KNOWN_HOSTS_CHANGED || state == SSH_KNOWN_HOSTS_OTHER) {
            return failure(
                QStringLiteral("host_key_changed"),
                tr("SECURITY WARNING: the SSH host key of %1 (%2) does not match the key "
                   "recorded for it in %3. Someone could be intercepting the connection (a "
                   "man-in-the-middle attack), or the server was reinstalled. zerg refused to "
                   "connect and never accepts a changed key automatically. The server's %4 key "
                   "now has fingerprint %5. Verify it with the server's "
                   "administrator; only if the change is expected, remove the old entry with "
                   "`ssh-keygen -R \"%6\" -f %3` and add the new key.")
                    .arg(alias(), hostPort(), file, fp.type, fp.sha256, knownHostsName()),
                {{QStringLiteral("fingerprint"), fp.sha256}});
        }
        if (state == SSH_KNOWN_HOSTS_NOT_FOUND || state == SSH_KNOWN_HOSTS_UNKNOWN) {
            return failure(
                QStringLiteral("host_key_unknown"),
                tr("The SSH host key of %1 (%2) is not known yet, so zerg refused to connect. "
                   "The server's %3 key has fingerprint %4. Verify that fingerprint "
                   "with the server's administrator (on the server: `ssh-keygen -lf "
                   "/etc/ssh/ssh_host_%5_key.pub`), then trust it by running "
                   "`ssh-keyscan -t %5 -p %6 %7 >> %8` and try again.")
                    .arg(alias(), hostPort(), fp.type, fp.sha256, type)
                    .arg(m_job.host.port)
                    .arg(m_job.host.hostName, file),
                {{QStringLiteral("fingerprint"), fp.sha256}});
        }
        return failure(QStringLiteral("host_key_error"),
                       tr("Could not check the SSH host key of %1 (%2) against %3: %4. Check "
                          "that the known_hosts file is readable and well-formed.")
                           .arg(alias(), hostPort(), file, sshError()));
    }

    // Wraps a libssh auth call for drive(); *stopped reports cancel/stall as a payload.
    int driveAuth(const std::function<int()>& step, std::optional<QJsonObject>* stopped) {
        Stop stop;
        const int rc = drive(step, SSH_AUTH_AGAIN, setupDeadline(), &stop);
        if (stop == Stop::Cancelled)
            *stopped = cancelled();
        if (stop == Stop::TimedOut)
            *stopped = stalled(tr("logging in"));
        return rc;
    }

    QJsonObject stalled(const QString& stage) {
        return failure(QStringLiteral("connect_failed"),
                       tr("The server %1 (%2) stopped answering while %3 (waited %4 s). Check "
                          "the server's load and network, then try again.")
                           .arg(alias(), hostPort(), stage)
                           .arg(m_job.connectTimeoutSecs));
    }

    QJsonObject lostConnection(const QString& stage, QJsonObject extra = {}) {
        return failure(QStringLiteral("connect_failed"),
                       tr("The connection to %1 (%2) failed while %3: %4. Check the server and "
                          "the network, then try again.")
                           .arg(alias(), hostPort(), stage, sshError()),
                       std::move(extra));
    }

    std::optional<QJsonObject> authenticate() {
        std::optional<QJsonObject> stopped;
        int rc = driveAuth([this] { return ssh_userauth_none(m_session, nullptr); }, &stopped);
        if (stopped)
            return stopped;
        if (rc == SSH_AUTH_SUCCESS)
            return std::nullopt;
        if (rc == SSH_AUTH_ERROR)
            return lostConnection(tr("logging in"));

        QStringList tried;
        const int methods = ssh_userauth_list(m_session, nullptr);
        if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
            for (const QString& path : m_job.host.identityFiles) {
                ssh_key key = nullptr;
                const QByteArray file = QFile::encodeName(path);
                if (ssh_pki_import_privkey_file(file.constData(), nullptr, nullptr, nullptr,
                                                &key) != SSH_OK) {
                    tried << tr("%1 (could not be read: missing, unreadable or protected by a "
                                "passphrase)")
                                 .arg(path);
                    continue;
                }
                rc = driveAuth([&] { return ssh_userauth_publickey(m_session, nullptr, key); },
                               &stopped);
                ssh_key_free(key);
                if (stopped)
                    return stopped;
                if (rc == SSH_AUTH_SUCCESS)
                    return std::nullopt;
                if (rc == SSH_AUTH_ERROR)
                    return lostConnection(tr("logging in"));
                tried << tr("%1 (rejected by the server)").arg(path);
            }
            rc = driveAuth(
                [this] { return ssh_userauth_publickey_auto(m_session, nullptr, nullptr); },
                &stopped);
            if (stopped)
                return stopped;
            if (rc == SSH_AUTH_SUCCESS)
                return std::nullopt;
            if (rc == SSH_AUTH_ERROR)
                return lostConnection(tr("logging in"));
            tried << tr("ssh-agent/default keys (none accepted)");
        } else {
            tried << tr(
                "nothing: the server does not accept public keys, and zerg logs in with "
                "keys only");
        }
        const QString target = QStringLiteral("%1@%2").arg(m_job.host.user, hostPort());
        return failure(QStringLiteral("auth_failed"),
                       tr("Could not log in to %1 (%2). Tried: %3. Add the public key to "
                          "~/.ssh/authorized_keys of %4 on the server, or set IdentityFile for "
                          "%2 in the hosts file %5 (or load the key into ssh-agent).")
                           .arg(target, alias(), tried.join(QStringLiteral("; ")), m_job.host.user,
                                m_job.hostsFile));
    }

    std::optional<QJsonObject> startCommand() {
        m_channel = ssh_channel_new(m_session);
        if (!m_channel)
            return lostConnection(tr("opening a channel"));
        Stop stop;
        int rc = drive([this] { return ssh_channel_open_session(m_channel); }, SSH_AGAIN,
                       setupDeadline(), &stop);
        if (stop == Stop::Cancelled)
            return cancelled();
        if (stop == Stop::TimedOut)
            return stalled(tr("opening a session"));
        if (rc != SSH_OK) {
            return failure(QStringLiteral("channel_failed"),
                           tr("Logged in to %1 (%2) but could not open a session: %3. The server "
                              "may limit sessions or be shutting down; try again later.")
                               .arg(alias(), hostPort(), sshError()));
        }
        const QByteArray command = m_job.command.toUtf8();
        rc = drive([&] { return ssh_channel_request_exec(m_channel, command.constData()); },
                   SSH_AGAIN, setupDeadline(), &stop);
        if (stop == Stop::Cancelled)
            return cancelled();
        if (stop == Stop::TimedOut)
            return stalled(tr("starting the command"));
        if (rc != SSH_OK) {
            return failure(QStringLiteral("channel_failed"),
                           tr("The server %1 (%2) refused to run the command: %3. Its sshd may "
                              "forbid commands for this user (ForceCommand, restrictions).")
                               .arg(alias(), hostPort(), sshError()));
        }
        // Non-interactive: the command reads end-of-file, never waits for input.
        ssh_channel_send_eof(m_channel);
        return std::nullopt;
    }

    // Reads whatever the channel has buffered from one stream, up to a bound per turn.
    // Returns bytes read, or -1 on a session error.
    qint64 drain(int isStderr, CappedOutput* into) {
        qint64 total = 0;
        while (total < kDrainBytesPerTurn) {
            const int n = ssh_channel_read_nonblocking(m_channel, m_buffer.data(),
                                                       uint32_t(m_buffer.size()), isStderr);
            if (n == SSH_ERROR)
                return -1;
            if (n <= 0)
                break;  // 0: nothing buffered now; SSH_EOF: this stream is done
            into->append(m_buffer.data(), n);
            total += n;
        }
        return total;
    }

    // Asks sshd to send TERM to the command's process group, then closes the channel. OpenSSH
    // honours the signal request only for logins behind privilege separation (not for root
    // logins, nor an sshd run by an unprivileged user); there, the command loses its channel but
    // runs on until it ends by itself. Either way we stop waiting and report the timeout/cancel.
    void stopCommand() {
        ssh_channel_request_send_signal(m_channel, "TERM");
        ssh_channel_close(m_channel);
        ssh_blocking_flush(m_session, kSliceMs);
    }

    QJsonObject interrupted(Stop stop) {
        stopCommand();
        if (stop == Stop::Cancelled)
            return cancelled();
        return failure(QStringLiteral("timeout"),
                       tr("command did not finish within %1 s; the SSH channel was closed (the "
                          "remote process may still be running)")
                           .arg(m_job.timeoutSecs),
                       outputSoFar());
    }

    std::optional<Stop> checkFlags(qint64 deadlineMs) const {
        if (m_cancel.load())
            return Stop::Cancelled;
        if (m_clock.elapsed() >= deadlineMs)
            return Stop::TimedOut;
        return std::nullopt;
    }

    QJsonObject collectOutput() {
        const qint64 deadline = m_clock.elapsed() + m_job.timeoutSecs * 1000LL;
        m_buffer.resize(64 * 1024);
        for (;;) {
            const qint64 out = drain(0, &m_out);
            const qint64 err = drain(1, &m_err);
            if (out < 0 || err < 0)
                return lostConnection(tr("running the command"), outputSoFar());
            const bool gotData = out > 0 || err > 0;
            if (ssh_channel_is_eof(m_channel))
                break;
            if (ssh_channel_is_closed(m_channel) && !gotData)
                break;
            if (auto stop = checkFlags(deadline))
                return interrupted(*stop);
            if (!gotData)
                waitForSocket(kSliceMs);
        }
        // OpenSSH sends the exit status right after end-of-file, before closing the channel.
        int status = -1;
        for (;;) {
            status = ssh_channel_get_exit_status(m_channel);
            if (status != -1 || ssh_channel_is_closed(m_channel))
                break;
            if (auto stop = checkFlags(deadline))
                return interrupted(*stop);
            waitForSocket(kSliceMs);
        }
        ssh_channel_close(m_channel);

        QJsonObject p = outputSoFar();
        p.insert(QStringLiteral("ok"), status == 0);
        p.insert(QStringLiteral("exit_code"), status);
        p.insert(QStringLiteral("duration_ms"), m_clock.elapsed());
        p.insert(QStringLiteral("host"), alias());
        if (status == -1) {
            p.insert(QStringLiteral("error"),
                     tr("command ended without an exit status (killed by a signal?)"));
        } else if (status != 0) {
            p.insert(QStringLiteral("error"), tr("command exited with status %1").arg(status));
        }
        return p;
    }

    const SshJob& m_job;
    const std::atomic_bool& m_cancel;
    QElapsedTimer m_clock;  // I/O timeouts on this thread, not logic a manual clock would drive
    ssh_session m_session = nullptr;
    ssh_channel m_channel = nullptr;
    CappedOutput m_out;
    CappedOutput m_err;
    std::vector<char> m_buffer;
};

}  // namespace

SshSessionWorker::SshSessionWorker(SshJob job, std::shared_ptr<const std::atomic_bool> cancel)
    : m_job(std::move(job)), m_cancel(std::move(cancel)) {}

void SshSessionWorker::run() {
    QJsonObject payload;
    {
        SshRun run(m_job, *m_cancel);
        payload = run.execute();
    }  // the session is freed here, on the thread that used it
    Q_EMIT done(payload);
    QThread::currentThread()->quit();
}

}  // namespace zerg
