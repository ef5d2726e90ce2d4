#include "api/remote_client.h"

#include "core/event_bus.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSslError>
#include <QWebSocket>

#include <algorithm>
#include <utility>

Q_LOGGING_CATEGORY(lcRemote, "zerg.remote")

namespace zerg::api {

namespace {

using namespace Qt::StringLiterals;

constexpr int ProtocolVersion = 1;
constexpr int TokenRefusedCloseCode = 4401;
constexpr qint64 LoginTimeoutMs = 15'000;

QString toText(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject parseFrame(const QString& text) {
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

Result<QJsonObject> replyResult(const QJsonObject& frame) {
    if (frame.value(u"ok"_s).toBool())
        return frame.value(u"result"_s).toObject();
    const QJsonObject error = frame.value(u"error"_s).toObject();
    QString code = error.value(u"code"_s).toString();
    if (code.isEmpty())
        code = u"internal"_s;
    return Error{code, error.value(u"message"_s).toString()};
}

QString sslErrorsText(const QList<QSslError>& errors) {
    QStringList texts;
    for (const QSslError& e : errors)
        texts.append(e.errorString());
    return texts.join(u"; "_s);
}

// The one-shot `login` of RemoteClient::login: owns its socket and deletes itself once done.
class LoginAttempt final : public QObject {
public:
    LoginAttempt(const QUrl& url, QString secret, Clock* clock, QObject* context,
                 RemoteClient::LoginDone done)
        : m_url(url),
          m_secret(std::move(secret)),
          m_clock(clock),
          m_context(context),
          m_hasContext(context != nullptr),
          m_done(std::move(done)),
          m_socket(new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this)) {
        connect(m_socket, &QWebSocket::textMessageReceived, this, &LoginAttempt::onText);
        connect(m_socket, &QWebSocket::sslErrors, this,
                [this](const QList<QSslError>& errors) { m_socketError = sslErrorsText(errors); });
        connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
                [this](QAbstractSocket::SocketError) {
                    if (m_socketError.isEmpty())
                        m_socketError = m_socket->errorString();
                    if (m_socket->state() == QAbstractSocket::UnconnectedState)
                        unreachable();
                });
        // The socket's error (connection refused…) may be reported just after: wait for it.
        connect(m_socket, &QWebSocket::disconnected, this, [this] {
            QMetaObject::invokeMethod(this, &LoginAttempt::unreachable, Qt::QueuedConnection);
        });
        m_timer = m_clock->callAfter(LoginTimeoutMs, this, [this] {
            m_timer = 0;
            finish(Error{u"timeout"_s,
                         QObject::tr("The server at %1 did not answer within %2 s. Check the "
                                     "address and that `zerg serve` is running there.")
                             .arg(m_url.toString())
                             .arg(LoginTimeoutMs / 1000)});
        });
        m_socket->open(m_url);
    }

private:
    void onText(const QString& text) {
        const QJsonObject frame = parseFrame(text);
        const QString type = frame.value(u"type"_s).toString();
        if (type == u"hello"_s) {
            m_socket->sendTextMessage(
                toText({{u"id"_s, 1}, {u"op"_s, u"login"_s}, {u"device_secret"_s, m_secret}}));
            return;
        }
        if (type != u"reply"_s || frame.value(u"id"_s).toInteger() != 1)
            return;
        const Result<QJsonObject> r = replyResult(frame);
        if (!r) {
            if (r.error().code == u"auth_failed"_s) {
                return finish(
                    Error{u"auth_failed"_s,
                          QObject::tr("The server refused the device secret: %1 Ask for a new one "
                                      "(`zerg devices add NAME` on the server) and try again.")
                              .arg(r.error().message)});
            }
            return finish(r.error());
        }
        LoginResult login;
        login.token = r->value(u"token"_s).toString();
        login.expiresAt =
            QDateTime::fromString(r->value(u"expires_at"_s).toString(), Qt::ISODateWithMs);
        login.ownerId = r->value(u"owner_id"_s).toInteger();
        login.deviceId = r->value(u"device_id"_s).toInteger();
        if (login.token.isEmpty()) {
            return finish(
                Error{u"protocol"_s, QObject::tr("The server at %1 answered the login without a "
                                                 "token; is it a Zerg server of the same version?")
                                         .arg(m_url.toString())});
        }
        finish(std::move(login));
    }

    void unreachable() {
        const QString why =
            m_socketError.isEmpty() ? QObject::tr("the connection was closed") : m_socketError;
        finish(Error{u"unreachable"_s,
                     QObject::tr("Cannot reach %1: %2. Is `zerg serve` running there, and is the "
                                 "address right?")
                         .arg(m_url.toString(), why)});
    }

    void finish(Result<LoginResult> result) {
        if (m_finished)
            return;
        m_finished = true;
        m_clock->cancel(m_timer);
        m_socket->disconnect(this);
        m_socket->close();
        deleteLater();
        if (!m_hasContext || m_context)
            m_done(std::move(result));
    }

    QUrl m_url;
    QString m_secret;
    Clock* m_clock;
    QPointer<QObject> m_context;
    bool m_hasContext;
    RemoteClient::LoginDone m_done;
    QWebSocket* m_socket;
    Clock::TimerId m_timer = 0;
    QString m_socketError;
    bool m_finished = false;
};

}  // namespace

RemoteClient::RemoteClient(QUrl url, QString token, EventBus* bus, Clock* clock, Options options,
                           QObject* parent)
    : QObject(parent),
      m_url(std::move(url)),
      m_token(std::move(token)),
      m_bus(bus),
      m_clock(clock),
      m_options(options),
      m_statusText(tr("Not connected")),
      m_nextRetryMs(options.firstRetryMs) {}

RemoteClient::~RemoteClient() {
    m_clock->cancel(m_retryTimer);
    m_clock->cancel(m_handshakeTimer);
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

Result<QUrl> RemoteClient::parseUrl(const QString& text) {
    const QString trimmed = text.trimmed();
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    const QString example = u"ws://127.0.0.1:8765 or wss://zerg.example.com:8765"_s;
    if (trimmed.isEmpty())
        return Error{u"invalid_url"_s, tr("No server URL given; give one like %1.").arg(example)};
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != u"ws"_s && scheme != u"wss"_s && scheme != u"http"_s && scheme != u"https"_s)) {
        return Error{u"invalid_url"_s,
                     tr("\"%1\" is not a server URL: it must start with ws:// or wss:// and name "
                        "a host, like %2.")
                         .arg(trimmed, example)};
    }
    if (scheme == u"http"_s || scheme == u"https"_s) {
        QUrl suggestion = url;
        suggestion.setScheme(scheme == u"http"_s ? u"ws"_s : u"wss"_s);
        return Error{u"invalid_url"_s,
                     tr("\"%1\" is a web address; the Zerg server speaks WebSocket: use %2.")
                         .arg(trimmed, suggestion.toString())};
    }
    QUrl normalized = url;
    normalized.setScheme(scheme);
    return normalized;
}

void RemoteClient::login(const QUrl& url, const QString& deviceSecret, Clock* clock,
                         QObject* context, LoginDone done) {
    // Deletes itself once done; not parented so that it outlives nothing it needs.
    new LoginAttempt(url, deviceSecret, clock, context, std::move(done));
}

QString RemoteClient::address() const {
    const int defaultPort = m_url.scheme() == u"wss"_s ? 443 : 80;
    return u"%1:%2"_s.arg(m_url.host()).arg(m_url.port(defaultPort));
}

void RemoteClient::start() {
    if (m_state == State::Connecting || m_state == State::Connected)
        return;
    m_clock->cancel(m_retryTimer);
    m_retryTimer = 0;
    m_nextRetryMs = m_options.firstRetryMs;
    connectNow();
}

void RemoteClient::stop() {
    m_clock->cancel(m_retryTimer);
    m_retryTimer = 0;
    if (m_socket) {
        QWebSocket* socket = std::exchange(m_socket, nullptr);
        socket->disconnect(this);
        socket->close();
        socket->deleteLater();
    }
    m_clock->cancel(m_handshakeTimer);
    m_handshakeTimer = 0;
    m_live = false;
    setState(State::Idle, tr("Not connected"));
    failAll(u"disconnected"_s, tr("the app closed the connection"));
}

void RemoteClient::connectNow() {
    dropSocket();
    m_live = false;
    m_socketError.clear();
    setState(State::Connecting, tr("Connecting to %1…").arg(m_url.toString()));
    m_socket = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    QWebSocket* socket = m_socket;
    connect(socket, &QWebSocket::textMessageReceived, this, &RemoteClient::onText);
    connect(socket, &QWebSocket::sslErrors, this, [this](const QList<QSslError>& errors) {
        m_socketError = tr("TLS: %1").arg(sslErrorsText(errors));
    });
    connect(socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this, socket](QAbstractSocket::SocketError) {
                if (m_socketError.isEmpty())
                    m_socketError = socket->errorString();
                // A refused or unresolvable connection never reaches "disconnected".
                if (socket->state() == QAbstractSocket::UnconnectedState)
                    onLost(m_socketError, socket->closeCode(), socket->closeReason());
            });
    connect(socket, &QWebSocket::disconnected, this, [this, socket] {
        // The socket's error (connection refused…) may be reported just after: wait for it.
        QMetaObject::invokeMethod(
            this,
            [this, socket = QPointer<QWebSocket>(socket)] {
                if (socket && socket == m_socket)
                    onLost(m_socketError, socket->closeCode(), socket->closeReason());
            },
            Qt::QueuedConnection);
    });
    m_handshakeTimer = m_clock->callAfter(m_options.handshakeTimeoutMs, this, [this] {
        m_handshakeTimer = 0;
        onLost(tr("no answer within %1 s").arg(m_options.handshakeTimeoutMs / 1000), 0, {});
    });
    socket->open(m_url);
}

void RemoteClient::onText(const QString& text) {
    const QJsonObject frame = parseFrame(text);
    const QString type = frame.value(u"type"_s).toString();
    if (type == u"event"_s)
        onEvent(frame);
    else if (type == u"reply"_s)
        onReply(frame);
    else if (type == u"hello"_s)
        onHello(frame);
    else
        qCWarning(lcRemote, "ignored a frame from %s that is not hello, reply or event",
                  qPrintable(address()));
}

void RemoteClient::onHello(const QJsonObject& hello) {
    const int protocol = hello.value(u"protocol"_s).toInt();
    if (protocol != ProtocolVersion) {
        dropSocket();
        failAll(u"not_connected"_s, tr("the server speaks another protocol"));
        setState(State::Refused, tr("The server at %1 speaks protocol %2; this Zerg speaks %3. "
                                    "Use the same Zerg version on both sides.")
                                     .arg(address())
                                     .arg(protocol)
                                     .arg(ProtocolVersion));
        return;
    }
    Pending auth;
    auth.op = u"auth"_s;
    auth.context = this;
    auth.hasContext = true;
    auth.done = [this](Result<QJsonObject> r) {
        if (r.ok())
            return onAuthenticated(*r);
        if (r.error().code == u"auth_failed"_s)
            return refuse(r.error().message);
        onLost(r.error().message, 0, {});
    };
    send(u"auth"_s, {{u"token"_s, m_token}}, std::move(auth));
}

void RemoteClient::onAuthenticated(const QJsonObject& result) {
    m_ownerId = result.value(u"owner_id"_s).toInteger();
    subscribe();
}

void RemoteClient::subscribe() {
    const bool resuming = !m_stream.isEmpty();
    QJsonObject args;
    if (resuming) {
        args.insert(u"after"_s, m_lastSeq);
        args.insert(u"stream"_s, m_stream);
    }
    Pending pending;
    pending.op = u"subscribe"_s;
    pending.context = this;
    pending.hasContext = true;
    pending.done = [this, resuming](Result<QJsonObject> r) { onSubscribed(r, resuming); };
    send(u"subscribe"_s, args, std::move(pending));
}

void RemoteClient::onSubscribed(const Result<QJsonObject>& reply, bool resuming) {
    if (!reply) {
        const QString code = reply.error().code;
        if (code == u"resume_gap"_s || code == u"stream_reset"_s) {
            qCInfo(lcRemote, "cannot resume the event stream of %s (%s); subscribing afresh",
                   qPrintable(address()), qPrintable(code));
            m_stream.clear();
            m_lastSeq = 0;
            m_resyncNeeded = true;
            return subscribe();
        }
        return onLost(reply.error().message, 0, {});
    }
    m_stream = reply->value(u"stream"_s).toString();
    if (!resuming)  // the events that follow are the ones after last_seq
        m_lastSeq = reply->value(u"last_seq"_s).toInteger();
    m_clock->cancel(m_handshakeTimer);
    m_handshakeTimer = 0;
    m_live = true;
    m_nextRetryMs = m_options.firstRetryMs;
    setState(State::Connected, tr("Connected to %1").arg(address()));
    std::deque<Queued> queued = std::exchange(m_queued, {});
    for (Queued& q : queued)
        send(q.op, std::move(q.args), std::move(q.pending));
    Q_EMIT ready();
    if (std::exchange(m_resyncNeeded, false))
        Q_EMIT resynced();
}

void RemoteClient::onEvent(const QJsonObject& frame) {
    const qint64 seq = frame.value(u"seq"_s).toInteger();
    if (seq > 0 && seq <= m_lastSeq)
        return;  // already published (a resume never repeats one, but be sure)
    m_lastSeq = qMax(m_lastSeq, seq);
    const QJsonObject data = frame.value(u"data"_s).toObject();
    const qint64 owner = m_options.localOwnerId != 0 ? m_options.localOwnerId
                                                     : data.value(u"owner_id"_s).toInteger();
    m_bus->publish(frame.value(u"event"_s).toString(), owner, data);
}

void RemoteClient::onReply(const QJsonObject& frame) {
    const QJsonValue id = frame.value(u"id"_s);
    const auto it = id.isDouble() ? m_pending.find(id.toInteger()) : m_pending.end();
    if (it == m_pending.end()) {
        qCWarning(lcRemote, "a reply from %s matches no command: %s", qPrintable(address()),
                  qPrintable(toText(frame).left(300)));
        return;
    }
    Pending pending = std::move(it.value());
    m_pending.erase(it);
    finish(pending, replyResult(frame));
}

void RemoteClient::onLost(const QString& why, int closeCode, const QString& closeReason) {
    if (!m_socket)
        return;  // this attempt has already ended
    const bool wasLive = m_live;
    m_live = false;
    dropSocket();
    if (closeCode == TokenRefusedCloseCode)
        return refuse(closeReason.isEmpty() ? tr("the connection was closed with code 4401.")
                                            : closeReason + u'.');
    QString reason = why;
    if (reason.isEmpty()) {
        reason = closeReason.isEmpty()
                     ? tr("closed by the server")
                     : tr("closed by the server: %1 (%2)").arg(closeReason).arg(closeCode);
    }
    const qint64 delay = m_nextRetryMs;
    m_nextRetryMs = qMin(m_options.maxRetryMs, m_nextRetryMs * 2);
    const QString seconds = QString::number(double(delay) / 1000.0);
    const QString status =
        wasLive
            ? tr("Lost the connection to %1 (%2); reconnecting in %3 s")
                  .arg(m_url.toString(), reason, seconds)
            : tr("Cannot reach %1: %2; retrying in %3 s").arg(m_url.toString(), reason, seconds);
    qCInfo(lcRemote, "%s", qPrintable(status));
    setState(State::Waiting, status);
    failAll(u"disconnected"_s, reason);
    if (m_state != State::Waiting)
        return;  // a callback stopped or restarted the client
    m_retryTimer = m_clock->callAfter(delay, this, [this] {
        m_retryTimer = 0;
        connectNow();
    });
}

void RemoteClient::refuse(const QString& message) {
    dropSocket();
    m_clock->cancel(m_retryTimer);
    m_retryTimer = 0;
    m_live = false;
    const QString status = tr("The server refused the session token: %1 Run `zerg connect %2` "
                              "again.")
                               .arg(message, m_url.toString());
    qCWarning(lcRemote, "%s", qPrintable(status));
    setState(State::Refused, status);
    failAll(u"not_connected"_s, status);
}

void RemoteClient::request(const QString& op, QJsonObject args, QObject* context, Done done) {
    Pending pending;
    pending.op = op;
    pending.context = context;
    pending.hasContext = context != nullptr;
    pending.done = std::move(done);
    switch (m_state) {
        case State::Connected:
            return send(op, std::move(args), std::move(pending));
        case State::Connecting:
            m_queued.push_back({op, std::move(args), std::move(pending)});
            return;
        case State::Idle:
        case State::Waiting:
        case State::Refused:
            break;
    }
    finish(pending,
           Error{u"not_connected"_s, tr("Not connected to the Zerg server. %1").arg(m_statusText)});
}

void RemoteClient::send(const QString& op, QJsonObject args, Pending pending) {
    const qint64 id = m_nextId++;
    args.insert(u"id"_s, id);
    args.insert(u"op"_s, op);
    m_pending.insert(id, std::move(pending));
    m_socket->sendTextMessage(toText(args));
}

void RemoteClient::failAll(const QString& code, const QString& message) {
    QHash<qint64, Pending> sent = std::exchange(m_pending, {});
    std::deque<Queued> queued = std::exchange(m_queued, {});
    // In the order they were sent: ids increase.
    QList<qint64> ids = sent.keys();
    std::sort(ids.begin(), ids.end());
    for (const qint64 id : ids) {
        Pending& p = sent[id];
        if (p.context == this)
            continue;  // the client's own auth and subscribe
        finish(p, Error{code, tr("The connection to %1 was lost before the server answered `%2` "
                                 "(%3); it may or may not have been done. Try again once "
                                 "reconnected.")
                                  .arg(m_url.toString(), p.op, message)});
    }
    for (Queued& q : queued) {
        finish(q.pending,
               Error{u"not_connected"_s,
                     tr("Could not send `%1` to %2: %3").arg(q.op, m_url.toString(), message)});
    }
}

void RemoteClient::dropSocket() {
    m_clock->cancel(m_handshakeTimer);
    m_handshakeTimer = 0;
    if (!m_socket)
        return;
    QWebSocket* socket = std::exchange(m_socket, nullptr);
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
}

void RemoteClient::setState(State state, const QString& status) {
    const bool stateChanged_ = state != m_state;
    const bool textChanged = status != m_statusText;
    m_state = state;
    m_statusText = status;
    if (stateChanged_)
        Q_EMIT stateChanged();
    if (textChanged)
        Q_EMIT statusTextChanged();
}

void RemoteClient::finish(Pending& pending, Result<QJsonObject> result) {
    if (pending.hasContext && !pending.context)
        return;
    if (pending.done)
        pending.done(std::move(result));
}

}  // namespace zerg::api
