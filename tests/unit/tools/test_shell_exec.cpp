#include "tools/shell_exec_tool.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

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

// Connects to each Unix socket named (a path, or "@name" in the abstract namespace) and prints
// "connected PATH" or "refused PATH why"; no single quotes, so that sh can quote it.
const char kConnectScript[] = R"(import socket, sys
for p in sys.argv[1:]:
    s = socket.socket(socket.AF_UNIX)
    try:
        s.connect("\0" + p[1:] if p.startswith("@") else p)
        print("connected", p)
    except OSError as e:
        print("refused", p, e.strerror)
)";

// A listening Unix socket in the abstract namespace: no file, the network namespace holds the
// name.
class AbstractListener {
public:
    explicit AbstractListener(const QByteArray& name) {
        m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::memcpy(addr.sun_path + 1, name.constData(), size_t(name.size()));
        const auto length = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + size_t(name.size()));
        if (m_fd >= 0 && (::bind(m_fd, reinterpret_cast<sockaddr*>(&addr), length) != 0 ||
                          ::listen(m_fd, 4) != 0)) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~AbstractListener() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    AbstractListener(const AbstractListener&) = delete;
    AbstractListener& operator=(const AbstractListener&) = delete;
    [[nodiscard]] bool isListening() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

// A writable folder at `path`, or nullptr.
std::unique_ptr<QTemporaryDir> tempDirIn(const QString& path) {
    if (!QFileInfo(path).isDir() || !QFileInfo(path).isWritable())
        return nullptr;
    auto dir = std::make_unique<QTemporaryDir>(QDir(path).filePath(QStringLiteral("zerg-XXXXXX")));
    if (!dir->isValid())
        return nullptr;
    return dir;
}

}  // namespace

// QSKIP returns from the function it is in, so this must be a macro, not a helper.
#define SKIP_UNLESS_BUBBLEWRAP()                \
    do {                                        \
        const QString why = whyNotBubblewrap(); \
        if (!why.isEmpty())                     \
            QSKIP(qPrintable(why));             \
    } while (false)

// Tests that do not depend on the pass run in the Restricted one, which runs everywhere.
#define ONLY_IN_ONE_PASS()                                                     \
    do {                                                                       \
        if (m_mode != Mode::Restricted)                                        \
            QSKIP("does not depend on the mode; the Restricted pass runs it"); \
    } while (false)

// Runs once per sandbox mode (see main): Restricted, then Auto, which is bubblewrap. Where
// bubblewrap cannot run, the Auto pass is skipped, saying why (Auto then refuses every call,
// which withoutBubblewrapEveryCallIsRefused tests on any machine); tests that only make sense
// under bubblewrap skip in the Restricted pass.
class TestShellExec : public QObject {
    Q_OBJECT
public:
    explicit TestShellExec(Mode mode) : m_mode(mode) {}

private Q_SLOTS:
    void initTestCase() {
        if (m_mode == Mode::Auto &&
            !ShellExecTool::bubblewrapWorks(QStringLiteral("bwrap"), &m_noBwrapReason)) {
            QSKIP(qPrintable(QStringLiteral("bubblewrap does not work here (%1): in Auto mode "
                                            "every call is refused, so this pass is skipped")
                                 .arg(m_noBwrapReason)));
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
        // The only interface is the sandbox's own loopback.
        const ToolResult interfaces =
            runTool(*m_tool, {{"command", "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"}});
        QCOMPARE(interfaces.payload.value("stdout").toString(), QStringLiteral("lo\n"));
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

    // Never a silent fallback: without a working bubblewrap, Auto and Bubblewrap refuse every
    // call before anything is prepared, saying why and what to install or set; the spec says so
    // too. Only the user's explicit restricted mode runs commands without a sandbox.
    void withoutBubblewrapEveryCallIsRefused() {
        ONLY_IN_ONE_PASS();
        const QString marker = m_tmp->filePath(QStringLiteral("marker"));
        const QString touch = QStringLiteral("touch '%1'").arg(marker);
        ShellSandboxOptions o;
        o.bwrapPath = m_tmp->filePath(QStringLiteral("no-bwrap-here"));  // a probe per path
        for (const Mode mode : {Mode::Auto, Mode::Bubblewrap}) {
            o.mode = mode;
            ShellExecTool tool(m_work, o);
            QVERIFY(!tool.usesBubblewrap());
            const QString description = tool.spec().description;
            QVERIFY2(description.startsWith(QStringLiteral("UNAVAILABLE")),
                     qPrintable(description));
            QVERIFY2(description.contains(QStringLiteral("apt install bubblewrap")),
                     qPrintable(description));
            const ToolResult r = runTool(tool, {{"command", touch}});
            QVERIFY(!r.ok());
            QCOMPARE(r.payload.value("error_code").toString(),
                     QStringLiteral("sandbox_unavailable"));
            for (const QString& part : {o.bwrapPath, QStringLiteral("apt install bubblewrap"),
                                        QStringLiteral("ZERG_SHELL_SANDBOX=restricted")}) {
                QVERIFY2(r.error().contains(part), qPrintable(r.error()));
            }
            QVERIFY(!QFileInfo::exists(marker));
            QVERIFY(!QFileInfo::exists(m_work));  // refused before the folder was made

            const ShellSandboxState state = ShellExecTool::sandboxState(mode, o.bwrapPath);
            QCOMPARE(state.kind, ShellSandboxState::Kind::Unavailable);
            QVERIFY(!state.bubblewrapWorks);
            QVERIFY(state.problem.contains(o.bwrapPath));
            QVERIFY(state.remedy.contains(QStringLiteral("apt install bubblewrap")));
        }
        // Set to bubblewrap, the message names that setting.
        o.mode = Mode::Bubblewrap;
        ShellExecTool strict(m_work, o);
        const ToolResult refused = runTool(strict, {{"command", touch}});
        QVERIFY2(refused.error().contains(QStringLiteral("ZERG_SHELL_SANDBOX=bubblewrap")),
                 qPrintable(refused.error()));

        o.mode = Mode::Restricted;
        ShellExecTool restricted(m_work, o);
        QVERIFY(restricted.spec().description.contains(QStringLiteral("without a sandbox")));
        const ToolResult ran = runTool(restricted, {{"command", touch}});
        QVERIFY2(ran.ok(), qPrintable(ran.error()));
        QCOMPARE(ran.payload.value("sandbox").toString(), QStringLiteral("restricted"));
        QVERIFY(QFileInfo::exists(marker));
        QCOMPARE(ShellExecTool::sandboxState(Mode::Restricted, o.bwrapPath).kind,
                 ShellSandboxState::Kind::Restricted);
    }

    // A bwrap that is installed but cannot create a sandbox (no user namespaces, as in many
    // containers) is refused the same way, with its own message and what to change.
    void aBubblewrapThatCannotCreateASandboxIsRefused() {
        ONLY_IN_ONE_PASS();
        // Next to the test (where programs may run; /tmp may be mounted noexec).
        QTemporaryDir bin(QDir(QCoreApplication::applicationDirPath())
                              .filePath(QStringLiteral("fake-bwrap-XXXXXX")));
        QVERIFY(bin.isValid());
        QFile fake(bin.filePath(QStringLiteral("bwrap")));
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write(
            "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\n"
            "exit 1\n");
        fake.close();
        QVERIFY(fake.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                    QFileDevice::ExeOwner));
        ShellSandboxOptions o;
        o.bwrapPath = fake.fileName();
        ShellExecTool tool(m_work, o);
        const ToolResult r = runTool(tool, {{"command", "true"}});
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("sandbox_unavailable"));
        for (const QString& part :
             {QStringLiteral("No permissions to creating new namespace"),
              QStringLiteral("user namespaces"), QStringLiteral("ZERG_SHELL_SANDBOX=restricted")}) {
            QVERIFY2(r.error().contains(part), qPrintable(r.error()));
        }
        QCOMPARE(ShellExecTool::sandboxState(Mode::Auto, o.bwrapPath).kind,
                 ShellSandboxState::Kind::Unavailable);
    }

    void sandboxModeWords() {
        ONLY_IN_ONE_PASS();
        QCOMPARE(parseShellSandboxMode(QStringLiteral(" Restricted ")).value(), Mode::Restricted);
        QCOMPARE(parseShellSandboxMode(QStringLiteral("auto")).value(), Mode::Auto);
        QCOMPARE(parseShellSandboxMode(QStringLiteral("bubblewrap")).value(), Mode::Bubblewrap);
        const auto wrong = parseShellSandboxMode(QStringLiteral("off"));
        QVERIFY(!wrong);
        QVERIFY2(wrong.error().message.contains(QStringLiteral("auto, bubblewrap or restricted")),
                 qPrintable(wrong.error().message));
    }

    // The host's sockets are out of reach: those under /run/user/$UID (the session bus, the
    // keyring, ssh and gpg agents) and /run (the system bus, docker.sock) and /tmp are in folders
    // the sandbox replaces; one in a folder it shows read-only (/var/tmp) is covered (a
    // read-only mount does not stop connect()); abstract ones need the host's network namespace.
    void hostSocketsAreOutOfReachUnderBubblewrap() {
        SKIP_UNLESS_BUBBLEWRAP();
        std::vector<std::unique_ptr<QTemporaryDir>> dirs;
        std::vector<std::unique_ptr<QLocalServer>> servers;
        QStringList sockets;  // none may be reachable inside
        auto listenIn = [&](std::unique_ptr<QTemporaryDir> dir) -> QString {
            if (!dir)
                return {};
            const QString path = dir->filePath(QStringLiteral("s.sock"));
            auto server = std::make_unique<QLocalServer>();
            if (!server->listen(path)) {
                qWarning("cannot listen at %s: %s", qPrintable(path),
                         qPrintable(server->errorString()));
                return {};
            }
            dirs.push_back(std::move(dir));
            servers.push_back(std::move(server));
            sockets << path;
            return path;
        };
        const QString session = QStringLiteral("/run/user/%1").arg(::getuid());
        if (listenIn(tempDirIn(session)).isEmpty())
            qInfo("no writable %s: not tried", qPrintable(session));
        if (listenIn(tempDirIn(QStringLiteral("/run"))).isEmpty())
            qInfo("/run is not writable (not root): not tried");
        QVERIFY(!listenIn(tempDirIn(m_tmp->path())).isEmpty());  // under /tmp
        const QString shown = listenIn(tempDirIn(QStringLiteral("/var/tmp")));
        const QByteArray abstractName =
            "zerg-test-" + QByteArray::number(QCoreApplication::applicationPid());
        AbstractListener abstract(abstractName);
        QVERIFY(abstract.isListening());
        sockets << QLatin1Char('@') + QString::fromLatin1(abstractName);

        // Each is a socket, and listening, out here.
        const QString python = QStringLiteral("/usr/bin/python3");
        const bool havePython = QFileInfo(python).isExecutable();
        if (havePython) {
            QProcess outside;
            outside.start(
                python,
                QStringList{QStringLiteral("-c"), QString::fromLatin1(kConnectScript)} + sockets);
            QVERIFY(outside.waitForFinished(10000));
            const QString out = QString::fromUtf8(outside.readAllStandardOutput());
            QCOMPARE(out.count(QStringLiteral("connected ")), sockets.size());
        }

        QStringList quoted;
        for (const QString& path : std::as_const(sockets))
            quoted << QLatin1Char('\'') + path + QLatin1Char('\'');
        const ToolResult look = runTool(
            *m_tool,
            {{"command", QStringLiteral("for p in %1; do test -S \"$p\" && echo \"socket $p\"; "
                                        "done; echo looked")
                             .arg(quoted.join(QLatin1Char(' ')))}});
        QCOMPARE(look.payload.value("stdout").toString(), QStringLiteral("looked\n"));
        if (!shown.isEmpty()) {
            // /var/tmp itself is there, read-only: only the socket is covered.
            const ToolResult folder =
                runTool(*m_tool, {{"command", QStringLiteral("test -d '%1' && echo shown")
                                                  .arg(QFileInfo(shown).absolutePath())}});
            QCOMPARE(folder.payload.value("stdout").toString(), QStringLiteral("shown\n"));
        }
        if (!havePython)
            QSKIP("no /usr/bin/python3: the sockets are not there inside, connecting not tried");
        const ToolResult connect =
            runTool(*m_tool, {{"command", QStringLiteral("python3 -c '%1' %2")
                                              .arg(QString::fromLatin1(kConnectScript),
                                                   quoted.join(QLatin1Char(' ')))}});
        const QString out = connect.payload.value("stdout").toString();
        QVERIFY2(!out.contains(QStringLiteral("connected")), qPrintable(out));
        QCOMPARE(out.count(QStringLiteral("refused ")), sockets.size());
    }

    // /run and /var/run (the system's sockets: the bus, docker.sock, /run/user/$UID), /home
    // (other users' homes) and /root are empty inside.
    void runAndHomesAreEmptyUnderBubblewrap() {
        SKIP_UNLESS_BUBBLEWRAP();
        const QString work = QDir(m_work).absolutePath();
        for (const char* root : {"/run/", "/var/run/", "/home/", "/root/"}) {
            if (work.startsWith(QLatin1String(root)))
                QSKIP("the test's folder lies in one of them");
        }
        const ToolResult r =
            runTool(*m_tool, {{"command",
                               "ls -A /run /var/run /home /root | grep -v '^/.*:$' | "
                               "grep -v '^$'; echo end"}});
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("end\n"));
    }

    // Even when Zerg runs as root, the command has no capabilities: it cannot remount the
    // system read-write or take the tmpfs off /run.
    void noCapabilitiesUnderBubblewrap() {
        SKIP_UNLESS_BUBBLEWRAP();
        const ToolResult r =
            runTool(*m_tool, {{"command",
                               "grep CapEff /proc/self/status; mount -o remount,rw / "
                               "2>/dev/null && echo remounted; umount /run 2>/dev/null && "
                               "echo unmounted; true"}});
        QCOMPARE(r.payload.value("stdout").toString(),
                 QStringLiteral("CapEff:\t0000000000000000\n"));
    }

    // Each worker has its own folder below the tool's, per owner: <root>/<owner>/<worker>.
    // Under bubblewrap one cannot see another's.
    void eachWorkerHasItsOwnScratchFolder() {
        const QString root = m_tmp->filePath(QStringLiteral("scratch"));
        ShellSandboxOptions o;
        o.mode = m_mode;
        const ShellExecTool tool(root, o);
        const QString id = QStringLiteral("2025-01-02T03-04-05_check-disk");
        const QString other = QStringLiteral("2025-01-02T03-04-05_check-disk-2");
        struct Case {
            std::shared_ptr<ShellExecTool> tool;
            QString folder;
        };
        const QList<Case> cases{{tool.forWorker(1, id), QStringLiteral("1/") + id},
                                {tool.forWorker(1, other), QStringLiteral("1/") + other},
                                {tool.forWorker(2, id), QStringLiteral("2/") + id}};
        for (const Case& c : cases) {
            QCOMPARE(c.tool->spec().name, QStringLiteral("shell_exec"));
            QCOMPARE(c.tool->usesBubblewrap(), tool.usesBubblewrap());
            const ToolResult r = runTool(
                *c.tool, {{"command", QStringLiteral("pwd; echo %1 > mine").arg(c.folder)}});
            QVERIFY2(r.ok(), qPrintable(r.error()));
            const QString expected = QDir(root).filePath(c.folder);
            QCOMPARE(QDir(r.payload.value("stdout").toString().trimmed()).canonicalPath(),
                     QDir(expected).canonicalPath());
        }
        for (const Case& c : cases) {
            QFile mine(QDir(root).filePath(c.folder + QStringLiteral("/mine")));
            QVERIFY(mine.open(QIODevice::ReadOnly));
            QCOMPARE(mine.readAll().trimmed(), c.folder.toUtf8());
        }
        if (tool.usesBubblewrap()) {
            // Worker 1/id sees neither its neighbour's folder nor the other owner's.
            const ToolResult peek =
                runTool(*cases.at(0).tool,
                        {{"command", QStringLiteral("cat '%1/mine' '%2/mine'")
                                         .arg(QDir(root).filePath(cases.at(1).folder),
                                              QDir(root).filePath(cases.at(2).folder))}});
            QVERIFY(!peek.ok());
            QVERIFY(!peek.payload.value("stdout").toString().contains(QStringLiteral("/")));
        }
        // An id that is no plain folder name never becomes a path.
        for (const QString& bad : {QStringLiteral(".."), QStringLiteral("a/../../x"), QString()}) {
            const ToolResult r = runTool(*tool.forWorker(1, bad), {{"command", "touch escaped"}});
            QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("start_failed"));
        }
        const ToolResult noOwner = runTool(*tool.forWorker(0, id), {{"command", "true"}});
        QCOMPARE(noOwner.payload.value("error_code").toString(), QStringLiteral("start_failed"));
        QVERIFY(!QFileInfo::exists(root + QStringLiteral("/escaped")));
        QVERIFY(!QFileInfo::exists(m_tmp->filePath(QStringLiteral("escaped"))));
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
