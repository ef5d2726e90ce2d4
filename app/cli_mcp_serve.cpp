#include "cli_mcp_serve.h"

#include "cli.h"
#include "cli_options.h"
#include "signal_quit.h"

#include "api/mcp_service.h"
#include "core/settings.h"
#include "llm/provider_registry.h"
#include "runtime/backend.h"
#include "workers/approvals.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QPointer>
#include <QSocketNotifier>
#include <QTextStream>
#include <QTimer>

#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <utility>

namespace zerg::cli {
namespace {

const char kMcpServeUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg mcp serve\n"
    "\n"
    "Runs Zerg as an MCP server (Model Context Protocol) on standard input and output, for\n"
    "Claude Desktop, Goose, an IDE or any other MCP client: one JSON-RPC message per line.\n"
    "Logs go to standard error. The client gets these tools:\n"
    "  ask               Ask Jarvis to do an ops task; reports progress while workers run.\n"
    "  list_workers      Recent workers: status, task, summary.\n"
    "  read_worker_file  One file of a worker's folder (result.txt, tool_calls/...).\n"
    "  grep_workers      Search the files of every worker.\n"
    "  list_hosts        The hosts workers may reach (never key contents).\n"
    "\n"
    "Anything that may change a system needs your approval in Zerg, as for every request; the\n"
    "MCP client cannot approve it. The server stops when its input ends, or on SIGTERM or\n"
    "Ctrl+C; a request that is still running is cancelled.\n"
    "\n"
    "Claude Desktop (claude_desktop_config.json):\n"
    "  {\"mcpServers\": {\"zerg\": {\"command\": \"zerg\", \"args\": [\"mcp\", \"serve\"]}}}\n"
    "\n"
    "See docs/mcp.md.\n");

// How long a stopping server waits for its cancelled request to end before it exits anyway.
constexpr int kStopWaitMs = 15000;
// A longer line is refused without being read as JSON (and skipped up to its end).
constexpr qsizetype kMaxLineBytes = 16 * 1024 * 1024;

QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

void note(const QString& text) {
    err() << "zerg mcp serve: " << text << '\n';
    err().flush();
}

// The protocol's own copies of standard input and output. Standard output then points at
// standard error and standard input at /dev/null, so that nothing else in the process (a log
// line, a library, a child that inherits them) can write into the protocol or read from it.
struct ProtocolFds {
    int in = -1;
    int out = -1;
};

Result<ProtocolFds> takeStdio() {
    ProtocolFds fds;
    std::fflush(stdout);
    fds.in = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    fds.out = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fds.in < 0 || fds.out < 0 || devNull < 0 || ::dup2(devNull, STDIN_FILENO) < 0 ||
        ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        for (int fd : {fds.in, fds.out, devNull}) {
            if (fd >= 0)
                ::close(fd);
        }
        return Error{QStringLiteral("io"),
                     Text::tr("cannot take over standard input and output: %1").arg(why)};
    }
    ::close(devNull);
    return fds;
}

// Writes all of data; false when the reader is gone (EPIPE) or the write failed.
bool writeAll(int fd, const QByteArray& data) {
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

}  // namespace

QString mcpServeHelp() {
    return Text::tr(kMcpServeUsage);
}

int mcpServe(QStringList args) {
    if (const Status none = parseNoArguments(args); !none) {
        err() << "zerg mcp serve: " << none.error().message << '\n'
              << Text::tr("Run 'zerg mcp serve --help' for usage.") << '\n';
        err().flush();
        return 2;
    }
    const Result<ProtocolFds> fds = takeStdio();
    if (!fds) {
        note(fds.error().message);
        return 1;
    }
    // A client that closes its end while an answer is written: the write fails (EPIPE) instead
    // of killing the process before it could stop its workers (QProcess ignores SIGPIPE the same
    // way once it writes to a child).
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, nullptr);

    const Settings settings = Settings::load();
    int code = 0;
    std::unique_ptr<Backend> backend = openBackend(settings, &code);
    if (!backend)
        return code;
    if (const QString problem = llm::providerProblem(settings); !problem.isEmpty())
        note(Text::tr("%1 Until then ask is answered with this problem.").arg(problem));
    for (const QString& problem :
         {backend->recoveryNotice(), backend->hostsProblem(), settings.secretsProblem,
          backend->approvalProblem(), backend->mcpProblem()}) {
        if (!problem.isEmpty())
            note(Text::tr("note: %1").arg(problem));
    }

    // One compact JSON object per line, and nothing else, on the protocol's output.
    bool outputOpen = true;
    auto write = [&](const QJsonObject& message) {
        if (!outputOpen)
            return;
        if (!writeAll(fds->out, QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n')) {
            outputOpen = false;
            note(Text::tr("the client stopped reading: %1")
                     .arg(QString::fromLocal8Bit(std::strerror(errno))));
        }
    };
    McpService service(backend.get(), settings.ownerId);

    bool stopping = false;
    std::function<void(const QString&)> stopServing;
    QSocketNotifier input(fds->in, QSocketNotifier::Read);
    QByteArray buffer;
    bool skipping = false;  // inside a line that was too long, until its end
    auto handleLine = [&](QByteArray line) {
        if (line.endsWith('\r'))
            line.chop(1);
        if (!line.trimmed().isEmpty())
            service.handleText(line);
    };
    // The context of every connection below: destroyed first, so that nothing reaches the
    // locals above while they are destroyed (the backend's teardown may run the event loop).
    QObject scope;

    stopServing = [&](const QString& reason) {
        if (stopping)
            return;
        stopping = true;
        QObject::connect(&service, &McpService::idle, &scope, &QCoreApplication::quit,
                         Qt::QueuedConnection);
        service.stop(reason);
        if (service.isIdle()) {
            QTimer::singleShot(0, &scope, &QCoreApplication::quit);
            return;
        }
        QTimer::singleShot(kStopWaitMs, &scope, [] {
            note(Text::tr("the running request did not end within %1 s; stopping anyway.")
                     .arg(kStopWaitMs / 1000));
            QCoreApplication::quit();
        });
    };
    QObject::connect(&service, &McpService::send, &scope, write);
    // The client cannot answer these; the log says what waits, for whoever reads it.
    if (Approvals* approvals = backend->approvals()) {
        QObject::connect(approvals, &Approvals::requested, &scope, [](const ApprovalRecord& r) {
            note(Text::tr("approval %1 requested by worker %2: %3 on %4")
                     .arg(r.id)
                     .arg(r.workerId, r.action, r.target));
        });
    }
    QObject::connect(&input, &QSocketNotifier::activated, &scope, [&] {
        char chunk[65536];
        const ssize_t n = ::read(fds->in, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return;
        if (n <= 0) {
            input.setEnabled(false);
            if (!skipping && !buffer.isEmpty())
                handleLine(std::exchange(buffer, {}));
            stopServing(Text::tr("the MCP client closed the connection"));
            return;
        }
        buffer.append(chunk, n);
        qsizetype newline = 0;
        while ((newline = buffer.indexOf('\n')) >= 0) {
            QByteArray line = buffer.left(newline);
            buffer.remove(0, newline + 1);
            if (std::exchange(skipping, false))
                continue;
            handleLine(std::move(line));
            if (stopping)
                return;
        }
        if (!skipping && buffer.size() > kMaxLineBytes) {
            buffer.clear();
            skipping = true;
            // The message cannot be read, so neither can its id.
            write(QJsonObject{
                {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                {QStringLiteral("id"), QJsonValue::Null},
                {QStringLiteral("error"),
                 QJsonObject{{QStringLiteral("code"), -32600},
                             {QStringLiteral("message"),
                              QStringLiteral("Invalid request: a message longer than %1 MiB.")
                                  .arg(kMaxLineBytes / (1024 * 1024))}}}});
        } else if (skipping) {
            buffer.clear();
        }
    });
    // onTerminationSignal's handler lives as long as the application: it checks that this
    // function's locals still exist.
    onTerminationSignal([guard = QPointer<QObject>(&scope), &stopServing] {
        if (guard)
            stopServing(Text::tr("Zerg's MCP server was stopped"));
    });

    note(Text::tr("ready: MCP (protocol %1) on standard input and output, database %2")
             .arg(McpService::protocolVersions().first(), backend->databaseDescription()));
    QCoreApplication::exec();
    input.setEnabled(false);
    ::close(fds->in);
    ::close(fds->out);
    return 0;
}

}  // namespace zerg::cli
