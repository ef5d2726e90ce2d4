// One window per data folder, with the real app (offscreen): a second `zerg --ask` hands its
// question to the running one (which asks the loopback LLM server) and exits 0; `--page` comes
// over too; a bad page is refused by the second launch itself; a tour, which needs a window of
// its own, is refused while one runs; the window's socket goes when it quits.
#include "fake_llm_server.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using zerg::test::FakeLlmServer;

namespace {

struct Launch {
    int exitCode = -1;
    QByteArray stderrText;
};

}  // namespace

class TestOneWindow : public QObject {
    Q_OBJECT

    QProcessEnvironment m_env;

    // Runs a later `zerg ARGS` to its end while this process's event loop (the LLM server)
    // keeps running.
    Launch launch(const QStringList& args) {
        QProcess p;
        p.setProcessEnvironment(m_env);
        QSignalSpy finished(&p, &QProcess::finished);
        p.start(QStringLiteral(ZERG_EXE), args);
        if (!p.waitForStarted(10000) || !finished.wait(30000)) {
            p.kill();
            p.waitForFinished();
            return {};
        }
        return {p.exitCode(), p.readAllStandardError()};
    }

private Q_SLOTS:
    void aSecondLaunchHandsOverToTheRunningWindow() {
        FakeLlmServer llm;
        QVERIFY(llm.start());
        llm.setScenario(
            {{"responses", QJsonArray{QJsonObject{{"content", "cube has been up for 3 days."}}}}});
        QTemporaryDir home;
        QTemporaryDir data;
        QTemporaryDir runtime;  // 0700, as XDG_RUNTIME_DIR must be
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        m_env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        m_env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
        m_env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
        m_env.insert(QStringLiteral("ZERG_DATA_DIR"), data.path());
        m_env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), llm.baseUrl());
        m_env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        m_env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
        m_env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));

        QProcess window;
        window.setProcessEnvironment(m_env);
        window.setProcessChannelMode(QProcess::ForwardedChannels);
        QSignalSpy windowFinished(&window, &QProcess::finished);
        window.start(QStringLiteral(ZERG_EXE), {});
        QVERIFY(window.waitForStarted(10000));
        // The window listens once it holds the lock.
        const QDir runtimeDir(runtime.path());
        QTRY_VERIFY_WITH_TIMEOUT(
            !runtimeDir.entryList({QStringLiteral("zerg-*.sock")}, QDir::System).isEmpty(), 30000);

        const Launch asked =
            launch({QStringLiteral("--ask"), QStringLiteral("what is the uptime of cube")});
        QVERIFY2(asked.exitCode == 0, asked.stderrText.constData());
        // The running window asked it, not the launch (which has exited).
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const QJsonObject& body : llm.requests()) {
                    if (QJsonDocument(body).toJson().contains("what is the uptime of cube"))
                        return true;
                }
                return false;
            }(),
            30000);
        QCOMPARE(windowFinished.count(), 0);

        const Launch paged = launch({QStringLiteral("--page"), QStringLiteral("threads")});
        QVERIFY2(paged.exitCode == 0, paged.stderrText.constData());

        // A bad page is the launch's own usage error; the window is not bothered.
        const Launch badPage = launch({QStringLiteral("--page"), QStringLiteral("nosuchpage")});
        QCOMPARE(badPage.exitCode, 2);
        QVERIFY(badPage.stderrText.contains("nosuchpage"));

        // A tour needs a window of its own: refused, naming the running process.
        QTemporaryDir shots;
        const Launch tour = launch({QStringLiteral("--tour"), shots.path()});
        QCOMPARE(tour.exitCode, 2);
        QVERIFY2(tour.stderrText.contains(QByteArray::number(window.processId())),
                 tour.stderrText.constData());
        QCOMPARE(windowFinished.count(), 0);

        window.terminate();
        QVERIFY(windowFinished.wait(20000));
        QCOMPARE(window.exitCode(), 0);
        QVERIFY(runtimeDir.entryList({QStringLiteral("zerg-*.sock")}, QDir::System).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOneWindow)
#include "test_one_window.moc"
