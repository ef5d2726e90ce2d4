// zerg-bench-voice: the local voice engines on the operator phrase set (tests/support/
// operator_phrases.h: 20 phrases spoken by espeak-ng's en-us and en-gb voices, 40 utterances).
//
// - Speech to text (pocketsphinx with the operator language model and the phrases' host
//   aliases): the time to transcribe each utterance next to the utterance's own length (the
//   ratio is the real-time factor), the word error rate, and how often the host alias and the
//   key word came out right (issue 25's target: 90%).
// - Text to speech (espeak-ng): the time to synthesise each phrase next to its length.
// - The local voice loop without the model: from the end of speech to the first audio of an
//   answer is the hangover that decides speech has ended (Settings' 700 ms), the transcription,
//   and the synthesis of a one-sentence answer. The seed's target is voice to voice under 2 s
//   with the model's answer inside it; the model's time is not in this figure (it is in
//   zerg-bench-routing's quick path).
//
// Times are medians in ms over the utterances. espeak-ng varies its sound a little per call, so
// the counts can move by one or two between runs.
#include "bench_stats.h"
#include "operator_phrases.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace zerg;
using zerg::bench::Figure;
using zerg::bench::median;
using zerg::bench::msSince;
using zerg::bench::report;

namespace {

constexpr double kHangoverMs = 700;  // Settings::silenceMs's default

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-voice: %s (run scripts/setup)\n", qPrintable(why));
    std::exit(1);
}

// Word-level edit distance: substitutions, insertions and deletions to turn `heard` into `said`.
int wordErrors(const QStringList& said, const QStringList& heard) {
    std::vector<int> row(size_t(heard.size()) + 1);
    for (size_t j = 0; j < row.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= said.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= heard.size(); ++j) {
            const int above = row[size_t(j)];
            row[size_t(j)] = std::min({above + 1, row[size_t(j - 1)] + 1,
                                       diagonal + (said[i - 1] == heard[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row.back();
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    PocketsphinxRecognizer::Options options;
    for (const char* host : test::kOperatorHosts)
        options.hosts.append(QString::fromLatin1(host));
    QElapsedTimer timer;
    timer.start();
    auto recognizer = PocketsphinxRecognizer::create(options);
    if (!recognizer)
        die(recognizer.error().message);
    const double setupMs = msSince(timer);

    std::vector<double> sttMs, ttsMs, audioMs, loopMs;
    int utterances = 0, hosts = 0, keys = 0, errors = 0, words = 0;
    const QString answer = QStringLiteral("Disk usage on cube is forty two percent.");
    for (const char* voice : {"en-us", "en-gb"}) {
        EspeakSynthesizer::Options o;
        o.voice = QString::fromLatin1(voice);
        for (const test::OperatorPhrase& p : test::kOperatorPhrases) {
            timer.restart();
            const Result<AudioClip> speech =
                EspeakSynthesizer::synthesize(QString::fromLatin1(p.text), o);
            const double synthMs = msSince(timer);
            if (!speech)
                die(speech.error().message);
            timer.restart();
            const Result<QString> heard = recognizer.value()->transcribe(speech.value());
            const double recognizeMs = msSince(timer);
            if (!heard)
                die(heard.error().message);
            timer.restart();
            const Result<AudioClip> reply = EspeakSynthesizer::synthesize(answer, o);
            const double replyMs = msSince(timer);
            if (!reply)
                die(reply.error().message);
            ttsMs.push_back(synthMs);
            audioMs.push_back(speech->seconds() * 1000.0);
            sttMs.push_back(recognizeMs);
            loopMs.push_back(kHangoverMs + recognizeMs + replyMs);
            const QStringList said = QString::fromLatin1(p.text).split(QLatin1Char(' '));
            const QStringList got = heard->split(QLatin1Char(' '), Qt::SkipEmptyParts);
            ++utterances;
            hosts += got.contains(QString::fromLatin1(p.host)) ? 1 : 0;
            keys += got.contains(QString::fromLatin1(p.verb)) ? 1 : 0;
            errors += wordErrors(said, got);
            words += int(said.size());
            std::printf("%s  %-40s -> %s  (%.0f ms for %.0f ms)\n", voice, p.text,
                        qPrintable(heard.value()), recognizeMs, speech->seconds() * 1000.0);
        }
    }
    const double wer = 100.0 * errors / words;
    const double hostPct = 100.0 * hosts / utterances;
    const double keyPct = 100.0 * keys / utterances;
    std::printf(
        "\nrecognizer set-up %.0f ms; %d utterances: host aliases %d, key words %d, "
        "word error rate %.1f%% (%d of %d words)\n",
        setupMs, utterances, hosts, keys, wer, errors, words);

    const QString section = QStringLiteral("Voice");
    const double audio = median(audioMs);
    const double stt = median(sttMs);
    report({section, QStringLiteral("speech to text per utterance (pocketsphinx, local)"), stt,
            QStringLiteral("ms"), audio, QStringLiteral("the utterance's length"),
            QStringLiteral("< 1× (faster than spoken)"), stt < audio,
            QStringLiteral("ratio = real-time factor")});
    report({section, QStringLiteral("host alias right (40 utterances)"), hostPct,
            QStringLiteral("%"), std::nullopt, QString(), QStringLiteral(">= 90%"), hostPct >= 90.0,
            QString()});
    report({section, QStringLiteral("key word right (40 utterances)"), keyPct, QStringLiteral("%"),
            std::nullopt, QString(), QStringLiteral(">= 90%"), keyPct >= 90.0, QString()});
    report({section, QStringLiteral("word error rate (40 utterances)"), wer, QStringLiteral("%"),
            std::nullopt, QString(), QString(), std::nullopt,
            QStringLiteral("espeak-ng's voices, not recorded speech")});
    const double tts = median(ttsMs);
    report({section, QStringLiteral("text to speech per phrase (espeak-ng, local)"), tts,
            QStringLiteral("ms"), audio, QStringLiteral("the phrase's length"),
            QStringLiteral("< 1×"), tts < audio, QString()});
    const double loop = median(loopMs);
    report({section, QStringLiteral("end of speech to first audio, local engines, no model"), loop,
            QStringLiteral("ms"), 2000.0, QStringLiteral("the seed's 2 s voice to voice"),
            QStringLiteral("< 1×"), loop < 2000.0,
            QStringLiteral("700 ms hangover + transcription + a one-sentence answer's synthesis")});
    return 0;
}
