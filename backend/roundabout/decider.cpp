#include "roundabout/decider.h"

namespace zerg {
namespace {

bool isQuote(QChar c) {
    return c == u'`' || c == u'"' || c == u'\'';
}

// Removes what models commonly wrap a one-line answer in: surrounding whitespace, one pair of
// backticks or quotes, and one final period (inside or outside the quotes).
QString unwrap(const QString& answer) {
    QString t = answer.trimmed();
    bool periodDropped = false;
    if (t.endsWith(u'.')) {
        t.chop(1);
        t = t.trimmed();
        periodDropped = true;
    }
    if (t.size() >= 2 && isQuote(t.front()) && t.back() == t.front()) {
        t = t.mid(1, t.size() - 2).trimmed();
        if (!periodDropped && t.endsWith(u'.')) {
            t.chop(1);
            t = t.trimmed();
        }
    }
    return t;
}

}  // namespace

QJsonObject Decision::toJson() const {
    QJsonObject o{{QStringLiteral("action"), statusName(action)}};
    const auto putIfSet = [&o](const QString& key, const QString& value) {
        if (!value.isEmpty())
            o.insert(key, value);
    };
    putIfSet(QStringLiteral("argument"), argument);
    putIfSet(QStringLiteral("source"), source);
    putIfSet(QStringLiteral("note"), note);
    putIfSet(QStringLiteral("raw"), raw);
    // A duration of 0 is a real value (the heuristic answers at once), so it is always written.
    o.insert(QStringLiteral("duration_ms"), durationMs);
    return o;
}

Decision Decision::defaultWait(const QString& note) {
    Decision d;
    d.action = DecisionAction::Wait;
    d.source = QStringLiteral("default");
    d.note = note;
    return d;
}

std::optional<Decision> parseDecision(const QString& answer) {
    const QString text = unwrap(answer);
    if (text.isEmpty() || text.contains(u'\n') || text.contains(u'\r'))
        return std::nullopt;

    const qsizetype colon = text.indexOf(u':');
    const QStringView word =
        colon < 0 ? QStringView(text) : QStringView(text).left(colon).trimmed();
    // The action word in any case.
    const std::optional<DecisionAction> action =
        parseStatus<DecisionAction>(word.toString().toLower());
    if (!action)
        return std::nullopt;
    const QString argument = colon < 0 ? QString() : text.mid(colon + 1).trimmed();

    Decision d;
    d.action = *action;
    d.source = QStringLiteral("llm");
    d.raw = answer;
    if (d.action == DecisionAction::Wait) {
        // "wait: the copy is still running" is a wait; the reason stays in raw only.
        return d;
    }
    if (argument.isEmpty()) {
        // The seed's own one-word answers, and what small models often write: a bare `cancel`
        // cancels without a reason, a bare `exit` leaves with the worker's latest output as
        // findings (filled in by the roundabout). peek and message need their argument.
        if (d.action == DecisionAction::Cancel) {
            d.argument = QStringLiteral("no reason given");
            return d;
        }
        if (d.action == DecisionAction::Exit)
            return d;
        return std::nullopt;
    }
    d.argument = argument;
    if (d.action == DecisionAction::Peek &&
        argument.compare(QLatin1String("thread"), Qt::CaseInsensitive) == 0)
        d.argument = QStringLiteral("thread");
    return d;
}

QJsonObject DeciderCounters::toJson() const {
    return {
        {QStringLiteral("calls"), calls},   {QStringLiteral("timeouts"), timeouts},
        {QStringLiteral("errors"), errors}, {QStringLiteral("invalid"), invalid},
        {QStringLiteral("skips"), skips},
    };
}

}  // namespace zerg
