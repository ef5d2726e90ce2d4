// SmsGateway (issue 27): SMS alerts through Twilio's REST API or a generic HTTP template, sent to
// a real loopback HTTP stand-in; the gateway's errors as clear messages without the token; the
// settings' problems; inbound messages from the webhook; Twilio's webhook signature against the
// vectors of Twilio's own SDK tests.
#include "tools/sms_gateway.h"

#include "http_stub.h"
#include "temp_env.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <memory>
#include <optional>

using namespace zerg;
using zerg::test::HttpStub;

namespace {

constexpr int kWaitMs = 20000;

const QString kSid = QStringLiteral("AC0123456789abcdef0123456789abcdef");
const QString kToken = QStringLiteral("s3cret-auth-token-value");
const QString kOperator = QStringLiteral("+4915112345678");
const QString kSender = QStringLiteral("+15005550006");

SmsConfig twilioConfig(const QString& url) {
    SmsConfig c;
    c.kind = SmsGatewayKind::Twilio;
    c.url = url;
    c.account = kSid;
    c.token = kToken;
    c.from = kSender;
    c.to = kOperator;
    return c;
}

QByteArray twilioPath() {
    return "/2010-04-01/Accounts/" + kSid.toLatin1() + "/Messages.json";
}

// Sends text and waits for done: its error (empty on success), nullopt when done never came.
std::optional<QString> sendAndWait(SmsGateway& gateway, const QString& text,
                                   const QString& to = {}) {
    auto result = std::make_shared<std::optional<QString>>();
    gateway.send(
        text, [result](const QString& error) { *result = error; }, to);
    if (!QTest::qWaitFor([result] { return result->has_value(); }, kWaitMs))
        return std::nullopt;
    return *result;
}

QString param(const QList<QPair<QString, QString>>& params, const QString& name) {
    for (const auto& [n, value] : params) {
        if (n == name)
            return value;
    }
    return QStringLiteral("<missing>");
}

QString problemsOf(const SmsConfig& config) {
    return config.problems().join(QLatin1Char('\n'));
}

}  // namespace

class TestSmsGateway : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindsHaveTheirWords() {
        QCOMPARE(statusName(SmsGatewayKind::Twilio), QStringLiteral("twilio"));
        QCOMPARE(statusName(SmsGatewayKind::Http), QStringLiteral("http"));
        QVERIFY(parseStatus<SmsGatewayKind>(u"http") == SmsGatewayKind::Http);
        QVERIFY(!parseStatus<SmsGatewayKind>(u"off").has_value());
    }

    void twilioPostsTheFormWithBasicAuth() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", twilioPath(), 201, R"({"sid":"SM0123","status":"queued"})");
        SmsGateway gateway(twilioConfig(stub.baseUrl()));
        const QString text = QStringLiteral("Disk /var 95% full & rising + more: äöü");

        const std::optional<QString> error = sendAndWait(gateway, text);
        QVERIFY(error.has_value());
        QVERIFY2(error->isEmpty(), qPrintable(*error));
        QCOMPARE(stub.requests().size(), 1);
        const HttpStub::Request& r = stub.requests().first();
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.path, twilioPath());
        QCOMPARE(r.headers.value("authorization"),
                 QByteArray("Basic " + (kSid + QLatin1Char(':') + kToken).toUtf8().toBase64()));
        QVERIFY2(r.headers.value("content-type").startsWith("application/x-www-form-urlencoded"),
                 r.headers.value("content-type").constData());
        const QList<QPair<QString, QString>> params = SmsGateway::formParams(r.body);
        QCOMPARE(params.size(), 3);
        QCOMPARE(param(params, QStringLiteral("To")), kOperator);
        QCOMPARE(param(params, QStringLiteral("From")), kSender);
        QCOMPARE(param(params, QStringLiteral("Body")), text);

        // Another recipient than the configured one.
        const std::optional<QString> again =
            sendAndWait(gateway, QStringLiteral("hi"), QStringLiteral("+14155550123"));
        QVERIFY(again.has_value());
        QVERIFY2(again->isEmpty(), qPrintable(*again));
        QCOMPARE(stub.requests().size(), 2);
        QCOMPARE(param(SmsGateway::formParams(stub.requests().at(1).body), QStringLiteral("To")),
                 QStringLiteral("+14155550123"));
    }

    void twilioErrorSaysWhatTwilioSaid() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", twilioPath(), 400,
                   "{\"code\":21211,\"message\":\"The 'To' number is not a valid phone "
                   "number.\",\"more_info\":\"https://www.twilio.com/docs/errors/21211\","
                   "\"status\":400}");
        SmsGateway gateway(twilioConfig(stub.baseUrl()));

        const std::optional<QString> error = sendAndWait(gateway, QStringLiteral("disk full"));
        QVERIFY(error.has_value());
        QVERIFY(!error->isEmpty());
        QVERIFY2(error->contains(QStringLiteral("The 'To' number is not a valid phone number.")),
                 qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("400")), qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("21211")), qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("ZERG_SMS_TO")), qPrintable(*error));
        QVERIFY2(!error->contains(kToken), qPrintable(*error));
    }

    void httpTemplateEscapesJsonBodyAndEncodesUrl() {
        HttpStub stub;
        QVERIFY(stub.start());
        const QByteArray path = "/api/send?to=%2B4915112345678&key=tok3n";
        stub.route("POST", path, 200, R"({"ok":true})");
        SmsConfig c;
        c.kind = SmsGatewayKind::Http;
        c.url = stub.baseUrl() + QStringLiteral("/api/send?to={to}&key={token}");
        c.token = QStringLiteral("tok3n");
        c.from = QStringLiteral("Zerg");  // a sender name: allowed for a generic gateway
        c.to = kOperator;
        c.bodyTemplate = QStringLiteral(R"({"to":"{to}","from":"{from}","message":"{text}"})");
        c.contentType = QStringLiteral("application/json");
        QVERIFY2(c.problems().isEmpty(), qPrintable(problemsOf(c)));
        SmsGateway gateway(c);
        // Quotes, a backslash, a newline, and a placeholder that is the text's own (not filled).
        const QString text = QStringLiteral("Disk \"/var\" is full\\\nsecond line {token}");

        const std::optional<QString> error = sendAndWait(gateway, text);
        QVERIFY(error.has_value());
        QCOMPARE(stub.requests().size(), 1);
        const HttpStub::Request& r = stub.requests().first();
        QCOMPARE(r.path, path);
        QVERIFY2(error->isEmpty(), qPrintable(*error));
        QCOMPARE(r.headers.value("content-type"), QByteArray("application/json"));
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(r.body, &parseError);
        QVERIFY2(doc.isObject(), qPrintable(parseError.errorString() + QLatin1Char(' ') +
                                            QString::fromUtf8(r.body)));
        const QJsonObject o = doc.object();
        QCOMPARE(o.value(QStringLiteral("message")).toString(), text);
        QCOMPARE(o.value(QStringLiteral("to")).toString(), kOperator);
        QCOMPARE(o.value(QStringLiteral("from")).toString(), QStringLiteral("Zerg"));
    }

    void httpWithoutBodyTemplatePostsAForm() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", "/sms", 202, "queued", "text/plain");
        SmsConfig c;
        c.kind = SmsGatewayKind::Http;
        c.url = stub.baseUrl() + QStringLiteral("/sms");
        c.from = kSender;
        c.to = kOperator;
        SmsGateway gateway(c);

        const std::optional<QString> error = sendAndWait(gateway, QStringLiteral("a & b = c"));
        QVERIFY(error.has_value());
        QVERIFY2(error->isEmpty(), qPrintable(*error));
        QCOMPARE(stub.requests().size(), 1);
        const QList<QPair<QString, QString>> params =
            SmsGateway::formParams(stub.requests().first().body);
        QCOMPARE(param(params, QStringLiteral("to")), kOperator);
        QCOMPARE(param(params, QStringLiteral("from")), kSender);
        QCOMPARE(param(params, QStringLiteral("text")), QStringLiteral("a & b = c"));
    }

    void connectionRefusedIsClear() {
        const quint16 port = test::freeLoopbackPort();
        QVERIFY(port > 0);
        SmsGateway twilio(twilioConfig(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        const std::optional<QString> error = sendAndWait(twilio, QStringLiteral("disk full"));
        QVERIFY(error.has_value());
        QVERIFY(!error->isEmpty());
        QVERIFY2(error->contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(*error));
        QVERIFY2(error->contains(QStringLiteral("ZERG_SMS_URL")), qPrintable(*error));
        QVERIFY2(!error->contains(kToken), qPrintable(*error));

        // A generic gateway with the token in its URL: still not in the message.
        SmsConfig c;
        c.kind = SmsGatewayKind::Http;
        c.url = QStringLiteral("http://127.0.0.1:%1/send?key={token}&text={text}").arg(port);
        c.token = kToken;
        c.to = kOperator;
        c.bodyTemplate = QStringLiteral("-");
        SmsGateway http(c);
        const std::optional<QString> httpError = sendAndWait(http, QStringLiteral("disk full"));
        QVERIFY(httpError.has_value());
        QVERIFY(!httpError->isEmpty());
        QVERIFY2(!httpError->contains(kToken), qPrintable(*httpError));
    }

    void aLongTextIsCut() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", twilioPath(), 201, R"({"sid":"SM1"})");
        SmsGateway gateway(twilioConfig(stub.baseUrl()));

        const std::optional<QString> error =
            sendAndWait(gateway, QString(SmsGateway::kMaxChars + 500, QLatin1Char('x')));
        QVERIFY(error.has_value());
        QVERIFY2(error->isEmpty(), qPrintable(*error));
        QCOMPARE(stub.requests().size(), 1);
        const QString sent =
            param(SmsGateway::formParams(stub.requests().first().body), QStringLiteral("Body"));
        QCOMPARE(sent.size(), SmsGateway::kMaxChars);
        QCOMPARE(sent, QString(SmsGateway::kMaxChars - 1, QLatin1Char('x')) + QChar(0x2026));

        // Exactly the limit: sent as it is.
        const QString full(SmsGateway::kMaxChars, QLatin1Char('y'));
        QVERIFY(sendAndWait(gateway, full) == QString());
        QCOMPARE(stub.requests().size(), 2);
        QCOMPARE(param(SmsGateway::formParams(stub.requests().at(1).body), QStringLiteral("Body")),
                 full);
    }

    void anUnusableConfigSendsNothing() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", twilioPath(), 201, R"({"sid":"SM1"})");
        SmsConfig c = twilioConfig(stub.baseUrl());
        c.token.clear();
        SmsGateway gateway(c);

        const std::optional<QString> error = sendAndWait(gateway, QStringLiteral("disk full"));
        QVERIFY(error.has_value());
        QVERIFY2(error->contains(QStringLiteral("sms_token")), qPrintable(*error));
        const std::optional<QString> badTo =
            sendAndWait(gateway, QStringLiteral("disk full"), QStringLiteral("0151 1234567"));
        QVERIFY(badTo.has_value());
        QVERIFY2(badTo->contains(QStringLiteral("E.164")), qPrintable(*badTo));
        QVERIFY(stub.requests().isEmpty());
    }

    void problemsNameTheSettingToFix() {
        const SmsConfig good = twilioConfig(QString());  // empty: Twilio's own API
        QVERIFY2(good.problems().isEmpty(), qPrintable(problemsOf(good)));

        SmsConfig c = good;
        c.account.clear();
        QCOMPARE(c.problems().size(), 1);
        QVERIFY2(problemsOf(c).contains(QStringLiteral("ZERG_SMS_ACCOUNT")),
                 qPrintable(problemsOf(c)));
        c.account = QStringLiteral("AC123");
        QVERIFY2(problemsOf(c).contains(QStringLiteral("ZERG_SMS_ACCOUNT")),
                 qPrintable(problemsOf(c)));

        c = good;
        c.token.clear();
        QCOMPARE(c.problems().size(), 1);
        QVERIFY2(problemsOf(c).contains(QStringLiteral("sms_token")), qPrintable(problemsOf(c)));

        c = good;
        c.to.clear();
        QCOMPARE(c.problems().size(), 1);
        QVERIFY2(problemsOf(c).contains(QStringLiteral("ZERG_SMS_TO")), qPrintable(problemsOf(c)));

        for (const QString& bad :
             {QStringLiteral("0151 1234567"), QStringLiteral("+49"),
              QStringLiteral("+49 151 1234567"), QStringLiteral("+4915112345678901234")}) {
            c = good;
            c.to = bad;
            QCOMPARE(c.problems().size(), 1);
            QVERIFY2(problemsOf(c).contains(QStringLiteral("ZERG_SMS_TO")) &&
                         problemsOf(c).contains(QStringLiteral("E.164")),
                     qPrintable(problemsOf(c)));
        }

        c = good;
        c.from = QStringLiteral("Zerg");  // Twilio's sender here is a number
        QVERIFY2(problemsOf(c).contains(QStringLiteral("ZERG_SMS_FROM")),
                 qPrintable(problemsOf(c)));

        SmsConfig h;
        h.kind = SmsGatewayKind::Http;
        h.url = QStringLiteral("https://sms.example.org/send?from={from}&to={to}&text={text}");
        h.from = QStringLiteral("Zerg");  // a generic gateway's sender may be a name
        h.to = kOperator;
        QVERIFY2(h.problems().isEmpty(), qPrintable(problemsOf(h)));
        h.from = QStringLiteral("0151");  // but a number is E.164
        QVERIFY2(problemsOf(h).contains(QStringLiteral("ZERG_SMS_FROM")),
                 qPrintable(problemsOf(h)));
        h.from = QStringLiteral("Zerg");
        h.url = QStringLiteral("https://sms.example.org/send?key={token}&to={to}&text={text}");
        QVERIFY2(problemsOf(h).contains(QStringLiteral("sms_token")), qPrintable(problemsOf(h)));
        h.url.clear();
        QVERIFY2(problemsOf(h).contains(QStringLiteral("ZERG_SMS_URL")), qPrintable(problemsOf(h)));
        h.url = QStringLiteral("https://sms.example.org/send");
        h.bodyTemplate = QStringLiteral(R"({"to":"{to}"})");
        QVERIFY2(problemsOf(h).contains(QStringLiteral("{text}")), qPrintable(problemsOf(h)));
    }

    void inboundFromTwilioAndAGenericGateway() {
        QString error;
        const std::optional<SmsInbound> twilio = SmsGateway::parseInbound(
            SmsGatewayKind::Twilio,
            "ToCountry=US&MessageSid=SM0123&From=%2B4915112345678&To=%2B15005550006"
            "&Body=yes+please%21+%C3%A4&NumMedia=0",
            "application/x-www-form-urlencoded", &error);
        QVERIFY2(twilio.has_value(), qPrintable(error));
        QCOMPARE(twilio->id, QStringLiteral("SM0123"));
        QCOMPARE(twilio->from, kOperator);
        QCOMPARE(twilio->to, kSender);
        QCOMPARE(twilio->text, QStringLiteral("yes please! ä"));

        const std::optional<SmsInbound> generic = SmsGateway::parseInbound(
            SmsGatewayKind::Http,
            R"({"message_id":42,"from":"+4915112345678","to":"+15005550006","body":"no"})",
            "application/json; charset=utf-8", &error);
        QVERIFY2(generic.has_value(), qPrintable(error));
        QCOMPARE(generic->id, QStringLiteral("42"));
        QCOMPARE(generic->from, kOperator);
        QCOMPARE(generic->to, kSender);
        QCOMPARE(generic->text, QStringLiteral("no"));

        const std::optional<SmsInbound> withText = SmsGateway::parseInbound(
            SmsGatewayKind::Http, R"({"id":"m-1","from":"+4915112345678","text":"ok"})",
            "application/json", &error);
        QVERIFY2(withText.has_value(), qPrintable(error));
        QCOMPARE(withText->id, QStringLiteral("m-1"));
        QCOMPARE(withText->text, QStringLiteral("ok"));
    }

    void inboundWithoutSenderOrTextIsRefused() {
        QString error;
        QVERIFY(!SmsGateway::parseInbound(SmsGatewayKind::Twilio,
                                          "MessageSid=SM1&From=%2B4915112345678&To=%2B15005550006",
                                          "application/x-www-form-urlencoded", &error));
        QVERIFY2(error.contains(QStringLiteral("Body")), qPrintable(error));

        error.clear();
        QVERIFY(!SmsGateway::parseInbound(SmsGatewayKind::Http, R"({"id":"m-2","text":"yes"})",
                                          "application/json", &error));
        QVERIFY2(error.contains(QStringLiteral("from")), qPrintable(error));

        error.clear();
        QVERIFY(!SmsGateway::parseInbound(SmsGatewayKind::Http, "not json", "application/json",
                                          &error));
        QVERIFY(!error.isEmpty());
        // No place for the error: still refused, no crash.
        QVERIFY(!SmsGateway::parseInbound(SmsGatewayKind::Twilio, {}, {}, nullptr));
    }

    void formParamsAreDecodedInOrder() {
        const QList<QPair<QString, QString>> params =
            SmsGateway::formParams("b=x+y%2Bz&a=1&&c&d=%C3%A4&a=2");
        const QList<QPair<QString, QString>> expected{
            {QStringLiteral("b"), QStringLiteral("x y+z")},
            {QStringLiteral("a"), QStringLiteral("1")},
            {QStringLiteral("c"), QString()},
            {QStringLiteral("d"), QStringLiteral("ä")},
            {QStringLiteral("a"), QStringLiteral("2")},
        };
        QCOMPARE(params, expected);
    }

    // The vectors of twilio-python's tests/unit/test_request_validator.py.
    void twilioSignatureMatchesTwilios() {
        const QString url = QStringLiteral("https://mycompany.com/myapp.php?foo=1&bar=2");
        const QString token = QStringLiteral("12345");
        QList<QPair<QString, QString>> params{
            {QStringLiteral("CallSid"), QStringLiteral("CA1234567890ABCDE")},
            {QStringLiteral("Digits"), QStringLiteral("1234")},
            {QStringLiteral("From"), QStringLiteral("+14158675309")},
            {QStringLiteral("To"), QStringLiteral("+18005551212")},
            {QStringLiteral("Caller"), QStringLiteral("+14158675309")},
        };
        const QByteArray expected = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
        QCOMPARE(SmsGateway::twilioSignature(url, params, token), expected);
        QVERIFY(SmsGateway::twilioSignatureValid(url, params, token, expected));

        // A repeated name: its values sorted too.
        const QList<QPair<QString, QString>> repeated{
            {QStringLiteral("Sid"), QStringLiteral("CA123")},
            {QStringLiteral("SidAccount"), QStringLiteral("AC123")},
            {QStringLiteral("Digits"), QStringLiteral("5678")},
            {QStringLiteral("Digits"), QStringLiteral("1234")},
        };
        QCOMPARE(SmsGateway::twilioSignature(url, repeated, token),
                 QByteArray("IK+Dwps556ElfBT0I3Rgjkr1wJU="));

        // Anything changed does not pass.
        QVERIFY(!SmsGateway::twilioSignatureValid(
            QStringLiteral("https://mycompany.com/myapp.php?foo=1&bar=3"), params, token,
            expected));
        QVERIFY(!SmsGateway::twilioSignatureValid(url, params, QStringLiteral("12346"), expected));
        QVERIFY(!SmsGateway::twilioSignatureValid(url, params, token, expected.left(20)));
        QVERIFY(!SmsGateway::twilioSignatureValid(url, params, token, QByteArray()));
        QVERIFY(!SmsGateway::twilioSignatureValid(url, params, QString(), expected));
        params[1].second = QStringLiteral("1235");
        QVERIFY(!SmsGateway::twilioSignatureValid(url, params, token, expected));
    }
};

QTEST_GUILESS_MAIN(TestSmsGateway)
#include "test_sms_gateway.moc"
