#pragma once

#include "tools/hosts_config.h"
#include "tools/ssh_jump.h"

#include <QJsonObject>
#include <QMutex>
#include <QString>
#include <QThread>

#include <atomic>
#include <deque>
#include <memory>

namespace zerg {

class SshSessionLoop;

// One command to run as a channel on a pooled session.
struct SshCall {
    quint64 id = 0;
    QString command;
    int timeoutSecs = 60;  // for the command, from the exec request on
    qint64 diskCapBytes = 16 * 1024 * 1024;
    // Set by the caller's thread; the session worker then kills the remote command.
    std::shared_ptr<std::atomic_bool> cancel = std::make_shared<std::atomic_bool>(false);
};

// One SSH connection: a thread that owns one libssh session (exactly one thread touches it) and
// runs any number of calls on it at once, each as its own channel. The session is non-blocking and
// the thread waits in poll() on the socket and on a wake-up pipe, so new calls, cancels and stop
// requests are seen at once, not at the next time slice.
//
// Every call given to submit() gets at most one callResult() and then exactly one callReleased()
// (when its channels are closed). A cancelled call gets no result; its remote command is killed.
// Commands run behind a one-line prefix that reports the shell's pid, which is its process group
// (sshd starts each session command with setsid()): cancel and timeout send TERM, then KILL, to
// that group over a second channel, because sshd ignores the SSH "signal" request for root logins
// and for an sshd not running as root. This needs a POSIX-family login shell (sh, bash, dash, zsh,
// ksh) on the server; without the pid the channel is closed and the command may run on.
//
// A host with jump hosts (ProxyJump, HostEntry::jumps) is reached through them: an SshJump, with
// its own thread for the jump hosts' sessions, opens the way and the session runs over the socket
// it gives, so this thread's poll loop is the same either way. A failure on the way names the jump
// host (payload key "jump_host") with the usual error codes; stopping ends the jump too.
//
// The thread ends when the session is lost or failed to set up, or after requestStop(). Signals
// are emitted on the worker thread; connect to them from the owner's thread (queued).
class SshSessionWorker final : public QThread {
    Q_OBJECT
public:
    explicit SshSessionWorker(SshTarget target, QObject* parent = nullptr);
    // Requests a stop and waits for the thread: call requestStop() and wait() first when the
    // wait must be bounded.
    ~SshSessionWorker() override;

    // Thread-safe. Queues a call; false when the session is closing or closed (use another).
    [[nodiscard]] bool submit(SshCall call);
    // Thread-safe. Makes the thread look at the cancel flags now.
    void wake();
    // Thread-safe. Kills running commands (bounded to about a second), disconnects, ends the
    // thread. Calls not started yet come back as retriable results.
    void requestStop();

    [[nodiscard]] const SshTarget& target() const { return m_target; }

Q_SIGNALS:
    // Connected, host key verified, logged in.
    void ready();
    // The call's result payload (tool format, without duration_ms). retriable: the command was
    // not sent (the session turned out dead, or could not open one more channel), so running it
    // on another connection is safe.
    void callResult(quint64 id, const QJsonObject& payload, bool retriable);
    // The call's channels are closed; it no longer counts against this session.
    void callReleased(quint64 id);

protected:
    void run() override;

private:
    friend class SshSessionLoop;

    // For the loop: takes the queued calls; with `closing` also refuses new ones from then on.
    std::deque<SshCall> takeInbox(bool closing);
    [[nodiscard]] bool stopRequested() const { return m_stop.load(); }
    [[nodiscard]] int wakeFd() const { return m_wakePipe[0]; }
    void drainWakePipe();

    const SshTarget m_target;
    QMutex m_mutex;
    std::deque<SshCall> m_inbox;  // guarded by m_mutex
    bool m_closed = false;        // guarded by m_mutex
    std::atomic_bool m_stop{false};
    int m_wakePipe[2] = {-1, -1};
};

}  // namespace zerg
