#pragma once

#include "core/result.h"
#include "voice/audio_clip.h"

#include <QString>
#include <QStringList>

namespace zerg {

// Speech from text with espeak-ng, offline: what `zerg say` writes, and what the tests speak to
// the recognizers. The library is loaded when first used (libespeak-ng.so.1 through QLibrary),
// not linked: it brings 16 libraries Zerg does not load otherwise (PulseAudio, libsndfile,
// codecs), which the window's start-up would then load and map (docs/voice.md).
class EspeakSynthesizer {
public:
    struct Options {
        QString voice = QStringLiteral("en-us");  // an espeak-ng voice: en-us, en-gb, de, …
        int wordsPerMinute = 175;                 // 80 to 450
    };

    // The text (plain words: Markdown should go through speakableText first) as 22,050 Hz mono
    // speech. One synthesis at a time in the process (espeak-ng keeps global state); safe to call
    // from any thread. Errors say what to install or which voices exist. espeak-ng varies its
    // sound a little from call to call (its noise sources): the same text is never twice the
    // same samples, nor quite the same length.
    [[nodiscard]] static Result<AudioClip> synthesize(const QString& text, const Options& options);
    // The name of the installed voice `voice` picks ("English (Great Britain)" for "en-gb"): a
    // voice's name, its file, or a language it speaks, as `espeak-ng -v` takes them.
    [[nodiscard]] static Result<QString> voiceName(const QString& voice);
    // How the voice `voice` pronounces each of `words`, in IPA as espeak-ng writes it, phonemes
    // separated by '_' and words by a space ("postgres" in en-us: "p_ˈoʊ_s_t_ɡ_ɚ_z"), in the
    // order given. Safe to call from any thread.
    [[nodiscard]] static Result<QStringList> phonemes(const QStringList& words,
                                                      const QString& voice);
    [[nodiscard]] static Result<AudioClip> synthesize(const QString& text) {
        return synthesize(text, Options{});
    }
};

}  // namespace zerg
