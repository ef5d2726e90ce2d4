#include "ui/autostart.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace zerg {
namespace {

// A desktop entry's Exec argument: quoted, with ", `, $ and \ escaped inside the quotes, then
// every \ doubled again because the value is a string (Desktop Entry specification, "The Exec
// key").
QString execArgument(const QString& arg) {
    QString quoted;
    for (const QChar c : arg) {
        if (c == u'"' || c == u'`' || c == u'$' || c == u'\\')
            quoted += u'\\';
        quoted += c;
    }
    quoted = QLatin1Char('"') + quoted + QLatin1Char('"');
    return quoted.replace(QLatin1String("\\"), QLatin1String("\\\\"));
}

}  // namespace

Autostart::Autostart(QString entryPath, QString program)
    : m_entryPath(std::move(entryPath)), m_program(std::move(program)) {}

Autostart Autostart::forThisUser() {
#ifdef Q_OS_MACOS
    const QString path =
        QDir::homePath() + QStringLiteral("/Library/LaunchAgents/dev.zerg.Zerg.plist");
#else
    const QString path = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                         QStringLiteral("/autostart/dev.zerg.Zerg.desktop");
#endif
    return {path, QCoreApplication::applicationFilePath()};
}

QByteArray Autostart::desktopEntry(const QString& program) {
    QString text = QStringLiteral(
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=Zerg\n"
        "Comment=Zerg in the background, so that scheduled checks run\n"
        "Comment[de]=Zerg im Hintergrund, damit geplante Prüfungen laufen\n"
        "Exec=%1 --background\n"
        "Icon=dev.zerg.Zerg\n"
        "Terminal=false\n"
        "X-GNOME-Autostart-enabled=true\n");
    return text.arg(execArgument(program)).toUtf8();
}

QByteArray Autostart::launchAgent(const QString& program) {
    QString text = QStringLiteral(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        "<plist version=\"1.0\">\n"
        "<dict>\n"
        "  <key>Label</key>\n"
        "  <string>dev.zerg.Zerg</string>\n"
        "  <key>ProgramArguments</key>\n"
        "  <array>\n"
        "    <string>%1</string>\n"
        "    <string>--background</string>\n"
        "  </array>\n"
        "  <key>RunAtLoad</key>\n"
        "  <true/>\n"
        "  <key>ProcessType</key>\n"
        "  <string>Interactive</string>\n"
        "</dict>\n"
        "</plist>\n");
    return text.arg(program.toHtmlEscaped()).toUtf8();
}

QByteArray Autostart::entryText() const {
#ifdef Q_OS_MACOS
    return launchAgent(m_program);
#else
    return desktopEntry(m_program);
#endif
}

bool Autostart::isEnabled() const {
    QFile file(m_entryPath);
    if (!file.open(QIODevice::ReadOnly))
        return false;
#ifdef Q_OS_MACOS
    return true;
#else
    // Hidden=true in the [Desktop Entry] group: switched off by the desktop's own settings.
    bool inEntry = false;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.startsWith('['))
            inEntry = line == "[Desktop Entry]";
        else if (inEntry && line.startsWith("Hidden") && line.mid(6).trimmed().startsWith('=') &&
                 line.mid(line.indexOf('=') + 1).trimmed() == "true")
            return false;
    }
    return true;
#endif
}

Status Autostart::setEnabled(bool enabled) const {
    const auto failed = [this](const QString& why) {
        return Error{QStringLiteral("autostart_unwritable"),
                     tr("Zerg could not change its login entry %1: %2. Check that you may write "
                        "to that folder.")
                         .arg(QDir::toNativeSeparators(m_entryPath), why)};
    };
    if (!enabled) {
        QFile file(m_entryPath);
        if (file.exists() && !file.remove())
            return failed(file.errorString());
        return Ok{};
    }
    if (!QDir().mkpath(QFileInfo(m_entryPath).absolutePath()))
        return failed(tr("the folder cannot be created"));
    QSaveFile file(m_entryPath);
    if (!file.open(QIODevice::WriteOnly))
        return failed(file.errorString());
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(entryText());
    if (!file.commit())
        return failed(file.errorString());
    return Ok{};
}

}  // namespace zerg
