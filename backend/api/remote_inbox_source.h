#pragma once

#include "dashboard/inbox_source.h"

namespace zerg {
class EventBus;
struct Event;
}  // namespace zerg

namespace zerg::api {

class RemoteClient;

// The task inbox over the server's inbox commands (docs/api.md, "Dashboard"). delivered()
// follows the server's inbox_delivered events, which the RemoteClient publishes again on bus as
// localOwnerId's; items read back carry localOwnerId as their owner. client and bus must outlive
// this.
class RemoteInboxSource final : public InboxSource {
    Q_OBJECT
public:
    RemoteInboxSource(RemoteClient* client, EventBus* bus, qint64 localOwnerId,
                      QObject* parent = nullptr);

    void list(int limit, QObject* context, SourceReply<InboxPage> done) override;
    void markRead(qint64 itemId, QObject* context, SourceReply<InboxItem> done) override;
    void markAllRead(QObject* context, SourceReply<int> done) override;

private:
    void onEvent(const Event& event);

    RemoteClient* m_client;
    qint64 m_ownerId;
};

}  // namespace zerg::api
