#pragma once

#include "api/api_backend.h"
#include "core/clock.h"
#include "core/event.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>

#include <deque>
#include <functional>
#include <memory>
#include <optional>

class QWebSocket;

namespace zerg::api {

struct DashboardOp;

class EventLog;
struct ApiServerConfig;

// The event frame of docs/api.md: {type: "event", seq, event, at, data}, compact JSON text.
[[nodiscard]] QString eventFrame(const Event& e);

// What a connection needs of its server. Everything outlives the connection.
struct ConnectionContext {
    const ApiServerConfig* config = nullptr;
    ApiBackend* backend = nullptr;
    Clock* clock = nullptr;
    const EventLog* log = nullptr;
};

// One client of the API server: authentication, limits, commands and its event stream
// (docs/api.md). Owns its socket. Emits finished() once the socket is gone; the server then
// deletes it later.
class ApiConnection : public QObject {
    Q_OBJECT
public:
    // Takes ownership of socket, which has completed its handshake.
    ApiConnection(quint64 id, QWebSocket* socket, ConnectionContext context,
                  QObject* parent = nullptr);
    ~ApiConnection() override;

    // Sends hello and starts the authentication deadline.
    void start();

    [[nodiscard]] quint64 id() const { return m_id; }
    // Subscribed, authenticated as ownerId, and not closing.
    [[nodiscard]] bool wantsEvents(qint64 ownerId) const;
    // A live event; frame is eventFrame(e), made once for all clients.
    void sendEvent(const Event& e, const QString& frame);
    // Closes with a WebSocket close code; the peer gets closeGraceMs to answer, then is cut off.
    void closeWith(int code, const QString& reason);

Q_SIGNALS:
    void finished(zerg::api::ApiConnection* self);

private:
    // A reply waiting for its turn: replies go out in command order even when one is async.
    struct ReplySlot {
        bool ready = false;
        QString frame;                 // sent when ready, unless action is set
        std::function<void()> action;  // runs in its turn (subscribe, unsubscribe)
    };
    struct TokenBucket {
        double tokens = 0;
        qint64 lastMs = 0;
    };

    void onMessage(const QByteArray& utf8, bool binary);
    void handle(const QJsonValue& id, const QString& op, const QJsonObject& command);
    // Re-checks the session token before a command; false when the command must not run
    // (the connection is closing, or the reply already says why).
    bool recheckToken(const QJsonValue& id);
    void login(const QJsonValue& id, const QJsonObject& command);
    void auth(const QJsonValue& id, const QJsonObject& command);
    void logout(const QJsonValue& id);
    void subscribe(const QJsonValue& id, const QJsonObject& command);
    void startSubscription(const QJsonValue& id, std::optional<qint64> after,
                           std::optional<QString> stream);
    void schedules(const QJsonValue& id, const QJsonObject& command);
    // A dashboard command (api/dashboard_ops.h), answered in turn when the owner's source has.
    void dashboard(const QJsonValue& id, const DashboardOp& op, const QJsonObject& command);
    // Keeps the reply's place among the replies; the returned callback (once) fills it in.
    ApiBackend::Done replyLater(const QJsonValue& id);
    [[nodiscard]] Result<QJsonObject> runSync(const QString& op, const QJsonObject& command);

    void authenticated(const Identity& identity, const QString& token);
    void authFailed(const QJsonValue& id, const Error& error);
    void armAuthDeadline();
    void armTokenRecheck();
    [[nodiscard]] bool takeRateToken();

    void reply(const QJsonValue& id, const Result<QJsonObject>& result);
    void replyError(const QJsonValue& id, const QString& code, const QString& message);
    void queueReply(const QString& frame);
    void inTurn(std::function<void()> action);
    void flushReplies();
    void sendFrame(const QString& frame);
    void pumpEvents();
    [[nodiscard]] QString describe() const;

    quint64 m_id;
    QWebSocket* m_socket;  // owned (child)
    ConnectionContext m_ctx;

    std::optional<Identity> m_identity;
    QString m_token;
    int m_authFailures = 0;
    Clock::TimerId m_authDeadline = 0;
    Clock::TimerId m_recheck = 0;

    TokenBucket m_bucket;
    int m_refusedInARow = 0;

    std::deque<std::shared_ptr<ReplySlot>> m_replies;
    bool m_runningSlot = false;  // an in-turn action is running: its reply goes out now
    bool m_subscribed = false;
    std::deque<Event> m_pendingEvents;  // replay, then live events queued behind it

    bool m_closing = false;
    bool m_finished = false;
};

}  // namespace zerg::api
