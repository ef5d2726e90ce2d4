#pragma once

#include "voice/audio_clip.h"
#include "voice/microphone.h"

#include <cmath>

namespace zerg::test {

// A microphone a test speaks into: push() hands samples to the listener as a sound card would,
// in 30 ms pieces. It clears *slot when destroyed, so a test sees when the listener closed it.
class FakeMicrophone final : public Microphone {
public:
    explicit FakeMicrophone(FakeMicrophone** slot) : m_slot(slot) { *m_slot = this; }
    ~FakeMicrophone() override { *m_slot = nullptr; }

    QList<Device> devices() const override {
        return {{QStringLiteral("fake"), QStringLiteral("Fake"), true}};
    }
    Status start(const QString& deviceId, Samples samples, Failed failed) override {
        device = deviceId;
        m_samples = std::move(samples);
        m_failed = std::move(failed);
        open = true;
        return Ok{};
    }
    void stop() override {
        open = false;
        m_samples = nullptr;
    }
    void push(const AudioClip& clip) {
        const qsizetype piece = clip.sampleRate * 30 / 1000;
        for (qsizetype at = 0; at < clip.samples.size() && m_samples; at += piece) {
            m_samples(clip.samples.constData() + at, std::min(piece, clip.samples.size() - at),
                      clip.sampleRate);
        }
    }
    void silence(int ms, int rate = 16000) {
        AudioClip quiet;
        quiet.sampleRate = rate;
        quiet.samples = QList<qint16>(qsizetype(rate) * ms / 1000, 0);
        push(quiet);
    }
    // A voiced sound (a 180 Hz tone at about -16 dBFS) of `ms`.
    static AudioClip voiced(int ms, int rate = 16000) {
        AudioClip clip;
        clip.sampleRate = rate;
        for (qsizetype i = 0; i < qsizetype(rate) * ms / 1000; ++i)
            clip.samples.append(qint16(5000 * std::sin(2 * M_PI * 180 * double(i) / rate)));
        return clip;
    }
    // The device went away, as the real one reports it (the listener may destroy this).
    void unplug() {
        const Failed failed = m_failed;
        failed(QStringLiteral("unplugged"));
    }

    QString device;
    bool open = false;

private:
    FakeMicrophone** m_slot;
    Samples m_samples;
    Failed m_failed;
};

// Speakers a test listens to: what was played, and finish() to end the clip playing.
class FakeSpeaker final : public Speaker {
public:
    // With a slot, it is set to this and cleared when this goes (as FakeMicrophone's).
    explicit FakeSpeaker(FakeSpeaker** slot = nullptr) : m_slot(slot) {
        if (m_slot)
            *m_slot = this;
    }
    ~FakeSpeaker() override {
        if (m_slot)
            *m_slot = nullptr;
    }

    Status play(const AudioClip& clip, Finished finished) override {
        if (broken)
            return Error{QStringLiteral("no_device"), QStringLiteral("No speakers found.")};
        played.append(clip);
        m_finished = std::move(finished);
        playing = true;
        return Ok{};
    }
    Status append(const AudioClip& chunk, Finished drained) override {
        if (broken)
            return Error{QStringLiteral("no_device"), QStringLiteral("No speakers found.")};
        streamed.append(chunk);
        m_finished = std::move(drained);
        playing = true;
        return Ok{};
    }
    void stop() override {
        if (playing)
            ++stopped;
        playing = false;
        m_finished = nullptr;
    }
    // The clip has played to its end.
    void finish() {
        playing = false;
        const Finished finished = std::move(m_finished);
        m_finished = nullptr;
        if (finished)
            finished();
    }

    QList<AudioClip> played;
    QList<AudioClip> streamed;  // append()ed chunks
    bool playing = false;
    int stopped = 0;  // clips cut short
    bool broken = false;

private:
    FakeSpeaker** m_slot = nullptr;
    Finished m_finished;
};

}  // namespace zerg::test
