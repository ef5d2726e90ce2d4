#pragma once

#include "tools/tool.h"

#include <QCoreApplication>

namespace zerg {

// The shell_exec tool: runs `/bin/sh -c command` on the local machine with QProcess, in a
// working folder (created if missing), asynchronously on the caller's thread.
//
// Arguments {command, timeout_secs?}. Result payload as ssh_exec's without "host":
//   ran:    {ok: exit_code == 0, exit_code, stdout, stderr, duration_ms[, error]}
//   failed: {ok: false, error, error_code, duration_ms, ...} with error_code one of
//           invalid_arguments, start_failed, timeout, cancelled.
// The command runs in its own process group; timeout and cancel kill the whole group.
// stdin is closed at once. There is no sandbox beyond the working folder yet.
class ShellExecTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(ShellExecTool)
public:
    static constexpr int kMaxTimeoutSecs = 600;

    explicit ShellExecTool(QString workingDir, int defaultTimeoutSecs = 60,
                           qint64 diskCapBytes = 16 * 1024 * 1024);

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;

    [[nodiscard]] QString workingDir() const { return m_workingDir; }

private:
    QString m_workingDir;
    int m_defaultTimeoutSecs;
    qint64 m_diskCapBytes;
};

}  // namespace zerg
