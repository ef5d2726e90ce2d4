#include "tools/mail_reply.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringDecoder>

namespace zerg {
namespace {

constexpr int kMaxDepth = 5;

struct Part {
    QHash<QByteArray, QByteArray> headers;  // lower-case names; unfolded; first of repeated
    QList<QByteArray> authResults;          // every Authentication-Results
    QByteArray body;
    bool hasHeaders = false;
};

// Splits headers from body (CRLF or LF line ends) and unfolds the headers.
Part splitPart(const QByteArray& raw) {
    Part p;
    QByteArray text = raw;
    text.replace("\r\n", "\n");
    qsizetype end = text.indexOf("\n\n");
    QByteArray head;
    if (end < 0) {
        head = text;
        end = text.size();
    } else {
        head = text.left(end);
        p.body = text.mid(end + 2);
    }
    QByteArray name;
    QByteArray value;
    const auto flush = [&] {
        if (name.isEmpty())
            return;
        p.hasHeaders = true;
        if (name == "authentication-results")
            p.authResults.append(value.trimmed());
        if (!p.headers.contains(name))
            p.headers.insert(name, value.trimmed());
        name.clear();
        value.clear();
    };
    for (const QByteArray& line : head.split('\n')) {
        if (!line.isEmpty() && (line.at(0) == ' ' || line.at(0) == '\t')) {
            value += ' ' + line.trimmed();
            continue;
        }
        flush();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        name = line.left(colon).trimmed().toLower();
        value = line.mid(colon + 1);
    }
    flush();
    return p;
}

// A parameter of a header value: charset=, boundary= (quoted or not).
QByteArray parameter(const QByteArray& value, const QByteArray& name) {
    static const QRegularExpression re(
        QStringLiteral("(?:^|;)\\s*([A-Za-z0-9_*-]+)\\s*=\\s*(\"([^\"]*)\"|[^;\\s]+)"));
    auto it = re.globalMatch(QString::fromLatin1(value));
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.captured(1).toLower().toLatin1() == name)
            return (m.captured(3).isNull() ? m.captured(2) : m.captured(3)).toLatin1();
    }
    return {};
}

QString decodeCharset(const QByteArray& bytes, const QByteArray& charset) {
    const QByteArray cs = charset.trimmed().toLower();
    if (!cs.isEmpty() && cs != "utf-8" && cs != "utf8" && cs != "us-ascii") {
        QStringDecoder decoder(cs.constData());
        if (decoder.isValid()) {
            const QString out = decoder(bytes);
            if (!decoder.hasError())
                return out;
        }
    }
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString out = utf8(bytes);
    return utf8.hasError() ? QString::fromLatin1(bytes) : out;
}

QByteArray fromQuotedPrintable(const QByteArray& in, bool header) {
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in.at(i);
        if (header && c == '_') {
            out += ' ';
        } else if (c == '=') {
            if (i + 1 < in.size() && in.at(i + 1) == '\n') {  // soft line break
                i += 1;
            } else if (i + 2 < in.size() && in.at(i + 1) == '\r' && in.at(i + 2) == '\n') {
                i += 2;
            } else if (i + 2 < in.size()) {
                bool ok = false;
                const int v = in.mid(i + 1, 2).toInt(&ok, 16);
                if (ok) {
                    out += char(v);
                    i += 2;
                } else {
                    out += c;
                }
            } else {
                out += c;
            }
        } else {
            out += c;
        }
    }
    return out;
}

QByteArray decodeTransfer(const QByteArray& body, const QByteArray& encoding) {
    const QByteArray e = encoding.trimmed().toLower();
    if (e == "base64")
        return QByteArray::fromBase64(body);
    if (e == "quoted-printable")
        return fromQuotedPrintable(body, false);
    return body;
}

QString htmlToText(QString html) {
    static const QRegularExpression drop(
        QStringLiteral("<(script|style)[^>]*>.*?</\\1>"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression breaks(QStringLiteral("<(br|/p|/div|/li|/tr)[^>]*>"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression quote(
        QStringLiteral("<blockquote[^>]*>.*</blockquote>"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    html.remove(drop);
    html.remove(quote);
    html.replace(breaks, QStringLiteral("\n"));
    html.remove(tags);
    html.replace(QStringLiteral("&nbsp;"), QStringLiteral(" "))
        .replace(QStringLiteral("&lt;"), QStringLiteral("<"))
        .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
        .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
        .replace(QStringLiteral("&#39;"), QStringLiteral("'"))
        .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return html;
}

// The first text/plain part (else the first text/html one, as text) of a part.
std::optional<QString> textOf(const Part& part, int depth) {
    const QByteArray type = part.headers.value("content-type");
    const QByteArray mime = type.split(';').value(0).trimmed().toLower();
    if (mime.startsWith("multipart/")) {
        if (depth >= kMaxDepth)
            return std::nullopt;
        const QByteArray boundary = parameter(type, "boundary");
        if (boundary.isEmpty())
            return std::nullopt;
        const QByteArray delimiter = "--" + boundary;
        QList<Part> parts;
        qsizetype pos = part.body.indexOf(delimiter);
        while (pos >= 0) {
            qsizetype start = pos + delimiter.size();
            if (part.body.mid(start, 2) == "--")
                break;  // the closing delimiter
            const qsizetype lineEnd = part.body.indexOf('\n', start);
            if (lineEnd < 0)
                break;
            start = lineEnd + 1;
            qsizetype next = part.body.indexOf("\n" + delimiter, start);
            const QByteArray chunk =
                next < 0 ? part.body.mid(start) : part.body.mid(start, next - start);
            parts.append(splitPart(chunk));
            pos = next < 0 ? -1 : next + 1;
        }
        std::optional<QString> html;
        for (const Part& p : std::as_const(parts)) {
            const QByteArray t =
                p.headers.value("content-type").split(';').value(0).trimmed().toLower();
            if (t == "text/html") {
                if (!html)
                    html = textOf(p, depth + 1);
                continue;
            }
            if (t.isEmpty() || t == "text/plain" || t.startsWith("multipart/")) {
                // A text part is the answer; a multipart one only when it held some text.
                if (const auto text = textOf(p, depth + 1);
                    text && (!t.startsWith("multipart/") || !text->isEmpty()))
                    return text;
            }
        }
        return html;
    }
    if (!mime.isEmpty() && mime != "text/plain" && mime != "text/html")
        return std::nullopt;
    const QByteArray bytes =
        decodeTransfer(part.body, part.headers.value("content-transfer-encoding"));
    const QString text = decodeCharset(bytes, parameter(type, "charset"));
    return mime == "text/html" ? htmlToText(text) : text;
}

QStringList ids(const QByteArray& value) {
    QStringList out;
    static const QRegularExpression re(QStringLiteral("<([^<>\\s]+)>"));
    auto it = re.globalMatch(QString::fromLatin1(value));
    while (it.hasNext())
        out.append(it.next().captured(1));
    return out;
}

QString address(const QByteArray& value) {
    const QString v = mime::decodeHeaderText(value);
    const qsizetype open = v.lastIndexOf(u'<');
    const qsizetype close = v.lastIndexOf(u'>');
    const QString a = open >= 0 && close > open ? v.mid(open + 1, close - open - 1) : v;
    return a.trimmed().toLower();
}

// A header value without its RFC 5322 comments "(...)" (nested, quoted pairs and quoted strings
// respected). A comment is no result: Gmail writes "arc=pass (i=1 spf=pass ... dmarc=pass ...)"
// before its own spf= and dmarc=, and those claims come from whoever sealed the message.
QByteArray withoutComments(const QByteArray& value) {
    QByteArray out;
    out.reserve(value.size());
    int depth = 0;
    bool quoted = false;
    for (qsizetype i = 0; i < value.size(); ++i) {
        const char c = value.at(i);
        if (c == '\\' && i + 1 < value.size()) {  // a quoted pair: the next character is literal
            if (depth == 0)
                out += value.mid(i, 2);
            ++i;
        } else if (quoted) {
            out += c;
            quoted = c != '"';
        } else if (c == '"' && depth == 0) {
            out += c;
            quoted = true;
        } else if (c == '(') {
            if (depth == 0)
                out += ' ';  // "pass(comment)spf=..." keeps its words apart
            ++depth;
        } else if (c == ')' && depth > 0) {
            --depth;
        } else if (depth == 0) {
            out += c;
        }
    }
    return out;
}

QString authResult(const QList<QByteArray>& headers, const char* method) {
    const QRegularExpression re(
        QStringLiteral("(?:^|[;\\s])%1\\s*=\\s*([A-Za-z]+)").arg(QLatin1String(method)),
        QRegularExpression::CaseInsensitiveOption);
    for (const QByteArray& h : headers) {
        const auto m = re.match(QString::fromLatin1(withoutComments(h)));
        if (m.hasMatch())
            return m.captured(1).toLower();
    }
    return {};
}

}  // namespace

namespace mime {

QString decodeHeaderText(const QByteArray& value) {
    // The whitespace after a word belongs to it only when another encoded word follows (RFC 2047
    // 6.2); before plain text, or a bare "=?", it stays.
    static const QRegularExpression word(QStringLiteral(
        "=\\?([^?]+)\\?([BbQq])\\?([^?]*)\\?=(\\s+(?==\\?[^?]+\\?[BbQq]\\?[^?]*\\?=))?"));
    const QString text = QString::fromLatin1(value);
    QString out;
    // Adjacent words of one charset are decoded together: some mailers split a UTF-8 sequence
    // between two words, which RFC 2047 forbids but which each word alone would turn into U+FFFD.
    QByteArray pending;
    QByteArray pendingCharset;
    const auto flush = [&] {
        if (!pending.isEmpty())
            out += decodeCharset(pending, pendingCharset);
        pending.clear();
        pendingCharset.clear();
    };
    qsizetype last = 0;
    auto it = word.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        QByteArray charset = m.captured(1).toLatin1().toLower();
        if (const qsizetype star = charset.indexOf('*'); star >= 0)  // RFC 2231 language
            charset.truncate(star);
        if (m.capturedStart() != last || charset != pendingCharset) {
            flush();
            // Plain text between words: raw 8-bit bytes are UTF-8 (RFC 6532), else Latin-1.
            out += decodeCharset(text.mid(last, m.capturedStart() - last).toLatin1(), {});
        }
        const QByteArray data = m.captured(3).toLatin1();
        pending += m.captured(2).toUpper() == QLatin1String("B") ? QByteArray::fromBase64(data)
                                                                 : fromQuotedPrintable(data, true);
        pendingCharset = charset;
        last = m.capturedEnd();
    }
    flush();
    out += decodeCharset(text.mid(last).toLatin1(), {});
    return out;
}

QString stripQuotesAndSignature(const QString& text) {
    static const QRegularExpression attribution(
        QStringLiteral(
            "^(On\\s.+wrote:|Am\\s.+schrieb.*:|Le\\s.+a écrit\\s?:|"
            "-{2,}\\s*Original Message\\s*-{2,}|-{2,}\\s*Ursprüngliche Nachricht\\s*-{2,}|"
            "_{10,})\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList kept;
    const QStringList lines =
        QString(text).replace(QStringLiteral("\r\n"), QStringLiteral("\n")).split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines.at(i);
        if (line == QLatin1String("-- ") || line == QLatin1String("--"))
            break;  // the signature
        if (attribution.match(line.trimmed()).hasMatch())
            break;
        // An attribution wrapped over two lines: "On ..., Zerg <z@x>" / "wrote:".
        if (i + 1 < lines.size() && line.trimmed().startsWith(QLatin1String("On ")) &&
            lines.at(i + 1).trimmed().endsWith(QLatin1String("wrote:"))) {
            break;
        }
        if (line.startsWith(u'>'))
            continue;
        kept.append(line);
    }
    while (!kept.isEmpty() && kept.constFirst().trimmed().isEmpty())
        kept.removeFirst();
    while (!kept.isEmpty() && kept.constLast().trimmed().isEmpty())
        kept.removeLast();
    return kept.join(u'\n').trimmed();
}

}  // namespace mime

QStringList MailReply::referredIds() const {
    QStringList out;
    if (!inReplyTo.isEmpty())
        out.append(inReplyTo);
    for (qsizetype i = references.size() - 1; i >= 0; --i) {
        if (!out.contains(references.at(i)))
            out.append(references.at(i));
    }
    return out;
}

ReplyIntent MailReply::intent() const {
    static const QStringList yes{"yes", "y",    "allow", "approve",  "approved",
                                 "ok",  "okay", "ja",    "erlauben", "genehmigt"};
    static const QStringList no{"no",     "n",    "deny",     "denied",
                                "reject", "nein", "ablehnen", "abgelehnt"};
    const QStringList words = text.simplified().split(u' ', Qt::SkipEmptyParts);
    // A question ("ok but why?") is not an answer, however short.
    if (words.isEmpty() || words.size() > 6 || text.contains(u'?'))
        return ReplyIntent::Text;
    QString first = words.constFirst().toLower();
    while (!first.isEmpty() && !first.back().isLetter())
        first.chop(1);
    if (yes.contains(first))
        return ReplyIntent::Allow;
    if (no.contains(first))
        return ReplyIntent::Deny;
    return ReplyIntent::Text;
}

Result<MailReply> MailReply::parse(const QByteArray& raw) {
    const Part top = splitPart(raw);
    if (!top.hasHeaders) {
        return Error{QStringLiteral("invalid_mail"),
                     QStringLiteral("The message has no headers; it is not an e-mail.")};
    }
    MailReply r;
    r.from = address(top.headers.value("from"));
    if (r.from.isEmpty() || !r.from.contains(u'@')) {
        return Error{QStringLiteral("invalid_mail"),
                     QStringLiteral("The message names no sender (From).")};
    }
    r.messageId = ids(top.headers.value("message-id")).value(0);
    r.inReplyTo = ids(top.headers.value("in-reply-to")).value(0);
    r.references = ids(top.headers.value("references"));
    r.subject = mime::decodeHeaderText(top.headers.value("subject")).simplified();
    r.dkim = authResult(top.authResults, "dkim");
    r.spf = authResult(top.authResults, "spf");
    r.dmarc = authResult(top.authResults, "dmarc");
    const QByteArray autoSubmitted = top.headers.value("auto-submitted").trimmed().toLower();
    const QByteArray precedence = top.headers.value("precedence").trimmed().toLower();
    r.autoReply = (!autoSubmitted.isEmpty() && autoSubmitted != "no") || precedence == "bulk" ||
                  precedence == "junk" || precedence == "list" ||
                  top.headers.contains("x-autoreply") || top.headers.contains("x-autorespond");
    r.text = mime::stripQuotesAndSignature(textOf(top, 0).value_or(QString()));
    return r;
}

}  // namespace zerg
