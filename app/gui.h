#pragma once

#include <QStringList>

namespace zerg::gui {

// Opens the Jarvis window (QApplication must exist) and runs the event loop.
//   --ask TEXT         send TEXT as the first question when the window opens
//   --screenshot FILE  after the first run ends (without --ask: once the window has drawn), save
//                      the window as PNG to FILE and quit (the GUI smoke test, bug reports)
//   --page PAGE        open on jarvis (the chat, default) or dashboard
int run(const QStringList& args);

}  // namespace zerg::gui
