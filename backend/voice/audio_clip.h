#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace zerg {

// Mono 16-bit PCM at one sample rate: what the speech recognizers take (16 kHz) and the
// synthesizers give (espeak-ng: 22,050 Hz).
struct AudioClip {
    int sampleRate = 16000;
    QList<qint16> samples;

    [[nodiscard]] double seconds() const {
        return sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0;
    }
    // The largest absolute sample over full scale (0 to 1): 0 for silence.
    [[nodiscard]] double peak() const;
};

// A RIFF/WAVE file as a clip: integer PCM of 8, 16, 24 or 32 bits or 32-bit float, any number of
// channels (mixed down to mono), any rate. Refused with a message that says what the file is and
// what to do: not a WAVE file, a compressed format (convert it: sox IN.wav -b 16 OUT.wav), no
// data, or cut short.
[[nodiscard]] Result<AudioClip> parseWav(const QByteArray& bytes);
[[nodiscard]] Result<AudioClip> readWav(const QString& path);

// The clip as a 16-bit mono PCM WAVE file; writeWav replaces the file whole or not at all.
[[nodiscard]] QByteArray wavBytes(const AudioClip& clip);
[[nodiscard]] Status writeWav(const QString& path, const AudioClip& clip);

// The clip at another rate (linear interpolation; when lowering the rate, each output sample
// averages the input samples it covers, so that what the new rate cannot carry does not fold
// back as noise).
[[nodiscard]] AudioClip resampled(const AudioClip& clip, int sampleRate);

}  // namespace zerg
