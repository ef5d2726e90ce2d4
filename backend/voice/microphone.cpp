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

// The plug-in's entry point `symbol`, loaded once; an error that says what to do when it is not
// there.
Result<QFunctionPointer> pluginEntry(const char* symbol) {
    static QMutex lock;
    static QLibrary* library = nullptr;
    static QString problem;
    const QMutexLocker locker(&lock);
    if (!library && problem.isEmpty()) {
        QStringList tried;
        for (const QString& dir : pluginDirs()) {
            const QString path = QDir(dir).filePath(QStringLiteral("zerg-microphone.so"));
            if (!QFile::exists(path)) {
                tried.append(QDir::cleanPath(path));
                continue;
            }
            auto* candidate = new QLibrary(path);  // kept loaded for the process's life
            if (!candidate->load()) {
                problem = MicrophonePlugin::tr(
                              "The microphone plug-in %1 could not be loaded: "
                              "%2. Install Qt Multimedia "
                              "(libqt6multimedia6; scripts/setup does it).")
                              .arg(path, candidate->errorString());
                delete candidate;
            } else {
                library = candidate;
            }
            break;
        }
        if (!library && problem.isEmpty()) {
            problem = MicrophonePlugin::tr(
                          "The microphone plug-in is not installed (looked for "
                          "%1). Reinstall Zerg, or build it again.")
                          .arg(tried.join(QStringLiteral(", ")));
        }
    }
    if (!library)
        return Error{QStringLiteral("unavailable"), problem};
    const QFunctionPointer entry = library->resolve(symbol);
    if (!entry) {
        return Error{QStringLiteral("unavailable"),
                     MicrophonePlugin::tr("The microphone plug-in %1 is from another version of "
                                          "Zerg (%2 is missing). Reinstall Zerg.")
                         .arg(library->fileName(), QString::fromLatin1(symbol))};
    }
    return entry;
}

}  // namespace

Result<std::unique_ptr<Microphone>> loadMicrophone() {
    const Result<QFunctionPointer> entry = pluginEntry("zerg_create_microphone");
    if (!entry)
        return entry.error();
    return std::unique_ptr<Microphone>(reinterpret_cast<ZergCreateMicrophone>(entry.value())());
}

Result<std::unique_ptr<Speaker>> loadSpeaker() {
    const Result<QFunctionPointer> entry = pluginEntry("zerg_create_speaker");
    if (!entry)
        return entry.error();
    return std::unique_ptr<Speaker>(reinterpret_cast<ZergCreateSpeaker>(entry.value())());
}

}  // namespace zerg
