#include "mcp/mcp_client.h"

#include "core/clock.h"
#include "mcp/mcp_transport.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace zerg {

namespace {

using namespace Qt::StringLiterals;

constexpr int kMethodNotFound = -32601;
// However much progress a long call reports, it ends after this many timeouts.
constexpr qint64 kProgressExtensionFactor = 10;

QJsonObject errorReply(const QJsonValue& id, int code, const QString& message) {
    return {{u"jsonrpc"_s, u"2.0"_s},
            {u"id"_s, id},
            {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}};
}

}  // namespace

McpToolInfo McpToolInfo::fromJson(const QJsonObject& tool) {
    McpToolInfo t;
    t.raw = tool;
    t.name = tool.value(u"name"_s).toString();
    t.title = tool.value(u"title"_s).toString();
    t.description = tool.value(u"description"_s).toString();
    t.inputSchema = tool.value(u"inputSchema"_s).toObject();
    t.outputSchema = tool.value(u"outputSchema"_s).toObject();
    const QJsonObject ann = tool.value(u"annotations"_s).toObject();
    if (ann.value(u"readOnlyHint"_s).isBool())
        t.readOnlyHint = ann.value(u"readOnlyHint"_s).toBool();
    if (ann.value(u"destructiveHint"_s).isBool())
        t.destructiveHint = ann.value(u"destructiveHint"_s).toBool();
    if (t.title.isEmpty())
        t.title = ann.value(u"title"_s).toString();
    return t;
}

void McpRequest::cancel(const QString& reason) {
    if (m_finished)
        return;
    if (m_client) {
        m_client->sendCancel(this, reason);
        m_client->finishRequest(this, Failure::Cancelled, {}, 0, reason);
    } else {
        m_finished = true;
        m_failure = Failure::Cancelled;
        m_errorMessage = reason;
        Q_EMIT finished();
    }
}

const QStringList& McpClient::supportedProtocolVersions() {
    static const QStringList versions = {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s,
                                         u"2024-11-05"_s};
    return versions;
}

McpClient::McpClient(QString serverName, McpTransport* transport, Clock* clock, QObject* parent)
    : QObject(parent), m_name(std::move(serverName)), m_transport(transport), m_clock(clock) {
    m_transport->setParent(this);
    connect(m_transport, &McpTransport::received, this, &McpClient::onMessage);
    connect(m_transport, &McpTransport::closed, this, &McpClient::onTransportClosed);
}

McpClient::~McpClient() {
    m_transport->disconnect(this);
    for (const QPointer<McpRequest>& r : std::as_const(m_pending)) {
        if (r && r->m_timer)
            m_clock->cancel(r->m_timer);
    }
}

void McpClient::start(qint64 handshakeTimeoutMs) {
    if (m_state != State::NotStarted)
        return;
    m_state = State::Connecting;
    connect(
        m_transport, &McpTransport::opened, this,
        [this, handshakeTimeoutMs] { initialize(handshakeTimeoutMs); }, Qt::SingleShotConnection);
    m_transport->open();
}

void McpClient::initialize(qint64 timeoutMs) {
    const QJsonObject params{
        {u"protocolVersion"_s, supportedProtocolVersions().first()},
        // Zerg offers the server nothing back (no sampling, roots or elicitation).
        {u"capabilities"_s, QJsonObject{}},
        {u"clientInfo"_s,
         QJsonObject{{u"name"_s, u"zerg"_s},
                     {u"title"_s, u"Zerg"_s},
                     {u"version"_s, QCoreApplication::applicationVersion().isEmpty()
                                        ? u"0"_s
                                        : QCoreApplication::applicationVersion()}}},
    };
    McpRequest* init = request(u"initialize"_s, params, timeoutMs);
    connect(init, &McpRequest::finished, this, [this, init, timeoutMs] {
        init->deleteLater();
        if (m_state != State::Connecting)
            return;
        if (!init->ok()) {
            fail(tr("the initialize handshake failed: %1").arg(init->errorMessage()));
            return;
        }
        const QJsonObject r = init->result();
        const QString version = r.value(u"protocolVersion"_s).toString();
        if (!supportedProtocolVersions().contains(version)) {
            fail(tr("the server speaks MCP version \"%1\", which Zerg does not (it speaks %2). "
                    "Update the server or Zerg.")
                     .arg(version, supportedProtocolVersions().join(u", "_s)));
            return;
        }
        m_protocolVersion = version;
        m_transport->setProtocolVersion(version);
        m_serverInfo = r.value(u"serverInfo"_s).toObject();
        m_capabilities = r.value(u"capabilities"_s).toObject();
        m_instructions = r.value(u"instructions"_s).toString();
        notify(u"notifications/initialized"_s);
        if (!m_capabilities.contains(u"tools"_s)) {
            m_state = State::Ready;
            Q_EMIT ready();
            return;
        }
        Q_UNUSED(timeoutMs);
        listTools({}, {}, true);
    });
}

void McpClient::listTools(const QString& cursor, QList<McpToolInfo> soFar, bool first) {
    m_listing = true;
    QJsonObject params;
    if (!cursor.isEmpty())
        params.insert(u"cursor"_s, cursor);
    McpRequest* r = request(u"tools/list"_s, params, 30000);
    connect(r, &McpRequest::finished, this, [this, r, soFar, first]() mutable {
        r->deleteLater();
        if (m_state == State::Closed)
            return;
        if (!r->ok()) {
            m_listing = false;
            if (first)
                fail(tr("tools/list failed: %1").arg(r->errorMessage()));
            return;
        }
        const QJsonObject result = r->result();
        for (const QJsonValue& v : result.value(u"tools"_s).toArray()) {
            McpToolInfo t = McpToolInfo::fromJson(v.toObject());
            if (!t.name.isEmpty())
                soFar.append(t);
        }
        const QString next = result.value(u"nextCursor"_s).toString();
        // A server that keeps sending the same cursor would page forever.
        if (!next.isEmpty() && soFar.size() < 10000) {
            listTools(next, soFar, first);
            return;
        }
        m_listing = false;
        m_tools = soFar;
        if (m_listAgain) {
            m_listAgain = false;
            listTools({}, {}, false);
        }
        if (first) {
            m_state = State::Ready;
            Q_EMIT ready();
        } else {
            Q_EMIT toolsChanged();
        }
    });
}

void McpClient::stop() {
    if (m_state == State::Closed)
        return;
    m_transport->close();
}

void McpClient::abort() {
    if (m_state == State::Closed)
        return;
    m_transport->abort();
}

McpRequest* McpClient::request(const QString& method, const QJsonObject& params, qint64 timeoutMs,
                               bool withProgress, QObject* parent) {
    auto* r = new McpRequest(parent ? parent : this);
    r->m_method = method;
    r->m_id = m_nextId++;
    r->m_client = this;
    r->m_timeoutMs = timeoutMs;
    if (m_state == State::Closed || m_state == State::NotStarted) {
        const QString why = m_state == State::Closed ? m_closeReason : tr("not started");
        // Finished on the next turn so the caller can connect first.
        QMetaObject::invokeMethod(
            this,
            [this, r = QPointer<McpRequest>(r), why] {
                if (r)
                    finishRequest(r, McpRequest::Failure::Closed, {}, 0,
                                  tr("MCP server '%1' is not running (%2).").arg(m_name, why));
            },
            Qt::QueuedConnection);
        return r;
    }
    QJsonObject p = params;
    if (withProgress) {
        const QString token = u"zerg-%1"_s.arg(r->m_id);
        QJsonObject meta = p.value(u"_meta"_s).toObject();
        meta.insert(u"progressToken"_s, token);
        p.insert(u"_meta"_s, meta);
        m_byProgressToken.insert(token, r);
    }
    m_pending.insert(r->m_id, r);
    r->m_deadlineMs = m_clock->nowMs() + timeoutMs * kProgressExtensionFactor;
    armTimeout(r);
    ++m_sent[method];
    QJsonObject msg{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, r->m_id}, {u"method"_s, method}};
    if (!p.isEmpty() || method != u"tools/list"_s)
        msg.insert(u"params"_s, p);
    m_transport->send(msg);
    return r;
}

void McpClient::armTimeout(McpRequest* r) {
    if (r->m_timer)
        m_clock->cancel(r->m_timer);
    if (r->m_timeoutMs <= 0)
        return;
    const qint64 delay = qMin(r->m_timeoutMs, qMax<qint64>(0, r->m_deadlineMs - m_clock->nowMs()));
    r->m_timer = m_clock->callAfter(delay, r, [this, r] {
        r->m_timer = 0;
        if (r->m_finished)
            return;
        const QString why = tr("No answer from MCP server '%1' to %2 within %3 s.")
                                .arg(m_name, r->m_method)
                                .arg(double(r->m_timeoutMs) / 1000.0);
        sendCancel(r, why);
        finishRequest(r, McpRequest::Failure::Timeout, {}, 0, why);
    });
}

void McpClient::notify(const QString& method, const QJsonObject& params) {
    if (m_state == State::Closed)
        return;
    QJsonObject msg{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}};
    if (!params.isEmpty())
        msg.insert(u"params"_s, params);
    ++m_sent[method];
    m_transport->send(msg);
}

void McpClient::sendCancel(McpRequest* r, const QString& reason) {
    // The initialize request is never cancelled (the spec): the session is dropped instead.
    if (r->m_method == u"initialize"_s || !m_pending.contains(r->m_id))
        return;
    notify(u"notifications/cancelled"_s,
           {{u"requestId"_s, r->m_id}, {u"reason"_s, reason.left(500)}});
}

void McpClient::finishRequest(McpRequest* r, McpRequest::Failure failure, const QJsonObject& result,
                              int code, const QString& message) {
    if (!r || r->m_finished)
        return;
    m_pending.remove(r->m_id);
    for (auto it = m_byProgressToken.begin(); it != m_byProgressToken.end();) {
        if (it.value() == r || !it.value())
            it = m_byProgressToken.erase(it);
        else
            ++it;
    }
    if (r->m_timer) {
        m_clock->cancel(r->m_timer);
        r->m_timer = 0;
    }
    r->m_finished = true;
    r->m_failure = failure;
    r->m_result = result;
    r->m_errorCode = code;
    r->m_errorMessage = message;
    Q_EMIT r->finished();
}

void McpClient::onMessage(const QJsonObject& message) {
    const bool hasId = message.contains(u"id"_s) && !message.value(u"id"_s).isNull();
    const QString method = message.value(u"method"_s).toString();
    if (!method.isEmpty()) {
        if (hasId)
            onServerRequest(message);
        else
            onNotification(method, message.value(u"params"_s).toObject());
        return;
    }
    if (!hasId)
        return;
    const QJsonValue idValue = message.value(u"id"_s);
    const qint64 id =
        idValue.isDouble() ? qint64(idValue.toDouble()) : idValue.toString().toLongLong();
    McpRequest* r = m_pending.value(id);
    if (!r)
        return;  // answered after a timeout or cancel: dropped
    if (message.contains(u"error"_s)) {
        const QJsonObject e = message.value(u"error"_s).toObject();
        finishRequest(r, McpRequest::Failure::ServerError, {}, e.value(u"code"_s).toInt(),
                      tr("MCP server '%1' answered %2 with an error: %3 (code %4)")
                          .arg(m_name, r->m_method, e.value(u"message"_s).toString())
                          .arg(e.value(u"code"_s).toInt()));
        return;
    }
    finishRequest(r, McpRequest::Failure::None, message.value(u"result"_s).toObject(), 0, {});
}

void McpClient::onServerRequest(const QJsonObject& message) {
    const QString method = message.value(u"method"_s).toString();
    const QJsonValue id = message.value(u"id"_s);
    if (method == u"ping"_s) {
        m_transport->send({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, QJsonObject{}}});
        return;
    }
    QString why;
    if (method == u"sampling/createMessage"_s)
        why = u"Zerg does not let MCP servers use its language model (no sampling)."_s;
    else if (method == u"elicitation/create"_s)
        why = u"Zerg's workers run unattended and cannot answer questions (no elicitation)."_s;
    else if (method == u"roots/list"_s)
        why = u"Zerg offers no roots."_s;
    else
        why = u"Zerg does not handle '%1'."_s.arg(method);
    m_transport->send(errorReply(id, kMethodNotFound, why));
}

void McpClient::onNotification(const QString& method, const QJsonObject& params) {
    if (method == u"notifications/progress"_s) {
        const QJsonValue tokenValue = params.value(u"progressToken"_s);
        const QString token =
            tokenValue.isString() ? tokenValue.toString() : QString::number(tokenValue.toDouble());
        McpRequest* r = m_byProgressToken.value(token);
        if (!r || r->m_finished)
            return;
        armTimeout(r);  // progress shows the server is working: the timeout starts again
        Q_EMIT r->progress(params.value(u"progress"_s).toDouble(),
                           params.value(u"total"_s).toDouble(-1),
                           params.value(u"message"_s).toString());
        return;
    }
    if (method == u"notifications/tools/list_changed"_s) {
        if (m_state != State::Ready)
            return;  // the first list comes after the handshake anyway
        if (m_listing)
            m_listAgain = true;
        else
            listTools({}, {}, false);
        return;
    }
    // notifications/message (logging), resources/*, cancelled: nothing to do for now.
}

void McpClient::fail(const QString& why) {
    if (m_state == State::Closed)
        return;
    m_closeReason = why;
    m_transport->abort();
}

void McpClient::onTransportClosed(const QString& why) {
    if (m_state == State::Closed)
        return;
    if (m_closeReason.isEmpty())
        m_closeReason = why;
    m_state = State::Closed;
    const auto pending = m_pending.values();
    for (const QPointer<McpRequest>& r : pending) {
        if (r)
            finishRequest(
                r, McpRequest::Failure::Closed, {}, 0,
                tr("MCP server '%1' stopped during the call: %2").arg(m_name, m_closeReason));
    }
    Q_EMIT closed(m_closeReason);
}

}  // namespace zerg
