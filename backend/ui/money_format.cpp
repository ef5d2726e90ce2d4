#include "ui/money_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace zerg {

QString formatUsd(double usd, int decimals) {
    return QCoreApplication::translate("zerg::Money", "$%1", "an amount in US dollars")
        .arg(QLocale().toString(usd, 'f', decimals));
}

QString formatCallCost(double usd) {
    return formatUsd(usd, usd < 1.0 ? 4 : 2);
}

}  // namespace zerg
