#pragma once

#include "agent/xo/xo_types.h"
#include "tools/tool.h"

#include <QJsonObject>
#include <QString>

namespace zerg::xo {

// A tool call's arguments in a form where "the same call" compares equal: compact JSON with
// sorted keys (QJsonObject keeps them sorted) and whitespace collapsed inside strings.
[[nodiscard]] QString normalizeArgs(const QJsonObject& args);
// A short hash of what a tool returned (its stdout when there is one, else the whole payload
// without timings), to tell "the same observation again" from new information.
[[nodiscard]] QString digest(const QJsonObject& payload);
// What the XO keeps of one finished tool call of the agent's iteration `turn`.
[[nodiscard]] ToolRecord toolRecord(int turn, const QString& tool, const QJsonObject& args,
                                    const ToolResult& result);

}  // namespace zerg::xo
