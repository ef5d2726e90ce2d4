#include "tools/ssh_session_worker.h"

#include "tools/capped_output.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutexLocker>
#include <QRandomGenerator>

#include <libssh/libssh.h>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <list>
#include <optional>
#include <vector>

namespace zerg {
namespace {

// Longest wait while calls are running: a safety net only; every event wakes the thread at once.
constexpr int kMaxWaitMs = 50;
// Most bytes read from one stream per pass (a flood must not starve the other calls).
constexpr qint64 kDrainBytesPerPass = 1024 * 1024;
// After a cancel or timeout, how long to wait for the command's pid line before giving up.
constexpr qint64 kPidWaitMs = 2000;
// How long the kill channel may take (TERM, a second of grace, KILL).
constexpr qint64 kKillChannelMs = 5000;
// requestStop(): how long running commands get to be killed before the session is dropped.
constexpr qint64 kStopBudgetMs = 1000;
// The pid line is printed first; stop looking for it after this much stderr.
constexpr qsizetype kMarkerSearchBytes = 64 * 1024;

// The calls are in SshSessionLoop, and lupdate files them under that class: look them up there.
QString tr(const char* text) {
    return QCoreApplication::translate("zerg::SshSessionLoop", text);
}

// Removes the "zerg-pgid-<nonce>:<pid>" line from stderr and remembers the pid.
class PidLineFilter {
public:
    explicit PidLineFilter(QByteArray marker) : m_marker(std::move(marker)) {}

    void feed(const char* data, qint64 size, CappedOutput* into) {
        if (m_done) {
            into->append(data, size);
            return;
        }
        m_pending.append(data, size);
        const qsizetype at = m_pending.indexOf(m_marker);
        if (at >= 0) {
            const qsizetype nl = m_pending.indexOf('\n', at);
            if (nl < 0) {
                if (m_pending.size() - at > m_marker.size() + 32)
                    finish(into);  // not our line after all
                return;
            }
            m_pid = m_pending.mid(at + m_marker.size(), nl - at - m_marker.size()).toLongLong();
            into->append(m_pending.left(at));
            into->append(m_pending.mid(nl + 1));
            m_pending.clear();
            m_done = true;
            return;
        }
        if (m_pending.size() > kMarkerSearchBytes)
            finish(into);
    }

    // Stops looking: whatever was held back goes to the output.
    void finish(CappedOutput* into) {
        if (m_done)
            return;
        into->append(m_pending);
        m_pending.clear();
        m_done = true;
    }

    [[nodiscard]] qint64 pid() const { return m_pid; }

private:
    QByteArray m_marker;
    QByteArray m_pending;
    bool m_done = false;
    qint64 m_pid = 0;
};

// One call on the session: its channel, output, and the kill channel if it is stopped.
struct ChannelCall {
    enum class Phase { Open, Exec, Output, ExitStatus, AwaitPid, Kill, Done };
    enum class Stop { None, Cancelled, TimedOut, Shutdown };

    explicit ChannelCall(SshCall c)
        : call(std::move(c)),
          out(call.diskCapBytes),
          err(call.diskCapBytes),
          filter(markerFor(&nonce)) {}

    ~ChannelCall() {
        if (channel)
            ssh_channel_free(channel);
        if (killChannel)
            ssh_channel_free(killChannel);
    }
    ChannelCall(const ChannelCall&) = delete;
    ChannelCall& operator=(const ChannelCall&) = delete;

    static QByteArray markerFor(QByteArray* nonce) {
        *nonce = QByteArray::number(QRandomGenerator::global()->generate64(), 16);
        return "zerg-pgid-" + *nonce + ':';
    }

    // The command sshd gives the login shell: first the shell's pid (= its process group) on
    // stderr, then the user's command, unchanged, on the next line.
    QByteArray wrappedCommand() const {
        return "echo zerg-pgid-" + nonce + ":$$ >&2\n" + call.command.toUtf8();
    }

    SshCall call;
    Phase phase = Phase::Open;
    Stop stop = Stop::None;
    ssh_channel channel = nullptr;
    ssh_channel killChannel = nullptr;
    bool killOpen = false;
    bool killExecDone = false;
    bool execSent = false;    // from here on the command may be running: never retried
    bool resultSent = false;  // callResult emitted
    qint64 deadline = 0;      // of the current phase, on the loop's clock
    QByteArray nonce;
    QByteArray command;
    QByteArray killCommand;
    CappedOutput out;
    CappedOutput err;
    PidLineFilter filter;
};

}  // namespace

// The body of SshSessionWorker::run(): set up the session, then run calls until stopped or lost.
class SshSessionLoop {
public:
    explicit SshSessionLoop(SshSessionWorker& w)
        : m_w(w), m_target(w.target()), m_buffer(64 * 1024) {}

    ~SshSessionLoop() {
        m_calls.clear();  // channels before their session
        if (m_session) {
            ssh_disconnect(m_session);
            ssh_free(m_session);
        }
        m_socket.close();  // after the session that used it
        m_jump.reset();    // ends the jump hosts' sessions, on the jump's own thread
    }

    void run() {
        m_clock.start();
        std::optional<SshFailure> failed = openJump();
        if (!failed) {
            m_session = ssh_new();
            if (!m_session)
                failed = SshLogin::noSession();
        }
        if (!failed) {
            SshLogin login(m_target, {[this](int ms) { waitForActivity(ms); },
                                      [this] { return m_w.stopRequested(); }});
            failed = login.logIn(m_session, m_socket.fd());
        }
        if (failed) {
            failEverything(payloadOf(*failed), false);
            return;
        }
        // Counts bytes read from the socket: a pass over the calls that read any must be
        // followed by another, since one call's read may have buffered another call's data.
        ssh_set_counters(m_session, &m_socketCounter, nullptr);
        Q_EMIT m_w.ready();
        mainLoop();
    }

private:
    // --- helpers -------------------------------------------------------------------------------

    QString alias() const { return m_target.host.alias; }
    QString hostPort() const { return SshLogin::where(m_target); }
    QString sshError() const {
        QString error = QString::fromUtf8(ssh_get_error(m_session));
        // Through jump hosts, libssh only sees its socket close: say what closed it.
        if (m_jump && !m_jump->lostReason().isEmpty())
            error += QStringLiteral(" (%1)").arg(m_jump->lostReason());
        return error;
    }
    qint64 now() const { return m_clock.elapsed(); }
    bool connected() const { return m_session && ssh_is_connected(m_session); }

    QJsonObject failure(const QString& code, const QString& message, QJsonObject extra = {}) const {
        extra.insert(QStringLiteral("ok"), false);
        extra.insert(QStringLiteral("error"), message);
        extra.insert(QStringLiteral("error_code"), code);
        extra.insert(QStringLiteral("host"), alias());
        return extra;
    }

    QJsonObject payloadOf(const SshFailure& f, QJsonObject extra = {}) const {
        if (!f.fingerprint.isEmpty())
            extra.insert(QStringLiteral("fingerprint"), f.fingerprint);
        if (!f.jumpHost.isEmpty())
            extra.insert(QStringLiteral("jump_host"), f.jumpHost);
        return failure(f.code, f.message, std::move(extra));
    }

    static QJsonObject outputSoFar(const ChannelCall& c) {
        return {{QStringLiteral("stdout"), c.out.text()}, {QStringLiteral("stderr"), c.err.text()}};
    }

    void sendResult(ChannelCall& c, const QJsonObject& payload, bool retriable = false) {
        if (c.resultSent)
            return;
        c.resultSent = true;
        if (c.stop == ChannelCall::Stop::Cancelled)
            return;  // the caller has its result already
        Q_EMIT m_w.callResult(c.call.id, payload, retriable);
    }

    // Waits until the socket is ready as libssh wants it, a wake-up arrives, or ms pass (-1:
    // no limit). Returns true when the socket is readable.
    bool waitForActivity(int ms) {
        pollfd fds[2] = {{m_w.wakeFd(), POLLIN, 0}, {SSH_INVALID_SOCKET, POLLIN, 0}};
        nfds_t n = 1;
        if (m_session) {
            const socket_t fd = ssh_get_fd(m_session);
            if (fd != SSH_INVALID_SOCKET) {
                fds[1].fd = fd;
                if (ssh_get_poll_flags(m_session) & SSH_WRITE_PENDING)
                    fds[1].events |= POLLOUT;
                n = 2;
            }
        }
        if (::poll(fds, n, ms) <= 0)
            return false;
        if (fds[0].revents)
            m_w.drainWakePipe();
        return n == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR));
    }

    qint64 setupDeadline() const { return now() + m_target.connectTimeoutSecs * 1000LL; }

    QJsonObject stoppedDuringSetup() const { return payloadOf(SshLogin::stopped(m_target)); }

    QJsonObject stalled(const QString& stage) const {
        return payloadOf(SshLogin::stalled(m_target, stage));
    }

    QJsonObject lostConnection(const QString& stage, QJsonObject extra = {}) const {
        return payloadOf(SshLogin::lost(m_target, stage, sshError()), std::move(extra));
    }

    // --- setting the session up ---------------------------------------------------------------

    // Through the jump hosts, if the host has any: waits (answering stop requests) until the
    // jump's thread has opened the way or failed on it; its own steps have their deadlines.
    std::optional<SshFailure> openJump() {
        if (m_target.host.jumps.isEmpty())
            return std::nullopt;
        m_jump = std::make_unique<SshJump>(m_target);
        m_jump->start();
        while (!m_jump->settled()) {
            if (m_w.stopRequested())
                return SshLogin::stopped(m_target);
            pollfd fds[2] = {{m_w.wakeFd(), POLLIN, 0}, {m_jump->readyFd(), POLLIN, 0}};
            if (::poll(fds, 2, 1000) > 0 && fds[0].revents)
                m_w.drainWakePipe();
        }
        if (std::optional<SshFailure> failed = m_jump->failure())
            return failed;
        m_socket = m_jump->takeSocket();
        return std::nullopt;
    }

    // Fails every queued call (setup failed or stopped before the loop) and ends.
    void failEverything(const QJsonObject& payload, bool retriable) {
        for (SshCall& call : m_w.takeInbox(true)) {
            if (!call.cancel->load())
                Q_EMIT m_w.callResult(call.id, payload, retriable);
            Q_EMIT m_w.callReleased(call.id);
        }
    }

    // --- running calls ---------------------------------------------------------------------------

    void mainLoop() {
        qint64 stopDeadline = -1;
        for (;;) {
            const bool stopping = m_w.stopRequested();
            bool progress = absorbInbox(stopping);
            if (stopping && stopDeadline < 0) {
                stopDeadline = now() + kStopBudgetMs;
                for (auto& c : m_calls)
                    beginStop(*c, ChannelCall::Stop::Shutdown);
            }
            const uint64_t readBefore = m_socketCounter.in_bytes;
            for (auto& c : m_calls)
                progress |= step(*c);
            progress |= m_socketCounter.in_bytes != readBefore;
            releaseDone();

            if (!connected()) {
                sessionLost();
                return;
            }
            if (stopping && (m_calls.empty() || now() >= stopDeadline)) {
                abandonAll(stoppedDuringSetup());
                return;
            }
            if (progress)
                continue;
            const bool idle = m_calls.empty();
            const bool readable = waitForActivity(idle ? -1 : int(waitMs()));
            if (idle && readable) {
                // Nothing else reads the socket while idle: a small ignore message makes libssh
                // process what arrived (a keepalive, or the end of the connection).
                ssh_send_ignore(m_session, "");
                ssh_blocking_flush(m_session, 0);
            }
        }
    }

    qint64 waitMs() const {
        qint64 ms = kMaxWaitMs;
        for (const auto& c : m_calls)
            ms = std::min(ms, std::max<qint64>(0, c->deadline - now()));
        return ms;
    }

    bool absorbInbox(bool closing) {
        std::deque<SshCall> in = m_w.takeInbox(closing);
        for (SshCall& call : in) {
            if (closing) {
                // Not started: let the owner run it on another session.
                if (!call.cancel->load()) {
                    Q_EMIT m_w.callResult(call.id, stoppedDuringSetup(), true);
                }
                Q_EMIT m_w.callReleased(call.id);
                continue;
            }
            auto c = std::make_unique<ChannelCall>(std::move(call));
            c->deadline = setupDeadline();
            m_calls.push_back(std::move(c));
        }
        return !in.empty();
    }

    void releaseDone() {
        for (auto it = m_calls.begin(); it != m_calls.end();) {
            if ((*it)->phase != ChannelCall::Phase::Done) {
                ++it;
                continue;
            }
            const quint64 id = (*it)->call.id;
            it = m_calls.erase(it);  // frees the channels
            Q_EMIT m_w.callReleased(id);
        }
    }

    // The session died: calls not sent yet may run elsewhere; the others failed.
    void sessionLost() {
        for (auto& c : m_calls) {
            if (!c->execSent && c->stop == ChannelCall::Stop::None) {
                sendResult(*c, lostConnection(tr("starting the command")), true);
            } else {
                sendResult(*c, lostConnection(tr("running the command"), outputSoFar(*c)));
            }
        }
        abandonAll(lostConnection(tr("starting the command")));
    }

    // Drops every call now (results for those without one), then refuses new ones, handing
    // back the queued ones with inboxPayload as retriable.
    void abandonAll(const QJsonObject& inboxPayload) {
        for (auto& c : m_calls) {
            if (!c->resultSent) {
                sendResult(*c,
                           c->execSent ? failure(QStringLiteral("cancelled"),
                                                 tr("The command on %1 was stopped because "
                                                    "zerg is shutting down.")
                                                     .arg(alias()),
                                                 outputSoFar(*c))
                                       : stoppedDuringSetup(),
                           !c->execSent);
            }
            c->phase = ChannelCall::Phase::Done;
        }
        releaseDone();
        failEverything(inboxPayload, true);
    }

    // One non-blocking step of a call; true when it moved.
    bool step(ChannelCall& c) {
        using P = ChannelCall::Phase;
        if (c.stop == ChannelCall::Stop::None && c.call.cancel->load())
            beginStop(c, ChannelCall::Stop::Cancelled);
        switch (c.phase) {
            case P::Open:
                return stepOpen(c);
            case P::Exec:
                return stepExec(c);
            case P::Output:
                return stepOutput(c);
            case P::ExitStatus:
                return stepExitStatus(c);
            case P::AwaitPid:
                return stepAwaitPid(c);
            case P::Kill:
                return stepKill(c);
            case P::Done:
                return false;
        }
        return false;
    }

    // Decides how a call stops (cancel, timeout, shutdown) given how far it got.
    void beginStop(ChannelCall& c, ChannelCall::Stop why) {
        using P = ChannelCall::Phase;
        if (c.stop != ChannelCall::Stop::None || c.phase == P::Done)
            return;
        c.stop = why;
        if (c.phase == P::Open) {
            // Nothing runs yet.
            if (why == ChannelCall::Stop::Shutdown)
                sendResult(c, stoppedDuringSetup(), true);
            c.phase = P::Done;
            return;
        }
        if (c.phase == P::Exec && !c.execSent) {
            c.phase = P::Done;
            return;
        }
        if (c.phase == P::Exec)
            return;  // the exec reply comes first; stepExec() then stops it
        c.phase = P::AwaitPid;
        c.deadline = now() + kPidWaitMs;
    }

    bool stepOpen(ChannelCall& c) {
        if (!c.channel) {
            c.channel = ssh_channel_new(m_session);
            if (!c.channel) {
                sendResult(c, lostConnection(tr("opening a channel")), !connected());
                c.phase = ChannelCall::Phase::Done;
                return true;
            }
        }
        const int rc = ssh_channel_open_session(c.channel);
        if (rc == SSH_AGAIN) {
            if (now() < c.deadline)
                return false;
            sendResult(c, stalled(tr("opening a session")));
            c.phase = ChannelCall::Phase::Done;
            return true;
        }
        if (rc != SSH_OK) {
            if (!connected())
                return false;  // sessionLost() retries it elsewhere
            // With other channels open the session may just be full (sshd's MaxSessions):
            // nothing ran, so the pool may run it on another connection.
            const bool maybeFull = m_calls.size() > 1;
            sendResult(c,
                       failure(QStringLiteral("channel_failed"),
                               tr("Logged in to %1 (%2) but could not open a session: %3. The "
                                  "server may limit sessions (sshd's MaxSessions) or be "
                                  "shutting down; try again later.")
                                   .arg(alias(), hostPort(), sshError())),
                       maybeFull);
            c.phase = ChannelCall::Phase::Done;
            return true;
        }
        c.phase = ChannelCall::Phase::Exec;
        c.command = c.wrappedCommand();
        return true;
    }

    bool stepExec(ChannelCall& c) {
        if (!connected())
            return false;  // not sent yet: sessionLost() retries it elsewhere
        const int rc = ssh_channel_request_exec(c.channel, c.command.constData());
        c.execSent = true;
        if (rc == SSH_AGAIN) {
            if (now() < c.deadline)
                return false;
            sendResult(c, stalled(tr("starting the command")));
            beginStopAfterExec(c);
            return true;
        }
        if (rc != SSH_OK) {
            if (!connected())
                return false;
            sendResult(c, failure(QStringLiteral("channel_failed"),
                                  tr("The server %1 (%2) refused to run the command: %3. Its "
                                     "sshd may forbid commands for this user (ForceCommand, "
                                     "restrictions).")
                                      .arg(alias(), hostPort(), sshError())));
            c.phase = ChannelCall::Phase::Done;
            return true;
        }
        // Non-interactive: the command reads end-of-file, never waits for input.
        ssh_channel_send_eof(c.channel);
        c.phase = ChannelCall::Phase::Output;
        c.deadline = now() + c.call.timeoutSecs * 1000LL;
        if (c.stop != ChannelCall::Stop::None)
            beginStopAfterExec(c);
        return true;
    }

    void beginStopAfterExec(ChannelCall& c) {
        if (c.stop == ChannelCall::Stop::None)
            c.stop = ChannelCall::Stop::TimedOut;
        c.phase = ChannelCall::Phase::AwaitPid;
        c.deadline = now() + kPidWaitMs;
    }

    // Reads what the channel has buffered; -1 on a session error, else bytes read.
    qint64 drain(ChannelCall& c) {
        qint64 total = 0;
        for (int isStderr = 0; isStderr <= 1; ++isStderr) {
            qint64 stream = 0;
            while (stream < kDrainBytesPerPass) {
                const int n = ssh_channel_read_nonblocking(c.channel, m_buffer.data(),
                                                           uint32_t(m_buffer.size()), isStderr);
                if (n == SSH_ERROR)
                    return -1;
                if (n <= 0)
                    break;  // 0: nothing buffered now; SSH_EOF: this stream is done
                if (isStderr)
                    c.filter.feed(m_buffer.data(), n, &c.err);
                else
                    c.out.append(m_buffer.data(), n);
                stream += n;
            }
            total += stream;
        }
        return total;
    }

    // A read failed: the session is gone (sessionLost() follows) or just this channel.
    bool channelBroke(ChannelCall& c) {
        if (!connected())
            return false;
        sendResult(c, failure(QStringLiteral("channel_failed"),
                              tr("The channel of the command on %1 (%2) failed: %3. Run it "
                                 "again.")
                                  .arg(alias(), hostPort(), sshError()),
                              outputSoFar(c)));
        c.phase = ChannelCall::Phase::Done;
        return true;
    }

    bool stepOutput(ChannelCall& c) {
        if (now() >= c.deadline) {
            beginStop(c, ChannelCall::Stop::TimedOut);
            return true;
        }
        const qint64 got = drain(c);
        if (got < 0)
            return channelBroke(c);
        if (ssh_channel_is_eof(c.channel) || (ssh_channel_is_closed(c.channel) && got == 0)) {
            c.filter.finish(&c.err);
            c.phase = ChannelCall::Phase::ExitStatus;
            return true;
        }
        return got > 0;
    }

    bool stepExitStatus(ChannelCall& c) {
        if (now() >= c.deadline) {
            beginStop(c, ChannelCall::Stop::TimedOut);
            return true;
        }
        // OpenSSH sends the exit status right after end-of-file, before closing the channel.
        const int status = ssh_channel_get_exit_status(c.channel);
        if (status == -1 && !ssh_channel_is_closed(c.channel))
            return false;  // not here yet (or the session is gone: sessionLost())
        ssh_channel_close(c.channel);
        QJsonObject p = outputSoFar(c);
        p.insert(QStringLiteral("ok"), status == 0);
        p.insert(QStringLiteral("exit_code"), status);
        p.insert(QStringLiteral("host"), alias());
        if (status == -1) {
            p.insert(QStringLiteral("error"),
                     tr("command ended without an exit status (killed by a signal?)"));
        } else if (status != 0) {
            p.insert(QStringLiteral("error"), tr("command exited with status %1").arg(status));
        }
        sendResult(c, p);
        c.phase = ChannelCall::Phase::Done;
        return true;
    }

    // Stopping: keep reading until the pid line shows up, then kill the process group.
    bool stepAwaitPid(ChannelCall& c) {
        const qint64 got = drain(c);
        if (got < 0)
            return channelBroke(c);
        if (c.filter.pid() > 0) {
            startKill(c);
            return true;
        }
        const bool ended = ssh_channel_is_eof(c.channel) || ssh_channel_is_closed(c.channel);
        if (ended || now() >= c.deadline) {
            // No pid (a login shell that is not POSIX, or the command already ended): ask sshd
            // to signal it (honoured for non-root logins behind privilege separation) and close.
            c.filter.finish(&c.err);
            ssh_channel_request_send_signal(c.channel, "TERM");
            ssh_channel_close(c.channel);
            sendStopResult(c, false);
            c.phase = ChannelCall::Phase::Done;
            return true;
        }
        return got > 0;
    }

    void sendStopResult(ChannelCall& c, bool killed) {
        if (c.stop == ChannelCall::Stop::TimedOut) {
            const QString what =
                killed ? tr("command did not finish within %1 s and was stopped (TERM, then "
                            "KILL, to its process group)")
                       : tr("command did not finish within %1 s; the SSH channel was closed (the "
                            "remote process may still be running)");
            sendResult(c, failure(QStringLiteral("timeout"), what.arg(c.call.timeoutSecs),
                                  outputSoFar(c)));
        } else if (c.stop == ChannelCall::Stop::Shutdown) {
            sendResult(c, failure(QStringLiteral("cancelled"),
                                  tr("The command on %1 was stopped because zerg is shutting "
                                     "down.")
                                      .arg(alias()),
                                  outputSoFar(c)));
        }
    }

    void startKill(ChannelCall& c) {
        const QByteArray group = "-" + QByteArray::number(c.filter.pid());
        c.killCommand = "kill -s TERM -- " + group + " 2>/dev/null && { sleep 1; kill -s KILL -- " +
                        group + " 2>/dev/null; }; exit 0";
        // Output is no longer wanted: closing stops it; the kill goes over its own channel.
        ssh_channel_close(c.channel);
        c.killChannel = ssh_channel_new(m_session);
        c.phase = ChannelCall::Phase::Kill;
        c.deadline = now() + kKillChannelMs;
        if (!c.killChannel) {
            sendStopResult(c, false);
            c.phase = ChannelCall::Phase::Done;
        }
    }

    bool stepKill(ChannelCall& c) {
        const bool late = now() >= c.deadline;
        if (!c.killOpen) {
            const int rc = ssh_channel_open_session(c.killChannel);
            if (rc == SSH_AGAIN && !late)
                return false;
            if (rc != SSH_OK) {
                sendStopResult(c, false);
                c.phase = ChannelCall::Phase::Done;
                return true;
            }
            c.killOpen = true;
            return true;
        }
        if (!c.killExecDone) {
            const int rc = ssh_channel_request_exec(c.killChannel, c.killCommand.constData());
            if (rc == SSH_AGAIN && !late)
                return false;
            if (rc != SSH_OK) {
                sendStopResult(c, false);
                c.phase = ChannelCall::Phase::Done;
                return true;
            }
            c.killExecDone = true;
            ssh_channel_send_eof(c.killChannel);
            sendStopResult(c, true);  // TERM is on its way
            return true;
        }
        // Wait for the kill (and its KILL after the grace second) to finish, within bounds.
        char sink[256];
        while (ssh_channel_read_nonblocking(c.killChannel, sink, sizeof sink, 0) > 0) {
        }
        while (ssh_channel_read_nonblocking(c.killChannel, sink, sizeof sink, 1) > 0) {
        }
        if (ssh_channel_is_eof(c.killChannel) || ssh_channel_is_closed(c.killChannel) || late) {
            ssh_channel_close(c.killChannel);
            c.phase = ChannelCall::Phase::Done;
            return true;
        }
        return false;
    }

    SshSessionWorker& m_w;
    const SshTarget& m_target;
    QElapsedTimer m_clock;  // I/O deadlines on this thread, not logic a manual clock would drive
    std::unique_ptr<SshJump> m_jump;  // the way through the jump hosts, when there are any
    SshSocket m_socket;               // the session's end of that way
    ssh_session m_session = nullptr;
    ssh_counter_struct m_socketCounter{};
    std::list<std::unique_ptr<ChannelCall>> m_calls;
    std::vector<char> m_buffer;
};

SshSessionWorker::SshSessionWorker(SshTarget target, QObject* parent)
    : QThread(parent), m_target(std::move(target)) {
    setObjectName(QStringLiteral("ssh:%1").arg(m_target.host.alias));
    if (::pipe(m_wakePipe) == 0) {
        for (int fd : m_wakePipe) {
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
    }
}

SshSessionWorker::~SshSessionWorker() {
    requestStop();
    wait();
    for (int fd : m_wakePipe) {
        if (fd >= 0)
            ::close(fd);
    }
}

bool SshSessionWorker::submit(SshCall call) {
    {
        QMutexLocker lock(&m_mutex);
        if (m_closed)
            return false;
        m_inbox.push_back(std::move(call));
    }
    wake();
    return true;
}

void SshSessionWorker::wake() {
    const char b = 1;
    // A full pipe already means "wake up": the result can be ignored.
    [[maybe_unused]] const ssize_t n = ::write(m_wakePipe[1], &b, 1);
}

void SshSessionWorker::requestStop() {
    m_stop.store(true);
    wake();
}

std::deque<SshCall> SshSessionWorker::takeInbox(bool closing) {
    QMutexLocker lock(&m_mutex);
    if (closing)
        m_closed = true;
    std::deque<SshCall> out;
    out.swap(m_inbox);
    return out;
}

void SshSessionWorker::drainWakePipe() {
    char buf[64];
    while (::read(m_wakePipe[0], buf, sizeof buf) > 0) {
    }
}

void SshSessionWorker::run() {
    {
        SshSessionLoop loop(*this);
        loop.run();
    }  // the session is freed here, on the thread that used it
    // Whatever arrived after the loop's last look: hand it back, then refuse more.
    for (SshCall& call : takeInbox(true)) {
        if (!call.cancel->load()) {
            Q_EMIT callResult(call.id,
                              {{QStringLiteral("ok"), false},
                               {QStringLiteral("error_code"), QStringLiteral("connect_failed")},
                               {QStringLiteral("error"), tr("The SSH session closed; run again.")},
                               {QStringLiteral("host"), m_target.host.alias}},
                              true);
        }
        Q_EMIT callReleased(call.id);
    }
}

}  // namespace zerg
