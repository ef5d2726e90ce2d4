#pragma once

#include "core/result.h"
#include "core/status.h"
#include "tools/tool.h"

#include <QCoreApplication>
#include <QStringList>

#include <memory>
#include <optional>

namespace zerg {

// How shell_exec confines a command.
struct ShellSandboxOptions {
    // ZERG_SHELL_SANDBOX. Commands never run without a sandbox unless the user chose Restricted:
    // when bubblewrap cannot run, Auto and Bubblewrap refuse every call (sandbox_unavailable).
    enum class Mode {
        Auto,        // bubblewrap when it works here, else shell_exec is unavailable
        Bubblewrap,  // the same, named explicitly
        Restricted,  // the user's explicit choice: a plain child process with a clean environment
                     // and resource limits, and no sandbox
    };
    Mode mode = Mode::Auto;
    QString bwrapPath = QStringLiteral("bwrap");  // found on PATH unless absolute
    // When a call does not say "network": bubblewrap runs without a network unless this is true.
    bool allowNetworkByDefault = false;
    // Folders hidden behind an empty tmpfs under bubblewrap (secrets, SSH keys, other workers'
    // artifacts), besides those always hidden (/tmp, /run, /var/run, /home, /root and the user's
    // home folder). The working folder stays visible even when it lies inside one of these.
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

// ZERG_SHELL_SANDBOX's words.
template <>
struct StatusTable<ShellSandboxOptions::Mode> {
    static constexpr std::array<std::pair<ShellSandboxOptions::Mode, const char*>, 3> names{{
        {ShellSandboxOptions::Mode::Auto, "auto"},
        {ShellSandboxOptions::Mode::Bubblewrap, "bubblewrap"},
        {ShellSandboxOptions::Mode::Restricted, "restricted"},
    }};
};

// The mode of a ZERG_SHELL_SANDBOX value (any case, spaces around it ignored); for another word
// an error that names the words allowed. A caller that cannot read the value uses Auto, which
// never runs a command without a sandbox.
[[nodiscard]] Result<ShellSandboxOptions::Mode> parseShellSandboxMode(const QString& value);

// What shell_exec does on this machine in a mode: `zerg doctor`'s sandbox check, the Settings
// page.
struct ShellSandboxState {
    enum class Kind {
        Bubblewrap,   // commands run in the bubblewrap sandbox
        Restricted,   // the user chose to run commands without a sandbox
        Unavailable,  // bubblewrap cannot run here, so every call is refused
    };
    Kind kind = Kind::Unavailable;
    bool bubblewrapWorks = false;  // whatever the mode
    QString bwrap;                 // the program probed: its path when found, else as configured
    QString problem;               // why bubblewrap cannot run; empty when it works
    // What makes bubblewrap run, as a clause: "install the bubblewrap package (apt install
    // bubblewrap) and restart Zerg"; empty when it works.
    QString remedy;
};

template <>
struct StatusTable<ShellSandboxState::Kind> {
    static constexpr std::array<std::pair<ShellSandboxState::Kind, const char*>, 3> names{{
        {ShellSandboxState::Kind::Bubblewrap, "bubblewrap"},
        {ShellSandboxState::Kind::Restricted, "restricted"},
        {ShellSandboxState::Kind::Unavailable, "unavailable"},
    }};
};

// The shell_exec tool: runs `/bin/sh -c command` on the local machine with QProcess,
// asynchronously on the caller's thread, in a working folder (created if missing) that is kept
// between calls. A worker calls it through forWorker(): its own folder below this tool's.
//
// Sandbox (docs/security.md, "The local shell's sandbox"): with bubblewrap the system is mounted
// read-only and the working folder is the only writable place besides a fresh /tmp; /run,
// /var/run, /home, /root, the user's home and the configured folders are empty, every other host
// Unix socket is covered, there are no other processes, no capabilities, and no network unless
// the call sets "network": true (which the approval policy treats as a change: classify()).
// Without bubblewrap every call is refused (sandbox_unavailable), saying why and what to install,
// unless the user chose the restricted mode: a plain process with a clean environment, a private
// temporary folder (TMPDIR) per call and resource limits. The result says which one ran:
// "sandbox": "bubblewrap" | "restricted", and "network": "none" | "host".
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
    // The command line's class (shell::callClass) on "local"; a call that gets the network
    // ("network": true, or left out while allowNetworkByDefault is set) changes (NetworkAccess),
    // and no "always allow" rule covers it (no command words).
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    // The same tool for one worker: it works in <working folder>/<ownerId>/<workerId>, so no two
    // workers, and no two owners, share a scratch folder. An id that is not one plain folder name
    // gives a tool that refuses every call (start_failed).
    [[nodiscard]] std::shared_ptr<ShellExecTool> forWorker(qint64 ownerId,
                                                           const QString& workerId) const;

    [[nodiscard]] QString workingDir() const { return m_workingDir; }
    // True when calls run under bubblewrap (mode Auto or Bubblewrap, on a machine where it works).
    [[nodiscard]] bool usesBubblewrap() const { return sandboxProbe().useBwrap; }

    // Whether `bwrap` with the namespaces and mounts this tool uses runs here (it needs user
    // namespaces or setuid, and fails in some containers). Probed once per bwrap path, then
    // cached; the probe blocks for the few milliseconds a trivial sandbox takes to start (the
    // constructor starts it on a pool thread, so that creating the tool does not wait).
    // Thread-safe. *why says what failed.
    [[nodiscard]] static bool bubblewrapWorks(const QString& bwrapPath, QString* why = nullptr);
    // What shell_exec does here in `mode` with that bwrap (probed as above, whatever the mode).
    [[nodiscard]] static ShellSandboxState sandboxState(
        ShellSandboxOptions::Mode mode, const QString& bwrapPath = QStringLiteral("bwrap"));

private:
    struct ForWorker {};
    ShellExecTool(ForWorker, const ShellExecTool& root, QString workingDir, QString problem);

    QString m_workingDir;
    QString m_setupProblem;  // forWorker() with an id that is no folder name: every call fails
    ShellSandboxOptions m_sandbox;
    int m_defaultTimeoutSecs;
    qint64 m_diskCapBytes;
    struct SandboxProbe {
        bool useBwrap = false;
        QString problem;  // why bubblewrap cannot run, unless the mode is Restricted
        QString remedy;   // what makes it run
    };
    // The probe's answer for this tool's mode, taken the first time it is needed.
    [[nodiscard]] const SandboxProbe& sandboxProbe() const;
    mutable std::optional<SandboxProbe> m_probe;
};

}  // namespace zerg
