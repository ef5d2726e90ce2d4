#pragma once

// Shared by the fuzz targets: where to cut an input into two feeds, and how to fail loudly.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace zerg::fuzz {

// A cut point derived from the input itself (FNV-1a), so that seed files from the fixtures are
// used as they are (no header bytes) and every mutation also moves the cut.
inline size_t cutPoint(const uint8_t* data, size_t size) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i)
        h = (h ^ data[i]) * 16777619u;
    return size == 0 ? 0 : h % (size + 1);
}

// Reports a broken invariant and aborts, which libFuzzer records as a crash with the input.
[[noreturn]] inline void fail(const char* what, int line) {
    std::fprintf(stderr, "fuzz invariant broken (line %d): %s\n", line, what);
    std::abort();
}

}  // namespace zerg::fuzz

#define ZERG_FUZZ_CHECK(cond)                    \
    do {                                         \
        if (!(cond))                             \
            ::zerg::fuzz::fail(#cond, __LINE__); \
    } while (false)
