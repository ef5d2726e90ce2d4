#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg doctor [--json]`: checks what Zerg needs on this computer and says what to fix, one line
// per check:
//   provider      configured (Settings::providerProblem), reachable (GET the models list with
//                 the API key, 5 s timeout), each configured model listed by the server
//   hosts         the hosts file readable; every allowed host logs in and runs `true` (over
//                 SshPool, as the Hosts page's "Test connection"), so its key is known
//   data folder   ZERG_DATA_DIR exists or can be created, takes a probe file, has free space
//   database      opens, and its schema is not newer than this Zerg (SQLite is read without
//                 changes; PostgreSQL is opened as at start, which applies pending migrations)
// --json prints {"checks": [{"name", "status": ok|warn|fail, "detail", "fix"}], "ok": bool}.
// Exit codes: 0 no check failed (warnings allowed), 1 a check failed, 2 usage error.
int doctorCommand(QStringList args);

// The translated `zerg doctor --help` text.
QString doctorHelp();

}  // namespace zerg::cli
