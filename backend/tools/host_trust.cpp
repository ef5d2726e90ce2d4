#include "tools/host_trust.h"

#include <QFile>

#include <libssh/libssh.h>

namespace zerg {

ServerKey HostKeys::serverKey(ssh_session session) {
    ServerKey out;
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(session, &key) != SSH_OK || !key)
        return out;
    out.type = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key)));
    unsigned char* hash = nullptr;
    size_t len = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &len) == SSH_OK) {
        if (char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len)) {
            out.sha256 = QString::fromLatin1(text);
            ssh_string_free_char(text);
        }
        ssh_clean_pubkey_hash(&hash);
    }
    ssh_key_free(key);
    return out;
}

QString HostKeys::knownHostsName(const HostEntry& host) {
    if (host.port == 22)
        return host.hostName;
    return QStringLiteral("[%1]:%2").arg(host.hostName).arg(host.port);
}

QString HostKeys::keyscanType(const QString& sshKeyType) {
    for (const char* t : {"ed25519", "ecdsa", "rsa"}) {
        if (sshKeyType.contains(QLatin1String(t)))
            return QLatin1String(t);
    }
    return sshKeyType;
}

QString HostKeys::knownHostsPath(ssh_session session, const QString& fallback) {
    char* value = nullptr;
    if (ssh_options_get(session, SSH_OPTIONS_KNOWNHOSTS, &value) == SSH_OK && value) {
        const QString path = QFile::decodeName(value);
        ssh_string_free_char(value);
        return path;
    }
    return fallback.isEmpty() ? QStringLiteral("~/.ssh/known_hosts") : fallback;
}

bool HostKeys::isRecorded(const HostEntry& host, const QString& knownHostsFile) {
    ssh_session session = ssh_new();
    if (!session)
        return false;
    const QByteArray name = host.hostName.toUtf8();
    const QByteArray file = QFile::encodeName(knownHostsFile);
    const unsigned int port = unsigned(host.port);
    const int no = 0;
    bool ok = ssh_options_set(session, SSH_OPTIONS_PROCESS_CONFIG, &no) == SSH_OK;
    ok &= ssh_options_set(session, SSH_OPTIONS_HOST, name.constData()) == SSH_OK;
    ok &= ssh_options_set(session, SSH_OPTIONS_PORT, &port) == SSH_OK;
    if (!file.isEmpty())
        ok &= ssh_options_set(session, SSH_OPTIONS_KNOWNHOSTS, file.constData()) == SSH_OK;
    const bool recorded = ok && ssh_session_has_known_hosts_entry(session) == SSH_KNOWN_HOSTS_OK;
    ssh_free(session);
    return recorded;
}

QString HostKeys::unknownMessage(const HostEntry& host, const ServerKey& key,
                                 const QString& knownHostsFile) {
    const QString hostPort = QStringLiteral("%1:%2").arg(host.hostName).arg(host.port);
    const QString type = keyscanType(key.type);
    if (!host.jumps.isEmpty()) {
        QStringList jumps;
        for (const HostEntry& j : host.jumps)
            jumps << j.alias;
        return tr("The SSH host key of %1 (%2, reached through %3) is not known yet, so zerg "
                  "refused to connect. The server's %4 key has fingerprint %5. Verify that "
                  "fingerprint with the server's administrator (on the server: `ssh-keygen -lf "
                  "/etc/ssh/ssh_host_%6_key.pub`), then trust it with `zerg hosts trust %1` (it "
                  "connects through %3, shows the fingerprint and records the key in %7), and try "
                  "again.")
            .arg(host.alias, hostPort, jumps.join(QLatin1String(", ")), key.type, key.sha256, type,
                 knownHostsFile);
    }
    return tr("The SSH host key of %1 (%2) is not known yet, so zerg refused to connect. The "
              "server's %3 key has fingerprint %4. Verify that fingerprint with the server's "
              "administrator (on the server: `ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub`), then "
              "trust it with `zerg hosts trust %1` (it shows the fingerprint and records the key "
              "in %6), or append it yourself with `ssh-keyscan -t %5 -p %7 %8 >> %6`, and try "
              "again.")
        .arg(host.alias, hostPort, key.type, key.sha256, type, knownHostsFile)
        .arg(host.port)
        .arg(host.hostName);
}

QString HostKeys::changedMessage(const HostEntry& host, const ServerKey& key,
                                 const QString& knownHostsFile) {
    const QString hostPort = QStringLiteral("%1:%2").arg(host.hostName).arg(host.port);
    return tr("SECURITY WARNING: the SSH host key of %1 (%2) does not match the key recorded for "
              "it in %3. Someone could be intercepting the connection (a man-in-the-middle "
              "attack), or the server was reinstalled. zerg refused to connect and never accepts "
              "a changed key automatically. The server's %4 key now has fingerprint %5. Verify "
              "it with the server's administrator; only if the change is expected, remove the "
              "old entry with `ssh-keygen -R \"%6\" -f %3`, then run `zerg hosts trust %1`.")
        .arg(host.alias, hostPort, knownHostsFile, key.type, key.sha256, knownHostsName(host));
}

HostTrust::HostTrust(HostEntry host, QString knownHostsFile, int connectTimeoutSecs)
    : m_host(std::move(host)),
      m_knownHostsFile(std::move(knownHostsFile)),
      m_connectTimeoutSecs(connectTimeoutSecs) {}

HostTrust::~HostTrust() {
    if (m_session) {
        ssh_disconnect(m_session);
        ssh_free(m_session);
    }
    m_socket.close();  // after the session that used it
    m_jump.reset();    // ends the jump hosts' sessions on the jump's thread
}

std::optional<Error> HostTrust::openJump() {
    SshTarget target;
    target.host = m_host;
    target.knownHostsFile = m_knownHostsFile;
    target.connectTimeoutSecs = m_connectTimeoutSecs;
    m_jump = std::make_unique<SshJump>(target);
    m_jump->start();
    // Each of the jump's steps has its own deadline; this only bounds a lookup that hangs.
    const int stepsMs = m_connectTimeoutSecs * 1000 * (4 * int(m_host.jumps.size()) + 1);
    if (!m_jump->waitSettled(stepsMs)) {
        return Error{QStringLiteral("connect_failed"),
                     tr("Could not reach %1 through its jump hosts within %2 s. Check that they "
                        "are up and reachable, then try again.")
                         .arg(m_host.alias)
                         .arg(stepsMs / 1000)};
    }
    if (const std::optional<SshFailure> failure = m_jump->failure())
        return failure->error();
    m_socket = m_jump->takeSocket();
    return std::nullopt;
}

Result<HostTrust::Check> HostTrust::check() {
    SshTarget target;
    target.host = m_host;
    target.knownHostsFile = m_knownHostsFile;
    target.connectTimeoutSecs = m_connectTimeoutSecs;
    const QString where = SshLogin::where(target);
    if (!m_host.jumps.isEmpty()) {
        if (const std::optional<Error> failed = openJump())
            return *failed;
    }
    m_session = ssh_new();
    if (!m_session)
        return SshLogin::noSession().error();
    // The same options as ssh_exec's sessions; blocking, within SSH_OPTIONS_TIMEOUT.
    if (const std::optional<SshFailure> bad = SshLogin::configure(m_session, target, m_socket.fd()))
        return bad->error();
    if (ssh_connect(m_session) != SSH_OK) {
        QString error = QString::fromUtf8(ssh_get_error(m_session));
        if (m_jump && !m_jump->lostReason().isEmpty())
            error += QStringLiteral(" (%1)").arg(m_jump->lostReason());
        return Error{QStringLiteral("connect_failed"),
                     tr("Could not connect to %1 (%2): %3. Check that the server is up and sshd "
                        "listens on that port, and its HostName and Port in the hosts file.")
                         .arg(m_host.alias, where, error)};
    }
    Check c;
    c.key = HostKeys::serverKey(m_session);
    c.knownHostsFile = HostKeys::knownHostsPath(m_session, m_knownHostsFile);
    switch (ssh_session_is_known_server(m_session)) {
        case SSH_KNOWN_HOSTS_OK:
            c.state = State::Known;
            break;
        case SSH_KNOWN_HOSTS_NOT_FOUND:
        case SSH_KNOWN_HOSTS_UNKNOWN:
            c.state = State::Unknown;
            break;
        case SSH_KNOWN_HOSTS_CHANGED:
        case SSH_KNOWN_HOSTS_OTHER:
            // OTHER (a key of another type is recorded) is treated like a change: never accepted.
            c.state = State::Changed;
            c.message = HostKeys::changedMessage(m_host, c.key, c.knownHostsFile);
            break;
        case SSH_KNOWN_HOSTS_ERROR:
        default:
            return Error{
                QStringLiteral("host_key_error"),
                tr("Could not check the SSH host key of %1 (%2) against %3: %4. Check that "
                   "the known_hosts file is readable and well-formed.")
                    .arg(m_host.alias, where, c.knownHostsFile,
                         QString::fromUtf8(ssh_get_error(m_session)))};
    }
    m_check = c;
    return c;
}

Status HostTrust::record() {
    if (!m_check || !m_session) {
        return Error{QStringLiteral("host_key_error"),
                     tr("Internal error: the host key was not checked before recording it.")};
    }
    if (m_check->state == State::Known)
        return Ok{};
    if (m_check->state == State::Changed)
        return Error{QStringLiteral("host_key_changed"), m_check->message};
    if (ssh_session_update_known_hosts(m_session) != SSH_OK) {
        return Error{QStringLiteral("host_key_error"),
                     tr("Could not write the host key of %1 to %2: %3. Check that the file and "
                        "its folder are writable.")
                         .arg(m_host.alias, m_check->knownHostsFile,
                              QString::fromUtf8(ssh_get_error(m_session)))};
    }
    return Ok{};
}

}  // namespace zerg
