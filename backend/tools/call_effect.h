#pragma once

#include "core/status.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// Whether a tool call may change a system, and why (issue 22): what the approval policy decides
// on, what an approval request shows the user, and what the audit trail stores. Each tool says
// it for its own arguments (Tool::classify); shell commands through tools/shell_command.h.
namespace zerg {

enum class Effect { ReadOnly, Changes };

// One vocabulary for why a call was classified so, for logs, the user, the model and storage.
enum class ReasonKind {
    AllReadOnly,         // every simple command only reads (subject empty)
    NotOnReadOnlyList,   // subject: the command name ("rm", or a path outside the system folders)
    ChangingSubcommand,  // subject: "systemctl restart", "ip link set", "hostname evil"
    ChangingOption,      // subject: "find -delete", "journalctl --vacuum-size", "sed -i"
    WritesFile,          // subject: "> /etc/hosts", "tee /tmp/x", "dd of=/dev/sda", "sort -o f"
    DynamicCommand,      // subject: a command only known when it runs: "$CMD", "eval", "source",
                         // "bash" (a script from a file or stdin), "PATH=" (changes the lookup)
    DynamicArgument,     // subject: "find $DIR": an argument only known when it runs, where its
                         // value decides whether the command changes anything
    UnsupportedSyntax,   // subject: a short excerpt (unclosed quote, function definition, ...)
    Empty,               // nothing to run (an empty line, a comment)
    ReadingMethod,       // subject: "GET" or "HEAD": an HTTP request that only reads
    ChangingMethod,      // subject: "POST", "DELETE", ...: an HTTP request that may change
    SendsMessage,        // subject: where to: "ops@example.org", the webhook "ops"
    NetworkAccess,       // a local command that gets the network (shell_exec "network": true);
                         // subject empty
    UnconfiguredTarget,  // subject: where to: a message to a recipient no setting names
    StaysInZerg,         // the tool only talks to Zerg itself (request_help, ...)
    NotClassified,       // subject: the tool's name: it does not say, so it may change
    ReadOnlyHint,        // subject: an MCP tool's name: its server marks it read-only
    ChangingHint,        // subject: an MCP tool's name: its server marks it as changing things
    UserAllowsTool,      // subject: an MCP tool's name: the user's policy for it is "allow"
    UserAsksForTool,     // subject: an MCP tool's name: the user's policy for it is "ask"
    ReadsResource,       // subject: an MCP server: reading its resources only reads
    ChangesZergState,    // subject: the tool's name: it changes what Zerg keeps (a schedule,
                         // a remembered fact), nothing outside Zerg
};

template <>
struct StatusTable<Effect> {
    static constexpr std::array<std::pair<Effect, const char*>, 2> names{{
        {Effect::ReadOnly, "read_only"},
        {Effect::Changes, "changes"},
    }};
};

template <>
struct StatusTable<ReasonKind> {
    static constexpr std::array<std::pair<ReasonKind, const char*>, 22> names{{
        {ReasonKind::AllReadOnly, "all_read_only"},
        {ReasonKind::NotOnReadOnlyList, "not_on_read_only_list"},
        {ReasonKind::ChangingSubcommand, "changing_subcommand"},
        {ReasonKind::ChangingOption, "changing_option"},
        {ReasonKind::WritesFile, "writes_file"},
        {ReasonKind::DynamicCommand, "dynamic_command"},
        {ReasonKind::DynamicArgument, "dynamic_argument"},
        {ReasonKind::UnsupportedSyntax, "unsupported_syntax"},
        {ReasonKind::Empty, "empty"},
        {ReasonKind::ReadingMethod, "reading_method"},
        {ReasonKind::ChangingMethod, "changing_method"},
        {ReasonKind::SendsMessage, "sends_message"},
        {ReasonKind::NetworkAccess, "network_access"},
        {ReasonKind::UnconfiguredTarget, "unconfigured_target"},
        {ReasonKind::StaysInZerg, "stays_in_zerg"},
        {ReasonKind::NotClassified, "not_classified"},
        {ReasonKind::ReadOnlyHint, "read_only_hint"},
        {ReasonKind::ChangingHint, "changing_hint"},
        {ReasonKind::UserAllowsTool, "user_allows_tool"},
        {ReasonKind::UserAsksForTool, "user_asks_for_tool"},
        {ReasonKind::ReadsResource, "reads_resource"},
        {ReasonKind::ChangesZergState, "changes_zerg_state"},
    }};
};

struct Reason {
    ReasonKind kind = ReasonKind::Empty;
    QString subject;
    friend bool operator==(const Reason&, const Reason&) = default;
};

// The reason as a short English sentence for logs and the model:
// "`rm` is not on the read-only list".
[[nodiscard]] QString describe(const Reason& reason);

// One tool call's class.
struct CallClass {
    Effect effect = Effect::Changes;
    Reason reason;
    QString target;  // where it acts: a host alias, "local", a URL's host, the recipients
    // The call is one simple command without redirections: its words (after wrappers such as
    // sudo). Only such a call can be covered by an "always allow" rule; empty otherwise.
    QStringList commandWords;
    // It acts beyond the targets the user configured (an e-mail to an address no setting names):
    // the user approves it in every mode (autonomous asks too; read-only refuses), and no
    // "always allow" rule covers it.
    bool outsideConfigured = false;

    // {effect, reason, subject, why}: for events, the API, tool_calls/*.txt and approvals.
    [[nodiscard]] QJsonObject toJson() const;
};

// A call that only talks to Zerg and changes nothing (reading workers' results, the time).
[[nodiscard]] inline CallClass staysInZerg() {
    return {Effect::ReadOnly, {ReasonKind::StaysInZerg, {}}, {}, {}, false};
}
// A call that changes what Zerg keeps (a schedule, a fact), nothing outside it.
[[nodiscard]] inline CallClass changesZergState(const QString& tool) {
    return {Effect::Changes, {ReasonKind::ChangesZergState, tool}, {}, {}, false};
}

}  // namespace zerg
