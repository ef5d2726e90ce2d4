// The supervisor and its workers with an in-process scripted model, real SQLite and a real
// artifact folder, and the manual clock driving the roundabout.
#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/json_util.h"
#include "jarvis/jarvis_service.h"
#include "jarvis/worker_pool.h"
#include "scripted_llm.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::ScriptedLlm;

namespace {

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

    private:
        HangingTool* m_tool;
    };
    ToolSpec spec() const override {
        return {QStringLiteral("ssh_exec"), QStringLiteral("hangs"),
                QJsonObject{{"type", "object"}}};
    }
    ToolInvocation* start(const QJsonObject&, QObject* parent) override {
        return new Call(this, parent);
    }
    int running = 0;
    int cancelled = 0;
};

ToolCall spawn(const QString& id, const QString& task) {
    return {id, QStringLiteral("spawn_worker"),
            json::compactString({{QStringLiteral("task"), task}})};
}

struct Fixture {
    QTemporaryDir dir;
    ManualClock clock;
    EventBus bus{&clock};
    QStringList events;  // before the services: they publish while shutting down
    ScriptedLlm llm;
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<ArtifactStore> artifacts;
    std::shared_ptr<HangingTool> tool = std::make_shared<HangingTool>();
    ToolRegistry tools;
    std::unique_ptr<WorkerPool> pool;
    std::unique_ptr<JarvisService> jarvis;

    explicit Fixture(int maxWorkers = 5) {
        db = std::move(Database::open(dir.filePath(QStringLiteral("z.sqlite")))).value();
        store = std::make_unique<Store>(db.get());
        artifacts = std::make_unique<ArtifactStore>(dir.filePath(QStringLiteral("workers")));
        tools.add(tool);
        WorkerDeps deps{store.get(), artifacts.get(), &bus, &clock, &llm, &tools, 6, 1000};
        pool = std::make_unique<WorkerPool>(deps, maxWorkers);
        JarvisConfig cfg;
        cfg.model = QStringLiteral("sup");
        cfg.workerModel = QStringLiteral("wrk");
        cfg.roundabout = {5, 30, 20};
        jarvis = std::make_unique<JarvisService>(cfg, store.get(), artifacts.get(), &bus, &clock,
                                                 &llm, pool.get());
        QObject::connect(&bus, &EventBus::published, &bus,
                         [this](const Event& e) { events.append(e.name); });
    }
};

}  // namespace

class TestJarvisService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hardTimeoutReallyStopsTheWorker() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("s1"), QStringLiteral("Check disk on cube"))});
        f.llm.pushToolCalls({{QStringLiteral("w1"), QStringLiteral("ssh_exec"),
                              QStringLiteral(R"({"host":"cube","command":"du -sh /"})")}});
        f.llm.pushText(QStringLiteral("The check timed out."));
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        QVERIFY(f.jarvis->ask(QStringLiteral("check disk on cube")));
        QTRY_COMPARE(f.tool->running, 1);
        f.clock.advance(29000);
        QCOMPARE(f.tool->cancelled, 0);
        QCOMPARE(f.events.count(QStringLiteral("worker_status_update")), 5);
        f.clock.advance(1000);  // 30 s: the hard timeout
        QCOMPARE(f.tool->cancelled, 1);
        QVERIFY(done.wait());
        QVERIFY(done.at(0).at(1).toBool());
        const auto jobs = f.store->listJobs(1, 5);
        QCOMPARE(jobs->first().status, QStringLiteral("timeout"));
        const auto meta = f.artifacts->metadata(jobs->first().workerId, 1);
        QCOMPARE(meta->value("status").toString(), QStringLiteral("timeout"));
        // The supervisor got the timeout shape as its one tool result.
        const ChatMessage toolMsg = f.llm.requests().last().messages.last();
        QCOMPARE(toolMsg.role, ChatMessage::Role::Tool);
        QJsonObject shape;
        QVERIFY(json::parseObject(toolMsg.content.toUtf8(), &shape));
        QCOMPARE(shape.value("status").toString(), QStringLiteral("timeout"));
        QCOMPARE(shape.value("activity_at_failure").toObject().value("last_operation").toString(),
                 QStringLiteral("ssh_exec cube \"du -sh /\""));
    }

    void twoSpawnsRunTwoWorkersAtOnce() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube")),
                             spawn(QStringLiteral("b"), QStringLiteral("Disk on clifford"))});
        for (int i = 0; i < 2; ++i) {
            f.llm.pushToolCalls({{QStringLiteral("w%1").arg(i), QStringLiteral("ssh_exec"),
                                  QStringLiteral(R"({"host":"h","command":"df"})")}});
        }
        QVERIFY(f.jarvis->ask(QStringLiteral("check all disks")));
        QTRY_COMPARE(f.tool->running, 2);
        QCOMPARE(f.pool->running(), 2);
        QCOMPARE(f.events.count(QStringLiteral("worker_started")), 2);
    }

    void poolLimitsConcurrency() {
        Fixture f(1);
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("one")),
                             spawn(QStringLiteral("b"), QStringLiteral("two"))});
        f.llm.pushToolCalls(
            {{QStringLiteral("w"), QStringLiteral("ssh_exec"), QStringLiteral("{}")}});
        QVERIFY(f.jarvis->ask(QStringLiteral("two things")));
        QTRY_COMPARE(f.tool->running, 1);
        QCOMPARE(f.pool->running(), 1);
        QCOMPARE(f.pool->queued(), 1);
        QCOMPARE(f.events.count(QStringLiteral("worker_spawned")), 2);
        QCOMPARE(f.events.count(QStringLiteral("worker_started")), 1);
    }

    void cancellingTheRunCancelsItsWorkers() {
        Fixture f;
        f.llm.pushToolCalls({spawn(QStringLiteral("a"), QStringLiteral("Disk on cube"))});
        f.llm.pushToolCalls(
            {{QStringLiteral("w"), QStringLiteral("ssh_exec"), QStringLiteral("{}")}});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("check"));
        QVERIFY(run);
        QTRY_COMPARE(f.tool->running, 1);
        f.jarvis->cancelRun(run.value());
        QCOMPARE(f.tool->cancelled, 1);
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(!done.at(0).at(1).toBool());
        QVERIFY(!f.jarvis->isBusy());
        QCOMPARE(f.store->run(run.value())->status, QStringLiteral("cancelled"));
        QCOMPARE(f.store->listJobs(1, 5)->first().status, QStringLiteral("cancelled"));
        QCOMPARE(f.events.last(), QStringLiteral("error"));
        // The stored thread stays valid: the spawn_worker call has its (cancelled) result.
        const auto messages = f.store->loadMessages(f.jarvis->threadId());
        QCOMPARE(messages->size(), 3);  // user, assistant with the call, tool result
        QCOMPARE(messages->at(2).value("role").toString(), QStringLiteral("tool"));
    }

    void aSecondAskWhileBusyIsRefusedClearly() {
        Fixture f;
        f.llm.push({{}, {}, {}, true});
        QVERIFY(f.jarvis->ask(QStringLiteral("first")));
        const auto second = f.jarvis->ask(QStringLiteral("second"));
        QVERIFY(!second);
        QCOMPARE(second.error().code, QStringLiteral("busy"));
        QVERIFY(!f.jarvis->ask(QStringLiteral("   ")));
    }

    void modelFailureEndsWithAnErrorEvent() {
        Fixture f;
        f.llm.push({{}, {}, QStringLiteral("network"), false});
        QSignalSpy done(f.jarvis.get(), &JarvisService::runFinished);
        const auto run = f.jarvis->ask(QStringLiteral("hello"));
        QVERIFY(done.wait());
        QVERIFY(!done.at(0).at(1).toBool());
        QCOMPARE(f.events.last(), QStringLiteral("error"));
        QCOMPARE(f.store->run(run.value())->status, QStringLiteral("failed"));
    }
};

QTEST_GUILESS_MAIN(TestJarvisService)
#include "test_jarvis_service.moc"
