#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QString>

namespace zerg {

// Secrets (API keys) live in the OS keychain through QtKeychain (Secret Service / KWallet on
// Linux, Keychain on macOS). Where no keychain is available (a headless server, no D-Bus
// session) they fall back to <dir>/secrets.json, readable by the user only (0600; <dir> is made
// 0700 when it is new). A fallback file that exists but cannot be read or parsed is an error of
// every read and write ("secrets_file", naming the file and what to do), never silently replaced.
// Secret values never go to logs, events, artifacts or error messages.
class SecretStore {
public:
    enum class Backend { Auto, Keychain, File };

    // dir: where the fallback file lives. backend Auto tries the keychain first.
    explicit SecretStore(QString dir, Backend backend = Backend::Auto);

    // Empty string when the secret is not stored.
    [[nodiscard]] Result<QString> read(const QString& key) const;
    [[nodiscard]] Status write(const QString& key, const QString& value);
    [[nodiscard]] Status remove(const QString& key);
    // "keychain" or "file <path>": where write() puts secrets, for the user.
    [[nodiscard]] QString location() const;

    // From ZERG_SECRET_BACKEND ("keychain" or "file"; anything else: Auto).
    [[nodiscard]] static Backend backendFromEnvironment();

private:
    [[nodiscard]] bool keychainUsable() const;
    [[nodiscard]] QString filePath() const;
    // The fallback file's secrets: {} when there is no file (or it is empty), an error when it
    // cannot be read or is not one JSON object.
    [[nodiscard]] Result<QJsonObject> loadFile() const;
    [[nodiscard]] Result<QString> readFile(const QString& key) const;
    [[nodiscard]] Status writeFile(const QString& key, const QString* value);

    QString m_dir;
    Backend m_backend;
    mutable int m_keychainState = -1;  // -1 unknown, 0 unavailable, 1 available
};

}  // namespace zerg
