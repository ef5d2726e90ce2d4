#pragma once

#include "tools/hosts_config.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace zerg {

// Everything one ssh_exec call needs, copied so the worker thread shares nothing mutable.
struct SshJob {
    HostEntry host;
    QString command;
    int timeoutSecs = 60;         // for the command itself, from the exec request on
    int connectTimeoutSecs = 10;  // for connect + key exchange, and again for auth + channel
    QString knownHostsFile;       // resolved: the host's own or the default; empty: libssh's
    QString sshDir;               // SSH_OPTIONS_SSH_DIR; empty: libssh's (~/.ssh via passwd)
    qint64 diskCapBytes = 16 * 1024 * 1024;
    QString hostsFile;  // named in messages that ask the user to change the host's settings
};

// Runs one command over one libssh session, blocking, on the thread it was moved to (exactly one
// thread touches the session). The session is non-blocking underneath and every wait is a short
// poll slice, so the shared cancel flag is noticed within ~100 ms at every step except a slow DNS
// lookup inside ssh_connect. run() emits done() once with the tool payload, then quits its thread.
class SshSessionWorker final : public QObject {
    Q_OBJECT
public:
    SshSessionWorker(SshJob job, std::shared_ptr<const std::atomic_bool> cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void done(const QJsonObject& payload);

private:
    SshJob m_job;
    std::shared_ptr<const std::atomic_bool> m_cancel;
};

}  // namespace zerg
