#include "ui/duration_format.h"

#include <QCoreApplication>

namespace zerg {

QString formatDuration(qint64 ms) {
    if (ms < 0)
        return {};
    const double seconds = double(ms) / 1000.0;
    if (seconds < 10)
        return QCoreApplication::translate("zerg::Duration", "%1 s").arg(seconds, 0, 'f', 1);
    if (seconds < 60)
        return QCoreApplication::translate("zerg::Duration", "%1 s").arg(qint64(seconds));
    return QCoreApplication::translate("zerg::Duration", "%1 min %2 s")
        .arg(qint64(seconds) / 60)
        .arg(qint64(seconds) % 60);
}

}  // namespace zerg
