#include "agent/xo/detectors.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace zerg::xo {
namespace {

constexpr int kMaxArgsChars = 120;
constexpr int kMaxErrorChars = 80;

QString cap(const QString& text, int maxChars) {
    const QString s = text.simplified();
    return s.size() <= maxChars ? s : s.left(maxChars - 1) + QChar(0x2026);
}

// "The same call": tool and normalized arguments.
QString actionKey(const ToolRecord& t) {
    return t.tool + QChar('\n') + t.normalizedArgs;
}

// The error a failure is recognised by: its code when the tool gave one, else its text.
QString errorKey(const ToolRecord& t) {
    return t.errorCode.isEmpty() ? t.error.simplified() : t.errorCode;
}

// What a call observed: its output when it succeeded, its error when it failed.
QString observation(const ToolRecord& t) {
    return t.ok ? QStringLiteral("ok:") + t.outputDigest : QStringLiteral("err:") + errorKey(t);
}

// `tool {"args":...}` for a steering message.
QString describeAction(const ToolRecord& t) {
    const QString args = t.normalizedArgs.trimmed();
    if (args.isEmpty() || args == QLatin1String("{}"))
        return QChar('`') + t.tool + QChar('`');
    return QChar('`') + t.tool + QChar(' ') + cap(args, kMaxArgsChars) + QChar('`');
}

QString describeError(const ToolRecord& t) {
    const QString text = cap(t.error, kMaxErrorChars);
    if (t.errorCode.isEmpty())
        return text.isEmpty() ? QStringLiteral("no error text") : text;
    return text.isEmpty() ? t.errorCode : t.errorCode + QStringLiteral(": ") + text;
}

QList<ToolRecord> lastCalls(const AgentState& state, int n) {
    return state.tools.mid(std::max<qsizetype>(0, state.tools.size() - n));
}

int percent(qint64 tokens, qint64 window) {
    return int((tokens * 100) / window);
}

}  // namespace

int turnsSinceProgress(const AgentState& state) {
    QHash<QString, QSet<QString>> seen;  // action -> outputs observed so far
    int lastProgress = 0;
    for (const ToolRecord& t : state.tools) {
        const QString key = actionKey(t);
        auto it = seen.find(key);
        if (t.ok && (it == seen.end() || !it->contains(t.outputDigest)))
            lastProgress = std::max(lastProgress, t.turn);
        seen[key].insert(t.outputDigest);
    }
    return std::max(0, state.turn - lastProgress);
}

int failuresSinceSuccess(const AgentState& state) {
    int n = 0;
    for (auto it = state.tools.crbegin(); it != state.tools.crend() && !it->ok; ++it)
        ++n;
    return n;
}

double contextFillRatio(const AgentState& state) {
    if (state.contextWindow <= 0)
        return 0.0;
    return double(state.contextTokens) / double(state.contextWindow);
}

Pace assessPace(const AgentState& state, const PaceRules& rules) {
    // A threshold of 0 or less switches that rule off.
    const auto reached = [](double value, double threshold) {
        return threshold > 0 && value >= threshold;
    };
    const int failures = failuresSinceSuccess(state);
    const double fill = contextFillRatio(state);
    if (reached(failures, rules.emergencyAfterFailures) ||
        reached(fill, rules.emergencyContextFill))
        return Pace::Emergency;
    if (reached(failures, rules.contingentAfterFailures) ||
        reached(fill, rules.contingentContextFill))
        return Pace::Contingent;
    if (reached(failures, rules.alternateAfterFailures))
        return Pace::Alternate;
    return Pace::Primary;
}

QString paceReason(const AgentState& state, const PaceRules& rules) {
    QStringList reasons;
    const int failures = failuresSinceSuccess(state);
    if (rules.alternateAfterFailures > 0 && failures >= rules.alternateAfterFailures) {
        const ToolRecord& last = state.tools.last();
        reasons.append(QStringLiteral("%1 tool calls failed since the last success (the last: "
                                      "`%2`: %3)")
                           .arg(failures)
                           .arg(last.tool, describeError(last)));
    }
    const double fill = contextFillRatio(state);
    if (rules.contingentContextFill > 0 && fill >= rules.contingentContextFill)
        reasons.append(QStringLiteral("context %1% full")
                           .arg(percent(state.contextTokens, state.contextWindow)));
    return reasons.join(QStringLiteral(" and "));
}

std::optional<Finding> stall(const AgentState& state, int maxTurnsWithoutProgress) {
    const int since = turnsSinceProgress(state);
    if (since <= maxTurnsWithoutProgress)
        return std::nullopt;
    QString detail =
        QStringLiteral("no tool call has produced a new result for %1 turns (limit %2)")
            .arg(since)
            .arg(maxTurnsWithoutProgress);
    if (!state.tools.isEmpty())
        detail += QStringLiteral("; your last action was ") + describeAction(state.tools.last());
    return Finding{QStringLiteral("stall"), detail};
}

std::optional<Finding> loop(const AgentState& state) {
    const QList<ToolRecord> window = lastCalls(state, kLoopWindow);
    // Same action repeated: the newest action first, as that is what the agent is doing now.
    QSet<QString> tried;
    for (auto it = window.crbegin(); it != window.crend(); ++it) {
        const QString key = actionKey(*it);
        if (tried.contains(key))
            continue;
        tried.insert(key);
        QStringList observations;
        for (const ToolRecord& t : window) {
            if (actionKey(t) == key)
                observations.append(observation(t));
        }
        const int count = int(observations.size());
        if (count < kRepeats)
            continue;
        const int distinct = int(QSet<QString>(observations.begin(), observations.end()).size());
        if (distinct == count)
            continue;  // every repeat saw something new: polling, not a loop
        QString detail =
            QStringLiteral("you called %1 %2 times in your last %3 calls")
                .arg(describeAction(*it), QString::number(count), QString::number(window.size()));
        if (distinct == 1) {
            detail += it->ok ? QStringLiteral(" and got the same result each time")
                             : QStringLiteral(" and it failed the same way each time (%1)")
                                   .arg(describeError(*it));
        }
        return Finding{QStringLiteral("loop"), detail};
    }
    // Same tool, same error, in a row (the arguments may differ).
    if (state.tools.isEmpty() || state.tools.last().ok)
        return std::nullopt;
    const ToolRecord& last = state.tools.last();
    int run = 0;
    for (auto it = state.tools.crbegin(); it != state.tools.crend(); ++it) {
        if (it->ok || it->tool != last.tool || errorKey(*it) != errorKey(last))
            break;
        ++run;
    }
    if (run < kRepeats)
        return std::nullopt;
    return Finding{QStringLiteral("loop"),
                   QStringLiteral("`%1` failed %2 times in a row with the same error (%3)")
                       .arg(last.tool, QString::number(run), describeError(last))};
}

std::optional<Finding> repetition(const AgentState& state) {
    if (state.turns.size() < kRepeats)
        return std::nullopt;
    const QList<TurnRecord> last = state.turns.mid(state.turns.size() - kRepeats);
    const QString text = last.first().text.simplified().toLower();
    if (text.isEmpty())
        return std::nullopt;
    for (const TurnRecord& t : last) {
        if (t.toolCalls > 0 || t.text.simplified().toLower() != text)
            return std::nullopt;
    }
    return Finding{
        QStringLiteral("repetition"),
        QStringLiteral("your last %1 answers said the same thing without acting (\"%2\")")
            .arg(kRepeats)
            .arg(cap(last.last().text, kMaxErrorChars))};
}

std::optional<Finding> oscillation(const AgentState& state) {
    // Actions: A, B, A, B as the last four calls, the second A and B seeing nothing new.
    if (state.tools.size() >= 4) {
        const QList<ToolRecord> c = lastCalls(state, 4);
        const bool alternating = actionKey(c[0]) == actionKey(c[2]) &&
                                 actionKey(c[1]) == actionKey(c[3]) &&
                                 actionKey(c[0]) != actionKey(c[1]);
        const auto nothingNew = [](const ToolRecord& repeat, const ToolRecord& first) {
            return !repeat.ok || observation(repeat) == observation(first);
        };
        if (alternating && nothingNew(c[2], c[0]) && nothingNew(c[3], c[1])) {
            return Finding{QStringLiteral("oscillation"),
                           QStringLiteral("you alternated between %1 and %2 over your last 4 "
                                          "calls without a new result")
                               .arg(describeAction(c[0]), describeAction(c[1]))};
        }
    }
    // Failures: A fails, B fails, A fails, B fails, recently and still going on.
    if (state.tools.isEmpty() || state.tools.last().ok)
        return std::nullopt;
    QList<ToolRecord> failures;
    for (const ToolRecord& t : lastCalls(state, kOscillationWindow)) {
        if (!t.ok)
            failures.append(t);
    }
    if (failures.size() < 4)
        return std::nullopt;
    const QList<ToolRecord> f = failures.mid(failures.size() - 4);
    const auto key = [](const ToolRecord& t) { return t.tool + QChar('\n') + errorKey(t); };
    if (key(f[0]) != key(f[2]) || key(f[1]) != key(f[3]) || key(f[0]) == key(f[1]))
        return std::nullopt;
    return Finding{
        QStringLiteral("oscillation"),
        QStringLiteral("`%1` (%2) and `%3` (%4) failed in turn over your last 4 failures")
            .arg(f[0].tool, describeError(f[0]), f[1].tool, describeError(f[1]))};
}

std::optional<Finding> contextFill(const AgentState& state) {
    if (state.contextWindow <= 0)
        return std::nullopt;
    // Integer comparisons: 80 % is 80 %, whatever floating point thinks of 0.8.
    const qint64 tokens = state.contextTokens;
    const qint64 window = state.contextWindow;
    const bool urgent = tokens * 10 >= window * 9;
    if (!urgent && tokens * 10 < window * 8)
        return std::nullopt;
    return Finding{QStringLiteral("context"),
                   QStringLiteral("%1% of the context window used (%2 of %3 tokens; %4 from %5%)")
                       .arg(percent(tokens, window))
                       .arg(tokens)
                       .arg(window)
                       .arg(urgent ? QStringLiteral("urgent") : QStringLiteral("warning"))
                       .arg(urgent ? 90 : 80),
                   urgent};
}

std::optional<Finding> cascade(const AgentState& state) {
    QStringList tools;
    QStringList described;
    for (const ToolRecord& t : lastCalls(state, kCascadeWindow)) {
        if (t.ok || tools.contains(t.tool))
            continue;
        tools.append(t.tool);
        described.append(QStringLiteral("`%1` (%2)").arg(t.tool, describeError(t)));
    }
    if (tools.size() < kRepeats)
        return std::nullopt;
    return Finding{QStringLiteral("cascade"),
                   QStringLiteral("%1 different tools failed in your last %2 calls: %3")
                       .arg(tools.size())
                       .arg(std::min<qsizetype>(kCascadeWindow, state.tools.size()))
                       .arg(described.join(QStringLiteral(", ")))};
}

}  // namespace zerg::xo
