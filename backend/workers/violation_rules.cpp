#include "workers/violation_rules.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace zerg {
namespace {

ViolationRule rule(const char* name, const QString& pattern, ViolationRule::Action action) {
    ViolationRule r;
    r.name = QString::fromUtf8(name);
    r.tools = {QStringLiteral("ssh_exec"), QStringLiteral("shell_exec")};
    r.pattern = QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
    r.action = action;
    return r;
}

}  // namespace

ViolationRules ViolationRules::defaults() {
    using A = ViolationRule::Action;
    ViolationRules r;
    // Each pattern is written for one simple command as simpleCommandText() spells it, so it is
    // anchored at the command's name: "rm -rf /" but not "echo rm -rf /".
    // rm with a recursive flag on "/" or "/*" itself (not on /var/tmp/x), and find deleting from
    // "/" with nothing that narrows what it finds.
    r.m_rules.append(rule("delete the root filesystem",
                          R"(^rm\s(.*\s)?(-[a-z]*r[a-z]*|--recursive)\s(.*\s)?/\*?(\s|$))"
                          R"(|^find(\s+-[HLP])*\s+/(\s+-(depth|xdev|mount))*\s+-delete(\s|$))",
                          A::Reap));
    // A block device: SCSI/SATA, NVMe, virtio, Xen, IDE, SD cards, device-mapper, RAID, and
    // the by-id/by-uuid links to them.
    const QString disk = QStringLiteral(R"(/dev/(sd|nvme|vd|xvd|hd|mmcblk|dm-|md|mapper/|disk/))");
    r.m_rules.append(rule("format or overwrite a disk",
                          QStringLiteral(R"(^mkfs(\.\w+)?\s|^(mkswap|blkdiscard)\s)"
                                         R"(|^wipefs\s(.*\s)?(-[a-z]*a[a-z]*|--all)(\s|$))"
                                         R"(|^dd\s(.*\s)?of=%1|(^|\s)[0-9&]*>[>|]?\s%1)")
                              .arg(disk),
                          A::Reap));
    r.m_rules.append(
        rule("fork bomb", QStringLiteral(R"(:\s*\(\s*\)\s*\{\s*:\s*\|\s*:)"), A::Reap));
    // Writing to /proc/sysrq-trigger reboots, crashes or freezes the kernel at once.
    r.m_rules.append(
        rule("trigger a kernel SysRq",
             QStringLiteral(R"(((^|\s)[0-9&]*>[>|]?\s|^tee\s(.*\s)?)/proc/sysrq-trigger(\s|$))"),
             A::Reap));
    r.m_rules.append(
        rule("power off or reboot a machine",
             QStringLiteral(R"(^(shutdown|poweroff|halt|reboot)(\s|$)|^(tel)?init\s+[06](\s|$))"
                            R"(|^systemctl\s(.*\s)?(poweroff|reboot|halt|kexec)(\s|$))"),
             A::Pause));
    return r;
}

QString ViolationRules::simpleCommandText(const shell::SimpleCommand& command) {
    QStringList parts;
    for (const QString& w : command.words) {
        // "//", "/.", "/tmp/.." all name the root: cleaned, the rules see "/".
        parts.append(w.startsWith(u'/') ? QDir::cleanPath(w) : w);
    }
    for (const shell::Redirection& r : command.redirections)
        parts << r.op << (r.target.startsWith(u'/') ? QDir::cleanPath(r.target) : r.target);
    return parts.join(u' ');
}

Result<ViolationRules> ViolationRules::loadFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("violation_rules"),
                     QStringLiteral("Cannot read the violation rules %1: %2. Fix the file or unset "
                                    "ZERG_VIOLATION_RULES to use the built-in rules.")
                         .arg(path, f.errorString())};
    }
    return parse(f.readAll(), path);
}

Result<ViolationRules> ViolationRules::parse(const QByteArray& json, const QString& source) {
    auto fail = [&source](const QString& what) {
        return Error{QStringLiteral("violation_rules"),
                     QStringLiteral("%1: %2. Each rule is {\"name\", \"tools\": [..], \"field\", "
                                    "\"pattern\", \"action\": log|warn|notify|pause|reap}.")
                         .arg(source, what)};
    };
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError || !doc.isArray())
        return fail(QStringLiteral("not a JSON array of rules (%1)").arg(err.errorString()));
    ViolationRules out;
    int n = 0;
    for (const QJsonValue& v : doc.array()) {
        ++n;
        const QJsonObject o = v.toObject();
        ViolationRule r;
        r.name = o.value(QStringLiteral("name")).toString(QStringLiteral("rule %1").arg(n));
        for (const QJsonValue& t : o.value(QStringLiteral("tools")).toArray())
            r.tools.append(t.toString());
        r.field = o.value(QStringLiteral("field")).toString(QStringLiteral("command"));
        r.pattern = QRegularExpression(o.value(QStringLiteral("pattern")).toString(),
                                       QRegularExpression::CaseInsensitiveOption);
        if (r.pattern.pattern().isEmpty() || !r.pattern.isValid()) {
            return fail(QStringLiteral("rule \"%1\" has no valid pattern (%2)")
                            .arg(r.name, r.pattern.errorString()));
        }
        // The action's word in any case, spaces around it allowed.
        const auto action = parseStatus<ViolationRule::Action>(
            o.value(QStringLiteral("action")).toString().trimmed().toLower());
        if (!action)
            return fail(QStringLiteral("rule \"%1\" has an unknown action").arg(r.name));
        r.action = *action;
        out.m_rules.append(r);
    }
    return out;
}

std::optional<Violation> ViolationRules::match(const QString& tool, const QJsonObject& args) const {
    // The command's simple commands, parsed once and only when a rule looks at a command.
    std::optional<QStringList> commands;
    for (const ViolationRule& r : m_rules) {
        if (!r.tools.isEmpty() && !r.tools.contains(tool))
            continue;
        const QString value = args.value(r.field).toString();
        if (value.isEmpty())
            continue;
        if (r.pattern.match(value).hasMatch())
            return Violation{r, tool, value};
        if (r.field != QLatin1String("command"))
            continue;
        if (!commands) {
            commands.emplace();
            for (const shell::SimpleCommand& c : shell::classify(value).commands)
                commands->append(simpleCommandText(c));
        }
        for (const QString& c : std::as_const(*commands)) {
            if (r.pattern.match(c).hasMatch())
                return Violation{r, tool, c};
        }
    }
    return std::nullopt;
}

}  // namespace zerg
