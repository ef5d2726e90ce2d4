#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

namespace zerg {

class ArtifactStore;
class Clock;
class Database;
class WorkerPool;

struct HygieneConfig {
    int retentionDays = 90;        // ZERG_RETENTION_DAYS: finished workers' folders kept this long
    int scratchMaxAgeHours = 24;   // files in the scratch folder older than this go
    int orphanGraceSeconds = 600;  // a job marked running this long without a live worker
    int intervalMinutes = 60;      // how often it runs
    // The first pass, this long after start(): with many workers it reads every metadata.json,
    // which would compete with the window's start-up for the CPU and the memory
    // (zerg-bench-startup: 15 ms and 10 MiB at first frame with 10,000 workers).
    int firstPassDelaySeconds = 60;
    QString scratchDir;  // shell_exec's work folder
};

// The hygiene monitor (issue 7): removes what nothing needs any more, idempotently, at start and
// then every interval. Started passes read and delete folders on a pool thread (with many workers
// that is every metadata.json, too slow for the GUI thread) and finish here with the database.
// Worker folders past their retention, files left in the scratch folder, and jobs the database says
// are running while no worker of this process runs them (orphans, marked failed with "orphaned:
// …"). Each pass is reported with ran().
class HygieneDaemon : public QObject {
    Q_OBJECT
public:
    HygieneDaemon(HygieneConfig config, Database* db, ArtifactStore* artifacts, WorkerPool* pool,
                  Clock* clock, QObject* parent = nullptr);
    ~HygieneDaemon() override;

    // A pass in the background after firstPassDelaySeconds, then one every interval.
    void start();
    void stop();
    // One whole pass now, on this thread: {pruned_workers, stale_files, orphaned_jobs, errors}.
    QJsonObject runOnce();

Q_SIGNALS:
    void ran(const QJsonObject& report);

public:
    // What a pass did in the folders (the half that may run on any thread).
    struct FilePass {
        int pruned = 0;
        int stale = 0;
        QStringList errors;
    };

private:
    void schedule();
    void runInBackground();
    // The database half of a pass, the report and ran().
    QJsonObject finishPass(const FilePass& files, const QDateTime& now);

    HygieneConfig m_config;
    Database* m_db;
    ArtifactStore* m_artifacts;
    WorkerPool* m_pool;
    Clock* m_clock;
    quint64 m_timer = 0;
    bool m_passRunning = false;  // a background pass has not finished yet
};

}  // namespace zerg
