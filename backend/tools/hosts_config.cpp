#include "tools/hosts_config.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include <pwd.h>
#include <unistd.h>

namespace zerg {
namespace {

struct Setting {
    QString key;  // lower case
    QString value;
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

HostEntry resolve(const QString& alias, const QList<Block>& blocks) {
    HostEntry e;
    e.alias = alias;
    bool haveHost = false, havePort = false, haveUser = false, haveKnownHosts = false;
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
            }
        }
    }
    if (!haveHost)
        e.hostName = alias;
    if (!haveUser)
        e.user = currentUserName();
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

        static const QStringList known = {QStringLiteral("hostname"), QStringLiteral("port"),
                                          QStringLiteral("user"), QStringLiteral("identityfile"),
                                          QStringLiteral("userknownhostsfile")};
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
        blocks.last().settings.append(Setting{keyword, args.first()});
    }

    HostsConfig c;
    c.m_sourcePath = sourceName;
    for (const QString& a : aliases)
        c.m_entries.append(resolve(a, blocks));
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
        got.knownHostsFile != want.knownHostsFile) {
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
    auto source = parse(sourceText, sshConfigPath);
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
    if (!after)
        return after.error();
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
