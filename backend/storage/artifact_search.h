#pragma once

#include "core/result.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QThread;

namespace zerg {

// What to look for in the owner's worker folders.
struct GrepOptions {
    qint64 ownerId = 0;  // only workers whose metadata.json names this owner
    QString pattern;
    bool regex = false;  // QRegularExpression syntax; otherwise a literal substring
    bool caseSensitive = false;
    int limit = 100;         // at most this many matches (1..10000)
    int maxLineChars = 300;  // longer matching lines are cut, with "…"
};

struct GrepMatch {
    QString workerId;
    QString file;  // relative to the worker's folder, e.g. "tool_calls/001_ssh_exec.txt"
    int line = 0;  // 1-based
    QString text;  // the matching line, capped
};

struct GrepReport {
    QList<GrepMatch> matches;  // newest worker first, then by file path, then by line
    bool truncated = false;    // more matches exist than the limit
    int workersScanned = 0;
    int filesScanned = 0;
};

// Searches the text files of the owner's workers under rootDir (<data dir>/workers). Never
// leaves a worker's folder: symlinks (files and folders) are skipped, as are binary files (a NUL
// byte) and files over 32 MiB. Touches only the file system, so it may run on any thread.
// `cancel`, when set, stops the scan early ("cancelled"). Errors: "invalid_argument" (empty
// pattern, bad regex, bad limit), "cancelled".
[[nodiscard]] Result<GrepReport> grepWorkers(const QString& rootDir, const GrepOptions& options,
                                             const std::atomic_bool* cancel = nullptr);

// grepWorkers on a thread of its own, so a large search never blocks the GUI thread. start()
// once; finished() is emitted once, on the thread that owns this object; then result() holds
// the report or the error. cancel() asks the scan to stop (finished() still follows, with
// "cancelled"). Destroying it cancels and waits for the thread.
class WorkerGrep : public QObject {
    Q_OBJECT
public:
    WorkerGrep(QString rootDir, GrepOptions options, QObject* parent = nullptr);
    ~WorkerGrep() override;

    void start();
    void cancel();
    [[nodiscard]] bool isFinished() const { return m_finished; }
    // Valid once finished() was emitted.
    [[nodiscard]] const Result<GrepReport>& result() const { return *m_result; }

Q_SIGNALS:
    void finished();

private:
    void onThreadFinished();

    QString m_rootDir;
    GrepOptions m_options;
    // Shared with the thread's function so that it never writes into a destroyed object.
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    std::shared_ptr<Result<GrepReport>> m_result;
    QThread* m_thread = nullptr;  // owned; deleted in the destructor after wait()
    bool m_finished = false;
};

}  // namespace zerg
