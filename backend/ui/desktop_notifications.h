#pragma once

#include <QDBusConnection>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>

namespace zerg {

// Desktop notifications through the freedesktop notification server
// (org.freedesktop.Notifications on the session bus; GNOME, KDE, dunst, mako, ...), with actions:
// an approval request shows Allow, Deny and Open (the notification's default action, a click
// on it) and stays until it is answered, here or elsewhere.
//
// Every call to the server is asynchronous, so a slow or missing server never blocks the user
// interface; a call that fails is logged and forgotten. available() says whether a server is
// there (its name owned, or activatable, on the bus); when it is not, the caller shows its
// notifications another way (the tray's message). Only the ids of this object's own
// notifications are acted on: the server's signals go to every client.
class DesktopNotifications : public QObject {
    Q_OBJECT
public:
    // On the session bus.
    explicit DesktopNotifications(QObject* parent = nullptr);
    // On bus (the tests' private bus). Asks the bus (not the notification server) once, with a
    // short timeout, whether the server is there, then follows its name's owner.
    explicit DesktopNotifications(const QDBusConnection& bus, QObject* parent = nullptr);

    [[nodiscard]] bool available() const;

    // A worker waits for approvalId: a critical notification that does not expire, with Allow,
    // Deny and Open. Again for the same approval: replaces the one shown.
    void notifyApproval(qint64 approvalId, const QString& title, const QString& body);
    // A plain notification (a clicked one asks to open the window). severity: "info" (low
    // urgency: many desktops show no banner for it), "critical" (critical), anything else
    // ("warning", "") normal. It expires as the server decides.
    void notify(const QString& title, const QString& body, const QString& severity);

    // The ids of the approvals whose notification is shown or on its way.
    [[nodiscard]] QList<qint64> shownApprovals() const;
    // The server's id of approvalId's notification; 0 while none is shown, or before the server
    // has answered.
    [[nodiscard]] uint notificationId(qint64 approvalId) const {
        return m_notificationOf.value(approvalId);
    }

public Q_SLOTS:
    // The request was answered elsewhere (the window, the API, expiry): its notification goes
    // (also when the server has not yet said which notification it is). Unknown ids: nothing.
    void withdraw(qint64 approvalId);

Q_SIGNALS:
    // Allow or Deny was clicked on approvalId's notification (once per notification).
    void approvalAnswered(qint64 approvalId, bool allow);
    // A notification of this object was clicked: show the window.
    void openRequested();

private Q_SLOTS:
    // The server's signals (connected by name: QtDBus needs slots).
    void onActionInvoked(uint notificationId, const QString& actionKey);
    void onNotificationClosed(uint notificationId, uint reason);

private:
    void send(qint64 approvalId, const QString& title, const QString& body, uchar urgency,
              const QStringList& actions, int expireTimeoutMs);
    void close(uint notificationId);
    void forget(uint notificationId);
    void serverChanged(bool hadOwner, bool owned);

    QDBusConnection m_bus;
    bool m_owned = false;                  // the server's name has an owner
    bool m_activatable = false;            // the bus starts the server on the first call
    QHash<uint, qint64> m_approvalOf;      // shown notification id -> approval id
    QHash<qint64, uint> m_notificationOf;  // approval id -> shown notification id
    QHash<qint64, quint64> m_awaiting;     // approval id -> the Notify call it waits for
    QSet<uint> m_plain;                    // ids of shown plain notifications
    quint64 m_calls = 0;
    int m_server = 0;  // counts the server's owner changes: an id is only good for its server
};

}  // namespace zerg
