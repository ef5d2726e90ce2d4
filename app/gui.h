#pragma once

#include <QStringList>

namespace zerg::gui {

// Opens the Jarvis window (QApplication must exist) and runs the event loop.
//   --ask TEXT         send TEXT as the first question when the window opens
//   --screenshot FILE  after the first run ends, save the window as PNG to FILE and quit
//                      (used by the GUI smoke test and for bug reports)
int run(const QStringList& args);

}  // namespace zerg::gui
