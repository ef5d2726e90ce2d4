#pragma once

// The reference MCP servers the tests run against (@modelcontextprotocol/server-everything and
// server-filesystem), installed at pinned versions by scripts/setup into
// <build>/mcp-servers/node_modules (tests/mcp/package.json). A test whose server is missing fails
// and names the command that installs it; it never passes silently.

#include <QFile>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace zerg::test {

struct McpReferenceServer {
    QString command;   // node
    QStringList args;  // the server's script, then its own arguments
    QString problem;   // why it cannot run; empty when it can
};

inline QString mcpServersDir() {
    return QStringLiteral(ZERG_BINARY_DIR "/mcp-servers/node_modules");
}

// package: "server-everything" or "server-filesystem".
inline McpReferenceServer mcpReferenceServer(const QString& package, const QStringList& args = {}) {
    McpReferenceServer s;
    s.command = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString script =
        mcpServersDir() + QStringLiteral("/@modelcontextprotocol/%1/dist/index.js").arg(package);
    if (s.command.isEmpty()) {
        s.problem = QStringLiteral("Node.js (node) is not installed. Run scripts/setup.");
    } else if (!QFile::exists(script)) {
        s.problem = QStringLiteral(
                        "The reference MCP server %1 is not installed (%2 is missing). "
                        "Run scripts/setup: it installs the pinned versions into the "
                        "build tree.")
                        .arg(package, script);
    }
    s.args = QStringList{script} + args;
    return s;
}

}  // namespace zerg::test
