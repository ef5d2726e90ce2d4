#include "workers/violation_rules.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace zerg {
namespace {

ViolationRule rule(const char* name, const char* pattern, ViolationRule::Action action) {
    ViolationRule r;
    r.name = QString::fromUtf8(name);
    r.tools = {QStringLiteral("ssh_exec"), QStringLiteral("shell_exec")};
    r.pattern =
        QRegularExpression(QString::fromUtf8(pattern), QRegularExpression::CaseInsensitiveOption);
    r.action = action;
    return r;
}

}  // namespace

ViolationRules ViolationRules::defaults() {
    using A = ViolationRule::Action;
    ViolationRules r;
    // rm with a recursive flag on "/" or "/*" itself (not on /var/tmp/x).
    r.m_rules.append(rule("delete the root filesystem",
                          R"(\brm\s+(-\S+\s+)*-\S*[rR]\S*\s+(-\S+\s+)*(--\s+)?/\*?(\s|;|&|\||$))",
                          A::Reap));
    r.m_rules.append(rule("format or overwrite a disk",
                          R"(\bmkfs(\.\w+)?\s|\bdd\b[^;&|]*\bof=/dev/(sd|nvme|vd|xvd|hd|mmcblk))",
                          A::Reap));
    r.m_rules.append(rule("fork bomb", R"(:\s*\(\s*\)\s*\{\s*:\s*\|\s*:)", A::Reap));
    r.m_rules.append(rule(
        "power off or reboot a machine",
        R"((^|[;&|]\s*|\bsudo\s+)(shutdown|poweroff|halt|reboot)\b|\bsystemctl\s+(poweroff|reboot|halt)\b)",
        A::Pause));
    return r;
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
    for (const ViolationRule& r : m_rules) {
        if (!r.tools.isEmpty() && !r.tools.contains(tool))
            continue;
        const QString value = args.value(r.field).toString();
        if (!value.isEmpty() && r.pattern.match(value).hasMatch())
            return Violation{r, tool, value};
    }
    return std::nullopt;
}

}  // namespace zerg
