#pragma once

#include "agent/xo/detectors.h"
#include "agent/xo/xo_types.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace zerg::xo {

// The XO loop's brain: after every iteration of an agent it moves the PACE level, and every
// config.everyTurns iterations it runs a radio check (the detectors of detectors.h) and picks at
// most one steering message. Pure logic: no I/O, no clock, no signals; the caller injects the
// message and acts on shouldEscalate(). docs/xo.md has the rules.
class XoSupervisor {
public:
    explicit XoSupervisor(Config config);

    // Call after every iteration. Returns at most one steering message, or nullopt. Does nothing
    // (and costs nothing) when !config.enabled. Radio checks run every config.everyTurns
    // iterations (counted here, one per call), except that a PACE change to emergency is acted
    // on at once.
    [[nodiscard]] std::optional<Steering> afterIteration(const AgentState& state);

    // Failures since the last success and context fill set the level at every iteration (it
    // goes down again after a success); emergency is sticky for the rest of the run.
    [[nodiscard]] Pace pace() const { return m_pace; }
    // "critical": PACE emergency or ignoredSteering() >= ignoreLimit; "degraded": PACE alternate
    // or contingent, or the last radio check found an anomaly; else "ok".
    [[nodiscard]] QString health() const;
    [[nodiscard]] int steeringCount() const { return m_steeringCount; }
    // Steering the agent did not follow: the same anomaly type found again at the first radio
    // check after that type's cooldown ended.
    [[nodiscard]] int ignoredSteering() const { return m_ignored; }
    // True once ignoredSteering() >= config.ignoreLimit (0 or less: never for that reason) or
    // pace() == Emergency.
    [[nodiscard]] bool shouldEscalate() const;
    // {pace, health, steering_count, ignored, last_anomaly, turns_since_progress}
    [[nodiscard]] QJsonObject snapshot() const;

private:
    [[nodiscard]] std::optional<Steering> radioCheck(const AgentState& state);
    [[nodiscard]] QList<Finding> findings(const AgentState& state) const;
    [[nodiscard]] bool coolingDown(const Finding& f) const;
    [[nodiscard]] Steering steer(const Finding& f);
    [[nodiscard]] QString message(const Finding& f) const;

    Config m_config;
    int m_iteration = 0;  // afterIteration() calls while enabled
    Pace m_pace = Pace::Primary;
    QString m_paceReason;
    int m_turnsSinceProgress = 0;
    bool m_lastCheckFoundAnomaly = false;
    int m_steeringCount = 0;
    int m_ignored = 0;
    QString m_lastAnomaly;
    QHash<QString, int> m_lastSteeredAt;    // anomaly type -> iteration of its last steering
    QHash<QString, int> m_awaitingVerdict;  // steered types not yet judged followed or ignored
    bool m_lastContextUrgent = false;       // the last context steering was the 90 % one
};

}  // namespace zerg::xo
