#pragma once

#include "core/result.h"
#include "core/status.h"
#include "voice/audio_clip.h"
#include "voice/microphone.h"
#include "voice/voice_activity.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace zerg {

class SpeechStream;
class SpeechToText;

// The microphone as the composer uses it: push-to-talk (on while held, what was said is
// transcribed on release) or hands-free (on until stopped; each utterance is cut by voice
// activity and transcribed when the speaker stops). The microphone is open only while the
// state is not Off. Time is counted in samples, so the same audio always cuts the same way.
class VoiceCapture : public QObject {
    Q_OBJECT
public:
    enum class State {
        Off,           // the microphone is closed
        Listening,     // open, nobody speaking (hands-free) or held (push-to-talk)
        Hearing,       // open, speech detected
        Transcribing,  // closed (push-to-talk) or still open (hands-free); words on the way
    };
    Q_ENUM(State)

    struct Options {
        int silenceMs = 700;           // hands-free: silence that ends an utterance
        QString deviceId;              // empty: the system's default microphone
        QString recordingsDir;         // where kept recordings go (empty: none kept)
        int maxUtteranceSeconds = 60;  // longer speech is cut and transcribed
    };
    using MicrophoneFactory = std::function<Result<std::unique_ptr<Microphone>>()>;

    // `speech` is not owned and must outlive this (or be replaced with setSpeechToText first).
    VoiceCapture(MicrophoneFactory microphones, SpeechToText* speech, QObject* parent = nullptr);
    ~VoiceCapture() override;

    void setOptions(const Options& options) { m_options = options; }
    void setSpeechToText(SpeechToText* speech);

    // Push-to-talk: opens the microphone; release() closes it and transcribes what was heard.
    [[nodiscard]] Status press();
    void release();
    // Hands-free: open until stop(); each utterance is transcribed when it ends.
    [[nodiscard]] Status startHandsFree();
    // Closes the microphone; what was being heard is dropped (transcriptions under way finish).
    void stop();

    // Hands-free only: while paused, what the microphone hears is dropped (Jarvis speaking).
    void setPaused(bool paused);

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] bool handsFree() const { return m_handsFree; }
    [[nodiscard]] double level() const { return m_level; }  // 0 to 1, for a meter
    // The words of the utterance being heard so far, while the engine can tell them (the local
    // one); empty otherwise and once the utterance is over.
    [[nodiscard]] QString partial() const { return m_partial; }

Q_SIGNALS:
    void stateChanged();
    void levelChanged();
    void partialChanged();
    // What one utterance said (never empty), and where its recording was kept ("" when
    // recordings are not kept).
    void heard(const QString& text, const QString& recording);
    // An utterance was transcribed to nothing.
    void nothingHeard();
    // The microphone, a recording or the recognizer failed: what happened and what to do.
    void failed(const QString& message);

private:
    Status open(bool handsFree);
    void close();
    void onSamples(const qint16* samples, qsizetype count, int sampleRate);
    void finishUtterance();
    // The engine's live recognition of the utterance that starts with `head`, if it has one.
    void beginStream(const QList<qint16>& head);
    void setPartial(const QString& words);
    void transcribed(const Result<QString>& text, const QString& recording);
    void setState(State state);
    void refreshState();

    MicrophoneFactory m_microphones;
    SpeechToText* m_speech;
    Options m_options;
    std::unique_ptr<Microphone> m_microphone;
    std::unique_ptr<SpeechStream> m_stream;  // the utterance being heard, recognized live
    QString m_partial;
    std::optional<VoiceActivityDetector> m_activity;
    State m_state = State::Off;
    bool m_handsFree = false;
    bool m_paused = false;
    double m_level = 0;
    AudioClip m_heard;    // 16 kHz: the utterance so far
    AudioClip m_preroll;  // hands-free: the last moments before speech was detected
    int m_pending = 0;    // transcriptions under way
    std::shared_ptr<bool> m_alive = std::make_shared<bool>(true);
};

template <>
struct StatusTable<VoiceCapture::State> {
    static constexpr std::array<std::pair<VoiceCapture::State, const char*>, 4> names{{
        {VoiceCapture::State::Off, "off"},
        {VoiceCapture::State::Listening, "listening"},
        {VoiceCapture::State::Hearing, "hearing"},
        {VoiceCapture::State::Transcribing, "transcribing"},
    }};
};

}  // namespace zerg
