#pragma once

#include "core/event.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace zerg {

class Backend;
class JarvisService;
class WorkerGrep;
struct ApprovalRecord;

// Zerg as a Model Context Protocol server (MCP 2025-11-25, JSON-RPC 2.0), for one client session
// (Claude Desktop, Goose, an IDE): `initialize`, `ping`, `tools/list`, `tools/call` and the
// notifications `initialized` and `cancelled`. Its tools: `ask` (one Jarvis request, with
// `notifications/progress` while it runs when the call carries a progress token),
// `list_workers`, `read_worker_file`, `grep_workers` and `list_hosts`. Transport-agnostic: the
// front-end (`zerg mcp serve`, app/cli_mcp_serve.h) passes every message the client sends to
// handle() or handleText() and delivers every send() to the client.
//
// The client can never approve anything: a worker's call that may change a system waits for the
// user's answer in Zerg, as for every other request.
class McpService : public QObject {
    Q_OBJECT
public:
    // read_worker_file returns at most this much of a file.
    static constexpr qint64 kMaxFileBytes = 256 * 1024;
    // The protocol versions this server speaks, newest first.
    [[nodiscard]] static QStringList protocolVersions();

    // backend must outlive this. ownerId: whose Jarvis, workers and runs the client reaches.
    McpService(Backend* backend, qint64 ownerId, QObject* parent = nullptr);
    ~McpService() override;
    McpService(const McpService&) = delete;
    McpService& operator=(const McpService&) = delete;

    // One message from the client (a request, a notification, or a response, which is ignored:
    // this server sends no requests). Answers come through send(), at once or later.
    void handle(const QJsonObject& message);
    // One message as text (a line of the stdio transport): JSON that is not valid is answered
    // with a parse error (-32700), anything but an object with an invalid request (-32600).
    void handleText(const QByteArray& text);

    // The client is gone or the server stops: the running `ask` is cancelled (its request gets
    // no answer), later messages are ignored. Searches still running finish and are answered.
    void stop(const QString& reason);
    // Nothing is running: no `ask`, no search.
    [[nodiscard]] bool isIdle() const;

Q_SIGNALS:
    // One message for the client: a response or a notification.
    void send(const QJsonObject& message);
    // The last running request ended (isIdle() is now true).
    void idle();

private:
    struct Tool;
    struct PendingAsk;
    struct PendingGrep;
    using Handler = void (McpService::*)(const QJsonValue& id, const QJsonObject& args,
                                         const QJsonObject& meta);

    void handleRequest(const QJsonValue& id, const QString& method, const QJsonObject& params);
    void handleNotification(const QString& method, const QJsonObject& params);
    void initialize(const QJsonValue& id, const QJsonObject& params);
    void listTools(const QJsonValue& id);
    void callTool(const QJsonValue& id, const QJsonObject& params);

    void ask(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta);
    void listWorkers(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta);
    void readWorkerFile(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta);
    void grepWorkers(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta);
    void listHosts(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta);

    void onEvent(const Event& e);
    void onApprovalRequested(const ApprovalRecord& record);
    void onRunFinished(qint64 runId, bool ok, const QString& text);
    void finishAsk(bool ok, const QString& text);
    void onGrepFinished(WorkerGrep* grep);
    void progress(const QString& message);
    void cancelRequest(const QJsonValue& requestId);
    [[nodiscard]] bool isPending(const QJsonValue& id) const;
    void checkIdle();

    void respond(const QJsonValue& id, const QJsonObject& result);
    void respondError(const QJsonValue& id, int code, const QString& message);
    // A CallToolResult: text content, structuredContent when not empty, isError.
    void respondTool(const QJsonValue& id, const QString& text, const QJsonObject& structured = {},
                     bool isError = false);
    void respondToolError(const QJsonValue& id, const QString& text) {
        respondTool(id, text, {}, true);
    }

    Backend* m_backend;
    qint64 m_ownerId;
    std::vector<Tool> m_tools;   // vector: Tool is complete only in the .cpp
    bool m_initialized = false;  // initialize was answered
    bool m_stopped = false;
    QPointer<JarvisService> m_jarvis;  // the owner's, connected on the first ask
    std::unique_ptr<PendingAsk> m_ask;
    // A run that ended while JarvisService::ask was still starting it.
    bool m_starting = false;
    struct EarlyEnd {
        qint64 runId = 0;
        bool ok = false;
        QString text;
    };
    std::optional<EarlyEnd> m_earlyEnd;
    std::vector<PendingGrep> m_greps;
};

}  // namespace zerg
