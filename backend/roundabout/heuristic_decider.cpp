#include "roundabout/heuristic_decider.h"

#include "core/json_util.h"

namespace zerg {
namespace {

// `ssh_exec cube "du -sh /var"`, or the tool and its args for tools without a command.
QString operationText(const QJsonObject& op) {
    QString text = op.value(QLatin1String("tool")).toString();
    const QString host = op.value(QLatin1String("host")).toString();
    if (!host.isEmpty())
        text += u' ' + host;
    const QJsonValue command = op.value(QLatin1String("command"));
    if (command.isString())
        text += QStringLiteral(" \"%1\"").arg(command.toString());
    else if (op.value(QLatin1String("args")).isObject())
        text += u' ' + json::compactString(op.value(QLatin1String("args")).toObject());
    return text;
}

}  // namespace

HeuristicDecider::HeuristicDecider(int cancelAfterSeconds, QObject* parent)
    : Decider(parent), m_cancelAfterSeconds(cancelAfterSeconds) {}

void HeuristicDecider::decide(const QJsonObject& payload, Callback done) {
    Decision d;
    d.source = QStringLiteral("heuristic");
    const QJsonValue current = payload.value(QLatin1String("current_operation"));
    if (current.isObject()) {
        const QJsonObject op = current.toObject();
        const qint64 runningMs = op.value(QLatin1String("running_ms")).toInteger();
        if (runningMs > qint64(m_cancelAfterSeconds) * 1000) {
            d.action = DecisionAction::Cancel;
            d.argument =
                tr("%1 has been running for %2 s, longer than the %3 s limit. Decided by the "
                   "heuristic fallback because no decider model is configured; configure a "
                   "decider model to have long commands judged by what they do.")
                    .arg(operationText(op))
                    .arg(runningMs / 1000)
                    .arg(m_cancelAfterSeconds);
        }
    }
    done(std::move(d));
}

}  // namespace zerg
