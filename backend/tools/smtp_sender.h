#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

namespace zerg {

// Where send_email delivers. Proposed environment: ZERG_SMTP_HOST, ZERG_SMTP_PORT,
// ZERG_SMTP_TLS (none | starttls | implicit), ZERG_SMTP_USER, ZERG_SMTP_FROM; the password from
// the secret store key "smtp_password".
struct SmtpSettings {
    enum class Tls { None, StartTls, Implicit };
    QString host;
    int port = 0;  // 0: 25 for None, 587 for StartTls, 465 for Implicit
    Tls tls = Tls::StartTls;
    QString username;  // empty: no AUTH
    QString password;  // secret: never logged, never in results
    QString from;      // the sender address
    int timeoutSecs = 30;
    QString caFile;  // extra CA bundle for a private server; empty: the system's

    [[nodiscard]] bool configured() const { return !host.isEmpty() && !from.isEmpty(); }
    [[nodiscard]] int effectivePort() const {
        return port > 0 ? port : tls == Tls::Implicit ? 465 : tls == Tls::StartTls ? 587 : 25;
    }
    // "none", "starttls" or "implicit" (also "plain", "smtps", "ssl", "tls"); false otherwise.
    [[nodiscard]] static bool parseTls(const QString& text, Tls* out);
};

// One message for the SMTP conversation, copied so the worker thread shares nothing mutable.
struct SmtpJob {
    SmtpSettings settings;
    QStringList recipients;  // envelope RCPT TO
    QByteArray message;      // RFC 5322 bytes, CRLF
};

// Sends one message with libcurl's SMTP, blocking, on the thread it was moved to. The shared
// cancel flag is checked by curl's progress callback about once a second and on every transfer
// step. run() emits done() once: {ok: true} or {ok: false, error, error_code} with error_code
// connect_failed, tls_failed, auth_failed, rejected, timeout, cancelled or smtp_error; messages
// never contain the password.
class SmtpSender final : public QObject {
    Q_OBJECT
public:
    SmtpSender(SmtpJob job, std::shared_ptr<const std::atomic_bool> cancel);

    // curl_global_init, once per process, before any thread uses libcurl. Call it on the main
    // thread (SendEmailTool's constructor does).
    static void initCurl();

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void done(const QJsonObject& payload);

private:
    SmtpJob m_job;
    std::shared_ptr<const std::atomic_bool> m_cancel;
};

}  // namespace zerg
