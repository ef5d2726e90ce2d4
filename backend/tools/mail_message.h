#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

namespace zerg {

// A plain-text e-mail, formatted per RFC 5322 with MIME (RFC 2045/2047): UTF-8 throughout,
// non-ASCII header text as encoded words, the body quoted-printable so it survives any relay.
struct MailMessage {
    QString from;       // bare address
    QStringList to;     // bare addresses
    QString subject;    // one line
    QString body;       // any line ends; sent with CRLF
    QDateTime date;     // the Date header
    QString messageId;  // without angle brackets, e.g. "uuid@example.org"
    // A reply: the message it answers, and the thread's ids (both without angle brackets).
    QString inReplyTo;
    QStringList references;
    bool autoSubmitted = false;  // Zerg's own alerts and answers: "Auto-Submitted: auto-generated"

    // The whole message: headers, blank line, body; CRLF line ends.
    [[nodiscard]] QByteArray toBytes() const;

    // A new id "<uuid>@<domain of from>" (or "@zerg.invalid" when from has no domain).
    [[nodiscard]] static QString newMessageId(const QString& from);
};

namespace mime {

// Header text as is when it is printable ASCII, else RFC 2047 "=?UTF-8?B?...?=" words of at most
// 75 characters each, split between characters (never inside a UTF-8 sequence), joined by
// folding whitespace (CRLF SP).
[[nodiscard]] QByteArray encodeHeaderText(const QString& text);
// Quoted-printable (RFC 2045 6.7) of UTF-8 text: CRLF hard line breaks, lines of at most 76
// characters with soft breaks, trailing spaces encoded.
[[nodiscard]] QByteArray quotedPrintable(const QString& text);
// A plain address "local@domain" without display name, spaces, angle brackets or line breaks.
[[nodiscard]] bool isPlainAddress(const QString& address);

}  // namespace mime

}  // namespace zerg
