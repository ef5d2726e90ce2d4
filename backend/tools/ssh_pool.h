#pragma once

#include "core/clock.h"
#include "tools/ssh_session_worker.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace zerg {

struct SshPoolOptions {
    int maxConnectionsPerHost = 4;
    // Channels (concurrent commands) per connection. OpenSSH's MaxSessions defaults to 10; a
    // cancelled call briefly needs a second channel for the kill, hence the margin.
    int maxChannelsPerConnection = 6;
    qint64 idleCloseMs = 60 * 1000;  // a connection without calls for this long is closed
};

// SSH connections shared by every ssh_exec call, several per host, each an SshSessionWorker
// thread running several commands at once as channels of one session.
//
// A call goes to the least busy open connection of its host with a free channel, else to a new
// connection (up to maxConnectionsPerHost), else waits for a channel. A connection that has had no
// call for idleCloseMs (on the injected Clock) is closed; one whose server hangs up while idle
// leaves the pool by itself. When a pooled session turns out dead before a command was sent (the
// server dropped it, a channel cannot be opened), the call is run once more on a fresh connection
// before it fails, and that session is retired. Lives on one thread (the GUI thread): submit()
// and cancel() must be called there, and results are delivered there.
class SshPool final : public QObject {
    Q_OBJECT
public:
    using Done = std::function<void(const QJsonObject& payload)>;

    // clock: timers for idle close; null means a SystemClock owned by the pool.
    explicit SshPool(SshPoolOptions opts, Clock* clock = nullptr, QObject* parent = nullptr);
    // Stops every connection (running commands are killed, bounded to about 2 s in all); calls
    // still running get no result.
    ~SshPool() override;

    // Runs call.command on target's host. `done` runs on this thread exactly once with the tool
    // payload (no duration_ms), unless cancel() comes first or `context` is destroyed. Returns
    // the call id.
    quint64 submit(const SshTarget& target, SshCall call, QObject* context, Done done);
    // Forgets the call (done is not called) and kills its remote command in the background.
    void cancel(quint64 id);

    // Connections of the alias that are open or opening (not those closing).
    [[nodiscard]] int connectionCount(const QString& alias) const;
    // Connections started since the pool was created (tests and benchmarks).
    [[nodiscard]] int connectionsStarted() const { return m_started; }
    // Calls run again on a fresh connection after their pooled session turned out dead.
    [[nodiscard]] int reconnects() const { return m_reconnects; }

private:
    struct Connection {
        SshSessionWorker* worker = nullptr;  // owned; deleted once its thread has finished
        QString key;
        QSet<quint64> calls;  // submitted, not yet released
        bool closing = false;
        Clock::TimerId idleTimer = 0;
    };
    struct PendingCall {
        SshTarget target;
        SshCall call;
        QPointer<QObject> context;
        Done done;
        bool retried = false;
    };

    static QString keyOf(const SshTarget& t);
    void dispatch(quint64 id);
    void dispatchWaiting();
    Connection* pickConnection(const QString& key);
    Connection* startConnection(const SshTarget& target);
    Connection* find(SshSessionWorker* w);
    void onResult(SshSessionWorker* w, quint64 id, const QJsonObject& payload, bool retriable);
    void onReleased(SshSessionWorker* w, quint64 id);
    void onFinished(SshSessionWorker* w);
    void armIdleTimer(Connection& c);
    void closeConnection(Connection& c);

    SshPoolOptions m_opts;
    Clock* m_clock;
    std::unique_ptr<Clock> m_ownClock;
    std::vector<std::unique_ptr<Connection>> m_connections;
    QHash<quint64, PendingCall> m_calls;  // not finished, not cancelled
    std::deque<quint64> m_waiting;        // calls without a connection yet, in order
    quint64 m_nextId = 1;
    int m_started = 0;
    int m_reconnects = 0;
};

}  // namespace zerg
