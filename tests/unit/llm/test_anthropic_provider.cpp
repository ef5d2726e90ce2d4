// AnthropicProvider against the loopback FakeLlmServer over real HTTP (recorded streams replayed
// byte for byte at different write sizes, scripted streams, the request the server received,
// HTTP and mid-stream errors, idle timeout, abort), and AnthropicStreamDecoder on its own.
#include "core/clock.h"
#include "fake_llm_server.h"
#include "llm/anthropic_provider.h"
#include "llm/anthropic_stream_decoder.h"
#include "temp_env.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::FakeLlmServer;

namespace {

constexpr int kIdleMs = 30000;
const QString kKey = QStringLiteral("sk-ant-test-key-0123456789");

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

    // Everything a caller could tell apart, except the message text of an error.
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
               usage.cacheWriteTokens == o.usage.cacheWriteTokens && errorCode == o.errorCode &&
               hasOutput == o.hasOutput;
    }
};

QByteArray readFixture(const QString& relative) {
    QFile f(QStringLiteral(ZERG_TEST_DATA_DIR "/llm-streams/") + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject sseFile(const QString& file, const QJsonArray& writeSizes = {}) {
    QJsonObject r{{"sse_file", QStringLiteral("llm-streams/anthropic/") + file}};
    if (!writeSizes.isEmpty())
        r.insert("write_sizes", writeSizes);
    return r;
}

QJsonObject rawSse(const QByteArray& bytes, const QJsonArray& writeSizes = {}) {
    QJsonObject r{{"raw_sse", QString::fromUtf8(bytes)}};
    if (!writeSizes.isEmpty())
        r.insert("write_sizes", writeSizes);
    return r;
}

// Write sizes from 1 to 40 bytes, reproducible from the seed.
QJsonArray randomCuts(quint32 seed) {
    QRandomGenerator rng(seed);
    QJsonArray sizes;
    for (int i = 0; i < 64; ++i)
        sizes.append(int(rng.bounded(1, 41)));
    return sizes;
}

QByteArray sseBytes(const QByteArray& type, const QByteArray& json) {
    return "event: " + type + "\ndata: " + json + "\n\n";
}

SseEvent sse(const QString& type, const QString& json) {
    return {type, json, {}};
}

// The events of a whole body as a WHATWG parser dispatches them.
QList<SseEvent> eventsOf(const QByteArray& body) {
    SseParser parser;
    QList<SseEvent> events = parser.feed(body);
    if (const std::optional<SseEvent> last = parser.finish())
        events.append(*last);  // the recorded files end without the blank line
    return events;
}

QJsonObject argsOf(const ToolCall& c) {
    return QJsonDocument::fromJson(c.arguments.toUtf8()).object();
}

ChatRequest simpleRequest() {
    ChatRequest r;
    r.model = QStringLiteral("claude-test");
    r.messages = {ChatMessage::user(QStringLiteral("hello"))};
    return r;
}

const QString kTaxText = QStringLiteral(
    "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file "
    "called taxes.txt. Let me do that for you now.");
// The partial_json fragments of the truncated tool call, joined (the JSON escapes \" and \n
// decoded): cut off by max_tokens in the middle of a string.
const QString kTaxArgs = QStringLiteral(
    "{\"filename\": \"taxes.txt\", \"lines_of_text\": [\n"
    "\"# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s\",\n"
    "\"\",\n"
    "\"## INTRODUCTION\",\n"
    "\"\",\n"
    "\"Filing taxes");

}  // namespace

class TestAnthropicProvider : public QObject {
    Q_OBJECT

    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<AnthropicProvider> m_provider;

    struct Watch {
        ChatReply* reply = nullptr;
        std::shared_ptr<Outcome> seen = std::make_shared<Outcome>();
    };
    Watch startChat(const ChatRequest& request = simpleRequest(),
                    AnthropicProvider* provider = nullptr) {
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
                AnthropicProvider* provider = nullptr) {
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
        m_provider = std::make_unique<AnthropicProvider>(m_nam.get(), m_server->rootUrl(), kKey,
                                                         kIdleMs, m_clock.get());
    }

    void cleanup() {
        m_provider.reset();
        m_nam.reset();
        m_clock.reset();
        m_server.reset();
    }

    // ---- recorded streams ----------------------------------------------------------------

    // Expected values read from the files. Every file ends without the blank line after
    // message_stop; the reply accepts that one cut-off event (see AnthropicStreamDecoder).
    void recordedStreams_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("toolId");  // empty: no tool call
        QTest::addColumn<QString>("toolName");
        QTest::addColumn<QString>("toolArgs");
        QTest::addColumn<QString>("finish");
        QTest::addColumn<int>("prompt");
        QTest::addColumn<int>("completion");
        QTest::newRow("opus text with ping") << "anthropic-claude3-opus-basic-text-with-ping.sse"
                                             << "Hello there!"
                                             << ""
                                             << ""
                                             << ""
                                             << "stop" << 11 << 6;
        QTest::newRow("sonnet4 text then tool")
            << "anthropic-sonnet4-text-then-tool-use-input-json-delta.sse"
            << "I'll check the current weather in Paris for you."
            << "toolu_01NRLabsLyVHZPKxbKvkfSMn"
            << "get_weather"
            << R"({"location": "Paris"})"
            << "tool_calls" << 377 << 65;
        // max_tokens while the tool_use block is open: the stream itself is complete
        // (message_stop), so this is an answer with finish reason "length" whose tool call
        // holds the raw, cut-off JSON. The agent loop decides what to do with "length".
        QTest::newRow("sonnet37 max tokens")
            << "anthropic-sonnet37-max-tokens-truncated-tool-json.sse" << kTaxText
            << "toolu_01EKqbqmZrGRXy18eN7m9kvY"
            << "make_file" << kTaxArgs << "length" << 450 << 124;
        QTest::newRow("refusal") << "anthropic-refusal-stop-details.sse"
                                 << ""
                                 << ""
                                 << ""
                                 << ""
                                 << "refusal" << 20 << 0;
    }
    void recordedStreams() {
        QFETCH(QString, file);
        QFETCH(QString, content);
        QFETCH(QString, toolId);
        QFETCH(QString, toolName);
        QFETCH(QString, toolArgs);
        QFETCH(QString, finish);
        QFETCH(int, prompt);
        QFETCH(int, completion);

        const Outcome whole = run(sseFile(file));
        QVERIFY2(whole.errorCode.isEmpty(), qPrintable(whole.errorString));
        QCOMPARE(whole.finishedCount, 1);
        QCOMPARE(whole.httpStatus, 200);
        QCOMPARE(whole.message.role, ChatMessage::Role::Assistant);
        QCOMPARE(whole.message.content, content);
        QCOMPARE(whole.streamedText, content);
        QCOMPARE(whole.finishReason, finish);
        QCOMPARE(whole.usage.promptTokens, prompt);
        QCOMPARE(whole.usage.completionTokens, completion);
        QCOMPARE(whole.usage.cachedTokens, 0);
        if (toolId.isEmpty()) {
            QVERIFY(whole.message.toolCalls.isEmpty());
            QVERIFY(whole.toolPositions.isEmpty());
        } else {
            QCOMPARE(whole.message.toolCalls.size(), 1);
            QCOMPARE(whole.message.toolCalls[0].id, toolId);
            QCOMPARE(whole.message.toolCalls[0].name, toolName);
            QCOMPARE(whole.message.toolCalls[0].arguments, toolArgs);
            QVERIFY(whole.toolPositions.size() > 2);  // the start, then one per fragment
            QVERIFY(std::all_of(whole.toolPositions.begin(), whole.toolPositions.end(),
                                [](int p) { return p == 0; }));
        }
        QCOMPARE(whole.hasOutput, !content.isEmpty() || !toolId.isEmpty());

        const Outcome bytewise = run(sseFile(file, {1}));
        QVERIFY(bytewise.sameResultAs(whole));
        for (quint32 seed : {1u, 7u, 2026u}) {
            const Outcome cut = run(sseFile(file, randomCuts(seed)));
            QVERIFY2(cut.sameResultAs(whole), qPrintable(QStringLiteral("seed %1").arg(seed)));
        }
    }

    // The same recordings without their message_stop: never a silent success, and the partial
    // answer is still there. Cutting message_stop itself short does not count as receiving it.
    void recordedStreamsWithoutMessageStopAreTruncated_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("content");
        QTest::newRow("opus") << "anthropic-claude3-opus-basic-text-with-ping.sse"
                              << "Hello there!";
        QTest::newRow("sonnet37") << "anthropic-sonnet37-max-tokens-truncated-tool-json.sse"
                                  << kTaxText;
    }
    void recordedStreamsWithoutMessageStopAreTruncated() {
        QFETCH(QString, file);
        QFETCH(QString, content);
        const QByteArray body = readFixture("anthropic/" + file);
        const qsizetype stop = body.lastIndexOf("event: message_stop");
        QVERIFY(stop > 0);
        for (const QByteArray& cut : {body.left(stop), body.left(body.size() - 1)}) {
            for (const QJsonArray& sizes : {QJsonArray{}, QJsonArray{1}}) {
                const Outcome o = run(rawSse(cut, sizes));
                QCOMPARE(o.finishedCount, 1);
                QCOMPARE(o.errorCode, QStringLiteral("truncated"));
                QVERIFY2(o.errorString.contains(QStringLiteral("message_stop")),
                         qPrintable(o.errorString));
                QCOMPARE(o.message.content, content);
                QVERIFY(o.hasOutput);
            }
        }
    }

    // vercel's chunk lines sent as Anthropic events: pings between and inside blocks, and a
    // tool without parameters whose only partial_json is "".
    void toolWithoutArgumentsAndPings() {
        const QString file =
            QStringLiteral("llm-streams/chunks/anthropic-sonnet45-tool-use-no-args-pings.jsonl");
        const Outcome o = run({{"chunks_file", file}});
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("I'll update the issue list for you."));
        QCOMPARE(o.message.toolCalls.size(), 1);
        QCOMPARE(o.message.toolCalls[0].id, QStringLiteral("toolu_01QE1WLsSVp5hy5Q3GmGTmjP"));
        QCOMPARE(o.message.toolCalls[0].name, QStringLiteral("updateIssueList"));
        QCOMPARE(o.message.toolCalls[0].arguments, QStringLiteral("{}"));
        QCOMPARE(o.finishReason, QStringLiteral("tool_calls"));
        QCOMPARE(o.usage.promptTokens, 565);
        QCOMPARE(o.usage.completionTokens, 48);
        const Outcome bytewise = run({{"chunks_file", file}, {"write_sizes", QJsonArray{1}}});
        QVERIFY(bytewise.sameResultAs(o));
    }

    // ---- scripted streams --------------------------------------------------------------------

    void scriptedTextAndToolCalls() {
        const Outcome o = run(
            {{"content", "Checking disk usage on testbox."},
             {"chunk_chars", 4},
             {"tool_calls",
              QJsonArray{QJsonObject{
                             {"id", "toolu_1"},
                             {"name", "ssh_exec"},
                             {"arguments", QJsonObject{{"host", "testbox"}, {"command", "df -h"}}}},
                         QJsonObject{{"id", "toolu_2"}, {"name", "get_time"}, {"arguments", ""}}}},
             {"usage", QJsonObject{{"input_tokens", 100},
                                   {"cache_read_input_tokens", 900},
                                   {"cache_creation_input_tokens", 50},
                                   {"output_tokens", 12}}}});
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("Checking disk usage on testbox."));
        QCOMPARE(o.streamedText, o.message.content);
        QCOMPARE(o.message.toolCalls.size(), 2);
        QCOMPARE(o.message.toolCalls[0].id, QStringLiteral("toolu_1"));
        QCOMPARE(argsOf(o.message.toolCalls[0]),
                 (QJsonObject{{"host", "testbox"}, {"command", "df -h"}}));
        QCOMPARE(o.message.toolCalls[1].name, QStringLiteral("get_time"));
        QCOMPARE(o.message.toolCalls[1].arguments, QStringLiteral("{}"));
        QVERIFY(o.toolPositions.size() > 3);
        QCOMPARE(o.toolPositions.first(), 0);
        QCOMPARE(o.toolPositions.last(), 1);
        QCOMPARE(o.finishReason, QStringLiteral("tool_calls"));
        // Normalized: cache reads and writes are part of the prompt.
        QCOMPARE(o.usage.promptTokens, 1050);
        QCOMPARE(o.usage.cachedTokens, 900);
        QCOMPARE(o.usage.cacheWriteTokens, 50);
        QCOMPARE(o.usage.completionTokens, 12);
        QVERIFY(o.hasOutput);

        const Outcome length = run({{"content", "Once upon a"}, {"stop_reason", "max_tokens"}});
        QVERIFY2(length.errorCode.isEmpty(), qPrintable(length.errorString));
        QCOMPARE(length.finishReason, QStringLiteral("length"));
    }

    void requestIsSentInAnthropicShape() {
        ChatRequest req;
        req.model = QStringLiteral("claude-worker");
        req.temperature = 0.25;
        req.maxTokens = 256;
        req.toolChoice = QStringLiteral("required");
        const QJsonObject params{
            {"type", "object"},
            {"properties", QJsonObject{{"host", QJsonObject{{"type", "string"}}}}},
            {"required", QJsonArray{"host"}}};
        req.tools = {{QStringLiteral("ssh_exec"), QStringLiteral("Run a command over SSH"), params},
                     {QStringLiteral("get_time"), QStringLiteral("The time"), QJsonObject{}}};
        req.messages = {
            ChatMessage::system(QStringLiteral("You are a worker.")),
            ChatMessage::user(QStringLiteral("Check disk usage on testbox")),
            ChatMessage::assistant(
                QStringLiteral("Let me look."),
                {{QStringLiteral("toolu_a"), QStringLiteral("ssh_exec"),
                  QStringLiteral("{\"host\":\"testbox\"}")},
                 {QStringLiteral("toolu_b"), QStringLiteral("get_time"), QStringLiteral("{}")},
                 {QStringLiteral("toolu_c"), QStringLiteral("ssh_exec"),
                  QStringLiteral("{\"host\": ")}}),
            ChatMessage::tool(QStringLiteral("toolu_a"), QStringLiteral("ssh_exec"),
                              QStringLiteral("{\"exit_code\":0}")),
            ChatMessage::tool(QStringLiteral("toolu_b"), QStringLiteral("get_time"),
                              QStringLiteral("12:00")),
            ChatMessage::tool(QStringLiteral("toolu_c"), QStringLiteral("ssh_exec"),
                              QStringLiteral("invalid arguments")),
            ChatMessage::system(QStringLiteral("Be brief.")),
            ChatMessage::user(QStringLiteral("And memory?")),
        };
        const Outcome o = run({{"model", "claude-worker"}, {"content", "ok"}}, req);
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(m_server->requests().size(), 1);
        const QJsonObject body = m_server->requests().first();
        QCOMPARE(body.value("model").toString(), QStringLiteral("claude-worker"));
        QCOMPARE(body.value("stream").toBool(), true);
        QCOMPARE(body.value("max_tokens").toInt(), 256);
        QCOMPARE(body.value("temperature").toDouble(), 0.25);
        QCOMPARE(body.value("system").toString(), QStringLiteral("You are a worker.\n\nBe brief."));
        QCOMPARE(body.value("tool_choice").toObject(), (QJsonObject{{"type", "any"}}));

        const QJsonArray tools = body.value("tools").toArray();
        QCOMPARE(tools.size(), 2);
        QCOMPARE(tools[0].toObject(), (QJsonObject{{"name", "ssh_exec"},
                                                   {"description", "Run a command over SSH"},
                                                   {"input_schema", params}}));
        QCOMPARE(tools[1].toObject().value("input_schema").toObject(),
                 (QJsonObject{{"type", "object"}}));

        const QJsonArray messages = body.value("messages").toArray();
        QCOMPARE(messages.size(), 3);  // user, assistant, user: alternating
        QCOMPARE(messages[0].toObject(),
                 (QJsonObject{{"role", "user"}, {"content", "Check disk usage on testbox"}}));

        const QJsonObject assistant = messages[1].toObject();
        QCOMPARE(assistant.value("role").toString(), QStringLiteral("assistant"));
        const QJsonArray blocks = assistant.value("content").toArray();
        QCOMPARE(blocks.size(), 4);
        QCOMPARE(blocks[0].toObject(), (QJsonObject{{"type", "text"}, {"text", "Let me look."}}));
        QCOMPARE(blocks[1].toObject(), (QJsonObject{{"type", "tool_use"},
                                                    {"id", "toolu_a"},
                                                    {"name", "ssh_exec"},
                                                    {"input", QJsonObject{{"host", "testbox"}}}}));
        QVERIFY(blocks[2].toObject().value("input").isObject());
        // Invalid arguments from the model are sent as an empty object.
        QCOMPARE(blocks[3].toObject().value("input").toObject(), QJsonObject{});

        // The three tool results and the next user text form ONE user message.
        const QJsonObject results = messages[2].toObject();
        QCOMPARE(results.value("role").toString(), QStringLiteral("user"));
        const QJsonArray rb = results.value("content").toArray();
        QCOMPARE(rb.size(), 4);
        QCOMPARE(rb[0].toObject(), (QJsonObject{{"type", "tool_result"},
                                                {"tool_use_id", "toolu_a"},
                                                {"content", "{\"exit_code\":0}"}}));
        QCOMPARE(rb[1].toObject().value("tool_use_id").toString(), QStringLiteral("toolu_b"));
        QCOMPARE(rb[2].toObject().value("tool_use_id").toString(), QStringLiteral("toolu_c"));
        QCOMPARE(rb[3].toObject(), (QJsonObject{{"type", "text"}, {"text", "And memory?"}}));

        const auto headers = m_server->requestHeaders().first();
        QCOMPARE(headers.value("x-api-key"), kKey.toUtf8());
        QCOMPARE(headers.value("anthropic-version"), QByteArray("2023-06-01"));
        QCOMPARE(headers.value("accept"), QByteArray("text/event-stream"));
        QCOMPARE(headers.value("content-type"), QByteArray("application/json"));
        QVERIFY(!headers.contains("authorization"));

        // A root given OpenAI-style with /v1/ still reaches /v1/messages (the fake server only
        // routes that path). No key: no x-api-key. Defaults: max_tokens 4096, no tools, no
        // tool_choice, no temperature, no system.
        AnthropicProvider keyless(m_nam.get(), m_server->rootUrl() + "/v1/", QString(), kIdleMs,
                                  m_clock.get());
        const Outcome o2 = run({{"content", "ok"}}, simpleRequest(), &keyless);
        QVERIFY2(o2.errorCode.isEmpty(), qPrintable(o2.errorString));
        QCOMPARE(m_server->requests().size(), 2);
        const QJsonObject body2 = m_server->requests().at(1);
        QVERIFY(!m_server->requestHeaders().at(1).contains("x-api-key"));
        QCOMPARE(m_server->requestHeaders().at(1).value("anthropic-version"),
                 QByteArray("2023-06-01"));
        QCOMPARE(body2.value("max_tokens").toInt(), 4096);
        for (const char* absent : {"tools", "tool_choice", "temperature", "system"})
            QVERIFY2(!body2.contains(QLatin1String(absent)), absent);
        QCOMPARE(body2.value("messages").toArray(),
                 (QJsonArray{QJsonObject{{"role", "user"}, {"content", "hello"}}}));
    }

    void toolChoiceMapping_data() {
        QTest::addColumn<QString>("choice");
        QTest::addColumn<QJsonObject>("expected");
        QTest::newRow("default") << "" << QJsonObject{{"type", "auto"}};
        QTest::newRow("auto") << "auto" << QJsonObject{{"type", "auto"}};
        QTest::newRow("required") << "required" << QJsonObject{{"type", "any"}};
        QTest::newRow("none") << "none" << QJsonObject{{"type", "none"}};
        QTest::newRow("named") << "ssh_exec" << QJsonObject{{"type", "tool"}, {"name", "ssh_exec"}};
    }
    void toolChoiceMapping() {
        QFETCH(QString, choice);
        QFETCH(QJsonObject, expected);
        ChatRequest req = simpleRequest();
        req.tools = {{QStringLiteral("ssh_exec"), QStringLiteral("Run"), QJsonObject{}}};
        req.toolChoice = choice;
        const Outcome o = run({{"content", "ok"}}, req);
        QVERIFY2(o.errorCode.isEmpty(), qPrintable(o.errorString));
        QCOMPARE(m_server->requests().last().value("tool_choice").toObject(), expected);
    }

    void endpointAndLocality_data() {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<bool>("local");
        QTest::newRow("anthropic") << "https://api.anthropic.com"
                                   << "https://api.anthropic.com/v1/messages" << false;
        QTest::newRow("slash") << "https://api.anthropic.com/"
                               << "https://api.anthropic.com/v1/messages" << false;
        QTest::newRow("v1") << "https://api.anthropic.com/v1"
                            << "https://api.anthropic.com/v1/messages" << false;
        QTest::newRow("proxy path") << "https://gw.example.com/anthropic"
                                    << "https://gw.example.com/anthropic/v1/messages" << false;
        QTest::newRow("loopback") << "http://127.0.0.1:8080"
                                  << "http://127.0.0.1:8080/v1/messages" << true;
        QTest::newRow("localhost") << "http://localhost:4000"
                                   << "http://localhost:4000/v1/messages" << true;
        QTest::newRow("ipv6 loopback") << "http://[::1]:4000"
                                       << "http://[::1]:4000/v1/messages" << true;
        QTest::newRow("10/8") << "http://10.1.2.3"
                              << "http://10.1.2.3/v1/messages" << true;
        QTest::newRow("172.16/12") << "http://172.20.0.1"
                                   << "http://172.20.0.1/v1/messages" << true;
        QTest::newRow("172.32 is public") << "http://172.32.0.1"
                                          << "http://172.32.0.1/v1/messages" << false;
        QTest::newRow("192.168/16") << "http://192.168.1.20:11434"
                                    << "http://192.168.1.20:11434/v1/messages" << true;
        QTest::newRow("unique local v6") << "http://[fd12::1]"
                                         << "http://[fd12::1]/v1/messages" << true;
        QTest::newRow("mdns") << "http://gpu-box.local:8000"
                              << "http://gpu-box.local:8000/v1/messages" << true;
        QTest::newRow("public ip") << "http://8.8.8.8"
                                   << "http://8.8.8.8/v1/messages" << false;
    }
    void endpointAndLocality() {
        QFETCH(QString, base);
        QFETCH(QString, endpoint);
        QFETCH(bool, local);
        AnthropicProvider p(m_nam.get(), base, kKey, kIdleMs, m_clock.get());
        QCOMPARE(p.endpoint().toString(), endpoint);
        QCOMPARE(p.isLocal(), local);
        QCOMPARE(p.kind(), QStringLiteral("anthropic"));
    }

    // ---- errors ------------------------------------------------------------------------------

    void httpErrorsAreClassified_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("serverMessage");
        QTest::addColumn<QJsonObject>("headers");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("mentions");
        QTest::addColumn<qint64>("retryAfter");
        QTest::addColumn<int>("shouldRetry");
        // The server echoes the key: it must not reach the message.
        QTest::newRow("401") << 401 << "authentication_error"
                             << "invalid x-api-key " + kKey << QJsonObject{} << "auth"
                             << QStringList{"401", "ZERG_LLM_API_KEY", "invalid x-api-key"}
                             << qint64(-1) << -1;
        QTest::newRow("400 context")
            << 400 << "invalid_request_error"
            << "prompt is too long: 250000 tokens > 200000 maximum" << QJsonObject{}
            << "context_length" << QStringList{"prompt is too long", "claude-test", "new "}
            << qint64(-1) << -1;
        QTest::newRow("400") << 400 << "invalid_request_error"
                             << "max_tokens: must be positive" << QJsonObject{} << "bad_request"
                             << QStringList{"400", "max_tokens: must be positive", "claude-test"}
                             << qint64(-1) << -1;
        QTest::newRow("404") << 404 << "not_found_error"
                             << "model: claude-test" << QJsonObject{} << "bad_request"
                             << QStringList{"404", "ZERG_LLM_BASE_URL", "https://api.anthropic.com",
                                            "claude-test"}
                             << qint64(-1) << -1;
        QTest::newRow("429") << 429 << "rate_limit_error"
                             << "Number of requests exceeded"
                             << QJsonObject{{"retry-after", "7"}, {"x-should-retry", "true"}}
                             << "rate_limited"
                             << QStringList{"429", "Number of requests exceeded", "7 seconds"}
                             << qint64(7000) << 1;
        QTest::newRow("529") << 529 << "overloaded_error"
                             << "Overloaded" << QJsonObject{} << "overloaded"
                             << QStringList{"529", "Overloaded", "Try again"} << qint64(-1) << -1;
        QTest::newRow("500") << 500 << "api_error"
                             << "Internal server error" << QJsonObject{{"x-should-retry", "false"}}
                             << "server" << QStringList{"500", "Internal server error"}
                             << qint64(-1) << 0;
    }
    void httpErrorsAreClassified() {
        QFETCH(int, status);
        QFETCH(QString, type);
        QFETCH(QString, serverMessage);
        QFETCH(QJsonObject, headers);
        QFETCH(QString, code);
        QFETCH(QStringList, mentions);
        QFETCH(qint64, retryAfter);
        QFETCH(int, shouldRetry);
        const QJsonObject body{{"type", "error"},
                               {"error", QJsonObject{{"type", type}, {"message", serverMessage}}}};
        const Outcome o = run({{"status", status}, {"body", body}, {"headers", headers}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, code);
        QCOMPARE(o.httpStatus, status);
        QCOMPARE(o.retryAfterMs, retryAfter);
        QCOMPARE(o.shouldRetry, shouldRetry);
        QVERIFY(!o.hasOutput);
        QVERIFY2(o.errorString.contains(m_provider->endpoint().toString()) ||
                     code == QLatin1String("context_length"),
                 qPrintable(o.errorString));
        for (const QString& m : mentions)
            QVERIFY2(o.errorString.contains(m), qPrintable(o.errorString));
        QVERIFY2(!o.errorString.contains(kKey), qPrintable(o.errorString));
    }

    void errorEventMidStream_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("code");
        QTest::newRow("overloaded") << "overloaded_error"
                                    << "Overloaded"
                                    << "overloaded";
        QTest::newRow("api") << "api_error"
                             << "Internal server error"
                             << "server";
        QTest::newRow("context") << "invalid_request_error"
                                 << "prompt is too long: 250000 tokens > 200000 maximum"
                                 << "context_length";
    }
    void errorEventMidStream() {
        QFETCH(QString, type);
        QFETCH(QString, message);
        QFETCH(QString, code);
        const Outcome o =
            run({{"content", "Checking the disks on every host now"},
                 {"chunk_chars", 5},
                 {"anthropic_error", QJsonObject{{"type", type}, {"message", message}}}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, code);
        QCOMPARE(o.httpStatus, 200);
        QVERIFY2(o.errorString.contains(message), qPrintable(o.errorString));
        QVERIFY(o.errorString.contains(QStringLiteral("middle of the answer")));
        QVERIFY(!o.message.content.isEmpty());
        QVERIFY(o.message.content.size() < 36);  // the error came halfway
        QCOMPARE(o.streamedText, o.message.content);
        QVERIFY(o.hasOutput);
    }

    void streamWithoutMessageStopIsTruncated() {
        const Outcome o = run({{"content", "All done."}, {"omit_message_stop", true}});
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("truncated"));
        QVERIFY2(o.errorString.contains(QStringLiteral("incomplete")), qPrintable(o.errorString));
        QCOMPARE(o.message.content, QStringLiteral("All done."));
        QCOMPARE(o.finishReason, QStringLiteral("stop"));  // message_delta came; still an error

        const Outcome html = run(rawSse("<html><body>It works!</body></html>\n"));
        QCOMPARE(html.errorCode, QStringLiteral("protocol"));
        QVERIFY2(html.errorString.contains(QStringLiteral("ZERG_LLM_BASE_URL")),
                 qPrintable(html.errorString));

        const Outcome garbage = run(
            rawSse(sseBytes("message_start", R"({"type":"message_start","message":{"usage":{}}})") +
                   sseBytes("content_block_delta", R"({"type":"content_block_delta","index":0,)")));
        QCOMPARE(garbage.errorCode, QStringLiteral("protocol"));
        QVERIFY2(garbage.errorString.contains(QStringLiteral("content_block_delta")),
                 qPrintable(garbage.errorString));
    }

    void connectionRefusedIsANetworkError() {
        const quint16 port = zerg::test::freeLoopbackPort();
        QVERIFY(port != 0);
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(port);
        AnthropicProvider closed(m_nam.get(), base, kKey, kIdleMs, m_clock.get());
        const Outcome o = run({{"content", "unused"}}, simpleRequest(), &closed);
        QCOMPARE(o.finishedCount, 1);
        QCOMPARE(o.errorCode, QStringLiteral("network"));
        QCOMPARE(o.httpStatus, 0);
        QVERIFY2(o.errorString.contains(base + QStringLiteral("/v1/messages")),
                 qPrintable(o.errorString));
        QVERIFY2(o.errorString.contains(QStringLiteral("ZERG_LLM_BASE_URL")),
                 qPrintable(o.errorString));
    }

    // ---- timing and lifetime -------------------------------------------------------------------

    // A server that sends one endless line: the reply ends at the parser's 1 MiB limit with a
    // protocol error, without waiting for the line's end or the idle timeout.
    void endlessLineEndsTheReply() {
        const QByteArray head =
            sseBytes("message_start",
                     R"({"type":"message_start","message":{"usage":{"input_tokens":5}}})") +
            sseBytes(
                "content_block_start",
                R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})") +
            sseBytes(
                "content_block_delta",
                R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}})");
        const QByteArray endless =
            "event: content_block_delta\ndata: " + QByteArray(2 * 1024 * 1024, 'x');
        const QByteArray rest = "\n\n" + sseBytes("message_stop", R"({"type":"message_stop"})");
        m_server->setScenario(
            {{"responses",
              QJsonArray{QJsonObject{{"raw_sse", QString::fromUtf8(head + endless + rest)},
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
        const QByteArray head =
            sseBytes("message_start",
                     R"({"type":"message_start","message":{"usage":{"input_tokens":5}}})") +
            sseBytes(
                "content_block_start",
                R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})") +
            sseBytes(
                "content_block_delta",
                R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}})");
        const QByteArray rest = sseBytes("message_stop", R"({"type":"message_stop"})");
        m_server->setScenario(
            {{"responses", QJsonArray{QJsonObject{{"raw_sse", QString::fromUtf8(head + rest)},
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
        QVERIFY(w.reply->hasOutput());
        m_clock->advance(10 * kIdleMs);
        QCoreApplication::processEvents();
        QCOMPARE(w.seen->finishedCount, 1);
        delete w.reply;
    }

    void abortMidStream() {
        const QByteArray head =
            sseBytes(
                "content_block_start",
                R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})") +
            sseBytes(
                "content_block_delta",
                R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Partial"}})");
        m_server->setScenario(
            {{"responses",
              QJsonArray{QJsonObject{
                  {"raw_sse", QString::fromUtf8(
                                  head + sseBytes("message_stop", R"({"type":"message_stop"})"))},
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
              QJsonArray{
                  QJsonObject{{"model", "tool-model"},
                              {"tool_calls",
                               QJsonArray{QJsonObject{{"id", "toolu_x"},
                                                      {"name", "ssh_exec"},
                                                      {"arguments", QJsonObject{{"host", "a"}}}}}}},
                  QJsonObject{{"content", "abcdefghij"}, {"chunk_chars", 2}},
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

        // A slot that deletes the reply on its first tool-call delta.
        // (A model of its own, first in the queue: the early abort may or may not have reached
        // the server, so the text responses may not all be used.)
        ChatRequest toolRequest = simpleRequest();
        toolRequest.model = QStringLiteral("tool-model");
        ChatReply* doomed = m_provider->chat(toolRequest);
        int toolDeltas = 0;
        connect(doomed, &ChatReply::toolCallDelta, this, [&toolDeltas, doomed] {
            ++toolDeltas;
            delete doomed;
        });
        QSignalSpy gone(doomed, &QObject::destroyed);
        QVERIFY(gone.wait(30000));
        m_clock->advance(10 * kIdleMs);
        QCoreApplication::processEvents();
        QCOMPARE(toolDeltas, 1);
        QCOMPARE(early.seen->finishedCount, 1);
        delete early.reply;
        delete w.reply;
    }

    // Callers often delete the reply in their finished() slot: on message_stop (inside
    // readyRead), at the end of a cut-off stream and on an HTTP error (inside the network
    // reply's own finished signal).
    void deletingAReplyFromItsFinishedSlotIsSafe() {
        m_server->setScenario(
            {{"responses",
              QJsonArray{QJsonObject{{"content", "ok"}},
                         QJsonObject{{"sse_file",
                                      "llm-streams/anthropic/"
                                      "anthropic-claude3-opus-basic-text-with-ping.sse"}},
                         QJsonObject{{"status", 529}, {"body", QJsonObject{}}}}}});
        const QStringList expected{QString(), QString(), QStringLiteral("overloaded")};
        for (const QString& want : expected) {
            ChatReply* reply = m_provider->chat(simpleRequest());
            QString code = QStringLiteral("unset");
            connect(reply, &ChatReply::finished, this, [reply, &code] {
                code = reply->errorCode();
                delete reply;
            });
            QSignalSpy gone(reply, &QObject::destroyed);
            QVERIFY(gone.wait(30000));
            QCOMPARE(code, want);
        }
        QCoreApplication::processEvents();
        QCOMPARE(m_server->remainingResponses(), 0);
    }

    void deletingAReplyMidStreamIsSafe() {
        const QByteArray head = sseBytes(
            "content_block_start",
            R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":"x"}})");
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

    // ---- the decoder on its own -----------------------------------------------------------------

    void decoderMapsStopReasons_data() {
        QTest::addColumn<QString>("stop");
        QTest::addColumn<QString>("finish");
        QTest::newRow("end_turn") << "end_turn"
                                  << "stop";
        QTest::newRow("stop_sequence") << "stop_sequence"
                                       << "stop";
        QTest::newRow("tool_use") << "tool_use"
                                  << "tool_calls";
        QTest::newRow("max_tokens") << "max_tokens"
                                    << "length";
        QTest::newRow("refusal") << "refusal"
                                 << "refusal";
        QTest::newRow("pause_turn") << "pause_turn"
                                    << "pause_turn";
    }
    void decoderMapsStopReasons() {
        QFETCH(QString, stop);
        QFETCH(QString, finish);
        AnthropicStreamDecoder d;
        (void)d.feed(sse("message_delta", QStringLiteral(R"({"type":"message_delta","delta":{)"
                                                         R"("stop_reason":"%1"}})")
                                              .arg(stop)));
        (void)d.feed(sse("message_stop", R"({"type":"message_stop"})"));
        QVERIFY(d.isDone());
        QCOMPARE(d.stopReason(), stop);
        QCOMPARE(d.finishReason(), finish);
    }

    // A ping between every two events, and a ping inside every block, changes nothing.
    void decoderIgnoresPingsAnywhere() {
        const QList<SseEvent> events = eventsOf(
            readFixture("anthropic/anthropic-sonnet4-text-then-tool-use-input-json-delta.sse"));
        QVERIFY(events.size() > 10);
        AnthropicStreamDecoder plain, pinged;
        for (const SseEvent& e : events) {
            (void)plain.feed(e);
            (void)pinged.feed(sse("ping", R"({"type": "ping"})"));
            (void)pinged.feed(e);
        }
        QVERIFY(plain.isDone());
        QVERIFY(pinged.isDone());
        QCOMPARE(pinged.message().content, plain.message().content);
        QCOMPARE(pinged.message().toolCalls.size(), 1);
        QCOMPARE(pinged.message().toolCalls[0].arguments,
                 QStringLiteral(R"({"location": "Paris"})"));
        QCOMPARE(pinged.usage().promptTokens, 377);
    }

    void decoderEmptyPartialJsonMeansEmptyObject() {
        AnthropicStreamDecoder d;
        AnthropicStreamDecoder::Update u = d.feed(sse(
            "content_block_start",
            R"({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_9","name":"get_time","input":{}}})"));
        QCOMPARE(u.toolPosition, 0);
        u = d.feed(sse(
            "content_block_delta",
            R"({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}})"));
        QCOMPARE(u.toolPosition, -1);  // nothing changed
        (void)d.feed(sse("content_block_stop", R"({"type":"content_block_stop","index":0})"));
        QCOMPARE(d.message().toolCalls[0].arguments, QString());  // raw until the end
        (void)d.feed(sse("message_stop", R"({"type":"message_stop"})"));
        QVERIFY(d.isDone());
        QCOMPARE(d.message().toolCalls[0].arguments, QStringLiteral("{}"));
        QCOMPARE(d.message().toolCalls[0].id, QStringLiteral("toolu_9"));
    }

    void decoderUsageLastValueWins() {
        AnthropicStreamDecoder d;
        (void)d.feed(sse(
            "message_start",
            R"({"type":"message_start","message":{"usage":{"input_tokens":10,"cache_read_input_tokens":2,"output_tokens":1}}})"));
        QCOMPARE(d.usage().promptTokens, 12);
        QCOMPARE(d.usage().completionTokens, 1);
        (void)d.feed(sse(
            "message_delta",
            R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"input_tokens":11,"cache_creation_input_tokens":4,"output_tokens":5}})"));
        (void)d.feed(sse("message_delta",
                         R"({"type":"message_delta","delta":{},"usage":{"output_tokens":7}})"));
        const Usage u = d.usage();
        QCOMPARE(u.promptTokens, 17);
        QCOMPARE(u.cachedTokens, 2);
        QCOMPARE(u.cacheWriteTokens, 4);
        QCOMPARE(u.completionTokens, 7);
        QCOMPARE(d.finishReason(), QStringLiteral("stop"));  // an empty delta keeps the reason
    }

    void decoderIgnoresThinkingAndUnknownEvents() {
        AnthropicStreamDecoder d;
        const QList<SseEvent> events{
            sse("content_block_start",
                R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}})"),
            sse("content_block_delta",
                R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}})"),
            sse("content_block_delta",
                R"({"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"x"}})"),
            sse("content_block_stop", R"({"type":"content_block_stop","index":0})"),
            sse("brand_new_event", R"({"type":"brand_new_event","whatever":1})"),
            sse("content_block_start",
                R"({"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}})"),
            sse("content_block_delta",
                R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Answer"}})"),
            sse("content_block_stop", R"({"type":"content_block_stop","index":1})"),
            sse("message_stop", R"({"type":"message_stop"})"),
        };
        QString emitted;
        for (const SseEvent& e : events)
            emitted += d.feed(e).text;
        QVERIFY(d.isDone());
        QCOMPARE(d.message().content, QStringLiteral("Answer"));
        QCOMPARE(emitted, QStringLiteral("Answer"));
    }

    void decoderFailures_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("errorEvent");
        QTest::newRow("not json") << "content_block_delta"
                                  << "{\"type\":"
                                  << "protocol" << false;
        QTest::newRow("array") << "message_start"
                               << "[1,2]"
                               << "protocol" << false;
        QTest::newRow("unknown block")
            << "content_block_delta"
            << R"({"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"x"}})"
            << "protocol" << false;
        QTest::newRow("stop unknown block") << "content_block_stop"
                                            << R"({"type":"content_block_stop","index":3})"
                                            << "protocol" << false;
        QTest::newRow("overloaded")
            << "error"
            << R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"
            << "overloaded" << true;
        QTest::newRow("flattened") << "error"
                                   << R"({"type":"api_error","message":"Overloaded"})"
                                   << "server" << true;
        QTest::newRow("plain text error") << "error"
                                          << "Overloaded"
                                          << "api" << true;
    }
    void decoderFailures() {
        QFETCH(QString, type);
        QFETCH(QString, data);
        QFETCH(QString, code);
        QFETCH(bool, errorEvent);
        AnthropicStreamDecoder d;
        (void)d.feed(sse(
            "content_block_start",
            R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Hi"}})"));
        (void)d.feed(sse(type, data));
        QVERIFY(d.hasError());
        QCOMPARE(d.errorCode(), code);
        QCOMPARE(d.failedWithErrorEvent(), errorEvent);
        QVERIFY(!d.errorDetail().isEmpty());
        // Nothing more is taken, not even message_stop; the partial message stays.
        QCOMPARE(d.feed(sse("message_stop", R"({"type":"message_stop"})")).text, QString());
        d.endOfStream(std::nullopt);
        QVERIFY(d.hasError());
        QCOMPARE(d.errorCode(), code);
        QCOMPARE(d.message().content, QStringLiteral("Hi"));
    }

    void decoderEndOfStream() {
        const SseEvent start = sse("message_start", R"({"type":"message_start","message":{}})");
        const auto ended = [&](const std::optional<SseEvent>& cutOff, bool withStart = true) {
            AnthropicStreamDecoder d;
            if (withStart)
                (void)d.feed(start);
            d.endOfStream(cutOff);
            return d.isDone() ? QStringLiteral("done") : d.errorCode();
        };
        QCOMPARE(ended(std::nullopt), QStringLiteral("truncated"));
        QCOMPARE(ended(sse("message_stop", R"({"type":"message_stop" })")), QStringLiteral("done"));
        QCOMPARE(ended(sse("message", R"({"type":"message_stop"})")), QStringLiteral("done"));
        const QString cutShort = QStringLiteral("{\"type\":\"message_st");  // moc: no raw string
        QCOMPARE(ended(sse("message_stop", cutShort)), QStringLiteral("truncated"));
        QCOMPARE(ended(sse("message_delta", R"({"type":"message_delta","delta":{}})")),
                 QStringLiteral("truncated"));
        QCOMPARE(ended(sse("ping", R"({"type":"message_stop"})")), QStringLiteral("truncated"));
        QCOMPARE(ended(std::nullopt, false), QStringLiteral("protocol"));
    }
};

QTEST_GUILESS_MAIN(TestAnthropicProvider)
#include "test_anthropic_provider.moc"
