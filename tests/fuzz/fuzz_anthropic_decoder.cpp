// libFuzzer target: AnthropicStreamDecoder over raw body bytes run through an SseParser, as the
// provider runs it (feed every dispatched event, then endOfStream with what finish() cut off).
// The input is parsed whole and split in two at an input-derived point; the outcome must be the
// same, the reported updates must add up to the message, and the end state must be consistent
// (done without error, or failed with a code and a detail; never still streaming).
#include "fuzz_split.h"
#include "llm/anthropic_stream_decoder.h"

#include <QHash>

namespace {

using zerg::AnthropicStreamDecoder;

struct Run {
    AnthropicStreamDecoder decoder;
    zerg::SseParser parser;
    QString streamedText;
    QHash<int, QString> reportedArguments;  // arguments of each call when it was last reported
    int updateCount = 0;

    void feed(QByteArrayView bytes) {
        for (const zerg::SseEvent& e : parser.feed(bytes)) {
            const AnthropicStreamDecoder::Update u = decoder.feed(e);
            const QList<zerg::ToolCall>& calls = decoder.message().toolCalls;
            ZERG_FUZZ_CHECK(u.toolPosition >= -1 && u.toolPosition < calls.size());
            ZERG_FUZZ_CHECK(u.text.isEmpty() || u.toolPosition < 0);  // one thing per event
            streamedText += u.text;
            if (u.toolPosition >= 0) {
                ++updateCount;
                const QString& now = calls[u.toolPosition].arguments;
                // Arguments only grow while streaming.
                ZERG_FUZZ_CHECK(now.startsWith(reportedArguments.value(u.toolPosition)));
                reportedArguments[u.toolPosition] = now;
            }
            if (!u.text.isEmpty())
                ++updateCount;
        }
    }

    void end() { decoder.endOfStream(parser.finish()); }
};

void checkConsistent(const Run& r) {
    const AnthropicStreamDecoder& d = r.decoder;
    ZERG_FUZZ_CHECK(d.state() != AnthropicStreamDecoder::State::Streaming);
    if (d.isDone()) {
        ZERG_FUZZ_CHECK(d.errorCode().isEmpty());
        ZERG_FUZZ_CHECK(!d.failedWithErrorEvent());
    } else {
        ZERG_FUZZ_CHECK(!d.errorCode().isEmpty());
        ZERG_FUZZ_CHECK(!d.errorDetail().isEmpty());
    }
    ZERG_FUZZ_CHECK(r.streamedText == d.message().content);
    const QList<zerg::ToolCall>& calls = d.message().toolCalls;
    for (qsizetype i = 0; i < calls.size(); ++i) {
        ZERG_FUZZ_CHECK(r.reportedArguments.contains(int(i)));  // every call was reported
        const QString& reported = r.reportedArguments.value(int(i));
        if (d.isDone() && reported.trimmed().isEmpty())
            ZERG_FUZZ_CHECK(!calls[i].arguments.trimmed().isEmpty());  // "{}" or the start input
        else
            ZERG_FUZZ_CHECK(calls[i].arguments == reported);
    }
    ZERG_FUZZ_CHECK(d.finishReason() == AnthropicStreamDecoder::mapStopReason(d.stopReason()));
}

bool sameOutcome(const AnthropicStreamDecoder& a, const AnthropicStreamDecoder& b) {
    if (a.state() != b.state() || a.errorCode() != b.errorCode() ||
        a.errorDetail() != b.errorDetail() || a.errorType() != b.errorType() ||
        a.finishReason() != b.finishReason() || a.eventCount() != b.eventCount() ||
        a.message().content != b.message().content ||
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
           u.cachedTokens == v.cachedTokens && u.cacheWriteTokens == v.cacheWriteTokens;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));

    Run whole;
    whole.feed(bytes);
    whole.end();
    checkConsistent(whole);

    Run split;
    const qsizetype cut = qsizetype(zerg::fuzz::cutPoint(data, size));
    split.feed(bytes.first(cut));
    split.feed(bytes.sliced(cut));
    split.end();
    checkConsistent(split);
    ZERG_FUZZ_CHECK(sameOutcome(whole.decoder, split.decoder));
    ZERG_FUZZ_CHECK(split.updateCount == whole.updateCount);
    return 0;
}
