#include "core/private_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace zerg::files {
namespace {

constexpr mode_t kFolderMode = 0700;
constexpr mode_t kFileMode = 0600;

QString systemError(int err) {
    return QString::fromLocal8Bit(std::strerror(err));
}

Error ioError(const QString& what, const QString& path, int err) {
    return Error{QStringLiteral("io"),
                 QStringLiteral("Cannot create the %1 %2: %3")
                     .arg(what, QDir::toNativeSeparators(path), systemError(err))};
}

}  // namespace

Status makePrivateDir(const QString& path) {
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    if (QFileInfo(absolute).isDir())
        return Ok{};
    const QString parent = QFileInfo(absolute).path();
    if (!QDir().mkpath(parent)) {
        return Error{
            QStringLiteral("io"),
            QStringLiteral("Cannot create the folder %1").arg(QDir::toNativeSeparators(parent))};
    }
    const QByteArray native = QFile::encodeName(absolute);
    if (::mkdir(native.constData(), kFolderMode) != 0) {
        const int err = errno;
        if (err == EEXIST && QFileInfo(absolute).isDir())
            return Ok{};  // made by someone else meanwhile: theirs
        return ioError(QStringLiteral("folder"), absolute, err);
    }
    // The umask may have taken bits off the owner's; the folder is new, so set its mode exactly.
    if (::chmod(native.constData(), kFolderMode) != 0)
        return ioError(QStringLiteral("folder"), absolute, errno);
    return Ok{};
}

Result<bool> createPrivateFile(const QString& path) {
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kFileMode);
    if (fd < 0) {
        const int err = errno;
        if (err == EEXIST)
            return false;
        return ioError(QStringLiteral("file"), path, err);
    }
    const bool modeSet = ::fchmod(fd, kFileMode) == 0;
    const int err = errno;
    ::close(fd);
    if (!modeSet)
        return ioError(QStringLiteral("file"), path, err);
    return true;
}

bool isSharedWithOthers(const QString& path, int* mode) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    if (mode)
        *mode = int(st.st_mode & 07777);
    return (st.st_mode & 077) != 0;
}

}  // namespace zerg::files
