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

void ToolRegistry::addSource(std::shared_ptr<ToolSource> source) {
    for (const auto& s : m_sources) {
        if (s == source)
            return;
    }
    m_sources.push_back(std::move(source));
}

std::vector<std::shared_ptr<Tool>> ToolRegistry::all() const {
    std::vector<std::shared_ptr<Tool>> out;
    for (const auto& t : m_tools) {
        if (offered(t->spec().name))
            out.push_back(t);
    }
    for (const auto& source : m_sources) {
        for (const std::shared_ptr<Tool>& tool : source->tools()) {
            const QString name = tool->spec().name;
            bool own = false;
            for (const auto& t : m_tools)
                own = own || t->spec().name == name;
            if (!own && offered(name))
                out.push_back(tool);
        }
    }
    return out;
}

std::shared_ptr<Tool> ToolRegistry::findShared(const QString& name) const {
    if (!offered(name))
        return nullptr;
    for (const auto& t : m_tools) {
        if (t->spec().name == name)
            return t;
    }
    for (const auto& source : m_sources) {
        for (const std::shared_ptr<Tool>& tool : source->tools()) {
            if (tool->spec().name != name)
                continue;
            if (m_scope) {
                if (std::shared_ptr<Tool> bound = tool->forWorker(*m_scope))
                    return bound;
            }
            return tool;
        }
    }
    return nullptr;
}

Tool* ToolRegistry::find(const QString& name) const {
    if (!offered(name))
        return nullptr;
    for (const auto& t : m_tools) {
        if (t->spec().name == name)
            return t.get();
    }
    for (const auto& source : m_sources) {
        for (const std::shared_ptr<Tool>& tool : source->tools()) {
            if (tool->spec().name == name)
                return tool.get();  // the source keeps it
        }
    }
    return nullptr;
}

QList<ToolSpec> ToolRegistry::specs() const {
    QList<ToolSpec> out;
    for (const auto& t : all())
        out.append(t->spec());
    return out;
}

QStringList ToolRegistry::names() const {
    QStringList out;
    for (const auto& t : all())
        out.append(t->spec().name);
    return out;
}

QStringList ToolRegistry::notes() const {
    QStringList out;
    for (const auto& source : m_sources)
        out.append(source->notes());
    return out;
}

void ToolRegistry::whenSettled(QObject* context, std::function<void()> fn, qint64 maxWaitMs) const {
    if (m_sources.empty()) {
        fn();
        return;
    }
    // The sources settle in parallel; fn runs after the last one.
    auto remaining = std::make_shared<size_t>(m_sources.size());
    auto done = std::make_shared<std::function<void()>>(std::move(fn));
    for (const auto& source : m_sources) {
        source->whenSettled(
            context,
            [remaining, done] {
                if (--*remaining == 0)
                    (*done)();
            },
            maxWaitMs);
    }
}

void ToolRegistry::addAll(const ToolRegistry& other) {
    for (const std::shared_ptr<Tool>& tool : other.m_tools)
        add(tool);
    for (const std::shared_ptr<ToolSource>& source : other.m_sources)
        addSource(source);
}

}  // namespace zerg
