// The GUI tour: the real app, offscreen, answers one question through the loopback LLM server (and
// a worker on the real sshd), then visits every page and saves build/screenshots/<page>.png (the
// names the README lists), and the chat and Workers page in the dark theme. Each screenshot must
// be a drawn page, different from every other one.
#include "fake_llm_server.h"
#include "sshd_fixture.h"

#include <QDir>
#include <QFile>
#include <QHash>
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
        const QDir shots(QStringLiteral(ZERG_SCREENSHOT_DIR));
        const QStringList pages{QStringLiteral("jarvis"),        QStringLiteral("workers"),
                                QStringLiteral("worker-detail"), QStringLiteral("threads"),
                                QStringLiteral("supervision"),   QStringLiteral("costs"),
                                QStringLiteral("schedules"),     QStringLiteral("hosts"),
                                QStringLiteral("settings"),      QStringLiteral("inbox"),
                                QStringLiteral("jarvis-search"), QStringLiteral("shortcuts"),
                                QStringLiteral("jarvis-dark"),   QStringLiteral("workers-dark"),
                                QStringLiteral("hosts-edit")};
        for (const QString& page : pages)
            QFile::remove(shots.filePath(page + QStringLiteral(".png")));

        QProcess app;
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QSignalSpy finished(&app, &QProcess::finished);
        app.start(QStringLiteral(ZERG_EXE),
                  {QStringLiteral("--ask"), QStringLiteral("check disk usage on testbox"),
                   QStringLiteral("--tour"), shots.path()});
        QVERIFY(app.waitForStarted(10000));
        if (!finished.wait(180000)) {
            app.kill();
            QFAIL("the app did not finish the run and its tour");
        }
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(!llm.requests().isEmpty());
        QCOMPARE(llm.remainingResponses(), 0);  // every scripted answer was asked for

        QHash<QString, QImage> images;
        for (const QString& page : pages) {
            const QString path = shots.filePath(page + QStringLiteral(".png"));
            const QImage image(path);
            QVERIFY2(!image.isNull(), qPrintable(path));
            QVERIFY(image.width() >= 600 && image.height() >= 400);
            // Not a blank frame: text in more than one colour.
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 4) {
                for (int x = 0; x < image.width(); x += 4)
                    colours.insert(image.pixel(x, y));
            }
            QVERIFY2(colours.size() > 10, qPrintable(page + QStringLiteral(" looks blank")));
            for (auto it = images.cbegin(); it != images.cend(); ++it) {
                QVERIFY2(it.value() != image,
                         qPrintable(page + QStringLiteral(" looks like ") + it.key()));
            }
            images.insert(page, image);
        }
        // The dark theme is dark: the window's corner pixel, light before, dark after.
        QVERIFY(qGray(images.value(QStringLiteral("jarvis")).pixel(2, 200)) > 160);
        QVERIFY(qGray(images.value(QStringLiteral("jarvis-dark")).pixel(2, 200)) < 80);
    }
};

QTEST_GUILESS_MAIN(TestGuiSmoke)
#include "test_gui_smoke.moc"
