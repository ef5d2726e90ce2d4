#pragma once

#include <QStringList>

namespace zerg::cli {

// `zerg mcp SUBCOMMAND ...` (docs/mcp.md); args are the words after "mcp":
//   list [--json]                 the configured servers: state, tool count, last error
//   tools NAME [--json]           one server's tools: read-only or changing, policy, schema
//   call NAME TOOL JSON [--yes]   call one tool by hand and print its result
// Uses mcp.json in the config folder (ZERG_MCP_CONFIG). Exit codes as the rest of the CLI.
int mcpCommand(QStringList args);
// The translated `zerg mcp --help` text.
QString mcpHelp();

}  // namespace zerg::cli
