#include "storage/artifact_search.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringMatcher>
#include <QThread>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <functional>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace zerg {
namespace {

// Larger files are logs nobody greps through a chat; reading them would stall the scan.
constexpr qint64 kMaxFileBytes = 32 * 1024 * 1024;
// Like grep: a NUL byte near the start marks a binary file.
constexpr qint64 kBinaryProbeBytes = 8192;
constexpr int kMaxLimit = 10000;
// Deeper folders are not something a worker writes; the cap keeps a crafted tree harmless.
constexpr int kMaxDepth = 16;

Error invalidArgument(const QString& message) {
    return Error{QStringLiteral("invalid_argument"), message};
}

const QByteArray kMetadataFile = QByteArrayLiteral("metadata.json");

// The scan works on POSIX descriptors, every name opened relative to its folder's descriptor
// with O_NOFOLLOW: no path is resolved twice, no symlink is followed, and a file costs one
// openat, one fstat and its reads (Qt's QFileInfo/QFile/QDirIterator cost about three times the
// system calls per file, most of a scan over many small files).
class Fd {
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    [[nodiscard]] int get() const { return m_fd; }
    [[nodiscard]] bool valid() const { return m_fd >= 0; }

private:
    int m_fd;
};

int openDirAt(int dirFd, const char* name) {
    return ::openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

// Reads a regular file (not a symlink, at most kMaxFileBytes) into `out`, reusing its buffer.
bool readFileAt(int dirFd, const char* name, QByteArray* out) {
    const Fd fd(::openat(dirFd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY));
    if (!fd.valid())
        return false;
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxFileBytes)
        return false;
    // One byte more than the size, so that a file that grew since fstat is still read whole up
    // to the cap and end of file is seen without an extra call in the common case.
    out->resize(qsizetype(st.st_size) + 1);
    qsizetype used = 0;
    for (;;) {
        if (used == out->size()) {
            if (used > kMaxFileBytes)
                return false;
            out->resize(std::min<qsizetype>(used * 2, kMaxFileBytes + 1));
        }
        const ssize_t n = ::read(fd.get(), out->data() + used, size_t(out->size() - used));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0)
            break;
        used += n;
    }
    out->resize(used);
    return used <= kMaxFileBytes;
}

// Collects the relative paths of the regular files under dirFd (hidden ones included, symlinks
// neither listed nor entered).
void listFilesAt(int dirFd, const QByteArray& prefix, int depth, QList<QByteArray>* out) {
    const int listFd = ::dup(dirFd);  // closedir closes the descriptor it was given
    if (listFd < 0)
        return;
    DIR* dir = ::fdopendir(listFd);
    if (!dir) {
        ::close(listFd);
        return;
    }
    QList<QByteArray> subdirs;
    while (const dirent* entry = ::readdir(dir)) {
        const char* name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        unsigned char type = entry->d_type;
        if (type == DT_UNKNOWN) {  // some file systems do not fill d_type
            struct stat st {};
            if (::fstatat(dirFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            type = S_ISREG(st.st_mode) ? DT_REG : S_ISDIR(st.st_mode) ? DT_DIR : DT_LNK;
        }
        if (type == DT_REG)
            out->append(prefix + name);
        else if (type == DT_DIR && depth < kMaxDepth)
            subdirs.append(QByteArray(name));
    }
    ::closedir(dir);
    for (const QByteArray& sub : subdirs) {
        const Fd subFd(openDirAt(dirFd, sub.constData()));
        if (subFd.valid())
            listFilesAt(subFd.get(), prefix + sub + '/', depth + 1, out);
    }
}

bool ownedBy(const QByteArray& metadata, qint64 ownerId) {
    const QJsonObject meta = QJsonDocument::fromJson(metadata).object();
    return meta.value(QStringLiteral("owner_id")).toInteger(-1) == ownerId;
}

QString capLine(QStringView line, int maxChars) {
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    if (line.size() <= maxChars)
        return line.toString();
    return line.left(maxChars).toString() + QChar(0x2026);
}

bool isAscii(const QString& s) {
    return std::all_of(s.cbegin(), s.cend(), [](QChar c) { return c.unicode() < 0x80; });
}

unsigned char foldAscii(unsigned char c) {
    return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

// Horspool's search with ASCII case folding: the shift table is indexed by the folded byte.
class FoldedSearch {
public:
    explicit FoldedSearch(const QByteArray& needle) {
        for (const char c : needle)
            m_needle.append(char(foldAscii(static_cast<unsigned char>(c))));
        const qsizetype n = m_needle.size();
        m_shift.fill(n);
        for (qsizetype i = 0; i + 1 < n; ++i)
            m_shift[static_cast<unsigned char>(m_needle[i])] = n - 1 - i;
    }
    [[nodiscard]] const char* find(const char* from, const char* end) const {
        const qsizetype n = m_needle.size();
        const auto* needle = reinterpret_cast<const unsigned char*>(m_needle.constData());
        while (end - from >= n) {
            const unsigned char last = foldAscii(static_cast<unsigned char>(from[n - 1]));
            if (last == needle[n - 1]) {
                qsizetype i = 0;
                while (i + 1 < n && foldAscii(static_cast<unsigned char>(from[i])) == needle[i])
                    ++i;
                if (i + 1 >= n)
                    return from;
            }
            from += m_shift[last];
        }
        return end;
    }

private:
    QByteArray m_needle;  // folded
    std::array<qsizetype, 256> m_shift{};
};

// Finds matches either in the raw UTF-8 bytes (literal patterns: case-sensitive ones, and
// case-insensitive ones made of ASCII, folded like grep -i does in the C locale) or, for regular
// expressions and non-ASCII case-insensitive literals, in the decoded text.
class Matcher {
public:
    explicit Matcher(const GrepOptions& o)
        : m_regex(o.regex),
          m_bytes(!o.regex && (o.caseSensitive || isAscii(o.pattern))),
          m_folded(!o.caseSensitive),
          m_needle(o.pattern.toUtf8()),
          m_fold(m_needle),
          m_literal(o.pattern, o.caseSensitive ? Qt::CaseSensitive : Qt::CaseInsensitive) {
        if (m_regex) {
            QRegularExpression::PatternOptions opts = QRegularExpression::MultilineOption;
            if (!o.caseSensitive)
                opts |= QRegularExpression::CaseInsensitiveOption;
            m_re = QRegularExpression(o.pattern, opts);
            m_re.optimize();
        }
    }
    [[nodiscard]] QString problem() const {
        return m_regex && !m_re.isValid() ? m_re.errorString() : QString();
    }
    [[nodiscard]] bool onBytes() const { return m_bytes; }

    // Byte mode: the next match in [from, end), or end.
    [[nodiscard]] const char* find(const char* from, const char* end) const {
        if (m_folded)
            return m_fold.find(from, end);
        const void* at =
            ::memmem(from, size_t(end - from), m_needle.constData(), size_t(m_needle.size()));
        return at ? static_cast<const char*>(at) : end;
    }
    // Text mode: the next match at or after `from`; -1 when none.
    [[nodiscard]] qsizetype indexIn(const QString& text, qsizetype from) const {
        if (!m_regex)
            return m_literal.indexIn(text, from);
        const QRegularExpressionMatch m = m_re.match(text, from);
        return m.hasMatch() ? m.capturedStart() : -1;
    }

private:
    bool m_regex;
    bool m_bytes;
    bool m_folded;
    QByteArray m_needle;
    FoldedSearch m_fold;
    QStringMatcher m_literal;
    QRegularExpression m_re;
};

// Where the scan is, and what it found. A file's matching lines go in one entry per line; the
// add* functions return false once the limit is exceeded (the report is then marked truncated).
struct Scan {
    const Matcher& matcher;
    const GrepOptions& options;
    GrepReport* report;

    bool add(const QString& workerId, const QString& file, int line, QString text) {
        if (report->matches.size() >= options.limit) {
            report->truncated = true;
            return false;
        }
        report->matches.append({workerId, file, line, std::move(text)});
        return true;
    }

    bool grepBytes(const QString& workerId, const QByteArray& relative, const QByteArray& bytes) {
        const qsizetype probe = std::min<qsizetype>(bytes.size(), kBinaryProbeBytes);
        if (bytes.size() > kMaxFileBytes || std::memchr(bytes.constData(), '\0', size_t(probe)))
            return true;
        ++report->filesScanned;
        return matcher.onBytes() ? grepRaw(workerId, relative, bytes)
                                 : grepText(workerId, relative, QString::fromUtf8(bytes));
    }

    bool grepRaw(const QString& workerId, const QByteArray& relative, const QByteArray& bytes) {
        const char* const begin = bytes.constData();
        const char* const end = begin + bytes.size();
        const char* counted = begin;  // newlines before this are counted in `line`
        const char* lineStart = begin;
        int line = 1;
        const char* from = begin;
        QString file;
        while (from < end) {
            const char* at = matcher.find(from, end);
            if (at == end)
                break;
            while (const void* nl = std::memchr(counted, '\n', size_t(at - counted))) {
                ++line;
                counted = static_cast<const char*>(nl) + 1;
                lineStart = counted;
            }
            counted = at;
            const void* nl = std::memchr(at, '\n', size_t(end - at));
            const char* lineEnd = nl ? static_cast<const char*>(nl) : end;
            if (file.isEmpty())
                file = QString::fromUtf8(relative);
            const QString text = QString::fromUtf8(lineStart, lineEnd - lineStart);
            if (!add(workerId, file, line, capLine(text, options.maxLineChars)))
                return false;
            // One entry per line: continue on the next one.
            counted = lineEnd;
            from = lineEnd + 1;
        }
        return true;
    }

    bool grepText(const QString& workerId, const QByteArray& relative, const QString& text) {
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
            if (!add(workerId, QString::fromUtf8(relative), line,
                     capLine(QStringView(text).mid(lineStart, lineEnd - lineStart),
                             options.maxLineChars))) {
                return false;
            }
            scanned = lineEnd;
            from = lineEnd + 1;
        }
        return true;
    }
};

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
    if (options.ownerId <= 0)
        return report;
    const Fd root(
        ::open(QFile::encodeName(rootDir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid())
        return report;  // no workers yet
    // Folder names start with the UTC start time: reverse name order is newest first.
    QList<QByteArray> workers;
    {
        const int listFd = ::dup(root.get());
        DIR* dir = listFd >= 0 ? ::fdopendir(listFd) : nullptr;
        if (!dir) {
            if (listFd >= 0)
                ::close(listFd);
            return report;
        }
        while (const dirent* entry = ::readdir(dir)) {
            if (entry->d_name[0] != '.' && (entry->d_type == DT_DIR || entry->d_type == DT_UNKNOWN))
                workers.append(QByteArray(entry->d_name));
        }
        ::closedir(dir);
    }
    std::sort(workers.begin(), workers.end(), std::greater<>());

    Scan scan{matcher, options, &report};
    QByteArray metadata;
    QByteArray bytes;
    QList<QByteArray> files;
    for (const QByteArray& name : workers) {
        if (cancel && cancel->load())
            return Error{QStringLiteral("cancelled"), QStringLiteral("The search was cancelled.")};
        const Fd dir(openDirAt(root.get(), name.constData()));  // refuses a symlinked folder
        if (!dir.valid() || !readFileAt(dir.get(), kMetadataFile.constData(), &metadata) ||
            !ownedBy(metadata, options.ownerId)) {
            continue;
        }
        ++report.workersScanned;
        const QString workerId = QFile::decodeName(name);
        files.clear();
        listFilesAt(dir.get(), QByteArray(), 0, &files);
        std::sort(files.begin(), files.end());
        for (const QByteArray& relative : files) {
            if (cancel && cancel->load()) {
                return Error{QStringLiteral("cancelled"),
                             QStringLiteral("The search was cancelled.")};
            }
            // metadata.json was read above; grep those bytes instead of reading it again.
            const bool isMetadata = relative == kMetadataFile;
            if (!isMetadata && !readFileAt(dir.get(), relative.constData(), &bytes))
                continue;
            if (!scan.grepBytes(workerId, relative, isMetadata ? metadata : bytes))
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
