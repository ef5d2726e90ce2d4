#include "mcp/stdio_transport.h"

#include "core/clock.h"
#include "core/private_files.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcessEnvironment>

namespace zerg {

namespace {

constexpr int kStderrTailLines = 20;
// One message (a tool result with an image) may be large, not endless.
constexpr qsizetype kMaxLineBytes = 32 * 1024 * 1024;
// After stdin is closed: time to exit before SIGTERM, then before SIGKILL (the spec's order).
constexpr qint64 kTerminateAfterMs = 2000;
constexpr qint64 kKillAfterMs = 4000;

}  // namespace

StdioTransport::StdioTransport(Options options, Clock* clock, QObject* parent)
    : McpTransport(parent), m_o(std::move(options)), m_clock(clock) {}

StdioTransport::~StdioTransport() {
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
}

qint64 StdioTransport::processId() const {
    return m_process ? m_process->processId() : 0;
}

void StdioTransport::open() {
    if (m_process)
        return;
    m_process = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = m_o.env.cbegin(); it != m_o.env.cend(); ++it)
        env.insert(it.key(), it.value());
    m_process->setProcessEnvironment(env);
    if (!m_o.cwd.isEmpty())
        m_process->setWorkingDirectory(m_o.cwd);
    connect(m_process, &QProcess::started, this, &McpTransport::opened);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &StdioTransport::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioTransport::onStderr);
    connect(m_process, &QProcess::finished, this, &StdioTransport::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &StdioTransport::onError);
    if (!m_o.logFile.isEmpty()) {
        if (auto created = files::createPrivateFile(m_o.logFile); !created)
            m_stderrTail.append(created.error().message);
    }
    m_process->start(m_o.command, m_o.args);
}

void StdioTransport::send(const QJsonObject& message) {
    if (!m_process || m_process->state() != QProcess::Running || m_closing)
        return;
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    m_process->write(line);
}

void StdioTransport::close() {
    if (!m_process || m_closed) {
        emitClosed(tr("stopped"));
        return;
    }
    if (m_closing)
        return;
    m_closing = true;
    m_process->closeWriteChannel();
    const QPointer<QProcess> p = m_process;
    m_clock->callAfter(kTerminateAfterMs, this, [p] {
        if (p && p->state() != QProcess::NotRunning)
            p->terminate();
    });
    m_clock->callAfter(kKillAfterMs, this, [p] {
        if (p && p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void StdioTransport::abort() {
    m_closing = true;
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
    emitClosed(tr("stopped"));
}

void StdioTransport::onStdout() {
    m_stdoutBuf.append(m_process->readAllStandardOutput());
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_stdoutBuf.indexOf('\n', start);
        if (nl < 0)
            break;
        const QByteArray line = m_stdoutBuf.mid(start, nl - start).trimmed();
        start = nl + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            // A server must write only JSON-RPC to stdout; a stray line is logged and skipped.
            m_stderrTail.append(QStringLiteral("(stdout, not JSON-RPC) ") +
                                QString::fromUtf8(line.left(200)));
            while (m_stderrTail.size() > kStderrTailLines)
                m_stderrTail.removeFirst();
            continue;
        }
        Q_EMIT received(doc.object());
        if (m_closed)
            return;
    }
    m_stdoutBuf.remove(0, start);
    if (m_stdoutBuf.size() > kMaxLineBytes) {
        m_stdoutBuf.clear();
        emitClosed(tr("sent a message larger than %1 MiB").arg(kMaxLineBytes / (1024 * 1024)));
        abort();
    }
}

void StdioTransport::onStderr() {
    const QByteArray chunk = m_process->readAllStandardError();
    if (!m_o.logFile.isEmpty()) {
        QFile log(m_o.logFile);
        if (log.open(QIODevice::Append))
            log.write(chunk);
    }
    m_stderrBuf.append(chunk);
    qsizetype nl;
    while ((nl = m_stderrBuf.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stderrBuf.left(nl)).trimmed();
        m_stderrBuf.remove(0, nl + 1);
        if (line.isEmpty())
            continue;
        m_stderrTail.append(line.left(500));
        while (m_stderrTail.size() > kStderrTailLines)
            m_stderrTail.removeFirst();
    }
    if (m_stderrBuf.size() > 64 * 1024)
        m_stderrBuf.clear();
}

void StdioTransport::onFinished(int exitCode, QProcess::ExitStatus status) {
    if (m_closing) {
        emitClosed(tr("stopped"));
        return;
    }
    emitClosed(status == QProcess::CrashExit
                   ? tr("the server process crashed")
                   : tr("the server process exited with code %1").arg(exitCode));
}

void StdioTransport::onError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart)
        return;  // crashes arrive through finished()
    emitClosed(tr("could not start '%1' (%2). Check \"command\" in mcp.json: the program must be "
                  "installed and on PATH, or given with its full path.")
                   .arg(m_o.command, m_process->errorString()));
}

void StdioTransport::emitClosed(const QString& why) {
    if (m_closed)
        return;
    m_closed = true;
    Q_EMIT closed(why);
}

}  // namespace zerg
