// SMS both ways end to end (issue 27): a critical alert goes out by SMS through a loopback stand-in
// of Twilio's REST API; the operator's reply comes back by Twilio's signed webhook to `zerg serve`
// (/sms), becomes a question to Jarvis with the alert as context, and the answer goes back by
// SMS. Unsigned, forged and replayed webhook requests, another sender and carrier keywords change
// nothing; a generic HTTP gateway's webhook works at its secret address. The last case runs the
// real `zerg serve` process, configured by its environment.
#include "api/api_server.h"
#include "api/server_backend.h"
#include "backend_fixture.h"
#include "core/secret_store.h"
#include "fake_llm_server.h"
#include "http_stub.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"
#include "runtime/sms_replies.h"
#include "schedule/alert_channels.h"
#include "serve_process.h"
#include "storage/schedule_store.h"
#include "tools/sms_gateway.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::HttpStub;
using zerg::test::textResponse;

namespace {

constexpr int kWaitMs = 30000;
const QString kSid = QStringLiteral("AC0123456789abcdef0123456789abcdef");
const QString kToken = QStringLiteral("twilio-auth-token-e2e");
const QString kOperator = QStringLiteral("+4915112345678");
const QString kZergNumber = QStringLiteral("+15005550006");
const QString kPublicUrl = QStringLiteral("https://zerg.example.test/ops");

QByteArray messagesPath() {
    return "/2010-04-01/Accounts/" + kSid.toLatin1() + "/Messages.json";
}

using Params = QList<QPair<QString, QString>>;

QByteArray formBody(const Params& params) {
    QByteArray out;
    for (const auto& [name, value] : params) {
        if (!out.isEmpty())
            out += '&';
        out += QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    }
    return out;
}

// What Twilio posts for an incoming SMS.
Params incoming(const QString& sid, const QString& from, const QString& text) {
    return {{QStringLiteral("MessageSid"), sid}, {QStringLiteral("AccountSid"), kSid},
            {QStringLiteral("From"), from},      {QStringLiteral("To"), kZergNumber},
            {QStringLiteral("Body"), text},      {QStringLiteral("NumMedia"), QStringLiteral("0")}};
}

struct Response {
    int status = 0;
    QByteArray body;
};

// One HTTP request to the server; status 0 when none came back.
Response post(quint16 port, const QByteArray& path, const QByteArray& body,
              const QByteArray& contentType, const QByteArray& signature = {},
              const QByteArray& method = "POST") {
    QNetworkAccessManager nam;
    QNetworkRequest request(
        QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port) + QString::fromLatin1(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    if (!signature.isEmpty())
        request.setRawHeader("X-Twilio-Signature", signature);
    QNetworkReply* reply = nam.sendCustomRequest(request, method, body);
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, kWaitMs))
        return {};
    Response r{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
               reply->readAll()};
    delete reply;
    return r;
}

// Twilio's webhook request for params, signed with token over url.
Response twilioPost(quint16 port, const Params& params, const QString& token = kToken,
                    const QString& url = kPublicUrl + QStringLiteral("/sms")) {
    return post(port, "/sms", formBody(params), "application/x-www-form-urlencoded",
                SmsGateway::twilioSignature(url, params, token));
}

// The SMS the stand-in was asked to send, as their form parameters.
QList<Params> sent(const HttpStub& gateway) {
    QList<Params> out;
    for (const HttpStub::Request& r : gateway.requests()) {
        if (r.method == "POST" && r.path == messagesPath())
            out.append(SmsGateway::formParams(r.body));
    }
    return out;
}

QString param(const Params& params, const QString& name) {
    for (const auto& [n, value] : params) {
        if (n == name)
            return value;
    }
    return QStringLiteral("<missing>");
}

}  // namespace

class TestSmsRepliesE2e : public QObject {
    Q_OBJECT

    struct Session {
        QTemporaryDir dir;
        FakeLlmServer llm;
        HttpStub gateway;  // Twilio's REST API, or the HTTP gateway
        std::unique_ptr<Backend> backend;
        std::unique_ptr<api::ServerBackend> serverBackend;
        std::unique_ptr<api::ApiServer> server;  // after the backend: it goes first
        QList<ReplyRecord> handled;
    };

    // A backend with SMS through the stand-in and `zerg serve`'s API server serving /sms.
    std::unique_ptr<Session> open(const QJsonArray& responses, SmsGatewayKind kind) {
        auto s = std::make_unique<Session>();
        if (!s->llm.start() || !s->gateway.start())
            return nullptr;
        s->llm.setScenario({{"responses", responses}});
        s->gateway.route("POST", messagesPath(), 201, "{\"sid\":\"SMout\"}");
        s->gateway.route("POST", "/send/" + kToken.toLatin1(), 200, "{\"ok\":true}");
        Settings settings;
        settings.dataDir = s->dir.filePath(QStringLiteral("data"));
        settings.configDir = s->dir.filePath(QStringLiteral("config"));
        settings.llmBaseUrl = s->llm.baseUrl();
        settings.pricingFile = s->dir.filePath(QStringLiteral("no-pricing-override.json"));
        settings.model = QStringLiteral("supervisor-model");
        settings.deciderModel = QStringLiteral("heuristic");
        settings.alertCritical = QStringLiteral("sms");
        settings.publicUrl = kPublicUrl;
        settings.smsTo = kOperator;
        settings.smsFrom = kZergNumber;
        if (kind == SmsGatewayKind::Twilio) {
            settings.smsGateway = QStringLiteral("twilio");
            settings.smsUrl = s->gateway.baseUrl();
            settings.smsAccount = kSid;
        } else {
            settings.smsGateway = QStringLiteral("http");
            settings.smsUrl = s->gateway.baseUrl() + QStringLiteral("/send/{token}");
        }
        SecretStore secrets(settings.configDir, SecretStore::Backend::File);
        if (const Status w = secrets.write(QStringLiteral("sms_token"), kToken); !w) {
            qWarning("%s", qPrintable(w.error().message));
            return nullptr;
        }
        s->backend = zerg::test::openTestBackend(settings, s->dir.path());
        if (!s->backend)
            return nullptr;
        if (!s->backend->smsReplies()) {
            qWarning("no SMS replies: %s", qPrintable(s->backend->smsProblem()));
            return nullptr;
        }
        Session* raw = s.get();
        connect(s->backend->smsReplies(), &SmsReplies::replyHandled, this,
                [raw](const ReplyRecord& r) { raw->handled.append(r); });
        s->serverBackend =
            std::make_unique<api::ServerBackend>(s->backend.get(), s->backend->auth());
        s->server = std::make_unique<api::ApiServer>(api::ApiServerConfig{}, s->serverBackend.get(),
                                                     s->backend->bus(), s->backend->clock());
        s->server->serveSmsReplies(s->backend->smsReplies());
        if (!s->server->listen(QHostAddress::LocalHost, 0))
            return nullptr;
        return s;
    }

    // A critical alert delivered through the alert channels (by SMS).
    static void alert(Session& s) {
        const auto itemId = s.backend->schedules()->addInboxItem(
            1, std::nullopt, std::nullopt, QStringLiteral("Disk check"),
            QStringLiteral("/var is 97% full on web1."), QStringLiteral("critical"),
            QDateTime::currentDateTimeUtc());
        QVERIFY(itemId);
        const auto item = s.backend->schedules()->inboxItem(1, *itemId);
        QVERIFY(item);
        s.backend->alerts()->deliver(*item);
    }

private Q_SLOTS:
    void initTestCase() { qputenv("ZERG_SECRET_BACKEND", "file"); }

    // The alert goes out by SMS; the operator's reply, signed by Twilio, is a question to Jarvis
    // with the alert as context; the answer comes back by SMS. Twilio's retry of the same
    // message changes nothing.
    void aReplyToAnAlertSmsIsAnsweredBySms() {
        auto s = open({textResponse("supervisor-model", "The journal uses 80% of /var.")},
                      SmsGatewayKind::Twilio);
        QVERIFY(s);
        QCOMPARE(s->backend->smsReplies()->config().webhookUrl(),
                 kPublicUrl + QStringLiteral("/sms"));
        alert(*s);
        QTRY_COMPARE_WITH_TIMEOUT(sent(s->gateway).size(), 1, kWaitMs);
        QVERIFY(param(sent(s->gateway).first(), QStringLiteral("Body"))
                    .contains(QStringLiteral("Disk check")));

        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        const Params question =
            incoming(QStringLiteral("SM100"), QStringLiteral("+49 151 12345678"),
                     QStringLiteral("What is using the space?"));
        const Response r = twilioPost(s->server->port(), question);
        QCOMPARE(r.status, 200);
        QVERIFY2(r.body.contains("<Response/>"), r.body.constData());
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(s->handled.size(), 1);
        QCOMPARE(s->handled.first().outcome, ReplyOutcome::FollowUp);
        QCOMPARE(s->handled.first().runId, done.first().at(0).toLongLong());
        // Jarvis got the question with the alert.
        const QList<QJsonObject> asked =
            s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(asked.size(), 1);
        const QString prompt = QString::fromUtf8(QJsonDocument(asked.first()).toJson());
        QVERIFY2(prompt.contains(QStringLiteral("/var is 97% full on web1.")), qPrintable(prompt));
        QVERIFY(prompt.contains(QStringLiteral("What is using the space?")));
        // The answer, by SMS, to the operator.
        QTRY_COMPARE_WITH_TIMEOUT(sent(s->gateway).size(), 2, kWaitMs);
        const Params answer = sent(s->gateway).at(1);
        QCOMPARE(param(answer, QStringLiteral("To")), kOperator);
        QCOMPARE(param(answer, QStringLiteral("From")), kZergNumber);
        QVERIFY2(param(answer, QStringLiteral("Body"))
                     .contains(QStringLiteral("The journal uses 80% of /var.")),
                 qPrintable(param(answer, QStringLiteral("Body"))));

        // Twilio sends the same message again (a retry): answered 200, nothing more happens.
        QCOMPARE(twilioPost(s->server->port(), question).status, 200);
        QTest::qWait(300);
        QCOMPARE(s->handled.size(), 1);
        QCOMPARE(s->llm.requestsForModel(QStringLiteral("supervisor-model")).size(), 1);
        QCOMPARE(sent(s->gateway).size(), 2);
        // A run that finishes again (another process's signal) is not answered twice.
        s->backend->smsReplies()->runFinished(s->handled.first().runId, true, QStringLiteral("x"));
        QTest::qWait(300);
        QCOMPARE(sent(s->gateway).size(), 2);
    }

    // What does not come signed by Twilio, over exactly the configured address with the Auth
    // Token, is refused; a validly signed SMS from another number, and a carrier keyword, start
    // nothing and send nothing back.
    void forgedAndForeignSmsChangeNothing() {
        auto s =
            open({textResponse("supervisor-model", "must not be asked")}, SmsGatewayKind::Twilio);
        QVERIFY(s);
        const quint16 port = s->server->port();
        const Params q =
            incoming(QStringLiteral("SM200"), kOperator, QStringLiteral("restart nginx on web1"));
        // Unsigned; signed with another token; signed for another address; a tampered body.
        QCOMPARE(post(port, "/sms", formBody(q), "application/x-www-form-urlencoded").status, 403);
        QCOMPARE(twilioPost(port, q, QStringLiteral("not-the-token")).status, 403);
        QCOMPARE(twilioPost(port, q, kToken, QStringLiteral("https://evil.example/sms")).status,
                 403);
        Params tampered = q;
        tampered[4].second = QStringLiteral("rm -rf /");
        QCOMPARE(post(port, "/sms", formBody(tampered), "application/x-www-form-urlencoded",
                      SmsGateway::twilioSignature(kPublicUrl + QStringLiteral("/sms"), q, kToken))
                     .status,
                 403);
        QCOMPARE(post(port, "/sms", {}, "text/plain", {}, "GET").status, 405);
        QCOMPARE(s->handled.size(), 0);

        // Signed (Twilio relays it), but not from the operator's number.
        QCOMPARE(twilioPost(port, incoming(QStringLiteral("SM201"), QStringLiteral("+15550001111"),
                                           QStringLiteral("restart nginx on web1")))
                     .status,
                 200);
        // The operator's STOP is Twilio's to handle.
        QCOMPARE(
            twilioPost(port, incoming(QStringLiteral("SM202"), kOperator, QStringLiteral("STOP")))
                .status,
            200);
        QTRY_COMPARE(s->handled.size(), 2);
        QCOMPARE(s->handled.at(0).outcome, ReplyOutcome::Refused);
        QVERIFY2(s->handled.at(0).detail.contains(QStringLiteral("ZERG_SMS_TO")),
                 qPrintable(s->handled.at(0).detail));
        QCOMPARE(s->handled.at(1).outcome, ReplyOutcome::AutoReply);
        QTest::qWait(300);
        QCOMPARE(s->llm.requestsForModel(QStringLiteral("supervisor-model")).size(), 0);
        QCOMPARE(sent(s->gateway).size(), 0);
    }

    // A generic HTTP gateway posts to the secret address made from the token; any other
    // address under /sms is not there.
    void anHttpGatewaysWebhookWorksAtItsSecretAddress() {
        auto s = open({textResponse("supervisor-model", "web1 is fine.")}, SmsGatewayKind::Http);
        QVERIFY(s);
        const QString path = s->backend->smsReplies()->config().webhookPath();
        QVERIFY2(path.startsWith(QStringLiteral("/sms/")) && path.size() == 5 + 43,
                 qPrintable(path));
        QVERIFY(!path.contains(kToken));
        const QByteArray body =
            R"({"id":"g-1","from":"+4915112345678","to":"+15005550006","text":"How is web1?"})";
        QCOMPARE(post(s->server->port(), "/sms/wrong-key", body, "application/json").status, 404);
        QCOMPARE(post(s->server->port(), "/sms", body, "application/json").status, 404);
        QCOMPARE(s->handled.size(), 0);
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        const Response r = post(s->server->port(), path.toLatin1(), body, "application/json");
        QCOMPARE(r.status, 200);
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(s->handled.size(), 1);
        QCOMPARE(s->handled.first().outcome, ReplyOutcome::FollowUp);
        // No alert went before: the question goes as it is, and the answer back to the operator.
        QTRY_COMPARE_WITH_TIMEOUT(s->gateway.requests().size(), 1, kWaitMs);
        const HttpStub::Request& out = s->gateway.requests().first();
        QCOMPARE(out.path, QByteArray("/send/") + kToken.toLatin1());
        const Params form = SmsGateway::formParams(out.body);
        QCOMPARE(param(form, QStringLiteral("to")), kOperator);
        QCOMPARE(param(form, QStringLiteral("text")), QStringLiteral("web1 is fine."));
    }

    // The real `zerg serve`, configured by its environment: it says where the webhook is, and a
    // signed SMS to it is answered by SMS.
    void zergServeAnswersAnSmsBySms() {
        QTemporaryDir home;
        FakeLlmServer llm;
        HttpStub twilio;
        QVERIFY(llm.start());
        QVERIFY(twilio.start());
        llm.setScenario(
            {{"responses", QJsonArray{textResponse("supervisor-model", "All hosts are up.")}}});
        twilio.route("POST", messagesPath(), 201, "{\"sid\":\"SMout\"}");
        QProcessEnvironment env =
            zerg::test::isolatedZergEnv(home.path(), home.filePath(QStringLiteral("data")));
        const QString configDir = home.filePath(QStringLiteral("zerg"));
        QVERIFY(SecretStore(configDir, SecretStore::Backend::File)
                    .write(QStringLiteral("sms_token"), kToken));
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), llm.baseUrl());
        env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
        env.insert(QStringLiteral("ZERG_PUBLIC_URL"), kPublicUrl);
        env.insert(QStringLiteral("ZERG_SMS_GATEWAY"), QStringLiteral("twilio"));
        env.insert(QStringLiteral("ZERG_SMS_URL"), twilio.baseUrl());
        env.insert(QStringLiteral("ZERG_SMS_ACCOUNT"), kSid);
        env.insert(QStringLiteral("ZERG_SMS_FROM"), kZergNumber);
        env.insert(QStringLiteral("ZERG_SMS_TO"), kOperator);
        zerg::test::ServeProcess serve;
        QVERIFY(serve.start(QStringLiteral(ZERG_EXE), env));
        QTRY_VERIFY2_WITH_TIMEOUT(serve.output().contains(QStringLiteral("/ops/sms")),
                                  qPrintable(serve.output()), 10000);
        const quint16 port = QUrl(serve.url()).port();
        const Response r = twilioPost(port, incoming(QStringLiteral("SM300"), kOperator,
                                                     QStringLiteral("Are all hosts up?")));
        QVERIFY2(r.status == 200, qPrintable(serve.log()));
        QTRY_VERIFY2_WITH_TIMEOUT(sent(twilio).size() == 1, qPrintable(serve.log()), kWaitMs);
        QCOMPARE(param(sent(twilio).first(), QStringLiteral("Body")),
                 QStringLiteral("All hosts are up."));
        QCOMPARE(param(sent(twilio).first(), QStringLiteral("To")), kOperator);
        QVERIFY(serve.stop());
    }
};

QTEST_MAIN(TestSmsRepliesE2e)
#include "test_sms_replies_e2e.moc"
