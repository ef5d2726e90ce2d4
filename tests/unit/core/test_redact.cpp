// core/redact: credential headers, URL passwords and credential query items are hidden in the
// arguments of a tool call before they are written down or published; nothing else changes.
#include "core/json_util.h"
#include "core/redact.h"

#include <QJsonArray>
#include <QTest>

using namespace zerg;
using namespace Qt::StringLiterals;

namespace {

const QString kHidden = u"[redacted]"_s;

// The compact JSON of the object, where no secret may appear.
QString text(const QJsonObject& o) {
    return json::compactString(o);
}

}  // namespace

class TestRedact : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void secretHeaderNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        for (const char* n : {"Authorization",
                              "authorization",
                              "AUTHORIZATION",
                              " Authorization ",
                              "Proxy-Authorization",
                              "Cookie",
                              "Set-Cookie",
                              "X-Api-Key",
                              "Api-Key",
                              "apikey",
                              "api_key",
                              "X-Goog-Api-Key",
                              "X-Auth-Token",
                              "X-Auth-Key",
                              "X-Vault-Token",
                              "Private-Token",
                              "X-Amz-Security-Token",
                              "X-CSRF-Token",
                              "Ocp-Apim-Subscription-Key",
                              "X-Functions-Key",
                              "X-Client-Secret",
                              "X-Password",
                              "X-Session-Id",
                              "X-Amz-Credential",
                              "X-Amz-Signature",
                              "key",
                              "sig",
                              "access_token",
                              "client_secret"})
            QTest::newRow(n) << QString::fromLatin1(n) << true;
        for (const char* n :
             {"Accept", "Content-Type", "User-Agent", "X-Request-Id", "If-None-Match",
              "Content-Length", "Host", "Cache-Control", "X-Forwarded-For", "Keep-Alive",
              "Accept-Encoding", "Range", "Origin", "Referer", "q", "page", "limit", "keyword", ""})
            QTest::newRow(*n ? n : "(empty)") << QString::fromLatin1(n) << false;
    }
    void secretHeaderNames() {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(isSecretHeaderName(name), secret);
    }

    void headerObject() {
        const QJsonObject headers{{u"Authorization"_s, u"Bearer sk-live-1"_s},
                                  {u"accept"_s, u"application/json"_s},
                                  {u"X-Api-Key"_s, u"k-2"_s},
                                  {u"Cookie"_s, u"session=s-3"_s},
                                  {u"X-Retry"_s, 3}};
        const QJsonObject want{{u"Authorization"_s, kHidden},
                               {u"accept"_s, u"application/json"_s},
                               {u"X-Api-Key"_s, kHidden},
                               {u"Cookie"_s, kHidden},
                               {u"X-Retry"_s, 3}};
        QCOMPARE(redactHeaders(headers), want);
        QCOMPARE(redactHeaders(QJsonValue(headers)), QJsonValue(want));
    }

    // Shapes http_request refuses still reach the call's file and event before the tool says
    // so: the secrets in them are hidden too.
    void headerArraysAndText() {
        const QJsonArray lines{u"Authorization: Bearer sk-1"_s, u"Accept: text/plain"_s,
                               u"no colon here"_s};
        QCOMPARE(redactHeaders(QJsonValue(lines)),
                 QJsonValue(QJsonArray{u"Authorization: [redacted]"_s, u"Accept: text/plain"_s,
                                       u"no colon here"_s}));
        const QJsonArray pairs{QJsonArray{u"Cookie"_s, u"a=b"_s}, QJsonArray{u"Accept"_s, u"x"_s},
                               QJsonArray{u"X-Token"_s}};
        QCOMPARE(redactHeaders(QJsonValue(pairs)),
                 QJsonValue(QJsonArray{QJsonArray{u"Cookie"_s, kHidden},
                                       QJsonArray{u"Accept"_s, u"x"_s}, QJsonArray{u"X-Token"_s}}));
        const QJsonArray named{
            QJsonObject{{u"name"_s, u"X-Api-Key"_s}, {u"value"_s, u"k"_s}},
            QJsonObject{{u"name"_s, u"Accept"_s}, {u"value"_s, u"y"_s}},
            QJsonObject{{u"Authorization"_s, u"Basic dXNlcjpwdw=="_s}, {u"Accept"_s, u"z"_s}}};
        QCOMPARE(redactHeaders(QJsonValue(named)),
                 QJsonValue(QJsonArray{
                     QJsonObject{{u"name"_s, u"X-Api-Key"_s}, {u"value"_s, kHidden}},
                     QJsonObject{{u"name"_s, u"Accept"_s}, {u"value"_s, u"y"_s}},
                     QJsonObject{{u"Authorization"_s, kHidden}, {u"Accept"_s, u"z"_s}}}));
        QCOMPARE(redactHeaders(QJsonValue(u"Authorization: Bearer x\r\nAccept: y\nCookie: c"_s)),
                 QJsonValue(u"Authorization: [redacted]\r\nAccept: y\nCookie: [redacted]"_s));
        QCOMPARE(redactHeaders(QJsonValue(42)), QJsonValue(42));
        QCOMPARE(redactHeaders(QJsonValue()), QJsonValue());
    }

    void urls_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("want");
        QTest::newRow("plain") << u"https://api.example.com/v1/status"_s
                               << u"https://api.example.com/v1/status"_s;
        QTest::newRow("password") << u"https://admin:hunter2@db.example.com:8443/x"_s
                                  << u"https://admin:[redacted]@db.example.com:8443/x"_s;
        QTest::newRow("password with @")
            << u"http://u:p@ss@host/"_s << u"http://u:[redacted]@host/"_s;
        QTest::newRow("user only") << u"ftp://anonymous@host/"_s << u"ftp://anonymous@host/"_s;
        QTest::newRow("port, no user") << u"http://host:8080/a@b"_s << u"http://host:8080/a@b"_s;
        QTest::newRow("query")
            << u"https://h/p?q=disk&api_key=abc&limit=5&access_token=t0k&key=AIza"_s
            << u"https://h/p?q=disk&api_key=[redacted]&limit=5&access_token=[redacted]&key=[redacted]"_s;
        QTest::newRow("encoded key")
            << u"https://h/?api%5Fkey=abc&x=1"_s << u"https://h/?api%5Fkey=[redacted]&x=1"_s;
        QTest::newRow("fragment") << u"https://h/cb#access_token=t&state=s"_s
                                  << u"https://h/cb#access_token=[redacted]&state=s"_s;
        QTest::newRow("all") << u"https://u:pw@h/p?sig=abc#x=1"_s
                             << u"https://u:[redacted]@h/p?sig=[redacted]#x=1"_s;
        QTest::newRow("not a URL") << u"not a url: token=1"_s << u"not a url: token=1"_s;
        QTest::newRow("empty") << QString() << QString();
    }
    void urls() {
        QFETCH(QString, url);
        QFETCH(QString, want);
        QCOMPARE(redactedUrl(url), want);
        QCOMPARE(redactedUrl(redactedUrl(url)), want);  // redacting twice changes nothing more
    }

    // http_request's arguments as a model writes them: the secrets go, the rest stays.
    void httpRequestArguments() {
        const QJsonObject args{
            {u"method"_s, u"POST"_s},
            {u"url"_s, u"https://ops:pw-9@api.example.com/v1/deploy?token=t-8&env=prod"_s},
            {u"headers"_s, QJsonObject{{u"Authorization"_s, u"Bearer sk-live-secret-1"_s},
                                       {u"Content-Type"_s, u"application/json"_s},
                                       {u"X-Api-Key"_s, u"key-secret-2"_s}}},
            {u"body"_s, u"{\"service\": \"web\"}"_s},
            {u"timeout_secs"_s, 30}};
        const QJsonObject shown = redactedArguments(args);
        const QString written = text(shown);
        for (const QString& secret :
             {u"sk-live-secret-1"_s, u"key-secret-2"_s, u"pw-9"_s, u"t-8"_s})
            QVERIFY2(!written.contains(secret), qPrintable(written));
        QCOMPARE(shown.value(u"method"_s), args.value(u"method"_s));
        QCOMPARE(shown.value(u"body"_s), args.value(u"body"_s));
        QCOMPARE(shown.value(u"timeout_secs"_s), args.value(u"timeout_secs"_s));
        QCOMPARE(shown.value(u"url"_s).toString(),
                 u"https://ops:[redacted]@api.example.com/v1/deploy?token=[redacted]&env=prod"_s);
        QCOMPARE(shown.value(u"headers"_s).toObject(),
                 (QJsonObject{{u"Authorization"_s, kHidden},
                              {u"Content-Type"_s, u"application/json"_s},
                              {u"X-Api-Key"_s, kHidden}}));
        // The input is left alone: the tool still gets the real arguments.
        QCOMPARE(args.value(u"headers"_s).toObject().value(u"Authorization"_s).toString(),
                 u"Bearer sk-live-secret-1"_s);
    }

    void nestedAndOtherTools() {
        const QJsonObject nested{
            {u"request"_s, QJsonObject{{u"Headers"_s, QJsonObject{{u"Cookie"_s, u"sid=1"_s}}},
                                       {u"callback_url"_s, u"https://u:p@h/"_s}}},
            {u"batch"_s,
             QJsonArray{QJsonObject{{u"headers"_s, QJsonArray{u"Authorization: Basic abc"_s}}}}}};
        const QJsonObject want{
            {u"request"_s, QJsonObject{{u"Headers"_s, QJsonObject{{u"Cookie"_s, kHidden}}},
                                       {u"callback_url"_s, u"https://u:[redacted]@h/"_s}}},
            {u"batch"_s,
             QJsonArray{QJsonObject{{u"headers"_s, QJsonArray{u"Authorization: [redacted]"_s}}}}}};
        QCOMPARE(redactedArguments(nested), want);

        // Commands are kept exactly: an approval shows what will run.
        const QJsonObject ssh{{u"host"_s, u"web1"_s},
                              {u"command"_s, u"curl -H 'Authorization: Bearer x' localhost"_s},
                              {u"reason"_s, u"check"_s}};
        QCOMPARE(redactedArguments(ssh), ssh);
        QCOMPARE(redactedArguments({}), QJsonObject());
        const QJsonObject plain{{u"url"_s, u"https://example.com/"_s},
                                {u"headers"_s, QJsonObject{{u"Accept"_s, u"*/*"_s}}}};
        QCOMPARE(redactedArguments(plain), plain);
        // A "url" that is not a string is walked like any other value.
        const QJsonObject odd{
            {u"url"_s, QJsonObject{{u"headers"_s, QJsonObject{{u"Cookie"_s, 1}}}}}};
        QCOMPARE(redactedArguments(odd),
                 (QJsonObject{{u"url"_s,
                               QJsonObject{{u"headers"_s, QJsonObject{{u"Cookie"_s, kHidden}}}}}}));
    }
};

QTEST_GUILESS_MAIN(TestRedact)
#include "test_redact.moc"
