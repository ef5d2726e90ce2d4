#pragma once

// The supervisor and its workers with an in-process scripted model, real SQLite and a real
// artifact folder, and the manual clock driving the roundabout: shared by the jarvis tests.
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/json_util.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/supervisor_runs.h"
#include "scripted_llm.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"
#include "temp_env.h"
#include "tools/shell_command.h"
#include "workers/worker_pool.h"

#include <QPointer>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace zerg::test {

// A tool that runs until cancelled (a command that hangs on a server).
class HangingTool final : public Tool {
public:
    class Call final : public ToolInvocation {
    public:
        Call(HangingTool* t, QObject* parent) : ToolInvocation(parent), m_tool(t) {
            ++m_tool->running;
        }
        void cancel() override {
            if (isFinished())
                return;
            --m_tool->running;
            ++m_tool->cancelled;
            finish(
                ToolResult::failure(QStringLiteral("cancelled"),
                                    {{QStringLiteral("error_code"), QStringLiteral("cancelled")}}));
        }
        // The command ends on its own, with this output.
        void complete(const QString& stdoutText) {
            if (isFinished())
                return;
            --m_tool->running;
            finish(ToolResult::success(
                {{QStringLiteral("exit_code"), 0}, {QStringLiteral("stdout"), stdoutText}}));
        }

    private:
        HangingTool* m_tool;
    };
    ToolSpec spec() const override {
        return {QStringLiteral("ssh_exec"), QStringLiteral("hangs"),
                QJsonObject{{"type", "object"}}};
    }
    // Classified like ssh_exec: by its command, on its host.
    CallClass classify(const QJsonObject& args) const override {
        return shell::callClass(args.value(QStringLiteral("command")).toString(),
                                args.value(QStringLiteral("host")).toString());
    }
    ToolInvocation* start(const QJsonObject&, QObject* parent) override {
        auto* c = new Call(this, parent);
        calls.append(c);
        return c;
    }
    QList<QPointer<Call>> calls;
    int running = 0;
    int cancelled = 0;
};

inline ToolCall spawn(const QString& id, const QString& task) {
    return {id, QStringLiteral("spawn_worker"),
            json::compactString({{QStringLiteral("task"), task}})};
}

struct Fixture {
    QTemporaryDir dir;
    ManualClock clock;
    EventBus bus{&clock};
    QStringList events;  // before the services: they publish while shutting down
    ScriptedLlm llm;
    ScriptedLlm summaryLlm;  // its own script, so summary calls never take the agents' steps
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<ArtifactStore> artifacts;
    std::shared_ptr<HangingTool> tool = std::make_shared<HangingTool>();
    ToolRegistry tools;
    std::unique_ptr<WorkerPool> pool;
    std::unique_ptr<SupervisorRuns> runs;  // the supervisor agent's runs, as in the Backend
    std::unique_ptr<JarvisService> jarvis;

    explicit Fixture(int maxWorkers = 5, bool llmSummary = false,
                     const std::function<void(JarvisConfig&)>& tweak = {}) {
        db = std::move(Database::open(dir.filePath(QStringLiteral("z.sqlite")))).value();
        store = std::make_unique<Store>(db.get());
        artifacts = std::make_unique<ArtifactStore>(dir.filePath(QStringLiteral("workers")));
        tools.add(tool);
        WorkerDeps deps{store.get(), artifacts.get(), &bus, &clock, &llm, &tools, 6, 1000};
        if (llmSummary) {
            deps.summaryLlm = &summaryLlm;
            deps.summaryModel = QStringLiteral("summary-model");
        }
        pool = std::make_unique<WorkerPool>(deps, maxWorkers);
        runs = std::make_unique<SupervisorRuns>(&bus, &clock);
        runs->setRandomSource([] { return 0.0; });  // backoffs of exactly 2 s, 4 s
        JarvisConfig cfg;
        cfg.model = QStringLiteral("sup");
        cfg.workerModel = QStringLiteral("wrk");
        cfg.roundabout = {5, 30, 20};
        if (tweak)
            tweak(cfg);
        jarvis = std::make_unique<JarvisService>(cfg, store.get(), artifacts.get(), &bus, &clock,
                                                 &llm, pool.get(), runs.get());
        QObject::connect(&bus, &EventBus::published, &bus,
                         [this](const Event& e) { events.append(e.name); });
    }
};

}  // namespace zerg::test
