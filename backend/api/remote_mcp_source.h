#pragma once

#include "dashboard/mcp_source.h"

namespace zerg::api {

class RemoteClient;

// Settings › MCP servers over the server's `mcp_servers`, `mcp_log` and `mcp_restart`: the
// servers a `zerg serve` runs for its workers. Read-only plus restart: editing the server's
// mcp.json from a client would let anyone holding a token run any command on the server (an
// entry's command runs there), so the edits fail here with `forbidden` and the server's list
// says editable false. The server sends no event when a server's state changes, so
// announcesChanges() is false and the section reads again while it is shown. client must
// outlive this.
class RemoteMcpSource final : public McpSource {
    Q_OBJECT
public:
    explicit RemoteMcpSource(RemoteClient* client, QObject* parent = nullptr)
        : McpSource(parent), m_client(client) {}

    void list(QObject* context, SourceReply<McpServersList> done) override;
    void log(const QString& name, QObject* context, SourceReply<QString> done) override;
    void put(const QString& originalName, const QString& name, const QJsonObject& entry,
             QObject* context, SourceReply<Ok> done) override;
    void remove(const QString& name, QObject* context, SourceReply<Ok> done) override;
    void setDisabled(const QString& name, bool disabled, QObject* context,
                     SourceReply<Ok> done) override;
    void restart(const QString& name, QObject* context, SourceReply<Ok> done) override;
    void setToolPolicy(const QString& server, const QString& tool,
                       std::optional<McpToolPolicy> policy, QObject* context,
                       SourceReply<Ok> done) override;
    [[nodiscard]] bool announcesChanges() const override { return false; }

    // Why an edit is refused (code forbidden): who edits the server's mcp.json, and where.
    [[nodiscard]] static Error editRefused();

private:
    RemoteClient* m_client;
};

}  // namespace zerg::api
