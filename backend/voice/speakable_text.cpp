#include "voice/speakable_text.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace zerg {
namespace {

// The spoken sentences' translation context.
class SpeakableText {
    Q_DECLARE_TR_FUNCTIONS(SpeakableText)
};

bool endsSentence(const QString& text) {
    static const QString kEnds = QStringLiteral(".!?:;…");
    return !text.isEmpty() && kEnds.contains(text.back());
}

// Inline Markdown made into words.
QString inlineWords(QString s) {
    static const QRegularExpression image(QStringLiteral(R"(!\[([^\]]*)\]\([^)]*\))"));
    static const QRegularExpression link(QStringLiteral(R"(\[([^\]]+)\]\([^)]*\))"));
    static const QRegularExpression autolink(QStringLiteral(R"(<(https?://[^>\s]+)>)"));
    static const QRegularExpression url(QStringLiteral(R"(\bhttps?://[^\s)]+)"));
    static const QRegularExpression tag(QStringLiteral(R"(</?[A-Za-z][^>]*>)"));
    static const QRegularExpression code(QStringLiteral(R"(`+([^`]*)`+)"));
    static const QRegularExpression strong(QStringLiteral(R"((\*\*|__)(.+?)\1)"));
    static const QRegularExpression em(
        QStringLiteral(R"((?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*]))"));
    static const QRegularExpression strike(QStringLiteral(R"(~~(.+?)~~)"));
    s.replace(image, QStringLiteral("\\1"));
    s.replace(link, QStringLiteral("\\1"));
    s.replace(autolink, SpeakableText::tr("a link"));
    s.replace(url, SpeakableText::tr("a link"));
    s.replace(tag, QString());
    s.replace(code, QStringLiteral("\\1"));
    s.replace(strong, QStringLiteral("\\2"));
    s.replace(em, QStringLiteral("\\2"));
    s.replace(strike, QStringLiteral("\\1"));
    return s.simplified();
}

}  // namespace

QString speakableText(const QString& markdown) {
    static const QRegularExpression fence(QStringLiteral(R"(^\s{0,3}(`{3,}|~{3,}))"));
    static const QRegularExpression heading(QStringLiteral(R"(^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$)"));
    static const QRegularExpression bullet(QStringLiteral(R"(^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$)"));
    static const QRegularExpression rule(QStringLiteral(R"(^\s{0,3}([-*_])(\s*\1){2,}\s*$)"));
    static const QRegularExpression quote(QStringLiteral(R"(^\s{0,3}>\s?)"));
    static const QRegularExpression tableRow(QStringLiteral(R"(^\s*\|)"));

    QStringList spoken;
    QString paragraph;
    const auto endParagraph = [&] {
        QString words = inlineWords(paragraph);
        paragraph.clear();
        if (words.isEmpty())
            return;
        if (!endsSentence(words))
            words += QLatin1Char('.');
        spoken.append(words);
    };
    const auto sentence = [&](const QString& text) {
        endParagraph();
        QString words = inlineWords(text);
        if (words.isEmpty())
            return;
        if (!endsSentence(words))
            words += QLatin1Char('.');
        spoken.append(words);
    };
    bool saidCode = false;
    bool saidTable = false;
    QString inFence;  // the fence that opened the code block being skipped, or ""
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch f = fence.match(line);
        if (!inFence.isEmpty()) {
            if (f.hasMatch() && f.captured(1).startsWith(inFence))
                inFence.clear();
            continue;
        }
        if (f.hasMatch()) {
            inFence = f.captured(1);
            if (!saidCode) {
                sentence(SpeakableText::tr("I put the command in the chat."));
                saidCode = true;
            }
            continue;
        }
        if (tableRow.match(line).hasMatch()) {
            if (!saidTable) {
                sentence(SpeakableText::tr("I put a table in the chat."));
                saidTable = true;
            }
            continue;
        }
        QString text = line;
        text.remove(quote);
        if (text.trimmed().isEmpty() || rule.match(text).hasMatch()) {
            endParagraph();
            continue;
        }
        if (const QRegularExpressionMatch h = heading.match(text); h.hasMatch()) {
            sentence(h.captured(1));
        } else if (const QRegularExpressionMatch b = bullet.match(text); b.hasMatch()) {
            sentence(b.captured(1));
        } else {
            paragraph += QLatin1Char(' ') + text;
        }
    }
    endParagraph();
    return spoken.join(QLatin1Char(' '));
}

}  // namespace zerg
