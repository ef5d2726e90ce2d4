#include "storage/artifact_search.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringMatcher>
#include <QThread>

#include <algorithm>
#include <optional>
#include <variant>

namespace zerg {
namespace {

// Larger files are logs nobody greps through a chat; reading them would stall the scan.
constexpr qint64 kMaxFileBytes = 32 * 1024 * 1024;
// Like grep: a NUL byte near the start marks a binary file.
constexpr qint64 kBinaryProbeBytes = 8192;
constexpr int kMaxLimit = 10000;

Error invalidArgument(const QString& message) {
    return Error{QStringLiteral("invalid_argument"), message};
}

const QString kMetadataFile = QStringLiteral("metadata.json");

// The bytes of the worker's metadata.json when it names this owner; nullopt otherwise. The scan
// greps these bytes instead of reading the file a second time.
std::optional<QByteArray> metadataIfOwnedBy(const QString& workerDir, qint64 ownerId) {
    const QFileInfo info(workerDir + QLatin1Char('/') + kMetadataFile);
    if (info.isSymLink() || !info.isFile())
        return std::nullopt;
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QByteArray bytes = file.readAll();
    const QJsonObject meta = QJsonDocument::fromJson(bytes).object();
    if (meta.value(QStringLiteral("owner_id")).toInteger(-1) != ownerId)
        return std::nullopt;
    return bytes;
}

QString capLine(QStringView line, int maxChars) {
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    if (line.size() <= maxChars)
        return line.toString();
    return line.left(maxChars).toString() + QChar(0x2026);
}

// Finds the next match at or after `from`; -1 when none.
class Matcher {
public:
    explicit Matcher(const GrepOptions& o)
        : m_regex(o.regex),
          m_literal(o.pattern, o.caseSensitive ? Qt::CaseSensitive : Qt::CaseInsensitive) {
        if (m_regex) {
            QRegularExpression::PatternOptions opts = QRegularExpression::MultilineOption;
            if (!o.caseSensitive)
                opts |= QRegularExpression::CaseInsensitiveOption;
            m_re = QRegularExpression(o.pattern, opts);
        }
    }
    [[nodiscard]] QString problem() const {
        return m_regex && !m_re.isValid() ? m_re.errorString() : QString();
    }
    [[nodiscard]] qsizetype indexIn(const QString& text, qsizetype from) const {
        if (!m_regex)
            return m_literal.indexIn(text, from);
        const QRegularExpressionMatch m = m_re.match(text, from);
        return m.hasMatch() ? m.capturedStart() : -1;
    }

private:
    bool m_regex;
    QStringMatcher m_literal;
    QRegularExpression m_re;
};

// Appends the file's matching lines (one entry per line); returns false once the limit is
// exceeded (the report is then marked truncated).
bool grepBytes(const QString& workerId, const QString& relative, const QByteArray& bytes,
               const Matcher& matcher, const GrepOptions& o, GrepReport* report) {
    if (bytes.size() > kMaxFileBytes || bytes.left(kBinaryProbeBytes).contains('\0'))
        return true;
    ++report->filesScanned;
    const QString text = QString::fromUtf8(bytes);
    int line = 1;
    qsizetype lineStart = 0;
    qsizetype scanned = 0;  // newlines before this index are counted in `line`
    qsizetype from = 0;
    while (from <= text.size()) {
        const qsizetype at = matcher.indexIn(text, from);
        if (at < 0)
            break;
        for (qsizetype i = scanned; i < at; ++i) {
            if (text.at(i) == QLatin1Char('\n')) {
                ++line;
                lineStart = i + 1;
            }
        }
        qsizetype lineEnd = text.indexOf(QLatin1Char('\n'), at);
        if (lineEnd < 0)
            lineEnd = text.size();
        if (lineStart == text.size())
            break;  // an empty match after the final newline is not a line
        if (report->matches.size() >= o.limit) {
            report->truncated = true;
            return false;
        }
        report->matches.append(
            {workerId, relative, line,
             capLine(QStringView(text).mid(lineStart, lineEnd - lineStart), o.maxLineChars)});
        // One entry per line: continue on the next one.
        scanned = lineEnd;
        from = lineEnd + 1;
    }
    return true;
}

bool grepFile(const QString& workerId, const QString& relative, const QString& path,
              const Matcher& matcher, const GrepOptions& o, GrepReport* report) {
    // Size checked on the open file: a stat by path first would cost one more system call per
    // file, a large share of a scan over many small files.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > kMaxFileBytes)
        return true;
    return grepBytes(workerId, relative, file.readAll(), matcher, o, report);
}

}  // namespace

Result<GrepReport> grepWorkers(const QString& rootDir, const GrepOptions& options,
                               const std::atomic_bool* cancel) {
    if (options.pattern.isEmpty())
        return invalidArgument(QStringLiteral("The search pattern is empty; give some text."));
    if (options.limit < 1 || options.limit > kMaxLimit) {
        return invalidArgument(
            QStringLiteral("The match limit must be between 1 and %1.").arg(kMaxLimit));
    }
    const Matcher matcher(options);
    if (const QString why = matcher.problem(); !why.isEmpty()) {
        return invalidArgument(
            QStringLiteral("'%1' is not a valid regular expression: %2. Fix it, or search for "
                           "the literal text without --regex.")
                .arg(options.pattern, why));
    }
    GrepReport report;
    if (options.ownerId <= 0 || !QFileInfo(rootDir).isDir())
        return report;
    // Folder names start with the UTC start time: reverse name order is newest first.
    QStringList workers =
        QDir(rootDir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name);
    std::reverse(workers.begin(), workers.end());
    for (const QString& workerId : workers) {
        const QString dir = rootDir + QLatin1Char('/') + workerId;
        const std::optional<QByteArray> metadata = metadataIfOwnedBy(dir, options.ownerId);
        if (!metadata)
            continue;
        ++report.workersScanned;
        // No FollowSymlinks: symlinked folders are neither listed nor entered, so the scan
        // stays inside the worker's folder.
        QStringList files;
        QDirIterator it(dir, QDir::Files | QDir::NoSymLinks | QDir::Hidden,
                        QDirIterator::Subdirectories);
        const QDir base(dir);
        while (it.hasNext())
            files.append(base.relativeFilePath(it.next()));
        files.sort();
        for (const QString& relative : files) {
            if (cancel && cancel->load()) {
                return Error{QStringLiteral("cancelled"),
                             QStringLiteral("The search was cancelled.")};
            }
            const bool more =
                relative == kMetadataFile
                    ? grepBytes(workerId, relative, *metadata, matcher, options, &report)
                    : grepFile(workerId, relative, base.filePath(relative), matcher, options,
                               &report);
            if (!more)
                return report;
        }
    }
    return report;
}

WorkerGrep::WorkerGrep(QString rootDir, GrepOptions options, QObject* parent)
    : QObject(parent), m_rootDir(std::move(rootDir)), m_options(std::move(options)) {}

WorkerGrep::~WorkerGrep() {
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void WorkerGrep::start() {
    if (m_thread)
        return;
    auto result = std::make_shared<Result<GrepReport>>(GrepReport{});
    m_result = result;
    // Copies only: the thread never touches this object.
    m_thread = QThread::create([root = m_rootDir, options = m_options, cancel = m_cancel, result] {
        *result = grepWorkers(root, options, cancel.get());
    });
    // QThread::finished is emitted on the worker thread; the receiver context makes the slot run
    // on this object's thread, after the result is written.
    connect(m_thread, &QThread::finished, this, &WorkerGrep::onThreadFinished);
    m_thread->start();
}

void WorkerGrep::cancel() {
    m_cancel->store(true);
}

void WorkerGrep::onThreadFinished() {
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished();
}

}  // namespace zerg
