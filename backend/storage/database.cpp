#include "storage/database.h"

#include "storage/migrations.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

#include <atomic>

namespace zerg {
namespace {

std::atomic<int> g_connectionCounter{0};

constexpr int kBusyTimeoutMs = 5000;

Error openError(const QString& path, const QString& detail) {
    return Error{QStringLiteral("db_open"),
                 QStringLiteral("Cannot open the database %1: %2. If the file is damaged or not a "
                                "Zerg database, move it aside or set ZERG_DATA_DIR to another "
                                "folder.")
                     .arg(path, detail)};
}

}  // namespace

Database::Database(QString connectionName, QString path)
    : m_connectionName(std::move(connectionName)), m_path(std::move(path)) {}

Database::~Database() {
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }  // the last handle must be gone before the connection is removed
    QSqlDatabase::removeDatabase(m_connectionName);
}

Result<std::unique_ptr<Database>> Database::open(const QString& path, const QDateTime& now) {
    if (path.isEmpty()) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("No database path given. Set ZERG_DATA_DIR to a writable "
                                    "folder.")};
    }
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE"))) {
        return Error{QStringLiteral("db_driver"),
                     QStringLiteral("The Qt SQLite driver (QSQLITE) is not installed. Install "
                                    "the Qt 6 SQLite plugin (Debian: libqt6sql6-sqlite).")};
    }
    const QFileInfo info(path);
    const QString absPath = info.absoluteFilePath();
    if (!QDir().mkpath(info.absolutePath())) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot create the folder %1 for the database. Check its "
                                    "permissions or set ZERG_DATA_DIR to a writable folder.")
                         .arg(info.absolutePath())};
    }

    const QString name =
        QStringLiteral("zerg-storage-%1").arg(g_connectionCounter.fetch_add(1) + 1);
    // From here on the unique_ptr's destructor removes the connection on every error path.
    std::unique_ptr<Database> self(new Database(name, absPath));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(absPath);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!db.open())
        return openError(absPath, db.lastError().text());

    {
        QSqlQuery q(db);
        // SQLite-specific settings; a PostgreSQL connection needs none of them.
        if (!q.exec(QStringLiteral("PRAGMA foreign_keys = ON"))) {
            return openError(absPath, q.lastError().text());
        }
        if (!q.exec(QStringLiteral("PRAGMA busy_timeout = %1").arg(kBusyTimeoutMs))) {
            return openError(absPath, q.lastError().text());
        }
        // The first statement that touches the file: a non-database file fails here.
        if (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !q.next()) {
            return openError(absPath, q.lastError().text());
        }
        const QString mode = q.value(0).toString();
        if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
            // Some network file systems cannot do WAL; SQLite then keeps its rollback journal.
            // Slower for concurrent readers, still correct, so carry on.
            qWarning("zerg: the database %s uses journal mode '%s' instead of WAL",
                     qPrintable(absPath), qPrintable(mode));
        }
    }

    if (Status s = migrations::apply(db, now); !s)
        return s.error();
    return self;
}

QSqlDatabase Database::connection() const {
    return QSqlDatabase::database(m_connectionName, false);
}

int Database::schemaVersion() const {
    const Result<int> v = migrations::currentVersion(connection());
    return v ? v.value() : 0;
}

}  // namespace zerg
