// zerg-bench-artifacts: the two storage reads a user waits on, at a scale well past a busy year:
//
//   list_workers   Store::listJobs(owner, 50) over 100,000 worker_jobs rows: the newest 50, once
//                  without and once with a status filter. N calls each; median and p99.
//   grep_workers   grepWorkers (literal, case-insensitive) over 10,000 worker folders written by
//                  ArtifactStore, next to `grep -r -i -n` and `rg -i -n` on the same folder. One
//                  warm-up and R timed runs each; median wall time, the ratios the issue sets as
//                  targets (faster than grep -r, within 2x ripgrep) and the match counts, which
//                  must agree.
//
// Everything lives in a temporary folder that is removed at exit. ripgrep is optional ("rg: not
// installed"). rg searches with several threads; grepWorkers and grep use one.
//
// Usage: zerg-bench-artifacts [N] [R]   (defaults: 200, 5)
#include "bench_stats.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <tuple>
#include <vector>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::stats;
using zerg::bench::Stats;

namespace {

constexpr qint64 kOwner = 1;
constexpr int kJobRows = 100000;
constexpr int kWorkers = 10000;
constexpr int kNeedleEvery = 100;  // one worker in a hundred holds the needle
// Written in one case, searched in another: the searches must fold case.
const QString kNeedleWritten = QStringLiteral("zxq-OOM-Sentinel-4417");
const QString kNeedleSearched = QStringLiteral("ZXQ-oom-SENTINEL-4417");

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-artifacts: %s\n", qPrintable(why));
    std::exit(1);
}

// ---- list_workers ----------------------------------------------------------------------------

// 100,000 jobs of one owner, one second apart, in one transaction through one prepared
// statement (the Store API would prepare each row again; only the read is measured here).
void fillJobs(Database& db, Store& store, const QDateTime& base) {
    if (Status s = store.ensureOwner(kOwner, QStringLiteral("bench"), base); !s)
        die(s.error().message);
    QSqlDatabase conn = db.connection();
    if (!conn.transaction())
        die(conn.lastError().text());
    QSqlQuery q(conn);
    if (!q.prepare(QStringLiteral(
            "INSERT INTO worker_jobs (owner_id, task, model, status, worker_id, error, "
            "created_at, started_at, finished_at, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
            "?, ?)"))) {
        die(q.lastError().text());
    }
    for (int i = 0; i < kJobRows; ++i) {
        // Mostly success; 5% failed, 2% still running: the filtered query must skip rows.
        const QString status = i % 20 == 0   ? QStringLiteral("failed")
                               : i % 50 == 1 ? QStringLiteral("running")
                                             : QStringLiteral("success");
        const QDateTime created = base.addSecs(i);
        const QDateTime finished = created.addSecs(42);
        q.addBindValue(kOwner);
        q.addBindValue(QStringLiteral("check disk usage on host-%1 and report").arg(i % 300));
        q.addBindValue(QStringLiteral("gpt-5-mini"));
        q.addBindValue(status);
        q.addBindValue(QStringLiteral("%1_check-disk-%2").arg(timefmt::toIso(created)).arg(i));
        q.addBindValue(status == QStringLiteral("failed") ? QVariant(QStringLiteral("ssh: timeout"))
                                                          : QVariant());
        q.addBindValue(timefmt::toIso(created));
        q.addBindValue(timefmt::toIso(created.addSecs(1)));
        q.addBindValue(status == QStringLiteral("running") ? QVariant()
                                                           : QVariant(timefmt::toIso(finished)));
        q.addBindValue(status == QStringLiteral("running") ? QVariant() : QVariant(41000));
        if (!q.exec())
            die(q.lastError().text());
    }
    if (!conn.commit())
        die(conn.lastError().text());
}

Stats timeListJobs(Store& store, int n, std::optional<JobStatus> filter) {
    std::vector<double> ms;
    ms.reserve(size_t(n));
    for (int i = 0; i < n + 1; ++i) {  // the first call warms the statement and the page cache
        QElapsedTimer t;
        t.start();
        auto jobs = store.listJobs(kOwner, 50, filter);
        const double elapsed = msSince(t);
        if (!jobs)
            die(jobs.error().message);
        if (jobs.value().size() != 50)
            die(QStringLiteral("listJobs returned %1 rows, expected 50").arg(jobs.value().size()));
        if (i > 0)
            ms.push_back(elapsed);
    }
    return stats(ms);
}

// ---- grep_workers ----------------------------------------------------------------------------

// Replaces "%1" (when present) with the number: not every template has one.
QString fill(const char* text, int number) {
    return QString::fromLatin1(text).replace(QStringLiteral("%1"), QString::number(number));
}

// About 2 KB of what `df -h; journalctl -n 20` prints on a server, varied per worker so that
// no two files are alike.
QByteArray toolOutput(int w, bool withNeedle) {
    QString out = QStringLiteral("$ df -h\nFilesystem      Size  Used Avail Use% Mounted on\n");
    const char* mounts[] = {"/", "/boot", "/var", "/home", "/srv/data"};
    for (int m = 0; m < 5; ++m) {
        const int used = (w * 7 + m * 13) % 97;
        out += QStringLiteral("/dev/sda%1       %2G   %3G   %4G  %5% %6\n")
                   .arg(m + 1)
                   .arg(20 + m * 30)
                   .arg(used % (20 + m * 30))
                   .arg(20 + m * 30 - used % (20 + m * 30))
                   .arg(used)
                   .arg(QLatin1String(mounts[m]));
    }
    out += QStringLiteral("$ journalctl -n 20 --no-pager\n");
    const char* units[] = {"systemd[1]", "sshd[%1]", "kernel", "cron[%1]", "dockerd[%1]"};
    const char* messages[] = {
        "Started Session %1 of user deploy.",
        "Accepted publickey for deploy from 10.0.%1.4 port 51234 ssh2",
        "EXT4-fs (sda3): mounted filesystem with ordered data mode. Opts: (null)",
        "(root) CMD (/usr/local/bin/backup.sh >/dev/null 2>&1)",
        "level=info msg=\"container %1 health check passed\"",
        "Reached target Timers.",
        "Failed to start apt-daily.service: Unit is masked.",
    };
    const int lines = withNeedle ? 17 : 18;
    for (int l = 0; l < lines; ++l) {
        const int k = (w + l * 3) % 7;
        out += QStringLiteral("Nov %1 %2:%3:%4 host-%5 %6: %7\n")
                   .arg(1 + w % 28, 2, 10, QLatin1Char('0'))
                   .arg(l % 24, 2, 10, QLatin1Char('0'))
                   .arg((w + l) % 60, 2, 10, QLatin1Char('0'))
                   .arg((w * 11 + l) % 60, 2, 10, QLatin1Char('0'))
                   .arg(w % 300)
                   .arg(fill(units[l % 5], 1000 + w + l))
                   .arg(fill(messages[k], w + l));
    }
    if (withNeedle) {
        out += QStringLiteral(
                   "Nov 21 06:12:01 host-%1 kernel: %2 triggered: killed process %3 "
                   "(java) total-vm:8123456kB\n")
                   .arg(w % 300)
                   .arg(kNeedleWritten)
                   .arg(4000 + w);
    }
    return out.toUtf8();
}

void fillWorkers(ArtifactStore& artifacts, const QDateTime& base) {
    for (int w = 0; w < kWorkers; ++w) {
        const QDateTime now = base.addSecs(w * 60);
        const QString task = QStringLiteral("check disk usage on host-%1").arg(w % 300);
        auto id = artifacts.createWorker(kOwner, task, now, {{"model", "gpt-5-mini"}});
        if (!id)
            die(id.error().message);
        const QString worker = id.value();
        const bool needle = w % kNeedleEvery == 37;
        const QJsonObject lines[] = {
            {{"role", "system"}, {"content", "You are a worker. Use ssh_exec to inspect hosts."}},
            {{"role", "user"}, {"content", task}},
            {{"role", "assistant"},
             {"content", ""},
             {"tool_calls",
              QStringLiteral("ssh_exec host-%1 'df -h; journalctl -n 20'").arg(w % 300)}},
            {{"role", "tool"}, {"content", "(see tool_calls/001_ssh_exec.txt)"}},
            {{"role", "assistant"}, {"content", "Disk usage is below 90% on every mount."}},
        };
        for (const QJsonObject& line : lines) {
            if (Status s = artifacts.appendThreadMessage(worker, line); !s)
                die(s.error().message);
        }
        if (auto s = artifacts.saveToolCall(worker, 1, QStringLiteral("ssh_exec"),
                                            toolOutput(w, needle));
            !s) {
            die(s.error().message);
        }
        if (Status s = artifacts.saveResult(
                worker,
                QStringLiteral("host-%1: disk usage below 90% on all mounts.\n").arg(w % 300));
            !s) {
            die(s.error().message);
        }
        if (Status s = artifacts.completeWorker(worker, QStringLiteral("success"), now.addSecs(42));
            !s) {
            die(s.error().message);
        }
    }
}

struct Timed {
    double medianMs = 0;
    qsizetype matches = -1;
};

Timed timeOurs(const QString& root, int runs) {
    GrepOptions o;
    o.ownerId = kOwner;
    o.pattern = kNeedleSearched;
    o.limit = 10000;
    std::vector<double> ms;
    qsizetype matches = -1;
    for (int i = 0; i < runs + 1; ++i) {  // one warm-up
        QElapsedTimer t;
        t.start();
        auto report = grepWorkers(root, o);
        const double elapsed = msSince(t);
        if (!report)
            die(report.error().message);
        if (report.value().truncated)
            die(QStringLiteral("grepWorkers hit the limit; raise it"));
        matches = report.value().matches.size();
        if (i > 0)
            ms.push_back(elapsed);
    }
    return {stats(ms).median, matches};
}

// Runs the program `runs` + 1 times (one warm-up); the output is read only to count its lines.
Timed timeProcess(const QString& program, const QStringList& args, int runs) {
    std::vector<double> ms;
    qsizetype matches = -1;
    for (int i = 0; i < runs + 1; ++i) {
        QProcess p;
        p.setStandardErrorFile(QProcess::nullDevice());
        QElapsedTimer t;
        t.start();
        p.start(program, args);
        if (!p.waitForStarted(-1))
            die(QStringLiteral("%1 did not start: %2").arg(program, p.errorString()));
        p.waitForFinished(-1);
        const double elapsed = msSince(t);
        // Exit code 1 means "no match", which is still a result to compare.
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() > 1)
            die(QStringLiteral("%1 failed (exit code %2)").arg(program).arg(p.exitCode()));
        matches = p.readAllStandardOutput().count('\n');
        if (i > 0)
            ms.push_back(elapsed);
    }
    return {stats(ms).median, matches};
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int n = args.size() > 1 ? args.at(1).toInt() : 200;
    const int runs = args.size() > 2 ? args.at(2).toInt() : 5;
    if (n < 1 || runs < 1)
        die(QStringLiteral("usage: zerg-bench-artifacts [N >= 1] [R >= 1]"));

    QTemporaryDir tmp;
    if (!tmp.isValid())
        die(QStringLiteral("no temp folder: %1").arg(tmp.errorString()));
    const QDateTime base(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);

#ifdef ZERG_BUILD_TYPE
    std::printf("zerg-bench-artifacts (%s build), data in %s\n", ZERG_BUILD_TYPE,
                qPrintable(tmp.path()));
#endif

    // list_workers
    auto db = Database::open(tmp.filePath(QStringLiteral("zerg.db")), base);
    if (!db)
        die(db.error().message);
    Store store(db.value().get());
    QElapsedTimer setup;
    setup.start();
    fillJobs(*db.value(), store, base);
    std::printf("\ninserted %d worker_jobs rows in %.0f ms\n", kJobRows, msSince(setup));
    const Stats all = timeListJobs(store, n, std::nullopt);
    const Stats failed = timeListJobs(store, n, JobStatus::Failed);
    const Stats running = timeListJobs(store, n, JobStatus::Running);

    std::printf("\nlist_workers: Store::listJobs(owner, 50) over %d rows, %d calls each\n",
                kJobRows, n);
    std::printf("  %-34s %10s %10s\n", "", "median", "p99");
    std::printf("  %-34s %7.3f ms %7.3f ms\n", "no status filter", all.median, all.p99);
    std::printf("  %-34s %7.3f ms %7.3f ms\n", "status = failed (5% of rows)", failed.median,
                failed.p99);
    std::printf("  %-34s %7.3f ms %7.3f ms\n", "status = running (2% of rows)", running.median,
                running.p99);

    // grep_workers
    const QString root = tmp.filePath(QStringLiteral("workers"));
    ArtifactStore artifacts(root);
    setup.restart();
    fillWorkers(artifacts, base);
    std::printf("\nwrote %d worker folders (4 files each, needle in 1%%) in %.0f ms\n", kWorkers,
                msSince(setup));

    const Timed ours = timeOurs(root, runs);
    const QString grepPath = QStandardPaths::findExecutable(QStringLiteral("grep"));
    const QString rgPath = QStandardPaths::findExecutable(QStringLiteral("rg"));
    std::optional<Timed> grep;
    std::optional<Timed> rg;
    if (!grepPath.isEmpty()) {
        grep = timeProcess(grepPath,
                           {QStringLiteral("-r"), QStringLiteral("-i"), QStringLiteral("-n"),
                            kNeedleSearched, root},
                           runs);
    }
    if (!rgPath.isEmpty()) {
        rg = timeProcess(rgPath,
                         {QStringLiteral("-i"), QStringLiteral("-n"), kNeedleSearched, root}, runs);
    }

    std::printf("\ngrep_workers: literal, case-insensitive, %d workers, %d runs after a warm-up\n",
                kWorkers, runs);
    std::printf("  %-22s %12s %8s %10s\n", "", "median", "matches", "ours/x");
    std::printf("  %-22s %9.1f ms %8lld\n", "grepWorkers", ours.medianMs,
                static_cast<long long>(ours.matches));
    const auto row = [&](const char* name, const std::optional<Timed>& x) {
        if (!x) {
            std::printf("  %-22s not installed\n", name);
            return;
        }
        std::printf("  %-22s %9.1f ms %8lld %9.2fx\n", name, x->medianMs,
                    static_cast<long long>(x->matches), ours.medianMs / x->medianMs);
    };
    row("grep -r -i -n", grep);
    row("rg -i -n", rg);
    const qsizetype expected = kWorkers / kNeedleEvery;
    for (const auto& [name, x] : {std::pair{"grepWorkers", std::optional<Timed>(ours)},
                                  std::pair{"grep", grep}, std::pair{"rg", rg}}) {
        if (x && x->matches != expected) {
            std::printf("  WARNING: %s found %lld matches, expected %lld\n", name,
                        static_cast<long long>(x->matches), static_cast<long long>(expected));
        }
    }

    std::printf("\nTargets (medians):\n");
    if (grep) {
        const double r = ours.medianMs / grep->medianMs;
        std::printf("  grepWorkers / grep -r = %.2fx   (target < 1x)    %s\n", r,
                    r < 1 ? "met" : "NOT met");
    } else {
        std::printf("  grep: not installed\n");
    }
    if (rg) {
        const double r = ours.medianMs / rg->medianMs;
        std::printf("  grepWorkers / rg      = %.2fx   (target <= 2x)   %s\n", r,
                    r <= 2 ? "met" : "NOT met");
    } else {
        std::printf("  rg: not installed\n");
    }

    using zerg::bench::Figure;
    const QString section = QStringLiteral("Artifacts");
    const QString listTarget = QStringLiteral("< 20 ms");
    const QLocale english(QLocale::English);  // 100,000
    for (const auto& [name, s] :
         {std::pair{QStringLiteral("list_workers over %1 workers, p99"), all},
          std::pair{QStringLiteral("list_workers over %1 workers, status filter, p99"), failed}}) {
        zerg::bench::report(Figure{section,
                                   name.arg(english.toString(kJobRows)),
                                   s.p99,
                                   QStringLiteral("ms"),
                                   {},
                                   {},
                                   listTarget,
                                   s.p99 < 20});
    }
    const QString grepName =
        QStringLiteral("grep_workers over %1 workers, median").arg(english.toString(kWorkers));
    for (const auto& [refName, x, limit] :
         {std::tuple{QStringLiteral("GNU grep -r -i -n"), grep, 1.0},
          std::tuple{QStringLiteral("ripgrep -i -n"), rg, 2.0}}) {
        Figure f{section, grepName, ours.medianMs, QStringLiteral("ms")};
        f.referenceName = refName;
        if (x) {
            f.reference = x->medianMs;
            f.target = limit < 2 ? QStringLiteral("< 1×") : QStringLiteral("≤ 2×");
            f.met = limit < 2 ? ours.medianMs < x->medianMs : ours.medianMs <= 2 * x->medianMs;
        } else {
            f.note = QStringLiteral("%1 is not installed").arg(refName);
        }
        zerg::bench::report(f);
    }
    return 0;
}
