#include "api/api_connection.h"

#include "api/api_args.h"
#include "api/api_server.h"
#include "api/dashboard_ops.h"
#include "api/event_log.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QPointer>
#include <QWebSocket>

#include <cmath>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace zerg::api {

namespace {

using namespace Qt::StringLiterals;

constexpr int ProtocolVersion = 1;
// While replaying, events are written in chunks of about this size as the client reads them,
// so that a long replay never looks like a client that does not read.
constexpr qint64 ReplayChunkBytes = 256 * 1024;

const QStringList& allOps() {
    static const QStringList ops = [] {
        QStringList all{u"login"_s,    u"auth"_s,      u"logout"_s,       u"ping"_s,
                        u"dispatch"_s, u"subscribe"_s, u"unsubscribe"_s,  u"run"_s,
                        u"runs"_s,     u"workers"_s,   u"worker"_s,       u"worker_file"_s,
                        u"cancel"_s,   u"schedules"_s, u"conversation"_s, u"record_spoken"_s};
        for (const DashboardOp& op : dashboardOps())
            all.append(op.name);
        return all;
    }();
    return ops;
}

QString toText(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString isoMs(const QDateTime& t) {
    return t.toUTC().toString(Qt::ISODateWithMs);
}

}  // namespace

QString eventFrame(const Event& e) {
    return toText(QJsonObject{{u"type"_s, u"event"_s},
                              {u"seq"_s, e.seq},
                              {u"event"_s, e.name},
                              {u"at"_s, isoMs(e.at)},
                              {u"data"_s, e.data}});
}

ApiConnection::ApiConnection(quint64 id, QWebSocket* socket, ConnectionContext context,
                             QObject* parent)
    : QObject(parent), m_id(id), m_socket(socket), m_ctx(context) {
    m_socket->setParent(this);
    m_socket->setMaxAllowedIncomingFrameSize(quint64(m_ctx.config->hardFrameBytes));
    m_socket->setMaxAllowedIncomingMessageSize(quint64(m_ctx.config->hardFrameBytes));
    m_bucket.tokens = m_ctx.config->commandBurst;
    m_bucket.lastMs = m_ctx.clock->nowMs();

    connect(m_socket, &QWebSocket::textMessageReceived, this,
            [this](const QString& text) { onMessage(text.toUtf8(), false); });
    connect(m_socket, &QWebSocket::binaryMessageReceived, this,
            [this](const QByteArray& data) { onMessage(data, true); });
    connect(m_socket, &QWebSocket::bytesWritten, this, [this] { pumpEvents(); });
    connect(m_socket, &QWebSocket::disconnected, this, [this] {
        if (m_finished)
            return;
        m_finished = true;
        m_closing = true;
        qCInfo(lcApi, "client #%llu disconnected (%s, close code %d)", m_id, qPrintable(describe()),
               int(m_socket->closeCode()));
        Q_EMIT finished(this);
    });
}

ApiConnection::~ApiConnection() {
    m_socket->disconnect(this);  // no finished() from a connection being destroyed
    m_ctx.clock->cancel(m_authDeadline);
    m_ctx.clock->cancel(m_recheck);
}

void ApiConnection::start() {
    qCInfo(lcApi, "client #%llu connected from %s:%u", m_id,
           qPrintable(m_socket->peerAddress().toString()), unsigned(m_socket->peerPort()));
    sendFrame(toText(QJsonObject{{u"type"_s, u"hello"_s},
                                 {u"server"_s, u"zerg"_s},
                                 {u"version"_s, QCoreApplication::applicationVersion()},
                                 {u"protocol"_s, ProtocolVersion},
                                 {u"stream"_s, m_ctx.log->streamId()}}));
    armAuthDeadline();
}

bool ApiConnection::wantsEvents(qint64 ownerId) const {
    return m_subscribed && !m_closing && m_identity && m_identity->ownerId == ownerId;
}

void ApiConnection::sendEvent(const Event& e, const QString& frame) {
    if (!wantsEvents(e.ownerId))
        return;
    if (!m_pendingEvents.empty()) {
        // Still replaying: live events wait behind the replay so that seq order holds.
        m_pendingEvents.push_back(e);
        if (int(m_pendingEvents.size()) > m_ctx.log->capacity())
            closeWith(1008, u"not reading events (too many waiting); reconnect and resume"_s);
        return;
    }
    sendFrame(frame);
}

void ApiConnection::closeWith(int code, const QString& reason) {
    if (m_closing)
        return;
    m_closing = true;
    m_subscribed = false;
    m_pendingEvents.clear();
    m_replies.clear();
    qCInfo(lcApi, "client #%llu closed by the server (%s): %d %s", m_id, qPrintable(describe()),
           code, qPrintable(reason));
    // A peer that does not complete the closing handshake (or does not read at all) is cut off.
    QPointer<QWebSocket> socket = m_socket;
    m_ctx.clock->callAfter(m_ctx.config->closeGraceMs, this, [socket] {
        if (socket)
            socket->abort();
    });
    m_socket->close(static_cast<QWebSocketProtocol::CloseCode>(code), reason);
}

void ApiConnection::onMessage(const QByteArray& utf8, bool binary) {
    if (m_closing)
        return;
    const ApiServerConfig& cfg = *m_ctx.config;
    const bool allowed = takeRateToken();
    if (allowed) {
        m_refusedInARow = 0;
    } else if (++m_refusedInARow >= cfg.rateLimitedBeforeClose) {
        closeWith(1008, u"too many commands while rate-limited"_s);
        return;
    }
    const QString rateMessage =
        u"More than %1 commands per second; slow down (commands are refused until you do)."_s.arg(
            cfg.commandsPerSecond);
    if (utf8.size() > cfg.softFrameBytes) {
        if (allowed)
            replyError(QJsonValue::Null, u"too_large"_s,
                       u"The frame is %1 bytes, over the limit of %2; send less per command."_s
                           .arg(utf8.size())
                           .arg(cfg.softFrameBytes));
        else
            replyError(QJsonValue::Null, u"rate_limited"_s, rateMessage);
        return;
    }
    QJsonParseError parseError{};
    const QJsonDocument doc = binary ? QJsonDocument() : QJsonDocument::fromJson(utf8, &parseError);
    const QJsonObject command = doc.object();
    const QJsonValue id = command.value(u"id"_s);
    const bool idOk = id.isString() || id.isDouble();
    if (!allowed) {
        replyError(idOk ? id : QJsonValue(QJsonValue::Null), u"rate_limited"_s, rateMessage);
        return;
    }
    if (binary) {
        replyError(QJsonValue::Null, u"bad_json"_s,
                   u"Binary messages are not accepted; send each command as a JSON object in a "
                   "text message."_s);
        return;
    }
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        const QString why =
            parseError.error != QJsonParseError::NoError
                ? u"it is not valid JSON (%1 at offset %2)"_s.arg(parseError.errorString())
                      .arg(parseError.offset)
                : u"it is JSON but not an object"_s;
        replyError(QJsonValue::Null, u"bad_json"_s,
                   u"The frame was not understood: %1. Send one JSON object per text message, "
                   "like {\"id\": 1, \"op\": \"ping\"}."_s.arg(why));
        return;
    }
    if (!idOk) {
        replyError(QJsonValue::Null, u"bad_request"_s,
                   id.isUndefined()
                       ? u"The command has no `id`; give each command an id (a string or number) "
                         "that its reply carries back."_s
                       : u"`id` must be a string or a number, not %1."_s.arg(typeName(id)));
        return;
    }
    const QJsonValue op = command.value(u"op"_s);
    if (!op.isString() || op.toString().isEmpty()) {
        replyError(id, u"bad_request"_s,
                   op.isUndefined()
                       ? u"The command has no `op`; say which command to run, e.g. "
                         "\"op\": \"ping\"."_s
                       : u"`op` must be a non-empty string, not %1."_s.arg(typeName(op)));
        return;
    }
    handle(id, op.toString(), command);
}

void ApiConnection::handle(const QJsonValue& id, const QString& op, const QJsonObject& command) {
    if (op == u"ping"_s) {
        if (m_identity && !recheckToken(id))
            return;
        reply(id, QJsonObject{{u"pong"_s, true}});
        return;
    }
    if (op == u"login"_s)
        return login(id, command);
    if (op == u"auth"_s)
        return auth(id, command);
    if (!allOps().contains(op)) {
        replyError(
            id, u"unknown_op"_s,
            u"There is no command `%1`. The commands are: %2."_s.arg(op, allOps().join(u", "_s)));
        return;
    }
    if (!m_identity) {
        replyError(id, u"unauthenticated"_s,
                   u"`%1` needs an authenticated connection: send `auth` with your session token "
                   "(or `login` with a device secret) first."_s.arg(op));
        return;
    }
    if (!recheckToken(id))
        return;
    if (op == u"logout"_s)
        return logout(id);
    if (op == u"subscribe"_s)
        return subscribe(id, command);
    if (op == u"unsubscribe"_s) {
        inTurn([this, id] {
            m_subscribed = false;
            m_pendingEvents.clear();
            reply(id, QJsonObject{});
        });
        return;
    }
    if (op == u"schedules"_s)
        return schedules(id, command);
    if (const DashboardOp* dashboardOp = findDashboardOp(op))
        return dashboard(id, *dashboardOp, command);
    reply(id, runSync(op, command));
}

bool ApiConnection::recheckToken(const QJsonValue& id) {
    const Result<Identity> r = m_ctx.backend->authenticate(m_token);
    if (r.ok()) {
        m_identity->expiresAt = r->expiresAt;
        return true;
    }
    if (r.error().code == u"auth_failed"_s) {
        closeWith(4401, u"session token revoked or expired; log in again"_s);
        return false;
    }
    // The backend could not check (e.g. the database is down): refuse this command only.
    reply(id, r.error());
    return false;
}

void ApiConnection::login(const QJsonValue& id, const QJsonObject& command) {
    Args args(u"login"_s, command);
    const auto secret = args.string(u"device_secret"_s, true);
    if (args.error())
        return reply(id, *args.error());
    const Result<Identity> r = m_ctx.backend->login(*secret);
    if (!r.ok())
        return authFailed(id, r.error());
    authenticated(*r, r->token);
    reply(id, QJsonObject{{u"token"_s, r->token},
                          {u"expires_at"_s, isoMs(r->expiresAt)},
                          {u"owner_id"_s, r->ownerId},
                          {u"device_id"_s, r->deviceId}});
}

void ApiConnection::auth(const QJsonValue& id, const QJsonObject& command) {
    Args args(u"auth"_s, command);
    const auto token = args.string(u"token"_s, true);
    if (args.error())
        return reply(id, *args.error());
    const Result<Identity> r = m_ctx.backend->authenticate(*token);
    if (!r.ok())
        return authFailed(id, r.error());
    authenticated(*r, *token);
    reply(id, QJsonObject{{u"owner_id"_s, r->ownerId},
                          {u"device_id"_s, r->deviceId},
                          {u"expires_at"_s, isoMs(r->expiresAt)}});
}

void ApiConnection::logout(const QJsonValue& id) {
    const Status s = m_ctx.backend->logout(m_token);
    if (!s.ok())
        return reply(id, s.error());
    qCInfo(lcApi, "client #%llu logged out (%s)", m_id, qPrintable(describe()));
    m_identity.reset();
    m_token.clear();
    m_subscribed = false;
    m_pendingEvents.clear();
    m_ctx.clock->cancel(m_recheck);
    m_recheck = 0;
    armAuthDeadline();
    reply(id, QJsonObject{});
}

void ApiConnection::authenticated(const Identity& identity, const QString& token) {
    if (m_identity && m_identity->ownerId != identity.ownerId) {
        // Another owner now: nothing of the previous one may reach this connection.
        m_subscribed = false;
        m_pendingEvents.clear();
    }
    m_identity = identity;
    m_identity->token.clear();  // kept once, in m_token
    m_token = token;
    m_authFailures = 0;
    m_ctx.clock->cancel(m_authDeadline);
    m_authDeadline = 0;
    armTokenRecheck();
    qCInfo(lcApi, "client #%llu authenticated (%s)", m_id, qPrintable(describe()));
}

void ApiConnection::authFailed(const QJsonValue& id, const Error& error) {
    if (error.code != u"auth_failed"_s)
        return reply(id, error);  // the server's trouble, not the client's
    reply(id, error);
    if (++m_authFailures >= m_ctx.config->maxAuthFailures)
        closeWith(4401, u"too many failed attempts to log in"_s);
}

void ApiConnection::armAuthDeadline() {
    m_ctx.clock->cancel(m_authDeadline);
    m_authDeadline = m_ctx.clock->callAfter(m_ctx.config->authDeadlineMs, this, [this] {
        m_authDeadline = 0;
        if (!m_identity)
            closeWith(4401, u"not authenticated in time; send auth or login right after hello"_s);
    });
}

void ApiConnection::armTokenRecheck() {
    m_ctx.clock->cancel(m_recheck);
    m_recheck = m_ctx.clock->callAfter(m_ctx.config->tokenRecheckMs, this, [this] {
        m_recheck = 0;
        if (!m_identity || m_closing)
            return;
        const Result<Identity> r = m_ctx.backend->authenticate(m_token);
        if (!r.ok() && r.error().code == u"auth_failed"_s) {
            closeWith(4401, u"session token revoked or expired; log in again"_s);
            return;
        }
        armTokenRecheck();
    });
}

bool ApiConnection::takeRateToken() {
    const ApiServerConfig& cfg = *m_ctx.config;
    const qint64 now = m_ctx.clock->nowMs();
    const double refill =
        double(qMax<qint64>(0, now - m_bucket.lastMs)) * cfg.commandsPerSecond / 1000.0;
    m_bucket.tokens = std::min(double(cfg.commandBurst), m_bucket.tokens + refill);
    m_bucket.lastMs = now;
    if (m_bucket.tokens < 1.0)
        return false;
    m_bucket.tokens -= 1.0;
    return true;
}

void ApiConnection::subscribe(const QJsonValue& id, const QJsonObject& command) {
    Args args(u"subscribe"_s, command);
    const auto after = args.integer(u"after"_s, false, 0, MaxId);
    const auto stream = args.string(u"stream"_s, false);
    if (args.error())
        return reply(id, *args.error());
    // In its turn, so that the reply comes before the events it announces.
    inTurn([this, id, after, stream] { startSubscription(id, after, stream); });
}

void ApiConnection::startSubscription(const QJsonValue& id, std::optional<qint64> after,
                                      std::optional<QString> stream) {
    if (!m_identity)
        return replyError(id, u"unauthenticated"_s,
                          u"`subscribe` needs an authenticated connection: send `auth` first."_s);
    const EventLog& log = *m_ctx.log;
    std::deque<Event> replay;
    if (after) {
        if ((stream && *stream != log.streamId()) || *after > log.lastSeq()) {
            return replyError(
                id, u"stream_reset"_s,
                u"The server restarted since (stream %1 now), so its sequence numbers started "
                "again. Reload what you show (run, workers), then subscribe without `after`."_s.arg(
                    log.streamId()));
        }
        bool gap = false;
        const QList<Event> missed = log.after(*after, m_identity->ownerId, &gap);
        if (gap) {
            return replyError(
                id, u"resume_gap"_s,
                u"The events after %1 are no longer kept (the oldest kept is %2). Reload what you "
                "show (run, workers), then subscribe without `after`."_s.arg(*after)
                    .arg(log.oldestSeq()));
        }
        replay.assign(missed.begin(), missed.end());
    }
    m_pendingEvents = std::move(replay);
    m_subscribed = true;
    reply(id, QJsonObject{{u"stream"_s, log.streamId()}, {u"last_seq"_s, log.lastSeq()}});
    pumpEvents();
}

void ApiConnection::schedules(const QJsonValue& id, const QJsonObject& command) {
    Args args(u"schedules"_s, command);
    const auto action = args.string(u"action"_s, true);
    static const QStringList actions{u"list"_s, u"create"_s, u"update"_s, u"delete"_s};
    if (action && !actions.contains(*action))
        args.fail(u"`action` must be one of %1, not \"%2\"."_s.arg(actions.join(u", "_s), *action));
    if (args.error())
        return reply(id, *args.error());
    QJsonObject toolArgs = command;
    toolArgs.remove(u"id"_s);
    toolArgs.remove(u"op"_s);
    toolArgs.remove(u"action"_s);

    m_ctx.backend->schedules(m_identity->ownerId, *action, toolArgs, this, replyLater(id));
}

void ApiConnection::dashboard(const QJsonValue& id, const DashboardOp& op,
                              const QJsonObject& command) {
    const Result<DashboardSources> sources = m_ctx.backend->dashboard(m_identity->ownerId);
    if (!sources)
        return reply(id, sources.error());
    Args args(op.name, command);
    ApiBackend::Done done = replyLater(id);
    if (op.runFromDevice)
        op.runFromDevice(sources.value(), m_identity->deviceId, args, this, done);
    else
        op.run(sources.value(), args, this, done);
    if (args.error())
        done(*args.error());
}

ApiBackend::Done ApiConnection::replyLater(const QJsonValue& id) {
    auto slot = std::make_shared<ReplySlot>();
    m_replies.push_back(slot);
    QPointer<ApiConnection> self = this;
    return [self, slot, id](Result<QJsonObject> r) {
        if (!self || self->m_closing || slot->ready)
            return;
        QJsonObject frame{{u"type"_s, u"reply"_s}, {u"id"_s, id}};
        if (r.ok()) {
            frame.insert(u"ok"_s, true);
            frame.insert(u"result"_s, r.value());
        } else {
            frame.insert(u"ok"_s, false);
            frame.insert(
                u"error"_s,
                QJsonObject{{u"code"_s, r.error().code.isEmpty() ? u"internal"_s : r.error().code},
                            {u"message"_s, r.error().message}});
        }
        slot->frame = toText(frame);
        slot->ready = true;
        self->flushReplies();
    };
}

Result<QJsonObject> ApiConnection::runSync(const QString& op, const QJsonObject& command) {
    ApiBackend& backend = *m_ctx.backend;
    const qint64 owner = m_identity->ownerId;
    Args args(op, command);
    if (op == u"dispatch"_s) {
        const auto task = args.string(u"task"_s, true);
        const QJsonObject context = args.object(u"context"_s);
        const QJsonObject preferences = args.object(u"preferences"_s);
        if (args.error())
            return *args.error();
        return backend.dispatch(owner, *task, context, preferences);
    }
    if (op == u"run"_s) {
        const auto runId = args.integer(u"run_id"_s, true, 1, MaxId);
        if (args.error())
            return *args.error();
        return backend.run(owner, *runId);
    }
    if (op == u"runs"_s) {
        const auto limit = args.integer(u"limit"_s, false, 1, 200);
        if (args.error())
            return *args.error();
        return backend.runs(owner, int(limit.value_or(20)));
    }
    if (op == u"conversation"_s) {
        const auto before = args.integer(u"before_run_id"_s, false, 1, MaxId);
        const auto limit = args.integer(u"limit"_s, false, 1, 100);
        if (args.error())
            return *args.error();
        return backend.conversation(owner, before, int(limit.value_or(20)));
    }
    if (op == u"record_spoken"_s) {
        const auto said = args.text(u"said"_s, false);
        const auto answered = args.text(u"answered"_s, false);
        const auto interrupted = args.boolean(u"interrupted"_s, false);
        if (args.error())
            return *args.error();
        return backend.recordSpoken(owner, said.value_or(QString()), answered.value_or(QString()),
                                    interrupted.value_or(false));
    }
    if (op == u"workers"_s) {
        const auto limit = args.integer(u"limit"_s, false, 1, 500);
        const auto runId = args.integer(u"run_id"_s, false, 1, MaxId);
        if (args.error())
            return *args.error();
        return backend.workers(owner, int(limit.value_or(50)), runId);
    }
    if (op == u"worker"_s) {
        const auto workerId = args.string(u"worker_id"_s, false);
        const auto jobId = args.integer(u"job_id"_s, false, 1, MaxId);
        if (!args.error() && !workerId && !jobId)
            args.fail(u"`worker` needs `worker_id` (a string) or `job_id` (an integer)."_s);
        if (args.error())
            return *args.error();
        return backend.worker(owner, workerId.value_or(QString()), workerId ? std::nullopt : jobId);
    }
    if (op == u"worker_file"_s) {
        const auto workerId = args.string(u"worker_id"_s, true);
        const auto path = args.string(u"path"_s, true);
        if (args.error())
            return *args.error();
        return backend.workerFile(owner, *workerId, *path);
    }
    if (op == u"cancel"_s) {
        const auto runId = args.integer(u"run_id"_s, false, 1, MaxId);
        const auto jobId = args.integer(u"job_id"_s, false, 1, MaxId);
        if (!args.error() && runId.has_value() == jobId.has_value())
            args.fail(u"`cancel` needs exactly one of `run_id` or `job_id` (an integer)."_s);
        if (args.error())
            return *args.error();
        return backend.cancel(owner, runId, jobId);
    }
    return Error{u"internal"_s, u"The command `%1` has no handler; this is a bug."_s.arg(op)};
}

void ApiConnection::reply(const QJsonValue& id, const Result<QJsonObject>& result) {
    if (!result.ok()) {
        const Error& e = result.error();
        return replyError(id, e.code.isEmpty() ? u"internal"_s : e.code, e.message);
    }
    queueReply(toText(QJsonObject{
        {u"type"_s, u"reply"_s}, {u"id"_s, id}, {u"ok"_s, true}, {u"result"_s, *result}}));
}

void ApiConnection::replyError(const QJsonValue& id, const QString& code, const QString& message) {
    const QString frame =
        toText(QJsonObject{{u"type"_s, u"reply"_s},
                           {u"id"_s, id},
                           {u"ok"_s, false},
                           {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
    queueReply(frame);
}

void ApiConnection::queueReply(const QString& frame) {
    // In turn when nothing waits before it, or when it is the reply of the slot being flushed.
    if (m_replies.empty() || m_runningSlot)
        return sendFrame(frame);
    auto slot = std::make_shared<ReplySlot>();
    slot->ready = true;
    slot->frame = frame;
    m_replies.push_back(std::move(slot));
}

void ApiConnection::inTurn(std::function<void()> action) {
    if (m_replies.empty() || m_runningSlot)
        return action();
    auto slot = std::make_shared<ReplySlot>();
    slot->ready = true;
    slot->action = std::move(action);
    m_replies.push_back(std::move(slot));
}

void ApiConnection::flushReplies() {
    while (!m_replies.empty() && m_replies.front()->ready && !m_closing) {
        const std::shared_ptr<ReplySlot> slot = m_replies.front();
        m_replies.pop_front();
        if (slot->action) {
            m_runningSlot = true;
            slot->action();
            m_runningSlot = false;
        } else
            sendFrame(slot->frame);
    }
}

void ApiConnection::sendFrame(const QString& frame) {
    if (m_closing)
        return;
    m_socket->sendTextMessage(frame);
    if (m_socket->bytesToWrite() > m_ctx.config->maxBacklogBytes)
        closeWith(1008, u"not reading events (over %1 MiB waiting)"_s.arg(
                            m_ctx.config->maxBacklogBytes / (1024 * 1024)));
}

void ApiConnection::pumpEvents() {
    while (!m_pendingEvents.empty() && !m_closing && m_socket->bytesToWrite() < ReplayChunkBytes) {
        const Event e = std::move(m_pendingEvents.front());
        m_pendingEvents.pop_front();
        sendFrame(eventFrame(e));
    }
}

QString ApiConnection::describe() const {
    if (!m_identity)
        return u"not authenticated"_s;
    return u"owner %1, device %2"_s.arg(m_identity->ownerId).arg(m_identity->deviceId);
}

}  // namespace zerg::api
