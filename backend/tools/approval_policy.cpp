#include "tools/approval_policy.h"

#include <QRegularExpression>

namespace zerg {

std::optional<ApprovalMode> parseApprovalMode(const QString& text) {
    QString word = text.trimmed().toLower();
    word.replace(u'-', u'_');
    return parseStatus<ApprovalMode>(word);
}

PolicyDecision ApprovalPolicy::decide(const CallClass& call) const {
    PolicyDecision d;
    d.mode = modeFor(call.target);
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
