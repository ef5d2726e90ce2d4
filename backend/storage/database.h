#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>

class QObject;

namespace zerg {

// The SQL store: an embedded SQLite file (WAL journal, foreign keys on) by default, or a
// PostgreSQL database in server mode, both through Qt Sql with the same migrations and queries.
// Numbered migrations are applied at open. Each Database owns its own Qt Sql connection (unique
// name), so several may be open at once (tests open the same database twice). Like every
// QSqlDatabase it must be used from the thread that opened it.
class Database {
public:
    // Opens (creating the parent folders) the SQLite file at path and applies pending
    // migrations, each in its own transaction. `now` stamps schema_migrations.applied_at; the
    // default reads the system clock because opening happens before any Clock exists. A new file
    // is created 0600 (its -wal and -shm follow it) and a new folder for it 0700, whatever the
    // umask; an existing file that others may read is opened with a warning.
    [[nodiscard]] static Result<std::unique_ptr<Database>> open(
        const QString& path, const QDateTime& now = QDateTime::currentDateTimeUtc());

    // Picks the engine from the configured database URL (the ZERG_DATABASE_URL setting): an
    // empty URL opens the SQLite file at sqlitePath; postgresql://user[:password]@host[:port]/db
    // (or postgres://) opens that PostgreSQL database. Anything else is an "invalid_argument".
    [[nodiscard]] static Result<std::unique_ptr<Database>> openConfigured(
        const QString& sqlitePath, const QString& databaseUrl,
        const QDateTime& now = QDateTime::currentDateTimeUtc());

    // Connects to PostgreSQL through Qt's QPSQL driver and applies pending migrations. The URL
    // follows libpq: postgresql://[user[:password]@][host][:port]/dbname[?keyword=value&...],
    // where the query items are libpq connection keywords (sslmode, connect_timeout, ...).
    // Without a password in the URL libpq's own sources apply (PGPASSWORD, ~/.pgpass); without
    // a host, libpq's default (PGHOST or the local socket).
    [[nodiscard]] static Result<std::unique_ptr<Database>> openPostgres(
        const QUrl& url, const QDateTime& now = QDateTime::currentDateTimeUtc());

    ~Database();

    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    [[nodiscard]] QSqlDatabase connection() const;
    // Highest applied migration (0 if it cannot be read).
    [[nodiscard]] int schemaVersion() const;
    // The SQLite file, or the PostgreSQL URL without its password: safe to show and log.
    [[nodiscard]] QString path() const { return m_path; }
    // The Qt Sql driver: "QSQLITE" or "QPSQL".
    [[nodiscard]] QString driverName() const { return m_driverName; }
    [[nodiscard]] bool isPostgres() const;

    // The instance this process registered as (InstanceStore), stamped on the runs and worker
    // jobs it starts as their holder; 0 before it registered (the work then has no holder).
    [[nodiscard]] qint64 instanceId() const { return m_instanceId; }
    void setInstanceId(qint64 id) { m_instanceId = id; }

    // PostgreSQL's NOTIFY on channel: sent at the commit of the open transaction (at once
    // without one), to every connection that listens, this one included. Nothing on SQLite.
    [[nodiscard]] Status notify(const QString& channel, const QString& payload = {});
    // Calls onNotified in context for every NOTIFY on channel (PostgreSQL, through the QPSQL
    // driver's notifications); false where there are none (SQLite, or LISTEN failed).
    bool listen(const QString& channel, QObject* context, std::function<void()> onNotified);

private:
    Database(QString connectionName, QString path, QString driverName);

    QString m_connectionName;
    QString m_path;
    QString m_driverName;
    qint64 m_instanceId = 0;
};

}  // namespace zerg
