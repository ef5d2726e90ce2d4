#pragma once

#include <functional>

namespace zerg {

// Turns SIGINT and SIGTERM into a call on the event loop (a self-pipe and a QSocketNotifier),
// so the app can stop its runs and threads cleanly instead of dying mid-write.
void onTerminationSignal(std::function<void()> handler);

}  // namespace zerg
