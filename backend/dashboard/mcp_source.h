#pragma once

#include "dashboard/reply.h"
#include "mcp/mcp_config.h"
#include "mcp/mcp_servers.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg {

// One tool of an MCP server as Settings › MCP servers lists it.
struct McpToolRow {
    QString name;
    QString title;
    QString description;
    // The server's annotations; unset: the server says nothing (the tool counts as changing).
    std::optional<bool> readOnlyHint;
    std::optional<bool> destructiveHint;
    // The user's policy from mcp.json; unset: the annotations and the approval mode decide.
    std::optional<McpToolPolicy> policy;
};

// One server of mcp.json: how it runs and what it offers. A server whose entry cannot be used
// has its problem here and is not run (state Stopped, no tools): the row is still listed so that
// the user can correct or remove it.
struct McpServerRow {
    QString name;
    McpTransportKind transport = McpTransportKind::Stdio;
    QString target;  // "command arg …" (stdio) or the URL without user info (http)
    bool disabled = false;
    McpServerState state = McpServerState::Stopped;
    QString problem;  // why its entry cannot be used ("server 'web': 'url' must be …"), or empty
    QString lastError;
    QStringList lastStderr;  // its last stderr lines (stdio)
    QString logFile;         // its stderr log (stdio), or empty
    int starts = 0;
    QList<McpToolRow> tools;  // as of its last tools/list
    // The entry as mcp.json stores it (secret references unresolved), for the edit form. Never
    // sent over the API: env and header values may hold secrets written in plain text.
    QJsonObject entry;
};

// The section's data: the file, whether it may be edited from here, and its servers by name.
struct McpServersList {
    QString configFile;
    // Whether the edit actions (put, remove, setDisabled, setToolPolicy) are offered: only for
    // this computer's own mcp.json. A `zerg serve`'s list says false (see RemoteMcpSource).
    bool editable = false;
    // What is wrong with the file as a whole ("mcp.json is not JSON: …"). A bad server entry's
    // message is that server's row's problem instead.
    QStringList problems;
    QList<McpServerRow> servers;
};

// Where Settings › MCP servers reads from and acts through: LocalMcpSource here (this process's
// McpServers and its mcp.json), api::RemoteMcpSource over a `zerg serve`'s `mcp_servers`,
// `mcp_log` and `mcp_restart` (read-only plus restart). changed() says that something the section
// shows may have changed; a source that cannot tell (announcesChanges() false) is read again
// while the section is shown. Errors keep the codes of mcp_config and McpServers
// (mcp_server_unknown, mcp_server_invalid, mcp_config, mcp_server_disabled, not_running) and:
// conflict (a new server's name is taken), not_found (no log), mcp_log (the log cannot be read),
// forbidden (an edit the source does not offer).
class McpSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // The most of a server's log that log() gives: its end.
    static constexpr qint64 kMaxLogBytes = 64 * 1024;

    virtual void list(QObject* context, SourceReply<McpServersList> done) = 0;
    // The last kMaxLogBytes of the server's stderr log as text, from a line's start; "" when the
    // server has written nothing yet. not_found for a server without a log (HTTP).
    virtual void log(const QString& name, QObject* context, SourceReply<QString> done) = 0;
    // Writes a server's entry (in mcp.json's own format, secret references kept). originalName
    // empty: a new server (name must be free); otherwise the server originalName becomes name
    // with this entry (a rename writes the new name first, then removes the old one).
    virtual void put(const QString& originalName, const QString& name, const QJsonObject& entry,
                     QObject* context, SourceReply<Ok> done) = 0;
    virtual void remove(const QString& name, QObject* context, SourceReply<Ok> done) = 0;
    virtual void setDisabled(const QString& name, bool disabled, QObject* context,
                             SourceReply<Ok> done) = 0;
    // Stops the server and starts it afresh (a failed one too).
    virtual void restart(const QString& name, QObject* context, SourceReply<Ok> done) = 0;
    // nullopt: no policy of the user's (the annotations decide again).
    virtual void setToolPolicy(const QString& server, const QString& tool,
                               std::optional<McpToolPolicy> policy, QObject* context,
                               SourceReply<Ok> done) = 0;
    // Whether changed() follows every change of what list() gives.
    [[nodiscard]] virtual bool announcesChanges() const = 0;

Q_SIGNALS:
    void changed();
};

// This process's MCP servers and its mcp.json. Edits go through mcp_config (validated, written
// atomically, unknown keys kept) and are applied to the servers at once (servers->reload), so
// the section shows their effect without waiting for the file watcher, which then finds nothing
// new. Answers at once. changed() follows McpServers::changed, once per turn of the event loop
// (a reload changes every server).
class LocalMcpSource final : public McpSource {
    Q_OBJECT
public:
    // servers must outlive this; readSecret resolves ${secret:…} when the file is read again.
    LocalMcpSource(McpServers* servers, QString configFile, McpConfig::SecretReader readSecret,
                   QObject* parent = nullptr);

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
    [[nodiscard]] bool announcesChanges() const override { return true; }

    // The rows of servers with their stored entries (read from configFile) and the file's
    // problems, as list() gives them.
    [[nodiscard]] static McpServersList listOf(const McpServers& servers,
                                               const QString& configFile);
    // The end of a log file, at most maxBytes, from a line's start; "" for a missing file.
    [[nodiscard]] static Result<QString> tail(const QString& file, qint64 maxBytes);

private:
    // After an edit of the file: the servers follow it now.
    Status applied(Status edit);

    QPointer<McpServers> m_servers;
    QString m_configFile;
    McpConfig::SecretReader m_readSecret;
    bool m_changePending = false;
};

namespace recordjson {
// {config_file, editable, problems: [text], servers: [{name, transport, target, disabled, state,
// problem, last_error, last_stderr: [text], log_file, starts, tool_count, tools: [{name, title,
// description, read_only_hint, destructive_hint, policy}], entry}]}: transport and state as
// their words (McpTransportKind, McpServerState); the hints true, false or null (not said);
// policy allow, ask, never or null.
[[nodiscard]] QJsonObject toJson(const McpServersList& list);
[[nodiscard]] Result<McpServersList> mcpServersList(const QJsonObject& o);
// {name, text}
[[nodiscard]] QJsonObject mcpLogJson(const QString& name, const QString& text);
[[nodiscard]] Result<QString> mcpLogText(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
