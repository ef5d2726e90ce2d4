#include "voice/espeak_synthesizer.h"

#include "voice/loaded_library.h"

#include <espeak-ng/speak_lib.h>

#include <QCoreApplication>
#include <QLibrary>
#include <QMutex>

#include <algorithm>
#include <cstring>

namespace zerg {
namespace {

// The messages' translation context.
class Espeak {
    Q_DECLARE_TR_FUNCTIONS(Espeak)
};

// The functions of libespeak-ng this uses, resolved once.
struct EspeakApi {
    decltype(&espeak_Initialize) initialize = nullptr;
    decltype(&espeak_SetSynthCallback) setSynthCallback = nullptr;
    decltype(&espeak_SetVoiceByName) setVoiceByName = nullptr;
    decltype(&espeak_SetParameter) setParameter = nullptr;
    decltype(&espeak_Synth) synth = nullptr;
    decltype(&espeak_Synchronize) synchronize = nullptr;
    decltype(&espeak_ListVoices) listVoices = nullptr;
    decltype(&espeak_TextToPhonemes) textToPhonemes = nullptr;
    int sampleRate = 0;
    QString problem;  // why it cannot be used; empty when it can
};

QMutex& lock() {
    static QMutex mutex;
    return mutex;
}

// Where the callback puts the samples of the synthesis under way (under lock()).
QList<qint16>* g_samples = nullptr;

int collect(short* wav, int count, espeak_EVENT*) {
    if (g_samples && wav && count > 0) {
        const qsizetype at = g_samples->size();
        g_samples->resize(at + count);
        std::copy(wav, wav + count, g_samples->begin() + at);
    }
    return 0;  // go on
}

// Loads and initialises the library on first use (under lock()).
const EspeakApi& api() {
    static const EspeakApi loaded = [] {
        EspeakApi a;
        QLibrary lib(QStringLiteral("espeak-ng"), 1);
        if (!lib.load()) {
            a.problem = Espeak::tr(
                            "espeak-ng is not installed (%1). Install it: sudo apt install "
                            "espeak-ng (or run scripts/setup).")
                            .arg(lib.errorString());
            return a;
        }
        QStringList missing;
        resolveSymbol(lib, a.initialize, "espeak_Initialize", missing);
        resolveSymbol(lib, a.setSynthCallback, "espeak_SetSynthCallback", missing);
        resolveSymbol(lib, a.setVoiceByName, "espeak_SetVoiceByName", missing);
        resolveSymbol(lib, a.setParameter, "espeak_SetParameter", missing);
        resolveSymbol(lib, a.synth, "espeak_Synth", missing);
        resolveSymbol(lib, a.synchronize, "espeak_Synchronize", missing);
        resolveSymbol(lib, a.listVoices, "espeak_ListVoices", missing);
        resolveSymbol(lib, a.textToPhonemes, "espeak_TextToPhonemes", missing);
        if (!missing.isEmpty()) {
            a.problem = Espeak::tr(
                            "The installed espeak-ng library (%1) lacks functions Zerg "
                            "needs. Reinstall it: sudo apt install --reinstall libespeak-ng1.")
                            .arg(lib.fileName());
            return a;
        }
        // The library stays loaded for the life of the process (QLibrary does not unload on
        // destruction unless unload() is called).
        a.sampleRate =
            a.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nullptr, espeakINITIALIZE_DONT_EXIT);
        if (a.sampleRate <= 0) {
            a.problem = Espeak::tr(
                "espeak-ng could not start: its data folder is missing or "
                "damaged. Reinstall it: sudo apt install --reinstall "
                "espeak-ng-data.");
            return a;
        }
        a.setSynthCallback(collect);
        return a;
    }();
    return loaded;
}

// The installed voice that `wanted` names, as `espeak-ng -v` takes it: a voice's name
// ("English (America)"), its file ("gmw/en-US" or "en-US") or one of its languages ("en-gb"),
// case aside; of several with that language, the one that lists it first. Under lock().
const espeak_VOICE* findVoice(const EspeakApi& a, const QString& wanted) {
    const QString w = wanted.trimmed().toLower();
    const espeak_VOICE* byLanguage = nullptr;
    int bestPriority = 256;
    for (const espeak_VOICE** v = a.listVoices(nullptr); v && *v; ++v) {
        const espeak_VOICE* voice = *v;
        const QString name = QString::fromUtf8(voice->name).toLower();
        const QString file = QString::fromUtf8(voice->identifier).toLower();
        if (name == w || file == w || file.section(QLatin1Char('/'), -1) == w)
            return voice;
        // languages: (priority byte, language, NUL) pairs, ended by a zero priority byte.
        for (const char* l = voice->languages; l && *l; l += std::strlen(l + 1) + 2) {
            const int priority = quint8(*l);
            if (QString::fromUtf8(l + 1).toLower() == w && priority < bestPriority) {
                byLanguage = voice;
                bestPriority = priority;
            }
        }
    }
    return byLanguage;
}

}  // namespace

Result<QString> EspeakSynthesizer::voiceName(const QString& voice) {
    QMutexLocker locker(&lock());
    const EspeakApi& a = api();
    if (!a.problem.isEmpty())
        return Error{QStringLiteral("unavailable"), a.problem};
    const espeak_VOICE* found = findVoice(a, voice);
    if (!found) {
        return Error{QStringLiteral("invalid"),
                     Espeak::tr("espeak-ng has no voice '%1'. List its voices with: espeak-ng "
                                "--voices")
                         .arg(voice)};
    }
    return QString::fromUtf8(found->name);
}

namespace {

// Loads the library and selects the voice `wanted` (under lock()).
Result<const EspeakApi*> selectVoice(const QString& wanted) {
    const EspeakApi& a = api();
    if (!a.problem.isEmpty())
        return Error{QStringLiteral("unavailable"), a.problem};
    const espeak_VOICE* voice = findVoice(a, wanted);
    if (!voice || a.setVoiceByName(voice->name) != EE_OK) {
        return Error{QStringLiteral("invalid"),
                     Espeak::tr("espeak-ng has no voice '%1'. List its voices with: espeak-ng "
                                "--voices")
                         .arg(wanted)};
    }
    return &a;
}

}  // namespace

Result<QStringList> EspeakSynthesizer::phonemes(const QStringList& words, const QString& voice) {
    QMutexLocker locker(&lock());
    const Result<const EspeakApi*> a = selectVoice(voice);
    if (!a)
        return a.error();
    QStringList out;
    for (const QString& word : words) {
        const QByteArray utf8 = word.toUtf8();
        const void* text = utf8.constData();
        QStringList pieces;  // one per clause; a word is one
        while (text) {
            const char* ipa =
                a.value()->textToPhonemes(&text, espeakCHARS_UTF8, espeakPHONEMES_IPA | ('_' << 8));
            if (ipa && *ipa)
                pieces.append(QString::fromUtf8(ipa).trimmed());
        }
        out.append(pieces.join(QLatin1Char(' ')));
    }
    return out;
}

Result<AudioClip> EspeakSynthesizer::synthesize(const QString& text, const Options& options) {
    QMutexLocker locker(&lock());
    const Result<const EspeakApi*> selected = selectVoice(options.voice);
    if (!selected)
        return selected.error();
    const EspeakApi& a = *selected.value();
    a.setParameter(espeakRATE, std::clamp(options.wordsPerMinute, 80, 450), 0);
    AudioClip clip;
    clip.sampleRate = a.sampleRate;
    g_samples = &clip.samples;
    const QByteArray utf8 = text.toUtf8();
    espeak_ERROR result = a.synth(utf8.constData(), size_t(utf8.size()) + 1, 0, POS_CHARACTER, 0,
                                  espeakCHARS_UTF8, nullptr, nullptr);
    if (result == EE_OK)
        result = a.synchronize();  // everything of this text delivered, nothing left for the next
    g_samples = nullptr;
    if (result != EE_OK) {
        return Error{QStringLiteral("failed"),
                     Espeak::tr("espeak-ng could not speak the text (error %1).").arg(int(result))};
    }
    return clip;
}

}  // namespace zerg
