// Ctrl+F in the chat: occurrences counted over the chat's rows, the current one kept while rows
// stream in or an earlier page goes in above, next/previous wrapping; and what a screen reader
// is told of an answer (speakablePreview).
#include "ui/chat_model.h"
#include "ui/chat_search.h"
#include "ui/markdown_blocks.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

QJsonObject run(qint64 id, const QString& task, const QString& result) {
    return QJsonObject{{"run_id", id},
                       {"task", task},
                       {"status", "success"},
                       {"mode", "supervisor"},
                       {"result", result},
                       {"error", ""},
                       {"started_at", "2026-11-20T10:00:00.000Z"},
                       {"completed_at", "2026-11-20T10:00:05.000Z"},
                       {"cost_usd", QJsonValue()},
                       {"workers", QJsonArray()}};
}

}  // namespace

class TestChatSearch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void occurrences() {
        using Hits = QList<std::pair<int, int>>;
        QCOMPARE(termOccurrences(QStringLiteral("Disk, disk and DISKS"), QStringLiteral("disk")),
                 (Hits{{0, 4}, {6, 4}, {15, 4}}));
        QCOMPARE(termOccurrences(QStringLiteral("aaaa"), QStringLiteral("aa")),
                 (Hits{{0, 2}, {2, 2}}));  // not overlapping
        QVERIFY(termOccurrences(QStringLiteral("a b"), QStringLiteral(" ")).isEmpty());
        QVERIFY(termOccurrences(QStringLiteral("abc"), QString()).isEmpty());
    }

    void countsNavigatesAndFollowsTheChat() {
        ChatModel chat;
        const QDateTime at = QDateTime::currentDateTimeUtc();
        chat.appendUser(QStringLiteral("check disk on cube"), at);
        chat.appendNotice(QStringLiteral("Stopped."), at);
        chat.appendUser(QStringLiteral("Disk on web1 and disk on web2?"), at);
        ChatSearch search(&chat, ChatModel::TextRole);
        QSignalSpy results(&search, &ChatSearch::resultsChanged);

        search.setTerm(QStringLiteral("DISK"));
        QCOMPARE(search.count(), 3);
        QCOMPARE(search.current(), 3);  // the newest first
        QCOMPARE(search.currentRow(), 2);
        QVERIFY(!results.isEmpty());
        search.next();  // wraps
        QCOMPARE(search.current(), 1);
        QCOMPARE(search.currentRow(), 0);
        search.previous();  // wraps back
        QCOMPARE(search.current(), 3);
        search.previous();
        QCOMPARE(search.current(), 2);
        QCOMPARE(search.currentRow(), 2);

        // A new row with the term counts; the current occurrence stays the same one.
        chat.appendUser(QStringLiteral("disk again"), at);
        QCOMPARE(search.count(), 4);
        QCOMPARE(search.current(), 2);
        QCOMPARE(search.currentRow(), 2);

        // An earlier page goes in above: the same occurrence, now further down.
        const int rows = chat.prependRuns(
            QJsonArray{run(1, QStringLiteral("is the disk full?"), QStringLiteral("No."))}, 0);
        QCOMPARE(rows, 2);
        QCOMPARE(search.count(), 5);
        QCOMPARE(search.currentRow(), 4);
        QCOMPARE(search.current(), 3);

        // Nothing found: no current row.
        search.setTerm(QStringLiteral("nginx"));
        QCOMPARE(search.count(), 0);
        QCOMPARE(search.current(), 0);
        QCOMPARE(search.currentRow(), -1);
        search.next();  // nothing happens
        QCOMPARE(search.currentRow(), -1);

        search.clear();
        QCOMPARE(search.term(), QString());
        QCOMPARE(search.count(), 0);
        // Without a term, new rows are not counted.
        chat.appendUser(QStringLiteral("nginx"), at);
        QCOMPARE(search.count(), 0);
    }

    void speakable_data() {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("spoken");
        QTest::newRow("marks") << QStringLiteral("## Disk\n\n**cube** is `73%` full.")
                               << QStringLiteral("Disk cube is 73% full.");
        QTest::newRow("code") << QStringLiteral("Run:\n```bash\ndf -h\n```\nThen look.")
                              << QStringLiteral("Run: [code] Then look.");
        QTest::newRow("link") << QStringLiteral("See [the docs](https://example.org/x).")
                              << QStringLiteral("See the docs.");
        QTest::newRow("lists") << QStringLiteral("- web1 ok\n- web2 down\n> quoted")
                               << QStringLiteral("web1 ok web2 down quoted");
        QTest::newRow("table") << QStringLiteral("| host | disk |\n|---|---|\n| web1 | 40% |")
                               << QStringLiteral("host disk web1 40%");
        QTest::newRow("identifiers stay") << QStringLiteral("The unit is nginx_exporter.")
                                          << QStringLiteral("The unit is nginx_exporter.");
    }
    void speakable() {
        QFETCH(QString, markdown);
        QFETCH(QString, spoken);
        QCOMPARE(speakablePreview(markdown, QStringLiteral("[code]")), spoken);
    }

    void speakableIsCutAtAWord() {
        const QString words = QStringLiteral("word ").repeated(200);
        const QString spoken = speakablePreview(words, {}, 50);
        QVERIFY(spoken.endsWith(QStringLiteral("…")));
        QVERIFY(spoken.size() <= 51);
        QVERIFY(spoken.chopped(1).endsWith(QStringLiteral("word")));
    }
};

QTEST_GUILESS_MAIN(TestChatSearch)
#include "test_chat_search.moc"
