#pragma once

#include "roundabout/decider.h"

namespace zerg {

// The decider used when no model is configured for the decider role. It cannot judge what a
// command or its output means, so it only guards against an operation that hangs:
// - `cancel` when the payload's current operation has been running longer than
//   cancelAfterSeconds (its running_ms). The reason names the operation's tool, host and command
//   and its running time, and says the heuristic fallback decided because no decider model is
//   configured;
// - `wait` otherwise.
// It never exits early, peeks or messages the worker. Synchronous: `done` is called before
// decide() returns. source "heuristic"; it makes no model calls, so its counters stay at zero.
class HeuristicDecider final : public Decider {
    Q_OBJECT
public:
    explicit HeuristicDecider(int cancelAfterSeconds = 120, QObject* parent = nullptr);

    void decide(const QJsonObject& payload, Callback done) override;
    void abort() override {}
    [[nodiscard]] QString kind() const override { return QStringLiteral("heuristic"); }
    [[nodiscard]] int cancelAfterSeconds() const { return m_cancelAfterSeconds; }

private:
    int m_cancelAfterSeconds;
};

}  // namespace zerg
