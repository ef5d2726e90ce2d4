#pragma once

#include "mcp/mcp_transport.h"

#include <QMap>
#include <QProcess>
#include <QStringList>

namespace zerg {

class Clock;

// An MCP server as a child process: one JSON-RPC message per line on its stdin and stdout
// (MCP's stdio transport). Its stderr goes to logFile (appended, 0600) and the last lines are
// kept for the user. The process gets Zerg's environment plus the configured variables.
class StdioTransport final : public McpTransport {
    Q_OBJECT
public:
    struct Options {
        QString command;
        QStringList args;
        QMap<QString, QString> env;
        QString cwd;
        QString logFile;  // empty: stderr is only kept in memory
    };
    StdioTransport(Options options, Clock* clock, QObject* parent = nullptr);
    ~StdioTransport() override;

    void open() override;
    void send(const QJsonObject& message) override;
    void close() override;
    void abort() override;
    [[nodiscard]] QStringList lastErrorLines() const override { return m_stderrTail; }
    [[nodiscard]] qint64 processId() const;

private:
    void onStdout();
    void onStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void emitClosed(const QString& why);

    Options m_o;
    Clock* m_clock;
    QProcess* m_process = nullptr;
    QByteArray m_stdoutBuf;
    QByteArray m_stderrBuf;
    QStringList m_stderrTail;
    bool m_closing = false;
    bool m_closed = false;
};

}  // namespace zerg
