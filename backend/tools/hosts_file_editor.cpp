#include "tools/hosts_file_editor.h"

#include "core/private_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>

#include <algorithm>

namespace zerg {
namespace {

using namespace Qt::StringLiterals;

// A word of a config line and where it stands in the line (its quotes included).
struct Word {
    QString value;
    qsizetype begin = 0;
    qsizetype end = 0;
};

// One line read as HostsConfig::parse reads it (its reader is private to it): the keyword in lower
// case (empty for a blank or comment line) and the arguments with their places, so that an edit
// can change a value and keep the rest of the line (indentation, "Key=value", a comment).
struct LexedLine {
    QString keyword;
    QList<Word> args;
};

LexedLine lex(const QString& line) {
    LexedLine out;
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i < n && line[i].isSpace())
        ++i;
    if (i == n || line[i] == u'#')
        return out;
    const qsizetype keyStart = i;
    while (i < n && !line[i].isSpace() && line[i] != u'=')
        ++i;
    out.keyword = line.mid(keyStart, i - keyStart).toLower();
    while (i < n && line[i].isSpace())
        ++i;
    if (i < n && line[i] == u'=')
        ++i;
    // Whitespace separates, double quotes group, an unquoted '#' at the start of a word ends the
    // line: as HostsConfig's splitArguments.
    Word current;
    bool inWord = false;
    bool quoted = false;
    for (; i < n; ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == u'"')
                quoted = false;
            else
                current.value += c;
            continue;
        }
        if (c.isSpace()) {
            if (inWord) {
                current.end = i;
                out.args.append(current);
            }
            current = Word{};
            inWord = false;
            continue;
        }
        if (c == u'#' && !inWord)
            break;
        if (!inWord) {
            current.begin = i;
            inWord = true;
        }
        if (c == u'"')
            quoted = true;
        else
            current.value += c;
    }
    if (inWord) {
        current.end = i;
        out.args.append(current);
    }
    return out;
}

// The text as lines, each with its line break, so that joining them gives the text back exactly.
QStringList splitLines(const QString& text) {
    QStringList lines;
    qsizetype start = 0;
    while (start < text.size()) {
        const qsizetype newline = text.indexOf(u'\n', start);
        const qsizetype end = newline < 0 ? text.size() : newline + 1;
        lines.append(text.mid(start, end - start));
        start = end;
    }
    return lines;
}

bool isBlank(const QString& line) {
    return line.trimmed().isEmpty();
}

bool isPattern(const QString& name) {
    return name.startsWith(u'!') || name.contains(u'*') || name.contains(u'?');
}

bool startsBlock(const QString& keyword) {
    return keyword == u"host"_s || keyword == u"match"_s;
}

// The line after the block that starts at hostLine: the next Host or Match line, or the end.
int blockEnd(const QStringList& lines, int hostLine) {
    for (int i = hostLine + 1; i < lines.size(); ++i) {
        if (startsBlock(lex(lines[i]).keyword))
            return i;
    }
    return int(lines.size());
}

QString expandTilde(const QString& path) {
    if (path == u"~"_s)
        return QDir::homePath();
    if (path.startsWith(u"~/"_s))
        return QDir::homePath() + path.mid(1);
    return path;
}

// The user an alias without a User line logs in as: HostsConfig's own answer.
QString currentUser() {
    const Result<HostsConfig> probe = HostsConfig::parse(u"Host probe\n"_s);
    if (!probe)
        return {};
    const std::optional<HostEntry> e = probe->find(u"probe"_s);
    return e ? e->user : QString();
}

// The keywords of a host's block that the entry decides: those blockFor writes. Found by writing
// a block that sets every keyword a host may have, parsing it and seeing which ones blockFor
// writes back. A field HostEntry gains (a jump host, say) is then changed on update like the
// others, while a keyword HostsConfig does not read yet stays the user's line, kept as written.
const QStringList& entryKeywords() {
    static const QStringList keywords = [] {
        QStringList out{u"hostname"_s, u"port"_s, u"user"_s, u"identityfile"_s,
                        u"userknownhostsfile"_s};
        const Result<HostsConfig> probe = HostsConfig::parse(
            u"Host probe\n HostName 192.0.2.1\n Port 2222\n User probe\n IdentityFile /probe\n"
            " UserKnownHostsFile /probe\n ProxyJump jump\nHost jump\n HostName 192.0.2.2\n"_s);
        const std::optional<HostEntry> e =
            probe ? probe->find(u"probe"_s) : std::optional<HostEntry>();
        if (e) {
            for (const QString& line : splitLines(HostsConfig::blockFor(*e)).mid(1)) {
                const QString keyword = lex(line).keyword;
                if (!keyword.isEmpty() && !out.contains(keyword))
                    out.append(keyword);
            }
        }
        return out;
    }();
    return keywords;
}

// The entry as entered, cleaned up: no surrounding spaces, no empty or repeated identity files,
// the current user for an empty one.
HostEntry cleaned(const HostEntry& in) {
    HostEntry e = in;
    e.alias = in.alias.trimmed();
    e.hostName = in.hostName.trimmed();
    e.user = in.user.trimmed();
    if (e.user.isEmpty())
        e.user = currentUser();
    e.identityFiles.clear();
    for (const QString& file : in.identityFiles) {
        const QString f = file.trimmed();
        const bool repeated =
            std::any_of(e.identityFiles.cbegin(), e.identityFiles.cend(),
                        [&f](const QString& kept) { return expandTilde(kept) == expandTilde(f); });
        if (!f.isEmpty() && !repeated)
            e.identityFiles.append(f);
    }
    e.knownHostsFile = in.knownHostsFile.trimmed();
    return e;
}

// The entry as HostsConfig resolves what blockFor writes for it: paths "~"-expanded.
HostEntry resolved(const HostEntry& in) {
    HostEntry e = in;
    for (QString& file : e.identityFiles)
        file = expandTilde(file);
    e.knownHostsFile = expandTilde(e.knownHostsFile);
    return e;
}

// Every setting of the two entries alike (blockFor writes each field HostEntry has).
bool sameSettings(HostEntry a, const HostEntry& b) {
    a.alias = b.alias;
    return HostsConfig::blockFor(a) == HostsConfig::blockFor(b);
}

bool hasControl(const QString& s) {
    return std::any_of(s.cbegin(), s.cend(),
                       [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
}

bool isNameChar(QChar c) {
    return c.isLetterOrNumber() || c == u'.' || c == u'-' || c == u'_';
}

Error invalid(const QString& message) {
    return Error{u"host_invalid"_s, message};
}

QString native(const QString& path) {
    return QDir::toNativeSeparators(path);
}

// The keywords of the HostEntry fields differences() compares one by one.
bool isCoreKeyword(const QString& keyword) {
    static const QStringList core{u"hostname"_s, u"port"_s, u"user"_s, u"identityfile"_s,
                                  u"userknownhostsfile"_s};
    return core.contains(keyword);
}

// The lines blockFor writes for the entry's other keywords (a jump host, say), by keyword.
QHash<QString, QStringList> otherSettings(const HostEntry& e) {
    QHash<QString, QStringList> out;
    for (const QString& line : splitLines(HostsConfig::blockFor(e)).mid(1)) {
        const QString keyword = lex(line).keyword;
        if (!keyword.isEmpty() && !isCoreKeyword(keyword))
            out[keyword] << line.trimmed();
    }
    return out;
}

// What the file gives the alias (got) that is not what was entered (want), for people; empty: all
// of it. IdentityFile may gain more from blocks that match every host, and a setting left empty
// (a known_hosts file of the host's own, say) may come from `Host *`, as in OpenSSH.
QStringList differences(const HostEntry& got, const HostEntry& want) {
    QStringList out;
    if (got.hostName != want.hostName) {
        out << HostsFileEditor::tr("HostName %1 instead of %2").arg(got.hostName, want.hostName);
    }
    if (got.port != want.port)
        out << HostsFileEditor::tr("Port %1 instead of %2").arg(got.port).arg(want.port);
    if (got.user != want.user)
        out << HostsFileEditor::tr("User %1 instead of %2").arg(got.user, want.user);
    for (const QString& key : want.identityFiles) {
        if (!got.identityFiles.contains(key))
            out << HostsFileEditor::tr("no IdentityFile %1").arg(key);
    }
    if (!want.knownHostsFile.isEmpty() && got.knownHostsFile != want.knownHostsFile) {
        out << HostsFileEditor::tr("UserKnownHostsFile %1 instead of %2")
                   .arg(got.knownHostsFile.isEmpty() ? HostsFileEditor::tr("(the default)")
                                                     : got.knownHostsFile,
                        want.knownHostsFile);
    }
    const QHash<QString, QStringList> gotOthers = otherSettings(got);
    const QHash<QString, QStringList> wantOthers = otherSettings(want);
    for (auto it = wantOthers.cbegin(); it != wantOthers.cend(); ++it) {
        const QStringList gotLines = gotOthers.value(it.key());
        if (gotLines == it.value())
            continue;
        const QString spelled = it.value().first().section(u' ', 0, 0);  // as blockFor writes it
        out << HostsFileEditor::tr("%1 instead of %2")
                   .arg(gotLines.isEmpty() ? HostsFileEditor::tr("no %1").arg(spelled)
                                           : gotLines.join(u", "_s),
                        it.value().join(u", "_s));
    }
    return out;
}

// A value that may go into the hosts file as an alias's settings; file names the hosts file.
Status checkEntry(const HostEntry& e, const QString& file) {
    if (e.alias.isEmpty()) {
        return invalid(HostsFileEditor::tr(
            "The alias is empty. Give the name workers will use for the host, such as web1."));
    }
    if (e.alias.contains(u'*') || e.alias.contains(u'?') || e.alias.contains(u'!')) {
        return invalid(
            HostsFileEditor::tr("\"%1\" is a pattern (*, ? and ! match other names), not an alias: "
                                "only a concrete name can be allowed. To give several hosts the "
                                "same settings, write a pattern block into the hosts file %2 by "
                                "hand.")
                .arg(e.alias, native(file)));
    }
    if (!std::all_of(e.alias.cbegin(), e.alias.cend(), isNameChar) || e.alias.startsWith(u'-')) {
        return invalid(HostsFileEditor::tr("\"%1\" cannot be an alias: use letters, digits, '.', "
                                           "'-' and '_' only (no spaces), not starting with '-'.")
                           .arg(e.alias));
    }
    if (e.hostName.isEmpty()) {
        return invalid(HostsFileEditor::tr("The host name of %1 is empty. Give the server's DNS "
                                           "name or IP address, such as 192.0.2.10.")
                           .arg(e.alias));
    }
    if (!std::all_of(e.hostName.cbegin(), e.hostName.cend(),
                     [](QChar c) { return isNameChar(c) || c == u':'; }) ||
        e.hostName.startsWith(u'-')) {
        return invalid(HostsFileEditor::tr("\"%1\" is not a host name or IP address: use letters, "
                                           "digits, '.', '-', '_' and ':' only, such as "
                                           "web1.example.com or 192.0.2.10.")
                           .arg(e.hostName));
    }
    if (e.port < 1 || e.port > 65535) {
        return invalid(HostsFileEditor::tr("Port %1 is not possible: give a number from 1 to "
                                           "65535 (SSH's usual port is 22).")
                           .arg(e.port));
    }
    if (hasControl(e.user) || e.user.contains(u'"')) {
        return invalid(HostsFileEditor::tr("The user name \"%1\" cannot be written to the hosts "
                                           "file: it holds a double quote or a control character.")
                           .arg(e.user));
    }
    QStringList paths = e.identityFiles;
    if (!e.knownHostsFile.isEmpty())
        paths << e.knownHostsFile;
    for (const QString& path : paths) {
        if (hasControl(path) || path.contains(u'"')) {
            return invalid(HostsFileEditor::tr("The path \"%1\" cannot be written to the hosts "
                                               "file: it holds a double quote or a control "
                                               "character.")
                               .arg(path));
        }
        if (!path.startsWith(u"~/"_s) && !QDir::isAbsolutePath(path)) {
            return invalid(HostsFileEditor::tr("\"%1\" is not a full path: give the file as an "
                                               "absolute path, or one starting with ~/.")
                               .arg(path));
        }
    }
    // Whatever the checks above let through must also come back as entered. Only the block's
    // own values: other keywords (ProxyJump) may name blocks of the file, and are checked with it.
    QString block;
    for (const QString& line : splitLines(HostsConfig::blockFor(e))) {
        const QString keyword = lex(line).keyword;
        if (keyword == u"host"_s || isCoreKeyword(keyword))
            block += line;
    }
    const Result<HostsConfig> alone = HostsConfig::parse(block, file);
    const std::optional<HostEntry> back = alone ? alone->find(e.alias) : std::optional<HostEntry>();
    const HostEntry want = resolved(e);
    if (!back || back->hostName != want.hostName || back->port != want.port ||
        back->user != want.user || back->identityFiles != want.identityFiles ||
        back->knownHostsFile != want.knownHostsFile) {
        return invalid(HostsFileEditor::tr("The settings of %1 cannot be written to the hosts "
                                           "file as entered. Check them for quotes and special "
                                           "characters.")
                           .arg(e.alias));
    }
    return Ok{};
}

// Whether the line belongs to the block after it: a blank line or a comment at the line's start
// (a heading such as "# Database servers"), where the block's own comments are indented.
bool introducesNext(const QString& line) {
    return isBlank(line) || line.startsWith(u'#');
}

// The indentation of the block's settings: its first setting's, else blockFor's four spaces.
QString settingsIndent(const QStringList& block) {
    for (qsizetype i = 1; i < block.size(); ++i) {
        if (lex(block[i]).keyword.isEmpty())
            continue;
        qsizetype n = 0;
        while (n < block[i].size() && block[i][n].isSpace())
            ++n;
        return block[i].left(n);
    }
    return u"    "_s;
}

// Whether an old value gives what the new one gives: a "~/" path, "%h" or "022" stays as written.
bool sameValue(const QString& keyword, const QString& old, const QString& now,
               const QString& alias) {
    if (keyword == u"hostname"_s)
        return QString(old).replace(u"%h"_s, alias) == now;
    if (keyword == u"port"_s)
        return old.toInt() == now.toInt();
    if (keyword == u"identityfile"_s || keyword == u"userknownhostsfile"_s)
        return expandTilde(old) == expandTilde(now);
    return old == now;
}

// Gives the block (its Host line first, then everything up to the next block) the entry's
// settings: for each keyword blockFor writes, the block's lines of that keyword take its values in
// order (a line whose value resolves the same stays as it is; otherwise only the value changes),
// lines beyond them go, and missing ones are inserted after the keyword's last line or after the
// previous keyword's. Other lines stay where they are.
void rewriteBlock(QStringList& block, const QString& oldAlias, const HostEntry& e) {
    const QString eol = block.first().endsWith(u"\r\n"_s) ? u"\r\n"_s : u"\n"_s;
    if (e.alias != oldAlias) {
        const Word name = lex(block.first()).args.first();
        block.first() = block.first().left(name.begin) + e.alias + block.first().mid(name.end);
    }
    const QString indent = settingsIndent(block);

    QStringList order;
    QHash<QString, QStringList> wanted;  // keyword → the lines blockFor writes for it
    for (const QString& line : splitLines(HostsConfig::blockFor(e)).mid(1)) {
        const QString keyword = lex(line).keyword;
        if (keyword.isEmpty())
            continue;
        if (!order.contains(keyword))
            order << keyword;
        wanted[keyword] << line;
    }
    for (const QString& keyword : entryKeywords()) {
        if (!order.contains(keyword))
            order << keyword;  // the entry has none: the block's lines go
    }

    qsizetype cursor = 0;  // the line after which a missing setting goes
    for (const QString& keyword : order) {
        const QStringList lines = wanted.value(keyword);
        QList<qsizetype> old;
        for (qsizetype i = 1; i < block.size(); ++i) {
            if (lex(block[i]).keyword == keyword)
                old << i;
        }
        const qsizetype common = std::min(old.size(), lines.size());
        for (qsizetype j = 0; j < common; ++j) {
            const LexedLine was = lex(block[old[j]]);
            const LexedLine now = lex(lines[j]);
            if (was.args.isEmpty()) {
                block[old[j]] = indent + lines[j].trimmed() + eol;
                continue;
            }
            if (sameValue(keyword, was.args.first().value, now.args.first().value, e.alias))
                continue;
            const QString value =
                lines[j].mid(now.args.first().begin, now.args.last().end - now.args.first().begin);
            block[old[j]] = block[old[j]].left(was.args.first().begin) + value +
                            block[old[j]].mid(was.args.last().end);
        }
        if (common > 0)
            cursor = old[common - 1];
        for (qsizetype j = old.size() - 1; j >= common; --j) {
            block.removeAt(old[j]);
            if (old[j] < cursor)
                --cursor;
        }
        for (qsizetype j = common; j < lines.size(); ++j) {
            if (!block[cursor].endsWith(u'\n'))
                block[cursor] += eol;
            block.insert(cursor + 1, indent + lines[j].trimmed() + eol);
            ++cursor;
        }
    }
}

}  // namespace

Result<HostsFileEditor> HostsFileEditor::open(const QString& hostsFilePath) {
    if (hostsFilePath.isEmpty()) {
        return Error{u"hosts_file_missing"_s,
                     tr("No hosts file is configured, so there is no file to change. Set "
                        "ZERG_HOSTS_FILE to the file that lists the hosts workers may reach.")};
    }
    HostsFileEditor editor;
    editor.m_path = hostsFilePath;
    QFile f(hostsFilePath);
    if (f.exists()) {
        if (!f.open(QIODevice::ReadOnly)) {
            return Error{u"hosts_file_unwritable"_s,
                         tr("Cannot read the hosts file %1: %2. Check its permissions.")
                             .arg(native(hostsFilePath), f.errorString())};
        }
        editor.m_onDisk = f.readAll();
        editor.m_existed = true;
    }
    const QString text = QString::fromUtf8(editor.m_onDisk);
    // Written back, text must give the very bytes read, or lines nobody edited would change.
    if (text.toUtf8() != editor.m_onDisk) {
        return Error{u"hosts_file_invalid"_s,
                     tr("The hosts file %1 is not UTF-8 text, so it cannot be changed here without "
                        "changing other lines too. Convert it to UTF-8 (iconv) or edit it by hand.")
                         .arg(native(hostsFilePath))};
    }
    editor.m_lines = splitLines(text);
    return editor;
}

Result<HostsConfig> HostsFileEditor::current() const {
    Result<HostsConfig> parsed = HostsConfig::parse(text(), m_path);
    if (!parsed) {
        return Error{parsed.error().code,
                     tr("%1 Nothing was changed: correct the hosts file first.")
                         .arg(parsed.error().message)};
    }
    return parsed;
}

Result<int> HostsFileEditor::ownBlock(const HostsConfig& config, const QString& alias) const {
    QList<int> naming;
    for (int i = 0; i < m_lines.size(); ++i) {
        const LexedLine line = lex(m_lines[i]);
        if (line.keyword != u"host"_s)
            continue;
        if (std::any_of(line.args.cbegin(), line.args.cend(), [&alias](const Word& w) {
                return !isPattern(w.value) && w.value.compare(alias, Qt::CaseInsensitive) == 0;
            })) {
            naming << i;
        }
    }
    if (!config.find(alias) || naming.isEmpty()) {
        const QStringList aliases = config.aliases();
        return Error{u"host_not_found"_s,
                     tr("\"%1\" is not in the hosts file %2 (allowed: %3). Reload the list: the "
                        "file may have changed.")
                         .arg(alias, native(m_path),
                              aliases.isEmpty() ? tr("none") : aliases.join(u", "_s))};
    }
    if (naming.size() > 1) {
        QStringList lines;
        for (int i : naming)
            lines << QString::number(i + 1);
        return Error{u"host_shared_block"_s,
                     tr("%1 is named on more than one Host line of the hosts file %2 (lines %3), "
                        "and OpenSSH combines their settings, so it cannot be changed here. Edit "
                        "the file by hand so that one block holds its settings.")
                         .arg(alias, native(m_path), lines.join(u", "_s))};
    }
    const LexedLine host = lex(m_lines[naming.first()]);
    if (host.args.size() > 1) {
        QStringList others;
        for (const Word& w : host.args) {
            if (w.value != alias)
                others << w.value;
        }
        return Error{u"host_shared_block"_s,
                     tr("%1 shares its Host line with %2 (the hosts file %3, line %4), so changing "
                        "it here would change those too. Edit the file by hand: give %1 a block of "
                        "its own, or change the shared block there.")
                         .arg(alias, others.join(u", "_s), native(m_path),
                              QString::number(naming.first() + 1))};
    }
    return naming.first();
}

Status HostsFileEditor::checkFree(const QString& alias, int except) const {
    for (int i = 0; i < m_lines.size(); ++i) {
        if (i == except)
            continue;
        const LexedLine line = lex(m_lines[i]);
        if (line.keyword != u"host"_s)
            continue;
        for (const Word& w : line.args) {
            if (isPattern(w.value) || w.value.compare(alias, Qt::CaseInsensitive) != 0)
                continue;
            const QString as = w.value == alias ? QString() : tr(", as \"%1\"").arg(w.value);
            return Error{u"host_exists"_s,
                         tr("\"%1\" is already in the hosts file %2 (line %3%4). Choose another "
                            "alias, or change that host instead.")
                             .arg(alias, native(m_path), QString::number(i + 1), as)};
        }
    }
    return Ok{};
}

Status HostsFileEditor::apply(QStringList lines, const QString& editedAlias, const HostEntry* want,
                              const QStringList* numbered) {
    const Result<HostsConfig> before = current();
    if (!before)
        return before.error();
    const Result<HostsConfig> after =
        HostsConfig::parse((numbered ? *numbered : lines).join(QString()), m_path);
    if (!after) {
        // Removing or renaming a jump host that others go through, say: parse names the line.
        return Error{after.error().code,
                     tr("This change would make the hosts file invalid, so nothing was changed: "
                        "%1")
                         .arg(after.error().message)};
    }
    if (want) {
        // OpenSSH takes the first value it meets: a block higher up that matches the alias (such
        // as `Host *` with a User) would silently change what was entered.
        const std::optional<HostEntry> got = after->find(want->alias);
        const QStringList diff = got ? differences(*got, *want) : QStringList{tr("not allowed")};
        if (!diff.isEmpty()) {
            return Error{u"host_shadowed"_s,
                         tr("In the hosts file %1, %2 would not get what you entered: %3. Another "
                            "block that matches %2 (such as `Host *`) comes first and wins, as in "
                            "OpenSSH. Nothing was changed: move that block below the others, or "
                            "edit the file by hand.")
                             .arg(native(m_path), want->alias, diff.join(u"; "_s))};
        }
    }
    // Only the edited alias may change: anything else means the block was not its alone.
    QStringList changed;
    for (const QString& alias : before->aliases()) {
        if (alias == editedAlias || (want && alias == want->alias))
            continue;
        const std::optional<HostEntry> now = after->find(alias);
        if (!now || !sameSettings(*now, *before->find(alias)))
            changed << alias;
    }
    for (const QString& alias : after->aliases()) {
        if (!before->find(alias) && !(want && alias == want->alias))
            changed << alias;
    }
    if (!want && after->find(editedAlias))
        changed << editedAlias;
    if (!changed.isEmpty()) {
        return Error{u"host_shared_block"_s,
                     tr("This change would also change %1 in the hosts file %2, so nothing was "
                        "changed. Edit the file by hand.")
                         .arg(changed.join(u", "_s), native(m_path))};
    }
    m_lines = std::move(lines);
    return Ok{};
}

Status HostsFileEditor::add(const HostEntry& entry) {
    const HostEntry e = cleaned(entry);
    if (const Status valid = checkEntry(e, m_path); !valid)
        return valid;
    if (const Result<HostsConfig> config = current(); !config)
        return config.error();
    if (const Status free = checkFree(e.alias, -1); !free)
        return free;

    const QString eol =
        !m_lines.isEmpty() && m_lines.first().endsWith(u"\r\n"_s) ? u"\r\n"_s : u"\n"_s;
    QStringList lines = m_lines;
    if (!lines.isEmpty()) {
        if (!lines.last().endsWith(u'\n'))
            lines.last() += eol;
        if (!isBlank(lines.last()))
            lines << eol;  // a blank line between blocks
    }
    QString block = HostsConfig::blockFor(e);
    if (eol != u"\n"_s)
        block.replace(u"\n"_s, eol);
    lines << splitLines(block);
    const HostEntry want = resolved(e);
    return apply(std::move(lines), e.alias, &want);
}

Status HostsFileEditor::update(const QString& alias, const HostEntry& entry) {
    const HostEntry e = cleaned(entry);
    if (const Status valid = checkEntry(e, m_path); !valid)
        return valid;
    const Result<HostsConfig> config = current();
    if (!config)
        return config.error();
    const Result<int> own = ownBlock(config.value(), alias);
    if (!own)
        return own.error();
    if (e.alias != alias) {
        if (const Status free = checkFree(e.alias, own.value()); !free)
            return free;
    }

    const int start = own.value();
    const int end = blockEnd(m_lines, start);
    QStringList block = m_lines.mid(start, end - start);
    rewriteBlock(block, alias, e);
    QStringList lines = m_lines.mid(0, start);
    lines << block << m_lines.mid(end);
    const HostEntry want = resolved(e);
    return apply(std::move(lines), alias, &want);
}

Status HostsFileEditor::remove(const QString& alias) {
    const Result<HostsConfig> config = current();
    if (!config)
        return config.error();
    const Result<int> own = ownBlock(config.value(), alias);
    if (!own)
        return own.error();

    qsizetype start = own.value();
    qsizetype end = blockEnd(m_lines, int(start));
    while (end > start + 1 && introducesNext(m_lines[end - 1]))
        --end;
    // One blank line of the two around the block goes with it, so that blocks stay one blank
    // line apart (and removing what add() appended gives the file back as it was).
    if ((start == 0 || isBlank(m_lines[start - 1])) && end < m_lines.size() &&
        isBlank(m_lines[end])) {
        ++end;
    } else if (end == m_lines.size() && start > 0 && isBlank(m_lines[start - 1])) {
        --start;
    }
    QStringList lines = m_lines;
    lines.remove(start, end - start);
    QStringList numbered = m_lines;
    for (qsizetype i = start; i < end; ++i)
        numbered[i] = m_lines[i].endsWith(u"\r\n"_s) ? u"\r\n"_s : u"\n"_s;
    return apply(std::move(lines), alias, nullptr, &numbered);
}

Status HostsFileEditor::save() {
    const QByteArray bytes = text().toUtf8();
    if (bytes == m_onDisk)
        return Ok{};
    // Another program (an editor, a second Zerg) may have changed the file since it was read:
    // writing now would silently undo that change.
    const bool existsNow = QFileInfo::exists(m_path);
    QByteArray now;
    if (existsNow) {
        QFile f(m_path);
        if (!f.open(QIODevice::ReadOnly)) {
            return Error{u"hosts_file_unwritable"_s,
                         tr("Cannot read the hosts file %1: %2. Check its permissions.")
                             .arg(native(m_path), f.errorString())};
        }
        now = f.readAll();
    }
    if (existsNow != m_existed || now != m_onDisk) {
        return Error{u"hosts_file_changed"_s,
                     tr("The hosts file %1 was changed by another program while this change was "
                        "being made, so nothing was written. Reload the list and make the change "
                        "again.")
                         .arg(native(m_path))};
    }
    if (const Status folder = files::makePrivateDir(QFileInfo(m_path).absolutePath()); !folder)
        return Error{u"hosts_file_unwritable"_s, folder.error().message};

    QSaveFile f(m_path);
    if (!f.open(QIODevice::WriteOnly)) {
        return Error{u"hosts_file_unwritable"_s,
                     tr("Cannot write the hosts file %1: %2. Check the permissions of the file "
                        "and its folder.")
                         .arg(native(m_path), f.errorString())};
    }
    // A new file is the user's alone, like the keys it names; an existing one keeps the mode its
    // owner gave it (QSaveFile writes a new file in its place).
    f.setPermissions(m_existed ? QFileInfo(m_path).permissions()
                               : QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (f.write(bytes) != bytes.size() || !f.commit()) {
        return Error{u"hosts_file_unwritable"_s,
                     tr("Cannot write the hosts file %1: %2. Check the disk and the permissions "
                        "of the file and its folder; the file was left as it was.")
                         .arg(native(m_path), f.errorString())};
    }
    m_onDisk = bytes;
    m_existed = true;
    return Ok{};
}

// Opens the file, makes one edit and saves it: the three one-call forms below.
template <typename Edit>
Status HostsFileEditor::editFile(const QString& hostsFilePath, Edit edit) {
    Result<HostsFileEditor> editor = open(hostsFilePath);
    if (!editor)
        return editor.error();
    if (const Status edited = edit(editor.value()); !edited)
        return edited;
    return editor.value().save();
}

Status HostsFileEditor::addHost(const QString& hostsFilePath, const HostEntry& entry) {
    return editFile(hostsFilePath, [&](HostsFileEditor& e) { return e.add(entry); });
}

Status HostsFileEditor::updateHost(const QString& hostsFilePath, const QString& alias,
                                   const HostEntry& entry) {
    return editFile(hostsFilePath, [&](HostsFileEditor& e) { return e.update(alias, entry); });
}

Status HostsFileEditor::removeHost(const QString& hostsFilePath, const QString& alias) {
    return editFile(hostsFilePath, [&](HostsFileEditor& e) { return e.remove(alias); });
}

Result<QList<HostImportCandidate>> HostsFileEditor::importCandidates(const QString& sshConfigPath,
                                                                     const QString& hostsFilePath) {
    QFile source(sshConfigPath);
    if (!source.open(QIODevice::ReadOnly)) {
        return Error{u"import_source_missing"_s,
                     tr("Cannot read the OpenSSH config %1 (%2), so there is nothing to import "
                        "from it. Add the hosts one by one instead.")
                         .arg(native(sshConfigPath), source.errorString())};
    }
    // HostsConfig::parse takes ProxyJump only as a hosts file may have it (aliases of the same
    // file), where the user's config may jump through anything OpenSSH takes. The checklist leaves
    // those lines out (blank, so that line numbers stay); importAliases, which copies them, judges
    // them for the hosts chosen.
    QStringList lines = splitLines(QString::fromUtf8(source.readAll()));
    for (QString& line : lines) {
        if (lex(line).keyword == u"proxyjump"_s)
            line = line.endsWith(u"\r\n"_s) ? u"\r\n"_s : u"\n"_s;
    }
    const Result<HostsConfig> config = HostsConfig::parse(lines.join(QString()), sshConfigPath);
    if (!config)
        return config.error();

    HostsConfig allowed;  // a hosts file not configured (yet) allows nothing
    if (!hostsFilePath.isEmpty()) {
        const Result<HostsFileEditor> hosts = open(hostsFilePath);
        if (!hosts)
            return hosts.error();
        const Result<HostsConfig> parsed = hosts->current();
        if (!parsed)
            return parsed.error();
        allowed = parsed.value();
    }
    QList<HostImportCandidate> out;
    for (const QString& alias : config->aliases())
        out.append(HostImportCandidate{*config->find(alias), allowed.find(alias).has_value()});
    return out;
}

}  // namespace zerg
