// Cutting an answer at its fenced code blocks (the chat's code blocks with a Copy button).
#include "ui/markdown_blocks.h"

#include <QTest>

using namespace zerg;

namespace {

// "T:text" or "C[lang]:code" per block, for compact comparisons.
QStringList shape(const QString& markdown) {
    QStringList out;
    for (const MarkdownBlock& b : splitFencedCode(markdown)) {
        out.append(b.code ? QStringLiteral("C[%1]:%2").arg(b.language, b.text)
                          : QStringLiteral("T:") + b.text);
    }
    return out;
}

}  // namespace

class TestMarkdownBlocks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void split_data() {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QStringList>("blocks");
        QTest::newRow("no code") << QStringLiteral("## Disk\n\nAll **fine**.")
                                 << QStringList{QStringLiteral("T:## Disk\n\nAll **fine**.")};
        QTest::newRow("text, code, text")
            << QStringLiteral("Run this:\n```bash\ndf -h\nfree -m\n```\nThen check.")
            << QStringList{QStringLiteral("T:Run this:"), QStringLiteral("C[bash]:df -h\nfree -m"),
                           QStringLiteral("T:Then check.")};
        QTest::newRow("info string: first word")
            << QStringLiteral("```python title=x.py\nprint(1)\n```")
            << QStringList{QStringLiteral("C[python]:print(1)")};
        QTest::newRow("tildes, longer fence, inner backticks")
            << QStringLiteral("~~~~\n```\nnot a fence here\n~~~\nstill code\n~~~~~\nafter")
            << QStringList{QStringLiteral("C[]:```\nnot a fence here\n~~~\nstill code"),
                           QStringLiteral("T:after")};
        QTest::newRow("indented up to three spaces") << QStringLiteral("   ```sh\n   ls\n   ```")
                                                     << QStringList{QStringLiteral("C[sh]:   ls")};
        QTest::newRow("four spaces is not a fence")
            << QStringLiteral("    ```\n    code")
            << QStringList{QStringLiteral("T:    ```\n    code")};
        QTest::newRow("inline backticks are not a fence")
            << QStringLiteral("use ```a``` inline")
            << QStringList{QStringLiteral("T:use ```a``` inline")};
        QTest::newRow("backtick info with a backtick is not a fence")
            << QStringLiteral("``` a`b\ntext") << QStringList{QStringLiteral("T:``` a`b\ntext")};
        QTest::newRow("unclosed fence runs to the end")
            << QStringLiteral("Partial:\n```\nline 1\nline 2")
            << QStringList{QStringLiteral("T:Partial:"), QStringLiteral("C[]:line 1\nline 2")};
        QTest::newRow("closing fence may not carry text")
            << QStringLiteral("```\na\n``` x\n```") << QStringList{QStringLiteral("C[]:a\n``` x")};
        QTest::newRow("empty code block, blank text dropped")
            << QStringLiteral("```\n```\n\n") << QStringList{QStringLiteral("C[]:")};
        QTest::newRow("two blocks back to back")
            << QStringLiteral("```\n1\n```\n```\n2\n```")
            << QStringList{QStringLiteral("C[]:1"), QStringLiteral("C[]:2")};
    }
    void split() {
        QFETCH(QString, markdown);
        QFETCH(QStringList, blocks);
        QCOMPARE(shape(markdown), blocks);
    }

    void forQml() {
        const QVariantList list = blocksForQml(QStringLiteral("a\n```js\nx()\n```"));
        QCOMPARE(list.size(), 2);
        const QVariantMap code = list.at(1).toMap();
        QCOMPARE(code.value(QStringLiteral("code")).toBool(), true);
        QCOMPARE(code.value(QStringLiteral("text")).toString(), QStringLiteral("x()"));
        QCOMPARE(code.value(QStringLiteral("language")).toString(), QStringLiteral("js"));
        QCOMPARE(list.at(0).toMap().value(QStringLiteral("code")).toBool(), false);
    }
};

QTEST_GUILESS_MAIN(TestMarkdownBlocks)
#include "test_markdown_blocks.moc"
