#include "tools/ssh_exec_tool.h"

#include "tools/exec_args.h"
#include "tools/ssh_session_worker.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QThread>

#include <atomic>
#include <memory>

namespace zerg {
namespace {

// How long destroying a running invocation may block the caller's thread while the worker
// notices the cancel flag (it checks every 100 ms). Past this the thread cleans up after itself.
constexpr unsigned long kJoinMs = 2000;

// One ssh_exec call in flight: owns the worker thread, finishes on the caller's thread.
class SshExecInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    SshExecInvocation(SshJob job, QObject* parent)
        : ToolInvocation(parent),
          m_cancel(std::make_shared<std::atomic_bool>(false)),
          m_alias(job.host.alias) {
        m_started.start();
        // No QObject parent: the thread must outlive us if it is still busy when we go (see
        // ~SshExecInvocation); otherwise it is joined and deleted in threadFinished().
        m_thread = new QThread();
        m_thread->setObjectName(QStringLiteral("ssh_exec:%1").arg(m_alias));
        auto* worker = new SshSessionWorker(std::move(job), m_cancel);
        worker->moveToThread(m_thread);
        connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
        connect(worker, &SshSessionWorker::done, this, &SshExecInvocation::workerDone);
        connect(m_thread, &QThread::finished, this, &SshExecInvocation::threadFinished);
        m_thread->start();
        QMetaObject::invokeMethod(worker, &SshSessionWorker::run, Qt::QueuedConnection);
    }

    ~SshExecInvocation() override {
        m_cancel->store(true);
        if (!m_thread)
            return;
        if (m_thread->wait(kJoinMs)) {
            delete m_thread;
            return;
        }
        // Still inside a blocking call libssh cannot interrupt (a slow DNS lookup): let the
        // thread delete itself once the worker returns, instead of blocking the GUI longer.
        QThread* t = m_thread;
        connect(t, &QThread::finished, t, &QObject::deleteLater);
        if (t->isFinished())
            delete t;  // finished before we connected; deleting drops the event
    }

    void cancel() override {
        if (isFinished())
            return;
        m_cancel->store(true);
        // Finish at once; the worker closes the channel and the session in the background.
        finish(ToolResult::failure(QStringLiteral("cancelled"),
                                   {{QStringLiteral("error_code"), QStringLiteral("cancelled")},
                                    {QStringLiteral("host"), m_alias},
                                    {QStringLiteral("duration_ms"), m_started.elapsed()}}));
    }

private:
    void workerDone(const QJsonObject& payload) { finish(ToolResult{payload}); }

    void threadFinished() {
        m_thread->wait();  // returns at once: finished() is the thread's last act
        delete m_thread;
        m_thread = nullptr;
    }

    std::shared_ptr<std::atomic_bool> m_cancel;
    QString m_alias;
    QElapsedTimer m_started;  // for duration_ms in the cancel result only
    QThread* m_thread = nullptr;
};

ToolInvocation* failNow(QObject* parent, const QString& code, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message, {{QStringLiteral("error_code"), code}}), parent);
}

}  // namespace

SshExecTool::SshExecTool(HostsConfig hosts, SshExecOptions opts)
    : m_hosts(std::move(hosts)), m_opts(std::move(opts)) {}

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
            QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"), properties},
                        {QStringLiteral("required"),
                         QJsonArray{QStringLiteral("host"), QStringLiteral("command")}}}};
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

    SshJob job;
    job.host = *entry;
    job.command = *command;
    job.timeoutSecs = *timeout;
    job.connectTimeoutSecs = m_opts.connectTimeoutSecs;
    job.knownHostsFile =
        entry->knownHostsFile.isEmpty() ? m_opts.defaultKnownHostsFile : entry->knownHostsFile;
    job.sshDir = m_opts.sshDir;
    job.diskCapBytes = m_opts.diskCapBytes;
    job.hostsFile = m_hosts.sourcePath();
    return new SshExecInvocation(std::move(job), parent);
}

}  // namespace zerg

#include "ssh_exec_tool.moc"
