// The desktop app connected to a `zerg serve` answers a question end to end (issue 11): a real
// server process on its own data folder with the loopback LLM server behind it, a device and its
// secret, and the real app (offscreen) on another, empty data folder that talks only to the
// server. The run and its answer land in the server's database; the app's data folder stays empty.
#include "api/remote_client.h"
#include "api/remote_dashboard_sources.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "fake_llm_server.h"
#include "ui/dashboard_models.h"

#include "serve_process.h"
#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using zerg::test::FakeLlmServer;
using namespace Qt::StringLiterals;

namespace {

constexpr int ProcessMs = 60'000;
const QString kAnswer = u"## Disks\n\nEvery disk is below 60% full."_s;

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run runZerg(const QProcessEnvironment& env, const QStringList& args, const QByteArray& input = {}) {
    // The event loop runs meanwhile: the loopback LLM server lives in this process.
    const zerg::test::ProgramRun r =
        zerg::test::runProgram(QStringLiteral(ZERG_EXE), args, env, ProcessMs, input);
    return {r.code, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

using zerg::test::isolatedZergEnv;
using Server = zerg::test::ServeProcess;

QProcessEnvironment isolatedEnv(const QString& home, const QString& data) {
    return isolatedZergEnv(home, data);
}

// A screenshot that shows a drawn window, not a blank frame.
bool looksDrawn(const QString& path) {
    const QImage image(path);
    if (image.isNull() || image.width() < 400 || image.height() < 300)
        return false;
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4) {
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    }
    return colours.size() > 10;
}

}  // namespace

class TestRemoteApp : public QObject {
    Q_OBJECT

    FakeLlmServer m_llm;
    QTemporaryDir m_serverHome, m_serverData;
    QProcessEnvironment m_serverEnv;
    std::optional<Server> m_server;
    QString m_secret;

    // A session token for the device, from the server ("" when it refused: said in the log).
    QString loginToken() { return zerg::test::loginToken(m_server->url(), m_secret, this); }

    void answerOnce() {
        m_llm.setScenario({{"responses", QJsonArray{QJsonObject{{"content", kAnswer}}}}});
    }

    // The server's runs, read by the CLI from its data folder.
    QJsonArray serverRuns() {
        const Run r = runZerg(m_serverEnv, {u"runs"_s, u"list"_s, u"--json"_s});
        if (r.code != 0)
            qWarning("runs list: %s", qPrintable(r.err));
        return QJsonDocument::fromJson(r.out.toUtf8()).array();
    }

    // The app, offscreen: asks, waits for the answer, saves the window and quits.
    Run askWithTheApp(const QProcessEnvironment& env, const QString& question,
                      const QString& shot) {
        return runZerg(env, {u"--ask"_s, question, u"--screenshot"_s, shot});
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_llm.start());
        m_serverEnv = isolatedEnv(m_serverHome.path(), m_serverData.path());
        m_serverEnv.insert(u"ZERG_LLM_BASE_URL"_s, m_llm.baseUrl());
        m_serverEnv.insert(u"ZERG_MODEL"_s, u"supervisor-model"_s);
        m_serverEnv.insert(u"ZERG_DECIDER_MODEL"_s, u"heuristic"_s);
        // The server's hosts (the Hosts page in remote mode shows them, not the app's).
        QFile hosts(m_serverHome.filePath(u"server-hosts"_s));
        QVERIFY(hosts.open(QIODevice::WriteOnly));
        hosts.write("Host cube\n  HostName 127.0.0.1\n  Port 1\n  User ops\n");
        hosts.close();
        m_serverEnv.insert(u"ZERG_HOSTS_FILE"_s, hosts.fileName());

        const Run device =
            runZerg(m_serverEnv, {u"devices"_s, u"add"_s, u"test laptop"_s, u"--json"_s});
        QCOMPARE(device.code, 0);
        m_secret = QJsonDocument::fromJson(device.out.toUtf8())
                       .object()
                       .value(u"device_secret"_s)
                       .toString();
        QVERIFY2(!m_secret.isEmpty(), qPrintable(device.out + device.err));

        m_server.emplace();
        QVERIFY(m_server->start(QStringLiteral(ZERG_EXE), m_serverEnv));
    }

    void cleanupTestCase() {
        if (m_server)
            QVERIFY(m_server->stop());
    }

    // ZERG_REMOTE_URL and ZERG_REMOTE_TOKEN (a token from `login`): the app runs nothing itself.
    void theAppAnswersThroughTheServer() {
        const QString token = loginToken();
        QVERIFY(!token.isEmpty());

        QTemporaryDir home, data;
        QProcessEnvironment env = isolatedEnv(home.path(), data.path());
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"ZERG_REMOTE_URL"_s, m_server->url());
        env.insert(u"ZERG_REMOTE_TOKEN"_s, token);
        answerOnce();
        const int requestsBefore = int(m_llm.requests().size());
        // Kept with the GUI tour's screenshots, for people to look at.
        const QString shot = QStringLiteral(ZERG_SCREENSHOT_DIR "/remote-jarvis.png");
        QFile::remove(shot);
        const Run app = askWithTheApp(env, u"how full are the disks?"_s, shot);
        QVERIFY2(app.code == 0, qPrintable(app.err + u"\nserver: "_s + m_server->log()));
        QVERIFY2(looksDrawn(shot), qPrintable(shot));
        QVERIFY(m_llm.requests().size() > requestsBefore);  // the server asked the model
        QCOMPARE(m_llm.remainingResponses(), 0);

        // The question and its answer are the server's; the app's data folder has nothing.
        bool found = false;
        for (const QJsonValue& v : serverRuns()) {
            const QJsonObject run = v.toObject();
            if (run.value(u"task"_s).toString() == u"how full are the disks?"_s) {
                found = true;
                QCOMPARE(run.value(u"status"_s).toString(), u"success"_s);
                QCOMPARE(run.value(u"result"_s).toString(), kAnswer);
            }
        }
        QVERIFY(found);
        QVERIFY2(QDir(data.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 qPrintable(QDir(data.path())
                                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot)
                                .join(u", "_s)));
    }

    // What was said in a voice-to-voice conversation on the app (record_spoken) lands in the
    // server's thread as a quick turn; an empty exchange is refused as a bad request.
    void aSpokenExchangeIsStoredOnTheServer() {
        zerg::SystemClock clock;
        const QString token = loginToken();
        QVERIFY(!token.isEmpty());
        zerg::EventBus bus(&clock);
        zerg::api::RemoteClient client(QUrl(m_server->url()), token, &bus, &clock);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(client.state() == zerg::api::RemoteClient::State::Connected,
                                 10'000);
        std::optional<zerg::Result<QJsonObject>> stored, refused;
        client.request(
            u"record_spoken"_s,
            {{u"said"_s, u"what time is it on the server"_s}, {u"answered"_s, u"Ten past two."_s}},
            this, [&](zerg::Result<QJsonObject> r) { stored = r; });
        client.request(u"record_spoken"_s, {{u"said"_s, u" "_s}}, this,
                       [&](zerg::Result<QJsonObject> r) { refused = r; });
        QTRY_VERIFY_WITH_TIMEOUT(stored.has_value() && refused.has_value(), 10'000);
        QVERIFY2(stored->ok(), stored->ok() ? "" : qPrintable(stored->error().message));
        QVERIFY((*stored)->value(u"run_id"_s).toInteger() > 0);
        QVERIFY(!refused->ok());
        QCOMPARE(refused->error().code, u"bad_request"_s);
        client.stop();

        bool found = false;
        for (const QJsonValue& v : serverRuns()) {
            const QJsonObject run = v.toObject();
            if (run.value(u"task"_s).toString() == u"what time is it on the server"_s) {
                found = true;
                QCOMPARE(run.value(u"result"_s).toString(), u"Ten past two."_s);
                QCOMPARE(run.value(u"mode"_s).toString(), u"quick"_s);
                QCOMPARE(run.value(u"status"_s).toString(), u"success"_s);
            }
        }
        QVERIFY(found);
    }

    // A question that needs a worker, with the app on the dashboard's Workers page: the worker
    // runs on the server (its folder is there), and the window's screenshot shows the table.
    void aWorkerRunsOnTheServer() {
        const QString token = loginToken();
        QVERIFY(!token.isEmpty());
        m_llm.setScenario(
            {{"responses",
              QJsonArray{
                  QJsonObject{{"model", "supervisor-model"},
                              {"tool_calls",
                               QJsonArray{QJsonObject{
                                   {"id", "call_1"},
                                   {"name", "spawn_worker"},
                                   {"arguments", QJsonObject{{"task", "Summarize uptime"}}}}}}},
                  QJsonObject{{"model", "worker-model"}, {"content", "Up 12 days, load 0.1."}},
                  QJsonObject{{"model", "supervisor-model"},
                              {"content", "The server has been up for 12 days."}}}}});
        QTemporaryDir home, data;
        QProcessEnvironment env = isolatedEnv(home.path(), data.path());
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"ZERG_REMOTE_URL"_s, m_server->url());
        env.insert(u"ZERG_REMOTE_TOKEN"_s, token);
        const QString shot = QStringLiteral(ZERG_SCREENSHOT_DIR "/remote-workers.png");
        QFile::remove(shot);
        const Run app = runZerg(env, {u"--page"_s, u"workers"_s, u"--ask"_s,
                                      u"how long has it been up?"_s, u"--screenshot"_s, shot});
        QVERIFY2(app.code == 0, qPrintable(app.err + u"\nserver: "_s + m_server->log()));
        QVERIFY(looksDrawn(shot));
        const Run workers = runZerg(m_serverEnv, {u"workers"_s, u"list"_s, u"--json"_s});
        QVERIFY2(workers.out.contains(u"Summarize uptime"_s), qPrintable(workers.out));
        QVERIFY(QDir(data.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
    }

    // The dashboard's models over the server (as the app builds them in remote mode), after the
    // questions above: every page shows the server's data, none reads a local store.
    void everyPageShowsTheServersData() {
        zerg::SystemClock clock;
        const QString token = loginToken();
        QVERIFY(!token.isEmpty());
        zerg::EventBus bus(&clock);
        zerg::api::RemoteClient::Options options;
        options.localOwnerId = 1;
        zerg::api::RemoteClient client(QUrl(m_server->url()), token, &bus, &clock, options);
        zerg::api::RemoteDashboardSources remote(&client, options.localOwnerId, &bus);
        QTemporaryDir home;
        zerg::DashboardModels::Deps deps;
        deps.bus = &bus;
        deps.clock = &clock;
        deps.settings.configDir = home.path();
        deps.settings.hostsFile = home.filePath(u"hosts"_s);  // this computer's: empty
        deps.sources = remote.sources();
        zerg::DashboardModels models(deps);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(client.state() == zerg::api::RemoteClient::State::Connected,
                                 10'000);

        // Workers: the worker the server ran above.
        bool refreshed = false;
        remote.workers().refresh([&refreshed] { refreshed = true; });
        QTRY_VERIFY_WITH_TIMEOUT(refreshed, 10'000);
        models.workers().reload();
        QVERIFY(models.workers().count() >= 1);
        bool uptime = false;
        for (int row = 0; row < models.workers().count(); ++row) {
            const QModelIndex task =
                models.workers().index(row, zerg::WorkerTableModel::TaskColumn);
            uptime = uptime || task.data(Qt::DisplayRole).toString() == u"Summarize uptime"_s;
        }
        QVERIFY(uptime);

        // Costs: the server's model calls (the supervisor's and the worker's).
        models.costs().refresh();
        QTRY_VERIFY_WITH_TIMEOUT(models.costs().totalCalls() >= 3, 10'000);
        QCOMPARE(models.costs().loadError(), QString());

        // Worker detail: the newest worker's folder, on the server's disk.
        models.workerDetail().openJob(
            models.workers().index(0, 0).data(zerg::WorkerTableModel::JobIdRole).toLongLong());
        QTRY_VERIFY_WITH_TIMEOUT(models.workerDetail().hasWorker(), 10'000);
        QCOMPARE(models.workerDetail().error(), QString());
        QVERIFY(models.workerDetail().files()->count() > 0);

        // Threads: the questions asked above, and the selected run's transcript.
        models.threads().reload();
        QTRY_VERIFY_WITH_TIMEOUT(models.threads().runs()->count() >= 2, 10'000);
        models.threads().selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(models.threads().messages()->count() > 0, 10'000);
        QCOMPARE(models.threads().loadError(), QString());

        // Supervision tree: the server's live tree (its services at least).
        models.tree().refresh();
        QTRY_VERIFY_WITH_TIMEOUT(models.tree().count() > 0, 10'000);
        QCOMPARE(models.tree().loadError(), QString());

        // Hosts: the server's hosts file, not this computer's.
        models.hosts().reload();
        QTRY_COMPARE_WITH_TIMEOUT(models.hosts().count(), 1, 10'000);
        QCOMPARE(models.hosts().hostsFile(), m_serverEnv.value(u"ZERG_HOSTS_FILE"_s));

        // Schedules: one made from this window lives on the server.
        models.schedules().create(u"disks"_s, u"check the disks"_s, u"0 6 * * *"_s, u"UTC"_s,
                                  false);
        QTRY_COMPARE_WITH_TIMEOUT(models.schedules().count(), 1, 10'000);
        QCOMPARE(models.schedules().loadError(), QString());

        // The task inbox: the server's (empty here), read without error.
        models.inbox().reload();
        QTRY_COMPARE_WITH_TIMEOUT(models.inbox().error(), QString(), 10'000);
        client.stop();
    }

    // The GUI tour in remote mode: every page drawn with the server's data, saved beside the local
    // tour's screenshots as remote-<page>.png for people to look at.
    void theTourShowsEveryPageInRemoteMode() {
        const QString token = loginToken();
        QVERIFY(!token.isEmpty());
        QTemporaryDir home, data, tour;
        QProcessEnvironment env = isolatedEnv(home.path(), data.path());
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"ZERG_REMOTE_URL"_s, m_server->url());
        env.insert(u"ZERG_REMOTE_TOKEN"_s, token);
        const Run app = runZerg(env, {u"--tour"_s, tour.path()});
        QVERIFY2(app.code == 0, qPrintable(app.err + u"\nserver: "_s + m_server->log()));
        const QStringList pages{u"jarvis"_s,      u"workers"_s, u"worker-detail"_s, u"threads"_s,
                                u"supervision"_s, u"costs"_s,   u"schedules"_s,     u"hosts"_s,
                                u"settings"_s,    u"inbox"_s};
        for (const QString& page : pages) {
            const QString shot = tour.filePath(page + u".png"_s);
            QVERIFY2(looksDrawn(shot), qPrintable(shot));
            const QString kept = QStringLiteral(ZERG_SCREENSHOT_DIR "/remote-") + page + u".png"_s;
            QFile::remove(kept);
            QVERIFY(QFile::copy(shot, kept));
        }
        QVERIFY(QDir(data.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
    }

    // A token that the server does not know: the app says so and asks nothing.
    void aRefusedTokenIsShownNotRetried() {
        QTemporaryDir home, data, shots;
        QProcessEnvironment env = isolatedEnv(home.path(), data.path());
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"ZERG_REMOTE_URL"_s, m_server->url());
        env.insert(u"ZERG_REMOTE_TOKEN"_s, u"zt_not-a-token"_s);
        const int requestsBefore = int(m_llm.requests().size());
        const QString shot = shots.filePath(u"refused.png"_s);
        const Run app = askWithTheApp(env, u"are you there?"_s, shot);
        QCOMPARE(app.code, 0);  // the question ends (not sent), the window is saved
        QVERIFY(looksDrawn(shot));
        QVERIFY2(app.err.contains(u"The server refused the session token"_s), qPrintable(app.err));
        QCOMPARE(int(m_llm.requests().size()), requestsBefore);
    }

    // `zerg connect`: clear errors, then the stored URL and token make the app a client.
    void connectMakesTheAppAClient() {
        QTemporaryDir home, data, shots;
        QProcessEnvironment env = isolatedEnv(home.path(), data.path());
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        const QString url = m_server->url();

        Run r = runZerg(env, {u"connect"_s});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"runs Jarvis on this computer"_s), qPrintable(r.out + r.err));

        r = runZerg(env, {u"connect"_s, u"http://127.0.0.1:1"_s}, "secret\n");
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"use ws://127.0.0.1:1"_s), qPrintable(r.err));

        r = runZerg(env, {u"connect"_s, url}, "zd_wrong\n");
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"The server refused the device secret"_s), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"Nothing changed."_s), qPrintable(r.err));

        r = runZerg(env, {u"connect"_s, u"ws://127.0.0.1:9"_s}, m_secret.toUtf8() + '\n');
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"Cannot reach ws://127.0.0.1:9"_s), qPrintable(r.err));

        r = runZerg(env, {u"connect"_s, url}, m_secret.toUtf8() + '\n');
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.startsWith(u"Connected to %1 as device"_s.arg(url)), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"zerg connect --local"_s), qPrintable(r.out));
        r = runZerg(env, {u"connect"_s});
        QVERIFY2(r.out.contains(u"uses the server at %1 (a session token is stored)"_s.arg(url)),
                 qPrintable(r.out));

        answerOnce();
        const QString shot = shots.filePath(u"connected.png"_s);
        const Run app = askWithTheApp(env, u"and the memory?"_s, shot);
        QVERIFY2(app.code == 0, qPrintable(app.err));
        QVERIFY(looksDrawn(shot));
        QCOMPARE(m_llm.remainingResponses(), 0);
        bool found = false;
        for (const QJsonValue& v : serverRuns())
            found = found || v.toObject().value(u"task"_s).toString() == u"and the memory?"_s;
        QVERIFY(found);
        QVERIFY(!QFileInfo::exists(data.filePath(u"zerg.sqlite"_s)));

        r = runZerg(env, {u"connect"_s, u"--local"_s});
        QCOMPARE(r.code, 0);
        r = runZerg(env, {u"connect"_s});
        QVERIFY2(r.out.contains(u"runs Jarvis on this computer"_s), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestRemoteApp)
#include "test_remote_app.moc"
