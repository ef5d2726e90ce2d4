#include "ui/duration_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace zerg {

QString formatDuration(qint64 ms) {
    if (ms < 0)
        return {};
    const QLocale locale;
    const double seconds = double(ms) / 1000.0;
    if (seconds < 10) {
        return QCoreApplication::translate("zerg::Duration", "%1 s")
            .arg(locale.toString(seconds, 'f', 1));
    }
    if (seconds < 60) {
        return QCoreApplication::translate("zerg::Duration", "%1 s")
            .arg(locale.toString(qint64(seconds)));
    }
    return QCoreApplication::translate("zerg::Duration", "%1 min %2 s")
        .arg(locale.toString(qint64(seconds) / 60), locale.toString(qint64(seconds) % 60));
}

}  // namespace zerg
