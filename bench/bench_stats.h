#pragma once

// Small helpers shared by the benchmarks: order statistics of a sample of durations.
#include <QElapsedTimer>

#include <algorithm>
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

inline double msSince(const QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}

}  // namespace zerg::bench
