#pragma once

#include "tools/tool.h"

#include <QPointer>

namespace zerg {

// A tool call held before it starts (issue 22: waiting for the user's approval). release()
// starts the tool and this invocation finishes with its result; refuse() finishes it with the
// result given, without starting anything. cancel() while held finishes it as cancelled (and
// emits withdrawn(), so whoever holds it can drop the request); once released, it cancels the
// tool's own invocation.
class HeldInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    HeldInvocation(Tool* tool, QJsonObject args, QObject* parent);

    [[nodiscard]] bool isHeld() const { return !m_released && !isFinished(); }
    void release();
    void refuse(ToolResult result);
    void cancel() override;

Q_SIGNALS:
    // The call was cancelled while still held (its worker is ending).
    void withdrawn();

private:
    Tool* m_tool;
    QJsonObject m_args;
    QPointer<ToolInvocation> m_inner;
    bool m_released = false;
};

}  // namespace zerg
