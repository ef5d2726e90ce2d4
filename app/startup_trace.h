#pragma once

// What the window's first frame waits for, step by step (zerg-bench-startup prints the
// breakdown). When ZERG_BENCH_FIRST_FRAME=1, each mark() prints
//   startup-step NAME ms=T rss_kib=R
// to stdout: T the milliseconds since main() began, R the resident memory then. Otherwise
// mark() does nothing but read one flag.
namespace zerg::startup {

// The start of the clock: the first thing main() does.
void begin();
// One step done (name: a word without spaces, a string literal).
void mark(const char* name);
// Whether the bench asked for the marks (ZERG_BENCH_FIRST_FRAME=1).
[[nodiscard]] bool tracing();

}  // namespace zerg::startup
