// OpenAiProvider against the loopback FakeLlmServer over real HTTP: every recorded OpenAI-format
// stream replayed byte for byte (all at once, 1 byte per write, seeded random cuts), the quirks
// of real servers as scripted raw streams, error classification, retry hints, idle timeout and
// abort. Expected values were read off the fixture files by hand, not produced by this code.
#include "core/clock.h"
#include "fake_llm_server.h"
#include "llm/llm_errors.h"
#include "llm/openai_provider.h"
#include "llm/openai_stream_decoder.h"
#include "temp_env.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
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
    int httpStatus = 0;
    qint64 retryAfterMs = -1;
    int shouldRetry = -1;
    bool hasOutput = false;

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
               usage.completionTokens == o.usage.completionTokens &&
               usage.cachedTokens == o.usage.cachedTokens &&
               usage.reasoningTokens == o.usage.reasoningTokens && errorCode == o.errorCode;
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

// A chunk with extra top-level fields, for the quirk tests.
QByteArray rawChunk(const QJsonObject& chunk) {
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject toolEntry(const QJsonObject& fields) {
    return QJsonObject{{"tool_calls", QJsonArray{fields}}};
}

// What a recorded stream must decode to. Content is checked by its start, end and size (the long
// ones are hundreds of characters); for short ones start is the whole text.
struct ExpectedCall {
    QString id;
    QString name;
    QJsonObject args;
};
struct Expected {
    QString file;  // under llm-streams/
    QString contentStart;
    QString contentEnd;
    qsizetype contentSize = 0;
    QList<ExpectedCall> calls;
    QString finishReason;
    Usage usage;
};

Usage usage(qint64 prompt, qint64 completion, qint64 cached = 0, qint64 reasoning = 0) {
    Usage u;
    u.promptTokens = prompt;
    u.completionTokens = completion;
    u.cachedTokens = cached;
    u.reasoningTokens = reasoning;
    return u;
}

Expected text(const QString& file, const QString& content, const QString& finish, Usage u) {
    return {file, content, content, content.size(), {}, finish, u};
}

QList<Expected> recordedStreams() {
    const QString weather = QStringLiteral(R"({"city":"San Francisco","temperature":)");
    return {
        text("openai/openai-gpt4o-plain-text.sse",
             "I'm unable to provide real-time weather updates. To get the current weather in San "
             "Francisco, I recommend checking a reliable weather website or a weather app.",
             "stop", usage(14, 30)),
        text("openai/openai-gpt4o-json-content-split-tokens.sse", weather + R"(61,"units":"f"})",
             "stop", usage(79, 14)),
        text("openai/openai-gpt4o-n3-interleaved-choices.sse", weather + R"(65,"units":"f"})",
             "stop", usage(79, 42)),
        text("openai/openai-gpt4o-finish-reason-length.sse", R"({")", "length", usage(79, 1)),
        text("openai/openai-gpt4o-refusal-deltas.sse",
             "I'm sorry, I can't assist with that request.", "stop", usage(79, 11)),
        text("openai/openai-gpt4o-content-logprobs.sse", "Foo!", "stop", usage(9, 2)),
        text("openai/openai-gpt4o-refusal-logprobs.sse",
             "I'm very sorry, but I can't assist with that.", "stop", usage(79, 12)),
        {"openai/openai-gpt4o-long-json-object-utf8-whitespace-deltas.sse",
         "\n  {\n    \"location\": \"San Francisco, CA\",\n    \"weather\": {\n      "
         "\"temperature\": \"18°C\",",
         "\"low\": \"14°C\",\n        \"condition\": \"Cloudy\"\n      }\n    ]\n  }\n",
         608,
         {},
         "stop",
         usage(19, 177)},
        {"openai/openai-gpt4o-single-tool-call.sse",
         "",
         "",
         0,
         {{"call_c91SqDXlYFuETYv8mUHzz6pp", "GetWeatherArgs",
           QJsonObject{{"city", "Edinburgh"}, {"country", "UK"}, {"units", "c"}}}},
         "tool_calls",
         usage(76, 24)},
        {"openai/openai-gpt4o-two-parallel-tool-calls.sse",
         "",
         "",
         0,
         {{"call_JMW1whyEaYG438VE1OIflxA2", "GetWeatherArgs",
           QJsonObject{{"city", "Edinburgh"}, {"country", "GB"}, {"units", "c"}}},
          {"call_DNYTawLBoN8fj3KN6qU9N1Ou", "get_stock_price",
           QJsonObject{{"ticker", "AAPL"}, {"exchange", "NASDAQ"}}}},
         "tool_calls",
         usage(149, 60)},
        {"openai/openai-gpt4o-strict-tool-call.sse",
         "",
         "",
         0,
         {{"call_CTf1nWJLqSeRgDqaCG27xZ74", "get_weather",
           QJsonObject{{"city", "San Francisco"}, {"state", "CA"}}}},
         "tool_calls",
         usage(48, 19)},
        {"openai/openai-gpt4o-non-strict-tool-call.sse",
         "",
         "",
         0,
         {{"call_4XzlGBLtUe9dy3GVNV4jhq7h", "get_weather", QJsonObject{{"city", "New York City"}}}},
         "tool_calls",
         usage(44, 16)},
        // Index 1 is the first and only call. No usage in this recording. Ends "data: [DONE]\n".
        {"openai/openai-compat-claude-haiku-tool-index-starts-at-1.sse",
         "Reading it.",
         "Reading it.",
         11,
         {{"toolu_sanitized", "read_file", QJsonObject{{"path", "a.txt"}}}},
         "tool_calls",
         usage(0, 0)},
        // chunk-per-line files, sent as "data: <line>\n\n" + "data: [DONE]\n\n".
        {"chunks/openai-gpt41nano-text-obfuscation-usage-null.jsonl",
         "**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually",
         "nnected through shared human experiences and mutual respect.",
         1724,
         {},
         "stop",
         usage(16, 300)},
        {"chunks/deepseek-reasoner-reasoning-then-tool-call.jsonl",
         "",
         "",
         0,
         {{"call_00_ioIn7yN9p1ZOMNpDLwd4MgAF", "weather",
           QJsonObject{{"location", "San Francisco"}}}},
         "tool_calls",
         usage(339, 83, 320, 39)},
        {"chunks/groq-llama33-whole-tool-call-in-one-chunk.jsonl",
         "",
         "",
         0,
         {{"tk85n1k4m", "weather", QJsonObject{}}},
         "tool_calls",
         usage(210, 15)},
        {"chunks/xai-grok3mini-reasoning-then-whole-tool-call.jsonl",
         "",
         "",
         0,
         {{"call_55117580", "weather", QJsonObject{{"location", "San Francisco"}}}},
         "tool_calls",
         usage(291, 26, 290, 196)},
    };
}

// Replays raw bytes through the decoder alone, cut into the given pieces.
OpenAiStreamDecoder decodePieces(const QList<QByteArray>& pieces) {
    OpenAiStreamDecoder d(QStringLiteral("test"));
    for (const QByteArray& p : pieces)
        (void)d.feed(p);
    d.finish();
    return d;
}

// Answers every connection with the same raw HTTP bytes, then closes; for headers and broken
// bodies that FakeLlmServer does not produce.
class RawHttpServer : public QObject {
public:
    explicit RawHttpServer(QByteArray response) : m_response(std::move(response)) {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                s->setParent(this);
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    m_request += s->readAll();
                    if (!m_request.contains("\r\n\r\n") || m_answered)
                        return;
                    m_answered = true;
                    s->write(m_response);
                    s->flush();
                    s->disconnectFromHost();
                });
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString baseUrl() const {
        return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server.serverPort());
    }

private:
    QTcpServer m_server;
    QByteArray m_response;
    QByteArray m_request;
    bool m_answered = false;
};

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
        o.httpStatus = w.reply->httpStatus();
        o.retryAfterMs = w.reply->retryAfterMs();
        o.shouldRetry = w.reply->shouldRetryHint();
        o.hasOutput = w.reply->hasOutput();
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

    // Every recorded OpenAI-format stream, replayed byte for byte at different write sizes.
    void recordedStreams_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QJsonArray>("writeSizes");
        const QList<Expected> all = ::recordedStreams();
        QRandomGenerator rng(20260101);
        for (int i = 0; i < all.size(); ++i) {
            const QString name = all[i].file.section(u'/', -1);
            QTest::addRow("%s whole", qPrintable(name)) << i << QJsonArray{};
            QTest::addRow("%s 1-byte", qPrintable(name)) << i << QJsonArray{1};
            for (int seed = 0; seed < 2; ++seed) {
                QJsonArray cuts;
                for (int k = 0; k < 97; ++k)
                    cuts.append(1 + int(rng.bounded(300)));
                QTest::addRow("%s random %d", qPrintable(name), seed) << i << cuts;
            }
        }
    }
    void recordedStreams() {
        QFETCH(int, which);
        QFETCH(QJsonArray, writeSizes);
        const Expected want = ::recordedStreams().at(which);
        QJsonObject response{{want.file.endsWith(".jsonl") ? "chunks_file" : "sse_file",
                              "llm-streams/" + want.file}};
        if (!writeSizes.isEmpty())
            response.insert("write_sizes", writeSizes);
        const Outcome o = run(response);
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.message.role, ChatMessage::Role::Assistant);
        QCOMPARE(o.message.content.size(), want.contentSize);
        QCOMPARE(o.message.content.left(want.contentStart.size()), want.contentStart);
        QCOMPARE(o.message.content.right(want.contentEnd.size()), want.contentEnd);
        QCOMPARE(o.streamedText, o.message.content);
        QCOMPARE(o.message.toolCalls.size(), want.calls.size());
        for (qsizetype i = 0; i < want.calls.size(); ++i) {
            const ToolCall& got = o.message.toolCalls[i];
            QCOMPARE(got.id, want.calls[i].id);
            QCOMPARE(got.name, want.calls[i].name);
            QCOMPARE(argsOf(got), want.calls[i].args);
            QVERIFY(o.toolPositions.contains(int(i)));
        }
        QCOMPARE(o.finishReason, want.finishReason);
        QCOMPARE(o.usage.promptTokens, want.usage.promptTokens);
        QCOMPARE(o.usage.completionTokens, want.usage.completionTokens);
        QCOMPARE(o.usage.cachedTokens, want.usage.cachedTokens);
        QCOMPARE(o.usage.reasoningTokens, want.usage.reasoningTokens);
        QCOMPARE(o.httpStatus, 200);
        QCOMPARE(o.hasOutput, want.contentSize > 0 || !want.calls.isEmpty());
    }

    // toolCallDelta reports positions in message().toolCalls, in stream order.
    void toolCallDeltasReportPositions() {
        const Outcome o = run(sseFile("openai/openai-gpt4o-two-parallel-tool-calls.sse", {5}));
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QVERIFY(o.toolPositions.size() > 4);  // one per fragment
        const qsizetype firstOne = o.toolPositions.indexOf(1);
        QVERIFY(firstOne > 1);
        for (qsizetype i = 0; i < o.toolPositions.size(); ++i)
            QCOMPARE(o.toolPositions[i], i < firstOne ? 0 : 1);
    }

    // The quirks of real servers, each as the raw stream such a server sends.
    void serverQuirks_data() {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("arguments");  // exact text after completion
        QTest::addColumn<QString>("finishReason");
        const QByteArray done = "data: [DONE]\n\n";
        const QByteArray finishTools = chunkEvent({}, "tool_calls");

        // Ollama/Groq: the whole call in one chunk, no "type", no "index".
        QTest::newRow("whole call, no index")
            << rawChunk({{"choices",
                          QJsonArray{QJsonObject{
                              {"delta",
                               toolEntry({{"id", "call_a"},
                                          {"function", QJsonObject{{"name", "ssh_exec"},
                                                                   {"arguments",
                                                                    R"({"host":"db1"})"}}}})}}}}}) +
                   finishTools + done
            << "" << QStringList{"call_a"} << QStringList{"ssh_exec"}
            << QStringList{R"({"host":"db1"})"} << "tool_calls";

        // Older Ollama: parallel calls all at index 0, told apart by their ids. A fragment
        // without an id continues the latest call.
        QTest::newRow("parallel calls reuse index 0")
            << chunkEvent(
                   toolEntry({{"index", 0},
                              {"id", "call_1"},
                              {"function", QJsonObject{{"name", "a"}, {"arguments", "{}"}}}})) +
                   chunkEvent(toolEntry(
                       {{"index", 0},
                        {"id", "call_2"},
                        {"function", QJsonObject{{"name", "b"}, {"arguments", R"({"x":)"}}}})) +
                   chunkEvent(
                       toolEntry({{"index", 0}, {"function", QJsonObject{{"arguments", "1}"}}}})) +
                   finishTools + done
            << "" << QStringList{"call_1", "call_2"} << QStringList{"a", "b"}
            << QStringList{"{}", R"({"x":1})"} << "tool_calls";

        // The same id and name repeated on every chunk: assigned, not appended.
        QByteArray repeated;
        for (const char* piece : {"{\"ci", "ty\":", "\"Oslo\"}"}) {
            repeated += chunkEvent(
                toolEntry({{"index", 0},
                           {"id", "call_r"},
                           {"type", "function"},
                           {"function", QJsonObject{{"name", "weather"}, {"arguments", piece}}}}));
        }
        QTest::newRow("id and name on every chunk")
            << repeated + finishTools + done << "" << QStringList{"call_r"}
            << QStringList{"weather"} << QStringList{R"({"city":"Oslo"})"} << "tool_calls";

        // The name arrives after the id, in a later chunk; the index starts at 1.
        QTest::newRow("name in a later chunk")
            << chunkEvent(toolEntry({{"index", 1},
                                     {"id", "call_l"},
                                     {"function", QJsonObject{{"arguments", ""}}}})) +
                   chunkEvent(
                       toolEntry({{"index", 1}, {"function", QJsonObject{{"name", "get_time"}}}})) +
                   chunkEvent(
                       toolEntry({{"index", 1}, {"function", QJsonObject{{"arguments", "{}"}}}})) +
                   finishTools + done
            << "" << QStringList{"call_l"} << QStringList{"get_time"} << QStringList{"{}"}
            << "tool_calls";

        // A parameterless tool: arguments missing, empty or null all become "{}". A call
        // without an id gets one from its position.
        QTest::newRow("parameterless tools")
            << chunkEvent(toolEntry(
                   {{"index", 0}, {"id", "call_m"}, {"function", QJsonObject{{"name", "now"}}}})) +
                   chunkEvent(toolEntry(
                       {{"index", 1},
                        {"id", "call_e"},
                        {"function", QJsonObject{{"name", "uptime"}, {"arguments", ""}}}})) +
                   chunkEvent(toolEntry({{"index", 2},
                                         {"function", QJsonObject{{"name", "whoami"},
                                                                  {"arguments", QJsonValue()}}}})) +
                   finishTools + done
            << "" << QStringList{"call_m", "call_e", "call_2"}
            << QStringList{"now", "uptime", "whoami"} << QStringList{"{}", "{}", "{}"}
            << "tool_calls";

        // Some servers send arguments as a JSON object instead of a string.
        QTest::newRow("arguments as an object")
            << chunkEvent(
                   toolEntry({{"index", 0},
                              {"id", "call_o"},
                              {"function", QJsonObject{{"name", "f"},
                                                       {"arguments", QJsonObject{{"n", 2}}}}}})) +
                   finishTools + done
            << "" << QStringList{"call_o"} << QStringList{"f"} << QStringList{R"({"n":2})"}
            << "tool_calls";

        // Duplicate finish chunks, "data:" without a space, unknown fields everywhere,
        // "choices": null, OpenRouter's keep-alive comments, CRLF line ends and a BOM.
        QTest::newRow("duplicate finish chunks")
            << chunkEvent({{"content", "Hi"}}) + chunkEvent({}, "stop") + chunkEvent({}, "stop") +
                   done
            << "Hi" << QStringList{} << QStringList{} << QStringList{} << "stop";
        QTest::newRow("data: without a space")
            << QByteArray(R"(data:{"choices":[{"index":0,"delta":{"content":"a b"}}]})"
                          "\n\n"
                          R"(data:{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})"
                          "\n\ndata:[DONE]\n\n")
            << "a b" << QStringList{} << QStringList{} << QStringList{} << "stop";
        QTest::newRow("unknown fields")
            << rawChunk({{"x_vendor", QJsonObject{{"queue", 0.1}}},
                         {"service_tier", "default"},
                         {"choices", QJsonArray{QJsonObject{
                                         {"index", 0},
                                         {"delta", QJsonObject{{"content", "ok"},
                                                               {"reasoning_content", "hidden"},
                                                               {"audio", QJsonObject{}},
                                                               {"annotations", QJsonArray{}}}},
                                         {"logprobs", QJsonObject{{"content", QJsonArray{}}}},
                                         {"native_finish_reason", "STOP"}}}}}) +
                   rawChunk({{"choices", QJsonValue()}, {"obfuscation", "xyz"}}) +
                   chunkEvent({}, "stop") + done
            << "ok" << QStringList{} << QStringList{} << QStringList{} << "stop";
        QTest::newRow("openrouter comments, CRLF, BOM")
            << "\xEF\xBB\xBF: OPENROUTER PROCESSING\r\n\r\n" +
                   chunkEvent({{"content", "x"}}).replace("\n", "\r\n") +
                   ": OPENROUTER PROCESSING\r\n\r\n" +
                   chunkEvent({}, "stop").replace("\n", "\r\n") + "data: [DONE]\r\n\r\n"
            << "x" << QStringList{} << QStringList{} << QStringList{} << "stop";
        // [DONE] is there, only its blank line is missing before the close.
        QTest::newRow("[DONE] without a blank line")
            << chunkEvent({{"content", "y"}}) + chunkEvent({}, "stop") + "data: [DONE]"
            << "y" << QStringList{} << QStringList{} << QStringList{} << "stop";
        // Text and a tool call in the same chunk, then n > 1 noise for choice 1.
        QTest::newRow("text and call in one chunk")
            << rawChunk(
                   {{"choices",
                     QJsonArray{
                         QJsonObject{{"index", 1}, {"delta", QJsonObject{{"content", "no"}}}},
                         QJsonObject{{"index", 0},
                                     {"delta",
                                      QJsonObject{{"content", "Checking."},
                                                  {"tool_calls",
                                                   QJsonArray{QJsonObject{
                                                       {"index", 0},
                                                       {"id", "c"},
                                                       {"function", QJsonObject{{"name", "df"},
                                                                                {"arguments",
                                                                                 "{}"}}}}}}}}}}}}) +
                   finishTools + done
            << "Checking." << QStringList{"c"} << QStringList{"df"} << QStringList{"{}"}
            << "tool_calls";
    }
    void serverQuirks() {
        QFETCH(QByteArray, raw);
        QFETCH(QString, content);
        QFETCH(QStringList, ids);
        QFETCH(QStringList, names);
        QFETCH(QStringList, arguments);
        QFETCH(QString, finishReason);
        for (const QJsonArray& sizes : {QJsonArray{}, QJsonArray{1}, QJsonArray{3, 11, 2}}) {
            const Outcome o = run({{"raw_sse", QString::fromUtf8(raw)}, {"write_sizes", sizes}});
            QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
            QCOMPARE(o.finishedCount, 1);
            QCOMPARE(o.message.content, content);
            QCOMPARE(o.streamedText, content);
            QCOMPARE(o.message.toolCalls.size(), ids.size());
            for (qsizetype i = 0; i < ids.size(); ++i) {
                QCOMPARE(o.message.toolCalls[i].id, ids[i]);
                QCOMPARE(o.message.toolCalls[i].name, names[i]);
                QCOMPARE(o.message.toolCalls[i].arguments, arguments[i]);
            }
            QCOMPARE(o.finishReason, finishReason);
        }
    }

    // usage can come on its own chunk, on the finish chunk or on every chunk (the last wins),
    // with cache and reasoning details in OpenAI's or DeepSeek's shape.
    void usageVariants_data() {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("completion");
        QTest::addColumn<qint64>("cached");
        QTest::addColumn<qint64>("reasoning");
        auto withUsage = [](const QJsonObject& delta, const QJsonValue& finish,
                            const QJsonValue& usage) {
            return rawChunk(
                {{"choices", QJsonArray{QJsonObject{
                                 {"index", 0}, {"delta", delta}, {"finish_reason", finish}}}},
                 {"usage", usage}});
        };
        const QJsonObject u1{{"prompt_tokens", 5}, {"completion_tokens", 1}};
        const QJsonObject u2{{"prompt_tokens", 5}, {"completion_tokens", 2}};
        const QJsonObject u3{{"prompt_tokens", 5},
                             {"completion_tokens", 3},
                             {"prompt_tokens_details", QJsonObject{{"cached_tokens", 4}}},
                             {"completion_tokens_details", QJsonObject{{"reasoning_tokens", 2}}}};
        QTest::newRow("every chunk, last wins")
            << withUsage({{"content", "a"}}, QJsonValue(), u1) +
                   withUsage({{"content", "b"}}, QJsonValue(), u2) + withUsage({}, "stop", u3) +
                   "data: [DONE]\n\n"
            << qint64(5) << qint64(3) << qint64(4) << qint64(2);
        QTest::newRow("null usage ignored, choices null")
            << withUsage({{"content", "a"}}, QJsonValue(), QJsonValue()) +
                   withUsage({}, "stop", QJsonValue()) +
                   rawChunk({{"choices", QJsonValue()}, {"usage", u2}}) + "data: [DONE]\n\n"
            << qint64(5) << qint64(2) << qint64(0) << qint64(0);
        QTest::newRow("deepseek cache hit")
            << withUsage({{"content", "a"}}, "stop",
                         QJsonObject{{"prompt_tokens", 100},
                                     {"completion_tokens", 7},
                                     {"prompt_cache_hit_tokens", 64},
                                     {"prompt_cache_miss_tokens", 36}}) +
                   "data: [DONE]\n\n"
            << qint64(100) << qint64(7) << qint64(64) << qint64(0);
        QTest::newRow("cached_tokens wins over cache hit")
            << withUsage({{"content", "a"}}, "stop",
                         QJsonObject{{"prompt_tokens", 100},
                                     {"completion_tokens", 7},
                                     {"prompt_tokens_details", QJsonObject{{"cached_tokens", 0}}},
                                     {"prompt_cache_hit_tokens", 64}}) +
                   "data: [DONE]\n\n"
            << qint64(100) << qint64(7) << qint64(0) << qint64(0);
    }
    void usageVariants() {
        QFETCH(QByteArray, raw);
        QFETCH(qint64, prompt);
        QFETCH(qint64, completion);
        QFETCH(qint64, cached);
        QFETCH(qint64, reasoning);
        const Outcome o = run({{"raw_sse", QString::fromUtf8(raw)}});
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.usage.promptTokens, prompt);
        QCOMPARE(o.usage.completionTokens, completion);
        QCOMPARE(o.usage.cachedTokens, cached);
        QCOMPARE(o.usage.reasoningTokens, reasoning);
        QCOMPARE(o.usage.cacheWriteTokens, 0);
    }

    // The decoder reads chunk JSON itself (strict RFC 8259); these are the corners of that.
    void chunkJson_data() {
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<QString>("content");  // null: a protocol error
        auto chunk = [](const QByteArray& delta) {
            return R"({"choices":[{"index":0,"delta":)" + delta + "}]}";
        };
        QTest::newRow("escapes") << chunk(
                                        "{\"content\":\"a\\nb\\t\\\"q\\\" \\\\ \\/ \\u00b0C "
                                        "\\ud83d\\ude00 \\u0000.\"}")
                                 << QStringLiteral("a\nb\t\"q\" \\ / °C 😀 ") + QChar(0) +
                                        QStringLiteral(".");
        QTest::newRow("lone surrogate") << chunk(R"({"content":"\ud800x\udc00"})")
                                        << QString(QChar(0xFFFD)) + "x" + QChar(0xFFFD);
        QTest::newRow("escaped key") << chunk(R"({"\u0063ontent":"k"})") << "k";
        QTest::newRow("raw utf8") << chunk("{\"content\":\"\xE2\x80\xA8\xC3\xA9\"}")
                                  << QString(QChar(0x2028)) + QChar(0xE9);
        QTest::newRow("BOM") << "\xEF\xBB\xBF " + chunk(R"({"content":"b"})") << "b";
        QTest::newRow("whitespace")
            << QByteArray(
                   " {\t \"choices\" : [ { \"index\" : 0 , \"delta\" : { \"content\" "
                   ": \"w\" } } ] }\t ")
            << "w";
        QTest::newRow("index 0.0")
            << QByteArray(R"({"choices":[{"index":0.0,"delta":{"content":"z"}}]})") << "z";
        QTest::newRow("index 1e0 is choice 1")
            << QByteArray(R"({"choices":[{"index":1e0,"delta":{"content":"z"}}]})") << "";
        QTest::newRow("index as a string")
            << QByteArray(R"({"choices":[{"index":"1","delta":{"content":"s"}}]})") << "s";
        QTest::newRow("deep unknown value")
            << QByteArray(R"({"x":[[[{"a":[1,-2.5e-3,{"b":null}],"c":true,"d":false}]]],)"
                          R"("choices":[{"delta":{"content":"deep","extra":{"k":[]}}}]})")
            << "deep";
        QTest::newRow("content not a string") << chunk(R"({"content":42})") << "";
        QTest::newRow("error null")
            << QByteArray(R"({"error":null,"choices":[{"delta":{"content":"e"}}]})") << "e";
        const QString bad;
        QTest::newRow("trailing garbage") << QByteArray(R"({"choices":[]} x)") << bad;
        QTest::newRow("two objects") << QByteArray(R"({}{})") << bad;
        QTest::newRow("unterminated string") << chunk("{\"content\":\"abc}") << bad;
        // Raw control characters in strings are invalid JSON, but QJsonDocument reads them and
        // so do we: a server that sends a raw tab should not lose the answer.
        QTest::newRow("control character")
            << chunk("{\"content\":\"a\x01\tb\"}") << QStringLiteral("a\x01\tb");
        QTest::newRow("number too large") << QByteArray(R"({"n":1e400})") << bad;
        QTest::newRow("number too small") << QByteArray(R"({"n":-1e-400})") << bad;
        QTest::newRow("denormal number") << QByteArray(R"({"n":1e-320,"choices":[]})") << "";
        QTest::newRow("unknown escape") << chunk(R"({"content":"\x41"})") << "x41";
        QTest::newRow("escaped multi-byte") << chunk(R"({"content":"\é"})") << bad;
        QTest::newRow("short unicode escape") << chunk(R"({"content":"\u12"})") << bad;
        QTest::newRow("leading zero") << QByteArray(R"({"n":01})") << bad;
        // QJsonDocument reads "1." and ".5"; so do we, but not a lone "." or "-".
        QTest::newRow("loose fractions")
            << QByteArray(R"({"n":[1.,.5,-.5,1.e5],"choices":[]})") << "";
        QTest::newRow("lone dot") << QByteArray(R"({"n":.})") << bad;
        QTest::newRow("lone minus") << QByteArray(R"({"n":-})") << bad;
        QTest::newRow("empty exponent") << QByteArray(R"({"n":1e+})") << bad;
        QTest::newRow("plus sign") << QByteArray(R"({"n":+1})") << bad;
        QTest::newRow("trailing comma, array") << QByteArray(R"({"n":[1,]})") << bad;
        QTest::newRow("trailing comma, object") << QByteArray(R"({"n":1,})") << bad;
        QTest::newRow("bad literal") << QByteArray(R"({"n":tru})") << bad;
        QTest::newRow("single quotes") << QByteArray(R"({'n':1})") << bad;
        QTest::newRow("missing colon") << QByteArray(R"({"n" 1})") << bad;
        QTest::newRow("array") << QByteArray("[]") << bad;
        QTest::newRow("string") << QByteArray(R"("hi")") << bad;
        QTest::newRow("too deep") << QByteArray("{\"x\":" + QByteArray(5000, '[') +
                                                QByteArray(5000, ']') + "}")
                                  << bad;
    }
    void chunkJson() {
        QFETCH(QByteArray, payload);
        QFETCH(QString, content);
        OpenAiStreamDecoder d;
        (void)d.feed("data: " + payload + "\n\ndata: [DONE]\n\n");
        if (content.isNull()) {
            QVERIFY(d.hasFailed());
            QCOMPARE(d.errorCode(), QStringLiteral("protocol"));
            QVERIFY2(d.errorString().contains("not a JSON object"), qPrintable(d.errorString()));
            // QJsonDocument agrees that this is not a JSON object.
            QVERIFY(!QJsonDocument::fromJson(payload).isObject());
        } else {
            QVERIFY2(d.isDone(), qPrintable(d.errorString()));
            QCOMPARE(d.message().content, content);
            QVERIFY(QJsonDocument::fromJson(payload).isObject());
        }
    }

    // The pure decoder gives the same result at every split of the same bytes into two feeds.
    void decoderIsSplitInvariant() {
        const QByteArray file =
            readData("llm-streams/openai/openai-gpt4o-two-parallel-tool-calls.sse");
        // The first 3000 bytes, cut after a whole event, and a [DONE].
        const QByteArray bytes = file.left(file.lastIndexOf("\n\n", 3000) + 2) + "data: [DONE]\n\n";
        const OpenAiStreamDecoder whole = decodePieces({bytes});
        QVERIFY2(whole.isDone(), qPrintable(whole.errorString()));
        const QList<ToolCall> calls = whole.message().toolCalls;
        QVERIFY(!calls.isEmpty());
        QCOMPARE(calls[0].id, QStringLiteral("call_JMW1whyEaYG438VE1OIflxA2"));
        for (qsizetype cut = 0; cut <= bytes.size(); ++cut) {
            const OpenAiStreamDecoder d = decodePieces({bytes.left(cut), bytes.mid(cut)});
            QVERIFY(d.isDone());
            QCOMPARE(d.eventCount(), whole.eventCount());
            QCOMPARE(d.message().toolCalls.size(), calls.size());
            for (qsizetype i = 0; i < calls.size(); ++i) {
                QCOMPARE(d.message().toolCalls[i].id, calls[i].id);
                QCOMPARE(d.message().toolCalls[i].name, calls[i].name);
                QCOMPARE(d.message().toolCalls[i].arguments, calls[i].arguments);
            }
        }
        // Nothing after [DONE] counts.
        OpenAiStreamDecoder d;
        QVERIFY(d.feed(chunkEvent({{"content", "a"}}) + "data: [DONE]\n\n" +
                       chunkEvent({{"content", "b"}}))
                    .size() == 1);
        QVERIFY(d.isDone());
        QVERIFY(d.feed(chunkEvent({{"content", "c"}})).isEmpty());
        QCOMPARE(d.message().content, QStringLiteral("a"));
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
        req.toolChoice = QStringLiteral("required");
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
        QCOMPARE(body.value("tool_choice").toString(), QStringLiteral("required"));
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
        QVERIFY(!m_server->requests().at(1).contains("tool_choice"));
    }

    void toolChoice_data() {
        QTest::addColumn<QString>("choice");
        QTest::addColumn<bool>("withTools");
        QTest::addColumn<QJsonValue>("sent");  // undefined: no tool_choice key
        QTest::newRow("empty") << "" << true << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("auto") << "auto" << true << QJsonValue("auto");
        QTest::newRow("none") << "none" << true << QJsonValue("none");
        QTest::newRow("required") << "required" << true << QJsonValue("required");
        QTest::newRow("a tool") << "ssh_exec" << true
                                << QJsonValue(QJsonObject{
                                       {"type", "function"},
                                       {"function", QJsonObject{{"name", "ssh_exec"}}}});
        QTest::newRow("no tools") << "required" << false << QJsonValue(QJsonValue::Undefined);
    }
    void toolChoice() {
        QFETCH(QString, choice);
        QFETCH(bool, withTools);
        QFETCH(QJsonValue, sent);
        ChatRequest req = simpleRequest();
        req.toolChoice = choice;
        if (withTools)
            req.tools = {{QStringLiteral("ssh_exec"), QStringLiteral("Run"), QJsonObject{}}};
        const QJsonObject body = OpenAiProvider::requestBody(req);
        QCOMPARE(body.value("tool_choice"), sent);
        QCOMPARE(body.contains("tools"), withTools);
    }

    void isLocal_data() {
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<bool>("local");
        QTest::newRow("localhost") << "http://localhost:11434/v1" << true;
        QTest::newRow("LOCALHOST") << "http://LOCALHOST:8080/v1" << true;
        QTest::newRow("127.0.0.1") << "http://127.0.0.1:1234/v1" << true;
        QTest::newRow("127.3.2.1") << "http://127.3.2.1/v1" << true;
        QTest::newRow("::1") << "http://[::1]:8000/v1" << true;
        QTest::newRow("10/8") << "http://10.1.2.3:11434/v1" << true;
        QTest::newRow("172.16/12 low") << "http://172.16.0.1/v1" << true;
        QTest::newRow("172.16/12 high") << "http://172.31.255.254/v1" << true;
        QTest::newRow("172.32 is public") << "http://172.32.0.1/v1" << false;
        QTest::newRow("192.168/16") << "https://192.168.1.20/v1" << true;
        QTest::newRow("fd00::/8") << "http://[fd12:3456::1]:11434/v1" << true;
        QTest::newRow("mapped v4") << "http://[::ffff:192.168.0.9]/v1" << true;
        QTest::newRow("mdns") << "http://gpu-box.local:11434/v1" << true;
        QTest::newRow("openai") << "https://api.openai.com/v1" << false;
        QTest::newRow("public v4") << "http://8.8.8.8/v1" << false;
        QTest::newRow("public v6") << "http://[2001:db8::1]/v1" << false;
        QTest::newRow("local in path only") << "https://example.com/localhost/v1" << false;
        QTest::newRow("lookalike") << "https://localhost.example.com/v1" << false;
    }
    void isLocal() {
        QFETCH(QString, baseUrl);
        QFETCH(bool, local);
        OpenAiProvider p(m_nam.get(), baseUrl, QString(), kIdleMs, m_clock.get());
        QCOMPARE(p.isLocal(), local);
        QCOMPARE(p.kind(), QStringLiteral("openai"));
    }

    void httpErrorsSayWhatToDo_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QJsonObject>("error");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("mentions");
        auto err = [](const QString& message, const QString& type = {}, const QString& code = {}) {
            QJsonObject e{{"message", message}};
            if (!type.isEmpty())
                e.insert("type", type);
            if (!code.isEmpty())
                e.insert("code", code);
            return QJsonObject{{"error", e}};
        };
        QTest::newRow("401") << 401
                             << err("Incorrect API key provided: sk-test***",
                                    "invalid_request_error", "invalid_api_key")
                             << "auth"
                             << QStringList{"401", "ZERG_LLM_API_KEY",
                                            "Incorrect API key provided"};
        QTest::newRow("403") << 403 << err("Forbidden region") << "auth"
                             << QStringList{"403", "ZERG_LLM_API_KEY", "Forbidden region"};
        QTest::newRow("404") << 404 << err("The model `gpt-test` does not exist") << "bad_request"
                             << QStringList{"404", "/v1", "gpt-test", "does not exist"};
        QTest::newRow("400") << 400 << err("Unrecognized request argument: foo") << "bad_request"
                             << QStringList{"400", "Unrecognized request argument", "gpt-test"};
        QTest::newRow("context") << 400
                                 << err("This model's maximum context length is 128000 tokens.",
                                        "invalid_request_error", "context_length_exceeded")
                                 << "context_length"
                                 << QStringList{"too long", "new conversation", "128000"};
        QTest::newRow("429") << 429 << err("Rate limit reached", "rate_limit_exceeded")
                             << "rate_limited" << QStringList{"429", "Rate limit reached", "Wait"};
        QTest::newRow("500") << 500 << err("boom") << "server"
                             << QStringList{"500", "boom", "Try again"};
        QTest::newRow("502") << 502 << QJsonObject{} << "server" << QStringList{"502", "Try again"};
        QTest::newRow("503") << 503 << err("The engine is currently overloaded") << "overloaded"
                             << QStringList{"503", "overloaded", "Try again"};
        QTest::newRow("529") << 529 << err("Overloaded", "overloaded_error") << "overloaded"
                             << QStringList{"529", "Try again"};
    }
    void httpErrorsSayWhatToDo() {
        QFETCH(int, status);
        QFETCH(QJsonObject, error);
        QFETCH(QString, code);
        QFETCH(QStringList, mentions);
        const Outcome o = run({{"status", status}, {"body", error}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, code);
        QCOMPARE(o.httpStatus, status);
        QVERIFY(!o.hasOutput);
        QCOMPARE(o.retryAfterMs, -1);
        QCOMPARE(o.shouldRetry, -1);
        QVERIFY2(o.errorString.contains(m_provider->endpoint().toString()),
                 qPrintable(o.errorString));
        for (const QString& m : mentions)
            QVERIFY2(o.errorString.contains(m), qPrintable(o.errorString));
        QVERIFY(!o.errorString.contains(kKey));
    }

    // retry-after / retry-after-ms / x-should-retry come from the response headers.
    void retryHintsFromHeaders_data() {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("code");
        QTest::addColumn<qint64>("retryAfterMs");
        QTest::addColumn<int>("shouldRetry");
        QTest::addColumn<QString>("mention");
        QTest::newRow("429 seconds") << QByteArray(
                                            "HTTP/1.1 429 Too Many Requests\r\n"
                                            "Retry-After: 7\r\nx-should-retry: true\r\n")
                                     << "rate_limited" << qint64(7000) << 1 << "Wait 7 seconds";
        QTest::newRow("429 ms") << QByteArray(
                                       "HTTP/1.1 429 Too Many Requests\r\n"
                                       "retry-after-ms: 1500\r\nretry-after: 9\r\n")
                                << "rate_limited" << qint64(1500) << -1 << "Wait 2 seconds";
        // An HTTP date, 30 s after the manual clock's now (2026-01-01 12:00:00 UTC).
        QTest::newRow("503 date") << QByteArray(
                                         "HTTP/1.1 503 Service Unavailable\r\n"
                                         "Retry-After: Thu, 01 Jan 2026 12:00:30 GMT\r\n"
                                         "X-Should-Retry: false\r\n")
                                  << "overloaded" << qint64(30000) << 0 << "overloaded";
    }
    void retryHintsFromHeaders() {
        QFETCH(QByteArray, head);
        QFETCH(QString, code);
        QFETCH(qint64, retryAfterMs);
        QFETCH(int, shouldRetry);
        QFETCH(QString, mention);
        const QByteArray body = R"({"error":{"message":"slow down","type":"requests"}})";
        RawHttpServer raw(head + "Content-Type: application/json\r\nContent-Length: " +
                          QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        QVERIFY(raw.listen());
        OpenAiProvider provider(m_nam.get(), raw.baseUrl(), kKey, kIdleMs, m_clock.get());
        const Outcome o = run({}, simpleRequest(), &provider);
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, code);
        QCOMPARE(o.retryAfterMs, retryAfterMs);
        QCOMPARE(o.shouldRetry, shouldRetry);
        QVERIFY2(o.errorString.contains(mention), qPrintable(o.errorString));
        QVERIFY2(o.errorString.contains("slow down"), qPrintable(o.errorString));
    }

    // A body cut short of its Content-Length is a broken connection, not a truncated stream.
    void connectionBreakingMidBodyIsANetworkError() {
        const QByteArray events = chunkEvent({{"content", "Part"}});
        RawHttpServer raw(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            "x-should-retry: true\r\nContent-Length: 100000\r\n\r\n" +
            events);
        QVERIFY(raw.listen());
        OpenAiProvider provider(m_nam.get(), raw.baseUrl(), kKey, kIdleMs, m_clock.get());
        const Outcome o = run({}, simpleRequest(), &provider);
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("network"));
        QVERIFY2(o.errorString.contains("broke in the middle"), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Part"));
        QVERIFY(o.hasOutput);
        QCOMPARE(o.httpStatus, 200);
        QCOMPARE(o.shouldRetry, 1);
    }

    void scenarioExhaustedIsAnHttpError() {
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"model", "other"}, {"content", "x"}}}}});
        Watch w = startChat();
        QTRY_VERIFY_WITH_TIMEOUT(w.reply->isFinished(), 30000);
        QCOMPARE(w.reply->errorCode(), QStringLiteral("server"));
        QCOMPARE(w.reply->httpStatus(), 500);
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
        QCOMPARE(o.httpStatus, 0);
        QVERIFY(!o.hasOutput);
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

    // An {"error": ...} chunk inside a 200 stream fails the reply, classified by its type;
    // what arrived before it stays available.
    void errorChunkFailsTheStream_data() {
        QTest::addColumn<QByteArray>("errorEvent");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("mention");
        QTest::newRow("server_error")
            << QByteArray(R"(data: {"error":{"message":"The server had an error while )"
                          R"(processing your request.","type":"server_error"}})"
                          "\n\n")
            << "server"
            << "The server had an error";
        QTest::newRow("context length")
            << QByteArray(R"(data: {"error":{"message":"too long","type":"invalid_request_error",)"
                          R"("code":"context_length_exceeded"}})"
                          "\n\n")
            << "context_length"
            << "new conversation";
        QTest::newRow("rate limit, no space")
            << QByteArray(R"(data:{"error":{"message":"slow","type":"rate_limit_error"}})"
                          "\n\n")
            << "rate_limited"
            << "Wait a moment";
        QTest::newRow("plain string")
            << QByteArray("data: {\"error\":\"model crashed\"}\n\n") << "api"
            << "model crashed";
        QTest::newRow("responses api shape")
            << QByteArray(R"(data: {"type":"error","error":{"type":"insufficient_quota",)"
                          R"("message":"You exceeded your current quota"}})"
                          "\n\n")
            << "api"
            << "exceeded your current quota";
    }
    void errorChunkFailsTheStream() {
        QFETCH(QByteArray, errorEvent);
        QFETCH(QString, code);
        QFETCH(QString, mention);
        const QByteArray raw = chunkEvent({{"content", "Hel"}}) + errorEvent +
                               chunkEvent({{"content", "lo"}}) + chunkEvent({}, "stop") +
                               "data: [DONE]\n\n";
        const Outcome o = run({{"raw_sse", QString::fromUtf8(raw)}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, code);
        QVERIFY2(o.errorString.contains(mention), qPrintable(o.errorString));
        QVERIFY2(o.errorString.contains(m_provider->endpoint().toString()),
                 qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Hel"));
        QCOMPARE(o.streamedText, QStringLiteral("Hel"));
        QVERIFY(o.hasOutput);
        QCOMPARE(o.httpStatus, 200);
    }

    // A stream that closes without [DONE] is never a silent success, even after a finish_reason.
    void closeWithoutDoneIsTruncated() {
        const Outcome o =
            run({{"raw_sse", QString::fromUtf8(chunkEvent({{"content", "Half an ans"}}))}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("truncated"));
        QVERIFY2(o.errorString.contains(QStringLiteral("no [DONE]")), qPrintable(o.errorString));
        QVERIFY2(o.errorString.contains(QStringLiteral("Try again")), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Half an ans"));

        const QByteArray finished =
            chunkEvent({{"role", "assistant"}}) +
            chunkEvent(
                toolEntry({{"index", 0},
                           {"id", "call_t"},
                           {"function", QJsonObject{{"name", "f"}, {"arguments", "{\"a\":"}}}})) +
            chunkEvent({}, "tool_calls") +
            rawChunk({{"choices", QJsonArray{}},
                      {"usage", QJsonObject{{"prompt_tokens", 3}, {"completion_tokens", 4}}}});
        // Also when the close cuts a last event short of its blank line.
        for (const QByteArray& raw : {finished, finished + "data: {\"choices\":[]}\n"}) {
            const Outcome t = run({{"raw_sse", QString::fromUtf8(raw)}});
            QCOMPARE(t.errorCode, QStringLiteral("truncated"));
            QCOMPARE(t.finishReason, QStringLiteral("tool_calls"));
            QCOMPARE(t.message.toolCalls.size(), 1);
            QCOMPARE(t.message.toolCalls[0].arguments, QStringLiteral("{\"a\":"));  // as sent
            QCOMPARE(t.usage.completionTokens, 4);
            QVERIFY(t.hasOutput);
        }

        // Not an event stream at all.
        const Outcome html = run({{"raw_sse", "<html><body>It works!</body></html>\n"}});
        QCOMPARE(html.errorCode, QStringLiteral("protocol"));
        QVERIFY2(html.errorString.contains(QStringLiteral("ZERG_LLM_BASE_URL")),
                 qPrintable(html.errorString));
        QVERIFY2(html.errorString.contains(QStringLiteral("text/event-stream")),
                 qPrintable(html.errorString));
        const Outcome empty = run({{"raw_sse", ""}});
        QCOMPARE(empty.errorCode, QStringLiteral("protocol"));
    }

    // A server that sends one endless line: the reply ends at the parser's 1 MiB limit with a
    // protocol error, without waiting for the line's end or the idle timeout.
    void endlessLineEndsTheReply() {
        const QByteArray head = chunkEvent({{"content", "Hel"}});
        const QByteArray endless = "data: " + QByteArray(2 * 1024 * 1024, 'x');
        m_server->setScenario(
            {{"responses",
              QJsonArray{QJsonObject{
                  {"raw_sse", QString::fromUtf8(head + endless + "\n\ndata: [DONE]\n\n")},
                  {"stall_after_bytes", head.size() + endless.size()}}}}});
        Watch w = startChat();
        QTRY_VERIFY_WITH_TIMEOUT(w.reply->isFinished(), 30000);
        QCOMPARE(w.reply->errorCode(), QStringLiteral("protocol"));
        QVERIFY2(w.reply->errorString().contains(QStringLiteral("a line longer than 1 MiB")),
                 qPrintable(w.reply->errorString()));
        QVERIFY(w.reply->errorString().contains(QStringLiteral("stopped reading")));
        QCOMPARE(w.reply->message().content, QStringLiteral("Hel"));
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 1);
        delete w.reply;
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
            QCOMPARE(code, i == 0 ? QString() : QStringLiteral("server"));
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
