#pragma once

#include <QString>

namespace zerg {

// A duration as every view shows it, in the default QLocale's numbers: "1.8 s" under 10 s
// ("1,8 s" in German), "12 s", "2 min 5 s"; "" when negative (not finished).
[[nodiscard]] QString formatDuration(qint64 ms);

}  // namespace zerg
