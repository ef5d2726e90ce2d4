#include "ui/money_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace zerg {

QString formatUsd(double usd, int decimals) {
    return QCoreApplication::translate("zerg::Money", "$%1", "an amount in US dollars")
        .arg(QLocale().toString(usd, 'f', decimals));
}

}  // namespace zerg
