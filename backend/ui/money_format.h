#pragma once

#include <QString>

namespace zerg {

// An amount in US dollars with the given decimals, in the default QLocale's numbers and the
// translation's currency order: "$0.0042" in English, "0,0042 $" in German.
[[nodiscard]] QString formatUsd(double usd, int decimals);

// What model calls cost: four decimals under a dollar, two from there on ("$0.0042", "$12.50").
// Calls often cost fractions of a cent, which two decimals would show as $0.00.
[[nodiscard]] QString formatCallCost(double usd);

}  // namespace zerg
