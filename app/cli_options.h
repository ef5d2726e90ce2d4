#pragma once

#include "core/result.h"

#include <QStringList>

namespace zerg::cli {

// The options of a listing subcommand (`workers list`, `runs list`): --json and --limit N.
struct ListOptions {
    bool json = false;
    int limit = 20;
};

// Reads them with QCommandLineParser, so "--limit 5" and "--limit=5" both work and the options
// may come in any order. Errors (code "usage") say what is wrong in the words the usage error
// prints: a missing or non-positive limit, an unknown option or a stray argument.
[[nodiscard]] Result<ListOptions> parseListOptions(const QStringList& args, int defaultLimit);

}  // namespace zerg::cli
