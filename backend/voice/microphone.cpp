#include "voice/microphone.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLibrary>
#include <QMutex>

namespace zerg {
namespace {

class MicrophonePlugin {
    Q_DECLARE_TR_FUNCTIONS(MicrophonePlugin)
};

// Where the plug-in may be: ZERG_PLUGIN_DIR, else lib/zerg beside the binary's bin/ (the build
// tree and /usr alike), else the binary's own folder (a macOS bundle's MacOS/).
QStringList pluginDirs() {
    QStringList dirs;
    if (qEnvironmentVariableIsSet("ZERG_PLUGIN_DIR"))
        dirs.append(qEnvironmentVariable("ZERG_PLUGIN_DIR"));
    const QString app = QCoreApplication::applicationDirPath();
    dirs.append(QDir(app).filePath(QStringLiteral("../lib/zerg")));
    dirs.append(app);
    return dirs;
}

}  // namespace

Result<std::unique_ptr<Microphone>> loadMicrophone() {
    static QMutex lock;
    static ZergCreateMicrophone create = nullptr;
    static QString problem;
    const QMutexLocker locker(&lock);
    if (!create && problem.isEmpty()) {
        QStringList tried;
        for (const QString& dir : pluginDirs()) {
            const QString path = QDir(dir).filePath(QStringLiteral("zerg-microphone.so"));
            if (!QFile::exists(path)) {
                tried.append(QDir::cleanPath(path));
                continue;
            }
            auto* library = new QLibrary(path);  // kept loaded for the process's life
            create =
                reinterpret_cast<ZergCreateMicrophone>(library->resolve("zerg_create_microphone"));
            if (!create) {
                problem = MicrophonePlugin::tr(
                              "The microphone plug-in %1 could not be loaded: "
                              "%2. Install Qt Multimedia "
                              "(libqt6multimedia6; scripts/setup does it).")
                              .arg(path, library->errorString());
                delete library;
            }
            break;
        }
        if (!create && problem.isEmpty()) {
            problem = MicrophonePlugin::tr(
                          "The microphone plug-in is not installed (looked for "
                          "%1). Reinstall Zerg, or build it again.")
                          .arg(tried.join(QStringLiteral(", ")));
        }
    }
    if (!create)
        return Error{QStringLiteral("unavailable"), problem};
    return std::unique_ptr<Microphone>(create());
}

}  // namespace zerg
