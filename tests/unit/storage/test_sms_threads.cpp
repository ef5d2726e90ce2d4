// SmsThreadStore and ReplyLog (issue 27, migration 18): the SMS Zerg sent (a reply is about the
// latest one sent to the number); the replies received by SMS or e-mail (each claimed once,
// whatever the process) and their answers (each claimed once). On a real SQLite file and, as
// test_sms_threads_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/reply_log.h"
#include "storage/sms_threads.h"
#include "why.h"

#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);
const QString kOps = QStringLiteral("+4915112345678");

}  // namespace

class TestSmsThreads : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    std::unique_ptr<Database> fresh() {
        auto db =
            test::openTestDatabase(m_tmp.filePath(QStringLiteral("s%1.sqlite").arg(++m_n)), kT0);
        if (!db)
            qFatal("%s", qPrintable(db.error().message));
        return std::move(db).value();
    }

private Q_SLOTS:
    void theLatestSmsSentToANumberIsFound() {
        const auto db = fresh();
        SmsThreadStore store(db.get());
        QVERIFY(!store.latestSent(kOps)->has_value());
        SentSms alert;
        alert.ownerId = 2;
        alert.kind = SmsKind::Alert;
        alert.inboxItemId = 7;
        alert.number = kOps;
        alert.sentAt = kT0;
        QVERIFY2(store.recordSent(alert), "alert");
        SentSms other = alert;
        other.number = QStringLiteral("+15005550006");
        other.inboxItemId = 8;
        QVERIFY(store.recordSent(other));
        auto latest = store.latestSent(kOps);
        QVERIFY2(latest, why(latest));
        QVERIFY(latest->has_value());
        QCOMPARE((*latest)->kind, SmsKind::Alert);
        QCOMPARE((*latest)->inboxItemId, qint64(7));
        QCOMPARE((*latest)->ownerId, qint64(2));
        QCOMPARE((*latest)->sentAt, kT0);
        SentSms answer;
        answer.ownerId = 2;
        answer.kind = SmsKind::Answer;
        answer.runId = 41;
        answer.number = kOps;
        answer.sentAt = kT0.addSecs(60);
        QVERIFY(store.recordSent(answer));
        latest = store.latestSent(kOps);
        QCOMPARE((*latest)->kind, SmsKind::Answer);
        QCOMPARE((*latest)->runId, qint64(41));
        QCOMPARE((*latest)->inboxItemId, qint64(0));
        SentSms nobody;
        nobody.number = kOps;
        QVERIFY(!store.recordSent(nobody));  // no owner
    }

    void aReplyIsClaimedOnceAndItsAnswerOnce_data() {
        QTest::addColumn<ReplyLog::Channel>("channel");
        QTest::newRow("sms") << ReplyLog::Channel::Sms;
        QTest::newRow("email") << ReplyLog::Channel::Email;
    }

    // The replies of every channel: each claimed once, its answer claimed once.
    void aReplyIsClaimedOnceAndItsAnswerOnce() {
        QFETCH(ReplyLog::Channel, channel);
        const auto db = fresh();
        ReplyLog store(db.get(), channel);
        auto first = store.claim(QStringLiteral("SM1"), kOps, kT0);
        QVERIFY2(first, why(first));
        QVERIFY(first.value());
        QVERIFY(!store.claim(QStringLiteral("SM1"), kOps, kT0.addSecs(5)).value());
        ReplyRecord r;
        r.messageId = QStringLiteral("SM1");
        r.ownerId = 3;
        r.sender = kOps;
        r.outcome = ReplyOutcome::FollowUp;
        r.runId = 99;
        r.repliedTo = QStringLiteral("alert-1@zerg.example.test");
        QVERIFY(store.finish(r));
        const auto read = store.find(QStringLiteral("SM1"));
        QVERIFY2(read, why(read));
        QCOMPARE((*read)->outcome, ReplyOutcome::FollowUp);
        QCOMPARE((*read)->runId, qint64(99));
        QCOMPARE((*read)->repliedTo, QStringLiteral("alert-1@zerg.example.test"));
        QCOMPARE((*read)->receivedAt, kT0);
        QVERIFY(!(*read)->answeredAt.isValid());

        QVERIFY(!store.claimAnswer(98, kT0)->has_value());  // no SMS asked run 98
        const auto answer = store.claimAnswer(99, kT0.addSecs(30));
        QVERIFY2(answer, why(answer));
        QVERIFY(answer->has_value());
        QCOMPARE((*answer)->sender, kOps);
        QCOMPARE((*answer)->ownerId, qint64(3));
        QCOMPARE((*answer)->answeredAt, kT0.addSecs(30));
        QVERIFY(!store.claimAnswer(99, kT0.addSecs(31))->has_value());  // sent once
    }
};

QTEST_GUILESS_MAIN(TestSmsThreads)
#include "test_sms_threads.moc"
