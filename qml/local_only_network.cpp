#include "local_only_network.h"

#include <QLoggingCategory>
#include <QNetworkRequest>
#include <QUrl>

namespace zerg {

Q_LOGGING_CATEGORY(lcLocalOnly, "zerg.ui.network")

QNetworkAccessManager* LocalOnlyNetworkFactory::create(QObject* parent) {
    return new LocalOnlyNetworkAccessManager(&m_refused, parent);
}

LocalOnlyNetworkAccessManager::LocalOnlyNetworkAccessManager(QAtomicInt* refused, QObject* parent)
    : QNetworkAccessManager(parent), m_refused(refused) {}

bool LocalOnlyNetworkAccessManager::isLocal(const QUrl& url) {
    const QString scheme = url.scheme().toLower();
    return scheme == QLatin1String("qrc") || scheme == QLatin1String("file") ||
           scheme == QLatin1String("data");
}

QNetworkReply* LocalOnlyNetworkAccessManager::createRequest(Operation op,
                                                            const QNetworkRequest& request,
                                                            QIODevice* outgoingData) {
    if (isLocal(request.url()))
        return QNetworkAccessManager::createRequest(op, request, outgoingData);
    m_refused->ref();
    qCDebug(lcLocalOnly, "not loading %s: the window loads nothing from the network",
            qPrintable(request.url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
    // A scheme no backend knows: the reply fails at once with ProtocolUnknownError, and nothing
    // is resolved or connected.
    QNetworkRequest blocked(request);
    blocked.setUrl(QUrl(QStringLiteral("zerg-blocked:")));
    return QNetworkAccessManager::createRequest(op, blocked, nullptr);
}

}  // namespace zerg
