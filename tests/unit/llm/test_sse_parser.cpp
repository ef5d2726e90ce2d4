// The SSE parser against the WHATWG event-stream rules and the recorded provider streams.
#include "llm/openai_stream_decoder.h"
#include "llm/sse_parser.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using zerg::OpenAiStreamDecoder;
using zerg::SseEvent;
using zerg::SseParser;

namespace zerg {
char* toString(const SseEvent& e) {
    return QTest::toString(QStringLiteral("{event=%1 id=%2 data=%3}").arg(e.event, e.id, e.data));
}
}  // namespace zerg

namespace {

const QString kStreams = QStringLiteral(ZERG_TEST_DATA_DIR "/llm-streams");

// Feeds the pieces in order, then ends the stream.
QList<SseEvent> parse(const QList<QByteArray>& pieces) {
    SseParser p;
    QList<SseEvent> out;
    for (const QByteArray& piece : pieces)
        out += p.feed(piece);
    p.finish();
    return out;
}

QList<SseEvent> parseWhole(const QByteArray& bytes) {
    return parse({bytes});
}

QList<SseEvent> parseBytewise(const QByteArray& bytes) {
    QList<QByteArray> pieces;
    for (char c : bytes)
        pieces.append(QByteArray(1, c));
    return parse(pieces);
}

QList<SseEvent> parseRandomCuts(const QByteArray& bytes, QRandomGenerator* rng) {
    QList<QByteArray> pieces;
    qsizetype at = 0;
    while (at < bytes.size()) {
        const qsizetype n = 1 + rng->bounded(40);
        pieces.append(bytes.mid(at, n));
        at += n;
    }
    return parse(pieces);
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

SseEvent msg(const QString& data, const QString& id = {}) {
    return {QStringLiteral("message"), data, id};
}

}  // namespace

class TestSseParser : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lineEndings_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("LF") << QByteArray("data: a\ndata: b\n\n");
        QTest::newRow("CR") << QByteArray("data: a\rdata: b\r\r");
        QTest::newRow("CRLF") << QByteArray("data: a\r\ndata: b\r\n\r\n");
        QTest::newRow("mixed") << QByteArray("data: a\r\ndata: b\n\r");
        QTest::newRow("mixed2") << QByteArray("data: a\rdata: b\n\r\n");
    }
    void lineEndings() {
        QFETCH(QByteArray, bytes);
        QCOMPARE(parseWhole(bytes), QList<SseEvent>{msg(QStringLiteral("a\nb"))});
        QCOMPARE(parseBytewise(bytes), QList<SseEvent>{msg(QStringLiteral("a\nb"))});
    }

    // A CR at the end of one read and the LF at the start of the next are one line end, not an
    // empty line that would dispatch early.
    void crLfSplitAcrossFeeds() {
        const QList<SseEvent> got = parse({"data: a\r", "\ndata: b\r", "\n\r", "\n"});
        QCOMPARE(got, QList<SseEvent>{msg(QStringLiteral("a\nb"))});
        // But CR followed by CR (in another read) is two line ends.
        QCOMPARE(parse({"data: a\r", "\r"}), QList<SseEvent>{msg(QStringLiteral("a"))});
    }

    void comments() {
        const QList<SseEvent> got =
            parseWhole(": keep-alive\ndata: a\n:\n: another\ndata: b\n\n: trailing\n\n");
        QCOMPARE(got, QList<SseEvent>{msg(QStringLiteral("a\nb"))});
    }

    // Real servers send keep-alive comments while the model thinks (OpenRouter).
    void openRouterProcessingComments() {
        const QByteArray bytes =
            ": OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\r\n\r\n"
            "data: {\"a\":1}\n\n: OPENROUTER PROCESSING\n\ndata: [DONE]\n\n";
        const QList<SseEvent> want{msg(QStringLiteral("{\"a\":1}")), msg(QStringLiteral("[DONE]"))};
        QCOMPARE(parseWhole(bytes), want);
        QCOMPARE(parseBytewise(bytes), want);
        // A comment line between data lines does not end the event.
        QCOMPARE(parseWhole("data: a\n: OPENROUTER PROCESSING\ndata: b\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("a\nb"))});
    }

    // Only CR and LF end lines: U+2028, U+2029 and NEL are text (JSON allows them raw).
    void unicodeLineBreaksAreText() {
        const QString text = QStringLiteral("a") + QChar(0x2028) + QStringLiteral("b") +
                             QChar(0x2029) + QStringLiteral("c") + QChar(0x0085) +
                             QStringLiteral("d") + QChar(0x000B) + QChar(0x000C) +
                             QStringLiteral("e");
        const QByteArray bytes = "data: " + text.toUtf8() + "\n\n";
        QCOMPARE(parseWhole(bytes), QList<SseEvent>{msg(text)});
        QCOMPARE(parseBytewise(bytes), QList<SseEvent>{msg(text)});
        // A lone 0x85 byte (NEL in Latin-1) is invalid UTF-8, not a line end either.
        QCOMPARE(parseWhole("data: x\x85y\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("x") + QChar(0xFFFD) + QStringLiteral("y"))});
    }

    void retryField_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qint64>("retry");
        QTest::newRow("plain") << QByteArray("retry: 3000\n") << qint64(3000);
        QTest::newRow("no space") << QByteArray("retry:250\n") << qint64(250);
        QTest::newRow("zero") << QByteArray("retry: 0\n") << qint64(0);
        QTest::newRow("last wins") << QByteArray("retry: 10\nretry: 20\n") << qint64(20);
        QTest::newRow("invalid keeps old") << QByteArray("retry: 10\nretry: 2x\n") << qint64(10);
        QTest::newRow("empty") << QByteArray("retry:\n") << qint64(-1);
        QTest::newRow("no colon") << QByteArray("retry\n") << qint64(-1);
        QTest::newRow("negative") << QByteArray("retry: -5\n") << qint64(-1);
        QTest::newRow("inner space") << QByteArray("retry: 1 0\n") << qint64(-1);
        QTest::newRow("two spaces") << QByteArray("retry:  10\n") << qint64(-1);
        QTest::newRow("decimal") << QByteArray("retry: 1.5\n") << qint64(-1);
        QTest::newRow("too big") << QByteArray("retry: 99999999999999999999999\n") << qint64(-1);
    }
    void retryField() {
        QFETCH(QByteArray, bytes);
        QFETCH(qint64, retry);
        SseParser p;
        // retry alone dispatches nothing, and does not disturb the event around it.
        QCOMPARE(p.feed("data: a\n" + bytes + "\n"), QList<SseEvent>{msg(QStringLiteral("a"))});
        QCOMPARE(p.retryMs(), retry);
        SseParser split;
        for (char c : bytes)
            QVERIFY(split.feed(QByteArray(1, c)).isEmpty());
        QCOMPARE(split.retryMs(), retry);
    }

    // finish() hands back the event that the end of stream cut off, without dispatching it.
    void finishReturnsTheCutOffEvent() {
        SseParser p;
        QCOMPARE(p.feed("data: a\n\ndata: [DONE]\n"), QList<SseEvent>{msg(QStringLiteral("a"))});
        std::optional<SseEvent> cut = p.finish();
        QVERIFY(cut.has_value());
        QCOMPARE(*cut, msg(QStringLiteral("[DONE]")));
        // An unterminated last line counts as a line; the event keeps its type.
        QVERIFY(p.feed("event: message_stop\ndata: {\"x\":1}").isEmpty());
        cut = p.finish();
        QVERIFY(cut.has_value());
        QCOMPARE(*cut, (SseEvent{QStringLiteral("message_stop"), QStringLiteral("{\"x\":1}"),
                                 QString()}));
        // Nothing cut off: a complete stream, a stream of comments, or no data line.
        QVERIFY(!p.feed("data: b\n\n").isEmpty());
        QVERIFY(!p.finish().has_value());
        QVERIFY(p.feed(": hi\nevent: x\n").isEmpty());
        QVERIFY(!p.finish().has_value());
        QVERIFY(!p.finish().has_value());
        // A stream shorter than a BOM.
        QVERIFY(p.feed("\xEF").isEmpty());
        QVERIFY(!p.finish().has_value());
        QCOMPARE(p.feed("data: c\n\n"), QList<SseEvent>{msg(QStringLiteral("c"))});
    }

    void multiLineData() {
        QCOMPARE(parseWhole("data: one\ndata:\ndata: three\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("one\n\nthree"))});
        QCOMPARE(parseWhole("data: x\n\ndata: y\n\n"),
                 (QList<SseEvent>{msg(QStringLiteral("x")), msg(QStringLiteral("y"))}));
    }

    void blankLinesWithoutDataDispatchNothing() {
        QCOMPARE(parseWhole("\n\n\r\nevent: ping\n\n"), QList<SseEvent>{});
        // The event type of a data-less block does not leak into the next event.
        QCOMPARE(parseWhole("event: ping\n\ndata: z\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("z"))});
    }

    void byteOrderMark() {
        QCOMPARE(parseWhole("\xEF\xBB\xBF"
                            "data: x\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("x"))});
        QCOMPARE(parse({"\xEF", "\xBB",
                        "\xBF"
                        "da",
                        "ta: x\n\n"}),
                 QList<SseEvent>{msg(QStringLiteral("x"))});
        // Only one BOM is stripped: a second one makes the field name "\uFEFFdata", ignored.
        QCOMPARE(parseWhole("\xEF\xBB\xBF\xEF\xBB\xBF"
                            "data: x\n\ndata: y\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("y"))});
        // A BOM later in the stream is content.
        QCOMPARE(parseWhole("data: \xEF\xBB\xBFx\n\n"),
                 QList<SseEvent>{msg(QString(QChar(0xFEFF)) + QStringLiteral("x"))});
    }

    void fieldWithoutColon() {
        // "data" alone appends an empty line; the event is dispatched with empty data.
        QCOMPARE(parseWhole("data\n\n"), QList<SseEvent>{msg(QString())});
        QCOMPARE(parseWhole("data\ndata\n\n"), QList<SseEvent>{msg(QStringLiteral("\n"))});
        // "event" alone sets an empty type, which dispatches as "message".
        QCOMPARE(parseWhole("event\ndata: q\n\n"), QList<SseEvent>{msg(QStringLiteral("q"))});
        // Unknown fields are ignored.
        QCOMPARE(parseWhole("foo: bar\nbaz\ndata: q\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("q"))});
    }

    void leadingSpaceRule() {
        QCOMPARE(parseWhole("data:x\n\n"), QList<SseEvent>{msg(QStringLiteral("x"))});
        QCOMPARE(parseWhole("data: x\n\n"), QList<SseEvent>{msg(QStringLiteral("x"))});
        QCOMPARE(parseWhole("data:  x \n\n"), QList<SseEvent>{msg(QStringLiteral(" x "))});
        QCOMPARE(parseWhole("data: a: b\n\n"), QList<SseEvent>{msg(QStringLiteral("a: b"))});
        QCOMPARE(parseWhole("event:  add\ndata: q\n\n"),
                 (QList<SseEvent>{{QStringLiteral(" add"), QStringLiteral("q"), QString()}}));
    }

    void eventTypeIdAndRetry() {
        SseParser p;
        const QList<SseEvent> got = p.feed(
            "event: add\nid: 7\nretry: 1500\ndata: one\n\n"
            "data: two\n\n"
            "id: 8\0x\nretry: 15x\ndata: three\n\n"
            "id\ndata: four\n\n"_qba);
        const QList<SseEvent> want{
            {QStringLiteral("add"), QStringLiteral("one"), QStringLiteral("7")},
            {QStringLiteral("message"), QStringLiteral("two"), QStringLiteral("7")},  // id persists
            {QStringLiteral("message"), QStringLiteral("three"),
             QStringLiteral("7")},                                           // NUL: ignored
            {QStringLiteral("message"), QStringLiteral("four"), QString()},  // empty id resets
        };
        QCOMPARE(got, want);
        QCOMPARE(p.retryMs(), 1500);  // "15x" is not all digits: ignored
        QCOMPARE(p.lastEventId(), QString());
    }

    void utf8SplitAcrossFeeds() {
        const QByteArray bytes = QStringLiteral("data: 18°C ≈ 64°F 😀\n\n").toUtf8();
        const QList<SseEvent> want{msg(QStringLiteral("18°C ≈ 64°F 😀"))};
        QCOMPARE(parseWhole(bytes), want);
        QCOMPARE(parseBytewise(bytes), want);
        // Invalid UTF-8 becomes U+FFFD instead of being dropped or stopping the stream.
        QCOMPARE(parseWhole("data: a\xFF"
                            "b\n\n"),
                 QList<SseEvent>{msg(QStringLiteral("a") + QChar(0xFFFD) + QStringLiteral("b"))});
    }

    // WHATWG: at end of stream an event without its terminating blank line is discarded.
    void eofDiscardsIncompleteEvent() {
        QCOMPARE(parseWhole("data: done\n\ndata: last"),
                 QList<SseEvent>{msg(QStringLiteral("done"))});
        QCOMPARE(parseWhole("data: done\n\ndata: last\n"),
                 QList<SseEvent>{msg(QStringLiteral("done"))});
        QCOMPARE(parseWhole("data: done\n\ndata: last\r"),
                 QList<SseEvent>{msg(QStringLiteral("done"))});

        // After finish() the parser starts a fresh stream: nothing of the discarded event leaks.
        SseParser p;
        QVERIFY(p.feed("event: x\ndata: partial\n").isEmpty());
        p.finish();
        QCOMPARE(p.feed("data: new\n\n"), QList<SseEvent>{msg(QStringLiteral("new"))});
    }

    void anthropicFixtureLosesItsUnterminatedLastEvent() {
        const QByteArray bytes =
            readFile(kStreams +
                     QStringLiteral("/anthropic/anthropic-claude3-opus-basic-text-with-ping.sse"));
        QVERIFY(!bytes.isEmpty());
        QVERIFY(bytes.contains("event: message_stop"));
        const QList<SseEvent> events = parseWhole(bytes);
        QVERIFY(events.size() > 5);
        QCOMPARE(events.first().event, QStringLiteral("message_start"));
        QCOMPARE(events.last().event, QStringLiteral("message_delta"));  // message_stop: discarded
    }

    // --- limits ------------------------------------------------------------------------------

    // A server that sends one line without end: the parser stops at the cap instead of growing.
    void endlessLineStopsAtTheCap() {
        SseParser p;
        QCOMPARE(p.feed("data: before\n\n"), QList<SseEvent>{msg(QStringLiteral("before"))});
        const QByteArray chunk(64 * 1024, 'x');
        QVERIFY(p.feed("data: ").isEmpty());
        int fed = 0;
        while (!p.hasFailed() && fed < 100) {  // 100 x 64 KiB = 6.25 MiB: far past 1 MiB
            QVERIFY(p.feed(chunk).isEmpty());
            ++fed;
        }
        QVERIFY(p.hasFailed());
        QCOMPARE(p.failure(), SseParser::Failure::LineTooLong);
        // "data: " and 16 chunks of 64 KiB: 6 bytes over 1 MiB.
        QCOMPARE(fed, int(SseParser::kDefaultMaxLineBytes / chunk.size()));
        QCOMPARE(p.errorString(), QStringLiteral("a line longer than 1 MiB"));
        // Failed for good: the line's end and more events change nothing.
        QVERIFY(p.feed("\n\ndata: after\n\n").isEmpty());
        QVERIFY(p.hasFailed());
        // finish() starts a new stream, which parses again.
        QVERIFY(!p.finish().has_value());
        QVERIFY(!p.hasFailed());
        QCOMPARE(p.errorString(), QString());
        QCOMPARE(p.feed("data: again\n\n"), QList<SseEvent>{msg(QStringLiteral("again"))});
    }

    // The cap counts the line without its line end; every split of the bytes agrees.
    void lineCapBoundary_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("fails");
        QTest::newRow("data at the cap") << "data: " + QByteArray(26, 'a') << false;
        QTest::newRow("data over the cap") << "data: " + QByteArray(27, 'a') << true;
        QTest::newRow("comment over the cap") << ":" + QByteArray(32, ' ') << true;
        QTest::newRow("unknown field over the cap") << QByteArray(33, 'z') << true;
    }
    void lineCapBoundary() {
        QFETCH(QByteArray, line);
        QFETCH(bool, fails);
        for (const QByteArray& end : {QByteArray("\n"), QByteArray("\r\n"), QByteArray("\r")}) {
            const QByteArray bytes = "data: 1\n\n" + line + end + end + "data: 2\n\n";
            for (const int pieceSize : {1, 3, 7, int(bytes.size())}) {
                SseParser p(32, 1000);
                QList<SseEvent> got;
                for (qsizetype at = 0; at < bytes.size(); at += pieceSize)
                    got += p.feed(bytes.mid(at, pieceSize));
                QCOMPARE(p.hasFailed(), fails);
                QList<SseEvent> want{msg(QStringLiteral("1"))};
                if (!fails) {
                    if (line.startsWith("data"))
                        want.append(msg(QString::fromLatin1(line.mid(6))));
                    want.append(msg(QStringLiteral("2")));
                }
                QCOMPARE(got, want);
                QCOMPARE(p.errorString(),
                         fails ? QStringLiteral("a line longer than 32 bytes") : QString());
            }
        }
    }

    // Many short lines that make one event over the event cap fail it; the data joined with LF
    // is what counts.
    void eventOfManyLinesOverTheCapFails() {
        // 10 lines of 9 bytes joined by 9 LFs: 99 bytes.
        QByteArray fits;
        for (int i = 0; i < 10; ++i)
            fits += "data: " + QByteArray(9, char('a' + i)) + "\n";
        {
            SseParser p(64, 99);
            const QList<SseEvent> got = p.feed(fits + "\n");
            QVERIFY(!p.hasFailed());
            QCOMPARE(got.size(), 1);
            QCOMPARE(got.first().data.size(), 99);
        }
        {
            SseParser p(64, 98);
            QVERIFY(p.feed("data: ok\n\n" + fits).size() == 1);
            QVERIFY(p.hasFailed());
            QCOMPARE(p.failure(), SseParser::Failure::EventTooLarge);
            QCOMPARE(p.errorString(), QStringLiteral("an event larger than 98 bytes"));
            QVERIFY(p.feed("\n").isEmpty());   // the blank line comes too late
            QVERIFY(!p.finish().has_value());  // and nothing is handed back as cut off
        }
        // Comment lines, the event type and ids do not count toward the event.
        {
            SseParser p(64, 10);
            QByteArray bytes = "event: " + QByteArray(50, 't') + "\n";
            for (int i = 0; i < 100; ++i)
                bytes += ": " + QByteArray(50, 'c') + "\nid: " + QByteArray(50, 'i') + "\n";
            bytes += "data: 0123456789\n\n";
            const QList<SseEvent> got = p.feed(bytes);
            QVERIFY(!p.hasFailed());
            QCOMPARE(got.size(), 1);
            QCOMPARE(got.first().data, QStringLiteral("0123456789"));
        }
    }

    // The real caps: nine data lines of almost 1 MiB each make one event over 8 MiB.
    void defaultEventCapIsEightMiB() {
        SseParser p;
        const QByteArray line =
            "data: " + QByteArray(SseParser::kDefaultMaxLineBytes - 6, 'x') + "\n";
        for (int i = 0; i < 8; ++i) {
            QVERIFY(p.feed(line).isEmpty());
            QVERIFY2(!p.hasFailed(), qPrintable(p.errorString()));
        }
        QVERIFY(p.feed(line).isEmpty());
        QVERIFY(p.hasFailed());
        QCOMPARE(p.failure(), SseParser::Failure::EventTooLarge);
        QCOMPARE(p.errorString(), QStringLiteral("an event larger than 8 MiB"));
    }

    // The OpenAI decoder (what the provider reads through) ends the stream with a protocol error
    // naming the limit, and keeps the answer that came before it.
    void openAiDecoderFailsOverTheCap() {
        OpenAiStreamDecoder d(QStringLiteral("http://127.0.0.1:9/v1/chat/completions"));
        const QList<OpenAiStreamDecoder::Delta> first = d.feed(
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"");
        QCOMPARE(first.size(), 1);
        const QByteArray chunk(256 * 1024, 'x');
        for (int i = 0; i < 5 && !d.hasFailed(); ++i)
            QVERIFY(d.feed(chunk).isEmpty());
        QVERIFY(d.hasFailed());
        QCOMPARE(d.errorCode(), QStringLiteral("protocol"));
        QVERIFY2(d.errorString().contains(QStringLiteral("a line longer than 1 MiB")),
                 qPrintable(d.errorString()));
        QVERIFY(d.errorString().contains(QStringLiteral("http://127.0.0.1:9/v1/chat/completions")));
        QVERIFY(d.errorString().contains(QStringLiteral("stopped reading")));
        QCOMPARE(d.message().content, QStringLiteral("Hel"));
        d.finish();  // the body's end does not turn the failure into another one
        QCOMPARE(d.errorCode(), QStringLiteral("protocol"));
    }

    void recordedStreamsParseTheSameAtEverySplit_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(kStreams + QStringLiteral("/openai"));
        const QStringList files = dir.entryList({QStringLiteral("*.sse")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 13);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
        const QDir anthropic(kStreams + QStringLiteral("/anthropic"));
        for (const QString& f : anthropic.entryList({QStringLiteral("*.sse")}, QDir::Files)) {
            QTest::newRow(qPrintable(f)) << anthropic.filePath(f);
        }
    }
    void recordedStreamsParseTheSameAtEverySplit() {
        QFETCH(QString, path);
        const QByteArray bytes = readFile(path);
        QVERIFY(!bytes.isEmpty());
        const QList<SseEvent> whole = parseWhole(bytes);
        QVERIFY(!whole.isEmpty());
        QCOMPARE(parseBytewise(bytes), whole);
        QRandomGenerator rng(20261121);
        for (int round = 0; round < 20; ++round)
            QCOMPARE(parseRandomCuts(bytes, &rng), whole);

        // Every data line is one event, except an unterminated last one (discarded at EOF).
        const qsizetype dataLines = bytes.count("\ndata: ") + (bytes.startsWith("data: ") ? 1 : 0);
        const bool terminated = bytes.endsWith("\n\n");
        QCOMPARE(whole.size(), dataLines - (terminated ? 0 : 1));
        for (const SseEvent& e : whole) {
            if (e.data == QLatin1String("[DONE]"))
                continue;
            QJsonParseError err{};
            QJsonDocument::fromJson(e.data.toUtf8(), &err);
            QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(e.data));
        }
        if (path.contains(QLatin1String("/openai/")) && terminated) {
            QCOMPARE(whole.last().data, QStringLiteral("[DONE]"));
        }
    }
};

QTEST_GUILESS_MAIN(TestSseParser)
#include "test_sse_parser.moc"
