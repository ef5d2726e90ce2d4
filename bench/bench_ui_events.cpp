// zerg-bench-ui-events: events to the UI.
//
// The real Jarvis window (qml Main.qml with its models: the chat, the activity ticker, the
// dashboard's Workers table and supervision tree) runs offscreen with Qt Quick's software
// renderer. 50 simulated workers of one run publish 1,000 events per second on the EventBus
// (spawned, started, tool started and completed, status updates) for a few seconds, while the
// window shows the chat with the ticker. Printed: the event-loop latency (how late a 5 ms probe
// timer fires) p50/p99, and the time to render a frame (synchronize to swap) p50/p99, next to
// the same two figures for the idle window as the reference. Target: p99 under 16 ms.
//
// Run with QT_QPA_PLATFORM=offscreen (set below unless already set).
// Usage: zerg-bench-ui-events [SECONDS] [--models-only]   (default 5)
#include "bench_stats.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "ui/conversation_backend.h"
#include "ui/dashboard_models.h"
#include "ui/jarvis_controller.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

using namespace zerg;
using zerg::bench::stats;

namespace {

constexpr qint64 kOwner = 1;

class FakeConversation final : public ConversationBackend {
public:
    explicit FakeConversation(EventBus* bus) : m_bus(bus) {}
    void ask(const QString& text, QObject*, AskDone done) override {
        m_bus->publish(QString::fromLatin1(events::SupervisorStarted), kOwner,
                       {{"run_id", 1}, {"thread_id", 1}, {"task", text}, {"mode", "supervisor"}});
        done(qint64(1));
    }
    void cancelRun(qint64) override {}
    void cancelWorker(qint64) override {}
    QString setupProblem() const override { return {}; }
    void recordSpoken(const QString&, const QString&, bool, QObject*, RecordDone done) override {
        done(Ok{});
    }

private:
    EventBus* m_bus;
};

struct Figures {
    std::vector<double> loopLatencyMs;
    std::vector<double> frameMs;
    int events = 0;
};

// Runs for `seconds`, publishing `rate` events per second (0: idle).
Figures measure(QQuickWindow* window, EventBus& bus, int seconds, int rate) {
    Figures f;
    QElapsedTimer clock;
    clock.start();
    // Event-loop latency: a 5 ms probe and how late it really fires.
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    qint64 lastProbe = clock.nsecsElapsed();
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        f.loopLatencyMs.push_back(qMax(0.0, double(now - lastProbe) / 1e6 - 5.0));
        lastProbe = now;
    });
    // Frame time: from synchronization to the swap of the same frame.
    qint64 syncAt = -1;
    auto c1 = QObject::connect(
        window, &QQuickWindow::beforeSynchronizing, window, [&] { syncAt = clock.nsecsElapsed(); },
        Qt::DirectConnection);
    auto c2 = QObject::connect(
        window, &QQuickWindow::frameSwapped, window,
        [&] {
            if (syncAt >= 0)
                f.frameMs.push_back(double(clock.nsecsElapsed() - syncAt) / 1e6);
            syncAt = -1;
        },
        Qt::DirectConnection);
    // The workers: every 10 ms the events due by then (rate per second of elapsed time, so a
    // late tick catches up and the rate holds), round robin over 50 workers.
    QTimer publisher;
    publisher.setTimerType(Qt::PreciseTimer);
    int n = 0;
    QObject::connect(&publisher, &QTimer::timeout, [&] {
        const qint64 due = qint64(rate) * clock.elapsed() / 1000;
        for (; n < due; ++n) {
            const int job = 1 + n % 50;
            const int step = (n / 50) % 6;
            const QString worker =
                QStringLiteral("2026-11-21T09-00-%1_w").arg(job, 2, 10, QLatin1Char('0'));
            QJsonObject d{{"run_id", 1}, {"job_id", job}, {"worker_id", worker}};
            const char* name = events::WorkerStatusUpdate;
            switch (step) {
                case 0:
                    name = events::WorkerSpawned;
                    d.insert("task", QStringLiteral("Check disk on host-%1").arg(job));
                    break;
                case 1:
                    name = events::WorkerStarted;
                    break;
                case 2:
                case 4:
                    name = events::WorkerToolStarted;
                    d.insert("call_id", QStringLiteral("c%1").arg(n));
                    d.insert("seq", n);
                    d.insert("tool", "ssh_exec");
                    d.insert("display", QStringLiteral("ssh_exec host-%1 \"df -h\"").arg(job));
                    d.insert("args", QJsonObject{{"host", QStringLiteral("host-%1").arg(job)}});
                    break;
                case 3:
                    name = events::WorkerToolCompleted;
                    d.insert("call_id", QStringLiteral("c%1").arg(n - 50));
                    d.insert("seq", n - 50);
                    d.insert("tool", "ssh_exec");
                    d.insert("duration_ms", 120);
                    break;
                default:
                    d.insert("status", "running");
                    d.insert("elapsed_seconds", double(clock.elapsed()) / 1000.0);
            }
            bus.publish(QString::fromLatin1(name), kOwner, d);
        }
        f.events = n;
    });
    probe.start(5);
    if (rate > 0)
        publisher.start(10);
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    return f;
}

void print(const char* name, const std::vector<double>& ms) {
    const auto s = stats(ms);
    std::printf("  %-34s p50 %7.2f ms   p99 %7.2f ms   (n=%zu)\n", name, s.median, s.p99,
                ms.size());
}

}  // namespace

int main(int argc, char** argv) {
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);
    QGuiApplication app(argc, argv);
    const int seconds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    // --models-only: the same events into the models without loading the window (to tell the
    // models' cost from the QML's).
    const bool modelsOnly = argc > 2 && QByteArray(argv[2]) == "--models-only";

    SystemClock clock;
    EventBus bus(&clock);
    FakeConversation conversation(&bus);
    JarvisController controller(&bus, &conversation, &clock);
    JarvisController::setInstance(&controller);
    // Every dashboard page over an empty store in a temporary folder, as the app builds them.
    QTemporaryDir dir;
    auto opened = Database::open(dir.filePath(QStringLiteral("zerg.db")), clock.utcNow());
    if (!dir.isValid() || !opened) {
        std::fprintf(stderr, "cannot create a temporary database\n");
        return 1;
    }
    const std::unique_ptr<Database> db = std::move(opened).value();
    Store store(db.get());
    ArtifactStore artifacts(dir.filePath(QStringLiteral("workers")));
    Settings settings;
    settings.ownerId = kOwner;
    settings.dataDir = dir.path();
    settings.hostsFile = dir.filePath(QStringLiteral("hosts"));
    ScheduleStore schedules(db.get());
    StoreDashboardSources sources(
        {&store, &artifacts, settings.ownerId, settings, &clock, {}, &schedules, nullptr});
    const DashboardModels dashboard({&bus, &clock, settings, sources.sources()});

    QQmlApplicationEngine engine;
    QQuickWindow fallback;  // --models-only: a window that shows nothing
    QQuickWindow* window = &fallback;
    if (!modelsOnly) {
        engine.load(QUrl(QStringLiteral("qrc:/Zerg/App/Main.qml")));
        if (engine.rootObjects().isEmpty())
            return 1;
        window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
        window->show();
    }
    controller.send(QStringLiteral("check all 50 hosts"));  // the run the workers belong to

    std::printf("zerg-bench-ui-events (%s build), %d s per phase, software renderer, offscreen\n\n",
                ZERG_BUILD_TYPE, seconds);
    const Figures idle = measure(window, bus, seconds, 0);
    const Figures busy = measure(window, bus, seconds, 1000);
    std::printf("reference: the idle window\n");
    print("event-loop latency", idle.loopLatencyMs);
    print("frame time", idle.frameMs);
    std::printf("50 workers, %d events in %d s (%.0f/s)\n", busy.events, seconds,
                double(busy.events) / seconds);
    print("event-loop latency", busy.loopLatencyMs);
    print("frame time", busy.frameMs);
    const double p99 = std::max(stats(busy.loopLatencyMs).p99, stats(busy.frameMs).p99);
    std::printf("\n  worst p99 under load: %.2f ms (target < 16 ms)   %s\n", p99,
                p99 < 16.0 ? "met" : "NOT met");

    const QString section = QStringLiteral("Events to the UI");
    const QString idleName = QStringLiteral("the idle window");
    const double loopP99 = stats(busy.loopLatencyMs).p99;
    const double frameP99 = stats(busy.frameMs).p99;
    const QString rateNote =
        QStringLiteral("%1 events published in %2 s").arg(busy.events).arg(seconds);
    zerg::bench::report({section,
                         QStringLiteral("50 workers at 1,000 events/s: event-loop latency p99"),
                         loopP99, QStringLiteral("ms"), stats(idle.loopLatencyMs).p99, idleName,
                         QStringLiteral("< 16 ms"), loopP99 < 16.0, rateNote});
    zerg::bench::report({section, QStringLiteral("50 workers at 1,000 events/s: frame time p99"),
                         frameP99, QStringLiteral("ms"), stats(idle.frameMs).p99, idleName,
                         QStringLiteral("< 16 ms"), frameP99 < 16.0, rateNote});
    JarvisController::setInstance(nullptr);
    return 0;
}
