#pragma once

#include "core/status.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <optional>
#include <utility>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

// Which SMS gateway sends the alerts (ZERG_SMS_GATEWAY): Twilio's REST API, or any gateway
// reached by one HTTP POST made from a template.
enum class SmsGatewayKind { Twilio, Http };

template <>
struct StatusTable<SmsGatewayKind> {
    static constexpr std::array<std::pair<SmsGatewayKind, const char*>, 2> names{{
        {SmsGatewayKind::Twilio, "twilio"},
        {SmsGatewayKind::Http, "http"},
    }};
};

// Where and how SMS alerts are sent (issue 27). The token is a secret ("sms_token"): it never
// appears in an error message or a log.
struct SmsConfig {
    static constexpr const char* kTwilioApi = "https://api.twilio.com";

    SmsGatewayKind kind = SmsGatewayKind::Twilio;
    // ZERG_SMS_URL. Twilio: the API base, empty for kTwilioApi (tests give a loopback stand-in).
    // Http: the URL template, with {to} {from} {text} {token} where they go (always
    // percent-encoded there).
    QString url;
    QString account;  // ZERG_SMS_ACCOUNT, Twilio: the Account SID ("AC" and 32 hex digits)
    // The secret "sms_token". Twilio: the Auth Token (Basic auth with the SID; also the key of
    // the webhook's signature). Http: put where the template says {token}.
    QString token;
    // ZERG_SMS_FROM: the sender number (E.164, e.g. +15005550006); Http also a sender name.
    QString from;
    QString to;  // ZERG_SMS_TO: the operator's number (E.164)
    // ZERG_SMS_BODY, Http only: the request body with {to} {from} {text} {token}; empty: a
    // form-encoded to=&from=&text=.
    QString bodyTemplate;
    // ZERG_SMS_CONTENT_TYPE, Http only: the body's content type (default text/plain). It decides
    // how the placeholders of the body are escaped: JSON string escaping for a JSON type,
    // percent-encoding for application/x-www-form-urlencoded, as they are otherwise.
    QString contentType;
    int timeoutSecs = 15;

    // What is missing or malformed, each naming the setting to fix (ZERG_SMS_URL, ZERG_SMS_BODY,
    // ZERG_SMS_ACCOUNT, ZERG_SMS_FROM, ZERG_SMS_TO, the secret "sms_token"); empty when usable.
    // Numbers are E.164: '+' and 8 to 15 digits (Http's sender may be a name instead).
    [[nodiscard]] QStringList problems() const;
};

// One inbound message as the gateway's webhook delivers it.
struct SmsInbound {
    QString id;  // the gateway's message id (Twilio: MessageSid); may be empty for Http
    QString from;
    QString to;
    QString text;
};

// Sends SMS through the configured gateway, and reads what its webhook delivers.
//
// Twilio: POST <url>/2010-04-01/Accounts/<account>/Messages.json, form-encoded To, From, Body,
// Basic auth account:token. Http: POST to the URL template with the body template.
// A send succeeds on a 2xx answer; redirects are not followed.
class SmsGateway : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxChars = 1600;  // Twilio's limit; longer texts are cut with "…"

    explicit SmsGateway(SmsConfig config, QObject* parent = nullptr);
    ~SmsGateway() override;

    // Sends text to config().to, or to `to` when given. done(error) is called once, later from
    // the event loop (never from within send()): an empty error on success, else what happened
    // and what to check (the HTTP status with the gateway's own message, connection refused,
    // TLS, no answer within timeoutSecs). A send still in flight when the gateway is destroyed
    // is aborted and its done is not called.
    void send(const QString& text, std::function<void(const QString& error)> done,
              const QString& to = {});

    [[nodiscard]] const SmsConfig& config() const { return m_config; }

    // Reads a webhook request's body (JSON when contentType says so, form-encoded otherwise).
    // Twilio: MessageSid, From, To, Body. Http: "id" (or "message_id"), "from", "to", "text"
    // (or "body"). nullopt with *error set (when error is given) when from or text is missing.
    [[nodiscard]] static std::optional<SmsInbound> parseInbound(SmsGatewayKind kind,
                                                                const QByteArray& body,
                                                                const QByteArray& contentType,
                                                                QString* error);

    // Twilio's webhook signature (X-Twilio-Signature): base64(HMAC-SHA1(token, fullUrl and then,
    // for each POST parameter sorted by name, its name and value)). fullUrl is the URL Twilio
    // called, query included, exactly as configured there. The comparison takes constant time.
    [[nodiscard]] static bool twilioSignatureValid(const QString& fullUrl,
                                                   const QList<QPair<QString, QString>>& formParams,
                                                   const QString& token,
                                                   const QByteArray& signature);
    // The signature itself (for tests and the stand-in).
    [[nodiscard]] static QByteArray twilioSignature(
        const QString& fullUrl, const QList<QPair<QString, QString>>& formParams,
        const QString& token);

    // The parameters of an application/x-www-form-urlencoded body, decoded ('+' is a space),
    // in order.
    [[nodiscard]] static QList<QPair<QString, QString>> formParams(const QByteArray& body);

private:
    // What an answer or a failure means for the person configuring the gateway; empty for 2xx.
    [[nodiscard]] QString outcome(QNetworkReply* reply) const;
    // The message without the token (as it is and percent-encoded).
    [[nodiscard]] QString scrub(QString message) const;
    // Where the gateway is, for messages: its host (and port when one is given).
    [[nodiscard]] QString where() const;

    SmsConfig m_config;
    QNetworkAccessManager* m_nam = nullptr;
};

}  // namespace zerg
