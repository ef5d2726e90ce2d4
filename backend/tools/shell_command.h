#pragma once

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

// The words for storing these (a StatusTable each, core/status.h) come with the slice that stores
// a classification.
enum class Effect { ReadOnly, Changes };

// Why a command line was classified so: one vocabulary for logs, the user and the model.
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
};

struct Reason {
    ReasonKind kind = ReasonKind::Empty;
    QString subject;
    friend bool operator==(const Reason&, const Reason&) = default;
};

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

// The reason as a short English sentence for logs and the model:
// "`rm` is not on the read-only list".
[[nodiscard]] QString describe(const Reason& reason);

}  // namespace zerg::shell
