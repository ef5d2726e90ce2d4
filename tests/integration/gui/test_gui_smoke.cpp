// The real app, offscreen: one question answered through the loopback LLM server (and a worker
// on the real sshd), then a screenshot of the Jarvis window in build/screenshots/jarvis.png, and
// the app opened again on the dashboard (build/screenshots/dashboard.png) and on its supervision
// tree (build/screenshots/supervision.png).
#include "fake_llm_server.h"
#include "sshd_fixture.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using zerg::test::FakeLlmServer;
using zerg::test::SshdFixture;

class TestGuiSmoke : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneQuestionAnsweredOnScreen() {
        SshdFixture sshd;
        QString why;
        const bool haveSshd = sshd.available(&why) && sshd.start(&why);
        FakeLlmServer llm;
        QVERIFY(llm.start());
        if (haveSshd) {
            QVERIFY(llm.loadScenarioFile(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json")));
        } else {
            qWarning("sshd not available (%s): answering without a worker", qPrintable(why));
            llm.setScenario(
                {{"responses",
                  QJsonArray{QJsonObject{
                      {"content",
                       "## Disk usage\n\nNo SSH server here, so this is a direct answer."}}}}});
        }
        QTemporaryDir home;
        QTemporaryDir data;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
        env.insert(QStringLiteral("ZERG_DATA_DIR"), data.path());
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), llm.baseUrl());
        env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
        // The scenario scripts no decider answers: the rule-based decider watches the worker.
        env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
        if (haveSshd) {
            env.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                       sshd.writeHostsFile(QStringLiteral("testbox"), sshd.knownHostsPath()));
        }
        const QString shot = QStringLiteral(ZERG_SCREENSHOT_DIR "/jarvis.png");
        QFile::remove(shot);

        QProcess app;
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QSignalSpy finished(&app, &QProcess::finished);
        app.start(QStringLiteral(ZERG_EXE),
                  {QStringLiteral("--ask"), QStringLiteral("check disk usage on testbox"),
                   QStringLiteral("--screenshot"), shot});
        QVERIFY(app.waitForStarted(10000));
        if (!finished.wait(120000)) {
            app.kill();
            QFAIL("the app did not finish the run and take its screenshot");
        }
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(!llm.requests().isEmpty());
        QCOMPARE(llm.remainingResponses(), 0);  // every scripted answer was asked for

        QImage image(shot);
        QVERIFY2(!image.isNull(), qPrintable(shot));
        QVERIFY(image.width() >= 600 && image.height() >= 400);
        // Not a blank frame: the chat rendered text in more than one colour.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4) {
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 10, "the screenshot looks blank");

        // The same data opened on the dashboard: the Workers table read back from storage.
        const QString dashboardShot = QStringLiteral(ZERG_SCREENSHOT_DIR "/dashboard.png");
        QFile::remove(dashboardShot);
        QProcess dashboard;
        dashboard.setProcessEnvironment(env);
        dashboard.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QSignalSpy dashboardFinished(&dashboard, &QProcess::finished);
        dashboard.start(QStringLiteral(ZERG_EXE),
                        {QStringLiteral("--page"), QStringLiteral("dashboard"),
                         QStringLiteral("--screenshot"), dashboardShot});
        QVERIFY(dashboard.waitForStarted(10000));
        if (!dashboardFinished.wait(60000)) {
            dashboard.kill();
            QFAIL("the app did not open the dashboard and take its screenshot");
        }
        QCOMPARE(dashboard.exitCode(), 0);
        const QImage dashboardImage(dashboardShot);
        QVERIFY2(!dashboardImage.isNull(), qPrintable(dashboardShot));
        QVERIFY(dashboardImage.size() == image.size());
        QVERIFY2(dashboardImage != image, "the dashboard looks like the chat");

        // And its supervision tree page (build/screenshots/supervision.png).
        const QString treeShot = QStringLiteral(ZERG_SCREENSHOT_DIR "/supervision.png");
        QFile::remove(treeShot);
        QProcess tree;
        tree.setProcessEnvironment(env);
        tree.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QSignalSpy treeFinished(&tree, &QProcess::finished);
        tree.start(QStringLiteral(ZERG_EXE),
                   {QStringLiteral("--page"), QStringLiteral("supervision"),
                    QStringLiteral("--screenshot"), treeShot});
        QVERIFY(tree.waitForStarted(10000));
        if (!treeFinished.wait(60000)) {
            tree.kill();
            QFAIL("the app did not open the supervision tree and take its screenshot");
        }
        QCOMPARE(tree.exitCode(), 0);
        const QImage treeImage(treeShot);
        QVERIFY2(!treeImage.isNull(), qPrintable(treeShot));
        QVERIFY2(treeImage != dashboardImage, "the tree page looks like the Workers page");
    }
};

QTEST_GUILESS_MAIN(TestGuiSmoke)
#include "test_gui_smoke.moc"
