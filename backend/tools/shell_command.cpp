#include "tools/shell_command.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

namespace zerg::shell {
namespace {

using namespace Qt::StringLiterals;

constexpr qsizetype kMaxChars = 64 * 1024;
constexpr int kMaxDepth = 32;

// A word of a simple command as the parser read it.
struct Word {
    QString value;         // quotes and escapes removed; expansions as written
    QString raw;           // as written
    bool dynamic = false;  // holds an expansion or a substitution: known only when it runs
    bool glob = false;     // an unquoted *, ?, [ or {: the shell may make other words of it
    bool quoted = false;   // had quotes or a backslash (a here-doc delimiter so: a literal body)
};

using Words = QList<Word>;
using Verdict = std::optional<Reason>;  // nullopt: only reads

Reason reason(ReasonKind kind, const QString& subject = {}) {
    return Reason{kind, subject};
}

bool isBlank(QChar c) {
    return c == u' ' || c == u'\t' || c == u'\r';
}

// Characters that end a word outside quotes (bash's metacharacters, newline included).
bool endsWord(QChar c) {
    return isBlank(c) || c == u'\n' || c == u';' || c == u'&' || c == u'|' || c == u'(' ||
           c == u')' || c == u'<' || c == u'>';
}

bool isNameStart(QChar c) {
    return c == u'_' || (c.isLetter() && c.unicode() < 128);
}

bool isNameChar(QChar c) {
    return isNameStart(c) || (c.isDigit() && c.unicode() < 128);
}

QString excerpt(QStringView s, qsizetype at) {
    const qsizetype from = qMax<qsizetype>(0, at - 10);
    return s.mid(from, 30).toString().simplified();
}

// ---- what commands do -------------------------------------------------------------------------

// Commands that only read whatever their arguments are.
const QSet<QString>& plainReaders() {
    static const QSet<QString> names{
        // files and text
        u"cat"_s, u"ls"_s, u"head"_s, u"tail"_s, u"wc"_s, u"cut"_s, u"tr"_s, u"nl"_s, u"column"_s,
        u"grep"_s, u"egrep"_s, u"fgrep"_s, u"rg"_s, u"zgrep"_s, u"zcat"_s, u"bzcat"_s, u"xzcat"_s,
        u"locate"_s, u"which"_s, u"whereis"_s, u"type"_s, u"file"_s, u"stat"_s, u"readlink"_s,
        u"realpath"_s, u"basename"_s, u"dirname"_s, u"md5sum"_s, u"sha1sum"_s, u"sha256sum"_s,
        u"sha512sum"_s, u"cksum"_s, u"cmp"_s, u"diff"_s, u"comm"_s, u"jq"_s, u"strings"_s, u"od"_s,
        u"hexdump"_s, u"tree"_s, u"seq"_s, u"expr"_s,
        // the system
        u"df"_s, u"du"_s, u"free"_s, u"uptime"_s, u"ps"_s, u"pgrep"_s, u"vmstat"_s, u"iostat"_s,
        u"mpstat"_s, u"sar"_s, u"nproc"_s, u"lscpu"_s, u"lsblk"_s, u"lsmod"_s, u"lspci"_s,
        u"lsusb"_s, u"lsof"_s, u"findmnt"_s, u"uname"_s, u"id"_s, u"whoami"_s, u"who"_s, u"w"_s,
        u"last"_s, u"lastlog"_s, u"groups"_s, u"getent"_s, u"printenv"_s,
        // the network
        u"ss"_s, u"netstat"_s, u"ping"_s, u"ping6"_s, u"dig"_s, u"nslookup"_s, u"host"_s,
        // the shell itself: they change nothing outside it
        u"echo"_s, u"printf"_s, u"sleep"_s, u"true"_s, u"false"_s, u"test"_s, u"["_s, u"[["_s,
        u"pwd"_s, u"cd"_s, u"set"_s, u"exit"_s, u":"_s};
    return names;
}

// Variables whose value changes which program a later name runs, or how the shell reads.
bool changesLookup(const QString& name) {
    static const QSet<QString> names{u"PATH"_s,      u"LD_PRELOAD"_s, u"LD_LIBRARY_PATH"_s,
                                     u"BASH_ENV"_s,  u"ENV"_s,        u"IFS"_s,
                                     u"SHELLOPTS"_s, u"BASHOPTS"_s,   u"PROMPT_COMMAND"_s};
    return names.contains(name);
}

// A short option cluster ("-tzf"): its letters, up to the first one that takes an argument.
QString clusterLetters(const QString& word, const QString& lettersWithArgument) {
    QString out;
    for (qsizetype i = 1; i < word.size(); ++i) {
        out.append(word.at(i));
        if (lettersWithArgument.contains(word.at(i)))
            break;
    }
    return out;
}

bool isShortCluster(const QString& w) {
    return w.size() > 1 && w.startsWith(u'-') && !w.startsWith(u"--");
}

// Readers with options that write a file, run a program or change state: the command is
// read-only without them. A short option also counts inside a cluster ("-tK").
const QHash<QString, QStringList>& changingOptions() {
    static const QHash<QString, QStringList> table{
        {u"rg"_s, {u"--pre"_s}},                 // runs a program on every file
        {u"yq"_s, {u"-i"_s, u"--inplace"_s}},    // edits the file
        {u"file"_s, {u"-C"_s, u"--compile"_s}},  // writes a magic file
        {u"tree"_s, {u"-o"_s}},                  // writes its output to a file
        {u"ss"_s, {u"-K"_s, u"--kill"_s}},       // closes sockets
        {u"lastlog"_s, {u"-C"_s, u"--clear"_s, u"-S"_s, u"--set"_s}},  // edits the log
        {u"sar"_s, {u"-o"_s}},                                         // writes a data file
    };
    return table;
}

Verdict deniedOption(const QString& name, const Words& args) {
    const QStringList denied = changingOptions().value(name);
    for (const Word& a : args) {
        for (const QString& d : denied) {
            const bool isLong = d.startsWith(u"--");
            if (a.value == d || (isLong && a.value.startsWith(d + u'=')) ||
                (!isLong && isShortCluster(a.value) && a.value.mid(1).contains(d.at(1))))
                return reason(ReasonKind::ChangingOption, name + u' ' + d);
        }
    }
    return std::nullopt;
}

// The words that are not options; options in withArgument take the next word.
QStringList operands(const Words& args, const QSet<QString>& withArgument = {}) {
    QStringList out;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (!optionsEnded && w == u"--") {
            optionsEnded = true;
        } else if (!optionsEnded && w.startsWith(u'-') && w.size() > 1) {
            if (withArgument.contains(w))
                ++i;
        } else {
            out.append(w);
        }
    }
    return out;
}

bool hasOption(const Words& args, const QStringList& longOrExact) {
    for (const Word& a : args) {
        for (const QString& o : longOrExact) {
            if (a.value == o || (o.startsWith(u"--") && a.value.startsWith(o)))
                return true;
        }
    }
    return false;
}

// The first short cluster letter of args in letters; args' letters after one in withArgument
// belong to that option's argument.
std::optional<QChar> shortLetter(const Words& args, const QString& letters,
                                 const QString& withArgument = {}) {
    for (const Word& a : args) {
        if (!isShortCluster(a.value))
            continue;
        for (QChar c : clusterLetters(a.value, withArgument)) {
            if (letters.contains(c))
                return c;
        }
    }
    return std::nullopt;
}

Verdict changingOption(const QString& name, const QString& option) {
    return reason(ReasonKind::ChangingOption, name + u' ' + option);
}

Verdict changingSubcommand(const QString& name, const QStringList& words) {
    QStringList all{name};
    for (const QString& w : words) {
        if (!w.isEmpty())
            all.append(w);
    }
    return reason(ReasonKind::ChangingSubcommand, all.join(u' '));
}

// The verb of a command with subcommands, after options (those in withArgument take a word).
struct Verb {
    QString word;
    qsizetype index = -1;  // in args; -1: none
};

Verb verbOf(const Words& args, const QSet<QString>& withArgument) {
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (w.startsWith(u'-')) {
            if (withArgument.contains(w))
                ++i;
            continue;
        }
        return Verb{w, i};
    }
    return {};
}

// find: the actions that delete, run commands or write files.
Verdict findRule(const QString& name, const Words& args) {
    static const QStringList bad{u"-delete"_s, u"-exec"_s,    u"-execdir"_s, u"-ok"_s, u"-okdir"_s,
                                 u"-fprint"_s, u"-fprint0"_s, u"-fprintf"_s, u"-fls"_s};
    for (const Word& a : args) {
        if (bad.contains(a.value))
            return changingOption(name, a.value);
    }
    return std::nullopt;
}

// sort -o FILE writes FILE.
Verdict sortRule(const QString& name, const Words& args) {
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (w.startsWith(u"--output"))
            return reason(ReasonKind::WritesFile, name + u' ' + w);
        if (w.startsWith(u"--compress-program"))  // runs the program
            return changingOption(name, u"--compress-program"_s);
        if (isShortCluster(w) && clusterLetters(w, u"ktoST"_s).endsWith(u'o'))
            return reason(ReasonKind::WritesFile, name + u' ' + w);
    }
    return std::nullopt;
}

// uniq INPUT OUTPUT writes OUTPUT.
Verdict uniqRule(const QString& name, const Words& args) {
    const QStringList files = operands(args, {u"-f"_s, u"-s"_s, u"-w"_s});
    if (files.size() > 1)
        return reason(ReasonKind::WritesFile, name + u' ' + files.at(1));
    return std::nullopt;
}

bool isDiscard(const QString& target) {
    static const QSet<QString> sinks{u"/dev/null"_s, u"/dev/stdout"_s, u"/dev/stderr"_s,
                                     u"/dev/tty"_s,  u"/dev/fd/1"_s,   u"/dev/fd/2"_s};
    return sinks.contains(target);
}

// tee FILE writes FILE.
Verdict teeRule(const QString& name, const Words& args) {
    for (const QString& f : operands(args)) {
        if (!isDiscard(f))
            return reason(ReasonKind::WritesFile, name + u' ' + f);
    }
    return std::nullopt;
}

// dd of=FILE writes FILE.
Verdict ddRule(const QString& name, const Words& args) {
    for (const Word& a : args) {
        if (a.value.startsWith(u"of=") && !isDiscard(a.value.mid(3)))
            return reason(ReasonKind::WritesFile, name + u' ' + a.value);
    }
    return std::nullopt;
}

// hostname NAME sets the name; only the options that print are read-only.
Verdict hostnameRule(const QString& name, const Words& args) {
    static const QSet<QString> printing{u"-a"_s,
                                        u"-A"_s,
                                        u"-d"_s,
                                        u"-f"_s,
                                        u"-i"_s,
                                        u"-I"_s,
                                        u"-s"_s,
                                        u"-y"_s,
                                        u"-V"_s,
                                        u"-h"_s,
                                        u"--fqdn"_s,
                                        u"--short"_s,
                                        u"--domain"_s,
                                        u"--alias"_s,
                                        u"--ip-address"_s,
                                        u"--all-fqdns"_s,
                                        u"--all-ip-addresses"_s,
                                        u"--version"_s,
                                        u"--help"_s};
    for (const Word& a : args) {
        if (!printing.contains(a.value))
            return changingSubcommand(name, {a.value});
    }
    return std::nullopt;
}

// date -s / --set, or a bare MMDDhhmm operand, sets the clock.
Verdict dateRule(const QString& name, const Words& args) {
    if (hasOption(args, {u"-s"_s, u"--set"_s}) || shortLetter(args, u"s"_s, u"dfrI"_s))
        return changingOption(name, u"-s"_s);
    for (const QString& op :
         operands(args, {u"-d"_s, u"-f"_s, u"-r"_s, u"--date"_s, u"--file"_s, u"--reference"_s})) {
        if (!op.startsWith(u'+'))
            return changingSubcommand(name, {op});
    }
    return std::nullopt;
}

// dmesg -c / -C clear the ring buffer, -D / -E / -n change the console.
Verdict dmesgRule(const QString& name, const Words& args) {
    static const QStringList bad{u"--clear"_s, u"--read-clear"_s, u"--console-off"_s,
                                 u"--console-on"_s, u"--console-level"_s};
    for (const Word& a : args) {
        for (const QString& b : bad) {
            if (a.value.startsWith(b))
                return changingOption(name, b);
        }
    }
    if (const auto c = shortLetter(args, u"cCDEn"_s, u"fl"_s))
        return changingOption(name, u"-"_s + *c);
    return std::nullopt;
}

// journalctl's maintenance options delete or move journal files.
Verdict journalctlRule(const QString& name, const Words& args) {
    static const QStringList bad{u"--vacuum-size"_s,    u"--vacuum-time"_s,
                                 u"--vacuum-files"_s,   u"--rotate"_s,
                                 u"--flush"_s,          u"--sync"_s,
                                 u"--relinquish-var"_s, u"--smart-relinquish-var"_s,
                                 u"--setup-keys"_s,     u"--update-catalog"_s};
    for (const Word& a : args) {
        for (const QString& b : bad) {
            if (a.value == b || a.value.startsWith(b + u'='))
                return changingOption(name, b);
        }
    }
    return std::nullopt;
}

// systemctl: the verbs that only show; no verb lists the units.
Verdict systemctlRule(const QString& name, const Words& args) {
    static const QSet<QString> withArgument{
        u"-t"_s,        u"-p"_s,      u"-H"_s,         u"-M"_s,         u"-n"_s,
        u"-o"_s,        u"-s"_s,      u"--type"_s,     u"--property"_s, u"--host"_s,
        u"--machine"_s, u"--lines"_s, u"--output"_s,   u"--state"_s,    u"--signal"_s,
        u"--root"_s,    u"--what"_s,  u"--job-mode"_s, u"--kill-whom"_s};
    static const QSet<QString> showing{u"status"_s,
                                       u"is-active"_s,
                                       u"is-enabled"_s,
                                       u"is-failed"_s,
                                       u"is-system-running"_s,
                                       u"list-units"_s,
                                       u"list-unit-files"_s,
                                       u"list-timers"_s,
                                       u"list-sockets"_s,
                                       u"list-dependencies"_s,
                                       u"show"_s,
                                       u"cat"_s,
                                       u"get-default"_s};
    const Verb verb = verbOf(args, withArgument);
    if (verb.index < 0 || showing.contains(verb.word))
        return std::nullopt;
    return changingSubcommand(name, {verb.word});
}

// docker / podman: the commands that only show.
Verdict dockerRule(const QString& name, const Words& args) {
    static const QSet<QString> withArgument{u"-H"_s,        u"--host"_s, u"--config"_s,   u"-c"_s,
                                            u"--context"_s, u"-l"_s,     u"--log-level"_s};
    static const QSet<QString> showing{u"ps"_s,      u"logs"_s,   u"inspect"_s, u"images"_s,
                                       u"version"_s, u"info"_s,   u"top"_s,     u"port"_s,
                                       u"diff"_s,    u"history"_s};
    static const QHash<QString, QSet<QString>> groups{
        {u"container"_s,
         {u"ls"_s, u"list"_s, u"ps"_s, u"inspect"_s, u"logs"_s, u"top"_s, u"port"_s, u"diff"_s}},
        {u"image"_s, {u"ls"_s, u"list"_s, u"inspect"_s, u"history"_s}},
        {u"network"_s, {u"ls"_s, u"list"_s, u"inspect"_s}},
        {u"volume"_s, {u"ls"_s, u"list"_s, u"inspect"_s}}};
    const Verb verb = verbOf(args, withArgument);
    if (verb.index < 0)
        return changingSubcommand(name, {});
    if (showing.contains(verb.word))
        return std::nullopt;
    // `docker stats` streams for ever unless --no-stream; it changes nothing, but a worker
    // waiting on it would never end.
    if (verb.word == u"stats") {
        if (hasOption(args, {u"--no-stream"_s}))
            return std::nullopt;
        return changingSubcommand(name, {verb.word});
    }
    if (const auto group = groups.constFind(verb.word); group != groups.cend()) {
        const Verb sub = verbOf(args.mid(verb.index + 1), {});
        if (group->contains(sub.word))
            return std::nullopt;
        return changingSubcommand(name, {verb.word, sub.word});
    }
    return changingSubcommand(name, {verb.word});
}

// ip OBJECT [show|list|get …]: showing addresses, links, routes and neighbours.
Verdict ipRule(const QString& name, const Words& args) {
    static const QSet<QString> withArgument{u"-n"_s, u"-netns"_s, u"-f"_s, u"-family"_s};
    static const QSet<QString> objects{u"addr"_s,  u"a"_s,     u"address"_s,   u"link"_s,
                                       u"l"_s,     u"route"_s, u"r"_s,         u"ro"_s,
                                       u"neigh"_s, u"n"_s,     u"neighbour"_s, u"neighbor"_s};
    static const QSet<QString> showing{u"show"_s, u"list"_s, u"ls"_s, u"lst"_s, u"get"_s};
    const Verb object = verbOf(args, withArgument);
    if (object.index < 0)
        return changingSubcommand(name, {});
    if (!objects.contains(object.word))
        return changingSubcommand(name, {object.word});
    if (object.index + 1 >= args.size())
        return std::nullopt;  // `ip addr` shows
    const QString& action = args.at(object.index + 1).value;
    if (showing.contains(action))
        return std::nullopt;
    return changingSubcommand(name, {object.word, action});
}

// One sed script: read-only when every command is one that only prints or edits the copy it
// prints; `w`, `W`, `e`, `r`/`R`? (`r` reads) and s///w, s///e write files or run commands.
Verdict sedScript(const QString& name, const QString& script) {
    qsizetype i = 0;
    const qsizetype n = script.size();
    auto skipDelimited = [&](QChar delim) {  // to after the next unescaped delim
        while (i < n && script.at(i) != delim) {
            if (script.at(i) == u'\\')
                ++i;
            ++i;
        }
        if (i >= n)
            return false;
        ++i;
        return true;
    };
    while (i < n) {
        const QChar c = script.at(i);
        if (c.isSpace() || c == u';' || c == u'{' || c == u'}' || c == u'!' || c == u',' ||
            c == u'$' || c.isDigit() || c == u'~') {
            ++i;
            continue;
        }
        if (c == u'/' || c == u'\\') {  // an address /re/ or \cREc
            QChar delim = u'/';
            if (c == u'\\') {
                if (++i >= n)
                    return changingOption(name, u"script"_s);
                delim = script.at(i);
            }
            ++i;
            if (!skipDelimited(delim))
                return changingOption(name, u"script"_s);
            while (i < n && (script.at(i) == u'I' || script.at(i) == u'M'))
                ++i;
            continue;
        }
        if (c == u's' || c == u'y') {
            if (++i >= n)
                return changingOption(name, u"script"_s);
            const QChar delim = script.at(i++);
            if (!skipDelimited(delim) || !skipDelimited(delim))
                return changingOption(name, u"script"_s);
            while (i < n && script.at(i) != u';' && script.at(i) != u'\n' && script.at(i) != u'}') {
                const QChar flag = script.at(i);
                if (flag == u'w' || flag == u'W' || flag == u'e')
                    return changingOption(name, QStringLiteral("s///") + flag);
                ++i;
            }
            continue;
        }
        if (c == u'a' || c == u'i' || c == u'c') {  // text to print, to the end of the line
            while (i < n && script.at(i) != u'\n')
                ++i;
            continue;
        }
        if (c == u'b' || c == u't' || c == u'T' || c == u':' || c == u'r' || c == u'R' ||
            c == u'l' || c == u'L' || c == u'q' || c == u'Q') {  // takes a label, file or number
            ++i;
            while (i < n && script.at(i) != u';' && script.at(i) != u'\n')
                ++i;
            continue;
        }
        if (QStringView(u"pdDnNPhHgGxz=F").contains(c)) {
            ++i;
            continue;
        }
        // w, W, e and anything this does not know.
        return changingOption(name, QString(c));
    }
    return std::nullopt;
}

Verdict sedRule(const QString& name, const Words& args) {
    QStringList scripts;
    bool scriptGiven = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (w.startsWith(u"--in-place") ||
            (isShortCluster(w) && clusterLetters(w, u"efl"_s).contains(u'i')))
            return changingOption(name, u"-i"_s);
        if (w == u"-f" || w.startsWith(u"--file"))
            return changingOption(name, u"-f"_s);  // a script this cannot see
        if (w == u"-e" || w == u"--expression") {
            if (i + 1 < args.size())
                scripts.append(args.at(++i).value);
            scriptGiven = true;
        } else if (w.startsWith(u"--expression=")) {
            scripts.append(w.mid(13));
            scriptGiven = true;
        } else if (isShortCluster(w)) {
            const QString letters = clusterLetters(w, u"efl"_s);
            if (letters.endsWith(u'e')) {
                const QString rest = w.mid(letters.size() + 1);
                if (!rest.isEmpty())
                    scripts.append(rest);
                else if (i + 1 < args.size())
                    scripts.append(args.at(++i).value);
                scriptGiven = true;
            } else if (letters.endsWith(u'f')) {
                return changingOption(name, u"-f"_s);
            } else if (letters.endsWith(u'l')) {
                if (w.size() == letters.size() + 1)
                    ++i;
            }
        } else if (!w.startsWith(u"--") && !scriptGiven) {
            scripts.append(w);  // the first operand is the script
            scriptGiven = true;
        }
    }
    for (const QString& s : scripts) {
        if (Verdict v = sedScript(name, s))
            return v;
    }
    return std::nullopt;
}

// awk: a program that runs commands or writes files changes; when in doubt (a `|` or `>` that
// might be a pipe or a redirection), changes.
Verdict awkRule(const QString& name, const Words& args) {
    QString program;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (w == u"-f" || w.startsWith(u"--file"))
            return changingOption(name, u"-f"_s);
        if (w == u"-F" || w == u"-v" || w == u"--assign" || w == u"--field-separator") {
            ++i;
            continue;
        }
        if (w.startsWith(u'-') && w.size() > 1)
            continue;
        program = w;
        break;
    }
    // `||` is a logical or, not a pipe.
    QString text = program;
    text.replace(u"||"_s, u" "_s);
    static const QRegularExpression risky(
        QStringLiteral(R"(system\s*\(|\||\bprintf?\b[^;{}]*>|close\s*\(|fflush)"));
    if (const QRegularExpressionMatch m = risky.match(text); m.hasMatch())
        return changingOption(name, m.captured().simplified());
    return std::nullopt;
}

// openssl: inspecting certificates and connections; -out writes a file.
Verdict opensslRule(const QString& name, const Words& args) {
    static const QSet<QString> showing{u"x509"_s, u"s_client"_s, u"version"_s, u"ciphers"_s,
                                       u"verify"_s};
    const Verb verb = verbOf(args, {});
    if (!showing.contains(verb.word))
        return changingSubcommand(name, {verb.word});
    if (hasOption(args, {u"-out"_s}))
        return reason(ReasonKind::WritesFile, name + u" -out"_s);
    return std::nullopt;
}

// tar: only listing (-t, --list) is read-only.
Verdict tarRule(const QString& name, const Words& args) {
    // Besides the modes that write, the options that run a program (even when listing).
    static const QStringList changingLong{u"--to-command"_s,
                                          u"--checkpoint-action"_s,
                                          u"--use-compress-program"_s,
                                          u"--info-script"_s,
                                          u"--new-volume-script"_s,
                                          u"--rsh-command"_s,
                                          u"--create"_s,
                                          u"--extract"_s,
                                          u"--get"_s,
                                          u"--append"_s,
                                          u"--update"_s,
                                          u"--delete"_s,
                                          u"--concatenate"_s,
                                          u"--catenate"_s};
    const QString withArgument = u"fCTXbHKNgL"_s;
    bool listing = hasOption(args, {u"--list"_s});
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& w = args.at(i).value;
        if (hasOption({args.at(i)}, changingLong))
            return changingOption(name, w);
        // The first word may be an old-style cluster without its dash ("tzf").
        const bool oldStyle = i == 0 && !w.startsWith(u'-');
        if (!oldStyle && !isShortCluster(w))
            continue;
        const QString letters =
            clusterLetters(oldStyle ? QStringLiteral("-") + w : w, withArgument);
        for (QChar c : letters) {
            // -I and -F run a program (a compressor, a volume script).
            if (QStringView(u"cxurAdIF").contains(c))
                return changingOption(name, u"-"_s + c);
            if (c == u't')
                listing = true;
        }
    }
    if (!listing)
        return changingSubcommand(name, {});
    return std::nullopt;
}

// git: looking at the repository; --output writes a file.
Verdict gitRule(const QString& name, const Words& args) {
    static const QSet<QString> withArgument{u"-C"_s, u"-c"_s, u"--git-dir"_s, u"--work-tree"_s};
    static const QSet<QString> showing{u"status"_s, u"log"_s, u"diff"_s, u"show"_s};
    if (hasOption(args, {u"--output"_s}))
        return reason(ReasonKind::WritesFile, name + u" --output"_s);
    // -c core.pager=…, core.sshCommand=… and the like run programs.
    if (hasOption(args, {u"-c"_s, u"--config-env"_s}))
        return changingOption(name, u"-c"_s);
    const Verb verb = verbOf(args, withArgument);
    if (showing.contains(verb.word))
        return std::nullopt;
    const Words rest = args.mid(verb.index + 1);
    auto onlyOptions = [&rest](const QSet<QString>& allowed) {
        for (const Word& w : rest) {
            if (!allowed.contains(w.value))
                return false;
        }
        return true;
    };
    if (verb.word == u"branch" &&
        onlyOptions({u"-a"_s, u"-r"_s, u"-v"_s, u"-vv"_s, u"--list"_s, u"--all"_s}))
        return std::nullopt;
    if (verb.word == u"remote" && onlyOptions({u"-v"_s, u"--verbose"_s}))
        return std::nullopt;
    return changingSubcommand(name, {verb.word});
}

// top runs interactively (keys can kill and renice) unless in batch mode.
Verdict topRule(const QString& name, const Words& args) {
    if (shortLetter(args, u"b"_s, u"dnpuoUw"_s) || hasOption(args, {u"--batch"_s}))
        return std::nullopt;
    return changingOption(name, u"(interactive)"_s);
}

using Rule = Verdict (*)(const QString& name, const Words& args);

// Commands that read or change depending on their arguments.
const QHash<QString, Rule>& rules() {
    static const QHash<QString, Rule> table{{u"find"_s, &findRule},
                                            {u"sort"_s, &sortRule},
                                            {u"uniq"_s, &uniqRule},
                                            {u"tee"_s, &teeRule},
                                            {u"dd"_s, &ddRule},
                                            {u"hostname"_s, &hostnameRule},
                                            {u"date"_s, &dateRule},
                                            {u"dmesg"_s, &dmesgRule},
                                            {u"journalctl"_s, &journalctlRule},
                                            {u"systemctl"_s, &systemctlRule},
                                            {u"docker"_s, &dockerRule},
                                            {u"podman"_s, &dockerRule},
                                            {u"ip"_s, &ipRule},
                                            {u"sed"_s, &sedRule},
                                            {u"awk"_s, &awkRule},
                                            {u"gawk"_s, &awkRule},
                                            {u"mawk"_s, &awkRule},
                                            {u"openssl"_s, &opensslRule},
                                            {u"tar"_s, &tarRule},
                                            {u"git"_s, &gitRule},
                                            {u"top"_s, &topRule}};
    return table;
}

bool isShell(const QString& name) {
    static const QSet<QString> shells{u"sh"_s,  u"bash"_s, u"dash"_s, u"zsh"_s,
                                      u"ksh"_s, u"mksh"_s, u"ash"_s};
    return shells.contains(name);
}

// ---- the parser -------------------------------------------------------------------------------

class Parser {
public:
    Parser(QStringView text, Classification& out, int depth)
        : m_s(text), m_out(out), m_depth(depth) {}

    // The whole text as a list of commands; false when it could not be parsed (the reason is
    // in out).
    bool parseAll() { return parseList(QChar()); }

private:
    struct Heredoc {
        QString delimiter;
        bool stripTabs = false;
        bool literal = false;  // a quoted delimiter: the body is not expanded
    };

    [[nodiscard]] bool atEnd() const { return m_i >= m_s.size(); }
    [[nodiscard]] QChar at(qsizetype i) const { return i < m_s.size() ? m_s.at(i) : QChar(); }

    bool fail(const QString& what) {
        setReason(reason(ReasonKind::UnsupportedSyntax, what));
        m_failed = true;
        return false;
    }

    void setReason(const Reason& r) {
        if (m_out.reason.kind == ReasonKind::Empty || m_out.reason.kind == ReasonKind::AllReadOnly)
            m_out.reason = r;
    }

    void skipBlanks() {
        while (!atEnd()) {
            if (isBlank(at(m_i))) {
                ++m_i;
            } else if (at(m_i) == u'\\' && at(m_i + 1) == u'\n') {
                m_i += 2;  // a line continuation
            } else {
                break;
            }
        }
    }

    void skipComment() {
        while (!atEnd() && at(m_i) != u'\n')
            ++m_i;
    }

    bool enter() {
        if (++m_depth > kMaxDepth)
            return fail(QStringLiteral("nesting deeper than %1").arg(kMaxDepth));
        return true;
    }
    void leave() { --m_depth; }

    // Commands until closer (or the end when closer is null), consumed.
    bool parseList(QChar closer) {
        for (;;) {
            skipBlanks();
            if (atEnd()) {
                if (!closer.isNull())
                    return fail(QStringLiteral("missing %1").arg(closer));
                return true;
            }
            const QChar c = at(m_i);
            if (!closer.isNull() && c == closer) {
                ++m_i;
                return true;
            }
            if (c == u'\n') {
                ++m_i;
                if (!readHeredocs())
                    return false;
                continue;
            }
            if (c == u';' || c == u'&' || c == u'|') {
                ++m_i;
                continue;
            }
            if (c == u'#') {
                skipComment();
                continue;
            }
            if (c == u')')
                return fail(QStringLiteral("unmatched )"));
            if (c == u'(') {
                if (at(m_i + 1) == u'(') {  // (( arithmetic )): a test, runs nothing
                    if (!skipArithmetic(m_i + 2))
                        return false;
                    continue;
                }
                ++m_i;
                if (!enter() || !parseList(u')'))
                    return false;
                leave();
                continue;
            }
            if (!parseSimpleCommand())
                return false;
        }
    }

    // From inside `$((` or `((` (at from) to after the matching `))`.
    bool skipArithmetic(qsizetype from) {
        int open = 2;
        m_i = from;
        while (!atEnd() && open > 0) {
            const QChar c = at(m_i);
            if (c == u'(') {
                ++open;
            } else if (c == u')') {
                --open;
            } else if (c == u'$' || c == u'`') {
                Word ignored;
                if (!(c == u'$' ? readDollar(ignored) : readBacktick(ignored)))
                    return false;
                continue;
            }
            ++m_i;
        }
        if (open > 0)
            return fail(QStringLiteral("unclosed (("));
        return true;
    }

    // After a newline: the bodies of the here-docs started on the line before.
    bool readHeredocs() {
        const QList<Heredoc> pending = std::exchange(m_heredocs, {});
        for (const Heredoc& h : pending) {
            while (!atEnd()) {
                qsizetype end = m_s.indexOf(u'\n', m_i);
                if (end < 0)
                    end = m_s.size();
                QStringView line = m_s.mid(m_i, end - m_i);
                if (h.stripTabs) {
                    while (line.startsWith(u'\t'))
                        line = line.mid(1);
                }
                if (line == h.delimiter) {
                    m_i = qMin(end + 1, m_s.size());
                    break;
                }
                if (h.literal) {
                    m_i = end;
                } else {
                    // An unquoted delimiter: the body is expanded, so substitutions in it run.
                    while (m_i < end && !atEnd()) {
                        const QChar c = at(m_i);
                        Word ignored;
                        if (c == u'\\') {
                            m_i += 2;
                        } else if (c == u'$') {
                            if (!readDollar(ignored))
                                return false;
                        } else if (c == u'`') {
                            if (!readBacktick(ignored))
                                return false;
                        } else {
                            ++m_i;
                        }
                    }
                }
                if (at(m_i) == u'\n')
                    ++m_i;
            }
        }
        return true;
    }

    // $… at m_i: a parameter, an arithmetic expansion or a command substitution.
    bool readDollar(Word& w) {
        const QChar next = at(m_i + 1);
        if (next == u'(') {
            w.dynamic = true;
            if (at(m_i + 2) == u'(')
                return skipArithmetic(m_i + 3);
            m_i += 2;
            if (!enter() || !parseList(u')'))
                return false;
            leave();
            return true;
        }
        if (next == u'{') {
            w.dynamic = true;
            m_i += 2;
            int open = 1;
            while (!atEnd()) {
                const QChar c = at(m_i);
                if (c == u'}' && --open == 0) {
                    ++m_i;
                    return true;
                }
                if (c == u'{') {
                    ++open;
                } else if (c == u'\\') {
                    ++m_i;
                } else if (c == u'$' || c == u'`') {
                    Word inner;
                    if (!(c == u'$' ? readDollar(inner) : readBacktick(inner)))
                        return false;
                    continue;
                } else if (c == u'\'' || c == u'"') {
                    Word inner;
                    if (!(c == u'\'' ? readSingleQuoted(inner) : readDoubleQuoted(inner)))
                        return false;
                    continue;
                }
                ++m_i;
            }
            return fail(QStringLiteral("unclosed ${"));
        }
        if (next == u'\'') {  // $'…': escapes such as \x72 make any text
            w.dynamic = true;
            m_i += 2;
            while (!atEnd() && at(m_i) != u'\'') {
                if (at(m_i) == u'\\')
                    ++m_i;
                ++m_i;
            }
            if (atEnd())
                return fail(QStringLiteral("unclosed $'"));
            ++m_i;
            return true;
        }
        if (next == u'"') {  // $"…": a translated string, read as "…"
            ++m_i;
            return readDoubleQuoted(w);
        }
        if (isNameStart(next)) {
            w.dynamic = true;
            m_i += 1;
            while (!atEnd() && isNameChar(at(m_i)))
                ++m_i;
            return true;
        }
        if (next.isDigit() || QStringView(u"@*#?$!-").contains(next)) {
            w.dynamic = true;
            m_i += 2;
            return true;
        }
        w.value.append(u'$');
        ++m_i;
        return true;
    }

    // `…` at m_i: the text between is a command line of its own.
    bool readBacktick(Word& w) {
        QString inner;
        qsizetype i = m_i + 1;
        while (i < m_s.size() && m_s.at(i) != u'`') {
            if (m_s.at(i) == u'\\' && i + 1 < m_s.size() &&
                QStringView(u"`$\\").contains(m_s.at(i + 1))) {
                ++i;
            }
            inner.append(m_s.at(i));
            ++i;
        }
        if (i >= m_s.size())
            return fail(QStringLiteral("unclosed `"));
        m_i = i + 1;
        w.dynamic = true;
        return nested(inner);
    }

    // Another command line (a backtick substitution, `sh -c '…'`), classified into the same
    // result one level deeper.
    bool nested(const QString& text) {
        if (m_depth + 1 > kMaxDepth)
            return fail(QStringLiteral("nesting deeper than %1").arg(kMaxDepth));
        Parser inner(text, m_out, m_depth + 1);
        if (!inner.parseAll()) {
            m_failed = true;
            return false;
        }
        return true;
    }

    bool readSingleQuoted(Word& w) {
        const qsizetype end = m_s.indexOf(u'\'', m_i + 1);
        if (end < 0)
            return fail(u"unclosed quote: "_s + excerpt(m_s, m_i));
        w.value.append(m_s.mid(m_i + 1, end - m_i - 1));
        w.quoted = true;
        m_i = end + 1;
        return true;
    }

    bool readDoubleQuoted(Word& w) {
        const qsizetype start = m_i;
        ++m_i;
        w.quoted = true;
        while (!atEnd()) {
            const QChar c = at(m_i);
            if (c == u'"') {
                ++m_i;
                return true;
            }
            if (c == u'\\' && QStringView(u"$`\"\\\n").contains(at(m_i + 1))) {
                if (at(m_i + 1) != u'\n')
                    w.value.append(at(m_i + 1));
                m_i += 2;
                continue;
            }
            if (c == u'$') {
                if (!readDollar(w))
                    return false;
                continue;
            }
            if (c == u'`') {
                if (!readBacktick(w))
                    return false;
                continue;
            }
            w.value.append(c);
            ++m_i;
        }
        return fail(u"unclosed quote: "_s + excerpt(m_s, start));
    }

    // A word at m_i (not at an operator); false on a syntax error.
    bool readWord(Word& w, bool inDoubleBracket = false) {
        const qsizetype start = m_i;
        // Unquoted glob and brace patterns: *, ?, [...], {a,b} and {1..3}.
        bool bracketOpen = false;
        int braceDepth = 0;
        bool braceList = false;
        while (!atEnd()) {
            const QChar c = at(m_i);
            if (isBlank(c) || c == u'\n')
                break;
            if (endsWord(c) && !(inDoubleBracket && (c == u'<' || c == u'>')))
                break;
            if (c == u'\\') {
                if (at(m_i + 1) == u'\n') {
                    m_i += 2;
                    continue;
                }
                w.quoted = true;
                if (m_i + 1 < m_s.size())
                    w.value.append(at(m_i + 1));
                m_i += 2;
                continue;
            }
            bool ok = true;
            if (c == u'\'') {
                ok = readSingleQuoted(w);
            } else if (c == u'"') {
                ok = readDoubleQuoted(w);
            } else if (c == u'$') {
                ok = readDollar(w);
            } else if (c == u'`') {
                ok = readBacktick(w);
            } else {
                if (c == u'*' || c == u'?' || (c == u']' && bracketOpen) ||
                    (c == u'}' && braceDepth > 0 && braceList))
                    w.glob = true;
                if (c == u'[')
                    bracketOpen = true;
                else if (c == u'{')
                    ++braceDepth;
                else if (c == u'}' && braceDepth > 0)
                    --braceDepth;
                else if ((c == u',' || (c == u'.' && at(m_i + 1) == u'.')) && braceDepth > 0)
                    braceList = true;
                w.value.append(c);
                ++m_i;
            }
            if (!ok)
                return false;
        }
        w.raw = m_s.mid(start, m_i - start).toString();
        return true;
    }

    // A redirection at m_i ([n]>, >>, &>, <<EOF, …) into cmd; nullopt when there is none here.
    std::optional<bool> readRedirection(SimpleCommand& cmd, Verdict& write) {
        qsizetype j = m_i;
        while (j < m_s.size() && m_s.at(j).isDigit() && m_s.at(j).unicode() < 128)
            ++j;
        QString op = m_s.mid(m_i, j - m_i).toString();
        const QChar c = at(j);
        if (c == u'&' && j == m_i && at(j + 1) == u'>') {
            op = at(j + 2) == u'>' ? u"&>>"_s : u"&>"_s;
            j += op.size();
        } else if (c == u'>') {
            const QChar n = at(j + 1);
            const QString rest = n == u'>' || n == u'|' || n == u'&' ? QString(c) + n : QString(c);
            op += rest;
            j += rest.size();
        } else if (c == u'<') {
            if (j == m_i && at(j + 1) == u'(')
                return std::nullopt;  // a process substitution, a word
            QString rest = u"<"_s;
            if (at(j + 1) == u'<') {
                rest = at(j + 2) == u'<' ? u"<<<"_s : (at(j + 2) == u'-' ? u"<<-"_s : u"<<"_s);
            } else if (at(j + 1) == u'>' || at(j + 1) == u'&') {
                rest = QString(c) + at(j + 1);
            }
            op += rest;
            j += rest.size();
        } else {
            return std::nullopt;
        }
        m_i = j;
        skipBlanks();
        Word target;
        if (atEnd() || endsWord(at(m_i)) || !readWord(target)) {
            if (m_failed)
                return false;
            return fail(u"a redirection without a target: "_s + op);
        }
        cmd.redirections.append(Redirection{op, target.value});
        if (!op.endsWith(u"<<<") && (op.endsWith(u"<<") || op.endsWith(u"<<-"))) {
            m_heredocs.append(Heredoc{target.value, op.endsWith(u'-'), target.quoted});
        } else if (isWrite(op, target) && !write) {
            write = reason(ReasonKind::WritesFile, op + u' ' + target.raw);
        }
        return true;
    }

    static bool isWrite(const QString& op, const Word& target) {
        if (!op.contains(u'>'))
            return false;  // <, <<, <<<, <&
        if (op.endsWith(u'&')) {
            // n>&m and >&- duplicate or close a descriptor; >&file is &>file.
            if (!target.dynamic &&
                (target.value == u"-" ||
                 (!target.value.isEmpty() && std::all_of(target.value.cbegin(), target.value.cend(),
                                                         [](QChar d) { return d.isDigit(); }))))
                return false;
        }
        return target.dynamic || target.glob || !isDiscard(target.value);
    }

    bool parseSimpleCommand() {
        SimpleCommand cmd;
        Words words;
        Verdict write;
        bool forHeader = false;
        bool inDoubleBracket = false;
        for (;;) {
            skipBlanks();
            if (atEnd())
                break;
            const QChar c = at(m_i);
            if (inDoubleBracket && (c == u'&' || c == u'|' || c == u'(' || c == u')' || c == u'<' ||
                                    c == u'>' || c == u'!')) {
                ++m_i;  // inside [[ ]] these are tests, not operators
                continue;
            }
            if (c == u'\n' || c == u';' || c == u'|' || c == u')' ||
                (c == u'&' && at(m_i + 1) != u'>'))
                break;
            if (c == u'#') {
                skipComment();
                break;
            }
            if (c == u'(') {
                if (!words.isEmpty() && at(m_i + 1) == u')')
                    return fail(u"a function definition: "_s + words.last().raw + u"()"_s);
                if (forHeader && at(m_i + 1) == u'(') {
                    if (!skipArithmetic(m_i + 2))
                        return false;
                    continue;
                }
                return fail(u"( after "_s + (words.isEmpty() ? QString() : words.last().raw));
            }
            if ((c == u'<' || c == u'>') && at(m_i + 1) == u'(') {  // <(…) >(…)
                Word w;
                const qsizetype start = m_i;
                m_i += 2;
                if (!enter() || !parseList(u')'))
                    return false;
                leave();
                w.raw = m_s.mid(start, m_i - start).toString();
                w.value = w.raw;
                words.append(w);
                continue;
            }
            if (const std::optional<bool> redirected = readRedirection(cmd, write)) {
                if (!*redirected)
                    return false;
                continue;
            }
            Word w;
            if (!readWord(w, inDoubleBracket))
                return false;
            if (inDoubleBracket && w.value == u"]]" && !w.quoted) {
                inDoubleBracket = false;
                words.append(w);
                continue;
            }
            if (words.isEmpty() && !w.quoted && !w.dynamic && !forHeader) {
                static const QSet<QString> openers{u"if"_s, u"then"_s,  u"else"_s,  u"elif"_s,
                                                   u"do"_s, u"while"_s, u"until"_s, u"!"_s,
                                                   u"{"_s,  u"fi"_s,    u"done"_s,  u"}"_s};
                static const QSet<QString> unsupported{u"case"_s, u"esac"_s, u"function"_s,
                                                       u"select"_s, u"coproc"_s};
                if (openers.contains(w.value))
                    continue;  // a keyword: the command follows
                if (unsupported.contains(w.value))
                    return fail(w.value);
                if (w.value == u"for") {
                    forHeader = true;  // `for NAME in WORDS`: only its substitutions run
                    continue;
                }
                if (w.value == u"[[")
                    inDoubleBracket = true;
            }
            words.append(w);
        }
        if (inDoubleBracket)
            return fail(u"[[ without ]]"_s);
        if (forHeader) {
            if (!cmd.redirections.isEmpty())
                return fail(u"a redirection in for"_s);
            return true;
        }
        for (const Word& w : words)
            cmd.words.append(w.value);
        if (Verdict v = judge(cmd, words))
            setReason(*v);
        else if (write)
            setReason(*write);
        if (m_failed)
            return false;
        if (!cmd.words.isEmpty() || !cmd.prefixes.isEmpty() || !cmd.redirections.isEmpty())
            m_out.commands.append(cmd);
        return true;
    }

    // Whether one simple command only reads (its redirections are judged by the caller).
    Verdict judge(SimpleCommand& cmd, Words words) {
        // Leading assignments: NAME=value.
        static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*\\+?="));
        while (!words.isEmpty() && assignment.match(words.first().raw).hasMatch()) {
            const QString name = words.first().raw.section(u'=', 0, 0).remove(u'+');
            if (changesLookup(name))
                return reason(ReasonKind::DynamicCommand, name + u'=');
            words.removeFirst();
        }
        bool trailingInput = false;  // xargs adds words only known when it runs
        for (;;) {
            if (words.isEmpty())
                break;
            const Word& first = words.first();
            if (first.dynamic || first.glob)
                return reason(ReasonKind::DynamicCommand, first.raw);
            const QString name = commandName(first.value);
            if (name.isEmpty())
                return reason(ReasonKind::NotOnReadOnlyList, first.value);
            Words args = words.mid(1);
            std::optional<Words> rest;
            if (Verdict v = unwrap(name, args, rest, trailingInput))
                return v;
            if (rest) {  // a wrapper: the command it runs follows
                cmd.prefixes.append(name);
                words = *rest;
                continue;
            }
            cmd.words = QStringList();
            for (const Word& w : words)
                cmd.words.append(w.value);
            if (isShell(name))
                return shellCommand(name, args);
            static const QSet<QString> dynamic{u"eval"_s, u"source"_s, u"."_s};
            if (dynamic.contains(name))
                return reason(ReasonKind::DynamicCommand, name);
            if (changingOptions().contains(name))
                return deniedOption(name, args);
            if (plainReaders().contains(name))
                return std::nullopt;
            const auto rule = rules().constFind(name);
            if (rule == rules().cend())
                return reason(ReasonKind::NotOnReadOnlyList, name);
            for (const Word& a : args) {
                if (a.dynamic || a.glob)
                    return reason(ReasonKind::DynamicArgument, name + u' ' + a.raw);
            }
            if (trailingInput)
                return reason(ReasonKind::DynamicArgument, name + u" (xargs)"_s);
            return (*rule)(name, args);
        }
        cmd.words = QStringList();
        return std::nullopt;
    }

    // The name a command word runs: its last part when it is a path in a system folder; empty
    // for any other path (a program this cannot know).
    static QString commandName(const QString& word) {
        if (!word.contains(u'/'))
            return word;
        static const QStringList systemDirs{u"/bin/"_s,           u"/usr/bin/"_s,
                                            u"/sbin/"_s,          u"/usr/sbin/"_s,
                                            u"/usr/local/bin/"_s, u"/usr/local/sbin/"_s};
        const qsizetype slash = word.lastIndexOf(u'/');
        const QString dir = word.left(slash + 1);
        if (systemDirs.contains(dir))
            return word.mid(slash + 1);
        return {};
    }

    // A wrapper (sudo, env, timeout, xargs, …): rest becomes the command it runs (empty: none).
    // A verdict when the wrapper itself changes something or runs what cannot be known.
    static Verdict unwrap(const QString& name, const Words& args, std::optional<Words>& rest,
                          bool& trailingInput) {
        auto skipOptions = [&args](const QSet<QString>& withArgument) -> qsizetype {
            qsizetype i = 0;
            while (i < args.size()) {
                const QString& w = args.at(i).value;
                if (w == u"--")
                    return i + 1;
                if (!w.startsWith(u'-') || w.size() < 2)
                    break;
                if (withArgument.contains(w))
                    ++i;
                ++i;
            }
            return i;
        };
        if (name == u"sudo" || name == u"doas") {
            static const QSet<QString> shells{u"-i"_s,      u"-s"_s,     u"-e"_s, u"--login"_s,
                                              u"--shell"_s, u"--edit"_s, u"-v"_s};
            for (const Word& a : args) {
                if (!a.value.startsWith(u'-'))
                    break;
                if (shells.contains(a.value) || shortLetter({a}, u"ise"_s, u"ugpCDhrtTUa"_s))
                    return changingOption(name, a.value);
            }
            const qsizetype i = skipOptions({u"-u"_s, u"-g"_s, u"-h"_s, u"-p"_s, u"-C"_s, u"-D"_s,
                                             u"-r"_s, u"-t"_s, u"-T"_s, u"-U"_s, u"-a"_s});
            rest = args.mid(i);
            if (rest->isEmpty())
                return reason(ReasonKind::NotOnReadOnlyList, name);
            return std::nullopt;
        }
        if (name == u"env") {
            qsizetype i = 0;
            while (i < args.size()) {
                const QString& w = args.at(i).value;
                if (w == u"-S" || w.startsWith(u"--split-string"))
                    return reason(ReasonKind::DynamicCommand, u"env -S"_s);
                if (w == u"-u" || w == u"--unset" || w == u"-C" || w == u"--chdir") {
                    i += 2;
                } else if (w.startsWith(u'-') && w.size() > 1) {
                    ++i;
                } else if (w.contains(u'=') && !args.at(i).quoted) {
                    const QString var = w.section(u'=', 0, 0);
                    if (changesLookup(var))
                        return reason(ReasonKind::DynamicCommand, var + u'=');
                    ++i;
                } else {
                    break;
                }
            }
            rest = args.mid(i);
            return std::nullopt;  // env alone prints the environment
        }
        if (name == u"nice" || name == u"ionice" || name == u"stdbuf") {
            if (name == u"ionice" && hasOption(args, {u"-p"_s, u"-P"_s, u"-u"_s}))
                return changingOption(name, u"-p"_s);
            qsizetype i = skipOptions({u"-n"_s, u"-c"_s, u"-i"_s, u"-o"_s, u"-e"_s});
            rest = args.mid(i);
            if (rest->isEmpty())
                return name == u"nice" ? Verdict{} : reason(ReasonKind::NotOnReadOnlyList, name);
            return std::nullopt;
        }
        if (name == u"timeout") {
            qsizetype i = skipOptions({u"-s"_s, u"-k"_s, u"--signal"_s, u"--kill-after"_s});
            rest = args.mid(i + 1);  // after the duration
            if (i >= args.size() || rest->isEmpty())
                return reason(ReasonKind::NotOnReadOnlyList, name);
            return std::nullopt;
        }
        if (name == u"nohup" || name == u"builtin") {
            rest = args;
            return std::nullopt;
        }
        if (name == u"time") {
            if (hasOption(args, {u"-o"_s, u"--output"_s}))
                return reason(ReasonKind::WritesFile, u"time -o"_s);
            rest = args.mid(skipOptions({}));
            return std::nullopt;
        }
        if (name == u"command") {
            if (hasOption(args, {u"-v"_s, u"-V"_s})) {
                rest = Words{};  // prints what a name is, runs nothing
                return std::nullopt;
            }
            rest = args.mid(skipOptions({}));
            return std::nullopt;
        }
        if (name == u"exec") {
            rest = args.mid(skipOptions({u"-a"_s}));
            return std::nullopt;  // without a command it only sets up descriptors
        }
        if (name == u"xargs") {
            const qsizetype i = skipOptions({u"-I"_s, u"-n"_s, u"-L"_s, u"-P"_s, u"-d"_s, u"-E"_s,
                                             u"-s"_s, u"-a"_s, u"--arg-file"_s, u"--delimiter"_s,
                                             u"--max-args"_s, u"--max-procs"_s, u"--replace"_s});
            rest = args.mid(i);
            if (rest->isEmpty()) {
                Word echo;
                echo.value = echo.raw = u"echo"_s;
                rest = Words{echo};
            }
            trailingInput = true;
            return std::nullopt;
        }
        return std::nullopt;
    }

    // sh -c 'STRING' runs STRING; a shell without -c runs a script this cannot see.
    Verdict shellCommand(const QString& name, const Words& args) {
        bool command = false;
        for (qsizetype i = 0; i < args.size(); ++i) {
            const QString& w = args.at(i).value;
            if (w == u"-o" || w == u"+o") {
                ++i;
                continue;
            }
            if ((w.startsWith(u'-') || w.startsWith(u'+')) && w.size() > 1 &&
                !w.startsWith(u"--")) {
                if (w.mid(1).contains(u'c'))
                    command = true;
                continue;
            }
            if (w.startsWith(u"--"))
                continue;
            if (!command)
                return reason(ReasonKind::DynamicCommand, name + u' ' + args.at(i).raw);
            if (args.at(i).dynamic)
                return reason(ReasonKind::DynamicCommand, name + u" -c "_s + args.at(i).raw);
            nested(w);  // what it finds (or fails on) goes into the result
            return std::nullopt;
        }
        return reason(ReasonKind::DynamicCommand, name);
    }

    QStringView m_s;
    qsizetype m_i = 0;
    Classification& m_out;
    int m_depth;
    bool m_failed = false;
    QList<Heredoc> m_heredocs;
};

}  // namespace

Classification classify(const QString& commandLine) {
    Classification out;
    out.reason = reason(ReasonKind::Empty);
    if (commandLine.size() > kMaxChars) {
        out.reason = reason(ReasonKind::UnsupportedSyntax,
                            QStringLiteral("longer than %1 characters").arg(kMaxChars));
        return out;
    }
    Parser parser(commandLine, out, 0);
    const bool parsed = parser.parseAll();
    if (!parsed ||
        (out.reason.kind != ReasonKind::Empty && out.reason.kind != ReasonKind::AllReadOnly)) {
        out.effect = Effect::Changes;
        return out;
    }
    out.effect = Effect::ReadOnly;
    const bool ranSomething = !out.commands.isEmpty();
    out.reason = reason(ranSomething ? ReasonKind::AllReadOnly : ReasonKind::Empty);
    return out;
}

CallClass callClass(const QString& commandLine, const QString& target) {
    const Classification c = classify(commandLine);
    CallClass out{c.effect, c.reason, target, {}};
    // A command only known when it runs is never covered by a rule.
    const bool known = c.reason.kind != ReasonKind::DynamicCommand &&
                       c.reason.kind != ReasonKind::UnsupportedSyntax;
    if (known && c.commands.size() == 1 && c.commands.first().redirections.isEmpty())
        out.commandWords = c.commands.first().words;
    return out;
}

}  // namespace zerg::shell
