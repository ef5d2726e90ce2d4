#include "tools/mail_message.h"

#include <QRegularExpression>
#include <QUuid>

namespace zerg {

namespace mime {

QByteArray encodeHeaderText(const QString& text) {
    bool plain = true;
    for (const QChar c : text) {
        if (c.unicode() < 32 || c.unicode() > 126) {
            plain = false;
            break;
        }
    }
    // "=?" in plain text would be read as the start of an encoded word.
    if (plain && !text.contains(QLatin1String("=?")))
        return text.toLatin1();

    // "=?UTF-8?B?" + "?=" is 12 characters; 75 - 12 = 63 base64 characters carry 45 bytes, so
    // at most 45 bytes of whole characters go into one word.
    constexpr qsizetype kMaxBytes = 45;
    QList<QByteArray> words;
    QByteArray chunk;
    for (qsizetype i = 0; i < text.size(); ++i) {
        qsizetype len = (text.at(i).isHighSurrogate() && i + 1 < text.size()) ? 2 : 1;
        const QByteArray ch = text.mid(i, len).toUtf8();
        i += len - 1;
        if (chunk.size() + ch.size() > kMaxBytes) {
            words << chunk;
            chunk.clear();
        }
        chunk += ch;
    }
    if (!chunk.isEmpty())
        words << chunk;
    QByteArray out;
    for (const QByteArray& w : words) {
        if (!out.isEmpty())
            out += "\r\n ";
        out += "=?UTF-8?B?" + w.toBase64() + "?=";
    }
    return out;
}

QByteArray quotedPrintable(const QString& text) {
    QString normalized = text;
    normalized.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    normalized.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    const QList<QByteArray> lines = normalized.toUtf8().split('\n');
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    for (qsizetype l = 0; l < lines.size(); ++l) {
        const QByteArray& line = lines[l];
        QByteArray current;  // the output line being built
        for (qsizetype i = 0; i < line.size(); ++i) {
            const uchar c = uchar(line[i]);
            const bool last = i == line.size() - 1;
            QByteArray piece;
            if ((c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !last)) {
                piece = QByteArray(1, char(c));
            } else {
                piece = QByteArray("=") + hex[c >> 4] + hex[c & 15];
            }
            // 76 characters per line, the soft break's '=' included.
            if (current.size() + piece.size() > 75) {
                out += current + "=\r\n";
                current.clear();
            }
            current += piece;
        }
        out += current;
        if (l + 1 < lines.size())
            out += "\r\n";
    }
    return out;
}

bool isPlainAddress(const QString& address) {
    static const QRegularExpression re(QStringLiteral(
        R"(^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$)"));
    return address.size() <= 254 && re.match(address).hasMatch() &&
           !address.startsWith(QLatin1Char('.')) && !address.contains(QLatin1String("..")) &&
           !address.contains(QLatin1String(".@"));
}

}  // namespace mime

QString MailMessage::newMessageId(const QString& from) {
    const qsizetype at = from.lastIndexOf(QLatin1Char('@'));
    const QString domain = at > 0 ? from.mid(at + 1) : QStringLiteral("zerg.invalid");
    return QUuid::createUuid().toString(QUuid::WithoutBraces) + QLatin1Char('@') + domain;
}

QByteArray MailMessage::toBytes() const {
    // RFC 5322 date in English whatever the user's locale: "Tue, 03 Dec 2024 14:32:00 +0000".
    static const char* const days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const QDateTime utc = date.toUTC();
    const QByteArray dateText =
        QByteArray(days[utc.date().dayOfWeek() - 1]) + ", " +
        QByteArray::number(utc.date().day()).rightJustified(2, '0') + ' ' +
        months[utc.date().month() - 1] + ' ' + QByteArray::number(utc.date().year()) + ' ' +
        utc.time().toString(QStringLiteral("HH:mm:ss")).toLatin1() + " +0000";
    QByteArray out;
    out += "Date: " + dateText + "\r\n";
    out += "From: " + from.toLatin1() + "\r\n";
    out += "To: " + to.join(QStringLiteral(",\r\n ")).toLatin1() + "\r\n";
    out += "Subject: " + mime::encodeHeaderText(subject) + "\r\n";
    out += "Message-ID: <" + messageId.toLatin1() + ">\r\n";
    if (!inReplyTo.isEmpty())
        out += "In-Reply-To: <" + inReplyTo.toLatin1() + ">\r\n";
    if (!references.isEmpty())
        out += "References: <" + references.join(QStringLiteral(">\r\n <")).toLatin1() + ">\r\n";
    if (autoSubmitted)  // a machine's message: autoresponders must not answer it (RFC 3834)
        out += "Auto-Submitted: auto-generated\r\n";
    out += "MIME-Version: 1.0\r\n";
    out += "Content-Type: text/plain; charset=utf-8\r\n";
    out += "Content-Transfer-Encoding: quoted-printable\r\n";
    out += "X-Mailer: Zerg\r\n";
    out += "\r\n";
    out += mime::quotedPrintable(body);
    if (!out.endsWith("\r\n"))
        out += "\r\n";
    return out;
}

}  // namespace zerg
