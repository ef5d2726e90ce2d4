#pragma once

#include "core/result.h"
#include "voice/audio_clip.h"

#include <QMutex>
#include <QString>
#include <QStringList>
#include <QWaitCondition>

#include <memory>

namespace zerg {

// Speech to text offline with pocketsphinx and Debian's US English model (pocketsphinx-en-us),
// biased toward what an operator says: its generic trigram model is interpolated with
// OperatorLanguage's (the command templates and this user's host aliases), and the operator
// words get espeak-ng's US and British pronunciations next to the dictionary's (words it lacks,
// such as "web1", are made of words it has when espeak-ng is missing). Free speech still passes
// through the generic model. The libraries are loaded when first used (QLibrary:
// libpocketsphinx.so.3, libsphinxbase.so.3), not linked, so that the window's start-up does not
// load them (docs/voice.md).
class PocketsphinxRecognizer {
public:
    struct Options {
        QStringList hosts;  // the hosts file's aliases
        QString modelDir = QStringLiteral("/usr/share/pocketsphinx/model/en-us");
        // How much the operator model counts against the generic one (0 to 1).
        double operatorWeight = 0.95;
        // How much the language models count against the sound (pocketsphinx's -lw; its
        // default is 6.5).
        double languageWeight = 6.5;
        // espeak-ng voices whose pronunciations of the operator words are added to the
        // dictionary's (none when espeak-ng is missing).
        QStringList accents{QStringLiteral("en-us"), QStringLiteral("en-gb")};
    };

    // Loads the libraries and the model and builds the operator model (a fraction of a second).
    // Errors say what to install.
    [[nodiscard]] static Result<std::unique_ptr<PocketsphinxRecognizer>> create(
        const Options& options);
    ~PocketsphinxRecognizer();
    PocketsphinxRecognizer(const PocketsphinxRecognizer&) = delete;
    PocketsphinxRecognizer& operator=(const PocketsphinxRecognizer&) = delete;

    // The words of one utterance, lower case ("" when nothing was understood). Any rate: the
    // clip is resampled to the model's 16 kHz. One utterance at a time; any thread.
    [[nodiscard]] Result<QString> transcribe(const AudioClip& clip);

    // Live decoding of one utterance while it is spoken: startLive(), then feedLive() with its
    // audio in order (any rate), each giving the words so far, then finishLive() for the words
    // of the whole, or abortLive() to drop it. Meanwhile transcribe() and another startLive()
    // wait. Any thread, one call at a time.
    [[nodiscard]] Status startLive();
    [[nodiscard]] Result<QString> feedLive(const AudioClip& piece);
    [[nodiscard]] Result<QString> finishLive();
    void abortLive();

    // The aliases that had no pronunciation and could not get one (not recognized).
    [[nodiscard]] QStringList unpronounceable() const { return m_unpronounceable; }

private:
    struct Decoder;
    explicit PocketsphinxRecognizer(std::unique_ptr<Decoder> decoder);

    std::unique_ptr<Decoder> m_decoder;
    [[nodiscard]] Result<QString> hypothesis() const;
    [[nodiscard]] Status process(const QList<qint16>& samples);

    QStringList m_unpronounceable;
    QMutex m_lock;
    QWaitCondition m_free;  // no live utterance is open
    bool m_live = false;
};

}  // namespace zerg
