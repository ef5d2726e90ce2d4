// OpenAiProvider against the loopback FakeLlmServer over real HTTP: recorded streams replayed
// byte for byte at different write sizes, scripted streams, errors, idle timeout and abort.
#include "core/clock.h"
#include "fake_llm_server.h"
#include "llm/openai_provider.h"
#include "temp_env.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::FakeLlmServer;

namespace {

constexpr int kIdleMs = 30000;
const QString kKey = QStringLiteral("sk-test-key");

// What a caller observed of one reply.
struct Outcome {
    int finishedCount = 0;
    QString streamedText;      // textDelta pieces joined
    QList<int> toolPositions;  // toolCallDelta positions, in order
    ChatMessage message;
    QString finishReason;
    Usage usage;
    QString errorCode;
    QString errorString;

    bool sameResultAs(const Outcome& o) const {
        if (message.toolCalls.size() != o.message.toolCalls.size())
            return false;
        for (qsizetype i = 0; i < message.toolCalls.size(); ++i) {
            const ToolCall &a = message.toolCalls[i], &b = o.message.toolCalls[i];
            if (a.id != b.id || a.name != b.name || a.arguments != b.arguments)
                return false;
        }
        return finishedCount == o.finishedCount && streamedText == o.streamedText &&
               message.content == o.message.content && finishReason == o.finishReason &&
               usage.promptTokens == o.usage.promptTokens &&
               usage.completionTokens == o.usage.completionTokens && errorCode == o.errorCode;
    }
};

QByteArray readData(const QString& relative) {
    QFile f(QStringLiteral(ZERG_TEST_DATA_DIR "/") + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The text of choice 0 in a recorded SSE body, computed the simple way: whole body, line by line.
QString expectedText(const QByteArray& body) {
    QString text;
    for (const QByteArray& line : body.split('\n')) {
        if (!line.startsWith("data: {"))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line.mid(6)).object();
        for (const QJsonValue& c : o.value("choices").toArray()) {
            if (c.toObject().value("index").toInt() == 0) {
                text += c.toObject().value("delta").toObject().value("content").toString();
            }
        }
    }
    return text;
}

QJsonObject argsOf(const ToolCall& c) {
    return QJsonDocument::fromJson(c.arguments.toUtf8()).object();
}

QJsonObject sseFile(const QString& file, const QJsonArray& writeSizes = {}) {
    QJsonObject r{{"sse_file", QStringLiteral("llm-streams/") + file}};
    if (!writeSizes.isEmpty())
        r.insert("write_sizes", writeSizes);
    return r;
}

QByteArray chunkEvent(const QJsonObject& delta, const QJsonValue& finish = QJsonValue::Null) {
    const QJsonObject chunk{
        {"object", "chat.completion.chunk"},
        {"choices",
         QJsonArray{QJsonObject{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}}}};
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

ChatRequest simpleRequest() {
    ChatRequest r;
    r.model = QStringLiteral("gpt-test");
    r.messages = {ChatMessage::user(QStringLiteral("hello"))};
    return r;
}

}  // namespace

class TestOpenAiProvider : public QObject {
    Q_OBJECT

    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<OpenAiProvider> m_provider;

    // Starts a chat, records what the caller sees, and waits for finished().
    struct Watch {
        ChatReply* reply = nullptr;
        std::shared_ptr<Outcome> seen = std::make_shared<Outcome>();
    };
    Watch startChat(const ChatRequest& request = simpleRequest(),
                    OpenAiProvider* provider = nullptr) {
        Watch w;
        w.reply = (provider ? provider : m_provider.get())->chat(request);
        auto seen = w.seen;
        connect(w.reply, &ChatReply::textDelta, this,
                [seen](const QString& t) { seen->streamedText += t; });
        connect(w.reply, &ChatReply::toolCallDelta, this,
                [seen](int p) { seen->toolPositions.append(p); });
        connect(w.reply, &ChatReply::finished, this, [seen] { ++seen->finishedCount; });
        return w;
    }

    static Outcome collect(const Watch& w) {
        Outcome o = *w.seen;
        o.message = w.reply->message();
        o.finishReason = w.reply->finishReason();
        o.usage = w.reply->usage();
        o.errorCode = w.reply->errorCode();
        o.errorString = w.reply->errorString();
        return o;
    }

    // Runs one request against a scenario of one response and returns what the caller saw.
    Outcome run(const QJsonObject& response, const ChatRequest& request = simpleRequest(),
                OpenAiProvider* provider = nullptr) {
        m_server->setScenario({{"responses", QJsonArray{response}}});
        Watch w = startChat(request, provider);
        QSignalSpy done(w.reply, &ChatReply::finished);
        if (!w.reply->isFinished())
            done.wait(30000);
        QCoreApplication::processEvents();  // a second finished() would show up here
        Outcome o = collect(w);
        delete w.reply;
        return o;
    }

private Q_SLOTS:
    void init() {
        m_server = std::make_unique<FakeLlmServer>();
        QString error;
        QVERIFY2(m_server->start(&error), qPrintable(error));
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_clock = std::make_unique<ManualClock>();
        m_provider = std::make_unique<OpenAiProvider>(m_nam.get(), m_server->baseUrl(), kKey,
                                                      kIdleMs, m_clock.get());
    }

    void cleanup() {
        m_provider.reset();
        m_nam.reset();
        m_clock.reset();
        m_server.reset();
    }

    void plainTextRecordedStream() {
        const QString expected =
            expectedText(readData("llm-streams/openai/openai-gpt4o-plain-text.sse"));
        QVERIFY(expected.startsWith(
            QStringLiteral("I'm unable to provide real-time weather updates.")));
        const Outcome o = run(sseFile("openai/openai-gpt4o-plain-text.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.message.content, expected);
        QCOMPARE(o.streamedText, expected);
        QCOMPARE(o.finishReason, QStringLiteral("stop"));
        QCOMPARE(o.usage.promptTokens, 14);
        QCOMPARE(o.usage.completionTokens, 30);
        QVERIFY(o.message.toolCalls.isEmpty());
        QCOMPARE(o.message.role, ChatMessage::Role::Assistant);
    }

    void singleToolCall() {
        const Outcome o = run(sseFile("openai/openai-gpt4o-single-tool-call.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.finishReason, QStringLiteral("tool_calls"));
        QCOMPARE(o.message.toolCalls.size(), 1);
        const ToolCall& c = o.message.toolCalls.first();
        QCOMPARE(c.id, QStringLiteral("call_c91SqDXlYFuETYv8mUHzz6pp"));
        QCOMPARE(c.name, QStringLiteral("GetWeatherArgs"));
        QCOMPARE(argsOf(c),
                 (QJsonObject{{"city", "Edinburgh"}, {"country", "UK"}, {"units", "c"}}));
        QVERIFY(o.toolPositions.size() > 3);  // one per fragment
        QVERIFY(std::all_of(o.toolPositions.begin(), o.toolPositions.end(),
                            [](int p) { return p == 0; }));
        QCOMPARE(o.message.content, QString());
        QCOMPARE(o.usage.completionTokens, 24);
    }

    void twoParallelToolCalls() {
        const Outcome o = run(sseFile("openai/openai-gpt4o-two-parallel-tool-calls.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.toolCalls.size(), 2);
        QCOMPARE(o.message.toolCalls[0].name, QStringLiteral("GetWeatherArgs"));
        QCOMPARE(o.message.toolCalls[0].id, QStringLiteral("call_JMW1whyEaYG438VE1OIflxA2"));
        QCOMPARE(argsOf(o.message.toolCalls[0]),
                 (QJsonObject{{"city", "Edinburgh"}, {"country", "GB"}, {"units", "c"}}));
        QCOMPARE(o.message.toolCalls[1].name, QStringLiteral("get_stock_price"));
        QCOMPARE(argsOf(o.message.toolCalls[1]),
                 (QJsonObject{{"ticker", "AAPL"}, {"exchange", "NASDAQ"}}));
        QVERIFY(o.toolPositions.contains(0) && o.toolPositions.contains(1));
        QCOMPARE(o.toolPositions.first(), 0);
        QCOMPARE(o.toolPositions.last(), 1);
        QCOMPARE(o.finishReason, QStringLiteral("tool_calls"));
    }

    // Index 1 is the first (and only) call, so it is position 0. This file also ends with
    // "data: [DONE]\n" without the blank line: the parser drops [DONE] at EOF, and the reply
    // still succeeds because finish_reason was seen.
    void toolIndexStartingAtOne() {
        const Outcome o =
            run(sseFile("openai/openai-compat-claude-haiku-tool-index-starts-at-1.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Reading it."));
        QCOMPARE(o.message.toolCalls.size(), 1);
        QCOMPARE(o.message.toolCalls[0].name, QStringLiteral("read_file"));
        QCOMPARE(o.message.toolCalls[0].id, QStringLiteral("toolu_sanitized"));
        QCOMPARE(argsOf(o.message.toolCalls[0]), (QJsonObject{{"path", "a.txt"}}));
        QVERIFY(!o.toolPositions.contains(1));
        QCOMPARE(o.finishReason, QStringLiteral("tool_calls"));
    }

    void wholeToolCallInOneChunk_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<int>("prompt");
        QTest::addColumn<int>("completion");
        QTest::newRow("groq") << "groq-llama33-whole-tool-call-in-one-chunk.jsonl"
                              << "tk85n1k4m" << QJsonObject{} << 210 << 15;
        QTest::newRow("xai") << "xai-grok3mini-reasoning-then-whole-tool-call.jsonl"
                             << "call_55117580" << QJsonObject{{"location", "San Francisco"}} << 291
                             << 26;
        QTest::newRow("deepseek") << "deepseek-reasoner-reasoning-then-tool-call.jsonl"
                                  << "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF"
                                  << QJsonObject{{"location", "San Francisco"}} << 339 << 83;
    }
    void wholeToolCallInOneChunk() {
        QFETCH(QString, file);
        QFETCH(QString, id);
        QFETCH(QJsonObject, args);
        QFETCH(int, prompt);
        QFETCH(int, completion);
        const Outcome o =
            run({{"chunks_file", "llm-streams/chunks/" + file}, {"write_sizes", QJsonArray{17}}});
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.toolCalls.size(), 1);
        QCOMPARE(o.message.toolCalls[0].name, QStringLiteral("weather"));
        QCOMPARE(o.message.toolCalls[0].id, id);
        QCOMPARE(argsOf(o.message.toolCalls[0]), args);
        QVERIFY(!o.message.toolCalls[0].arguments.isEmpty());
        QCOMPARE(o.message.content, QString());  // reasoning_content is not answer text
        QCOMPARE(o.usage.promptTokens, prompt);
        QCOMPARE(o.usage.completionTokens, completion);
    }

    void extraFieldsAndNullUsageAreIgnored() {
        const Outcome o =
            run({{"chunks_file",
                  "llm-streams/chunks/openai-gpt41nano-text-obfuscation-usage-null.jsonl"}});
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QVERIFY(o.message.content.startsWith(QStringLiteral("**Holiday Name:** Harmony Day")));
        QCOMPARE(o.usage.promptTokens, 16);
        QCOMPARE(o.usage.completionTokens, 300);
    }

    void onlyChoiceZeroCounts() {
        const Outcome o = run(sseFile("openai/openai-gpt4o-n3-interleaved-choices.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.content,
                 QStringLiteral(R"({"city":"San Francisco","temperature":65,"units":"f"})"));
    }

    void refusalBecomesText() {
        const Outcome o = run(sseFile("openai/openai-gpt4o-refusal-deltas.sse"));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("I'm sorry, I can't assist with that request."));
        QCOMPARE(o.streamedText, o.message.content);
    }

    // The same bytes give the same result however the server cuts its writes.
    void fragmentationDoesNotChangeTheResult_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("plain") << "openai/openai-gpt4o-plain-text.sse";
        QTest::newRow("two tools") << "openai/openai-gpt4o-two-parallel-tool-calls.sse";
        QTest::newRow("utf8") << "openai/openai-gpt4o-long-json-object-utf8-whitespace-deltas.sse";
        QTest::newRow("index 1") << "openai/openai-compat-claude-haiku-tool-index-starts-at-1.sse";
    }
    void fragmentationDoesNotChangeTheResult() {
        QFETCH(QString, file);
        const Outcome whole = run(sseFile(file));
        QVERIFY2(whole.errorCode.isEmpty(), qPrintable(whole.errorString));
        QVERIFY(!whole.message.content.isEmpty() || !whole.message.toolCalls.isEmpty());
        const Outcome bytewise = run(sseFile(file, {1}));
        QVERIFY(bytewise.sameResultAs(whole));
        const Outcome odd = run(sseFile(file, {7, 1, 13, 2, 64, 3, 1, 1, 29}));
        QVERIFY(odd.sameResultAs(whole));
        if (file.contains(QLatin1String("utf8"))) {
            QVERIFY(bytewise.message.content.contains(QStringLiteral("\"18°C\"")));
            QCOMPARE(bytewise.message.content, expectedText(readData("llm-streams/" + file)));
        }
    }

    void scriptedResponses() {
        const Outcome text =
            run({{"content", "Disk usage on testbox: / is 42% used."}, {"chunk_chars", 4}});
        QVERIFY2(text.errorCode.isEmpty(), qPrintable(text.errorString));
        QCOMPARE(text.message.content, QStringLiteral("Disk usage on testbox: / is 42% used."));
        QCOMPARE(text.finishReason, QStringLiteral("stop"));
        QVERIFY(text.usage.completionTokens > 0);

        const Outcome calls =
            run({{"tool_calls",
                  QJsonArray{
                      QJsonObject{
                          {"id", "call_1"},
                          {"name", "ssh_exec"},
                          {"arguments", QJsonObject{{"host", "testbox"}, {"command", "df -h"}}}},
                      QJsonObject{{"id", "call_2"}, {"name", "get_time"}, {"arguments", ""}},
                      QJsonObject{
                          {"id", "call_3"}, {"name", "broken"}, {"arguments", "{\"host\": "}}}}});
        QVERIFY2(calls.errorCode.isEmpty(), qPrintable(calls.errorString));
        QCOMPARE(calls.finishReason, QStringLiteral("tool_calls"));
        QCOMPARE(calls.message.toolCalls.size(), 3);
        QCOMPARE(argsOf(calls.message.toolCalls[0]),
                 (QJsonObject{{"host", "testbox"}, {"command", "df -h"}}));
        QCOMPARE(calls.message.toolCalls[1].arguments, QStringLiteral("{}"));  // empty becomes {}
        QCOMPARE(calls.message.toolCalls[2].arguments,
                 QStringLiteral("{\"host\": "));  // raw, as sent
        QCOMPARE(calls.message.toolCalls[2].id, QStringLiteral("call_3"));
    }

    void requestIsSentAsGiven() {
        ChatRequest req;
        req.model = QStringLiteral("worker-model");
        req.temperature = 0.25;
        req.maxTokens = 256;
        const QJsonObject params{
            {"type", "object"},
            {"properties", QJsonObject{{"host", QJsonObject{{"type", "string"}}}}},
            {"required", QJsonArray{"host"}}};
        req.tools = {
            {QStringLiteral("ssh_exec"), QStringLiteral("Run a command over SSH"), params}};
        req.messages = {
            ChatMessage::system(QStringLiteral("You are a worker.")),
            ChatMessage::user(QStringLiteral("Check disk usage on testbox")),
            ChatMessage::assistant({}, {{QStringLiteral("call_9"), QStringLiteral("ssh_exec"),
                                         QStringLiteral("{\"host\":\"testbox\"}")}}),
            ChatMessage::tool(QStringLiteral("call_9"), QStringLiteral("ssh_exec"),
                              QStringLiteral("{\"exit_code\":0}")),
        };
        const Outcome o = run({{"model", "worker-model"}, {"content", "ok"}}, req);
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(m_server->requests().size(), 1);
        const QJsonObject body = m_server->requests().first();
        QCOMPARE(body.value("model").toString(), QStringLiteral("worker-model"));
        QCOMPARE(body.value("stream").toBool(), true);
        QCOMPARE(body.value("stream_options").toObject().value("include_usage").toBool(), true);
        QCOMPARE(body.value("temperature").toDouble(), 0.25);
        QCOMPARE(body.value("max_tokens").toInt(), 256);
        const QJsonArray tools = body.value("tools").toArray();
        QCOMPARE(tools.size(), 1);
        QCOMPARE(tools[0].toObject().value("type").toString(), QStringLiteral("function"));
        const QJsonObject fn = tools[0].toObject().value("function").toObject();
        QCOMPARE(fn.value("name").toString(), QStringLiteral("ssh_exec"));
        QCOMPARE(fn.value("description").toString(), QStringLiteral("Run a command over SSH"));
        QCOMPARE(fn.value("parameters").toObject(), params);
        const QJsonArray messages = body.value("messages").toArray();
        QCOMPARE(messages.size(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(messages[i].toObject(), req.messages[i].toJson());
        const QJsonObject toolMsg = messages[3].toObject();
        QCOMPARE(toolMsg.value("role").toString(), QStringLiteral("tool"));
        QCOMPARE(toolMsg.value("tool_call_id").toString(), QStringLiteral("call_9"));
        QCOMPARE(messages[2]
                     .toObject()
                     .value("tool_calls")
                     .toArray()[0]
                     .toObject()
                     .value("id")
                     .toString(),
                 QStringLiteral("call_9"));
        const auto headers = m_server->requestHeaders().first();
        QCOMPARE(headers.value("authorization"), QByteArray("Bearer ") + kKey.toUtf8());
        QCOMPARE(headers.value("accept"), QByteArray("text/event-stream"));

        // No key: no Authorization header. No tools: no "tools" key.
        OpenAiProvider keyless(m_nam.get(), m_server->baseUrl() + "/", QString(), kIdleMs,
                               m_clock.get());
        const Outcome o2 = run({{"content", "ok"}}, simpleRequest(), &keyless);
        QVERIFY2(o2.errorCode.isEmpty(), qPrintable(o2.errorString));
        QCOMPARE(m_server->requests().size(), 2);
        QVERIFY(!m_server->requestHeaders().at(1).contains("authorization"));
        QVERIFY(!m_server->requests().at(1).contains("tools"));
        QVERIFY(!m_server->requests().at(1).contains("temperature"));
    }

    void httpErrorsSayWhatToDo_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("serverMessage");
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("401") << 401 << "Incorrect API key provided: sk-test***"
                             << QStringList{"401", "ZERG_LLM_API_KEY",
                                            "Incorrect API key provided"};
        QTest::newRow("404") << 404 << "The model `gpt-test` does not exist"
                             << QStringList{"404", "/v1", "gpt-test", "does not exist"};
        QTest::newRow("500") << 500 << "boom" << QStringList{"500", "boom", "Try again"};
        QTest::newRow("429") << 429 << "Rate limit reached"
                             << QStringList{"429", "Rate limit reached"};
    }
    void httpErrorsSayWhatToDo() {
        QFETCH(int, status);
        QFETCH(QString, serverMessage);
        QFETCH(QStringList, mentions);
        const Outcome o =
            run({{"status", status},
                 {"body", QJsonObject{{"error", QJsonObject{{"message", serverMessage}}}}}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("http"));
        QVERIFY2(o.errorString.contains(m_provider->endpoint().toString()),
                 qPrintable(o.errorString));
        for (const QString& m : mentions)
            QVERIFY2(o.errorString.contains(m), qPrintable(o.errorString));
        QVERIFY(!o.errorString.contains(kKey));
    }

    void scenarioExhaustedIsAnHttpError() {
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"model", "other"}, {"content", "x"}}}}});
        Watch w = startChat();
        QTRY_VERIFY_WITH_TIMEOUT(w.reply->isFinished(), 30000);
        QCOMPARE(w.reply->errorCode(), QStringLiteral("http"));
        QVERIFY2(
            w.reply->errorString().contains(QStringLiteral("no response left for model gpt-test")),
            qPrintable(w.reply->errorString()));
        QCOMPARE(m_server->remainingResponses(), 1);
        delete w.reply;
    }

    void connectionRefusedNamesTheUrl() {
        const quint16 port = zerg::test::freeLoopbackPort();
        QVERIFY(port != 0);
        const QString base = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        OpenAiProvider closed(m_nam.get(), base, kKey, kIdleMs, m_clock.get());
        const Outcome o = run({{"content", "unused"}}, simpleRequest(), &closed);
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("network"));
        QVERIFY2(o.errorString.contains(base + QStringLiteral("/chat/completions")),
                 qPrintable(o.errorString));
        QVERIFY2(o.errorString.contains(QStringLiteral("ZERG_LLM_BASE_URL")),
                 qPrintable(o.errorString));
    }

    void invalidJsonChunkIsAProtocolError() {
        const QByteArray raw = chunkEvent({{"content", "Hi"}}) + "data: {\"choices\": [oops\n\n" +
                               chunkEvent({}, "stop") + "data: [DONE]\n\n";
        const Outcome o = run({{"raw_sse", QString::fromUtf8(raw)}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("protocol"));
        QVERIFY2(o.errorString.contains(QStringLiteral("[oops")), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Hi"));
    }

    void errorChunkIsAnApiError() {
        const QByteArray raw =
            chunkEvent({{"content", "Hel"}}) +
            "data: {\"error\":{\"message\":\"The server had an error while processing "
            "your request.\",\"type\":\"server_error\"}}\n\n";
        const Outcome o = run({{"raw_sse", QString::fromUtf8(raw)}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("api"));
        QVERIFY2(o.errorString.contains(QStringLiteral("The server had an error")),
                 qPrintable(o.errorString));
    }

    void streamEndingEarlyIsAProtocolError() {
        const Outcome o =
            run({{"raw_sse", QString::fromUtf8(chunkEvent({{"content", "Half an ans"}}))}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("protocol"));
        QVERIFY2(o.errorString.contains(QStringLiteral("the stream ended early")),
                 qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Half an ans"));

        // Closing without [DONE] after a finish_reason is a complete answer.
        const Outcome done = run({{"raw_sse", QString::fromUtf8(chunkEvent({{"content", "All"}}) +
                                                                chunkEvent({}, "stop"))}});
        QVERIFY2(done.errorCode.isEmpty(), qPrintable(done.errorString));
        QCOMPARE(done.message.content, QStringLiteral("All"));

        // Not an event stream at all.
        const Outcome html = run({{"raw_sse", "<html><body>It works!</body></html>\n"}});
        QCOMPARE(html.errorCode, QStringLiteral("protocol"));
        QVERIFY2(html.errorString.contains(QStringLiteral("ZERG_LLM_BASE_URL")),
                 qPrintable(html.errorString));
    }

    // The idle timer starts with the request and restarts on every byte received.
    void idleTimeout() {
        const QByteArray head = chunkEvent({{"role", "assistant"}, {"content", ""}}) +
                                chunkEvent({{"content", "Hel"}}) + chunkEvent({{"content", "lo"}});
        const QByteArray raw = head + chunkEvent({{"content", " never sent"}}) + "data: [DONE]\n\n";
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"raw_sse", QString::fromUtf8(raw)},
                                                  {"write_sizes", QJsonArray{20}},
                                                  {"stall_after_bytes", head.size()}}}}});
        Watch w = startChat();
        m_clock->advance(kIdleMs - 1000);  // before any byte arrived: nearly timed out
        QVERIFY(!w.reply->isFinished());
        QTRY_COMPARE_WITH_TIMEOUT(w.reply->message().content, QStringLiteral("Hello"), 30000);
        m_clock->advance(1000);  // a full idle period since the request, but not since the data
        QVERIFY(!w.reply->isFinished());
        m_clock->advance(kIdleMs - 1001);
        QVERIFY(!w.reply->isFinished());
        m_clock->advance(1);
        QVERIFY(w.reply->isFinished());
        QCOMPARE(w.reply->errorCode(), QStringLiteral("timeout"));
        QVERIFY2(w.reply->errorString().contains(QStringLiteral("30 seconds")),
                 qPrintable(w.reply->errorString()));
        QCOMPARE(w.reply->message().content, QStringLiteral("Hello"));
        m_clock->advance(10 * kIdleMs);
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 1);
        delete w.reply;
    }

    void abortMidStream() {
        const QByteArray head = chunkEvent({{"content", "Partial"}});
        m_server->setScenario(
            {{"responses",
              QJsonArray{
                  QJsonObject{{"raw_sse", QString::fromUtf8(head + chunkEvent({{"content", "!"}}))},
                              {"stall_after_bytes", head.size()}}}}});
        Watch w = startChat();
        QTRY_COMPARE_WITH_TIMEOUT(w.seen->streamedText, QStringLiteral("Partial"), 30000);
        QVERIFY(!w.reply->isFinished());
        w.reply->abort();
        QCOMPARE(w.seen->finishedCount, 1);  // synchronously
        QCOMPARE(w.reply->errorCode(), QStringLiteral("aborted"));
        QVERIFY(!w.reply->errorString().isEmpty());
        w.reply->abort();
        m_clock->advance(10 * kIdleMs);
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 1);
        delete w.reply;
    }

    void abortBeforeAnyAnswerAndFromADeltaSlot() {
        m_server->setScenario(
            {{"responses",
              QJsonArray{QJsonObject{{"content", "abcdefghij"}, {"chunk_chars", 2}},
                         QJsonObject{{"content", "abcdefghij"}, {"chunk_chars", 2}}}}});
        Watch early = startChat();
        early.reply->abort();
        QCOMPARE(early.seen->finishedCount, 1);
        QCOMPARE(early.reply->errorCode(), QStringLiteral("aborted"));

        // A slot that aborts on the first delta stops the stream right there.
        Watch w = startChat();
        connect(w.reply, &ChatReply::textDelta, w.reply, [r = w.reply] { r->abort(); });
        QTRY_VERIFY_WITH_TIMEOUT(w.reply->isFinished(), 30000);
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 1);
        QCOMPARE(w.reply->errorCode(), QStringLiteral("aborted"));
        QCOMPARE(w.reply->message().content, QStringLiteral("ab"));
        QCOMPARE(early.seen->finishedCount, 1);
        delete early.reply;
        delete w.reply;
    }

    // Callers often delete the reply in their finished() slot: on [DONE] (inside readyRead) and
    // on an HTTP error (inside the network reply's finished signal).
    void deletingAReplyFromItsFinishedSlotIsSafe() {
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"content", "ok"}},
                                      QJsonObject{{"status", 500}, {"body", QJsonObject{}}}}}});
        for (int i = 0; i < 2; ++i) {
            ChatReply* reply = m_provider->chat(simpleRequest());
            QString code = QStringLiteral("unset");
            connect(reply, &ChatReply::finished, this, [reply, &code] {
                code = reply->errorCode();
                delete reply;
            });
            QSignalSpy gone(reply, &QObject::destroyed);
            QVERIFY(gone.wait(30000));
            QCOMPARE(code, i == 0 ? QString() : QStringLiteral("http"));
        }
        QCoreApplication::processEvents();
        QCOMPARE(m_server->remainingResponses(), 0);
    }

    void deletingAReplyMidStreamIsSafe() {
        const QByteArray head = chunkEvent({{"content", "x"}});
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"raw_sse", QString::fromUtf8(head + head)},
                                                  {"stall_after_bytes", head.size()}}}}});
        Watch w = startChat();
        QTRY_COMPARE_WITH_TIMEOUT(w.seen->streamedText, QStringLiteral("x"), 30000);
        delete w.reply;
        m_clock->advance(10 * kIdleMs);  // the idle timer of the deleted reply must not fire
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 0);
        QCOMPARE(m_clock->pendingCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestOpenAiProvider)
#include "test_openai_provider.moc"
