#include "api/remote_mcp_source.h"

#include "api/remote_ask.h"

namespace zerg::api {
using namespace Qt::StringLiterals;

Error RemoteMcpSource::editRefused() {
    return Error{u"forbidden"_s,
                 tr("The MCP servers of a Zerg server cannot be changed from here: their "
                    "commands run on the server. The server's administrator edits mcp.json on "
                    "the server, and the server applies it at once.")};
}

void RemoteMcpSource::list(QObject* context, SourceReply<McpServersList> done) {
    askServer<McpServersList>(m_client, u"mcp_servers"_s, {}, context, std::move(done),
                              &recordjson::mcpServersList);
}

void RemoteMcpSource::log(const QString& name, QObject* context, SourceReply<QString> done) {
    askServer<QString>(m_client, u"mcp_log"_s, {{u"name"_s, name}}, context, std::move(done),
                       &recordjson::mcpLogText);
}

void RemoteMcpSource::restart(const QString& name, QObject* context, SourceReply<Ok> done) {
    askServer<Ok>(m_client, u"mcp_restart"_s, {{u"name"_s, name}}, context, std::move(done),
                  [](const QJsonObject&) { return Ok{}; });
}

void RemoteMcpSource::put(const QString&, const QString&, const QJsonObject&, QObject*,
                          SourceReply<Ok> done) {
    done(editRefused());
}

void RemoteMcpSource::remove(const QString&, QObject*, SourceReply<Ok> done) {
    done(editRefused());
}

void RemoteMcpSource::setDisabled(const QString&, bool, QObject*, SourceReply<Ok> done) {
    done(editRefused());
}

void RemoteMcpSource::setToolPolicy(const QString&, const QString&, std::optional<McpToolPolicy>,
                                    QObject*, SourceReply<Ok> done) {
    done(editRefused());
}

}  // namespace zerg::api
