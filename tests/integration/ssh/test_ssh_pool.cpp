// The ssh_exec connection pool against a real sshd: reuse, channels in parallel, idle close,
// reconnect after the server drops the connection, remote kill on a shared session.
#include "core/clock.h"
#include "sshd_fixture.h"
#include "temp_env.h"
#include "tools/ssh_exec_tool.h"
#include "tools/ssh_pool.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace zerg;
using zerg::test::SshdFixture;

namespace {

constexpr int kWaitMs = 60000;
constexpr int kRemoteKillMs = 2000;  // issue 4: a cancelled command is gone within 2 s
const QString kAlias = QStringLiteral("poolbox");

ToolResult run(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure(QStringLiteral("test: no result within the wait"));
    return inv->result();
}

}  // namespace

class TestSshPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        QString why;
        if (!m_sshd.available(&why))
            QSKIP(qPrintable(QStringLiteral("sshd fixture: ") + why));
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
        QVERIFY(m_emptySshDir.isValid());
    }

    void sequentialCallsReuseOneSession() {
        auto tool = makeTool();
        const int before = m_sshd.acceptedLogins();
        for (int i = 0; i < 5; ++i) {
            const ToolResult r =
                run(*tool, {{"host", kAlias}, {"command", QStringLiteral("echo %1").arg(i)}});
            QVERIFY2(r.ok(), qPrintable(r.error()));
            QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("%1\n").arg(i));
        }
        QCOMPARE(m_sshd.acceptedLogins() - before, 1);
        QCOMPARE(tool->pool().connectionsStarted(), 1);
        QCOMPARE(tool->pool().connectionCount(kAlias), 1);
    }

    void twentyParallelCallsShareAFewSessions() {
        auto tool = makeTool();
        const int before = m_sshd.acceptedLogins();
        std::vector<std::unique_ptr<ToolInvocation>> invs;
        for (int i = 0; i < 20; ++i) {
            invs.emplace_back(tool->start(
                {{"host", kAlias}, {"command", QStringLiteral("echo call%1").arg(i)}}, nullptr));
        }
        for (int i = 0; i < 20; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(invs[i]->isFinished(), kWaitMs);
            QVERIFY2(invs[i]->result().ok(), qPrintable(invs[i]->result().error()));
            QCOMPARE(invs[i]->result().payload.value("stdout").toString(),
                     QStringLiteral("call%1\n").arg(i));
        }
        // 4 connections at most (the default), so sessions carried several channels each.
        const int logins = m_sshd.acceptedLogins() - before;
        QVERIFY2(logins >= 1 && logins <= 4, qPrintable(QString::number(logins)));
        QVERIFY(tool->pool().connectionsStarted() <= 4);
    }

    void severalChannelsRunAtOnceOnOneSession() {
        SshExecOptions opts = options();
        opts.maxConnectionsPerHost = 1;
        auto tool = makeTool(opts);
        QTemporaryDir barrier;
        const int before = m_sshd.acceptedLogins();
        // Each command waits until all three have started: this only ends if they run at once.
        std::vector<std::unique_ptr<ToolInvocation>> invs;
        for (int i = 0; i < 3; ++i) {
            const QString cmd = QStringLiteral(
                                    "touch '%1/%2'; while [ $(ls '%1' | wc -l) -lt 3 ]; do sleep "
                                    "0.05; done; echo met%2")
                                    .arg(barrier.path())
                                    .arg(i);
            invs.emplace_back(
                tool->start({{"host", kAlias}, {"command", cmd}, {"timeout_secs", 30}}, nullptr));
        }
        for (int i = 0; i < 3; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(invs[i]->isFinished(), kWaitMs);
            QVERIFY2(invs[i]->result().ok(), qPrintable(invs[i]->result().error()));
            QCOMPARE(invs[i]->result().payload.value("stdout").toString(),
                     QStringLiteral("met%1\n").arg(i));
        }
        QCOMPARE(m_sshd.acceptedLogins() - before, 1);
    }

    void callsBeyondTheChannelLimitWait() {
        SshExecOptions opts = options();
        opts.maxConnectionsPerHost = 1;
        opts.maxChannelsPerConnection = 2;
        auto tool = makeTool(opts);
        std::vector<std::unique_ptr<ToolInvocation>> invs;
        for (int i = 0; i < 5; ++i) {
            invs.emplace_back(tool->start(
                {{"host", kAlias}, {"command", QStringLiteral("echo w%1").arg(i)}}, nullptr));
        }
        for (int i = 0; i < 5; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(invs[i]->isFinished(), kWaitMs);
            QVERIFY2(invs[i]->result().ok(), qPrintable(invs[i]->result().error()));
            QCOMPARE(invs[i]->result().payload.value("stdout").toString(),
                     QStringLiteral("w%1\n").arg(i));
        }
        QCOMPARE(tool->pool().connectionsStarted(), 1);
    }

    void idleSessionIsClosedAfterTheIdleTime() {
        ManualClock clock;
        SshExecOptions opts = options();
        opts.clock = &clock;
        opts.idleCloseSecs = 60;
        auto tool = makeTool(opts);
        const int before = m_sshd.acceptedLogins();
        QVERIFY(run(*tool, {{"host", kAlias}, {"command", "true"}}).ok());
        // The release comes just after the result.
        QTRY_COMPARE_WITH_TIMEOUT(clock.pendingCount(), 1, kWaitMs);
        clock.advance(59 * 1000);
        QCOMPARE(tool->pool().connectionCount(kAlias), 1);
        QVERIFY(run(*tool, {{"host", kAlias}, {"command", "true"}}).ok());  // reused, timer reset
        QCOMPARE(m_sshd.acceptedLogins() - before, 1);
        QTRY_COMPARE_WITH_TIMEOUT(clock.pendingCount(), 1, kWaitMs);
        clock.advance(59 * 1000);
        QCOMPARE(tool->pool().connectionCount(kAlias), 1);
        clock.advance(1000);
        QCOMPARE(tool->pool().connectionCount(kAlias), 0);
        // The next call logs in again.
        QVERIFY(run(*tool, {{"host", kAlias}, {"command", "true"}}).ok());
        QCOMPARE(m_sshd.acceptedLogins() - before, 2);
    }

    void aSessionDroppedWhileIdleIsNoticedAndReplaced() {
        auto tool = makeTool();
        const int before = m_sshd.acceptedLogins();
        QVERIFY(run(*tool, {{"host", kAlias}, {"command", "true"}}).ok());
        QCOMPARE(tool->pool().connectionCount(kAlias), 1);
        QVERIFY(m_sshd.dropConnections() > 0);
        // The idle connection sees the end of its socket and leaves the pool by itself.
        QTRY_COMPARE_WITH_TIMEOUT(tool->pool().connectionCount(kAlias), 0, kWaitMs);
        const ToolResult r = run(*tool, {{"host", kAlias}, {"command", "echo again"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("again\n"));
        QCOMPARE(m_sshd.acceptedLogins() - before, 2);
        QCOMPARE(tool->pool().reconnects(), 0);
    }

    void aCallOnADeadSessionIsRunOnceMoreOnAFreshOne() {
        auto tool = makeTool();
        const int before = m_sshd.acceptedLogins();
        QVERIFY(run(*tool, {{"host", kAlias}, {"command", "true"}}).ok());
        // The server stops answering, the call goes to the pooled session, then the server
        // drops it: the session turns out dead before the command was sent.
        QVERIFY(m_sshd.pauseConnections() > 0);
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", kAlias}, {"command", "echo again"}}, nullptr));
        QVERIFY(m_sshd.dropConnections() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(inv->isFinished(), kWaitMs);
        QVERIFY2(inv->result().ok(), qPrintable(inv->result().error()));
        QCOMPARE(inv->result().payload.value("stdout").toString(), QStringLiteral("again\n"));
        QCOMPARE(tool->pool().reconnects(), 1);
        QCOMPARE(m_sshd.acceptedLogins() - before, 2);
    }

    void aCommandCutOffByTheServerFailsWithoutRetry() {
        // A command that already ran must not run twice: it fails, clearly.
        const QString marker = QStringLiteral("sleep 600.401");
        auto tool = makeTool();
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", kAlias}, {"command", marker}}, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        QVERIFY(m_sshd.dropConnections() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(inv->isFinished(), kWaitMs);
        QCOMPARE(inv->result().payload.value("error_code").toString(),
                 QStringLiteral("connect_failed"));
        QVERIFY2(inv->result().error().contains(QStringLiteral("running the command")),
                 qPrintable(inv->result().error()));
        QCOMPARE(tool->pool().reconnects(), 0);
        // Cut off from its connection, the command may run on (as after a network failure).
        SshdFixture::killCommand(marker);
    }

    void cancelKeepsTheSharedSessionUsable() {
        const QString marker = QStringLiteral("sleep 600.402");
        auto tool = makeTool();
        const int before = m_sshd.acceptedLogins();
        std::unique_ptr<ToolInvocation> sleeper(
            tool->start({{"host", kAlias}, {"command", marker}}, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        const ToolResult during = run(*tool, {{"host", kAlias}, {"command", "echo beside"}});
        QVERIFY2(during.ok(), qPrintable(during.error()));
        sleeper->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kRemoteKillMs);
        const ToolResult after = run(*tool, {{"host", kAlias}, {"command", "echo after"}});
        QVERIFY2(after.ok(), qPrintable(after.error()));
        QCOMPARE(after.payload.value("stdout").toString(), QStringLiteral("after\n"));
        QCOMPARE(m_sshd.acceptedLogins() - before, 1);
    }

    void setupFailureReachesEveryQueuedCall() {
        QTemporaryDir tmp;
        auto tool = makeTool(options(tmp.filePath(QStringLiteral("empty_known_hosts"))));
        std::vector<std::unique_ptr<ToolInvocation>> invs;
        for (int i = 0; i < 3; ++i)
            invs.emplace_back(tool->start({{"host", kAlias}, {"command", "true"}}, nullptr));
        for (auto& inv : invs) {
            QTRY_VERIFY_WITH_TIMEOUT(inv->isFinished(), kWaitMs);
            QCOMPARE(inv->result().payload.value("error_code").toString(),
                     QStringLiteral("host_key_unknown"));
        }
        QTRY_COMPARE_WITH_TIMEOUT(tool->pool().connectionCount(kAlias), 0, kWaitMs);
    }

private:
    SshExecOptions options(const QString& knownHosts = {}) const {
        SshExecOptions opts;
        opts.defaultKnownHostsFile = knownHosts.isEmpty() ? m_sshd.knownHostsPath() : knownHosts;
        opts.sshDir = m_emptySshDir.path();
        return opts;
    }

    std::unique_ptr<SshExecTool> makeTool(SshExecOptions opts) {
        // The host block names no UserKnownHostsFile: the default from opts applies.
        const QString file = m_sshd.dir() + QStringLiteral("/pool_hosts.conf");
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(file));
        f.write(QStringLiteral("Host %1\n  HostName 127.0.0.1\n  Port %2\n  User %3\n"
                               "  IdentityFile \"%4\"\n")
                    .arg(kAlias)
                    .arg(m_sshd.port())
                    .arg(m_sshd.userName(), m_sshd.userKeyPath())
                    .toUtf8());
        f.close();
        auto loaded = HostsConfig::loadFile(file);
        if (!loaded)
            qFatal("hosts file: %s", qPrintable(loaded.error().message));
        return std::make_unique<SshExecTool>(loaded.value(), opts);
    }
    std::unique_ptr<SshExecTool> makeTool() { return makeTool(options()); }

    SshdFixture m_sshd;
    QTemporaryDir m_emptySshDir;
};

QTEST_GUILESS_MAIN(TestSshPool)
#include "test_ssh_pool.moc"
