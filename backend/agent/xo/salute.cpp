#include "agent/xo/salute.h"

#include <QJsonArray>

namespace zerg::xo {

QJsonObject saluteReport(const QJsonObject& xoReport, const SaluteFacts& facts,
                         const QDateTime& time) {
    QJsonObject unit = facts.unitIds;
    unit.insert(QStringLiteral("agent"), facts.agent);
    unit.insert(QStringLiteral("role"), facts.role);
    QJsonObject report{
        {QStringLiteral("status"),
         QJsonObject{{QStringLiteral("state"), statusName(facts.state)},
                     {QStringLiteral("health"), xoReport.value(QStringLiteral("health"))}}},
        {QStringLiteral("activity"),
         QJsonObject{{QStringLiteral("turn"), xoReport.value(QStringLiteral("turn"))},
                     {QStringLiteral("tool_calls"), facts.toolCalls},
                     {QStringLiteral("last_operation"), facts.lastOperation}}},
        {QStringLiteral("unit"), unit},
        {QStringLiteral("time"), time.toString(Qt::ISODateWithMs)},
        {QStringLiteral("environment"),
         QJsonObject{
             {QStringLiteral("context_fill"), xoReport.value(QStringLiteral("context_fill"))},
             {QStringLiteral("pace"), xoReport.value(QStringLiteral("pace"))}}},
        {QStringLiteral("xo"), xoReport}};
    if (facts.hosts) {
        report.insert(
            QStringLiteral("location"),
            QJsonObject{{QStringLiteral("hosts"), QJsonArray::fromStringList(*facts.hosts)}});
    }
    return report;
}

}  // namespace zerg::xo
