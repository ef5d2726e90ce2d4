#pragma once

#include "core/clock.h"
#include "core/result.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <deque>
#include <functional>

class QWebSocket;

namespace zerg {
class EventBus;
}  // namespace zerg

namespace zerg::api {

// What `login` with a device secret gives back (docs/api.md, "Authentication").
struct LoginResult {
    QString token;
    QDateTime expiresAt;  // UTC
    qint64 ownerId = 0;
    qint64 deviceId = 0;
};

// A client of `zerg serve` (docs/api.md) for the desktop app in remote mode: one QWebSocket that
// authenticates with a session token, subscribes to the owner's events and publishes each of them
// again on a local EventBus, so that the models built for the in-process backend work unchanged.
// Commands go through request(), their replies matched by id. A dropped connection is opened again
// with backoff (1, 2, 4 … 30 s) and the event stream resumes after the last event received; when
// the server cannot resume (resume_gap, stream_reset) it subscribes afresh and emits resynced().
// A refused token (auth_failed, close code 4401) is not retried: state() becomes Refused.
class RemoteClient : public QObject {
    Q_OBJECT
    Q_PROPERTY(State state READ state NOTIFY stateChanged FINAL)
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusTextChanged FINAL)

public:
    enum class State {
        Idle,        // not started, or stopped
        Connecting,  // opening, authenticating, subscribing
        Connected,   // authenticated and subscribed: events flow, requests are sent
        Waiting,     // the connection failed or dropped; the next attempt is scheduled
        Refused,     // the server refused the token: no more attempts until start() again
    };
    Q_ENUM(State)

    struct Options {
        qint64 firstRetryMs = 1000;  // doubled after each failed attempt…
        qint64 maxRetryMs = 30'000;  // …up to this
        // Opening, hello, auth and subscribe must be done within this, or the attempt fails.
        qint64 handshakeTimeoutMs = 15'000;
        // Events are published on the local bus as this owner's (the one local user the app
        // shows); 0 keeps the server's owner id.
        qint64 localOwnerId = 0;
    };

    using Done = std::function<void(Result<QJsonObject>)>;
    using LoginDone = std::function<void(Result<LoginResult>)>;

    // bus and clock must outlive the client. Nothing happens until start().
    RemoteClient(QUrl url, QString token, EventBus* bus, Clock* clock, Options options,
                 QObject* parent = nullptr);
    RemoteClient(QUrl url, QString token, EventBus* bus, Clock* clock, QObject* parent = nullptr)
        : RemoteClient(std::move(url), std::move(token), bus, clock, Options{}, parent) {}
    ~RemoteClient() override;

    // A ws:// or wss:// URL with a host, from what a user typed. Errors ("invalid_url") say what
    // is wrong and show an example.
    [[nodiscard]] static Result<QUrl> parseUrl(const QString& text);

    // One-shot: opens url, exchanges the device secret for a session token, closes, and calls
    // done on context's thread (never when context is gone). Errors: invalid_url, unreachable,
    // timeout, auth_failed, protocol, and the server's own codes.
    static void login(const QUrl& url, const QString& deviceSecret, Clock* clock, QObject* context,
                      LoginDone done);

    // Connects (again, after stop() or a refusal) and keeps connecting until stop().
    void start();
    // Closes the connection for good; pending requests fail with "disconnected".
    void stop();

    // Sends the command {id, op, ...args} and calls done with its reply's result or error (code
    // and message of docs/api.md). Before the connection is up (Connecting) the command waits for
    // it; when there is no connection (Waiting, Refused, Idle) done gets "not_connected" at once.
    // Commands in flight when the connection drops fail with "disconnected" (the server may or
    // may not have run them). done runs on this thread, possibly before request() returns, and
    // not at all once context (when given) is gone.
    void request(const QString& op, QJsonObject args, QObject* context, Done done);

    [[nodiscard]] State state() const { return m_state; }
    // For people: "Connected to host:port", "Cannot reach …; retrying in 4 s", …
    [[nodiscard]] QString statusText() const { return m_statusText; }
    [[nodiscard]] QUrl url() const { return m_url; }
    // "host:port" of the server.
    [[nodiscard]] QString address() const;
    // The owner the token belongs to (0 before the first authentication).
    [[nodiscard]] qint64 ownerId() const { return m_ownerId; }
    // The server's event stream and the seq of the newest event received from it.
    [[nodiscard]] QString streamId() const { return m_stream; }
    [[nodiscard]] qint64 lastSeq() const { return m_lastSeq; }

Q_SIGNALS:
    void stateChanged();
    void statusTextChanged();
    // Authenticated and subscribed, after each (re)connection.
    void ready();
    // Events may have been missed (the server restarted or no longer had them): views that show
    // server data should load it again.
    void resynced();

private:
    struct Pending {
        QString op;
        QPointer<QObject> context;
        bool hasContext = false;
        Done done;
    };
    struct Queued {
        QString op;
        QJsonObject args;
        Pending pending;
    };

    void connectNow();
    void onText(const QString& text);
    void onHello(const QJsonObject& hello);
    void onAuthenticated(const QJsonObject& result);
    void subscribe();
    void onSubscribed(const Result<QJsonObject>& reply, bool resuming);
    void onEvent(const QJsonObject& frame);
    void onReply(const QJsonObject& frame);
    // The attempt or the connection ended: why is for people ("Connection refused").
    void onLost(const QString& why, int closeCode, const QString& closeReason);
    void refuse(const QString& message);
    void send(const QString& op, QJsonObject args, Pending pending);
    void failAll(const QString& code, const QString& message);
    void dropSocket();
    void setState(State state, const QString& status);
    static void finish(Pending& pending, Result<QJsonObject> result);

    QUrl m_url;
    QString m_token;
    EventBus* m_bus;
    Clock* m_clock;
    Options m_options;

    QWebSocket* m_socket = nullptr;  // child; one per attempt
    State m_state = State::Idle;
    QString m_statusText;
    bool m_live = false;  // this attempt reached Connected
    Clock::TimerId m_retryTimer = 0;
    Clock::TimerId m_handshakeTimer = 0;
    qint64 m_nextRetryMs = 0;
    QString m_socketError;  // the socket's last error, for the status

    qint64 m_nextId = 1;
    QHash<qint64, Pending> m_pending;  // sent, waiting for the reply
    std::deque<Queued> m_queued;       // waiting for the connection

    qint64 m_ownerId = 0;
    QString m_stream;      // the stream of the events received; empty: subscribe afresh
    qint64 m_lastSeq = 0;  // the newest event received from m_stream
    bool m_resyncNeeded = false;
};

}  // namespace zerg::api
