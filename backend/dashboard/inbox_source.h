#pragma once

#include "dashboard/reply.h"
#include "storage/schedule_store.h"

#include <QJsonObject>
#include <QList>
#include <QObject>

namespace zerg {

class Clock;
class ScheduleService;

// What the task inbox shows: the newest results, and how many of all of them are unread.
struct InboxPage {
    QList<InboxItem> items;  // newest first
    int unreadCount = 0;     // of every item, also those older than the page
};

// Where the task inbox reads from and marks read: StoreInboxSource here, RemoteInboxSource
// (api/) over the server's inbox commands. delivered() brings a new result as it arrives.
class InboxSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // At most limit (1..500) items.
    virtual void list(int limit, QObject* context, SourceReply<InboxPage> done) = 0;
    // The item as it is after being marked read (an item read before keeps its first read time).
    // not_found for an item that is not the owner's.
    virtual void markRead(qint64 itemId, QObject* context, SourceReply<InboxItem> done) = 0;
    // How many items were unread.
    virtual void markAllRead(QObject* context, SourceReply<int> done) = 0;

Q_SIGNALS:
    void delivered(const zerg::InboxItem& item);
};

// Over the local ScheduleStore, answering at once; delivered() follows the ScheduleService
// (service may be null: nothing arrives live). Read times come from clock. store, service and
// clock must outlive this.
class StoreInboxSource final : public InboxSource {
    Q_OBJECT
public:
    StoreInboxSource(ScheduleStore* store, ScheduleService* service, qint64 ownerId, Clock* clock,
                     QObject* parent = nullptr);

    void list(int limit, QObject* context, SourceReply<InboxPage> done) override;
    void markRead(qint64 itemId, QObject* context, SourceReply<InboxItem> done) override;
    void markAllRead(QObject* context, SourceReply<int> done) override;

private:
    ScheduleStore* m_store;
    qint64 m_ownerId;
    Clock* m_clock;
};

namespace recordjson {
// {items: [item, …], unread_count}
[[nodiscard]] QJsonObject toJson(const InboxPage& page);
[[nodiscard]] Result<InboxPage> inboxPage(const QJsonObject& o);
// {item: {…}}
[[nodiscard]] QJsonObject inboxItemJson(const InboxItem& item);
[[nodiscard]] Result<InboxItem> inboxItemIn(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
