#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QStringList>

namespace zerg {

// One schema step. Statements run in order inside one transaction; each is a single SQL
// statement (Qt Sql executes one statement per exec). `statements` are written for both engines;
// what has no common spelling (full-text search: an FTS5 table on SQLite, a GIN index on
// PostgreSQL) goes into sqliteStatements or postgresStatements, which run after `statements` on
// that engine only. Never edit a released migration: add a new one.
struct Migration {
    int version = 0;
    QString description;
    QStringList statements;
    // With {}, the migrations that have none need not name them (-Wmissing-field-initializers).
    QStringList sqliteStatements{};
    QStringList postgresStatements{};
};

namespace migrations {

// All migrations the code knows, in version order (1, 2, ...).
[[nodiscard]] const QList<Migration>& all();
[[nodiscard]] int latestVersion();

// Replaces the dialect placeholders in a migration statement for a Qt Sql driver
// ("QSQLITE", "QPSQL"). Today only {{ID_PK}}: an auto-assigned 64-bit primary key.
[[nodiscard]] QString forDriver(const QString& sql, const QString& driverName);

// The SQL a migration runs on that driver, in order: its common statements, then the driver's
// own, each through forDriver.
[[nodiscard]] QStringList statementsFor(const Migration& m, const QString& driverName);

// Highest applied version, 0 for an empty database (creates schema_migrations if missing).
[[nodiscard]] Result<int> currentVersion(const QSqlDatabase& db);

// Refuses a database newer than the code, then applies each missing migration in its own
// transaction, recording it in schema_migrations with applied_at = now. Idempotent.
[[nodiscard]] Status apply(const QSqlDatabase& db, const QDateTime& now);

}  // namespace migrations
}  // namespace zerg
