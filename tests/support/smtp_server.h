#pragma once

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace zerg::test {

// A real SMTP server on 127.0.0.1:<free port>: Debian's python3-aiosmtpd, run from a small
// script in a temp folder. Every message it accepts is parsed by Python's own e-mail package
// (an independent decoder of our MIME) and written as NNN.json:
//   {mail_from, rcpt_tos, from, to, subject (decoded), message_id, date, content_type, charset,
//    transfer_encoding, body (decoded), raw (the bytes as received), authenticated, tls}
class SmtpServer {
public:
    SmtpServer();
    ~SmtpServer();  // stops the server (SIGTERM, then wait), removes the temp folder
    SmtpServer(const SmtpServer&) = delete;
    SmtpServer& operator=(const SmtpServer&) = delete;

    // Require AUTH (PLAIN/LOGIN, allowed without TLS) with these credentials. Before start().
    void requireLogin(const QString& user, const QString& password);

    // Offer STARTTLS with a fresh self-signed certificate for 127.0.0.1 (made with the openssl
    // command) and refuse mail sent in clear. Before start(); false with *error when openssl is
    // missing or fails.
    bool requireStartTls(QString* error);
    // The certificate (PEM) to trust; empty unless requireStartTls() succeeded.
    [[nodiscard]] QString certificateFile() const { return m_cert; }

    // Starts the server and waits (up to ~15 s) until it listens. On failure returns false with
    // the reason in *error.
    bool start(QString* error);
    void stop();

    [[nodiscard]] quint16 port() const { return m_port; }
    // The messages received so far, in order.
    [[nodiscard]] QList<QJsonObject> messages() const;

    // A python3 that can import aiosmtpd (Debian's /usr/bin/python3 first); empty, with *why,
    // when there is none.
    [[nodiscard]] static QString findPython(QString* why);

private:
    QTemporaryDir m_tmp;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    QString m_user;
    QString m_password;
    QString m_cert;
    QString m_key;
};

}  // namespace zerg::test
