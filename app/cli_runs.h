#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg runs SUBCOMMAND ...`; args are the words after "runs":
//   list [--limit N] [--json]   the owner's runs, newest first: id, status, mode, start,
//                               duration, tokens, cost, task
//   show ID [--json]            one run (storage/run_details.h): result, workers, usage, cost
//   export ID|--all [--format md|json] [--out FILE]
//                               one run, or with --all the owner's whole conversation, as
//                               Markdown (the default) or JSON (storage/run_export.h), to
//                               standard output or written atomically (QSaveFile) to FILE
// The owner is Settings::ownerId (ZERG_OWNER_ID); another owner's run is "not found".
// Exit codes as the rest of the CLI: 0 success, 1 failure or not found (also a FILE that cannot
// be written), 2 usage error (an unknown --format among them), 3 configuration problem.
int runsCommand(QStringList args);
// The translated `zerg runs --help` text.
QString runsHelp();

}  // namespace zerg::cli
