#pragma once

#include "api/remote_client.h"
#include "core/clock.h"
#include "temp_env.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QString>
#include <QTest>
#include <QUrl>

#include <optional>

namespace zerg::test {

// An environment with nothing of the user's: its own config, data and secrets folders.
inline QProcessEnvironment isolatedZergEnv(const QString& home, const QString& data) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys()) {
        if (key.startsWith(QLatin1String("ZERG_")))
            env.remove(key);
    }
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home);
    env.insert(QStringLiteral("XDG_DATA_HOME"), home);
    env.insert(QStringLiteral("ZERG_CONFIG_DIR"), home + QStringLiteral("/zerg"));
    env.insert(QStringLiteral("ZERG_SECRET_BACKEND"), QStringLiteral("file"));
    env.insert(QStringLiteral("ZERG_DATA_DIR"), data);
    return env;
}

// `zerg serve` on a free loopback port, stopped with SIGTERM when destroyed.
class ServeProcess {
public:
    static constexpr int kWaitMs = 60'000;

    bool start(const QString& program, const QProcessEnvironment& env,
               const QStringList& extraArgs = {}) {
        return launch(program, env, extraArgs) && waitUntilListening();
    }
    // Starts the process without waiting for it to listen (several start together).
    bool launch(const QString& program, const QProcessEnvironment& env,
                const QStringList& extraArgs = {}) {
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(program, QStringList{QStringLiteral("serve"), QStringLiteral("--listen"),
                                             QStringLiteral("127.0.0.1:0")} +
                                     extraArgs);
        return m_process.waitForStarted(10'000);
    }
    // Waits until it says where it listens; false (said in the log) when it ended or took too
    // long.
    bool waitUntilListening() {
        static const QRegularExpression listening(
            QStringLiteral("zerg serve: listening on (ws://127\\.0\\.0\\.1:\\d+)"));
        const bool found = QTest::qWaitFor(
            [this] {
                m_out += QString::fromUtf8(m_process.readAllStandardOutput());
                const auto m = listening.match(m_out);
                if (m.hasMatch())
                    m_url = m.captured(1);
                return m.hasMatch() || m_process.state() == QProcess::NotRunning;
            },
            kWaitMs);
        if (!found || m_url.isEmpty())
            qWarning("zerg serve did not start: %s %s", qPrintable(m_out), qPrintable(log()));
        return !m_url.isEmpty();
    }
    // SIGTERM; true when it stopped cleanly.
    bool stop() {
        if (m_process.state() == QProcess::NotRunning)
            return true;
        m_process.terminate();
        if (!m_process.waitForFinished(kWaitMs)) {
            m_process.kill();
            m_process.waitForFinished();
            return false;
        }
        return m_process.exitStatus() == QProcess::NormalExit && m_process.exitCode() == 0;
    }
    // SIGTERM without waiting (drain: the process may go on for a while).
    void terminate() { m_process.terminate(); }
    // Waits for the process to end; its exit code, or -1 when it did not end in time or crashed.
    int waitForExit(int ms) {
        // waitForFinished() is false for a process that has already finished.
        if (m_process.state() != QProcess::NotRunning && !m_process.waitForFinished(ms))
            return -1;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    // What it has printed so far.
    [[nodiscard]] QString output() {
        m_out += QString::fromUtf8(m_process.readAllStandardOutput());
        return m_out;
    }
    // SIGKILL: no clean-up at all.
    void kill() {
        m_process.kill();
        m_process.waitForFinished();
    }
    ~ServeProcess() { stop(); }
    [[nodiscard]] QString url() const { return m_url; }
    // What it has logged so far (for failure messages).
    [[nodiscard]] QString log() {
        m_err += QString::fromUtf8(m_process.readAllStandardError());
        return m_err;
    }

private:
    QProcess m_process;
    QString m_out;
    QString m_err;
    QString m_url;
};

// A session token for a device of the server at url ("" when it refused: said in the log).
inline QString loginToken(const QString& url, const QString& secret, QObject* context) {
    SystemClock clock;
    std::optional<Result<api::LoginResult>> login;
    api::RemoteClient::login(QUrl(url), secret, &clock, context,
                             [&](Result<api::LoginResult> r) { login = r; });
    if (!QTest::qWaitFor([&] { return login.has_value(); }, 10'000))
        qWarning("login: no answer within 10 s");
    else if (!login->ok())
        qWarning("login: %s", qPrintable(login->error().message));
    return login && login->ok() ? (*login)->token : QString();
}

}  // namespace zerg::test
