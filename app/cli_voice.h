#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg say TEXT... --out FILE.wav [--voice V] [--wpm N] [--rate HZ]`: what Jarvis would say of
// TEXT (Markdown made speakable: backend/voice/speakable_text.h), spoken by espeak-ng into a
// 16-bit mono WAVE file, so that speech can be made and checked without a sound card.
// Exit codes: 0 written, 1 the synthesis or the file failed, 2 usage error, 3 espeak-ng missing.
int sayCommand(QStringList args);

// The translated `zerg say --help` text.
QString sayHelp();

// `zerg transcribe FILE.wav`: the words spoken in a WAVE file, offline with pocketsphinx biased
// toward the hosts file's aliases and operator commands (PocketsphinxRecognizer), on stdout.
// Exit codes: 0 transcribed (an empty line when nothing was understood), 1 the file or the
// decoding failed, 2 usage error, 3 pocketsphinx or its model missing.
int transcribeCommand(QStringList args);
QString transcribeHelp();

}  // namespace zerg::cli
