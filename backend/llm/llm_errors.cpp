#include "llm/llm_errors.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace zerg::llm {
namespace {

bool mentionsContextLength(const QString& type, const QString& message) {
    const QString t = type.toLower();
    const QString m = message.toLower();
    return t.contains(QLatin1String("context_length")) ||
           m.contains(QLatin1String("context_length")) ||
           m.contains(QLatin1String("context length")) ||
           m.contains(QLatin1String("maximum context")) ||
           m.contains(QLatin1String("prompt is too long")) ||
           m.contains(QLatin1String("too many tokens"));
}

QByteArray header(const HeaderList& headers, const char* name) {
    for (const auto& h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second.trimmed();
    }
    return {};
}

}  // namespace

QString classifyHttp(int status, const QString& errorType, const QString& errorMessage) {
    if (mentionsContextLength(errorType, errorMessage))
        return QString::fromLatin1(errors::ContextLength);
    if (errorType == QLatin1String("overloaded_error"))
        return QString::fromLatin1(errors::Overloaded);
    if (status == 401 || status == 403)
        return QString::fromLatin1(errors::Auth);
    if (status == 429)
        return QString::fromLatin1(errors::RateLimited);
    if (status == 529 || status == 503)
        return QString::fromLatin1(errors::Overloaded);
    if (status == 408 || status == 409 || status >= 500)
        return QString::fromLatin1(errors::Server);
    return QString::fromLatin1(errors::BadRequest);
}

QString classifyStreamError(const QString& errorType, const QString& errorMessage) {
    if (mentionsContextLength(errorType, errorMessage))
        return QString::fromLatin1(errors::ContextLength);
    const QString t = errorType.toLower();
    if (t == QLatin1String("overloaded_error"))
        return QString::fromLatin1(errors::Overloaded);
    if (t == QLatin1String("rate_limit_error") || t.contains(QLatin1String("rate_limit")))
        return QString::fromLatin1(errors::RateLimited);
    if (t == QLatin1String("api_error") || t == QLatin1String("server_error"))
        return QString::fromLatin1(errors::Server);
    if (t == QLatin1String("authentication_error") || t == QLatin1String("permission_error"))
        return QString::fromLatin1(errors::Auth);
    if (t == QLatin1String("invalid_request_error"))
        return QString::fromLatin1(errors::BadRequest);
    return QString::fromLatin1(errors::Api);
}

bool isTransient(const QString& code) {
    return code == QLatin1String(errors::RateLimited) ||
           code == QLatin1String(errors::Overloaded) || code == QLatin1String(errors::Server) ||
           code == QLatin1String(errors::Network) || code == QLatin1String(errors::Timeout);
}

qint64 retryAfterMs(const HeaderList& headers, const QDateTime& nowUtc) {
    bool ok = false;
    const QByteArray ms = header(headers, "retry-after-ms");
    if (!ms.isEmpty()) {
        const double v = ms.toDouble(&ok);
        if (ok && v >= 0)
            return qint64(v);
    }
    const QByteArray ra = header(headers, "retry-after");
    if (ra.isEmpty())
        return -1;
    const double secs = ra.toDouble(&ok);
    if (ok)
        return secs >= 0 ? qint64(secs * 1000) : -1;
    // An HTTP date, e.g. "Wed, 21 Oct 2015 07:28:00 GMT".
    QDateTime when = QLocale::c().toDateTime(QString::fromLatin1(ra),
                                             QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!when.isValid())
        return -1;
    when.setTimeSpec(Qt::UTC);
    const qint64 delta = nowUtc.msecsTo(when);
    return delta > 0 ? delta : 0;
}

int shouldRetry(const HeaderList& headers) {
    const QByteArray v = header(headers, "x-should-retry").toLower();
    if (v == "true")
        return 1;
    if (v == "false")
        return 0;
    return -1;
}

QPair<QString, QString> errorTypeAndMessage(const QByteArray& jsonBody) {
    const QJsonDocument doc = QJsonDocument::fromJson(jsonBody);
    if (!doc.isObject())
        return {};
    const QJsonValue e = doc.object().value(QStringLiteral("error"));
    if (e.isString())
        return {QString(), e.toString()};
    const QJsonObject o = e.toObject();
    QString type = o.value(QStringLiteral("type")).toString();
    const QString code = o.value(QStringLiteral("code")).toString();
    if (!code.isEmpty() && (type.isEmpty() || code.contains(QLatin1String("context_length"))))
        type = code;
    return {type, o.value(QStringLiteral("message")).toString()};
}

}  // namespace zerg::llm
