#include "dovecot_fixture.h"

#include "temp_env.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTcpSocket>
#include <QTest>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

namespace zerg::test {
namespace {

constexpr int kStartTimeoutMs = 10000;
constexpr int kLogTailChars = 3000;

const char* const kUser = "zerg";
const char* const kPassword = "zerg-test-password";
const char* const kNotInstalled =
    "dovecot is not installed: run scripts/setup (Debian package dovecot-imapd)";

// As root the folder must be reachable by `nobody` (dovecot's processes), and $TMPDIR may not be;
// /tmp also keeps the unix sockets under base_dir well below their 108-byte path limit.
QString tempTemplate() {
    const QString base = ::geteuid() == 0 ? QStringLiteral("/tmp") : QDir::tempPath();
    return base + QStringLiteral("/zerg-dovecot-XXXXXX");
}

QString errnoText() {
    return QString::fromLocal8Bit(strerror(errno));
}

bool writeFile(const QString& file, const QByteArray& data, QString* error) {
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size()) {
        *error = QStringLiteral("cannot write %1: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

}  // namespace

DovecotFixture::DovecotFixture()
    : m_tmp(tempTemplate()), m_dovecotPath(findProgram(QStringLiteral("dovecot"))) {}

DovecotFixture::~DovecotFixture() {
    if (m_dovecot && m_dovecot->state() != QProcess::NotRunning) {
        m_dovecot->terminate();
        if (!m_dovecot->waitForFinished(5000)) {
            m_dovecot->kill();
            m_dovecot->waitForFinished(5000);
        }
    }
}

QString DovecotFixture::dir() const {
    return m_tmp.path();
}
QString DovecotFixture::user() const {
    return QString::fromLatin1(kUser);
}
QString DovecotFixture::password() const {
    return QString::fromLatin1(kPassword);
}
QString DovecotFixture::maildirPath() const {
    return m_tmp.filePath(QStringLiteral("home/%1/Maildir").arg(user()));
}
QString DovecotFixture::logPath() const {
    return m_tmp.filePath(QStringLiteral("dovecot.log"));
}

bool DovecotFixture::available(QString* why) const {
    if (!m_dovecotPath.isEmpty())
        return true;
    if (why)
        *why = QString::fromLatin1(kNotInstalled);
    return false;
}

bool DovecotFixture::own(const QString& path, QString* error) const {
    if (m_uid == ::geteuid())
        return true;
    if (::chown(QFile::encodeName(path).constData(), m_uid, m_gid) != 0) {
        *error = QStringLiteral("cannot hand %1 to %2: %3").arg(path, m_runAsUser, errnoText());
        return false;
    }
    return true;
}

// The account and the folders: the temp folder, state_dir and the Maildir, owned by the account
// dovecot's processes run as. base_dir is left to dovecot, which creates it with the modes its
// sockets need.
bool DovecotFixture::prepare(QString* error) {
    if (m_prepared)
        return true;
    if (!m_tmp.isValid()) {
        *error = QStringLiteral("cannot create a temp folder: %1").arg(m_tmp.errorString());
        return false;
    }
    const bool root = ::geteuid() == 0;
    const passwd* pw = root ? ::getpwnam("nobody") : ::getpwuid(::geteuid());
    if ((!pw || !pw->pw_name) && root) {
        *error = QStringLiteral(
            "running as root needs the user nobody: dovecot will not run its "
            "login and mail processes as root");
        return false;
    }
    if (!pw || !pw->pw_name) {
        *error = QStringLiteral("the current user (uid %1) has no name in the password database")
                     .arg(::geteuid());
        return false;
    }
    m_runAsUser = QString::fromLocal8Bit(pw->pw_name);
    m_uid = pw->pw_uid;
    // Not root: no process can change its group, so dovecot's is the current one.
    m_gid = root ? pw->pw_gid : ::getegid();
    const group* gr = ::getgrgid(m_gid);
    if (!gr || !gr->gr_name) {
        *error = QStringLiteral("group %1 of %2 has no name in the group database")
                     .arg(m_gid)
                     .arg(m_runAsUser);
        return false;
    }
    m_runAsGroup = QString::fromLocal8Bit(gr->gr_name);

    if (!own(dir(), error))
        return false;
    const QString home = m_tmp.filePath(QStringLiteral("home"));
    const QString userHome = QDir(home).filePath(user());
    const QString maildir = maildirPath();
    const QStringList folders = {m_tmp.filePath(QStringLiteral("state")),
                                 home,
                                 userHome,
                                 maildir,
                                 maildir + QStringLiteral("/cur"),
                                 maildir + QStringLiteral("/new"),
                                 maildir + QStringLiteral("/tmp")};
    for (const QString& folder : folders) {
        if (!QDir().mkpath(folder)) {
            *error = QStringLiteral("cannot create %1").arg(folder);
            return false;
        }
        if (!own(folder, error))
            return false;
    }
    m_prepared = true;
    return true;
}

bool DovecotFixture::start(QString* error) {
    if (!available(error))
        return false;
    if (!prepare(error))
        return false;

    m_port = freeLoopbackPort();
    if (m_port == 0) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }

    const QString users = m_tmp.filePath(QStringLiteral("users"));
    if (!writeFile(users, QStringLiteral("%1:{PLAIN}%2\n").arg(user(), password()).toUtf8(),
                   error) ||
        !own(users, error)) {
        return false;
    }

    const QString config = m_tmp.filePath(QStringLiteral("dovecot.conf"));
    const QString text =
        QStringLiteral(
            "# written by DovecotFixture\n"
            "base_dir = %1\n"
            "state_dir = %2\n"
            "log_path = %3\n"
            "protocols = imap\n"
            "listen = 127.0.0.1\n"
            "ssl = no\n"
            "disable_plaintext_auth = no\n"
            "auth_mechanisms = plain login\n"
            // Every process as one unprivileged account: the default users dovecot and dovenull
            // may be missing, and a user that is not root cannot switch to them anyway.
            "default_login_user = %4\n"
            "default_internal_user = %4\n"
            "default_internal_group = %5\n"
            "first_valid_uid = 0\n"
            "first_valid_gid = 0\n"
            "login_trusted_networks = 127.0.0.0/8\n"
            "mail_location = maildir:%6/home/%u/Maildir\n"
            "passdb {\n"
            "  driver = passwd-file\n"
            "  args = scheme=PLAIN username_format=%u %7\n"
            "}\n"
            "userdb {\n"
            "  driver = static\n"
            "  args = uid=%8 gid=%9 home=%6/home/%u\n"
            "}\n"
            // chroot needs root; these two chroot by default.
            "service imap-login {\n"
            "  chroot =\n"
            "  inet_listener imap {\n"
            "    address = 127.0.0.1\n"
            "    port = %10\n"
            "  }\n"
            "  inet_listener imaps {\n"
            "    port = 0\n"
            "  }\n"
            "}\n"
            "service anvil {\n"
            "  chroot =\n"
            "}\n")
            .arg(m_tmp.filePath(QStringLiteral("run")), m_tmp.filePath(QStringLiteral("state")),
                 logPath(), m_runAsUser, m_runAsGroup, dir(), users)
            .arg(m_uid)
            .arg(m_gid)
            .arg(m_port);
    if (!writeFile(config, text.toUtf8(), error) || !own(config, error))
        return false;

    m_dovecot = std::make_unique<QProcess>();
    m_dovecot->setProcessChannelMode(QProcess::MergedChannels);
    m_dovecot->setWorkingDirectory(dir());
    // -F: in the foreground, so that the QProcess is the master and SIGTERM stops it all.
    m_dovecot->start(m_dovecotPath, {QStringLiteral("-F"), QStringLiteral("-c"), config});
    if (!m_dovecot->waitForStarted(5000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(m_dovecotPath, m_dovecot->errorString());
        return false;
    }
    return waitUntilGreeting(error);
}

// The master listens as soon as it runs, even when imap-login cannot start (then it closes each
// connection); so wait for the greeting, not for the port.
bool DovecotFixture::waitUntilGreeting(QString* error) {
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < kStartTimeoutMs) {
        if (m_dovecot->state() == QProcess::NotRunning) {
            *error = QStringLiteral("dovecot exited (code %1): %2 %3")
                         .arg(m_dovecot->exitCode())
                         .arg(QString::fromLocal8Bit(m_dovecot->readAll()), logTail());
            return false;
        }
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, m_port);
        if (probe.waitForConnected(200)) {
            // imap-login starts with the first connection: give it a moment to greet.
            for (int i = 0; i < 10 && !probe.canReadLine(); ++i)
                probe.waitForReadyRead(200);
            const bool greeted = probe.readLine().startsWith("* OK");
            probe.abort();
            if (greeted)
                return true;
        }
        QTest::qWait(50);
    }
    *error = QStringLiteral("dovecot did not greet on 127.0.0.1:%1 within %2 s: %3 %4")
                 .arg(m_port)
                 .arg(kStartTimeoutMs / 1000)
                 .arg(QString::fromLocal8Bit(m_dovecot->readAll()), logTail());
    return false;
}

QString DovecotFixture::logTail() const {
    QFile f(logPath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLocal8Bit(f.readAll().right(kLogTailChars)).trimmed();
}

bool DovecotFixture::deliver(const QByteArray& rawMessage, QString* error) {
    if (!prepare(error))
        return false;
    // A unique Maildir name: "<seconds>.M<microseconds>P<pid>Q<count>.<host>".
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const QString name = QStringLiteral("%1.M%2P%3Q%4.zerg-test")
                             .arg(nowMs / 1000)
                             .arg((nowMs % 1000) * 1000)
                             .arg(::getpid())
                             .arg(++m_delivered);
    const QString tmpFile = maildirPath() + QStringLiteral("/tmp/") + name;
    const QString newFile = maildirPath() + QStringLiteral("/new/") + name;
    QFile f(tmpFile);
    if (!f.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
        f.write(rawMessage) != rawMessage.size() || !f.flush()) {
        *error = QStringLiteral("cannot write %1: %2").arg(tmpFile, f.errorString());
        return false;
    }
    f.close();
    if (!own(tmpFile, error))
        return false;
    if (::rename(QFile::encodeName(tmpFile).constData(), QFile::encodeName(newFile).constData()) !=
        0) {
        *error = QStringLiteral("cannot move %1 into new/: %2").arg(tmpFile, errnoText());
        return false;
    }
    return true;
}

int DovecotFixture::seenCount() const {
    // Dovecot may add ",S=<size>" to the base name, so only the info part after ":2," counts.
    int n = 0;
    const QStringList files =
        QDir(maildirPath() + QStringLiteral("/cur")).entryList(QDir::Files | QDir::Hidden);
    for (const QString& file : files) {
        const qsizetype info = file.lastIndexOf(QStringLiteral(":2,"));
        if (info >= 0 && file.mid(info + 3).contains(QLatin1Char('S')))
            ++n;
    }
    return n;
}

}  // namespace zerg::test
