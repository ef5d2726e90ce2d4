#pragma once

#include "tools/hosts_config.h"
#include "tools/tool.h"

#include <QCoreApplication>

#include <memory>

namespace zerg {

class Clock;
class SshPool;

struct SshExecOptions {
    QString
        defaultKnownHostsFile;  // for hosts without UserKnownHostsFile; empty: ~/.ssh/known_hosts
    QString sshDir;             // SSH_OPTIONS_SSH_DIR (default keys, known_hosts); empty: libssh's
    int connectTimeoutSecs = 10;
    int defaultTimeoutSecs = 60;
    int maxTimeoutSecs = 600;
    qint64 diskCapBytes = 16 * 1024 * 1024;  // per stream kept in the payload
    // The connection pool (see SshPool).
    int idleCloseSecs = 60;  // close a host's connection after this long without calls
    int maxConnectionsPerHost = 4;
    int maxChannelsPerConnection = 6;  // concurrent commands on one connection
    Clock* clock = nullptr;            // for the idle timer; null: the system clock
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
// are refused, never accepted automatically. Calls run as channels on pooled connections (one
// thread per connection, see SshPool), so the calling thread never blocks; cancel and timeout
// kill the remote command's process group. start() must be called on the thread that created
// the tool; invocations finish there.
class SshExecTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(SshExecTool)
public:
    SshExecTool(HostsConfig hosts, SshExecOptions opts);
    ~SshExecTool() override;  // closes the pool's connections (bounded, see ~SshPool)

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    [[nodiscard]] SshPool& pool() { return *m_pool; }

private:
    HostsConfig m_hosts;
    SshExecOptions m_opts;
    std::unique_ptr<SshPool> m_pool;
};

}  // namespace zerg
