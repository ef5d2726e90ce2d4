#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>

class QQmlEngine;
class QJSEngine;

namespace zerg {

// Whether the window shows this computer's Jarvis or a `zerg serve` it is connected to: the QML
// singleton `ServerConnection` behind the header's connection label, the banner shown while the
// server cannot be reached, and the dashboard's note on what remote mode shows. The app sets it
// from the remote client (app/remote_mode.h); without one, it says "local".
class ServerConnection : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool remote READ remote CONSTANT FINAL)
    Q_PROPERTY(bool connected READ connected NOTIFY statusChanged FINAL)
    // Short, for the header: "Server 10.0.0.2:8765" or "Not connected".
    Q_PROPERTY(QString summary READ summary NOTIFY statusChanged FINAL)
    // What is going on and what happens next, e.g. "Cannot reach …; retrying in 4 s".
    Q_PROPERTY(QString statusText READ statusText NOTIFY statusChanged FINAL)
    // Non-empty in remote mode: what the dashboard's pages show and what they cannot.
    Q_PROPERTY(QString dashboardNotice READ dashboardNotice NOTIFY dashboardNoticeChanged FINAL)

public:
    // No default constructor on purpose: QML calls create(), which hands out the app's instance.
    explicit ServerConnection(bool remote, QObject* parent = nullptr);

    // The instance QML's `ServerConnection` refers to (a local one is made when none was set).
    static void setInstance(ServerConnection* instance);
    static ServerConnection* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    [[nodiscard]] bool remote() const { return m_remote; }
    [[nodiscard]] bool connected() const { return m_connected; }
    [[nodiscard]] QString summary() const { return m_summary; }
    [[nodiscard]] QString statusText() const { return m_statusText; }
    [[nodiscard]] QString dashboardNotice() const { return m_dashboardNotice; }

    void setStatus(bool connected, const QString& summary, const QString& statusText);
    void setDashboardNotice(const QString& notice);

Q_SIGNALS:
    void statusChanged();
    void dashboardNoticeChanged();

private:
    bool m_remote;
    bool m_connected;
    QString m_summary;
    QString m_statusText;
    QString m_dashboardNotice;
};

}  // namespace zerg
