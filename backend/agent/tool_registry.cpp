#include "agent/tool_registry.h"

namespace zerg {

void ToolRegistry::add(std::shared_ptr<Tool> tool) {
    const QString name = tool->spec().name;
    for (auto& t : m_tools) {
        if (t->spec().name == name) {
            t = std::move(tool);
            return;
        }
    }
    m_tools.push_back(std::move(tool));
}

Tool* ToolRegistry::find(const QString& name) const {
    for (const auto& t : m_tools) {
        if (t->spec().name == name)
            return t.get();
    }
    return nullptr;
}

QList<ToolSpec> ToolRegistry::specs() const {
    QList<ToolSpec> out;
    for (const auto& t : m_tools)
        out.append(t->spec());
    return out;
}

QStringList ToolRegistry::names() const {
    QStringList out;
    for (const auto& t : m_tools)
        out.append(t->spec().name);
    return out;
}

void ToolRegistry::addAll(const ToolRegistry& other) {
    for (const std::shared_ptr<Tool>& tool : other.m_tools)
        add(tool);
}

}  // namespace zerg
