#include "supervision/restart_intensity.h"

namespace zerg::supervision {

qint64 RestartIntensity::toSeconds(qint64 ms) {
    return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
}

bool RestartIntensity::addRestart(qint64 nowMs) {
    const qint64 now = toSeconds(nowMs);
    const qint64 threshold = now - m_period;
    QList<qint64> kept;
    kept.reserve(m_restarts.size() + 1);
    kept.append(now);
    for (qint64 r : std::as_const(m_restarts)) {
        if (r >= threshold)
            kept.append(r);
    }
    m_restarts = kept;
    return m_restarts.size() <= m_intensity;
}

int RestartIntensity::restartsInWindow(qint64 nowMs) const {
    const qint64 threshold = toSeconds(nowMs) - m_period;
    int n = 0;
    for (qint64 r : m_restarts) {
        if (r >= threshold)
            ++n;
    }
    return n;
}

}  // namespace zerg::supervision
