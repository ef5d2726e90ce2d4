#pragma once

#include "supervision/exit_reason.h"

#include <QObject>

namespace zerg::supervision {

// Something a Supervisor runs: the Qt counterpart of an OTP child process. A child reports its
// end exactly once through exited(); everything it does in between is its own business.
//
// Writing a child: do the work, and when it ends call finish() with why (normal when done, a
// crash when something failed that nobody handled). Catch every exception at the child's
// boundary and turn it into finish(ExitReason::crash(...)): exceptions never cross the event loop.
// A child is owned by its supervisor once started; it is deleted (deleteLater) after it exits.
class Child : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Child() override = default;

    // A graceful stop request (OTP's exit(Child, shutdown)). The child should wrap up and call
    // finish(ExitReason::shutdown()) now or later; it may also ignore the request, in which case
    // its supervisor kills it when the child's shutdown timeout runs out. The default finishes at
    // once with shutdown.
    virtual void requestShutdown();

    // Stop now, without cleanup (OTP's exit(Child, kill)). Must report exited(killed) before
    // returning; the supervisor treats the child as killed even if it does not. An override
    // aborts what it is doing and then calls Child::kill().
    virtual void kill();

    [[nodiscard]] bool hasExited() const { return m_exited; }
    [[nodiscard]] ExitReason exitReason() const { return m_reason; }

Q_SIGNALS:
    // Emitted exactly once, when the child has stopped for good.
    void exited(const zerg::supervision::ExitReason& reason);

protected:
    // Reports the exit. Only the first call counts; later calls are ignored.
    void finish(const ExitReason& reason);

private:
    bool m_exited = false;
    ExitReason m_reason;
};

}  // namespace zerg::supervision
