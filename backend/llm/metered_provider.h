#pragma once

#include "core/clock.h"
#include "llm/llm_provider.h"
#include "storage/store.h"

#include <QPointer>

namespace zerg {

class MeteredProvider;
class Pricing;

// The reply of a MeteredProvider: forwards the inner reply's deltas as they arrive and, when the
// inner reply finishes, records the call and then finishes with the same message, usage, error
// and hints. Deleting it aborts and releases the inner reply.
class MeteredChatReply final : public ChatReply {
    Q_OBJECT
public:
    MeteredChatReply(ChatReply* inner, MeteredProvider* provider, ChatRequest request,
                     qint64 startedMs, QObject* parent = nullptr);
    ~MeteredChatReply() override;

    void abort() override;

private:
    void onTextDelta(const QString& delta);
    void onToolCallDelta(int position);
    void onInnerFinished();
    void copyHints();

    QPointer<ChatReply> m_inner;
    QPointer<MeteredProvider> m_provider;
    CallMeta m_meta;
    QString m_model;
    qint64 m_startedMs;
};

// An LlmProvider decorator that records usage and cost of every call: one llm_calls row per
// finished call (role, agent, owner, run and job from ChatRequest::meta; the request's model; the
// inner reply's usage; the cost from the pricing table with the inner provider's kind() and
// isLocal(); the duration by the Clock; status "ok" or the error code), then callRecorded().
// The row is written before the reply's finished(), so a caller that reads usage on finished
// finds it. A failed write is logged and never fails the call.
//
// inner, clock and (when given) store and pricing must outlive the provider and its replies.
// store may be null (nothing is written, callRecorded still fires); pricing may be null (every
// remote call's cost is unknown).
class MeteredProvider final : public LlmProvider {
    Q_OBJECT
public:
    MeteredProvider(LlmProvider* inner, Store* store, const Pricing* pricing, Clock* clock,
                    QObject* parent = nullptr);

    // The reply is parented to this provider; the caller may delete it at any time.
    [[nodiscard]] ChatReply* chat(const ChatRequest& request) override;
    [[nodiscard]] QString kind() const override;
    [[nodiscard]] bool isLocal() const override;

Q_SIGNALS:
    // After each call's row is written (or its write failed); record.id is 0 if it was not saved.
    void callRecorded(const zerg::LlmCallRecord& record);

private:
    friend class MeteredChatReply;
    // Builds, stores and announces the row of one finished call.
    void record(const CallMeta& meta, const QString& model, const ChatReply& inner,
                qint64 startedMs);

    LlmProvider* m_inner;
    Store* m_store;
    const Pricing* m_pricing;
    Clock* m_clock;
};

}  // namespace zerg
