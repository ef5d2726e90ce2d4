#include "supervision/exit_reason.h"

namespace zerg::supervision {

QString ExitReason::toString() const {
    switch (m_kind) {
        case Kind::Normal:
            return QStringLiteral("normal");
        case Kind::Shutdown:
            return m_detail.isEmpty() ? QStringLiteral("shutdown")
                                      : QStringLiteral("shutdown:") + m_detail;
        case Kind::Killed:
            return QStringLiteral("killed");
        case Kind::Crash:
            return QStringLiteral("crash:") + m_detail;
    }
    return {};
}

ExitReason ExitReason::fromString(const QString& text) {
    if (text == QLatin1String("normal"))
        return normal();
    if (text == QLatin1String("shutdown"))
        return shutdown();
    if (text == QLatin1String("killed"))
        return killed();
    if (text.startsWith(QLatin1String("shutdown:")))
        return shutdown(text.mid(9));
    if (text.startsWith(QLatin1String("crash:")))
        return crash(text.mid(6));
    return crash(text);
}

}  // namespace zerg::supervision
