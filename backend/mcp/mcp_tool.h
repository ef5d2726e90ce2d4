#pragma once

#include "mcp/argument_schema.h"
#include "mcp/mcp_client.h"
#include "mcp/mcp_config.h"
#include "tools/tool.h"

#include <QPointer>

#include <optional>

namespace zerg {

// One tool of an MCP server, as a Zerg tool named mcp__<server>__<tool>. Arguments are checked
// against the tool's input schema before anything is sent; the result keeps the server's
// content (text, images saved as files in the worker's folder, resource links and embedded
// resources, structuredContent, isError). Classification: the user's per-tool policy first, then
// the server's annotations (readOnlyHint, destructiveHint); a tool that says nothing counts as
// changing.
class McpTool final : public Tool {
public:
    struct Binding {
        QString server;
        QString exposedName;  // mcp__<server>__<tool>, at most 64 characters
        McpToolInfo info;
        std::optional<McpToolPolicy> policy;
        ArgumentSchema schema;
        qint64 timeoutMs = 60000;
    };
    McpTool(Binding binding, QPointer<McpClient> client);

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;
    [[nodiscard]] std::shared_ptr<Tool> forWorker(const WorkerScope& scope) const override;

    [[nodiscard]] const Binding& binding() const { return m_b; }

    // mcp__<server>__<tool> with every character a model API refuses replaced by '_' and cut
    // to 64 characters.
    [[nodiscard]] static QString exposedName(const QString& server, const QString& tool);
    // A CallToolResult as a Zerg tool result (images written below imageDir when it is set).
    [[nodiscard]] static ToolResult toToolResult(const QString& server, const QString& tool,
                                                 const QJsonObject& callResult,
                                                 const QString& imageDir);

private:
    Binding m_b;
    QPointer<McpClient> m_client;
    std::optional<WorkerScope> m_scope;
};

class McpServers;

// mcp_list_resources {server, cursor?} and mcp_read_resource {server, uri}: a worker lists and
// reads the resources of the ready servers that offer them (resources/list, resources/read).
// Reading only reads. Text comes back as text; binary contents are saved to the worker's folder
// like images.
class McpResourceTool final : public Tool {
public:
    enum class Kind { List, Read };
    // servers: the ready servers with resources when the tool was made (the schema's enum).
    McpResourceTool(Kind kind, QPointer<McpServers> servers, QStringList serverNames);

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;
    [[nodiscard]] std::shared_ptr<Tool> forWorker(const WorkerScope& scope) const override;

private:
    Kind m_kind;
    QPointer<McpServers> m_servers;
    QStringList m_serverNames;
    std::optional<WorkerScope> m_scope;
};

}  // namespace zerg
