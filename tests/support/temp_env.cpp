#include "temp_env.h"

#include <QDir>
#include <QSettings>
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

}  // namespace zerg::test
