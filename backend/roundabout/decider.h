#pragma once

#include "core/status.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace zerg {

// What the roundabout does after a check (seed: worker-supervision-roundabout.md, plus the
// answers to its open questions: `message` talks to the running worker).
enum class DecisionAction { Wait, Exit, Cancel, Peek, Message };

// An action's word in a decider's answer (any case there), Decision::toJson() and
// roundabout_decision events.
template <>
struct StatusTable<DecisionAction> {
    static constexpr std::array<std::pair<DecisionAction, const char*>, 5> names{{
        {DecisionAction::Wait, "wait"},
        {DecisionAction::Exit, "exit"},
        {DecisionAction::Cancel, "cancel"},
        {DecisionAction::Peek, "peek"},
        {DecisionAction::Message, "message"},
    }};
};

struct Decision {
    DecisionAction action = DecisionAction::Wait;
    // exit: the findings to return; cancel: why; peek: what to read ("thread", or a tool call's
    // number or file name, e.g. "2" or "tool_calls/002_ssh_exec.txt"); message: the text for the
    // worker. Empty for wait.
    QString argument;
    QString source;  // "llm" or "heuristic"; "default" for the wait that replaces a failed call
    QString note;    // for a default wait: "timeout", "error: …", "invalid answer", "budget"
    QString raw;     // the model's answer as received (llm), for the monitoring artifacts
    qint64 durationMs = 0;

    // {action, argument, source, note, raw, duration_ms}, empty fields left out.
    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] static Decision defaultWait(const QString& note);
};

// The strict answer format of a decider model: one line, `wait`, `exit: <findings>`,
// `cancel: <reason>`, `peek: <thread | tool number | tool_calls/...>` or `message: <text>`.
// Case-insensitive action; surrounding whitespace, one pair of backticks or quotes and a final
// period are tolerated. A bare `cancel` is a cancel with the reason "no reason given"; a bare
// `exit` is an exit with an empty argument (the roundabout returns the worker's latest output as
// the findings). Anything else (several lines, unknown action, a missing argument for
// peek/message) is invalid: nullopt.
[[nodiscard]] std::optional<Decision> parseDecision(const QString& answer);

struct DeciderCounters {
    int calls = 0;     // model calls made
    int timeouts = 0;  // calls that did not answer in time (-> wait)
    int errors = 0;    // calls that failed (-> wait)
    int invalid = 0;   // answers not in the strict format (-> wait)
    int skips = 0;     // decisions asked for after the call budget was spent (-> wait)
    [[nodiscard]] QJsonObject toJson() const;
};

// Decides about one status snapshot (the payload of roundabout/decision_payload.h).
// Asynchronous: decide() returns at once; `done` is called exactly once on the caller's thread,
// possibly before decide() returns (the heuristic decider), unless abort() comes first. One
// decision at a time per decider; a decider belongs to one roundabout (its budget is per job).
class Decider : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(Decision)>;
    using QObject::QObject;

    virtual void decide(const QJsonObject& payload, Callback done) = 0;
    // Drops the decision in progress, if any: its callback is never called.
    virtual void abort() = 0;
    [[nodiscard]] virtual QString kind() const = 0;  // "llm" or "heuristic"
    [[nodiscard]] const DeciderCounters& counters() const { return m_counters; }

protected:
    DeciderCounters m_counters;
};

}  // namespace zerg
