// zerg-bench-baseline: the reference programs of zerg-bench-startup, built in the same tree with
// the same compiler flags as zerg.
//
//   zerg-bench-baseline            a bare Qt Quick app: QGuiApplication, QQmlApplicationEngine and
//                                  bench/baseline/Main.qml (one Window of Zerg's default size with
//                                  a Text). With ZERG_BENCH_FIRST_FRAME=1 it prints
//                                  "first-frame rss_kib=<VmRSS>" on its first frameSwapped and
//                                  quits, exactly as zerg's hook in app/gui.cpp does.
//   zerg-bench-baseline --ws PORT  a bare WebSocket server: QCoreApplication and a
//                                  QWebSocketServer on 127.0.0.1:PORT that prints
//                                  "listening on ws://127.0.0.1:PORT" (what `zerg serve` prints
//                                  once it is ready) and runs until SIGTERM.
#include <QCoreApplication>
#include <QFile>
#include <QGuiApplication>
#include <QHostAddress>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QWebSocketServer>

#include <atomic>
#include <cstdio>
#include <memory>

namespace {

// VmRSS of /proc/self/status in KiB (0 where there is none); zerg::residentMemoryKib() is not
// used so that the baseline links Qt only.
long long vmRssKib() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

int runWebSocketServer(int argc, char** argv, quint16 port) {
    QCoreApplication app(argc, argv);
    QWebSocketServer server(QStringLiteral("baseline"), QWebSocketServer::NonSecureMode);
    if (!server.listen(QHostAddress::LocalHost, port)) {
        std::fprintf(stderr, "zerg-bench-baseline: cannot listen on 127.0.0.1:%u: %s\n", port,
                     qPrintable(server.errorString()));
        return 1;
    }
    std::printf("listening on ws://127.0.0.1:%u\n", server.serverPort());
    std::fflush(stdout);
    // SIGTERM ends the process at once (default action), as the bench expects of both servers.
    return QCoreApplication::exec();
}

int runWindow(int argc, char** argv) {
    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.load(QUrl(QStringLiteral("qrc:/ZergBench/Baseline/baseline/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    if (window && qEnvironmentVariable("ZERG_BENCH_FIRST_FRAME") == QLatin1String("1")) {
        // frameSwapped may come from a render thread: print once, quit on the GUI thread.
        auto reported = std::make_shared<std::atomic_bool>(false);
        QObject::connect(
            window, &QQuickWindow::frameSwapped, window,
            [reported] {
                if (reported->exchange(true))
                    return;
                std::printf("first-frame rss_kib=%lld\n", vmRssKib());
                std::fflush(stdout);
                QMetaObject::invokeMethod(
                    qApp, [] { QCoreApplication::exit(0); }, Qt::QueuedConnection);
            },
            Qt::DirectConnection);
    }
    return QGuiApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 2 && QByteArray(argv[1]) == "--ws")
        return runWebSocketServer(argc, argv, quint16(QByteArray(argv[2]).toUInt()));
    return runWindow(argc, argv);
}
