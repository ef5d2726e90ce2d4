#include "tools/shell_exec_tool.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

constexpr int kWaitMs = 20000;
using Mode = ShellSandboxOptions::Mode;

// Runs one call to the end and returns its result.
ToolResult runTool(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure("test: no result");
    return inv->result();
}

// True while a process whose command line matches `pattern` runs (zombies have no command line,
// so an exited but unreaped process does not count).
bool running(const QString& pattern) {
    QProcess p;
    p.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), pattern});
    p.waitForFinished(10000);
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A sleep duration nobody else on the machine uses (the whole pid, so two test processes at
// once never match each other's; a fixed-width counter, so no pattern is a prefix of another),
// so pgrep finds only this test's processes. The dot matches itself in pgrep's regex too.
QString uniqueSleep() {
    static int n = 100;
    return QStringLiteral("600.%1%2").arg(QCoreApplication::applicationPid()).arg(++n);
}

}  // namespace

// QSKIP returns from the function it is in, so this must be a macro, not a helper.
#define SKIP_UNLESS_BUBBLEWRAP()                \
    do {                                        \
        const QString why = whyNotBubblewrap(); \
        if (!why.isEmpty())                     \
            QSKIP(qPrintable(why));             \
    } while (false)

// Runs once per sandbox mode (see main): Restricted, then Auto, which is bubblewrap where it
// works. Tests that only make sense under bubblewrap skip, saying why, when it cannot run.
class TestShellExec : public QObject {
    Q_OBJECT
public:
    explicit TestShellExec(Mode mode) : m_mode(mode) {}

private Q_SLOTS:
    void initTestCase() {
        if (m_mode == Mode::Auto &&
            !ShellExecTool::bubblewrapWorks(QStringLiteral("bwrap"), &m_noBwrapReason)) {
            qWarning("bubblewrap does not work here (%s): the Auto pass runs restricted",
                     qPrintable(m_noBwrapReason));
        }
    }

    void init() {
        m_tmp = std::make_unique<QTemporaryDir>();
        m_work = m_tmp->filePath(QStringLiteral("scratch/worker"));  // does not exist yet
        m_tool = makeTool({});
    }

    void specIsFactual() {
        const ToolSpec s = m_tool->spec();
        QCOMPARE(s.name, QStringLiteral("shell_exec"));
        QVERIFY(s.description.contains(QStringLiteral("local machine")));
        QVERIFY(s.parameters.value("properties").toObject().contains("command"));
        QVERIFY(s.parameters.value("properties").toObject().contains("network"));
        QCOMPARE(s.description.contains(QStringLiteral("no network")), m_tool->usesBubblewrap());
    }

    void stdoutAndStderrKeptApart() {
        const ToolResult r = runTool(*m_tool, {{"command", "echo out; echo err 1>&2"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("exit_code").toInt(-1), 0);
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("out\n"));
        QCOMPARE(r.payload.value("stderr").toString(), QStringLiteral("err\n"));
        QVERIFY(r.payload.contains("duration_ms"));
        QVERIFY(!r.payload.contains("host"));
    }

    void sandboxIsReported() {
        const ToolResult r = runTool(*m_tool, {{"command", "true"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("sandbox").toString(), m_tool->usesBubblewrap()
                                                            ? QStringLiteral("bubblewrap")
                                                            : QStringLiteral("restricted"));
        // Only bubblewrap can take the network away; restricted says so honestly.
        QCOMPARE(r.payload.value("network").toString(),
                 m_tool->usesBubblewrap() ? QStringLiteral("none") : QStringLiteral("host"));
    }

    void runsInTheWorkingDirCreatedIfMissing() {
        QVERIFY(!QFileInfo::exists(m_work));
        const ToolResult r = runTool(*m_tool, {{"command", "pwd; touch made_here"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(QDir(r.payload.value("stdout").toString().trimmed()).canonicalPath(),
                 QDir(m_work).canonicalPath());
        QVERIFY(QFileInfo::exists(m_work + QStringLiteral("/made_here")));
        // The folder is kept between calls, so one call can use what an earlier one made.
        const ToolResult again = runTool(*m_tool, {{"command", "ls made_here"}});
        QVERIFY2(again.ok(), qPrintable(again.error()));
    }

    void environmentIsClean() {
        qputenv("ZERG_LLM_API_KEY", "sk-zerg-test-secret-4711");
        const ToolResult r = runTool(*m_tool, {{"command", "env"}});
        qunsetenv("ZERG_LLM_API_KEY");
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QString env = r.payload.value("stdout").toString();
        QVERIFY2(!env.contains(QStringLiteral("sk-zerg-test-secret-4711")), qPrintable(env));
        QVERIFY2(!env.contains(QStringLiteral("ZERG_LLM_API_KEY")), qPrintable(env));
        const QStringList lines = env.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.contains(QStringLiteral("HOME=") + QDir(m_work).canonicalPath()),
                 qPrintable(env));
        QVERIFY2(lines.contains(QStringLiteral("LANG=C.UTF-8")), qPrintable(env));
        QVERIFY2(lines.contains(QStringLiteral("PATH=") + ShellSandboxOptions{}.path),
                 qPrintable(env));
    }

    void eachRestrictedCallHasItsOwnTemporaryFolder() {
        if (m_tool->usesBubblewrap())
            QSKIP("bubblewrap gives every call a private /tmp instead (tmpIsPrivate)");
        const ToolResult r =
            runTool(*m_tool, {{"command", "echo \"$TMPDIR\"; touch \"$TMPDIR/x\""}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QString tmpdir = r.payload.value("stdout").toString().trimmed();
        QVERIFY2(tmpdir.startsWith(QDir(m_work).canonicalPath() + QLatin1Char('/')),
                 qPrintable(tmpdir));
        QVERIFY(!QFileInfo::exists(tmpdir));  // removed with the call
        const ToolResult second = runTool(*m_tool, {{"command", "echo \"$TMPDIR\""}});
        QVERIFY(second.payload.value("stdout").toString().trimmed() != tmpdir);
    }

    void systemIsReadOnlyUnderBubblewrap() {
        SKIP_UNLESS_BUBBLEWRAP();
        const QString target = QStringLiteral("/usr/zerg-test-%1").arg(uniqueSleep());
        const ToolResult r =
            runTool(*m_tool, {{"command", QStringLiteral("touch %1").arg(target)}});
        QVERIFY(!r.ok());
        QVERIFY2(r.payload.value("stderr").toString().contains(QStringLiteral("Read-only")),
                 qPrintable(r.payload.value("stderr").toString()));
        QVERIFY(!QFileInfo::exists(target));
    }

    void tmpIsPrivateUnderBubblewrap() {
        SKIP_UNLESS_BUBBLEWRAP();
        const QString name = QStringLiteral("/tmp/zerg-test-%1").arg(uniqueSleep());
        const ToolResult r =
            runTool(*m_tool, {{"command", QStringLiteral("echo x > %1 && cat %1").arg(name)}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("x\n"));
        QVERIFY(!QFileInfo::exists(name));
        // The machine's /tmp is not visible: this test's own folder lives there, and only the
        // path down to the work folder appears inside.
        QFile outside(m_tmp->filePath(QStringLiteral("outside.txt")));
        QVERIFY(outside.open(QIODevice::WriteOnly));
        outside.close();
        const ToolResult look =
            runTool(*m_tool, {{"command", QStringLiteral("ls '%1'").arg(outside.fileName())}});
        QVERIFY(!look.ok());
        QVERIFY(QFileInfo::exists(outside.fileName()));
    }

    void hiddenFoldersStayHiddenButTheWorkFolderInsideThemIsVisible() {
        SKIP_UNLESS_BUBBLEWRAP();
        QFile secret(m_tmp->filePath(QStringLiteral("secrets.json")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("{\"smtp_password\":\"hunter2\"}");
        secret.close();
        ShellSandboxOptions o;
        o.hiddenPaths = {m_tmp->path()};  // the work folder lies inside it
        auto tool = makeTool(o);
        const ToolResult r = runTool(
            *tool,
            {{"command", QStringLiteral("cat '%1'; touch in_work && ls").arg(secret.fileName())}});
        QVERIFY(!r.payload.value("stdout").toString().contains(QStringLiteral("hunter2")));
        QVERIFY2(r.payload.value("stderr").toString().contains(QStringLiteral("No such file")),
                 qPrintable(r.payload.value("stderr").toString()));
        QVERIFY(QFileInfo::exists(m_work + QStringLiteral("/in_work")));
    }

    void networkIsOffUnlessTheCallAsks() {
        SKIP_UNLESS_BUBBLEWRAP();
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));
        const QString connect =
            QStringLiteral("bash -c 'exec 3<>/dev/tcp/127.0.0.1/%1' && echo connected")
                .arg(server.serverPort());

        const ToolResult denied = runTool(*m_tool, {{"command", connect}});
        QVERIFY(!denied.ok());
        QVERIFY(!denied.payload.value("stdout").toString().contains(QStringLiteral("connected")));
        QCOMPARE(denied.payload.value("network").toString(), QStringLiteral("none"));
        // Name lookups of local names still work (files in /etc are readable).
        const ToolResult lookup = runTool(*m_tool, {{"command", "getent hosts localhost"}});
        QVERIFY2(lookup.ok(), qPrintable(lookup.payload.value("stderr").toString()));

        QSignalSpy accepted(&server, &QTcpServer::newConnection);
        const ToolResult allowed = runTool(*m_tool, {{"command", connect}, {"network", true}});
        QVERIFY2(allowed.ok(), qPrintable(allowed.payload.value("stderr").toString()));
        QCOMPARE(allowed.payload.value("stdout").toString(), QStringLiteral("connected\n"));
        QCOMPARE(allowed.payload.value("network").toString(), QStringLiteral("host"));
        QTRY_VERIFY_WITH_TIMEOUT(accepted.count() >= 1, 10000);
    }

    void nonZeroExitIsNotOk() {
        const ToolResult r = runTool(*m_tool, {{"command", "echo partial; exit 3"}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("exit_code").toInt(), 3);
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("partial\n"));
        QCOMPARE(r.error(), QStringLiteral("command exited with status 3"));
    }

    void stdinIsClosed() {
        // cat would wait for input forever if stdin stayed open.
        const ToolResult r =
            runTool(*m_tool, {{"command", "cat; echo done"}, {"timeout_secs", 20}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("done\n"));
    }

    void outputIsDecodedAsUtf8() {
        const ToolResult r = runTool(*m_tool, {{"command", "printf 'h\\303\\251 \\377'"}});
        QVERIFY(r.ok());
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("h\u00e9 \ufffd"));
    }

    void timeoutKillsTheWholeProcessGroup() {
        const QString a = uniqueSleep(), b = uniqueSleep();
        const ToolResult r = runTool(
            *m_tool, {{"command", QStringLiteral("echo before; sleep %1 & sleep %2").arg(a, b)},
                      {"timeout_secs", 1}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
        QCOMPARE(r.error(), QStringLiteral("command did not finish within 1 s; it was stopped"));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("before\n"));
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + a), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + b), 10000);
    }

    void cancelKillsTheWholeProcessGroup() {
        const QString a = uniqueSleep(), b = uniqueSleep();
        std::unique_ptr<ToolInvocation> inv(
            m_tool->start({{"command", QStringLiteral("sleep %1 & sleep %2").arg(a, b)}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(running(QStringLiteral("sleep ") + a), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(running(QStringLiteral("sleep ") + b), 10000);
        QVERIFY(!inv->isFinished());
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kWaitMs);
        QVERIFY(!inv->result().ok());
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QCOMPARE(inv->result().error(), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + a), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + b), 10000);
        inv->cancel();  // a second cancel changes nothing
        QCOMPARE(spy.count(), 1);
    }

    void termIgnoringChildIsKilledToo() {
        const QString a = uniqueSleep();
        std::unique_ptr<ToolInvocation> inv(
            m_tool->start({{"command", QStringLiteral("trap '' TERM; sleep %1").arg(a)}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(running(QStringLiteral("sleep ") + a), 10000);
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kWaitMs);
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + a), 10000);
    }

    void backgroundChildrenDoNotOutliveTheCall() {
        const QString a = uniqueSleep();
        const ToolResult r =
            runTool(*m_tool, {{"command", QStringLiteral("sleep %1 & echo started").arg(a)}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + a), 10000);
    }

    void destroyingARunningCallKillsIt() {
        const QString a = uniqueSleep();
        auto* inv = m_tool->start({{"command", QStringLiteral("sleep %1").arg(a)}}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(running(QStringLiteral("sleep ") + a), 10000);
        delete inv;
        QTRY_VERIFY_WITH_TIMEOUT(!running(QStringLiteral("sleep ") + a), 10000);
    }

    void resourceLimitsApply() {
        ShellSandboxOptions o;
        o.fileSizeBytes = 100000;
        o.openFiles = 64;
        auto tool = makeTool(o);
        const ToolResult r = runTool(
            *tool, {{"command", "ulimit -n; head -c 300000 /dev/zero > big; echo \"write=$?\""}});
        const QString out = r.payload.value("stdout").toString();
        QVERIFY2(out.startsWith(QStringLiteral("64\n")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("write=")) && !out.contains(QStringLiteral("write=0")),
                 qPrintable(out));
        QVERIFY(QFileInfo(m_work + QStringLiteral("/big")).size() <= 100000);
    }

    void largeOutputKeptWholeAndCappedForTheModel() {
        const ToolResult r =
            runTool(*m_tool, {{"command", "head -c 100000 /dev/zero | tr '\\0' 'x'"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const QString out = r.payload.value("stdout").toString();
        QCOMPARE(out.size(), 100000);
        QCOMPARE(out.count(QLatin1Char('x')), 100000);
        const QJsonObject forModel = r.forModel(2000);
        const QString capped = forModel.value("stdout").toString();
        QVERIFY(capped.size() < 3000);
        QVERIFY(capped.startsWith(QString(2000, QLatin1Char('x'))));
        QVERIFY(capped.contains(QStringLiteral("cut")));
        QCOMPARE(r.payload.value("stdout").toString().size(), 100000);  // payload untouched
    }

    void diskCapCutsWithAMarker() {
        ShellSandboxOptions o;
        o.mode = m_mode;
        ShellExecTool small(m_work, o, 60, 1000);
        const ToolResult r = runTool(small, {{"command", "head -c 5000 /dev/zero | tr '\\0' 'y'"}});
        QVERIFY(r.ok());
        const QString out = r.payload.value("stdout").toString();
        QVERIFY(out.startsWith(QString(1000, QLatin1Char('y')) + QLatin1Char('\n')));
        QVERIFY2(out.endsWith(QStringLiteral("[... 4000 bytes cut]")), qPrintable(out.right(40)));
    }

    void missingBubblewrapFallsBackOrFailsAsConfigured() {
        ShellSandboxOptions o;
        o.bwrapPath = QStringLiteral("/nonexistent/bwrap");
        o.mode = Mode::Auto;
        ShellExecTool fallback(m_work, o);
        const ToolResult r = runTool(fallback, {{"command", "true"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("sandbox").toString(), QStringLiteral("restricted"));

        o.mode = Mode::Bubblewrap;
        ShellExecTool strict(m_work, o);
        const ToolResult refused = runTool(strict, {{"command", "true"}});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.payload.value("error_code").toString(),
                 QStringLiteral("sandbox_unavailable"));
        QVERIFY2(refused.error().contains(QStringLiteral("/nonexistent/bwrap")),
                 qPrintable(refused.error()));
    }

    void invalidArgumentsFailClearly_data() {
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<QString>("names");  // the argument the message must point at
        QTest::newRow("no command") << QJsonObject{} << "command";
        QTest::newRow("empty command") << QJsonObject{{"command", "  "}} << "command";
        QTest::newRow("command not a string") << QJsonObject{{"command", 5}} << "command";
        QTest::newRow("timeout zero")
            << QJsonObject{{"command", "true"}, {"timeout_secs", 0}} << "timeout_secs";
        QTest::newRow("timeout fraction")
            << QJsonObject{{"command", "true"}, {"timeout_secs", 1.5}} << "timeout_secs";
        QTest::newRow("timeout text")
            << QJsonObject{{"command", "true"}, {"timeout_secs", "5"}} << "timeout_secs";
        QTest::newRow("timeout too big")
            << QJsonObject{{"command", "true"}, {"timeout_secs", 100000}} << "timeout_secs";
        QTest::newRow("network not a boolean")
            << QJsonObject{{"command", "true"}, {"network", "yes"}} << "network";
    }
    void invalidArgumentsFailClearly() {
        QFETCH(QJsonObject, args);
        QFETCH(QString, names);
        const ToolResult r = runTool(*m_tool, args);
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("invalid_arguments"));
        QVERIFY2(r.error().contains(names), qPrintable(r.error()));
    }

private:
    std::unique_ptr<ShellExecTool> makeTool(ShellSandboxOptions o) {
        o.mode = m_mode;
        return std::make_unique<ShellExecTool>(m_work, o);
    }

    // Why a bubblewrap-only test cannot run in this pass; empty when it can.
    QString whyNotBubblewrap() const {
        if (m_mode == Mode::Restricted)
            return QStringLiteral("bubblewrap-only behaviour; the Auto pass tests it");
        if (!m_tool->usesBubblewrap())
            return QStringLiteral("bubblewrap does not work here: ") + m_noBwrapReason;
        return {};
    }

    Mode m_mode;
    QString m_noBwrapReason;
    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_work;
    std::unique_ptr<ShellExecTool> m_tool;
};

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    TestShellExec restricted(Mode::Restricted);
    TestShellExec automatic(Mode::Auto);
    int failures = QTest::qExec(&restricted, argc, argv);
    failures += QTest::qExec(&automatic, argc, argv);
    return failures;
}

#include "test_shell_exec.moc"
