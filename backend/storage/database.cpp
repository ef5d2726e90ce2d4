#include "storage/database.h"

#include "core/private_files.h"
#include "storage/migrations.h"
#include "storage/sql_util.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrlQuery>

#include <atomic>

namespace zerg {
namespace {

std::atomic<int> g_connectionCounter{0};

constexpr int kBusyTimeoutMs = 5000;
// libpq waits for an unreachable host as long as the TCP stack does (minutes); a server that
// does not answer within this many seconds is reported instead.
constexpr int kPgConnectTimeoutS = 10;

const QString kSqliteDriver = QStringLiteral("QSQLITE");
const QString kPgDriver = QStringLiteral("QPSQL");

QString nextConnectionName() {
    return QStringLiteral("zerg-storage-%1").arg(g_connectionCounter.fetch_add(1) + 1);
}

Error openError(const QString& path, const QString& detail) {
    return Error{QStringLiteral("db_open"),
                 QStringLiteral("Cannot open the database %1: %2. If the file is damaged or not a "
                                "Zerg database, move it aside or set ZERG_DATA_DIR to another "
                                "folder.")
                     .arg(path, detail)};
}

Error badUrl(const QString& why) {
    return Error{QStringLiteral("invalid_argument"),
                 QStringLiteral("The database URL is not usable: %1. Write it as "
                                "postgresql://user:password@host:5432/dbname, or leave "
                                "ZERG_DATABASE_URL empty to use the SQLite file.")
                     .arg(why)};
}

// The connection parameters of a postgresql:// URL, as QPSQL takes them.
struct PgParams {
    QString host;   // empty: libpq's default (PGHOST or the local socket)
    int port = -1;  // -1: libpq's default (PGPORT or 5432)
    QString dbName;
    QString user;      // empty: libpq's default (PGUSER or the login name)
    QString password;  // empty: libpq asks PGPASSWORD / ~/.pgpass when the server wants one
    QString options;   // further libpq keywords, "key='value';..." for setConnectOptions
    QString display;   // the URL without its password
};

// libpq's conninfo quoting: single quotes around the value, backslash before ' and \.
QString conninfoValue(const QString& value) {
    QString v = value;
    v.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    v.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + v + QLatin1Char('\'');
}

Result<PgParams> parsePgUrl(const QUrl& url) {
    // Never quote the URL itself in these messages: it may hold the password.
    if (!url.isValid())
        return badUrl(QStringLiteral("it is not a valid URL"));
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("postgresql") && scheme != QLatin1String("postgres")) {
        return badUrl(QStringLiteral("the scheme '%1' is not postgresql:// or postgres://")
                          .arg(url.scheme()));
    }
    PgParams p;
    p.host = url.host(QUrl::FullyDecoded);
    p.port = url.port(-1);
    p.user = url.userName(QUrl::FullyDecoded);
    p.password = url.password(QUrl::FullyDecoded);
    QString path = url.path(QUrl::FullyDecoded);
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    if (path.isEmpty())
        return badUrl(QStringLiteral("it names no database (the part after the last '/')"));
    if (path.contains(QLatin1Char('/')))
        return badUrl(QStringLiteral("the database name '%1' contains a '/'").arg(path));
    p.dbName = path;

    static const QRegularExpression keyword(QStringLiteral("^[a-z_]+$"));
    QStringList options;
    bool hasTimeout = false;
    QUrlQuery query(url);
    for (const auto& [key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!keyword.match(key).hasMatch())
            return badUrl(QStringLiteral("'%1' is not a libpq connection keyword").arg(key));
        if (key == QLatin1String("password")) {
            p.password = value;
            continue;
        }
        // QPSQL turns every ';' of the options into a separator, even inside quotes.
        if (value.contains(QLatin1Char(';')))
            return badUrl(QStringLiteral("the value of '%1' contains a ';'").arg(key));
        hasTimeout = hasTimeout || key == QLatin1String("connect_timeout");
        options.append(key + QLatin1Char('=') + conninfoValue(value));
    }
    if (!hasTimeout)
        options.append(QStringLiteral("connect_timeout=%1").arg(kPgConnectTimeoutS));
    p.options = options.join(QLatin1Char(';'));

    QUrl shown = url;
    shown.setPassword(QString());
    query.removeAllQueryItems(QStringLiteral("password"));
    query.removeAllQueryItems(QStringLiteral("sslpassword"));  // the client key's passphrase
    shown.setQuery(query.isEmpty() ? QString() : query.query(QUrl::FullyEncoded));
    p.display = shown.toString(QUrl::RemovePassword);
    return p;
}

// Where the connection went, as the user would look for it: host:port (libpq's defaults when
// the URL leaves them out).
QString pgAddress(const PgParams& p) {
    QString host = p.host;
    if (host.isEmpty())
        host = qEnvironmentVariable("PGHOST", QStringLiteral("localhost"));
    if (host.contains(QLatin1Char(':')))
        host = QLatin1Char('[') + host + QLatin1Char(']');  // IPv6
    const QString port = p.port >= 0 ? QString::number(p.port)
                                     : qEnvironmentVariable("PGPORT", QStringLiteral("5432"));
    return host + QLatin1Char(':') + port;
}

}  // namespace

Database::Database(QString connectionName, QString path, QString driverName)
    : m_connectionName(std::move(connectionName)),
      m_path(std::move(path)),
      m_driverName(std::move(driverName)) {}

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
    if (!QSqlDatabase::isDriverAvailable(kSqliteDriver)) {
        return Error{QStringLiteral("db_driver"),
                     QStringLiteral("The Qt SQLite driver (QSQLITE) is not installed. Install "
                                    "the Qt 6 SQLite plugin (Debian: libqt6sql6-sqlite).")};
    }
    const QFileInfo info(path);
    const QString absPath = info.absoluteFilePath();
    // The database holds every conversation and tool output: the user's only. A new folder is
    // 0700 and a new file 0600 whatever the umask; SQLite gives its -wal and -shm files the
    // mode of the database file.
    if (!files::makePrivateDir(info.absolutePath())) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("Cannot create the folder %1 for the database. Check its "
                                    "permissions or set ZERG_DATA_DIR to a writable folder.")
                         .arg(info.absolutePath())};
    }
    const Result<bool> created = files::createPrivateFile(absPath);
    if (!created) {
        return Error{QStringLiteral("io"),
                     QStringLiteral("%1. Check the permissions of %2 or set ZERG_DATA_DIR to a "
                                    "writable folder.")
                         .arg(created.error().message, info.absolutePath())};
    }
    if (int mode = 0; !*created && files::isSharedWithOthers(absPath, &mode)) {
        qWarning(
            "zerg: the database %s is open to other users (mode %o); run chmod 600 on it "
            "and its -wal and -shm files to keep it yours only",
            qPrintable(absPath), unsigned(mode));
    }

    const QString name = nextConnectionName();
    // From here on the unique_ptr's destructor removes the connection on every error path.
    std::unique_ptr<Database> self(new Database(name, absPath, kSqliteDriver));
    QSqlDatabase db = QSqlDatabase::addDatabase(kSqliteDriver, name);
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

Result<std::unique_ptr<Database>> Database::openConfigured(const QString& sqlitePath,
                                                           const QString& databaseUrl,
                                                           const QDateTime& now) {
    const QString url = databaseUrl.trimmed();
    if (url.isEmpty())
        return open(sqlitePath, now);
    return openPostgres(QUrl(url), now);
}

Result<std::unique_ptr<Database>> Database::openPostgres(const QUrl& url, const QDateTime& now) {
    Result<PgParams> parsed = parsePgUrl(url);
    if (!parsed)
        return parsed.error();
    const PgParams p = std::move(parsed).value();
    if (!QSqlDatabase::isDriverAvailable(kPgDriver)) {
        return Error{QStringLiteral("db_driver"),
                     QStringLiteral("The Qt PostgreSQL driver (QPSQL) is not installed. Install "
                                    "the Qt 6 PostgreSQL plugin (Debian: libqt6sql6-psql), or "
                                    "leave ZERG_DATABASE_URL empty to use SQLite.")};
    }

    const QString name = nextConnectionName();
    std::unique_ptr<Database> self(new Database(name, p.display, kPgDriver));
    QSqlDatabase db = QSqlDatabase::addDatabase(kPgDriver, name);
    if (!db.isValid()) {
        // The plugin is there but could not load (libpq missing).
        return Error{QStringLiteral("db_driver"),
                     QStringLiteral("The Qt PostgreSQL driver (QPSQL) could not be loaded: %1. "
                                    "Reinstall libqt6sql6-psql and libpq5.")
                         .arg(db.lastError().text())};
    }
    if (!p.host.isEmpty())
        db.setHostName(p.host);
    if (p.port >= 0)
        db.setPort(p.port);
    db.setDatabaseName(p.dbName);
    db.setUserName(p.user);
    db.setPassword(p.password);
    db.setConnectOptions(p.options);
    if (!db.open()) {
        QString detail = db.lastError().text().simplified();
        if (!p.password.isEmpty())
            detail.replace(p.password, QStringLiteral("***"));
        return Error{
            QStringLiteral("db_connect"),
            QStringLiteral("Cannot connect to the PostgreSQL database '%1' at %2%3: %4. Check "
                           "that the server is running and reachable, and the user, password "
                           "and database name in ZERG_DATABASE_URL.")
                .arg(p.dbName, pgAddress(p),
                     p.user.isEmpty() ? QString() : QStringLiteral(" as user '%1'").arg(p.user),
                     detail)};
    }
    {
        QSqlQuery q(db);
        // Keeps the server's NOTICEs (e.g. "relation already exists, skipping" for
        // CREATE TABLE IF NOT EXISTS) out of the log; QPSQL prints each one as a warning.
        if (!q.exec(QStringLiteral("SET client_min_messages TO WARNING"))) {
            return Error{QStringLiteral("db_connect"),
                         QStringLiteral("The PostgreSQL database '%1' at %2 refused a session "
                                        "setting: %3. Check the server's configuration.")
                             .arg(p.dbName, pgAddress(p), q.lastError().text())};
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

bool Database::isPostgres() const {
    return m_driverName == kPgDriver;
}

Status Database::notify(const QString& channel, const QString& payload) {
    if (!isPostgres())
        return Ok{};
    QSqlQuery q(connection());
    if (!sql::exec(q, QStringLiteral("SELECT pg_notify(?, ?)"), {channel, sql::text(payload)}))
        return sql::dbError(QStringLiteral("announcing on %1").arg(channel), q.lastError());
    return Ok{};
}

bool Database::listen(const QString& channel, QObject* context, std::function<void()> onNotified) {
    if (!isPostgres())
        return false;
    QSqlDriver* driver = connection().driver();
    if (!driver->subscribedToNotifications().contains(channel) &&
        !driver->subscribeToNotification(channel))
        return false;
    QObject::connect(driver, &QSqlDriver::notification, context,
                     [channel, onNotified = std::move(onNotified)](const QString& name) {
                         if (name == channel)
                             onNotified();
                     });
    return true;
}

}  // namespace zerg
