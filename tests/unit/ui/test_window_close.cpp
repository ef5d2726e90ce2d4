// What closing the window does (WindowClose: tray, no tray with and without active schedules, the
// question answered once and remembered in the setting) and the login entry of Settings › Desktop
// (Autostart: the desktop entry's text, on and off, a desktop's Hidden=true, an unwritable
// folder). QSettings lives in a temporary folder: the developer's configuration is never touched.
#include "core/settings.h"
#include "temp_env.h"
#include "ui/autostart.h"
#include "ui/settings_model.h"
#include "ui/window_close.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace zerg;

class TestWindowClose : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    static QString stored() {
        return QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg"))
            .value(QStringLiteral("ui/close_window"))
            .toString();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        test::isolateSettings(m_dir.path());
    }

    void init() {
        test::clearZergEnvironment();
        qunsetenv("ZERG_CLOSE_WINDOW");
        QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
        q.clear();
        q.sync();
    }

    void withATrayTheWindowHides() {
        SettingsModel settings(Settings::load());
        WindowClose close({true, [] { return 3; }, &settings});
        QSignalSpy hide(&close, &WindowClose::hideRequested);
        QSignalSpy quit(&close, &WindowClose::quitRequested);
        QCOMPARE(close.closeRequested(), WindowClose::Action::Hide);
        QCOMPARE(hide.size(), 1);
        QCOMPARE(quit.size(), 0);
        QVERIFY(!close.asking());
    }

    void withoutATrayAndWithoutSchedulesItQuits() {
        SettingsModel settings(Settings::load());
        int active = 0;
        WindowClose close({false, [&active] { return active; }, &settings});
        QSignalSpy quit(&close, &WindowClose::quitRequested);
        QCOMPARE(close.closeRequested(), WindowClose::Action::Quit);
        QCOMPARE(quit.size(), 1);
        // Even when the setting says keep running: nothing would run.
        QVERIFY(settings.setValue(QStringLiteral("ui/close_window"), QStringLiteral("background")));
        QCOMPARE(close.closeRequested(), WindowClose::Action::Quit);
        QCOMPARE(quit.size(), 2);
    }

    void activeSchedulesAskOnceAndTheAnswerIsRemembered() {
        SettingsModel settings(Settings::load());
        WindowClose close({false, [] { return 2; }, &settings});
        QSignalSpy hide(&close, &WindowClose::hideRequested);
        QSignalSpy quit(&close, &WindowClose::quitRequested);
        QSignalSpy asking(&close, &WindowClose::askingChanged);
        QCOMPARE(close.choice(), CloseChoice::Ask);
        QCOMPARE(close.closeRequested(), WindowClose::Action::Ask);
        QVERIFY(close.asking());
        QCOMPARE(close.activeSchedulesAsked(), 2);
        QCOMPARE(asking.size(), 1);
        QCOMPARE(hide.size() + quit.size(), 0);  // nothing happens until the answer

        close.answer(true);
        QVERIFY(!close.asking());
        QCOMPARE(hide.size(), 1);
        QCOMPARE(quit.size(), 0);
        QCOMPARE(stored(), QStringLiteral("background"));
        QCOMPARE(close.choice(), CloseChoice::Background);
        // Remembered: the next close does not ask.
        QCOMPARE(close.closeRequested(), WindowClose::Action::Hide);
        QCOMPARE(hide.size(), 2);
        QVERIFY(!close.asking());
        // An answer without a question does nothing.
        close.answer(false);
        QCOMPARE(quit.size(), 0);
        QCOMPARE(stored(), QStringLiteral("background"));
    }

    void answeringQuitQuitsAndIsRemembered() {
        SettingsModel settings(Settings::load());
        WindowClose close({false, [] { return 1; }, &settings});
        QSignalSpy quit(&close, &WindowClose::quitRequested);
        QCOMPARE(close.closeRequested(), WindowClose::Action::Ask);
        close.answer(false);
        QCOMPARE(quit.size(), 1);
        QCOMPARE(stored(), QStringLiteral("quit"));
        QCOMPARE(close.closeRequested(), WindowClose::Action::Quit);
        QCOMPARE(quit.size(), 2);
        // A later load of the settings reads the answer, as the next start does.
        QCOMPARE(Settings::load().closeWindow, QStringLiteral("quit"));
    }

    void dismissingKeepsTheWindowAndAsksAgain() {
        SettingsModel settings(Settings::load());
        WindowClose close({false, [] { return 1; }, &settings});
        QSignalSpy hide(&close, &WindowClose::hideRequested);
        QSignalSpy quit(&close, &WindowClose::quitRequested);
        QCOMPARE(close.closeRequested(), WindowClose::Action::Ask);
        close.dismiss();
        QVERIFY(!close.asking());
        QCOMPARE(hide.size() + quit.size(), 0);
        QVERIFY(stored().isEmpty());
        QCOMPARE(close.closeRequested(), WindowClose::Action::Ask);
    }

    void theEnvironmentDecidesAndIsNotOverwritten() {
        qputenv("ZERG_CLOSE_WINDOW", "background");
        SettingsModel settings(Settings::load());
        WindowClose close({false, [] { return 1; }, &settings});
        QCOMPARE(close.closeRequested(), WindowClose::Action::Hide);
        qputenv("ZERG_CLOSE_WINDOW", "nonsense");  // an unknown word: ask
        QCOMPARE(Settings::load().closeWindow, QStringLiteral("ask"));
        qunsetenv("ZERG_CLOSE_WINDOW");
    }

    void theDesktopEntryStartsThisProgramInTheBackground() {
        const QByteArray entry =
            Autostart::desktopEntry(QStringLiteral("/opt/My Apps/zerg \"beta\"$x\\y"));
        QVERIFY(entry.startsWith("[Desktop Entry]\n"));
        QVERIFY(entry.contains("Type=Application\n"));
        // Quoted, with ", $ and \ escaped, then every backslash doubled (a string value).
        QVERIFY2(entry.contains("Exec=\"/opt/My Apps/zerg \\\\\"beta\\\\\"\\\\$x\\\\\\\\y\" "
                                "--background\n"),
                 entry.constData());
        const QByteArray plist = Autostart::launchAgent(QStringLiteral("/Applications/Z&g.app"));
        QVERIFY(plist.contains("<string>/Applications/Z&amp;g.app</string>"));
        QVERIFY(plist.contains("<string>--background</string>"));
        QVERIFY(plist.contains("<key>RunAtLoad</key>"));
    }

    void theSwitchWritesAndRemovesTheEntry() {
        QTemporaryDir home;
        const QString path = home.filePath(QStringLiteral("autostart/dev.zerg.Zerg.desktop"));
        const Autostart autostart(path, QStringLiteral("/usr/bin/zerg"));
        QVERIFY(!autostart.isEnabled());
        QVERIFY(autostart.setEnabled(true).ok());
        QVERIFY(autostart.isEnabled());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), autostart.entryText());
        QCOMPARE(file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        file.close();
        // A desktop's own switch (Hidden=true) counts as off; switching on writes a fresh entry.
        QVERIFY(file.open(QIODevice::Append));
        file.write("Hidden = true\n");
        file.close();
        QVERIFY(!autostart.isEnabled());
        QVERIFY(autostart.setEnabled(true).ok());
        QVERIFY(autostart.isEnabled());
        QVERIFY(autostart.setEnabled(false).ok());
        QVERIFY(!QFile::exists(path));
        QVERIFY(!autostart.isEnabled());
        QVERIFY(autostart.setEnabled(false).ok());  // already off: fine
    }

    void theSettingsSwitchSaysWhyItFailed() {
        QTemporaryDir home;
        // The autostart "folder" is a file: nothing can be written there.
        QFile blocker(home.filePath(QStringLiteral("autostart")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        SettingsModel settings(Settings::load());
        settings.useAutostart(
            Autostart(home.filePath(QStringLiteral("autostart/dev.zerg.Zerg.desktop")),
                      QStringLiteral("/usr/bin/zerg")));
        QSignalSpy changed(&settings, &SettingsModel::autostartChanged);
        QVERIFY(!settings.setAutostart(true));
        QVERIFY(!settings.autostart());
        QVERIFY2(settings.autostartError().contains(QStringLiteral("dev.zerg.Zerg.desktop")),
                 qPrintable(settings.autostartError()));
        QCOMPARE(changed.size(), 1);

        QVERIFY(blocker.remove());
        QVERIFY(settings.setAutostart(true));
        QVERIFY(settings.autostart());
        QVERIFY(settings.autostartError().isEmpty());
        QVERIFY(settings.setAutostart(false));
        QVERIFY(!settings.autostart());
    }
};

QTEST_GUILESS_MAIN(TestWindowClose)
#include "test_window_close.moc"
