#include "voice/audio_clip.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace zerg;

namespace {

// A WAVE file by hand: fmt chunk (format, channels, rate, bits, and for 0xFFFE the sub-format),
// then data as given (any other chunk first when extra is set).
QByteArray wave(quint16 format, quint16 channels, quint32 rate, quint16 bits,
                const QByteArray& data, bool extra = false, quint16 subFormat = 1) {
    QByteArray fmt(format == 0xFFFE ? 40 : 16, '\0');
    qToLittleEndian<quint16>(format, fmt.data());
    qToLittleEndian<quint16>(channels, fmt.data() + 2);
    qToLittleEndian<quint32>(rate, fmt.data() + 4);
    qToLittleEndian<quint32>(rate * channels * bits / 8, fmt.data() + 8);
    qToLittleEndian<quint16>(quint16(channels * bits / 8), fmt.data() + 12);
    qToLittleEndian<quint16>(bits, fmt.data() + 14);
    if (format == 0xFFFE) {
        qToLittleEndian<quint16>(22, fmt.data() + 16);
        qToLittleEndian<quint16>(bits, fmt.data() + 18);
        qToLittleEndian<quint16>(subFormat, fmt.data() + 24);
    }
    const auto chunk = [](const char* id, const QByteArray& body) {
        QByteArray c(id, 4);
        char size[4];
        qToLittleEndian<quint32>(quint32(body.size()), size);
        c.append(size, 4);
        c += body;
        if (body.size() % 2)
            c += '\0';
        return c;
    };
    QByteArray body = "WAVE" + chunk("fmt ", fmt);
    if (extra)
        body += chunk("LIST", QByteArray("INFOISFT\x05\0\0\0zerg\0", 17));
    body += chunk("data", data);
    QByteArray out("RIFF");
    char size[4];
    qToLittleEndian<quint32>(quint32(body.size()), size);
    out.append(size, 4);
    return out + body;
}

QByteArray le16(std::initializer_list<qint16> values) {
    QByteArray out;
    for (const qint16 v : values) {
        char b[2];
        qToLittleEndian<qint16>(v, b);
        out.append(b, 2);
    }
    return out;
}

AudioClip sine(int rate, double hz, double seconds, double amplitude) {
    AudioClip clip;
    clip.sampleRate = rate;
    const int n = int(rate * seconds);
    for (int i = 0; i < n; ++i)
        clip.samples.append(
            qint16(std::lround(amplitude * 32767 * std::sin(2 * M_PI * hz * i / rate))));
    return clip;
}

// Sign changes per second, i.e. twice the frequency of a sine.
double crossingsPerSecond(const AudioClip& clip) {
    int changes = 0;
    for (qsizetype i = 1; i < clip.samples.size(); ++i) {
        if ((clip.samples[i - 1] < 0) != (clip.samples[i] < 0))
            ++changes;
    }
    return changes / clip.seconds();
}

}  // namespace

class TestAudioClip : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aWrittenClipReadsBackTheSame() {
        const AudioClip clip = sine(16000, 440, 0.25, 0.5);
        const QByteArray bytes = wavBytes(clip);
        QCOMPARE(bytes.size(), 44 + clip.samples.size() * 2);
        const Result<AudioClip> back = parseWav(bytes);
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(back->sampleRate, 16000);
        QCOMPARE(back->samples, clip.samples);
        QCOMPARE(back->seconds(), 0.25);
        QVERIFY(std::abs(back->peak() - 0.5) < 0.01);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.wav"));
        QVERIFY(writeWav(path, clip));
        const Result<AudioClip> read = readWav(path);
        QVERIFY(read);
        QCOMPARE(read->samples, clip.samples);
    }

    void otherFormatsAreMixedDownToMono16Bit() {
        // 8-bit unsigned stereo: (255, 1) -> (+127/128 + -127/128) / 2 = 0; (192, 192) -> +0.5.
        const Result<AudioClip> u8 =
            parseWav(wave(1, 2, 8000, 8, QByteArray("\xff\x01\xc0\xc0", 4)));
        QVERIFY(u8);
        QCOMPARE(u8->sampleRate, 8000);
        QCOMPARE(u8->samples.size(), 2);
        QCOMPARE(u8->samples[0], qint16(0));
        QCOMPARE(u8->samples[1], qint16(16384));
        // 24-bit mono: -0.5 and +0.25 of full scale.
        const Result<AudioClip> s24 =
            parseWav(wave(1, 1, 48000, 24, QByteArray("\x00\x00\xc0\x00\x00\x20", 6)));
        QVERIFY(s24);
        QCOMPARE(s24->samples[0], qint16(-16384));
        QCOMPARE(s24->samples[1], qint16(8192));
        // 32-bit float in an extensible header, after another chunk.
        QByteArray floats(8, '\0');
        const float values[2] = {0.25f, -1.5f};  // the second is clipped
        std::memcpy(floats.data(), values, 8);
        const Result<AudioClip> f32 = parseWav(wave(0xFFFE, 1, 22050, 32, floats, true, 3));
        QVERIFY2(f32, qPrintable(f32 ? QString() : f32.error().message));
        QCOMPARE(f32->sampleRate, 22050);
        QCOMPARE(f32->samples[0], qint16(8192));
        QCOMPARE(f32->samples[1], qint16(-32767));
        // 16-bit stereo: the mean of the two channels.
        const Result<AudioClip> s16 = parseWav(wave(1, 2, 16000, 16, le16({1000, 3000, -200, 0})));
        QVERIFY(s16);
        QCOMPARE(s16->samples, (QList<qint16>{2000, -100}));
    }

    void whatIsNoPlainWaveIsRefusedWithWhatToDo() {
        const Result<AudioClip> mp3 = parseWav(QByteArray("ID3\x04\0\0\0\0\0\0 and more", 20));
        QVERIFY(!mp3);
        QCOMPARE(mp3.error().code, QStringLiteral("bad_audio"));
        QVERIFY(mp3.error().message.contains(QStringLiteral("not a WAVE file")));
        QVERIFY(mp3.error().message.contains(QStringLiteral("sox")));

        const Result<AudioClip> adpcm = parseWav(wave(2, 1, 8000, 4, QByteArray(10, '\0')));
        QVERIFY(!adpcm);
        QVERIFY(adpcm.error().message.contains(QStringLiteral("compressed")));

        QByteArray noData = wave(1, 1, 16000, 16, {});
        noData.chop(8);  // drop the (empty) data chunk's header
        const Result<AudioClip> empty = parseWav(noData);
        QVERIFY(!empty);
        QVERIFY(empty.error().message.contains(QStringLiteral("no audio data")));

        QByteArray cut = wave(1, 1, 16000, 16, le16({1, 2, 3, 4}));
        cut.chop(7);  // the data chunk says 8 bytes; one is left
        const Result<AudioClip> shortened = parseWav(cut);
        QVERIFY(!shortened);
        QVERIFY(shortened.error().message.contains(QStringLiteral("cut short")));

        const Result<AudioClip> missing = readWav(QStringLiteral("/nonexistent/speech.wav"));
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("/nonexistent/speech.wav")));

        QVERIFY(
            !writeWav(QStringLiteral("/nonexistent/folder/out.wav"), sine(8000, 100, 0.1, 0.1)));
    }

    void resamplingKeepsPitchAndLength() {
        const AudioClip high = sine(48000, 1000, 1.0, 0.5);
        const AudioClip low = resampled(high, 16000);
        QCOMPARE(low.sampleRate, 16000);
        QCOMPARE(low.samples.size(), 16000);
        QVERIFY(std::abs(crossingsPerSecond(low) - 2000) < 20);
        QVERIFY(low.peak() > 0.45 && low.peak() < 0.52);

        const AudioClip up = resampled(sine(8000, 440, 0.5, 0.3), 16000);
        QCOMPARE(up.samples.size(), 8000);
        QVERIFY(std::abs(crossingsPerSecond(up) - 880) < 10);

        // What the rate cannot carry averages out instead of folding back at full strength.
        const AudioClip tooHigh = resampled(sine(48000, 7000 + 16000, 0.5, 0.5), 16000);
        QVERIFY2(tooHigh.peak() < 0.2, qPrintable(QString::number(tooHigh.peak())));

        QCOMPARE(resampled(high, 48000).samples, high.samples);
        QCOMPARE(resampled(AudioClip{}, 22050).sampleRate, 22050);
    }

    // A real synthesizer's file: espeak-ng writes 22,050 Hz mono WAVE.
    void readsWhatEspeakNgWrites() {
        const QString espeak = QStandardPaths::findExecutable(QStringLiteral("espeak-ng"));
        if (espeak.isEmpty())
            QFAIL("espeak-ng is missing: run scripts/setup");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("speech.wav"));
        QProcess p;
        p.start(espeak, {QStringLiteral("-w"), path, QStringLiteral("check disk usage on cube")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const Result<AudioClip> clip = readWav(path);
        QVERIFY2(clip, qPrintable(clip ? QString() : clip.error().message));
        QCOMPARE(clip->sampleRate, 22050);
        QVERIFY2(clip->seconds() > 1.0 && clip->seconds() < 5.0,
                 qPrintable(QString::number(clip->seconds())));
        QVERIFY(clip->peak() > 0.1);
        const AudioClip for16k = resampled(clip.value(), 16000);
        QVERIFY(std::abs(for16k.seconds() - clip->seconds()) < 0.01);
    }
};

QTEST_GUILESS_MAIN(TestAudioClip)
#include "test_audio_clip.moc"
