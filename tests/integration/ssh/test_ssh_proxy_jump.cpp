// ssh_exec and the Hosts page's key check through a jump host (ProxyJump), against real OpenSSH
// sshd on loopback: a bastion that logs each forwarding (LogLevel DEBUG1), a target behind it, and
// a bastion that refuses forwarding (AllowTcpForwarding no). The target listens on loopback too,
// so "behind" is shown by the bastion's own log: it opened the direct-tcpip channel to the
// target's port and logged in the client, each time.
#include "dashboard/hosts_source.h"
#include "sshd_fixture.h"
#include "temp_env.h"
#include "tools/ssh_exec_tool.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::SshdFixture;
using zerg::test::SshdOptions;

namespace {

// Failure guards only: nothing here is a measurement.
constexpr int kWaitMs = 60000;
constexpr int kGoneMs = 15000;

int threadCount() {
    return int(QDir(QStringLiteral("/proc/self/task"))
                   .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                   .size());
}

int openFiles() {
    return int(QDir(QStringLiteral("/proc/self/fd"))
                   .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)
                   .size());
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestSshProxyJump : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        // Keys only from the hosts file (and the empty ssh dir below), never an agent or ~/.ssh.
        qunsetenv("SSH_AUTH_SOCK");
        QString why;
        if (!m_target.available(&why)) {
            QFAIL(qPrintable(QStringLiteral("sshd fixture: %1. Run scripts/setup: it installs "
                                            "openssh-server and openssh-client.")
                                 .arg(why)));
        }
        QString error;
        QVERIFY2(m_bastion.start(&error), qPrintable(error));
        QVERIFY2(m_target.start(&error), qPrintable(error));
        QVERIFY2(m_closed.start(&error), qPrintable(error));
        QVERIFY(m_tmp.isValid());
        QVERIFY(m_emptySshDir.isValid());
        m_emptyKnownHosts = m_tmp.filePath(QStringLiteral("empty_known_hosts"));
        QFile empty(m_emptyKnownHosts);
        QVERIFY(empty.open(QIODevice::WriteOnly));
    }

    void proxyJumpRunsTheCommandThroughTheBastion() {
        auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_target.knownHostsPath()));
        const int bastionLogins = m_bastion.acceptedLogins();
        const int targetLogins = m_target.acceptedLogins();
        const int forwards = m_bastion.forwardedTo(m_target.port());

        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "echo jumped; exit 0"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("jumped\n"));
        QCOMPARE(r.payload.value("host").toString(), QStringLiteral("target"));
        QVERIFY(!r.payload.contains("jump_host"));

        // The bastion logged in a client and opened a channel to the target's port for it.
        QTRY_COMPARE_WITH_TIMEOUT(m_bastion.acceptedLogins(), bastionLogins + 1, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_bastion.forwardedTo(m_target.port()), forwards + 1, kWaitMs);
        QCOMPARE(m_target.acceptedLogins(), targetLogins + 1);

        // More commands share the pooled connection: no new login anywhere.
        const ToolResult again = run(*tool, {{"host", "target"}, {"command", "echo again"}});
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QCOMPARE(again.payload.value("stdout").toString(), QStringLiteral("again\n"));
        QCOMPARE(m_bastion.acceptedLogins(), bastionLogins + 1);
        QCOMPARE(m_target.acceptedLogins(), targetLogins + 1);
    }

    void outputLargerThanTheWindowsArrivesWhole() {
        auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_target.knownHostsPath()));
        const ToolResult r = run(
            *tool, {{"host", "target"}, {"command", "head -c 3000000 /dev/zero | tr '\\0' 'j'"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QString out = r.payload.value("stdout").toString();
        QCOMPARE(out.size(), 3000000);
        QCOMPARE(out.count(QLatin1Char('j')), 3000000);
    }

    void aChainOfTwoJumpHosts() {
        // client -> bastion -> target (as a jump host) -> bastion again (as "deep"): two hops,
        // each its own alias with its own settings, over the two servers.
        const QString text =
            m_bastion.hostBlock(QStringLiteral("bastion"), m_bastion.knownHostsPath()) +
            m_target.hostBlock(QStringLiteral("middle"), m_target.knownHostsPath()) +
            m_bastion.hostBlock(QStringLiteral("deep"), m_bastion.knownHostsPath(),
                                QStringLiteral("    ProxyJump bastion,middle\n"));
        auto tool = toolFor(writeHosts(QStringLiteral("chain"), text));
        const int bastionLogins = m_bastion.acceptedLogins();
        const int middleLogins = m_target.acceptedLogins();
        const ToolResult r = run(*tool, {{"host", "deep"}, {"command", "echo deep"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("deep\n"));
        QCOMPARE(m_bastion.acceptedLogins(), bastionLogins + 2);  // as the first hop and as deep
        QCOMPARE(m_target.acceptedLogins(), middleLogins + 1);
    }

    void unknownBastionKeyIsRefusedNamingTheBastion() {
        auto tool = toolFor(hostsFile(m_emptyKnownHosts, m_target.knownHostsPath()));
        const int targetLogins = m_target.acceptedLogins();
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "touch never"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_unknown"));
        QCOMPARE(r.payload.value("jump_host").toString(), QStringLiteral("bastion"));
        QCOMPARE(r.payload.value("host").toString(), QStringLiteral("target"));
        QVERIFY2(r.error().contains(QStringLiteral("jump host bastion")), qPrintable(r.error()));
        QVERIFY2(r.error().contains(m_bastion.hostKeyFingerprint()), qPrintable(r.error()));
        QVERIFY2(r.error().contains(QStringLiteral("`zerg hosts trust bastion`")),
                 qPrintable(r.error()));
        // The target's trust actions must not be offered the bastion's key.
        QVERIFY(!r.payload.contains("fingerprint"));
        QVERIFY(!r.payload.contains("exit_code"));
        QCOMPARE(m_target.acceptedLogins(), targetLogins);  // nothing went further
    }

    void changedBastionKeyIsRefused() {
        auto tool = toolFor(hostsFile(m_bastion.wrongKnownHostsPath(), m_target.knownHostsPath()));
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "touch never"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_changed"));
        QCOMPARE(r.payload.value("jump_host").toString(), QStringLiteral("bastion"));
        QVERIFY2(r.error().contains(QStringLiteral("does not match")), qPrintable(r.error()));
    }

    void unknownTargetKeyBehindTheBastionSaysHowToTrustIt() {
        auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_emptyKnownHosts));
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "true"}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("host_key_unknown"));
        QVERIFY(!r.payload.contains("jump_host"));  // the bastion was fine
        QCOMPARE(r.payload.value("fingerprint").toString(), m_target.hostKeyFingerprint());
        QVERIFY2(r.error().contains(QStringLiteral("`zerg hosts trust target`")),
                 qPrintable(r.error()));
        // ssh-keyscan from here would not reach a host behind a bastion: not suggested.
        QVERIFY2(!r.error().contains(QStringLiteral("ssh-keyscan")), qPrintable(r.error()));
    }

    void bastionThatRefusesForwardingIsExplained() {
        const QString text =
            m_closed.hostBlock(QStringLiteral("closed"), m_closed.knownHostsPath()) +
            m_target.hostBlock(QStringLiteral("target"), m_target.knownHostsPath(),
                               QStringLiteral("    ProxyJump closed\n"));
        auto tool = toolFor(writeHosts(QStringLiteral("closed"), text));
        const int refused = m_closed.refusedForwards();
        const int targetLogins = m_target.acceptedLogins();
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "touch never"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("connect_failed"));
        QCOMPARE(r.payload.value("jump_host").toString(), QStringLiteral("closed"));
        QVERIFY2(r.error().contains(QStringLiteral("refused to forward")), qPrintable(r.error()));
        QVERIFY2(r.error().contains(QStringLiteral("AllowTcpForwarding")), qPrintable(r.error()));
        QVERIFY2(r.error().contains(QStringLiteral("127.0.0.1:%1").arg(m_target.port())),
                 qPrintable(r.error()));
        QTRY_COMPARE_WITH_TIMEOUT(m_closed.refusedForwards(), refused + 1, kWaitMs);
        QCOMPARE(m_target.acceptedLogins(), targetLogins);
    }

    void cancelThroughTheJumpKillsTheRemoteCommand() {
        const QString marker = QStringLiteral("sleep 600.401");
        auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_target.knownHostsPath()));
        std::unique_ptr<ToolInvocation> inv(
            tool->start({{"host", "target"}, {"command", marker}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
        QVERIFY(!inv->isFinished());
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kWaitMs);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kGoneMs);
        // The connection through the bastion still serves the next call.
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "echo still"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
    }

    void timeoutThroughTheJumpKillsTheRemoteCommand() {
        const QString marker = QStringLiteral("sleep 600.402");
        auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_target.knownHostsPath()));
        const ToolResult r =
            run(*tool,
                {{"host", "target"}, {"command", "echo started; " + marker}, {"timeout_secs", 1}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("started\n"));
        QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kGoneMs);
    }

    void destroyingTheToolEndsTheJumpWithoutLeaks() {
        const QString marker = QStringLiteral("sleep 600.403");
        const int threadsBefore = threadCount();
        const int filesBefore = openFiles();
        {
            auto tool = toolFor(hostsFile(m_bastion.knownHostsPath(), m_target.knownHostsPath()));
            std::unique_ptr<ToolInvocation> inv(
                tool->start({{"host", "target"}, {"command", marker}}, nullptr));
            QTRY_VERIFY_WITH_TIMEOUT(SshdFixture::commandRunning(marker), kWaitMs);
            tool.reset();  // the backend shutting down: the pool stops its connections
            QTRY_VERIFY_WITH_TIMEOUT(!SshdFixture::commandRunning(marker), kGoneMs);
        }
        // The connection's thread, the jump's thread, the sessions' sockets and the socketpair
        // are all gone. (At most as many as before: Qt's own pool may shrink meanwhile.)
        QTRY_VERIFY_WITH_TIMEOUT(threadCount() <= threadsBefore, kGoneMs);
        QTRY_VERIFY_WITH_TIMEOUT(openFiles() <= filesBefore, kGoneMs);
    }

    void checkKeyAndTrustReachTheTargetThroughTheBastion() {
        const QString knownHosts = m_tmp.filePath(QStringLiteral("target_known_hosts"));
        QFile::remove(knownHosts);
        const QString file = hostsFile(m_bastion.knownHostsPath(), knownHosts);
        const Result<HostEntry> entry = HostChecks::find(file, QStringLiteral("target"));
        QVERIFY2(entry.ok(), qPrintable(entry ? QString() : entry.error().message));
        QCOMPARE(entry->jumps.size(), qsizetype(1));
        const int bastionLogins = m_bastion.acceptedLogins();

        const Result<HostKeyCheck> check = HostChecks::checkKey(*entry, knownHosts);
        QVERIFY2(check.ok(), qPrintable(check ? QString() : check.error().message));
        QCOMPARE(check->state, HostKeyState::Unknown);
        QCOMPARE(check->fingerprint, m_target.hostKeyFingerprint());
        QCOMPARE(check->knownHostsFile, knownHosts);
        // It went through the bastion, logged in there (its key known), not into the target.
        QTRY_VERIFY_WITH_TIMEOUT(m_bastion.acceptedLogins() > bastionLogins, kWaitMs);

        const Result<HostKeyCheck> trusted =
            HostChecks::trust(*entry, knownHosts, check->fingerprint);
        QVERIFY2(trusted.ok(), qPrintable(trusted ? QString() : trusted.error().message));
        QCOMPARE(trusted->state, HostKeyState::Known);
        QVERIFY(
            readAll(knownHosts)
                .contains(
                    QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 ").arg(m_target.port()).toUtf8()));
        QCOMPARE(HostChecks::checkKey(*entry, knownHosts)->state, HostKeyState::Known);

        // And ssh_exec now reaches it.
        auto tool = toolFor(file);
        const ToolResult r = run(*tool, {{"host", "target"}, {"command", "echo trusted"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("trusted\n"));
    }

    void checkKeyThroughAnUnknownBastionNamesTheBastion() {
        const QString file = hostsFile(m_emptyKnownHosts, m_target.knownHostsPath());
        const Result<HostEntry> entry = HostChecks::find(file, QStringLiteral("target"));
        QVERIFY(entry.ok());
        const Result<HostKeyCheck> check = HostChecks::checkKey(*entry, m_target.knownHostsPath());
        QVERIFY(!check.ok());
        QCOMPARE(check.error().code, QStringLiteral("host_key_unknown"));
        QVERIFY2(check.error().message.contains(QStringLiteral("jump host bastion")),
                 qPrintable(check.error().message));
        QVERIFY2(check.error().message.contains(m_bastion.hostKeyFingerprint()),
                 qPrintable(check.error().message));
    }

private:
    // bastion and target (ProxyJump bastion), each with the known_hosts file given.
    QString hostsFile(const QString& bastionKnownHosts, const QString& targetKnownHosts) {
        const QString text = m_bastion.hostBlock(QStringLiteral("bastion"), bastionKnownHosts) +
                             m_target.hostBlock(QStringLiteral("target"), targetKnownHosts,
                                                QStringLiteral("    ProxyJump bastion\n"));
        return writeHosts(QStringLiteral("jump"), text);
    }

    QString writeHosts(const QString& name, const QString& text) {
        const QString path = m_tmp.filePath(QStringLiteral("hosts_%1_%2").arg(name).arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) != text.toUtf8().size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    std::unique_ptr<SshExecTool> toolFor(const QString& hostsFile) {
        auto loaded = HostsConfig::loadFile(hostsFile);
        if (!loaded)
            qFatal("hosts file: %s", qPrintable(loaded.error().message));
        SshExecOptions opts;
        opts.sshDir = m_emptySshDir.path();  // no default keys, no ~/.ssh of whoever runs this
        return std::make_unique<SshExecTool>(loaded.value(), opts);
    }

    static ToolResult run(Tool& tool, const QJsonObject& args) {
        std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        if (!inv->isFinished() && !spy.wait(kWaitMs))
            return ToolResult::failure(QStringLiteral("test: no result within the wait"));
        return inv->result();
    }

    SshdFixture m_bastion{SshdOptions{true, QStringLiteral("DEBUG1")}};
    SshdFixture m_target;
    SshdFixture m_closed{SshdOptions{false, QStringLiteral("VERBOSE")}};
    QTemporaryDir m_tmp;
    QTemporaryDir m_emptySshDir;
    QString m_emptyKnownHosts;
    int m_files = 0;
};

QTEST_GUILESS_MAIN(TestSshProxyJump)
#include "test_ssh_proxy_jump.moc"
