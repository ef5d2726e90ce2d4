#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg connect URL`: reads a device secret from standard input, logs in to the `zerg serve` at
// URL, and makes the desktop app its client (the session token in the secret store as
// "remote_token", the URL in the settings as remote/url). `zerg connect --local` goes back to
// this computer's Jarvis; `zerg connect` alone says which one the app uses.
int connectCommand(QStringList args);
// The translated `zerg connect --help` text.
QString connectHelp();

}  // namespace zerg::cli
