#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringDecoder>

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
// - Lines end with CR LF, LF or CR.
// - Lines starting with ':' are comments. "field:value" drops one space after the colon; a line
//   without a colon is a field with an empty value. Unknown fields are ignored.
// - "id" values containing U+0000 are ignored; "retry" is stored when it is all ASCII digits.
// - A blank line dispatches the event, unless no data line was seen.
//
// At end of stream (finish()) an event that was not terminated by a blank line is DISCARDED, as
// WHATWG requires. Protocols whose servers omit the final blank line (Anthropic's fixtures do)
// must decide completion from the events they did receive, not from this parser.
class SseParser {
public:
    SseParser();

    // Parses bytes and returns the events they completed, in stream order.
    [[nodiscard]] QList<SseEvent> feed(QByteArrayView bytes);
    // End of stream: discards any incomplete line or event and resets the parser for a new stream
    // (the last event id and retry value are kept, as an EventSource keeps them across reconnects).
    void finish();

    [[nodiscard]] QString lastEventId() const { return m_lastEventId; }
    // Reconnection time in ms from the last valid "retry" field, or -1 if none was seen.
    [[nodiscard]] qint64 retryMs() const { return m_retryMs; }

private:
    void processLine(QStringView line, QList<SseEvent>* out);
    void processField(QStringView field, QStringView value);
    void dispatch(QList<SseEvent>* out);

    // ConvertInitialBom: we strip the BOM ourselves so that exactly one is removed even when its
    // three bytes arrive in separate feeds.
    QStringDecoder m_decoder;
    bool m_atStart = true;   // no text decoded yet in this stream
    bool m_afterCr = false;  // the previous line ended with CR: a following LF belongs to it
    QString m_line;          // the incomplete current line
    QString m_data;          // data buffer
    QString m_eventType;     // event type buffer
    QString m_lastEventIdBuffer;
    QString m_lastEventId;
    qint64 m_retryMs = -1;
};

}  // namespace zerg
