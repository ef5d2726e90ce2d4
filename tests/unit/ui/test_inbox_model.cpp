// The task inbox's model over its local source (a real SQLite ScheduleStore and a real
// ScheduleService, fake supervisor, ManualClock): order, unread count, reading, the reply's
// context, live delivery. The local source answers at once. Then over a fake source that answers
// later and out of order: a stale answer never wins, and nothing is counted twice.
#include "core/clock.h"
#include "dashboard/inbox_source.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "ui/inbox_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

QDateTime utc(int y, int mo, int d, int h, int mi) {
    return QDateTime(QDate(y, mo, d), QTime(h, mi), Qt::UTC);
}

const QTimeZone kBerlin("Europe/Berlin");

struct Fixture : zerg::test::ScheduleFixture {
    Fixture() : ScheduleFixture(utc(2026, 11, 21, 10, 0)) {}
    // An item created minutesAgo before the fixture's start.
    qint64 add(const QString& title, const QString& body, const QString& severity, int minutesAgo,
               qint64 owner = kOwner) {
        const Result<qint64> id =
            store->addInboxItem(owner, std::nullopt, std::nullopt, title, body, severity,
                                clock.utcNow().addSecs(-60 * minutesAgo));
        return id ? id.value() : 0;
    }
    void makeModel() {
        model.reset();
        source = std::make_unique<StoreInboxSource>(store.get(), service.get(), kOwner, &clock);
        model = std::make_unique<InboxModel>(source.get(), kOwner, &clock);
        model->setDisplayTimeZone(kBerlin);
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    QVariant at(int row, InboxModel::Roles role) const {
        return model->data(model->index(row), role);
    }

    std::unique_ptr<StoreInboxSource> source;
    std::unique_ptr<InboxModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
};

// A source that answers only when the test says so, in any order.
class LateSource final : public InboxSource {
public:
    void list(int, QObject*, SourceReply<InboxPage> done) override { lists.append(done); }
    void markRead(qint64 itemId, QObject*, SourceReply<InboxItem> done) override {
        reads.append({itemId, done});
    }
    void markAllRead(QObject*, SourceReply<int> done) override { allRead.append(done); }

    QList<SourceReply<InboxPage>> lists;
    QList<std::pair<qint64, SourceReply<InboxItem>>> reads;
    QList<SourceReply<int>> allRead;
};

InboxItem item(qint64 id, const QString& title, bool read = false) {
    InboxItem i;
    i.id = id;
    i.ownerId = kOwner;
    i.title = title;
    i.body = QStringLiteral("body of ") + title;
    i.severity = QStringLiteral("info");
    i.createdAt = utc(2026, 11, 21, 9, int(id));
    if (read)
        i.readAt = utc(2026, 11, 21, 9, 30);
    return i;
}

}  // namespace

class TestInboxModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom)); }

    void newestFirstWithTheUnreadCount() {
        Fixture f;
        f.add(QStringLiteral("old check"), QStringLiteral("all fine"), QStringLiteral("info"), 120);
        f.add(
            QStringLiteral("disks"),
            QStringLiteral("## Disk on *web1*\n\n> `/var` is **97%** full.\n\nSeverity: critical"),
            QStringLiteral("critical"), 5);
        f.add(QStringLiteral("other owner"), QStringLiteral("x"), QStringLiteral("info"), 1, 2);
        f.makeModel();
        QCOMPARE(f.model->count(), 2);
        QCOMPARE(f.model->unreadCount(), 2);
        QCOMPARE(f.at(0, InboxModel::TitleRole).toString(), QStringLiteral("disks"));
        QCOMPARE(f.at(1, InboxModel::TitleRole).toString(), QStringLiteral("old check"));
        QCOMPARE(f.at(0, InboxModel::SeverityRole).toString(), QStringLiteral("critical"));
        QCOMPARE(f.at(0, InboxModel::CreatedTextRole).toString(),
                 QStringLiteral("Sat 21 Nov 10:55"));  // 09:55 UTC in Berlin
        QVERIFY(!f.at(0, InboxModel::ReadRole).toBool());
        QCOMPARE(f.at(0, InboxModel::ExcerptRole).toString(),
                 QStringLiteral("Disk on web1 /var is 97% full."));
        QVERIFY(f.at(0, InboxModel::BodyRole).toString().startsWith(QStringLiteral("## Disk")));
        QVERIFY(f.at(0, InboxModel::ItemIdRole).toLongLong() > 0);
    }

    void openingShowsAnItemAndMarksItRead() {
        Fixture f;
        const qint64 first =
            f.add(QStringLiteral("a"), QStringLiteral("body a"), QStringLiteral("info"), 10);
        const qint64 second =
            f.add(QStringLiteral("b"), QStringLiteral("**body b**"), QStringLiteral("warning"), 5);
        f.makeModel();
        QSignalSpy unread(f.model.get(), &InboxModel::unreadCountChanged);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy current(f.model.get(), &InboxModel::currentChanged);

        QCOMPARE(f.model->open(second), QString());
        QCOMPARE(f.model->currentId(), second);
        QCOMPARE(f.model->currentTitle(), QStringLiteral("b"));
        QCOMPARE(f.model->currentBody(), QStringLiteral("**body b**"));
        QCOMPARE(f.model->currentSeverity(), QStringLiteral("warning"));
        QCOMPARE(f.model->currentCreatedText(), QStringLiteral("Sat 21 Nov 10:55"));
        QVERIFY(current.size() >= 1);
        QVERIFY(f.at(0, InboxModel::ReadRole).toBool());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 0);
        QCOMPARE(f.model->unreadCount(), 1);
        QCOMPARE(unread.size(), 1);
        QVERIFY(f.store->inboxItem(kOwner, second)->isRead());
        QVERIFY(!f.store->inboxItem(kOwner, first)->isRead());

        // Opening it again changes nothing; an unknown item says so.
        QCOMPARE(f.model->open(second), QString());
        QCOMPARE(f.model->unreadCount(), 1);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!f.model->open(999).isEmpty());
        f.model->close();
        QCOMPARE(f.model->currentId(), 0);
        QCOMPARE(f.model->currentBody(), QString());

        // A new model reads what was stored.
        f.makeModel();
        QCOMPARE(f.model->unreadCount(), 1);
        QVERIFY(f.at(0, InboxModel::ReadRole).toBool());
    }

    void markAllReadClearsTheCount() {
        Fixture f;
        for (int i = 0; i < 3; ++i)
            f.add(QStringLiteral("c%1").arg(i), QStringLiteral("b"), QStringLiteral("info"), i);
        f.makeModel();
        QCOMPARE(f.model->open(f.model->at(1).id), QString());
        QCOMPARE(f.model->unreadCount(), 2);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy finished(f.model.get(), &InboxModel::actionFinished);
        f.model->markAllRead();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("markAllRead"));
        QVERIFY(finished.at(0).at(1).toBool());
        QVERIFY(!f.model->busy());
        QCOMPARE(f.model->unreadCount(), 0);
        QCOMPARE(changed.size(), 1);
        for (int i = 0; i < 3; ++i)
            QVERIFY(f.at(i, InboxModel::ReadRole).toBool());
        QCOMPARE(f.store->unreadCount(kOwner).value(), 0);
    }

    void replyPutsTheResultInContext() {
        InboxItem item;
        item.id = 4;
        item.title = QStringLiteral("morning check");
        item.body = QStringLiteral("\n## Disks\n\n/var on web1 is 97% full.\nSeverity: critical\n");
        item.createdAt = utc(2026, 11, 23, 5, 0);
        const QString text =
            InboxModel::replyText(item, QStringLiteral("  clean up /var/log please \n"), kBerlin);
        QCOMPARE(text,
                 QStringLiteral("About the scheduled check \"morning check\" (Mon 23 Nov 2026 "
                                "06:00), which found:\n"
                                "> ## Disks\n"
                                ">\n"
                                "> /var on web1 is 97% full.\n"
                                "> Severity: critical\n"
                                "\n"
                                "clean up /var/log please"));
    }

    void replyQuotesALongResultTrimmed() {
        InboxItem item;
        item.title = QStringLiteral("logs");
        QString body;
        for (int i = 0; i < 400; ++i)
            body += QStringLiteral("line %1 ok\n").arg(i, 3, 10, QLatin1Char('0'));
        item.body = body;
        item.createdAt = utc(2026, 11, 23, 5, 0);
        const QString text = InboxModel::replyText(item, QStringLiteral("why?"), kBerlin);
        QVERIFY(text.size() < 2000);
        QVERIFY(text.size() > InboxModel::kQuotedChars);
        QVERIFY(text.contains(QStringLiteral("> line 000 ok\n")));
        QVERIFY(!text.contains(QStringLiteral("line 399")));
        QVERIFY(text.contains(QStringLiteral("…\n\nwhy?")));
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (int i = 1; i < lines.size() - 2; ++i)
            QVERIFY2(lines.at(i).startsWith(QLatin1Char('>')), qPrintable(lines.at(i)));
        QVERIFY(text.endsWith(QStringLiteral("why?")));
    }

    void replyAsksTheChatToSend() {
        Fixture f;
        const qint64 id = f.add(QStringLiteral("disks"), QStringLiteral("/var is full"),
                                QStringLiteral("critical"), 5);
        f.makeModel();
        QSignalSpy requested(f.model.get(), &InboxModel::replyRequested);
        QVERIFY(!f.model->reply(id, QStringLiteral("   ")).isEmpty());
        QVERIFY(!f.model->reply(999, QStringLiteral("hi")).isEmpty());
        QCOMPARE(requested.size(), 0);
        QCOMPARE(f.model->reply(id, QStringLiteral("what is using it?")), QString());
        QCOMPARE(requested.size(), 1);
        const QString text = requested.at(0).at(0).toString();
        QVERIFY(text.startsWith(
            QStringLiteral("About the scheduled check \"disks\" (Sat 21 Nov 2026 10:55)")));
        QVERIFY(text.contains(QStringLiteral("> /var is full")));
        QVERIFY(text.endsWith(QStringLiteral("\n\nwhat is using it?")));
    }

    void excerptIsPlainAndShort() {
        QCOMPARE(InboxModel::excerptOf(QStringLiteral("# Title\n\n* item **bold**\n`code`")),
                 QStringLiteral("Title item bold code"));
        const QString longBody = QString(QStringLiteral("word ")).repeated(100);
        const QString excerpt = InboxModel::excerptOf(longBody);
        QVERIFY(excerpt.size() <= InboxModel::kExcerptChars);
        QVERIFY(excerpt.size() > InboxModel::kExcerptChars * 3 / 4);
        QVERIFY(excerpt.endsWith(QChar(0x2026)));
        QCOMPARE(InboxModel::excerptOf(QString()), QString());
        // The severity line is left out (the panel shows the severity by the title).
        QCOMPARE(InboxModel::excerptOf(QStringLiteral("All fine.\n\n**Severity:** info")),
                 QStringLiteral("All fine."));
    }

    void aLateAnswerNeverReplacesANewerOne() {
        ManualClock clock(utc(2026, 11, 21, 10, 0));
        LateSource source;
        InboxModel model(&source, kOwner, &clock);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(source.lists.size(), 1);
        model.reload();
        source.lists.at(1)(InboxPage{{item(3, QStringLiteral("c")), item(2, QStringLiteral("b")),
                                      item(1, QStringLiteral("a"), true)},
                                     7});
        QCOMPARE(model.count(), 3);
        QCOMPARE(model.unreadCount(), 7);  // also the unread items older than the page
        source.lists.at(0)(InboxPage{{item(1, QStringLiteral("a"))}, 1});  // stale
        QCOMPARE(model.count(), 3);
        QCOMPARE(model.unreadCount(), 7);
        QCOMPARE(model.data(model.index(0), InboxModel::TitleRole).toString(), QStringLiteral("c"));

        // Read when the source says so, once.
        QSignalSpy finished(&model, &InboxModel::actionFinished);
        QCOMPARE(model.open(3), QString());
        QCOMPARE(model.currentTitle(), QStringLiteral("c"));  // shown at once
        QVERIFY(model.busy());
        QVERIFY(!model.data(model.index(0), InboxModel::ReadRole).toBool());
        QCOMPARE(model.unreadCount(), 7);
        InboxItem read = item(3, QStringLiteral("c"), true);
        source.reads.at(0).second(read);
        QVERIFY(model.data(model.index(0), InboxModel::ReadRole).toBool());
        QCOMPARE(model.unreadCount(), 6);
        QVERIFY(!model.busy());
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("open"));
        QVERIFY(finished.at(0).at(1).toBool());

        // Mark all read answered before an earlier open: the item is not counted twice.
        QCOMPARE(model.open(2), QString());
        model.markAllRead();
        source.allRead.at(0)(6);
        QCOMPARE(model.unreadCount(), 0);
        source.reads.at(1).second(item(2, QStringLiteral("b"), true));
        QCOMPARE(model.unreadCount(), 0);
        for (int row = 0; row < model.count(); ++row)
            QVERIFY(model.data(model.index(row), InboxModel::ReadRole).toBool());

        // A delivery arrives; marking it read fails: it stays unread and the error says why.
        Q_EMIT source.delivered(item(4, QStringLiteral("d")));
        QCOMPARE(model.count(), 4);
        QCOMPARE(model.unreadCount(), 1);
        Q_EMIT source.delivered(item(4, QStringLiteral("d")));  // already there
        QCOMPARE(model.count(), 4);
        QCOMPARE(model.open(4), QString());
        source.reads.at(2).second(
            Error{QStringLiteral("not_connected"), QStringLiteral("offline")});
        QVERIFY(!model.data(model.index(0), InboxModel::ReadRole).toBool());
        QCOMPARE(model.unreadCount(), 1);
        QVERIFY(model.error().contains(QStringLiteral("offline")));
        QVERIFY(!finished.constLast().at(1).toBool());
        QVERIFY(!model.busy());
    }

    void aDeliveredResultAppearsOnTop() {
        Fixture f;
        f.add(QStringLiteral("earlier"), QStringLiteral("b"), QStringLiteral("info"), 60);
        const auto s =
            f.service->createSchedule(QStringLiteral("web disks"), QStringLiteral("check df"),
                                      QStringLiteral("@daily"), QStringLiteral("UTC"));
        QVERIFY(s);
        f.makeModel();
        QSignalSpy reset(f.model.get(), &QAbstractItemModel::modelReset);
        QSignalSpy inserted(f.model.get(), &QAbstractItemModel::rowsInserted);
        QSignalSpy unread(f.model.get(), &InboxModel::unreadCountChanged);
        QVERIFY(f.service->runNow(s->id));
        f.clock.advance(20 * 1000);
        f.service->runFinished(f.runner.lastRun, RunStatus::Success,
                               QStringLiteral("web1: /var 97%\n\nSeverity: critical"), false);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);
        QCOMPARE(f.model->count(), 2);
        QCOMPARE(f.model->unreadCount(), 2);
        QCOMPARE(unread.size(), 1);
        QCOMPARE(f.at(0, InboxModel::TitleRole).toString(), QStringLiteral("web disks"));
        QCOMPARE(f.at(0, InboxModel::SeverityRole).toString(), QStringLiteral("critical"));
        QCOMPARE(f.at(0, InboxModel::CreatedTextRole).toString(),
                 QStringLiteral("Sat 21 Nov 11:00"));
        QCOMPARE(reset.size(), 0);
        // The new item opens like any other.
        QCOMPARE(f.model->open(f.model->at(0).id), QString());
        QCOMPARE(f.model->unreadCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestInboxModel)
#include "test_inbox_model.moc"
