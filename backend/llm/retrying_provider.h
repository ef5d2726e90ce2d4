#pragma once

#include "core/clock.h"
#include "llm/llm_provider.h"

#include <QPointer>

#include <functional>

namespace zerg {

// How a RetryingProvider waits between attempts; the defaults are the official OpenAI and
// Anthropic SDKs'.
struct RetryPolicy {
    // Retries after the first attempt: maxRetries = 2 means at most 3 calls.
    int maxRetries = 2;
    // Backoff for retry n (0-based): min(initialDelayMs * 2^n, maxDelayMs), then jittered.
    qint64 initialDelayMs = 500;
    qint64 maxDelayMs = 8000;
    // A server hint (retry-after-ms / retry-after) in [0, maxRetryAfterMs] is used exactly, without
    // jitter. A larger hint is not honoured: a call should not hang for minutes on one header, so
    // the backoff applies instead (the SDKs do the same with their own limit).
    qint64 maxRetryAfterMs = 120000;
    // Returns a factor in [0, 1); the backoff is multiplied by (1 - 0.25 * jitter), so it lands in
    // (0.75 * d, d] and concurrent clients do not retry in lockstep. Empty: RetryingProvider
    // installs std::uniform_real_distribution over a std::mt19937 seeded from QRandomGenerator.
    std::function<double()> jitter;
};

// The delay before retry `retry` (0-based) in ms. serverHintMs is the failed reply's
// retryAfterMs() (-1 when none); jitter is the policy's factor (clamped to [0, 1]).
[[nodiscard]] qint64 retryDelayMs(const RetryPolicy& policy, int retry, qint64 serverHintMs,
                                  double jitter);

// Whether a failed reply is worth another attempt, retries left aside. In this order:
// - never after abort() ("aborted");
// - never once the reply produced output (hasOutput(), or deltas seen by the caller: outputSeen):
//   the text is already on screen and a retry would repeat it;
// - x-should-retry: "false" -> no, "true" -> yes, whatever the status;
// - "truncated" without any output -> yes: the connection broke before anything arrived;
// - otherwise llm::isTransient(errorCode()): rate_limited, overloaded, server (408, 409, other
//   5xx), network, timeout. auth, bad_request, context_length, protocol and api are not retried.
[[nodiscard]] bool isRetryable(const ChatReply& failed, bool outputSeen = false);

// The reply of a RetryingProvider: one logical call made of up to 1 + maxRetries inner calls.
// Deltas of the current inner call are forwarded as they arrive (message() follows them); since a
// reply with output is never retried, all forwarded deltas belong to the attempt that finishes.
//
// On success message(), finishReason(), httpStatus() and the hints are the successful attempt's;
// usage() is the sum of what every attempt reported (failed attempts usually report nothing).
// On failure the last attempt's error is passed on unchanged (code, httpStatus, hints, partial
// message); when more than one attempt was made, " (after N attempts)" ends errorString().
//
// abort() works at any moment: it aborts the running inner call or cancels the backoff wait and
// finishes with "aborted" exactly once. The reply may be deleted at any time, also from a slot
// connected to its own signals. Inner replies are reparented to this reply while they run and
// deleted (deleteLater) once they finish or this reply goes away.
class RetryingReply final : public ChatReply {
    Q_OBJECT
public:
    // Starts the first attempt at once. provider and clock must outlive the reply; if the
    // provider is deleted meanwhile, the reply finishes with the last error instead of retrying.
    RetryingReply(LlmProvider* provider, Clock* clock, RetryPolicy policy, ChatRequest request,
                  QObject* parent = nullptr);
    ~RetryingReply() override;

    void abort() override;

    // Inner calls started so far (1 after construction).
    [[nodiscard]] int attempts() const { return m_attempts; }

Q_SIGNALS:
    // A failed attempt will be followed by attempt number `attempt` (2 for the first retry) after
    // delayMs; code is the failed attempt's errorCode(). For the UI: "Retrying in 2 s…".
    void retrying(int attempt, qint64 delayMs, const QString& code);

private:
    // What one finished attempt left behind, kept while waiting to retry.
    struct Outcome {
        ChatMessage message = ChatMessage::assistant({});
        QString finishReason;
        QString code;
        QString text;
        int httpStatus = 0;
        qint64 retryAfterMs = -1;
        int shouldRetry = -1;
        bool hasOutput = false;
    };

    void startAttempt();
    void retryNow();
    void onInnerFinished();
    void onInnerTextDelta(const QString& delta);
    void onInnerToolCallDelta(int position);
    // Detaches the inner reply (no more signals, no longer our child) and deletes it later, so
    // that it is never deleted while it is still emitting a signal.
    void releaseInner(bool abortIt);
    void fail(Outcome outcome);
    void finishWith(const Outcome& outcome);

    QPointer<LlmProvider> m_provider;
    Clock* m_clock;
    RetryPolicy m_policy;
    ChatRequest m_request;
    QPointer<ChatReply> m_inner;
    Clock::TimerId m_timer = 0;
    int m_attempts = 0;
    bool m_attemptOutput = false;  // the current inner call emitted a delta
    Usage m_usageSoFar;            // the sum of what the finished attempts reported
    Outcome m_lastFailure;         // the failure a pending retry follows
};

// Decorates a provider with the official SDKs' retries (see RetryPolicy, isRetryable and
// RetryingReply). All waiting goes through the injected Clock.
class RetryingProvider final : public LlmProvider {
    Q_OBJECT
public:
    // inner and clock must outlive the provider and its replies; inner is not owned.
    RetryingProvider(LlmProvider* inner, Clock* clock, RetryPolicy policy = {},
                     QObject* parent = nullptr);

    // A RetryingReply parented to this provider; the caller may delete it at any time.
    [[nodiscard]] ChatReply* chat(const ChatRequest& request) override;
    [[nodiscard]] QString kind() const override;
    [[nodiscard]] bool isLocal() const override;

    [[nodiscard]] const RetryPolicy& policy() const { return m_policy; }

private:
    QPointer<LlmProvider> m_inner;
    Clock* m_clock;
    RetryPolicy m_policy;
};

}  // namespace zerg
