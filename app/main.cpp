#include "cli.h"
#include "core/settings.h"
#include "gui.h"
#include "startup_trace.h"
#include "ui/app_language.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>
#include <QtQml/QQmlExtensionPlugin>

#include <memory>

Q_IMPORT_QML_PLUGIN(Zerg_BackendPlugin)
Q_IMPORT_QML_PLUGIN(Zerg_AppPlugin)

namespace {

void describeApp() {
    QCoreApplication::setOrganizationName(QStringLiteral("Zerg"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("zerg.dev"));
    QCoreApplication::setApplicationName(QStringLiteral("zerg"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ZERG_VERSION));
}

}  // namespace

int main(int argc, char** argv) {
    zerg::startup::begin();
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));

    // The command line runs headless: no display needed for `zerg ask` or `zerg workers`.
    if (zerg::cli::isCommandLine(args)) {
        QCoreApplication app(argc, argv);
        describeApp();
        // Help, errors and tables in the user's language (ZERG_LANGUAGE, Settings, the system).
        zerg::AppLanguage language;
        language.apply(zerg::Settings::loadLanguage());
        return zerg::cli::run(args);
    }
    QApplication app(argc, argv);
    describeApp();
    QGuiApplication::setDesktopFileName(QStringLiteral("dev.zerg.Zerg"));
    // The installed hicolor icon (packaging/); none when run from the build tree.
    QGuiApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("dev.zerg.Zerg")));
    zerg::startup::mark("application");
    return zerg::gui::run(QCoreApplication::arguments());
}
