// Syntax highlighting of the chat's code blocks (ui/code_highlighter.h): a fence's language name,
// and the colours each language gives which parts of a line, read back from the text layout the
// way the window draws them.
#include "ui/code_highlighter.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>

using namespace zerg;

namespace {

// The colour of one character of a block, or an invalid colour when it has none.
QColor colourAt(const QTextBlock& block, int column) {
    const QList<QTextLayout::FormatRange> ranges = block.layout()->formats();
    QColor colour;
    for (const QTextLayout::FormatRange& r : ranges) {
        if (column >= r.start && column < r.start + r.length &&
            r.format.hasProperty(QTextFormat::ForegroundBrush))
            colour = r.format.foreground().color();  // later ranges win, as when drawn
    }
    return colour;
}

// The colour of every character of the nth occurrence of `needle` on line `line`: its name when
// they all share one, "none" when none has a colour, "mixed" otherwise ("missing": no needle).
QString colourOf(const QTextDocument& doc, int line, const QString& needle, int nth = 0) {
    const QTextBlock block = doc.findBlockByNumber(line);
    if (!block.isValid())
        return QStringLiteral("missing");
    qsizetype at = -1;
    for (int i = 0; i <= nth; ++i) {
        at = block.text().indexOf(needle, at + 1);
        if (at < 0)
            return QStringLiteral("missing");
    }
    QString result;
    for (qsizetype i = at; i < at + needle.size(); ++i) {
        const QColor c = colourAt(block, int(i));
        const QString name = c.isValid() ? c.name() : QStringLiteral("none");
        if (result.isEmpty())
            result = name;
        else if (result != name)
            return QStringLiteral("mixed");
    }
    return result;
}

// The background of column in block, as drawn (invalid: none).
QColor backgroundAt(const QTextBlock& block, int column) {
    QColor colour;
    for (const QTextLayout::FormatRange& r : block.layout()->formats()) {
        if (column >= r.start && column < r.start + r.length &&
            r.format.hasProperty(QTextFormat::BackgroundBrush))
            colour = r.format.background().color();
    }
    return colour;
}

int formattedRanges(const QTextDocument& doc) {
    int n = 0;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        n += int(b.layout()->formats().size());
    return n;
}

const CodePalette palette;
const QString none = QStringLiteral("none");
const QString keyword = palette.keyword.name();
const QString string = palette.string.name();
const QString number = palette.number.name();
const QString comment = palette.comment.name();
const QString key = palette.key.name();
const QString added = palette.added.name();
const QString removed = palette.removed.name();
const QString meta = palette.meta.name();

// A document holding `code`, highlighted as `language`.
struct Highlighted {
    Highlighted(CodeLanguage language, const QString& code) {
        // A view's document has a layout; without one, QTextDocument reports no edits
        // (contentsChange), and the highlighter would not see text inserted later.
        doc.documentLayout();
        doc.setPlainText(code);
        highlighter.setLanguage(language);
    }
    QTextDocument doc;
    CodeHighlighter highlighter{&doc};
};

}  // namespace

class TestCodeHighlighter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fenceNames_data() {
        QTest::addColumn<QString>("fence");
        QTest::addColumn<int>("language");
        const auto row = [](const char* fence, CodeLanguage language) {
            QTest::newRow(fence) << QString::fromUtf8(fence) << int(language);
        };
        row("sh", CodeLanguage::Shell);
        row("bash", CodeLanguage::Shell);
        row("Bash", CodeLanguage::Shell);
        row("zsh", CodeLanguage::Shell);
        row("shell", CodeLanguage::Shell);
        row("bash title=deploy.sh", CodeLanguage::Shell);
        row("console", CodeLanguage::ShellSession);
        row("shell-session", CodeLanguage::ShellSession);
        row("json", CodeLanguage::Json);
        row("JSONC", CodeLanguage::Json);
        row("yaml", CodeLanguage::Yaml);
        row("yml", CodeLanguage::Yaml);
        row("{.yaml}", CodeLanguage::Yaml);
        row("ini", CodeLanguage::Ini);
        row("conf", CodeLanguage::Ini);
        row("cfg", CodeLanguage::Ini);
        row("toml", CodeLanguage::Ini);
        row("properties", CodeLanguage::Ini);
        row("systemd", CodeLanguage::Ini);
        row("diff", CodeLanguage::Diff);
        row("PATCH", CodeLanguage::Diff);
        row("python", CodeLanguage::None);
        row("jsonx", CodeLanguage::None);
        row("", CodeLanguage::None);
    }
    void fenceNames() {
        QFETCH(QString, fence);
        QFETCH(int, language);
        QCOMPARE(int(codeLanguageFromFence(fence)), language);
    }

    void json() {
        Highlighted h(
            CodeLanguage::Json,
            QStringLiteral("{\"name\": \"web1\", \"port\": 22, \"ok\": true,\n"
                           "  \"url\" : \"http://a:8080\", \"gone\": null, \"t\": -1.5e3,\n"
                           "  \"list\": [1, false] // why\n"
                           "}"));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, QStringLiteral("\"name\"")), key);
        QCOMPARE(colourOf(d, 0, QStringLiteral("\"web1\"")), string);
        QCOMPARE(colourOf(d, 0, QStringLiteral("22")), number);
        QCOMPARE(colourOf(d, 0, QStringLiteral("true")), keyword);
        QCOMPARE(colourOf(d, 0, QStringLiteral("{")), none);
        QCOMPARE(colourOf(d, 0, QStringLiteral(": ")), none);
        QCOMPARE(colourOf(d, 1, QStringLiteral("\"url\"")), key);  // a space before the colon
        QCOMPARE(colourOf(d, 1, QStringLiteral("\"http://a:8080\"")), string);
        QCOMPARE(colourOf(d, 1, QStringLiteral("null")), keyword);
        QCOMPARE(colourOf(d, 1, QStringLiteral("-1.5e3")), number);
        QCOMPARE(colourOf(d, 2, QStringLiteral("1")), number);
        QCOMPARE(colourOf(d, 2, QStringLiteral("false")), keyword);
        QCOMPARE(colourOf(d, 2, QStringLiteral("// why")), comment);
    }

    void shell() {
        Highlighted h(CodeLanguage::Shell,
                      QStringLiteral("# Install nginx\n"
                                     "sudo apt-get install -y nginx  # then start it\n"
                                     "echo \"a # not a comment\" '# nor this' $HOME ${USER} a#b\n"
                                     "for h in web1 web2; do ssh \"$h\" uptime; done\n"
                                     "echo logged in --in file.in\n"
                                     "$ systemctl status nginx\n"
                                     "if [ -f /etc/x ]; then export A=1; fi"));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, QStringLiteral("# Install nginx")), comment);
        QCOMPARE(colourOf(d, 1, QStringLiteral("sudo")), keyword);
        QCOMPARE(colourOf(d, 1, QStringLiteral("apt-get install -y nginx")), none);
        QCOMPARE(colourOf(d, 1, QStringLiteral("# then start it")), comment);
        QCOMPARE(colourOf(d, 2, QStringLiteral("\"a # not a comment\"")), string);
        QCOMPARE(colourOf(d, 2, QStringLiteral("'# nor this'")), string);
        QCOMPARE(colourOf(d, 2, QStringLiteral("$HOME")), key);
        QCOMPARE(colourOf(d, 2, QStringLiteral("${USER}")), key);
        QCOMPARE(colourOf(d, 2, QStringLiteral("a#b")), none);  // # inside a word
        QCOMPARE(colourOf(d, 3, QStringLiteral("for")), keyword);
        QCOMPARE(colourOf(d, 3, QStringLiteral("in")), keyword);
        QCOMPARE(colourOf(d, 3, QStringLiteral("do")), keyword);
        QCOMPARE(colourOf(d, 3, QStringLiteral("done")), keyword);
        QCOMPARE(colourOf(d, 3, QStringLiteral("web1 web2")), none);
        QCOMPARE(colourOf(d, 3, QStringLiteral("\"")), string);
        QCOMPARE(colourOf(d, 3, QStringLiteral("$h")), key);   // a variable inside "…"
        QCOMPARE(colourOf(d, 4, QStringLiteral("in")), none);  // no for before it
        QCOMPARE(colourOf(d, 4, QStringLiteral("--in file.in")), none);
        QCOMPARE(colourOf(d, 5, QStringLiteral("$")), meta);  // a prompt
        QCOMPARE(colourOf(d, 5, QStringLiteral("systemctl status nginx")), none);
        QCOMPARE(colourOf(d, 6, QStringLiteral("if")), keyword);
        QCOMPARE(colourOf(d, 6, QStringLiteral("then")), keyword);
        QCOMPARE(colourOf(d, 6, QStringLiteral("export")), keyword);
        QCOMPARE(colourOf(d, 6, QStringLiteral("fi")), keyword);
        QCOMPARE(colourOf(d, 6, QStringLiteral("/etc/x")), none);
    }

    void shellSession() {
        Highlighted h(CodeLanguage::ShellSession, QStringLiteral("$ df -h /\n"
                                                                 "Filesystem  Size  Used # for if\n"
                                                                 "# systemctl restart nginx\n"
                                                                 "root@web1:~# echo \"$HOME\"\n"
                                                                 "[ops@web1 ~]$ ls"));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, QStringLiteral("$")), meta);
        QCOMPARE(colourOf(d, 0, QStringLiteral("df -h /")), none);
        QCOMPARE(colourOf(d, 1, QStringLiteral("Filesystem  Size  Used # for if")),
                 none);                                       // output
        QCOMPARE(colourOf(d, 2, QStringLiteral("#")), meta);  // a root prompt, not a comment
        QCOMPARE(colourOf(d, 2, QStringLiteral("systemctl restart nginx")), none);
        QCOMPARE(colourOf(d, 3, QStringLiteral("root@web1:~#")), meta);
        QCOMPARE(colourOf(d, 3, QStringLiteral("$HOME")), key);
        QCOMPARE(colourOf(d, 4, QStringLiteral("[ops@web1 ~]$")), meta);
        QCOMPARE(colourOf(d, 4, QStringLiteral("ls")), none);
    }

    void yaml() {
        Highlighted h(CodeLanguage::Yaml, QStringLiteral("---\n"
                                                         "# inventory\n"
                                                         "servers:\n"
                                                         "  - name: web1\n"
                                                         "    port: 22\n"
                                                         "    enabled: true\n"
                                                         "    image: nginx:1.25\n"
                                                         "    note: \"a: b # c\"  # real comment\n"
                                                         "    tags: [web, 80]\n"
                                                         "    motd: |\n"
                                                         "  - 'db1'\n"
                                                         "..."));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, QStringLiteral("---")), meta);
        QCOMPARE(colourOf(d, 1, QStringLiteral("# inventory")), comment);
        QCOMPARE(colourOf(d, 2, QStringLiteral("servers")), key);
        QCOMPARE(colourOf(d, 2, QStringLiteral(":")), none);
        QCOMPARE(colourOf(d, 3, QStringLiteral("-")), meta);
        QCOMPARE(colourOf(d, 3, QStringLiteral("name")), key);
        QCOMPARE(colourOf(d, 3, QStringLiteral("web1")), none);
        QCOMPARE(colourOf(d, 4, QStringLiteral("port")), key);
        QCOMPARE(colourOf(d, 4, QStringLiteral("22")), number);
        QCOMPARE(colourOf(d, 5, QStringLiteral("true")), keyword);
        QCOMPARE(colourOf(d, 6, QStringLiteral("image")), key);
        QCOMPARE(colourOf(d, 6, QStringLiteral("nginx:1.25")), none);
        QCOMPARE(colourOf(d, 7, QStringLiteral("\"a: b # c\"")), string);
        QCOMPARE(colourOf(d, 7, QStringLiteral("# real comment")), comment);
        QCOMPARE(colourOf(d, 8, QStringLiteral("tags")), key);
        QCOMPARE(colourOf(d, 8, QStringLiteral("web")), none);
        QCOMPARE(colourOf(d, 8, QStringLiteral("80")), number);
        QCOMPARE(colourOf(d, 9, QStringLiteral("|")), meta);
        QCOMPARE(colourOf(d, 10, QStringLiteral("'db1'")), string);
        QCOMPARE(colourOf(d, 11, QStringLiteral("...")), meta);
    }

    void ini() {
        Highlighted h(CodeLanguage::Ini, QStringLiteral("; global settings\n"
                                                        "[Service]\n"
                                                        "ExecStart=/usr/bin/node server.js\n"
                                                        "Port = 8080\n"
                                                        "Enabled = true ; inline\n"
                                                        "# off\n"
                                                        "name = \"web # one\"\n"
                                                        "color=#fff\n"
                                                        "[[servers]]"));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, QStringLiteral("; global settings")), comment);
        QCOMPARE(colourOf(d, 1, QStringLiteral("[Service]")), meta);
        QCOMPARE(colourOf(d, 2, QStringLiteral("ExecStart")), key);
        QCOMPARE(colourOf(d, 2, QStringLiteral("=/usr/bin/node server.js")), none);
        QCOMPARE(colourOf(d, 3, QStringLiteral("Port")), key);
        QCOMPARE(colourOf(d, 3, QStringLiteral("8080")), number);
        QCOMPARE(colourOf(d, 4, QStringLiteral("true")), keyword);
        QCOMPARE(colourOf(d, 4, QStringLiteral("; inline")), comment);
        QCOMPARE(colourOf(d, 5, QStringLiteral("# off")), comment);
        QCOMPARE(colourOf(d, 6, QStringLiteral("name")), key);
        QCOMPARE(colourOf(d, 6, QStringLiteral("\"web # one\"")), string);
        QCOMPARE(colourOf(d, 7, QStringLiteral("#fff")), none);  // a value, not a comment
        QCOMPARE(colourOf(d, 8, QStringLiteral("[[servers]]")), meta);
    }

    void diff() {
        Highlighted h(CodeLanguage::Diff, QStringLiteral("diff --git a/nginx.conf b/nginx.conf\n"
                                                         "index 83db48f..bf269f4 100644\n"
                                                         "--- a/nginx.conf\n"
                                                         "+++ b/nginx.conf\n"
                                                         "@@ -1,3 +1,3 @@ http {\n"
                                                         " worker_processes 1;\n"
                                                         "-worker_connections 512;\n"
                                                         "+worker_connections 1024;\n"
                                                         "\\ No newline at end of file"));
        const QTextDocument& d = h.doc;
        QCOMPARE(colourOf(d, 0, d.findBlockByNumber(0).text()), meta);
        QCOMPARE(colourOf(d, 1, d.findBlockByNumber(1).text()), meta);
        QCOMPARE(colourOf(d, 2, QStringLiteral("--- a/nginx.conf")), meta);
        QCOMPARE(colourOf(d, 3, QStringLiteral("+++ b/nginx.conf")), meta);
        QCOMPARE(colourOf(d, 4, QStringLiteral("@@ -1,3 +1,3 @@")), meta);
        QCOMPARE(colourOf(d, 4, QStringLiteral(" http {")), none);
        QCOMPARE(colourOf(d, 5, QStringLiteral(" worker_processes 1;")), none);
        QCOMPARE(colourOf(d, 6, QStringLiteral("-worker_connections 512;")), removed);
        QCOMPARE(colourOf(d, 7, QStringLiteral("+worker_connections 1024;")), added);
        QCOMPARE(colourOf(d, 8, QStringLiteral("\\ No newline at end of file")), comment);
    }

    void noneLeavesNoFormats() {
        Highlighted h(CodeLanguage::None, QStringLiteral("{\"a\": 1}\n# x\n+y"));
        QCOMPARE(formattedRanges(h.doc), 0);
        // Switching a coloured block to None takes its colours away again.
        h.highlighter.setLanguage(CodeLanguage::Json);
        QVERIFY(formattedRanges(h.doc) > 0);
        h.highlighter.setLanguage(CodeLanguage::None);
        QCOMPARE(formattedRanges(h.doc), 0);
    }

    void followsTextChanges() {
        // Text that comes after the language is coloured as it is inserted (the TextEdit sets its
        // text in one edit over the whole document).
        Highlighted h(CodeLanguage::Diff, QString());
        QTextCursor(&h.doc).insertText(QStringLiteral("context\n+added"));
        QCOMPARE(colourOf(h.doc, 1, QStringLiteral("+added")), added);
        QCOMPARE(colourOf(h.doc, 0, QStringLiteral("context")), none);
        QTextCursor end(&h.doc);
        end.movePosition(QTextCursor::End);
        end.insertText(QStringLiteral("\n-removed"));
        QCOMPARE(colourOf(h.doc, 2, QStringLiteral("-removed")), removed);
    }

    void paletteChangeRecolours() {
        Highlighted h(CodeLanguage::Json, QStringLiteral("{\"a\": 1}"));
        CodePalette dark;
        dark.key = QColor(0xff, 0xa6, 0x57);
        h.highlighter.setPalette(dark);
        QCOMPARE(colourOf(h.doc, 0, QStringLiteral("\"a\"")), dark.key.name());
        QCOMPARE(colourOf(h.doc, 0, QStringLiteral("1")), number);
    }

    void emptyAndOddLines() {
        // Nothing breaks on empty lines, unclosed strings or stray markers.
        for (CodeLanguage language :
             {CodeLanguage::Shell, CodeLanguage::ShellSession, CodeLanguage::Json,
              CodeLanguage::Yaml, CodeLanguage::Ini, CodeLanguage::Diff}) {
            Highlighted h(language,
                          QStringLiteral("\n\"unclosed\n'x\n-\n@@\n[\n=\n:\nkey: |\n$\n#\n${\n\\"));
            QCOMPARE(h.doc.blockCount(), 13);
        }
        Highlighted h(CodeLanguage::Json, QStringLiteral("{\"open: 1"));
        QCOMPARE(colourOf(h.doc, 0, QStringLiteral("\"open: 1")), string);
    }

    void recolouringIsOneEdit() {
        // A new language or palette recolours through one change of the whole text (the layout
        // is updated once, not once per line), which changes neither the text nor its state.
        Highlighted h(CodeLanguage::None, QStringLiteral("a: 1\nb: 2"));
        h.doc.setModified(false);
        QSignalSpy changes(&h.doc, &QTextDocument::contentsChange);
        h.highlighter.setLanguage(CodeLanguage::Yaml);
        QCOMPARE(changes.count(), 1);
        QCOMPARE(changes.at(0).at(0).toInt(), 0);
        QCOMPARE(colourOf(h.doc, 1, QStringLiteral("b")), key);
        CodePalette other;
        other.number = QColor(0x79, 0xc0, 0xff);
        h.highlighter.setPalette(other);
        QCOMPARE(changes.count(), 2);
        QCOMPARE(colourOf(h.doc, 1, QStringLiteral("2")), other.number.name());
        QCOMPARE(h.doc.toPlainText(), QStringLiteral("a: 1\nb: 2"));
        QVERIFY(!h.doc.isModified());
    }

    void documentWithText() {
        // Attached to a document that already has text (a TextEdit whose text came first): it is
        // coloured once the event loop runs.
        QTextDocument doc;
        doc.documentLayout();
        doc.setPlainText(QStringLiteral("+one\n-two"));
        CodeHighlighter highlighter(&doc);
        highlighter.setLanguage(CodeLanguage::Diff);
        QTRY_COMPARE(colourOf(doc, 0, QStringLiteral("+one")), added);
        QCOMPARE(colourOf(doc, 1, QStringLiteral("-two")), removed);
    }

    // The chat's Ctrl+F term is marked over the language's colours, and also without a language
    // (a Markdown text); a cleared term leaves no marks.
    void searchTermIsMarked() {
        QTextDocument d;
        d.documentLayout();
        d.setPlainText(QStringLiteral("{\"host\": \"web1\", \"port\": 22}\nWEB2"));
        CodeHighlighter h(&d);
        h.setLanguage(CodeLanguage::Json);
        h.setSearchTerm(QStringLiteral("web"));
        const QTextBlock first = d.firstBlock();
        const int at = int(first.text().indexOf(QStringLiteral("web1")));
        QTRY_COMPARE(backgroundAt(first, at), palette.match);
        QCOMPARE(backgroundAt(first, at + 2), palette.match);
        QVERIFY(!backgroundAt(first, at + 3).isValid());  // the "1" is not part of the term
        QCOMPARE(colourOf(d, 0, QStringLiteral("web1")), palette.string.name());  // still a string
        QCOMPARE(backgroundAt(first.next(), 0), palette.match);  // case-insensitive
        QVERIFY(!backgroundAt(first, 1).isValid());

        h.setSearchTerm({});
        QVERIFY(!backgroundAt(d.firstBlock(), at).isValid());
        QCOMPARE(colourOf(d, 0, QStringLiteral("web1")), palette.string.name());

        h.setLanguage(CodeLanguage::None);
        h.setSearchTerm(QStringLiteral("port"));
        const int port = int(d.firstBlock().text().indexOf(QStringLiteral("port")));
        QCOMPARE(backgroundAt(d.firstBlock(), port), palette.match);
        QCOMPARE(colourOf(d, 0, QStringLiteral("web1")), QStringLiteral("none"));
    }

    // A long block is coloured to its end, and recoloured there (times: not asserted in tests).
    void longBlocksToTheEnd() {
        QString code;
        for (int i = 0; i < 2000; ++i) {
            code += QStringLiteral(
                        "for h in web%1 db%1; do ssh \"$h\" 'df -h' | grep -v tmpfs  "
                        "# disk %1\n")
                        .arg(i);
        }
        QTextDocument doc;
        doc.documentLayout();
        doc.setPlainText(code);
        CodeHighlighter highlighter(&doc);
        highlighter.setLanguage(CodeLanguage::Shell);
        QTRY_COMPARE(colourOf(doc, 1999, QStringLiteral("# disk 1999")), comment);
        CodePalette dark;
        dark.comment = QColor(0x9e, 0xa7, 0xb3);
        highlighter.setPalette(dark);
        QCOMPARE(colourOf(doc, 1999, QStringLiteral("# disk 1999")), dark.comment.name());
    }
};

QTEST_MAIN(TestCodeHighlighter)
#include "test_code_highlighter.moc"
