#pragma once

#include <QtGlobal>

namespace zerg {

// This process's resident set size in KiB (VmRSS of /proc/self/status); 0 where the system has
// no /proc (macOS). For the first-frame probe of the app and the benchmarks.
[[nodiscard]] qint64 residentMemoryKib();

}  // namespace zerg
