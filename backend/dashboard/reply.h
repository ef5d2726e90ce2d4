#pragma once

#include "core/result.h"

#include <functional>

namespace zerg {

// How every dashboard source answers: each read or action takes (…, QObject* context,
// SourceReply<T> done) and calls done once, on context's thread, never once context is gone.
// A local source (over the Store) may call it before the call returns; a remote source (over
// `zerg serve`) calls it when the server's reply arrives. A model therefore never assumes
// either: it starts a request, and applies the answer when it comes, ignoring an answer that
// is no longer wanted (it keeps a generation number per kind of request).
template <typename T>
using SourceReply = std::function<void(Result<T>)>;

}  // namespace zerg
