#include "tools/approval_policy.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace zerg {

std::optional<ApprovalMode> parseApprovalMode(const QString& text) {
    QString word = text.trimmed().toLower();
    word.replace(u'-', u'_');
    return parseStatus<ApprovalMode>(word);
}

Result<QHash<QString, ApprovalMode>> parseHostModes(const QString& text) {
    QHash<QString, ApprovalMode> out;
    static const QRegularExpression sep(QStringLiteral("[,;\\n]"));
    for (const QString& raw : text.split(sep, Qt::SkipEmptyParts)) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        const qsizetype eq = entry.indexOf(u'=');
        const QString host = eq < 0 ? QString() : entry.left(eq).trimmed();
        const std::optional<ApprovalMode> mode =
            eq < 0 ? std::nullopt : parseApprovalMode(entry.mid(eq + 1));
        if (host.isEmpty() || !mode || host.contains(u' ')) {
            return Error{QStringLiteral("invalid_argument"),
                         QCoreApplication::translate(
                             "zerg::ApprovalPolicy",
                             "\"%1\" is not a host with its approval mode. Write HOST=MODE, "
                             "for example \"web1=read_only\"; the modes are autonomous, ask "
                             "and read_only.")
                             .arg(entry)};
        }
        out.insert(host, *mode);
    }
    return out;
}

ApprovalMode stricter(ApprovalMode a, ApprovalMode b) {
    const auto rank = [](ApprovalMode m) {
        switch (m) {
            case ApprovalMode::Autonomous:
                return 0;
            case ApprovalMode::Ask:
                return 1;
            case ApprovalMode::ReadOnly:
                return 2;
        }
        return 2;
    };
    return rank(a) >= rank(b) ? a : b;
}

ApprovalPolicy ApprovalPolicy::forBackground(ApprovalMode scheduleMode) const {
    ApprovalPolicy p = *this;
    p.mode = scheduleMode;
    for (auto it = p.hostModes.begin(); it != p.hostModes.end(); ++it)
        it.value() = stricter(it.value(), scheduleMode);
    return p;
}

PolicyDecision ApprovalPolicy::decide(const CallClass& call) const {
    PolicyDecision d;
    d.mode = modeFor(call.target);
    if (call.effect == Effect::Changes && call.outsideConfigured) {
        // Beyond the box the user drew: only the user lets it out, whatever the mode says.
        d.verdict = d.mode == ApprovalMode::ReadOnly ? Verdict::Refuse : Verdict::Ask;
        return d;
    }
    if (call.effect == Effect::ReadOnly || d.mode == ApprovalMode::Autonomous) {
        d.verdict = Verdict::Run;
        return d;
    }
    if (d.mode == ApprovalMode::ReadOnly) {
        d.verdict = Verdict::Refuse;
        return d;
    }
    for (const ApprovalRule& r : rules) {
        if (r.host == call.target && covers(r.prefix, call.commandWords)) {
            d.verdict = Verdict::Run;
            d.ruleId = r.id;
            return d;
        }
    }
    d.verdict = Verdict::Ask;
    return d;
}

QStringList ApprovalPolicy::suggestedPrefix(const QStringList& words) {
    // A plain word: a command or subcommand name, a unit or container name.
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.@:+-]*$"));
    QStringList out;
    for (const QString& w : words) {
        if (out.size() == 3 || !plain.match(w).hasMatch())
            break;
        out.append(w);
    }
    // The command's name even when it is a path (/usr/sbin/service), never an expansion.
    static const QRegularExpression path(QStringLiteral("^/[A-Za-z0-9_./+-]+$"));
    if (out.isEmpty() && !words.isEmpty() && path.match(words.first()).hasMatch())
        out.append(words.first());
    return out;
}

bool ApprovalPolicy::covers(const QStringList& prefix, const QStringList& words) {
    if (prefix.isEmpty() || prefix.size() > words.size())
        return false;
    for (int i = 0; i < prefix.size(); ++i) {
        if (prefix.at(i) != words.at(i))
            return false;
    }
    return true;
}

}  // namespace zerg
