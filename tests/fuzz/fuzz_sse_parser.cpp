// libFuzzer target: SseParser. Random bytes are parsed whole, split in two at an input-derived
// point, and (when short) one byte at a time; the events, the cut-off last event, the last event
// id and the retry value must not depend on the split, and no event may contain a line break
// where the format cannot produce one.
#include "fuzz_split.h"
#include "llm/sse_parser.h"

#include <QList>

namespace {

constexpr size_t kBytewiseLimit = 4096;

struct Parsed {
    QList<zerg::SseEvent> events;
    std::optional<zerg::SseEvent> cutOff;
    QString lastEventId;
    qint64 retryMs = -1;

    bool operator==(const Parsed&) const = default;
};

Parsed parse(const QList<QByteArrayView>& pieces) {
    zerg::SseParser parser;
    Parsed p;
    for (QByteArrayView piece : pieces)
        p.events += parser.feed(piece);
    p.cutOff = parser.finish();
    p.lastEventId = parser.lastEventId();
    p.retryMs = parser.retryMs();
    // The parser is reusable after finish(): the same bytes give the same events again (their
    // ids may differ, as the last event id carries over to the next stream).
    QList<zerg::SseEvent> again;
    for (QByteArrayView piece : pieces)
        again += parser.feed(piece);
    (void)parser.finish();
    ZERG_FUZZ_CHECK(again.size() == p.events.size());
    for (qsizetype i = 0; i < again.size(); ++i) {
        ZERG_FUZZ_CHECK(again[i].event == p.events[i].event);
        ZERG_FUZZ_CHECK(again[i].data == p.events[i].data);
    }
    return p;
}

bool hasLineBreak(const QString& s) {
    return s.contains(u'\r') || s.contains(u'\n');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const Parsed whole = parse({bytes});

    const qsizetype cut = qsizetype(zerg::fuzz::cutPoint(data, size));
    ZERG_FUZZ_CHECK(parse({bytes.first(cut), bytes.sliced(cut)}) == whole);

    if (size <= kBytewiseLimit) {
        QList<QByteArrayView> single;
        for (qsizetype i = 0; i < bytes.size(); ++i)
            single.append(bytes.sliced(i, 1));
        ZERG_FUZZ_CHECK(parse(single) == whole);
    }

    // Every event needs a line end of its own, plus one per data line.
    const qsizetype lineEnds = bytes.count('\n') + bytes.count('\r');
    ZERG_FUZZ_CHECK(whole.events.size() <= lineEnds);
    for (const zerg::SseEvent& e : whole.events) {
        ZERG_FUZZ_CHECK(!e.event.isEmpty());
        ZERG_FUZZ_CHECK(!hasLineBreak(e.event));
        ZERG_FUZZ_CHECK(!hasLineBreak(e.id));
        ZERG_FUZZ_CHECK(!e.id.contains(QChar(0)));
        ZERG_FUZZ_CHECK(!e.data.contains(u'\r'));  // data lines are joined with LF only
    }
    ZERG_FUZZ_CHECK(whole.retryMs >= -1);
    return 0;
}
