#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace zerg::test {

// A real OpenSSH sshd on 127.0.0.1:<free port>, with generated keys, in a temp folder. It lets
// in the current user with userKeyPath() only (public keys; no passwords, no PAM).
class SshdFixture {
public:
    SshdFixture();
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

    // Generates a fresh ed25519 key pair named `name` in dir() (not authorized); returns the
    // private key's path, or empty with *error set.
    [[nodiscard]] QString generateKey(const QString& name, QString* error) const;

    // True when sshd and ssh-keygen are installed; otherwise *why says what is missing.
    [[nodiscard]] bool available(QString* why) const;

private:
    bool keygen(const QString& path, QString* error) const;
    bool waitUntilListening(QString* error);

    QTemporaryDir m_tmp;
    std::unique_ptr<QProcess> m_sshd;
    quint16 m_port = 0;
    QString m_sshdPath;
    QString m_keygenPath;
};

}  // namespace zerg::test
