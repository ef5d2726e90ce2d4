#include "startup_trace.h"

#include "core/process_memory.h"

#include <QElapsedTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace zerg::startup {
namespace {

QElapsedTimer& clock() {
    static QElapsedTimer timer;
    return timer;
}

}  // namespace

bool tracing() {
    static const bool on = [] {
        const char* v = std::getenv("ZERG_BENCH_FIRST_FRAME");
        return v && std::strcmp(v, "1") == 0;
    }();
    return on;
}

void begin() {
    clock().start();
}

void mark(const char* name) {
    if (!tracing() || !clock().isValid())
        return;
    std::printf("startup-step %s ms=%.2f rss_kib=%lld\n", name, clock().nsecsElapsed() / 1e6,
                static_cast<long long>(residentMemoryKib()));
    std::fflush(stdout);
}

}  // namespace zerg::startup
