#pragma once

#include "dashboard/agents_source.h"

namespace zerg::api {

class RemoteClient;

// Dashboard › Agents over the server's `agents`, `agent_save` and `agent_reset` (docs/api.md,
// "Dashboard"): the agents of the `zerg serve` and their tuning, which is the server's (the
// installation's). A change is recorded on the server as made from this connection's device
// ("api:<device id>"), whatever device save() and reset() are given. The server sends no event
// when the tuning changes: changed() follows this source's own successful changes only. client
// must outlive this.
class RemoteAgentsSource final : public AgentsSource {
    Q_OBJECT
public:
    explicit RemoteAgentsSource(RemoteClient* client, QObject* parent = nullptr)
        : AgentsSource(parent), m_client(client) {}

    void list(QObject* context, SourceReply<QList<AgentRow>> done) override;
    void save(const AgentProfile& tuning, const QString& device, QObject* context,
              SourceReply<AgentRow> done) override;
    void reset(AgentRole role, const QString& device, QObject* context,
               SourceReply<AgentRow> done) override;

    // agent_save's arguments for tuning: its role and tuning; a value it leaves unset (nullopt)
    // is left out (the built-in prompt, not sent, all tools).
    [[nodiscard]] static QJsonObject saveArguments(const AgentProfile& tuning);

private:
    // done, after changed() when the change was made.
    [[nodiscard]] SourceReply<AgentRow> announced(SourceReply<AgentRow> done);

    RemoteClient* m_client;
};

}  // namespace zerg::api
