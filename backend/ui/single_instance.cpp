#include "single_instance.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>
#include <QThread>

namespace zerg {
namespace {

constexpr qsizetype kMaxLine = 64 * 1024;  // a question is far shorter

// The same data folder, however it was written, gives the same name; different users never
// share one (the runtime folder is the user's).
QString instanceName(const QString& dataDir) {
    const QString canonical = QFileInfo(dataDir).canonicalFilePath();
    const QString path =
        canonical.isEmpty() ? QDir::cleanPath(QDir(dataDir).absolutePath()) : canonical;
    return QStringLiteral("zerg-") +
           QString::fromLatin1(QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha256)
                                   .toHex()
                                   .left(16));
}

QByteArray answerLine(const QString& error) {
    QJsonObject o{{QStringLiteral("ok"), error.isEmpty()}};
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

}  // namespace

QByteArray InstanceRequest::toLine() const {
    const QJsonObject o{{QStringLiteral("page"), page}, {QStringLiteral("ask"), ask}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

Result<InstanceRequest> InstanceRequest::fromLine(const QByteArray& line) {
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(line.trimmed(), &parseError);
    const QJsonObject o = doc.object();
    if (parseError.error != QJsonParseError::NoError || !doc.isObject() ||
        (o.contains(QStringLiteral("page")) && !o.value(QStringLiteral("page")).isString()) ||
        (o.contains(QStringLiteral("ask")) && !o.value(QStringLiteral("ask")).isString())) {
        return Error{QStringLiteral("invalid_argument"),
                     SingleInstance::tr("The request to the running Zerg was not understood; "
                                        "start Zerg with the same version as the running one.")};
    }
    return InstanceRequest{o.value(QStringLiteral("page")).toString(),
                           o.value(QStringLiteral("ask")).toString()};
}

SingleInstance::SingleInstance(const QString& dataDir, const QString& runtimeDir, QObject* parent)
    : QObject(parent) {
    QString dir = runtimeDir;
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    QDir().mkpath(dir);
    const QString name = instanceName(dataDir);
    m_serverName = QDir(dir).filePath(name + QStringLiteral(".sock"));
    m_lock = std::make_unique<QLockFile>(QDir(dir).filePath(name + QStringLiteral(".lock")));
    m_lock->setStaleLockTime(0);  // stale only when its process is gone
}

SingleInstance::~SingleInstance() {
    if (m_server)
        m_server->close();  // removes the socket file, before the lock goes
}

bool SingleInstance::isListening() const {
    return m_server && m_server->isListening();
}

QString SingleInstance::runningProcess() const {
    qint64 pid = 0;
    QString host;
    QString app;
    if (m_lock->getLockInfo(&pid, &host, &app))
        return QString::number(pid);
    return tr("unknown");
}

Result<SingleInstance::Role> SingleInstance::claim() {
    if (m_lock->isLocked() || m_lock->tryLock(0)) {
        if (!m_server)
            listen();
        return Role::Primary;
    }
    return Error{QStringLiteral("already_running"),
                 tr("Zerg is already running with this data folder (process %1). Quit it "
                    "(tray menu › Quit Zerg, or Ctrl+Q in its window) and try again.")
                     .arg(runningProcess())};
}

Result<SingleInstance::Role> SingleInstance::claimOrHand(const InstanceRequest& request,
                                                         int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    QString lastProblem;
    while (true) {
        if (auto claimed = claim())
            return claimed;
        // A window runs. It may still be starting: try until it listens or time is up.
        QLocalSocket socket;
        socket.connectToServer(m_serverName);
        if (socket.waitForConnected(int(qMax<qint64>(deadline.remainingTime(), 1)))) {
            socket.write(request.toLine());
            QByteArray line;
            while (!line.contains('\n') && line.size() <= kMaxLine && !deadline.hasExpired() &&
                   (socket.bytesAvailable() > 0 ||
                    socket.waitForReadyRead(int(qMax<qint64>(deadline.remainingTime(), 1))))) {
                line += socket.readAll();
            }
            if (line.contains('\n')) {
                const QJsonObject answer =
                    QJsonDocument::fromJson(line.left(line.indexOf('\n'))).object();
                if (answer.value(QStringLiteral("ok")).toBool())
                    return Role::Handed;
                const QString why = answer.value(QStringLiteral("error")).toString();
                return Error{QStringLiteral("failed"),
                             why.isEmpty() ? tr("The running Zerg refused the request.") : why};
            }
            lastProblem = socket.errorString();
        } else {
            lastProblem = socket.errorString();
        }
        if (deadline.hasExpired())
            break;
        QThread::msleep(100);
    }
    return Error{QStringLiteral("unavailable"),
                 tr("Zerg is already running (process %1) but did not answer within %2 s (%3). "
                    "If its window does not respond, end that process and start Zerg again.")
                     .arg(runningProcess())
                     .arg(timeoutMs / 1000.0, 0, 'g', 2)
                     .arg(lastProblem)};
}

void SingleInstance::listen() {
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    // We hold the lock, so a socket file left behind is a crashed window's.
    QLocalServer::removeServer(m_serverName);
    if (!m_server->listen(m_serverName)) {
        // The window still works; later launches then report that it does not answer.
        qWarning("zerg: cannot listen on %s (%s): a second launch cannot reach this window.",
                 qPrintable(m_serverName), qPrintable(m_server->errorString()));
        return;
    }
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
}

void SingleInstance::onNewConnection() {
    while (QLocalSocket* socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QObject::destroyed, this, [this, socket] { m_buffers.remove(socket); });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void SingleInstance::onReadyRead(QLocalSocket* socket) {
    QByteArray& buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype end = buffer.indexOf('\n');
    if (end < 0) {
        if (buffer.size() > kMaxLine) {
            socket->write(answerLine(tr("The request is too long (over 64 KiB).")));
            socket->disconnectFromServer();
            m_buffers.remove(socket);
        }
        return;
    }
    const QByteArray line = buffer.left(end);
    m_buffers.remove(socket);
    disconnect(socket, &QLocalSocket::readyRead, this, nullptr);  // one request per connection
    if (!m_handler) {
        m_waiting.append({QPointer<QLocalSocket>(socket), line});
        return;
    }
    answer(socket, line);
}

void SingleInstance::answer(QLocalSocket* socket, const QByteArray& line) {
    const auto request = InstanceRequest::fromLine(line);
    const QString error = request ? m_handler(request.value()) : request.error().message;
    socket->write(answerLine(error));
    socket->disconnectFromServer();  // after the answer is written
}

void SingleInstance::setHandler(Handler handler) {
    m_handler = std::move(handler);
    const auto waiting = std::exchange(m_waiting, {});
    for (const auto& [socket, line] : waiting) {
        if (socket)
            answer(socket, line);
    }
}

}  // namespace zerg
