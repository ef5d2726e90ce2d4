#include "tools/shell_exec_tool.h"

#include "tools/capped_output.h"
#include "tools/exec_args.h"
#include "tools/shell_command.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QMutex>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <memory>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

bool isInside(const QString& path, const QString& folder) {
    return path == folder || path.startsWith(folder + QLatin1Char('/'));
}

bool insideAny(const QString& path, const QStringList& folders) {
    return std::any_of(folders.cbegin(), folders.cend(),
                       [&](const QString& f) { return isInside(path, f); });
}

// The folders the sandbox replaces with an empty tmpfs, canonical, none inside another: where
// host sockets live (/run, and /var/run unless it is a link to /run; /tmp), every home folder
// (/home, /root and the user's own wherever it is) and the configured ones.
QStringList hiddenFolders(const QStringList& configured) {
    QStringList wanted{QStringLiteral("/tmp"),  QStringLiteral("/run"),  QStringLiteral("/var/run"),
                       QStringLiteral("/home"), QStringLiteral("/root"), QDir::homePath()};
    wanted += configured;
    QStringList folders;
    for (const QString& p : std::as_const(wanted)) {
        const QString c = QFileInfo(p).canonicalFilePath();
        if (c.isEmpty() || c == QLatin1String("/") || !QFileInfo(c).isDir() || folders.contains(c))
            continue;
        folders << c;
    }
    // Outermost first: a folder inside one already hidden needs no mount of its own.
    std::stable_sort(folders.begin(), folders.end(),
                     [](const QString& a, const QString& b) { return a.size() < b.size(); });
    QStringList out;
    for (const QString& f : std::as_const(folders)) {
        if (!insideAny(f, out))
            out << f;
    }
    return out;
}

// What every sandbox starts from: the system read-only, a fresh /dev and /proc, the hidden
// folders empty.
QStringList systemMounts(const QStringList& hidden) {
    QStringList a{QStringLiteral("--ro-bind"), QStringLiteral("/"),    QStringLiteral("/"),
                  QStringLiteral("--dev"),     QStringLiteral("/dev"), QStringLiteral("--proc"),
                  QStringLiteral("/proc")};
    for (const QString& f : hidden)
        a << QStringLiteral("--tmpfs") << f;
    return a;
}

// Namespaces and privileges: no network unless asked (--unshare-all takes it away), and no
// capabilities. Without --cap-drop a sandbox started by root keeps all of them and could remount
// the system read-write or lift the tmpfs off /run.
QStringList isolation(bool network) {
    QStringList a{QStringLiteral("--unshare-all")};
    if (network)
        a << QStringLiteral("--share-net");
    a << QStringLiteral("--cap-drop") << QStringLiteral("ALL")
      << QStringLiteral("--die-with-parent") << QStringLiteral("--new-session");
    return a;
}

// The Unix sockets with a path on this machine (/proc/net/unix: those bound in Zerg's network
// namespace, the host's) that the sandbox would still show: outside the hidden and replaced
// folders, or in the working folder. A read-only mount does not stop connect(), so each gets
// /dev/null bound over it, where connecting is refused.
QStringList visibleSockets(const QStringList& hidden, const QString& workingDir) {
    QFile table(QStringLiteral("/proc/net/unix"));
    if (!table.open(QIODevice::ReadOnly))
        return {};
    const QStringList replaced =
        hidden + QStringList{QStringLiteral("/dev"), QStringLiteral("/proc")};
    auto shown = [&](const QString& path) {
        return isInside(path, workingDir) || !insideAny(path, replaced);
    };
    QSet<QString> seen;
    QStringList out;
    const QList<QByteArray> lines = table.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {  // the first line is the header
        // "Num RefCount Protocol Flags Type St Inode Path": the path follows the 7th field.
        const QByteArray& line = lines.at(i);
        qsizetype pos = 0;
        for (int field = 0; field < 7 && pos >= 0; ++field) {
            while (pos < line.size() && line.at(pos) == ' ')
                ++pos;
            pos = line.indexOf(' ', pos);
        }
        if (pos < 0 || pos + 1 >= line.size() || line.at(pos + 1) != '/')
            continue;  // no path, or an abstract name ("@...": the network namespace's)
        const QString raw = QString::fromLocal8Bit(line.mid(pos + 1));
        if (seen.contains(raw))
            continue;
        seen.insert(raw);
        // Where the socket really is: the path it was bound at may run through a link.
        const QString path = QFileInfo(raw).canonicalFilePath();
        if (path.isEmpty() || out.contains(path) || !shown(path))
            continue;
        struct stat st {};
        if (::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISSOCK(st.st_mode))
            out << path;
    }
    return out;
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
    const QStringList hidden = hiddenFolders(run.sandbox.hiddenPaths);
    QStringList a = systemMounts(hidden);
    if (run.network) {
        // Name lookups need /etc/resolv.conf; where it links into /run (systemd-resolved,
        // resolvconf, NetworkManager) that one file is shown again, read-only: not the
        // resolver's socket next to it.
        const QString resolv = QFileInfo(QStringLiteral("/etc/resolv.conf")).canonicalFilePath();
        if (!resolv.isEmpty() && QFileInfo(resolv).isFile() && insideAny(resolv, hidden) &&
            !isInside(resolv, run.workingDir)) {
            a << QStringLiteral("--ro-bind") << resolv << resolv;
        }
    }
    // The working folder is bound after the hidden folders, so it stays visible even inside one.
    a << QStringLiteral("--bind") << run.workingDir << run.workingDir << QStringLiteral("--chdir")
      << run.workingDir;
    const QStringList sockets = visibleSockets(hidden, run.workingDir);
    for (const QString& socket : sockets)
        a << QStringLiteral("--ro-bind") << QStringLiteral("/dev/null") << socket;
    a << isolation(run.network) << QStringLiteral("--clearenv");
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

// Whether bwrap runs here, once per configured path.
struct BwrapProbe {
    bool works = false;
    QString exe;     // resolved; the configured path when not found
    QString why;     // what failed
    QString remedy;  // what makes it run
};

BwrapProbe probeBwrap(const QString& bwrapPath) {
    static QMutex mutex;
    static QHash<QString, BwrapProbe> cache;
    QMutexLocker lock(&mutex);
    if (auto it = cache.constFind(bwrapPath); it != cache.cend())
        return *it;
    BwrapProbe probe;
    probe.exe = resolveBwrap(bwrapPath);
    // Kept apart from the message so that every caller can add its own alternative.
    const QString userns = ShellExecTool::tr(
        "allow bubblewrap to create user namespaces (Debian: sysctl "
        "kernel.unprivileged_userns_clone=1; Ubuntu 24.04: sysctl "
        "kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap; a "
        "container must be started with user namespaces allowed), then restart Zerg");
    if (probe.exe.isEmpty()) {
        probe.exe = bwrapPath;
        probe.why = QFileInfo(bwrapPath).isAbsolute()
                        ? ShellExecTool::tr("%1 does not exist or is not executable").arg(bwrapPath)
                        : ShellExecTool::tr("%1 was not found on PATH").arg(bwrapPath);
        probe.remedy = ShellExecTool::tr(
            "install the bubblewrap package (apt install bubblewrap) and restart Zerg");
    } else {
        // The same mounts, namespaces and privileges a real call uses: in some containers --proc
        // or the user namespace is refused even though bwrap itself is installed.
        QProcess p;
        p.setProgram(probe.exe);
        p.setArguments(systemMounts(hiddenFolders({})) + isolation(false) +
                       QStringList{QStringLiteral("--"), QStringLiteral("/bin/true")});
        p.start();
        if (!p.waitForFinished(10000)) {
            p.kill();
            p.waitForFinished(1000);
            probe.why = ShellExecTool::tr("%1 did not start a test sandbox: %2")
                            .arg(probe.exe, p.errorString());
            probe.remedy = ShellExecTool::tr(
                               "check what `%1 --ro-bind / / --unshare-all "
                               "/bin/true` says, fix it, then restart Zerg")
                               .arg(probe.exe);
        } else if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            probe.why =
                ShellExecTool::tr("%1 cannot create a sandbox here (user namespaces disabled?): %2")
                    .arg(probe.exe, QString::fromLocal8Bit(p.readAllStandardError()).trimmed());
            probe.remedy = userns;
        } else {
            probe.works = true;
        }
    }
    cache.insert(bwrapPath, probe);
    return probe;
}

}  // namespace

Result<ShellSandboxOptions::Mode> parseShellSandboxMode(const QString& value) {
    return parseStatusArgument<ShellSandboxOptions::Mode>(
        value.trimmed().toLower(), QStringLiteral("ZERG_SHELL_SANDBOX value"));
}

bool ShellExecTool::bubblewrapWorks(const QString& bwrapPath, QString* why) {
    const BwrapProbe probe = probeBwrap(bwrapPath);
    if (why)
        *why = probe.why;
    return probe.works;
}

ShellSandboxState ShellExecTool::sandboxState(ShellSandboxOptions::Mode mode,
                                              const QString& bwrapPath) {
    const BwrapProbe probe = probeBwrap(bwrapPath);
    ShellSandboxState state;
    state.bubblewrapWorks = probe.works;
    state.bwrap = probe.exe;
    state.problem = probe.why;
    state.remedy = probe.remedy;
    if (mode == ShellSandboxOptions::Mode::Restricted)
        state.kind = ShellSandboxState::Kind::Restricted;
    else
        state.kind = probe.works ? ShellSandboxState::Kind::Bubblewrap
                                 : ShellSandboxState::Kind::Unavailable;
    return state;
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
            [path = m_sandbox.bwrapPath] { (void)probeBwrap(path); });
    }
}

ShellExecTool::ShellExecTool(ForWorker, const ShellExecTool& root, QString workingDir,
                             QString problem)
    : m_workingDir(std::move(workingDir)),
      m_setupProblem(std::move(problem)),
      m_sandbox(root.m_sandbox),
      m_defaultTimeoutSecs(root.m_defaultTimeoutSecs),
      m_diskCapBytes(root.m_diskCapBytes),
      m_probe(root.m_probe) {}

std::shared_ptr<ShellExecTool> ShellExecTool::forWorker(qint64 ownerId,
                                                        const QString& workerId) const {
    // One plain folder name below the owner's: never a way into another folder.
    const bool plain = !workerId.isEmpty() && workerId != QLatin1String(".") &&
                       workerId != QLatin1String("..") && !workerId.contains(QLatin1Char('/')) &&
                       !workerId.contains(QChar(0));
    if (ownerId <= 0 || !plain) {
        return std::shared_ptr<ShellExecTool>(new ShellExecTool(
            ForWorker{}, *this, QString(),
            tr("Zerg has no scratch folder for worker \"%1\" of owner %2: the id is not a plain "
               "folder name. This is a bug in Zerg; please report it.")
                .arg(workerId, QString::number(ownerId))));
    }
    const QString dir =
        QDir(m_workingDir).filePath(QString::number(ownerId) + QLatin1Char('/') + workerId);
    return std::shared_ptr<ShellExecTool>(new ShellExecTool(ForWorker{}, *this, dir, QString()));
}

const ShellExecTool::SandboxProbe& ShellExecTool::sandboxProbe() const {
    if (!m_probe) {
        SandboxProbe probe;
        if (m_sandbox.mode != ShellSandboxOptions::Mode::Restricted) {
            const BwrapProbe bwrap = probeBwrap(m_sandbox.bwrapPath);
            probe.useBwrap = bwrap.works;
            probe.problem = bwrap.why;
            probe.remedy = bwrap.remedy;
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
                      tr("Give the command network access (default %1). Network access counts "
                         "as a change: the user may be asked first, or it may be refused.")
                          .arg(m_sandbox.allowNetworkByDefault ? QStringLiteral("true")
                                                               : QStringLiteral("false"))}}},
    };
    const SandboxProbe& sandbox = sandboxProbe();
    QString description;
    if (m_sandbox.mode != ShellSandboxOptions::Mode::Restricted && !sandbox.useBwrap) {
        description =
            tr("UNAVAILABLE on this machine: every call is refused, because Zerg runs local "
               "commands only in a bubblewrap sandbox and bubblewrap cannot run here (%1). Do "
               "not call it; use your other tools, and if the task needs local commands, say in "
               "your report that the user must %2, or set ZERG_SHELL_SANDBOX=restricted to run "
               "them without a sandbox. ")
                .arg(sandbox.problem, sandbox.remedy);
    }
    description +=
        tr("Run a non-interactive shell command (/bin/sh -c) on the local machine, in the "
           "worker's scratch folder, and get its exit code, stdout and stderr. There is no "
           "terminal and no input: commands that prompt hang until the timeout. ");
    if (sandbox.useBwrap) {
        description +=
            tr("It runs in a sandbox: the system is read-only, only the scratch folder and /tmp "
               "are writable, home folders, /run and the machine's sockets are hidden, and there "
               "is no network unless you set \"network\": true.");
    } else if (m_sandbox.mode == ShellSandboxOptions::Mode::Restricted) {
        description +=
            tr("It runs without a sandbox (the user chose the restricted mode): it sees the "
               "system as Zerg's user does and has network access, with a clean environment and "
               "resource limits.");
    }
    return {QStringLiteral("shell_exec"), description,
            objectSchema(properties, {QStringLiteral("command")})};
}

CallClass ShellExecTool::classify(const QJsonObject& args) const {
    CallClass c =
        shell::callClass(args.value(QStringLiteral("command")).toString(), QStringLiteral("local"));
    // What start() would give the call. A value that is no boolean is refused there, and
    // counts as asking here.
    const QJsonValue network = args.value(QStringLiteral("network"));
    bool wantsNetwork = m_sandbox.allowNetworkByDefault;
    if (network.isBool())
        wantsNetwork = network.toBool();
    else if (!network.isUndefined() && !network.isNull())
        wantsNetwork = true;
    if (wantsNetwork) {
        c.effect = Effect::Changes;
        c.reason = {ReasonKind::NetworkAccess, {}};
        // No "always allow" rule for a command covers it with the network.
        c.commandWords.clear();
    }
    return c;
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
    if (!m_setupProblem.isEmpty())
        return failNow(parent, QStringLiteral("start_failed"), m_setupProblem);
    // Never a silent fallback: without bubblewrap only the user's explicit restricted mode runs.
    const SandboxProbe& sandbox = sandboxProbe();
    if (m_sandbox.mode != ShellSandboxOptions::Mode::Restricted && !sandbox.useBwrap) {
        const QString rule =
            m_sandbox.mode == ShellSandboxOptions::Mode::Bubblewrap
                ? tr("the local shell is set to run commands only under bubblewrap "
                     "(ZERG_SHELL_SANDBOX=bubblewrap)")
                : tr("Zerg runs local commands only in its sandbox unless the user chooses the "
                     "restricted mode");
        return failNow(
            parent, QStringLiteral("sandbox_unavailable"),
            tr("Not run: shell_exec is unavailable. bubblewrap cannot run here (%1), and %2. To "
               "fix it, %3; or, to run commands without a sandbox, set "
               "ZERG_SHELL_SANDBOX=restricted. Every shell_exec call is refused until then: do "
               "the task with your other tools, or report this.")
                .arg(sandbox.problem, rule, sandbox.remedy));
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
