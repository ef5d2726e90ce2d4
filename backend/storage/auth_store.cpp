#include "storage/auth_store.h"

#include "storage/database.h"
#include "storage/sql_util.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

namespace zerg {
namespace {

using namespace sql;

// 32 random bytes from the system's generator, base64url: 43 characters, 256 bits.
QString randomSecret(const char* prefix) {
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return QString::fromLatin1(prefix) +
           QString::fromLatin1(
               bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

Error authFailed(const QString& what) {
    return Error{QStringLiteral("auth_failed"), what};
}

}  // namespace

AuthStore::AuthStore(Database* db) : m_db(db) {}

QString AuthStore::hash(const QString& secret) {
    return QString::fromLatin1(
        QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

Result<QString> AuthStore::addDevice(qint64 ownerId, const QString& name, const QDateTime& now,
                                     qint64* deviceId) {
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return invalid(QStringLiteral("A device needs a name, e.g. \"Alice's laptop\"."));
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(QStringLiteral("adding a device"), tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, {}, now); !s)
        return s.error();
    const QString secret = randomSecret("zd_");
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO api_devices (owner_id, name, secret_hash, created_at) "
                             "VALUES (?, ?, ?, ?) RETURNING id"),
              {ownerId, trimmed, hash(secret), timefmt::toIso(now)}) ||
        !q.next()) {
        return dbError(QStringLiteral("adding a device"), q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(QStringLiteral("adding a device"), tx.lastError());
    if (deviceId)
        *deviceId = id;
    return secret;
}

Result<QList<ApiDevice>> AuthStore::listDevices(const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT d.id, d.owner_id, d.name, d.created_at, d.last_used_at, "
                             "d.revoked_at, (SELECT COUNT(*) FROM api_tokens t WHERE "
                             "t.device_id = d.id AND t.revoked_at IS NULL AND t.expires_at > ?) "
                             "FROM api_devices d ORDER BY (d.revoked_at IS NULL) DESC, d.id"),
              {timefmt::toIso(now)})) {
        return dbError(QStringLiteral("listing devices"), q.lastError());
    }
    QList<ApiDevice> list;
    while (q.next()) {
        ApiDevice d;
        d.id = q.value(0).toLongLong();
        d.ownerId = q.value(1).toLongLong();
        d.name = q.value(2).toString();
        d.createdAt = timeAt(q, 3);
        d.lastUsedAt = timeAt(q, 4);
        d.revokedAt = timeAt(q, 5);
        d.activeTokens = q.value(6).toInt();
        list.append(d);
    }
    return list;
}

Status AuthStore::revokeDevice(qint64 deviceId, const QDateTime& now) {
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(QStringLiteral("revoking a device"), tx.lastError());
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT revoked_at FROM api_devices WHERE id = ?"), {deviceId}))
        return dbError(QStringLiteral("revoking a device"), q.lastError());
    if (!q.next()) {
        return notFound(
            QStringLiteral("No device %1. List them with 'zerg devices list'.").arg(deviceId));
    }
    q.finish();
    const QString at = timefmt::toIso(now);
    if (!exec(q,
              QStringLiteral("UPDATE api_devices SET revoked_at = COALESCE(revoked_at, ?) "
                             "WHERE id = ?"),
              {at, deviceId}) ||
        !exec(q,
              QStringLiteral("UPDATE api_tokens SET revoked_at = ? WHERE device_id = ? AND "
                             "revoked_at IS NULL"),
              {at, deviceId})) {
        return dbError(QStringLiteral("revoking a device"), q.lastError());
    }
    if (!tx.commit())
        return dbError(QStringLiteral("revoking a device"), tx.lastError());
    return Ok{};
}

Result<ApiSession> AuthStore::deviceOf(QSqlQuery& q, const QString& deviceSecret,
                                       const QString& what) {
    if (!exec(q,
              QStringLiteral("SELECT id, owner_id FROM api_devices WHERE secret_hash = ? AND "
                             "revoked_at IS NULL"),
              {hash(deviceSecret)})) {
        return dbError(what, q.lastError());
    }
    if (!q.next()) {
        return authFailed(QStringLiteral(
            "This device secret is not known or was revoked. Ask the server's administrator for "
            "a new one ('zerg devices add NAME' on the server)."));
    }
    ApiSession session;
    session.deviceId = q.value(0).toLongLong();
    session.ownerId = q.value(1).toLongLong();
    q.finish();
    return session;
}

Result<ApiSession> AuthStore::login(const QString& deviceSecret, const QDateTime& now) {
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(QStringLiteral("logging in"), tx.lastError());
    QSqlQuery q(db);
    Result<ApiSession> device = deviceOf(q, deviceSecret, QStringLiteral("logging in"));
    if (!device)
        return device.error();
    ApiSession session = std::move(device).value();
    session.token = randomSecret("zt_");
    session.expiresAt = now.toUTC().addDays(kTokenDays);
    const QString at = timefmt::toIso(now);
    if (!exec(q,
              QStringLiteral("INSERT INTO api_tokens (device_id, owner_id, token_hash, "
                             "created_at, expires_at) VALUES (?, ?, ?, ?, ?)"),
              {session.deviceId, session.ownerId, hash(session.token), at,
               timefmt::toIso(session.expiresAt)}) ||
        !exec(q, QStringLiteral("UPDATE api_devices SET last_used_at = ? WHERE id = ?"),
              {at, session.deviceId})) {
        return dbError(QStringLiteral("logging in"), q.lastError());
    }
    if (!tx.commit())
        return dbError(QStringLiteral("logging in"), tx.lastError());
    return session;
}

Result<ApiSession> AuthStore::checkDevice(const QString& deviceSecret, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    const QString what = QStringLiteral("checking a device secret");
    Result<ApiSession> session = deviceOf(q, deviceSecret, what);
    if (!session)
        return session;
    if (!exec(q, QStringLiteral("UPDATE api_devices SET last_used_at = ? WHERE id = ?"),
              {timefmt::toIso(now), session->deviceId})) {
        return dbError(what, q.lastError());
    }
    return session;
}

Result<ApiSession> AuthStore::check(const QString& token, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT t.owner_id, t.device_id, t.expires_at, t.revoked_at, "
                             "d.revoked_at FROM api_tokens t JOIN api_devices d ON d.id = "
                             "t.device_id WHERE t.token_hash = ?"),
              {hash(token)})) {
        return dbError(QStringLiteral("checking a session token"), q.lastError());
    }
    if (!q.next()) {
        return authFailed(QStringLiteral(
            "This session token is not known. Log in again with the device secret."));
    }
    ApiSession session;
    session.ownerId = q.value(0).toLongLong();
    session.deviceId = q.value(1).toLongLong();
    session.expiresAt = timeAt(q, 2);
    if (!q.value(3).isNull() || !q.value(4).isNull()) {
        return authFailed(QStringLiteral(
            "This session token was revoked. Log in again with a valid device secret."));
    }
    if (!session.expiresAt.isValid() || session.expiresAt <= now) {
        return authFailed(QStringLiteral("This session token has expired (tokens last %1 days). "
                                         "Log in again with the device "
                                         "secret.")
                              .arg(kTokenDays));
    }
    return session;
}

Status AuthStore::revokeToken(const QString& token, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE api_tokens SET revoked_at = ? WHERE token_hash = ? AND "
                             "revoked_at IS NULL"),
              {timefmt::toIso(now), hash(token)})) {
        return dbError(QStringLiteral("revoking a session token"), q.lastError());
    }
    if (q.numRowsAffected() < 1)
        return authFailed(QStringLiteral("This session token is not active."));
    return Ok{};
}

}  // namespace zerg
