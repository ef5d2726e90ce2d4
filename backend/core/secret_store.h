#pragma once

#include "core/result.h"

#include <QString>

namespace zerg {

// Secrets (API keys) live in the OS keychain through QtKeychain (Secret Service / KWallet on
// Linux, Keychain on macOS). Where no keychain is available (a headless server, no D-Bus
// session) they fall back to <dir>/secrets.json, readable by the user only (0600).
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
    [[nodiscard]] Result<QString> readFile(const QString& key) const;
    [[nodiscard]] Status writeFile(const QString& key, const QString* value);

    QString m_dir;
    Backend m_backend;
    mutable int m_keychainState = -1;  // -1 unknown, 0 unavailable, 1 available
};

}  // namespace zerg
