#pragma once

#include "dashboard/tree_source.h"

namespace zerg::api {

class RemoteClient;

// The Supervision tree page over the server's `supervision`: the server's tree as the client's
// owner may see it (the services, and only that owner's runs and workers). The services' events
// are not sent to clients, so the page polls (needsPolling). client must outlive this.
class RemoteTreeSource final : public TreeSource {
public:
    explicit RemoteTreeSource(RemoteClient* client) : m_client(client) {}

    void snapshot(QObject* context, SourceReply<QJsonObject> done) override;
    [[nodiscard]] bool needsPolling() const override { return true; }

private:
    RemoteClient* m_client;
};

}  // namespace zerg::api
