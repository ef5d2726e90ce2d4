// The command line is a contract other tools script against: run the real `zerg` binary.
#include "fake_llm_server.h"
#include "sshd_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using zerg::test::FakeLlmServer;
using zerg::test::SshdFixture;

class TestCli : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QTemporaryDir m_home;  // isolates QSettings (XDG_CONFIG_HOME) from the developer's
    QTemporaryDir m_data;
    FakeLlmServer m_llm;
    bool m_haveSshd = false;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };

    // Runs zerg while this test's event loop keeps serving the fake LLM server.
    Run zerg(const QStringList& args, const QProcessEnvironment& env) {
        QProcess p;
        p.setProcessEnvironment(env);
        QSignalSpy finished(&p, &QProcess::finished);
        p.start(QStringLiteral(ZERG_EXE), args);
        if (!p.waitForStarted(10000) || !finished.wait(90000)) {
            p.kill();
            p.waitForFinished();
            return {};
        }
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }

    QProcessEnvironment baseEnv() const {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& k : env.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                env.remove(k);
        }
        env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        env.insert(QStringLiteral("ZERG_DATA_DIR"), m_data.path());
        return env;
    }

    QProcessEnvironment fullEnv() const {
        QProcessEnvironment env = baseEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_llm.baseUrl());
        env.insert(QStringLiteral("ZERG_LLM_API_KEY"), QStringLiteral("sk-test-secret"));
        env.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        env.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
        env.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                   m_sshd.writeHostsFile(QStringLiteral("testbox"), m_sshd.knownHostsPath()));
        return env;
    }

private Q_SLOTS:
    void initTestCase() {
        QString why;
        m_haveSshd = m_sshd.available(&why) && m_sshd.start(&why);
        if (!m_haveSshd)
            qWarning("sshd not available: %s", qPrintable(why));
        QVERIFY(m_llm.start());
    }

    void helpListsTheSubcommands() {
        const Run r = zerg({QStringLiteral("--help")}, baseEnv());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("ask [--json] TASK"));
        QVERIFY(r.out.contains("workers list"));
        QVERIFY(r.out.contains("workers show"));
    }

    void unknownCommandIsAUsageError() {
        const Run r = zerg({QStringLiteral("frobnicate")}, baseEnv());
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown command 'frobnicate'"));
    }

    void askWithoutAProviderSaysWhatToSet() {
        const Run r = zerg({QStringLiteral("ask"), QStringLiteral("hello")}, baseEnv());
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("ZERG_LLM_BASE_URL"));
        QVERIFY(r.out.isEmpty());
    }

    void askJsonStreamsEventsAndEndsWithComplete() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        QVERIFY(m_llm.loadScenarioFile(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json")));
        const Run r = zerg({QStringLiteral("ask"), QStringLiteral("--json"),
                            QStringLiteral("check disk usage on testbox")},
                           fullEnv());
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY(lines.size() > 5);
        QStringList names;
        for (const QByteArray& line : lines) {
            QJsonParseError err{};
            const QJsonObject o = QJsonDocument::fromJson(line, &err).object();
            QVERIFY2(err.error == QJsonParseError::NoError, line.constData());
            QVERIFY(o.value("data").isObject());
            names.append(o.value("event").toString());
        }
        QCOMPARE(names.first(), QStringLiteral("supervisor_started"));
        QCOMPARE(names.last(), QStringLiteral("supervisor_complete"));
        QVERIFY(names.contains(QStringLiteral("worker_tool_completed")));
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        QVERIFY(last.value("data").toObject().value("result").toString().contains(
            QStringLiteral("Disk usage on testbox")));
        // The API key is sent to the server but never printed.
        QVERIFY(!r.out.contains("sk-test-secret"));
        QVERIFY(!r.err.contains("sk-test-secret"));
    }

    void workersListAndShow() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        const Run list =
            zerg({QStringLiteral("workers"), QStringLiteral("list"), QStringLiteral("--json")},
                 fullEnv());
        QCOMPARE(list.code, 0);
        const QJsonArray rows = QJsonDocument::fromJson(list.out).array();
        QCOMPARE(rows.size(), 1);
        const QString id = rows.at(0).toObject().value("worker_id").toString();
        QCOMPARE(rows.at(0).toObject().value("status").toString(), QStringLiteral("success"));

        const Run show =
            zerg({QStringLiteral("workers"), QStringLiteral("show"), id, QStringLiteral("--json")},
                 fullEnv());
        QCOMPARE(show.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(show.out).object();
        QCOMPARE(o.value("metadata").toObject().value("worker_id").toString(), id);
        QVERIFY(o.value("files").toArray().contains(QStringLiteral("tool_calls/001_ssh_exec.txt")));
        QVERIFY(o.value("result").toString().contains(QStringLiteral("Disk usage on testbox")));

        const Run human = zerg({QStringLiteral("workers"), QStringLiteral("list")}, fullEnv());
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains(id.toUtf8()));

        const Run missing = zerg(
            {QStringLiteral("workers"), QStringLiteral("show"), QStringLiteral("nope")}, fullEnv());
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains("zerg workers list"));
    }

    void askFailsClearlyWhenTheServerIsDown() {
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), QStringLiteral("http://127.0.0.1:9/v1"));
        const Run r = zerg({QStringLiteral("ask"), QStringLiteral("hello")}, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("127.0.0.1:9"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
