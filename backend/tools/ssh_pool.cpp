#include "tools/ssh_pool.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>

#include <algorithm>

namespace zerg {
namespace {

// ~SshPool: how long destroying the pool may block its thread for all connections together,
// while they kill running commands and say goodbye. Past this they finish by themselves.
constexpr qint64 kJoinMs = 2000;

}  // namespace

SshPool::SshPool(SshPoolOptions opts, Clock* clock, QObject* parent)
    : QObject(parent), m_opts(opts), m_clock(clock) {
    m_opts.maxConnectionsPerHost = std::max(1, m_opts.maxConnectionsPerHost);
    m_opts.maxChannelsPerConnection = std::max(1, m_opts.maxChannelsPerConnection);
    if (!m_clock) {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
}

SshPool::~SshPool() {
    for (auto& c : m_connections) {
        if (c->idleTimer)
            m_clock->cancel(c->idleTimer);
        c->worker->disconnect(this);
        c->worker->requestStop();
    }
    QElapsedTimer waited;
    waited.start();
    for (auto& c : m_connections) {
        SshSessionWorker* w = c->worker;
        if (w->wait(QDeadlineTimer(std::max<qint64>(0, kJoinMs - waited.elapsed())))) {
            delete w;
            continue;
        }
        // Still in a call libssh cannot interrupt (a slow DNS lookup): the thread deletes
        // itself when it ends rather than blocking the GUI longer.
        connect(w, &QThread::finished, w, &QObject::deleteLater);
        if (w->isFinished())
            delete w;  // finished before we connected; deleting drops the event
    }
}

QString SshPool::keyOf(const SshTarget& t) {
    const HostEntry& h = t.host;
    QStringList parts{h.alias,
                      h.hostName,
                      QString::number(h.port),
                      h.user,
                      h.identityFiles.join(QLatin1Char('\x1f')),
                      t.knownHostsFile,
                      t.sshDir};
    // The way there too: a changed ProxyJump (or a jump host's address) is another connection.
    for (const HostEntry& jump : h.jumps) {
        parts << jump.alias << jump.hostName << QString::number(jump.port) << jump.user
              << jump.identityFiles.join(QLatin1Char('\x1f')) << jump.knownHostsFile;
    }
    parts << t.defaultKnownHostsFile;
    return parts.join(QLatin1Char('\x1e'));
}

quint64 SshPool::submit(const SshTarget& target, SshCall call, QObject* context, Done done) {
    const quint64 id = m_nextId++;
    call.id = id;
    m_calls.insert(id, PendingCall{target, std::move(call), context, std::move(done)});
    dispatch(id);
    return id;
}

void SshPool::cancel(quint64 id) {
    const auto it = m_calls.constFind(id);
    if (it == m_calls.cend())
        return;
    it->call.cancel->store(true);
    m_calls.erase(it);
    m_waiting.erase(std::remove(m_waiting.begin(), m_waiting.end(), id), m_waiting.end());
    for (auto& c : m_connections) {
        if (c->calls.contains(id))
            c->worker->wake();  // it kills the remote command, then releases the call
    }
}

int SshPool::connectionCount(const QString& alias) const {
    return int(std::count_if(m_connections.begin(), m_connections.end(), [&](const auto& c) {
        return !c->closing && c->worker->target().host.alias == alias;
    }));
}

SshPool::Connection* SshPool::pickConnection(const QString& key) {
    Connection* best = nullptr;
    for (auto& c : m_connections) {
        if (c->closing || c->key != key || c->calls.size() >= m_opts.maxChannelsPerConnection)
            continue;
        if (!best || c->calls.size() < best->calls.size())
            best = c.get();
    }
    return best;
}

SshPool::Connection* SshPool::startConnection(const SshTarget& target) {
    auto c = std::make_unique<Connection>();
    c->key = keyOf(target);
    c->worker = new SshSessionWorker(target);
    SshSessionWorker* w = c->worker;
    // Queued: the worker emits on its own thread.
    connect(w, &SshSessionWorker::callResult, this,
            [this, w](quint64 id, const QJsonObject& payload, bool retriable) {
                onResult(w, id, payload, retriable);
            });
    connect(w, &SshSessionWorker::callReleased, this, [this, w](quint64 id) { onReleased(w, id); });
    connect(w, &QThread::finished, this, [this, w] { onFinished(w); });
    w->start();
    ++m_started;
    m_connections.push_back(std::move(c));
    return m_connections.back().get();
}

SshPool::Connection* SshPool::find(SshSessionWorker* w) {
    for (auto& c : m_connections) {
        if (c->worker == w)
            return c.get();
    }
    return nullptr;
}

void SshPool::dispatch(quint64 id) {
    const auto it = m_calls.find(id);
    if (it == m_calls.end())
        return;
    const QString key = keyOf(it->target);
    for (;;) {
        const int open =
            int(std::count_if(m_connections.begin(), m_connections.end(),
                              [&](const auto& c) { return !c->closing && c->key == key; }));
        // A retried call gets a fresh session when there is room: its old one died, and the
        // others of that host may have died with it.
        Connection* c =
            it->retried && open < m_opts.maxConnectionsPerHost ? nullptr : pickConnection(key);
        if (!c && open < m_opts.maxConnectionsPerHost)
            c = startConnection(it->target);
        if (!c) {
            m_waiting.push_back(id);
            return;
        }
        if (c->worker->submit(it->call)) {
            c->calls.insert(id);
            if (c->idleTimer) {
                m_clock->cancel(c->idleTimer);
                c->idleTimer = 0;
            }
            return;
        }
        c->closing = true;  // it is ending (session lost); its finished() removes it
    }
}

void SshPool::dispatchWaiting() {
    std::deque<quint64> waiting;
    waiting.swap(m_waiting);
    for (quint64 id : waiting)
        dispatch(id);  // re-queued in order when there is still no room
}

void SshPool::onResult(SshSessionWorker* w, quint64 id, const QJsonObject& payload,
                       bool retriable) {
    const auto it = m_calls.find(id);
    if (it == m_calls.end())
        return;  // cancelled
    if (retriable && !it->retried) {
        it->retried = true;
        ++m_reconnects;
        if (Connection* c = find(w))
            c->closing = true;
        dispatch(id);
        return;
    }
    PendingCall done = m_calls.take(id);
    if (done.context && done.done)
        done.done(payload);
}

void SshPool::onReleased(SshSessionWorker* w, quint64 id) {
    if (Connection* c = find(w)) {
        c->calls.remove(id);
        if (c->calls.isEmpty()) {
            if (c->closing)
                c->worker->requestStop();  // retired after a failure: nothing runs on it now
            else
                armIdleTimer(*c);
        }
    }
    dispatchWaiting();
}

void SshPool::onFinished(SshSessionWorker* w) {
    const auto it = std::find_if(m_connections.begin(), m_connections.end(),
                                 [w](const auto& c) { return c->worker == w; });
    if (it == m_connections.end())
        return;
    if ((*it)->idleTimer)
        m_clock->cancel((*it)->idleTimer);
    m_connections.erase(it);
    w->wait();  // returns at once: finished() is the thread's last act
    w->deleteLater();
    dispatchWaiting();
}

void SshPool::armIdleTimer(Connection& c) {
    if (c.idleTimer)
        m_clock->cancel(c.idleTimer);
    SshSessionWorker* w = c.worker;
    c.idleTimer = m_clock->callAfter(m_opts.idleCloseMs, this, [this, w] {
        Connection* c = find(w);
        if (!c)
            return;
        c->idleTimer = 0;
        if (c->calls.isEmpty() && !c->closing)
            closeConnection(*c);
    });
}

void SshPool::closeConnection(Connection& c) {
    c.closing = true;
    if (c.idleTimer) {
        m_clock->cancel(c.idleTimer);
        c.idleTimer = 0;
    }
    c.worker->requestStop();
}

}  // namespace zerg
