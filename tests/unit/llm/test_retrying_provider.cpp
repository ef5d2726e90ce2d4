// RetryingProvider over a scripted in-process provider, driven by the ManualClock: which failures
// are retried, how long it waits, what the caller finally sees, abort and deletion at any moment.
// Also the error helpers of llm/llm_errors.h that the retry decision rests on.
#include "core/clock.h"
#include "llm/llm_errors.h"
#include "llm/retrying_provider.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

// One scripted attempt. An empty code means success.
struct Script {
    QString text;  // success: streamed as two deltas
    QString code;
    int httpStatus = 0;
    qint64 retryAfterMs = -1;
    int shouldRetry = -1;
    bool partialOutput = false;  // failure: emit a text delta first
    Usage usage;
    QList<ToolCall> toolCalls;
    bool hang = false;              // never finishes until aborted
    bool finishInsideChat = false;  // finishes before chat() returns
};

Script ok(const QString& text, Usage usage = {10, 5}) {
    Script s;
    s.text = text;
    s.httpStatus = 200;
    s.usage = usage;
    return s;
}

Script err(const QString& code, int status, qint64 retryAfter = -1, int shouldRetry = -1) {
    Script s;
    s.code = code;
    s.httpStatus = status;
    s.retryAfterMs = retryAfter;
    s.shouldRetry = shouldRetry;
    return s;
}

class FakeProvider;

// Finishes through the clock (at the time it was started, once the clock is advanced), like a
// server answering instantly; hang replies wait for abort().
class FakeReply final : public ChatReply {
public:
    FakeReply(Script script, FakeProvider* provider, Clock* clock);
    ~FakeReply() override {
        if (m_timer != 0 && m_clock)
            m_clock->cancel(m_timer);
    }
    void abort() override;
    void run();

private:
    Script m_script;
    QPointer<FakeProvider> m_provider;
    QPointer<Clock> m_clock;  // a released reply may be deleted after the test's clock
    Clock::TimerId m_timer = 0;
};

class FakeProvider final : public LlmProvider {
public:
    explicit FakeProvider(Clock* clock) : m_clock(clock) {}

    ChatReply* chat(const ChatRequest& request) override {
        ++calls;
        requests.append(request);
        Script s =
            script.isEmpty() ? err(QStringLiteral("script_exhausted"), 0) : script.takeFirst();
        auto* reply = new FakeReply(s, this, m_clock);
        replies.append(reply);
        return reply;
    }
    QString kind() const override { return QStringLiteral("anthropic"); }
    bool isLocal() const override { return true; }

    QList<Script> script;
    QList<ChatRequest> requests;
    QList<QPointer<FakeReply>> replies;
    int calls = 0;
    int aborts = 0;

private:
    Clock* m_clock;
};

FakeReply::FakeReply(Script script, FakeProvider* provider, Clock* clock)
    : ChatReply(provider), m_script(std::move(script)), m_provider(provider), m_clock(clock) {
    if (m_script.finishInsideChat)
        run();
    else if (!m_script.hang)
        m_timer = m_clock->callAfter(0, this, [this] {
            m_timer = 0;
            run();
        });
}

void FakeReply::abort() {
    if (m_finished)
        return;
    if (m_provider)
        ++m_provider->aborts;
    m_errorCode = QStringLiteral("aborted");
    m_errorString = QStringLiteral("inner aborted");
    m_finished = true;
    Q_EMIT finished();
}

void FakeReply::run() {
    QPointer<FakeReply> self(this);
    m_httpStatus = m_script.httpStatus;
    m_retryAfterMs = m_script.retryAfterMs;
    m_shouldRetry = m_script.shouldRetry;
    m_usage = m_script.usage;
    if (m_script.code.isEmpty()) {
        const QString a = m_script.text.left(m_script.text.size() / 2);
        const QString b = m_script.text.mid(a.size());
        for (const QString& piece : {a, b}) {
            if (piece.isEmpty())
                continue;
            m_message.content += piece;
            m_hasOutput = true;
            Q_EMIT textDelta(piece);
            if (!self || m_finished)
                return;
        }
        for (int i = 0; i < m_script.toolCalls.size(); ++i) {
            m_message.toolCalls.append(m_script.toolCalls[i]);
            m_hasOutput = true;
            Q_EMIT toolCallDelta(i);
            if (!self || m_finished)
                return;
        }
        m_finishReason =
            m_script.toolCalls.isEmpty() ? QStringLiteral("stop") : QStringLiteral("tool_calls");
    } else {
        if (m_script.partialOutput) {
            m_message.content = QStringLiteral("partial ");
            m_hasOutput = true;
            Q_EMIT textDelta(m_message.content);
            if (!self || m_finished)
                return;
        }
        m_errorCode = m_script.code;
        m_errorString =
            QStringLiteral("scripted %1 (HTTP %2)").arg(m_script.code).arg(m_script.httpStatus);
    }
    m_finished = true;
    Q_EMIT finished();
}

RetryPolicy noJitter() {
    RetryPolicy p;
    p.jitter = [] { return 0.0; };
    return p;
}

ChatRequest request() {
    ChatRequest r;
    r.model = QStringLiteral("m");
    r.messages = {ChatMessage::user(QStringLiteral("hi"))};
    return r;
}

// Everything a caller sees of one outer reply.
struct Watch {
    explicit Watch(ChatReply* r)
        : finished(r, &ChatReply::finished),
          retrying(qobject_cast<RetryingReply*>(r), &RetryingReply::retrying),
          text(r, &ChatReply::textDelta) {}
    QSignalSpy finished;
    QSignalSpy retrying;
    QSignalSpy text;

    qint64 delay(int i) const { return retrying.at(i).at(1).toLongLong(); }
};

const QString kRate = QString::fromLatin1(llm::errors::RateLimited);
const QString kServer = QString::fromLatin1(llm::errors::Server);
const QString kOverloaded = QString::fromLatin1(llm::errors::Overloaded);

}  // namespace

class TestRetryingProvider : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // --- llm_errors helpers --------------------------------------------------------------------
    void retryAfterHeader_data();
    void retryAfterHeader();
    void shouldRetryHeader_data();
    void shouldRetryHeader();
    void classifyHttpStatus_data();
    void classifyHttpStatus();
    void classifyStreamErrors_data();
    void classifyStreamErrors();
    void transientClasses();

    // --- delay and decision ----------------------------------------------------------------------
    void backoffDoublesAndCaps();
    void jitterShortensByAtMostAQuarter();
    void serverHintUsedWithinLimit();

    // --- RetryingProvider
    // -------------------------------------------------------------------------
    void forwardsKindAndLocality();
    void rateLimitedTwiceThenSuccess();
    void retryAfterMsHonouredExactly();
    void retryAfterDateHonoured();
    void retryAfterBeyondLimitFallsBackToBackoff();
    void shouldRetryFalseStopsServerError();
    void shouldRetryTrueRetriesBadRequest();
    void permanentErrorsPassThrough_data();
    void permanentErrorsPassThrough();
    void truncatedWithoutOutputRetried();
    void failureAfterOutputNotRetried();
    void givesUpAfterMaxRetries();
    void laterPermanentErrorStopsRetries();
    void backoffCapsAtEightSeconds();
    void jitteredDelayWithinRange();
    void abortDuringBackoff();
    void abortDuringInnerCall();
    void abortFromRetryingSlot();
    void abortFromDeltaSlot();
    void deleteDuringBackoff();
    void deleteDuringInnerCall();
    void deleteFromDeltaAndFinishedSlots();
    void successForwardsDeltasMessageAndUsage();
    void toolCallDeltasFollowMessage();
    void innerFinishingInsideChat();
    void systemClockRetry();
};

// --- llm_errors helpers --------------------------------------------------------------------------

void TestRetryingProvider::retryAfterHeader_data() {
    QTest::addColumn<QList<QByteArray>>("names");
    QTest::addColumn<QList<QByteArray>>("values");
    QTest::addColumn<qint64>("expected");
    using L = QList<QByteArray>;
    QTest::newRow("absent") << L{} << L{} << qint64(-1);
    QTest::newRow("seconds") << L{"retry-after"} << L{"2"} << qint64(2000);
    QTest::newRow("fractional seconds") << L{"retry-after"} << L{"1.5"} << qint64(1500);
    QTest::newRow("zero seconds") << L{"retry-after"} << L{"0"} << qint64(0);
    QTest::newRow("ms") << L{"retry-after-ms"} << L{"250"} << qint64(250);
    QTest::newRow("ms wins over seconds")
        << L{"retry-after", "retry-after-ms"} << L{"30", "1500"} << qint64(1500);
    QTest::newRow("bad ms falls back to seconds")
        << L{"retry-after-ms", "retry-after"} << L{"soon", "3"} << qint64(3000);
    QTest::newRow("header names any case")
        << L{"Retry-After-Ms", "RETRY-AFTER"} << L{"700", "9"} << qint64(700);
    QTest::newRow("Retry-After mixed case") << L{"Retry-After"} << L{" 4 "} << qint64(4000);
    // The fixed now is Thu, 01 Jan 2026 12:00:00 GMT.
    QTest::newRow("http date in 30 s")
        << L{"retry-after"} << L{"Thu, 01 Jan 2026 12:00:30 GMT"} << qint64(30000);
    QTest::newRow("http date in 5 min")
        << L{"Retry-After"} << L{"Thu, 01 Jan 2026 12:05:00 GMT"} << qint64(300000);
    QTest::newRow("http date in the past")
        << L{"retry-after"} << L{"Thu, 01 Jan 2026 11:59:00 GMT"} << qint64(0);
    QTest::newRow("garbage") << L{"retry-after"} << L{"whenever"} << qint64(-1);
    QTest::newRow("negative") << L{"retry-after"} << L{"-5"} << qint64(-1);
    QTest::newRow("other headers only") << L{"x-request-id"} << L{"5"} << qint64(-1);
}

void TestRetryingProvider::retryAfterHeader() {
    QFETCH(QList<QByteArray>, names);
    QFETCH(QList<QByteArray>, values);
    QFETCH(qint64, expected);
    llm::HeaderList headers;
    for (qsizetype i = 0; i < names.size(); ++i)
        headers.append({names[i], values[i]});
    const QDateTime now(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
    QCOMPARE(llm::retryAfterMs(headers, now), expected);
}

void TestRetryingProvider::shouldRetryHeader_data() {
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("expected");
    QTest::newRow("true") << QByteArray("x-should-retry") << QByteArray("true") << 1;
    QTest::newRow("false") << QByteArray("x-should-retry") << QByteArray("false") << 0;
    QTest::newRow("name case") << QByteArray("X-Should-Retry") << QByteArray("false") << 0;
    QTest::newRow("value case") << QByteArray("x-should-retry") << QByteArray("TRUE") << 1;
    QTest::newRow("garbage") << QByteArray("x-should-retry") << QByteArray("maybe") << -1;
    QTest::newRow("absent") << QByteArray("retry-after") << QByteArray("1") << -1;
}

void TestRetryingProvider::shouldRetryHeader() {
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, value);
    QFETCH(int, expected);
    QCOMPARE(llm::shouldRetry({{name, value}}), expected);
}

void TestRetryingProvider::classifyHttpStatus_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expected");
    const QString none;
    QTest::newRow("400") << 400 << "invalid_request_error"
                         << "bad field"
                         << "bad_request";
    QTest::newRow("401") << 401 << "invalid_api_key" << none << "auth";
    QTest::newRow("403") << 403 << "permission_error" << none << "auth";
    QTest::newRow("404") << 404 << none << "model not found"
                         << "bad_request";
    QTest::newRow("408") << 408 << none << none << "server";
    QTest::newRow("409") << 409 << none << none << "server";
    QTest::newRow("422") << 422 << none << none << "bad_request";
    QTest::newRow("429") << 429 << "rate_limit_error" << none << "rate_limited";
    QTest::newRow("500") << 500 << "api_error" << none << "server";
    QTest::newRow("502") << 502 << none << none << "server";
    QTest::newRow("503") << 503 << none << none << "overloaded";
    QTest::newRow("529") << 529 << "overloaded_error"
                         << "Overloaded"
                         << "overloaded";
    QTest::newRow("400 overloaded_error type") << 400 << "overloaded_error" << none << "overloaded";
    QTest::newRow("openai context_length_exceeded")
        << 400 << "context_length_exceeded"
        << "This model's maximum context length is 128000 tokens."
        << "context_length";
    QTest::newRow("anthropic prompt is too long")
        << 400 << "invalid_request_error"
        << "prompt is too long: 210000 tokens > 200000 maximum"
        << "context_length";
}

void TestRetryingProvider::classifyHttpStatus() {
    QFETCH(int, status);
    QFETCH(QString, type);
    QFETCH(QString, message);
    QFETCH(QString, expected);
    QCOMPARE(llm::classifyHttp(status, type, message), expected);
}

void TestRetryingProvider::classifyStreamErrors_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expected");
    QTest::newRow("overloaded") << "overloaded_error"
                                << "Overloaded"
                                << "overloaded";
    QTest::newRow("rate limit") << "rate_limit_error"
                                << "slow down"
                                << "rate_limited";
    QTest::newRow("api_error") << "api_error"
                               << "Internal"
                               << "server";
    QTest::newRow("server_error") << "server_error"
                                  << "oops"
                                  << "server";
    QTest::newRow("auth") << "authentication_error"
                          << "bad key"
                          << "auth";
    QTest::newRow("invalid request") << "invalid_request_error"
                                     << "bad"
                                     << "bad_request";
    QTest::newRow("prompt too long") << "invalid_request_error"
                                     << "prompt is too long: 201000 tokens > 200000 maximum"
                                     << "context_length";
    QTest::newRow("unknown") << "weird_error"
                             << "?"
                             << "api";
}

void TestRetryingProvider::classifyStreamErrors() {
    QFETCH(QString, type);
    QFETCH(QString, message);
    QFETCH(QString, expected);
    QCOMPARE(llm::classifyStreamError(type, message), expected);
}

void TestRetryingProvider::transientClasses() {
    for (const char* c : {"rate_limited", "overloaded", "server", "network", "timeout"})
        QVERIFY2(llm::isTransient(QString::fromLatin1(c)), c);
    for (const char* c :
         {"auth", "bad_request", "context_length", "protocol", "api", "truncated", "aborted", ""})
        QVERIFY2(!llm::isTransient(QString::fromLatin1(c)), c);
}

// --- delay and decision --------------------------------------------------------------------------

void TestRetryingProvider::backoffDoublesAndCaps() {
    const RetryPolicy p;
    const QList<qint64> expected{500, 1000, 2000, 4000, 8000, 8000, 8000};
    for (int n = 0; n < expected.size(); ++n)
        QCOMPARE(retryDelayMs(p, n, -1, 0.0), expected[n]);
    QCOMPARE(retryDelayMs(p, 1000, -1, 0.0), qint64(8000));  // no overflow for absurd counts
}

void TestRetryingProvider::jitterShortensByAtMostAQuarter() {
    const RetryPolicy p;
    QCOMPARE(retryDelayMs(p, 2, -1, 0.5), qint64(1750));
    const qint64 d = retryDelayMs(p, 3, -1, 0.99);
    QVERIFY2(d >= 3000 && d <= 4000, qPrintable(QString::number(d)));
    QVERIFY(d < 3100);
}

void TestRetryingProvider::serverHintUsedWithinLimit() {
    const RetryPolicy p;
    QCOMPARE(retryDelayMs(p, 0, 1500, 0.9), qint64(1500));  // exact: no jitter on a server hint
    QCOMPARE(retryDelayMs(p, 0, 0, 0.0), qint64(0));
    QCOMPARE(retryDelayMs(p, 1, 120000, 0.0), qint64(120000));
    QCOMPARE(retryDelayMs(p, 1, 120001, 0.0), qint64(1000));
}

// --- RetryingProvider ----------------------------------------------------------------------------

void TestRetryingProvider::forwardsKindAndLocality() {
    ManualClock clock;
    FakeProvider inner(&clock);
    RetryingProvider provider(&inner, &clock, noJitter());
    QCOMPARE(provider.kind(), QStringLiteral("anthropic"));
    QVERIFY(provider.isLocal());
}

void TestRetryingProvider::rateLimitedTwiceThenSuccess() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429), err(kRate, 429), ok(QStringLiteral("hello"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = static_cast<RetryingReply*>(provider.chat(request()));
    Watch w(reply);
    QCOMPARE(reply->attempts(), 1);

    clock.advance(0);  // the first attempt answers 429
    QCOMPARE(w.retrying.count(), 1);
    QCOMPARE(w.retrying.at(0).at(0).toInt(), 2);
    QCOMPARE(w.delay(0), qint64(500));
    QCOMPARE(w.retrying.at(0).at(2).toString(), kRate);

    clock.advance(499);
    QCOMPARE(inner.calls, 1);
    clock.advance(1);
    QCOMPARE(inner.calls, 2);  // the retry starts at exactly 500 ms (and answers 429 again)
    QCOMPARE(w.retrying.count(), 2);
    QCOMPARE(w.retrying.at(1).at(0).toInt(), 3);
    QCOMPARE(w.delay(1), qint64(1000));

    clock.advance(999);
    QCOMPARE(inner.calls, 2);
    QVERIFY(w.finished.isEmpty());
    clock.advance(1);
    QCOMPARE(inner.calls, 3);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->message().content, QStringLiteral("hello"));
    QCOMPARE(reply->attempts(), 3);
    QCOMPARE(reply->httpStatus(), 200);
    QCOMPARE(inner.requests.at(2).model, QStringLiteral("m"));  // the same request each time
    QCOMPARE(inner.requests.at(2).messages.size(), 1);
    QCOMPARE(clock.pendingCount(), 0);
    clock.advance(60000);
    QCOMPARE(inner.calls, 3);
    QCOMPARE(w.finished.count(), 1);
}

void TestRetryingProvider::retryAfterMsHonouredExactly() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429, 1500), ok(QStringLiteral("ok"))};
    RetryPolicy p;
    p.jitter = [] { return 0.99; };  // a server hint is not jittered
    RetryingProvider provider(&inner, &clock, p);
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.delay(0), qint64(1500));
    clock.advance(1499);
    QCOMPARE(inner.calls, 1);
    clock.advance(1);
    QCOMPARE(inner.calls, 2);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(!reply->hasError());
}

void TestRetryingProvider::retryAfterDateHonoured() {
    // A provider turns "Retry-After: <HTTP date>" into ms with llm::retryAfterMs.
    ManualClock clock;
    const qint64 hint =
        llm::retryAfterMs({{"Retry-After", "Thu, 01 Jan 2026 12:00:45 GMT"}}, clock.utcNow());
    QCOMPARE(hint, qint64(45000));
    FakeProvider inner(&clock);
    inner.script = {err(kOverloaded, 529, hint), ok(QStringLiteral("ok"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.delay(0), qint64(45000));
    clock.advance(44999);
    QCOMPARE(inner.calls, 1);
    clock.advance(1);
    QCOMPARE(inner.calls, 2);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(!reply->hasError());
}

void TestRetryingProvider::retryAfterBeyondLimitFallsBackToBackoff() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429, 120001), err(kRate, 429, 3600000), ok(QStringLiteral("ok"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.delay(0), qint64(500));
    clock.advance(500);
    QCOMPARE(w.retrying.count(), 2);
    QCOMPARE(w.delay(1), qint64(1000));
    clock.advance(1000);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(!reply->hasError());
    QCOMPARE(inner.calls, 3);
}

void TestRetryingProvider::shouldRetryFalseStopsServerError() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kServer, 500, -1, 0), ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(w.retrying.isEmpty());
    QCOMPARE(reply->errorCode(), kServer);
    QCOMPARE(reply->shouldRetryHint(), 0);
    QCOMPARE(reply->errorString(), QStringLiteral("scripted server (HTTP 500)"));
    clock.advance(10000);
    QCOMPARE(inner.calls, 1);
}

void TestRetryingProvider::shouldRetryTrueRetriesBadRequest() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(QStringLiteral("bad_request"), 400, -1, 1), ok(QStringLiteral("fine"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.retrying.count(), 1);
    clock.advance(500);
    QCOMPARE(inner.calls, 2);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->message().content, QStringLiteral("fine"));
}

void TestRetryingProvider::permanentErrorsPassThrough_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("status");
    QTest::newRow("auth") << "auth" << 401;
    QTest::newRow("bad_request") << "bad_request" << 400;
    QTest::newRow("context_length") << "context_length" << 400;
    QTest::newRow("protocol") << "protocol" << 200;
    QTest::newRow("api") << "api" << 200;
    QTest::newRow("aborted") << "aborted" << 0;
}

void TestRetryingProvider::permanentErrorsPassThrough() {
    QFETCH(QString, code);
    QFETCH(int, status);
    ManualClock clock;
    FakeProvider inner(&clock);
    // A retry hint alone does not make a permanent error worth retrying.
    inner.script = {err(code, status, 1000), ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = static_cast<RetryingReply*>(provider.chat(request()));
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.finished.count(), 1);
    QVERIFY(w.retrying.isEmpty());
    QCOMPARE(reply->errorCode(), code);
    QCOMPARE(reply->httpStatus(), status);
    QCOMPARE(reply->retryAfterMs(), qint64(1000));
    QCOMPARE(reply->errorString(), QStringLiteral("scripted %1 (HTTP %2)").arg(code).arg(status));
    QCOMPARE(reply->attempts(), 1);
    clock.advance(60000);
    QCOMPARE(inner.calls, 1);
}

void TestRetryingProvider::truncatedWithoutOutputRetried() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(QStringLiteral("truncated"), 200), ok(QStringLiteral("whole"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QCOMPARE(w.retrying.count(), 1);
    clock.advance(500);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->message().content, QStringLiteral("whole"));
}

void TestRetryingProvider::failureAfterOutputNotRetried() {
    for (const QString code :
         {QStringLiteral("truncated"), QStringLiteral("timeout"), kOverloaded}) {
        ManualClock clock;
        FakeProvider inner(&clock);
        Script s = err(code, 200, 0, 1);  // even x-should-retry: true cannot undo shown text
        s.partialOutput = true;
        inner.script = {s, ok(QStringLiteral("never"))};
        RetryingProvider provider(&inner, &clock, noJitter());
        auto* reply = provider.chat(request());
        Watch w(reply);
        clock.advance(0);
        QCOMPARE(w.finished.count(), 1);
        QVERIFY(w.retrying.isEmpty());
        QCOMPARE(w.text.count(), 1);
        QCOMPARE(reply->errorCode(), code);
        QVERIFY(reply->hasOutput());
        QCOMPARE(reply->message().content, QStringLiteral("partial "));
        clock.advance(10000);
        QCOMPARE(inner.calls, 1);
    }
}

void TestRetryingProvider::givesUpAfterMaxRetries() {
    ManualClock clock;
    FakeProvider inner(&clock);
    Script last = err(kOverloaded, 529, -1);
    last.usage = {7, 0};
    inner.script = {err(kServer, 502), err(kRate, 429), last, ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = static_cast<RetryingReply*>(provider.chat(request()));
    Watch w(reply);
    clock.advance(0);
    clock.advance(500);
    clock.advance(1000);
    QCOMPARE(inner.calls, 3);
    QCOMPARE(w.retrying.count(), 2);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->attempts(), 3);
    QCOMPARE(reply->errorCode(), kOverloaded);
    QCOMPARE(reply->httpStatus(), 529);
    QCOMPARE(reply->errorString(),
             QStringLiteral("scripted overloaded (HTTP 529) (after 3 attempts)"));
    QCOMPARE(reply->usage().promptTokens, qint64(7));  // what the failed attempts reported
    clock.advance(60000);
    QCOMPARE(inner.calls, 3);
}

void TestRetryingProvider::laterPermanentErrorStopsRetries() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429), err(QStringLiteral("auth"), 401), ok(QStringLiteral("x"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    clock.advance(500);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->errorCode(), QStringLiteral("auth"));
    QCOMPARE(reply->errorString(), QStringLiteral("scripted auth (HTTP 401) (after 2 attempts)"));
    clock.advance(60000);
    QCOMPARE(inner.calls, 2);
}

void TestRetryingProvider::backoffCapsAtEightSeconds() {
    ManualClock clock;
    FakeProvider inner(&clock);
    for (int i = 0; i < 6; ++i)
        inner.script.append(err(kServer, 500));
    inner.script.append(ok(QStringLiteral("at last")));
    RetryPolicy p = noJitter();
    p.maxRetries = 6;
    RetryingProvider provider(&inner, &clock, p);
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    const QList<qint64> expected{500, 1000, 2000, 4000, 8000, 8000};
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(w.retrying.count(), i + 1);
        QCOMPARE(w.delay(i), expected[i]);
        clock.advance(expected[i] - 1);
        QCOMPARE(inner.calls, i + 1);
        clock.advance(1);
        QCOMPARE(inner.calls, i + 2);
    }
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->message().content, QStringLiteral("at last"));
}

void TestRetryingProvider::jitteredDelayWithinRange() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kServer, 500), err(kServer, 500), ok(QStringLiteral("ok"))};
    RetryPolicy p;
    p.jitter = [] { return 0.99; };
    RetryingProvider provider(&inner, &clock, p);
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    QVERIFY2(w.delay(0) >= 375 && w.delay(0) < 500, qPrintable(QString::number(w.delay(0))));
    clock.advance(w.delay(0));
    QVERIFY2(w.delay(1) >= 750 && w.delay(1) < 1000, qPrintable(QString::number(w.delay(1))));
    clock.advance(w.delay(1));
    QCOMPARE(w.finished.count(), 1);

    // The default jitter (random) stays in range too.
    ManualClock clock2;
    FakeProvider inner2(&clock2);
    for (int i = 0; i < 20; ++i)
        inner2.script.append(err(kServer, 500));
    RetryPolicy random;
    random.maxRetries = 19;
    RetryingProvider provider2(&inner2, &clock2, random);
    auto* reply2 = provider2.chat(request());
    Watch w2(reply2);
    clock2.advance(0);
    for (int i = 0; i < 19; ++i) {
        const qint64 d = qMin<qint64>(500LL << qMin(i, 5), 8000);
        QVERIFY2(w2.delay(i) >= d * 3 / 4 && w2.delay(i) <= d, qPrintable(QString::number(i)));
        clock2.advance(w2.delay(i));
    }
    QCOMPARE(w2.finished.count(), 1);
}

void TestRetryingProvider::abortDuringBackoff() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429), ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(0);
    clock.advance(200);
    QCOMPARE(w.retrying.count(), 1);
    reply->abort();
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
    QVERIFY(!reply->errorString().isEmpty());
    reply->abort();
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(clock.pendingCount(), 0);
    clock.advance(60000);
    QCOMPARE(inner.calls, 1);
    QCOMPARE(w.finished.count(), 1);
}

void TestRetryingProvider::abortDuringInnerCall() {
    ManualClock clock;
    FakeProvider inner(&clock);
    Script hang;
    hang.hang = true;
    inner.script = {err(kRate, 429), hang};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    clock.advance(500);
    QCOMPARE(inner.calls, 2);
    QPointer<FakeReply> running = inner.replies.at(1);
    QVERIFY(running);
    QVERIFY(!running->isFinished());
    QCOMPARE(running->parent(), reply);  // owned by the outer reply while it runs

    reply->abort();
    QCOMPARE(inner.aborts, 1);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
    QVERIFY2(!reply->errorString().contains(QLatin1String("after")),
             qPrintable(reply->errorString()));
    clock.advance(60000);
    QCOMPARE(inner.calls, 2);
    QCOMPARE(w.finished.count(), 1);
    QTRY_VERIFY(running.isNull());  // released with deleteLater
}

void TestRetryingProvider::abortFromRetryingSlot() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429), ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = static_cast<RetryingReply*>(provider.chat(request()));
    Watch w(reply);
    connect(reply, &RetryingReply::retrying, reply, &ChatReply::abort);
    clock.advance(0);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
    clock.advance(60000);
    QCOMPARE(inner.calls, 1);
}

void TestRetryingProvider::abortFromDeltaSlot() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kServer, 503), ok(QStringLiteral("first, second"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    connect(reply, &ChatReply::textDelta, reply, &ChatReply::abort);
    clock.advance(0);
    clock.advance(500);
    QCOMPARE(inner.aborts, 1);
    QCOMPARE(w.text.count(), 1);  // the second delta is not forwarded
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
    QVERIFY(reply->hasOutput());
    QCOMPARE(reply->message().content, QStringLiteral("first,"));
}

void TestRetryingProvider::deleteDuringBackoff() {
    ManualClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429), ok(QStringLiteral("never"))};
    RetryingProvider provider(&inner, &clock, noJitter());
    ChatReply* reply = provider.chat(request());
    clock.advance(100);
    delete reply;
    QCOMPARE(clock.pendingCount(), 0);
    clock.advance(60000);
    QCOMPARE(inner.calls, 1);
}

void TestRetryingProvider::deleteDuringInnerCall() {
    ManualClock clock;
    FakeProvider inner(&clock);
    Script hang;
    hang.hang = true;
    inner.script = {hang};
    RetryingProvider provider(&inner, &clock, noJitter());
    ChatReply* reply = provider.chat(request());
    QPointer<FakeReply> running = inner.replies.at(0);
    delete reply;
    QCOMPARE(inner.aborts, 1);  // the running call is stopped, not left streaming
    QTRY_VERIFY(running.isNull());
    clock.advance(60000);
    QCOMPARE(inner.calls, 1);
}

void TestRetryingProvider::deleteFromDeltaAndFinishedSlots() {
    {
        ManualClock clock;
        FakeProvider inner(&clock);
        inner.script = {ok(QStringLiteral("streamed text"))};
        RetryingProvider provider(&inner, &clock, noJitter());
        QPointer<ChatReply> reply = provider.chat(request());
        connect(reply, &ChatReply::textDelta, reply, [&reply] { delete reply; });
        clock.advance(0);
        QVERIFY(reply.isNull());
        QCOMPARE(inner.aborts, 1);
    }
    {
        ManualClock clock;
        FakeProvider inner(&clock);
        inner.script = {err(kRate, 429), ok(QStringLiteral("ok"))};
        RetryingProvider provider(&inner, &clock, noJitter());
        QPointer<ChatReply> reply = provider.chat(request());
        int finishedCount = 0;
        connect(reply, &ChatReply::finished, reply, [&] {
            ++finishedCount;
            delete reply;
        });
        clock.advance(0);
        clock.advance(500);
        QCOMPARE(finishedCount, 1);
        QVERIFY(reply.isNull());
        QTRY_VERIFY(inner.replies.at(1).isNull());
    }
}

void TestRetryingProvider::successForwardsDeltasMessageAndUsage() {
    ManualClock clock;
    FakeProvider inner(&clock);
    Script failed = err(kOverloaded, 529);
    failed.usage = {3, 0, 0, 0, 0};  // some servers bill a failed attempt's prompt
    Usage u;
    u.promptTokens = 120;
    u.completionTokens = 30;
    u.cachedTokens = 100;
    u.reasoningTokens = 4;
    inner.script = {failed, ok(QStringLiteral("Hello, world"), u)};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    QStringList seenContent;
    connect(reply, &ChatReply::textDelta, reply,
            [&] { seenContent.append(reply->message().content); });
    clock.advance(0);
    QVERIFY(w.text.isEmpty());
    clock.advance(500);
    QCOMPARE(w.finished.count(), 1);
    QCOMPARE(w.text.count(), 2);
    QCOMPARE(w.text.at(0).at(0).toString() + w.text.at(1).at(0).toString(),
             QStringLiteral("Hello, world"));
    // message() follows the deltas while streaming.
    QCOMPARE(seenContent, (QStringList{QStringLiteral("Hello,"), QStringLiteral("Hello, world")}));
    QVERIFY(!reply->hasError());
    QCOMPARE(reply->message().role, ChatMessage::Role::Assistant);
    QCOMPARE(reply->message().content, QStringLiteral("Hello, world"));
    QCOMPARE(reply->finishReason(), QStringLiteral("stop"));
    QVERIFY(reply->hasOutput());
    QCOMPARE(reply->usage().promptTokens, qint64(123));
    QCOMPARE(reply->usage().completionTokens, qint64(30));
    QCOMPARE(reply->usage().cachedTokens, qint64(100));
    QCOMPARE(reply->usage().reasoningTokens, qint64(4));
}

void TestRetryingProvider::toolCallDeltasFollowMessage() {
    ManualClock clock;
    FakeProvider inner(&clock);
    Script s = ok(QString());
    s.toolCalls = {
        {QStringLiteral("call_1"), QStringLiteral("ssh_exec"), QStringLiteral("{}")},
        {QStringLiteral("call_2"), QStringLiteral("http_request"), QStringLiteral("{}")}};
    inner.script = {err(kServer, 500), s};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    QStringList seen;
    connect(reply, &ChatReply::toolCallDelta, reply,
            [&](int pos) { seen.append(reply->message().toolCalls.at(pos).name); });
    clock.advance(0);
    clock.advance(500);
    QVERIFY(reply->isFinished());
    QCOMPARE(seen, (QStringList{QStringLiteral("ssh_exec"), QStringLiteral("http_request")}));
    QCOMPARE(reply->message().toolCalls.size(), 2);
    QCOMPARE(reply->message().toolCalls.at(1).id, QStringLiteral("call_2"));
    QCOMPARE(reply->finishReason(), QStringLiteral("tool_calls"));
}

void TestRetryingProvider::innerFinishingInsideChat() {
    // A provider may fail before chat() returns; the caller still gets finished() after it has
    // connected, exactly once.
    ManualClock clock;
    FakeProvider inner(&clock);
    Script early = err(QStringLiteral("network"), 0);
    early.finishInsideChat = true;
    Script early2 = ok(QStringLiteral("second"));
    early2.finishInsideChat = true;
    inner.script = {early, early2};
    RetryingProvider provider(&inner, &clock, noJitter());
    auto* reply = provider.chat(request());
    Watch w(reply);
    QVERIFY(w.retrying.isEmpty());
    QTRY_COMPARE(w.retrying.count(), 1);
    clock.advance(500);
    QCOMPARE(inner.calls, 2);
    QTRY_COMPARE(w.finished.count(), 1);
    QCOMPARE(reply->message().content, QStringLiteral("second"));
    QTest::qWait(0);
    QCOMPARE(w.finished.count(), 1);
}

void TestRetryingProvider::systemClockRetry() {
    // The production clock path: a 0 ms server hint through a real QTimer.
    SystemClock clock;
    FakeProvider inner(&clock);
    inner.script = {err(kRate, 429, 0), ok(QStringLiteral("done"))};
    RetryingProvider provider(&inner, &clock);
    auto* reply = provider.chat(request());
    Watch w(reply);
    QVERIFY(w.finished.wait(5000));
    QCOMPARE(w.retrying.count(), 1);
    QCOMPARE(w.delay(0), qint64(0));
    QCOMPARE(reply->message().content, QStringLiteral("done"));
    QCOMPARE(inner.calls, 2);
}

QTEST_GUILESS_MAIN(TestRetryingProvider)
#include "test_retrying_provider.moc"
