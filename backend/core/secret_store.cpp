#include "core/secret_store.h"

#include "core/private_files.h"

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

Result<QJsonObject> SecretStore::loadFile() const {
    const QString path = filePath();
    QFile f(path);
    if (!f.exists())
        return QJsonObject();
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot read %1: %2. Zerg will not overwrite it; check its "
                                    "owner and permissions (it should be yours, mode 600).")
                         .arg(path, f.errorString())};
    }
    const QByteArray bytes = f.readAll();
    if (bytes.trimmed().isEmpty())
        return QJsonObject();  // an empty file holds no secret that could be lost
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    QString why;
    if (err.error != QJsonParseError::NoError) {
        why = QStringLiteral("%1 at offset %2").arg(err.errorString()).arg(err.offset);
    } else if (!doc.isObject()) {
        why = QStringLiteral("it is JSON but not an object");
    } else {
        return doc.object();
    }
    // Never replaced by an empty store on the next write: the secrets in it would be gone.
    return Error{QStringLiteral("secrets_file"),
                 QStringLiteral("The secrets file %1 is damaged (%2). Zerg will not overwrite "
                                "it: move it aside or fix it (one JSON object of names and text "
                                "values, like {\"openai_api_key\": \"sk-...\"}), then save "
                                "the secrets again.")
                     .arg(path, why)};
}

Result<QString> SecretStore::readFile(const QString& key) const {
    const Result<QJsonObject> o = loadFile();
    if (!o)
        return o.error();
    const QJsonValue v = o->value(key);
    if (!v.isUndefined() && !v.isString()) {
        return Error{QStringLiteral("secrets_file"),
                     QStringLiteral("The value of '%1' in the secrets file %2 is not text. Fix "
                                    "it there, or save the secret again.")
                         .arg(key, filePath())};
    }
    return v.toString();
}

Status SecretStore::writeFile(const QString& key, const QString* value) {
    Result<QJsonObject> loaded = loadFile();
    if (!loaded)
        return loaded.error();
    QJsonObject o = std::move(loaded).value();
    if (!value && !o.contains(key))
        return Ok{};
    if (value) {
        o.insert(key, *value);
    } else {
        o.remove(key);
    }
    if (Status made = files::makePrivateDir(m_dir); !made) {
        return Error{QStringLiteral("io"), QStringLiteral("%1. Check the permissions of %2 or set "
                                                          "ZERG_CONFIG_DIR to a writable folder.")
                                               .arg(made.error().message, m_dir)};
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
