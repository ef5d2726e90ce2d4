#include "core/settings.h"
#include "fake_microphone.h"
#include "voice/espeak_synthesizer.h"
#include "voice/microphone.h"
#include "voice/speech_engines.h"
#include "voice/voice_capture.h"

#include <QDir>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace zerg;
using State = VoiceCapture::State;
using test::FakeMicrophone;

namespace {

// A recognizer that answers the next scripted text, later, and keeps what it was given.
class ScriptedSpeechToText final : public SpeechToText {
public:
    void transcribe(const AudioClip& clip, Done done) override {
        clips.append(clip);
        const QString text = answers.isEmpty() ? QString() : answers.takeFirst();
        QTimer::singleShot(0, &m_context, [done = std::move(done), text] { done(text); });
    }
    QString where() const override { return QStringLiteral("scripted"); }
    QStringList answers;
    QList<AudioClip> clips;

private:
    QObject m_context;
};

AudioClip voiced(int ms, int rate = 16000) {
    return test::FakeMicrophone::voiced(ms, rate);
}

}  // namespace

// The microphone as the composer uses it, fed by a stand-in microphone: push-to-talk,
// hands-free cut by voice activity, recordings kept or not, and the errors a user meets.
class TestVoiceCapture : public QObject {
    Q_OBJECT

    FakeMicrophone* m_mic = nullptr;  // the last one made
    VoiceCapture::MicrophoneFactory factory() {
        return [this]() -> Result<std::unique_ptr<Microphone>> {
            auto mic = std::make_unique<FakeMicrophone>(&m_mic);
            return std::unique_ptr<Microphone>(std::move(mic));
        };
    }

private Q_SLOTS:
    void pushToTalkTranscribesWhatWasSaidWhileHeld() {
        ScriptedSpeechToText speech;
        speech.answers = {QStringLiteral("check disk usage on cube")};
        VoiceCapture capture(factory(), &speech);
        VoiceCapture::Options options;
        options.deviceId = QStringLiteral("usb-headset");
        capture.setOptions(options);
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QSignalSpy levels(&capture, &VoiceCapture::levelChanged);
        QCOMPARE(capture.state(), State::Off);
        QVERIFY(capture.press());
        QVERIFY(m_mic->open);
        QCOMPARE(m_mic->device, QStringLiteral("usb-headset"));
        QCOMPARE(capture.state(), State::Listening);
        m_mic->silence(200, 48000);
        m_mic->push(voiced(600, 48000));  // a sound card at 48 kHz
        QCOMPARE(capture.state(), State::Hearing);
        QVERIFY(capture.level() > 0.5);
        QVERIFY(!levels.isEmpty());
        m_mic->silence(100, 48000);
        capture.release();
        QVERIFY(!m_mic);  // closed: the fake is gone with it
        QCOMPARE(capture.state(), State::Transcribing);
        QCOMPARE(capture.level(), 0.0);
        QTRY_COMPARE(heard.size(), 1);
        QCOMPARE(heard.first().first().toString(), QStringLiteral("check disk usage on cube"));
        QCOMPARE(capture.state(), State::Off);
        // Everything while held, at 16 kHz: 900 ms.
        QCOMPARE(speech.clips.size(), 1);
        QCOMPARE(speech.clips.first().sampleRate, 16000);
        QVERIFY2(qAbs(speech.clips.first().seconds() - 0.9) < 0.02,
                 qPrintable(QString::number(speech.clips.first().seconds())));
    }

    void handsFreeCutsEachUtteranceAtTheSilence() {
        ScriptedSpeechToText speech;
        speech.answers = {QStringLiteral("first"), QStringLiteral("second")};
        VoiceCapture capture(factory(), &speech);
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QVERIFY(capture.startHandsFree());
        QVERIFY(capture.handsFree());
        m_mic->silence(1000);
        QCOMPARE(capture.state(), State::Listening);
        QVERIFY(speech.clips.isEmpty());
        m_mic->push(voiced(500));
        QCOMPARE(capture.state(), State::Hearing);
        m_mic->silence(400);  // a pause: still the same utterance
        QVERIFY(speech.clips.isEmpty());
        m_mic->silence(400);  // 800 ms of silence: it ended
        QCOMPARE(speech.clips.size(), 1);
        QTRY_COMPARE(heard.size(), 1);
        QCOMPARE(capture.state(), State::Listening);  // still open
        m_mic->push(voiced(300));
        m_mic->silence(1000);
        QTRY_COMPARE(heard.size(), 2);
        QCOMPARE(heard.at(1).first().toString(), QStringLiteral("second"));
        // The utterance carries the moments before speech was detected (its first sound) and
        // the hangover, not the second of silence before it.
        const double first = speech.clips.first().seconds();
        QVERIFY2(first > 0.5 + 0.06 && first < 0.5 + 0.4 + 0.8 + 0.05,
                 qPrintable(QString::number(first)));
        capture.stop();
        QCOMPARE(capture.state(), State::Off);
        QVERIFY(!m_mic);
    }

    void silenceAndClicksAreNotSent() {
        ScriptedSpeechToText speech;
        VoiceCapture capture(factory(), &speech);
        QSignalSpy nothing(&capture, &VoiceCapture::nothingHeard);
        QVERIFY(capture.press());
        m_mic->silence(100);
        capture.release();
        QCOMPARE(nothing.size(), 1);
        QVERIFY(speech.clips.isEmpty());
        QCOMPARE(capture.state(), State::Off);
        // Transcribed to nothing: said as nothing heard, not as a message.
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QVERIFY(capture.press());
        m_mic->push(voiced(500));
        capture.release();
        QTRY_COMPARE(nothing.size(), 2);
        QVERIFY(heard.isEmpty());
    }

    void recordingsAreKeptOnlyWhenAskedFor() {
        QTemporaryDir dir;
        ScriptedSpeechToText speech;
        speech.answers = {QStringLiteral("a"), QStringLiteral("b")};
        VoiceCapture capture(factory(), &speech);
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QVERIFY(capture.press());
        m_mic->push(voiced(500));
        capture.release();
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);
        QTRY_COMPARE(heard.size(), 1);
        QCOMPARE(heard.at(0).at(1).toString(), QString());  // no recording
        VoiceCapture::Options options;
        options.recordingsDir = dir.filePath(QStringLiteral("recordings"));
        capture.setOptions(options);
        QVERIFY(capture.press());
        m_mic->push(voiced(500));
        capture.release();
        const QStringList kept =
            QDir(options.recordingsDir).entryList({QStringLiteral("voice-*.wav")});
        QCOMPARE(kept.size(), 1);
        const Result<AudioClip> clip = readWav(QDir(options.recordingsDir).filePath(kept.first()));
        QVERIFY(clip);
        QCOMPARE(clip->samples, speech.clips.last().samples);
        // The words come with where their recording is (VoiceInput files it with the run).
        QTRY_COMPARE(heard.size(), 2);
        QCOMPARE(heard.at(1).at(1).toString(), QDir(options.recordingsDir).filePath(kept.first()));
    }

    void errorsAreSaid() {
        ScriptedSpeechToText speech;
        VoiceCapture broken(
            [] {
                return Result<std::unique_ptr<Microphone>>(
                    Error{QStringLiteral("no_device"), QStringLiteral("No microphone found.")});
            },
            &speech);
        const Status pressed = broken.press();
        QVERIFY(!pressed);
        QCOMPARE(pressed.error().message, QStringLiteral("No microphone found."));
        QCOMPARE(broken.state(), State::Off);

        VoiceCapture capture(factory(), &speech);
        QSignalSpy failed(&capture, &VoiceCapture::failed);
        QVERIFY(capture.startHandsFree());
        m_mic->unplug();
        QCOMPARE(failed.size(), 1);
        QCOMPARE(capture.state(), State::Off);

        VoiceCapture deaf(factory(), nullptr);
        QVERIFY(!deaf.press());
    }

    void aCaptureGoneBeforeItsWordsCallsNobody() {
        ScriptedSpeechToText speech;
        speech.answers = {QStringLiteral("late")};
        bool heard = false;
        {
            VoiceCapture capture(factory(), &speech);
            connect(&capture, &VoiceCapture::heard, this, [&] { heard = true; });
            QVERIFY(capture.press());
            m_mic->push(voiced(500));
            capture.release();
        }
        QTest::qWait(50);
        QVERIFY(!heard);
    }

    // The whole way with the real engines: espeak-ng's speech into the microphone, cut by voice
    // activity, recognized by pocketsphinx.
    void realSpeechIsHeardHandsFree() {
        const auto spoken = EspeakSynthesizer::synthesize(QStringLiteral("restart nginx on web1"));
        if (!spoken && spoken.error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(spoken.error().message + QStringLiteral(" (run scripts/setup)")));
        QVERIFY(spoken);
        QNetworkAccessManager nam;
        auto speech = makeSpeechToText(ListenEngine::Pocketsphinx, Settings{},
                                       {QStringLiteral("web1")}, &nam);
        QVERIFY(speech);
        VoiceCapture capture(factory(), speech.value().get());
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QSignalSpy failed(&capture, &VoiceCapture::failed);
        QVERIFY(capture.startHandsFree());
        m_mic->silence(500, spoken->sampleRate);
        m_mic->push(spoken.value());
        m_mic->silence(1000, spoken->sampleRate);
        QTRY_VERIFY_WITH_TIMEOUT(heard.size() + failed.size() == 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        const QString text = heard.first().first().toString();
        qInfo("heard: %s", qPrintable(text));
        QVERIFY2(text.split(QLatin1Char(' ')).size() >= 2, qPrintable(text));
    }

    // The words so far show while the user speaks (the local engine recognizes live), and are
    // gone once the utterance is over; its words come from the same live recognition.
    void partialWordsComeWhileSpeaking() {
        const auto spoken =
            EspeakSynthesizer::synthesize(QStringLiteral("check disk usage on cube"));
        if (!spoken && spoken.error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(spoken.error().message + QStringLiteral(" (run scripts/setup)")));
        QVERIFY(spoken);
        QNetworkAccessManager nam;
        auto speech = makeSpeechToText(ListenEngine::Pocketsphinx, Settings{},
                                       {QStringLiteral("cube")}, &nam);
        QVERIFY(speech);
        VoiceCapture capture(factory(), speech.value().get());
        QSignalSpy heard(&capture, &VoiceCapture::heard);
        QSignalSpy failed(&capture, &VoiceCapture::failed);
        QVERIFY(capture.press());
        const AudioClip clip = resampled(spoken.value(), 16000);
        m_mic->silence(200);
        for (qsizetype at = 0; at < clip.samples.size(); at += 1600) {
            AudioClip piece;
            piece.sampleRate = 16000;
            piece.samples = clip.samples.mid(at, 1600);
            m_mic->push(piece);
            QTest::qWait(5);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!capture.partial().isEmpty(), 30000);
        m_mic->silence(200);
        capture.release();
        QCOMPARE(capture.partial(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(heard.size() + failed.size() == 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        const QString text = heard.first().first().toString();
        QVERIFY2(text.split(QLatin1Char(' ')).size() >= 2, qPrintable(text));
        QCOMPARE(capture.partial(), QString());
    }

    // The Qt Multimedia plug-in loads; without a sound card (CI) it says there is no microphone
    // and no speakers.
    void theRealMicrophonePluginLoads() {
        qputenv("ZERG_PLUGIN_DIR", ZERG_PLUGIN_DIR);
        auto mic = loadMicrophone();
        QVERIFY2(mic, qPrintable(mic ? QString() : mic.error().message));
        const QList<Microphone::Device> devices = mic.value()->devices();
        const Status started = mic.value()->start(
            QString(), [](const qint16*, qsizetype, int) {}, [](const QString&) {});
        if (devices.isEmpty()) {
            QVERIFY(!started);
            QVERIFY2(started.error().message.startsWith(QLatin1String("No microphone found")),
                     qPrintable(started.error().message));
        } else {
            qInfo("%lld input device(s); the default one %s", qlonglong(devices.size()),
                  started ? "started" : qPrintable(started.error().message));
        }
        const Status missing = mic.value()->start(
            QStringLiteral("no-such-device"), [](const qint16*, qsizetype, int) {},
            [](const QString&) {});
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QLatin1String("not connected")));
        mic.value()->stop();

        // The speakers come from the same plug-in.
        auto speaker = loadSpeaker();
        QVERIFY2(speaker, qPrintable(speaker ? QString() : speaker.error().message));
        const Status played = speaker.value()->play(FakeMicrophone::voiced(100), [] {});
        if (!played) {
            QVERIFY2(played.error().message.startsWith(QLatin1String("No speakers found")),
                     qPrintable(played.error().message));
        }
        speaker.value()->stop();
    }
};

QTEST_GUILESS_MAIN(TestVoiceCapture)
#include "test_voice_capture.moc"
