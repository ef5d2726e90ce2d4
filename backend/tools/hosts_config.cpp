#include "tools/hosts_config.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <optional>

#include <pwd.h>
#include <unistd.h>

namespace zerg {
namespace {

struct Setting {
    QString key;  // lower case
    QString value;
    int line = 0;  // where it is written: ProxyJump problems are found after the whole file is read
};

struct Block {
    QStringList patterns;  // empty for a Match block, which we never apply
    QList<Setting> settings;
};

QString currentUserName() {
    // The password database first: it is what sshd and libssh use; $USER can be stale (sudo).
    if (const passwd* pw = getpwuid(geteuid()); pw && pw->pw_name) {
        return QString::fromLocal8Bit(pw->pw_name);
    }
    return qEnvironmentVariable("USER");
}

QString expandTilde(const QString& path) {
    if (path == QLatin1String("~"))
        return QDir::homePath();
    if (path.startsWith(QLatin1String("~/")))
        return QDir::homePath() + path.mid(1);
    return path;
}

bool isPattern(const QString& name) {
    return name.startsWith(QLatin1Char('!')) || name.contains(QLatin1Char('*')) ||
           name.contains(QLatin1Char('?'));
}

// OpenSSH-style glob: '*' any run of characters, '?' one character; case-insensitive.
bool globMatch(QStringView pattern, QStringView text) {
    if (pattern.isEmpty())
        return text.isEmpty();
    if (pattern.front() == QLatin1Char('*')) {
        for (qsizetype i = 0; i <= text.size(); ++i) {
            if (globMatch(pattern.mid(1), text.mid(i)))
                return true;
        }
        return false;
    }
    if (text.isEmpty())
        return false;
    if (pattern.front() != QLatin1Char('?') &&
        pattern.front().toLower() != text.front().toLower()) {
        return false;
    }
    return globMatch(pattern.mid(1), text.mid(1));
}

// A Host line matches when some pattern matches and no negated pattern does.
bool blockMatches(const QStringList& patterns, const QString& alias) {
    bool matched = false;
    for (const QString& p : patterns) {
        if (p.startsWith(QLatin1Char('!'))) {
            if (globMatch(QStringView(p).mid(1), alias))
                return false;
        } else if (globMatch(p, alias)) {
            matched = true;
        }
    }
    return matched;
}

// Splits the arguments of a config line: whitespace separates, double quotes group, and an
// unquoted '#' at the start of a word ends the line. Returns false on an unclosed quote.
bool splitArguments(QStringView rest, QStringList* out) {
    QString current;
    bool inWord = false;
    bool quoted = false;
    for (qsizetype i = 0; i < rest.size(); ++i) {
        const QChar c = rest[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                current += c;
            }
            continue;
        }
        if (c.isSpace()) {
            if (inWord)
                out->append(current);
            current.clear();
            inWord = false;
            continue;
        }
        if (c == QLatin1Char('#') && !inWord)
            break;
        if (c == QLatin1Char('"')) {
            quoted = true;
        } else {
            current += c;
        }
        inWord = true;
    }
    if (quoted)
        return false;
    if (inWord)
        out->append(current);
    return true;
}

Error lineError(const QString& source, int line, const QString& what) {
    const QString where = source.isEmpty() ? HostsConfig::tr("hosts file") : source;
    return Error{QStringLiteral("hosts_file_invalid"),
                 HostsConfig::tr("%1, line %2: %3").arg(where).arg(line).arg(what)};
}

// The hops of a ProxyJump value ("none": none).
QStringList jumpList(const QString& value) {
    if (value.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0)
        return {};
    return value.split(QLatin1Char(','), Qt::SkipEmptyParts);
}

// What is wrong with a ProxyJump line of a hosts file, if anything. A hosts file jumps only
// through its own aliases: anything else would reach a server the file does not allow, with
// settings and a host key check it does not give.
std::optional<QString> proxyJumpProblem(const QStringList& args) {
    if (args.size() > 1) {
        return HostsConfig::tr(
            "ProxyJump takes one value: the jump hosts' aliases separated by commas, without "
            "spaces, e.g. \"ProxyJump bastion\" or \"ProxyJump outer,inner\".");
    }
    const QString value = args.first();
    if (value.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0)
        return std::nullopt;
    for (const QString& hop : value.split(QLatin1Char(','))) {
        if (hop.isEmpty()) {
            return HostsConfig::tr(
                       "ProxyJump \"%1\" has an empty name. Separate the jump hosts' aliases with "
                       "single commas, e.g. \"ProxyJump outer,inner\".")
                .arg(value);
        }
        if (hop.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0) {
            return HostsConfig::tr(
                       "\"none\" cannot be one of several jump hosts (\"ProxyJump %1\"). Write "
                       "\"ProxyJump none\" alone to connect directly.")
                .arg(value);
        }
        if (hop.contains(QLatin1Char('@')) || hop.contains(QLatin1Char(':')) ||
            hop.contains(QLatin1Char('/'))) {
            return HostsConfig::tr(
                       "ProxyJump \"%1\" is not an alias. In the hosts file ProxyJump names "
                       "other Host blocks of the same file, so that the jump host is allowed too "
                       "and its own HostName, Port, User, IdentityFile and host key check apply. "
                       "Add a block for it, e.g. \"Host bastion\" with HostName, Port and User "
                       "lines, and write \"ProxyJump bastion\".")
                .arg(value);
        }
        if (isPattern(hop)) {
            return HostsConfig::tr(
                       "ProxyJump \"%1\" contains the pattern \"%2\". Name the jump hosts by "
                       "their exact aliases.")
                .arg(value, hop);
        }
    }
    return std::nullopt;
}

// *jumpLine: the line of the ProxyJump that applies (0: none).
HostEntry resolve(const QString& alias, const QList<Block>& blocks, int* jumpLine = nullptr) {
    HostEntry e;
    e.alias = alias;
    bool haveHost = false, havePort = false, haveUser = false, haveKnownHosts = false;
    bool haveJump = false;
    for (const Block& b : blocks) {
        if (!blockMatches(b.patterns, alias))
            continue;
        for (const Setting& s : b.settings) {
            if (s.key == QLatin1String("hostname") && !haveHost) {
                e.hostName = QString(s.value).replace(QLatin1String("%h"), alias);
                haveHost = true;
            } else if (s.key == QLatin1String("port") && !havePort) {
                e.port = s.value.toInt();
                havePort = true;
            } else if (s.key == QLatin1String("user") && !haveUser) {
                e.user = s.value;
                haveUser = true;
            } else if (s.key == QLatin1String("identityfile")) {
                const QString path = expandTilde(s.value);
                if (!e.identityFiles.contains(path))
                    e.identityFiles.append(path);
            } else if (s.key == QLatin1String("userknownhostsfile") && !haveKnownHosts) {
                e.knownHostsFile = expandTilde(s.value);
                haveKnownHosts = true;
            } else if (s.key == QLatin1String("proxyjump") && !haveJump) {
                e.proxyJump = jumpList(s.value);
                haveJump = true;
                if (jumpLine)
                    *jumpLine = s.line;
            }
        }
    }
    if (!haveHost)
        e.hostName = alias;
    if (!haveUser)
        e.user = currentUserName();
    return e;
}

struct Resolved {
    HostEntry entry;
    int jumpLine = 0;
};

// The aliases of the jump hosts on the way to alias, first to last. As in OpenSSH (which runs
// `ssh -J` for the list and lets the first jump host's own config apply) the way is the first
// jump host's own way, then the ProxyJump list. visiting: the aliases whose way is being worked
// out, to find loops.
Result<QStringList> wayTo(const QString& alias, const QHash<QString, Resolved>& all,
                          QStringList* visiting, const QString& source) {
    const Resolved r = all.value(alias);
    const QStringList& list = r.entry.proxyJump;
    if (list.isEmpty())
        return QStringList{};
    for (const QString& hop : list) {
        if (!all.contains(hop)) {
            return lineError(
                source, r.jumpLine,
                HostsConfig::tr("the ProxyJump of %1 names \"%2\", which is not a Host alias of "
                                "this file. A jump host must be allowed like any host: add a Host "
                                "block for %2 (HostName, User, ...) or correct the name.")
                    .arg(alias, hop));
        }
    }
    if (list.contains(alias)) {
        return lineError(source, r.jumpLine,
                         HostsConfig::tr("%1 would jump through itself (ProxyJump %2). Write "
                                         "\"ProxyJump none\" in its own Host block, above any "
                                         "pattern block that sets ProxyJump (the first value "
                                         "wins), or leave it out of the pattern, e.g. \"Host * "
                                         "!%1\".")
                             .arg(alias, list.join(QLatin1Char(','))));
    }
    if (visiting->contains(alias)) {
        const QStringList circle = visiting->mid(visiting->indexOf(alias)) + QStringList{alias};
        return lineError(source, r.jumpLine,
                         HostsConfig::tr("the ProxyJump settings go round in a circle (%1). Give "
                                         "one of these hosts \"ProxyJump none\" in its own Host "
                                         "block, or remove its ProxyJump.")
                             .arg(circle.join(QLatin1String(" -> "))));
    }
    visiting->append(alias);
    const Result<QStringList> first = wayTo(list.first(), all, visiting, source);
    visiting->removeLast();
    if (!first)
        return first.error();
    const QStringList way = first.value() + list;
    if (way.contains(alias) || QStringList(way).removeDuplicates() > 0) {
        return lineError(source, r.jumpLine,
                         HostsConfig::tr("the way to %1 would pass the same host twice (%2). Fix "
                                         "the ProxyJump of %1 or of its first jump host, so that "
                                         "each jump host comes once.")
                             .arg(alias, (way + QStringList{alias}).join(QLatin1String(" -> "))));
    }
    if (way.size() > HostsConfig::kMaxJumps) {
        return lineError(source, r.jumpLine,
                         HostsConfig::tr("the way to %1 needs %2 jump hosts (%3); at most %4 are "
                                         "supported. Shorten the chain.")
                             .arg(alias)
                             .arg(way.size())
                             .arg(way.join(QLatin1String(" -> ")))
                             .arg(HostsConfig::kMaxJumps));
    }
    return way;
}

// A jump host as it appears on another host's way: the hops before it are its way.
HostEntry asHop(HostEntry e) {
    e.proxyJump.clear();
    e.jumps.clear();
    return e;
}

}  // namespace

Result<HostsConfig> HostsConfig::loadFile(const QString& path) {
    const QString example =
        tr("Create it in OpenSSH client config format, one block per server workers may reach:\n"
           "\n"
           "  Host web1\n"
           "      HostName 192.0.2.10\n"
           "      User deploy\n"
           "      IdentityFile ~/.ssh/id_ed25519\n"
           "\n"
           "or set ZERG_HOSTS_FILE to the path of an existing file.");
    if (path.isEmpty()) {
        return Error{
            QStringLiteral("hosts_file_missing"),
            tr("No hosts file is configured, so ssh_exec allows no server. %1").arg(example)};
    }
    QFile f(path);
    if (!QFileInfo::exists(path)) {
        return Error{QStringLiteral("hosts_file_missing"),
                     tr("The hosts file %1 does not exist, so ssh_exec allows no server. %2")
                         .arg(QDir::toNativeSeparators(path), example)};
    }
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("hosts_file_unreadable"),
                     tr("Cannot read the hosts file %1: %2. Check its permissions or set "
                        "ZERG_HOSTS_FILE to another file.")
                         .arg(QDir::toNativeSeparators(path), f.errorString())};
    }
    auto parsed = parse(QString::fromUtf8(f.readAll()), path);
    if (!parsed)
        return parsed.error();
    HostsConfig c = std::move(parsed).value();
    c.m_sourcePath = path;
    return c;
}

Result<HostsConfig> HostsConfig::parse(const QString& text, const QString& sourceName) {
    return parseWith(text, sourceName, Jumps::Resolve);
}

Result<HostsConfig> HostsConfig::parseWith(const QString& text, const QString& sourceName,
                                           Jumps jumps) {
    QList<Block> blocks;
    blocks.append(Block{{QStringLiteral("*")}, {}});  // settings before the first Host line
    QStringList aliases;

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const int lineNo = n + 1;
        const QString line = lines[n].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;

        qsizetype i = 0;
        while (i < line.size() && !line[i].isSpace() && line[i] != QLatin1Char('='))
            ++i;
        const QString keyword = line.left(i).toLower();
        while (i < line.size() && line[i].isSpace())
            ++i;
        if (i < line.size() && line[i] == QLatin1Char('='))
            ++i;

        QStringList args;
        if (!splitArguments(QStringView(line).mid(i), &args)) {
            return lineError(sourceName, lineNo,
                             tr("a double quote is not closed. Close it or remove it."));
        }

        if (keyword == QLatin1String("host")) {
            if (args.isEmpty()) {
                return lineError(sourceName, lineNo,
                                 tr("Host needs at least one name, e.g. \"Host web1\"."));
            }
            blocks.append(Block{args, {}});
            for (const QString& a : args) {
                if (!isPattern(a) && !aliases.contains(a))
                    aliases.append(a);
            }
            continue;
        }
        if (keyword == QLatin1String("match")) {
            blocks.append(Block{});  // conditions are not supported: its settings never apply
            continue;
        }

        static const QStringList known = {QStringLiteral("hostname"),
                                          QStringLiteral("port"),
                                          QStringLiteral("user"),
                                          QStringLiteral("identityfile"),
                                          QStringLiteral("userknownhostsfile"),
                                          QStringLiteral("proxyjump")};
        if (!known.contains(keyword))
            continue;  // unknown keywords are ignored, as documented
        if (args.isEmpty() || args.first().isEmpty()) {
            return lineError(sourceName, lineNo,
                             tr("%1 needs a value.").arg(line.left(keyword.size())));
        }
        if (keyword == QLatin1String("port")) {
            bool ok = false;
            const int port = args.first().toInt(&ok);
            if (!ok || port < 1 || port > 65535) {
                return lineError(
                    sourceName, lineNo,
                    tr("Port must be a number from 1 to 65535, not \"%1\".").arg(args.first()));
            }
        }
        if (keyword == QLatin1String("proxyjump") && jumps == Jumps::Resolve) {
            if (const std::optional<QString> problem = proxyJumpProblem(args))
                return lineError(sourceName, lineNo, *problem);
        }
        blocks.last().settings.append(Setting{keyword, args.first(), lineNo});
    }

    HostsConfig c;
    c.m_sourcePath = sourceName;
    QHash<QString, Resolved> all;
    for (const QString& a : aliases) {
        Resolved r;
        r.entry = resolve(a, blocks, &r.jumpLine);
        all.insert(a, r);
    }
    for (const QString& a : aliases) {
        HostEntry e = all[a].entry;
        if (jumps == Jumps::Resolve) {
            QStringList visiting;
            const Result<QStringList> way = wayTo(a, all, &visiting, sourceName);
            if (!way)
                return way.error();
            for (const QString& hop : way.value())
                e.jumps.append(asHop(all[hop].entry));
        }
        c.m_entries.append(e);
    }
    return c;
}

namespace {

QString quoted(const QString& value) {
    if (value.isEmpty() || value.contains(QLatin1Char(' ')) || value.contains(QLatin1Char('\t')) ||
        value.contains(QLatin1Char('#'))) {
        return QLatin1Char('"') + value + QLatin1Char('"');
    }
    return value;
}

QString readText(const QString& path, bool* ok) {
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly);
    return *ok ? QString::fromUtf8(f.readAll()) : QString();
}

// The settings the hosts file must end up giving the alias (IdentityFile may gain more from
// blocks that match every host, as in OpenSSH).
bool resolvesTo(const HostEntry& got, const HostEntry& want) {
    if (got.hostName != want.hostName || got.port != want.port || got.user != want.user ||
        got.knownHostsFile != want.knownHostsFile || got.proxyJump != want.proxyJump) {
        return false;
    }
    for (const QString& key : want.identityFiles) {
        if (!got.identityFiles.contains(key))
            return false;
    }
    return true;
}

}  // namespace

QString HostsConfig::blockFor(const HostEntry& e) {
    QString text = QStringLiteral("Host %1\n").arg(e.alias);
    text += QStringLiteral("    HostName %1\n").arg(quoted(e.hostName));
    text += QStringLiteral("    Port %1\n").arg(e.port);
    text += QStringLiteral("    User %1\n").arg(quoted(e.user));
    for (const QString& key : e.identityFiles)
        text += QStringLiteral("    IdentityFile %1\n").arg(quoted(key));
    if (!e.knownHostsFile.isEmpty())
        text += QStringLiteral("    UserKnownHostsFile %1\n").arg(quoted(e.knownHostsFile));
    if (!e.proxyJump.isEmpty())
        text += QStringLiteral("    ProxyJump %1\n").arg(e.proxyJump.join(QLatin1Char(',')));
    return text;
}

Result<QStringList> HostsConfig::importAliases(const QString& sshConfigPath,
                                               const QStringList& aliases,
                                               const QString& hostsFilePath) {
    bool ok = false;
    const QString sourceText = readText(sshConfigPath, &ok);
    if (!ok) {
        return Error{QStringLiteral("import_source_missing"),
                     tr("Cannot read %1, so nothing was imported. Give the OpenSSH config to "
                        "import from with --from FILE.")
                         .arg(QDir::toNativeSeparators(sshConfigPath))};
    }
    // The source is the user's OpenSSH config: its ProxyJump may be anything OpenSSH takes, and
    // matters only for the aliases imported (checked below).
    auto source = parseWith(sourceText, sshConfigPath, Jumps::Keep);
    if (!source)
        return source.error();

    const bool hostsExists = QFileInfo::exists(hostsFilePath);
    QString hostsText;
    if (hostsExists) {
        hostsText = readText(hostsFilePath, &ok);
        if (!ok) {
            return Error{QStringLiteral("hosts_file_unwritable"),
                         tr("Cannot read the hosts file %1. Check its permissions.")
                             .arg(QDir::toNativeSeparators(hostsFilePath))};
        }
    }
    auto current = parse(hostsText, hostsFilePath);
    if (!current)
        return current.error();

    QList<HostEntry> entries;
    QStringList unknown;
    QStringList already;
    for (const QString& alias : aliases) {
        if (current->find(alias)) {
            already << alias;
            continue;
        }
        if (const auto e = source->find(alias)) {
            if (!std::any_of(entries.cbegin(), entries.cend(),
                             [&](const HostEntry& x) { return x.alias == alias; })) {
                entries << *e;
            }
        } else {
            unknown << alias;
        }
    }
    if (!unknown.isEmpty()) {
        const QStringList defined = source->aliases();
        return Error{
            QStringLiteral("import_unknown_alias"),
            tr("%1 has no Host block named %2, so nothing was imported. It defines: %3. "
               "Name aliases exactly as they appear on its Host lines.")
                .arg(QDir::toNativeSeparators(sshConfigPath), unknown.join(QStringLiteral(", ")),
                     defined.isEmpty() ? tr("no concrete names")
                                       : defined.join(QStringLiteral(", ")))};
    }
    if (!already.isEmpty()) {
        return Error{
            QStringLiteral("import_already_allowed"),
            tr("%1 is already in the hosts file %2, so nothing was imported. Remove its "
               "block there first to import it again, or leave it out.")
                .arg(already.join(QStringLiteral(", ")), QDir::toNativeSeparators(hostsFilePath))};
    }

    // A jump host must be allowed too, and only by name: imported now or there already.
    for (const HostEntry& e : entries) {
        for (const QString& hop : e.proxyJump) {
            if (proxyJumpProblem({hop})) {
                return Error{
                    QStringLiteral("import_jump_not_allowed"),
                    tr("%1 reaches its server through \"ProxyJump %2\" in %3, which is not a "
                       "Host alias, so nothing was imported. The hosts file only jumps through "
                       "hosts it allows: give the jump host a Host block in %3 (HostName, User, "
                       "Port) and write its alias in the ProxyJump of %1, then import both.")
                        .arg(e.alias, e.proxyJump.join(QLatin1Char(',')),
                             QDir::toNativeSeparators(sshConfigPath))};
            }
            if (!aliases.contains(hop) && !current->find(hop)) {
                return Error{
                    QStringLiteral("import_jump_not_allowed"),
                    tr("%1 reaches its server through the jump host %2 (ProxyJump in %3), which "
                       "is neither in the hosts file %4 nor being imported, so nothing was "
                       "imported. A jump host must be allowed too: import both, e.g. `zerg "
                       "hosts import %2 %1`.")
                        .arg(e.alias, hop, QDir::toNativeSeparators(sshConfigPath),
                             QDir::toNativeSeparators(hostsFilePath))};
            }
        }
    }

    QString addition =
        QStringLiteral("\n# Imported from %1 by `zerg hosts import` on %2\n")
            .arg(sshConfigPath, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    for (const HostEntry& e : entries)
        addition += blockFor(e);
    if (!hostsText.isEmpty() && !hostsText.endsWith(QLatin1Char('\n')))
        addition.prepend(QLatin1Char('\n'));

    // OpenSSH takes the first value it meets: a block higher up (say `Host *` with a User) would
    // silently change what was imported. Check the result before writing anything.
    auto after = parse(hostsText + addition, hostsFilePath);
    if (!after) {
        // Say that the file was left alone: the line numbers are those it would have had.
        return Error{after.error().code,
                     tr("Nothing was imported: with the imported blocks appended, the hosts file "
                        "would not be valid. %1")
                         .arg(after.error().message)};
    }
    for (const HostEntry& e : entries) {
        const auto got = after->find(e.alias);
        if (!got || !resolvesTo(*got, e)) {
            return Error{QStringLiteral("import_shadowed"),
                         tr("Settings earlier in the hosts file %1 (a block matching %2, such as "
                            "`Host *`) would override the imported values, so nothing was "
                            "imported. Move that block to the end of the file and import again.")
                             .arg(QDir::toNativeSeparators(hostsFilePath), e.alias)};
        }
    }

    QDir().mkpath(QFileInfo(hostsFilePath).absolutePath());
    QFile f(hostsFilePath);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append)) {
        return Error{QStringLiteral("hosts_file_unwritable"),
                     tr("Cannot write the hosts file %1: %2. Check its permissions.")
                         .arg(QDir::toNativeSeparators(hostsFilePath), f.errorString())};
    }
    if (!hostsExists)
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QByteArray bytes = addition.toUtf8();
    if (f.write(bytes) != bytes.size() || !f.flush()) {
        return Error{QStringLiteral("hosts_file_unwritable"),
                     tr("Cannot write the hosts file %1: %2. Check the disk and its permissions.")
                         .arg(QDir::toNativeSeparators(hostsFilePath), f.errorString())};
    }
    QStringList written;
    for (const HostEntry& e : entries)
        written << e.alias;
    return written;
}

std::optional<HostEntry> HostsConfig::find(const QString& alias) const {
    for (const HostEntry& e : m_entries) {
        if (e.alias == alias)
            return e;
    }
    return std::nullopt;
}

QStringList HostsConfig::aliases() const {
    QStringList out;
    out.reserve(m_entries.size());
    for (const HostEntry& e : m_entries)
        out.append(e.alias);
    return out;
}

}  // namespace zerg
