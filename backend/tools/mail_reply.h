#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace zerg {

// What a person's reply says, in short.
enum class ReplyIntent { Allow, Deny, Text };

// An e-mail a person sent in reply to one of Zerg's (issue 27), parsed from its RFC 5322 bytes
// as IMAP gives them: who sent it, which message it answers, what is new in it.
struct MailReply {
    QString from;            // the bare address of From, lower case
    QString messageId;       // without angle brackets
    QString inReplyTo;       // the first id of In-Reply-To, without angle brackets
    QStringList references;  // the ids of References, in order
    QString subject;         // decoded
    // The new text: the text/plain body (or the text of text/html) decoded, quotes and the
    // signature left out, trimmed.
    QString text;
    // Authentication-Results (RFC 8601) as the receiving server wrote them, per method ("pass",
    // "fail", ...); empty when not named.
    QString dkim;
    QString spf;
    QString dmarc;
    // An autoresponder's (Auto-Submitted other than "no", Precedence bulk/junk/list,
    // X-Autoreply, X-Autorespond).
    bool autoReply = false;

    // inReplyTo first, then references from last to first, without duplicates.
    [[nodiscard]] QStringList referredIds() const;
    // Allow or Deny when the text is a few words (at most 6) that start with a yes or a no word
    // (yes, y, allow, approve, ok, okay, ja, erlauben / no, n, deny, reject, nein, ablehnen);
    // Text otherwise, and for a question ("ok but why?").
    [[nodiscard]] ReplyIntent intent() const;

    // Error "invalid_mail" when there are no headers or no From.
    [[nodiscard]] static Result<MailReply> parse(const QByteArray& raw);
};

namespace mime {
// A header value with its RFC 2047 encoded words decoded.
[[nodiscard]] QString decodeHeaderText(const QByteArray& value);
// The new text of a plain-text reply: without quoted lines, the attribution line above them
// and all after it, and without the signature ("-- " and after).
[[nodiscard]] QString stripQuotesAndSignature(const QString& text);
}  // namespace mime

}  // namespace zerg
