#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace zerg::test {

// How an SshdFixture's sshd is configured beyond its fixed settings.
struct SshdOptions {
    // AllowTcpForwarding: false makes it refuse direct-tcpip channels (a jump host that does not
    // forward).
    bool allowTcpForwarding = true;
    // LogLevel: DEBUG1 also logs each direct-tcpip channel it opens (forwardedTo()).
    QString logLevel = QStringLiteral("VERBOSE");
};

// A real OpenSSH sshd on 127.0.0.1:<free port>, with generated keys, in a temp folder. It lets
// in the current user with userKeyPath() only (public keys; no passwords, no PAM).
class SshdFixture {
public:
    SshdFixture();
    explicit SshdFixture(SshdOptions options);
    ~SshdFixture();  // stops sshd (SIGTERM, then wait), removes the temp folder
    SshdFixture(const SshdFixture&) = delete;
    SshdFixture& operator=(const SshdFixture&) = delete;

    // Generates the keys and config, starts `sshd -D -e -f CONFIG` and waits (up to ~10 s) until
    // the port accepts connections. On failure returns false with the reason in *error.
    bool start(QString* error);

    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QString dir() const;
    [[nodiscard]] QString userKeyPath() const;          // private key accepted by sshd
    [[nodiscard]] QString knownHostsPath() const;       // "[127.0.0.1]:PORT ssh-ed25519 ..." (real)
    [[nodiscard]] QString wrongKnownHostsPath() const;  // same host, a different key
    [[nodiscard]] QString hostKeyFingerprint() const;   // "SHA256:..." of the real host key
    [[nodiscard]] QString userName() const;             // the current user (password database)

    // Writes a hosts file with one `Host <alias>` block for this server (HostName 127.0.0.1,
    // Port, User, IdentityFile userKeyPath(), UserKnownHostsFile knownHostsFile); returns its path.
    [[nodiscard]] QString writeHostsFile(const QString& alias, const QString& knownHostsFile) const;
    // That block alone, followed by the extra lines given (e.g. "    ProxyJump bastion\n"), for
    // hosts files that name several servers.
    [[nodiscard]] QString hostBlock(const QString& alias, const QString& knownHostsFile,
                                    const QString& extraLines = {}) const;

    // Generates a fresh ed25519 key pair named `name` in dir() (not authorized); returns the
    // private key's path, or empty with *error set.
    [[nodiscard]] QString generateKey(const QString& name, QString* error) const;

    // sshd's log (LogLevel VERBOSE), written by the listener and every connection's process.
    [[nodiscard]] QString logPath() const;
    // Successful logins so far ("Accepted publickey" lines in the log): one per SSH connection.
    [[nodiscard]] int acceptedLogins() const;
    // The lines of the log that contain text.
    [[nodiscard]] QStringList logLines(const QString& text) const;
    // direct-tcpip channels this sshd opened to 127.0.0.1:port for its clients (a jump host
    // carrying a connection): needs SshdOptions::logLevel DEBUG1.
    [[nodiscard]] int forwardedTo(quint16 port) const;
    // direct-tcpip channels it refused (AllowTcpForwarding no); logged at the default level.
    [[nodiscard]] int refusedForwards() const;
    // Kills (SIGKILL) the sshd processes of every connection but keeps the listener: clients
    // see their connections drop, new ones still work. Commands started over those connections
    // run on, as after a network failure. Returns how many processes were killed.
    int dropConnections();
    // Stops (SIGSTOP) those same processes: connections stay open but nothing answers, until
    // dropConnections() kills them.
    int pauseConnections();

    // True when a process whose command line matches the pattern runs on this machine (which
    // is the fixture's "server"): `pgrep -f PATTERN`.
    [[nodiscard]] static bool commandRunning(const QString& pattern);
    // Kills (SIGKILL) the processes `pgrep -f PATTERN` finds: clean-up after a test that leaves
    // a command running on purpose. Use a pattern unique to the test.
    static void killCommand(const QString& pattern);

    // True when sshd and ssh-keygen are installed; otherwise *why says what is missing.
    [[nodiscard]] bool available(QString* why) const;

private:
    bool keygen(const QString& path, QString* error) const;
    bool waitUntilListening(QString* error);
    [[nodiscard]] QString readLog() const;
    int signalConnections(int signal);

    SshdOptions m_options;
    QTemporaryDir m_tmp;
    std::unique_ptr<QProcess> m_sshd;
    quint16 m_port = 0;
    QString m_sshdPath;
    QString m_keygenPath;
};

}  // namespace zerg::test
