#include "voice/audio_clip.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace zerg {
namespace {

constexpr quint16 kFormatPcm = 1;
constexpr quint16 kFormatFloat = 3;
constexpr quint16 kFormatExtensible = 0xFFFE;

// The messages' translation context.
class Audio {
    Q_DECLARE_TR_FUNCTIONS(Audio)
};

Error wavError(const QString& what) {
    return Error{QStringLiteral("bad_audio"), what};
}

quint16 u16(const char* p) {
    return qFromLittleEndian<quint16>(p);
}
quint32 u32(const char* p) {
    return qFromLittleEndian<quint32>(p);
}

// One sample of the given format as -1..1.
double sampleAt(const char* p, quint16 format, int bits) {
    if (format == kFormatFloat) {
        float f = 0;
        std::memcpy(&f, p, sizeof f);  // little-endian hosts only (x86, ARM)
        return std::clamp(double(f), -1.0, 1.0);
    }
    switch (bits) {
        case 8:
            return (quint8(p[0]) - 128) / 128.0;  // 8-bit WAVE is unsigned
        case 16:
            return qint16(u16(p)) / 32768.0;
        case 24: {
            const qint32 v = qint32(quint32(quint8(p[0])) | quint32(quint8(p[1])) << 8 |
                                    quint32(quint8(p[2])) << 16 | (p[2] & 0x80 ? 0xFF000000u : 0));
            return v / 8388608.0;
        }
        default:
            return qint32(u32(p)) / 2147483648.0;
    }
}

qint16 toPcm(double v) {
    return qint16(std::lround(std::clamp(v, -1.0, 1.0) * 32767.0));
}

}  // namespace

double AudioClip::peak() const {
    int most = 0;
    for (const qint16 s : samples)
        most = std::max(most, std::abs(int(s)));
    return most / 32768.0;
}

Result<AudioClip> parseWav(const QByteArray& bytes) {
    if (bytes.size() < 12 || !bytes.startsWith("RIFF") || bytes.mid(8, 4) != "WAVE") {
        return wavError(Audio::tr(
            "This is not a WAVE file (it does not start with RIFF…WAVE). Record or convert "
            "the audio as WAV, for example: sox IN -r 16000 -c 1 -b 16 OUT.wav"));
    }
    quint16 format = 0;
    int channels = 0;
    int rate = 0;
    int bits = 0;
    bool haveFormat = false;
    const char* data = nullptr;
    qsizetype dataSize = 0;
    bool truncated = false;
    qsizetype at = 12;
    while (at + 8 <= bytes.size()) {
        const QByteArray id = bytes.mid(at, 4);
        const qsizetype size = u32(bytes.constData() + at + 4);
        const qsizetype body = at + 8;
        const qsizetype available = std::min<qsizetype>(size, bytes.size() - body);
        if (id == "fmt " && available >= 16) {
            const char* f = bytes.constData() + body;
            format = u16(f);
            channels = u16(f + 2);
            rate = int(u32(f + 4));
            bits = u16(f + 14);
            if (format == kFormatExtensible && available >= 26)
                format = u16(f + 24);  // the sub-format GUID's first two bytes
            haveFormat = true;
        } else if (id == "data") {
            data = bytes.constData() + body;
            dataSize = available;
            truncated = available < size;
            break;
        }
        at = body + size + (size & 1);  // chunks are padded to an even size
    }
    if (!haveFormat)
        return wavError(Audio::tr("The WAVE file has no format chunk: it is damaged."));
    const bool integer =
        format == kFormatPcm && (bits == 8 || bits == 16 || bits == 24 || bits == 32);
    const bool floating = format == kFormatFloat && bits == 32;
    if (!integer && !floating) {
        return wavError(Audio::tr("The WAVE file is compressed or in an unusual format "
                                  "(format %1, %2 bits). Convert it to plain PCM, for "
                                  "example: sox IN.wav -b 16 OUT.wav")
                            .arg(format)
                            .arg(bits));
    }
    if (channels < 1 || rate < 1000 || rate > 384000)
        return wavError(Audio::tr("The WAVE file's format chunk is damaged (%1 channels at "
                                  "%2 Hz).")
                            .arg(channels)
                            .arg(rate));
    if (!data)
        return wavError(Audio::tr("The WAVE file has no audio data."));
    const int frameBytes = channels * bits / 8;
    const qsizetype frames = dataSize / frameBytes;
    if (frames == 0 && truncated)
        return wavError(Audio::tr("The WAVE file is cut short: it ends before its audio."));
    AudioClip clip;
    clip.sampleRate = rate;
    clip.samples.resize(frames);
    for (qsizetype i = 0; i < frames; ++i) {
        double sum = 0;
        for (int c = 0; c < channels; ++c)
            sum += sampleAt(data + i * frameBytes + c * bits / 8, format, bits);
        clip.samples[i] = toPcm(sum / channels);
    }
    return clip;
}

Result<AudioClip> readWav(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("not_found"),
                     Audio::tr("Cannot read %1: %2.").arg(path, f.errorString())};
    }
    Result<AudioClip> clip = parseWav(f.readAll());
    if (!clip)
        return Error{clip.error().code, QStringLiteral("%1: %2").arg(path, clip.error().message)};
    return clip;
}

QByteArray wavBytes(const AudioClip& clip) {
    const quint32 dataSize = quint32(clip.samples.size() * 2);
    QByteArray out(44, '\0');
    char* h = out.data();
    std::memcpy(h, "RIFF", 4);
    qToLittleEndian<quint32>(36 + dataSize, h + 4);
    std::memcpy(h + 8, "WAVEfmt ", 8);
    qToLittleEndian<quint32>(16, h + 16);
    qToLittleEndian<quint16>(kFormatPcm, h + 20);
    qToLittleEndian<quint16>(1, h + 22);  // mono
    qToLittleEndian<quint32>(quint32(clip.sampleRate), h + 24);
    qToLittleEndian<quint32>(quint32(clip.sampleRate * 2), h + 28);  // bytes per second
    qToLittleEndian<quint16>(2, h + 32);                             // bytes per frame
    qToLittleEndian<quint16>(16, h + 34);
    std::memcpy(h + 36, "data", 4);
    qToLittleEndian<quint32>(dataSize, h + 40);
    out.reserve(44 + qsizetype(dataSize));
    for (const qint16 s : clip.samples) {
        char le[2];
        qToLittleEndian<qint16>(s, le);
        out.append(le, 2);
    }
    return out;
}

Status writeWav(const QString& path, const AudioClip& clip) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(wavBytes(clip)) < 0 || !f.commit()) {
        return Error{QStringLiteral("io"),
                     Audio::tr("Cannot write %1: %2. Check that the folder exists "
                               "and is writable.")
                         .arg(path, f.errorString())};
    }
    return Ok{};
}

AudioClip resampled(const AudioClip& clip, int sampleRate) {
    if (sampleRate <= 0 || sampleRate == clip.sampleRate || clip.samples.isEmpty()) {
        AudioClip same = clip;
        if (sampleRate > 0)
            same.sampleRate = sampleRate;  // an empty clip: only the rate changes
        return same;
    }
    const double step = double(clip.sampleRate) / sampleRate;  // input samples per output sample
    const qsizetype n = qsizetype(std::floor(clip.samples.size() / step));
    const qsizetype last = clip.samples.size() - 1;
    AudioClip out;
    out.sampleRate = sampleRate;
    out.samples.resize(n);
    for (qsizetype i = 0; i < n; ++i) {
        const double pos = i * step;
        double v = 0;
        if (step > 1.0) {
            // Lowering the rate: the mean of the input samples this output sample covers.
            const qsizetype from = qsizetype(std::floor(pos));
            const qsizetype to = std::min(last, qsizetype(std::floor(pos + step)) - 1);
            double sum = 0;
            for (qsizetype k = from; k <= std::max(from, to); ++k)
                sum += clip.samples[std::min(k, last)];
            v = sum / double(std::max<qsizetype>(1, std::max(from, to) - from + 1));
        } else {
            const qsizetype k = qsizetype(std::floor(pos));
            const double frac = pos - double(k);
            const double a = clip.samples[std::min(k, last)];
            const double b = clip.samples[std::min(k + 1, last)];
            v = a + (b - a) * frac;
        }
        out.samples[i] = qint16(std::lround(std::clamp(v, -32768.0, 32767.0)));
    }
    return out;
}

}  // namespace zerg
