#include "cli_voice.h"

#include "cli.h"

#include "core/settings.h"
#include "tools/hosts_config.h"
#include "voice/audio_clip.h"
#include "voice/espeak_synthesizer.h"
#include "voice/speakable_text.h"
#include "voice/speech_engines.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTextStream>

#include <optional>

namespace zerg::cli {
namespace {

const char kSayUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg say TEXT... --out FILE.wav [--engine E] [--voice V] [--wpm N] [--rate HZ]\n"
    "\n"
    "Speaks TEXT into a WAVE file as Jarvis would say it: Markdown is made speakable first\n"
    "(code blocks become \"I put the command in the chat.\").\n"
    "\n"
    "Options:\n"
    "  --out FILE.wav  Where to write the speech (16-bit mono PCM). Required.\n"
    "  --engine E      espeak (espeak-ng on this computer, offline) or server (the\n"
    "                  OpenAI-compatible /v1/audio/speech of Settings > Voice). Default: the\n"
    "                  one in Settings (ZERG_TTS_ENGINE).\n"
    "  --voice V       An espeak-ng voice (default en-us; list them with espeak-ng --voices),\n"
    "                  or the server's voice (default alloy).\n"
    "  --wpm N         Words per minute, 80 to 450 (default 175; espeak only).\n"
    "  --rate HZ       Sample rate of the file, 8000 to 48000 (default: espeak-ng's 22050;\n"
    "                  16000 is what speech recognizers take).\n"
    "  -h, --help      Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg say \"check disk usage on cube\" --out question.wav\n"
    "  zerg say \"restart nginx on web1\" --voice en-gb --rate 16000 --out web1.wav\n"
    "\n"
    "Exit status: 0 written, 1 the speech or the file failed, 2 usage error, 3 espeak-ng is\n"
    "missing or no speech server is set.\n");

const char kTranscribeUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg transcribe FILE.wav [--engine E]\n"
    "\n"
    "Prints the words spoken in a WAVE file. On this computer they are recognized offline with\n"
    "pocketsphinx and its US English model; nothing leaves it. Either engine is biased toward\n"
    "what an operator says to Jarvis and toward the host aliases of your hosts file, so that\n"
    "\"check disk usage on cube\" comes out with the right host. Any WAVE file of plain PCM or\n"
    "float samples is taken; it is resampled to 16 kHz.\n"
    "\n"
    "Options:\n"
    "  --engine E   pocketsphinx (on this computer) or server (the OpenAI-compatible\n"
    "               /v1/audio/transcriptions of Settings > Voice: OpenAI, a whisper.cpp\n"
    "               server, speaches, LocalAI). Default: the one in Settings (ZERG_STT_ENGINE).\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg transcribe question.wav\n"
    "  zerg say \"restart nginx on web1\" --out q.wav && zerg transcribe q.wav\n"
    "\n"
    "Exit status: 0 transcribed (an empty line when nothing was understood), 1 the file or the\n"
    "recognition failed, 2 usage error, 3 pocketsphinx or its model is missing, or no speech\n"
    "server is set.\n");

}  // namespace

QString transcribeHelp() {
    return Text::tr(kTranscribeUsage);
}

int transcribeCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    const QCommandLineOption engineOption(QStringLiteral("engine"), QString(), QStringLiteral("e"));
    const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    parser.addOptions({engineOption, helpOption});
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
    const Result<QString> text =
        listen(parser.positionalArguments().first(), parser.value(engineOption), Settings::load(),
               QStringLiteral("zerg transcribe"), err);
    if (!text) {
        if (text.error().code == QLatin1String("usage"))
            return usage(text.error().message);
        err << "zerg transcribe: " << text.error().message << '\n';
        return listenExitCode(text.error());
    }
    out << text.value() << '\n';
    return 0;
}

Result<QString> listen(const QString& path, const QString& engineWord, const Settings& settings,
                       const QString& command, QTextStream& err) {
    const QString word = engineWord.isEmpty() ? settings.sttEngine : engineWord.trimmed().toLower();
    const std::optional<ListenEngine> engine = parseStatus<ListenEngine>(word);
    if (!engine) {
        return Error{QStringLiteral("usage"),
                     Text::tr("unknown engine '%1'; use pocketsphinx or server").arg(word)};
    }
    const Result<AudioClip> clip = readWav(path);
    if (!clip)
        return clip.error();
    // The hosts file's aliases bias the recognizer; without a readable one it still works.
    QStringList hosts;
    if (const Result<HostsConfig> config = HostsConfig::loadFile(settings.hostsFile))
        hosts = config->aliases();
    else
        err << command << ": " << Text::tr("note: %1").arg(config.error().message) << '\n';
    QNetworkAccessManager nam;
    auto recognizer = makeSpeechToText(*engine, settings, hosts, &nam);
    if (!recognizer)
        return recognizer.error();
    std::optional<Result<QString>> heard;
    QEventLoop loop;
    recognizer.value()->transcribe(clip.value(), [&](Result<QString> text) {
        heard = std::move(text);
        loop.quit();
    });
    if (!heard)
        loop.exec();
    return *heard;
}

int listenExitCode(const Error& error) {
    if (error.code == QLatin1String("usage"))
        return 2;
    return error.code == QLatin1String("unavailable") ||
                   error.code == QLatin1String("not_configured")
               ? 3
               : 1;
}

QString sayHelp() {
    return Text::tr(kSayUsage);
}

int sayCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    const QCommandLineOption outOption(QStringLiteral("out"), QString(), QStringLiteral("file"));
    const QCommandLineOption engineOption(QStringLiteral("engine"), QString(), QStringLiteral("e"));
    const QCommandLineOption voiceOption(QStringLiteral("voice"), QString(), QStringLiteral("v"));
    const QCommandLineOption wpmOption(QStringLiteral("wpm"), QString(), QStringLiteral("n"));
    const QCommandLineOption rateOption(QStringLiteral("rate"), QString(), QStringLiteral("hz"));
    const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    parser.addOptions({outOption, engineOption, voiceOption, wpmOption, rateOption, helpOption});
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
    Settings settings = Settings::load();
    const QString word = parser.isSet(engineOption) ? parser.value(engineOption).trimmed().toLower()
                                                    : settings.ttsEngine;
    const std::optional<SpeakEngine> engine = parseStatus<SpeakEngine>(word);
    if (!engine)
        return usage(Text::tr("unknown engine '%1'; use espeak or server").arg(word));
    if (*engine == SpeakEngine::Server && parser.isSet(wpmOption))
        return usage(Text::tr("--wpm is for the espeak engine"));
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
    Result<QString> voice = QString();
    std::optional<Result<AudioClip>> speech;
    if (*engine == SpeakEngine::Espeak) {
        voice = EspeakSynthesizer::voiceName(options.voice);
        speech = voice ? EspeakSynthesizer::synthesize(spoken, options)
                       : Result<AudioClip>(voice.error());
    } else {
        if (parser.isSet(voiceOption))
            settings.ttsVoice = options.voice;
        QNetworkAccessManager nam;
        auto speaker = makeTextToSpeech(*engine, settings, &nam);
        if (!speaker) {
            speech = Result<AudioClip>(speaker.error());
        } else {
            voice = settings.ttsVoice.isEmpty() ? QStringLiteral("alloy") : settings.ttsVoice;
            QEventLoop loop;
            speaker.value()->synthesize(spoken, [&](Result<AudioClip> clip) {
                speech = std::move(clip);
                loop.quit();
            });
            if (!speech)
                loop.exec();
        }
    }
    if (!*speech) {
        err << "zerg say: " << speech->error().message << '\n';
        return listenExitCode(speech->error());
    }
    const AudioClip clip = rate > 0 ? resampled(speech->value(), rate) : speech->value();
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
