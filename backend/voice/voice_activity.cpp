#include "voice/voice_activity.h"

#include <algorithm>
#include <cmath>

namespace zerg {

namespace {
constexpr int kFrameMs = 20;
constexpr double kQuietestDb = -90.0;  // digital silence counts as this, not -infinity
}  // namespace

double levelDb(const qint16* samples, qsizetype count) {
    double sum = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const double s = samples[i] / 32768.0;
        sum += s * s;
    }
    const double rms = count > 0 ? std::sqrt(sum / double(count)) : 0.0;
    return rms > 0 ? std::max(kQuietestDb, 20.0 * std::log10(rms)) : kQuietestDb;
}

double meterLevel(double dbfs) {
    return std::clamp((dbfs + 60.0) / 60.0, 0.0, 1.0);
}

VoiceActivityDetector::VoiceActivityDetector(Options options)
    : m_options(options), m_frameSamples(std::max(1, options.sampleRate * kFrameMs / 1000)) {}

QList<VoiceActivityDetector::Event> VoiceActivityDetector::feed(const qint16* samples,
                                                                qsizetype count) {
    QList<Event> events;
    for (qsizetype i = 0; i < count; ++i) {
        const double s = samples[i] / 32768.0;
        m_sumSquares += s * s;
        ++m_fed;
        if (++m_inFrame == m_frameSamples) {
            const double rms = std::sqrt(m_sumSquares / m_frameSamples);
            frame(rms > 0 ? std::max(kQuietestDb, 20.0 * std::log10(rms)) : kQuietestDb, events);
            m_sumSquares = 0;
            m_inFrame = 0;
        }
    }
    return events;
}

void VoiceActivityDetector::frame(double db, QList<Event>& events) {
    m_level = meterLevel(db);
    // The first frames are the room: their mean level is the first floor, so that a room
    // louder than the speech minimum (a fan, a hum) is not taken for someone speaking.
    if (m_calibrationFrames < kCalibrationFrames) {
        m_calibrationSum += db;
        m_floorDb = m_calibrationSum / ++m_calibrationFrames;
        return;
    }
    const double threshold = std::max(m_floorDb + m_options.marginDb, m_options.minSpeechDb);
    const bool loud = db >= threshold;
    const int onsetFrames = std::max(1, m_options.onsetMs / kFrameMs);
    const int silenceFrames = std::max(1, m_options.silenceMs / kFrameMs);
    if (!m_inSpeech) {
        // The floor follows quiet frames: down at once, up slowly (a fan starting).
        if (!loud)
            m_floorDb = db < m_floorDb ? db : m_floorDb + 0.05 * (db - m_floorDb);
        m_loudFrames = loud ? m_loudFrames + 1 : 0;
        if (m_loudFrames >= onsetFrames) {
            m_inSpeech = true;
            m_quietFrames = 0;
            events.append({Change::SpeechStarted, m_fed - qint64(onsetFrames) * m_frameSamples});
        }
        return;
    }
    m_quietFrames = loud ? 0 : m_quietFrames + 1;
    if (m_quietFrames >= silenceFrames) {
        m_inSpeech = false;
        m_loudFrames = 0;
        events.append({Change::SpeechEnded, m_fed - qint64(silenceFrames) * m_frameSamples});
    }
}

}  // namespace zerg
