#include "sshd_fixture.h"
#include "temp_env.h"
#include "tools/ssh_exec_tool.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace zerg;
using zerg::test::SshdFixture;

namespace {

constexpr int kWaitMs = 60000;
const QString kAlias = QStringLiteral("testbox");

int threadCount() {
    return int(QDir(QStringLiteral("/proc/self/task"))
                   .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                   .size());
}

// How soon a cancelled or timed-out command must be gone from the server (issue 4).
constexpr int kRemoteKillMs = 2000;

}  // namespace

class TestSshExec : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        // Keys must come only from the hosts file (and the empty ssh dir below), never from a
        // developer's agent or ~/.ssh.
        qunsetenv("SSH_AUTH_SOCK");
        QString why;
        if (!m_sshd.available(&why))
            QSKIP(qPrintable(QStringLiteral("sshd fixture: ") + why));
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
        QVERIFY(m_emptySshDir.isValid());
    }

    void specListsTheAllowedHosts() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolSpec s = tool->spec();
        QCOMPARE(s.name, QStringLiteral("ssh_exec"));
        QVERIFY(s.description.contains(kAlias));
        QVERIFY(s.description.contains(QStringLiteral("non-interactive")));
        const QJsonObject props = s.parameters.value("properties").toObject();
        QVERIFY(props.contains("host") && props.contains("command") &&
                props.contains("timeout_secs"));
    }

    void dfSucceeds() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "df -h"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("exit_code").toInt(-1), 0);
        QVERIFY(r.payload.value("stdout").toString().contains(QStringLiteral("Filesystem")));
        QCOMPARE(r.payload.value("host").toString(), kAlias);
        QVERIFY(r.payload.contains("duration_ms"));
    }

    void stdoutAndStderrSeparatedAndExitCodeKept() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolResult r =
            run(*tool, {{"host", kAlias}, {"command", "echo out; echo err 1>&2; exit 3"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("exit_code").toInt(), 3);
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("out\n"));
        QCOMPARE(r.payload.value("stderr").toString(), QStringLiteral("err\n"));
        QCOMPARE(r.error(), QStringLiteral("command exited with status 3"));
    }

    void stdinIsClosed() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolResult r =
            run(*tool, {{"host", kAlias}, {"command", "cat; echo done"}, {"timeout_secs", 30}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("done\n"));
    }

    void hostNotInAllowlistFailsWithoutNetwork() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", "prod-db"}, {"command", "true"}}, nullptr));
        // Decided in start(): no thread, no connection.
        QVERIFY(qobject_cast<ImmediateInvocation*>(inv.get()));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(spy.wait(kWaitMs));
        const ToolResult& r = inv->result();
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_not_allowed"));
        QVERIFY(r.error().contains(QStringLiteral("prod-db")));
        QVERIFY(r.error().contains(kAlias));
        QVERIFY(r.error().contains(m_hostsFile));
    }

    void userAtHostIsRefused_data() {
        QTest::addColumn<QString>("host");
        QTest::newRow("user@address") << QStringLiteral("%1@127.0.0.1").arg(m_sshd.userName());
        QTest::newRow("user@alias") << QStringLiteral("%1@%2").arg(m_sshd.userName(), kAlias);
        QTest::newRow("address") << QStringLiteral("127.0.0.1");
    }
    void userAtHostIsRefused() {
        QFETCH(QString, host);
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", host}, {"command", "true"}}, nullptr));
        QVERIFY(qobject_cast<ImmediateInvocation*>(inv.get()));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(spy.wait(kWaitMs));
        QCOMPARE(inv->result().payload.value("error_code").toString(),
                 QStringLiteral("host_not_allowed"));
        QVERIFY(inv->result().error().contains(host));
    }

    void invalidArguments_data() {
        QTest::addColumn<QJsonObject>("args");
        QTest::newRow("no host") << QJsonObject{{"command", "true"}};
        QTest::newRow("no command") << QJsonObject{{"host", kAlias}};
        QTest::newRow("timeout 0")
            << QJsonObject{{"host", kAlias}, {"command", "true"}, {"timeout_secs", 0}};
        QTest::newRow("timeout above max")
            << QJsonObject{{"host", kAlias}, {"command", "true"}, {"timeout_secs", 601}};
    }
    void invalidArguments() {
        QFETCH(QJsonObject, args);
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolResult r = run(*tool, args);
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QVERIFY(!r.error().isEmpty());
    }

    void changedHostKeyIsRefused() {
        auto tool = toolFor(m_sshd.wrongKnownHostsPath());
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "touch never"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_changed"));
        QVERIFY2(r.error().contains(m_sshd.hostKeyFingerprint()), qPrintable(r.error()));
        QVERIFY(r.error().contains(QStringLiteral("SHA256:")));
        QVERIFY(r.error().contains(QStringLiteral("does not match")));
        QVERIFY(!r.payload.contains("exit_code"));
    }

    void unknownHostIsRefusedWithFingerprintAndTrustHint() {
        QTemporaryDir tmp;
        const QString knownHosts = tmp.filePath(QStringLiteral("known_hosts"));
        QFile f(knownHosts);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();  // exists, empty
        auto tool = toolFor(knownHosts);
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "true"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_unknown"));
        const QString fp = m_sshd.hostKeyFingerprint();
        QVERIFY(fp.startsWith(QStringLiteral("SHA256:")));
        QVERIFY2(r.error().contains(fp), qPrintable(r.error()));
        const QString hint = QStringLiteral("ssh-keyscan -t ed25519 -p %1 127.0.0.1 >> %2")
                                 .arg(m_sshd.port())
                                 .arg(knownHosts);
        QVERIFY2(r.error().contains(hint), qPrintable(r.error()));
        QVERIFY2(r.error().contains(QStringLiteral("`zerg hosts trust %1`").arg(kAlias)),
                 qPrintable(r.error()));

        // Following the hint makes the host trusted.
        const QString keyscan = zerg::test::findProgram(QStringLiteral("ssh-keyscan"));
        if (keyscan.isEmpty())
            return;
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), hint});
        QVERIFY(sh.waitForFinished(30000));
        QCOMPARE(sh.exitCode(), 0);
        const ToolResult again = run(*tool, {{"host", kAlias}, {"command", "echo trusted"}});
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QCOMPARE(again.payload.value("stdout").toString(), QStringLiteral("trusted\n"));
    }

    void missingKnownHostsFileIsUnknownHost() {
        QTemporaryDir tmp;
        auto tool = toolFor(tmp.filePath(QStringLiteral("no_such_known_hosts")));
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "true"}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_unknown"));
        QVERIFY(r.error().contains(m_sshd.hostKeyFingerprint()));
    }

    void wrongIdentityFileFailsAuth() {
        QString error;
        const QString stranger = m_sshd.generateKey(QStringLiteral("stranger_key"), &error);
        QVERIFY2(!stranger.isEmpty(), qPrintable(error));
        QTemporaryDir tmp;
        const QString hosts = tmp.filePath(QStringLiteral("hosts"));
        QFile f(hosts);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host %1\n  HostName 127.0.0.1\n  Port %2\n  User %3\n"
                               "  IdentityFile %4\n  UserKnownHostsFile %5\n")
                    .arg(kAlias)
                    .arg(m_sshd.port())
                    .arg(m_sshd.userName(), stranger, m_sshd.knownHostsPath())
                    .toUtf8());
        f.close();
        auto tool = toolFromFile(hosts);
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "true"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("auth_failed"));
        QVERIFY2(r.error().contains(stranger), qPrintable(r.error()));
        QVERIFY(r.error().contains(QStringLiteral("ssh-agent/default keys")));
        QVERIFY(r.error().contains(
            QStringLiteral("%1@127.0.0.1:%2").arg(m_sshd.userName()).arg(m_sshd.port())));
    }

    void timeoutKillsTheRemoteCommand() {
        const QString marker = QStringLiteral("sleep 600.301");
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(tool->start(
            {{"host", kAlias}, {"command", "echo started; " + marker}, {"timeout_secs", 1}},
            nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(inv->isFinished() || spy.wait(kWaitMs));
        const ToolResult& r = inv->result();
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
        QCOMPARE(r.error(), QStringLiteral("command did not finish within 1 s and was stopped "
                                           "(TERM, then KILL, to its process group)"));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("started\n"));
        QCOMPARE(r.payload.value("stderr").toString(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
    }

    void cancelKillsTheRemoteCommand() {
        const QString marker = QStringLiteral("sleep 600.302");
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", kAlias}, {"command", marker}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);  // it is running
        QVERIFY(!inv->isFinished());
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QCOMPARE(inv->result().error(), QStringLiteral("cancelled"));
        QCOMPARE(inv->result().payload.value("host").toString(), kAlias);
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
    }

    void backgroundChildrenAreKilledToo() {
        const QString marker = QStringLiteral("sleep 600.303");
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(tool->start(
            {{"host", kAlias}, {"command", marker + " & " + marker + " & wait"}}, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        inv->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
    }

    void destroyingARunningCallIsSafe() {
        const QString marker = QStringLiteral("sleep 600.304");
        const int threadsBefore = threadCount();
        {
            auto tool = toolFor(m_sshd.knownHostsPath());
            QPointer<ToolInvocation> inv =
                tool->start({{"host", kAlias}, {"command", marker}}, nullptr);
            QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
            delete inv.data();
            QVERIFY(inv.isNull());
            // Dropping a running call cancels it: the remote command goes too.
            QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
            // And right after start, before anything happened.
            delete tool->start({{"host", kAlias}, {"command", "true"}}, nullptr);
            // The pool still works.
            const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "echo alive"}});
            QVERIFY2(r.ok(), qPrintable(r.error()));
        }
        // Destroying the tool joins its connection threads: nothing leaked. (At most as many as
        // before: an idle thread of Qt's own pool may expire meanwhile on a slow machine.)
        QTRY_VERIFY_WITH_TIMEOUT(threadCount() <= threadsBefore, 10000);
    }

    void destroyingTheToolKillsRunningCommands() {
        const QString marker = QStringLiteral("sleep 600.305");
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", kAlias}, {"command", marker}}, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        tool.reset();  // the backend shutting down
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
    }

    void connectionRefused() {
        const quint16 closed = zerg::test::freeLoopbackPort();
        QTemporaryDir tmp;
        const QString hosts = tmp.filePath(QStringLiteral("hosts"));
        QFile f(hosts);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host %1\n  HostName 127.0.0.1\n  Port %2\n")
                    .arg(kAlias)
                    .arg(closed)
                    .toUtf8());
        f.close();
        auto tool = toolFromFile(hosts);
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "true"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("connect_failed"));
        QVERIFY2(r.error().contains(QStringLiteral("127.0.0.1:%1").arg(closed)),
                 qPrintable(r.error()));
    }

    void largeOutputKeptWhole() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        const ToolResult r =
            run(*tool, {{"host", kAlias}, {"command", "head -c 3000000 /dev/zero | tr '\\0' 'a'"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QString out = r.payload.value("stdout").toString();
        QCOMPARE(out.size(), 3000000);
        QCOMPARE(out.count(QLatin1Char('a')), 3000000);
        QVERIFY(r.forModel(1000).value("stdout").toString().size() < 2000);
    }

    void diskCapCutsWithAMarker() {
        SshExecOptions opts = options(m_sshd.knownHostsPath());
        opts.diskCapBytes = 1000;
        auto loaded = HostsConfig::loadFile(m_sshd.writeHostsFile(kAlias, m_sshd.knownHostsPath()));
        QVERIFY(loaded.ok());
        SshExecTool tool(loaded.value(), opts);
        const ToolResult r =
            run(tool, {{"host", kAlias},
                       {"command", "head -c 5000 /dev/zero | tr '\\0' 'b'; echo oops 1>&2"}});
        QVERIFY(r.ok());
        const QString out = r.payload.value("stdout").toString();
        QVERIFY(out.startsWith(QString(1000, QLatin1Char('b'))));
        QVERIFY2(out.endsWith(QStringLiteral("[... 4000 bytes cut]")), qPrintable(out.right(40)));
        QCOMPARE(r.payload.value("stderr").toString(), QStringLiteral("oops\n"));
    }

    void guiThreadKeepsRunning() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", kAlias}, {"command", "sleep 2; echo slept"}}, nullptr));
        int ticksWhileRunning = 0;
        QTimer ticker;
        ticker.setInterval(0);
        connect(&ticker, &QTimer::timeout, this, [&] {
            if (!inv->isFinished())
                ++ticksWhileRunning;
        });
        ticker.start();
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QVERIFY(spy.wait(kWaitMs));
        ticker.stop();
        QVERIFY2(inv->result().ok(), qPrintable(inv->result().error()));
        QCOMPARE(inv->result().payload.value("stdout").toString(), QStringLiteral("slept\n"));
        // A session running on this thread would have starved the timer.
        QVERIFY2(ticksWhileRunning > 10, qPrintable(QString::number(ticksWhileRunning)));
    }

    void parallelCallsOnSeparateThreads() {
        auto tool = toolFor(m_sshd.knownHostsPath());
        std::vector<std::unique_ptr<ToolInvocation>> invs;
        for (int i = 0; i < 4; ++i) {
            invs.emplace_back(tool->start(
                {{"host", kAlias}, {"command", QStringLiteral("echo call%1").arg(i)}}, nullptr));
        }
        for (int i = 0; i < 4; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(invs[i]->isFinished(), kWaitMs);
            QVERIFY2(invs[i]->result().ok(), qPrintable(invs[i]->result().error()));
            QCOMPARE(invs[i]->result().payload.value("stdout").toString(),
                     QStringLiteral("call%1\n").arg(i));
        }
    }

private:
    SshExecOptions options(const QString& knownHosts) const {
        SshExecOptions opts;
        opts.defaultKnownHostsFile = knownHosts;
        opts.sshDir = m_emptySshDir.path();  // no default keys, no ~/.ssh of whoever runs this
        return opts;
    }

    std::unique_ptr<SshExecTool> toolFromFile(const QString& hostsFile) {
        auto loaded = HostsConfig::loadFile(hostsFile);
        if (!loaded)
            qFatal("hosts file: %s", qPrintable(loaded.error().message));
        return std::make_unique<SshExecTool>(loaded.value(), options(QString()));
    }

    std::unique_ptr<SshExecTool> toolFor(const QString& knownHosts) {
        m_hostsFile = m_sshd.writeHostsFile(kAlias, knownHosts);
        return toolFromFile(m_hostsFile);
    }

    static ToolResult run(Tool& tool, const QJsonObject& args) {
        std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        if (!inv->isFinished() && !spy.wait(kWaitMs)) {
            return ToolResult::failure(QStringLiteral("test: no result within the wait"));
        }
        return inv->result();
    }

    SshdFixture m_sshd;
    QTemporaryDir m_emptySshDir;
    QString m_hostsFile;
};

QTEST_GUILESS_MAIN(TestSshExec)
#include "test_ssh_exec.moc"
