#include "tools/sms_gateway.h"

#include "tools/network_failure.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QMessageAuthenticationCode>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QStringView>
#include <QTimer>
#include <QUrl>

#include <algorithm>

namespace zerg {
namespace {

// Of a gateway's error answer, this much is read, and this many characters of a text answer
// (not JSON) go into the error message.
constexpr qint64 kAnswerBytes = 64 * 1024;
constexpr qsizetype kAnswerChars = 300;

// '+', a country code (not starting with 0) and the number: 8 to 15 digits in all.
bool isE164(const QString& number) {
    static const QRegularExpression e164(QStringLiteral("^\\+[1-9][0-9]{7,14}$"));
    return e164.match(number).hasMatch();
}

// Digits, maybe with '+', spaces or the like: meant as a number (not a sender name).
bool looksLikeNumber(const QString& text) {
    static const QRegularExpression number(QStringLiteral("^[+0-9][0-9 ()./-]*$"));
    return number.match(text).hasMatch();
}

bool isHttpUrl(const QString& text) {
    const QUrl url(text);
    const QString scheme = url.scheme().toLower();
    return url.isValid() && !url.host().isEmpty() &&
           (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
}

QString twilioApi(const SmsConfig& config) {
    QString base = config.url.trimmed();
    if (base.isEmpty())
        base = QLatin1String(SmsConfig::kTwilioApi);
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base;
}

using Escape = QString (*)(const QString&);

QString percentEncoded(const QString& value) {
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

// The inside of a JSON string literal (without its quotes).
QString jsonEscaped(const QString& value) {
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(2, array.size() - 4));  // ["..."]
}

QString asIs(const QString& value) {
    return value;
}

// How the placeholders of a body of this content type are escaped.
Escape bodyEscape(const QString& contentType) {
    const QString type = contentType.toLower();
    if (type.contains(QLatin1String("json")))
        return jsonEscaped;
    if (type.contains(QLatin1String("application/x-www-form-urlencoded")))
        return percentEncoded;
    return asIs;
}

struct Values {
    QString to;
    QString from;
    QString text;
    QString token;
};

// The template with {to}, {from}, {text} and {token} replaced by their values, escaped. One pass
// over the template: a text that itself says "{token}" is sent as it is.
QString fill(const QString& pattern, const Values& values, Escape escape) {
    static const QRegularExpression placeholder(QStringLiteral("\\{(to|from|text|token)\\}"));
    QString out;
    qsizetype copied = 0;
    for (auto it = placeholder.globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(pattern).mid(copied, m.capturedStart() - copied);
        const QString name = m.captured(1);
        out += escape(name == QLatin1String("to")     ? values.to
                      : name == QLatin1String("from") ? values.from
                      : name == QLatin1String("text") ? values.text
                                                      : values.token);
        copied = m.capturedEnd();
    }
    out += QStringView(pattern).mid(copied);
    return out;
}

QByteArray formBody(const QList<QPair<QString, QString>>& fields) {
    QByteArray out;
    for (const auto& [name, value] : fields) {
        if (!out.isEmpty())
            out += '&';
        out += QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    }
    return out;
}

QString formDecoded(QByteArray part) {
    part.replace('+', ' ');
    return QUrl::fromPercentEncoding(part);
}

// At most kMaxChars, the cut marked with "…" (never between the halves of a surrogate pair).
QString cut(const QString& text) {
    if (text.size() <= SmsGateway::kMaxChars)
        return text;
    qsizetype keep = SmsGateway::kMaxChars - 1;
    if (text.at(keep - 1).isHighSurrogate())
        --keep;
    return text.left(keep) + QChar(0x2026);
}

QString sentence(const QString& text) {
    if (text.endsWith(QLatin1Char('.')) || text.endsWith(QLatin1Char('!')) ||
        text.endsWith(QLatin1Char('?'))) {
        return text;
    }
    return text + QLatin1Char('.');
}

// The gateway's own words in an error answer: Twilio's {"code", "message"}; another JSON
// answer's "message", "error" (a string or an object with a message) or "detail"; else the
// start of the answer as text.
struct GatewayAnswer {
    QString code;
    QString message;
};

GatewayAnswer readAnswer(const QByteArray& answer) {
    const QJsonDocument doc = QJsonDocument::fromJson(answer);
    if (doc.isObject()) {
        const QJsonObject o = doc.object();
        const QJsonValue error = o.value(QLatin1String("error"));
        QString message = o.value(QLatin1String("message")).toString();
        if (message.isEmpty()) {
            message = error.isObject() ? error.toObject().value(QLatin1String("message")).toString()
                                       : error.toString();
        }
        if (message.isEmpty())
            message = o.value(QLatin1String("detail")).toString();
        if (!message.isEmpty()) {
            const QJsonValue code = o.value(QLatin1String("code"));
            return {code.isDouble() || code.isString() ? code.toVariant().toString() : QString(),
                    message.simplified()};
        }
    }
    return {{}, QString::fromUtf8(answer).simplified().left(kAnswerChars)};
}

// What to check after an HTTP error status.
QString statusHint(SmsGatewayKind kind, int status) {
    const bool twilio = kind == SmsGatewayKind::Twilio;
    if (status >= 300 && status < 400) {
        return SmsGateway::tr(
            "Redirects are not followed: put the address it points to in ZERG_SMS_URL.");
    }
    if (status == 401 || status == 403) {
        return twilio ? SmsGateway::tr(
                            "Check ZERG_SMS_ACCOUNT and the secret \"sms_token\": the "
                            "Account SID and Auth Token of the Twilio console.")
                      : SmsGateway::tr("Check the secret \"sms_token\" and ZERG_SMS_URL.");
    }
    if (status == 404) {
        return twilio ? SmsGateway::tr("Check ZERG_SMS_ACCOUNT and ZERG_SMS_URL.")
                      : SmsGateway::tr("Check ZERG_SMS_URL.");
    }
    if (status == 429)
        return SmsGateway::tr("The gateway limits how many messages are sent; try again later.");
    if (status >= 500)
        return SmsGateway::tr("The gateway has a problem of its own; try again later.");
    return twilio ? SmsGateway::tr("Check ZERG_SMS_FROM and ZERG_SMS_TO.")
                  : SmsGateway::tr(
                        "Check ZERG_SMS_URL, ZERG_SMS_BODY, ZERG_SMS_FROM and ZERG_SMS_TO.");
}

}  // namespace

QStringList SmsConfig::problems() const {
    QStringList out;
    const bool twilio = kind == SmsGatewayKind::Twilio;
    const QString e164 = SmsGateway::tr(
        "'+', the country code and the number, 8 to 15 digits without spaces, e.g. "
        "+4915112345678");
    // Which placeholders the request has (the default form body has to, from and text).
    auto uses = [this](const char* placeholder) {
        const QString p = QLatin1String(placeholder);
        return url.contains(p) || bodyTemplate.contains(p) ||
               (bodyTemplate.isEmpty() && p != QLatin1String("{token}"));
    };

    if (twilio) {
        static const QRegularExpression sidPattern(QStringLiteral("^AC[0-9a-fA-F]{32}$"));
        if (!url.trimmed().isEmpty() && !isHttpUrl(url.trimmed())) {
            out << SmsGateway::tr(
                       "ZERG_SMS_URL is not an http(s) URL; leave it empty for Twilio's API (%1).")
                       .arg(QLatin1String(kTwilioApi));
        }
        const QString sid = account.trimmed();
        if (sid.isEmpty()) {
            out << SmsGateway::tr(
                "ZERG_SMS_ACCOUNT is not set: the Account SID of the Twilio console (AC and 32 "
                "hex digits).");
        } else if (!sidPattern.match(sid).hasMatch()) {
            out << SmsGateway::tr(
                       "ZERG_SMS_ACCOUNT \"%1\" is not an Account SID: that is AC and 32 hex "
                       "digits, as the Twilio console shows it.")
                       .arg(sid);
        }
        if (token.isEmpty()) {
            out << SmsGateway::tr(
                "The secret \"sms_token\" is not set: the Auth Token of the Twilio console.");
        }
    } else {
        if (url.trimmed().isEmpty()) {
            out << SmsGateway::tr(
                "ZERG_SMS_URL is not set: with ZERG_SMS_GATEWAY=http it is the gateway's URL, "
                "with {to}, {from}, {text} and {token} where they go.");
        } else if (!isHttpUrl(fill(url.trimmed(),
                                   {QStringLiteral("+10000000000"), QStringLiteral("x"),
                                    QStringLiteral("x"), QStringLiteral("x")},
                                   percentEncoded))) {
            out << SmsGateway::tr("ZERG_SMS_URL is not an http(s) URL.");
        }
        if (!uses("{text}")) {
            out << SmsGateway::tr(
                "Neither ZERG_SMS_URL nor ZERG_SMS_BODY has {text}, so the alert's text would not "
                "be sent.");
        }
        if (token.isEmpty() && uses("{token}")) {
            out << SmsGateway::tr(
                "The secret \"sms_token\" is not set, but ZERG_SMS_URL or ZERG_SMS_BODY uses "
                "{token}.");
        }
    }

    const QString sender = from.trimmed();
    if (sender.isEmpty()) {
        if (twilio) {
            out << SmsGateway::tr(
                       "ZERG_SMS_FROM is not set: the Twilio number the SMS is sent from (%1).")
                       .arg(e164);
        } else if (uses("{from}")) {
            out << SmsGateway::tr(
                       "ZERG_SMS_FROM is not set: the number the SMS is sent from (%1), or a "
                       "sender name the gateway allows.")
                       .arg(e164);
        }
    } else if ((twilio || looksLikeNumber(sender)) && !isE164(sender)) {
        out << SmsGateway::tr("ZERG_SMS_FROM \"%1\" is not a phone number in E.164 form: %2.")
                   .arg(sender, e164);
    }

    const QString recipient = to.trimmed();
    if (recipient.isEmpty()) {
        out << SmsGateway::tr("ZERG_SMS_TO is not set: the operator's mobile number (%1).")
                   .arg(e164);
    } else if (!isE164(recipient)) {
        out << SmsGateway::tr("ZERG_SMS_TO \"%1\" is not a phone number in E.164 form: %2.")
                   .arg(recipient, e164);
    }
    return out;
}

SmsGateway::SmsGateway(SmsConfig config, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_nam(new QNetworkAccessManager(this)) {}

SmsGateway::~SmsGateway() = default;

void SmsGateway::send(const QString& text, std::function<void(const QString& error)> done,
                      const QString& to) {
    if (!done)
        done = [](const QString&) {};
    const QString recipient = to.trimmed().isEmpty() ? m_config.to.trimmed() : to.trimmed();
    QString problem;
    if (text.trimmed().isEmpty()) {
        problem = tr("The SMS has no text; nothing was sent.");
    } else if (!to.trimmed().isEmpty() && !isE164(recipient)) {
        problem = tr("\"%1\" is not a phone number in E.164 form ('+', the country code and the "
                     "number, e.g. +4915112345678); nothing was sent.")
                      .arg(recipient);
    } else {
        SmsConfig effective = m_config;
        effective.to = recipient;
        if (const QStringList problems = effective.problems(); !problems.isEmpty()) {
            problem =
                tr("SMS is not set up, nothing was sent: %1").arg(problems.join(QLatin1Char(' ')));
        }
    }
    if (!problem.isEmpty()) {
        QTimer::singleShot(0, this, [done, problem = scrub(problem)] { done(problem); });
        return;
    }

    const Values values{recipient, m_config.from.trimmed(), cut(text), m_config.token};
    QNetworkRequest request;
    QByteArray body;
    if (m_config.kind == SmsGatewayKind::Twilio) {
        const QString account = m_config.account.trimmed();
        request.setUrl(QUrl(twilioApi(m_config) + QStringLiteral("/2010-04-01/Accounts/") +
                            percentEncoded(account) + QStringLiteral("/Messages.json")));
        request.setRawHeader(
            "Authorization",
            "Basic " + (account + QLatin1Char(':') + m_config.token).toUtf8().toBase64());
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArray("application/x-www-form-urlencoded"));
        body = formBody({{QStringLiteral("To"), values.to},
                         {QStringLiteral("From"), values.from},
                         {QStringLiteral("Body"), values.text}});
    } else {
        request.setUrl(QUrl(fill(m_config.url.trimmed(), values, percentEncoded)));
        if (m_config.bodyTemplate.isEmpty()) {
            request.setHeader(QNetworkRequest::ContentTypeHeader,
                              QByteArray("application/x-www-form-urlencoded"));
            body = formBody({{QStringLiteral("to"), values.to},
                             {QStringLiteral("from"), values.from},
                             {QStringLiteral("text"), values.text}});
        } else {
            const QString type = m_config.contentType.trimmed().isEmpty()
                                     ? QStringLiteral("text/plain; charset=utf-8")
                                     : m_config.contentType.trimmed();
            request.setHeader(QNetworkRequest::ContentTypeHeader, type.toUtf8());
            body = fill(m_config.bodyTemplate, values, bodyEscape(type)).toUtf8();
        }
    }
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("Zerg/0.1 (sms)"));
    // An SMS is one POST: never sent again to wherever a redirect points.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);

    QNetworkReply* reply = m_nam->post(request, body);
    auto* deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this, reply, done] {
        reply->disconnect(this);  // its finished() no longer reaches us
        reply->abort();
        reply->deleteLater();
        const QString error =
            tr("The SMS gateway %1 did not answer within %2 s; the message may or may not have "
               "been sent. Check ZERG_SMS_URL and the network.")
                .arg(where())
                .arg(std::max(1, m_config.timeoutSecs));
        done(error);
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, deadline, done] {
        deadline->stop();
        const QString error = outcome(reply);
        reply->deleteLater();
        done(error);
    });
    deadline->start(std::max(1, m_config.timeoutSecs) * 1000);
}

QString SmsGateway::outcome(QNetworkReply* reply) const {
    const QVariant statusAttr = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!statusAttr.isValid()) {
        const QString why = reply->errorString();
        switch (networkFailureOf(reply->error())) {
            case NetworkFailure::Unreachable:
                return scrub(tr("Could not reach the SMS gateway %1: %2. Check ZERG_SMS_URL and "
                                "that the gateway can be reached from here.")
                                 .arg(where(), why));
            case NetworkFailure::Tls:
                return scrub(tr("The TLS handshake with the SMS gateway %1 failed: %2. Its "
                                "certificate is not trusted here; check ZERG_SMS_URL (https and "
                                "the gateway's own host name) and the system's CA certificates.")
                                 .arg(where(), why));
            case NetworkFailure::Timeout:
                return scrub(tr("The SMS gateway %1 stopped answering: %2. The message may or "
                                "may not have been sent; check the network.")
                                 .arg(where(), why));
            case NetworkFailure::Other:
                return scrub(
                    tr("Sending the SMS through %1 failed: %2").arg(where(), sentence(why)));
        }
    }
    const int status = statusAttr.toInt();
    if (status >= 200 && status <= 299)
        return {};
    const GatewayAnswer answer = readAnswer(reply->read(kAnswerBytes));
    QString what = tr("HTTP %1").arg(status);
    if (!answer.code.isEmpty())
        what = tr("HTTP %1, error %2").arg(status).arg(answer.code);
    const QString message =
        answer.message.isEmpty()
            ? tr("The SMS gateway %1 did not take the message (%2, no details).").arg(where(), what)
            : tr("The SMS gateway %1 did not take the message (%2): %3")
                  .arg(where(), what, sentence(answer.message));
    return scrub(message + QLatin1Char(' ') + statusHint(m_config.kind, status));
}

QString SmsGateway::scrub(QString message) const {
    const QString& token = m_config.token;
    if (token.isEmpty())
        return message;
    message.replace(token, QStringLiteral("***"));
    message.replace(percentEncoded(token), QStringLiteral("***"));
    return message;
}

QString SmsGateway::where() const {
    const QUrl url(m_config.kind == SmsGatewayKind::Twilio ? twilioApi(m_config)
                                                           : m_config.url.trimmed());
    QString place = url.host();
    if (url.port() != -1)
        place += QLatin1Char(':') + QString::number(url.port());
    return place.isEmpty() ? tr("(no host in ZERG_SMS_URL)") : place;
}

std::optional<SmsInbound> SmsGateway::parseInbound(SmsGatewayKind kind, const QByteArray& body,
                                                   const QByteArray& contentType, QString* error) {
    // The request's fields by name (the first of a repeated one).
    QHash<QString, QString> fields;
    if (contentType.toLower().contains("json")) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
        if (!doc.isObject()) {
            if (error) {
                *error = tr("The SMS webhook's body is not a JSON object%1.")
                             .arg(parseError.error == QJsonParseError::NoError
                                      ? QString()
                                      : QStringLiteral(": ") + parseError.errorString());
            }
            return std::nullopt;
        }
        const QJsonObject o = doc.object();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.value().isString() || it.value().isDouble())
                fields.insert(it.key(), it.value().toVariant().toString());
        }
    } else {
        for (const auto& [name, value] : formParams(body)) {
            if (!fields.contains(name))
                fields.insert(name, value);
        }
    }

    auto field = [&fields](const char* name, const char* otherName = nullptr) {
        QString value = fields.value(QString::fromLatin1(name));
        if (value.isEmpty() && otherName)
            value = fields.value(QString::fromLatin1(otherName));
        return value;
    };
    const bool twilio = kind == SmsGatewayKind::Twilio;
    SmsInbound in;
    if (twilio) {
        in.id = field("MessageSid", "SmsSid");
        in.from = field("From");
        in.to = field("To");
        in.text = field("Body");
    } else {
        in.id = field("id", "message_id");
        in.from = field("from");
        in.to = field("to");
        in.text = field("text", "body");
    }
    in.from = in.from.trimmed();
    in.to = in.to.trimmed();

    QStringList missing;
    if (in.from.isEmpty())
        missing << (twilio ? QStringLiteral("\"From\"") : QStringLiteral("\"from\""));
    if (in.text.isEmpty())
        missing << (twilio ? QStringLiteral("\"Body\"") : QStringLiteral("\"text\""));
    if (!missing.isEmpty()) {
        if (error) {
            *error = tr("The SMS webhook's request has no %1, so it is not a message to read.")
                         .arg(missing.join(tr(" and ")));
        }
        return std::nullopt;
    }
    return in;
}

QByteArray SmsGateway::twilioSignature(const QString& fullUrl,
                                       const QList<QPair<QString, QString>>& params,
                                       const QString& token) {
    // Sorted by name; the values of a repeated name in order too (as Twilio's SDKs do).
    QList<QPair<QString, QString>> sorted = params;
    std::sort(sorted.begin(), sorted.end());
    QByteArray data = fullUrl.toUtf8();
    for (const auto& [name, value] : sorted)
        data += name.toUtf8() + value.toUtf8();
    return QMessageAuthenticationCode::hash(data, token.toUtf8(), QCryptographicHash::Sha1)
        .toBase64();
}

bool SmsGateway::twilioSignatureValid(const QString& fullUrl,
                                      const QList<QPair<QString, QString>>& params,
                                      const QString& token, const QByteArray& signature) {
    if (token.isEmpty())
        return false;
    const QByteArray expected = twilioSignature(fullUrl, params, token);
    const QByteArray given = signature.trimmed();
    if (given.size() != expected.size())
        return false;  // the length of a signature is no secret
    int difference = 0;
    for (qsizetype i = 0; i < expected.size(); ++i)
        difference |= expected[i] ^ given[i];
    return difference == 0;
}

QList<QPair<QString, QString>> SmsGateway::formParams(const QByteArray& body) {
    QList<QPair<QString, QString>> out;
    for (const QByteArray& piece : body.split('&')) {
        if (piece.isEmpty())
            continue;
        const qsizetype eq = piece.indexOf('=');
        out.append({formDecoded(eq < 0 ? piece : piece.left(eq)),
                    formDecoded(eq < 0 ? QByteArray() : piece.mid(eq + 1))});
    }
    return out;
}

}  // namespace zerg
