#pragma once

#include "core/result.h"
#include "core/status.h"
#include "voice/audio_clip.h"

#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <memory>
#include <utility>

class QNetworkAccessManager;
class QObject;

namespace zerg {

struct Settings;

// What listens (Settings::sttEngine, `zerg transcribe --engine`): pocketsphinx on this computer,
// or an OpenAI-compatible /v1/audio/transcriptions server.
enum class ListenEngine { Pocketsphinx, Server };

template <>
struct StatusTable<ListenEngine> {
    static constexpr std::array<std::pair<ListenEngine, const char*>, 2> names{{
        {ListenEngine::Pocketsphinx, "pocketsphinx"},
        {ListenEngine::Server, "server"},
    }};
};

// What speaks (Settings::ttsEngine, `zerg say --engine`): espeak-ng on this computer, or an
// OpenAI-compatible /v1/audio/speech server.
enum class SpeakEngine { Espeak, Server };

template <>
struct StatusTable<SpeakEngine> {
    static constexpr std::array<std::pair<SpeakEngine, const char*>, 2> names{{
        {SpeakEngine::Espeak, "espeak"},
        {SpeakEngine::Server, "server"},
    }};
};

// When Jarvis speaks its answers (Settings::speakAnswers).
enum class SpeakAnswers { Spoken, Always, Never };

template <>
struct StatusTable<SpeakAnswers> {
    static constexpr std::array<std::pair<SpeakAnswers, const char*>, 3> names{{
        {SpeakAnswers::Spoken, "spoken"},
        {SpeakAnswers::Always, "always"},
        {SpeakAnswers::Never, "never"},
    }};
};

// How a spoken conversation goes (Settings::voiceMode): in turns through the engines above, or
// voice to voice with an OpenAI Realtime model (voice/realtime_session.h).
enum class VoiceMode { Turns, Realtime };

template <>
struct StatusTable<VoiceMode> {
    static constexpr std::array<std::pair<VoiceMode, const char*>, 2> names{{
        {VoiceMode::Turns, "turns"},
        {VoiceMode::Realtime, "realtime"},
    }};
};

// One utterance recognized while it is spoken (SpeechToText::listen).
class SpeechStream {
public:
    using Done = std::function<void(Result<QString>)>;
    // Without finish() first, the utterance is dropped.
    virtual ~SpeechStream() = default;
    // The next piece of the utterance's audio, in order.
    virtual void feed(const AudioClip& piece) = 0;
    // The words of the whole utterance, as SpeechToText::transcribe gives them; `done` is called
    // even if this stream is destroyed first (not once its SpeechToText is). Nothing may be fed
    // after it.
    virtual void finish(Done done) = 0;
};

// Speech to text, whichever engine: the one interface the composer, `zerg transcribe` and
// `zerg ask --audio` use.
class SpeechToText {
public:
    using Done = std::function<void(Result<QString>)>;
    using Partial = std::function<void(const QString& words)>;
    virtual ~SpeechToText() = default;
    // Recognition while the user speaks: `partial` is called on this thread's event loop with
    // the words so far whenever they change (not after the stream is destroyed). nullptr when
    // the engine only takes whole utterances (a server's /v1/audio/transcriptions).
    [[nodiscard]] virtual std::unique_ptr<SpeechStream> listen(Partial partial) {
        Q_UNUSED(partial);
        return nullptr;
    }
    // The words of one utterance, lower case for the local engine ("" when nothing was
    // understood). `done` is called once, later, on the calling thread's event loop, unless
    // this object is destroyed first. Local recognition runs on a pool thread.
    virtual void transcribe(const AudioClip& clip, Done done) = 0;
    // What is shown next to the microphone: where the audio goes ("on this computer", or the
    // server's host).
    [[nodiscard]] virtual QString where() const = 0;
};

// Text to speech, whichever engine.
class TextToSpeech {
public:
    using Done = std::function<void(Result<AudioClip>)>;
    virtual ~TextToSpeech() = default;
    // Plain words (Markdown goes through speakableText first). As SpeechToText::transcribe.
    virtual void synthesize(const QString& text, Done done) = 0;
    [[nodiscard]] virtual QString where() const = 0;
};

// The engines the settings name. `hosts` (the hosts file's aliases) bias recognition: the local
// engine's operator language model, the server's prompt. A server engine without a URL, or an
// unknown engine word, is refused with what to set. `nam` must outlive the engine.
[[nodiscard]] Result<std::unique_ptr<SpeechToText>> makeSpeechToText(ListenEngine engine,
                                                                     const Settings& settings,
                                                                     const QStringList& hosts,
                                                                     QNetworkAccessManager* nam);
[[nodiscard]] Result<std::unique_ptr<TextToSpeech>> makeTextToSpeech(SpeakEngine engine,
                                                                     const Settings& settings,
                                                                     QNetworkAccessManager* nam);

}  // namespace zerg
