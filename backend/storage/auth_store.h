#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QString>

class QSqlQuery;

namespace zerg {

class Database;

// A device registered for server mode (`zerg devices add`).
struct ApiDevice {
    qint64 id = 0;
    qint64 ownerId = 0;
    QString name;
    QDateTime createdAt;
    QDateTime lastUsedAt;  // invalid: never logged in
    QDateTime revokedAt;   // invalid: active
    int activeTokens = 0;  // unrevoked, unexpired session tokens (listDevices only)
};

// A checked session: whose it is and until when.
struct ApiSession {
    qint64 ownerId = 0;
    qint64 deviceId = 0;
    QDateTime expiresAt;
    QString token;  // in clear, only right after login(): the client must keep it
};

// Devices and session tokens of the WebSocket API (docs/api.md, migration 5). A device secret
// is shown once when the device is added; it is exchanged for session tokens that expire after
// a week. Only SHA-256 hashes of secrets and tokens are stored, so a copy of the database
// grants nothing. Like every repository, used from the thread that opened the Database.
class AuthStore {
public:
    static constexpr int kTokenDays = 7;

    explicit AuthStore(Database* db);

    // Registers a device for owner (created if missing) and returns its secret, in clear.
    [[nodiscard]] Result<QString> addDevice(qint64 ownerId, const QString& name,
                                            const QDateTime& now, qint64* deviceId = nullptr);
    // Every device, active first then revoked, each with its active token count.
    [[nodiscard]] Result<QList<ApiDevice>> listDevices(const QDateTime& now);
    // Revokes the device and every token it holds. not_found for an unknown id.
    [[nodiscard]] Status revokeDevice(qint64 deviceId, const QDateTime& now);

    // A new session token for a device secret (auth_failed: unknown or revoked device).
    [[nodiscard]] Result<ApiSession> login(const QString& deviceSecret, const QDateTime& now);
    // The session of a token (auth_failed: unknown, revoked, expired, or its device revoked).
    [[nodiscard]] Result<ApiSession> check(const QString& token, const QDateTime& now);
    // The device of a secret, without making a token (auth_failed: unknown or revoked device);
    // the session has no token and no expiry. Records when the device was last used.
    [[nodiscard]] Result<ApiSession> checkDevice(const QString& deviceSecret, const QDateTime& now);
    // Revokes one token (auth_failed when it is not an active token).
    [[nodiscard]] Status revokeToken(const QString& token, const QDateTime& now);

    // Hex SHA-256, as stored.
    [[nodiscard]] static QString hash(const QString& secret);

private:
    // The active device of a secret through q (id and owner only); auth_failed when there is
    // none, a database error naming what was being done.
    [[nodiscard]] static Result<ApiSession> deviceOf(QSqlQuery& q, const QString& deviceSecret,
                                                     const QString& what);

    Database* m_db;
};

}  // namespace zerg
