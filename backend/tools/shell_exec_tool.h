#pragma once

#include "tools/tool.h"

#include <QCoreApplication>
#include <QStringList>

#include <optional>

namespace zerg {

// How shell_exec confines a command.
struct ShellSandboxOptions {
    enum class Mode {
        Auto,        // bubblewrap when it works on this machine, else Restricted
        Bubblewrap,  // bubblewrap or nothing: calls fail when bwrap cannot run
        Restricted,  // a plain child process with a clean environment and resource limits
    };
    Mode mode = Mode::Auto;
    QString bwrapPath = QStringLiteral("bwrap");  // found on PATH unless absolute
    // When a call does not say "network": bubblewrap runs without a network unless this is true.
    bool allowNetworkByDefault = false;
    // Folders hidden behind an empty tmpfs under bubblewrap (secrets, SSH keys, other workers'
    // artifacts). The user's home folder is always hidden; the working folder stays visible
    // even when it lies inside one of these.
    QStringList hiddenPaths;
    // PATH inside the sandbox; the caller's own PATH is not inherited.
    QString path = QStringLiteral("/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");

    // Resource limits (setrlimit in the child, both modes); 0 leaves a limit as inherited.
    qint64 cpuSeconds = 600;                              // RLIMIT_CPU, per process
    qint64 addressSpaceBytes = 8LL * 1024 * 1024 * 1024;  // RLIMIT_AS, per process
    qint64 fileSizeBytes = 2LL * 1024 * 1024 * 1024;      // RLIMIT_FSIZE, largest file written
    qint64 openFiles = 1024;                              // RLIMIT_NOFILE
    // RLIMIT_NPROC counts every process and thread of the user, not only this command's:
    // generous, it only stops fork bombs.
    qint64 processes = 4096;
};

// The shell_exec tool: runs `/bin/sh -c command` on the local machine with QProcess,
// asynchronously on the caller's thread, in a working folder (created if missing) that is kept
// between calls.
//
// Sandbox: with bubblewrap the system is mounted read-only, the working folder is the only
// writable place besides a private /tmp, the home folder is hidden, there are no other processes
// and no network unless the call sets "network": true. Without bubblewrap the command runs as a
// restricted process: clean environment, a private temporary folder (TMPDIR) per call, resource
// limits. The result says which one ran: "sandbox": "bubblewrap" | "restricted", and
// "network": "none" | "host".
//
// Arguments {command, timeout_secs?, network?}. Result payload as ssh_exec's without "host":
//   ran:    {ok: exit_code == 0, exit_code, stdout, stderr, duration_ms, sandbox, network[, error]}
//   failed: {ok: false, error, error_code, duration_ms, ...} with error_code one of
//           invalid_arguments, sandbox_unavailable, start_failed, timeout, cancelled.
// The command leads its own session and process group; timeout and cancel send SIGTERM to the
// whole group and SIGKILL to what is left after a short grace. stdin is closed at once.
class ShellExecTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(ShellExecTool)
public:
    static constexpr int kMaxTimeoutSecs = 600;

    explicit ShellExecTool(QString workingDir, int defaultTimeoutSecs = 60,
                           qint64 diskCapBytes = 16 * 1024 * 1024);
    ShellExecTool(QString workingDir, ShellSandboxOptions sandbox, int defaultTimeoutSecs = 60,
                  qint64 diskCapBytes = 16 * 1024 * 1024);

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    [[nodiscard]] QString workingDir() const { return m_workingDir; }
    // True when calls run under bubblewrap (mode Bubblewrap, or Auto on a machine where it works).
    [[nodiscard]] bool usesBubblewrap() const { return sandboxProbe().useBwrap; }

    // Whether `bwrap` with the namespaces this tool asks for runs here (it needs user namespaces
    // or setuid, and fails in some containers). Probed once per bwrap path, then cached; the
    // probe blocks for the few milliseconds a trivial sandbox takes to start (the constructor
    // starts it on a pool thread, so that creating the tool does not wait). Thread-safe. *why
    // says what failed.
    [[nodiscard]] static bool bubblewrapWorks(const QString& bwrapPath, QString* why = nullptr);

private:
    QString m_workingDir;
    ShellSandboxOptions m_sandbox;
    int m_defaultTimeoutSecs;
    qint64 m_diskCapBytes;
    struct SandboxProbe {
        bool useBwrap = false;
        QString problem;  // why bubblewrap cannot run, when mode is Bubblewrap
    };
    // The probe's answer for this tool's mode, taken the first time it is needed.
    [[nodiscard]] const SandboxProbe& sandboxProbe() const;
    mutable std::optional<SandboxProbe> m_probe;
};

}  // namespace zerg
