#pragma once

#include <QColor>
#include <QString>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

class QTextDocument;

namespace zerg {

// The languages the chat colours in code blocks: what an ops answer shows (commands, configs,
// patches). ShellSession is a terminal transcript: only lines after a prompt are commands.
enum class CodeLanguage { None, Shell, ShellSession, Json, Yaml, Ini, Diff };

// The language of a fence's info string ("bash", "YAML", "console", "toml title=x"): its first
// word, case-insensitive, with common aliases; None for anything else.
[[nodiscard]] CodeLanguage codeLanguageFromFence(const QString& fenceInfo);

// The colours of the highlighting, so the window can give light and dark ones (Theme.qml).
// The defaults are the light theme's.
struct CodePalette {
    QColor keyword{0xc0, 0x1f, 0x2b};  // shell keywords, true/false/null
    QColor string{0x0a, 0x30, 0x69};
    QColor number{0x05, 0x50, 0xae};
    QColor comment{0x57, 0x60, 0x6a};
    QColor key{0x95, 0x38, 0x00};  // JSON/YAML/INI keys, shell variables
    QColor added{0x11, 0x63, 0x29};
    QColor removed{0x82, 0x07, 0x1e};
    QColor meta{0x66, 0x39, 0xba};   // prompts, [sections], ---, list markers, diff headers
    QColor match{0xff, 0xe0, 0x66};  // the background of a search term's occurrences

    bool operator==(const CodePalette&) const = default;
};

// Colours a plain-text code block line by line (no state carries from one line to the next, so
// heredocs and multi-line strings are coloured as if each line stood alone). None colours nothing.
// Text changes are coloured as they come; a new language or palette recolours the whole document
// through an edit that changes nothing (much faster than rehighlight() on long blocks), which a
// document that keeps undo records. A document that already has text is coloured when the event
// loop runs.
class CodeHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    explicit CodeHighlighter(QTextDocument* document);

    [[nodiscard]] CodeLanguage language() const { return m_language; }
    void setLanguage(CodeLanguage language);
    [[nodiscard]] const CodePalette& palette() const { return m_palette; }
    void setPalette(const CodePalette& palette);
    // Marks the term's occurrences (ui/chat_search.h's termOccurrences: what the chat's Ctrl+F
    // counts) with the palette's match background, over any language's colours and also with
    // None (so a Markdown text's matches are marked too). Empty: nothing is marked.
    [[nodiscard]] QString searchTerm() const { return m_searchTerm; }
    void setSearchTerm(const QString& term);

protected:
    void highlightBlock(const QString& text) override;

private:
    enum Role { Keyword, String, Number, Comment, Key, Added, Removed, Meta, RoleCount };

    void updateFormats();
    void recolour();
    void mark(qsizetype start, qsizetype length, Role role);
    void colourLine(const QString& text);
    void markMatches(const QString& text);
    void shellLine(const QString& text, bool session);
    void jsonLine(const QString& text);
    void yamlLine(const QString& text);
    void yamlValue(const QString& text, qsizetype from);
    void iniLine(const QString& text);
    void diffLine(const QString& text);
    // The end of the quoted string that starts at `from` (" with backslash escapes, or '); the
    // line's end when it is not closed.
    static qsizetype quoted(const QString& text, qsizetype from);
    // A scalar that is a number (Number) or a boolean/null (Keyword); RoleCount when neither.
    static Role scalarRole(QStringView scalar);

    CodeLanguage m_language = CodeLanguage::None;
    CodePalette m_palette;
    QString m_searchTerm;
    bool m_waiting = false;  // for the first pass over a document that had text
    std::array<QTextCharFormat, RoleCount> m_formats;
};

}  // namespace zerg
