#pragma once

#include "tools/call_effect.h"

#include <QList>
#include <QString>
#include <QStringList>

// Whether a shell command line only reads or may change a system (issue 22, "Classifying a
// call"): the command line is parsed into its simple commands (pipelines, lists, subshells,
// groups, if/while/for/case, command and process substitutions, `sh -c` strings, wrappers such
// as sudo, env, timeout and xargs), and it is read-only only when every simple command is on a
// read-only list with its arguments and nothing is written by a redirection. Anything the
// classifier does not understand changes: a false "read-only" lets a model change a server
// without asking, a false "changes" only asks the user once too often. docs/security.md
// describes what is parsed and what is not.
namespace zerg::shell {

// Effect, ReasonKind, Reason and describe() are the tools' vocabulary (tools/call_effect.h).
using zerg::Effect;
using zerg::Reason;
using zerg::ReasonKind;

// One redirection as written: op with its file descriptor (">", ">>", "2>", "&>", "<", "<<",
// "2>&", "<>", ...), target with quotes removed (a file, a descriptor, or a here-doc delimiter).
struct Redirection {
    QString op;
    QString target;
    friend bool operator==(const Redirection&, const Redirection&) = default;
};

// One simple command, after leading assignments and wrappers are taken off.
struct SimpleCommand {
    QStringList prefixes;  // the wrappers taken off, by name: {"sudo", "timeout"}
    QStringList words;     // argv after the prefixes, quotes removed, expansions as written
    QList<Redirection> redirections;
};

struct Classification {
    Effect effect = Effect::Changes;
    Reason reason;  // the first reason it changes, or AllReadOnly, or Empty
    // Every simple command found, nested ones ($(…), `…`, <(…), sh -c '…') included, in the
    // order their parsing ended (a substitution before the command that contains it).
    QList<SimpleCommand> commands;
};

// Classifies one command line as `sh -c` would run it (bash syntax accepted). Never fails: what
// it cannot parse is UnsupportedSyntax (changes). Lines over 64 KiB and nesting deeper than 32
// levels are UnsupportedSyntax too. An empty line or one with only comments runs nothing: Empty,
// read-only.
[[nodiscard]] Classification classify(const QString& commandLine);

// A command tool's call class (ssh_exec, shell_exec): the line's classification, acting on
// target, with commandWords set when the line is one simple command without redirections.
[[nodiscard]] CallClass callClass(const QString& commandLine, const QString& target);

}  // namespace zerg::shell
