// The task inbox through `zerg serve`: RemoteInboxSource asks the server's inbox commands, which
// answer from the owner's StoreInboxSource. The page it reads back equals the local one field by
// field; marking read through it changes the server's store; a result delivered on the server
// reaches it as an inbox_delivered event, item and all; errors keep their codes and bad arguments
// are refused and named.
#include "remote_sources_fixture.h"

#include <QSignalSpy>

using namespace zerg;
using namespace zerg::test;

namespace {

void compare(const InboxItem& r, const InboxItem& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.runId, l.runId);
    QCOMPARE(r.scheduleId, l.scheduleId);
    QCOMPARE(r.title, l.title);
    QCOMPARE(r.body, l.body);
    QCOMPARE(r.severity, l.severity);
    QCOMPARE(r.createdAt, l.createdAt);
    QCOMPARE(r.readAt, l.readAt);
}

Result<InboxPage> pageOf(RemoteSourcesFixture& f, InboxSource* source, int limit) {
    return f.await<InboxPage>([&](QObject* c, auto done) { source->list(limit, c, done); });
}

QString messageOf(const auto& result) {
    return result ? QString() : result.error().message;
}

// The error's code; "<ok>" when there is none.
QString codeOf(const auto& result) {
    return result ? u"<ok>"_s : result.error().code;
}

}  // namespace

class TestRemoteInbox : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void thePageEqualsTheLocalOne() {
        RemoteSourcesFixture f;
        const QDateTime t0(QDate(2026, 11, 20), QTime(6, 0), Qt::UTC);
        const auto s =
            f.scheduler->createSchedule(u"disks"_s, u"check df"_s, u"@daily"_s, u"UTC"_s);
        QVERIFY(s);
        const Result<qint64> old =
            f.schedules->addInboxItem(f.kOwner, std::nullopt, std::nullopt, u"certificates"_s,
                                      u"All valid."_s, u"info"_s, t0);
        QVERIFY(old.ok());
        QVERIFY(f.schedules->markRead(f.kOwner, old.value(), t0.addSecs(60)).ok());
        QVERIFY(f.schedules
                    ->addInboxItem(f.kOwner, std::nullopt, s->id, u"disks"_s,
                                   u"## /var\n\n97% full. Severity: critical"_s, u"critical"_s,
                                   t0.addSecs(3600))
                    .ok());
        QVERIFY(f.schedules
                    ->addInboxItem(f.kOwner, std::nullopt, std::nullopt, u"load"_s,
                                   u"web2 load is 12"_s, u"warning"_s, t0.addSecs(7200))
                    .ok());
        QVERIFY(f.schedules
                    ->addInboxItem(2, std::nullopt, std::nullopt, u"not mine"_s, u"x"_s, u"info"_s,
                                   t0.addSecs(9000))
                    .ok());

        const Result<InboxPage> l = pageOf(f, f.local->sources().inbox, 50);
        const Result<InboxPage> r = pageOf(f, f.remote->sources().inbox, 50);
        QVERIFY2(l.ok(), qPrintable(messageOf(l)));
        QVERIFY2(r.ok(), qPrintable(messageOf(r)));
        QCOMPARE(l->items.size(), 3);
        QCOMPARE(l->unreadCount, 2);
        QCOMPARE(r->unreadCount, l->unreadCount);
        QCOMPARE(r->items.size(), l->items.size());
        for (qsizetype i = 0; i < l->items.size(); ++i)
            compare(r->items.at(i), l->items.at(i));
        QCOMPARE(r->items.at(1).scheduleId, s->id);

        // A shorter page still counts every unread item.
        const Result<InboxPage> one = pageOf(f, f.remote->sources().inbox, 1);
        QVERIFY(one.ok());
        QCOMPARE(one->items.size(), 1);
        QCOMPARE(one->unreadCount, 2);
        compare(one->items.at(0), l->items.at(0));
    }

    void markingReadChangesTheServersStore() {
        RemoteSourcesFixture f;
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-600);
        const auto add = [&](qint64 owner, const QString& title, int seconds) {
            const Result<qint64> id =
                f.schedules->addInboxItem(owner, std::nullopt, std::nullopt, title, u"body"_s,
                                          u"info"_s, t0.addSecs(seconds));
            return id ? id.value() : 0;
        };
        const qint64 a = add(f.kOwner, u"a"_s, 0);
        const qint64 b = add(f.kOwner, u"b"_s, 1);
        QVERIFY(a > 0 && b > 0 && add(f.kOwner, u"c"_s, 2) > 0);
        InboxSource* remote = f.remote->sources().inbox;

        const Result<InboxItem> read =
            f.await<InboxItem>([&](QObject* c, auto done) { remote->markRead(a, c, done); });
        QVERIFY2(read.ok(), qPrintable(messageOf(read)));
        const Result<InboxItem> stored = f.schedules->inboxItem(f.kOwner, a);
        QVERIFY(stored->isRead());
        compare(read.value(), stored.value());
        QCOMPARE(f.schedules->unreadCount(f.kOwner).value(), 2);
        // Read again: the first read time stays.
        const Result<InboxItem> again =
            f.await<InboxItem>([&](QObject* c, auto done) { remote->markRead(a, c, done); });
        QCOMPARE(again->readAt, stored->readAt);

        const Result<int> marked =
            f.await<int>([&](QObject* c, auto done) { remote->markAllRead(c, done); });
        QVERIFY(marked.ok());
        QCOMPARE(marked.value(), 2);
        QCOMPARE(f.schedules->unreadCount(f.kOwner).value(), 0);
        QVERIFY(f.schedules->inboxItem(f.kOwner, b)->isRead());

        // Another owner's item is not found, like a missing one.
        const qint64 theirs = add(2, u"x"_s, 3);
        QVERIFY(theirs > 0);
        const Result<InboxItem> notMine =
            f.await<InboxItem>([&](QObject* c, auto done) { remote->markRead(theirs, c, done); });
        QCOMPARE(codeOf(notMine), u"not_found"_s);
        QVERIFY(!f.schedules->inboxItem(2, theirs)->isRead());
        QCOMPARE(codeOf(f.await<InboxItem>(
                     [&](QObject* c, auto done) { remote->markRead(999, c, done); })),
                 u"not_found"_s);
    }

    void aDeliveryOnTheServerReachesTheRemoteSource() {
        RemoteSourcesFixture f;
        QSignalSpy delivered(f.remote->sources().inbox, &InboxSource::delivered);
        const auto s =
            f.scheduler->createSchedule(u"web disks"_s, u"check df"_s, u"@daily"_s, u"UTC"_s);
        QVERIFY(s);
        QVERIFY(f.scheduler->runNow(s->id));
        f.scheduler->runFinished(f.runner.lastRun, RunStatus::Success,
                                 u"web1: /var 97%\n\nSeverity: critical"_s, false);
        QVERIFY(delivered.wait(RemoteSourcesFixture::kWaitMs));
        QCOMPARE(delivered.size(), 1);
        const InboxItem item = delivered.at(0).at(0).value<InboxItem>();
        const Result<QList<InboxItem>> stored = f.schedules->listInbox(f.kOwner, 1);
        QVERIFY(stored.ok());
        QCOMPARE(stored->size(), 1);
        compare(item, stored->at(0));
        QCOMPARE(item.title, u"web disks"_s);
        QCOMPARE(item.severity, u"critical"_s);
        QCOMPARE(item.runId, f.runner.lastRun);
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        const auto refused = [&](const QString& op, const QJsonObject& args, const QString& named) {
            const Result<QJsonObject> r = f.command(op, args);
            QVERIFY2(!r.ok(), qPrintable(op));
            QCOMPARE(r.error().code, u"bad_request"_s);
            QVERIFY2(r.error().message.contains(named), qPrintable(r.error().message));
        };
        refused(u"inbox"_s, {{u"limit"_s, 0}}, u"limit"_s);
        refused(u"inbox"_s, {{u"limit"_s, 501}}, u"limit"_s);
        refused(u"inbox"_s, {{u"limit"_s, u"ten"_s}}, u"limit"_s);
        refused(u"inbox_read"_s, {}, u"item_id"_s);
        refused(u"inbox_read"_s, {{u"item_id"_s, 1.5}}, u"item_id"_s);
        // The defaults: no arguments are needed.
        const Result<QJsonObject> page = f.command(u"inbox"_s, {});
        QVERIFY2(page.ok(), qPrintable(messageOf(page)));
        QVERIFY(page->value(u"items"_s).isArray());
        QCOMPARE(page->value(u"unread_count"_s).toInt(), 0);
        const Result<QJsonObject> all = f.command(u"inbox_read_all"_s, {});
        QVERIFY(all.ok());
        QCOMPARE(all->value(u"marked"_s).toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRemoteInbox)
#include "test_remote_inbox.moc"
