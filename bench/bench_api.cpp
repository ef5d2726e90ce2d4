// zerg-bench-api: the WebSocket API of `zerg serve` under load.
//
// 50 clients (QWebSocket, in a second thread with its own event loop) authenticate and subscribe
// to one owner's events on a real ApiServer over loopback TCP. Events are published on the
// EventBus, each stamped with the steady clock, and every client measures the delay from
// publish to its own receipt of the parsed frame. Printed:
//   1. paced: 1,000 events/s for SECONDS: deliveries per second and latency p50/p99;
//   2. flat out: EVENTS events published as fast as the server takes them: events/s and
//      deliveries/s until every client has every event;
//   3. dispatch round trip (a 51st client, dispatch -> reply, sequential) p50/p99.
// Each side first gets one uncounted second of warm-up. The reference, measured in the same run on
// the same clients: a bare QWebSocketServer that sends the same event frames to the same 50 sockets
// with no protocol (no log, no owner filter, no authentication), and `ping` for the round trip. The
// backend behind the API is a fake whose dispatch publishes supervisor_started and answers at once,
// so the figures are the API's own. The command rate limit is lifted for the benchmark (it would
// throttle the round-trip client).
//
// Usage: zerg-bench-api [SECONDS] [EVENTS]   (defaults 3 and 20000)
#include "api/api_backend.h"
#include "api/api_server.h"
#include "bench_stats.h"
#include "core/clock.h"
#include "core/event_bus.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>
#include <QWebSocket>
#include <QWebSocketServer>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <mutex>
#include <vector>

using namespace zerg;
using zerg::bench::stats;

namespace {

constexpr int kClients = 50;
constexpr qint64 kOwner = 1;

double nowMs() {
    return double(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count()) /
           1e6;
}

// Runs fn on the main thread's event loop until done() or the deadline; false on timeout.
bool spinUntil(const std::function<bool()>& done, int timeoutMs = 60000) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

class FakeApi final : public api::ApiBackend {
public:
    explicit FakeApi(EventBus* bus) : m_bus(bus) {}
    Result<api::Identity> login(const QString&) override { return identity(); }
    Result<api::Identity> authenticate(const QString&) override { return identity(); }
    Status logout(const QString&) override { return Ok{}; }
    Result<QJsonObject> dispatch(qint64 owner, const QString& task, const QJsonObject&,
                                 const QJsonObject&) override {
        const qint64 run = ++m_runs;
        m_bus->publish(QStringLiteral("supervisor_started"), owner,
                       {{"run_id", run}, {"task", task}, {"t", nowMs()}});
        return QJsonObject{{"run_id", run}, {"thread_id", 1}, {"status", "running"}};
    }
    Result<QJsonObject> run(qint64, qint64) override { return missing(); }
    Result<QJsonObject> runs(qint64, int) override { return missing(); }
    Result<QJsonObject> workers(qint64, int, std::optional<qint64>) override { return missing(); }
    Result<QJsonObject> worker(qint64, const QString&, std::optional<qint64>) override {
        return missing();
    }
    Result<QJsonObject> workerFile(qint64, const QString&, const QString&) override {
        return missing();
    }
    Result<QJsonObject> cancel(qint64, std::optional<qint64>, std::optional<qint64>) override {
        return missing();
    }
    void schedules(qint64, const QString&, const QJsonObject&, QObject*, Done done) override {
        done(missing());
    }

private:
    static Result<api::Identity> identity() {
        return api::Identity{kOwner, 1, QDateTime::currentDateTimeUtc().addDays(7), {}};
    }
    static Error missing() { return Error{QStringLiteral("not_found"), QStringLiteral("none")}; }
    EventBus* m_bus;
    qint64 m_runs = 0;
};

// The 50 subscribers, living in the client thread. Counts events and keeps every latency.
class Subscribers : public QObject {
    Q_OBJECT
public:
    void connectAll(const QUrl& url, bool protocol) {
        m_protocol = protocol;
        for (int i = 0; i < kClients; ++i) {
            auto* ws = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
            connect(ws, &QWebSocket::connected, this, [this, ws] {
                if (m_protocol) {
                    ws->sendTextMessage(QStringLiteral(R"({"id":1,"op":"auth","token":"t"})"));
                    ws->sendTextMessage(QStringLiteral(R"({"id":2,"op":"subscribe"})"));
                } else {
                    ++ready;
                }
            });
            connect(ws, &QWebSocket::textMessageReceived, this, [this](const QString& text) {
                const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
                if (o.value(QLatin1String("type")) == QLatin1String("reply")) {
                    if (o.value(QLatin1String("id")).toInt() == 2)
                        ++ready;
                    return;
                }
                if (o.value(QLatin1String("type")) != QLatin1String("event"))
                    return;
                const double sent =
                    o.value(QLatin1String("data")).toObject().value(QLatin1String("t")).toDouble();
                const double latency = nowMs() - sent;
                {
                    std::lock_guard<std::mutex> lock(mutex);
                    if (keepLatencies)
                        latencies.push_back(latency);
                }
                ++received;
            });
            ws->open(url);
        }
    }
    void closeAll() {
        for (QWebSocket* ws : findChildren<QWebSocket*>())
            ws->close();
    }

    std::atomic<int> ready{0};
    std::atomic<qint64> received{0};
    std::atomic<bool> keepLatencies{true};
    std::mutex mutex;
    std::vector<double> latencies;

private:
    bool m_protocol = true;
};

// The reference: the same frames to the same sockets, with nothing of the protocol.
class BareServer : public QObject {
public:
    BareServer() : m_server(QStringLiteral("bare"), QWebSocketServer::NonSecureMode, this) {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
            while (QWebSocket* ws = m_server.nextPendingConnection())
                m_clients.append(ws);
        });
    }
    QUrl url() const {
        return QUrl(QStringLiteral("ws://127.0.0.1:%1").arg(m_server.serverPort()));
    }
    void publish(const QString& name, const QJsonObject& data) {
        const QString text =
            QString::fromUtf8(QJsonDocument(QJsonObject{{"type", "event"},
                                                        {"seq", ++m_seq},
                                                        {"event", name},
                                                        {"at", "2026-01-01T00:00:00.000Z"},
                                                        {"data", data}})
                                  .toJson(QJsonDocument::Compact));
        for (QWebSocket* ws : std::as_const(m_clients))
            ws->sendTextMessage(text);
    }
    void close() {
        for (QWebSocket* ws : std::as_const(m_clients))
            ws->close();
        m_server.close();
    }

private:
    QWebSocketServer m_server;
    QList<QWebSocket*> m_clients;
    qint64 m_seq = 0;
};

struct Figures {
    double pacedPerSecond = 0;  // deliveries
    bench::Stats paced;
    double flatEventsPerSecond = 0;
    double flatDeliveriesPerSecond = 0;
    bench::Stats flat;
};

// Publishes through publish(name, data) and measures on subscribers (already subscribed).
Figures measure(Subscribers* subs, const std::function<void(const QJsonObject&)>& publish,
                int seconds, int events) {
    Figures f;
    // 1. Paced: the events due every millisecond (a timer cannot promise exactly 1 ms).
    subs->received = 0;
    {
        std::lock_guard<std::mutex> lock(subs->mutex);
        subs->latencies.clear();
    }
    QElapsedTimer t;
    t.start();
    qint64 sent = 0;
    QTimer pacer;
    pacer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&pacer, &QTimer::timeout, [&] {
        const qint64 due = t.elapsed();  // one per ms since the start
        while (sent < due && sent < qint64(seconds) * 1000) {
            publish({{"worker_id", "w"}, {"n", sent}, {"t", nowMs()}});
            ++sent;
        }
    });
    pacer.start(1);
    spinUntil([&] { return sent >= qint64(seconds) * 1000; }, seconds * 1000 + 30000);
    pacer.stop();
    spinUntil([&] { return subs->received >= sent * kClients; });
    const double pacedMs = double(t.elapsed());
    f.pacedPerSecond = double(subs->received) / (pacedMs / 1000.0);
    {
        std::lock_guard<std::mutex> lock(subs->mutex);
        f.paced = stats(subs->latencies);
        subs->latencies.clear();
    }
    // 2. Flat out: bursts of 100 per event-loop turn.
    subs->received = 0;
    t.restart();
    qint64 flatSent = 0;
    while (flatSent < events) {
        for (int i = 0; i < 100 && flatSent < events; ++i, ++flatSent)
            publish({{"worker_id", "w"}, {"n", flatSent}, {"t", nowMs()}});
        QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
    }
    const double publishMs = double(t.elapsed());
    spinUntil([&] { return subs->received >= qint64(events) * kClients; }, 120000);
    const double allMs = double(t.elapsed());
    f.flatEventsPerSecond = double(events) / (publishMs / 1000.0);
    f.flatDeliveriesPerSecond = double(subs->received) / (allMs / 1000.0);
    {
        std::lock_guard<std::mutex> lock(subs->mutex);
        f.flat = stats(subs->latencies);
    }
    return f;
}

// Sequential round trips of one command on a fresh authenticated connection.
bench::Stats roundTrips(const QUrl& url, const QString& command, int count) {
    QWebSocket ws;
    std::vector<double> ms;
    double sentAt = 0;
    int done = -1;  // -1: authenticating
    QObject::connect(&ws, &QWebSocket::textMessageReceived, [&](const QString& text) {
        const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
        if (o.value(QLatin1String("type")) != QLatin1String("reply"))
            return;
        if (done >= 0)
            ms.push_back(nowMs() - sentAt);
        if (++done < count) {
            sentAt = nowMs();
            ws.sendTextMessage(command);
        }
    });
    QObject::connect(&ws, &QWebSocket::connected, [&] {
        ws.sendTextMessage(QStringLiteral(R"({"id":0,"op":"auth","token":"t"})"));
    });
    ws.open(url);
    spinUntil([&] { return done >= count; });
    ws.close();
    return stats(ms);
}

// Prints a row of the table and reports it as a figure of the suite.
void printRow(const char* figure, const char* unit, double ours, double reference,
              const char* referenceName, const char* note) {
    const QString name = QStringLiteral("%1 (%2)").arg(QLatin1String(figure), QLatin1String(unit));
    std::printf("%-44s %12.1f %12.1f %8.2fx  %s\n", qPrintable(name), ours, reference,
                reference > 0 ? ours / reference : 0.0, note);
    zerg::bench::report({QStringLiteral("Server API"), QLatin1String(figure), ours,
                         QLatin1String(unit), reference, QLatin1String(referenceName)});
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int seconds = argc > 1 ? std::max(1, atoi(argv[1])) : 3;
    const int events = argc > 2 ? std::max(1000, atoi(argv[2])) : 20000;
    std::printf(
        "zerg-bench-api (%s build): %d clients, paced 1,000 events/s for %d s, then "
        "%d events flat out\n",
        ZERG_BUILD_TYPE, kClients, seconds, events);

    SystemClock clock;
    EventBus bus(&clock);
    FakeApi fake(&bus);
    api::ApiServerConfig config;
    config.commandsPerSecond = 1e9;
    config.commandBurst = 1 << 30;
    config.maxBacklogBytes = qint64(1) << 40;  // measure, do not cut slow readers off
    api::ApiServer server(config, &fake, &bus, &clock);
    if (Status s = server.listen(QHostAddress::LocalHost, 0); !s) {
        std::fprintf(stderr, "zerg-bench-api: %s\n", qPrintable(s.error().message));
        return 1;
    }
    const QUrl url(QStringLiteral("ws://127.0.0.1:%1").arg(server.port()));
    BareServer bare;

    QThread clientThread;
    clientThread.start();
    const auto runOn = [&clientThread](Subscribers* subs, std::function<void()> fn) {
        QMetaObject::invokeMethod(subs, std::move(fn), Qt::QueuedConnection);
        Q_UNUSED(clientThread);
    };

    // Ours.
    auto* ours = new Subscribers;
    ours->moveToThread(&clientThread);
    runOn(ours, [ours, url] { ours->connectAll(url, true); });
    if (!spinUntil([&] { return ours->ready >= kClients; })) {
        std::fprintf(stderr, "zerg-bench-api: the clients did not subscribe\n");
        return 1;
    }
    const auto publishOurs = [&bus](const QJsonObject& data) {
        bus.publish(QStringLiteral("worker_status_update"), kOwner, data);
    };
    // A first pass runs markedly slower on fresh connections (p50 9 ms against 0.4 ms), so
    // each side gets one second of warm-up that is not counted.
    measure(ours, publishOurs, 1, 1000);
    const Figures api = measure(ours, publishOurs, seconds, events);
    runOn(ours, [ours] { ours->closeAll(); });

    // The reference.
    auto* refs = new Subscribers;
    refs->moveToThread(&clientThread);
    const QUrl bareUrl = bare.url();
    runOn(refs, [refs, bareUrl] { refs->connectAll(bareUrl, false); });
    if (!spinUntil([&] { return refs->ready >= kClients; })) {
        std::fprintf(stderr, "zerg-bench-api: the reference clients did not connect\n");
        return 1;
    }
    spinUntil([] { return false; }, 300);  // let the server see every connection
    const auto publishBare = [&bare](const QJsonObject& data) {
        bare.publish(QStringLiteral("worker_status_update"), data);
    };
    measure(refs, publishBare, 1, 1000);
    const Figures ref = measure(refs, publishBare, seconds, events);
    runOn(refs, [refs] { refs->closeAll(); });

    // Round trips, with the 50 subscribers of ours connected again (dispatch fans out).
    auto* listeners = new Subscribers;
    listeners->keepLatencies = false;
    listeners->moveToThread(&clientThread);
    runOn(listeners, [listeners, url] { listeners->connectAll(url, true); });
    spinUntil([&] { return listeners->ready >= kClients; });
    const bench::Stats dispatch = roundTrips(
        url, QStringLiteral(R"({"id":1,"op":"dispatch","task":"check the disks"})"), 2000);
    const bench::Stats ping = roundTrips(url, QStringLiteral(R"({"id":1,"op":"ping"})"), 2000);
    runOn(listeners, [listeners] { listeners->closeAll(); });

    std::printf("\n%-44s %12s %12s %9s\n", "figure", "zerg", "reference", "ratio");
    const char* bareName = "a bare QWebSocketServer sending the same frames";
    printRow("50 clients, paced 1,000 events/s: deliveries", "/s", api.pacedPerSecond,
             ref.pacedPerSecond, bareName, "");
    printRow("paced: latency p50", "ms", api.paced.median, ref.paced.median, bareName, "");
    printRow("paced: latency p99", "ms", api.paced.p99, ref.paced.p99, bareName, "");
    printRow("flat out: events published", "/s", api.flatEventsPerSecond, ref.flatEventsPerSecond,
             bareName, "");
    printRow("flat out: deliveries", "/s", api.flatDeliveriesPerSecond, ref.flatDeliveriesPerSecond,
             bareName, "(events x 50 clients)");
    printRow("flat out: latency p99", "ms", api.flat.p99, ref.flat.p99, bareName,
             "(queueing included)");
    printRow("dispatch round trip p50", "ms", dispatch.median, ping.median, "ping", "");
    printRow("dispatch round trip p99", "ms", dispatch.p99, ping.p99, "ping", "");

    server.close();
    bare.close();
    QMetaObject::invokeMethod(
        ours,
        [&] {
            delete ours;
            delete refs;
            delete listeners;
        },
        Qt::BlockingQueuedConnection);
    clientThread.quit();
    clientThread.wait();
    return 0;
}

#include "bench_api.moc"
