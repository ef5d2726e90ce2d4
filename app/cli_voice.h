#pragma once

#include "core/result.h"

#include <QStringList>

class QTextStream;

namespace zerg {
struct Settings;
}

namespace zerg::cli {

// The words spoken in the WAVE file at `path`, recognized by the engine `engineWord` names
// (pocketsphinx|server; empty: the one in Settings) and biased toward the hosts file's aliases.
// Waits in a local event loop. Notes (an unreadable hosts file) go to `err`, prefixed with
// `command`. Errors: "usage" for an unknown engine; see listenExitCode().
[[nodiscard]] Result<QString> listen(const QString& path, const QString& engineWord,
                                     const Settings& settings, const QString& command,
                                     QTextStream& err);
// The exit status of a listening or speaking error: 2 usage, 3 an engine missing or not set
// up, else 1.
[[nodiscard]] int listenExitCode(const Error& error);

// `zerg say TEXT... --out FILE.wav [--engine E] [--voice V] [--wpm N] [--rate HZ]`: what Jarvis
// would say of TEXT (Markdown made speakable: backend/voice/speakable_text.h), spoken by
// espeak-ng or the speech server into a
// 16-bit mono WAVE file, so that speech can be made and checked without a sound card.
// Exit codes: 0 written, 1 the synthesis or the file failed, 2 usage error, 3 espeak-ng missing.
int sayCommand(QStringList args);

// The translated `zerg say --help` text.
QString sayHelp();

// `zerg transcribe FILE.wav [--engine E]`: the words spoken in a WAVE file (listen()), on stdout.
// Exit codes: 0 transcribed (an empty line when nothing was understood), 1 the file or the
// recognition failed, 2 usage error, 3 an engine missing or no speech server set.
int transcribeCommand(QStringList args);
QString transcribeHelp();

}  // namespace zerg::cli
