#pragma once

#include "tools/tool.h"

#include <QList>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace zerg {

// The tools one agent may call, by name: its own, and those of its sources (asked each time, so
// a source's tools may come and go between model requests). An own tool wins over a source's of
// the same name.
class ToolRegistry {
public:
    void add(std::shared_ptr<Tool> tool);
    void addSource(std::shared_ptr<ToolSource> source);
    // Every tool and source of `other`, shared.
    void addAll(const ToolRegistry& other);
    // The tool for a call: a source's tool is kept alive by the returned pointer's owner for the
    // call (shared), even when its source drops it meanwhile.
    [[nodiscard]] std::shared_ptr<Tool> findShared(const QString& name) const;
    // The tool itself, unbound, for a look at it now (spec, classify): do not keep the pointer.
    [[nodiscard]] Tool* find(const QString& name) const;
    [[nodiscard]] QList<ToolSpec> specs() const;
    [[nodiscard]] QStringList names() const;
    // The sources' notes about tools missing now (ToolSource::notes).
    [[nodiscard]] QStringList notes() const;
    // fn once every source has settled, at most maxWaitMs from now (ToolSource::whenSettled).
    void whenSettled(QObject* context, std::function<void()> fn, qint64 maxWaitMs) const;
    [[nodiscard]] bool isEmpty() const { return m_tools.empty() && m_sources.empty(); }
    // The worker this registry serves: findShared() binds a source's tool to it
    // (Tool::forWorker).
    void setWorkerScope(const WorkerScope& scope) { m_scope = scope; }
    // Only these tools are offered and found (an agent's tuning, storage/agent_profiles.h): a
    // call of any other is a call of an unknown tool. nullopt: all of them.
    void restrictTo(std::optional<QStringList> names) { m_only = std::move(names); }

private:
    [[nodiscard]] std::vector<std::shared_ptr<Tool>> all() const;

    std::vector<std::shared_ptr<Tool>> m_tools;
    std::vector<std::shared_ptr<ToolSource>> m_sources;
    [[nodiscard]] bool offered(const QString& name) const {
        return !m_only || m_only->contains(name);
    }

    std::optional<WorkerScope> m_scope;
    std::optional<QStringList> m_only;
};

}  // namespace zerg
