#include "tools/shell_exec_tool.h"

#include "tools/capped_output.h"
#include "tools/exec_args.h"
#include "tools/shell_command.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QMutex>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>

#include <memory>

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

namespace zerg {
namespace {

// Time between SIGTERM and SIGKILL when a call is stopped: enough for a command to clean up,
// short enough that a cancel feels immediate.
constexpr int kKillGraceMs = 1000;

// The limits as plain numbers, copied into the child-process modifier (which runs between fork
// and exec, where only async-signal-safe calls are allowed).
struct Limits {
    rlim_t cpu = 0;
    rlim_t as = 0;
    rlim_t fsize = 0;
    rlim_t nofile = 0;
    rlim_t nproc = 0;
};

Limits limitsFrom(const ShellSandboxOptions& o) {
    auto v = [](qint64 n) { return n > 0 ? rlim_t(n) : rlim_t(0); };
    return {v(o.cpuSeconds), v(o.addressSpaceBytes), v(o.fileSizeBytes), v(o.openFiles),
            v(o.processes)};
}

// Lowers a limit (soft and hard) to `value`; never raises it, which would fail without privilege
// anyway.
void lowerLimit(int resource, rlim_t value) {
    if (value == 0)
        return;
    rlimit cur{};
    if (::getrlimit(resource, &cur) != 0)
        return;
    const rlim_t hard =
        (cur.rlim_max == RLIM_INFINITY || cur.rlim_max > value) ? value : cur.rlim_max;
    rlimit next{hard, hard};
    ::setrlimit(resource, &next);
}

QString resolveBwrap(const QString& path) {
    if (QFileInfo(path).isAbsolute())
        return QFileInfo(path).isExecutable() ? path : QString();
    return QStandardPaths::findExecutable(path);
}

// Everything one call needs, decided by the tool before the process starts.
struct ShellRun {
    QString command;
    QString workingDir;  // canonical, exists
    int timeoutSecs = 60;
    qint64 capBytes = 0;
    bool bubblewrap = false;
    QString bwrapExe;  // resolved, when bubblewrap
    bool network = false;
    ShellSandboxOptions sandbox;
};

// The bwrap command line around `/bin/sh -c command`.
QStringList bwrapArguments(const ShellRun& run, const QProcessEnvironment& env) {
    QStringList a{QStringLiteral("--ro-bind"), QStringLiteral("/"),       QStringLiteral("/"),
                  QStringLiteral("--dev"),     QStringLiteral("/dev"),    QStringLiteral("--proc"),
                  QStringLiteral("/proc"),     QStringLiteral("--tmpfs"), QStringLiteral("/tmp")};
    // Hide the home folder and the configured folders behind empty tmpfs mounts; the working
    // folder is bound afterwards, so it stays visible even inside one of them.
    QStringList hidden = run.sandbox.hiddenPaths;
    hidden.prepend(QDir::homePath());
    QStringList done;
    for (const QString& p : hidden) {
        const QString c = QFileInfo(p).canonicalFilePath();
        if (c.isEmpty() || c == QLatin1String("/") || !QFileInfo(c).isDir() || done.contains(c))
            continue;
        done << c;
        a << QStringLiteral("--tmpfs") << c;
    }
    a << QStringLiteral("--bind") << run.workingDir << run.workingDir << QStringLiteral("--chdir")
      << run.workingDir << QStringLiteral("--unshare-all");
    if (run.network)
        a << QStringLiteral("--share-net");
    a << QStringLiteral("--die-with-parent") << QStringLiteral("--new-session")
      << QStringLiteral("--clearenv");
    const QStringList keys = env.keys();
    for (const QString& k : keys)
        a << QStringLiteral("--setenv") << k << env.value(k);
    a << QStringLiteral("--") << QStringLiteral("/bin/sh") << QStringLiteral("-c") << run.command;
    return a;
}

// One local command in flight. Everything happens on the caller's thread through QProcess
// signals; nothing waits.
class ShellInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    ShellInvocation(ShellRun run, std::unique_ptr<QTemporaryDir> tmp, QObject* parent)
        : ToolInvocation(parent),
          m_run(std::move(run)),
          m_tmp(std::move(tmp)),
          m_out(m_run.capBytes),
          m_err(m_run.capBytes) {
        m_elapsed.start();
        m_process = new QProcess(this);
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), m_run.sandbox.path);
        env.insert(QStringLiteral("HOME"), m_run.workingDir);
        env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        env.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
        if (m_run.bubblewrap) {
            env.insert(QStringLiteral("TMPDIR"), QStringLiteral("/tmp"));
            m_process->setProgram(m_run.bwrapExe);
            m_process->setArguments(bwrapArguments(m_run, env));
            QProcessEnvironment bwrapEnv;  // bwrap itself needs nothing of ours either
            bwrapEnv.insert(QStringLiteral("PATH"), m_run.sandbox.path);
            m_process->setProcessEnvironment(bwrapEnv);
        } else {
            env.insert(QStringLiteral("TMPDIR"), m_tmp->path());
            m_process->setProgram(QStringLiteral("/bin/sh"));
            m_process->setArguments({QStringLiteral("-c"), m_run.command});
            m_process->setProcessEnvironment(env);
        }
        m_process->setWorkingDirectory(m_run.workingDir);
        // A session and process group of its own, so that a timeout or cancel also stops what
        // the shell started; limits are inherited by everything below.
        const Limits lim = limitsFrom(m_run.sandbox);
        m_process->setChildProcessModifier([lim] {
            ::setsid();
            lowerLimit(RLIMIT_CPU, lim.cpu);
            lowerLimit(RLIMIT_AS, lim.as);
            lowerLimit(RLIMIT_FSIZE, lim.fsize);
            lowerLimit(RLIMIT_NOFILE, lim.nofile);
            lowerLimit(RLIMIT_NPROC, lim.nproc);
        });
        connect(m_process, &QProcess::readyReadStandardOutput, this,
                [this] { m_out.append(m_process->readAllStandardOutput()); });
        connect(m_process, &QProcess::readyReadStandardError, this,
                [this] { m_err.append(m_process->readAllStandardError()); });
        connect(m_process, &QProcess::finished, this, &ShellInvocation::processFinished);
        connect(m_process, &QProcess::errorOccurred, this, &ShellInvocation::processError);

        // I/O timeouts on a real process; QTimer because there is no logic to drive by hand.
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] { stop(QStringLiteral("timeout")); });
        m_timer->start(m_run.timeoutSecs * 1000);
        m_killTimer = new QTimer(this);
        m_killTimer->setSingleShot(true);
        connect(m_killTimer, &QTimer::timeout, this, [this] {
            signalGroup(SIGKILL);
            m_process->kill();
        });

        m_process->start();
        m_process->closeWriteChannel();  // non-interactive: reading stdin gets end-of-file
        // Known once forked; the group exists once the child has run setsid(), an instant later.
        m_pgid = pid_t(m_process->processId());
    }

    ~ShellInvocation() override {
        m_timer->stop();
        m_killTimer->stop();
        // QProcess's destructor reaps the killed shell; disconnect so no slot runs half-destroyed.
        m_process->disconnect(this);
        signalGroup(SIGKILL);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            // SIGKILL cannot be ignored: reaping takes moments, and spares QProcess's warning.
            m_process->waitForFinished(2000);
        }
    }

    void cancel() override { stop(QStringLiteral("cancelled")); }

private:
    // The command leads its own group (setsid above); the group id is its pid. Under bubblewrap
    // the group holds bwrap, whose sandbox dies with it (--die-with-parent, pid namespace).
    void signalGroup(int sig) {
        if (m_pgid > 0)
            ::kill(-m_pgid, sig);
    }

    void stop(const QString& code) {
        if (isFinished() || !m_stopCode.isEmpty())
            return;
        m_timer->stop();
        m_stopCode = code;
        // finish() once the process is reaped (processFinished), with the output read so far;
        // a process that never started has nothing to wait for.
        if (m_process->state() == QProcess::NotRunning) {
            finishStopped();
            return;
        }
        signalGroup(SIGTERM);
        m_killTimer->start(kKillGraceMs);
    }

    QJsonObject base() const {
        return {
            {QStringLiteral("stdout"), m_out.text()},
            {QStringLiteral("stderr"), m_err.text()},
            {QStringLiteral("duration_ms"), m_elapsed.elapsed()},
            {QStringLiteral("sandbox"),
             m_run.bubblewrap ? QStringLiteral("bubblewrap") : QStringLiteral("restricted")},
            {QStringLiteral("network"),
             m_run.bubblewrap && !m_run.network ? QStringLiteral("none") : QStringLiteral("host")}};
    }

    void finishStopped() {
        QJsonObject p = base();
        p.insert(QStringLiteral("error_code"), m_stopCode);
        const QString message =
            m_stopCode == QLatin1String("timeout")
                ? tr("command did not finish within %1 s; it was stopped").arg(m_run.timeoutSecs)
                : QStringLiteral("cancelled");
        finish(ToolResult::failure(message, p));
    }

    void processFinished(int exitCode, QProcess::ExitStatus status) {
        m_timer->stop();
        m_killTimer->stop();
        // Nothing the command started outlives the call (as under bubblewrap, where the pid
        // namespace ends with the shell): sweep the group, including what ignored SIGTERM.
        signalGroup(SIGKILL);
        m_pgid = 0;
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
        finish(ToolResult::failure(
            tr("Could not start %1 in %2: %3. Check that the folder "
               "is accessible and the program is installed.")
                .arg(m_process->program(), m_process->workingDirectory(), m_process->errorString()),
            p));
    }

    ShellRun m_run;
    std::unique_ptr<QTemporaryDir> m_tmp;  // TMPDIR of a restricted call, removed with us
    QElapsedTimer m_elapsed;
    QProcess* m_process = nullptr;
    QTimer* m_timer = nullptr;
    QTimer* m_killTimer = nullptr;
    pid_t m_pgid = 0;    // the command's process group while it may have members
    QString m_stopCode;  // set once stopped: "timeout" or "cancelled"
    CappedOutput m_out;
    CappedOutput m_err;
};

ToolInvocation* failNow(QObject* parent, const QString& code, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message, {{QStringLiteral("error_code"), code}}), parent);
}

}  // namespace

bool ShellExecTool::bubblewrapWorks(const QString& bwrapPath, QString* why) {
    struct Probe {
        bool works = false;
        QString why;
    };
    static QMutex mutex;
    static QHash<QString, Probe> cache;
    QMutexLocker lock(&mutex);
    auto it = cache.constFind(bwrapPath);
    if (it == cache.cend()) {
        Probe probe;
        const QString exe = resolveBwrap(bwrapPath);
        if (exe.isEmpty()) {
            probe.why = tr("%1 was not found; install the bubblewrap package").arg(bwrapPath);
        } else {
            // The same namespaces and mounts a real call uses: in some containers --proc or the
            // user namespace is refused even though bwrap itself is installed.
            QProcess p;
            p.setProgram(exe);
            p.setArguments({QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"),
                            QStringLiteral("--dev"), QStringLiteral("/dev"),
                            QStringLiteral("--proc"), QStringLiteral("/proc"),
                            QStringLiteral("--tmpfs"), QStringLiteral("/tmp"),
                            QStringLiteral("--unshare-all"), QStringLiteral("--die-with-parent"),
                            QStringLiteral("--new-session"), QStringLiteral("--"),
                            QStringLiteral("/bin/true")});
            p.start();
            if (!p.waitForFinished(10000)) {
                p.kill();
                p.waitForFinished(1000);
                probe.why = tr("%1 did not start a test sandbox: %2").arg(exe, p.errorString());
            } else if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
                probe.why =
                    tr("%1 cannot create a sandbox here (user namespaces disabled?): %2")
                        .arg(exe, QString::fromLocal8Bit(p.readAllStandardError()).trimmed());
            } else {
                probe.works = true;
            }
        }
        it = cache.insert(bwrapPath, probe);
    }
    if (why)
        *why = it->why;
    return it->works;
}

ShellExecTool::ShellExecTool(QString workingDir, int defaultTimeoutSecs, qint64 diskCapBytes)
    : ShellExecTool(std::move(workingDir), ShellSandboxOptions{}, defaultTimeoutSecs,
                    diskCapBytes) {}

ShellExecTool::ShellExecTool(QString workingDir, ShellSandboxOptions sandbox,
                             int defaultTimeoutSecs, qint64 diskCapBytes)
    : m_workingDir(std::move(workingDir)),
      m_sandbox(std::move(sandbox)),
      m_defaultTimeoutSecs(defaultTimeoutSecs),
      m_diskCapBytes(diskCapBytes) {
    // Start-up should not wait for a test sandbox (~30 ms): probe on a pool thread now, and
    // take the cached answer when a call or the spec first needs it.
    if (m_sandbox.mode != ShellSandboxOptions::Mode::Restricted) {
        QThreadPool::globalInstance()->start(
            [path = m_sandbox.bwrapPath] { (void)bubblewrapWorks(path); });
    }
}

const ShellExecTool::SandboxProbe& ShellExecTool::sandboxProbe() const {
    if (!m_probe) {
        SandboxProbe probe;
        if (m_sandbox.mode != ShellSandboxOptions::Mode::Restricted) {
            QString why;
            probe.useBwrap = bubblewrapWorks(m_sandbox.bwrapPath, &why);
            if (!probe.useBwrap && m_sandbox.mode == ShellSandboxOptions::Mode::Bubblewrap)
                probe.problem = why;
        }
        m_probe = probe;
    }
    return *m_probe;
}

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
        {QStringLiteral("network"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("boolean")},
                     {QStringLiteral("description"),
                      tr("Give the command network access (default %1).")
                          .arg(m_sandbox.allowNetworkByDefault ? QStringLiteral("true")
                                                               : QStringLiteral("false"))}}},
    };
    QString description =
        tr("Run a non-interactive shell command (/bin/sh -c) on the local machine, in the "
           "worker's scratch folder, and get its exit code, stdout and stderr. There is no "
           "terminal and no input: commands that prompt hang until the timeout. ");
    if (usesBubblewrap()) {
        description +=
            tr("It runs in a sandbox: the system is read-only, only the scratch folder and /tmp "
               "are writable, the home folder is hidden, and there is no network unless you set "
               "\"network\": true.");
    } else {
        description += tr("It runs with a clean environment and resource limits.");
    }
    return {QStringLiteral("shell_exec"), description,
            objectSchema(properties, {QStringLiteral("command")})};
}

CallClass ShellExecTool::classify(const QJsonObject& args) const {
    return shell::callClass(args.value(QStringLiteral("command")).toString(),
                            QStringLiteral("local"));
}

ToolInvocation* ShellExecTool::start(const QJsonObject& args, QObject* parent) {
    const auto command = readCommandArg(args);
    if (!command)
        return failNow(parent, command.error().code, command.error().message);
    const auto timeout = readTimeoutArg(args, m_defaultTimeoutSecs, kMaxTimeoutSecs);
    if (!timeout)
        return failNow(parent, timeout.error().code, timeout.error().message);
    const QJsonValue network = args.value(QStringLiteral("network"));
    if (!network.isUndefined() && !network.isNull() && !network.isBool()) {
        return failNow(parent, QStringLiteral("invalid_arguments"),
                       tr("\"network\" must be true or false; leave it out for no network."));
    }
    const SandboxProbe& sandbox = sandboxProbe();
    if (!sandbox.problem.isEmpty()) {
        return failNow(parent, QStringLiteral("sandbox_unavailable"),
                       tr("The local shell is configured to run only under bubblewrap, which "
                          "does not work here: %1. Fix bubblewrap or allow the restricted mode.")
                           .arg(sandbox.problem));
    }
    if (!QDir().mkpath(m_workingDir)) {
        return failNow(parent, QStringLiteral("start_failed"),
                       tr("Cannot create the working folder %1. Check that its parent is "
                          "writable (or set ZERG_DATA_DIR to a writable folder).")
                           .arg(m_workingDir));
    }
    ShellRun run;
    run.command = *command;
    run.workingDir = QFileInfo(m_workingDir).canonicalFilePath();
    run.timeoutSecs = *timeout;
    run.capBytes = m_diskCapBytes;
    run.bubblewrap = sandbox.useBwrap;
    run.bwrapExe = sandbox.useBwrap ? resolveBwrap(m_sandbox.bwrapPath) : QString();
    run.network = network.isBool() ? network.toBool() : m_sandbox.allowNetworkByDefault;
    run.sandbox = m_sandbox;

    std::unique_ptr<QTemporaryDir> tmp;
    if (!sandbox.useBwrap) {
        // Under bubblewrap /tmp is private already; here each call gets its own folder.
        tmp = std::make_unique<QTemporaryDir>(
            QDir(run.workingDir).filePath(QStringLiteral(".tmp-XXXXXX")));
        if (!tmp->isValid()) {
            return failNow(parent, QStringLiteral("start_failed"),
                           tr("Cannot create a temporary folder in %1: %2. Check that the "
                              "folder is writable and the disk is not full.")
                               .arg(run.workingDir, tmp->errorString()));
        }
    }
    return new ShellInvocation(std::move(run), std::move(tmp), parent);
}

}  // namespace zerg

#include "shell_exec_tool.moc"
