#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QString>

#include <memory>

namespace zerg {

// The embedded SQLite database: one file, WAL journal, foreign keys on, numbered migrations
// applied at open. Each Database owns its own Qt Sql connection (unique name), so several may
// be open at once (tests open the same file twice). Like every QSqlDatabase it must be used
// from the thread that opened it.
class Database {
public:
    // Opens (creating the parent folders) the SQLite file at path and applies pending
    // migrations, each in its own transaction. `now` stamps schema_migrations.applied_at; the
    // default reads the system clock because opening happens before any Clock exists.
    [[nodiscard]] static Result<std::unique_ptr<Database>> open(
        const QString& path, const QDateTime& now = QDateTime::currentDateTimeUtc());
    ~Database();

    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    [[nodiscard]] QSqlDatabase connection() const;
    // Highest applied migration (0 if it cannot be read).
    [[nodiscard]] int schemaVersion() const;
    [[nodiscard]] QString path() const { return m_path; }

private:
    Database(QString connectionName, QString path);

    QString m_connectionName;
    QString m_path;
};

}  // namespace zerg
