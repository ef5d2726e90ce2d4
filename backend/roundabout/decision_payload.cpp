#include "roundabout/decision_payload.h"

#include "core/json_util.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace zerg {
namespace {

// Tools whose one interesting argument is a shell command: the decider reads the command itself.
bool isShellTool(const QString& tool) {
    return tool == QLatin1String("ssh_exec") || tool == QLatin1String("shell_exec");
}

double tenthsOfSeconds(qint64 ms) {
    return std::round(double(ms) / 100.0) / 10.0;
}

// String values cut to kPayloadArgChars; nested values kept as they are (tool args are flat).
QJsonObject compactArgs(const QJsonObject& args) {
    QJsonObject out;
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (it->isString())
            out.insert(it.key(), json::capText(it->toString(), kPayloadArgChars));
        else
            out.insert(it.key(), *it);
    }
    return out;
}

// tool, host and command (or args): what the operation is, shared by entries and current_operation.
QJsonObject describe(const ActivityEntry& e) {
    QJsonObject o{{QStringLiteral("tool"), e.tool}};
    if (!e.host.isEmpty())
        o.insert(QStringLiteral("host"), e.host);
    const QJsonValue command = e.args.value(QLatin1String("command"));
    if (isShellTool(e.tool) && command.isString())
        o.insert(QStringLiteral("command"), command.toString());
    else if (!e.args.isEmpty())
        o.insert(QStringLiteral("args"), compactArgs(e.args));
    return o;
}

bool isRunning(const ActivityEntry& e) {
    return e.outcome == CallOutcome::Running;
}

qint64 runningMs(const WorkerSnapshot& s, const ActivityEntry& e) {
    return std::max<qint64>(0, s.elapsedMs - e.startedAtMs);
}

QJsonObject entryJson(const WorkerSnapshot& s, const ActivityEntry& e) {
    QJsonObject o = describe(e);
    o.insert(QStringLiteral("outcome"), statusName(e.outcome));
    o.insert(QStringLiteral("started_at_seconds"), tenthsOfSeconds(e.startedAtMs));
    if (isRunning(e))
        o.insert(QStringLiteral("running_ms"), runningMs(s, e));
    else if (e.durationMs >= 0)
        o.insert(QStringLiteral("duration_ms"), e.durationMs);
    if (!e.error.isEmpty())
        o.insert(QStringLiteral("error"), e.error);
    if (!e.outputExcerpt.isEmpty())
        o.insert(QStringLiteral("output"), e.outputExcerpt);
    return o;
}

// The largest power of two not above the running time in whole seconds; 0 under one second.
qint64 powerOfTwoSeconds(qint64 ms) {
    qint64 seconds = ms / 1000;
    if (seconds < 1)
        return 0;
    qint64 p = 1;
    while (p * 2 <= seconds)
        p *= 2;
    return p;
}

}  // namespace

QJsonObject decisionPayload(qint64 jobId, const WorkerSnapshot& s, int maxEntries,
                            const QString& peekTarget, const QString& peekContent) {
    QJsonObject p{
        {QStringLiteral("job_id"), jobId},
        {QStringLiteral("task"), s.task},
        {QStringLiteral("status"), statusName(s.status)},
        {QStringLiteral("elapsed_seconds"), tenthsOfSeconds(s.elapsedMs)},
    };

    const qsizetype total = s.activity.size();
    const qsizetype first = maxEntries > 0 ? std::max<qsizetype>(0, total - maxEntries) : 0;
    QJsonArray activity;
    for (qsizetype i = first; i < total; ++i)
        activity.append(entryJson(s, s.activity[i]));
    p.insert(QStringLiteral("activity"), activity);
    if (first > 0)
        p.insert(QStringLiteral("omitted_entries"), qint64(first));

    QJsonValue current = QJsonValue::Null;
    for (qsizetype i = total - 1; i >= 0; --i) {
        const ActivityEntry& e = s.activity[i];
        if (isRunning(e)) {
            QJsonObject op = describe(e);
            op.insert(QStringLiteral("running_ms"), runningMs(s, e));
            current = op;
            break;
        }
    }
    p.insert(QStringLiteral("current_operation"), current);

    if (!s.helpRequests.isEmpty())
        p.insert(QStringLiteral("help_requests"), QJsonArray::fromStringList(s.helpRequests));
    if (!peekTarget.isEmpty()) {
        p.insert(QStringLiteral("peek"), QJsonObject{{QStringLiteral("target"), peekTarget},
                                                     {QStringLiteral("content"), peekContent}});
    }
    return p;
}

QString payloadFingerprint(const QJsonObject& payload) {
    const QJsonArray activity = payload.value(QLatin1String("activity")).toArray();
    const qint64 entries =
        activity.size() + payload.value(QLatin1String("omitted_entries")).toInteger();

    QString outcomes;
    for (const QJsonValue v : activity) {
        const QString outcome = v.toObject().value(QLatin1String("outcome")).toString();
        outcomes += outcome.isEmpty() ? QChar(u'?') : outcome.front();
    }

    const QJsonArray help = payload.value(QLatin1String("help_requests")).toArray();
    QString helpPart = QString::number(help.size());
    if (!help.isEmpty()) {
        const QByteArray digest = QCryptographicHash::hash(
            QJsonDocument(help).toJson(QJsonDocument::Compact), QCryptographicHash::Sha1);
        helpPart += u':' + QString::fromLatin1(digest.toHex().left(8));
    }

    const QJsonValue current = payload.value(QLatin1String("current_operation"));
    const QString op = current.isObject()
                           ? QString::number(powerOfTwoSeconds(
                                 current.toObject().value(QLatin1String("running_ms")).toInteger()))
                           : QStringLiteral("-");

    QString fp = QStringLiteral("%1|n=%2|o=%3|help=%4|op=%5")
                     .arg(payload.value(QLatin1String("status")).toString())
                     .arg(entries)
                     .arg(outcomes, helpPart, op);
    const QString peek =
        payload.value(QLatin1String("peek")).toObject().value(QLatin1String("target")).toString();
    if (!peek.isEmpty())
        fp += QStringLiteral("|peek=") + peek;
    return fp;
}

}  // namespace zerg
