#include "llm/retrying_provider.h"

#include "llm/llm_errors.h"

#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

namespace zerg {
namespace {

// A uniform factor in [0, 1). The generator is shared by the copies of the function (all on the
// thread that owns the provider).
std::function<double()> defaultJitter() {
    auto engine = std::make_shared<std::mt19937>(QRandomGenerator::global()->generate());
    return [engine] { return std::uniform_real_distribution<double>(0.0, 1.0)(*engine); };
}

}  // namespace

qint64 retryDelayMs(const RetryPolicy& policy, int retry, qint64 serverHintMs, double jitter) {
    if (serverHintMs >= 0 && serverHintMs <= policy.maxRetryAfterMs)
        return serverHintMs;
    // 2^62 already dwarfs any sane cap; the clamp keeps pow() finite for absurd retry counts.
    const double exponent = std::clamp(retry, 0, 62);
    const double backoff = std::min(double(policy.initialDelayMs) * std::pow(2.0, exponent),
                                    double(policy.maxDelayMs));
    const double factor = 1.0 - 0.25 * std::clamp(jitter, 0.0, 1.0);
    return std::max<qint64>(0, std::llround(backoff * factor));
}

bool isRetryable(const ChatReply& failed, bool outputSeen) {
    const QString code = failed.errorCode();
    if (code.isEmpty() || code == QLatin1String(llm::errors::Aborted))
        return false;
    if (outputSeen || failed.hasOutput())
        return false;
    if (failed.shouldRetryHint() == 0)
        return false;
    if (failed.shouldRetryHint() == 1)
        return true;
    if (code == QLatin1String(llm::errors::Truncated))
        return true;
    return llm::isTransient(code);
}

// ---------------------------------------------------------------------------------------------
// RetryingReply

RetryingReply::RetryingReply(LlmProvider* provider, Clock* clock, RetryPolicy policy,
                             ChatRequest request, QObject* parent)
    : ChatReply(parent),
      m_provider(provider),
      m_clock(clock),
      m_policy(std::move(policy)),
      m_request(std::move(request)) {
    if (!m_policy.jitter)
        m_policy.jitter = defaultJitter();
    startAttempt();
}

RetryingReply::~RetryingReply() {
    if (m_timer != 0)
        m_clock->cancel(m_timer);
    releaseInner(true);
}

void RetryingReply::abort() {
    if (m_finished)
        return;
    if (m_timer != 0) {
        m_clock->cancel(m_timer);
        m_timer = 0;
    }
    // Detach first, so the inner reply's own "aborted" finish cannot reach us: we finish once.
    releaseInner(true);
    Outcome o;
    o.code = QString::fromLatin1(llm::errors::Aborted);
    o.text = tr("The request to the model was cancelled.");
    o.hasOutput = m_hasOutput;
    o.message = m_message;
    finishWith(o);
}

void RetryingReply::startAttempt() {
    if (!m_provider) {
        // Only reachable when the provider was deleted before the first call: a wiring bug, but
        // the caller still gets its finished() (later, once it has connected).
        Outcome o;
        o.code = QString::fromLatin1(llm::errors::BadRequest);
        o.text =
            tr("No model provider is available for this request. Check the LLM settings "
               "and try again.");
        QMetaObject::invokeMethod(
            this, [this, o] { finishWith(o); }, Qt::QueuedConnection);
        return;
    }
    ++m_attempts;
    m_attemptOutput = false;
    m_message = ChatMessage::assistant({});
    ChatReply* inner = m_provider->chat(m_request);
    inner->setParent(this);
    m_inner = inner;
    connect(inner, &ChatReply::textDelta, this, &RetryingReply::onInnerTextDelta);
    connect(inner, &ChatReply::toolCallDelta, this, &RetryingReply::onInnerToolCallDelta);
    connect(inner, &ChatReply::finished, this, &RetryingReply::onInnerFinished);
    if (inner->isFinished()) {
        // It finished inside chat() (e.g. a request that could not even be sent), before we
        // connected. Decide on the event loop: on the first attempt our own caller has not had a
        // chance to connect to finished() yet.
        QMetaObject::invokeMethod(
            this,
            [this, guard = QPointer<ChatReply>(inner)] {
                if (guard && guard == m_inner)
                    onInnerFinished();
            },
            Qt::QueuedConnection);
    }
}

void RetryingReply::retryNow() {
    m_timer = 0;
    if (!m_provider) {
        fail(m_lastFailure);
        return;
    }
    startAttempt();
}

void RetryingReply::onInnerTextDelta(const QString& delta) {
    m_attemptOutput = true;
    m_hasOutput = true;
    m_message.content += delta;
    Q_EMIT textDelta(delta);
}

void RetryingReply::onInnerToolCallDelta(int position) {
    m_attemptOutput = true;
    m_hasOutput = true;
    if (m_inner)
        m_message.toolCalls = m_inner->message().toolCalls;
    Q_EMIT toolCallDelta(position);
}

void RetryingReply::onInnerFinished() {
    ChatReply* inner = m_inner;
    if (inner == nullptr || m_finished)
        return;
    Outcome o;
    o.message = inner->message();
    o.finishReason = inner->finishReason();
    o.code = inner->errorCode();
    o.text = inner->errorString();
    o.httpStatus = inner->httpStatus();
    o.retryAfterMs = inner->retryAfterMs();
    o.shouldRetry = inner->shouldRetryHint();
    o.hasOutput = inner->hasOutput() || m_attemptOutput;
    m_usageSoFar += inner->usage();
    const bool retry = !o.code.isEmpty() && m_attempts <= m_policy.maxRetries &&
                       isRetryable(*inner, m_attemptOutput);
    releaseInner(false);

    if (o.code.isEmpty()) {
        finishWith(o);
        return;
    }
    if (!retry) {
        fail(std::move(o));
        return;
    }
    const qint64 delay = retryDelayMs(m_policy, m_attempts - 1, o.retryAfterMs, m_policy.jitter());
    const QString code = o.code;
    m_lastFailure = std::move(o);
    // Scheduled before the signal, so that a slot may abort() (cancels it) or delete us.
    m_timer = m_clock->callAfter(delay, this, [this] { retryNow(); });
    Q_EMIT retrying(m_attempts + 1, delay, code);
}

void RetryingReply::releaseInner(bool abortIt) {
    ChatReply* inner = m_inner;
    m_inner = nullptr;
    if (inner == nullptr)
        return;
    inner->disconnect(this);
    inner->setParent(nullptr);
    if (abortIt && !inner->isFinished())
        inner->abort();
    inner->deleteLater();
}

void RetryingReply::fail(Outcome outcome) {
    if (m_attempts > 1 && outcome.code != QLatin1String(llm::errors::Aborted))
        outcome.text = tr("%1 (after %n attempts)", nullptr, m_attempts).arg(outcome.text);
    finishWith(outcome);
}

void RetryingReply::finishWith(const Outcome& outcome) {
    if (m_finished)
        return;
    m_message = outcome.message;
    m_finishReason = outcome.finishReason;
    m_errorCode = outcome.code;
    m_errorString = outcome.text;
    m_httpStatus = outcome.httpStatus;
    m_retryAfterMs = outcome.retryAfterMs;
    m_shouldRetry = outcome.shouldRetry;
    m_hasOutput = outcome.hasOutput;
    m_usage = m_usageSoFar;
    m_finished = true;
    Q_EMIT finished();
}

// ---------------------------------------------------------------------------------------------
// RetryingProvider

RetryingProvider::RetryingProvider(LlmProvider* inner, Clock* clock, RetryPolicy policy,
                                   QObject* parent)
    : LlmProvider(parent), m_inner(inner), m_clock(clock), m_policy(std::move(policy)) {
    if (!m_policy.jitter)
        m_policy.jitter = defaultJitter();
}

ChatReply* RetryingProvider::chat(const ChatRequest& request) {
    return new RetryingReply(m_inner, m_clock, m_policy, request, this);
}

QString RetryingProvider::kind() const {
    return m_inner ? m_inner->kind() : QString();
}

bool RetryingProvider::isLocal() const {
    return m_inner && m_inner->isLocal();
}

}  // namespace zerg
