// zerg-bench-startup: how long Zerg takes to show its window, and what it holds then, next to a
// bare Qt Quick app built in the same tree (zerg-bench-baseline: QGuiApplication,
// QQmlApplicationEngine, one Window of Zerg's default size, 960 x 680, with a Text).
//
//   time to first frame   wall time from QProcess::start to reading the line
//                         "first-frame rss_kib=N" that both programs print on their window's
//                         first QQuickWindow::frameSwapped when ZERG_BENCH_FIRST_FRAME=1 (zerg:
//                         app/gui.cpp; the baseline: bench/bench_baseline.cpp). Process start,
//                         dynamic linking, QML loading, the first render and Zerg's own start-up
//                         (settings, database, stores, hygiene pass, models) all count, for
//                         both alike. Zerg runs once on an empty data folder (a new one each run,
//                         as on a first start) and once on a data folder holding 10,000 workers.
//                         Target: <= 1.3x the baseline's median.
//   memory at first frame VmRSS at that moment, as printed by the programs. Target: <= 1.5x.
//   zerg serve ready      wall time from QProcess::start of `zerg serve --listen 127.0.0.1:PORT`
//                         (a new empty data folder each run) to its "listening on" line, next to
//                         `zerg-bench-baseline --ws PORT` (QCoreApplication and a
//                         QWebSocketServer that prints the same kind of line); both are stopped
//                         with SIGTERM. No target: the ratio is for the record.
//
// The 10,000 workers are written once, before the runs, through Store and ArtifactStore as
// real runs leave them: 1,000 finished supervisor runs over the last 30 days in the one
// supervisor thread (the question and the answer), 10 finished worker jobs each (5% failed, 2%
// timeout, 1% cancelled) with 2 model calls apiece and the supervisor's own calls in llm_calls,
// and each worker's folder (metadata.json with summary, thread.jsonl, one ssh_exec tool-call
// file, result.txt). All within the 90-day retention, none running, so Zerg changes nothing and
// every run starts from the same state. What its start-up does with them: it opens the bigger
// database; the hygiene pass that opens every metadata.json comes a minute after start, and the
// dashboard's models load when their page is first shown. They are written to /dev/shm where it
// exists (on this machine's disk the fsync after each of ~100,000 commits and atomic writes takes
// minutes); with a warm page cache Zerg's start-up read them no faster there than from disk
// (checked by hand when it still read them all: 431 vs 469 ms median, within the noise).
//
// Where the time goes (printed, not a figure): zerg prints a line at each step of its start-up
// (app/startup_trace.h: the application, the language, the settings, the single instance, the
// backend, its background services, the history, the dashboard's models, the QML loaded, the tray,
// the first frame), and the bench prints the medians of each step's time and memory.
//
// For scale (printed, not a figure): `zerg --version`, i.e. process start, loading zerg's
// libraries and a QCoreApplication, without any of the app's own start-up.
//
// Isolation: every program runs with QT_QPA_PLATFORM=offscreen and QT_QUICK_BACKEND=software
// (Qt Quick's software renderer, as zerg-bench-ui-events uses offscreen), without any ZERG_*
// variable of the caller, with HOME and the XDG folders in one temporary home (shared by all
// runs, so that caches are as warm as on a user's second start), and no model provider
// configured: Zerg shows its setup card, as a new user sees it.
//
// Runs: one warm-up of every program first (not counted: it brings the libraries and the seeded
// data into the page cache), then RUNS rounds. A round starts the baseline, zerg on the empty
// folder and zerg on 10,000 workers once each, in an order that rotates from round to round, so
// that a slow spell of this shared 2-core machine or a cache effect of the previous program
// falls on all three alike; then RUNS rounds of the two servers, alternating which goes first.
// Medians over the RUNS rounds: the median ignores the odd outlier a busy neighbour causes, and
// 7 rounds (six launches each) keep the whole bench, seeding included, well under 2 minutes.
//
// Usage: zerg-bench-startup [RUNS]   (default 7)
#include "bench_stats.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

using namespace zerg;
using zerg::bench::Figure;
using zerg::bench::median;
using zerg::bench::msSince;

namespace {

constexpr qint64 kOwner = 1;
constexpr int kRuns = 1000;  // supervisor runs
constexpr int kWorkersPerRun = 10;
constexpr int kWorkers = kRuns * kWorkersPerRun;
constexpr int kLaunchTimeoutMs = 60000;

// The temporary folders, removed by die() too (std::exit skips the destructors; the seeded
// folder may be in memory).
QStringList& temporaryFolders() {
    static QStringList folders;
    return folders;
}

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-startup: %s\n", qPrintable(why));
    for (const QString& folder : temporaryFolders())
        QDir(folder).removeRecursively();
    std::exit(1);
}

void check(const Status& s) {
    if (!s)
        die(s.error().message);
}

template <typename T>
T check(Result<T> r) {
    if (!r)
        die(r.error().message);
    return std::move(r).value();
}

// ---- the 10,000 workers ----------------------------------------------------------------------

const char* const kChecks[] = {"disk usage",      "memory pressure", "failed systemd units",
                               "nginx error log", "backup age",      "certificate expiry",
                               "load average",    "pending updates", "docker containers",
                               "ssh logins"};

// A tool-call file as Worker::onToolFinished writes it (worker.cpp, toolCallFile).
QByteArray toolCallFile(int w, const QString& host, const QDateTime& at) {
    QByteArray out;
    out += "tool: ssh_exec\n";
    out += "call_id: call_" + QByteArray::number(w) + "_1\n";
    out += "finished_at: " + at.toString(Qt::ISODateWithMs).toUtf8() + '\n';
    out += "duration_ms: " + QByteArray::number(300 + w % 900) + '\n';
    out += "arguments: {\"command\":\"df -h\",\"host\":\"" + host.toUtf8() + "\"}\n";
    out += "result: {\"exit_code\":0,\"ok\":true}\n";
    out += "\n--- stdout ---\n";
    out += "Filesystem      Size  Used Avail Use% Mounted on\n";
    for (int m = 0; m < 4; ++m) {
        const int used = (w * 7 + m * 13) % 97;
        out += QStringLiteral("/dev/sda%1       %2G   %3G   %4G  %5% /mnt/%6\n")
                   .arg(m + 1)
                   .arg(100)
                   .arg(used)
                   .arg(100 - used)
                   .arg(used)
                   .arg(m)
                   .toUtf8();
    }
    return out;
}

LlmCallRecord llmCall(qint64 runId, qint64 jobId, const QString& role, const QString& agent,
                      const QDateTime& at, int n) {
    LlmCallRecord c;
    c.ownerId = kOwner;
    c.runId = runId;
    c.jobId = jobId;
    c.role = role;
    c.agent = agent;
    c.provider = QStringLiteral("openai");
    c.model = QStringLiteral("gpt-5-mini");
    c.promptTokens = 1800 + n % 700;
    c.completionTokens = 120 + n % 90;
    c.cachedTokens = 1024;
    c.costUsd = 0.0004 + double(n % 50) * 1e-5;
    c.durationMs = 900 + n % 1500;
    c.status = QStringLiteral("ok");
    c.createdAt = at;
    return c;
}

// One worker job of a run, from spawn to its summary, in the order Worker writes them.
void seedWorker(Store& store, ArtifactStore& artifacts, qint64 runId, int w,
                const QDateTime& created) {
    const QString host = QStringLiteral("host-%1").arg(w % 40, 2, 10, QLatin1Char('0'));
    const QString task = QStringLiteral("Check %1 on %2").arg(QLatin1String(kChecks[w % 10]), host);
    const QString model = QStringLiteral("gpt-5-mini");
    const qint64 job = check(store.createJob(kOwner, runId, task, model, created));
    const QDateTime started = created.addMSecs(150);
    const QString worker = check(artifacts.createWorker(
        kOwner, task, started, {{"model", model}, {"job_id", job}, {"supervisor_run_id", runId}}));
    check(store.markJobStarted(job, worker, started));

    const QDateTime toolDone = started.addSecs(4);
    const QDateTime finished = started.addSecs(9 + w % 20);
    const QJsonObject lines[] = {
        {{"role", "system"}, {"content", "You are a worker. Use ssh_exec to inspect hosts."}},
        {{"role", "user"}, {"content", task}},
        {{"role", "assistant"},
         {"content", ""},
         {"tool_calls", QStringLiteral("ssh_exec %1 \"df -h\"").arg(host)}},
        {{"role", "tool"}, {"content", "(see tool_calls/001_ssh_exec.txt)"}},
        {{"role", "assistant"}, {"content", QStringLiteral("%1 looks fine.").arg(host)}},
    };
    for (const QJsonObject& line : lines)
        check(artifacts.appendThreadMessage(worker, line));
    check(artifacts.saveToolCall(worker, 1, QStringLiteral("ssh_exec"),
                                 toolCallFile(w, host, toolDone)));

    // Mostly success; 5% failed, 2% timeout, 1% cancelled.
    const int m = w % 100;
    const QString status = m < 5   ? QStringLiteral("failed")
                           : m < 7 ? QStringLiteral("timeout")
                           : m < 8 ? QStringLiteral("cancelled")
                                   : QStringLiteral("success");
    const QString error = status == QLatin1String("success")
                              ? QString()
                              : QStringLiteral("ssh: connection to %1 timed out").arg(host);
    const QString result = status == QLatin1String("success")
                               ? QStringLiteral("All mounts on %1 are below 80% used.").arg(host)
                               : QStringLiteral("Worker %1: %2").arg(status, error);
    check(artifacts.saveResult(worker, result));
    check(artifacts.completeWorker(worker, status, finished, error));
    check(artifacts.updateMetadata(
        worker,
        {{"summary", result},
         {"summary_meta", QJsonObject{{"version", 1},
                                      {"model", model},
                                      {"generated_at", finished.toString(Qt::ISODateWithMs)},
                                      {"error", QJsonValue()}}}}));
    check(store.finishJob(job, parseStatus<JobStatus>(status).value(), error, finished));
    check(store.recordLlmCall(llmCall(runId, job, QStringLiteral("worker"), worker, toolDone, w)));
    check(store.recordLlmCall(
        llmCall(runId, job, QStringLiteral("worker"), worker, finished, w + 1)));
}

// Writes the 10,000 workers into dataDir (zerg.sqlite and workers/, as Backend opens them).
void seedWorkers(const QString& dataDir) {
    const QDateTime last = QDateTime::currentDateTimeUtc().addSecs(-3600);
    const QDateTime first = last.addDays(-30);
    const qint64 spacingSecs = first.secsTo(last) / kRuns;
    const auto db = check(
        Database::open(QDir(dataDir).filePath(QStringLiteral("zerg.sqlite")), first.addSecs(-60)));
    Store store(db.get());
    ArtifactStore artifacts(QDir(dataDir).filePath(QStringLiteral("workers")));
    const qint64 thread =
        check(store.findOrCreateSupervisorThread(kOwner, QStringLiteral("Jarvis"), first)).id;
    for (int r = 0; r < kRuns; ++r) {
        const QDateTime at = first.addSecs(r * spacingSecs);
        const QString question =
            QStringLiteral("Check %1 on all web hosts").arg(QLatin1String(kChecks[r % 10]));
        const qint64 run = check(store.createRun(kOwner, thread, question, at));
        check(store.appendMessage(thread, run, {{"role", "user"}, {"content", question}}, at));
        for (int k = 0; k < kWorkersPerRun; ++k)
            seedWorker(store, artifacts, run, r * kWorkersPerRun + k, at.addSecs(2 + k));
        const QDateTime end = at.addSecs(45);
        const QString answer =
            QStringLiteral("Checked %1 hosts: nothing needs attention.").arg(kWorkersPerRun);
        check(store.recordLlmCall(
            llmCall(run, 0, QStringLiteral("supervisor"), QStringLiteral("supervisor"), at, r)));
        check(store.recordLlmCall(
            llmCall(run, 0, QStringLiteral("supervisor"), QStringLiteral("supervisor"), end, r)));
        check(store.appendMessage(thread, run, {{"role", "assistant"}, {"content", answer}}, end));
        check(store.finishRun(run, RunStatus::Success, answer, {}, end, 5200, 380));
    }
}

// ---- launching -------------------------------------------------------------------------------

// The caller's environment without anything that configures Zerg or points at the user's files.
QProcessEnvironment isolated(const QString& home, const QString& dataDir) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys()) {
        if (key.startsWith(QLatin1String("ZERG_")))
            env.remove(key);
    }
    env.remove(QStringLiteral("SSH_AUTH_SOCK"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("QT_QUICK_BACKEND"), QStringLiteral("software"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/.cache"));
    env.insert(QStringLiteral("XDG_STATE_HOME"), home + QStringLiteral("/.local/state"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home + QStringLiteral("/runtime"));
    env.insert(QStringLiteral("ZERG_DATA_DIR"), dataDir);
    return env;
}

// One "startup-step NAME ms=T rss_kib=R" line of zerg (app/startup_trace.h): T ms after main().
struct Step {
    QString name;
    double ms = 0;
    double rssMiB = 0;
};

struct Launch {
    double ms = 0;
    double rssMiB = 0;
    std::vector<Step> steps;  // zerg's window only, in order
};

std::vector<Step> stepsOf(const QByteArray& out) {
    std::vector<Step> steps;
    for (const QByteArray& line : out.split('\n')) {
        if (!line.startsWith("startup-step "))
            continue;
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() < 4)
            continue;
        Step step;
        step.name = QString::fromLatin1(parts.at(1));
        step.ms = parts.at(2).mid(3).toDouble();             // ms=
        step.rssMiB = parts.at(3).mid(8).toDouble() / 1024;  // rss_kib=
        steps.push_back(step);
    }
    return steps;
}

// Starts program and times it up to the first line of stdout that contains marker. With
// stopWithSigterm the program is then stopped with SIGTERM; otherwise it is expected to end by
// itself with status 0 (the first-frame hook quits).
Launch launch(const QString& program, const QStringList& args, const QProcessEnvironment& env,
              const QByteArray& marker, bool stopWithSigterm) {
    QProcess p;
    p.setProcessEnvironment(env);
    QByteArray out;
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    qsizetype at = -1;
    while ((at = out.indexOf(marker)) < 0 || out.indexOf('\n', at) < 0) {
        if (!p.waitForReadyRead(kLaunchTimeoutMs - int(t.elapsed()))) {
            p.kill();
            p.waitForFinished();
            die(QStringLiteral("%1 %2 did not print '%3' (%4). Its output:\n%5%6")
                    .arg(program, args.join(u' '), QString::fromLatin1(marker), p.errorString(),
                         QString::fromLocal8Bit(out + p.readAllStandardOutput()),
                         QString::fromLocal8Bit(p.readAllStandardError())));
        }
        out += p.readAllStandardOutput();
    }
    Launch l;
    l.ms = msSince(t);
    const QByteArray line = out.mid(at, out.indexOf('\n', at) - at);
    if (const qsizetype rss = line.indexOf("rss_kib="); rss >= 0)
        l.rssMiB = line.mid(rss + 8).trimmed().toDouble() / 1024.0;
    l.steps = stepsOf(out);
    if (stopWithSigterm)
        p.terminate();
    if (!p.waitForFinished(kLaunchTimeoutMs)) {
        p.kill();
        p.waitForFinished();
        die(QStringLiteral("%1 did not end").arg(program));
    }
    if (!stopWithSigterm && (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)) {
        die(QStringLiteral("%1 ended with status %2 after its first frame: %3")
                .arg(program)
                .arg(p.exitCode())
                .arg(QString::fromLocal8Bit(p.readAllStandardError())));
    }
    return l;
}

quint16 freeLoopbackPort() {
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        die(QStringLiteral("no free port on 127.0.0.1: %1").arg(probe.errorString()));
    return probe.serverPort();
}

struct Series {
    std::vector<double> ms;
    std::vector<double> rssMiB;
    std::vector<Launch> launches;
    void add(const Launch& l) {
        ms.push_back(l.ms);
        rssMiB.push_back(l.rssMiB);
        launches.push_back(l);
    }
};

// Where zerg's time to first frame goes, from its startup-step lines: per step the medians over
// the launches of the time it took (since the step before), of when it ended (since main()) and
// of the resident memory then. "before main()" is the launch's wall time less the first frame's
// time since main(): starting the process, the dynamic linker and static initialisers.
void printSteps(const char* title, const Series& series) {
    if (series.launches.empty() || series.launches.front().steps.empty())
        return;
    std::printf("%s\n", title);
    std::printf("  %-28s %10s %12s %10s\n", "step", "took (ms)", "at (ms)", "RSS (MiB)");
    std::vector<double> beforeMain;
    for (const Launch& l : series.launches) {
        if (!l.steps.empty())
            beforeMain.push_back(l.ms - l.steps.back().ms);
    }
    std::printf("  %-28s %10.1f %12s %10s\n", "before main()", median(beforeMain), "", "");
    const std::vector<Step>& first = series.launches.front().steps;
    for (std::size_t i = 0; i < first.size(); ++i) {
        std::vector<double> took;
        std::vector<double> at;
        std::vector<double> rss;
        for (const Launch& l : series.launches) {
            if (l.steps.size() != first.size() || l.steps[i].name != first[i].name)
                continue;
            took.push_back(l.steps[i].ms - (i > 0 ? l.steps[i - 1].ms : 0.0));
            at.push_back(l.steps[i].ms);
            rss.push_back(l.steps[i].rssMiB);
        }
        if (took.empty())
            continue;
        std::printf("  %-28s %10.1f %12.1f %10.1f\n", qPrintable(first[i].name), median(took),
                    median(at), median(rss));
    }
}

void printSeries(const char* name, const std::vector<double>& v, const char* unit) {
    std::vector<double> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    std::printf("  %-50s median %7.1f %s   min %7.1f   max %7.1f   (n=%zu)\n", name, median(v),
                unit, sorted.front(), sorted.back(), v.size());
}

// Prints one line of the table and returns it as the suite's figure.
Figure row(const QString& figure, double ours, double reference, const char* unit,
           const QString& referenceName, double target, const QString& note) {
    const double ratio = ours / reference;
    const bool hasTarget = target > 0;
    std::printf("  %-40s %9.1f %-3s %9.1f %-3s %6.2fx   %-7s %s\n", qPrintable(figure), ours, unit,
                reference, unit, ratio,
                hasTarget ? qPrintable(QStringLiteral("<= %1x").arg(target)) : "-",
                hasTarget ? (ratio <= target ? "met" : "NOT met") : "");
    Figure f;
    f.section = QStringLiteral("Start-up");
    f.figure = figure;
    f.ours = ours;
    f.unit = QString::fromLatin1(unit);
    f.reference = reference;
    f.referenceName = referenceName;
    f.note = note;
    if (hasTarget) {
        f.target = QStringLiteral("≤ %1×").arg(target);
        f.met = ratio <= target;
    }
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed stdout (| head) must not skip the clean-up
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
    const QString bin = QCoreApplication::applicationDirPath();
    const QString zerg = bin + QStringLiteral("/zerg");
    const QString baseline = bin + QStringLiteral("/zerg-bench-baseline");
    for (const QString& program : {zerg, baseline}) {
        if (!QFileInfo(program).isExecutable()) {
            die(QStringLiteral("%1 is missing: build the targets zerg and zerg-bench-baseline "
                               "(cmake --build BUILD --target zerg zerg-bench-baseline).")
                    .arg(program));
        }
    }

    QTemporaryDir root;
    if (!root.isValid())
        die(QStringLiteral("cannot create a temporary folder: %1").arg(root.errorString()));
    temporaryFolders().append(root.path());
    const QString home = root.filePath(QStringLiteral("home"));
    // The seeded folder lives in memory (/dev/shm) where there is one (see the top).
    const bool shm = QFileInfo(QStringLiteral("/dev/shm")).isWritable();
    QTemporaryDir seedRoot(
        shm ? QStringLiteral("/dev/shm/zerg-bench-startup-XXXXXX")
            : QDir::temp().filePath(QStringLiteral("zerg-bench-startup-XXXXXX")));
    if (!seedRoot.isValid())
        die(QStringLiteral("cannot create a temporary folder: %1").arg(seedRoot.errorString()));
    const QString seeded = seedRoot.filePath(QStringLiteral("data-10k"));
    temporaryFolders().append(seedRoot.path());
    QDir().mkpath(home + QStringLiteral("/runtime"));
    QFile::setPermissions(home + QStringLiteral("/runtime"),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

    std::printf("zerg-bench-startup (%s build), %d rounds, offscreen, QT_QUICK_BACKEND=software\n",
                ZERG_BUILD_TYPE, runs);
    QElapsedTimer seeding;
    seeding.start();
    seedWorkers(seeded);
    std::printf("seeded %d workers in %d runs through Store and ArtifactStore in %.1f s (%s)\n\n",
                kWorkers, kRuns, msSince(seeding) / 1000.0, qPrintable(seedRoot.path()));
    std::fflush(stdout);

    int fresh = 0;  // a new empty data folder per launch
    const auto emptyFolder = [&] { return root.filePath(QStringLiteral("empty-%1").arg(++fresh)); };
    const QStringList none;
    const QByteArray frame = "first-frame rss_kib=";
    const auto baselineFrame = [&] {
        QProcessEnvironment env = isolated(home, emptyFolder());
        env.insert(QStringLiteral("ZERG_BENCH_FIRST_FRAME"), QStringLiteral("1"));
        return launch(baseline, none, env, frame, false);
    };
    const auto zergFrame = [&](const QString& dataDir) {
        QProcessEnvironment env = isolated(home, dataDir);
        env.insert(QStringLiteral("ZERG_BENCH_FIRST_FRAME"), QStringLiteral("1"));
        return launch(zerg, none, env, frame, false);
    };
    const auto zergServe = [&] {
        const QString listen = QStringLiteral("127.0.0.1:%1").arg(freeLoopbackPort());
        return launch(zerg, {QStringLiteral("serve"), QStringLiteral("--listen"), listen},
                      isolated(home, emptyFolder()), "listening on", true);
    };
    const auto baselineServe = [&] {
        return launch(baseline, {QStringLiteral("--ws"), QString::number(freeLoopbackPort())},
                      isolated(home, emptyFolder()), "listening on", true);
    };

    // Warm-up, not counted.
    baselineFrame();
    zergFrame(emptyFolder());
    zergFrame(seeded);
    baselineServe();
    zergServe();

    Series base;
    Series empty;
    Series full;
    for (int i = 0; i < runs; ++i) {
        for (int k = 0; k < 3; ++k) {
            switch ((i + k) % 3) {
                case 0:
                    base.add(baselineFrame());
                    break;
                case 1:
                    empty.add(zergFrame(emptyFolder()));
                    break;
                default:
                    full.add(zergFrame(seeded));
            }
        }
    }
    // For scale: process start and linking alone.
    Series version;
    for (int i = 0; i < runs; ++i)
        version.add(launch(zerg, {QStringLiteral("--version")}, isolated(home, emptyFolder()),
                           "zerg ", false));
    Series serveBase;
    Series serve;
    for (int i = 0; i < runs; ++i) {
        if (i % 2 == 0) {
            serveBase.add(baselineServe());
            serve.add(zergServe());
        } else {
            serve.add(zergServe());
            serveBase.add(baselineServe());
        }
    }

    std::printf("time to first frame (process start to the first frameSwapped)\n");
    printSeries("bare Qt Quick window (zerg-bench-baseline)", base.ms, "ms");
    printSeries("zerg, empty data folder", empty.ms, "ms");
    printSeries("zerg, 10,000 workers", full.ms, "ms");
    printSeries("for scale: zerg --version (start, link, exit)", version.ms, "ms");
    std::printf("resident memory at first frame (VmRSS)\n");
    printSeries("bare Qt Quick window (zerg-bench-baseline)", base.rssMiB, "MiB");
    printSeries("zerg, empty data folder", empty.rssMiB, "MiB");
    printSeries("zerg, 10,000 workers", full.rssMiB, "MiB");
    printSteps("where zerg's first frame waits, empty data folder (medians)", empty);
    printSteps("where zerg's first frame waits, 10,000 workers (medians)", full);
    std::printf("ready to accept connections (process start to the \"listening on\" line)\n");
    printSeries("bare QWebSocketServer (zerg-bench-baseline --ws)", serveBase.ms, "ms");
    printSeries("zerg serve, empty data folder", serve.ms, "ms");

    const QString window = QStringLiteral("bare Qt Quick window");
    std::printf("\n  %-40s %13s %13s %7s   %-7s %s\n", "figure (medians)", "zerg", "reference",
                "ratio", "target", "verdict");
    const QString how =
        QStringLiteral("median of %1 launches each, offscreen, Qt Quick software renderer")
            .arg(runs);
    std::vector<Figure> figures;
    figures.push_back(row(QStringLiteral("time to first frame, empty store"), median(empty.ms),
                          median(base.ms), "ms", window, 1.3, how));
    figures.push_back(row(QStringLiteral("time to first frame, 10,000 workers"), median(full.ms),
                          median(base.ms), "ms", window, 1.3, how));
    figures.push_back(row(QStringLiteral("memory at first frame, empty store"),
                          median(empty.rssMiB), median(base.rssMiB), "MiB", window, 1.5, how));
    figures.push_back(row(QStringLiteral("memory at first frame, 10,000 workers"),
                          median(full.rssMiB), median(base.rssMiB), "MiB", window, 1.5, how));
    figures.push_back(
        row(QStringLiteral("zerg serve ready"), median(serve.ms), median(serveBase.ms), "ms",
            QStringLiteral("bare QWebSocketServer"), 0,
            QStringLiteral("median of %1 launches each, empty data folder").arg(runs)));
    std::printf("\n");
    for (const Figure& f : figures)
        zerg::bench::report(f);
    return 0;
}
