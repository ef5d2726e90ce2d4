#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

#include <sys/types.h>

namespace zerg::test {

// A real Dovecot IMAP server on 127.0.0.1:<free port>, in a temp folder, with one user whose mail
// is a Maildir there. Plain-text login without TLS (loopback only); IDLE is offered.
//
// Dovecot runs its login, auth and mail processes as the current user. It refuses to run them as
// root (imap-login: "This process must not be run as root"; imap: "userdb returned 0 as uid"), so
// as root they run as `nobody`, which then owns the folder; the master process stays root.
class DovecotFixture {
public:
    DovecotFixture();
    ~DovecotFixture();  // stops dovecot (SIGTERM, then wait), removes the temp folder
    DovecotFixture(const DovecotFixture&) = delete;
    DovecotFixture& operator=(const DovecotFixture&) = delete;

    // True when dovecot is installed; otherwise *why names scripts/setup.
    [[nodiscard]] bool available(QString* why) const;

    // Writes the config, the password file and the Maildir, starts `dovecot -F -c CONFIG` and
    // waits (up to ~10 s) until the port greets with "* OK". On failure returns false with the
    // reason and the tail of dovecot's log in *error.
    bool start(QString* error);

    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QString dir() const;
    [[nodiscard]] QString user() const;         // "zerg"
    [[nodiscard]] QString password() const;     // fixed test password
    [[nodiscard]] QString maildirPath() const;  // the user's Maildir (INBOX: its cur/ and new/)

    // Puts a message into the user's INBOX as a mail server would deliver it: written to the
    // Maildir's tmp/ and renamed into new/ (atomic). Works before start() too. Returns false with
    // *error on failure.
    bool deliver(const QByteArray& rawMessage, QString* error);

    // How many messages in INBOX carry the \Seen flag: Maildir files in cur/ whose info part
    // (after the last ":2,") contains 'S'.
    [[nodiscard]] int seenCount() const;

    // Dovecot's log (log_path): logins, errors of every process.
    [[nodiscard]] QString logPath() const;

private:
    bool prepare(QString* error);
    bool own(const QString& path, QString* error) const;
    bool waitUntilGreeting(QString* error);
    [[nodiscard]] QString logTail() const;

    QTemporaryDir m_tmp;
    std::unique_ptr<QProcess> m_dovecot;
    quint16 m_port = 0;
    QString m_dovecotPath;
    // The account dovecot's processes run as (the current user, or nobody as root).
    bool m_prepared = false;
    QString m_runAsUser;
    QString m_runAsGroup;
    uid_t m_uid = 0;
    gid_t m_gid = 0;
    int m_delivered = 0;
};

}  // namespace zerg::test
