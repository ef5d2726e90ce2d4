// Events across instances (issue 26, docs/server.md): EventRelay journals the owners' events of
// one process and relays those of the others, in order, once, never its own; a failed write is
// kept and written later; on PostgreSQL (test_event_relay_postgres) a NOTIFY wakes the reader
// without waiting for its poll.
#include "api/event_relay.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/event_journal.h"
#include "why.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;
using namespace zerg::api;

namespace {

// One process: its own connection to the shared database, bus, clock and relay.
struct Process {
    std::unique_ptr<Database> db;
    ManualClock clock;
    EventBus bus{&clock};
    std::unique_ptr<EventRelay> relay;
    QList<Event> relayed;

    bool open(const QString& path, qint64 instanceId, EventRelay::Config config = {}) {
        auto opened = test::openTestDatabase(path);
        if (!opened) {
            qWarning("%s", why(opened).constData());
            return false;
        }
        db = std::move(opened).value();
        db->setInstanceId(instanceId);
        relay = std::make_unique<EventRelay>(config, db.get(), &bus, &clock);
        QObject::connect(relay.get(), &EventRelay::relayed,
                         [this](const Event& e) { relayed.append(e); });
        const Status started = relay->start();
        if (!started)
            qWarning("%s", qPrintable(started.error().message));
        return started.ok();
    }
};

QJsonObject step(int n) {
    return {{QStringLiteral("run_id"), 42}, {QStringLiteral("step"), n}};
}

}  // namespace

class TestEventRelay : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_count = 0;
    QString m_path;

private Q_SLOTS:
    void init() { m_path = m_dir.filePath(QStringLiteral("zerg-%1.db").arg(++m_count)); }

    void anotherProcessesEventsAreRelayedInOrderOnce() {
        Process a, b;
        QVERIFY(a.open(m_path, 1));
        QVERIFY(b.open(m_path, 2));
        for (int n = 1; n <= 3; ++n)
            a.bus.publish(QStringLiteral("supervisor_delta"), 7, step(n));
        a.bus.publish(QStringLiteral("heartbeat"), 0, {});  // a service event stays in a
        QCOMPARE(a.relay->pending(), 3);
        a.clock.advance(EventRelay::Config{}.flushMs);  // one write for the three
        QCOMPARE(a.relay->pending(), 0);

        b.relay->poll();
        QCOMPARE(b.relayed.size(), 3);
        for (int n = 1; n <= 3; ++n) {
            const Event& e = b.relayed.at(n - 1);
            QCOMPARE(e.name, QStringLiteral("supervisor_delta"));
            QCOMPARE(e.ownerId, 7);
            QCOMPARE(e.data.value(QStringLiteral("step")).toInt(), n);
            QCOMPARE(e.data.value(QStringLiteral("owner_id")).toInteger(), 7);
            QVERIFY(e.at.isValid());
        }
        b.relay->poll();
        QCOMPARE(b.relayed.size(), 3);  // once
        a.relay->poll();
        QVERIFY(a.relayed.isEmpty());  // never its own

        // b's own poll timer reads what a writes next.
        a.bus.publish(QStringLiteral("supervisor_complete"), 7, step(4));
        a.clock.advance(EventRelay::Config{}.flushMs);
        b.clock.advance(EventRelay::Config{}.pollMs);
        QCOMPARE(b.relayed.size(), 4);
        QCOMPARE(b.relayed.last().name, QStringLiteral("supervisor_complete"));
    }

    void aReaderStartsAtTheJournalsEnd() {
        Process a;
        QVERIFY(a.open(m_path, 1));
        a.bus.publish(QStringLiteral("supervisor_delta"), 7, step(1));
        a.relay->flush();
        Process late;
        QVERIFY(late.open(m_path, 3));
        late.relay->poll();
        QVERIFY(late.relayed.isEmpty());
        a.bus.publish(QStringLiteral("supervisor_delta"), 7, step(2));
        a.relay->flush();
        late.relay->poll();
        QCOMPARE(late.relayed.size(), 1);
        QCOMPARE(late.relayed.first().data.value(QStringLiteral("step")).toInt(), 2);
    }

    void aFailedWriteIsKeptAndWrittenLater() {
        Process a, b;
        QVERIFY(a.open(m_path, 1));
        QVERIFY(b.open(m_path, 2));
        // The journal refuses writes for a while (as an unreachable database would).
        QSqlQuery q(b.db->connection());
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE events RENAME TO events_away")));
        a.bus.publish(QStringLiteral("worker_started"), 7, step(1));
        a.clock.advance(EventRelay::Config{}.flushMs);
        QCOMPARE(a.relay->pending(), 1);  // kept
        a.bus.publish(QStringLiteral("worker_complete"), 7, step(2));
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE events_away RENAME TO events")));
        a.clock.advance(EventRelay::Config{}.pollMs);  // tried again
        QCOMPARE(a.relay->pending(), 0);
        b.relay->poll();
        QCOMPARE(b.relayed.size(), 2);
        QCOMPARE(b.relayed.at(0).name, QStringLiteral("worker_started"));
        QCOMPARE(b.relayed.at(1).name, QStringLiteral("worker_complete"));
    }

    void oldEventsArePruned() {
        Process a;
        QVERIFY(a.open(m_path, 1));
        a.bus.publish(QStringLiteral("worker_started"), 7, step(1));
        a.relay->flush();
        EventJournal journal(a.db.get());
        QCOMPARE(journal.after(0, 10).value().size(), 1);
        a.clock.advance(qint64(EventRelay::Config{}.keepMinutes + 10) * 60'000);
        QCOMPARE(journal.after(0, 10).value().size(), 0);
    }

    void aNotificationWakesTheReaderAtOnce() {
        if (!test::testsUsePostgres())
            QSKIP("LISTEN/NOTIFY is PostgreSQL's: test_event_relay_postgres covers it");
        // Real time and a reader that would poll only after an hour: only the NOTIFY of a's
        // write can make b read within the wait below.
        auto opened = test::openTestDatabase(m_path);
        QVERIFY2(opened, why(opened).constData());
        std::unique_ptr<Database> dbA = std::move(opened).value();
        auto openedB = test::openTestDatabase(m_path);
        QVERIFY2(openedB, why(openedB).constData());
        std::unique_ptr<Database> dbB = std::move(openedB).value();
        dbA->setInstanceId(1);
        dbB->setInstanceId(2);
        SystemClock clock;
        EventBus busA(&clock), busB(&clock);
        EventRelay::Config slow;
        slow.pollMs = 3'600'000;
        EventRelay a(slow, dbA.get(), &busA, &clock);
        EventRelay b(slow, dbB.get(), &busB, &clock);
        QVERIFY(a.start().ok());
        QVERIFY(b.start().ok());
        QSignalSpy relayed(&b, &EventRelay::relayed);
        busA.publish(QStringLiteral("supervisor_complete"), 7, step(1));
        QTRY_COMPARE_WITH_TIMEOUT(relayed.size(), 1, 10'000);
        QCOMPARE(relayed.first().first().value<Event>().name,
                 QStringLiteral("supervisor_complete"));
    }
};

QTEST_GUILESS_MAIN(TestEventRelay)
#include "test_event_relay.moc"
