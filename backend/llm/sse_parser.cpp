#include "llm/sse_parser.h"

#include <QStringDecoder>

#include <cstring>

namespace zerg {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";
constexpr qsizetype kBomSize = 3;

// UTF-8 to text, keeping a U+FEFF at the start: only the stream's first BOM is special, and that
// one is already gone. (QString::fromUtf8 would drop a leading BOM of every field.)
QString decodeUtf8(QByteArrayView bytes) {
    if (!bytes.startsWith(QByteArrayView(kBom, kBomSize)))
        return QString::fromUtf8(bytes);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(bytes);
}

// "1 MiB", "64 KiB", "100 bytes": a limit as people read it.
QString sizeText(qsizetype bytes) {
    constexpr qsizetype kKiB = 1024;
    constexpr qsizetype kMiB = 1024 * kKiB;
    if (bytes >= kMiB && bytes % kMiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / kMiB);
    if (bytes >= kKiB && bytes % kKiB == 0)
        return QStringLiteral("%1 KiB").arg(bytes / kKiB);
    return QStringLiteral("%1 bytes").arg(bytes);
}

}  // namespace

SseParser::SseParser(qsizetype maxLineBytes, qsizetype maxEventBytes)
    : m_maxLineBytes(qMax<qsizetype>(1, maxLineBytes)),
      m_maxEventBytes(qMax<qsizetype>(1, maxEventBytes)) {}

QString SseParser::errorString() const {
    switch (m_failure) {
        case Failure::None:
            break;
        case Failure::LineTooLong:
            return tr("a line longer than %1").arg(sizeText(m_maxLineBytes));
        case Failure::EventTooLarge:
            return tr("an event larger than %1").arg(sizeText(m_maxEventBytes));
    }
    return {};
}

void SseParser::fail(Failure why) {
    m_failure = why;
    // Nothing of the stream is kept: the caller stops reading it.
    m_start.clear();
    m_line.clear();
    m_data.clear();
    m_eventType.clear();
}

QList<SseEvent> SseParser::feed(QByteArrayView bytes) {
    QList<SseEvent> out;
    if (hasFailed())
        return out;
    if (!m_atStart) {
        parse(bytes, &out);
        return out;
    }
    // Exactly one leading BOM is stripped, even when its three bytes arrive in separate feeds.
    m_start.append(bytes);
    const QByteArrayView bom(kBom, kBomSize);
    if (m_start.size() < kBomSize && bom.startsWith(m_start))
        return out;  // could still become a BOM
    m_atStart = false;
    const QByteArray start = std::exchange(m_start, {});
    parse(QByteArrayView(start).startsWith(bom) ? QByteArrayView(start).sliced(kBomSize)
                                                : QByteArrayView(start),
          &out);
    return out;
}

void SseParser::parse(QByteArrayView bytes, QList<SseEvent>* out) {
    const char* const begin = bytes.data();
    const char* const end = begin + bytes.size();
    const char* p = begin;
    if (m_afterCr && p < end) {
        m_afterCr = false;
        if (*p == '\n')  // second half of a CR LF whose CR ended the previous read's last line
            ++p;
    }
    // CR is rare on the wire: find it once and again only after passing it.
    const char* cr =
        p < end ? static_cast<const char*>(std::memchr(p, '\r', size_t(end - p))) : nullptr;
    while (p < end) {
        const char* lf = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        const char* eol = lf;
        if (cr && (!lf || cr < lf))
            eol = cr;
        if (!eol)
            break;
        const QByteArrayView piece(p, eol - p);
        if (m_line.size() + piece.size() > m_maxLineBytes) {
            fail(Failure::LineTooLong);
            return;
        }
        if (m_line.isEmpty()) {
            processLine(piece, out);
        } else {
            m_line.append(piece);
            processLine(m_line, out);
            m_line.clear();
        }
        if (hasFailed())
            return;
        p = eol + 1;
        if (eol == cr) {
            if (p == end) {
                m_afterCr = true;
            } else if (*p == '\n') {
                ++p;
            }
            cr =
                p < end ? static_cast<const char*>(std::memchr(p, '\r', size_t(end - p))) : nullptr;
        }
    }
    if (p < end) {
        // The line is not complete yet, and already too long: no need to wait for its end.
        if (m_line.size() + (end - p) > m_maxLineBytes) {
            fail(Failure::LineTooLong);
            return;
        }
        m_line.append(QByteArrayView(p, end - p));
    }
}

std::optional<SseEvent> SseParser::finish() {
    std::optional<SseEvent> cutOff;
    if (!hasFailed()) {
        // A stream shorter than a BOM never left the start state.
        if (m_atStart && !m_start.isEmpty()) {
            m_atStart = false;
            QList<SseEvent> ignored;
            parse(std::exchange(m_start, {}), &ignored);
            Q_ASSERT(ignored.isEmpty());  // fewer than three bytes cannot complete an event
        }
        if (!m_line.isEmpty()) {
            QList<SseEvent> ignored;
            processLine(std::exchange(m_line, {}), &ignored);  // a non-empty line never dispatches
        }
    }
    if (!m_data.isEmpty() && !hasFailed()) {
        m_data.chop(1);
        cutOff =
            SseEvent{m_eventType.isEmpty() ? QStringLiteral("message") : decodeUtf8(m_eventType),
                     decodeUtf8(m_data), m_lastEventIdBuffer};
    }
    m_start.clear();
    m_atStart = true;
    m_afterCr = false;
    m_line.clear();
    m_data.clear();
    m_eventType.clear();
    m_failure = Failure::None;
    // The id of an event that was never dispatched does not become the last event id.
    m_lastEventIdBuffer = m_lastEventId;
    return cutOff;
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent>* out) {
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.front() == ':')
        return;  // comment
    const qsizetype colon = line.indexOf(':');
    if (colon < 0) {
        processField(line, {});
        return;
    }
    QByteArrayView value = line.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);
    processField(line.first(colon), value);
}

void SseParser::processField(QByteArrayView field, QByteArrayView value) {
    if (field == "data") {
        // m_data holds the earlier data lines, each followed by its LF: with this value, the
        // event's data (its lines joined with LF) is m_data.size() + value.size() bytes.
        if (m_data.size() + value.size() > m_maxEventBytes) {
            fail(Failure::EventTooLarge);
            return;
        }
        m_data.append(value);
        m_data.append('\n');
    } else if (field == "event") {
        m_eventType = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastEventIdBuffer = decodeUtf8(value);
    } else if (field == "retry") {
        bool allDigits = !value.isEmpty();
        for (char c : value)
            allDigits = allDigits && c >= '0' && c <= '9';
        bool ok = false;
        const qint64 ms = allDigits ? value.toLongLong(&ok) : -1;
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
    m_data.chop(1);  // the LF appended after the last data line
    out->append({m_eventType.isEmpty() ? QStringLiteral("message") : decodeUtf8(m_eventType),
                 decodeUtf8(m_data), m_lastEventId});
    m_data.clear();
    m_eventType.clear();
}

}  // namespace zerg
