#pragma once

#include "core/result.h"
#include "core/status.h"
#include "mcp/mcp_client.h"
#include "mcp/mcp_config.h"
#include "supervision/child_spec.h"
#include "tools/tool.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <memory>

class QFileSystemWatcher;
class QNetworkAccessManager;

namespace zerg {

class Clock;
class McpTool;
namespace supervision {
class Supervisor;
}

// Where one configured server stands.
enum class McpServerState {
    Disabled,    // "disabled": true in mcp.json
    Starting,    // its process or session is starting, the handshake runs
    Ready,       // its tools are offered
    Restarting,  // it stopped; its supervisor starts it again after a backoff
    Failed,      // it kept failing (restart intensity exceeded): its tools are gone
    Stopped,     // Zerg is not running it (not started, or shut down)
};

template <>
struct StatusTable<McpServerState> {
    static constexpr std::array<std::pair<McpServerState, const char*>, 6> names{{
        {McpServerState::Disabled, "disabled"},
        {McpServerState::Starting, "starting"},
        {McpServerState::Ready, "ready"},
        {McpServerState::Restarting, "restarting"},
        {McpServerState::Failed, "failed"},
        {McpServerState::Stopped, "stopped"},
    }};
};

struct McpServerStatus {
    McpServerConfig config;
    McpServerState state = McpServerState::Stopped;
    QString lastError;         // why it last stopped or failed
    QStringList lastStderr;    // its last stderr lines (stdio)
    QList<McpToolInfo> tools;  // as of its last tools/list
    int starts = 0;            // starts of its process/session
    QString logFile;           // stderr log (stdio)
    QJsonObject serverInfo;    // {name, version, ...} from the handshake
    QString protocolVersion;

    // {name, transport, state, last_error, last_stderr, tool_count, tools: [{name, exposed_name,
    // description, read_only_hint, destructive_hint, policy}], starts, log_file, server_info}.
    [[nodiscard]] QJsonObject toJson() const;
};

struct McpOptions {
    Clock* clock = nullptr;
    QString logDir;                        // <data dir>/mcp: one <name>.log per stdio server
    QNetworkAccessManager* nam = nullptr;  // Streamable HTTP
    // A server that stops this often within periodSecs is marked failed.
    int intensity = 3;
    int periodSecs = 60;
    supervision::Backoff backoff{1000, 30000, 0.0, 60000};
    qint64 handshakeTimeoutMs = 30000;
};

// The configured MCP servers, each supervised (docs/mcp.md):
//
//   mcp (one_for_one)                a child of the application tree (AppTree), or standalone
//   └── mcp_<name> (one_for_one, intensity 3 in 60 s; temporary)
//       └── session                  the server's process or HTTP session (permanent, backoff)
//
// A server that stops is started again after a backoff; when it keeps stopping, its own
// supervisor gives up, the server is marked failed with its last stderr lines, and its tools
// leave the next model request (with a note, toolSource()->notes()). restart() starts it afresh.
class McpServers : public QObject {
    Q_OBJECT
public:
    McpServers(McpConfig config, McpOptions options, QObject* parent = nullptr);
    ~McpServers() override;

    // The `mcp` supervisor for the application tree (not started; the tree starts it). The
    // servers run while it runs.
    [[nodiscard]] std::unique_ptr<supervision::Supervisor> createSupervisor();
    // Runs the servers without an application tree (one-shot commands: `zerg ask`, `zerg mcp`).
    // The tool source does it by itself when a worker first waits for the tools and nothing
    // runs them yet.
    [[nodiscard]] Status startStandalone();
    // Stops the standalone tree (the application tree stops its own child).
    void stopStandalone();

    // Whether the servers run (in the application tree or standalone).
    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] const McpConfig& config() const { return m_config; }
    [[nodiscard]] QList<McpServerStatus> servers() const;
    [[nodiscard]] std::optional<McpServerStatus> server(const QString& name) const;
    // The server's live session when it is ready, else nullptr.
    [[nodiscard]] McpClient* client(const QString& name) const;
    // Stops and starts a server again (a failed one too). Errors: mcp_server_unknown,
    // mcp_server_disabled, not_running (the servers are not running).
    [[nodiscard]] Status restart(const QString& name);
    // True once every enabled server has had its first outcome (ready, or its first stop).
    [[nodiscard]] bool isSettled() const;

    // Applies another configuration while the servers run (mcp.json was edited): new servers
    // start, removed or newly disabled ones stop, a server whose command, URL or headers
    // changed starts again, and timeouts and tool policies apply to the next call without a
    // restart. Its problems replace the old ones.
    void reload(const McpConfig& config);
    // Reloads the configuration file whenever it changes (an editor or the Settings page writes
    // it), a moment after the last change. readSecret as for McpConfig::loadFile.
    void watchConfigFile(McpConfig::SecretReader readSecret);

    // The tools of the ready servers, for the workers' ToolRegistry (named mcp__<server>__<tool>;
    // tools whose policy is "never" are left out).
    [[nodiscard]] std::shared_ptr<ToolSource> toolSource();

Q_SIGNALS:
    // A server's state, tools or last error changed.
    void changed(const QString& name);
    void settled();

private:
    friend class McpSessionChild;
    friend class McpToolSource;
    struct Entry {
        McpServerStatus status;
        QPointer<McpClient> client;
        QPointer<supervision::Supervisor> supervisor;
        bool firstOutcome = false;
        QList<std::shared_ptr<McpTool>> tools;  // rebuilt when the tool list changes
    };
    [[nodiscard]] supervision::ChildSpec serverSpec(const QString& name);
    [[nodiscard]] McpTransport* createTransport(const McpServerConfig& c);
    void onSessionReady(const QString& name, McpClient* client);
    void onSessionDown(const QString& name, const QString& why, const QStringList& stderrTail);
    void onServerGaveUp(const QString& name);
    void rebuildTools(Entry& e);
    // Starts a stopped server's supervisor; a failure is also the server's state (failed).
    Status startServer(const QString& name);
    void stopServer(const QString& name, std::function<void()> then);
    void reloadFromFile();
    void rebuildResourceTools();
    void markOutcome(Entry& e);
    [[nodiscard]] QStringList notes() const;
    [[nodiscard]] QList<std::shared_ptr<Tool>> currentTools() const;

    McpConfig m_config;
    McpOptions m_o;
    QHash<QString, Entry> m_entries;
    QStringList m_order;
    QPointer<supervision::Supervisor> m_root;
    std::unique_ptr<supervision::Supervisor> m_standalone;
    std::shared_ptr<ToolSource> m_source;
    QList<std::shared_ptr<Tool>> m_resourceTools;  // mcp_list_resources, mcp_read_resource
    McpConfig::SecretReader m_readSecret;
    QFileSystemWatcher* m_watcher = nullptr;
    quint64 m_reloadTimer = 0;
};

}  // namespace zerg
