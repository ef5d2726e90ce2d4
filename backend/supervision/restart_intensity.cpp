#include "supervision/restart_intensity.h"

namespace zerg::supervision {

qint64 RestartIntensity::toSeconds(qint64 ms) {
    return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
}

bool RestartIntensity::addRestart(qint64 nowMs) {
    const qint64 now = toSeconds(nowMs);
    const qint64 threshold = now - m_period;
    while (!m_restarts.empty() && m_restarts.front() < threshold)
        m_restarts.pop_front();
    m_restarts.push_back(now);
    return qsizetype(m_restarts.size()) <= m_intensity;
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
