#include "core/secret_store.h"

#include <qt6keychain/keychain.h>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTimer>

namespace zerg {
namespace {

const QString kService = QStringLiteral("dev.zerg.Zerg");

// Runs a QtKeychain job to completion. Only used at start-up and from explicit commands; the
// keychain answers locally, and a stuck one is given up on after a few seconds.
bool runJob(QKeychain::Job* job, QKeychain::Error* error, QString* message) {
    job->setAutoDelete(false);
    QEventLoop loop;
    bool done = false;
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&] {
        done = true;
        loop.quit();
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    job->start();
    if (!done)
        loop.exec();
    *error = done ? job->error() : QKeychain::OtherError;
    *message = done ? job->errorString() : QStringLiteral("the keychain did not answer");
    return done;
}

}  // namespace

SecretStore::SecretStore(QString dir, Backend backend)
    : m_dir(std::move(dir)), m_backend(backend) {}

SecretStore::Backend SecretStore::backendFromEnvironment() {
    const QString v = qEnvironmentVariable("ZERG_SECRET_BACKEND").toLower();
    if (v == QLatin1String("file"))
        return Backend::File;
    if (v == QLatin1String("keychain"))
        return Backend::Keychain;
    return Backend::Auto;
}

QString SecretStore::filePath() const {
    return QDir(m_dir).filePath(QStringLiteral("secrets.json"));
}

QString SecretStore::location() const {
    return keychainUsable() ? QStringLiteral("the system keychain")
                            : QStringLiteral("file %1 (readable by you only)").arg(filePath());
}

bool SecretStore::keychainUsable() const {
    if (m_backend == Backend::File)
        return false;
    if (m_backend == Backend::Keychain)
        return true;
    if (m_keychainState < 0) {
        // A read of a key that does not exist tells whether a keychain answers at all.
        QKeychain::ReadPasswordJob job(kService);
        job.setKey(QStringLiteral("zerg-probe"));
        QKeychain::Error error = QKeychain::NoError;
        QString message;
        const bool done = runJob(&job, &error, &message);
        m_keychainState =
            done && (error == QKeychain::NoError || error == QKeychain::EntryNotFound) ? 1 : 0;
    }
    return m_keychainState == 1;
}

Result<QString> SecretStore::read(const QString& key) const {
    if (keychainUsable()) {
        QKeychain::ReadPasswordJob job(kService);
        job.setKey(key);
        QKeychain::Error error = QKeychain::NoError;
        QString message;
        runJob(&job, &error, &message);
        if (error == QKeychain::NoError)
            return job.textData();
        if (error != QKeychain::EntryNotFound) {
            return Error{
                QStringLiteral("keychain"),
                QStringLiteral("Could not read '%1' from the keychain: %2").arg(key, message)};
        }
        // Not in the keychain: a key saved before a keychain became available may be in the file.
    }
    return readFile(key);
}

Status SecretStore::write(const QString& key, const QString& value) {
    if (keychainUsable()) {
        QKeychain::WritePasswordJob job(kService);
        job.setKey(key);
        job.setTextData(value);
        QKeychain::Error error = QKeychain::NoError;
        QString message;
        runJob(&job, &error, &message);
        if (error != QKeychain::NoError) {
            return Error{
                QStringLiteral("keychain"),
                QStringLiteral("Could not save '%1' in the keychain: %2").arg(key, message)};
        }
        (void)writeFile(key, nullptr);  // no stale copy in the file
        return Ok{};
    }
    return writeFile(key, &value);
}

Status SecretStore::remove(const QString& key) {
    if (keychainUsable()) {
        QKeychain::DeletePasswordJob job(kService);
        job.setKey(key);
        QKeychain::Error error = QKeychain::NoError;
        QString message;
        runJob(&job, &error, &message);
        if (error != QKeychain::NoError && error != QKeychain::EntryNotFound) {
            return Error{
                QStringLiteral("keychain"),
                QStringLiteral("Could not remove '%1' from the keychain: %2").arg(key, message)};
        }
    }
    return writeFile(key, nullptr);
}

Result<QString> SecretStore::readFile(const QString& key) const {
    QFile f(filePath());
    if (!f.exists())
        return QString();
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot read %1: %2").arg(filePath(), f.errorString())};
    }
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    return o.value(key).toString();
}

Status SecretStore::writeFile(const QString& key, const QString* value) {
    QJsonObject o;
    {
        QFile f(filePath());
        if (f.open(QIODevice::ReadOnly))
            o = QJsonDocument::fromJson(f.readAll()).object();
    }
    if (!value && !o.contains(key))
        return Ok{};
    if (value) {
        o.insert(key, *value);
    } else {
        o.remove(key);
    }
    if (!QDir().mkpath(m_dir)) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot create the folder %1").arg(m_dir)};
    }
    QSaveFile out(filePath());
    // Restrict before any secret byte is written.
    if (!out.open(QIODevice::WriteOnly) ||
        !out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot write %1: %2").arg(filePath(), out.errorString())};
    }
    out.write(QJsonDocument(o).toJson());
    if (!out.commit()) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot write %1: %2").arg(filePath(), out.errorString())};
    }
    return Ok{};
}

}  // namespace zerg
