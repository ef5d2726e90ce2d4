#include "voice/speakable_text.h"

#include <QtTest>

using namespace zerg;

// What Jarvis would say of an answer (issue 25: "Markdown stripped to speakable text, code blocks
// summarised as 'I put the command in the chat'").
class TestSpeakableText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formattingGoesAndTheWordsStay() {
        QCOMPARE(speakableText(QStringLiteral(
                     "**cube** has *plenty* of space: `/var` is at __42%__ and ~~full~~ fine.")),
                 QStringLiteral("cube has plenty of space: /var is at 42% and full fine."));
        // snake_case and arithmetic are not emphasis.
        QCOMPARE(speakableText(QStringLiteral("disk_usage_pct is 2 * 3 * 4")),
                 QStringLiteral("disk_usage_pct is 2 * 3 * 4."));
    }

    void headingsAndListItemsBecomeSentences() {
        QCOMPARE(
            speakableText(QStringLiteral("## Disk space\n\n- web1: 97% full\n- web2: fine!\n"
                                         "1. clean /tmp\n2) rotate logs")),
            QStringLiteral("Disk space. web1: 97% full. web2: fine! clean /tmp. rotate logs."));
    }

    void aCodeBlockIsMentionedOnceNotRead() {
        const QString answer = QStringLiteral(
            "Run this on cube:\n\n```bash\nsudo journalctl --vacuum-size=500M\n```\n\n"
            "Then this:\n~~~\ndf -h\n~~~\nDone.");
        QCOMPARE(speakableText(answer),
                 QStringLiteral("Run this on cube: I put the command in the chat. Then this: "
                                "Done."));
        // An unclosed block hides the rest, as in the chat.
        QCOMPARE(speakableText(QStringLiteral("Look:\n```\nrm -rf /tmp/x\nmore")),
                 QStringLiteral("Look: I put the command in the chat."));
    }

    void linksAndAddressesAreNotSpelledOut() {
        QCOMPARE(speakableText(
                     QStringLiteral("See [the runbook](https://wiki.example.com/runbook) or "
                                    "https://status.example.com/page?id=3 and <https://x.example>. "
                                    "![graph](graph.png)")),
                 QStringLiteral("See the runbook or a link and a link. graph."));
    }

    void tablesQuotesRulesAndTags() {
        const QString answer = QStringLiteral(
            "> The worker says:\n> all good\n\n---\n\n| host | use |\n|---|---|\n| web1 | 97% |\n\n"
            "<b>Summary</b>: fine<br/>");
        QCOMPARE(speakableText(answer),
                 QStringLiteral("The worker says: all good. I put a table in the chat. Summary: "
                                "fine."));
    }

    void nothingToSayIsEmpty() {
        QCOMPARE(speakableText(QString()), QString());
        QCOMPARE(speakableText(QStringLiteral("\n\n---\n")), QString());
    }
};

QTEST_GUILESS_MAIN(TestSpeakableText)
#include "test_speakable_text.moc"
