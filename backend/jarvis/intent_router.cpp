#include "jarvis/intent_router.h"

#include <QRegularExpression>

namespace zerg {
namespace {

// Words that ask for something to be done or found out: always the supervisor.
const QRegularExpression& actionWords() {
    static const QRegularExpression re(
        QStringLiteral(
            R"(\b(check|investigate|diagnose|debug|troubleshoot|fix|repair|restart|reboot|)"
            R"(start|stop|kill|run|execute|inspect|look\s+(at|into)|find\s+out|search|grep|)"
            R"(monitor|watch|deploy|install|upgrade|update|clean\s*up|delete|remove|send|email|)"
            R"(e-mail|notify|fetch|download|curl|ping|compare|research|analy[sz]e|measure|)"
            R"(schedule|verify|test|scan|why)\b)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return re;
}

// Things that live on a machine: asking about them needs a look, unless the question is about
// what was already said.
const QRegularExpression& machineWords() {
    static const QRegularExpression re(
        QStringLiteral(
            R"(\b(servers?|hosts?|machines?|disks?|storage|memory|ram|cpu|load|uptime|logs?|)"
            R"(journal|backups?|services?|process(es)?|ports?|network|dns|ssl|certificates?|)"
            R"(containers?|docker|kubernetes|k8s|database|postgres|mysql|nginx|cron|ssh|)"
            R"(files?|folders?|directory|partitions?|health|status|errors?|alerts?|https?://\S+|)"
            R"(urls?|website|api|endpoint|workers?)\b)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return re;
}

// About the conversation itself.
const QRegularExpression& referenceWords() {
    static const QRegularExpression re(
        QStringLiteral(
            R"(\b(what\s+did\s+(you|we)\s+(say|find|found|conclude|decide)|)"
            R"(what\s+(was|were)\s+(that|it|the\s+(result|answer|finding)s?)|)"
            R"(summari[sz]e\s+(that|this|it|the\s+above)|repeat\s+(that|it)|say\s+that\s+again|)"
            R"(explain\s+(that|this|it)|remind\s+me\s+what|in\s+short|tl;?dr)\b)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption);
    return re;
}

const QRegularExpression& timeWords() {
    static const QRegularExpression re(
        QStringLiteral(R"(\b(what\s+(time|day|date)\s+is\s+it|what('s|\s+is)\s+the\s+(time|date)|)"
                       R"(today'?s\s+date|what\s+day\s+(is\s+)?today|current\s+time)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

const QRegularExpression& smallTalk() {
    static const QRegularExpression re(
        QStringLiteral(R"(^\W*(hi|hello|hey|hallo|good\s+(morning|afternoon|evening|night)|)"
                       R"(thanks|thank\s+you|thx|cheers|ok(ay)?|cool|great|nice|perfect|bye|)"
                       R"(goodbye|see\s+you|how\s+are\s+you|who\s+are\s+you|)"
                       R"(what\s+can\s+you\s+do|tell\s+me\s+a\s+joke)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

bool namesHost(const QString& text, const QStringList& hosts) {
    static const QRegularExpression split(QStringLiteral(R"([^\w.-]+)"),
                                          QRegularExpression::UseUnicodePropertiesOption);
    const QStringList words = text.toLower().split(split, Qt::SkipEmptyParts);
    for (const QString& w : words) {
        if (hosts.contains(w))
            return true;
    }
    return false;
}

}  // namespace

IntentRouter::IntentRouter(QStringList hostAliases) {
    for (const QString& h : hostAliases)
        m_hosts.append(h.toLower());
}

Route IntentRouter::route(const QString& utterance, bool hasHistory) const {
    const QString text = utterance.simplified();
    using M = Route::Mode;
    if (text.isEmpty())
        return {M::Supervisor, QStringLiteral("empty")};
    if (actionWords().match(text).hasMatch())
        return {M::Supervisor, QStringLiteral("asks for an action or an investigation")};
    if (hasHistory && referenceWords().match(text).hasMatch())
        return {M::Quick, QStringLiteral("about the conversation so far")};
    if (namesHost(text, m_hosts))
        return {M::Supervisor, QStringLiteral("names a host")};
    if (machineWords().match(text).hasMatch())
        return {M::Supervisor, QStringLiteral("about the state of a machine")};
    if (timeWords().match(text).hasMatch())
        return {M::Quick, QStringLiteral("the time or the date")};
    // Small talk only when it is short: "hi, can you ..." carries a request.
    if (smallTalk().match(text).hasMatch() && text.split(QLatin1Char(' ')).size() <= 6)
        return {M::Quick, QStringLiteral("small talk")};
    return {M::Supervisor, QStringLiteral("not sure: the supervisor decides")};
}

}  // namespace zerg
