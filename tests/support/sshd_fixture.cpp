#include "sshd_fixture.h"

#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QTcpSocket>
#include <QTest>

#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace zerg::test {
namespace {

constexpr int kStartTimeoutMs = 10000;

QString path(const QTemporaryDir& d, const char* name) {
    return d.filePath(QString::fromLatin1(name));
}

bool writeFile(const QString& file, const QByteArray& data, QString* error) {
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size()) {
        *error = QStringLiteral("cannot write %1: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

// "ssh-ed25519 AAAA..." from a .pub file (type and key, no comment).
QByteArray publicKeyLine(const QString& pubFile) {
    QFile f(pubFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> parts = f.readAll().trimmed().split(' ');
    if (parts.size() < 2)
        return {};
    return parts[0] + ' ' + parts[1];
}

// Runs a program to completion (test setup only; never on a path the product uses).
bool run(const QString& program, const QStringList& args, QString* error,
         QByteArray* out = nullptr) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed: %3 %4")
                     .arg(program, args.join(QLatin1Char(' ')), p.errorString(),
                          QString::fromLocal8Bit(p.readAllStandardError()));
        return false;
    }
    if (out)
        *out = p.readAllStandardOutput();
    return true;
}

}  // namespace

SshdFixture::SshdFixture() : SshdFixture(SshdOptions{}) {}

SshdFixture::SshdFixture(SshdOptions options)
    : m_options(std::move(options)),
      m_sshdPath(findProgram(QStringLiteral("sshd"))),
      m_keygenPath(findProgram(QStringLiteral("ssh-keygen"))) {}

SshdFixture::~SshdFixture() {
    if (m_sshd && m_sshd->state() != QProcess::NotRunning) {
        m_sshd->terminate();
        if (!m_sshd->waitForFinished(5000)) {
            m_sshd->kill();
            m_sshd->waitForFinished(5000);
        }
    }
}

QString SshdFixture::dir() const {
    return m_tmp.path();
}
QString SshdFixture::userKeyPath() const {
    return path(m_tmp, "user_ed25519");
}
QString SshdFixture::knownHostsPath() const {
    return path(m_tmp, "known_hosts");
}
QString SshdFixture::wrongKnownHostsPath() const {
    return path(m_tmp, "wrong_known_hosts");
}

QString SshdFixture::userName() const {
    if (const passwd* pw = getpwuid(geteuid()); pw && pw->pw_name) {
        return QString::fromLocal8Bit(pw->pw_name);
    }
    return qEnvironmentVariable("USER");
}

bool SshdFixture::available(QString* why) const {
    QStringList missing;
    if (m_sshdPath.isEmpty())
        missing << QStringLiteral("sshd (package openssh-server)");
    if (m_keygenPath.isEmpty())
        missing << QStringLiteral("ssh-keygen (package openssh-client)");
    if (missing.isEmpty())
        return true;
    if (why)
        *why = QStringLiteral("not installed: %1").arg(missing.join(QStringLiteral(", ")));
    return false;
}

bool SshdFixture::keygen(const QString& keyPath, QString* error) const {
    return run(m_keygenPath,
               {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                QStringLiteral("-N"), QString(), QStringLiteral("-C"), QStringLiteral("zerg-test"),
                QStringLiteral("-f"), keyPath},
               error);
}

QString SshdFixture::generateKey(const QString& name, QString* error) const {
    const QString keyPath = m_tmp.filePath(name);
    return keygen(keyPath, error) ? keyPath : QString();
}

QString SshdFixture::hostKeyFingerprint() const {
    QString error;
    QByteArray out;
    if (!run(m_keygenPath,
             {QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"),
              QStringLiteral("-f"), path(m_tmp, "host_ed25519.pub")},
             &error, &out)) {
        return {};
    }
    // "256 SHA256:xxxx zerg-test (ED25519)"
    const QList<QByteArray> parts = out.split(' ');
    return parts.size() > 1 ? QString::fromLatin1(parts[1]) : QString();
}

bool SshdFixture::start(QString* error) {
    if (!available(error))
        return false;
    if (!m_tmp.isValid()) {
        *error = QStringLiteral("cannot create a temp folder: %1").arg(m_tmp.errorString());
        return false;
    }
    const QString hostKey = path(m_tmp, "host_ed25519");
    const QString otherHostKey = path(m_tmp, "other_host_ed25519");
    if (!keygen(hostKey, error) || !keygen(otherHostKey, error) || !keygen(userKeyPath(), error)) {
        return false;
    }

    m_port = freeLoopbackPort();
    if (m_port == 0) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }
    const QByteArray hostName = QStringLiteral("[127.0.0.1]:%1").arg(m_port).toUtf8();
    const QString authorizedKeys = path(m_tmp, "authorized_keys");
    if (!writeFile(authorizedKeys, publicKeyLine(userKeyPath() + QStringLiteral(".pub")) + '\n',
                   error) ||
        !writeFile(knownHostsPath(),
                   hostName + ' ' + publicKeyLine(hostKey + QStringLiteral(".pub")) + '\n',
                   error) ||
        !writeFile(wrongKnownHostsPath(),
                   hostName + ' ' + publicKeyLine(otherHostKey + QStringLiteral(".pub")) + '\n',
                   error)) {
        return false;
    }

    const QString config = path(m_tmp, "sshd_config");
    QString text = QStringLiteral(
                       "ListenAddress 127.0.0.1\n"
                       "Port %1\n"
                       "HostKey %2\n"
                       "PidFile %3\n"
                       "AuthorizedKeysFile %4\n"
                       "PubkeyAuthentication yes\n"
                       "PasswordAuthentication no\n"
                       "KbdInteractiveAuthentication no\n"
                       "UsePAM no\n"
                       "StrictModes no\n"
                       "PermitRootLogin prohibit-password\n"
                       "UseDNS no\n"
                       "PrintMotd no\n"
                       // bash sources ~/.bashrc for commands sshd starts unless it is a
                       // nested shell: keep the tester's rc files (pyenv, conda, locks and
                       // all) out of the tests and the benchmark.
                       "SetEnv SHLVL=1\n"
                       "LogLevel %5\n")
                       .arg(m_port)
                       .arg(hostKey, path(m_tmp, "sshd.pid"), authorizedKeys, m_options.logLevel);
    if (!m_options.allowTcpForwarding)
        text += QStringLiteral("AllowTcpForwarding no\n");
    if (!writeFile(config, text.toUtf8(), error))
        return false;

    // As root, sshd wants its privilege separation folder.
    if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd"))) {
        if (::mkdir("/run/sshd", 0755) != 0 && errno != EEXIST) {
            *error = QStringLiteral("cannot create /run/sshd: %1")
                         .arg(QString::fromLocal8Bit(strerror(errno)));
            return false;
        }
    }

    m_sshd = std::make_unique<QProcess>();
    m_sshd->setProcessChannelMode(QProcess::MergedChannels);
    // sshd re-executes itself and so must be started by its absolute path.
    m_sshd->start(m_sshdPath, {QStringLiteral("-D"), QStringLiteral("-E"), logPath(),
                               QStringLiteral("-f"), config});
    if (!m_sshd->waitForStarted(5000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(m_sshdPath, m_sshd->errorString());
        return false;
    }
    return waitUntilListening(error);
}

bool SshdFixture::waitUntilListening(QString* error) {
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < kStartTimeoutMs) {
        if (m_sshd->state() == QProcess::NotRunning) {
            *error = QStringLiteral("sshd exited (code %1): %2 %3")
                         .arg(m_sshd->exitCode())
                         .arg(QString::fromLocal8Bit(m_sshd->readAll()), readLog());
            return false;
        }
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, m_port);
        if (probe.waitForConnected(200)) {
            probe.abort();
            return true;
        }
        QTest::qWait(50);
    }
    *error = QStringLiteral("sshd did not listen on 127.0.0.1:%1 within %2 s: %3 %4")
                 .arg(m_port)
                 .arg(kStartTimeoutMs / 1000)
                 .arg(QString::fromLocal8Bit(m_sshd->readAll()), readLog());
    return false;
}

QString SshdFixture::logPath() const {
    return path(m_tmp, "sshd.log");
}

QString SshdFixture::readLog() const {
    QFile f(logPath());
    return f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()) : QString();
}

int SshdFixture::acceptedLogins() const {
    return int(readLog().count(QStringLiteral("Accepted publickey for ")));
}

QStringList SshdFixture::logLines(const QString& text) const {
    QStringList out;
    for (QString line : readLog().split(QLatin1Char('\n'))) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);  // sshd -E ends its lines with "\r\n"
        if (line.contains(text))
            out << line;
    }
    return out;
}

int SshdFixture::forwardedTo(quint16 port) const {
    // "debug1: server_request_direct_tcpip: originator 127.0.0.1 port 0, target 127.0.0.1 port
    // 2222" (OpenSSH's serverloop.c, at DEBUG1)
    int n = 0;
    for (const QString& line : logLines(QStringLiteral("server_request_direct_tcpip:"))) {
        if (line.endsWith(QStringLiteral(", target 127.0.0.1 port %1").arg(port)))
            ++n;
    }
    return n;
}

int SshdFixture::refusedForwards() const {
    return int(logLines(QStringLiteral("refused local port forward")).size());
}

int SshdFixture::dropConnections() {
    return signalConnections(SIGKILL);
}

int SshdFixture::pauseConnections() {
    return signalConnections(SIGSTOP);
}

int SshdFixture::signalConnections(int signal) {
    if (!m_sshd || m_sshd->state() == QProcess::NotRunning)
        return 0;
    const qint64 listener = m_sshd->processId();
    // Parent and name of every process, from /proc/<pid>/stat ("pid (comm) state ppid ...").
    QHash<qint64, qint64> parentOf;
    QHash<qint64, QByteArray> nameOf;
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList({QStringLiteral("[0-9]*")}, QDir::Dirs);
    for (const QString& pid : pids) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('(');
        const qsizetype close = line.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (rest.size() > 1) {
            parentOf.insert(pid.toLongLong(), rest[1].toLongLong());
            nameOf.insert(pid.toLongLong(), line.mid(open + 1, close - open - 1));
        }
    }
    // Only the connections' own sshd processes: the commands they run (and whatever the login
    // shell's rc files do, which may hold locks) live on, as they would when a network drops.
    int signalled = 0;
    for (auto it = parentOf.cbegin(); it != parentOf.cend(); ++it) {
        if (it.key() == listener || nameOf.value(it.key()) != "sshd")
            continue;
        qint64 p = it.value();
        while (p > 1 && p != listener)
            p = parentOf.value(p, 0);
        if (p == listener && ::kill(pid_t(it.key()), signal) == 0)
            ++signalled;
    }
    return signalled;
}

bool SshdFixture::commandRunning(const QString& pattern) {
    QProcess p;
    p.start(findProgram(QStringLiteral("pgrep")), {QStringLiteral("-f"), pattern});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

void SshdFixture::killCommand(const QString& pattern) {
    QProcess p;
    p.start(findProgram(QStringLiteral("pgrep")), {QStringLiteral("-f"), pattern});
    if (!p.waitForFinished(10000))
        return;
    for (const QByteArray& pid : p.readAllStandardOutput().split('\n')) {
        if (pid.toLongLong() > 1)
            ::kill(pid_t(pid.toLongLong()), SIGKILL);
    }
}

QString SshdFixture::hostBlock(const QString& alias, const QString& knownHostsFile,
                               const QString& extraLines) const {
    return QStringLiteral(
               "Host %1\n"
               "    HostName 127.0.0.1\n"
               "    Port %2\n"
               "    User %3\n"
               "    IdentityFile \"%4\"\n"
               "    UserKnownHostsFile \"%5\"\n")
               .arg(alias)
               .arg(m_port)
               .arg(userName(), userKeyPath(), knownHostsFile) +
           extraLines;
}

QString SshdFixture::writeHostsFile(const QString& alias, const QString& knownHostsFile) const {
    const QString file = m_tmp.filePath(QStringLiteral("hosts_%1.conf").arg(alias));
    const QString text =
        QStringLiteral("# written by SshdFixture\n") + hostBlock(alias, knownHostsFile);
    QString error;
    return writeFile(file, text.toUtf8(), &error) ? file : QString();
}

}  // namespace zerg::test
