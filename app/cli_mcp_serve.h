#pragma once

#include <QString>
#include <QStringList>

namespace zerg::cli {

// `zerg mcp serve`: Zerg as an MCP server (backend/api/mcp_service.h) for one client on standard
// input and output, one JSON-RPC message per line; logs go to standard error only. args are the
// words after "serve" (there are none). Like `zerg ask`, a one-shot process: no background
// services. Ends with 0 when its input ends or on SIGTERM/SIGINT (a running ask is cancelled);
// 2 for a usage error, 3 when the backend cannot be opened.
int mcpServe(QStringList args);
// The translated `zerg mcp serve --help` text.
QString mcpServeHelp();

}  // namespace zerg::cli
