#pragma once

#include <QString>

namespace zerg {

// An amount in US dollars with the given decimals, in the default QLocale's numbers and the
// translation's currency order: "$0.0042" in English, "0,0042 $" in German.
[[nodiscard]] QString formatUsd(double usd, int decimals);

}  // namespace zerg
