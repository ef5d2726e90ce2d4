#include "temp_env.h"

#include <QStandardPaths>
#include <QTcpServer>

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

}  // namespace zerg::test
