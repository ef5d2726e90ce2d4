#pragma once

#include "api/http_endpoint.h"

#include <QByteArray>

namespace zerg {
class SmsReplies;
}  // namespace zerg

namespace zerg::api {

// The SMS gateway's webhook on `zerg serve`'s port (issue 27, docs/alerts.md): an SMS sent to
// Zerg's number, delivered by the gateway, handed to SmsReplies once it proved where it came
// from. Served without a login, like the links of ActionEndpoint:
//
//   POST /sms          Twilio: the request must carry X-Twilio-Signature, made with the Auth Token
//                      over exactly SmsRepliesConfig::webhookUrl() and the form (else 403).
//   POST /sms/<key>    an HTTP gateway: the secret address is the credential (else 404).
//
// Answers 200 once the SMS is recorded (Twilio: an empty TwiML <Response/>, so nothing is sent
// back by the webhook; Jarvis's answer goes out later through the REST API), 400 when the body
// has no sender or text, 503 when it could not be recorded (the gateway may try again).
class SmsEndpoint : public OneShotHttpEndpoint {
    Q_OBJECT
public:
    // replies and clock must outlive this.
    SmsEndpoint(HttpEndpointLimits limits, SmsReplies* replies, Clock* clock,
                QObject* parent = nullptr);

    [[nodiscard]] static bool isSmsPath(const QByteArray& path) {
        return path == "/sms" || path.startsWith("/sms/");
    }

private:
    [[nodiscard]] HttpAnswer answer(const HttpRequest& request) override;
    [[nodiscard]] HttpAnswer refusal(Refusal why, int status, const QString& message) override;

    SmsReplies* m_replies;
};

}  // namespace zerg::api
