#pragma once

#include "tools/hosts_config.h"
#include "tools/tool.h"

#include <QCoreApplication>

namespace zerg {

struct SshExecOptions {
    QString
        defaultKnownHostsFile;  // for hosts without UserKnownHostsFile; empty: ~/.ssh/known_hosts
    QString sshDir;             // SSH_OPTIONS_SSH_DIR (default keys, known_hosts); empty: libssh's
    int connectTimeoutSecs = 10;
    int defaultTimeoutSecs = 60;
    int maxTimeoutSecs = 600;
    qint64 diskCapBytes = 16 * 1024 * 1024;  // per stream kept in the payload
};

// The ssh_exec tool: runs one non-interactive command on an allowlisted host over libssh.
//
// Arguments {host, command, timeout_secs?}. Result payload:
//   ran:     {ok: exit_code == 0, exit_code, stdout, stderr, duration_ms, host[, error]}
//   failed:  {ok: false, error, error_code, host, duration_ms, ...} with error_code one of
//            invalid_arguments, host_not_allowed, connect_failed, host_key_unknown,
//            host_key_changed, host_key_error, auth_failed, channel_failed, timeout, cancelled,
//            ssh_error.
// The host key is verified against known_hosts before authenticating; unknown and changed keys
// are refused, never accepted automatically. Each call runs on its own thread (one thread per
// session); the invocation finishes on the thread that called start().
class SshExecTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(SshExecTool)
public:
    SshExecTool(HostsConfig hosts, SshExecOptions opts);

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;

private:
    HostsConfig m_hosts;
    SshExecOptions m_opts;
};

}  // namespace zerg
