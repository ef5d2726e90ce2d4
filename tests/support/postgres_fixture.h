#pragma once

#include "core/result.h"
#include "storage/database.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

namespace zerg::test {

// A real, throwaway PostgreSQL server (Debian's `postgresql` package): a cluster made by initdb in
// a temporary folder, listening on a free 127.0.0.1 port with trust authentication, fsync off.
// initdb and the server refuse to run as root, so as root both run as the `postgres` system user
// (runuser). The destructor shuts the server down (fast mode) and removes the folder.
class PostgresServer {
public:
    PostgresServer();
    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    // initdb, then start and wait until the server accepts connections. An error says what is
    // missing (e.g. "install postgresql") and quotes the server's log when it would not start.
    [[nodiscard]] Status start();
    void stop();
    [[nodiscard]] bool isRunning() const { return m_pid > 0; }

    [[nodiscard]] QString host() const { return QStringLiteral("127.0.0.1"); }
    [[nodiscard]] quint16 port() const { return m_port; }
    // The cluster's superuser (no password: trust authentication on loopback).
    [[nodiscard]] QString user() const { return QStringLiteral("postgres"); }
    // postgresql://postgres@127.0.0.1:<port>/<dbName>
    [[nodiscard]] QString urlFor(const QString& dbName) const;

    // CREATE DATABASE name (letters, digits and '_'); returns its URL.
    [[nodiscard]] Result<QString> createDatabase(const QString& name);

    // One server per test process: started on first use (initdb runs once), stopped when the
    // process exits. Each test takes its own database on it (createDatabase) for isolation.
    [[nodiscard]] static Result<PostgresServer*> shared();

private:
    [[nodiscard]] Status initCluster();
    [[nodiscard]] Status startOnce(QString* log);
    [[nodiscard]] Result<QString> run(const QString& program, const QStringList& args,
                                      int timeoutMs);
    [[nodiscard]] QString logText() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_binDir;
    QString m_runAs;  // "postgres" when this process is root, else empty
    quint16 m_port = 0;
    qint64 m_pid = 0;  // the postmaster
};

// The engine the storage tests run on: PostgreSQL when ZERG_TEST_DB=postgres (the *_postgres
// CTest variants set it), else SQLite.
[[nodiscard]] bool testsUsePostgres();

// The database a test knows by `sqlitePath`: on SQLite that file; on PostgreSQL a database on
// the shared server, created empty the first time the path is asked for, so that opening the
// same path again reaches the same database, as reopening a file would.
[[nodiscard]] Result<std::unique_ptr<Database>> openTestDatabase(
    const QString& sqlitePath, const QDateTime& now = QDateTime::currentDateTimeUtc());

// The URL Database::openConfigured takes for that database: empty on SQLite.
[[nodiscard]] Result<QString> testDatabaseUrl(const QString& sqlitePath);

// A plain Qt Sql connection (named connectionName) to that database, with no migrations applied:
// for building an older release's schema by hand. The caller closes and removes it.
[[nodiscard]] Result<QSqlDatabase> rawTestConnection(const QString& sqlitePath,
                                                     const QString& connectionName);

// The indexes on `table` that migrations created by name (not those the engine makes for
// PRIMARY KEY and UNIQUE constraints), sorted; on either engine.
[[nodiscard]] QStringList indexNames(const QSqlDatabase& db, const QString& table);

}  // namespace zerg::test
