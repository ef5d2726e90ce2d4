#include "api/remote_agents_source.h"

#include "api/remote_ask.h"
#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QPointer>

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// {agent: {…}}
Result<AgentRow> agentIn(const QJsonObject& o) {
    const QJsonValue agent = o.value(u"agent"_s);
    if (!agent.isObject()) {
        return recordjson::protocolError(
            QCoreApplication::translate("zerg::recordjson", "the agent"));
    }
    return recordjson::agentRow(agent.toObject());
}

}  // namespace

QJsonObject RemoteAgentsSource::saveArguments(const AgentProfile& t) {
    QJsonObject args{{u"role"_s, statusName(t.role)}, {u"model"_s, t.model}};
    if (t.systemPrompt)
        args.insert(u"system_prompt"_s, *t.systemPrompt);
    if (t.temperature)
        args.insert(u"temperature"_s, *t.temperature);
    if (t.maxTokens)
        args.insert(u"max_tokens"_s, *t.maxTokens);
    if (t.tools)
        args.insert(u"tools"_s, QJsonArray::fromStringList(*t.tools));
    return args;
}

SourceReply<AgentRow> RemoteAgentsSource::announced(SourceReply<AgentRow> done) {
    return [self = QPointer<RemoteAgentsSource>(this), done = std::move(done)](Result<AgentRow> r) {
        if (r && self)
            Q_EMIT self->changed();
        done(std::move(r));
    };
}

void RemoteAgentsSource::list(QObject* context, SourceReply<QList<AgentRow>> done) {
    askServer<QList<AgentRow>>(m_client, u"agents"_s, {}, context, std::move(done),
                               &recordjson::agentsList);
}

void RemoteAgentsSource::save(const AgentProfile& tuning, const QString& device, QObject* context,
                              SourceReply<AgentRow> done) {
    // device is not sent: the server records this connection's device.
    Q_UNUSED(device)
    askServer<AgentRow>(m_client, u"agent_save"_s, saveArguments(tuning), context,
                        announced(std::move(done)), &agentIn);
}

void RemoteAgentsSource::reset(AgentRole role, const QString& device, QObject* context,
                               SourceReply<AgentRow> done) {
    Q_UNUSED(device)
    askServer<AgentRow>(m_client, u"agent_reset"_s, {{u"role"_s, statusName(role)}}, context,
                        announced(std::move(done)), &agentIn);
}

}  // namespace zerg::api
