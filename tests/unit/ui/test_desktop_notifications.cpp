// Desktop notifications with actions (org.freedesktop.Notifications) on a private session bus: a
// real dbus-daemon started by the test, and a fake notification server in this process on its
// own connection. An approval's notification carries the summary, the body, Allow / Deny / Open
// and critical urgency; the server's ActionInvoked answers it (once), opens the window, or is
// another application's and ignored; withdraw closes the right notification, also one the server
// has not yet numbered; a plain notification's urgency follows its severity. Without a server,
// available() is false and nothing blocks; a server that comes and goes is followed. The
// developer's own session bus is never touched.
#include "temp_env.h"
#include "ui/desktop_notifications.h"

#include <QDBusConnection>
#include <QDBusError>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");

// A session bus anyone may use and eavesdrop on; no activatable services.
const char kBusConfig[] =
    "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen>"
    "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
    "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n";

// A call that blocked on the server (in this very thread) would wait for its timeout.
constexpr qint64 kNonBlockingMs = 1000;

struct NotifyCall {
    QString appName;
    uint replacesId = 0;
    QString appIcon;
    QString summary;
    QString body;
    QStringList actions;
    QVariantMap hints;
    int expireTimeout = 0;
    uint id = 0;  // what the server answered
};

}  // namespace

// The notification server's side of the spec (1.2), recording what it is asked.
class FakeNotificationServer : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    QList<NotifyCall> notified;
    QList<uint> closed;  // CloseNotification's ids

    // The server's signals, as the test makes the user act.
    void invoke(uint id, const QString& actionKey) { Q_EMIT ActionInvoked(id, actionKey); }
    void dismiss(uint id) { Q_EMIT NotificationClosed(id, 2); }  // 2: dismissed by the user

public Q_SLOTS:
    uint Notify(const QString& appName, uint replacesId, const QString& appIcon,
                const QString& summary, const QString& body, const QStringList& actions,
                const QVariantMap& hints, int expireTimeout) {
        const uint id = replacesId != 0 ? replacesId : ++m_lastId;
        notified.append(
            {appName, replacesId, appIcon, summary, body, actions, hints, expireTimeout, id});
        return id;
    }
    void CloseNotification(uint id) {
        closed.append(id);
        Q_EMIT NotificationClosed(id, 3);  // 3: closed by a call to CloseNotification
    }
    QStringList GetCapabilities() { return {QStringLiteral("actions"), QStringLiteral("body")}; }
    QString GetServerInformation(QString& vendor, QString& version, QString& specVersion) {
        vendor = QStringLiteral("Zerg tests");
        version = QStringLiteral("1");
        specVersion = QStringLiteral("1.2");
        return QStringLiteral("fake");
    }

Q_SIGNALS:
    void ActionInvoked(uint id, const QString& actionKey);
    void NotificationClosed(uint id, uint reason);

private:
    uint m_lastId = 100;  // not the approvals' ids, so that a mix-up shows
};

class TestDesktopNotifications : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void approvalNotificationCarriesActionsAndUrgency();
    void allowDenyAndOpenFromTheNotification();
    void otherApplicationsActionsAreIgnored();
    void withdrawClosesTheRightNotification();
    void withdrawBeforeTheServerAnswered();
    void dismissedNotificationIsForgotten();
    void plainNotificationUrgencyFollowsSeverity();
    void withoutServerNothingIsAvailable();
    void serverThatComesAndGoesIsFollowed();

private:
    // A fresh pair of connections to the private bus: the server's and the client's.
    bool registerServer();
    void unregisterServer();
    [[nodiscard]] QDBusConnection client() const { return QDBusConnection(m_clientName); }
    // Notifies approvalId and waits until the server's id is known; returns it (0: not in 5 s).
    static uint shown(DesktopNotifications& notes, qint64 approvalId);

    QTemporaryDir m_dir;
    QProcess m_daemon;
    QString m_address;
    QByteArray m_savedAddress;
    bool m_hadAddress = false;
    int m_round = 0;
    int m_servers = 0;
    QString m_serverName;
    QString m_clientName;
    std::unique_ptr<FakeNotificationServer> m_fake;
};

void TestDesktopNotifications::initTestCase() {
    // Nothing in this process may reach the developer's session bus, even by accident.
    m_hadAddress = qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS");
    m_savedAddress = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");

    const QString daemon = test::findProgram(QStringLiteral("dbus-daemon"));
    if (daemon.isEmpty())
        QFAIL("dbus-daemon is missing: run scripts/setup");
    QVERIFY2(m_dir.isValid(), qPrintable(m_dir.errorString()));
    const QString config = m_dir.filePath(QStringLiteral("session.conf"));
    QFile file(config);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(file.errorString()));
    file.write(kBusConfig);
    file.close();

    m_daemon.setProcessChannelMode(QProcess::SeparateChannels);
    m_daemon.start(daemon, {QStringLiteral("--config-file=") + config, QStringLiteral("--nofork"),
                            QStringLiteral("--print-address")});
    QVERIFY2(m_daemon.waitForStarted(10000), qPrintable(m_daemon.errorString()));
    QElapsedTimer waited;
    waited.start();
    while (!m_daemon.canReadLine() && waited.elapsed() < 10000 &&
           m_daemon.state() == QProcess::Running) {
        m_daemon.waitForReadyRead(500);
    }
    m_address = QString::fromLocal8Bit(m_daemon.readLine()).trimmed();
    QVERIFY2(!m_address.isEmpty(),
             qPrintable(QStringLiteral("dbus-daemon printed no address: %1")
                            .arg(QString::fromLocal8Bit(m_daemon.readAllStandardError()))));
    qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toLocal8Bit());
}

void TestDesktopNotifications::cleanupTestCase() {
    if (m_daemon.state() != QProcess::NotRunning) {
        m_daemon.terminate();
        if (!m_daemon.waitForFinished(5000)) {
            m_daemon.kill();
            m_daemon.waitForFinished(5000);
        }
    }
    if (m_hadAddress)
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_savedAddress);
    else
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
}

void TestDesktopNotifications::init() {
    ++m_round;
    m_clientName = QStringLiteral("client-%1").arg(m_round);
    QVERIFY2(QDBusConnection::connectToBus(m_address, m_clientName).isConnected(),
             qPrintable(QDBusConnection(m_clientName).lastError().message()));
    QVERIFY(registerServer());
}

void TestDesktopNotifications::cleanup() {
    unregisterServer();
    QDBusConnection::disconnectFromBus(m_clientName);
}

bool TestDesktopNotifications::registerServer() {
    // A new connection each time: a new owner of the name, as a restarted server would be.
    m_serverName = QStringLiteral("server-%1").arg(++m_servers);
    QDBusConnection server = QDBusConnection::connectToBus(m_address, m_serverName);
    if (!server.isConnected()) {
        qWarning("cannot connect to the test bus: %s", qPrintable(server.lastError().message()));
        return false;
    }
    m_fake = std::make_unique<FakeNotificationServer>();
    if (!server.registerObject(
            kPath, m_fake.get(),
            QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals) ||
        !server.registerService(kService)) {
        qWarning("cannot register the fake server: %s", qPrintable(server.lastError().message()));
        return false;
    }
    return true;
}

void TestDesktopNotifications::unregisterServer() {
    if (!m_fake)
        return;
    QDBusConnection server(m_serverName);
    server.unregisterService(kService);
    server.unregisterObject(kPath);
    QDBusConnection::disconnectFromBus(m_serverName);
    m_fake.reset();
}

uint TestDesktopNotifications::shown(DesktopNotifications& notes, qint64 approvalId) {
    notes.notifyApproval(approvalId, QStringLiteral("Approval needed"),
                         QStringLiteral("web1: systemctl restart nginx"));
    if (!QTest::qWaitFor([&] { return notes.notificationId(approvalId) != 0; }, 5000))
        qWarning("approval %lld: the server's answer did not come", approvalId);
    return notes.notificationId(approvalId);
}

void TestDesktopNotifications::approvalNotificationCarriesActionsAndUrgency() {
    DesktopNotifications notes(client());
    QVERIFY(notes.available());

    QElapsedTimer timer;
    timer.start();
    notes.notifyApproval(42, QStringLiteral("Approval needed"),
                         QStringLiteral("web1: systemctl restart nginx"));
    QVERIFY2(timer.elapsed() < kNonBlockingMs, "notifyApproval waited for the server");

    QTRY_COMPARE(m_fake->notified.size(), 1);
    const NotifyCall call = m_fake->notified.constFirst();
    QCOMPARE(call.appName, QStringLiteral("Zerg"));
    QCOMPARE(call.replacesId, 0u);
    QCOMPARE(call.summary, QStringLiteral("Approval needed"));
    QCOMPARE(call.body, QStringLiteral("web1: systemctl restart nginx"));
    QCOMPARE(call.actions, (QStringList{QStringLiteral("allow"), QStringLiteral("Allow"),
                                        QStringLiteral("deny"), QStringLiteral("Deny"),
                                        QStringLiteral("default"), QStringLiteral("Open")}));
    const QVariant urgency = call.hints.value(QStringLiteral("urgency"));
    QCOMPARE(urgency.typeId(), int(QMetaType::UChar));  // a D-Bus BYTE
    QCOMPARE(int(urgency.value<uchar>()), 2);           // critical
    QCOMPARE(call.hints.value(QStringLiteral("desktop-entry")).toString(),
             QStringLiteral("dev.zerg.Zerg"));
    QCOMPARE(call.expireTimeout, 0);  // stays until answered
    QTRY_COMPARE(notes.notificationId(42), call.id);
    QCOMPARE(notes.shownApprovals(), QList<qint64>{42});

    // Again for the same approval: the shown notification is replaced, not doubled.
    notes.notifyApproval(42, QStringLiteral("Approval needed"), QStringLiteral("changed"));
    QTRY_COMPARE(m_fake->notified.size(), 2);
    QCOMPARE(m_fake->notified.at(1).replacesId, call.id);

    // The default constructor is on the session bus (here the private one).
    DesktopNotifications onSessionBus;
    QVERIFY(onSessionBus.available());
}

void TestDesktopNotifications::allowDenyAndOpenFromTheNotification() {
    DesktopNotifications notes(client());
    QSignalSpy answered(&notes, &DesktopNotifications::approvalAnswered);
    QSignalSpy opened(&notes, &DesktopNotifications::openRequested);
    const uint first = shown(notes, 1);
    const uint second = shown(notes, 2);
    const uint third = shown(notes, 3);
    QVERIFY(first != 0 && second != 0 && third != 0);

    // A double click (the second before the server could close it): one answer.
    m_fake->invoke(first, QStringLiteral("allow"));
    m_fake->invoke(first, QStringLiteral("deny"));
    QTRY_COMPARE(answered.size(), 1);
    QCOMPARE(answered.at(0).at(0).value<qint64>(), qint64(1));
    QCOMPARE(answered.at(0).at(1).toBool(), true);
    // Answered: closed on the server and forgotten.
    QTRY_COMPARE(m_fake->closed, QList<uint>{first});
    QCOMPARE(notes.notificationId(1), 0u);

    m_fake->invoke(second, QStringLiteral("deny"));
    QTRY_COMPARE(answered.size(), 2);
    QCOMPARE(answered.at(1).at(0).value<qint64>(), qint64(2));
    QCOMPARE(answered.at(1).at(1).toBool(), false);

    // A click on the notification opens the window; the request stays open.
    m_fake->invoke(third, QStringLiteral("default"));
    QTRY_COMPARE(opened.size(), 1);
    QCOMPARE(answered.size(), 2);
    QCOMPARE(notes.notificationId(3), third);

    // A click on an answered (and closed) notification answers nothing (signals arrive in
    // order: once the later one is seen, the earlier one was handled).
    m_fake->invoke(first, QStringLiteral("deny"));
    m_fake->invoke(third, QStringLiteral("allow"));
    QTRY_COMPARE(answered.size(), 3);
    QCOMPARE(answered.at(2).at(0).value<qint64>(), qint64(3));
    QCOMPARE(answered.at(2).at(1).toBool(), true);
    QCOMPARE(opened.size(), 1);
}

void TestDesktopNotifications::otherApplicationsActionsAreIgnored() {
    DesktopNotifications notes(client());
    QSignalSpy answered(&notes, &DesktopNotifications::approvalAnswered);
    QSignalSpy opened(&notes, &DesktopNotifications::openRequested);
    const uint ours = shown(notes, 5);
    QVERIFY(ours != 0);

    m_fake->invoke(ours + 1000, QStringLiteral("allow"));  // another application's
    m_fake->invoke(ours + 1000, QStringLiteral("default"));
    m_fake->invoke(ours, QStringLiteral("something-else"));  // not an action of ours
    m_fake->invoke(ours, QStringLiteral("deny"));
    QTRY_COMPARE(answered.size(), 1);
    QCOMPARE(answered.at(0).at(0).value<qint64>(), qint64(5));
    QCOMPARE(answered.at(0).at(1).toBool(), false);
    QCOMPARE(opened.size(), 0);
}

void TestDesktopNotifications::withdrawClosesTheRightNotification() {
    DesktopNotifications notes(client());
    const uint first = shown(notes, 11);
    const uint second = shown(notes, 12);
    QVERIFY(first != 0 && second != 0 && first != second);

    notes.withdraw(12);
    QTRY_COMPARE(m_fake->closed, QList<uint>{second});
    QCOMPARE(notes.notificationId(12), 0u);
    QCOMPARE(notes.notificationId(11), first);
    QCOMPARE(notes.shownApprovals(), QList<qint64>{11});

    // Unknown or already withdrawn: nothing is sent. (The next close shows the order.)
    notes.withdraw(12);
    notes.withdraw(999);
    notes.withdraw(11);
    QTRY_COMPARE(m_fake->closed, (QList<uint>{second, first}));
}

void TestDesktopNotifications::withdrawBeforeTheServerAnswered() {
    DesktopNotifications notes(client());
    QSignalSpy answered(&notes, &DesktopNotifications::approvalAnswered);
    // No event is handled in between: the server has not even seen the Notify yet.
    notes.notifyApproval(21, QStringLiteral("Approval needed"), QStringLiteral("rm -rf /tmp/x"));
    QCOMPARE(notes.shownApprovals(), QList<qint64>{21});
    notes.withdraw(21);
    QVERIFY(notes.shownApprovals().isEmpty());

    QTRY_COMPARE(m_fake->notified.size(), 1);
    const uint id = m_fake->notified.constFirst().id;
    QTRY_COMPARE(m_fake->closed, QList<uint>{id});
    QCOMPARE(notes.notificationId(21), 0u);
    m_fake->invoke(id, QStringLiteral("allow"));
    const uint later = shown(notes, 22);  // a round trip after the click
    QVERIFY(later != 0);
    QCOMPARE(answered.size(), 0);
}

void TestDesktopNotifications::dismissedNotificationIsForgotten() {
    DesktopNotifications notes(client());
    QSignalSpy answered(&notes, &DesktopNotifications::approvalAnswered);
    const uint id = shown(notes, 31);
    QVERIFY(id != 0);

    m_fake->dismiss(id);
    QTRY_COMPARE(notes.notificationId(31), 0u);
    notes.withdraw(31);  // nothing left to close
    m_fake->invoke(id, QStringLiteral("allow"));
    const uint other = shown(notes, 32);
    notes.withdraw(32);
    QTRY_COMPARE(m_fake->closed, QList<uint>{other});
    QCOMPARE(answered.size(), 0);
}

void TestDesktopNotifications::plainNotificationUrgencyFollowsSeverity() {
    DesktopNotifications notes(client());
    QSignalSpy opened(&notes, &DesktopNotifications::openRequested);
    notes.notify(QStringLiteral("Disk check"), QStringLiteral("all fine"), QStringLiteral("info"));
    notes.notify(QStringLiteral("Disk check"), QStringLiteral("80% full"),
                 QStringLiteral("warning"));
    notes.notify(QStringLiteral("Disk check"), QStringLiteral("99% full"),
                 QStringLiteral("critical"));
    notes.notify(QStringLiteral("Disk check"), QStringLiteral("answered"), QString());
    QTRY_COMPARE(m_fake->notified.size(), 4);
    const QList<int> urgencies{0, 1, 2, 1};  // low, normal, critical, normal
    for (int i = 0; i < 4; ++i) {
        const NotifyCall& call = m_fake->notified.at(i);
        QCOMPARE(call.summary, QStringLiteral("Disk check"));
        QCOMPARE(int(call.hints.value(QStringLiteral("urgency")).value<uchar>()), urgencies.at(i));
        QCOMPARE(call.actions, (QStringList{QStringLiteral("default"), QStringLiteral("Open")}));
        QCOMPARE(call.expireTimeout, -1);  // as the server decides
    }
    QCOMPARE(m_fake->notified.at(2).body, QStringLiteral("99% full"));
    QVERIFY(notes.shownApprovals().isEmpty());

    // Clicked: open the window. (The id is known once a later notification's answer came.)
    shown(notes, 41);
    m_fake->invoke(m_fake->notified.at(1).id, QStringLiteral("default"));
    QTRY_COMPARE(opened.size(), 1);
}

void TestDesktopNotifications::withoutServerNothingIsAvailable() {
    unregisterServer();
    DesktopNotifications notes(client());
    QVERIFY(!notes.available());

    // Called anyway: returns at once, the failure is logged, nothing stays waiting.
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("desktop notification was not shown")));
    QElapsedTimer timer;
    timer.start();
    notes.notifyApproval(51, QStringLiteral("Approval needed"), QStringLiteral("reboot"));
    QVERIFY2(timer.elapsed() < kNonBlockingMs, "notifyApproval waited for a missing server");
    QTRY_VERIFY(notes.shownApprovals().isEmpty());

    // Not connected at all: not available either.
    DesktopNotifications nowhere{QDBusConnection(QStringLiteral("no-such-connection"))};
    QVERIFY(!nowhere.available());
}

void TestDesktopNotifications::serverThatComesAndGoesIsFollowed() {
    unregisterServer();
    DesktopNotifications notes(client());
    QVERIFY(!notes.available());

    QVERIFY(registerServer());
    QTRY_VERIFY(notes.available());
    const uint id = shown(notes, 61);
    QVERIFY(id != 0);

    // The server stops: its notifications went with it.
    unregisterServer();
    QTRY_VERIFY(!notes.available());
    QCOMPARE(notes.notificationId(61), 0u);
    QVERIFY(notes.shownApprovals().isEmpty());

    // A new server numbers its own notifications: the old id answers nothing there.
    QVERIFY(registerServer());
    QTRY_VERIFY(notes.available());
    QSignalSpy answered(&notes, &DesktopNotifications::approvalAnswered);
    m_fake->invoke(id, QStringLiteral("allow"));
    const uint again = shown(notes, 62);
    QVERIFY(again != 0);
    QCOMPARE(answered.size(), 0);
}

QTEST_GUILESS_MAIN(TestDesktopNotifications)
#include "test_desktop_notifications.moc"
