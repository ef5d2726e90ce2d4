#pragma once

#include <QList>
#include <QtGlobal>

namespace zerg {

// The level of these samples in dBFS (digital silence counts as -90, not -infinity).
[[nodiscard]] double levelDb(const qint16* samples, qsizetype count);
// A level for a meter: 0 at -60 dBFS or less, 1 at full scale.
[[nodiscard]] double meterLevel(double dbfs);

// Where speech starts and ends in a stream of 16-bit mono samples, by energy: each 20 ms frame's
// level against a noise floor learned from the first 200 ms and the frames between utterances.
// Speech starts after `onsetMs` of frames above the floor by `marginDb` (and above `minSpeechDb`,
// so that a silent room does not make its own hum speech); it ends after `silenceMs` of frames
// below (the hangover that lets a speaker pause between words). Time is counted in samples, not
// read from a clock: the same samples always give the same answer.
class VoiceActivityDetector {
public:
    struct Options {
        int sampleRate = 16000;
        int silenceMs = 700;
        int onsetMs = 60;
        double marginDb = 12.0;
        double minSpeechDb = -45.0;  // dBFS
    };
    enum class Change { SpeechStarted, SpeechEnded };
    struct Event {
        Change change;
        qint64 atSample;  // where it happened, counted from the first sample fed
    };

    explicit VoiceActivityDetector(Options options);
    VoiceActivityDetector() : VoiceActivityDetector(Options{}) {}

    // The changes in these samples, in order.
    QList<Event> feed(const qint16* samples, qsizetype count);

    [[nodiscard]] bool inSpeech() const { return m_inSpeech; }
    // The last frame's level for a meter: 0 at -60 dBFS or less, 1 at full scale.
    [[nodiscard]] double level() const { return m_level; }
    [[nodiscard]] double noiseFloorDb() const { return m_floorDb; }
    [[nodiscard]] qint64 samplesFed() const { return m_fed; }
    [[nodiscard]] const Options& options() const { return m_options; }

private:
    void frame(double db, QList<Event>& events);

    Options m_options;
    int m_frameSamples;
    double m_sumSquares = 0;
    int m_inFrame = 0;
    qint64 m_fed = 0;
    double m_floorDb = -70.0;
    double m_level = 0;
    bool m_inSpeech = false;
    int m_loudFrames = 0;
    int m_quietFrames = 0;
    static constexpr int kCalibrationFrames = 10;  // 200 ms
    int m_calibrationFrames = 0;
    double m_calibrationSum = 0;
};

}  // namespace zerg
