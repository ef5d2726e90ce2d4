#pragma once

#include "core/settings.h"

#include <QString>

class QTemporaryDir;

namespace zerg::test {

// Returns a free TCP port on 127.0.0.1 (bind to port 0, read it, close).
[[nodiscard]] quint16 freeLoopbackPort();

// Path of a program on PATH or in the usual sbin folders; empty if absent.
[[nodiscard]] QString findProgram(const QString& name);

// Points QSettings (user and system scope, native and INI formats) into folder, so that a test
// never reads or writes the user's own configuration.
void isolateSettings(const QString& folder);

// Settings for a whole Backend in dir: data there, no hosts file, the built-in price table,
// model "m" (tests set the rest).
[[nodiscard]] Settings backendSettings(const QTemporaryDir& dir);

}  // namespace zerg::test
