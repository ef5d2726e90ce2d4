#include "tools/call_effect.h"

namespace zerg {

QString describe(const Reason& r) {
    // By ReasonKind, in its order; %1 is the subject.
    static const char* const texts[] = {
        "every command only reads",
        "`%1` is not on the read-only list",
        "`%1` may change the system",
        "`%1` may change the system",
        "it writes a file (`%1`)",
        "`%1` runs a command only known when it runs",
        "`%1` depends on a value only known when it runs",
        "the command line could not be understood (%1)",
        "nothing to run",
        "an HTTP %1 request only reads",
        "an HTTP %1 request may change what the server holds",
        "it sends a message to %1",
        "it asks for network access",
        "it sends a message to %1, which no setting names as a target",
        "it only talks to Zerg",
        "%1 does not say what it changes",
        "its MCP server marks `%1` read-only",
        "its MCP server marks `%1` as a tool that changes things",
        "the user allows `%1` without asking",
        "the user wants to be asked before `%1` runs",
        "it only reads resources of the MCP server %1",
        "`%1` changes what Zerg keeps",
    };
    static_assert(std::size(texts) == StatusTable<ReasonKind>::names.size());
    const QString text = QString::fromLatin1(texts[int(r.kind)]);
    return text.contains(u"%1") ? text.arg(r.subject) : text;
}

QJsonObject CallClass::toJson() const {
    return {{QStringLiteral("effect"), statusName(effect)},
            {QStringLiteral("reason"), statusName(reason.kind)},
            {QStringLiteral("subject"), reason.subject},
            {QStringLiteral("why"), describe(reason)}};
}

}  // namespace zerg
