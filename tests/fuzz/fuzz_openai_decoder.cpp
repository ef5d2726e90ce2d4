// libFuzzer target: OpenAiStreamDecoder over raw body bytes. The input is decoded whole, split in
// two at an input-derived point, and event by event through a separate SseParser; the outcome must
// be the same, the reported deltas must add up to the message, and the end state must be
// consistent (done without error, or failed with a code and a message; never silent).
#include "fuzz_split.h"
#include "llm/openai_stream_decoder.h"

#include <QHash>
#include <QJsonDocument>

namespace {

using zerg::OpenAiStreamDecoder;

struct Run {
    OpenAiStreamDecoder decoder{QStringLiteral("http://fuzz.invalid/v1/chat/completions")};
    QString streamedText;
    QHash<int, QString> streamedArguments;
    int deltaCount = 0;

    void take(const QList<OpenAiStreamDecoder::Delta>& deltas) {
        for (const OpenAiStreamDecoder::Delta& d : deltas) {
            ++deltaCount;
            ZERG_FUZZ_CHECK(d.toolPosition >= -1);
            ZERG_FUZZ_CHECK(d.toolPosition < decoder.message().toolCalls.size());
            if (d.toolPosition < 0) {
                ZERG_FUZZ_CHECK(!d.text.isEmpty());
                streamedText += d.text;
            } else {
                streamedArguments[d.toolPosition] += d.text;
            }
        }
    }
};

void checkConsistent(const Run& r) {
    const OpenAiStreamDecoder& d = r.decoder;
    ZERG_FUZZ_CHECK(d.state() != OpenAiStreamDecoder::State::Streaming);  // finish() was called
    if (d.isDone()) {
        ZERG_FUZZ_CHECK(d.errorCode().isEmpty());
    } else {
        ZERG_FUZZ_CHECK(!d.errorCode().isEmpty());
        ZERG_FUZZ_CHECK(!d.errorString().isEmpty());
    }
    ZERG_FUZZ_CHECK(r.streamedText == d.message().content);
    const QList<zerg::ToolCall>& calls = d.message().toolCalls;
    for (qsizetype i = 0; i < calls.size(); ++i) {
        ZERG_FUZZ_CHECK(!calls[i].id.isEmpty());
        ZERG_FUZZ_CHECK(r.streamedArguments.contains(int(i)));  // every call was reported
        const QString& streamed = r.streamedArguments.value(int(i));
        if (d.isDone() && streamed.trimmed().isEmpty())
            ZERG_FUZZ_CHECK(calls[i].arguments == QLatin1String("{}"));
        else
            ZERG_FUZZ_CHECK(calls[i].arguments == streamed);
    }
    const zerg::Usage u = d.usage();
    ZERG_FUZZ_CHECK(u.total() == u.promptTokens + u.completionTokens);
}

bool sameOutcome(const OpenAiStreamDecoder& a, const OpenAiStreamDecoder& b) {
    if (a.state() != b.state() || a.errorCode() != b.errorCode() ||
        a.errorString() != b.errorString() || a.finishReason() != b.finishReason() ||
        a.eventCount() != b.eventCount() || a.message().content != b.message().content ||
        a.message().toolCalls.size() != b.message().toolCalls.size()) {
        return false;
    }
    for (qsizetype i = 0; i < a.message().toolCalls.size(); ++i) {
        const zerg::ToolCall& x = a.message().toolCalls[i];
        const zerg::ToolCall& y = b.message().toolCalls[i];
        if (x.id != y.id || x.name != y.name || x.arguments != y.arguments)
            return false;
    }
    const zerg::Usage u = a.usage(), v = b.usage();
    return u.promptTokens == v.promptTokens && u.completionTokens == v.completionTokens &&
           u.cachedTokens == v.cachedTokens && u.reasoningTokens == v.reasoningTokens;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));

    Run whole;
    whole.take(whole.decoder.feed(bytes));
    whole.decoder.finish();
    checkConsistent(whole);

    Run split;
    const qsizetype cut = qsizetype(zerg::fuzz::cutPoint(data, size));
    split.take(split.decoder.feed(bytes.first(cut)));
    split.take(split.decoder.feed(bytes.sliced(cut)));
    split.decoder.finish();
    checkConsistent(split);
    ZERG_FUZZ_CHECK(sameOutcome(whole.decoder, split.decoder));
    ZERG_FUZZ_CHECK(split.deltaCount == whole.deltaCount);

    // Events parsed outside and handed in one by one: the same as raw bytes, except that the
    // decoder never sees the end of the body (no finish), so compare only what was decoded.
    Run events;
    zerg::SseParser parser;
    for (const zerg::SseEvent& e : parser.feed(bytes))
        events.take(events.decoder.feedEvent(e));
    ZERG_FUZZ_CHECK(events.streamedText == whole.streamedText);
    ZERG_FUZZ_CHECK(events.decoder.eventCount() <= whole.decoder.eventCount());

    // The decoder's own JSON reader accepts exactly the chunks QJsonDocument reads as an object
    // (short of QJsonDocument's nesting limit).
    zerg::SseParser again;
    for (const zerg::SseEvent& e : again.feed(bytes)) {
        if (e.data.trimmed() == QLatin1String("[DONE]") || e.data.isEmpty() ||
            e.data.count(u'[') + e.data.count(u'{') > 500) {
            continue;
        }
        OpenAiStreamDecoder single;
        (void)single.feedEvent(e);
        const bool qtAccepts = QJsonDocument::fromJson(e.data.toUtf8()).isObject();
        const bool protocolError = single.hasFailed() && single.errorCode() == u"protocol";
        if (qtAccepts == protocolError) {
            std::fprintf(stderr, "JSON readers disagree (QJsonDocument %s) on: %s\n",
                         qtAccepts ? "accepts" : "rejects",
                         e.data.toUtf8().toPercentEncoding().constData());
        }
        ZERG_FUZZ_CHECK(qtAccepts != protocolError);
    }
    return 0;
}
