#include "postgres_fixture.h"

#include "temp_env.h"

#include <QCollator>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace zerg::test {
namespace {

constexpr int kInitdbTimeoutMs = 120000;
constexpr int kStartTimeoutS = 60;
constexpr int kStopTimeoutMs = 30000;
constexpr int kStartAttempts = 3;  // a free port can be taken between asking and binding

const QString kNotInstalled = QStringLiteral(
    "PostgreSQL is not installed (no initdb, pg_ctl and postgres under "
    "/usr/lib/postgresql/*/bin or on PATH). Install it: apt-get install postgresql "
    "(scripts/setup does).");

// The newest /usr/lib/postgresql/<version>/bin with all three programs, else PATH's.
QString findBinDir() {
    auto complete = [](const QString& dir) {
        for (const char* p : {"initdb", "pg_ctl", "postgres"}) {
            if (!QFileInfo(QDir(dir).filePath(QString::fromLatin1(p))).isExecutable())
                return false;
        }
        return true;
    };
    QStringList versions =
        QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCollator numeric;
    numeric.setNumericMode(true);
    std::sort(versions.begin(), versions.end(),
              [&](const QString& a, const QString& b) { return numeric.compare(a, b) > 0; });
    for (const QString& v : versions) {
        const QString dir = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(v);
        if (complete(dir))
            return dir;
    }
    const QString onPath = findProgram(QStringLiteral("initdb"));
    if (!onPath.isEmpty() && complete(QFileInfo(onPath).absolutePath()))
        return QFileInfo(onPath).absolutePath();
    return {};
}

bool processAlive(qint64 pid) {
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

std::atomic<int> g_adminConnection{0};

}  // namespace

PostgresServer::PostgresServer() = default;

PostgresServer::~PostgresServer() {
    stop();
}

QString PostgresServer::urlFor(const QString& dbName) const {
    return QStringLiteral("postgresql://%1@%2:%3/%4").arg(user(), host()).arg(m_port).arg(dbName);
}

Result<QString> PostgresServer::run(const QString& program, const QStringList& args,
                                    int timeoutMs) {
    QProcess p;
    p.setWorkingDirectory(m_dir->path());  // root's cwd may be closed to the postgres user
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (m_runAs.isEmpty()) {
        p.start(program, args);
    } else {
        p.start(findProgram(QStringLiteral("runuser")),
                QStringList{QStringLiteral("-u"), m_runAs, QStringLiteral("--"), program} + args);
    }
    const bool finished = p.waitForFinished(timeoutMs);
    const QString out = QString::fromLocal8Bit(p.readAll());
    if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (!finished)
            p.kill();
        return Error{
            QStringLiteral("postgres_fixture"),
            QStringLiteral("%1 failed (%2): %3")
                .arg(QFileInfo(program).fileName(),
                     finished ? QStringLiteral("exit code %1").arg(p.exitCode()) : p.errorString(),
                     out.trimmed())};
    }
    return out;
}

QString PostgresServer::logText() const {
    QFile f(m_dir->filePath(QStringLiteral("server.log")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = f.readAll();
    return QString::fromLocal8Bit(all.right(2000)).trimmed();
}

Status PostgresServer::initCluster() {
    m_binDir = findBinDir();
    if (m_binDir.isEmpty())
        return Error{QStringLiteral("not_installed"), kNotInstalled};

    QString base = QDir::tempPath();
    uid_t uid = 0;
    gid_t gid = 0;
    if (::geteuid() == 0) {
        const struct passwd* pw = ::getpwnam("postgres");
        if (!pw || findProgram(QStringLiteral("runuser")).isEmpty()) {
            return Error{QStringLiteral("not_installed"),
                         QStringLiteral("Running as root needs the 'postgres' system user and "
                                        "runuser (initdb refuses root); the Debian postgresql "
                                        "package creates the user. Install postgresql, or run "
                                        "the tests as an ordinary user.")};
        }
        m_runAs = QStringLiteral("postgres");
        uid = pw->pw_uid;
        gid = pw->pw_gid;
        base = QStringLiteral("/tmp");  // /tmp is traversable for every user; $TMPDIR may not be
    }
    m_dir = std::make_unique<QTemporaryDir>(base + QStringLiteral("/zerg-pg-XXXXXX"));
    if (!m_dir->isValid()) {
        return Error{QStringLiteral("io"), QStringLiteral("Cannot create a temporary folder in "
                                                          "%1: %2")
                                               .arg(base, m_dir->errorString())};
    }
    const QString sockets = m_dir->filePath(QStringLiteral("sock"));
    if (!QDir().mkpath(sockets))
        return Error{QStringLiteral("io"), QStringLiteral("Cannot create %1").arg(sockets)};
    if (!m_runAs.isEmpty()) {
        for (const QString& p : {m_dir->path(), sockets}) {
            if (::chown(QFile::encodeName(p).constData(), uid, gid) != 0) {
                return Error{QStringLiteral("io"),
                             QStringLiteral("Cannot hand %1 to the postgres user: %2")
                                 .arg(p, QString::fromLocal8Bit(strerror(errno)))};
            }
        }
    }
    const Result<QString> init =
        run(QDir(m_binDir).filePath(QStringLiteral("initdb")),
            {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-U"),
             user(), QStringLiteral("-A"), QStringLiteral("trust"), QStringLiteral("-E"),
             QStringLiteral("UTF8"), QStringLiteral("--no-locale"), QStringLiteral("--no-sync")},
            kInitdbTimeoutMs);
    if (!init)
        return init.error();
    return Ok{};
}

Status PostgresServer::startOnce(QString* log) {
    m_port = freeLoopbackPort();
    if (m_port == 0)
        return Error{QStringLiteral("io"), QStringLiteral("No free port on 127.0.0.1")};
    // Speed over durability: a test cluster is thrown away.
    const QString options = QStringLiteral(
                                "-k %1 -h 127.0.0.1 -p %2 -F -c fsync=off -c full_page_writes=off "
                                "-c synchronous_commit=off")
                                .arg(m_dir->filePath(QStringLiteral("sock")))
                                .arg(m_port);
    const QString dataDir = m_dir->filePath(QStringLiteral("data"));
    // pg_ctl -w polls until the server reports itself ready, or gives up after -t seconds.
    const Result<QString> started =
        run(QDir(m_binDir).filePath(QStringLiteral("pg_ctl")),
            {QStringLiteral("start"), QStringLiteral("-w"), QStringLiteral("-t"),
             QString::number(kStartTimeoutS), QStringLiteral("-D"), dataDir, QStringLiteral("-l"),
             m_dir->filePath(QStringLiteral("server.log")), QStringLiteral("-o"), options},
            (kStartTimeoutS + 10) * 1000);
    if (!started) {
        *log = logText();
        return started.error();
    }
    QFile pidFile(QDir(dataDir).filePath(QStringLiteral("postmaster.pid")));
    if (pidFile.open(QIODevice::ReadOnly))
        m_pid = pidFile.readLine().trimmed().toLongLong();
    if (m_pid <= 0) {
        *log = logText();
        return Error{QStringLiteral("postgres_fixture"),
                     QStringLiteral("PostgreSQL started but left no postmaster.pid")};
    }

    // Ready by pg_ctl's account; make sure a client gets in, polling against a deadline.
    const QString name = QStringLiteral("zerg-pg-probe-%1").arg(g_adminConnection.fetch_add(1));
    QString lastError;
    bool connected = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        db.setHostName(host());
        db.setPort(m_port);
        db.setUserName(user());
        db.setDatabaseName(QStringLiteral("postgres"));
        const QDeadlineTimer deadline(kStartTimeoutS * 1000);
        while (!(connected = db.open()) && !deadline.hasExpired()) {
            lastError = db.lastError().text();
            QThread::msleep(20);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    if (!connected) {
        *log = logText();
        return Error{QStringLiteral("postgres_fixture"),
                     QStringLiteral("PostgreSQL on port %1 does not accept connections: %2")
                         .arg(m_port)
                         .arg(lastError)};
    }
    return Ok{};
}

Status PostgresServer::start() {
    if (isRunning())
        return Ok{};
    if (!m_dir) {
        if (Status s = initCluster(); !s) {
            m_dir.reset();
            return s;
        }
    }
    Status last = Ok{};
    for (int attempt = 0; attempt < kStartAttempts; ++attempt) {
        QString log;
        last = startOnce(&log);
        if (last)
            return Ok{};
        stop();
        const bool portTaken = log.contains(QStringLiteral("could not bind")) ||
                               log.contains(QStringLiteral("could not create any TCP/IP sockets"));
        if (!portTaken) {
            return Error{last.error().code,
                         QStringLiteral("%1\nServer log:\n%2").arg(last.error().message, log)};
        }
    }
    return last;
}

void PostgresServer::stop() {
    if (m_pid <= 0)
        return;
    // SIGINT is PostgreSQL's fast shutdown: roll back open sessions, checkpoint, exit. The
    // postmaster is not our child (pg_ctl started it), so watch its pid file and the pid.
    ::kill(static_cast<pid_t>(m_pid), SIGINT);
    const QString pidFile = m_dir->filePath(QStringLiteral("data/postmaster.pid"));
    QDeadlineTimer deadline(kStopTimeoutMs);
    while (processAlive(m_pid) && QFile::exists(pidFile) && !deadline.hasExpired())
        QThread::msleep(10);
    if (processAlive(m_pid) && QFile::exists(pidFile)) {
        ::kill(static_cast<pid_t>(m_pid), SIGQUIT);  // immediate shutdown
        deadline.setRemainingTime(kStopTimeoutMs);
        while (processAlive(m_pid) && QFile::exists(pidFile) && !deadline.hasExpired())
            QThread::msleep(10);
    }
    m_pid = 0;
}

Result<QString> PostgresServer::createDatabase(const QString& name) {
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!valid.match(name).hasMatch()) {
        return Error{QStringLiteral("invalid_argument"),
                     QStringLiteral("'%1' is not a plain database name").arg(name)};
    }
    if (!isRunning()) {
        return Error{QStringLiteral("invalid_state"),
                     QStringLiteral("The PostgreSQL test server is not running; start() it")};
    }
    const QString connection =
        QStringLiteral("zerg-pg-admin-%1").arg(g_adminConnection.fetch_add(1));
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setHostName(host());
        db.setPort(m_port);
        db.setUserName(user());
        db.setDatabaseName(QStringLiteral("postgres"));
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            // CREATE DATABASE takes no parameters; the name was checked above.
            if (!q.exec(QStringLiteral("CREATE DATABASE \"%1\"").arg(name)))
                error = q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    if (!error.isEmpty()) {
        return Error{QStringLiteral("postgres_fixture"),
                     QStringLiteral("Cannot create the database %1: %2").arg(name, error)};
    }
    return urlFor(name);
}

Result<PostgresServer*> PostgresServer::shared() {
    // Destroyed after main() returns: stop() needs no event loop (signals and file checks).
    static std::unique_ptr<PostgresServer> server;
    static QMutex mutex;
    const QMutexLocker lock(&mutex);
    if (!server)
        server = std::make_unique<PostgresServer>();
    if (Status s = server->start(); !s)
        return s.error();
    return server.get();
}

bool testsUsePostgres() {
    const QString engine = qEnvironmentVariable("ZERG_TEST_DB").trimmed().toLower();
    return engine == QLatin1String("postgres") || engine == QLatin1String("postgresql");
}

Result<QString> testDatabaseUrl(const QString& sqlitePath) {
    if (!testsUsePostgres())
        return QString();
    static QMutex mutex;
    static QHash<QString, QString> urls;  // absolute SQLite path -> database URL
    static int counter = 0;
    const QMutexLocker lock(&mutex);
    const QString key = QFileInfo(sqlitePath).absoluteFilePath();
    if (const auto it = urls.constFind(key); it != urls.constEnd())
        return it.value();
    const Result<PostgresServer*> server = PostgresServer::shared();
    if (!server)
        return server.error();
    Result<QString> url = (*server)->createDatabase(QStringLiteral("zerg_test_%1").arg(++counter));
    if (!url)
        return url.error();
    urls.insert(key, url.value());
    return url;
}

Result<std::unique_ptr<Database>> openTestDatabase(const QString& sqlitePath,
                                                   const QDateTime& now) {
    const Result<QString> url = testDatabaseUrl(sqlitePath);
    if (!url)
        return url.error();
    return Database::openConfigured(sqlitePath, url.value(), now);
}

Result<QSqlDatabase> rawTestConnection(const QString& sqlitePath, const QString& connectionName) {
    const Result<QString> url = testDatabaseUrl(sqlitePath);
    if (!url)
        return url.error();
    QSqlDatabase db;
    if (url->isEmpty()) {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
        db.setDatabaseName(sqlitePath);
    } else {
        const QUrl u(url.value());
        db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
        db.setHostName(u.host());
        db.setPort(u.port());
        db.setUserName(u.userName());
        db.setDatabaseName(u.path().mid(1));
    }
    if (!db.open()) {
        return Error{
            QStringLiteral("db"),
            QStringLiteral("Cannot open the raw test connection: %1").arg(db.lastError().text())};
    }
    if (db.driverName() == QLatin1String("QPSQL"))
        QSqlQuery(db).exec(QStringLiteral("SET client_min_messages TO WARNING"));
    return db;
}

QStringList indexNames(const QSqlDatabase& db, const QString& table) {
    QSqlQuery q(db);
    if (db.driverName() == QLatin1String("QPSQL")) {
        // An index that backs a PRIMARY KEY or UNIQUE constraint carries the constraint's name.
        q.prepare(QStringLiteral(
            "SELECT i.indexname FROM pg_indexes i WHERE i.schemaname = current_schema() "
            "AND i.tablename = ? AND NOT EXISTS (SELECT 1 FROM pg_constraint c "
            "WHERE c.conname = i.indexname) ORDER BY i.indexname"));
    } else {
        q.prepare(
            QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
                           "AND name NOT LIKE 'sqlite_%' ORDER BY name"));
    }
    q.addBindValue(table);
    QStringList out;
    if (q.exec()) {
        while (q.next())
            out.append(q.value(0).toString());
    }
    return out;
}

}  // namespace zerg::test
