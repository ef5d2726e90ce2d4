#include "tools/smtp_sender.h"

#include <QCoreApplication>
#include <QThread>
#include <QUrl>

#include <curl/curl.h>

#include <cstring>
#include <mutex>

namespace zerg {
namespace {

// The message as curl reads it, in pieces.
struct Upload {
    const QByteArray* data;
    qsizetype offset = 0;
};

size_t readMessage(char* buffer, size_t size, size_t count, void* user) {
    auto* up = static_cast<Upload*>(user);
    const size_t room = size * count;
    const size_t left = size_t(up->data->size() - up->offset);
    const size_t n = std::min(room, left);
    std::memcpy(buffer, up->data->constData() + up->offset, n);
    up->offset += qsizetype(n);
    return n;
}

int progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    const auto* cancel = static_cast<const std::atomic_bool*>(user);
    return cancel->load() ? 1 : 0;  // non-zero aborts the transfer
}

// curl's slist, freed on every path.
struct SList {
    curl_slist* list = nullptr;
    ~SList() { curl_slist_free_all(list); }
    bool append(const QByteArray& s) {
        curl_slist* next = curl_slist_append(list, s.constData());
        if (!next)
            return false;
        list = next;
        return true;
    }
};

QJsonObject failure(const QString& code, const QString& message) {
    return {{QStringLiteral("ok"), false},
            {QStringLiteral("error_code"), code},
            {QStringLiteral("error"), message}};
}

}  // namespace

bool SmtpSettings::parseTls(const QString& text, Tls* out) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("none") || t == QLatin1String("plain"))
        *out = Tls::None;
    else if (t == QLatin1String("starttls"))
        *out = Tls::StartTls;
    else if (t == QLatin1String("implicit") || t == QLatin1String("smtps") ||
             t == QLatin1String("ssl") || t == QLatin1String("tls"))
        *out = Tls::Implicit;
    else
        return false;
    return true;
}

SmtpSender::SmtpSender(SmtpJob job, std::shared_ptr<const std::atomic_bool> cancel)
    : m_job(std::move(job)), m_cancel(std::move(cancel)) {}

void SmtpSender::initCurl() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

void SmtpSender::run() {
    initCurl();
    const SmtpSettings& s = m_job.settings;
    const QString where = QStringLiteral("%1:%2").arg(s.host).arg(s.effectivePort());
    std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl) {
        Q_EMIT done(failure(QStringLiteral("smtp_error"),
                            tr("Could not initialize libcurl; the system may be out of memory.")));
        QThread::currentThread()->quit();
        return;
    }
    CURL* c = curl.get();
    const QByteArray url = (s.tls == SmtpSettings::Tls::Implicit ? "smtps://" : "smtp://") +
                           QUrl::toAce(s.host) + ':' + QByteArray::number(s.effectivePort());
    const QByteArray from = '<' + s.from.toUtf8() + '>';
    const QByteArray user = s.username.toUtf8();
    const QByteArray password = s.password.toUtf8();
    const QByteArray caFile = s.caFile.toUtf8();
    SList rcpt;
    for (const QString& r : m_job.recipients)
        rcpt.append('<' + r.toUtf8() + '>');
    Upload upload{&m_job.message};
    char errorBuffer[CURL_ERROR_SIZE] = {0};

    curl_easy_setopt(c, CURLOPT_URL, url.constData());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);  // required with threads
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, long(std::min(s.timeoutSecs, 30)));
    curl_easy_setopt(c, CURLOPT_TIMEOUT, long(s.timeoutSecs));
    if (s.tls == SmtpSettings::Tls::StartTls)
        curl_easy_setopt(c, CURLOPT_USE_SSL, long(CURLUSESSL_ALL));  // refuse to go on in clear
    if (!caFile.isEmpty())
        curl_easy_setopt(c, CURLOPT_CAINFO, caFile.constData());
    if (!user.isEmpty()) {
        curl_easy_setopt(c, CURLOPT_USERNAME, user.constData());
        curl_easy_setopt(c, CURLOPT_PASSWORD, password.constData());
    }
    curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.constData());
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt.list);
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_READFUNCTION, readMessage);
    curl_easy_setopt(c, CURLOPT_READDATA, &upload);
    curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, curl_off_t(m_job.message.size()));
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, m_cancel.get());

    const CURLcode rc = curl_easy_perform(c);
    QString detail = QString::fromUtf8(errorBuffer).trimmed();
    if (detail.isEmpty())
        detail = QString::fromUtf8(curl_easy_strerror(rc));
    if (!s.password.isEmpty())
        detail.replace(s.password, QStringLiteral("[redacted]"));

    QJsonObject result;
    switch (rc) {
        case CURLE_OK:
            result = {{QStringLiteral("ok"), true}};
            break;
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_CONNECT:
            result = failure(QStringLiteral("connect_failed"),
                             tr("Could not connect to the SMTP server %1: %2. Check ZERG_SMTP_HOST "
                                "and ZERG_SMTP_PORT and that the server is running.")
                                 .arg(where, detail));
            break;
        case CURLE_USE_SSL_FAILED:
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CACERT_BADFILE:
            result =
                failure(QStringLiteral("tls_failed"),
                        tr("TLS with the SMTP server %1 failed: %2. Check ZERG_SMTP_TLS (none, "
                           "starttls or implicit) and the server's certificate; for a private "
                           "certificate authority set ZERG_SMTP_CA_FILE to its PEM file.")
                            .arg(where, detail));
            break;
        case CURLE_LOGIN_DENIED:
            result = failure(QStringLiteral("auth_failed"),
                             tr("The SMTP server %1 rejected the login of user \"%2\": %3. Check "
                                "ZERG_SMTP_USER and the smtp_password secret.")
                                 .arg(where, s.username, detail));
            break;
        case CURLE_OPERATION_TIMEDOUT:
            result =
                failure(QStringLiteral("timeout"),
                        tr("The SMTP server %1 did not answer within %2 s: %3. Try again later.")
                            .arg(where)
                            .arg(s.timeoutSecs)
                            .arg(detail));
            break;
        case CURLE_ABORTED_BY_CALLBACK:
            result = failure(QStringLiteral("cancelled"), QStringLiteral("cancelled"));
            break;
        case CURLE_SEND_ERROR:
        case CURLE_RECV_ERROR:
        case CURLE_WEIRD_SERVER_REPLY:
            // libcurl reports refused senders/recipients and an AUTH the server requires this way.
            result = failure(
                detail.contains(QLatin1String("RCPT")) || detail.contains(QLatin1String("MAIL"))
                    ? QStringLiteral("rejected")
                    : QStringLiteral("smtp_error"),
                tr("The SMTP server %1 refused the message: %2. Check the addresses "
                   "(and ZERG_SMTP_FROM), or whether the server needs a login.")
                    .arg(where, detail));
            break;
        default:
            result =
                failure(QStringLiteral("smtp_error"),
                        tr("Sending through the SMTP server %1 failed: %2.").arg(where, detail));
    }
    Q_EMIT done(result);
    QThread::currentThread()->quit();
}

}  // namespace zerg
