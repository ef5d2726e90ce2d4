#include "ui/desktop_notifications.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusServiceWatcher>
#include <QVariantMap>

namespace zerg {
namespace {

// https://specifications.freedesktop.org/notification-spec/ (1.2).
const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");
const QString kAppName = QStringLiteral("Zerg");
// The desktop file's name without ".desktop" (QGuiApplication::setDesktopFileName in
// app/main.cpp), which is also the installed icon's name: the server finds the app by it.
const QString kDesktopEntry = QStringLiteral("dev.zerg.Zerg");

// The bus daemon answers its own questions at once; the notification server may be slow.
constexpr int kBusTimeoutMs = 1000;
constexpr int kCallTimeoutMs = 10000;

constexpr uchar kUrgencyLow = 0;
constexpr uchar kUrgencyNormal = 1;
constexpr uchar kUrgencyCritical = 2;
constexpr int kExpireAsServerDecides = -1;
constexpr int kNeverExpire = 0;

uchar urgencyOf(const QString& severity) {
    if (severity == QLatin1String("critical"))
        return kUrgencyCritical;
    if (severity == QLatin1String("info"))
        return kUrgencyLow;
    return kUrgencyNormal;
}

// One question to the bus daemon (org.freedesktop.DBus); its first answer, or null.
QVariant askBus(const QDBusConnection& bus, const QString& method, const QVariantList& args) {
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
        QStringLiteral("org.freedesktop.DBus"), method);
    call.setArguments(args);
    const QDBusMessage reply = bus.call(call, QDBus::Block, kBusTimeoutMs);
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
        return {};
    return reply.arguments().constFirst();
}

}  // namespace

DesktopNotifications::DesktopNotifications(QObject* parent)
    : DesktopNotifications(QDBusConnection::sessionBus(), parent) {}

DesktopNotifications::DesktopNotifications(const QDBusConnection& bus, QObject* parent)
    : QObject(parent), m_bus(bus) {
    if (!m_bus.isConnected())
        return;
    m_owned = askBus(m_bus, QStringLiteral("NameHasOwner"), {kService}).toBool();
    m_activatable =
        askBus(m_bus, QStringLiteral("ListActivatableNames"), {}).toStringList().contains(kService);
    auto* watcher =
        new QDBusServiceWatcher(kService, m_bus, QDBusServiceWatcher::WatchForOwnerChange, this);
    connect(watcher, &QDBusServiceWatcher::serviceOwnerChanged, this,
            [this](const QString&, const QString& oldOwner, const QString& newOwner) {
                serverChanged(!oldOwner.isEmpty(), !newOwner.isEmpty());
            });
    // Only from the name's owner (QtDBus follows it), and only for our ids (the slots check).
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("ActionInvoked"), this,
                  SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("NotificationClosed"), this,
                  SLOT(onNotificationClosed(uint, uint)));
}

bool DesktopNotifications::available() const {
    return m_bus.isConnected() && (m_owned || m_activatable);
}

void DesktopNotifications::notifyApproval(qint64 approvalId, const QString& title,
                                          const QString& body) {
    if (approvalId == 0) {
        qWarning("zerg: an approval notification needs the approval's id.");
        return;
    }
    send(approvalId, title, body, kUrgencyCritical,
         {QStringLiteral("allow"), tr("Allow"), QStringLiteral("deny"), tr("Deny"),
          QStringLiteral("default"), tr("Open")},
         kNeverExpire);
}

void DesktopNotifications::notify(const QString& title, const QString& body,
                                  const QString& severity) {
    send(0, title, body, urgencyOf(severity), {QStringLiteral("default"), tr("Open")},
         kExpireAsServerDecides);
}

QList<qint64> DesktopNotifications::shownApprovals() const {
    QSet<qint64> ids(m_awaiting.keyBegin(), m_awaiting.keyEnd());
    for (auto it = m_notificationOf.keyBegin(); it != m_notificationOf.keyEnd(); ++it)
        ids.insert(*it);
    return ids.values();
}

// approvalId 0: a plain notification.
void DesktopNotifications::send(qint64 approvalId, const QString& title, const QString& body,
                                uchar urgency, const QStringList& actions, int expireTimeoutMs) {
    const uint replaces = approvalId != 0 ? m_notificationOf.value(approvalId) : 0;
    const QVariantMap hints{{QStringLiteral("urgency"), QVariant::fromValue(urgency)},
                            {QStringLiteral("desktop-entry"), kDesktopEntry}};
    QDBusMessage call =
        QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    call << kAppName << replaces << kDesktopEntry << title << body << actions << hints
         << expireTimeoutMs;
    const quint64 token = ++m_calls;
    if (approvalId != 0)
        m_awaiting.insert(approvalId, token);
    auto* watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kCallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, approvalId, token, server = m_server](QDBusPendingCallWatcher* w) {
                w->deleteLater();
                const QDBusPendingReply<uint> reply = *w;
                if (server != m_server)
                    return;  // another server by now: the id is not its
                const bool current = approvalId != 0 && m_awaiting.value(approvalId) == token;
                if (current)
                    m_awaiting.remove(approvalId);
                if (reply.isError()) {
                    qWarning("zerg: the desktop notification was not shown: %s",
                             qPrintable(reply.error().message()));
                    return;
                }
                const uint id = reply.value();
                if (approvalId == 0) {
                    m_plain.insert(id);
                    return;
                }
                if (!current) {
                    close(id);  // withdrawn, or shown again, while the server answered
                    return;
                }
                // Replacing keeps the id; a new one means the old notification was gone.
                if (const uint old = m_notificationOf.value(approvalId); old != 0 && old != id)
                    m_approvalOf.remove(old);
                m_approvalOf.insert(id, approvalId);
                m_notificationOf.insert(approvalId, id);
            });
}

void DesktopNotifications::withdraw(qint64 approvalId) {
    m_awaiting.remove(approvalId);  // a Notify on its way: closed when its answer comes
    const uint id = m_notificationOf.value(approvalId);
    if (id == 0)
        return;
    forget(id);
    close(id);
}

void DesktopNotifications::close(uint notificationId) {
    // No answer is awaited: an error only says the notification was already closed.
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface,
                                                       QStringLiteral("CloseNotification"));
    call << notificationId;
    m_bus.send(call);
}

void DesktopNotifications::forget(uint notificationId) {
    m_plain.remove(notificationId);
    const auto it = m_approvalOf.constFind(notificationId);
    if (it == m_approvalOf.cend())
        return;
    m_notificationOf.remove(*it);
    m_approvalOf.erase(it);
}

void DesktopNotifications::onActionInvoked(uint notificationId, const QString& actionKey) {
    if (m_plain.contains(notificationId)) {
        if (actionKey == QLatin1String("default"))
            Q_EMIT openRequested();
        return;
    }
    const auto it = m_approvalOf.constFind(notificationId);
    if (it == m_approvalOf.cend())
        return;  // another application's notification
    const qint64 approvalId = *it;
    if (actionKey == QLatin1String("default")) {
        Q_EMIT openRequested();  // the card in the window answers; the notification stays
        return;
    }
    if (actionKey != QLatin1String("allow") && actionKey != QLatin1String("deny"))
        return;
    // Answered: a second click counts for nothing, and the notification goes even on a server
    // that keeps it after an action.
    forget(notificationId);
    close(notificationId);
    Q_EMIT approvalAnswered(approvalId, actionKey == QLatin1String("allow"));
}

void DesktopNotifications::onNotificationClosed(uint notificationId, uint reason) {
    Q_UNUSED(reason)  // expired, dismissed, closed by a call: gone either way
    forget(notificationId);
}

void DesktopNotifications::serverChanged(bool hadOwner, bool owned) {
    m_owned = owned;
    // A server that starts (perhaps for our own call: D-Bus activation) answers the calls
    // waiting for it. One that stops or is replaced takes its notifications along, and the ids
    // we hold may name another application's notifications on the next one.
    if (!hadOwner)
        return;
    ++m_server;
    m_approvalOf.clear();
    m_notificationOf.clear();
    m_awaiting.clear();
    m_plain.clear();
}

}  // namespace zerg
