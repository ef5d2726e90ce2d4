#include "server_connection.h"

#include <QPointer>
#include <QQmlEngine>

namespace zerg {
namespace {

QPointer<ServerConnection> g_instance;

}  // namespace

ServerConnection::ServerConnection(bool remote, QObject* parent)
    : QObject(parent), m_remote(remote), m_connected(!remote) {}

void ServerConnection::setInstance(ServerConnection* instance) {
    g_instance = instance;
}

ServerConnection* ServerConnection::create(QQmlEngine* qmlEngine, QJSEngine*) {
    if (!g_instance)
        g_instance = new ServerConnection(false, qmlEngine);  // tests and tools: local
    QQmlEngine::setObjectOwnership(g_instance, QQmlEngine::CppOwnership);
    return g_instance;
}

void ServerConnection::setStatus(bool connected, const QString& summary,
                                 const QString& statusText) {
    if (connected == m_connected && summary == m_summary && statusText == m_statusText)
        return;
    m_connected = connected;
    m_summary = summary;
    m_statusText = statusText;
    Q_EMIT statusChanged();
}

void ServerConnection::setDashboardNotice(const QString& notice) {
    if (notice == m_dashboardNotice)
        return;
    m_dashboardNotice = notice;
    Q_EMIT dashboardNoticeChanged();
}

}  // namespace zerg
