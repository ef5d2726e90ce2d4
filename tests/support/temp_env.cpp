#include "temp_env.h"

#include <QDir>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>

namespace zerg::test {

quint16 freeLoopbackPort() {
    QTcpServer s;
    if (!s.listen(QHostAddress::LocalHost, 0))
        return 0;
    return s.serverPort();
}

QString findProgram(const QString& name) {
    QString p = QStandardPaths::findExecutable(name);
    if (p.isEmpty()) {
        p = QStandardPaths::findExecutable(name,
                                           {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"),
                                            QStringLiteral("/usr/local/sbin")});
    }
    return p;
}

void isolateSettings(const QString& folder) {
    const QDir dir(folder);
    for (auto format : {QSettings::NativeFormat, QSettings::IniFormat}) {
        QSettings::setPath(format, QSettings::UserScope, dir.filePath(QStringLiteral("user")));
        QSettings::setPath(format, QSettings::SystemScope, dir.filePath(QStringLiteral("system")));
    }
}

Settings backendSettings(const QTemporaryDir& dir) {
    Settings settings;
    settings.dataDir = dir.path();
    settings.hostsFile = dir.filePath(QStringLiteral("no-hosts"));
    settings.pricingFile = dir.filePath(QStringLiteral("no-pricing.json"));
    settings.model = QStringLiteral("m");
    return settings;
}

ProgramRun runProgram(const QString& program, const QStringList& args,
                      const QProcessEnvironment& env, int timeoutMs, const QByteArray& stdinText) {
    QProcess p;
    p.setProcessEnvironment(env);
    QSignalSpy finished(&p, &QProcess::finished);
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return {-1, {}, "could not start " + program.toUtf8()};
    if (!stdinText.isEmpty())
        p.write(stdinText);
    p.closeWriteChannel();
    if (!finished.wait(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1, p.readAllStandardOutput(),
                QByteArray("(killed after ") + QByteArray::number(timeoutMs / 1000) + " s) " +
                    p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

void clearZergEnvironment() {
    for (const SettingField& f : Settings::fields())
        qunsetenv(f.env.toLatin1().constData());
    for (const char* name :
         {"ZERG_LLM_API_KEY", "ZERG_WEBHOOK_URL", "ZERG_OLLAMA_URL", "ZERG_SPEECH_API_KEY"})
        qunsetenv(name);
}

}  // namespace zerg::test
