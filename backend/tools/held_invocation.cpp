#include "tools/held_invocation.h"

namespace zerg {

HeldInvocation::HeldInvocation(Tool* tool, QJsonObject args, QObject* parent)
    : ToolInvocation(parent), m_tool(tool), m_args(std::move(args)) {}

void HeldInvocation::release() {
    if (!isHeld())
        return;
    m_released = true;
    m_inner = m_tool->start(m_args, this);
    connect(m_inner, &ToolInvocation::finished, this, [this] { finish(m_inner->result()); });
    if (m_inner->isFinished())
        finish(m_inner->result());
}

void HeldInvocation::refuse(ToolResult result) {
    if (isHeld())
        finish(std::move(result));
}

void HeldInvocation::cancel() {
    if (m_inner) {
        m_inner->cancel();
        return;
    }
    if (!isHeld())
        return;
    finish(ToolResult::failure(QStringLiteral("cancelled"),
                               {{QStringLiteral("error_code"), QStringLiteral("cancelled")}}));
    Q_EMIT withdrawn();
}

}  // namespace zerg
