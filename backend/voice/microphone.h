#pragma once

#include "core/result.h"
#include "voice/audio_clip.h"

#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace zerg {

// An audio input: the computer's microphones through Qt Multimedia, or a stand-in in tests.
// Plain C++ (no QObject) so that the Qt Multimedia one can live in a plug-in loaded when the
// microphone is first used (loadMicrophone()): Qt Multimedia brings PulseAudio and its codecs,
// 15 libraries the window's start does not need.
class Microphone {
public:
    struct Device {
        QString id;
        QString name;
        bool isDefault = false;
    };
    // Mono 16-bit samples at `sampleRate`, as they come (a few tens of milliseconds at a time).
    using Samples = std::function<void(const qint16* samples, qsizetype count, int sampleRate)>;
    // The input stopped by itself (unplugged, the sound server went away): what happened.
    using Failed = std::function<void(const QString& message)>;

    virtual ~Microphone() = default;
    [[nodiscard]] virtual QList<Device> devices() const = 0;
    // Starts listening to the device (empty id: the system's default). Callbacks come on the
    // calling thread. Errors say what to do: no microphone, the device is gone, no permission.
    [[nodiscard]] virtual Status start(const QString& deviceId, Samples samples, Failed failed) = 0;
    // Stops at once; nothing is called back after it returns.
    virtual void stop() = 0;
};

// An audio output for speech: the computer's default speakers through Qt Multimedia, or a
// stand-in in tests. Plain C++ for the same reason as Microphone.
class Speaker {
public:
    using Finished = std::function<void()>;
    virtual ~Speaker() = default;
    // Plays the clip from its start (what was playing stops); `finished` is called on the calling
    // thread when it has played to its end, not when stop() cut it. Errors say what to do.
    [[nodiscard]] virtual Status play(const AudioClip& clip, Finished finished) = 0;
    // Streamed speech (a Realtime answer as it arrives): adds the chunk to what append() is
    // playing, starting when nothing is; `drained` is called when all appended so far has played
    // (each call replaces the callback). play() and stop() end the stream.
    [[nodiscard]] virtual Status append(const AudioClip& chunk, Finished drained) = 0;
    // Stops at once (barge-in, Esc).
    virtual void stop() = 0;
};

// The computer's microphones: the plug-in zerg-microphone (lib/zerg beside bin/, or the
// directory in ZERG_PLUGIN_DIR), loaded once. An error when it is not there says to reinstall
// or to run scripts/setup.
[[nodiscard]] Result<std::unique_ptr<Microphone>> loadMicrophone();
// The computer's speakers, from the same plug-in.
[[nodiscard]] Result<std::unique_ptr<Speaker>> loadSpeaker();

}  // namespace zerg

// The plug-in's one entry point.
extern "C" {
using ZergCreateMicrophone = zerg::Microphone* (*)();
using ZergCreateSpeaker = zerg::Speaker* (*)();
}
