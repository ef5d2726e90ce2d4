#pragma once

#include <QString>

namespace zerg::test {

// Returns a free TCP port on 127.0.0.1 (bind to port 0, read it, close).
[[nodiscard]] quint16 freeLoopbackPort();

// Path of a program on PATH or in the usual sbin folders; empty if absent.
[[nodiscard]] QString findProgram(const QString& name);

// Points QSettings (user and system scope, native and INI formats) into folder, so that a test
// never reads or writes the user's own configuration.
void isolateSettings(const QString& folder);

}  // namespace zerg::test
