#include "llm/metered_provider.h"

#include "llm/llm_errors.h"
#include "llm/pricing.h"

namespace zerg {

MeteredChatReply::MeteredChatReply(ChatReply* inner, MeteredProvider* provider, ChatRequest request,
                                   qint64 startedMs, QObject* parent)
    : ChatReply(parent),
      m_inner(inner),
      m_provider(provider),
      m_meta(std::move(request.meta)),
      m_model(std::move(request.model)),
      m_startedMs(startedMs) {
    Q_ASSERT(inner);
    connect(inner, &ChatReply::textDelta, this, &MeteredChatReply::onTextDelta);
    connect(inner, &ChatReply::toolCallDelta, this, &MeteredChatReply::onToolCallDelta);
    connect(inner, &ChatReply::finished, this, &MeteredChatReply::onInnerFinished);
    // The inner provider owns its replies; if it deletes one under us, the call is over.
    connect(inner, &QObject::destroyed, this, [this] {
        if (m_finished)
            return;
        m_errorCode = QString::fromLatin1(llm::errors::Aborted);
        m_errorString = tr("The model call was cancelled because its provider was shut down.");
        m_finished = true;
        Q_EMIT finished();
    });
    // A reply that finished inside chat() (e.g. a request refused before sending) has already
    // emitted finished(); report it once the caller has had a chance to connect.
    if (inner->isFinished()) {
        QMetaObject::invokeMethod(
            this, [this] { onInnerFinished(); }, Qt::QueuedConnection);
    }
}

MeteredChatReply::~MeteredChatReply() {
    if (!m_inner)
        return;
    disconnect(m_inner, nullptr, this, nullptr);
    if (!m_inner->isFinished()) {
        m_inner->abort();
        // Deleted before it finished: still a call that may have cost tokens.
        if (!m_finished && m_provider)
            m_provider->record(m_meta, m_model, *m_inner, m_startedMs);
    }
    // Later, not now: we may be deleted from inside one of the inner reply's own signals.
    m_inner->deleteLater();
}

void MeteredChatReply::abort() {
    if (m_finished)
        return;
    if (m_inner && !m_inner->isFinished()) {
        m_inner->abort();  // finishes the inner reply, which finishes this one
        return;
    }
    if (!m_inner) {
        m_errorCode = QString::fromLatin1(llm::errors::Aborted);
        m_errorString = tr("The model call was cancelled.");
        m_finished = true;
        Q_EMIT finished();
    }
    // Inner finished but its queued report has not run yet: that report finishes this reply.
}

void MeteredChatReply::copyHints() {
    m_httpStatus = m_inner->httpStatus();
    m_retryAfterMs = m_inner->retryAfterMs();
    m_shouldRetry = m_inner->shouldRetryHint();
    m_hasOutput = m_inner->hasOutput();
}

void MeteredChatReply::onTextDelta(const QString& delta) {
    if (m_finished)
        return;
    // Our own copy, appended: sharing the inner's growing string would make every append there
    // copy the whole text.
    m_message.content += delta;
    copyHints();
    m_hasOutput = true;
    Q_EMIT textDelta(delta);
}

void MeteredChatReply::onToolCallDelta(int position) {
    if (m_finished)
        return;
    const QList<ToolCall>& calls = m_inner->message().toolCalls;
    if (position < 0 || position >= calls.size())
        return;
    while (m_message.toolCalls.size() <= position)
        m_message.toolCalls.append(ToolCall{});
    const ToolCall& from = calls.at(position);
    ToolCall& to = m_message.toolCalls[position];
    to.id = from.id;
    to.name = from.name;
    // Arguments grow by fragments; append what is new instead of sharing the inner's string.
    if (from.arguments.startsWith(to.arguments))
        to.arguments += QStringView(from.arguments).mid(to.arguments.size());
    else
        to.arguments = QString(from.arguments.constData(), from.arguments.size());
    copyHints();
    m_hasOutput = true;
    Q_EMIT toolCallDelta(position);
}

void MeteredChatReply::onInnerFinished() {
    if (m_finished || !m_inner)
        return;
    m_message = m_inner->message();
    m_finishReason = m_inner->finishReason();
    m_usage = m_inner->usage();
    m_errorCode = m_inner->errorCode();
    m_errorString = m_inner->errorString();
    copyHints();
    m_finished = true;
    // Recorded before finished() so that whoever reacts to it sees the row.
    if (m_provider)
        m_provider->record(m_meta, m_model, *m_inner, m_startedMs);
    Q_EMIT finished();
}

MeteredProvider::MeteredProvider(LlmProvider* inner, Store* store, const Pricing* pricing,
                                 Clock* clock, QObject* parent)
    : LlmProvider(parent), m_inner(inner), m_store(store), m_pricing(pricing), m_clock(clock) {
    Q_ASSERT(inner && clock);
}

ChatReply* MeteredProvider::chat(const ChatRequest& request) {
    const qint64 started = m_clock->nowMs();
    ChatReply* inner = m_inner->chat(request);
    return new MeteredChatReply(inner, this, request, started, this);
}

QString MeteredProvider::kind() const {
    return m_inner->kind();
}

bool MeteredProvider::isLocal() const {
    return m_inner->isLocal();
}

void MeteredProvider::record(const CallMeta& meta, const QString& model, const ChatReply& inner,
                             qint64 startedMs) {
    const Usage u = inner.usage();
    const QString kind = m_inner->kind();
    const bool local = m_inner->isLocal();
    LlmCallRecord r;
    r.ownerId = meta.ownerId;
    r.runId = meta.runId;
    r.jobId = meta.jobId;
    r.role = meta.role;
    r.agent = meta.agent;
    r.provider = kind;
    r.model = model;
    r.promptTokens = u.promptTokens;
    r.completionTokens = u.completionTokens;
    r.cachedTokens = u.cachedTokens;
    r.cacheWriteTokens = u.cacheWriteTokens;
    r.reasoningTokens = u.reasoningTokens;
    if (m_pricing)
        r.costUsd = m_pricing->cost(kind, local, model, u);
    else if (local)
        r.costUsd = 0.0;
    r.durationMs = qMax<qint64>(0, m_clock->nowMs() - startedMs);
    r.status = inner.hasError() ? inner.errorCode() : QStringLiteral("ok");
    if (!inner.isFinished())
        r.status = QString::fromLatin1(llm::errors::Aborted);
    r.createdAt = m_clock->utcNow();

    if (m_store) {
        const Result<qint64> id = m_store->recordLlmCall(r);
        if (id) {
            r.id = id.value();
        } else {
            qWarning("zerg: the usage of a %s call (model %s) was not saved: %s",
                     qPrintable(r.role.isEmpty() ? QStringLiteral("model") : r.role),
                     qPrintable(model), qPrintable(id.error().message));
        }
    }
    Q_EMIT callRecorded(r);
}

}  // namespace zerg
