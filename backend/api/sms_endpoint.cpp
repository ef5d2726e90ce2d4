#include "api/sms_endpoint.h"

#include "runtime/sms_replies.h"

#include <QCryptographicHash>
#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace zerg::api {

namespace {

HttpAnswer plain(int status, const QString& message, HttpHeaders headers = {}) {
    headers.emplaceBack("Content-Type", "text/plain; charset=utf-8");
    return {status, std::move(headers), (message + u'\n').toUtf8()};
}

// Compares two secrets in a time that does not tell how much of them matched.
bool sameSecret(const QByteArray& a, const QByteArray& b) {
    const QByteArray ha = QCryptographicHash::hash(a, QCryptographicHash::Sha256);
    const QByteArray hb = QCryptographicHash::hash(b, QCryptographicHash::Sha256);
    unsigned char diff = 0;
    for (int i = 0; i < ha.size(); ++i)
        diff |= static_cast<unsigned char>(ha.at(i) ^ hb.at(i));
    return diff == 0;
}

}  // namespace

SmsEndpoint::SmsEndpoint(HttpEndpointLimits limits, SmsReplies* replies, Clock* clock,
                         QObject* parent)
    : OneShotHttpEndpoint(limits, clock, parent), m_replies(replies) {}

HttpAnswer SmsEndpoint::refusal(Refusal why, int status, const QString& message) {
    switch (why) {
        case Refusal::Busy:
            return plain(status, tr("Too many requests at once; send the SMS again."));
        case Refusal::TooSlow:
            return plain(status, tr("The request did not arrive whole in time."));
        case Refusal::Malformed:
            break;
    }
    return plain(status, message);
}

HttpAnswer SmsEndpoint::answer(const HttpRequest& request) {
    const SmsRepliesConfig& config = m_replies->config();
    // An HTTP gateway's address is its credential: a wrong one is not there at all.
    if (!sameSecret(request.path, config.webhookPath().toUtf8()))
        return plain(404, tr("Not found."));
    if (request.method != "POST")
        return plain(405, tr("The SMS webhook takes POST only."), {{"Allow", "POST"}});
    if (config.kind == SmsGatewayKind::Twilio) {
        const QByteArray signature = request.header("x-twilio-signature");
        if (!SmsGateway::twilioSignatureValid(config.webhookUrl(),
                                              SmsGateway::formParams(request.body), config.token,
                                              signature)) {
            qCWarning(lcApi,
                      "refused an SMS webhook request: %s. Twilio signs the webhook's address as "
                      "configured there: it must be exactly %s, and the Auth Token the secret "
                      "sms_token.",
                      signature.isEmpty() ? "it is not signed" : "its signature does not match",
                      qPrintable(config.webhookUrl()));
            return plain(403, tr("The request's signature does not match."));
        }
    }
    QString error;
    const std::optional<SmsInbound> sms =
        SmsGateway::parseInbound(config.kind, request.body, request.header("content-type"), &error);
    if (!sms) {
        qCWarning(lcApi, "an SMS webhook request could not be read: %s", qPrintable(error));
        return plain(400, error);
    }
    const Result<ReplyRecord> taken = m_replies->take(*sms);
    if (!taken) {
        qCWarning(lcApi, "an SMS was not recorded: %s", qPrintable(taken.error().message));
        return plain(503, tr("The SMS could not be recorded; send it again."));
    }
    if (config.kind == SmsGatewayKind::Twilio) {
        return {200,
                {{"Content-Type", "text/xml; charset=utf-8"}},
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response/>"};
    }
    return plain(200, QStringLiteral("ok"));
}

}  // namespace zerg::api
