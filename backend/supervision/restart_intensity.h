#pragma once

#include <QList>

#include <QtGlobal>
#include <deque>

namespace zerg::supervision {

// OTP's restart intensity, exactly:
//   now = monotonic time in whole seconds
//   restarts = [now] + [r for r in restarts if r >= now - period]
//   len(restarts) > intensity  ->  give up
// The window is inclusive and counted in whole seconds, so the (I+1)-th restart inside it is fatal.
class RestartIntensity {
public:
    RestartIntensity(int intensity, int periodSecs)
        : m_intensity(intensity), m_period(periodSecs) {}

    // Records a restart decided at nowMs (monotonic). False means the supervisor must give up.
    [[nodiscard]] bool addRestart(qint64 nowMs);
    // Restarts that still fall inside the window at nowMs, without recording one.
    [[nodiscard]] int restartsInWindow(qint64 nowMs) const;

    [[nodiscard]] int intensity() const { return m_intensity; }
    [[nodiscard]] int periodSecs() const { return m_period; }

    // Whole seconds, rounded down (also for negative clocks).
    [[nodiscard]] static qint64 toSeconds(qint64 ms);

private:
    int m_intensity;
    int m_period;
    // Oldest first, whole seconds. The clock is monotonic, so the entries are in order and the
    // ones that left the window are at the front: OTP's filter is a pop from the front.
    std::deque<qint64> m_restarts;
};

}  // namespace zerg::supervision
