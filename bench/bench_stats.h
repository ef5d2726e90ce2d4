#pragma once

// Small helpers shared by the benchmarks: order statistics of a sample of durations, and the
// machine-readable figure lines that scripts/bench gathers into one table.
#include "core/process_memory.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <optional>
#include <vector>

namespace zerg::bench {

struct Stats {
    double median = 0;
    double p95 = 0;
    double p99 = 0;
    double mean = 0;
};

inline Stats stats(std::vector<double> ms) {
    Stats s;
    if (ms.empty())
        return s;
    std::sort(ms.begin(), ms.end());
    auto at = [&ms](double q) {
        return ms[std::min(ms.size() - 1, size_t(double(ms.size()) * q))];
    };
    s.median = ms[ms.size() / 2];
    s.p95 = at(0.95);
    s.p99 = at(0.99);
    for (double v : ms)
        s.mean += v;
    s.mean /= double(ms.size());
    return s;
}

inline double median(std::vector<double> v) {
    return stats(std::move(v)).median;
}

inline double msSince(const QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}

// CPU time this process has used so far (all its threads), in microseconds.
inline double processCpuUs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

// Resident set size of this process in MiB (0 where there is no /proc).
inline double rssMiB() {
    return double(residentMemoryKib()) / 1024.0;
}

// One row of the suite's table (scripts/bench, docs/performance.md). `section` groups rows (the
// issue's numbered figures: "Start-up", "Supervision", ...). `reference` is the value of the
// reference measured in the same run (unset: the figure has an absolute target only); the ratio
// printed is ours / reference. `met` is the verdict against `target`, decided by the benchmark
// that knows which direction is better (unset: no target).
struct Figure {
    QString section;
    QString figure;
    double ours = 0;
    QString unit;
    std::optional<double> reference;
    QString referenceName;
    QString target;
    std::optional<bool> met;
    QString note;
};

// Prints the figure as one line "@figure {json}" on stdout, after the benchmark's own text.
inline void report(const Figure& f) {
    QJsonObject o{{QStringLiteral("section"), f.section},
                  {QStringLiteral("figure"), f.figure},
                  {QStringLiteral("ours"), std::isfinite(f.ours) ? f.ours : 0.0},
                  {QStringLiteral("unit"), f.unit}};
    if (f.reference && std::isfinite(*f.reference)) {
        o.insert(QStringLiteral("reference"), *f.reference);
        o.insert(QStringLiteral("reference_name"), f.referenceName);
    }
    if (!f.target.isEmpty())
        o.insert(QStringLiteral("target"), f.target);
    if (f.met)
        o.insert(QStringLiteral("met"), *f.met);
    if (!f.note.isEmpty())
        o.insert(QStringLiteral("note"), f.note);
    std::printf("@figure %s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
    std::fflush(stdout);
}

}  // namespace zerg::bench
