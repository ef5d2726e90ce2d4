#include "tools/ssh_exec_tool.h"

#include "tools/exec_args.h"
#include "tools/shell_command.h"
#include "tools/ssh_pool.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QPointer>

namespace zerg {
namespace {

// One ssh_exec call in flight on the pool; finishes on the thread that started it.
class SshExecInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    SshExecInvocation(SshPool* pool, const SshTarget& target, SshCall call, QObject* parent)
        : ToolInvocation(parent), m_pool(pool), m_alias(target.host.alias) {
        m_started.start();
        m_id = pool->submit(target, std::move(call), this,
                            [this](const QJsonObject& payload) { done(payload); });
    }

    // A call dropped while running is cancelled: its remote command is killed in the background.
    ~SshExecInvocation() override {
        if (!isFinished() && m_pool)
            m_pool->cancel(m_id);
    }

    void cancel() override {
        if (isFinished())
            return;
        if (m_pool)
            m_pool->cancel(m_id);
        // Finish at once; the connection kills the remote command in the background.
        done({{QStringLiteral("ok"), false},
              {QStringLiteral("error"), QStringLiteral("cancelled")},
              {QStringLiteral("error_code"), QStringLiteral("cancelled")},
              {QStringLiteral("host"), m_alias}});
    }

private:
    void done(QJsonObject payload) {
        payload.insert(QStringLiteral("duration_ms"), m_started.elapsed());
        finish(ToolResult{payload});
    }

    QPointer<SshPool> m_pool;
    quint64 m_id = 0;
    QString m_alias;
    QElapsedTimer m_started;  // duration_ms: from start() to the result
};

ToolInvocation* failNow(QObject* parent, const QString& code, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message, {{QStringLiteral("error_code"), code}}), parent);
}

}  // namespace

SshExecTool::SshExecTool(HostsConfig hosts, SshExecOptions opts)
    : m_hosts(std::move(hosts)), m_opts(std::move(opts)) {
    SshPoolOptions p;
    p.idleCloseMs = qint64(m_opts.idleCloseSecs) * 1000;
    p.maxConnectionsPerHost = m_opts.maxConnectionsPerHost;
    p.maxChannelsPerConnection = m_opts.maxChannelsPerConnection;
    m_pool = std::make_unique<SshPool>(p, m_opts.clock);
}

SshExecTool::~SshExecTool() = default;

ToolSpec SshExecTool::spec() const {
    const QStringList aliases = m_hosts.aliases();
    QString description =
        tr("Run a non-interactive shell command on a server over SSH and get its exit code, "
           "stdout and stderr. There is no terminal and no input: commands that prompt or page "
           "(sudo with a password, less, top without -b) hang until the timeout, so pass flags "
           "that make them non-interactive. ");
    if (aliases.isEmpty()) {
        description +=
            tr("No servers are allowed yet: the user must add them to the hosts "
               "file.");
    } else {
        description +=
            tr("Allowed hosts (use the name exactly): %1.").arg(aliases.join(QStringLiteral(", ")));
    }

    QJsonObject host{
        {QStringLiteral("type"), QStringLiteral("string")},
        {QStringLiteral("description"), tr("The server's name from the allowed hosts list.")}};
    if (!aliases.isEmpty())
        host.insert(QStringLiteral("enum"), QJsonArray::fromStringList(aliases));
    const QJsonObject properties{
        {QStringLiteral("host"), host},
        {QStringLiteral("command"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                {QStringLiteral("description"),
                                                 tr("The shell command to run, e.g. \"df -h\".")}}},
        {QStringLiteral("timeout_secs"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")},
                     {QStringLiteral("minimum"), 1},
                     {QStringLiteral("maximum"), m_opts.maxTimeoutSecs},
                     {QStringLiteral("description"),
                      tr("Stop the command after this many seconds (default %1).")
                          .arg(m_opts.defaultTimeoutSecs)}}},
    };
    return {QStringLiteral("ssh_exec"), description,
            objectSchema(properties, {QStringLiteral("host"), QStringLiteral("command")})};
}

CallClass SshExecTool::classify(const QJsonObject& args) const {
    return shell::callClass(args.value(QStringLiteral("command")).toString(),
                            args.value(QStringLiteral("host")).toString());
}

ToolInvocation* SshExecTool::start(const QJsonObject& args, QObject* parent) {
    const QJsonValue hostArg = args.value(QStringLiteral("host"));
    if (!hostArg.isString() || hostArg.toString().trimmed().isEmpty()) {
        return failNow(parent, QStringLiteral("invalid_arguments"),
                       tr("\"host\" is required: give one of the allowed hosts (%1).")
                           .arg(m_hosts.aliases().join(QStringLiteral(", "))));
    }
    const auto command = readCommandArg(args);
    if (!command)
        return failNow(parent, command.error().code, command.error().message);
    const auto timeout = readTimeoutArg(args, m_opts.defaultTimeoutSecs, m_opts.maxTimeoutSecs);
    if (!timeout)
        return failNow(parent, timeout.error().code, timeout.error().message);

    // Only exact aliases: a user@host form or a raw address must not bypass the allowlist.
    const QString alias = hostArg.toString();
    const std::optional<HostEntry> entry = m_hosts.find(alias);
    if (!entry) {
        const QStringList allowed = m_hosts.aliases();
        const QString file =
            m_hosts.sourcePath().isEmpty() ? tr("(no hosts file loaded)") : m_hosts.sourcePath();
        const QString allowedText = allowed.isEmpty()
                                        ? tr("none are configured")
                                        : tr("allowed: %1").arg(allowed.join(QStringLiteral(", ")));
        return failNow(parent, QStringLiteral("host_not_allowed"),
                       tr("Host \"%1\" is not in the allowlist (%2). Use one of the allowed "
                          "names exactly, without user@; to allow another server, add a Host "
                          "block for it to the hosts file %3.")
                           .arg(alias, allowedText, file));
    }

    SshTarget target;
    target.host = *entry;
    target.connectTimeoutSecs = m_opts.connectTimeoutSecs;
    target.knownHostsFile = entry->knownHostsOr(m_opts.defaultKnownHostsFile);
    target.defaultKnownHostsFile = m_opts.defaultKnownHostsFile;  // for its jump hosts
    target.sshDir = m_opts.sshDir;
    target.hostsFile = m_hosts.sourcePath();
    SshCall call;
    call.command = *command;
    call.timeoutSecs = *timeout;
    call.diskCapBytes = m_opts.diskCapBytes;
    return new SshExecInvocation(m_pool.get(), target, std::move(call), parent);
}

}  // namespace zerg

#include "ssh_exec_tool.moc"
