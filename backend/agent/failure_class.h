#pragma once

#include "core/status.h"

#include <QString>

namespace zerg {

// What a failure means for restarting the agent that hit it (issue 7, "failure classification").
//   transient   the world hiccuped (network, rate limit, overload, a timeout): restart, with
//               backoff;
//   persistent  the same attempt will likely fail again (a malformed stream, a conversation too
//               long, the step limit): retry once, then escalate;
//   terminal    retrying cannot help and may cost money or harm (the budget is spent, the API key
//               or SSH key is refused, a host key changed, a host is not allowed, a rule was
//               violated): never restart; tell the user what to fix;
//   unknown     anything else: escalate to the parent supervisor.
enum class FailureClass { Transient, Persistent, Terminal, Unknown };

// Classifies an agent's error code: AgentLoop::errorCode() ("llm_<code>" for model errors of
// llm/llm_errors.h, a tool's fatal error code, "max_iterations", "budget_exceeded", ...).
[[nodiscard]] FailureClass classifyFailure(const QString& errorCode);
// How many restarts a failure of this class allows in a row before escalating: transient
// unbounded (the supervisor's intensity and backoff bound it), persistent 1, terminal and
// unknown 0.
[[nodiscard]] int restartsAllowed(FailureClass c);

// The word of each class, as the restart messages say it ("transient failure: ...").
template <>
struct StatusTable<FailureClass> {
    static constexpr std::array<std::pair<FailureClass, const char*>, 4> names{{
        {FailureClass::Transient, "transient"},
        {FailureClass::Persistent, "persistent"},
        {FailureClass::Terminal, "terminal"},
        {FailureClass::Unknown, "unknown"},
    }};
};

}  // namespace zerg
