#include "voice/espeak_synthesizer.h"
#include "voice/voice_activity.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace zerg;
using Change = VoiceActivityDetector::Change;

namespace {

constexpr int kRate = 16000;

void silence(QList<qint16>& out, int ms) {
    out.append(QList<qint16>(qsizetype(kRate) * ms / 1000, 0));
}

// A voiced sound: a 180 Hz tone with harmonics at about -15 dBFS.
void voiced(QList<qint16>& out, int ms) {
    const qsizetype n = qsizetype(kRate) * ms / 1000;
    for (qsizetype i = 0; i < n; ++i) {
        const double t = double(out.size()) / kRate;
        out.append(
            qint16(4000 * std::sin(2 * M_PI * 180 * t) + 2000 * std::sin(2 * M_PI * 360 * t)));
    }
}

// Steady noise of the given amplitude (a fan, a hum).
void noise(QList<qint16>& out, int ms, int amplitude, QRandomGenerator& random) {
    const qsizetype n = qsizetype(kRate) * ms / 1000;
    for (qsizetype i = 0; i < n; ++i)
        out.append(qint16(random.bounded(2 * amplitude + 1) - amplitude));
}

QList<VoiceActivityDetector::Event> run(VoiceActivityDetector& vad, const QList<qint16>& samples) {
    QList<VoiceActivityDetector::Event> events;
    // In the pieces a sound card gives (30 ms), so that frames straddle them.
    for (qsizetype at = 0; at < samples.size(); at += 480)
        events += vad.feed(samples.constData() + at, std::min<qsizetype>(480, samples.size() - at));
    return events;
}

qint64 ms(qint64 sample) {
    return sample * 1000 / kRate;
}

}  // namespace

// Voice activity by energy, counted in samples: where speech starts and ends.
class TestVoiceActivity : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void anUtteranceStartsAndEndsWhereItShould() {
        QList<qint16> s;
        silence(s, 1000);
        voiced(s, 800);
        silence(s, 300);  // a pause between words: shorter than the hangover
        voiced(s, 600);
        silence(s, 1500);
        VoiceActivityDetector vad;
        const auto events = run(vad, s);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].change, Change::SpeechStarted);
        QVERIFY2(qAbs(ms(events[0].atSample) - 1000) <= 20,
                 qPrintable(QString::number(ms(events[0].atSample))));
        QCOMPARE(events[1].change, Change::SpeechEnded);
        // The speech ended at 2700 ms; the end is known 700 ms of silence later, and dated back.
        QVERIFY2(qAbs(ms(events[1].atSample) - 2700) <= 20,
                 qPrintable(QString::number(ms(events[1].atSample))));
        QVERIFY(!vad.inSpeech());
        QCOMPARE(vad.samplesFed(), s.size());
    }

    void theHangoverIsTheSettingsSilence() {
        QList<qint16> s;
        silence(s, 500);
        voiced(s, 500);
        silence(s, 500);
        voiced(s, 500);
        silence(s, 2000);
        VoiceActivityDetector::Options shortPause;
        shortPause.silenceMs = 300;
        VoiceActivityDetector quick(shortPause);
        QCOMPARE(run(quick, s).size(), 4);  // two utterances
        VoiceActivityDetector::Options longPause;
        longPause.silenceMs = 1000;
        VoiceActivityDetector patient(longPause);
        QCOMPARE(run(patient, s).size(), 2);  // one
    }

    void aClickIsNotSpeech() {
        QList<qint16> s;
        silence(s, 500);
        voiced(s, 40);  // shorter than the 60 ms onset
        silence(s, 1000);
        VoiceActivityDetector vad;
        QVERIFY(run(vad, s).isEmpty());
    }

    void steadyNoiseIsLearnedAndSpeechOverItIsHeard() {
        QRandomGenerator random(7);
        QList<qint16> s;
        noise(s, 2000, 600, random);  // about -38 dBFS: above the -45 dBFS speech minimum
        QList<qint16> loud;
        voiced(loud, 700);
        for (qint16 v : loud)
            s.append(qint16(std::clamp(v + int(random.bounded(1201)) - 600, -32768, 32767)));
        noise(s, 1500, 600, random);
        VoiceActivityDetector vad;
        const auto events = run(vad, s);
        QCOMPARE(events.size(), 2);
        QVERIFY2(qAbs(ms(events[0].atSample) - 2000) <= 40,
                 qPrintable(QString::number(ms(events[0].atSample))));
        QVERIFY2(vad.noiseFloorDb() > -45 && vad.noiseFloorDb() < -30,
                 qPrintable(QString::number(vad.noiseFloorDb())));
    }

    void theLevelFollowsTheSound() {
        VoiceActivityDetector vad;
        QList<qint16> s;
        silence(s, 100);
        run(vad, s);
        QCOMPARE(vad.level(), 0.0);
        s.clear();
        voiced(s, 100);
        run(vad, s);
        QVERIFY2(vad.level() > 0.6 && vad.level() < 1.0, qPrintable(QString::number(vad.level())));
    }

    void espeakSentencesAreTwoUtterances() {
        const auto first =
            EspeakSynthesizer::synthesize(QStringLiteral("check disk usage on cube"));
        if (!first && first.error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(first.error().message + QStringLiteral(" (run scripts/setup)")));
        const auto second = EspeakSynthesizer::synthesize(QStringLiteral("restart nginx on web1"));
        QVERIFY(first && second);
        QList<qint16> s;
        silence(s, 500);
        s += resampled(first.value(), kRate).samples;
        silence(s, 1500);
        s += resampled(second.value(), kRate).samples;
        silence(s, 1500);
        VoiceActivityDetector vad;
        const auto events = run(vad, s);
        QStringList seen;
        for (const auto& e : events)
            seen.append(QStringLiteral("%1@%2")
                            .arg(e.change == Change::SpeechStarted ? "start" : "end")
                            .arg(ms(e.atSample)));
        QVERIFY2(events.size() == 4, qPrintable(seen.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestVoiceActivity)
#include "test_voice_activity.moc"
