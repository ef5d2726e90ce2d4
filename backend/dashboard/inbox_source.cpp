#include "dashboard/inbox_source.h"

#include "core/clock.h"
#include "dashboard/record_json.h"
#include "schedule/schedule_json.h"
#include "schedule/schedule_service.h"

#include <QCoreApplication>

namespace zerg {

using namespace Qt::StringLiterals;

StoreInboxSource::StoreInboxSource(ScheduleStore* store, ScheduleService* service, qint64 ownerId,
                                   Clock* clock, QObject* parent)
    : InboxSource(parent), m_store(store), m_ownerId(ownerId), m_clock(clock) {
    if (service)
        connect(service, &ScheduleService::delivered, this, &InboxSource::delivered);
}

void StoreInboxSource::list(int limit, QObject* context, SourceReply<InboxPage> done) {
    Q_UNUSED(context);
    Result<QList<InboxItem>> listed = m_store->listInbox(m_ownerId, limit);
    if (!listed)
        return done(listed.error());
    const Result<int> unread = m_store->unreadCount(m_ownerId);
    if (!unread)
        return done(unread.error());
    done(InboxPage{std::move(listed).value(), unread.value()});
}

void StoreInboxSource::markRead(qint64 itemId, QObject* context, SourceReply<InboxItem> done) {
    Q_UNUSED(context);
    if (const Status read = m_store->markRead(m_ownerId, itemId, m_clock->utcNow()); !read)
        return done(read.error());
    done(m_store->inboxItem(m_ownerId, itemId));
}

void StoreInboxSource::markAllRead(QObject* context, SourceReply<int> done) {
    Q_UNUSED(context);
    done(m_store->markAllRead(m_ownerId, m_clock->utcNow()));
}

namespace recordjson {

QJsonObject toJson(const InboxPage& page) {
    return {{u"items"_s, arrayOf(page.items, [](const InboxItem& i) { return toJson(i); })},
            {u"unread_count"_s, page.unreadCount}};
}

Result<InboxPage> inboxPage(const QJsonObject& o) {
    Result<QList<InboxItem>> items = listOf<InboxItem>(
        o.value(u"items"_s), QCoreApplication::translate("zerg::recordjson", "the task inbox"),
        [](const QJsonObject& i) { return inboxItem(i); });
    if (!items)
        return items.error();
    return InboxPage{std::move(items).value(), int(o.value(u"unread_count"_s).toInteger())};
}

QJsonObject inboxItemJson(const InboxItem& item) {
    return {{u"item"_s, toJson(item)}};
}

Result<InboxItem> inboxItemIn(const QJsonObject& o) {
    const QJsonValue item = o.value(u"item"_s);
    if (!item.isObject())
        return protocolError(QCoreApplication::translate("zerg::recordjson", "the inbox item"));
    return inboxItem(item.toObject());
}

}  // namespace recordjson
}  // namespace zerg
