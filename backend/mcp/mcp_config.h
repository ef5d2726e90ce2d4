#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

// The MCP servers the user configured (docs/mcp.md): `mcp.json` in Zerg's config folder
// (ZERG_MCP_CONFIG overrides the path), in the format Claude Desktop, Cursor and Goose use:
//
//   {"mcpServers": {
//      "fs":  {"command": "npx", "args": ["-y", "..."], "env": {"K": "V"}, "cwd": "/srv"},
//      "web": {"url": "https://mcp.example.org/mcp", "headers": {"Authorization": "Bearer
//      ${secret:web_token}"}}
//   }}
//
// Zerg's own keys, next to those of the common format: "disabled": true, "timeoutSeconds": N
// (one call; default 60), "toolPolicy": {"TOOL": "allow" | "ask" | "never"}.
namespace zerg {

enum class McpTransportKind { Stdio, Http };

template <>
struct StatusTable<McpTransportKind> {
    static constexpr std::array<std::pair<McpTransportKind, const char*>, 2> names{{
        {McpTransportKind::Stdio, "stdio"},
        {McpTransportKind::Http, "http"},
    }};
};

// What the user decided for one tool of a server (Goose's per-tool permission):
// Allow: runs without asking in every mode but read-only; Ask: asks every time, autonomous mode
// too; Never: the model does not see it and a call is refused. A tool without a policy follows
// its annotations and the approval mode.
enum class McpToolPolicy { Allow, Ask, Never };

template <>
struct StatusTable<McpToolPolicy> {
    static constexpr std::array<std::pair<McpToolPolicy, const char*>, 3> names{{
        {McpToolPolicy::Allow, "allow"},
        {McpToolPolicy::Ask, "ask"},
        {McpToolPolicy::Never, "never"},
    }};
};

struct McpServerConfig {
    QString name;  // [A-Za-z0-9_-]{1,32}: part of the tool names mcp__<name>__<tool>
    McpTransportKind transport = McpTransportKind::Stdio;
    // stdio
    QString command;
    QStringList args;
    QMap<QString, QString> env;  // values with secrets resolved
    QString cwd;
    // http
    QUrl url;
    QMap<QString, QString> headers;  // values with secrets resolved
    bool disabled = false;
    int timeoutSeconds = 60;
    QHash<QString, McpToolPolicy> toolPolicy;

    // Whether the session must start again for the other config: what it runs or reaches
    // changed (not the timeout or the tool policies, which apply to the next call).
    [[nodiscard]] bool needsRestartFor(const McpServerConfig& other) const {
        return transport != other.transport || command != other.command || args != other.args ||
               env != other.env || cwd != other.cwd || url != other.url || headers != other.headers;
    }
};

// One server entry that could not be used, and why: "server 'web': 'url' is not an http or
// https URL". The other servers still run.
struct McpConfigProblem {
    QString server;  // empty: the file as a whole
    QString message;
};

struct McpConfig {
    QList<McpServerConfig> servers;  // in the file's order (JSON object key order: sorted)
    QList<McpConfigProblem> problems;
    QString path;

    // Reads the file. A missing file is no servers and no problem; a file that is not JSON or has
    // no "mcpServers" object is one problem naming the file (and the line/offset for JSON). A
    // secret reference "${secret:KEY}" in an env or header value is replaced through
    // `readSecret` (empty or error: a problem of that server, which is then left out).
    using SecretReader = std::function<Result<QString>(const QString& key)>;
    [[nodiscard]] static McpConfig loadFile(const QString& path, const SecretReader& readSecret);
    // The reader of Zerg's own secrets: the keychain or the secrets file of configDir (none
    // when configDir is empty).
    [[nodiscard]] static SecretReader storedSecrets(const QString& configDir);
    [[nodiscard]] static McpConfig parse(const QByteArray& json, const QString& path,
                                         const SecretReader& readSecret);

    [[nodiscard]] const McpServerConfig* find(const QString& name) const;
    // The problems as lines for the user ("mcp.json: server 'web': ...").
    [[nodiscard]] QStringList problemLines() const;
};

// Edits of mcp.json from the window and the CLI keep every key Zerg does not know. Each reads
// the file, changes one server and writes it back atomically (0600). Errors: mcp_config (the file
// cannot be read or written, names it and why), mcp_server_unknown, mcp_server_invalid.
namespace mcp_config {
// Adds or replaces a server's entry (`entry` in the file's own format, secret references kept).
[[nodiscard]] Status putServer(const QString& path, const QString& name, const QJsonObject& entry);
[[nodiscard]] Status removeServer(const QString& path, const QString& name);
[[nodiscard]] Status setDisabled(const QString& path, const QString& name, bool disabled);
// Sets a tool's policy; nullopt removes it (the annotations and mode decide again).
[[nodiscard]] Status setToolPolicy(const QString& path, const QString& server, const QString& tool,
                                   std::optional<McpToolPolicy> policy);
// A server's entry as stored (secret references unresolved), {} when absent.
[[nodiscard]] Result<QJsonObject> serverEntry(const QString& path, const QString& name);
}  // namespace mcp_config

}  // namespace zerg
