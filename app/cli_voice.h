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

}  // namespace zerg::cli
