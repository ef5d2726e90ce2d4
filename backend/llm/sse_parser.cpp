#include "llm/sse_parser.h"

namespace zerg {

SseParser::SseParser() : m_decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom) {}

QList<SseEvent> SseParser::feed(QByteArrayView bytes) {
    QList<SseEvent> out;
    QString text = m_decoder.decode(bytes);
    if (text.isEmpty())
        return out;
    qsizetype start = 0;
    if (m_atStart) {
        m_atStart = false;
        if (text.front() == QChar(0xFEFF))
            start = 1;
    }
    const QStringView view(text);
    for (qsizetype i = start; i < view.size(); ++i) {
        const QChar c = view[i];
        if (m_afterCr) {
            m_afterCr = false;
            if (c == u'\n') {  // second half of a CR LF whose CR ended the previous line
                start = i + 1;
                continue;
            }
        }
        if (c != u'\r' && c != u'\n')
            continue;
        if (m_line.isEmpty()) {
            processLine(view.sliced(start, i - start), &out);
        } else {
            m_line.append(view.sliced(start, i - start));
            processLine(m_line, &out);
            m_line.clear();
        }
        m_afterCr = c == u'\r';
        start = i + 1;
    }
    m_line.append(view.sliced(start));
    return out;
}

void SseParser::finish() {
    m_decoder.resetState();
    m_atStart = true;
    m_afterCr = false;
    m_line.clear();
    m_data.clear();
    m_eventType.clear();
}

void SseParser::processLine(QStringView line, QList<SseEvent>* out) {
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.front() == u':')
        return;  // comment
    const qsizetype colon = line.indexOf(u':');
    if (colon < 0) {
        processField(line, {});
        return;
    }
    QStringView value = line.sliced(colon + 1);
    if (value.startsWith(u' '))
        value = value.sliced(1);
    processField(line.first(colon), value);
}

void SseParser::processField(QStringView field, QStringView value) {
    if (field == u"event") {
        m_eventType = value.toString();
    } else if (field == u"data") {
        m_data.append(value);
        m_data.append(u'\n');
    } else if (field == u"id") {
        if (!value.contains(QChar(0)))
            m_lastEventIdBuffer = value.toString();
    } else if (field == u"retry") {
        bool allDigits = !value.isEmpty();
        for (QChar c : value)
            allDigits = allDigits && c >= u'0' && c <= u'9';
        bool ok = false;
        const qint64 ms = value.toLongLong(&ok);
        if (allDigits && ok)
            m_retryMs = ms;
    }
}

void SseParser::dispatch(QList<SseEvent>* out) {
    m_lastEventId = m_lastEventIdBuffer;
    if (m_data.isEmpty()) {
        m_eventType.clear();
        return;
    }
    m_data.chop(1);  // the '\n' appended after the last data line
    out->append(
        {m_eventType.isEmpty() ? QStringLiteral("message") : m_eventType, m_data, m_lastEventId});
    m_data.clear();
    m_eventType.clear();
}

}  // namespace zerg
