// One window per data folder: the first SingleInstance is the window, a later one hands its
// request over the local socket and is told whether it was done. The later launch blocks (it is
// a process about to exit), so here it runs on a thread of its own while the window's event
// loop runs on the test's.
#include "ui/single_instance.h"

#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QLockFile>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <optional>
#include <thread>

using zerg::InstanceRequest;
using zerg::Result;
using zerg::SingleInstance;

namespace {

// A later launch on a thread: claimOrHand with its own SingleInstance.
struct LaterLaunch {
    std::atomic_bool done{false};
    std::optional<Result<SingleInstance::Role>> result;
    std::thread thread;

    LaterLaunch(const QString& dataDir, const QString& runtimeDir, InstanceRequest request,
                int timeoutMs = 5000) {
        thread = std::thread([this, dataDir, runtimeDir, request, timeoutMs] {
            SingleInstance later(dataDir, runtimeDir);
            result.emplace(later.claimOrHand(request, timeoutMs));
            done = true;
        });
    }
    ~LaterLaunch() {
        if (thread.joinable())
            thread.join();
    }
};

}  // namespace

class TestSingleInstance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requestLineRoundTrips() {
        const InstanceRequest r{QStringLiteral("threads"), QStringLiteral("say \"hi\"\nthere")};
        const QByteArray line = r.toLine();
        QCOMPARE(line.count('\n'), 1);  // a newline in the question stays escaped in the JSON
        const auto back = InstanceRequest::fromLine(line);
        QVERIFY(back.ok());
        QCOMPARE(back->page, r.page);
        QCOMPARE(back->ask, r.ask);
        QCOMPARE(InstanceRequest::fromLine("[1]").error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(InstanceRequest::fromLine("{\"ask\": 3}").error().code,
                 QStringLiteral("invalid_argument"));
        QVERIFY(!InstanceRequest::fromLine("not json").ok());
    }

    void firstIsTheWindowLaterOneHandsOver() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        const auto role = window.claimOrHand({}, 1000);
        QVERIFY(role.ok());
        QCOMPARE(role.value(), SingleInstance::Role::Primary);
        QVERIFY(window.isListening());

        QList<InstanceRequest> seen;
        window.setHandler([&seen](const InstanceRequest& r) {
            seen.append(r);
            return QString();
        });
        LaterLaunch later(data.path(), runtime.path(),
                          {QStringLiteral("workers"), QStringLiteral("check disk on cube")});
        QTRY_VERIFY(later.done.load());
        QVERIFY2(later.result->ok(),
                 later.result->ok() ? "" : qPrintable(later.result->error().message));
        QCOMPARE(later.result->value(), SingleInstance::Role::Handed);
        QCOMPARE(seen.size(), 1);
        QCOMPARE(seen.first().page, QStringLiteral("workers"));
        QCOMPARE(seen.first().ask, QStringLiteral("check disk on cube"));
    }

    void sameFolderWrittenDifferentlyIsTheSameWindow() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        QVERIFY(window.claim().ok());
        SingleInstance other(data.path() + QStringLiteral("/./"), runtime.path());
        QCOMPARE(other.serverName(), window.serverName());
        QCOMPARE(other.claim().error().code, QStringLiteral("already_running"));
        // Another data folder is another window.
        QTemporaryDir data2;
        SingleInstance second(data2.path(), runtime.path());
        QVERIFY(second.serverName() != window.serverName());
        QVERIFY(second.claim().ok());
    }

    void theWindowsRefusalReachesTheLaterLaunch() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        QVERIFY(window.claim().ok());
        window.setHandler([](const InstanceRequest&) { return QStringLiteral("still busy"); });
        LaterLaunch later(data.path(), runtime.path(), {QString(), QStringLiteral("again")});
        QTRY_VERIFY(later.done.load());
        QVERIFY(!later.result->ok());
        QCOMPARE(later.result->error().code, QStringLiteral("failed"));
        QCOMPARE(later.result->error().message, QStringLiteral("still busy"));
    }

    void requestsBeforeTheWindowIsReadyWait() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        QVERIFY(window.claim().ok());
        LaterLaunch later(data.path(), runtime.path(), {QStringLiteral("costs"), QString()});
        // The window is still starting (no handler): the launch waits for its answer.
        QTest::qWait(300);
        QVERIFY(!later.done.load());
        QStringList pages;
        window.setHandler([&pages](const InstanceRequest& r) {
            pages.append(r.page);
            return QString();
        });
        QCOMPARE(pages, QStringList{QStringLiteral("costs")});
        QTRY_VERIFY(later.done.load());
        QVERIFY(later.result->ok());
    }

    void aWindowThatDoesNotAnswerIsNamed() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        QVERIFY(window.claim().ok());
        window.setHandler([](const InstanceRequest&) { return QString(); });
        // The window's event loop does not run while this thread waits: no answer in time.
        SingleInstance later(data.path(), runtime.path());
        const auto r = later.claimOrHand({}, 400);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("unavailable"));
        QVERIFY2(r.error().message.contains(QString::number(QCoreApplication::applicationPid())),
                 qPrintable(r.error().message));
    }

    void aCrashedWindowsLockAndSocketAreTakenOver() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        QString socketPath;
        {
            SingleInstance probe(data.path(), runtime.path());
            socketPath = probe.serverName();
        }
        // What a killed window leaves: a lock naming a process that is gone, a socket file.
        QString lockPath = socketPath;
        lockPath.replace(QStringLiteral(".sock"), QStringLiteral(".lock"));
        QFile lock(lockPath);
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("999999999\nzerg\n" + QSysInfo::machineHostName().toUtf8() + '\n');
        lock.close();
        QFile leftover(socketPath);
        QVERIFY(leftover.open(QIODevice::WriteOnly));
        leftover.close();

        SingleInstance window(data.path(), runtime.path());
        const auto role = window.claimOrHand({}, 1000);
        QVERIFY(role.ok());
        QCOMPARE(role.value(), SingleInstance::Role::Primary);
        QVERIFY(window.isListening());
    }

    void garbageOnTheSocketIsRefusedAndTheWindowStaysUp() {
        QTemporaryDir runtime;
        QTemporaryDir data;
        SingleInstance window(data.path(), runtime.path());
        QVERIFY(window.claim().ok());
        int handled = 0;
        window.setHandler([&handled](const InstanceRequest&) {
            ++handled;
            return QString();
        });
        QLocalSocket raw;
        raw.connectToServer(window.serverName());
        QVERIFY(raw.waitForConnected(1000));
        raw.write("{not json\n");
        QTRY_VERIFY(raw.bytesAvailable() > 0 || raw.state() == QLocalSocket::UnconnectedState);
        const QByteArray answer = raw.readAll();
        QVERIFY2(answer.contains("\"ok\":false"), answer.constData());
        QCOMPARE(handled, 0);

        LaterLaunch later(data.path(), runtime.path(), {});
        QTRY_VERIFY(later.done.load());
        QVERIFY(later.result->ok());
        QCOMPARE(handled, 1);
    }
};

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "test_single_instance.moc"
