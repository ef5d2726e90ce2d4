#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

// One dispatched server-sent event.
struct SseEvent {
    QString event;  // the event type; "message" when the stream gave none
    QString data;   // data lines joined with '\n'
    QString id;     // the last event id in effect when this event was dispatched

    bool operator==(const SseEvent&) const = default;
};

// Incremental text/event-stream parser following the WHATWG HTML "event stream interpretation"
// algorithm. Bytes may be fed in pieces of any size: UTF-8 sequences and CR LF pairs split across
// feed() calls are handled, so every split of the same bytes yields the same events.
//
// - One leading U+FEFF (BOM) is stripped; a second one is part of the first field name.
// - Lines end with CR LF, LF or CR, and nothing else: U+2028, U+2029 and NEL (U+0085) are text.
// - Lines starting with ':' are comments. "field:value" drops one space after the colon; a line
//   without a colon is a field with an empty value. Unknown fields are ignored.
// - "id" values containing U+0000 are ignored; "retry" is stored when it is all ASCII digits.
// - A blank line dispatches the event, unless no data line was seen.
// - Invalid UTF-8 becomes U+FFFD, as the WHATWG UTF-8 decode does.
//
// Lines are split on the raw bytes (CR and LF never occur inside a UTF-8 sequence) and decoded
// per field, which gives the same text as decoding the whole stream first and is cheaper.
//
// At end of stream (finish()) an event that was not terminated by a blank line is NOT dispatched,
// as WHATWG requires. finish() hands it back separately, so that a protocol whose servers omit the
// final blank line (Anthropic's fixtures, OpenAI-compatible servers ending in "data: [DONE]\n")
// can decide for itself what an unterminated last event means.
//
// Limits: a server could send one endless line, or an event of endless data lines, and make the
// parser grow without bound. A line longer than maxLineBytes (without its line end) or an event
// whose data (its data lines joined with LF) is longer than maxEventBytes fails the stream:
// failure() says which, errorString() says it for people, and every later feed() returns nothing
// and keeps nothing until finish() starts a new stream. Events completed before the failing line
// are still returned. Where the stream is cut into pieces makes no difference to the outcome.
class SseParser {
    Q_DECLARE_TR_FUNCTIONS(SseParser)

public:
    static constexpr qsizetype kDefaultMaxLineBytes = 1024 * 1024;
    static constexpr qsizetype kDefaultMaxEventBytes = 8 * 1024 * 1024;

    enum class Failure { None, LineTooLong, EventTooLarge };

    // The limits are for tests; streams use the defaults.
    explicit SseParser(qsizetype maxLineBytes = kDefaultMaxLineBytes,
                       qsizetype maxEventBytes = kDefaultMaxEventBytes);

    // Parses bytes and returns the events they completed, in stream order. Nothing once the
    // stream has failed.
    [[nodiscard]] QList<SseEvent> feed(QByteArrayView bytes);
    // End of stream: resets the parser for a new stream (the last event id and retry value are
    // kept, as an EventSource keeps them across reconnects; a failure is cleared). Returns the
    // event that the end of stream cut off (data seen, no blank line yet; an unterminated last
    // line counts as a line), which was not dispatched; std::nullopt when there was none or the
    // stream had failed.
    std::optional<SseEvent> finish();

    // The stream went over a limit; the caller should stop reading it (and say errorString()).
    [[nodiscard]] bool hasFailed() const { return m_failure != Failure::None; }
    [[nodiscard]] Failure failure() const { return m_failure; }
    // What the server sent, to complete a sentence like "The server at X sent %1": "a line
    // longer than 1 MiB" or "an event larger than 8 MiB". Empty when nothing failed.
    [[nodiscard]] QString errorString() const;
    [[nodiscard]] qsizetype maxLineBytes() const { return m_maxLineBytes; }
    [[nodiscard]] qsizetype maxEventBytes() const { return m_maxEventBytes; }

    [[nodiscard]] QString lastEventId() const { return m_lastEventId; }
    // Reconnection time in ms from the last valid "retry" field, or -1 if none was seen.
    [[nodiscard]] qint64 retryMs() const { return m_retryMs; }

private:
    void processLine(QByteArrayView line, QList<SseEvent>* out);
    void processField(QByteArrayView field, QByteArrayView value);
    void dispatch(QList<SseEvent>* out);
    void parse(QByteArrayView bytes, QList<SseEvent>* out);
    void fail(Failure why);

    qsizetype m_maxLineBytes;
    qsizetype m_maxEventBytes;
    Failure m_failure = Failure::None;
    QByteArray m_start;      // the first bytes of a stream, held until the BOM check is decided
    bool m_atStart = true;   // the BOM check has not been decided for this stream
    bool m_afterCr = false;  // the previous line ended with CR: a following LF belongs to it
    QByteArray m_line;       // the incomplete current line
    QByteArray m_data;       // data buffer (UTF-8): every data line followed by LF
    QByteArray m_eventType;  // event type buffer (UTF-8)
    QString m_lastEventIdBuffer;
    QString m_lastEventId;
    qint64 m_retryMs = -1;
};

}  // namespace zerg
