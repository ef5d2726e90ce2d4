#pragma once

#include "llm/chat_types.h"
#include "tools/call_effect.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

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

protected:
    // Records the result and emits finished(); later calls are ignored.
    void finish(ToolResult result);

private:
    ToolResult m_result;
    bool m_finished = false;
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
