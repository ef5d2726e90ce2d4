#pragma once

#include "agent/xo/xo_types.h"

#include <QString>

#include <optional>

// The XO's anomaly detectors: small deterministic checks over the agent's real state (no model
// reasoning). Each returns a Finding when its pattern is present now, else nullopt. docs/xo.md
// lists what each one looks at and its thresholds.
namespace zerg::xo {

struct Finding {
    QString type;    // "stall", "loop", "repetition", "oscillation", "context", "cascade"
    QString detail;  // the concrete facts the steering names (tools, arguments, errors, numbers)
    bool urgent = false;  // context only: >= 90 % full (else the 80 % warning)
};

// How many tool calls the detectors look back over.
inline constexpr int kLoopWindow = 6;         // loop: same action 3+ times in the last 6 calls
inline constexpr int kCascadeWindow = 5;      // cascade: 3+ different tools failing in 5 calls
inline constexpr int kOscillationWindow = 8;  // oscillation of failures: among the last 8 calls
inline constexpr int kRepeats = 3;            // "3 times" for loop, repetition and cascade

// The agent's iterations since its last progress: a successful tool call whose (tool, args) was
// not seen before, or whose output differs from every earlier identical call. Counted from
// iteration 0 when there was none; a turn without tool calls is never progress.
[[nodiscard]] int turnsSinceProgress(const AgentState& state);
// Failed tool calls since the last successful one (all of them when none succeeded).
[[nodiscard]] int failuresSinceSuccess(const AgentState& state);
// contextTokens / contextWindow (may exceed 1), 0 when the window is unknown.
[[nodiscard]] double contextFillRatio(const AgentState& state);
// The PACE level the state calls for by itself (failures since the last success, context
// fill), the higher of the two; XoSupervisor adds stickiness for emergency.
[[nodiscard]] Pace assessPace(const AgentState& state, const PaceRules& rules);
// Why assessPace() gives what it gives, for the steering message: "4 tool calls failed since the
// last success (the last: `shell`: exit_1: ...)" and/or "context 87% full"; empty when no rule
// applies.
[[nodiscard]] QString paceReason(const AgentState& state, const PaceRules& rules);

// turnsSinceProgress() > maxTurnsWithoutProgress. Detail: the count, the limit, the last action.
[[nodiscard]] std::optional<Finding> stall(const AgentState& state, int maxTurnsWithoutProgress);
// The same tool with the same arguments 3+ times in the last 6 calls (unless every one of them
// observed something different: polling that keeps returning news is not a loop), or the same
// tool failing with the same error (error code, else text) 3+ times in a row at the end.
[[nodiscard]] std::optional<Finding> loop(const AgentState& state);
// The last 3 answers say the same non-empty thing (whitespace and case aside) with no tool call.
[[nodiscard]] std::optional<Finding> repetition(const AgentState& state);
// A, B, A, B over the last 4 calls (tool + args) where neither repeat observed anything new, or
// over the last 4 failures (tool + error) among the last 8 calls while the newest call failed.
[[nodiscard]] std::optional<Finding> oscillation(const AgentState& state);
// Context fill >= 90 % (urgent) or >= 80 % (warning); nothing when the window is unknown.
[[nodiscard]] std::optional<Finding> contextFill(const AgentState& state);
// 3+ different tools failing within the last 5 calls.
[[nodiscard]] std::optional<Finding> cascade(const AgentState& state);

}  // namespace zerg::xo
