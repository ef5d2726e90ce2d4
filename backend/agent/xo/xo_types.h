#pragma once

#include "core/status.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg::xo {

// One tool call of an agent, as the XO sees it.
struct ToolRecord {
    int turn = 0;  // the agent's iteration (model call number, 1-based) that made it
    QString tool;
    QString normalizedArgs;  // compact JSON with sorted keys and collapsed whitespace in strings
    bool ok = true;
    QString error;         // the tool's error text when !ok
    QString errorCode;     // the tool's error_code when !ok
    QString outputDigest;  // a short hash of the result (stdout or whole payload)
};

// One model answer of the agent.
struct TurnRecord {
    int turn = 0;
    QString text;       // the assistant's text
    int toolCalls = 0;  // how many tool calls it made (0: it only talked)
};

// The agent's real state after an iteration (its tool results are in).
struct AgentState {
    QString role;              // "worker" or "supervisor"
    int turn = 0;              // iterations so far
    QList<ToolRecord> tools;   // every tool call, oldest first
    QList<TurnRecord> turns;   // every model answer, oldest first
    qint64 contextTokens = 0;  // the estimated size of the next request
    qint64 contextWindow = 0;  // the model's window (0: unknown, no context checks)
};

enum class Pace { Primary, Alternate, Contingent, Emergency };

// Moves between PACE levels (configurable per role).
struct PaceRules {
    int alternateAfterFailures = 2;  // failed tool calls since the last success
    int contingentAfterFailures = 4;
    int emergencyAfterFailures = 7;
    double contingentContextFill = 0.85;
    double emergencyContextFill = 0.95;
};

struct Config {
    bool enabled = true;  // off means off: no checks, no files, no cost
    int everyTurns = 3;   // a radio check every N iterations
    int maxTurnsWithoutProgress = 6;
    int cooldownTurns = 3;  // per anomaly type; PACE emergency ignores it
    PaceRules pace;
    // The role's own words for PACE contingent and emergency (the steering quotes them).
    QString contingentGuidance = QStringLiteral(
        "Your current method is not working: switch to a fundamentally different one, or ask for "
        "guidance.");
    QString emergencyGuidance = QStringLiteral(
        "Stop now: keep what you have, and report what you accomplished and where you got stuck.");
    int ignoreLimit = 3;  // steering ignored this many times: XoSupervisor::shouldEscalate()
};

// What one radio check found and says.
struct Steering {
    QString anomaly;  // "pace", "cascade", "context", "stall", "loop", "oscillation", "repetition"
    QString message;  // "[SUPERVISOR] …", at most 3 sentences
    Pace pace = Pace::Primary;
    bool emergency = false;  // PACE emergency: the agent must stop (escalation)
};

}  // namespace zerg::xo

namespace zerg {

// The PACE level's word in the XO's steering text and snapshot and in steering_injected events.
template <>
struct StatusTable<xo::Pace> {
    static constexpr std::array<std::pair<xo::Pace, const char*>, 4> names{{
        {xo::Pace::Primary, "primary"},
        {xo::Pace::Alternate, "alternate"},
        {xo::Pace::Contingent, "contingent"},
        {xo::Pace::Emergency, "emergency"},
    }};
};

}  // namespace zerg

Q_DECLARE_METATYPE(zerg::xo::Steering)
