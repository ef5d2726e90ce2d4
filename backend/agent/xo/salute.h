#pragma once

#include "core/status.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg::xo {

// What a SALUTE report says about an agent besides the XO's own view of it.
struct SaluteFacts {
    zerg::AgentState state = zerg::AgentState::Working;
    int toolCalls = 0;
    QString lastOperation;             // the last tool call, in its one-line form
    std::optional<QStringList> hosts;  // Location; nullopt: the agent has none to report
    QString agent;                     // Unit: the worker id, or "supervisor"
    QString role;                      // "worker" or "supervisor"
    QJsonObject unitIds;               // what the unit answers to: job_id or run_id
};

// The SALUTE report after a radio check (docs/xo.md): {status{state, health}, activity{turn,
// tool_calls, last_operation}, [location{hosts}], unit{agent, role, <ids>}, time,
// environment{context_fill, pace}, xo}. xoReport is what AgentLoop::xoChecked gives (the XO's
// snapshot plus turn and context_fill); its health replaces the agent's own view of itself,
// because the XO sees the whole run. A worker's salute.json and every salute_report event are
// this object, so the file and the event cannot drift apart.
[[nodiscard]] QJsonObject saluteReport(const QJsonObject& xoReport, const SaluteFacts& facts,
                                       const QDateTime& time);

}  // namespace zerg::xo
