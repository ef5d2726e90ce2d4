#include "ui/markdown_blocks.h"

#include <QRegularExpression>
#include <QStringList>
#include <QStringView>
#include <QVariantMap>

#include <optional>

namespace zerg {
namespace {

struct Fence {
    QChar ch;
    qsizetype length = 0;
    QString info;
};

// The fence a line opens, if it is one.
std::optional<Fence> openingFence(QStringView line) {
    qsizetype i = 0;
    while (i < line.size() && i < 4 && line.at(i) == QLatin1Char(' '))
        ++i;
    if (i > 3 || i >= line.size())
        return std::nullopt;
    const QChar ch = line.at(i);
    if (ch != QLatin1Char('`') && ch != QLatin1Char('~'))
        return std::nullopt;
    qsizetype n = 0;
    while (i + n < line.size() && line.at(i + n) == ch)
        ++n;
    if (n < 3)
        return std::nullopt;
    const QString info = line.mid(i + n).toString().trimmed();
    if (ch == QLatin1Char('`') && info.contains(QLatin1Char('`')))
        return std::nullopt;  // not a fence: an inline code span
    return Fence{ch, n, info};
}

// Up to three spaces, at least as many fence characters as opened it, then only spaces.
bool closesFence(QStringView line, const Fence& fence) {
    qsizetype i = 0;
    while (i < line.size() && line.at(i) == QLatin1Char(' '))
        ++i;
    if (i > 3)
        return false;
    qsizetype n = 0;
    while (i + n < line.size() && line.at(i + n) == fence.ch)
        ++n;
    return n >= fence.length && line.mid(i + n).trimmed().isEmpty();
}

void appendText(QList<MarkdownBlock>* out, QString text) {
    if (text.trimmed().isEmpty())
        return;
    if (text.endsWith(QLatin1Char('\n')))
        text.chop(1);  // the line break before the fence
    out->append(MarkdownBlock{false, text, {}});
}

}  // namespace

QList<MarkdownBlock> splitFencedCode(const QString& markdown) {
    QList<MarkdownBlock> out;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    QString text;
    QString code;
    std::optional<Fence> open;
    for (const QString& line : lines) {
        if (open) {
            if (closesFence(line, *open)) {
                out.append(MarkdownBlock{true, code, open->info.section(QLatin1Char(' '), 0, 0)});
                code.clear();
                open.reset();
            } else {
                code += line + QLatin1Char('\n');
            }
            continue;
        }
        if (auto fence = openingFence(line)) {
            appendText(&out, text);
            text.clear();
            open = fence;
            continue;
        }
        text += line + QLatin1Char('\n');
    }
    if (open) {
        out.append(MarkdownBlock{true, code, open->info.section(QLatin1Char(' '), 0, 0)});
    } else {
        appendText(&out, text);  // without the '\n' added after the last line
    }
    for (MarkdownBlock& b : out) {
        if (b.code && b.text.endsWith(QLatin1Char('\n')))
            b.text.chop(1);
    }
    return out;
}

QVariantList blocksForQml(const QString& markdown) {
    QVariantList out;
    for (const MarkdownBlock& b : splitFencedCode(markdown)) {
        out.append(QVariantMap{{QStringLiteral("code"), b.code},
                               {QStringLiteral("text"), b.text},
                               {QStringLiteral("language"), b.language}});
    }
    return out;
}

QString speakablePreview(const QString& markdown, const QString& codeNote, int maxChars) {
    static const QRegularExpression link(QStringLiteral(R"(!?\[([^\]]*)\]\([^)]*\))"));
    // Marks inside a line go; marks that start a line (headings, quotes, list items) and table
    // rules become a space.
    static const QRegularExpression inlineMarks(QStringLiteral(R"([*`~]+)"));
    static const QRegularExpression blockMarks(
        QStringLiteral(R"(^\s{0,3}(#{1,6}|>|[-+*]|\d+[.)])\s+|^\s*[-=|: ]{3,}$|\|)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression space(QStringLiteral(R"(\s+)"));
    QStringList parts;
    for (const MarkdownBlock& block : splitFencedCode(markdown)) {
        if (block.code) {
            parts.append(codeNote);
            continue;
        }
        QString text = block.text;
        text.replace(link, QStringLiteral("\\1"));
        text.replace(blockMarks, QStringLiteral(" "));
        text.replace(inlineMarks, QString());
        parts.append(text);
    }
    QString plain = parts.join(QLatin1Char(' ')).replace(space, QStringLiteral(" ")).trimmed();
    if (plain.size() > maxChars) {
        const qsizetype cut = plain.lastIndexOf(QLatin1Char(' '), maxChars);
        plain = plain.left(cut > maxChars / 2 ? cut : maxChars) + QStringLiteral("…");
    }
    return plain;
}

}  // namespace zerg
