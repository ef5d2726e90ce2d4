#pragma once

#include "core/result.h"
#include "core/status.h"
#include "tools/call_effect.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// What may run without asking (issue 22, "Permission modes"): the mode the user chose, per host
// overrides, and the "always allow" rules, applied to one call's class (tools/call_effect.h).
// Pure: the worker asks, the approvals broker (workers/approvals.h) does the asking.
namespace zerg {

// ApprovalMode (autonomous, ask, read_only) and its words are in core/status.h.

// A mode as a person writes it: "autonomous", "ask", "read-only" or "read_only", any case,
// spaces around it allowed.
[[nodiscard]] std::optional<ApprovalMode> parseApprovalMode(const QString& text);

// Per host modes as a person writes them: "web1=autonomous, db1=read-only" (commas or new
// lines between entries; "local" stands for shell_exec). An empty text is no override; an entry
// without "=", a blank host or an unknown mode is an error naming it.
[[nodiscard]] Result<QHash<QString, ApprovalMode>> parseHostModes(const QString& text);

// The stricter of two modes (read-only > ask > autonomous).
[[nodiscard]] ApprovalMode stricter(ApprovalMode a, ApprovalMode b);

// "Always allow": a command whose words begin with `prefix`, on `host`, runs without asking.
struct ApprovalRule {
    qint64 id = 0;
    QString host;        // a host alias, or "local" for shell_exec
    QStringList prefix;  // words, e.g. {"systemctl", "restart", "nginx"}
};

// What the policy says about one call.
enum class Verdict { Run, Ask, Refuse };

template <>
struct StatusTable<Verdict> {
    static constexpr std::array<std::pair<Verdict, const char*>, 3> names{{
        {Verdict::Run, "run"},
        {Verdict::Ask, "ask"},
        {Verdict::Refuse, "refuse"},
    }};
};

struct PolicyDecision {
    Verdict verdict = Verdict::Ask;
    ApprovalMode mode = ApprovalMode::Ask;  // the mode that applied (the host's, or the default)
    qint64 ruleId = 0;                      // the rule that let it run; 0: none
};

struct ApprovalPolicy {
    ApprovalMode mode = ApprovalMode::Ask;
    QHash<QString, ApprovalMode> hostModes;  // by host alias ("local": shell_exec)
    QList<ApprovalRule> rules;

    // Read-only calls run in every mode. A changing call: autonomous runs it; read-only refuses
    // it; ask runs it when a rule for its target covers its command words, else asks.
    [[nodiscard]] PolicyDecision decide(const CallClass& call) const;
    [[nodiscard]] ApprovalMode modeFor(const QString& target) const {
        return hostModes.value(target, mode);
    }
    // The policy of a scheduled background run: its own mode everywhere, where a host's mode
    // is not stricter (a host set to read-only stays read-only; a host set to autonomous does
    // not loosen a read-only schedule).
    [[nodiscard]] ApprovalPolicy forBackground(ApprovalMode scheduleMode) const;

    // The prefix an "always allow" answer offers for these command words: the leading words
    // up to the first option, path, assignment or expansion, at most three ("systemctl restart
    // nginx", "apt-get install", "rm"); empty when there are no words (the call cannot be
    // covered by a rule).
    [[nodiscard]] static QStringList suggestedPrefix(const QStringList& words);
    // True when words begin with prefix (a non-empty prefix).
    [[nodiscard]] static bool covers(const QStringList& prefix, const QStringList& words);
};

}  // namespace zerg
