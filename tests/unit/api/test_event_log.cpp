#include "api/event_log.h"

#include <QRegularExpression>
#include <QtTest>

using zerg::Event;
using zerg::api::EventLog;

namespace {

Event makeEvent(qint64 seq, qint64 owner) {
    Event e;
    e.name = QStringLiteral("worker_started");
    e.ownerId = owner;
    e.seq = seq;
    e.data = QJsonObject{{QStringLiteral("owner_id"), owner}, {QStringLiteral("n"), seq}};
    e.at = QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC).addMSecs(seq);
    return e;
}

QList<qint64> seqs(const QList<Event>& events) {
    QList<qint64> out;
    for (const Event& e : events)
        out.append(e.seq);
    return out;
}

bool hasGap(const EventLog& log, qint64 after, qint64 owner = 1) {
    bool gap = false;
    (void)log.after(after, owner, &gap);
    return gap;
}

}  // namespace

class TestEventLog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsTheNewestWhenFull() {
        EventLog log(3);
        for (qint64 s = 1; s <= 5; ++s)
            log.append(makeEvent(s, 1));
        QCOMPARE(log.size(), 3);
        QCOMPARE(log.oldestSeq(), 3);
        QCOMPARE(log.lastSeq(), 5);
        bool gap = true;
        QCOMPARE(seqs(log.after(2, 1, &gap)), (QList<qint64>{3, 4, 5}));
        QVERIFY(!gap);
        QCOMPARE(seqs(log.after(4, 1, &gap)), (QList<qint64>{5}));
        QCOMPARE(seqs(log.after(5, 1, &gap)), QList<qint64>{});
        QVERIFY(!gap);
    }

    void defaultCapacityIsTenThousand() {
        EventLog log;
        QCOMPARE(log.capacity(), 10'000);
        for (qint64 s = 1; s <= 10'050; ++s)
            log.append(makeEvent(s, 1));
        QCOMPARE(log.size(), 10'000);
        QCOMPARE(log.oldestSeq(), 51);
    }

    void filtersByOwner() {
        EventLog log(100);
        const qint64 owners[] = {1, 2, 1, 0, 2, 1};
        for (int i = 0; i < 6; ++i)
            log.append(makeEvent(i + 1, owners[i]));
        QCOMPARE(seqs(log.after(0, 1)), (QList<qint64>{1, 3, 6}));
        QCOMPARE(seqs(log.after(0, 2)), (QList<qint64>{2, 5}));
        QCOMPARE(seqs(log.after(3, 1)), (QList<qint64>{6}));
        QCOMPARE(seqs(log.after(0, 7)), QList<qint64>{});
        // The events keep their payloads.
        QCOMPARE(log.after(5, 1).first().data.value(QStringLiteral("n")).toInteger(), 6);
    }

    void detectsGaps() {
        EventLog log(3);
        for (qint64 s = 1; s <= 10; ++s)
            log.append(makeEvent(s, s % 2));
        // Kept: 8, 9, 10. Resuming after 7 is exact; after 6, event 7 is lost.
        QVERIFY(!hasGap(log, 7));
        QVERIFY(hasGap(log, 6));
        // Even for owner 0, whose events were not the one lost: the log cannot tell.
        QVERIFY(hasGap(log, 6, 0));
        QVERIFY(hasGap(log, 0));
        QVERIFY(!hasGap(log, 10));
    }

    void eventsBeforeTheLogStartedAreAGap() {
        // The bus had published 1..4 before the log listened.
        EventLog log(100);
        log.append(makeEvent(5, 1));
        bool gap = false;
        QCOMPARE(seqs(log.after(4, 1, &gap)), (QList<qint64>{5}));
        QVERIFY(!gap);
        QVERIFY(hasGap(log, 2));
    }

    void emptyLogHasNoGap() {
        EventLog log(10);
        bool gap = true;
        QVERIFY(log.after(0, 1, &gap).isEmpty());
        QVERIFY(!gap);
        QCOMPARE(log.lastSeq(), 0);
        QCOMPARE(log.oldestSeq(), 0);
    }

    void streamIdIsRandomHex() {
        EventLog a, b;
        static const QRegularExpression hex8(QStringLiteral("^[0-9a-f]{8}$"));
        QVERIFY2(hex8.match(a.streamId()).hasMatch(), qPrintable(a.streamId()));
        QVERIFY2(hex8.match(b.streamId()).hasMatch(), qPrintable(b.streamId()));
        QVERIFY(a.streamId() != b.streamId());
        EventLog named(10, QStringLiteral("cafe0001"));
        QCOMPARE(named.streamId(), QStringLiteral("cafe0001"));
    }
};

QTEST_GUILESS_MAIN(TestEventLog)
#include "test_event_log.moc"
