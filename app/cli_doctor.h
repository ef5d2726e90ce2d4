#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg doctor [--json]`: runs the checks of Doctor (backend/dashboard/doctor.h: provider, data
// folder, free space, database, hosts file and every host's login) and prints one line per check
// as it comes, or with --json {"checks": [{"name", "status": ok|warn|fail, "detail", "fix"}],
// "ok": bool}. Checks the doctor skipped are not printed.
// Exit codes: 0 no check failed (warnings allowed), 1 a check failed, 2 usage error.
int doctorCommand(QStringList args);

// The translated `zerg doctor --help` text.
QString doctorHelp();

}  // namespace zerg::cli
