#pragma once

#include <QAtomicInt>
#include <QNetworkAccessManager>
#include <QQmlNetworkAccessManagerFactory>

namespace zerg {

// What the window shows never reaches out (issue 22, "No remote loads when showing a
// message"): an answer, an inbox item or a thread may carry Markdown images or links written
// by a model or a server, and QML's text and image items would fetch `http(s)://` sources
// through the engine's network access manager (a tracking pixel, a request to an internal
// address). This factory gives the engine a manager that serves only local schemes (qrc:,
// file:, data:) and answers everything else with an error at once, without a connection.
// Install it on every engine before loading QML: setNetworkAccessManagerFactory(&factory).
class LocalOnlyNetworkFactory final : public QQmlNetworkAccessManagerFactory {
public:
    QNetworkAccessManager* create(QObject* parent) override;
    // Requests refused so far (all engines' managers): for tests and the debug log.
    [[nodiscard]] int refused() const { return m_refused.loadRelaxed(); }

private:
    QAtomicInt m_refused;
};

// The manager: local schemes pass, anything else gets an immediate "protocol unknown" error.
class LocalOnlyNetworkAccessManager final : public QNetworkAccessManager {
    Q_OBJECT
public:
    LocalOnlyNetworkAccessManager(QAtomicInt* refused, QObject* parent = nullptr);
    [[nodiscard]] static bool isLocal(const QUrl& url);

protected:
    QNetworkReply* createRequest(Operation op, const QNetworkRequest& request,
                                 QIODevice* outgoingData) override;

private:
    QAtomicInt* m_refused;
};

}  // namespace zerg
