#include "tools/shell_exec_tool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

constexpr int kWaitMs = 20000;

// Runs one call to the end and returns its result.
ToolResult runTool(Tool& tool, const QJsonObject& args) {
    std::unique_ptr<ToolInvocation> inv(tool.start(args, nullptr));
    QSignalSpy spy(inv.get(), &ToolInvocation::finished);
    if (!inv->isFinished() && !spy.wait(kWaitMs))
        return ToolResult::failure("test: no result");
    return inv->result();
}

QString readPid(const QString& file) {
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().trimmed()) : QString();
}

// A process that exited counts as dead even while it is a zombie nobody reaped yet.
bool processAlive(const QString& pid) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = stat.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close > 0 && s.size() > close + 2 && s.at(close + 2) != 'Z';
}

}  // namespace

class TestShellExec : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        m_tmp = std::make_unique<QTemporaryDir>();
        m_work = m_tmp->filePath(QStringLiteral("scratch/worker"));  // does not exist yet
        m_tool = std::make_unique<ShellExecTool>(m_work);
    }

    void specIsFactual() {
        const ToolSpec s = m_tool->spec();
        QCOMPARE(s.name, QStringLiteral("shell_exec"));
        QVERIFY(s.description.contains(QStringLiteral("local machine")));
        QVERIFY(s.parameters.value("properties").toObject().contains("command"));
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

    void runsInTheWorkingDirCreatedIfMissing() {
        QVERIFY(!QFileInfo::exists(m_work));
        const ToolResult r = runTool(*m_tool, {{"command", "pwd; touch made_here"}});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(QDir(r.payload.value("stdout").toString().trimmed()).canonicalPath(),
                 QDir(m_work).canonicalPath());
        QVERIFY(QFileInfo::exists(m_work + QStringLiteral("/made_here")));
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

    void timeoutKillsTheCommandAndItsChildren() {
        const QString pidFile = m_tmp->filePath(QStringLiteral("child.pid"));
        const ToolResult r = runTool(
            *m_tool, {{"command",
                       QStringLiteral("echo before; sleep 30 & echo $! > '%1'; wait").arg(pidFile)},
                      {"timeout_secs", 1}});
        QVERIFY(!r.ok());
        QCOMPARE(r.payload.value("error_code").toString(), QStringLiteral("timeout"));
        QCOMPARE(r.error(), QStringLiteral("command did not finish within 1 s; it was stopped"));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("before\n"));
        const QString pid = readPid(pidFile);
        QVERIFY(!pid.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 10000);
    }

    void cancelStopsTheCommand() {
        const QString pidFile = m_tmp->filePath(QStringLiteral("sh.pid"));
        std::unique_ptr<ToolInvocation> inv(m_tool->start(
            {{"command", QStringLiteral("echo $$ > '%1'; sleep 30").arg(pidFile)}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        QTRY_VERIFY_WITH_TIMEOUT(!readPid(pidFile).isEmpty(), 10000);
        QVERIFY(!inv->isFinished());
        inv->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, kWaitMs);
        QVERIFY(!inv->result().ok());
        QCOMPARE(inv->result().payload.value("error_code").toString(), QStringLiteral("cancelled"));
        QCOMPARE(inv->result().error(), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(readPid(pidFile)), 10000);
        inv->cancel();  // a second cancel changes nothing
        QCOMPARE(spy.count(), 1);
    }

    void destroyingARunningCallKillsIt() {
        const QString pidFile = m_tmp->filePath(QStringLiteral("sh.pid"));
        auto* inv = m_tool->start(
            {{"command", QStringLiteral("echo $$ > '%1'; sleep 30").arg(pidFile)}}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!readPid(pidFile).isEmpty(), 10000);
        delete inv;
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(readPid(pidFile)), 10000);
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
        ShellExecTool small(m_work, 60, 1000);
        const ToolResult r = runTool(small, {{"command", "head -c 5000 /dev/zero | tr '\\0' 'y'"}});
        QVERIFY(r.ok());
        const QString out = r.payload.value("stdout").toString();
        QVERIFY(out.startsWith(QString(1000, QLatin1Char('y')) + QLatin1Char('\n')));
        QVERIFY2(out.endsWith(QStringLiteral("[... 4000 bytes cut]")), qPrintable(out.right(40)));
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
    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_work;
    std::unique_ptr<ShellExecTool> m_tool;
};

QTEST_GUILESS_MAIN(TestShellExec)
#include "test_shell_exec.moc"
