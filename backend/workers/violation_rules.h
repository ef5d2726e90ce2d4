#pragma once

#include "core/result.h"
#include "core/status.h"
#include "tools/shell_command.h"

#include <QJsonObject>
#include <QList>
#include <QRegularExpression>
#include <QString>

#include <optional>

namespace zerg {

// Rules on what workers may run (issue 7, "violation rules"): a pattern on one argument of some
// tools, and what to do when a call matches. A pattern on the `command` argument is matched
// against the whole command line and against each simple command in it (tools/shell_command.h)
// as simpleCommandText() writes it, so "echo ok; reboot", "(reboot)" and "sudo -n reboot" all
// show a rule the command "reboot". This is the last line behind the approval policy: it holds
// in every approval mode, autonomous included.
//   log     run it, record the violation (event violation_detected);
//   warn    run it, and tell the worker ("[SUPERVISOR] warning: …") before its next step;
//   notify  run it, and tell the user (the event is marked for a notification);
//   pause   do not run it: the worker gets a refusal that says the user must approve or run it;
//   reap    do not run it, and stop the worker (failed, code "violation": never restarted).
struct ViolationRule {
    enum class Action { Log, Warn, Notify, Pause, Reap };
    QString name;
    QStringList tools;                          // empty: every tool
    QString field = QStringLiteral("command");  // the argument matched (command, host, url, ...)
    QRegularExpression pattern;
    Action action = Action::Log;
};

// An action's word in a rules file and in violation_detected events.
template <>
struct StatusTable<ViolationRule::Action> {
    static constexpr std::array<std::pair<ViolationRule::Action, const char*>, 5> names{{
        {ViolationRule::Action::Log, "log"},
        {ViolationRule::Action::Warn, "warn"},
        {ViolationRule::Action::Notify, "notify"},
        {ViolationRule::Action::Pause, "pause"},
        {ViolationRule::Action::Reap, "reap"},
    }};
};

struct Violation {
    ViolationRule rule;
    QString tool;
    QString value;  // the matched argument
};

class ViolationRules {
public:
    // The built-in rules: wiping the root filesystem, formatting or overwriting a disk, a fork
    // bomb (reap); powering a machine off or rebooting it (pause).
    [[nodiscard]] static ViolationRules defaults();
    // A JSON file: [{"name", "tools": [..], "field", "pattern" (regex), "action"}]. Replaces the
    // built-in rules. Errors name the file, the rule and what is wrong.
    [[nodiscard]] static Result<ViolationRules> loadFile(const QString& path);
    [[nodiscard]] static Result<ViolationRules> parse(const QByteArray& json,
                                                      const QString& source);

    // The first rule the call matches, in file order.
    [[nodiscard]] std::optional<Violation> match(const QString& tool,
                                                 const QJsonObject& args) const;
    [[nodiscard]] const QList<ViolationRule>& rules() const { return m_rules; }

    // One simple command as the rules see it: its words without the wrappers (sudo, env,
    // timeout, ...) and with quotes removed, then each redirection as "op target"; a path is
    // cleaned ("//" and "/." are "/"). "sudo rm -rf \"/\" 2>/dev/null" is
    // "rm -rf / 2> /dev/null".
    [[nodiscard]] static QString simpleCommandText(const shell::SimpleCommand& command);

private:
    QList<ViolationRule> m_rules;
};

}  // namespace zerg
