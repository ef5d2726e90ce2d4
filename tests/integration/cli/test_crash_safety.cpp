// Crash safety of the whole app: `zerg ask` is killed with SIGKILL while its worker runs a
// command on the real sshd; the next `zerg ask` finds a consistent database, every committed
// message and artifact, the interrupted job marked and reported, and the same supervisor thread.
#include "fake_llm_server.h"
#include "sshd_fixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using zerg::test::FakeLlmServer;
using zerg::test::SshdFixture;

namespace {

QJsonObject call(const char* model, const char* id, const char* name, const QJsonObject& args) {
    return {
        {"model", model},
        {"tool_calls", QJsonArray{QJsonObject{{"id", id}, {"name", name}, {"arguments", args}}}}};
}

}  // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    FakeLlmServer m_llm;
    QTemporaryDir m_home;
    QTemporaryDir m_data;

    QProcessEnvironment env() const {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& k : e.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                e.remove(k);
        }
        e.remove(QStringLiteral("SSH_AUTH_SOCK"));
        e.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path());
        e.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        e.insert(QStringLiteral("ZERG_DATA_DIR"), m_data.path());
        e.insert(QStringLiteral("ZERG_LLM_BASE_URL"), m_llm.baseUrl());
        e.insert(QStringLiteral("ZERG_MODEL"), QStringLiteral("supervisor-model"));
        e.insert(QStringLiteral("ZERG_WORKER_MODEL"), QStringLiteral("worker-model"));
        e.insert(QStringLiteral("ZERG_DECIDER_MODEL"), QStringLiteral("heuristic"));
        e.insert(QStringLiteral("ZERG_SECRET_BACKEND"), QStringLiteral("file"));
        e.insert(QStringLiteral("ZERG_HOSTS_FILE"),
                 m_sshd.writeHostsFile(QStringLiteral("testbox"), m_sshd.knownHostsPath()));
        return e;
    }

private Q_SLOTS:
    void initTestCase() {
        QString why;
        if (!m_sshd.available(&why))
            QSKIP(qPrintable(why));
        QVERIFY2(m_sshd.start(&why), qPrintable(why));
        QVERIFY(m_llm.start());
    }

    void killMinusNineDuringARun() {
        const QString marker = QStringLiteral("sleep 611");
        SshdFixture::killCommand(marker);
        m_llm.setScenario(
            {{"responses",
              QJsonArray{call("supervisor-model", "s1", "spawn_worker",
                              {{"task", "Watch the sleeper on testbox"}}),
                         call("worker-model", "w1", "ssh_exec",
                              {{"host", "testbox"}, {"command", marker}}),
                         QJsonObject{{"model", "supervisor-model"},
                                     {"content", "The last check was interrupted by a crash."}}}}});

        // 1. A run that is killed in the middle of its worker's command.
        QProcess first;
        first.setProcessEnvironment(env());
        first.start(QStringLiteral(ZERG_EXE), {QStringLiteral("ask"), QStringLiteral("--json"),
                                               QStringLiteral("check the sleeper on testbox")});
        QVERIFY(first.waitForStarted(10000));
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT(
            (out += first.readAllStandardOutput()).contains("worker_tool_started"), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), 15000);
        first.kill();  // SIGKILL: no clean-up of any kind
        QVERIFY(first.waitForFinished(10000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        SshdFixture::killCommand(marker);

        // 2. The next start: consistent, reported, and the same conversation.
        QProcess second;
        second.setProcessEnvironment(env());
        QSignalSpy finished(&second, &QProcess::finished);
        second.start(QStringLiteral(ZERG_EXE),
                     {QStringLiteral("ask"), QStringLiteral("what happened to my last check?")});
        QVERIFY(second.waitForStarted(10000));
        QVERIFY(finished.wait(60000));
        const QByteArray err = second.readAllStandardError();
        QCOMPARE(second.exitCode(), 0);
        QVERIFY2(err.contains("1 worker was interrupted"), err.constData());
        QVERIFY(second.readAllStandardOutput().contains("interrupted by a crash"));
        // The model saw the first question and the supervisor's spawn_worker call: both were
        // committed before the kill.
        const QString sent = QString::fromUtf8(QJsonDocument(m_llm.requests().last()).toJson());
        QVERIFY(sent.contains(QStringLiteral("check the sleeper on testbox")));
        QVERIFY(sent.contains(QStringLiteral("spawn_worker")));

        // The database: intact, one thread, the first run and its job ended as interrupted.
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("crash-check"));
            db.setDatabaseName(QDir(m_data.path()).filePath(QStringLiteral("zerg.sqlite")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM threads")) && q.next());
            QCOMPARE(q.value(0).toInt(), 1);
            QVERIFY(q.exec(QStringLiteral("SELECT status FROM runs ORDER BY id")));
            QStringList runs;
            while (q.next())
                runs.append(q.value(0).toString());
            QCOMPARE(runs, (QStringList{"failed", "success"}));
            QVERIFY(q.exec(QStringLiteral("SELECT status, error, worker_id FROM worker_jobs")) &&
                    q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("failed"));
            QVERIFY(q.value(1).toString().startsWith(QStringLiteral("interrupted")));
            const QString workerId = q.value(2).toString();
            q.finish();
            db.close();
            // The worker's artifacts: metadata marked, every thread line whole JSON.
            const QString dir = QDir(m_data.path()).filePath(QStringLiteral("workers/") + workerId);
            QFile meta(dir + QStringLiteral("/metadata.json"));
            QVERIFY(meta.open(QIODevice::ReadOnly));
            QCOMPARE(QJsonDocument::fromJson(meta.readAll()).object().value("status").toString(),
                     QStringLiteral("failed"));
            QFile thread(dir + QStringLiteral("/thread.jsonl"));
            QVERIFY(thread.open(QIODevice::ReadOnly));
            const QList<QByteArray> lines = thread.readAll().trimmed().split('\n');
            QVERIFY(lines.size() >= 2);
            for (const QByteArray& line : lines)
                QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
        }
        QSqlDatabase::removeDatabase(QStringLiteral("crash-check"));
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "test_crash_safety.moc"
