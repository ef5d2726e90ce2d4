#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE] [--insecure]`: the whole
// backend headless behind the WebSocket API (docs/api.md), until SIGTERM or SIGINT.
int serveCommand(QStringList args);

// `zerg devices add NAME [--owner N] [--json] | list [--json] | revoke ID`: the devices allowed
// to log in to `zerg serve` on this data folder.
int devicesCommand(QStringList args);

// `zerg instances list [--all] [--json]`: the processes registered on the database, their
// heartbeats and the work each holds (docs/server.md).
int instancesCommand(QStringList args);

// The translated `zerg serve --help` and `zerg devices --help` texts.
QString serveHelp();
QString devicesHelp();
QString instancesHelp();

}  // namespace zerg::cli
