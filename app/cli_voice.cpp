#include "cli_voice.h"

#include "cli.h"

#include "core/settings.h"
#include "tools/hosts_config.h"
#include "voice/audio_clip.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"
#include "voice/speakable_text.h"

#include <QCommandLineParser>
#include <QTextStream>

namespace zerg::cli {
namespace {

const char kSayUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg say TEXT... --out FILE.wav [--voice V] [--wpm N] [--rate HZ]\n"
    "\n"
    "Speaks TEXT into a WAVE file with espeak-ng, offline, as Jarvis would say it: Markdown is\n"
    "made speakable first (code blocks become \"I put the command in the chat.\").\n"
    "\n"
    "Options:\n"
    "  --out FILE.wav  Where to write the speech (16-bit mono PCM). Required.\n"
    "  --voice V       An espeak-ng voice (default en-us; list them with espeak-ng --voices).\n"
    "  --wpm N         Words per minute, 80 to 450 (default 175).\n"
    "  --rate HZ       Sample rate of the file, 8000 to 48000 (default: espeak-ng's 22050;\n"
    "                  16000 is what speech recognizers take).\n"
    "  -h, --help      Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg say \"check disk usage on cube\" --out question.wav\n"
    "  zerg say \"restart nginx on web1\" --voice en-gb --rate 16000 --out web1.wav\n"
    "\n"
    "Exit status: 0 written, 1 the speech or the file failed, 2 usage error, 3 espeak-ng is\n"
    "missing.\n");

const char kTranscribeUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg transcribe FILE.wav\n"
    "\n"
    "Prints the words spoken in a WAVE file, recognized offline with pocketsphinx and its US\n"
    "English model; nothing leaves this computer. The recognizer is biased toward what an\n"
    "operator says to Jarvis and toward the host aliases of your hosts file, so that \"check\n"
    "disk usage on cube\" comes out with the right host. Any WAVE file of plain PCM or float\n"
    "samples is taken; it is resampled to 16 kHz.\n"
    "\n"
    "Options:\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg transcribe question.wav\n"
    "  zerg say \"restart nginx on web1\" --out q.wav && zerg transcribe q.wav\n"
    "\n"
    "Exit status: 0 transcribed (an empty line when nothing was understood), 1 the file or the\n"
    "decoding failed, 2 usage error, 3 pocketsphinx or its model is missing.\n");

}  // namespace

QString transcribeHelp() {
    return Text::tr(kTranscribeUsage);
}

int transcribeCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    parser.addOption(helpOption);
    const auto usage = [&](const QString& problem) {
        err << "zerg transcribe: " << problem << "\n\n" << transcribeHelp();
        return 2;
    };
    if (!parser.parse(QStringList{QStringLiteral("zerg")} + args))
        return usage(parser.errorText());
    if (parser.isSet(helpOption)) {
        out << transcribeHelp();
        return 0;
    }
    if (parser.positionalArguments().size() != 1)
        return usage(Text::tr("give one WAVE file"));
    const Result<AudioClip> clip = readWav(parser.positionalArguments().first());
    if (!clip) {
        err << "zerg transcribe: " << clip.error().message << '\n';
        return 1;
    }
    // The hosts file's aliases bias the recognizer; without a readable one it still works.
    PocketsphinxRecognizer::Options options;
    const Settings settings = Settings::load();
    if (const Result<HostsConfig> hosts = HostsConfig::loadFile(settings.hostsFile))
        options.hosts = hosts->aliases();
    else
        err << "zerg transcribe: " << Text::tr("note: %1").arg(hosts.error().message) << '\n';
    auto recognizer = PocketsphinxRecognizer::create(options);
    if (!recognizer) {
        err << "zerg transcribe: " << recognizer.error().message << '\n';
        return recognizer.error().code == QLatin1String("unavailable") ? 3 : 1;
    }
    const Result<QString> text = recognizer.value()->transcribe(clip.value());
    if (!text) {
        err << "zerg transcribe: " << text.error().message << '\n';
        return 1;
    }
    out << text.value() << '\n';
    return 0;
}

QString sayHelp() {
    return Text::tr(kSayUsage);
}

int sayCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    const QCommandLineOption outOption(QStringLiteral("out"), QString(), QStringLiteral("file"));
    const QCommandLineOption voiceOption(QStringLiteral("voice"), QString(), QStringLiteral("v"));
    const QCommandLineOption wpmOption(QStringLiteral("wpm"), QString(), QStringLiteral("n"));
    const QCommandLineOption rateOption(QStringLiteral("rate"), QString(), QStringLiteral("hz"));
    const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    parser.addOptions({outOption, voiceOption, wpmOption, rateOption, helpOption});
    const auto usage = [&](const QString& problem) {
        err << "zerg say: " << problem << "\n\n" << sayHelp();
        return 2;
    };
    if (!parser.parse(QStringList{QStringLiteral("zerg")} + args))
        return usage(parser.errorText());
    if (parser.isSet(helpOption)) {
        out << sayHelp();
        return 0;
    }
    const QString text = parser.positionalArguments().join(QLatin1Char(' ')).trimmed();
    if (text.isEmpty())
        return usage(Text::tr("give the text to say"));
    if (!parser.isSet(outOption) || parser.value(outOption).isEmpty())
        return usage(Text::tr("give the file to write with --out FILE.wav"));
    EspeakSynthesizer::Options options;
    if (parser.isSet(voiceOption))
        options.voice = parser.value(voiceOption);
    if (parser.isSet(wpmOption)) {
        bool ok = false;
        options.wordsPerMinute = parser.value(wpmOption).toInt(&ok);
        if (!ok || options.wordsPerMinute < 80 || options.wordsPerMinute > 450)
            return usage(Text::tr("--wpm takes a number from 80 to 450"));
    }
    int rate = 0;
    if (parser.isSet(rateOption)) {
        bool ok = false;
        rate = parser.value(rateOption).toInt(&ok);
        if (!ok || rate < 8000 || rate > 48000)
            return usage(Text::tr("--rate takes a sample rate from 8000 to 48000"));
    }

    const QString spoken = speakableText(text);
    if (spoken.isEmpty()) {
        err << "zerg say: " << Text::tr("there is nothing to say in that text") << '\n';
        return 1;
    }
    const Result<QString> voice = EspeakSynthesizer::voiceName(options.voice);
    const Result<AudioClip> speech =
        voice ? EspeakSynthesizer::synthesize(spoken, options) : Result<AudioClip>(voice.error());
    if (!speech) {
        err << "zerg say: " << speech.error().message << '\n';
        return speech.error().code == QLatin1String("unavailable") ? 3 : 1;
    }
    const AudioClip clip = rate > 0 ? resampled(speech.value(), rate) : speech.value();
    const QString path = parser.value(outOption);
    if (const Status written = writeWav(path, clip); !written) {
        err << "zerg say: " << written.error().message << '\n';
        return 1;
    }
    err << Text::tr("Wrote %1: %2 s at %3 Hz, voice %4.")
               .arg(path, QString::number(clip.seconds(), 'f', 1))
               .arg(clip.sampleRate)
               .arg(voice.value())
        << '\n';
    return 0;
}

}  // namespace zerg::cli
