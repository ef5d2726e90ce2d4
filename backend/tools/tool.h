#pragma once

#include "llm/chat_types.h"
#include "tools/call_effect.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace zerg {

// What a tool returns. `payload` is the whole result ({ok, exit_code, stdout, stderr,
// duration_ms} or {ok:false, error, ...}), kept whole on disk; forModel() caps long text fields.
struct ToolResult {
    QJsonObject payload;

    [[nodiscard]] bool ok() const { return payload.value(QStringLiteral("ok")).toBool(); }
    [[nodiscard]] QString error() const {
        return payload.value(QStringLiteral("error")).toString();
    }
    // The payload with every string field longer than capChars cut, with a marker.
    [[nodiscard]] QJsonObject forModel(int capChars) const;

    [[nodiscard]] static ToolResult failure(const QString& message, QJsonObject extra = {});
    // {ok: true, ...payload}.
    [[nodiscard]] static ToolResult success(QJsonObject payload = {});
};

// The JSON Schema of a tool's arguments: an object with these properties, `required` naming the
// mandatory ones.
[[nodiscard]] QJsonObject objectSchema(const QJsonObject& properties,
                                       const QStringList& required = {});
// One property of such a schema: {"type": type, "description": description}.
[[nodiscard]] QJsonObject schemaProperty(const char* type, const QString& description);

// One running tool call. Emits finished() exactly once (queued or direct); cancel() ends it soon
// with {ok:false, error:"cancelled"}.
class ToolInvocation : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const ToolResult& result() const { return m_result; }
    virtual void cancel() = 0;

Q_SIGNALS:
    void finished();
    // A long call says how far it is (an MCP server's progress notifications); total < 0 when
    // unknown, message may be empty.
    void progress(double progress, double total, const QString& message);

protected:
    // Records the result and emits finished(); later calls are ignored.
    void finish(ToolResult result);

private:
    ToolResult m_result;
    bool m_finished = false;
};

// The worker a tool call runs for: where the call may keep files (images an MCP server returns).
struct WorkerScope {
    qint64 ownerId = 0;
    QString workerId;
    QString folder;  // the worker's artifact folder
};

// A tool an agent can call. start() validates the arguments; invalid arguments still return an
// invocation, one that finishes with a clear error.
class Tool {
public:
    virtual ~Tool() = default;
    [[nodiscard]] virtual ToolSpec spec() const = 0;
    [[nodiscard]] virtual ToolInvocation* start(const QJsonObject& args, QObject* parent) = 0;
    // Whether this call may change a system, and why: what the approval policy decides on
    // (issue 22). Asked before start(), with the same arguments, which may be invalid. The
    // default is Changes (NotClassified): a tool that does not say counts as changing.
    [[nodiscard]] virtual CallClass classify(const QJsonObject& args) const;
    // This tool bound to one worker, or nullptr when it does not care which worker calls it
    // (the default). A ToolRegistry with a worker scope binds its sources' tools this way.
    [[nodiscard]] virtual std::shared_ptr<Tool> forWorker(const WorkerScope& scope) const {
        Q_UNUSED(scope);
        return nullptr;
    }
};

// Tools that come and go while Zerg runs: the tools of the MCP servers (backend/mcp/), which
// appear when a server is ready and disappear when it fails. A ToolRegistry asks it at every
// model request.
class ToolSource {
public:
    virtual ~ToolSource() = default;
    // The tools available now.
    [[nodiscard]] virtual QList<std::shared_ptr<Tool>> tools() const = 0;
    // Notes for the model about tools missing now ("MCP server 'fs' failed (...): its tools are
    // unavailable."), empty when nothing is missing.
    [[nodiscard]] virtual QStringList notes() const { return {}; }
    // Calls fn once the source has settled (every server started or failed), at most maxWaitMs
    // from now; at once when it has. Nothing is called when context is destroyed first.
    virtual void whenSettled(QObject* context, std::function<void()> fn, qint64 maxWaitMs) {
        Q_UNUSED(context);
        Q_UNUSED(maxWaitMs);
        fn();
    }
};

// An invocation that is already finished when start() returns it (validation errors, quick
// in-process tools). finished() is emitted on the next event-loop turn so callers can connect.
class ImmediateInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    ImmediateInvocation(ToolResult result, QObject* parent);
    void cancel() override {}
};

}  // namespace zerg
