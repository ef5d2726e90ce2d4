#pragma once

#include <QList>
#include <QString>
#include <QVariantList>

namespace zerg {

// A message cut at its fenced code blocks, so the chat can draw each code block apart (monospace,
// with a Copy button) and the rest as Markdown.
struct MarkdownBlock {
    bool code = false;
    QString text;      // Markdown, or the code without its fences
    QString language;  // the fence's info string's first word ("bash"); empty when none
};

// CommonMark fences: a line of three or more ` or ~ indented by at most three spaces opens a
// block, and a line of at least as many of the same character (and nothing else) closes it. An
// unclosed fence runs to the end, as CommonMark says. Text blocks that are only blank lines are
// dropped.
[[nodiscard]] QList<MarkdownBlock> splitFencedCode(const QString& markdown);

// What a screen reader should say of an answer: its words without Markdown's marks (headings,
// emphasis, code spans, link targets, table rules), each code block as codeNote, whitespace
// collapsed, cut after about maxChars at a word's end with "…".
[[nodiscard]] QString speakablePreview(const QString& markdown, const QString& codeNote,
                                       int maxChars = 300);

// The same as a list of {code, text, language} maps, for QML.
[[nodiscard]] QVariantList blocksForQml(const QString& markdown);

}  // namespace zerg
