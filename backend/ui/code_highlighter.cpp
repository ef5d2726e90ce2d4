#include "ui/code_highlighter.h"
#include "ui/chat_search.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringView>
#include <QTextCursor>
#include <QTextDocument>

namespace zerg {
namespace {

using RE = QRegularExpression;

qsizetype skipSpaces(const QString& text, qsizetype pos) {
    while (pos < text.size() && text.at(pos).isSpace())
        ++pos;
    return pos;
}

// The first '#' (or ';' too when semicolons) after `from` that starts a comment: it follows
// whitespace and is not the value's first character (`color=#fff` is a value). -1 when none.
qsizetype trailingComment(const QString& text, qsizetype from, bool semicolons) {
    for (qsizetype i = from + 1; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if ((c == QLatin1Char('#') || (semicolons && c == QLatin1Char(';'))) &&
            text.at(i - 1).isSpace())
            return i;
    }
    return -1;
}

}  // namespace

CodeLanguage codeLanguageFromFence(const QString& fenceInfo) {
    static const QHash<QString, CodeLanguage> names = {
        {QStringLiteral("sh"), CodeLanguage::Shell},
        {QStringLiteral("bash"), CodeLanguage::Shell},
        {QStringLiteral("zsh"), CodeLanguage::Shell},
        {QStringLiteral("ksh"), CodeLanguage::Shell},
        {QStringLiteral("dash"), CodeLanguage::Shell},
        {QStringLiteral("ash"), CodeLanguage::Shell},
        {QStringLiteral("shell"), CodeLanguage::Shell},
        {QStringLiteral("shellscript"), CodeLanguage::Shell},
        {QStringLiteral("console"), CodeLanguage::ShellSession},
        {QStringLiteral("terminal"), CodeLanguage::ShellSession},
        {QStringLiteral("shell-session"), CodeLanguage::ShellSession},
        {QStringLiteral("shellsession"), CodeLanguage::ShellSession},
        {QStringLiteral("sh-session"), CodeLanguage::ShellSession},
        {QStringLiteral("bash-session"), CodeLanguage::ShellSession},
        {QStringLiteral("json"), CodeLanguage::Json},
        {QStringLiteral("jsonc"), CodeLanguage::Json},
        {QStringLiteral("json5"), CodeLanguage::Json},
        {QStringLiteral("jsonl"), CodeLanguage::Json},
        {QStringLiteral("ndjson"), CodeLanguage::Json},
        {QStringLiteral("yaml"), CodeLanguage::Yaml},
        {QStringLiteral("yml"), CodeLanguage::Yaml},
        {QStringLiteral("ini"), CodeLanguage::Ini},
        {QStringLiteral("dosini"), CodeLanguage::Ini},
        {QStringLiteral("conf"), CodeLanguage::Ini},
        {QStringLiteral("cfg"), CodeLanguage::Ini},
        {QStringLiteral("cnf"), CodeLanguage::Ini},
        {QStringLiteral("toml"), CodeLanguage::Ini},
        {QStringLiteral("properties"), CodeLanguage::Ini},
        {QStringLiteral("systemd"), CodeLanguage::Ini},
        {QStringLiteral("service"), CodeLanguage::Ini},
        {QStringLiteral("desktop"), CodeLanguage::Ini},
        {QStringLiteral("gitconfig"), CodeLanguage::Ini},
        {QStringLiteral("editorconfig"), CodeLanguage::Ini},
        {QStringLiteral("diff"), CodeLanguage::Diff},
        {QStringLiteral("patch"), CodeLanguage::Diff},
        {QStringLiteral("udiff"), CodeLanguage::Diff},
    };
    // The first word; Pandoc-style "{.bash}" too.
    QString word = fenceInfo.trimmed();
    for (qsizetype i = 0; i < word.size(); ++i) {
        if (word.at(i).isSpace()) {
            word.truncate(i);
            break;
        }
    }
    while (word.startsWith(QLatin1Char('{')) || word.startsWith(QLatin1Char('.')))
        word.remove(0, 1);
    if (word.endsWith(QLatin1Char('}')))
        word.chop(1);
    return names.value(word.toLower(), CodeLanguage::None);
}

CodeHighlighter::CodeHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
    updateFormats();
    if (document && !document->isEmpty()) {
        // QSyntaxHighlighter colours a document that has text once the event loop runs, the slow
        // way (see recolour()), and ignores edits until then: let that pass find nothing to do,
        // and colour the document after it.
        m_waiting = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_waiting = false;
                recolour();
            },
            Qt::QueuedConnection);
    }
}

void CodeHighlighter::setLanguage(CodeLanguage language) {
    if (language == m_language)
        return;
    m_language = language;
    recolour();  // also clears the formats when the language is None
}

void CodeHighlighter::setPalette(const CodePalette& palette) {
    if (palette == m_palette)
        return;
    m_palette = palette;
    updateFormats();
    if (m_language != CodeLanguage::None || !m_searchTerm.isEmpty())
        recolour();
}

void CodeHighlighter::setSearchTerm(const QString& term) {
    if (term == m_searchTerm)
        return;
    m_searchTerm = term;
    recolour();
}

void CodeHighlighter::recolour() {
    // Not rehighlight(): each line it colours has the layout update the whole document (0.8 s
    // for 2000 lines in a TextEdit). An edit that changes nothing makes the document report one
    // change of all its text instead: the highlighter colours every line within it and the layout
    // is updated once (20 ms). A document without a layout reports no changes, so it gets one
    // (a view's document has one already).
    QTextDocument* doc = document();
    if (!doc || doc->isEmpty() || m_waiting)
        return;
    doc->documentLayout();
    const bool modified = doc->isModified();
    QTextCursor all(doc);
    all.select(QTextCursor::Document);
    all.mergeCharFormat(QTextCharFormat());
    doc->setModified(modified);
}

void CodeHighlighter::updateFormats() {
    const std::array<QColor, RoleCount> colours = {
        m_palette.keyword, m_palette.string, m_palette.number,  m_palette.comment,
        m_palette.key,     m_palette.added,  m_palette.removed, m_palette.meta};
    for (std::size_t role = 0; role < colours.size(); ++role)
        m_formats[role].setForeground(colours[role]);
}

void CodeHighlighter::mark(qsizetype start, qsizetype length, Role role) {
    if (length > 0)
        setFormat(int(start), int(length), m_formats[role]);
}

void CodeHighlighter::highlightBlock(const QString& text) {
    if (text.isEmpty() || m_waiting)
        return;
    colourLine(text);
    markMatches(text);
}

void CodeHighlighter::markMatches(const QString& text) {
    for (const auto& [start, length] : termOccurrences(text, m_searchTerm)) {
        // Each character keeps its colour; the background comes on top.
        for (int i = start; i < start + length; ++i) {
            QTextCharFormat marked = format(i);
            marked.setBackground(m_palette.match);
            setFormat(i, 1, marked);
        }
    }
}

void CodeHighlighter::colourLine(const QString& text) {
    switch (m_language) {
        case CodeLanguage::None:
            return;
        case CodeLanguage::Shell:
            return shellLine(text, false);
        case CodeLanguage::ShellSession:
            return shellLine(text, true);
        case CodeLanguage::Json:
            return jsonLine(text);
        case CodeLanguage::Yaml:
            return yamlLine(text);
        case CodeLanguage::Ini:
            return iniLine(text);
        case CodeLanguage::Diff:
            return diffLine(text);
    }
}

qsizetype CodeHighlighter::quoted(const QString& text, qsizetype from) {
    const QChar quote = text.at(from);
    for (qsizetype i = from + 1; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\\') && quote == QLatin1Char('"'))
            ++i;
        else if (c == quote)
            return i + 1;
    }
    return text.size();
}

CodeHighlighter::Role CodeHighlighter::scalarRole(QStringView scalar) {
    static const RE keyword(QStringLiteral("^(?:true|false|yes|no|on|off|null|~)$"),
                            RE::CaseInsensitiveOption);
    static const RE number(
        QStringLiteral("^(?:[-+]?(?:\\d[\\d_]*(?:\\.[\\d_]*)?|\\.\\d+)(?:e[-+]?\\d+)?"
                       "|0x[0-9a-f_]+|0o[0-7_]+|[-+]?\\.?inf|\\.?nan)$"),
        RE::CaseInsensitiveOption);
    if (scalar.isEmpty())
        return RoleCount;
    if (keyword.match(scalar).hasMatch())
        return Keyword;
    if (number.match(scalar).hasMatch())
        return Number;
    return RoleCount;
}

// Shell: comments, quoted strings, variables, keywords; a prompt in front of a command. A
// session (a terminal transcript) takes `# ` as a root prompt rather than a comment, and leaves
// lines without a prompt (the output) plain.
void CodeHighlighter::shellLine(const QString& text, bool session) {
    // `$ `, `user@host:~$ `, `[user@host ~]$ `; with `#` for root in a session.
    static const RE prompt(
        QStringLiteral("^\\s*(?:\\[[^\\]]*\\]|[\\w.-]+@[\\w.-]+(?::[^\\s$#]*)?)?\\$(?=\\s)"));
    static const RE sessionPrompt(
        QStringLiteral("^\\s*(?:\\[[^\\]]*\\]|[\\w.-]+@[\\w.-]+(?::[^\\s$#]*)?)?[$#](?=\\s)"));
    // 1 an escaped character, 2 '…', 3 "…", 4 a variable, 5 a comment (# starting a word),
    // 6 a keyword (a whole word: not part of a path, an option or an assignment).
    static const RE token(QStringLiteral(
        "(\\\\.)|('[^']*'?)|(\"(?:[^\"\\\\]|\\\\.)*\"?)"
        "|(\\$\\{[^}]*\\}?|\\$(?:[A-Za-z_]\\w*|[0-9?@#$!*-]))"
        "|((?<![^\\s;|&()])#.*)"
        "|((?<![\\w./=:@%+-])(?:if|then|elif|else|fi|for|do|done|case|esac|while|until|function"
        "|in|select|return|export|local|sudo|break|continue|exit)(?![\\w./=:@%+-]))"));
    static const RE variable(
        QStringLiteral("(?<!\\\\)(?:\\$\\{[^}]*\\}?|\\$(?:[A-Za-z_]\\w*|[0-9?@#$!*-]))"));
    qsizetype from = 0;
    const QRegularExpressionMatch p = (session ? sessionPrompt : prompt).match(text);
    if (p.hasMatch()) {
        mark(p.capturedStart(), p.capturedLength(), Meta);
        from = p.capturedEnd();
    } else if (session) {
        return;
    }
    bool loopHead = false;  // "in" is a keyword only after for, case or select
    for (auto it = token.globalMatch(text, from); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedStart(2) >= 0) {
            mark(m.capturedStart(), m.capturedLength(), String);
        } else if (m.capturedStart(3) >= 0) {
            mark(m.capturedStart(), m.capturedLength(), String);
            const QStringView upToEnd = QStringView(text).left(m.capturedEnd());
            for (auto v = variable.globalMatch(upToEnd, m.capturedStart()); v.hasNext();) {
                const QRegularExpressionMatch var = v.next();
                mark(var.capturedStart(), var.capturedLength(), Key);
            }
        } else if (m.capturedStart(4) >= 0) {
            mark(m.capturedStart(), m.capturedLength(), Key);
        } else if (m.capturedStart(5) >= 0) {
            mark(m.capturedStart(), m.capturedLength(), Comment);
        } else if (m.capturedStart(6) >= 0) {
            const QStringView word = m.capturedView();
            if (word == QLatin1String("in") && !loopHead)
                continue;
            if (word == QLatin1String("for") || word == QLatin1String("case") ||
                word == QLatin1String("select"))
                loopHead = true;
            mark(m.capturedStart(), m.capturedLength(), Keyword);
        }
    }
}

// JSON (and JSONC's // comments): keys apart from string values, numbers, true/false/null.
void CodeHighlighter::jsonLine(const QString& text) {
    // 1 a string, 2 a comment, 3 a number, 4 a literal.
    static const RE token(
        QStringLiteral("(\"(?:[^\"\\\\]|\\\\.)*\"?)|(//.*|/\\*.*?(?:\\*/|$))"
                       "|((?<![\\w.+-])-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?(?![\\w.]))"
                       "|((?<!\\w)(?:true|false|null)(?!\\w))"));
    for (auto it = token.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        Role role = Keyword;
        if (m.capturedStart(1) >= 0) {
            const qsizetype after = skipSpaces(text, m.capturedEnd());
            role = after < text.size() && text.at(after) == QLatin1Char(':') ? Key : String;
        } else if (m.capturedStart(2) >= 0) {
            role = Comment;
        } else if (m.capturedStart(3) >= 0) {
            role = Number;
        }
        mark(m.capturedStart(), m.capturedLength(), role);
    }
}

// YAML: ---/... document markers, `- ` list markers, keys before `:`, then the value.
void CodeHighlighter::yamlLine(const QString& text) {
    static const RE document(QStringLiteral("^(?:---|\\.\\.\\.)(?=\\s|$)"));
    // A key: quoted, or plain up to the first ':' followed by a space or the line's end.
    static const RE key(QStringLiteral(
        "(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|[^\\s#'\"\\[\\]{},&*!|>%@`][^#]*?)\\s*:(?=\\s|$)"));
    if (document.match(text).hasMatch()) {
        mark(0, 3, Meta);
        yamlValue(text, 3);
        return;
    }
    qsizetype pos = skipSpaces(text, 0);
    while (pos < text.size() && text.at(pos) == QLatin1Char('-') &&
           (pos + 1 == text.size() || text.at(pos + 1).isSpace())) {
        mark(pos, 1, Meta);
        pos = skipSpaces(text, pos + 1);
    }
    if (pos >= text.size())
        return;
    if (text.at(pos) == QLatin1Char('#')) {
        mark(pos, text.size() - pos, Comment);
        return;
    }
    const QRegularExpressionMatch k =
        key.match(text, pos, RE::NormalMatch, RE::AnchorAtOffsetMatchOption);
    if (k.hasMatch()) {
        mark(k.capturedStart(1), k.capturedLength(1), Key);
        pos = k.capturedEnd();
    }
    yamlValue(text, pos);
}

// A YAML value (or an INI one, which is alike enough): anchors and tags, a block scalar's
// header, a quoted string, a flow collection, or a plain scalar that may be a number or a
// boolean; then a comment.
void CodeHighlighter::yamlValue(const QString& text, qsizetype from) {
    // 1 a string, 2 a comment, 3 a word of a flow collection.
    static const RE flow(
        QStringLiteral("(\"(?:[^\"\\\\]|\\\\.)*\"?|'[^']*'?)|((?<!\\S)#.*)"
                       "|((?<![^\\s\\[{,])[^\\s\\[\\]{},\"'#][^\\s\\[\\]{},]*)"));
    const bool ini = m_language == CodeLanguage::Ini;
    qsizetype pos = skipSpaces(text, from);
    if (pos >= text.size())
        return;
    if (!ini) {
        while (pos < text.size() &&
               (text.at(pos) == QLatin1Char('&') || text.at(pos) == QLatin1Char('*') ||
                text.at(pos) == QLatin1Char('!'))) {
            qsizetype end = pos;
            while (end < text.size() && !text.at(end).isSpace())
                ++end;
            mark(pos, end - pos, Meta);
            pos = skipSpaces(text, end);
        }
        if (pos >= text.size())
            return;
        if (text.at(pos) == QLatin1Char('#')) {
            mark(pos, text.size() - pos, Comment);
            return;
        }
        if (text.at(pos) == QLatin1Char('|') || text.at(pos) == QLatin1Char('>')) {
            qsizetype end = pos;
            while (end < text.size() && !text.at(end).isSpace())
                ++end;
            mark(pos, end - pos, Meta);
            pos = end;
            if (pos >= text.size())
                return;
        }
    }
    const QChar first = text.at(pos);
    if (first == QLatin1Char('"') || first == QLatin1Char('\'')) {
        const qsizetype end = quoted(text, pos);
        mark(pos, end - pos, String);
        pos = end;
    } else if (first == QLatin1Char('[') || first == QLatin1Char('{')) {
        for (auto it = flow.globalMatch(text, pos); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (m.capturedStart(2) >= 0) {
                mark(m.capturedStart(), m.capturedLength(), Comment);
                continue;
            }
            const qsizetype after = skipSpaces(text, m.capturedEnd());
            const bool isKey = after < text.size() && text.at(after) == QLatin1Char(':');
            if (m.capturedStart(1) >= 0) {
                mark(m.capturedStart(), m.capturedLength(), isKey ? Key : String);
                continue;
            }
            QStringView word = m.capturedView();
            if (word.endsWith(QLatin1Char(':'))) {
                mark(m.capturedStart(), word.size() - 1, Key);
                continue;
            }
            if (isKey) {
                mark(m.capturedStart(), m.capturedLength(), Key);
                continue;
            }
            const Role role = scalarRole(word);
            if (role != RoleCount)
                mark(m.capturedStart(), m.capturedLength(), role);
        }
        return;
    }
    const qsizetype comment = trailingComment(text, pos, ini);
    const qsizetype end = comment >= 0 ? comment : text.size();
    if (first != QLatin1Char('"') && first != QLatin1Char('\'')) {
        const QStringView scalar = QStringView(text).mid(pos, end - pos).trimmed();
        const Role role = scalarRole(scalar);
        if (role != RoleCount)
            mark(pos, scalar.size(), role);
    }
    if (comment >= 0)
        mark(comment, text.size() - comment, Comment);
}

// INI-like files (INI, TOML, systemd units, .properties): [section] headers, keys before = or :,
// ; and # comments.
void CodeHighlighter::iniLine(const QString& text) {
    static const RE comment(QStringLiteral("^\\s*[;#]"));
    static const RE section(QStringLiteral("^\\s*\\[\\[?[^\\]]*\\]\\]?"));
    static const RE key(QStringLiteral("^\\s*([^\\s=:;#\\[][^=:]*?)\\s*[=:]"));
    if (comment.match(text).hasMatch()) {
        mark(0, text.size(), Comment);
        return;
    }
    if (const QRegularExpressionMatch s = section.match(text); s.hasMatch()) {
        mark(s.capturedStart(), s.capturedLength(), Meta);
        const qsizetype c = trailingComment(text, s.capturedEnd() - 1, true);
        if (c >= 0)
            mark(c, text.size() - c, Comment);
        return;
    }
    if (const QRegularExpressionMatch k = key.match(text); k.hasMatch()) {
        mark(k.capturedStart(1), k.capturedLength(1), Key);
        yamlValue(text, k.capturedEnd());
    }
}

// Unified diffs: file headers, hunk headers, added and removed lines.
void CodeHighlighter::diffLine(const QString& text) {
    static const RE header(QStringLiteral(
        "^(?:diff |index |\\+\\+\\+(?:\\s|$)|---(?:\\s|$)|new file mode|deleted file mode"
        "|old mode|new mode|similarity index|dissimilarity index|rename from|rename to"
        "|copy from|copy to|Binary files|Only in )"));
    if (header.match(text).hasMatch()) {
        mark(0, text.size(), Meta);
        return;
    }
    if (text.startsWith(QLatin1String("@@"))) {
        const qsizetype close = text.indexOf(QLatin1String("@@"), 2);
        mark(0, close >= 0 ? close + 2 : text.size(), Meta);
        return;
    }
    const QChar first = text.at(0);
    if (first == QLatin1Char('+'))
        mark(0, text.size(), Added);
    else if (first == QLatin1Char('-'))
        mark(0, text.size(), Removed);
    else if (first == QLatin1Char('\\'))  // "\ No newline at end of file"
        mark(0, text.size(), Comment);
}

}  // namespace zerg
