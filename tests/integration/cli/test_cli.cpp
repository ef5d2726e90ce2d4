// The command line is a contract other tools script against: run the real `zerg` binary.
#include "fake_llm_server.h"
#include "http_stub.h"
#include "sshd_fixture.h"

#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "voice/audio_clip.h"

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
        const zerg::test::ProgramRun r =
            zerg::test::runProgram(QStringLiteral(ZERG_EXE), args, env);
        return {r.code, r.out, r.err};
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
        // The scenario scripts no decider answers: the rule-based decider watches the worker.
        env.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
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
        QVERIFY(r.out.contains("ask [--json] [--approve=allow|deny] TASK"));
        QVERIFY(r.out.contains("workers list"));
        QVERIFY(r.out.contains("workers show"));
        QVERIFY(r.out.contains("workers grep"));
        QVERIFY(r.out.contains("workers reindex"));
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

    // Approval requests in `zerg ask` (issue 22): the worker wants to create a file on testbox.
    // Without a terminal it is denied (the file stays absent) unless --approve=allow; on a
    // terminal (a pty from script(1)) the user answers at "Allow? [y/N/a]".
    QJsonObject touchScenario(const QString& file) {
        const auto call = [](const char* model, const char* id, const char* name,
                             const QJsonObject& args) {
            return QJsonObject{
                {"model", model},
                {"tool_calls",
                 QJsonArray{QJsonObject{{"id", id}, {"name", name}, {"arguments", args}}}}};
        };
        return {{"responses",
                 QJsonArray{call("supervisor-model", "s1", "spawn_worker",
                                 {{"task", "create the marker on testbox"}}),
                            call("worker-model", "w1", "ssh_exec",
                                 {{"host", "testbox"}, {"command", "touch " + file}}),
                            QJsonObject{{"model", "worker-model"}, {"content", "worker done"}},
                            QJsonObject{{"model", "supervisor-model"}, {"content", "all done"}},
                            QJsonObject{{"content", "summary"}}}}};
    }

    void askDeniesChangesWithoutATerminalUnlessApproved() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        QTemporaryDir host;
        QTemporaryDir data;  // its own workers: the other tests count theirs
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_DATA_DIR"), data.path());
        const QString file = host.filePath(QStringLiteral("marker"));
        m_llm.setScenario(touchScenario(file));
        Run r = zerg({QStringLiteral("ask"), QStringLiteral("--json"),
                      QStringLiteral("create the marker on testbox")},
                     env);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!QFile::exists(file));
        QVERIFY(r.out.contains("\"event\":\"approval_requested\""));
        QVERIFY(r.out.contains("\"status\":\"denied\""));
        QVERIFY(r.out.contains("\"device\":\"cli\""));

        m_llm.setScenario(touchScenario(file));
        r = zerg(
            {QStringLiteral("ask"), QStringLiteral("--json"), QStringLiteral("--approve=allow"),
             QStringLiteral("create the marker on testbox")},
            env);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(file));
        QVERIFY(r.out.contains("\"status\":\"allowed\""));

        r = zerg({QStringLiteral("ask"), QStringLiteral("--approve=maybe"), QStringLiteral("x")},
                 env);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--approve takes allow or deny"), r.err.constData());
    }

    void askPromptsOnATerminal() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        QTemporaryDir host;
        QTemporaryDir data;
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_DATA_DIR"), data.path());
        const QString file = host.filePath(QStringLiteral("prompted"));
        m_llm.setScenario(touchScenario(file));
        // script(1) runs zerg on a pseudo-terminal and passes our "y" to it.
        const QString command =
            QStringLiteral("%1 ask 'create the marker on testbox'").arg(QStringLiteral(ZERG_EXE));
        const zerg::test::ProgramRun r = zerg::test::runProgram(
            QStringLiteral("script"),
            {QStringLiteral("-qec"), command, QStringLiteral("/dev/null")}, env, 90000, "y\n");
        QVERIFY2(r.code == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.contains("Approval needed: worker"), r.out.constData());
        QVERIFY2(r.out.contains("touch " + file.toUtf8()), r.out.constData());
        QVERIFY2(r.out.contains("Allow? [y/N/a]"), r.out.constData());
        QVERIFY2(r.out.contains("allowed"), r.out.constData());
        QVERIFY(QFile::exists(file));
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
        // --limit=N as well as --limit N, options in any order.
        const Run joined = zerg({QStringLiteral("workers"), QStringLiteral("list"),
                                 QStringLiteral("--limit=1"), QStringLiteral("--json")},
                                fullEnv());
        QVERIFY2(joined.code == 0, joined.err.constData());
        QCOMPARE(QJsonDocument::fromJson(joined.out).array().size(), 1);

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

    void workersGrepFindsTheCommandOutput() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        const Run r =
            zerg({QStringLiteral("workers"), QStringLiteral("grep"), QStringLiteral("Filesystem")},
                 fullEnv());
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        // worker_id:file:line: text; the df output is line 1 of the ssh_exec tool call.
        QByteArray toolLine;
        for (const QByteArray& line : lines) {
            if (line.contains(":tool_calls/001_ssh_exec.txt:"))
                toolLine = line;
        }
        QVERIFY2(!toolLine.isEmpty(), r.out.constData());
        const QList<QByteArray> parts = toolLine.split(':');
        QVERIFY2(parts.size() >= 4, toolLine.constData());
        QVERIFY(parts.at(2).toInt() > 0);
        QVERIFY(parts.mid(3).join(':').contains("Filesystem"));

        const Run json =
            zerg({QStringLiteral("workers"), QStringLiteral("grep"), QStringLiteral("--json"),
                  QStringLiteral("--regex"), QStringLiteral("--limit"), QStringLiteral("1"),
                  QStringLiteral("^FILESYSTEM\\s")},
                 fullEnv());
        QVERIFY2(json.code == 0, json.err.constData());
        const QJsonArray matches =
            QJsonDocument::fromJson(json.out).object().value("matches").toArray();
        QCOMPARE(matches.size(), 1);
        QCOMPARE(matches.at(0).toObject().value("file").toString(),
                 QStringLiteral("tool_calls/001_ssh_exec.txt"));

        const Run none = zerg({QStringLiteral("workers"), QStringLiteral("grep"),
                               QStringLiteral("--case-sensitive"), QStringLiteral("FILESYSTEM")},
                              fullEnv());
        QCOMPARE(none.code, 1);
        QVERIFY(none.out.isEmpty());

        const Run bad = zerg({QStringLiteral("workers"), QStringLiteral("grep"),
                              QStringLiteral("--regex"), QStringLiteral("(")},
                             fullEnv());
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("regular expression"));
    }

    void workersReindexRestoresADeletedDatabase() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        // A copy of the data folder without its database.
        QTemporaryDir copy;
        QVERIFY(copy.isValid());
        const QString src = m_data.path() + QStringLiteral("/workers");
        const QStringList workers = QDir(src).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(workers.size(), 1);
        const QString id = workers.first();
        QVERIFY(QDir().mkpath(copy.filePath(QStringLiteral("workers/") + id)));
        for (const QString& f : QDir(src + u'/' + id).entryList(QDir::Files)) {
            QVERIFY(QFile::copy(src + u'/' + id + u'/' + f,
                                copy.filePath(QStringLiteral("workers/%1/%2").arg(id, f))));
        }
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_DATA_DIR"), copy.path());

        const Run before = zerg(
            {QStringLiteral("workers"), QStringLiteral("list"), QStringLiteral("--json")}, env);
        QCOMPARE(before.code, 0);
        QCOMPARE(QJsonDocument::fromJson(before.out).array().size(), 0);

        const Run re = zerg(
            {QStringLiteral("workers"), QStringLiteral("reindex"), QStringLiteral("--json")}, env);
        QVERIFY2(re.code == 0, re.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(re.out).object();
        QCOMPARE(report.value("inserted").toInt(), 1);
        QCOMPARE(report.value("skipped").toArray().size(), 0);

        const Run after = zerg(
            {QStringLiteral("workers"), QStringLiteral("list"), QStringLiteral("--json")}, env);
        const QJsonArray rows = QJsonDocument::fromJson(after.out).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).toObject().value("worker_id").toString(), id);
        QCOMPARE(rows.at(0).toObject().value("status").toString(), QStringLiteral("success"));

        const Run again = zerg({QStringLiteral("workers"), QStringLiteral("reindex")}, env);
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains("0 added"), again.out.constData());
    }

    void askFailsClearlyWhenTheServerIsDown() {
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_LLM_BASE_URL"), QStringLiteral("http://127.0.0.1:9/v1"));
        const Run r = zerg({QStringLiteral("ask"), QStringLiteral("hello")}, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("127.0.0.1:9"), r.err.constData());
    }

    // `zerg ask --audio`: the speech server's transcript becomes the task, shown on stderr
    // before anything runs; nothing understood is said, not sent.
    void askByVoiceTakesTheTranscriptAsTheTask() {
        if (!m_haveSshd)
            QSKIP("sshd is not available");
        zerg::test::HttpStub speech;
        QVERIFY(speech.start());
        speech.route("POST", "/v1/audio/transcriptions", 200,
                     R"({"text": "check disk usage on testbox"})");
        zerg::AudioClip clip;
        clip.samples.fill(1000, 16000);
        const QString wav = m_home.filePath(QStringLiteral("question.wav"));
        QVERIFY(zerg::writeWav(wav, clip));
        QVERIFY(m_llm.loadScenarioFile(QStringLiteral(ZERG_SCENARIO_DIR "/disk_check.json")));
        QProcessEnvironment env = fullEnv();
        env.insert(QStringLiteral("ZERG_SPEECH_URL"), speech.baseUrl() + QStringLiteral("/v1"));
        const qsizetype before = m_llm.requests().size();
        Run r = zerg({QStringLiteral("ask"), QStringLiteral("--audio"), wav,
                      QStringLiteral("--engine"), QStringLiteral("server")},
                     env);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("Heard: check disk usage on testbox"), r.err.constData());
        QVERIFY(r.out.contains("Disk usage on testbox"));
        QCOMPARE(speech.requests().size(), 1);
        const QByteArray asked = QJsonDocument(m_llm.requests().at(before)).toJson();
        QVERIFY2(asked.contains("check disk usage on testbox"), asked.constData());

        speech.route("POST", "/v1/audio/transcriptions", 200, R"({"text": ""})");
        r = zerg({QStringLiteral("ask"), QStringLiteral("--audio"), wav, QStringLiteral("--engine"),
                  QStringLiteral("server")},
                 env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("nothing was understood"), r.err.constData());

        r = zerg({QStringLiteral("ask"), QStringLiteral("--audio"), wav, QStringLiteral("hello")},
                 env);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("not both"));
        r = zerg({QStringLiteral("ask"), QStringLiteral("--audio"), wav, QStringLiteral("--engine"),
                  QStringLiteral("whisper")},
                 env);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown engine 'whisper'"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
