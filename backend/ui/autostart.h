#pragma once

#include "core/status.h"

#include <QCoreApplication>
#include <QString>

namespace zerg {

// Zerg started when the user logs in, in the background (`zerg --background`: no window until
// it is asked for, so scheduled checks run from the start of the session):
//   Linux  an autostart entry, $XDG_CONFIG_HOME/autostart/dev.zerg.Zerg.desktop (the
//          freedesktop autostart specification: GNOME, KDE, Xfce, … read it at login);
//   macOS  a launch agent, ~/Library/LaunchAgents/dev.zerg.Zerg.plist (launchd, RunAtLoad).
// The entry starts the program that wrote it (its absolute path). An entry that says Hidden=true
// (a desktop's way of switching one off) counts as off; switching on writes a fresh one.
class Autostart {
    Q_DECLARE_TR_FUNCTIONS(Autostart)
public:
    // entryPath: the file above (tests: a temp folder); program: what it starts.
    Autostart(QString entryPath, QString program);
    // This user's entry for this platform, starting this program.
    [[nodiscard]] static Autostart forThisUser();

    [[nodiscard]] bool isEnabled() const;
    // Writes (atomically, readable by the user only) or removes the entry. Errors:
    // "autostart_unwritable" with the file and the reason.
    [[nodiscard]] Status setEnabled(bool enabled) const;

    [[nodiscard]] QString entryPath() const { return m_entryPath; }
    // The entry's text for this platform.
    [[nodiscard]] QByteArray entryText() const;
    // The freedesktop entry and the launchd property list, for program.
    [[nodiscard]] static QByteArray desktopEntry(const QString& program);
    [[nodiscard]] static QByteArray launchAgent(const QString& program);

private:
    QString m_entryPath;
    QString m_program;
};

}  // namespace zerg
