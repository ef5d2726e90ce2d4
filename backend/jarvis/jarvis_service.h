#pragma once

#include "core/result.h"
#include "roundabout/roundabout_monitor.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace zerg {

class AgentLoop;
class ArtifactStore;
class Clock;
class EventBus;
class LlmProvider;
class Store;
class ToolRegistry;
class WorkerPool;

struct JarvisConfig {
    qint64 ownerId = 1;
    QString model;        // the supervisor's model
    QString workerModel;  // the workers' model
    int maxIterations = 12;
    int toolOutputCapChars = 8000;
    RoundaboutConfig roundabout;
};

// The supervisor agent, "one brain" per owner: finds or creates the owner's long-lived thread,
// attaches a Run per request, runs the supervisor's AgentLoop with its tools, persists the
// conversation, and reports progress on the EventBus (supervisor_* events).
class JarvisService : public QObject {
    Q_OBJECT
public:
    JarvisService(JarvisConfig config, Store* store, ArtifactStore* artifacts, EventBus* bus,
                  Clock* clock, LlmProvider* llm, WorkerPool* pool, QObject* parent = nullptr);
    ~JarvisService() override;

    // Starts a run. Errors: empty task, a run already in progress, storage failure.
    [[nodiscard]] Result<qint64> ask(const QString& task);
    void cancelRun(qint64 runId);
    void cancelWorker(qint64 jobId);
    [[nodiscard]] bool isBusy() const { return m_runId != 0; }
    [[nodiscard]] qint64 threadId() const { return m_threadId; }

    [[nodiscard]] static QString systemPrompt();

Q_SIGNALS:
    void runFinished(qint64 runId, bool ok, const QString& resultOrError);

private:
    void onLoopFinished();

    JarvisConfig m_config;
    Store* m_store;
    ArtifactStore* m_artifacts;
    EventBus* m_bus;
    Clock* m_clock;
    LlmProvider* m_llm;
    WorkerPool* m_pool;
    qint64 m_threadId = 0;
    qint64 m_runId = 0;
    qint64 m_runStartedMs = 0;
    std::unique_ptr<ToolRegistry> m_tools;
    QPointer<AgentLoop> m_loop;
};

}  // namespace zerg
