#include "agent/xo/xo_supervisor.h"

#include <algorithm>
#include <utility>

namespace zerg::xo {
namespace {

const QString kPace = QStringLiteral("pace");

// A detail that ends in an error's own full stop would read "..": the template adds its own.
QString clause(const QString& detail) {
    QString s = detail.trimmed();
    while (s.endsWith(QChar('.')))
        s.chop(1);
    return s;
}

}  // namespace

XoSupervisor::XoSupervisor(Config config) : m_config(std::move(config)) {}

std::optional<Steering> XoSupervisor::afterIteration(const AgentState& state) {
    if (!m_config.enabled)
        return std::nullopt;
    ++m_iteration;
    m_turnsSinceProgress = turnsSinceProgress(state);

    const Pace before = m_pace;
    if (m_pace != Pace::Emergency) {  // emergency is sticky
        m_pace = assessPace(state, m_config.pace);
        m_paceReason = paceReason(state, m_config.pace);
    }
    const bool checkNow = m_iteration % std::max(1, m_config.everyTurns) == 0;
    if (checkNow)
        return radioCheck(state);
    if (m_pace == Pace::Emergency && before != Pace::Emergency)
        return steer(Finding{kPace, m_paceReason});  // an emergency does not wait for the check
    return std::nullopt;
}

std::optional<Steering> XoSupervisor::radioCheck(const AgentState& state) {
    const QList<Finding> found = findings(state);
    m_lastCheckFoundAnomaly = !found.isEmpty();

    // Steering whose cooldown has ended is judged now: its anomaly still there means ignored.
    for (auto it = m_awaitingVerdict.begin(); it != m_awaitingVerdict.end();) {
        if (m_iteration - it.value() < m_config.cooldownTurns) {
            ++it;
            continue;
        }
        const QString type = it.key();
        if (std::any_of(found.begin(), found.end(),
                        [&type](const Finding& f) { return f.type == type; }))
            ++m_ignored;
        it = m_awaitingVerdict.erase(it);
    }

    for (const Finding& f : found) {
        if (!coolingDown(f))
            return steer(f);
    }
    return std::nullopt;
}

// In priority order: PACE > cascade > context > stall > loop, oscillation, repetition.
QList<Finding> XoSupervisor::findings(const AgentState& state) const {
    QList<Finding> out;
    // PACE contingent reached through context fill alone is left to the context detector: "wrap
    // up" fits a full context better than the role's "switch method". Emergency always speaks.
    const int contingentAfter = m_config.pace.contingentAfterFailures;
    const bool failing = contingentAfter > 0 && failuresSinceSuccess(state) >= contingentAfter;
    if (m_pace == Pace::Emergency || (m_pace == Pace::Contingent && failing))
        out.append(Finding{kPace, m_paceReason});
    const std::optional<Finding> checks[] = {
        cascade(state), contextFill(state), stall(state, m_config.maxTurnsWithoutProgress),
        loop(state),    oscillation(state), repetition(state),
    };
    for (const std::optional<Finding>& f : checks) {
        if (f)
            out.append(*f);
    }
    return out;
}

bool XoSupervisor::coolingDown(const Finding& f) const {
    if (f.type == kPace && m_pace == Pace::Emergency)
        return false;  // an emergency is always said
    // Context at 90 % after a steering at 80 % is news, not a repeat: it skips the cooldown.
    if (f.type == QLatin1String("context") && f.urgent && !m_lastContextUrgent)
        return false;
    const auto it = m_lastSteeredAt.constFind(f.type);
    return it != m_lastSteeredAt.constEnd() && m_iteration - it.value() < m_config.cooldownTurns;
}

Steering XoSupervisor::steer(const Finding& f) {
    m_lastSteeredAt.insert(f.type, m_iteration);
    m_awaitingVerdict.insert(f.type, m_iteration);
    if (f.type == QLatin1String("context"))
        m_lastContextUrgent = f.urgent;
    ++m_steeringCount;
    m_lastAnomaly = f.type;
    const bool emergency = f.type == kPace && m_pace == Pace::Emergency;
    return Steering{f.type, message(f), m_pace, emergency};
}

// Each message: "[SUPERVISOR] ", the anomaly and its facts, one action; at most three sentences.
QString XoSupervisor::message(const Finding& f) const {
    const QString tag = QStringLiteral("[SUPERVISOR] ");
    if (f.type == kPace) {
        const bool emergency = m_pace == Pace::Emergency;
        return tag + QStringLiteral("PACE %1: %2. %3")
                         .arg(statusName(m_pace), clause(f.detail),
                              emergency ? m_config.emergencyGuidance : m_config.contingentGuidance);
    }
    if (f.type == QLatin1String("cascade")) {
        return tag + QStringLiteral(
                         "Cascade failure: %1. Stop and verify your environment "
                         "before anything else: that the host is reachable, the paths "
                         "exist and the credentials work.")
                         .arg(clause(f.detail));
    }
    if (f.type == QLatin1String("context")) {
        return tag + (f.urgent ? QStringLiteral("Context nearly exhausted: %1. Finish the "
                                                "immediate task and answer the user now.")
                               : QStringLiteral("Context filling up: %1. Wrap up the current "
                                                "task or summarize what you have so far."))
                         .arg(clause(f.detail));
    }
    if (f.type == QLatin1String("stall")) {
        return tag + QStringLiteral(
                         "Stall: %1. Reassess your approach: try something "
                         "different, or ask the user for clarification.")
                         .arg(clause(f.detail));
    }
    if (f.type == QLatin1String("loop")) {
        return tag + QStringLiteral("Loop: %1. Try a different approach instead of repeating it.")
                         .arg(clause(f.detail));
    }
    if (f.type == QLatin1String("oscillation")) {
        return tag + QStringLiteral(
                         "Oscillation: %1. Stop switching between these two and try a "
                         "different approach.")
                         .arg(clause(f.detail));
    }
    // repetition
    return tag + QStringLiteral(
                     "Repetition: %1. Take one concrete action now, or give your "
                     "final answer.")
                     .arg(clause(f.detail));
}

QString XoSupervisor::health() const {
    const bool ignoredTooOften = m_config.ignoreLimit > 0 && m_ignored >= m_config.ignoreLimit;
    if (m_pace == Pace::Emergency || ignoredTooOften)
        return QStringLiteral("critical");
    if (m_pace != Pace::Primary || m_lastCheckFoundAnomaly)
        return QStringLiteral("degraded");
    return QStringLiteral("ok");
}

bool XoSupervisor::shouldEscalate() const {
    return m_pace == Pace::Emergency ||
           (m_config.ignoreLimit > 0 && m_ignored >= m_config.ignoreLimit);
}

QJsonObject XoSupervisor::snapshot() const {
    return QJsonObject{
        {QStringLiteral("pace"), statusName(m_pace)},
        {QStringLiteral("health"), health()},
        {QStringLiteral("steering_count"), m_steeringCount},
        {QStringLiteral("ignored"), m_ignored},
        {QStringLiteral("last_anomaly"), m_lastAnomaly},
        {QStringLiteral("turns_since_progress"), m_turnsSinceProgress},
    };
}

}  // namespace zerg::xo
