#pragma once

#include "tools/tool.h"

#include <QList>
#include <QStringList>

#include <memory>
#include <vector>

namespace zerg {

// The tools one agent may call, by name.
class ToolRegistry {
public:
    void add(std::shared_ptr<Tool> tool);
    // Every tool of `other`, shared.
    void addAll(const ToolRegistry& other);
    [[nodiscard]] Tool* find(const QString& name) const;
    [[nodiscard]] QList<ToolSpec> specs() const;
    [[nodiscard]] QStringList names() const;
    [[nodiscard]] bool isEmpty() const { return m_tools.empty(); }

private:
    std::vector<std::shared_ptr<Tool>> m_tools;
};

}  // namespace zerg
