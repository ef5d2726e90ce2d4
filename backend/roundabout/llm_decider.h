#pragma once

#include "core/clock.h"
#include "llm/chat_types.h"
#include "llm/llm_provider.h"
#include "roundabout/decider.h"
#include "storage/agent_profiles.h"

#include <QPointer>

namespace zerg {

struct LlmDeciderConfig {
    QString model;        // the decider role's model (cheap)
    int callBudget = 12;  // model calls per job; later decisions are default waits (counters.skips)
    int timeoutMs = 10000;  // per call, through the Clock; late -> wait (counters.timeouts)
    CallMeta meta;          // role "decider" (set when left empty), for usage records
    // The decider agent's tuning (Dashboard › Agents), read before each call: its prompt, model,
    // temperature and max tokens; nullptr: the built-in tuning.
    AgentProfileStore* profiles = nullptr;
};

// Asks the decider model about one payload (roundabout/decision_payload.h): one request with
// systemPrompt() and one user message holding the payload as compact JSON, no tools. The answer
// must follow parseDecision()'s strict format. Whatever goes wrong becomes a default wait:
// - an answer not in the format: defaultWait("invalid answer") with raw kept (counters.invalid);
// - a failed call: defaultWait("error: ...") (counters.errors);
// - no answer within timeoutMs: the reply is aborted, defaultWait("timeout") (counters.timeouts);
// - the call budget spent: defaultWait("budget") without a call (counters.skips);
// - `peek` when the payload already holds a peek: a wait with note "peek again".
// Always asynchronous: `done` is called on a later event-loop turn, never inside decide().
// abort(), a new decide() while one is in progress, and destroying the decider all drop the
// decision in progress: its reply is aborted, its timer cancelled, its callback never called.
class LlmDecider final : public Decider {
    Q_OBJECT
public:
    LlmDecider(LlmProvider* llm, Clock* clock, LlmDeciderConfig config, QObject* parent = nullptr);
    ~LlmDecider() override;

    void decide(const QJsonObject& payload, Callback done) override;
    void abort() override;
    [[nodiscard]] QString kind() const override { return QStringLiteral("llm"); }
    [[nodiscard]] const LlmDeciderConfig& config() const { return m_config; }

    [[nodiscard]] static QString systemPrompt();

private:
    void onReplyFinished();
    void onTimeout();
    // Calls back on the next event-loop turn, unless the decision is dropped before.
    void finishLater(Decision d);
    void finish(Decision d);

    QPointer<LlmProvider> m_llm;
    Clock* m_clock;
    LlmDeciderConfig m_config;
    QPointer<ChatReply> m_reply;
    Clock::TimerId m_timer = 0;
    Callback m_done;
    qint64 m_startedMs = 0;
    bool m_payloadHasPeek = false;
    // Bumped whenever a decision starts or is dropped: a queued callback of an older one is stale.
    quint64 m_generation = 0;
};

}  // namespace zerg
