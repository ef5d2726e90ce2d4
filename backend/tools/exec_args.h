#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QString>

namespace zerg {

// Argument checks shared by the command-running tools (ssh_exec, shell_exec). Errors carry the
// code "invalid_arguments" and a message the model can act on.

// The required, non-empty "command" string.
[[nodiscard]] Result<QString> readCommandArg(const QJsonObject& args);
// The optional "timeout_secs": absent or null gives defaultSecs; otherwise a whole number of
// seconds from 1 to maxSecs.
[[nodiscard]] Result<int> readTimeoutArg(const QJsonObject& args, int defaultSecs, int maxSecs);

}  // namespace zerg
