#include "tools/shell_exec_tool.h"

#include "tools/capped_output.h"
#include "tools/exec_args.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QTimer>

#include <signal.h>
#include <unistd.h>

namespace zerg {
namespace {

// One local command in flight. Everything happens on the caller's thread through QProcess
// signals; nothing waits.
class ShellInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    ShellInvocation(const QString& command, const QString& workingDir, int timeoutSecs,
                    qint64 capBytes, QObject* parent)
        : ToolInvocation(parent), m_timeoutSecs(timeoutSecs), m_out(capBytes), m_err(capBytes) {
        m_elapsed.start();
        m_process = new QProcess(this);
        m_process->setProgram(QStringLiteral("/bin/sh"));
        m_process->setArguments({QStringLiteral("-c"), command});
        m_process->setWorkingDirectory(workingDir);
        // Own process group, so that a timeout or cancel also stops what the shell started.
        m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
        connect(m_process, &QProcess::readyReadStandardOutput, this,
                [this] { m_out.append(m_process->readAllStandardOutput()); });
        connect(m_process, &QProcess::readyReadStandardError, this,
                [this] { m_err.append(m_process->readAllStandardError()); });
        connect(m_process, &QProcess::finished, this, &ShellInvocation::processFinished);
        connect(m_process, &QProcess::errorOccurred, this, &ShellInvocation::processError);

        // An I/O timeout on a real process; QTimer because there is no logic to drive by hand.
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] { stop(QStringLiteral("timeout")); });
        m_timer->start(timeoutSecs * 1000);

        m_process->start();
        m_process->closeWriteChannel();  // non-interactive: reading stdin gets end-of-file
    }

    ~ShellInvocation() override {
        m_timer->stop();
        killGroup();
        // QProcess's destructor reaps the killed shell; disconnect so no slot runs half-destroyed.
        m_process->disconnect(this);
    }

    void cancel() override { stop(QStringLiteral("cancelled")); }

private:
    // The shell leads its own process group (see the modifier above); its id is the shell's pid.
    void killGroup() {
        const qint64 pid = m_process->processId();
        if (pid > 0 && m_process->state() != QProcess::NotRunning)
            ::kill(pid_t(-pid), SIGKILL);
    }

    void stop(const QString& code) {
        if (isFinished())
            return;
        m_timer->stop();
        killGroup();
        m_process->kill();
        m_stopCode = code;
        // finish() once the process is reaped (processFinished), with the output read so far;
        // a process that never started has nothing to wait for.
        if (m_process->state() == QProcess::NotRunning)
            finishStopped();
    }

    QJsonObject base() const {
        return {{QStringLiteral("stdout"), m_out.text()},
                {QStringLiteral("stderr"), m_err.text()},
                {QStringLiteral("duration_ms"), m_elapsed.elapsed()}};
    }

    void finishStopped() {
        QJsonObject p = base();
        p.insert(QStringLiteral("error_code"), m_stopCode);
        const QString message =
            m_stopCode == QLatin1String("timeout")
                ? tr("command did not finish within %1 s; it was stopped").arg(m_timeoutSecs)
                : QStringLiteral("cancelled");
        finish(ToolResult::failure(message, p));
    }

    void processFinished(int exitCode, QProcess::ExitStatus status) {
        m_timer->stop();
        m_out.append(m_process->readAllStandardOutput());
        m_err.append(m_process->readAllStandardError());
        if (!m_stopCode.isEmpty()) {
            finishStopped();
            return;
        }
        QJsonObject p = base();
        const int code = status == QProcess::NormalExit ? exitCode : -1;
        p.insert(QStringLiteral("ok"), code == 0);
        p.insert(QStringLiteral("exit_code"), code);
        if (status != QProcess::NormalExit) {
            p.insert(QStringLiteral("error"),
                     tr("command was killed by a signal before it finished"));
        } else if (code != 0) {
            p.insert(QStringLiteral("error"), tr("command exited with status %1").arg(code));
        }
        finish(ToolResult{p});
    }

    void processError(QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;  // the others end in finished()
        m_timer->stop();
        if (!m_stopCode.isEmpty()) {
            finishStopped();
            return;
        }
        QJsonObject p = base();
        p.insert(QStringLiteral("error_code"), QStringLiteral("start_failed"));
        finish(
            ToolResult::failure(tr("Could not start /bin/sh in %1: %2. Check that the folder "
                                   "is accessible and /bin/sh exists.")
                                    .arg(m_process->workingDirectory(), m_process->errorString()),
                                p));
    }

    int m_timeoutSecs;
    QElapsedTimer m_elapsed;
    QProcess* m_process = nullptr;
    QTimer* m_timer = nullptr;
    QString m_stopCode;  // set once stopped: "timeout" or "cancelled"
    CappedOutput m_out;
    CappedOutput m_err;
};

}  // namespace

ShellExecTool::ShellExecTool(QString workingDir, int defaultTimeoutSecs, qint64 diskCapBytes)
    : m_workingDir(std::move(workingDir)),
      m_defaultTimeoutSecs(defaultTimeoutSecs),
      m_diskCapBytes(diskCapBytes) {}

ToolSpec ShellExecTool::spec() const {
    const QJsonObject properties{
        {QStringLiteral("command"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                {QStringLiteral("description"),
                                                 tr("The shell command to run with /bin/sh -c.")}}},
        {QStringLiteral("timeout_secs"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")},
                     {QStringLiteral("minimum"), 1},
                     {QStringLiteral("maximum"), kMaxTimeoutSecs},
                     {QStringLiteral("description"),
                      tr("Stop the command after this many seconds (default %1).")
                          .arg(m_defaultTimeoutSecs)}}},
    };
    return {QStringLiteral("shell_exec"),
            tr("Run a non-interactive shell command (/bin/sh -c) on the local machine, in the "
               "worker's scratch folder, and get its exit code, stdout and stderr. There is no "
               "terminal and no input: commands that prompt hang until the timeout."),
            QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"), properties},
                        {QStringLiteral("required"), QJsonArray{QStringLiteral("command")}}}};
}

ToolInvocation* ShellExecTool::start(const QJsonObject& args, QObject* parent) {
    auto fail = [parent](const Error& e) {
        return new ImmediateInvocation(
            ToolResult::failure(e.message, {{QStringLiteral("error_code"), e.code}}), parent);
    };
    const auto command = readCommandArg(args);
    if (!command)
        return fail(command.error());
    const auto timeout = readTimeoutArg(args, m_defaultTimeoutSecs, kMaxTimeoutSecs);
    if (!timeout)
        return fail(timeout.error());
    if (!QDir().mkpath(m_workingDir)) {
        return fail(Error{QStringLiteral("start_failed"),
                          tr("Cannot create the working folder %1. Check that its parent is "
                             "writable (or set ZERG_DATA_DIR to a writable folder).")
                              .arg(m_workingDir)});
    }
    return new ShellInvocation(*command, m_workingDir, *timeout, m_diskCapBytes, parent);
}

}  // namespace zerg

#include "shell_exec_tool.moc"
