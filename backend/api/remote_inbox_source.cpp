#include "api/remote_inbox_source.h"

#include "api/remote_ask.h"
#include "api/remote_client.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "dashboard/record_json.h"
#include "schedule/schedule_json.h"

#include <QCoreApplication>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRemoteInbox, "zerg.remote.inbox")

namespace zerg::api {

using namespace Qt::StringLiterals;

RemoteInboxSource::RemoteInboxSource(RemoteClient* client, EventBus* bus, qint64 localOwnerId,
                                     QObject* parent)
    : InboxSource(parent), m_client(client), m_ownerId(localOwnerId) {
    if (bus)
        connect(bus, &EventBus::published, this, &RemoteInboxSource::onEvent);
}

void RemoteInboxSource::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId)
        return;
    const auto p = payloads::InboxDelivered::from(e);
    if (!p)
        return;
    if (!p->item) {
        qCWarning(lcRemoteInbox,
                  "an inbox_delivered event without its item; the inbox shows it "
                  "when it is next read");
        return;
    }
    InboxItem delivered = recordjson::inboxItem(*p->item);
    delivered.ownerId = m_ownerId;
    Q_EMIT this->delivered(delivered);
}

void RemoteInboxSource::list(int limit, QObject* context, SourceReply<InboxPage> done) {
    askServer<InboxPage>(m_client, u"inbox"_s, {{u"limit"_s, limit}}, context, std::move(done),
                         ownedBy(m_ownerId, &recordjson::inboxPage));
}

void RemoteInboxSource::markRead(qint64 itemId, QObject* context, SourceReply<InboxItem> done) {
    askServer<InboxItem>(m_client, u"inbox_read"_s, {{u"item_id"_s, itemId}}, context,
                         std::move(done), ownedBy(m_ownerId, &recordjson::inboxItemIn));
}

void RemoteInboxSource::markAllRead(QObject* context, SourceReply<int> done) {
    askServer<int>(m_client, u"inbox_read_all"_s, {}, context, std::move(done),
                   [](const QJsonObject& o) -> Result<int> {
                       const QJsonValue marked = o.value(u"marked"_s);
                       if (!marked.isDouble()) {
                           return recordjson::protocolError(QCoreApplication::translate(
                               "zerg::recordjson", "the number of results marked read"));
                       }
                       return int(marked.toInteger());
                   });
}

}  // namespace zerg::api
