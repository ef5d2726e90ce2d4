#include "voice/pocketsphinx_recognizer.h"

#include "voice/espeak_synthesizer.h"
#include "voice/loaded_library.h"
#include "voice/operator_language.h"

#include <pocketsphinx.h>
#include <sphinxbase/ngram_model.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>
#include <QRegularExpression>
#include <QTemporaryFile>

#include <cstdlib>

namespace zerg {
namespace {

constexpr int kPaddingMs = 300;  // silence before and after each utterance

// The messages' translation context.
class Pocketsphinx {
    Q_DECLARE_TR_FUNCTIONS(Pocketsphinx)
};

// The functions of libpocketsphinx and libsphinxbase this uses, resolved once.
struct SphinxApi {
    decltype(&cmd_ln_init) cmdLnInit = nullptr;
    decltype(&cmd_ln_free_r) cmdLnFree = nullptr;
    decltype(&ngram_model_read) ngramRead = nullptr;
    decltype(&ngram_model_set_init) ngramSetInit = nullptr;
    decltype(&ps_args) psArgs = nullptr;
    decltype(&ps_init) psInit = nullptr;
    decltype(&ps_free) psFree = nullptr;
    decltype(&ps_get_logmath) psGetLogmath = nullptr;
    decltype(&ps_set_lm) psSetLm = nullptr;
    decltype(&ps_set_search) psSetSearch = nullptr;
    decltype(&ps_add_word) psAddWord = nullptr;
    decltype(&ps_lookup_word) psLookupWord = nullptr;
    decltype(&ps_start_utt) psStartUtt = nullptr;
    decltype(&ps_process_raw) psProcessRaw = nullptr;
    decltype(&ps_end_utt) psEndUtt = nullptr;
    decltype(&ps_get_hyp) psGetHyp = nullptr;
    QString problem;
};

const SphinxApi& api() {
    static const SphinxApi loaded = [] {
        SphinxApi a;
        QLibrary base(QStringLiteral("sphinxbase"), 3);
        QLibrary ps(QStringLiteral("pocketsphinx"), 3);
        if (!base.load() || !ps.load()) {
            a.problem = Pocketsphinx::tr(
                            "pocketsphinx is not installed (%1). Install it: sudo apt "
                            "install libpocketsphinx3 pocketsphinx-en-us (or run "
                            "scripts/setup).")
                            .arg(base.isLoaded() ? ps.errorString() : base.errorString());
            return a;
        }
        QStringList missing;
        resolveSymbol(base, a.cmdLnInit, "cmd_ln_init", missing);
        resolveSymbol(base, a.cmdLnFree, "cmd_ln_free_r", missing);
        resolveSymbol(base, a.ngramRead, "ngram_model_read", missing);
        resolveSymbol(base, a.ngramSetInit, "ngram_model_set_init", missing);
        resolveSymbol(ps, a.psArgs, "ps_args", missing);
        resolveSymbol(ps, a.psInit, "ps_init", missing);
        resolveSymbol(ps, a.psFree, "ps_free", missing);
        resolveSymbol(ps, a.psGetLogmath, "ps_get_logmath", missing);
        resolveSymbol(ps, a.psSetLm, "ps_set_lm", missing);
        resolveSymbol(ps, a.psSetSearch, "ps_set_search", missing);
        resolveSymbol(ps, a.psAddWord, "ps_add_word", missing);
        resolveSymbol(ps, a.psLookupWord, "ps_lookup_word", missing);
        resolveSymbol(ps, a.psStartUtt, "ps_start_utt", missing);
        resolveSymbol(ps, a.psProcessRaw, "ps_process_raw", missing);
        resolveSymbol(ps, a.psEndUtt, "ps_end_utt", missing);
        resolveSymbol(ps, a.psGetHyp, "ps_get_hyp", missing);
        if (!missing.isEmpty()) {
            a.problem = Pocketsphinx::tr(
                            "The installed pocketsphinx lacks %1. Install Debian's "
                            "libpocketsphinx3 (0.8).")
                            .arg(missing.join(QStringLiteral(", ")));
        }
        return a;
    }();
    return loaded;
}

}  // namespace

struct PocketsphinxRecognizer::Decoder {
    const SphinxApi* api = nullptr;
    cmd_ln_t* config = nullptr;
    ps_decoder_t* ps = nullptr;
    ~Decoder() {
        if (ps)
            api->psFree(ps);
        if (config)
            api->cmdLnFree(config);
    }
};

PocketsphinxRecognizer::PocketsphinxRecognizer(std::unique_ptr<Decoder> decoder)
    : m_decoder(std::move(decoder)) {}

PocketsphinxRecognizer::~PocketsphinxRecognizer() = default;

Result<std::unique_ptr<PocketsphinxRecognizer>> PocketsphinxRecognizer::create(
    const Options& options) {
    const SphinxApi& a = api();
    if (!a.problem.isEmpty())
        return Error{QStringLiteral("unavailable"), a.problem};
    const QDir model(options.modelDir);
    const QString hmm = model.filePath(QStringLiteral("en-us"));
    const QString generic = model.filePath(QStringLiteral("en-us.lm.bin"));
    const QString dict = model.filePath(QStringLiteral("cmudict-en-us.dict"));
    for (const QString& path : {hmm, generic, dict}) {
        if (!QFileInfo::exists(path)) {
            return Error{QStringLiteral("unavailable"),
                         Pocketsphinx::tr("The US English speech model is missing (%1). Install "
                                          "it: sudo apt install pocketsphinx-en-us (or run "
                                          "scripts/setup).")
                             .arg(path)};
        }
    }
    auto decoder = std::make_unique<Decoder>();
    decoder->api = &a;
    const QByteArray hmmPath = QFile::encodeName(hmm);
    const QByteArray lmPath = QFile::encodeName(generic);
    const QByteArray dictPath = QFile::encodeName(dict);
    const QByteArray lw = QByteArray::number(options.languageWeight);
    decoder->config = a.cmdLnInit(nullptr, a.psArgs(), TRUE, "-hmm", hmmPath.constData(), "-lm",
                                  lmPath.constData(), "-dict", dictPath.constData(), "-lw",
                                  lw.constData(), "-logfn", "/dev/null", nullptr);
    if (decoder->config)
        decoder->ps = a.psInit(decoder->config);
    if (!decoder->ps) {
        return Error{QStringLiteral("failed"),
                     Pocketsphinx::tr("pocketsphinx could not load its model from %1. Reinstall "
                                      "it: sudo apt install --reinstall pocketsphinx-en-us.")
                         .arg(options.modelDir)};
    }

    // The operator model, interpolated with the generic one.
    const OperatorLanguage language(options.hosts);
    QTemporaryFile arpa(QDir::temp().filePath(QStringLiteral("zerg-operator-XXXXXX.arpa")));
    if (!arpa.open() || arpa.write(language.arpa().toUtf8()) < 0 || !arpa.flush()) {
        return Error{QStringLiteral("io"),
                     Pocketsphinx::tr("Cannot write the operator language model to %1: %2.")
                         .arg(arpa.fileName(), arpa.errorString())};
    }
    logmath_t* lmath = a.psGetLogmath(decoder->ps);
    ngram_model_t* operatorModel = a.ngramRead(
        decoder->config, QFile::encodeName(arpa.fileName()).constData(), NGRAM_ARPA, lmath);
    ngram_model_t* genericModel =
        a.ngramRead(decoder->config, lmPath.constData(), NGRAM_AUTO, lmath);
    if (!operatorModel || !genericModel) {
        return Error{QStringLiteral("failed"),
                     Pocketsphinx::tr("pocketsphinx could not read a language model.")};
    }
    ngram_model_t* models[2] = {operatorModel, genericModel};
    const char* names[2] = {"operator", "generic"};
    const float32 weights[2] = {float32(options.operatorWeight),
                                float32(1.0 - options.operatorWeight)};
    ngram_model_t* mixed =
        a.ngramSetInit(decoder->config, models, const_cast<char**>(names), weights, 2);
    if (!mixed || a.psSetLm(decoder->ps, "operator+generic", mixed) != 0 ||
        a.psSetSearch(decoder->ps, "operator+generic") != 0) {
        return Error{QStringLiteral("failed"),
                     Pocketsphinx::tr("pocketsphinx could not combine its language models.")};
    }

    // Pronunciations of the operator model's words: the dictionary's, and how espeak-ng says
    // them in US and British English, mapped to the model's phones. Words the dictionary lacks
    // (host aliases, "postgres", "nginx") get espeak-ng's, or without espeak-ng a pronunciation
    // made of words it has; words it has gain the accents' variants as alternatives
    // ("processes" as British English says it). Measured with zerg-bench-voice (docs/voice.md):
    // on the 40 test utterances key words 32 -> 36, word error rate 11.2% -> 3.9%; on 80
    // utterances of four voices never used for tuning key words 48 -> 56, word error rate
    // 25.8% -> 20.2%.
    const OperatorLanguage::Lookup lookup = [&](const QString& word) {
        char* phones = a.psLookupWord(decoder->ps, word.toUtf8().constData());
        const QString out = phones ? QString::fromUtf8(phones) : QString();
        std::free(phones);
        return out;
    };
    const QStringList words = language.words();
    QList<QStringList> spoken;  // per accent, per word: espeak-ng's pronunciation in CMU phones
    for (const QString& accent : options.accents) {
        const Result<QStringList> ipa = EspeakSynthesizer::phonemes(words, accent);
        if (!ipa)
            continue;  // without espeak-ng, the dictionary's words alone
        QStringList phones;
        for (const QString& p : ipa.value())
            phones.append(OperatorLanguage::phonesFromIpa(p));
        spoken.append(phones);
    }
    QStringList unpronounceable;
    QList<std::pair<QString, QString>> added;  // (word or word(n), phones)
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString& word = words[i];
        QStringList known;  // the dictionary's pronunciations: word, word(2), …
        for (int n = 1;; ++n) {
            const QString p = lookup(n == 1 ? word : QStringLiteral("%1(%2)").arg(word).arg(n));
            if (p.isEmpty())
                break;
            known.append(p);
        }
        QStringList fresh;
        for (const QStringList& accent : spoken)
            if (!accent[i].isEmpty())
                fresh.append(accent[i]);
        if (known.isEmpty() && fresh.isEmpty())
            fresh.append(OperatorLanguage::pronounce(word, lookup));
        for (const QString& p : fresh) {
            if (p.isEmpty() || known.contains(p))
                continue;
            known.append(p);
            added.append(
                {known.size() == 1 ? word : QStringLiteral("%1(%2)").arg(word).arg(known.size()),
                 p});
        }
        if (known.isEmpty())
            unpronounceable.append(word);
    }
    for (qsizetype i = 0; i < added.size(); ++i) {
        a.psAddWord(decoder->ps, added[i].first.toUtf8().constData(),
                    added[i].second.toUtf8().constData(), i + 1 == added.size());
    }
    std::unique_ptr<PocketsphinxRecognizer> recognizer(
        new PocketsphinxRecognizer(std::move(decoder)));
    recognizer->m_unpronounceable = unpronounceable;
    return recognizer;
}

namespace {

Error decodeError() {
    return Error{QStringLiteral("failed"),
                 Pocketsphinx::tr("pocketsphinx could not decode the audio.")};
}

// Silence around the speech: a clip that starts with its first word (a file, espeak-ng's
// output) loses that word otherwise, since the decoder opens on its silence model and
// estimates the channel from the first frames. Measured on the 40 operator utterances
// (zerg-bench-voice): key words 24 -> 27, word error rate 20.2% -> 16.3% with 300 ms.
QList<qint16> padding() {
    return QList<qint16>(qsizetype(16000) * kPaddingMs / 1000, 0);
}

}  // namespace

Result<QString> PocketsphinxRecognizer::hypothesis() const {
    int32 score = 0;
    const char* hyp = m_decoder->api->psGetHyp(m_decoder->ps, &score);
    // Alternative pronunciations are words of their own ("processes(2)"): their base word.
    static const QRegularExpression alternative(QStringLiteral("\\(\\d+\\)"));
    return hyp ? QString::fromUtf8(hyp).remove(alternative).simplified() : QString();
}

Status PocketsphinxRecognizer::process(const QList<qint16>& samples) {
    if (m_decoder->api->psProcessRaw(m_decoder->ps,
                                     reinterpret_cast<const int16*>(samples.constData()),
                                     size_t(samples.size()), FALSE, FALSE) < 0) {
        return decodeError();
    }
    return Ok{};
}

Result<QString> PocketsphinxRecognizer::transcribe(const AudioClip& clip) {
    // Decoded as live audio is (full_utt off): the channel's mean is estimated as the audio
    // comes rather than over the whole clip with its padding. Measured on the 40 operator
    // utterances (zerg-bench-voice): key words 27 -> 32, host aliases 37 -> 39, word error rate
    // 16.3% -> 11.2%; the same whether the clip comes whole or in 20 ms pieces.
    QMutexLocker locker(&m_lock);
    while (m_live)
        m_free.wait(&m_lock);
    const QList<qint16> quiet = padding();
    ps_decoder_t* ps = m_decoder->ps;
    if (m_decoder->api->psStartUtt(ps) < 0)
        return decodeError();
    const Status decoded = process(quiet + resampled(clip, 16000).samples + quiet);
    if (m_decoder->api->psEndUtt(ps) < 0 || !decoded)
        return decodeError();
    return hypothesis();
}

Status PocketsphinxRecognizer::startLive() {
    QMutexLocker locker(&m_lock);
    while (m_live)
        m_free.wait(&m_lock);
    if (m_decoder->api->psStartUtt(m_decoder->ps) < 0)
        return decodeError();
    m_live = true;
    if (Status s = process(padding()); !s) {
        (void)m_decoder->api->psEndUtt(m_decoder->ps);
        m_live = false;
        m_free.wakeAll();
        return s;
    }
    return Ok{};
}

Result<QString> PocketsphinxRecognizer::feedLive(const AudioClip& piece) {
    QMutexLocker locker(&m_lock);
    if (!m_live)
        return Error{QStringLiteral("failed"), QStringLiteral("no live utterance is open")};
    if (Status s = process(resampled(piece, 16000).samples); !s)
        return s.error();
    return hypothesis();
}

Result<QString> PocketsphinxRecognizer::finishLive() {
    QMutexLocker locker(&m_lock);
    if (!m_live)
        return Error{QStringLiteral("failed"), QStringLiteral("no live utterance is open")};
    const Status padded = process(padding());
    const bool ended = m_decoder->api->psEndUtt(m_decoder->ps) >= 0;
    m_live = false;
    m_free.wakeAll();
    if (!padded || !ended)
        return decodeError();
    return hypothesis();
}

void PocketsphinxRecognizer::abortLive() {
    QMutexLocker locker(&m_lock);
    if (!m_live)
        return;
    (void)m_decoder->api->psEndUtt(m_decoder->ps);
    m_live = false;
    m_free.wakeAll();
}

}  // namespace zerg
